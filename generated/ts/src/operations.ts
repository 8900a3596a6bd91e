// Generated from schemas/openapi.json by codegen/generate.py; do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

/** The operation table of the pcreceipt HTTP API (schemas/openapi.json). */

/** The contract this package was generated from (OpenAPI info.version); get_server_info's
 * api_contract_version is its major.minor. */
export const CONTRACT_VERSION = "3.1.0";

export type ParameterLocation = "path" | "query" | "header";

/** A path, query or header parameter; a JSON body is named by Operation.requestBody. */
export interface Parameter {
  readonly name: string;
  readonly location: ParameterLocation;
  readonly required: boolean;
}

/** A status that counts as success, and the schema of its JSON body (null: no body). */
export interface Success {
  readonly status: number;
  readonly model: string | null;
}

/** Which Scope an operation touches, with what access, and where its id comes from. */
export interface ScopeUse {
  readonly access: "none" | "read" | "write" | "admin";
  readonly source: "none" | "path" | "body" | "resolved" | "selection" | "publication" | "binding";
  /** The body may name further Scopes (context references) that are read too. */
  readonly references: boolean;
}

export type OperationId =
  | "prepare_context"
  | "list_scopes"
  | "create_scope"
  | "get_default_scope"
  | "set_default_scope"
  | "get_scope"
  | "update_scope"
  | "create_artifact"
  | "import_artifacts"
  | "list_artifacts"
  | "get_artifact"
  | "replace_artifact"
  | "search_artifacts"
  | "get_artifact_revision"
  | "get_atomic_memory_state"
  | "change_atomic_memory_lifecycle"
  | "merge_atomic_memories"
  | "preview_atomic_memory_restoration"
  | "restore_atomic_memory"
  | "get_code_workspace"
  | "index_code_workspace"
  | "query_code"
  | "read_code"
  | "get_liveness"
  | "get_readiness"
  | "resolve_scope_binding"
  | "set_scope_binding"
  | "clear_scope_binding"
  | "get_capabilities"
  | "get_server_info"
  | "prepare_bootstrap_context"
  | "record_bootstrap_delivery"
  | "flush_memory"
  | "capture_content_source"
  | "capture_working_note"
  | "get_stats"
  | "resolve_scope_selection"
  | "get_handoff_report"
  | "remember_memory"
  | "search_memory"
  | "search_atomic_memory"
  | "list_atomic_memories"
  | "list_memory_entries"
  | "get_memory_entry"
  | "search_topic_memory"
  | "get_topic_memory"
  | "list_artifact_revisions"
  | "get_artifact_tags"
  | "replace_artifact_tags"
  | "query_artifact_tags"
  | "publish_artifact"
  | "create_work_contract"
  | "record_task_outcome"
  | "finalize_handoff"
  | "prepare_handoff"
  | "activate_handoff"
  | "commit_handoff"
  | "continue_handoff"
  | "handoff_current_work"
  | "acknowledge_handoff"
  | "prepare_handoff_hint"
  | "propose_experience"
  | "get_experience"
  | "propose_skill"
  | "get_skill"
  | "list_managed_skills"
  | "list_candidates"
  | "get_candidate"
  | "get_candidate_history"
  | "approve_candidate"
  | "reject_candidate"
  | "revise_candidate"
  | "generate_experience"
  | "generate_skill"
  | "get_memory_capacity"
  | "revise_memory_entry"
  | "retire_memory_entry"
  | "list_memory_changes"
  | "get_memory_entry_tags"
  | "replace_memory_entry_tags"
  | "resolve_artifact_handle"
  | "bind_artifact_handle"
  | "get_connector_checkpoint"
  | "commit_connector_checkpoint"
  | "get_prompt_configuration"
  | "get_profile_policy"
  | "put_profile_policy"
  | "flush_profile"
  | "get_topic_memory_processing_status"
  | "get_topic_memory_processing_block"
  | "generate_prompt_demonstrations"
  | "flush_topic_memory"
  | "retry_topic_memory_processing"
  | "list_sources"
  | "create_source"
  | "get_source"
  | "create_subject_source"
  | "register_source_definition"
  | "submit_source_observation"
  | "get_access_principal"
  | "list_access_roles"
  | "list_access_resources"
  | "list_access_bindings"
  | "create_access_binding"
  | "revoke_access_binding"
  | "replace_access_binding"
  | "list_access_audit"
  | "check_access"
  | "scan_external_skills"
  | "list_external_skills"
  | "resolve_external_skill"
  | "import_external_skill"
  | "propose_skill_package"
  | "get_skill_package_manifest"
  | "download_skill_package"
  | "list_dream_runs"
  | "create_dream_run"
  | "get_dream_run"
  | "update_skill_lifecycle"
  | "record_skill_usage"
  | "list_remote_skill_targets"
  | "create_remote_skill_target"
  | "enroll_remote_skill_target"
  | "rename_remote_skill_target"
  | "revoke_remote_skill_target"
  | "publish_remote_skill"
  | "unpublish_remote_skill"
  | "reconcile_remote_skills"
  | "download_remote_skill_package"
  | "record_remote_skill_receipt";

export interface Operation {
  readonly operationId: OperationId;
  readonly method: "GET" | "PUT" | "POST" | "DELETE" | "PATCH";
  readonly path: string;
  readonly parameters: readonly Parameter[];
  /** The schema of the application/json request body; null when the operation takes none. */
  readonly requestBody: string | null;
  readonly success: readonly Success[];
  readonly scope: ScopeUse;
}

export const OPERATIONS: readonly Operation[] = [
  {
    operationId: "prepare_context",
    method: "POST",
    path: "/v1/context/prepare",
    parameters: [],
    requestBody: "PrepareContextRequest",
    success: [{ status: 200, model: "PreparedContext" }],
    scope: { access: "read", source: "body", references: true },
  },
  {
    operationId: "list_scopes",
    method: "GET",
    path: "/v1/scopes",
    parameters: [{ name: "query", location: "query", required: false }, { name: "query_field", location: "query", required: false }, { name: "parent_scope_id", location: "query", required: false }, { name: "external_reference_kind", location: "query", required: false }, { name: "binding_integration", location: "query", required: false }, { name: "binding_kind", location: "query", required: false }, { name: "limit", location: "query", required: false }, { name: "cursor", location: "query", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ScopePage" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "create_scope",
    method: "POST",
    path: "/v1/scopes",
    parameters: [],
    requestBody: "CreateScopeRequest",
    success: [{ status: 201, model: "ScopeDescriptor" }],
    scope: { access: "admin", source: "none", references: false },
  },
  {
    operationId: "get_default_scope",
    method: "GET",
    path: "/v1/scopes/default",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "ScopeDescriptor" }],
    scope: { access: "read", source: "resolved", references: false },
  },
  {
    operationId: "set_default_scope",
    method: "PUT",
    path: "/v1/scopes/default",
    parameters: [],
    requestBody: "SetDefaultScopeRequest",
    success: [{ status: 200, model: "ScopeDescriptor" }],
    scope: { access: "admin", source: "none", references: false },
  },
  {
    operationId: "get_scope",
    method: "GET",
    path: "/v1/scopes/{scope_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "ScopeDescriptor" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "update_scope",
    method: "PUT",
    path: "/v1/scopes/{scope_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "UpdateScopeRequest",
    success: [{ status: 200, model: "ScopeDescriptor" }],
    scope: { access: "admin", source: "path", references: false },
  },
  {
    operationId: "create_artifact",
    method: "POST",
    path: "/v1/scopes/{scope_id}/artifacts",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "CreateArtifactRequest",
    success: [{ status: 201, model: "ArtifactCreated" }],
    scope: { access: "write", source: "path", references: false },
  },
  {
    operationId: "import_artifacts",
    method: "POST",
    path: "/v1/scopes/{scope_id}/artifacts/import",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "ImportArtifactsRequest",
    success: [{ status: 201, model: "ImportArtifactsResponse" }],
    scope: { access: "write", source: "path", references: false },
  },
  {
    operationId: "list_artifacts",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/{family}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "limit", location: "query", required: false }, { name: "cursor", location: "query", required: false }, { name: "tag", location: "query", required: false }, { name: "tag_match", location: "query", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactPage" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "get_artifact",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "If-None-Match", location: "header", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactRevision" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "replace_artifact",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "If-Match", location: "header", required: true }],
    requestBody: "ReplaceArtifactRequest",
    success: [{ status: 200, model: "ArtifactRevision" }],
    scope: { access: "write", source: "path", references: false },
  },
  {
    operationId: "search_artifacts",
    method: "POST",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/search",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }],
    requestBody: "SearchArtifactsRequest",
    success: [{ status: 200, model: "SearchArtifactsResponse" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "get_artifact_revision",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/revisions/{revision}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "revision", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactRevision" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "get_atomic_memory_state",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/state",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "If-None-Match", location: "header", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "AtomicMemoryStateView" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "change_atomic_memory_lifecycle",
    method: "POST",
    path: "/v1/atomic-memory/lifecycle",
    parameters: [],
    requestBody: "AtomicMemoryLifecycleRequest",
    success: [{ status: 200, model: "AtomicMemoryMutationResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "merge_atomic_memories",
    method: "POST",
    path: "/v1/atomic-memory/merges",
    parameters: [],
    requestBody: "MergeAtomicMemoryRequest",
    success: [{ status: 200, model: "AtomicMemoryMutationResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "preview_atomic_memory_restoration",
    method: "POST",
    path: "/v1/atomic-memory/restoration-previews",
    parameters: [],
    requestBody: "AtomicMemoryRestorationPreviewRequest",
    success: [{ status: 200, model: "AtomicMemoryRestorationPreview" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "restore_atomic_memory",
    method: "POST",
    path: "/v1/atomic-memory/restorations",
    parameters: [],
    requestBody: "AtomicMemoryRestorationRequest",
    success: [{ status: 200, model: "AtomicMemoryRestorationResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "get_code_workspace",
    method: "GET",
    path: "/v1/scopes/{scope_id}/code",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "CodeWorkspace" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "index_code_workspace",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/code",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "IndexCodeRequest",
    success: [{ status: 200, model: "CodeWorkspace" }],
    scope: { access: "write", source: "path", references: false },
  },
  {
    operationId: "query_code",
    method: "POST",
    path: "/v1/scopes/{scope_id}/code/query",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "CodeQueryRequest",
    success: [{ status: 200, model: "CodeQueryResponse" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "read_code",
    method: "GET",
    path: "/v1/scopes/{scope_id}/code/{fingerprint}/files/{file_sha256}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "fingerprint", location: "path", required: true }, { name: "file_sha256", location: "path", required: true }, { name: "path", location: "query", required: true }, { name: "start_line", location: "query", required: true }, { name: "end_line", location: "query", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "CodeRange" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "get_liveness",
    method: "GET",
    path: "/health/live",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "Health" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "get_readiness",
    method: "GET",
    path: "/health/ready",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "Health" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "resolve_scope_binding",
    method: "POST",
    path: "/v1/scope-bindings/resolve",
    parameters: [],
    requestBody: "ResolveScopeBindingRequest",
    success: [{ status: 200, model: "ScopeDescriptor" }],
    scope: { access: "read", source: "resolved", references: false },
  },
  {
    operationId: "set_scope_binding",
    method: "PUT",
    path: "/v1/scope-bindings",
    parameters: [],
    requestBody: "ScopeBinding",
    success: [{ status: 200, model: "ScopeBinding" }],
    scope: { access: "admin", source: "none", references: false },
  },
  {
    operationId: "clear_scope_binding",
    method: "POST",
    path: "/v1/scope-bindings/clear",
    parameters: [],
    requestBody: "ClearScopeBindingRequest",
    success: [{ status: 200, model: "ClearScopeBindingResponse" }],
    scope: { access: "admin", source: "none", references: false },
  },
  {
    operationId: "get_capabilities",
    method: "GET",
    path: "/v1/capabilities",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "Capabilities" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "get_server_info",
    method: "GET",
    path: "/v1/server-info",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "ServerInfo" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "prepare_bootstrap_context",
    method: "POST",
    path: "/v1/context/bootstrap",
    parameters: [],
    requestBody: "BootstrapContextRequest",
    success: [{ status: 200, model: "BootstrapContext" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "record_bootstrap_delivery",
    method: "POST",
    path: "/v1/context/bootstrap/receipts",
    parameters: [],
    requestBody: "RecordBootstrapDeliveryRequest",
    success: [{ status: 200, model: "BootstrapDeliveryReceipt" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "flush_memory",
    method: "POST",
    path: "/v1/memory/flush",
    parameters: [],
    requestBody: "FlushMemoryRequest",
    success: [{ status: 200, model: "FlushMemoryResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "capture_content_source",
    method: "POST",
    path: "/v1/sources/content",
    parameters: [],
    requestBody: "CaptureContentSourceRequest",
    success: [{ status: 202, model: "CaptureContentSourceResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "capture_working_note",
    method: "POST",
    path: "/v1/sources/working-notes",
    parameters: [],
    requestBody: "CaptureWorkingNoteRequest",
    success: [{ status: 202, model: "CaptureContentSourceResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "get_stats",
    method: "POST",
    path: "/v1/stats",
    parameters: [],
    requestBody: "GetStatsRequest",
    success: [{ status: 200, model: "ScopedStats" }],
    scope: { access: "read", source: "selection", references: false },
  },
  {
    operationId: "resolve_scope_selection",
    method: "POST",
    path: "/v1/scopes/selection/resolve",
    parameters: [],
    requestBody: "ResolveScopeSelectionRequest",
    success: [{ status: 200, model: "ResolvedScopes" }],
    scope: { access: "read", source: "selection", references: false },
  },
  {
    operationId: "get_handoff_report",
    method: "POST",
    path: "/v1/handoff-reports/get",
    parameters: [],
    requestBody: "GetHandoffReportRequest",
    success: [{ status: 200, model: "HandoffReportResponse" }],
    scope: { access: "read", source: "selection", references: false },
  },
  {
    operationId: "remember_memory",
    method: "POST",
    path: "/v1/memory/remember",
    parameters: [],
    requestBody: "RememberMemoryRequest",
    success: [{ status: 200, model: "AtomicMemoryMutationResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "search_memory",
    method: "POST",
    path: "/v1/memory/search",
    parameters: [],
    requestBody: "SearchMemoryRequest",
    success: [{ status: 200, model: "SearchMemoryResponse" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "search_atomic_memory",
    method: "POST",
    path: "/v1/atomic-memory/search",
    parameters: [],
    requestBody: "SearchAtomicMemoryRequest",
    success: [{ status: 200, model: "SearchAtomicMemoryResponse" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "list_atomic_memories",
    method: "POST",
    path: "/v1/atomic-memory/list",
    parameters: [],
    requestBody: "ListAtomicMemoryRequest",
    success: [{ status: 200, model: "ListAtomicMemoryResponse" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "list_memory_entries",
    method: "POST",
    path: "/v1/memory/entries/list",
    parameters: [],
    requestBody: "ListMemoryEntriesRequest",
    success: [{ status: 200, model: "ListMemoryEntriesResponse" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "get_memory_entry",
    method: "POST",
    path: "/v1/memory/entries/get",
    parameters: [],
    requestBody: "GetMemoryEntryRequest",
    success: [{ status: 200, model: "AtomicMemoryRecord" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "search_topic_memory",
    method: "POST",
    path: "/v1/topic-memory/search",
    parameters: [],
    requestBody: "SearchTopicMemoryRequest",
    success: [{ status: 200, model: "SearchTopicMemoryResponse" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "get_topic_memory",
    method: "POST",
    path: "/v1/topic-memory/get",
    parameters: [],
    requestBody: "GetTopicMemoryRequest",
    success: [{ status: 200, model: "TopicMemoryArtifact" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "list_artifact_revisions",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/revisions",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "limit", location: "query", required: false }, { name: "cursor", location: "query", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactRevisionPage" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "get_artifact_tags",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/tags",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "If-None-Match", location: "header", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactTagSet" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "replace_artifact_tags",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/tags",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "If-Match", location: "header", required: true }],
    requestBody: "ReplaceArtifactTagsRequest",
    success: [{ status: 200, model: "ArtifactTagSet" }],
    scope: { access: "write", source: "path", references: false },
  },
  {
    operationId: "query_artifact_tags",
    method: "POST",
    path: "/v1/scopes/{scope_id}/artifact-tags/query",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "QueryArtifactTagsRequest",
    success: [{ status: 200, model: "ArtifactTagPage" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "publish_artifact",
    method: "POST",
    path: "/v1/artifact-publications",
    parameters: [],
    requestBody: "PublishArtifactRequest",
    success: [{ status: 201, model: "ArtifactPublication" }],
    scope: { access: "admin", source: "publication", references: false },
  },
  {
    operationId: "create_work_contract",
    method: "POST",
    path: "/v1/work/contracts/create",
    parameters: [],
    requestBody: "CreateWorkContractRequest",
    success: [{ status: 202, model: "WorkSourceReceipt" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "record_task_outcome",
    method: "POST",
    path: "/v1/work/outcomes/record",
    parameters: [],
    requestBody: "RecordTaskOutcomeRequest",
    success: [{ status: 202, model: "WorkSourceReceipt" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "finalize_handoff",
    method: "POST",
    path: "/v1/handoff/finalize",
    parameters: [],
    requestBody: "FinalizeHandoffRequest",
    success: [{ status: 200, model: "PreparedHandoff" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "prepare_handoff",
    method: "POST",
    path: "/v1/handoff/prepare",
    parameters: [],
    requestBody: "PrepareHandoffRequest",
    success: [{ status: 200, model: "HandoffDraft" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "activate_handoff",
    method: "POST",
    path: "/v1/handoff/activate",
    parameters: [],
    requestBody: "ActivateHandoffRequest",
    success: [{ status: 200, model: "HandoffActivation" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "commit_handoff",
    method: "POST",
    path: "/v1/handoff/commit",
    parameters: [],
    requestBody: "CommitHandoffRequest",
    success: [{ status: 200, model: "CommittedHandoff" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "continue_handoff",
    method: "POST",
    path: "/v1/handoff/continue",
    parameters: [],
    requestBody: "ContinueHandoffRequest",
    success: [{ status: 200, model: "HandoffResolution" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "handoff_current_work",
    method: "POST",
    path: "/v1/work/handoffs/prepare-current",
    parameters: [],
    requestBody: "HandoffCurrentWorkRequest",
    success: [{ status: 200, model: "PreparedWorkHandoff" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "acknowledge_handoff",
    method: "POST",
    path: "/v1/work/handoffs/acknowledge",
    parameters: [],
    requestBody: "AcknowledgeHandoffRequest",
    success: [{ status: 200, model: "HandoffAcknowledgement" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "prepare_handoff_hint",
    method: "POST",
    path: "/v1/handoff/hint",
    parameters: [],
    requestBody: "PrepareHandoffHintRequest",
    success: [{ status: 200, model: "PreparedContext" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "propose_experience",
    method: "POST",
    path: "/v1/experience/propose",
    parameters: [],
    requestBody: "ProposeExperienceRequest",
    success: [{ status: 201, model: "Candidate" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "get_experience",
    method: "POST",
    path: "/v1/experience/get",
    parameters: [],
    requestBody: "GetExperienceRequest",
    success: [{ status: 200, model: "ExperienceArtifact" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "propose_skill",
    method: "POST",
    path: "/v1/skill/propose",
    parameters: [],
    requestBody: "ProposeSkillRequest",
    success: [{ status: 201, model: "Candidate" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "get_skill",
    method: "POST",
    path: "/v1/skill/get",
    parameters: [],
    requestBody: "GetSkillRequest",
    success: [{ status: 200, model: "SkillArtifact" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "list_managed_skills",
    method: "POST",
    path: "/v1/skill/library",
    parameters: [],
    requestBody: "ListManagedSkillsRequest",
    success: [{ status: 200, model: "ListManagedSkillsResponse" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "list_candidates",
    method: "POST",
    path: "/v1/candidates/list",
    parameters: [],
    requestBody: "ListCandidatesRequest",
    success: [{ status: 200, model: "CandidatePage" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "get_candidate",
    method: "POST",
    path: "/v1/candidates/get",
    parameters: [],
    requestBody: "GetCandidateRequest",
    success: [{ status: 200, model: "Candidate" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "get_candidate_history",
    method: "POST",
    path: "/v1/candidates/history",
    parameters: [],
    requestBody: "GetCandidateRequest",
    success: [{ status: 200, model: "CandidateHistory" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "approve_candidate",
    method: "POST",
    path: "/v1/candidates/approve",
    parameters: [],
    requestBody: "ApproveCandidateRequest",
    success: [{ status: 200, model: "Candidate" }],
    scope: { access: "admin", source: "body", references: false },
  },
  {
    operationId: "reject_candidate",
    method: "POST",
    path: "/v1/candidates/reject",
    parameters: [],
    requestBody: "RejectCandidateRequest",
    success: [{ status: 200, model: "Candidate" }],
    scope: { access: "admin", source: "body", references: false },
  },
  {
    operationId: "revise_candidate",
    method: "POST",
    path: "/v1/candidates/revise",
    parameters: [],
    requestBody: "ReviseCandidateRequest",
    success: [{ status: 200, model: "Candidate" }],
    scope: { access: "admin", source: "body", references: false },
  },
  {
    operationId: "generate_experience",
    method: "POST",
    path: "/v1/experience/generate",
    parameters: [],
    requestBody: "GenerateExperienceRequest",
    success: [{ status: 200, model: "GeneratedCandidateResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "generate_skill",
    method: "POST",
    path: "/v1/skill/generate",
    parameters: [],
    requestBody: "GenerateSkillRequest",
    success: [{ status: 200, model: "GeneratedCandidateResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "get_memory_capacity",
    method: "POST",
    path: "/v1/memory/capacity",
    parameters: [],
    requestBody: "GetMemoryCapacityRequest",
    success: [{ status: 200, model: "MemoryCapacity" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "revise_memory_entry",
    method: "POST",
    path: "/v1/memory/entries/revise",
    parameters: [],
    requestBody: "ReviseMemoryEntryRequest",
    success: [{ status: 200, model: "AtomicMemoryMutationResponse" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "retire_memory_entry",
    method: "POST",
    path: "/v1/memory/entries/retire",
    parameters: [],
    requestBody: "RetireMemoryEntryRequest",
    success: [{ status: 200, model: "AtomicMemoryMutationResponse" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "list_memory_changes",
    method: "POST",
    path: "/v1/memory/changes",
    parameters: [],
    requestBody: "ListMemoryChangesRequest",
    success: [{ status: 200, model: "ListMemoryChangesResponse" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "get_memory_entry_tags",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifacts/memory/{artifact_id}/entries/{entry_id}/tags",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "entry_id", location: "path", required: true }, { name: "If-None-Match", location: "header", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactTagSet" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "replace_memory_entry_tags",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/artifacts/memory/{artifact_id}/entries/{entry_id}/tags",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "artifact_id", location: "path", required: true }, { name: "entry_id", location: "path", required: true }, { name: "If-Match", location: "header", required: false }],
    requestBody: "ReplaceArtifactTagsRequest",
    success: [{ status: 200, model: "ArtifactTagSet" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "resolve_artifact_handle",
    method: "GET",
    path: "/v1/scopes/{scope_id}/artifact-handles/{family}/{key}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "key", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "ArtifactHandleBinding" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "bind_artifact_handle",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/artifact-handles/{family}/{key}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "family", location: "path", required: true }, { name: "key", location: "path", required: true }],
    requestBody: "BindArtifactHandleRequest",
    success: [{ status: 200, model: "ArtifactHandleBinding" }],
    scope: { access: "admin", source: "path", references: false },
  },
  {
    operationId: "get_connector_checkpoint",
    method: "POST",
    path: "/v1/connector-checkpoints/get",
    parameters: [],
    requestBody: "GetConnectorCheckpointRequest",
    success: [{ status: 200, model: "ConnectorCheckpointState" }],
    scope: { access: "write", source: "binding", references: false },
  },
  {
    operationId: "commit_connector_checkpoint",
    method: "POST",
    path: "/v1/connector-checkpoints/commit",
    parameters: [],
    requestBody: "CommitConnectorCheckpointRequest",
    success: [{ status: 200, model: "ConnectorCheckpointState" }],
    scope: { access: "write", source: "binding", references: false },
  },
  {
    operationId: "get_prompt_configuration",
    method: "GET",
    path: "/v1/scopes/{scope_id}/prompts/{prompt_key}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "prompt_key", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "PromptConfiguration" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "get_profile_policy",
    method: "GET",
    path: "/v1/scopes/{scope_id}/profile-policy",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "ProfilePolicy" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "put_profile_policy",
    method: "PUT",
    path: "/v1/scopes/{scope_id}/profile-policy",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "PutProfilePolicyRequest",
    success: [{ status: 200, model: "ProfilePolicy" }],
    scope: { access: "admin", source: "path", references: false },
  },
  {
    operationId: "flush_profile",
    method: "POST",
    path: "/v1/profile/flush",
    parameters: [],
    requestBody: "FlushProfileRequest",
    success: [{ status: 200, model: "FlushProfileResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "get_topic_memory_processing_status",
    method: "POST",
    path: "/v1/topic-memory/processing/status",
    parameters: [],
    requestBody: "TopicMemoryProcessingStatusRequest",
    success: [{ status: 200, model: "TopicMemoryProcessingStatus" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "get_topic_memory_processing_block",
    method: "POST",
    path: "/v1/topic-memory/processing/blocks/get",
    parameters: [],
    requestBody: "GetTopicMemoryProcessingBlockRequest",
    success: [{ status: 200, model: "TopicMemoryProcessingBlock" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "generate_prompt_demonstrations",
    method: "POST",
    path: "/v1/scopes/{scope_id}/prompts/{prompt_key}/demonstrations",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "prompt_key", location: "path", required: true }],
    requestBody: "GeneratePromptDemonstrationsRequest",
    success: [{ status: 200, model: "PromptDemonstrationResult" }],
    scope: { access: "admin", source: "path", references: false },
  },
  {
    operationId: "flush_topic_memory",
    method: "POST",
    path: "/v1/topic-memory/flush",
    parameters: [],
    requestBody: "FlushTopicMemoryRequest",
    success: [{ status: 200, model: "FlushTopicMemoryResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "retry_topic_memory_processing",
    method: "POST",
    path: "/v1/topic-memory/processing/retry",
    parameters: [],
    requestBody: "RetryTopicMemoryProcessingRequest",
    success: [{ status: 200, model: "RetryTopicMemoryProcessingResponse" }],
    scope: { access: "admin", source: "body", references: false },
  },
  {
    operationId: "list_sources",
    method: "GET",
    path: "/v1/scopes/{scope_id}/sources",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "limit", location: "query", required: false }, { name: "cursor", location: "query", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "SourcePage" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "create_source",
    method: "POST",
    path: "/v1/scopes/{scope_id}/sources",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "CreateSourceRequest",
    success: [{ status: 201, model: "SourceRecord" }],
    scope: { access: "write", source: "path", references: false },
  },
  {
    operationId: "get_source",
    method: "GET",
    path: "/v1/scopes/{scope_id}/sources/{source_type}/{source_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "source_type", location: "path", required: true }, { name: "source_id", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "SourceRecord" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "create_subject_source",
    method: "POST",
    path: "/v1/scopes/{scope_id}/subject-sources",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "CreateSubjectSourceRequest",
    success: [{ status: 201, model: "CreateSubjectSourceResponse" }],
    scope: { access: "write", source: "path", references: false },
  },
  {
    operationId: "register_source_definition",
    method: "POST",
    path: "/v1/source-definitions/register",
    parameters: [],
    requestBody: "RegisterSourceDefinitionRequest",
    success: [{ status: 200, model: "SourceDefinitionManifest" }],
    scope: { access: "admin", source: "none", references: false },
  },
  {
    operationId: "submit_source_observation",
    method: "POST",
    path: "/v1/source-observations",
    parameters: [],
    requestBody: "SubmitSourceObservationRequest",
    success: [{ status: 202, model: "SourceObservationReceipt" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "get_access_principal",
    method: "GET",
    path: "/v1/access/me",
    parameters: [],
    requestBody: null,
    success: [{ status: 200, model: "AccessMeResponse" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "list_access_roles",
    method: "POST",
    path: "/v1/access/roles/list",
    parameters: [],
    requestBody: "ListAccessRolesRequest",
    success: [{ status: 200, model: "AccessRolePage" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "list_access_resources",
    method: "POST",
    path: "/v1/access/resources/list",
    parameters: [],
    requestBody: "ListAccessResourcesRequest",
    success: [{ status: 200, model: "AccessResourcePage" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "list_access_bindings",
    method: "POST",
    path: "/v1/access/bindings/list",
    parameters: [],
    requestBody: "ListAccessBindingsRequest",
    success: [{ status: 200, model: "AccessBindingPage" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "create_access_binding",
    method: "POST",
    path: "/v1/access/bindings/create",
    parameters: [],
    requestBody: "CreateAccessBindingRequest",
    success: [{ status: 201, model: "AccessBinding" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "revoke_access_binding",
    method: "POST",
    path: "/v1/access/bindings/revoke",
    parameters: [],
    requestBody: "RevokeAccessBindingRequest",
    success: [{ status: 200, model: "AccessBinding" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "replace_access_binding",
    method: "POST",
    path: "/v1/access/bindings/replace",
    parameters: [],
    requestBody: "ReplaceAccessBindingRequest",
    success: [{ status: 200, model: "AccessBindingReplacement" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "list_access_audit",
    method: "POST",
    path: "/v1/access/audit/list",
    parameters: [],
    requestBody: "ListAccessAuditRequest",
    success: [{ status: 200, model: "AccessAuditPage" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "check_access",
    method: "POST",
    path: "/v1/access/check",
    parameters: [],
    requestBody: "AccessCheckRequest",
    success: [{ status: 200, model: "AccessCheckResponse" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "scan_external_skills",
    method: "POST",
    path: "/v1/external-skills/scan",
    parameters: [],
    requestBody: "ScanExternalSkillsRequest",
    success: [{ status: 200, model: "ScanExternalSkillsResponse" }],
    scope: { access: "admin", source: "none", references: false },
  },
  {
    operationId: "list_external_skills",
    method: "POST",
    path: "/v1/external-skills/list",
    parameters: [],
    requestBody: "ListExternalSkillsRequest",
    success: [{ status: 200, model: "ListExternalSkillsResponse" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "resolve_external_skill",
    method: "POST",
    path: "/v1/external-skills/resolve",
    parameters: [],
    requestBody: "ResolveExternalSkillRequest",
    success: [{ status: 200, model: "ExternalSkillResolution" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "import_external_skill",
    method: "POST",
    path: "/v1/external-skills/import",
    parameters: [],
    requestBody: "ImportExternalSkillRequest",
    success: [{ status: 200, model: "GeneratedCandidateResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "propose_skill_package",
    method: "POST",
    path: "/v1/skill/package/propose",
    parameters: [],
    requestBody: "ProposeSkillPackageRequest",
    success: [{ status: 201, model: "Candidate" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "get_skill_package_manifest",
    method: "POST",
    path: "/v1/skill/package/manifest",
    parameters: [],
    requestBody: "GetSkillPackageRequest",
    success: [{ status: 200, model: "SkillPackageManifest" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "download_skill_package",
    method: "POST",
    path: "/v1/skill/package/download",
    parameters: [],
    requestBody: "GetSkillPackageRequest",
    success: [{ status: 200, model: "SkillPackageDownload" }],
    scope: { access: "read", source: "body", references: false },
  },
  {
    operationId: "list_dream_runs",
    method: "GET",
    path: "/v1/scopes/{scope_id}/dream",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "status", location: "query", required: false }, { name: "operation", location: "query", required: false }, { name: "cursor", location: "query", required: false }, { name: "limit", location: "query", required: false }],
    requestBody: null,
    success: [{ status: 200, model: "DreamRunPage" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "create_dream_run",
    method: "POST",
    path: "/v1/scopes/{scope_id}/dream",
    parameters: [{ name: "scope_id", location: "path", required: true }],
    requestBody: "CreateDreamRunRequest",
    success: [{ status: 200, model: "DreamRun" }, { status: 202, model: "DreamRun" }],
    scope: { access: "write", source: "path", references: false },
  },
  {
    operationId: "get_dream_run",
    method: "GET",
    path: "/v1/scopes/{scope_id}/dream/{run_id}",
    parameters: [{ name: "scope_id", location: "path", required: true }, { name: "run_id", location: "path", required: true }],
    requestBody: null,
    success: [{ status: 200, model: "DreamRun" }],
    scope: { access: "read", source: "path", references: false },
  },
  {
    operationId: "update_skill_lifecycle",
    method: "POST",
    path: "/v1/skill/lifecycle",
    parameters: [],
    requestBody: "UpdateSkillLifecycleRequest",
    success: [{ status: 200, model: "SkillGovernance" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "record_skill_usage",
    method: "POST",
    path: "/v1/skill/usage",
    parameters: [],
    requestBody: "RecordSkillUsageRequest",
    success: [{ status: 201, model: "SkillUsageCaptureResponse" }],
    scope: { access: "write", source: "body", references: false },
  },
  {
    operationId: "list_remote_skill_targets",
    method: "POST",
    path: "/v1/skill/remote/targets",
    parameters: [],
    requestBody: "ListRemoteSkillTargetsRequest",
    success: [{ status: 200, model: "ListRemoteSkillTargetsResponse" }],
    scope: { access: "admin", source: "body", references: false },
  },
  {
    operationId: "create_remote_skill_target",
    method: "POST",
    path: "/v1/skill/remote/target/create",
    parameters: [],
    requestBody: "CreateRemoteSkillTargetRequest",
    success: [{ status: 201, model: "RemoteSkillTargetEnrollment" }],
    scope: { access: "admin", source: "body", references: false },
  },
  {
    operationId: "enroll_remote_skill_target",
    method: "POST",
    path: "/v1/skill/remote/target/enroll",
    parameters: [],
    requestBody: "EnrollRemoteSkillTargetRequest",
    success: [{ status: 200, model: "RemoteSkillTargetCredential" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "rename_remote_skill_target",
    method: "POST",
    path: "/v1/skill/remote/target/rename",
    parameters: [],
    requestBody: "RenameRemoteSkillTargetRequest",
    success: [{ status: 200, model: "RemoteSkillTarget" }],
    scope: { access: "admin", source: "body", references: false },
  },
  {
    operationId: "revoke_remote_skill_target",
    method: "POST",
    path: "/v1/skill/remote/target/revoke",
    parameters: [],
    requestBody: "RevokeRemoteSkillTargetRequest",
    success: [{ status: 200, model: "RemoteSkillTarget" }],
    scope: { access: "admin", source: "body", references: false },
  },
  {
    operationId: "publish_remote_skill",
    method: "POST",
    path: "/v1/skill/remote/publication/publish",
    parameters: [],
    requestBody: "PublishRemoteSkillRequest",
    success: [{ status: 200, model: "RemoteSkillPublication" }],
    scope: { access: "admin", source: "body", references: false },
  },
  {
    operationId: "unpublish_remote_skill",
    method: "POST",
    path: "/v1/skill/remote/publication/unpublish",
    parameters: [],
    requestBody: "UnpublishRemoteSkillRequest",
    success: [{ status: 200, model: "RemoteSkillPublication" }],
    scope: { access: "admin", source: "body", references: false },
  },
  {
    operationId: "reconcile_remote_skills",
    method: "POST",
    path: "/v1/skill/remote/reconcile",
    parameters: [],
    requestBody: "ReconcileRemoteSkillsRequest",
    success: [{ status: 200, model: "ReconcileRemoteSkillsResponse" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "download_remote_skill_package",
    method: "POST",
    path: "/v1/skill/remote/package/download",
    parameters: [],
    requestBody: "DownloadRemoteSkillPackageRequest",
    success: [{ status: 200, model: "SkillPackageDownload" }],
    scope: { access: "none", source: "none", references: false },
  },
  {
    operationId: "record_remote_skill_receipt",
    method: "POST",
    path: "/v1/skill/remote/receipt",
    parameters: [],
    requestBody: "RecordRemoteSkillReceiptRequest",
    success: [{ status: 200, model: "RemoteSkillReceiptResponse" }],
    scope: { access: "none", source: "none", references: false },
  },
];

export const BY_ID: Readonly<Record<OperationId, Operation>> = Object.fromEntries(
  OPERATIONS.map((operation) => [operation.operationId, operation]),
) as Record<OperationId, Operation>;
