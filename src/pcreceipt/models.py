"""The contract's models, generated from schemas/ (see generated/README.md).

Import models from here, never from ``pcreceipt_contract`` directly.
"""

from __future__ import annotations

from typing import Annotated

from pcreceipt_contract.models import (
    ArtifactAddress,
    ArtifactCreated,
    ArtifactReference,
    ArtifactRevision,
    AssemblySection,
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
    HistorySelectedItem,
    ImportArtifactsRequest,
    ImportArtifactsResponse,
    IndexCodeRequest,
    MergeAtomicMemoryRequest,
    OmittedGroup,
    PrepareContextRequest,
    PreparedContext,
    PreparedContextReceipt,
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
)
from pydantic import Field

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
    "ArtifactAddress",
    "ArtifactCreated",
    "ArtifactReference",
    "ArtifactRevision",
    "AssemblySection",
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
    "HistorySelectedItem",
    "ImportArtifactsRequest",
    "ImportArtifactsResponse",
    "IndexCodeRequest",
    "MergeAtomicMemoryRequest",
    "OmittedGroup",
    "PrepareContextRequest",
    "PreparedContext",
    "PreparedContextReceipt",
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
]
