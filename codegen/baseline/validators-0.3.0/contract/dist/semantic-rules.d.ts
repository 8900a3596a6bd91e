// Generated from generated/ts/src/semantic-rules.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

import type { PrepareContextRequest, PreparedContext, PreparedContextReceipt, SelectedItem } from "./types.js";
/** One broken rule: where (a JSON Pointer into the message) and which rule. Never a value. */
export interface Violation {
    readonly path: string;
    readonly rule: string;
}
/** The semantic rule ids, with what each one says; identical to gate.SEMANTIC_RULES. */
export declare const SEMANTIC_RULES: {
    readonly content_bytes_utf8: "content_bytes equals the UTF-8 length of content";
    readonly content_within_max_bytes: "content_bytes does not exceed the request's max_bytes";
    readonly reason_requires_explain: "reason appears only when the request set explain";
    readonly receipt_requires_flag: "receipt appears only when the request set include_receipt to true";
    readonly receipt_requested_max_bytes: "requested_max_bytes equals the request's max_bytes";
    readonly receipt_used_bytes: "used_bytes equals content_bytes and does not exceed requested_max_bytes";
    readonly receipt_content_digest: "content_digest is the sha256 of the UTF-8 bytes of content";
    readonly receipt_truncated: "truncated is true iff a selected item is truncated";
    readonly receipt_size: "the serialized Receipt is at most 8192 UTF-8 bytes";
    readonly receipt_non_deterministic: "non_deterministic is true when a model-backed rerank configuration ran";
    readonly selected_kind_family: "a history item's kind equals its artifact family";
    readonly selected_identity_unique: "no identity is selected twice";
    readonly code_line_range: "end_line is not before start_line";
    readonly rounds_sequence: "rounds are numbered 0, 1, 2 in order; round 0 completed; only the last may have failed";
    readonly round_reference: "every search and rerank group names a round that exists";
    readonly searches_order: "search groups are unique and sorted by (round, family, mode, outcome, fallback_reason)";
    readonly rerank_config_id: "config_id equals config_digest";
    readonly rerank_configs_order: "rerank configs are unique and sorted by config_digest";
    readonly rerank_config_resolves: "every rerank group's config_id resolves to exactly one config";
    readonly rerank_config_used: "every rerank config is referenced by a rerank group";
    readonly reranks_order: "rerank groups are unique and sorted by (round, config_id, outcome, fallback_reason)";
    readonly rerank_prompt_version: "selected_version matches the built-in version or the prompt artifact revision";
    readonly rerank_prompt_scope: "a prompt artifact lives in the Scope the prompt was resolved for";
    readonly omitted_order: "omitted groups are unique and sorted by (family, reason)";
    readonly not_retrieved_exclusive: "a family flagged not_retrieved has no selected item and no other omission";
    readonly content_form: "a content with a Receipt is in a rendered form (JSON envelope or Markdown, code block)";
    readonly selected_cited: "selected names, in order, exactly the items content cites";
    readonly selected_rendered_bytes: "rendered_bytes is the UTF-8 size of the item's text in content";
    readonly selected_truncated_cited: "truncated is the truncation content states for the item";
    readonly stages_unique: "each stage appears once";
    readonly assembly_unique_families: "assembly sections name distinct families";
    readonly assembly_max_entries: "the sum of assembly section limits does not exceed the server's assembly_max_entries";
};
export type SemanticRule = keyof typeof SEMANTIC_RULES;
/** The most bytes a serialized Receipt may take. */
export declare const RECEIPT_MAX_BYTES = 8192;
/** The server's default assembly_max_entries (a server may raise it to 26). */
export declare const DEFAULT_ASSEMBLY_MAX_ENTRIES = 8;
type PathPart = string | number;
/** A JSON Pointer (RFC 6901) of path parts; "" is the whole message. */
export declare function pointer(parts: readonly PathPart[]): string;
/** The UTF-8 bytes of a string; a lone surrogate becomes U+FFFD, as TextEncoder does. */
export declare function utf8Encode(text: string): Uint8Array;
/** The UTF-8 length of a string, counted without encoding it. */
export declare function utf8Length(text: string): number;
/** SHA-256 of some bytes, as 64 lowercase hex digits (FIPS 180-4). */
export declare function sha256Hex(data: Uint8Array): string;
/** The prefixed digest form of the contract: "sha256:" + 64 lowercase hex. */
export declare function sha256Digest(text: string): string;
/**
 * The compact JSON the server sends (no spaces, non-ASCII unescaped) as far as a parsed value can
 * tell: an integral float the server wrote as "1.0" is 1 here, so the count can come out up to
 * two bytes short per such number, never long.
 */
export declare function wireJson(value: unknown): string;
/** The request rules beyond the schema (gate.check_prepare_request). */
export declare function checkRequestSemantics(request: PrepareContextRequest, assemblyMaxEntries?: number): Violation[];
/** What the request said, when known; null or undefined means "not known, not checked". */
export interface RequestFacts {
    readonly maxBytes?: number | null | undefined;
    readonly includeReceipt?: boolean | null | undefined;
    readonly explain?: boolean | null | undefined;
}
/** The response rules beyond the schema (gate.check_prepared_context). */
export declare function checkResponseSemantics(response: PreparedContext, facts: RequestFacts): Violation[];
/** A Receipt's selected against the items its content cites, in order (gate.check_cited). */
export declare function checkCited(content: string | null, selected: readonly SelectedItem[]): Violation[];
/** The response a Receipt describes. */
export interface ReceiptSubject {
    readonly content: string | null;
    readonly contentBytes: number;
    readonly maxBytes: number | null;
}
/** The Receipt rules beyond its schema (gate.check_receipt_semantics). */
export declare function checkReceiptSemantics(receipt: PreparedContextReceipt, subject: ReceiptSubject, base?: readonly PathPart[]): Violation[];
export {};
