// Generated from generated/ts/src/validators.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

import { type RequestFacts, type Violation } from "./semantic-rules.js";
export interface ValidationResult {
    readonly ok: boolean;
    readonly violations: readonly Violation[];
}
/**
 * A PreparedContext against what the request said (null or undefined: not known, not checked).
 * The general form of the two validators below; use it when the request also sent explain.
 */
export declare function validatePreparedContextFor(value: unknown, facts: RequestFacts): ValidationResult;
/**
 * The strict default check every official host applies to a prepare response: exactly the keys
 * schema, status, content and content_bytes (a receipt or reason key fails), the schema string,
 * empty ⇒ content null and content_bytes 0, ready ⇒ non-blank content, content_bytes = the
 * UTF-8 length of content ≤ maxBytes (the max_bytes the host sent).
 */
export declare function validatePreparedContext(value: unknown, maxBytes: number): ValidationResult;
/**
 * For a host that sent include_receipt: true: the same rules, then the optional receipt (its
 * JSON Schema, then every Receipt rule: digests, byte counts, identities, ordering, size). A
 * response without a receipt is still valid (the server drops a Receipt it cannot build).
 */
export declare function validatePreparedContextWithReceipt(value: unknown, maxBytes: number): ValidationResult;
/** A prepare request body, with the server's assembly_max_entries (8 unless raised, at most 26). */
export declare function validatePrepareContextRequest(value: unknown, assemblyMaxEntries?: number): ValidationResult;
