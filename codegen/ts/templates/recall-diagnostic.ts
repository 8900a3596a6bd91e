// Python counterpart: src/pcreceipt/contract/diagnostic.py
// The host-side diagnostic of an empty or truncated recall: a record a host can log that says why
// an agent got nothing, or less than it asked for, without one byte of what was recalled. The
// same function as pcreceipt's Python recall_diagnostic, which the Python hosts' file
// (pcreceipt_host_validators.py) carries too: the same fields, the same values on the same
// response (tests/_support/recall_diagnostic.json holds all of them to it).

import { PreparedContext as responseSchema } from "./schema-validators.js";
import type { OmittedGroup, PrepareContextRequest, PreparedContext } from "./types.js";

/** One omitted group of the Receipt: a family, a reason and how many candidates. */
export interface RecallOmission {
  readonly family: OmittedGroup["family"];
  readonly reason: OmittedGroup["reason"];
  readonly count: number;
}

/**
 * Identifiers and counts only: never the content, the query or any body. receipt_id and
 * content_digest are null without a Receipt; so is fallbacks (unknown), and requested_max_bytes
 * then is the max_bytes the request stated (null when it stated none or was not given).
 */
export interface RecallDiagnostic {
  readonly receipt_id: string | null;
  readonly content_digest: string | null;
  readonly status: "ready" | "empty";
  /** status "empty", or a Receipt that selected nothing. */
  readonly empty: boolean;
  /** The Receipt says an item was cut to fit (false without a Receipt). */
  readonly truncated: boolean;
  readonly selected: number;
  readonly used_bytes: number;
  readonly requested_max_bytes: number | null;
  readonly omitted: readonly RecallOmission[];
  /** Search and rerank groups whose fallback_reason is not "none". */
  readonly fallbacks: number | null;
}

function statedMaxBytes(request: PrepareContextRequest | number | null | undefined): number | null {
  if (request === null || request === undefined) return null;
  const value = typeof request === "number" ? request : request.max_bytes;
  if (typeof request === "object" && value === undefined) return null;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new TypeError("request must be the prepare request body sent, its max_bytes, or null");
  }
  return value;
}

/**
 * A body-free record of an empty or truncated recall, for the host's log; null otherwise (and
 * null for a value that is not a schema-valid PreparedContext: validate it first). Without a
 * Receipt only an empty recall is reported.
 */
export function recallDiagnostic(
  value: unknown,
  request?: PrepareContextRequest | number | null,
): RecallDiagnostic | null {
  const stated = statedMaxBytes(request);
  if (!responseSchema(value)) return null;
  const response = value as PreparedContext;
  const receipt = response.receipt;
  if (receipt === undefined) {
    if (response.status !== "empty") return null;
    return {
      receipt_id: null,
      content_digest: null,
      status: response.status,
      empty: true,
      truncated: false,
      selected: 0,
      used_bytes: response.content_bytes,
      requested_max_bytes: stated,
      omitted: [],
      fallbacks: null,
    };
  }
  const empty = response.status === "empty" || receipt.selected.length === 0;
  if (!empty && !receipt.truncated) return null;
  const groups = [...receipt.retrieval.searches, ...receipt.retrieval.reranks];
  return {
    receipt_id: receipt.receipt_id,
    content_digest: receipt.content_digest,
    status: response.status,
    empty,
    truncated: receipt.truncated,
    selected: receipt.selected.length,
    used_bytes: receipt.used_bytes,
    requested_max_bytes: receipt.requested_max_bytes,
    omitted: receipt.omitted.map((g) => ({ family: g.family, reason: g.reason, count: g.count })),
    fallbacks: groups.filter((g) => g.fallback_reason !== "none").length,
  };
}
