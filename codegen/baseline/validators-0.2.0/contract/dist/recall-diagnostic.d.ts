// Generated from generated/ts/src/recall-diagnostic.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

import type { OmittedGroup, PrepareContextRequest } from "./types.js";
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
/**
 * A body-free record of an empty or truncated recall, for the host's log; null otherwise (and
 * null for a value that is not a schema-valid PreparedContext: validate it first). Without a
 * Receipt only an empty recall is reported.
 */
export declare function recallDiagnostic(value: unknown, request?: PrepareContextRequest | number | null): RecallDiagnostic | null;
