// Generated from generated/ts/src/citations.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

export declare const SEPARATOR = "\n\n";
export declare const CONTEXT_BEGIN = "BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1";
export declare const CONTEXT_END = "END_POWERCONTEXT_PREPARED_CONTEXT_V1";
export declare const TEXT_BEGIN = "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1";
export declare const TEXT_END = "END_POWERCONTEXT_PREPARED_TEXT_V1";
export declare const CODE_BEGIN = "BEGIN_POWERCONTEXT_CODE_V1";
export declare const CODE_END = "END_POWERCONTEXT_CODE_V1";
export declare const METADATA_INDENT = "    ";
export declare const BODY_PREFIX = ">     ";
export declare const CODE_INDENT = "    ";
export declare const UNASSESSED_CONFIDENCE = "unknown (not assessed)";
export declare const SECTION_TITLES: Readonly<Record<string, string>>;
export declare const CODE_CITATION_KEYS: readonly ["scope_id", "fingerprint", "path", "file_sha256", "start_line", "end_line", "snippet_sha256", "checked_at", "truncated"];
/** One item of a rendered content (scopeId null: an envelope artifact_ref, the current Scope). */
export interface CitedItem {
    readonly form: "envelope" | "markdown" | "code";
    readonly kind: string;
    readonly scopeId: string | null;
    readonly artifact: readonly [string, string, number] | null;
    readonly code: Readonly<Record<string, unknown>> | null;
    readonly text: string;
    readonly truncated: boolean;
    readonly body: string;
}
/** The envelope's JSON: compact, raw UTF-8, the three line-boundary characters escaped. */
export declare function envelopeJson(value: unknown): string;
/** Compact JSON with every character outside space..~ escaped (Python's ensure_ascii). */
export declare function asciiJson(value: unknown): string;
/** The items of a rendered content in order ([] for null or ""), or null when it is not one. */
export declare function parseContent(content: string | null): CitedItem[] | null;
