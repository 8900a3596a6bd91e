// Generated from generated/ts/src/recall-diagnostic.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

// Python counterpart: src/pcreceipt/contract/diagnostic.py
// The host-side diagnostic of an empty or truncated recall: a record a host can log that says why
// an agent got nothing, or less than it asked for, without one byte of what was recalled. The
// same function as pcreceipt's Python recall_diagnostic, which the Python hosts' file
// (pcreceipt_host_validators.py) carries too: the same fields, the same values on the same
// response (tests/_support/recall_diagnostic.json holds all of them to it).
import { PreparedContext as responseSchema } from "./schema-validators.js";
function statedMaxBytes(request) {
    if (request === null || request === undefined)
        return null;
    const value = typeof request === "number" ? request : request.max_bytes;
    if (typeof request === "object" && value === undefined)
        return null;
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
export function recallDiagnostic(value, request) {
    const stated = statedMaxBytes(request);
    if (!responseSchema(value))
        return null;
    const response = value;
    const receipt = response.receipt;
    if (receipt === undefined) {
        if (response.status !== "empty")
            return null;
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
    if (!empty && !receipt.truncated)
        return null;
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
