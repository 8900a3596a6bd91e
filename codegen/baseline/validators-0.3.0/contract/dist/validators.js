// Generated from generated/ts/src/validators.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

// Python counterpart: src/pcreceipt/contract/gate.py
// Validators of the prepare messages: the JSON Schema check (ajv standalone code compiled at
// generation time, ./schema-validators.js) and then the semantic rules (./semantic-rules.ts),
// in that order, exactly as pcreceipt's Python gate does. Each returns {ok, violations}: a
// violation is a JSON Pointer into the message and a rule id (a JSON Schema keyword or a
// semantic rule id), never a value from the message, so it is safe to log.
//
// A host that does not ask for Receipts keeps validatePreparedContext. A host that sends
// include_receipt: true switches to validatePreparedContextWithReceipt in the same change.
import { PrepareContextRequest as requestSchema, PreparedContext as responseSchema, } from "./schema-validators.js";
import { checkRequestSemantics, checkResponseSemantics, DEFAULT_ASSEMBLY_MAX_ENTRIES, } from "./semantic-rules.js";
/**
 * Schema violations as (instance path, keyword). ajv and jsonschema-rs (the Python gate) name
 * the same keywords at the same instance paths; ajv additionally reports the failing branches
 * under oneOf/anyOf, and an "if" error beside every failed "then" — the "if" wrapper is dropped
 * (the "then" error it wraps is kept), duplicates are merged.
 */
function schemaViolations(validate, value) {
    if (validate(value))
        return [];
    const seen = new Set();
    const out = [];
    for (const error of validate.errors ?? []) {
        if (error.keyword === "if")
            continue;
        const key = `${error.instancePath}\u0000${error.keyword}`;
        if (seen.has(key))
            continue;
        seen.add(key);
        out.push({ path: error.instancePath, rule: error.keyword });
    }
    return out;
}
function result(violations) {
    return { ok: violations.length === 0, violations };
}
function requireMaxBytes(maxBytes) {
    if (!Number.isInteger(maxBytes) || maxBytes < 0) {
        throw new TypeError("maxBytes must be the non-negative integer max_bytes the request sent");
    }
}
/**
 * A PreparedContext against what the request said (null or undefined: not known, not checked).
 * The general form of the two validators below; use it when the request also sent explain.
 */
export function validatePreparedContextFor(value, facts) {
    const violations = schemaViolations(responseSchema, value);
    if (violations.length > 0)
        return result(violations);
    return result(checkResponseSemantics(value, facts));
}
/**
 * The strict default check every official host applies to a prepare response: exactly the keys
 * schema, status, content and content_bytes (a receipt or reason key fails), the schema string,
 * empty ⇒ content null and content_bytes 0, ready ⇒ non-blank content, content_bytes = the
 * UTF-8 length of content ≤ maxBytes (the max_bytes the host sent).
 */
export function validatePreparedContext(value, maxBytes) {
    requireMaxBytes(maxBytes);
    return validatePreparedContextFor(value, { maxBytes, includeReceipt: false, explain: false });
}
/**
 * For a host that sent include_receipt: true: the same rules, then the optional receipt (its
 * JSON Schema, then every Receipt rule: digests, byte counts, identities, ordering, size). A
 * response without a receipt is still valid (the server drops a Receipt it cannot build).
 */
export function validatePreparedContextWithReceipt(value, maxBytes) {
    requireMaxBytes(maxBytes);
    return validatePreparedContextFor(value, { maxBytes, includeReceipt: true, explain: false });
}
/** A prepare request body, with the server's assembly_max_entries (8 unless raised, at most 26). */
export function validatePrepareContextRequest(value, assemblyMaxEntries = DEFAULT_ASSEMBLY_MAX_ENTRIES) {
    const violations = schemaViolations(requestSchema, value);
    if (violations.length > 0)
        return result(violations);
    return result(checkRequestSemantics(value, assemblyMaxEntries));
}
