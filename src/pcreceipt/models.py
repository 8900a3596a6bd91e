"""The generated contract's one public face: its models and its operation table.

Everything here is generated from schemas/ into the private ``pcreceipt._gen`` (see
generated/README.md); import it from here, never from ``pcreceipt._gen``.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

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
    Retrieval,
    ScopeDescriptor,
    ScopePage,
    SearchGroup,
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
    "Retrieval",
    "ScopeDescriptor",
    "ScopePage",
    "SearchGroup",
    "StageTiming",
    "TopicMemoryContent",
]
