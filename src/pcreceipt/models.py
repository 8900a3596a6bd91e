"""The generated contract's one public face: its models, its operation table and its limits.

Everything here is generated from schemas/ into the private ``pcreceipt._gen`` (see
generated/README.md); import it from here, never from ``pcreceipt._gen``.

``limits`` is the module of contract facts: every bound, default, constant and enumeration the
schemas state, one named constant each (``limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT``,
``limits.OmissionReason``; the naming scheme is in codegen/README.md). Hand-written code reads a
limit from there instead of typing its number (tests/contract/test_no_typed_limits.py).

The models (and the client's operation methods) are imported on first use: building the
contract's ~480 pydantic classes takes about 0.35 s of CPU, which a server and most local
commands never spend (they read ``limits``, ``bodies`` and the operation table, which load at once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pcreceipt._gen import bodies, limits
from pcreceipt._gen.operations import BY_ID, OPERATIONS, Operation

if TYPE_CHECKING:
    from pydantic import Field

    from pcreceipt._gen.client_operations import OperationMethods, Versioned
    from pcreceipt._gen.models import (
        ArtifactAddress,
        ArtifactCollectionItem,
        ArtifactCreated,
        ArtifactPage,
        ArtifactReference,
        ArtifactRevision,
        ArtifactRevisionPage,
        ArtifactTagSet,
        ArtifactTagTarget,
        AssemblySection,
        AtomicMemoryContent,
        AtomicMemoryCreation,
        AtomicMemoryLifecycleRequest,
        AtomicMemoryMutationResponse,
        AtomicMemoryRecord,
        AtomicMemorySearchHit,
        AtomicMemoryStateView,
        BootstrapContext,
        BootstrapContextRequest,
        BootstrapDeliveryReceipt,
        Capabilities,
        CaptureContentSourceRequest,
        CaptureContentSourceResponse,
        CaptureWorkingNoteRequest,
        ClearScopeBindingRequest,
        ClearScopeBindingResponse,
        CodeEvidenceRef,
        CodeQueryItem,
        CodeQueryRequest,
        CodeQueryResponse,
        CodeQueryResult,
        CodeRange,
        CodeSelectedItem,
        CodeStatus,
        CodeWorkspace,
        ContextAssembly,
        CreateAtomicMemoryRequest,
        CreateExperienceRequest,
        CreateProfileRequest,
        CreatePromptRequest,
        CreateScopeRequest,
        CreateTopicMemoryRequest,
        ErrorEnvelope,
        ExperienceContent,
        FlushMemoryRequest,
        FlushMemoryResponse,
        GetHandoffReportRequest,
        GetMemoryEntryRequest,
        GetStatsRequest,
        GetTopicMemoryRequest,
        HandoffReportResponse,
        Health,
        HistorySelectedItem,
        ImportArtifactsRequest,
        ImportArtifactsResponse,
        IndexCodeRequest,
        LegacyMemoryTarget,
        ListAtomicMemoryRequest,
        ListAtomicMemoryResponse,
        ListMemoryEntriesRequest,
        ListMemoryEntriesResponse,
        MergeAtomicMemoryRequest,
        OmittedGroup,
        PrepareContextRequest,
        PreparedContext,
        PreparedContextReceipt,
        ProfileContent,
        PromptContent,
        RecallRound,
        RecordBootstrapDeliveryRequest,
        RememberMemoryRequest,
        ReplaceArtifactRequest,
        ReplaceArtifactTagsRequest,
        RerankConfig,
        RerankGroup,
        RerankPromptIdentity,
        RerankSettings,
        ResolveScopeBindingRequest,
        Retrieval,
        ScopeBinding,
        ScopeBindingKey,
        ScopeDescriptor,
        ScopedStats,
        ScopePage,
        SearchAtomicMemoryRequest,
        SearchAtomicMemoryResponse,
        SearchGroup,
        SearchMemoryRequest,
        SearchMemoryResponse,
        SearchTopicMemoryHit,
        SearchTopicMemoryRequest,
        SearchTopicMemoryResponse,
        ServerInfo,
        SetDefaultScopeRequest,
        SourceReference,
        StageTiming,
        TagFilter,
        TopicMemoryArtifact,
        TopicMemoryContent,
        UpdateScopeRequest,
    )

    CreateArtifactRequest = Annotated[
        CreateAtomicMemoryRequest
        | CreateTopicMemoryRequest
        | CreateExperienceRequest
        | CreateProfileRequest
        | CreatePromptRequest,
        Field(discriminator="family"),
    ]
    """Any create-artifact request body, discriminated by ``family`` (use with ``pydantic.TypeAdapter``)."""


def __getattr__(name: str) -> Any:
    """A model, ``CreateArtifactRequest``, ``OperationMethods`` or ``Versioned``, imported on first
    use and kept (PEP 562)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from pydantic import Field

    from pcreceipt._gen import client_operations, models

    value: Any
    if name == "CreateArtifactRequest":
        creations = (
            models.CreateAtomicMemoryRequest
            | models.CreateTopicMemoryRequest
            | models.CreateExperienceRequest
            | models.CreateProfileRequest
            | models.CreatePromptRequest
        )
        value = Annotated[creations, Field(discriminator="family")]
    elif hasattr(models, name):
        value = getattr(models, name)
    else:
        value = getattr(client_operations, name)
    globals()[name] = value
    return value


__all__ = [
    "BY_ID",
    "OPERATIONS",
    "ArtifactAddress",
    "ArtifactCollectionItem",
    "ArtifactCreated",
    "ArtifactPage",
    "ArtifactReference",
    "ArtifactRevision",
    "ArtifactRevisionPage",
    "ArtifactTagSet",
    "ArtifactTagTarget",
    "AssemblySection",
    "AtomicMemoryContent",
    "AtomicMemoryCreation",
    "AtomicMemoryLifecycleRequest",
    "AtomicMemoryMutationResponse",
    "AtomicMemoryRecord",
    "AtomicMemorySearchHit",
    "AtomicMemoryStateView",
    "BootstrapContext",
    "BootstrapContextRequest",
    "BootstrapDeliveryReceipt",
    "Capabilities",
    "CaptureContentSourceRequest",
    "CaptureContentSourceResponse",
    "CaptureWorkingNoteRequest",
    "ClearScopeBindingRequest",
    "ClearScopeBindingResponse",
    "CodeEvidenceRef",
    "CodeQueryItem",
    "CodeQueryRequest",
    "CodeQueryResponse",
    "CodeQueryResult",
    "CodeRange",
    "CodeSelectedItem",
    "CodeStatus",
    "CodeWorkspace",
    "ContextAssembly",
    "CreateArtifactRequest",
    "CreateAtomicMemoryRequest",
    "CreateExperienceRequest",
    "CreateProfileRequest",
    "CreatePromptRequest",
    "CreateScopeRequest",
    "CreateTopicMemoryRequest",
    "ErrorEnvelope",
    "ExperienceContent",
    "FlushMemoryRequest",
    "FlushMemoryResponse",
    "GetHandoffReportRequest",
    "GetMemoryEntryRequest",
    "GetStatsRequest",
    "GetTopicMemoryRequest",
    "HandoffReportResponse",
    "Health",
    "HistorySelectedItem",
    "ImportArtifactsRequest",
    "ImportArtifactsResponse",
    "IndexCodeRequest",
    "LegacyMemoryTarget",
    "ListAtomicMemoryRequest",
    "ListAtomicMemoryResponse",
    "ListMemoryEntriesRequest",
    "ListMemoryEntriesResponse",
    "MergeAtomicMemoryRequest",
    "OmittedGroup",
    "Operation",
    "OperationMethods",
    "PrepareContextRequest",
    "PreparedContext",
    "PreparedContextReceipt",
    "ProfileContent",
    "PromptContent",
    "RecallRound",
    "RecordBootstrapDeliveryRequest",
    "RememberMemoryRequest",
    "ReplaceArtifactRequest",
    "ReplaceArtifactTagsRequest",
    "RerankConfig",
    "RerankGroup",
    "RerankPromptIdentity",
    "RerankSettings",
    "ResolveScopeBindingRequest",
    "Retrieval",
    "ScopeBinding",
    "ScopeBindingKey",
    "ScopeDescriptor",
    "ScopePage",
    "ScopedStats",
    "SearchAtomicMemoryRequest",
    "SearchAtomicMemoryResponse",
    "SearchGroup",
    "SearchMemoryRequest",
    "SearchMemoryResponse",
    "SearchTopicMemoryHit",
    "SearchTopicMemoryRequest",
    "SearchTopicMemoryResponse",
    "ServerInfo",
    "SetDefaultScopeRequest",
    "SourceReference",
    "StageTiming",
    "TagFilter",
    "TopicMemoryArtifact",
    "TopicMemoryContent",
    "UpdateScopeRequest",
    "Versioned",
    "bodies",
    "limits",
]
