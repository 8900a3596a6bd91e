"""The generated contract's one public face: its models, its operation table and its limits.

Everything here is generated from schemas/ into the private ``pcreceipt._gen`` (see
generated/README.md); import it from here, never from ``pcreceipt._gen``.

``limits`` is the module of contract facts: every bound, default, constant and enumeration the
schemas state, one named constant each (``limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT``,
``limits.OmissionReason``; the naming scheme is in codegen/README.md). Hand-written code reads a
limit from there instead of typing its number (tests/contract/test_no_typed_limits.py).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from pcreceipt._gen import limits
from pcreceipt._gen.models import (
    ArtifactAddress,
    ArtifactCollectionItem,
    ArtifactCreated,
    ArtifactPage,
    ArtifactReference,
    ArtifactRevision,
    AssemblySection,
    AtomicMemoryContent,
    AtomicMemoryLifecycleRequest,
    AtomicMemoryMutationResponse,
    AtomicMemoryRecord,
    AtomicMemoryStateView,
    ClearScopeBindingRequest,
    ClearScopeBindingResponse,
    CodeEvidenceRef,
    CodeRange,
    CodeSelectedItem,
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
    Health,
    HistorySelectedItem,
    ImportArtifactsRequest,
    ImportArtifactsResponse,
    IndexCodeRequest,
    MergeAtomicMemoryRequest,
    OmittedGroup,
    PrepareContextRequest,
    PreparedContext,
    PreparedContextReceipt,
    ProfileContent,
    PromptContent,
    QueryCodeRequest,
    QueryCodeResponse,
    RecallRound,
    ReplaceArtifactRequest,
    RerankConfig,
    RerankGroup,
    RerankPromptIdentity,
    RerankSettings,
    ResolveScopeBindingRequest,
    Retrieval,
    ScopeBinding,
    ScopeBindingKey,
    ScopeDescriptor,
    ScopePage,
    SearchGroup,
    SetDefaultScopeRequest,
    StageTiming,
    TopicMemoryContent,
)
from pcreceipt._gen.operations import BY_ID, OPERATIONS, Operation

CreateArtifactRequest = Annotated[
    CreateAtomicMemoryRequest
    | CreateTopicMemoryRequest
    | CreateExperienceRequest
    | CreateProfileRequest
    | CreatePromptRequest,
    Field(discriminator="family"),
]
"""Any create-artifact request body, discriminated by ``family`` (use with ``pydantic.TypeAdapter``)."""

__all__ = [
    "BY_ID",
    "OPERATIONS",
    "ArtifactAddress",
    "ArtifactCollectionItem",
    "ArtifactCreated",
    "ArtifactPage",
    "ArtifactReference",
    "ArtifactRevision",
    "AssemblySection",
    "AtomicMemoryContent",
    "AtomicMemoryLifecycleRequest",
    "AtomicMemoryMutationResponse",
    "AtomicMemoryRecord",
    "AtomicMemoryStateView",
    "ClearScopeBindingRequest",
    "ClearScopeBindingResponse",
    "CodeEvidenceRef",
    "CodeRange",
    "CodeSelectedItem",
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
    "Health",
    "HistorySelectedItem",
    "ImportArtifactsRequest",
    "ImportArtifactsResponse",
    "IndexCodeRequest",
    "MergeAtomicMemoryRequest",
    "OmittedGroup",
    "Operation",
    "PrepareContextRequest",
    "PreparedContext",
    "PreparedContextReceipt",
    "ProfileContent",
    "PromptContent",
    "QueryCodeRequest",
    "QueryCodeResponse",
    "RecallRound",
    "ReplaceArtifactRequest",
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
    "SearchGroup",
    "SetDefaultScopeRequest",
    "StageTiming",
    "TopicMemoryContent",
    "limits",
]
