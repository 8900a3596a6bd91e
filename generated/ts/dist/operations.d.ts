// Generated from generated/ts/src/operations.ts by TypeScript 5.9.3 (tsc); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

/** The operation table of the pcreceipt HTTP API (schemas/openapi.json). */
/** The contract this package was generated from (OpenAPI info.version); get_server_info's
 * api_contract_version is its major.minor. */
export declare const CONTRACT_VERSION = "3.1.0";
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
export type OperationId = "prepare_context" | "list_scopes" | "create_scope" | "get_default_scope" | "set_default_scope" | "get_scope" | "update_scope" | "create_artifact" | "import_artifacts" | "list_artifacts" | "get_artifact" | "replace_artifact" | "search_artifacts" | "get_artifact_revision" | "get_atomic_memory_state" | "change_atomic_memory_lifecycle" | "merge_atomic_memories" | "preview_atomic_memory_restoration" | "restore_atomic_memory" | "get_code_workspace" | "index_code_workspace" | "query_code" | "read_code" | "get_liveness" | "get_readiness" | "resolve_scope_binding" | "set_scope_binding" | "clear_scope_binding" | "get_capabilities" | "get_server_info" | "prepare_bootstrap_context" | "record_bootstrap_delivery" | "flush_memory" | "capture_content_source" | "capture_working_note" | "get_stats" | "resolve_scope_selection" | "get_handoff_report" | "remember_memory" | "search_memory" | "search_atomic_memory" | "list_atomic_memories" | "list_memory_entries" | "get_memory_entry" | "search_topic_memory" | "get_topic_memory" | "list_artifact_revisions" | "get_artifact_tags" | "replace_artifact_tags" | "query_artifact_tags" | "publish_artifact" | "create_work_contract" | "record_task_outcome" | "finalize_handoff" | "prepare_handoff" | "activate_handoff" | "commit_handoff" | "continue_handoff" | "handoff_current_work" | "acknowledge_handoff" | "prepare_handoff_hint" | "propose_experience" | "get_experience" | "propose_skill" | "get_skill" | "list_managed_skills" | "list_candidates" | "get_candidate" | "get_candidate_history" | "approve_candidate" | "reject_candidate" | "revise_candidate" | "generate_experience" | "generate_skill" | "get_memory_capacity" | "revise_memory_entry" | "retire_memory_entry" | "list_memory_changes" | "get_memory_entry_tags" | "replace_memory_entry_tags" | "resolve_artifact_handle" | "bind_artifact_handle" | "get_connector_checkpoint" | "commit_connector_checkpoint" | "get_prompt_configuration" | "get_profile_policy" | "put_profile_policy" | "flush_profile" | "get_topic_memory_processing_status" | "get_topic_memory_processing_block" | "generate_prompt_demonstrations" | "flush_topic_memory" | "retry_topic_memory_processing" | "list_sources" | "create_source" | "get_source" | "create_subject_source" | "register_source_definition" | "submit_source_observation" | "get_access_principal" | "list_access_roles" | "list_access_resources" | "list_access_bindings" | "create_access_binding" | "revoke_access_binding" | "replace_access_binding" | "list_access_audit" | "check_access" | "scan_external_skills" | "list_external_skills" | "resolve_external_skill" | "import_external_skill" | "propose_skill_package" | "get_skill_package_manifest" | "download_skill_package" | "list_dream_runs" | "create_dream_run" | "get_dream_run" | "update_skill_lifecycle" | "record_skill_usage" | "list_remote_skill_targets" | "create_remote_skill_target" | "enroll_remote_skill_target" | "rename_remote_skill_target" | "revoke_remote_skill_target" | "publish_remote_skill" | "unpublish_remote_skill" | "reconcile_remote_skills" | "download_remote_skill_package" | "record_remote_skill_receipt";
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
export declare const OPERATIONS: readonly Operation[];
export declare const BY_ID: Readonly<Record<OperationId, Operation>>;
