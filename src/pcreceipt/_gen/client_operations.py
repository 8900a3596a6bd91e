# Generated from schemas/openapi.json by codegen/generate.py (codegen/python/client_operations.py); do not edit. Regenerate with `nox -s generate`.

"""The client's operation methods, one per operation of the OpenAPI document."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, overload

from pydantic import BaseModel

from pcreceipt._gen.models import (
    AccessAuditPage,
    AccessBinding,
    AccessBindingPage,
    AccessBindingReplacement,
    AccessCheckRequest,
    AccessCheckResponse,
    AccessMeResponse,
    AccessResourcePage,
    AccessRolePage,
    AcknowledgeHandoffRequest,
    ActivateHandoffRequest,
    ApproveCandidateRequest,
    ArtifactCreated,
    ArtifactHandleBinding,
    ArtifactPage,
    ArtifactPublication,
    ArtifactRevision,
    ArtifactRevisionPage,
    ArtifactTagPage,
    ArtifactTagSet,
    AtomicMemoryLifecycleRequest,
    AtomicMemoryMutationResponse,
    AtomicMemoryRecord,
    AtomicMemoryRestorationPreview,
    AtomicMemoryRestorationPreviewRequest,
    AtomicMemoryRestorationRequest,
    AtomicMemoryRestorationResponse,
    AtomicMemoryStateView,
    BindArtifactHandleRequest,
    BootstrapContext,
    BootstrapContextRequest,
    BootstrapDeliveryReceipt,
    Candidate,
    CandidateHistory,
    CandidatePage,
    Capabilities,
    CaptureContentSourceRequest,
    CaptureContentSourceResponse,
    CaptureWorkingNoteRequest,
    ClearScopeBindingRequest,
    ClearScopeBindingResponse,
    CodeQueryRequest,
    CodeQueryResponse,
    CodeQueryResult,
    CodeRange,
    CodeStatus,
    CodeWorkspace,
    CommitConnectorCheckpointRequest,
    CommitHandoffRequest,
    CommittedHandoff,
    ConnectorCheckpointState,
    ContinueHandoffRequest,
    CreateAccessBindingRequest,
    CreateAtomicMemoryRequest,
    CreateDreamRunRequest,
    CreateExperienceRequest,
    CreateProfileRequest,
    CreatePromptRequest,
    CreateRemoteSkillTargetRequest,
    CreateScopeRequest,
    CreateSourceRequest,
    CreateSubjectSourceRequest,
    CreateSubjectSourceResponse,
    CreateTopicMemoryRequest,
    CreateWorkContractRequest,
    DownloadRemoteSkillPackageRequest,
    DreamRun,
    DreamRunPage,
    EnrollRemoteSkillTargetRequest,
    ExperienceArtifact,
    ExternalSkillResolution,
    FinalizeHandoffRequest,
    FlushMemoryRequest,
    FlushMemoryResponse,
    FlushProfileRequest,
    FlushProfileResponse,
    FlushTopicMemoryRequest,
    FlushTopicMemoryResponse,
    GenerateExperienceRequest,
    GeneratePromptDemonstrationsRequest,
    GenerateSkillRequest,
    GeneratedCandidateResponse,
    GetCandidateRequest,
    GetConnectorCheckpointRequest,
    GetExperienceRequest,
    GetHandoffReportRequest,
    GetMemoryCapacityRequest,
    GetMemoryEntryRequest,
    GetSkillPackageRequest,
    GetSkillRequest,
    GetStatsRequest,
    GetTopicMemoryProcessingBlockRequest,
    GetTopicMemoryRequest,
    HandoffAcknowledgement,
    HandoffActivation,
    HandoffCurrentWorkRequest,
    HandoffDraft,
    HandoffReportResponse,
    HandoffResolution,
    Health,
    ImportArtifactsRequest,
    ImportArtifactsResponse,
    ImportExternalSkillRequest,
    IndexCodeRequest,
    ListAccessAuditRequest,
    ListAccessBindingsRequest,
    ListAccessResourcesRequest,
    ListAccessRolesRequest,
    ListAtomicMemoryRequest,
    ListAtomicMemoryResponse,
    ListCandidatesRequest,
    ListExternalSkillsRequest,
    ListExternalSkillsResponse,
    ListManagedSkillsRequest,
    ListManagedSkillsResponse,
    ListMemoryChangesRequest,
    ListMemoryChangesResponse,
    ListMemoryEntriesRequest,
    ListMemoryEntriesResponse,
    ListRemoteSkillTargetsRequest,
    ListRemoteSkillTargetsResponse,
    MemoryCapacity,
    MergeAtomicMemoryRequest,
    PrepareContextRequest,
    PrepareHandoffHintRequest,
    PrepareHandoffRequest,
    PreparedContext,
    PreparedHandoff,
    PreparedWorkHandoff,
    ProfilePolicy,
    PromptConfiguration,
    PromptDemonstrationResult,
    ProposeExperienceRequest,
    ProposeSkillPackageRequest,
    ProposeSkillRequest,
    PublishArtifactRequest,
    PublishRemoteSkillRequest,
    PutProfilePolicyRequest,
    QueryArtifactTagsRequest,
    ReconcileRemoteSkillsRequest,
    ReconcileRemoteSkillsResponse,
    RecordBootstrapDeliveryRequest,
    RecordRemoteSkillReceiptRequest,
    RecordSkillUsageRequest,
    RecordTaskOutcomeRequest,
    RegisterSourceDefinitionRequest,
    RejectCandidateRequest,
    RememberMemoryRequest,
    RemoteSkillPublication,
    RemoteSkillReceiptResponse,
    RemoteSkillTarget,
    RemoteSkillTargetCredential,
    RemoteSkillTargetEnrollment,
    RenameRemoteSkillTargetRequest,
    ReplaceAccessBindingRequest,
    ReplaceArtifactRequest,
    ReplaceArtifactTagsRequest,
    ResolveExternalSkillRequest,
    ResolveScopeBindingRequest,
    ResolveScopeSelectionRequest,
    ResolvedScopes,
    RetireMemoryEntryRequest,
    RetryTopicMemoryProcessingRequest,
    RetryTopicMemoryProcessingResponse,
    ReviseCandidateRequest,
    ReviseMemoryEntryRequest,
    RevokeAccessBindingRequest,
    RevokeRemoteSkillTargetRequest,
    ScanExternalSkillsRequest,
    ScanExternalSkillsResponse,
    ScopeBinding,
    ScopeDescriptor,
    ScopePage,
    ScopedStats,
    SearchArtifactsRequest,
    SearchArtifactsResponse,
    SearchAtomicMemoryRequest,
    SearchAtomicMemoryResponse,
    SearchMemoryRequest,
    SearchMemoryResponse,
    SearchTopicMemoryRequest,
    SearchTopicMemoryResponse,
    ServerInfo,
    SetDefaultScopeRequest,
    SkillArtifact,
    SkillGovernance,
    SkillPackageDownload,
    SkillPackageManifest,
    SkillUsageCaptureResponse,
    SourceDefinitionManifest,
    SourceObservationReceipt,
    SourcePage,
    SourceRecord,
    SubmitSourceObservationRequest,
    TopicMemoryArtifact,
    TopicMemoryProcessingBlock,
    TopicMemoryProcessingStatus,
    TopicMemoryProcessingStatusRequest,
    UnpublishRemoteSkillRequest,
    UpdateScopeRequest,
    UpdateSkillLifecycleRequest,
    WorkSourceReceipt,
)

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Versioned(Generic[M]):
    """A response model with the ETag of what it shows (and, on create, the new head's Location)."""

    value: M
    etag: str
    location: str | None = None


class OperationMethods(ABC):
    """One method per operation; a transport implements the four abstract ones."""

    @abstractmethod
    async def _call(self, operation_id: str, model: type[M], **send: Any) -> M:
        """Send the operation; its response parsed into ``model``."""

    @abstractmethod
    async def _versioned(self, operation_id: str, model: type[M], **send: Any) -> Versioned[M] | None:
        """Send the operation; its response with its ETag, or None for a 304."""

    @abstractmethod
    async def _required(self, operation_id: str, model: type[M], **send: Any) -> Versioned[M]:
        """Send the operation; its response with its ETag."""

    @abstractmethod
    async def _call_or_text(self, operation_id: str, model: type[M], **send: Any) -> M | str:
        """Send the operation; its JSON response parsed into ``model``, or the text of a document answer."""

    async def prepare_context(self, request: PrepareContextRequest | Mapping[str, Any]) -> PreparedContext:
        """Prepare a bounded block of project history to inject, optionally with a Receipt."""
        return await self._call("prepare_context", PreparedContext, body=request)

    async def list_scopes(
        self,
        *,
        query: str | None = None,
        query_field: str | None = None,
        parent_scope_id: str | None = None,
        external_reference_kind: str | None = None,
        binding_integration: str | None = None,
        binding_kind: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> ScopePage:
        """List Scopes in scope_id order."""
        return await self._call(
            "list_scopes",
            ScopePage,
            query={
                "query": query,
                "query_field": query_field,
                "parent_scope_id": parent_scope_id,
                "external_reference_kind": external_reference_kind,
                "binding_integration": binding_integration,
                "binding_kind": binding_kind,
                "limit": limit,
                "cursor": cursor,
            },
        )

    async def create_scope(self, request: CreateScopeRequest | Mapping[str, Any]) -> ScopeDescriptor:
        """Create a Scope, or return the one created with the same idempotency key."""
        return await self._call("create_scope", ScopeDescriptor, body=request)

    async def get_default_scope(self) -> ScopeDescriptor:
        """Read the default Scope."""
        return await self._call("get_default_scope", ScopeDescriptor)

    async def set_default_scope(self, request: SetDefaultScopeRequest | Mapping[str, Any]) -> ScopeDescriptor:
        """Point the default Scope at another existing Scope."""
        return await self._call("set_default_scope", ScopeDescriptor, body=request)

    async def get_scope(self, scope_id: str) -> ScopeDescriptor:
        """Read a Scope."""
        return await self._call("get_scope", ScopeDescriptor, path={"scope_id": scope_id})

    async def update_scope(self, scope_id: str, request: UpdateScopeRequest | Mapping[str, Any]) -> ScopeDescriptor:
        """Replace a Scope's title, summary, parent and references if its version is still expected_version."""
        return await self._call("update_scope", ScopeDescriptor, path={"scope_id": scope_id}, body=request)

    async def create_artifact(
        self,
        scope_id: str,
        request: CreateAtomicMemoryRequest
        | CreateTopicMemoryRequest
        | CreateExperienceRequest
        | CreateProfileRequest
        | CreatePromptRequest
        | Mapping[str, Any]
        | None = None,
    ) -> Versioned[ArtifactCreated]:
        """Create an artifact (revision 1)."""
        return await self._required(
            "create_artifact", ArtifactCreated, path={"scope_id": scope_id}, body={} if request is None else request
        )

    async def import_artifacts(
        self, scope_id: str, request: ImportArtifactsRequest | Mapping[str, Any]
    ) -> ImportArtifactsResponse:
        """Create up to 1000 artifacts in one transaction."""
        return await self._call("import_artifacts", ImportArtifactsResponse, path={"scope_id": scope_id}, body=request)

    async def list_artifacts(
        self,
        scope_id: str,
        family: str,
        *,
        limit: int | None = None,
        cursor: str | None = None,
        tag: Sequence[str] | None = None,
        tag_match: str | None = None,
    ) -> ArtifactPage:
        """List an artifact family's current heads in a Scope, in artifact_id order."""
        return await self._call(
            "list_artifacts",
            ArtifactPage,
            path={"scope_id": scope_id, "family": family},
            query={"limit": limit, "cursor": cursor, "tag": tag, "tag_match": tag_match},
        )

    @overload
    async def get_artifact(
        self, scope_id: str, family: str, artifact_id: str, *, if_none_match: None = None
    ) -> Versioned[ArtifactRevision]: ...

    @overload
    async def get_artifact(
        self, scope_id: str, family: str, artifact_id: str, *, if_none_match: str
    ) -> Versioned[ArtifactRevision] | None: ...

    async def get_artifact(
        self, scope_id: str, family: str, artifact_id: str, *, if_none_match: str | None = None
    ) -> Versioned[ArtifactRevision] | None:
        """Read an artifact's current head revision."""
        return await self._versioned(
            "get_artifact",
            ArtifactRevision,
            path={"scope_id": scope_id, "family": family, "artifact_id": artifact_id},
            headers={**({"If-None-Match": if_none_match} if if_none_match is not None else {})},
            also=frozenset({304}),
        )

    async def replace_artifact(
        self,
        scope_id: str,
        family: str,
        artifact_id: str,
        request: ReplaceArtifactRequest | Mapping[str, Any],
        *,
        expected_etag: str,
    ) -> Versioned[ArtifactRevision]:
        """Commit a new revision, if If-Match is the current head's ETag."""
        return await self._required(
            "replace_artifact",
            ArtifactRevision,
            path={"scope_id": scope_id, "family": family, "artifact_id": artifact_id},
            headers={"If-Match": expected_etag},
            body=request,
        )

    async def search_artifacts(
        self, scope_id: str, family: str, request: SearchArtifactsRequest | Mapping[str, Any]
    ) -> SearchArtifactsResponse:
        """Search one Artifact Family in a Scope."""
        return await self._call(
            "search_artifacts", SearchArtifactsResponse, path={"scope_id": scope_id, "family": family}, body=request
        )

    async def get_artifact_revision(
        self, scope_id: str, family: str, artifact_id: str, revision: int
    ) -> ArtifactRevision:
        """Read one exact artifact revision, whatever its lifecycle; never follows a newer head or a merge target."""
        return await self._call(
            "get_artifact_revision",
            ArtifactRevision,
            path={"scope_id": scope_id, "family": family, "artifact_id": artifact_id, "revision": revision},
        )

    @overload
    async def get_atomic_memory_state(
        self, scope_id: str, artifact_id: str, *, if_none_match: None = None
    ) -> Versioned[AtomicMemoryStateView]: ...

    @overload
    async def get_atomic_memory_state(
        self, scope_id: str, artifact_id: str, *, if_none_match: str
    ) -> Versioned[AtomicMemoryStateView] | None: ...

    async def get_atomic_memory_state(
        self, scope_id: str, artifact_id: str, *, if_none_match: str | None = None
    ) -> Versioned[AtomicMemoryStateView] | None:
        """Read an atomic memory's head and lifecycle state."""
        return await self._versioned(
            "get_atomic_memory_state",
            AtomicMemoryStateView,
            path={"scope_id": scope_id, "artifact_id": artifact_id},
            headers={**({"If-None-Match": if_none_match} if if_none_match is not None else {})},
            also=frozenset({304}),
        )

    async def change_atomic_memory_lifecycle(
        self, request: AtomicMemoryLifecycleRequest | Mapping[str, Any]
    ) -> AtomicMemoryMutationResponse:
        """Forget an active memory (or, a pcreceipt extension, retire an active merge result)."""
        return await self._call("change_atomic_memory_lifecycle", AtomicMemoryMutationResponse, body=request)

    async def merge_atomic_memories(
        self, request: MergeAtomicMemoryRequest | Mapping[str, Any]
    ) -> AtomicMemoryMutationResponse:
        """Merge two or more active memories into a new one."""
        return await self._call("merge_atomic_memories", AtomicMemoryMutationResponse, body=request)

    async def preview_atomic_memory_restoration(
        self, request: AtomicMemoryRestorationPreviewRequest | Mapping[str, Any]
    ) -> AtomicMemoryRestorationPreview:
        """Preview a complete Atomic Memory restoration"""
        return await self._call("preview_atomic_memory_restoration", AtomicMemoryRestorationPreview, body=request)

    async def restore_atomic_memory(
        self, request: AtomicMemoryRestorationRequest | Mapping[str, Any]
    ) -> AtomicMemoryRestorationResponse:
        """Restore Atomic Memory content and undo dependent merges atomically"""
        return await self._call("restore_atomic_memory", AtomicMemoryRestorationResponse, body=request)

    async def get_code_workspace(self, scope_id: str) -> CodeWorkspace:
        """Read the Scope's current code workspace."""
        return await self._call("get_code_workspace", CodeWorkspace, path={"scope_id": scope_id})

    async def index_code_workspace(self, scope_id: str, request: IndexCodeRequest | Mapping[str, Any]) -> CodeWorkspace:
        """Replace the Scope's code workspace; earlier file versions stay readable."""
        return await self._call("index_code_workspace", CodeWorkspace, path={"scope_id": scope_id}, body=request)

    async def query_code(
        self, scope_id: str, request: CodeQueryRequest | Mapping[str, Any]
    ) -> CodeQueryResult | CodeStatus:
        """Query the Scope's code index (PowerContext's request): status, explore (text search) and read."""
        return (await self._call("query_code", CodeQueryResponse, path={"scope_id": scope_id}, body=request)).root

    async def read_code(
        self, scope_id: str, fingerprint: str, file_sha256: str, *, path: str, start_line: int, end_line: int
    ) -> CodeRange:
        """Read an exact line range (at most 200 lines) of one file version."""
        return await self._call(
            "read_code",
            CodeRange,
            path={"scope_id": scope_id, "fingerprint": fingerprint, "file_sha256": file_sha256},
            query={"path": path, "start_line": start_line, "end_line": end_line},
        )

    async def get_liveness(self) -> Health:
        """Whether the process is up."""
        return await self._call("get_liveness", Health)

    async def get_readiness(self) -> Health:
        """Whether the store answers."""
        return await self._call("get_readiness", Health, also=frozenset({503}))

    async def resolve_scope_binding(
        self, request: ResolveScopeBindingRequest | Mapping[str, Any] | None = None
    ) -> ScopeDescriptor:
        """Resolve which Scope a host works in."""
        return await self._call("resolve_scope_binding", ScopeDescriptor, body={} if request is None else request)

    async def set_scope_binding(self, request: ScopeBinding | Mapping[str, Any]) -> ScopeBinding:
        """Bind a host key to a Scope (the last write wins)."""
        return await self._call("set_scope_binding", ScopeBinding, body=request)

    async def clear_scope_binding(
        self, request: ClearScopeBindingRequest | Mapping[str, Any]
    ) -> ClearScopeBindingResponse:
        """Remove the binding of one host key."""
        return await self._call("clear_scope_binding", ClearScopeBindingResponse, body=request)

    async def get_capabilities(self) -> Capabilities:
        """What the assembled runtime can do: retrieval modes, families, context versions; features pcreceipt lacks are reported false or empty."""
        return await self._call("get_capabilities", Capabilities)

    async def get_server_info(self) -> ServerInfo:
        """The deployment's stable identity (server_id, kept in the store) and protocol versions."""
        return await self._call("get_server_info", ServerInfo)

    async def prepare_bootstrap_context(self, request: BootstrapContextRequest | Mapping[str, Any]) -> BootstrapContext:
        """The opt-in bootstrap package of one host lifecycle event. pcreceipt has no curated bootstrap items yet: disabled requests are skipped (disabled), enabled ones empty (no_eligible_context); a request with an event_id keeps one receipt per event."""
        return await self._call("prepare_bootstrap_context", BootstrapContext, body=request)

    async def record_bootstrap_delivery(
        self, request: RecordBootstrapDeliveryRequest | Mapping[str, Any]
    ) -> BootstrapDeliveryReceipt:
        """Record a bootstrap delivery outcome: a pending receipt moves to it once; injected on any other receipt, and an unknown receipt, are invalid_request (422)."""
        return await self._call("record_bootstrap_delivery", BootstrapDeliveryReceipt, body=request)

    async def flush_memory(self, request: FlushMemoryRequest | Mapping[str, Any]) -> FlushMemoryResponse:
        """Extract Atomic Memory from the Scope's pending Sources, in position order."""
        return await self._call("flush_memory", FlushMemoryResponse, body=request)

    async def capture_content_source(
        self, request: CaptureContentSourceRequest | Mapping[str, Any]
    ) -> CaptureContentSourceResponse:
        """Capture content as an immutable Content Source."""
        return await self._call("capture_content_source", CaptureContentSourceResponse, body=request)

    async def capture_working_note(
        self, request: CaptureWorkingNoteRequest | Mapping[str, Any]
    ) -> CaptureContentSourceResponse:
        """Capture a session-local Working Note as a Source."""
        return await self._call("capture_working_note", CaptureContentSourceResponse, body=request)

    async def get_stats(self, request: GetStatsRequest | Mapping[str, Any]) -> ScopedStats:
        """Statistics over a Scope selection."""
        return await self._call("get_stats", ScopedStats, body=request)

    async def resolve_scope_selection(
        self, request: ResolveScopeSelectionRequest | Mapping[str, Any]
    ) -> ResolvedScopes:
        """Resolve a Scope selection to the Scopes it names."""
        return await self._call("resolve_scope_selection", ResolvedScopes, body=request)

    async def get_handoff_report(
        self, request: GetHandoffReportRequest | Mapping[str, Any]
    ) -> HandoffReportResponse | str:
        """The Handoff Report of a Scope selection."""
        return await self._call_or_text("get_handoff_report", HandoffReportResponse, body=request)

    async def remember_memory(self, request: RememberMemoryRequest | Mapping[str, Any]) -> AtomicMemoryMutationResponse:
        """Remember a text as a new Atomic Memory."""
        return await self._call("remember_memory", AtomicMemoryMutationResponse, body=request)

    async def search_memory(self, request: SearchMemoryRequest | Mapping[str, Any]) -> SearchMemoryResponse:
        """Search the Scope's active Atomic Memory."""
        return await self._call("search_memory", SearchMemoryResponse, body=request)

    async def search_atomic_memory(
        self, request: SearchAtomicMemoryRequest | Mapping[str, Any]
    ) -> SearchAtomicMemoryResponse:
        """Search the Scope's active Atomic Memory, optionally of one kind."""
        return await self._call("search_atomic_memory", SearchAtomicMemoryResponse, body=request)

    async def list_atomic_memories(
        self, request: ListAtomicMemoryRequest | Mapping[str, Any]
    ) -> ListAtomicMemoryResponse:
        """List the Scope's Atomic Memory heads by lifecycle state and kind."""
        return await self._call("list_atomic_memories", ListAtomicMemoryResponse, body=request)

    async def list_memory_entries(
        self, request: ListMemoryEntriesRequest | Mapping[str, Any]
    ) -> ListMemoryEntriesResponse:
        """List the Scope's Atomic Memory through the legacy inventory request."""
        return await self._call("list_memory_entries", ListMemoryEntriesResponse, body=request)

    async def get_memory_entry(self, request: GetMemoryEntryRequest | Mapping[str, Any]) -> AtomicMemoryRecord:
        """Read the Atomic Memory a legacy Memory entry was migrated to."""
        return await self._call("get_memory_entry", AtomicMemoryRecord, body=request)

    async def search_topic_memory(
        self, request: SearchTopicMemoryRequest | Mapping[str, Any]
    ) -> SearchTopicMemoryResponse:
        """Search the Scope's current Topic Memory."""
        return await self._call("search_topic_memory", SearchTopicMemoryResponse, body=request)

    async def get_topic_memory(self, request: GetTopicMemoryRequest | Mapping[str, Any]) -> TopicMemoryArtifact:
        """Read one exact Topic Memory revision."""
        return await self._call("get_topic_memory", TopicMemoryArtifact, body=request)

    async def list_artifact_revisions(
        self, scope_id: str, family: str, artifact_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> ArtifactRevisionPage:
        """List an artifact's revisions, newest first."""
        return await self._call(
            "list_artifact_revisions",
            ArtifactRevisionPage,
            path={"scope_id": scope_id, "family": family, "artifact_id": artifact_id},
            query={"limit": limit, "cursor": cursor},
        )

    @overload
    async def get_artifact_tags(
        self, scope_id: str, family: str, artifact_id: str, *, if_none_match: None = None
    ) -> Versioned[ArtifactTagSet]: ...

    @overload
    async def get_artifact_tags(
        self, scope_id: str, family: str, artifact_id: str, *, if_none_match: str
    ) -> Versioned[ArtifactTagSet] | None: ...

    async def get_artifact_tags(
        self, scope_id: str, family: str, artifact_id: str, *, if_none_match: str | None = None
    ) -> Versioned[ArtifactTagSet] | None:
        """Read an artifact's tags."""
        return await self._versioned(
            "get_artifact_tags",
            ArtifactTagSet,
            path={"scope_id": scope_id, "family": family, "artifact_id": artifact_id},
            headers={**({"If-None-Match": if_none_match} if if_none_match is not None else {})},
            also=frozenset({304}),
        )

    async def replace_artifact_tags(
        self,
        scope_id: str,
        family: str,
        artifact_id: str,
        request: ReplaceArtifactTagsRequest | Mapping[str, Any],
        *,
        expected_etag: str,
    ) -> Versioned[ArtifactTagSet]:
        """Replace an artifact's tags, if If-Match is the current tag ETag."""
        return await self._required(
            "replace_artifact_tags",
            ArtifactTagSet,
            path={"scope_id": scope_id, "family": family, "artifact_id": artifact_id},
            headers={"If-Match": expected_etag},
            body=request,
        )

    async def query_artifact_tags(
        self, scope_id: str, request: QueryArtifactTagsRequest | Mapping[str, Any]
    ) -> ArtifactTagPage:
        """Find the Scope's artifacts by their tags."""
        return await self._call("query_artifact_tags", ArtifactTagPage, path={"scope_id": scope_id}, body=request)

    async def publish_artifact(self, request: PublishArtifactRequest | Mapping[str, Any]) -> ArtifactPublication:
        """Publish one exact Artifact revision into another Scope"""
        return await self._call("publish_artifact", ArtifactPublication, body=request)

    async def create_work_contract(self, request: CreateWorkContractRequest | Mapping[str, Any]) -> WorkSourceReceipt:
        """Record a grounded Work Contract."""
        return await self._call("create_work_contract", WorkSourceReceipt, body=request)

    async def record_task_outcome(self, request: RecordTaskOutcomeRequest | Mapping[str, Any]) -> WorkSourceReceipt:
        """Record a completion-aware Task Outcome."""
        return await self._call("record_task_outcome", WorkSourceReceipt, body=request)

    async def finalize_handoff(self, request: FinalizeHandoffRequest | Mapping[str, Any]) -> PreparedHandoff:
        """Finalize an inspected Handoff draft."""
        return await self._call("finalize_handoff", PreparedHandoff, body=request)

    async def prepare_handoff(self, request: PrepareHandoffRequest | Mapping[str, Any]) -> HandoffDraft:
        """Generate an inspectable Handoff draft from exact evidence."""
        return await self._call("prepare_handoff", HandoffDraft, body=request)

    async def activate_handoff(self, request: ActivateHandoffRequest | Mapping[str, Any]) -> HandoffActivation:
        """Generate a Handoff draft at a Source boundary, once per boundary."""
        return await self._call("activate_handoff", HandoffActivation, body=request)

    async def commit_handoff(self, request: CommitHandoffRequest | Mapping[str, Any]) -> CommittedHandoff:
        """Commit a prepared Handoff as a durable milestone."""
        return await self._call("commit_handoff", CommittedHandoff, body=request)

    async def continue_handoff(self, request: ContinueHandoffRequest | Mapping[str, Any]) -> HandoffResolution:
        """Resolve a Handoff as untrusted history."""
        return await self._call("continue_handoff", HandoffResolution, body=request)

    async def handoff_current_work(self, request: HandoffCurrentWorkRequest | Mapping[str, Any]) -> PreparedWorkHandoff:
        """Hand off current work in one step."""
        return await self._call("handoff_current_work", PreparedWorkHandoff, body=request)

    async def acknowledge_handoff(
        self, request: AcknowledgeHandoffRequest | Mapping[str, Any]
    ) -> HandoffAcknowledgement:
        """Resolve and acknowledge a Handoff."""
        return await self._call("acknowledge_handoff", HandoffAcknowledgement, body=request)

    async def prepare_handoff_hint(self, request: PrepareHandoffHintRequest | Mapping[str, Any]) -> PreparedContext:
        """Prepare a compact continuity hint from a selected Handoff."""
        return await self._call("prepare_handoff_hint", PreparedContext, body=request)

    async def propose_experience(self, request: ProposeExperienceRequest | Mapping[str, Any]) -> Candidate:
        """Propose an Experience for review."""
        return await self._call("propose_experience", Candidate, body=request)

    async def get_experience(self, request: GetExperienceRequest | Mapping[str, Any]) -> ExperienceArtifact:
        """Read an exact Experience revision."""
        return await self._call("get_experience", ExperienceArtifact, body=request)

    async def propose_skill(self, request: ProposeSkillRequest | Mapping[str, Any]) -> Candidate:
        """Propose a managed Skill for review."""
        return await self._call("propose_skill", Candidate, body=request)

    async def get_skill(self, request: GetSkillRequest | Mapping[str, Any]) -> SkillArtifact:
        """Read an exact managed Skill revision."""
        return await self._call("get_skill", SkillArtifact, body=request)

    async def list_managed_skills(
        self, request: ListManagedSkillsRequest | Mapping[str, Any]
    ) -> ListManagedSkillsResponse:
        """List or search the current managed Skills."""
        return await self._call("list_managed_skills", ListManagedSkillsResponse, body=request)

    async def list_candidates(self, request: ListCandidatesRequest | Mapping[str, Any]) -> CandidatePage:
        """List candidates in one review state."""
        return await self._call("list_candidates", CandidatePage, body=request)

    async def get_candidate(self, request: GetCandidateRequest | Mapping[str, Any]) -> Candidate:
        """Read a candidate."""
        return await self._call("get_candidate", Candidate, body=request)

    async def get_candidate_history(self, request: GetCandidateRequest | Mapping[str, Any]) -> CandidateHistory:
        """Read every proposal version of a candidate."""
        return await self._call("get_candidate_history", CandidateHistory, body=request)

    async def approve_candidate(self, request: ApproveCandidateRequest | Mapping[str, Any]) -> Candidate:
        """Approve a candidate."""
        return await self._call("approve_candidate", Candidate, body=request)

    async def reject_candidate(self, request: RejectCandidateRequest | Mapping[str, Any]) -> Candidate:
        """Reject a candidate."""
        return await self._call("reject_candidate", Candidate, body=request)

    async def revise_candidate(self, request: ReviseCandidateRequest | Mapping[str, Any]) -> Candidate:
        """Revise a candidate."""
        return await self._call("revise_candidate", Candidate, body=request)

    async def generate_experience(
        self, request: GenerateExperienceRequest | Mapping[str, Any]
    ) -> GeneratedCandidateResponse:
        """Generate an Experience candidate."""
        return await self._call("generate_experience", GeneratedCandidateResponse, body=request)

    async def generate_skill(self, request: GenerateSkillRequest | Mapping[str, Any]) -> GeneratedCandidateResponse:
        """Generate a managed Skill candidate."""
        return await self._call("generate_skill", GeneratedCandidateResponse, body=request)

    async def get_memory_capacity(self, request: GetMemoryCapacityRequest | Mapping[str, Any]) -> MemoryCapacity:
        """Legacy Memory collection capacity (unsupported)."""
        return await self._call("get_memory_capacity", MemoryCapacity, body=request)

    async def revise_memory_entry(
        self, request: ReviseMemoryEntryRequest | Mapping[str, Any]
    ) -> AtomicMemoryMutationResponse:
        """Revise a legacy Memory entry by citation (unsupported)."""
        return await self._call("revise_memory_entry", AtomicMemoryMutationResponse, body=request)

    async def retire_memory_entry(
        self, request: RetireMemoryEntryRequest | Mapping[str, Any]
    ) -> AtomicMemoryMutationResponse:
        """Retire a legacy Memory entry by citation (unsupported)."""
        return await self._call("retire_memory_entry", AtomicMemoryMutationResponse, body=request)

    async def list_memory_changes(
        self, request: ListMemoryChangesRequest | Mapping[str, Any]
    ) -> ListMemoryChangesResponse:
        """Continuous legacy Memory collection changes (unsupported)."""
        return await self._call("list_memory_changes", ListMemoryChangesResponse, body=request)

    @overload
    async def get_memory_entry_tags(
        self, scope_id: str, artifact_id: str, entry_id: str, *, if_none_match: None = None
    ) -> Versioned[ArtifactTagSet]: ...

    @overload
    async def get_memory_entry_tags(
        self, scope_id: str, artifact_id: str, entry_id: str, *, if_none_match: str
    ) -> Versioned[ArtifactTagSet] | None: ...

    async def get_memory_entry_tags(
        self, scope_id: str, artifact_id: str, entry_id: str, *, if_none_match: str | None = None
    ) -> Versioned[ArtifactTagSet] | None:
        """Read a legacy Memory entry's tags (unsupported)."""
        return await self._versioned(
            "get_memory_entry_tags",
            ArtifactTagSet,
            path={"scope_id": scope_id, "artifact_id": artifact_id, "entry_id": entry_id},
            headers={**({"If-None-Match": if_none_match} if if_none_match is not None else {})},
            also=frozenset({304}),
        )

    async def replace_memory_entry_tags(
        self,
        scope_id: str,
        artifact_id: str,
        entry_id: str,
        request: ReplaceArtifactTagsRequest | Mapping[str, Any],
        *,
        expected_etag: str,
    ) -> Versioned[ArtifactTagSet]:
        """Replace a legacy Memory entry's tags (unsupported)."""
        return await self._required(
            "replace_memory_entry_tags",
            ArtifactTagSet,
            path={"scope_id": scope_id, "artifact_id": artifact_id, "entry_id": entry_id},
            headers={"If-Match": expected_etag},
            body=request,
        )

    async def resolve_artifact_handle(self, scope_id: str, family: str, key: str) -> ArtifactHandleBinding:
        """Resolve a stable artifact handle to the exact revision it is bound to."""
        return await self._call(
            "resolve_artifact_handle", ArtifactHandleBinding, path={"scope_id": scope_id, "family": family, "key": key}
        )

    async def bind_artifact_handle(
        self, scope_id: str, family: str, key: str, request: BindArtifactHandleRequest | Mapping[str, Any]
    ) -> ArtifactHandleBinding:
        """Bind a stable artifact handle to an exact revision, once and for ever."""
        return await self._call(
            "bind_artifact_handle",
            ArtifactHandleBinding,
            path={"scope_id": scope_id, "family": family, "key": key},
            body=request,
        )

    async def get_connector_checkpoint(
        self, request: GetConnectorCheckpointRequest | Mapping[str, Any]
    ) -> ConnectorCheckpointState:
        """Read a Connector binding's checkpoint."""
        return await self._call("get_connector_checkpoint", ConnectorCheckpointState, body=request)

    async def commit_connector_checkpoint(
        self, request: CommitConnectorCheckpointRequest | Mapping[str, Any]
    ) -> ConnectorCheckpointState:
        """Commit a Connector binding's checkpoint, if expected is still its value."""
        return await self._call("commit_connector_checkpoint", ConnectorCheckpointState, body=request)

    async def get_prompt_configuration(self, scope_id: str, prompt_key: str) -> PromptConfiguration:
        """Read a prompt key's saved configuration and built-in instructions."""
        return await self._call(
            "get_prompt_configuration", PromptConfiguration, path={"scope_id": scope_id, "prompt_key": prompt_key}
        )

    async def get_profile_policy(self, scope_id: str) -> ProfilePolicy:
        """Read the Scope's Profile policy."""
        return await self._call("get_profile_policy", ProfilePolicy, path={"scope_id": scope_id})

    async def put_profile_policy(
        self, scope_id: str, request: PutProfilePolicyRequest | Mapping[str, Any]
    ) -> ProfilePolicy:
        """Configure the Scope's Profile policy."""
        return await self._call("put_profile_policy", ProfilePolicy, path={"scope_id": scope_id}, body=request)

    async def flush_profile(self, request: FlushProfileRequest | Mapping[str, Any]) -> FlushProfileResponse:
        """Process one Profile Source window."""
        return await self._call("flush_profile", FlushProfileResponse, body=request)

    async def get_topic_memory_processing_status(
        self, request: TopicMemoryProcessingStatusRequest | Mapping[str, Any]
    ) -> TopicMemoryProcessingStatus:
        """Inspect the Scope's Topic Memory processing."""
        return await self._call("get_topic_memory_processing_status", TopicMemoryProcessingStatus, body=request)

    async def get_topic_memory_processing_block(
        self, request: GetTopicMemoryProcessingBlockRequest | Mapping[str, Any]
    ) -> TopicMemoryProcessingBlock:
        """Read one retained Topic Memory processing block."""
        return await self._call("get_topic_memory_processing_block", TopicMemoryProcessingBlock, body=request)

    async def generate_prompt_demonstrations(
        self, scope_id: str, prompt_key: str, request: GeneratePromptDemonstrationsRequest | Mapping[str, Any]
    ) -> PromptDemonstrationResult:
        """Generate editable prompt demonstrations without saving them."""
        return await self._call(
            "generate_prompt_demonstrations",
            PromptDemonstrationResult,
            path={"scope_id": scope_id, "prompt_key": prompt_key},
            body=request,
        )

    async def flush_topic_memory(
        self, request: FlushTopicMemoryRequest | Mapping[str, Any]
    ) -> FlushTopicMemoryResponse:
        """Request asynchronous Topic Memory processing."""
        return await self._call("flush_topic_memory", FlushTopicMemoryResponse, body=request)

    async def retry_topic_memory_processing(
        self, request: RetryTopicMemoryProcessingRequest | Mapping[str, Any]
    ) -> RetryTopicMemoryProcessingResponse:
        """Explicitly retry one observed Topic Memory block."""
        return await self._call("retry_topic_memory_processing", RetryTopicMemoryProcessingResponse, body=request)

    async def list_sources(self, scope_id: str, *, limit: int | None = None, cursor: str | None = None) -> SourcePage:
        """List a Scope's Sources in ascending position."""
        return await self._call(
            "list_sources", SourcePage, path={"scope_id": scope_id}, query={"limit": limit, "cursor": cursor}
        )

    async def create_source(self, scope_id: str, request: CreateSourceRequest | Mapping[str, Any]) -> SourceRecord:
        """Create a Source."""
        return await self._call("create_source", SourceRecord, path={"scope_id": scope_id}, body=request)

    async def get_source(self, scope_id: str, source_type: str, source_id: str) -> SourceRecord:
        """Read one exact Source."""
        return await self._call(
            "get_source", SourceRecord, path={"scope_id": scope_id, "source_type": source_type, "source_id": source_id}
        )

    async def create_subject_source(
        self, scope_id: str, request: CreateSubjectSourceRequest | Mapping[str, Any]
    ) -> CreateSubjectSourceResponse:
        """Write one Source to a business Scope and to its subject's Scope at once."""
        return await self._call(
            "create_subject_source", CreateSubjectSourceResponse, path={"scope_id": scope_id}, body=request
        )

    async def register_source_definition(
        self, request: RegisterSourceDefinitionRequest | Mapping[str, Any]
    ) -> SourceDefinitionManifest:
        """Register a worker-owned Source Definition manifest."""
        return await self._call("register_source_definition", SourceDefinitionManifest, body=request)

    async def submit_source_observation(
        self, request: SubmitSourceObservationRequest | Mapping[str, Any]
    ) -> SourceObservationReceipt:
        """Submit a worker-materialised Source observation."""
        return await self._call("submit_source_observation", SourceObservationReceipt, body=request)

    async def get_access_principal(self) -> AccessMeResponse:
        """The authenticated Principal (the caller's token) and what access control offers."""
        return await self._call("get_access_principal", AccessMeResponse)

    async def list_access_roles(
        self, request: ListAccessRolesRequest | Mapping[str, Any] | None = None
    ) -> AccessRolePage:
        """The roles Bindings can give."""
        return await self._call("list_access_roles", AccessRolePage, body={} if request is None else request)

    async def list_access_resources(
        self, request: ListAccessResourcesRequest | Mapping[str, Any]
    ) -> AccessResourcePage:
        """The resources of one type the caller may act on."""
        return await self._call("list_access_resources", AccessResourcePage, body=request)

    async def list_access_bindings(self, request: ListAccessBindingsRequest | Mapping[str, Any]) -> AccessBindingPage:
        """The Bindings under a resource the caller administers."""
        return await self._call("list_access_bindings", AccessBindingPage, body=request)

    async def create_access_binding(self, request: CreateAccessBindingRequest | Mapping[str, Any]) -> AccessBinding:
        """Give a token a role on a Scope or the server."""
        return await self._call("create_access_binding", AccessBinding, body=request)

    async def revoke_access_binding(self, request: RevokeAccessBindingRequest | Mapping[str, Any]) -> AccessBinding:
        """Revoke a Binding at the version the caller read."""
        return await self._call("revoke_access_binding", AccessBinding, body=request)

    async def replace_access_binding(
        self, request: ReplaceAccessBindingRequest | Mapping[str, Any]
    ) -> AccessBindingReplacement:
        """Revoke a Binding and give its role on its resource to another subject, at once."""
        return await self._call("replace_access_binding", AccessBindingReplacement, body=request)

    async def list_access_audit(self, request: ListAccessAuditRequest | Mapping[str, Any]) -> AccessAuditPage:
        """The access audit: every refusal and every granted write."""
        return await self._call("list_access_audit", AccessAuditPage, body=request)

    async def check_access(self, request: AccessCheckRequest | Mapping[str, Any]) -> AccessCheckResponse:
        """Whether the caller may do what the requirements name, as its requests would be decided."""
        return await self._call("check_access", AccessCheckResponse, body=request)

    async def scan_external_skills(
        self, request: ScanExternalSkillsRequest | Mapping[str, Any]
    ) -> ScanExternalSkillsResponse:
        """Scan the configured external Skill registry directory."""
        return await self._call("scan_external_skills", ScanExternalSkillsResponse, body=request)

    async def list_external_skills(
        self, request: ListExternalSkillsRequest | Mapping[str, Any]
    ) -> ListExternalSkillsResponse:
        """List the Scope's external Skills, resolved now."""
        return await self._call("list_external_skills", ListExternalSkillsResponse, body=request)

    async def resolve_external_skill(
        self, request: ResolveExternalSkillRequest | Mapping[str, Any]
    ) -> ExternalSkillResolution:
        """Resolve one external Skill at an exact fingerprint."""
        return await self._call("resolve_external_skill", ExternalSkillResolution, body=request)

    async def import_external_skill(
        self, request: ImportExternalSkillRequest | Mapping[str, Any]
    ) -> GeneratedCandidateResponse:
        """Import or fork an exact external Skill into review."""
        return await self._call("import_external_skill", GeneratedCandidateResponse, body=request)

    async def propose_skill_package(self, request: ProposeSkillPackageRequest | Mapping[str, Any]) -> Candidate:
        """Propose an uploaded standard Skill package for review."""
        return await self._call("propose_skill_package", Candidate, body=request)

    async def get_skill_package_manifest(
        self, request: GetSkillPackageRequest | Mapping[str, Any]
    ) -> SkillPackageManifest:
        """Read an approved managed Skill's package manifest."""
        return await self._call("get_skill_package_manifest", SkillPackageManifest, body=request)

    async def download_skill_package(self, request: GetSkillPackageRequest | Mapping[str, Any]) -> SkillPackageDownload:
        """Download an approved managed Skill's package."""
        return await self._call("download_skill_package", SkillPackageDownload, body=request)

    async def list_dream_runs(
        self,
        scope_id: str,
        *,
        status: str | None = None,
        operation: str | None = None,
        cursor: str | None = None,
        limit: int | None = None,
    ) -> DreamRunPage:
        """List Artifact Dreams"""
        return await self._call(
            "list_dream_runs",
            DreamRunPage,
            path={"scope_id": scope_id},
            query={"status": status, "operation": operation, "cursor": cursor, "limit": limit},
        )

    async def create_dream_run(self, scope_id: str, request: CreateDreamRunRequest | Mapping[str, Any]) -> DreamRun:
        """Create an asynchronous Artifact Dream"""
        return await self._call(
            "create_dream_run", DreamRun, path={"scope_id": scope_id}, body=request, also=frozenset({202})
        )

    async def get_dream_run(self, scope_id: str, run_id: str) -> DreamRun:
        """Get an Artifact Dream"""
        return await self._call("get_dream_run", DreamRun, path={"scope_id": scope_id, "run_id": run_id})

    async def update_skill_lifecycle(self, request: UpdateSkillLifecycleRequest | Mapping[str, Any]) -> SkillGovernance:
        """Change a managed Skill's lifecycle state."""
        return await self._call("update_skill_lifecycle", SkillGovernance, body=request)

    async def record_skill_usage(
        self, request: RecordSkillUsageRequest | Mapping[str, Any]
    ) -> SkillUsageCaptureResponse:
        """Record a bounded managed Skill usage observation."""
        return await self._call("record_skill_usage", SkillUsageCaptureResponse, body=request)

    async def list_remote_skill_targets(
        self, request: ListRemoteSkillTargetsRequest | Mapping[str, Any]
    ) -> ListRemoteSkillTargetsResponse:
        """List a Scope's remote Agent Skill targets with their publications."""
        return await self._call("list_remote_skill_targets", ListRemoteSkillTargetsResponse, body=request)

    async def create_remote_skill_target(
        self, request: CreateRemoteSkillTargetRequest | Mapping[str, Any]
    ) -> RemoteSkillTargetEnrollment:
        """Create a pending remote Agent Skill target and its enrollment code."""
        return await self._call("create_remote_skill_target", RemoteSkillTargetEnrollment, body=request)

    async def enroll_remote_skill_target(
        self, request: EnrollRemoteSkillTargetRequest | Mapping[str, Any]
    ) -> RemoteSkillTargetCredential:
        """Enroll a remote Agent Skill Receiver with its enrollment code."""
        return await self._call("enroll_remote_skill_target", RemoteSkillTargetCredential, body=request)

    async def rename_remote_skill_target(
        self, request: RenameRemoteSkillTargetRequest | Mapping[str, Any]
    ) -> RemoteSkillTarget:
        """Rename a remote Agent Skill target at the generation read."""
        return await self._call("rename_remote_skill_target", RemoteSkillTarget, body=request)

    async def revoke_remote_skill_target(
        self, request: RevokeRemoteSkillTargetRequest | Mapping[str, Any]
    ) -> RemoteSkillTarget:
        """Revoke a remote Agent Skill target at the generation read."""
        return await self._call("revoke_remote_skill_target", RemoteSkillTarget, body=request)

    async def publish_remote_skill(
        self, request: PublishRemoteSkillRequest | Mapping[str, Any]
    ) -> RemoteSkillPublication:
        """Make an exact managed Skill revision a remote target's desired state."""
        return await self._call("publish_remote_skill", RemoteSkillPublication, body=request)

    async def unpublish_remote_skill(
        self, request: UnpublishRemoteSkillRequest | Mapping[str, Any]
    ) -> RemoteSkillPublication:
        """Make a Skill's absence a remote target's desired state."""
        return await self._call("unpublish_remote_skill", RemoteSkillPublication, body=request)

    async def reconcile_remote_skills(
        self, request: ReconcileRemoteSkillsRequest | Mapping[str, Any]
    ) -> ReconcileRemoteSkillsResponse:
        """Reconcile a remote Agent Skill target: its latest-generation actions."""
        return await self._call("reconcile_remote_skills", ReconcileRemoteSkillsResponse, body=request)

    async def download_remote_skill_package(
        self, request: DownloadRemoteSkillPackageRequest | Mapping[str, Any]
    ) -> SkillPackageDownload:
        """Download the exact package a remote target's publication desires."""
        return await self._call("download_remote_skill_package", SkillPackageDownload, body=request)

    async def record_remote_skill_receipt(
        self, request: RecordRemoteSkillReceiptRequest | Mapping[str, Any]
    ) -> RemoteSkillReceiptResponse:
        """Record a remote target's Receipt for one action."""
        return await self._call("record_remote_skill_receipt", RemoteSkillReceiptResponse, body=request)
