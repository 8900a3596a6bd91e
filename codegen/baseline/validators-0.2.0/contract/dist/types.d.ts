// Generated from generated/ts/src/types.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

/**
 * Any of the prepare messages: the request, the response, or a Receipt on its own.
 */
export type PrepareMessage = PrepareContextRequest | PreparedContext | PreparedContextReceipt;
/**
 * A SHA-256 digest in the prefixed form: "sha256:" followed by 64 lowercase hex digits.
 */
export type Sha256Digest = string;
export type ModelIdentity = string;
/**
 * One injected item: its family, exactly one identity, its rendered size and whether it was truncated.
 */
export type SelectedItem = HistorySelectedItem | CodeSelectedItem;
/**
 * Ask for a bounded block of project history to inject before a turn.
 */
export interface PrepareContextRequest {
    /**
     * The current Scope.
     */
    scope_id: string;
    /**
     * The turn's query: 1 to 8192 characters (code points, not bytes) containing a non-space.
     */
    query: string;
    /**
     * The UTF-8 byte budget of content.
     */
    max_bytes?: number;
    /**
     * Add code evidence from the Scope's indexed workspace.
     */
    include_code?: boolean;
    /**
     * Add reason to the response when a retrieval channel degraded.
     */
    explain?: boolean;
    assembly?: ContextAssembly;
    /**
     * Ask for a Receipt. Omitted, null and false are equivalent.
     */
    include_receipt?: boolean | null;
    /**
     * A bootstrap delivery receipt whose delivered memories the caller already holds (PowerContext 1.4.1), or null as its client sends by default. Accepted and not yet used: no bootstrap package delivers memories yet.
     */
    bootstrap_receipt_id?: string | null;
}
/**
 * An explicit selection of families, in injection order. An empty section list turns history recall off.
 */
export interface ContextAssembly {
    /**
     * The rendering format.
     */
    format?: "markdown";
    /**
     * At most four sections with distinct families; the sum of limits must not exceed the server's assembly_max_entries. Absent: memory 6, then experience 2 (PowerContext's default sections).
     *
     * @maxItems 4
     */
    sections?: AssemblySection[];
    /**
     * Optional per-item metadata lines to render.
     *
     * @maxItems 2
     */
    show?: ("confidence" | "recall_rank")[];
}
/**
 * One family section of an explicit assembly.
 */
export interface AssemblySection {
    /**
     * The family selector; "memory" selects the atomic-memory family.
     */
    family: "memory" | "topic-memory" | "experience" | "profile";
    /**
     * The most entries this section may inject: 1 to 8, and at most 2 for experience.
     */
    limit: number;
}
/**
 * The injection value. A default call returns exactly schema, status, content and content_bytes.
 */
export interface PreparedContext {
    /**
     * The injection schema name.
     */
    schema: "powercontext.prepared-context.v1";
    /**
     * ready with content, or empty.
     */
    status: "ready" | "empty";
    /**
     * The text to inject when ready; null when empty.
     */
    content: string | null;
    /**
     * The UTF-8 length of content; 0 when empty.
     */
    content_bytes: number;
    /**
     * Present only when explain was true and a channel degraded.
     */
    reason?: "inference_timeout" | "inference_unavailable";
    receipt?: PreparedContextReceipt;
}
/**
 * An ephemeral, content-free explanation of one prepare response. Untrusted metadata: never injected into a prompt.
 */
export interface PreparedContextReceipt {
    /**
     * The Receipt schema name.
     */
    schema: "powercontext.prepared-context-receipt.v1";
    /**
     * A random UUID in lowercase canonical form; for log correlation only, never a fetch key.
     */
    receipt_id: string;
    /**
     * The Receipt policy.
     */
    policy_id: "powercontext.prepared-context-receipt.v1";
    /**
     * sha256 of the UTF-8 bytes of the NFC-normalised, whitespace-stripped query.
     */
    query_digest: string;
    /**
     * sha256 of the UTF-8 bytes of content; null iff status is empty.
     */
    content_digest: Sha256Digest | null;
    /**
     * The request's max_bytes (8000 when omitted).
     */
    requested_max_bytes: number;
    /**
     * Equals content_bytes.
     */
    used_bytes: number;
    /**
     * True iff any selected item is truncated.
     */
    truncated: boolean;
    /**
     * True iff a model-backed rerank or model query expansion was actually invoked, even at temperature 0 and even if it failed.
     */
    non_deterministic: boolean;
    retrieval: Retrieval;
    /**
     * The injected items, in injection order: history origins, then code origins.
     *
     * @maxItems 32
     */
    selected: SelectedItem[];
    /**
     * Candidates left out, grouped by family and closed reason, sorted by (family, reason).
     *
     * @maxItems 16
     */
    omitted: OmittedGroup[];
    /**
     * Summed durations of the runtime stages that ran.
     *
     * @maxItems 8
     */
    stages: StageTiming[];
}
/**
 * Rounds, search groups, rerank configurations and rerank groups.
 */
export interface Retrieval {
    /**
     * Round 0 plus at most two expansion rounds, in order.
     *
     * @minItems 1
     * @maxItems 3
     */
    rounds: [RecallRound, ...RecallRound[]];
    /**
     * Search calls grouped by (round, family, mode, outcome, fallback_reason), sorted by that tuple.
     *
     * @maxItems 32
     */
    searches: SearchGroup[];
    /**
     * Each distinct rerank configuration that was invoked, once, sorted by config_digest.
     *
     * @maxItems 8
     */
    rerank_configs: RerankConfig[];
    /**
     * Rerank calls grouped by (round, config_id, outcome, fallback_reason), sorted by that tuple.
     *
     * @maxItems 32
     */
    reranks: RerankGroup[];
}
/**
 * One recall round and whether its candidates feed the final build.
 */
export interface RecallRound {
    /**
     * 0 for the first round, 1 or 2 for expansion rounds.
     */
    round: number;
    /**
     * completed, or expansion_failed for an abandoned expansion round.
     */
    outcome: "completed" | "expansion_failed";
    /**
     * Whether the round's candidates feed the final build.
     */
    retained: boolean;
}
/**
 * Search calls with equal (round, family, mode, outcome, fallback_reason).
 */
export interface SearchGroup {
    /**
     * The round the calls ran in; Profile and code always belong to round 0.
     */
    round: number;
    /**
     * The searched family.
     */
    family: "atomic-memory" | "topic-memory" | "experience" | "profile" | "code";
    /**
     * The mode that actually executed.
     */
    mode: "fts" | "vector" | "hybrid" | "snapshot" | "code" | "none";
    /**
     * completed, not_run (no reader or searchable head), or failed.
     */
    outcome: "completed" | "not_run" | "failed";
    /**
     * Why the vector channel was not used: an inference error class, reuse of an earlier round's FTS fallback, or none.
     */
    fallback_reason: "none" | "inference_unavailable" | "inference_timeout" | "reused_fts_fallback";
    /**
     * Calls that ran, or for not_run the skipped opportunities.
     */
    count: number;
}
/**
 * The complete configuration evidence of one distinct reranker invocation setup.
 */
export interface RerankConfig {
    /**
     * A SHA-256 digest in the prefixed form: "sha256:" followed by 64 lowercase hex digits.
     */
    config_id: string;
    /**
     * The rerank policy; for a deterministic reranker it names the algorithm.
     */
    policy_id: string;
    /**
     * Credential-free provider/model; null only for a declared deterministic non-model reranker.
     */
    model: ModelIdentity | null;
    effective_settings: RerankSettings;
    /**
     * The per-request timeout.
     */
    timeout_seconds: number;
    /**
     * The most provider requests one rerank may make.
     */
    max_requests: number;
    /**
     * A SHA-256 digest in the prefixed form: "sha256:" followed by 64 lowercase hex digits.
     */
    config_digest: string;
    /**
     * The prompt identity bound to the invocation; null for a deterministic reranker.
     */
    prompt: RerankPromptIdentity | null;
    /**
     * True for every model-backed configuration, even at temperature 0.
     */
    non_deterministic: boolean;
}
/**
 * Allowlist pcreceipt.rerank-settings.v1: the non-content settings actually passed to a reranker, after inheritance and overrides, explicit defaults included. Never headers, credentials, URLs, provider payloads or content-bearing settings.
 */
export interface RerankSettings {
    /**
     * The allowlist version these names and types come from.
     */
    allowlist: "pcreceipt.rerank-settings.v1";
    /**
     * Sampling temperature (forced to 0 for listwise rerank).
     */
    temperature?: number;
    /**
     * Nucleus sampling mass.
     */
    top_p?: number;
    /**
     * Upper bound on generated tokens.
     */
    max_tokens?: number;
    /**
     * Sampling seed passed to the provider.
     */
    seed?: number;
    /**
     * Size of the coarse pool handed to the reranker.
     */
    candidate_limit?: number;
    /**
     * How many reranked candidates are kept (the family cap).
     */
    keep?: number;
    /**
     * The structured output mode requested.
     */
    response_format?: "text" | "json_object";
    /**
     * What a failed rerank does: fall back to the coarse order, or drop the family.
     */
    on_failure?: "coarse_order" | "drop_family";
    /**
     * For a deterministic reranker: the version of its algorithm.
     */
    algorithm_version?: number;
}
/**
 * The prompt actually bound to a rerank invocation; compiled text and demonstrations excluded.
 */
export interface RerankPromptIdentity {
    /**
     * The Scope the prompt was resolved for.
     */
    scope_id: string;
    /**
     * The prompt key.
     */
    key: string;
    /**
     * Version of the prompt key's definition.
     */
    definition_version: number;
    /**
     * Version of the built-in prompt for this key.
     */
    builtin_version: number;
    /**
     * Whether the built-in prompt or a Scope's prompt artifact was bound.
     */
    selection: "built_in" | "artifact";
    /**
     * The version bound: builtin_version for built_in, the artifact revision for artifact.
     */
    selected_version: number;
    /**
     * A SHA-256 digest in the prefixed form: "sha256:" followed by 64 lowercase hex digits.
     */
    compiled_digest: string;
    /**
     * The exact prompt artifact revision; null for a built-in prompt.
     */
    artifact_address: ArtifactAddress | null;
}
/**
 * A Scope-qualified artifact revision: the same artifact_id in two Scopes is two identities.
 */
export interface ArtifactAddress {
    /**
     * The Scope that holds the artifact.
     */
    scope_id: string;
    artifact: ArtifactReference;
}
/**
 * An exact artifact revision within the Scope given by the enclosing object.
 */
export interface ArtifactReference {
    /**
     * The artifact family.
     */
    family: "atomic-memory" | "topic-memory" | "experience" | "profile" | "prompt";
    /**
     * The artifact identifier.
     */
    artifact_id: string;
    /**
     * The exact revision.
     */
    revision: number;
}
/**
 * Rerank calls with equal (round, config_id, outcome, fallback_reason).
 */
export interface RerankGroup {
    /**
     * The round the calls ran in.
     */
    round: number;
    /**
     * A SHA-256 digest in the prefixed form: "sha256:" followed by 64 lowercase hex digits.
     */
    config_id: string;
    /**
     * selected, fallback to the coarse order, or failed (family dropped).
     */
    outcome: "selected" | "fallback" | "failed";
    /**
     * Why the rerank did not select.
     */
    fallback_reason: "none" | "empty_selection" | "inference_unavailable" | "inference_timeout" | "invalid_output";
    /**
     * Rerank calls in this group.
     */
    count: number;
}
/**
 * A history item, identified by its Scope-qualified artifact address.
 */
export interface HistorySelectedItem {
    /**
     * A history family.
     */
    kind: "atomic-memory" | "topic-memory" | "experience" | "profile";
    /**
     * UTF-8 size of the item's text in content, without the separators between items: its JSON object in the envelope, its heading, metadata and body in Markdown, its citation and source lines in the code block (docs/decisions.md).
     */
    rendered_bytes: number;
    /**
     * Whether the item was cut to fit.
     */
    truncated: boolean;
    artifact_address: ArtifactAddress;
}
/**
 * A code item, identified by its code evidence reference.
 */
export interface CodeSelectedItem {
    /**
     * The code family.
     */
    kind: "code";
    /**
     * UTF-8 size of the item's text in content, without the separators between items: its JSON object in the envelope, its heading, metadata and body in Markdown, its citation and source lines in the code block (docs/decisions.md).
     */
    rendered_bytes: number;
    /**
     * Whether the item was cut to fit.
     */
    truncated: boolean;
    code_evidence: CodeEvidenceRef;
}
/**
 * An exact line range of an indexed code file, with the hash of the snippet actually used.
 */
export interface CodeEvidenceRef {
    /**
     * The Scope whose workspace holds the file.
     */
    scope_id: string;
    /**
     * The indexed workspace fingerprint.
     */
    fingerprint: string;
    /**
     * The file's repository-relative path.
     */
    path: string;
    /**
     * SHA-256 of the whole file's bytes.
     */
    file_sha256: string;
    /**
     * First line of the range, 1-based.
     */
    start_line: number;
    /**
     * Last line of the range, inclusive; not before start_line.
     */
    end_line: number;
    /**
     * SHA-256 of the UTF-8 bytes of the final snippet.
     */
    snippet_sha256: string;
}
/**
 * Exclusion events of one family for one reason.
 */
export interface OmittedGroup {
    /**
     * The family of the left-out candidates.
     */
    family: "atomic-memory" | "topic-memory" | "experience" | "profile" | "code";
    /**
     * Why they were left out.
     */
    reason: "duplicate" | "blank" | "family_limit" | "entry_limit" | "below_min_bytes" | "no_fitting_truncation" | "rerank_not_selected" | "not_retrieved";
    /**
     * How many exclusion events; 1 for not_retrieved.
     */
    count: number;
}
/**
 * Summed duration of one runtime stage over its runs.
 */
export interface StageTiming {
    /**
     * The runtime's span name, such as memory.search or context.build.
     */
    stage: string;
    /**
     * Total milliseconds over all runs.
     */
    duration_ms: number;
    /**
     * How many times the stage ran.
     */
    count: number;
}
