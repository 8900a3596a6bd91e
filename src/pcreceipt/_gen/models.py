# Generated from schemas/*.json (bundled) by datamodel-code-generator 0.89.0; do not edit. Regenerate with `nox -s generate`.

from typing import Annotated, Any, Literal
from pydantic import AwareDatetime, ConfigDict, Field, RootModel, StringConstraints
from pcreceipt._gen.base import ContractModel
from typing_extensions import TypeAliasType
from datetime import date as date_aliased


class AccessArtifactIdentity(ContractModel):
    """
    A logical Artifact (every revision of it).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The Artifact Family.
    """
    artifact_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The Artifact id.
    """


class RequestId(RootModel[str]):
    root: Annotated[str, Field(max_length=128)]
    """
    The request's X-PowerContext-Request-ID, or null.
    """


class PolicyRevision(RootModel[str]):
    root: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The policy revision decided under, or null.
    """


class BindingId(RootModel[str]):
    root: Annotated[str, Field(max_length=64)]
    """
    The Binding changed, or null.
    """


class ExpectedVersion(RootModel[int]):
    root: Annotated[int, Field(ge=1)]
    """
    The version a revocation expected, or null.
    """


class ResultVersion(RootModel[int]):
    root: Annotated[int, Field(ge=1)]
    """
    The Binding's version after the change, or null.
    """


class NextCursor(RootModel[str]):
    root: Annotated[str, Field(max_length=2048)]
    """
    The next page's cursor, or null on the last page.
    """


class AccessAuditTimeRange(ContractModel):
    """
    A half-open time range.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    start: AwareDatetime
    """
    From (inclusive).
    """
    end: AwareDatetime
    """
    Until (exclusive).
    """


class Reason(RootModel[str]):
    root: Annotated[str, Field(max_length=1024)]
    """
    Why, as its creator said, or null.
    """


class Reason1(RootModel[str]):
    root: Annotated[str, Field(max_length=1024)]
    """
    Why, or null.
    """


class AccessDecision(ContractModel):
    """
    One requirement's decision.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    allowed: bool
    """
    Whether the caller may.
    """
    reason_code: Annotated[str, Field(max_length=64, min_length=1)]
    """
    Why: role-binding (a Binding allows it), no-matching-binding, or authenticated (any valid token may).
    """


class Description(RootModel[str]):
    root: Annotated[str, Field(max_length=255, min_length=1)]
    """
    A display name, or null.
    """


class AccessGroup(ContractModel):
    """
    A group subject (accepted in requests; pcreceipt binds no groups).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["group"]
    """
    Always group.
    """
    id: Annotated[str, Field(max_length=255, min_length=1)]
    """
    The group's id.
    """
    description: Description | None = None
    """
    A display name, or null.
    """


class Description1(RootModel[str]):
    root: Annotated[str, Field(max_length=255, min_length=1)]
    """
    A display name (the token's name), or null.
    """


class AccessPrincipal(ContractModel):
    """
    An authenticated caller. In pcreceipt every Principal is a bearer token: type service, id the token id.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["user", "service"]
    """
    user or service (pcreceipt's tokens are services).
    """
    id: Annotated[str, Field(max_length=255, min_length=1)]
    """
    The Principal's stable id (a token id).
    """
    description: Description1 | None = None
    """
    A display name (the token's name), or null.
    """


class AccessProviderCapabilities(ContractModel):
    """
    What the deployment's access decisions can do.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    safe_resource_filtering: bool
    """
    list_access_resources lists only what the caller may act on.
    """
    multi_requirement_check: bool
    """
    check_access takes several requirements at once.
    """
    relationship_management: bool
    """
    Bindings can be created, replaced and revoked.
    """
    group_subjects: bool
    """
    Groups can be bound.
    """
    multi_principal: bool
    """
    More than one Principal exists.
    """
    max_direct_resource_keys: Annotated[int, Field(ge=1, le=10000)]
    """
    The most resources one listing can cover.
    """


class ArtifactFamily(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]


class AccessRoleDescriptor(ContractModel):
    """
    One role: where it binds and what it allows.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    role: Literal[
        "handoff.viewer",
        "handoff.receiver",
        "artifact.viewer",
        "prompt.user",
        "artifact.owner",
        "scope.viewer",
        "scope.contributor",
        "scope.reviewer",
        "scope.delegator",
        "scope.admin",
        "server.observer",
        "server.admin",
    ]
    """
    The role.
    """
    resource_type: Literal["server", "scope", "artifact"]
    """
    The resource type it binds on.
    """
    cardinality: Literal["many_per_resource", "one_per_resource"]
    """
    How many active Bindings per resource.
    """
    actions: list[
        Literal[
            "server.observe",
            "server.admin",
            "scope.read",
            "scope.contribute",
            "scope.review",
            "scope.delegate",
            "scope.admin",
            "artifact.read",
            "artifact.write",
            "artifact.share",
            "handoff.evidence.inspect",
            "handoff.acknowledge",
            "prompt.use",
        ]
    ]
    """
    The actions it allows on its resource (pcreceipt: with the grant nesting admin ⊇ write ⊇ read).
    """
    artifact_families: list[ArtifactFamily]
    """
    The Artifact Families it applies to.
    """
    assignable_subject_types: list[Literal["user", "service", "group"]]
    """
    The subject types it can be bound to.
    """
    system_managed: bool
    """
    Whether only the server binds it.
    """


class AccessRolePage(ContractModel):
    """
    The roles.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: Annotated[list[AccessRoleDescriptor], Field(max_length=16)]
    """
    The roles, in PowerContext's role order.
    """


class Message(RootModel[str]):
    root: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    Why, trimmed; required unless accepted.
    """


class AllScopeSelection(ContractModel):
    """
    Every Scope (that the caller may read).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    mode: Literal["all"]
    """
    The selection mode.
    """


class ArtifactChannelScore(ContractModel):
    """
    What one channel observed of a result. pcreceipt's store reports ranks, not raw engine scores: raw is the result's 1-based rank in the channel's admitted list, metric rank, higher_is_better false.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    raw: float
    """
    The channel's value (the rank).
    """
    metric: Annotated[str, Field(min_length=1, pattern=".*\\S.*")]
    """
    What raw measures (rank).
    """
    higher_is_better: bool
    """
    Whether a larger raw is better (false for a rank).
    """


class ArtifactFamilyAccessCapability(ContractModel):
    """
    How one Artifact Family can be shared.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The Artifact Family.
    """
    enabled: bool
    """
    Whether its Artifacts can be shared.
    """
    share_unit: Literal["artifact", "memory_entry"]
    """
    What a Binding names: an Artifact or a Memory entry.
    """
    actions: list[
        Literal[
            "server.observe",
            "server.admin",
            "scope.read",
            "scope.contribute",
            "scope.review",
            "scope.delegate",
            "scope.admin",
            "artifact.read",
            "artifact.write",
            "artifact.share",
            "handoff.evidence.inspect",
            "handoff.acknowledge",
            "prompt.use",
        ]
    ]
    """
    The actions checked on its Artifacts.
    """
    grantable_roles: list[
        Literal[
            "handoff.viewer",
            "handoff.receiver",
            "artifact.viewer",
            "prompt.user",
            "artifact.owner",
            "scope.viewer",
            "scope.contributor",
            "scope.reviewer",
            "scope.delegator",
            "scope.admin",
            "server.observer",
            "server.admin",
        ]
    ]
    """
    The roles that can be bound on its Artifacts.
    """


class ArtifactId(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, pattern="^[!-~]+$")]
    """
    An artifact identifier: 1 to 128 printable ASCII characters, no spaces.
    """


class NextCursor2(RootModel[str]):
    root: Annotated[str, Field(max_length=4096, min_length=1)]
    """
    Pass as cursor for the next page of the same Scope and family; null on the last page.
    """


class NextCursor3(RootModel[str]):
    root: Annotated[str, Field(max_length=4096, min_length=1)]
    """
    Continues the same artifact's history from the same snapshot (valid for an hour); null on the last page.
    """


class ArtifactSearchAdmission(ContractModel):
    """
    Admission floors of the text channels (lexical_coverage, lexical_min_matched_terms) and, for atomic-memory and topic-memory, of the vector channel (min_semantic_similarity). A query of at most two terms needs one matched term; a longer one max(lexical_min_matched_terms, ceil(terms x lexical_coverage)).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    lexical_coverage: Annotated[float | None, Field(ge=0.0, le=1.0)] = 0.25
    """
    The share of the query's terms a text hit must contain (0.25 when left out).
    """
    lexical_min_matched_terms: Annotated[int | None, Field(ge=1)] = 2
    """
    The fewest query terms a text hit of a longer query must contain (2 when left out).
    """
    min_semantic_similarity: Annotated[float | None, Field(ge=-1.0, le=1.0)] = None
    """
    atomic-memory and topic-memory: the vector channel's similarity floor; refused here (the store reports no distances).
    """


class Tag(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    A tag.
    """


class ArtifactSearchFilters(ContractModel):
    """
    Filters, Family by Family: atomic-memory takes kind, tags and tag_match (tag_match needs tags); the other Families take none (an empty object).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Annotated[
        str | None, Field(max_length=128, min_length=1, pattern=".*\\S.*")
    ] = None
    """
    atomic-memory: only memories of this kind.
    """
    tags: Annotated[list[Tag] | None, Field(max_length=16, min_length=1)] = None
    """
    atomic-memory: only memories carrying these tags (1 to 16 distinct keys).
    """
    tag_match: Literal["all", "any"] | None = None
    """
    atomic-memory: all (the default) or any of the tags.
    """


WeightsAdditionalProperty = TypeAliasType(
    "WeightsAdditionalProperty", Annotated[float, Field(ge=0.0)]
)
"""
The channel's weight.
"""


class ArtifactSearchFusionParams(ContractModel):
    """
    RRF parameters: rank_constant k (each channel adds weight / (k + rank)) and per-channel weights (a channel left out weighs 1; a channel the mode does not enable is 422).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    rank_constant: Annotated[int | None, Field(ge=1)] = None
    """
    k, at least 1 (60 when left out).
    """
    weights: (
        dict[Annotated[str, StringConstraints(min_length=1)], WeightsAdditionalProperty]
        | None
    ) = None
    """
    Channel name to its non-negative weight.
    """


class ArtifactSearchRerank(ContractModel):
    """
    Reranking controls: no Family takes any (an object here is 422 at /rerank, as in PowerContext 1.4.1).
    """

    model_config = ConfigDict(
        extra="forbid",
    )


class ArtifactSearchScores(ContractModel):
    """
    A result's scores: retrieval is the weighted reciprocal rank fusion of its channels divided by the best fusion possible (rank 1 in every enabled channel), so 1 is best; channels names every channel that found it.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    retrieval: Annotated[float, Field(ge=0.0, le=1.0)]
    """
    The normalised retrieval score, 0 to 1.
    """
    channels: dict[
        Annotated[str, StringConstraints(min_length=1)], ArtifactChannelScore
    ]
    """
    Channel name (text, vector; topic-memory: topic_fts, detail_fts) to what it observed.
    """


class NextCursor4(RootModel[str]):
    root: Annotated[str, Field(max_length=4096, min_length=1)]
    """
    Pass as cursor for the next page; null on the last page.
    """


class Tag1(RootModel[str]):
    root: Annotated[str, Field(max_length=64, min_length=1)]


class ArtifactTagTarget(ContractModel):
    """
    The tagged artifact by its logical identity (its tags follow it across revisions).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["artifact"]
    """
    Always artifact.
    """
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The artifact's family.
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1, pattern="^[!-~]+$")]
    """
    The artifact.
    """


class AssemblySection(ContractModel):
    """
    One family section of an explicit assembly.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Literal["memory", "topic-memory", "experience", "profile"]
    """
    The family selector; "memory" selects the atomic-memory family.
    """
    limit: Annotated[int, Field(ge=1, le=8)]
    """
    The most entries this section may inject: 1 to 8, and at most 2 for experience.
    """


class AtomicMemoryCreation(ContractModel):
    """
    How a memory came to be when it is not a plain write: a merge of the listed memories (its revision 1 derives from them).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["merge"]
    """
    The only kind of creation: merge.
    """
    input_artifact_ids: Annotated[list[ArtifactId], Field(max_length=64, min_length=2)]
    """
    The merged memories, in the merge request's order.
    """


class AtomicMemoryRestorationEndpoint(ContractModel):
    """
    Where the memory's current merge path ends (the memory itself when it is not merged): identity, head revision and state version.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact_id: Annotated[str, Field(min_length=1)]
    """
    The endpoint's identity.
    """
    revision: Annotated[int, Field(ge=1)]
    """
    Its head revision.
    """
    state_version: Annotated[int, Field(ge=0)]
    """
    Its lifecycle state version.
    """


class AtomicMemoryRestorationItem(ContractModel):
    """
    A memory the restoration leaves active.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact_id: Annotated[str, Field(min_length=1)]
    """
    The memory.
    """
    source_revision: Annotated[int, Field(ge=1)]
    """
    The revision whose content it has afterwards.
    """
    creates_revision: bool
    """
    Whether the restoration writes a new revision for it (false: it is already active with that content).
    """


class UndoMergeResult(RootModel[str]):
    root: Annotated[str, Field(min_length=1)]


class Revision1(RootModel[int]):
    root: Annotated[int, Field(ge=1)]
    """
    restore only: the revision whose content becomes the memory's new head; null or absent for the current content.
    """


class AtomicMemoryRestorationTarget(ContractModel):
    """
    The memory a restoration starts from (PowerContext 1.4.1's AtomicMemoryTarget): its identity and, for restore only, the exact revision whose content comes back (null or absent: the current head's).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact_id: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The Atomic Memory's identity.
    """
    revision: Revision1 | None = None
    """
    restore only: the revision whose content becomes the memory's new head; null or absent for the current content.
    """


class BindArtifactHandleRequest(ContractModel):
    """
    The exact revision to bind the handle to, in the handle's family.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The artifact.
    """
    revision: Annotated[int, Field(ge=1)]
    """
    The exact revision.
    """


class BootstrapDeliveryReceipt(ContractModel):
    """
    A content-free delivery receipt.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    receipt_id: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The receipt: bcr_ and 32 lowercase hex digits.
    """
    state: Literal["pending", "injected", "skipped", "failed"]
    """
    pending (delivery not yet recorded), injected, skipped or failed.
    """


class BootstrapHandoffReference(ContractModel):
    """
    An exact committed Handoff revision in the current Scope (PowerContext's ArtifactReference).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The artifact family.
    """
    artifact_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The artifact.
    """
    revision: Annotated[int, Field(ge=1)]
    """
    The exact revision.
    """


class BuiltinPromptInstructions(ContractModel):
    """
    The runtime's built-in instructions for the key.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    version: str
    """
    The built-in definition's version (get_capabilities' builtin_version).
    """
    profile: Literal["coding", "conversation"] | None
    """
    The built-in definition's profile; always null here.
    """
    instructions: str
    """
    The exact built-in instructions the runtime sends.
    """


class Reason2(RootModel[str]):
    root: Annotated[str, Field(max_length=2000, min_length=1)]
    """
    The version's reason.
    """


class DecisionReason(RootModel[str]):
    root: Annotated[str, Field(max_length=2000, min_length=1)]
    """
    Why it was rejected (rejected only).
    """


class CandidateFamilyCount(ContractModel):
    """
    Candidates of one family.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Literal[
        "experience",
        "skill",
        "profile",
        "atomic-memory",
        "topic-memory",
        "handoff",
        "prompt",
    ]
    """
    The family.
    """
    total: Annotated[int, Field(ge=0)]
    """
    Candidates.
    """
    pending: Annotated[int, Field(ge=0)]
    """
    Awaiting review.
    """
    approved: Annotated[int, Field(ge=0)]
    """
    Approved.
    """
    rejected: Annotated[int, Field(ge=0)]
    """
    Rejected.
    """


class CandidateInventoryStatistics(ContractModel):
    """
    Review Candidates (pcreceipt has none: all zero).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    total: Annotated[int, Field(ge=0)]
    """
    Candidates.
    """
    pending: Annotated[int, Field(ge=0)]
    """
    Awaiting review.
    """
    approved: Annotated[int, Field(ge=0)]
    """
    Approved.
    """
    rejected: Annotated[int, Field(ge=0)]
    """
    Rejected.
    """
    by_family: list[CandidateFamilyCount]
    """
    Per family.
    """


class SourceType(RootModel[str]):
    root: Annotated[str, Field(min_length=1)]


class ExpiresAt(RootModel[str]):
    root: Annotated[str, Field(max_length=64, min_length=1)]
    """
    An optional logical expiry: an ISO 8601 date-time with a time zone, in the future when captured (else 422 with details.field expires_at and details.reason missing_time_zone or not_in_future). An exact replay stays accepted after the expiry.
    """


class CapturedSourceReference(ContractModel):
    """
    A captured Source's identity: its type and its caller id.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: Literal["content"]
    """
    The Source type (always content: Working Notes are Content Sources too).
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The caller's Source id, as sent.
    """


class ClearScopeBindingResponse(ContractModel):
    """
    Whether a binding was removed.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    cleared: bool
    """
    True when the key had a binding, which is now gone; false when it had none.
    """


class CodeChangesOperation(ContractModel):
    """
    PowerContext's change listing between two index generations (pcreceipt: 501 unsupported_capability).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["changes"]
    """
    The operation.
    """


class CodeCoverage(ContractModel):
    """
    What the index covers.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    files: Annotated[int, Field(ge=0)]
    """
    Indexed files.
    """
    lines: Annotated[int, Field(ge=0)]
    """
    Indexed lines.
    """
    skipped: Annotated[int, Field(ge=0)]
    """
    Files the indexing client skipped.
    """


class CodeLastBuild(ContractModel):
    """
    The indexing that made the current workspace.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    indexed_at: AwareDatetime
    """
    When it was indexed.
    """
    files: Annotated[int, Field(ge=0)]
    """
    Indexed files.
    """
    lines: Annotated[int, Field(ge=0)]
    """
    Indexed lines.
    """
    skipped: Annotated[int, Field(ge=0)]
    """
    Files the indexing client skipped.
    """


class CodeStatusOperation(ContractModel):
    """
    Report the state of the Scope's code index.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["status"]
    """
    The operation.
    """


class ContextAssembly(ContractModel):
    """
    An explicit selection of families, in injection order. An empty section list turns history recall off.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    format: Literal["markdown"] = "markdown"
    """
    The rendering format.
    """
    sections: Annotated[
        list[AssemblySection] | None, Field(max_length=4, validate_default=True)
    ] = [{"family": "memory", "limit": 6}, {"family": "experience", "limit": 2}]
    """
    At most four sections with distinct families; the sum of limits must not exceed the server's assembly_max_entries. Absent: memory 6, then experience 2 (PowerContext's default sections).
    """
    show: Annotated[
        list[Literal["confidence", "recall_rank"]] | None, Field(max_length=2)
    ] = []
    """
    Optional per-item metadata lines to render.
    """


class ContractVersion(ContractModel):
    """
    A major/minor compatibility version: a major step may break what it governs, a minor step only adds.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    major: Annotated[int, Field(ge=1)]
    """
    The major version.
    """
    minor: Annotated[int, Field(ge=0)]
    """
    The minor version.
    """


class Reason3(RootModel[str]):
    root: Annotated[str, Field(max_length=1024)]
    """
    Why, or null.
    """


class CreateSourceRequest(ContractModel):
    """
    One Source to create: the server names it (src_ + 32 hex) and gives it the Scope's next position.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    source_type: Literal["content"] | None = "content"
    """
    The Source type (content, the default).
    """
    content: Any
    """
    Any JSON value, stored as sent and pending for Memory extraction like a capture (its text is the string itself, or the value's RFC 8785 JSON). A string that is empty or only white space is refused (rule pattern), so is a handoff receipt (a JSON object, or its JSON text, whose schema is powercontext.handoff-receipt.v1: rule reserved_schema) and a value outside I-JSON (rule i_json).
    """


class Omission(RootModel[str]):
    root: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    One omission.
    """


class DreamBudget(ContractModel):
    """
    A run's bounds, as PowerContext 1.4.1 reports them (every run here has the same).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    max_items: Annotated[int, Field(ge=1)]
    """
    Evidence items (PowerContext 1.4.1's bound; 32 here).
    """
    max_bytes: Annotated[int, Field(ge=1)]
    """
    Evidence bytes (PowerContext 1.4.1's bound; 65536 here).
    """
    max_nodes: Annotated[int, Field(ge=1)]
    """
    Evidence nodes (PowerContext 1.4.1's bound; 128 here).
    """
    max_edges: Annotated[int, Field(ge=1)]
    """
    Evidence edges (PowerContext 1.4.1's bound; 256 here).
    """
    max_depth: Annotated[int, Field(ge=1)]
    """
    Lineage depth (PowerContext 1.4.1's bound; 8 here).
    """
    max_output_tokens: Annotated[int, Field(ge=1)]
    """
    Output tokens of the model's answer (PowerContext 1.4.1's bound; 4096 here).
    """
    max_model_calls: Annotated[int, Field(ge=1)]
    """
    Model calls (attempts) (PowerContext 1.4.1's bound; 2 here).
    """
    timeout_seconds: Annotated[float, Field(gt=0.0)]
    """
    Seconds a run may take from its first claim (PowerContext 1.4.1's bound; 120 here).
    """


class DreamCandidateRef(ContractModel):
    """
    The Candidate a run proposed.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["artifact", "tag"]
    """
    artifact (tag candidates are not made here).
    """
    candidate_id: str
    """
    The Candidate.
    """
    version: Annotated[int, Field(ge=1)]
    """
    Its version when proposed.
    """


class DreamEvidenceEdge(ContractModel):
    """
    A derivation edge.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    derived_id: str
    """
    The derived node.
    """
    upstream_id: str
    """
    Its upstream node.
    """


class DreamSourceReference(ContractModel):
    """
    Tag-proposal Source evidence (not accepted here: no tag candidates).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    source_type: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The Source type.
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The Source id.
    """


class Target(ContractModel):
    """
    The tagged artifact or Memory entry.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["artifact"]
    """
    artifact
    """
    family: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The artifact family.
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The artifact.
    """


class Target1(ContractModel):
    """
    The tagged artifact or Memory entry.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["memory_entry"]
    """
    memory_entry
    """
    family: Literal["memory"]
    """
    memory
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The Memory artifact.
    """
    entry_id: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The entry.
    """


class DreamUsage(ContractModel):
    """
    What a run spent.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    model_calls: Annotated[int, Field(ge=0)]
    """
    Model calls made.
    """
    input_tokens: Annotated[int | None, Field(ge=0)]
    """
    Input tokens, when the provider reported them.
    """
    output_tokens: Annotated[int | None, Field(ge=0)]
    """
    Output tokens, when the provider reported them.
    """


class EnvironmentFingerprint(RootModel[str]):
    root: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    A digest of the Receiver's environment.
    """


class MachineHostname(RootModel[str]):
    root: Annotated[str, Field(max_length=255, min_length=1, pattern="\\S")]
    """
    The Receiver's host name.
    """


class WorkspaceName(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The Receiver's workspace name.
    """


class EnrollRemoteSkillTargetRequest(ContractModel):
    """
    A Receiver's enrollment.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    enrollment_code: Annotated[str, Field(max_length=256, min_length=32)]
    """
    The code create_remote_skill_target showed.
    """
    installation_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The Receiver installation's identity (one target per installation, Scope and Agent kind).
    """
    receiver_version: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The Receiver's version.
    """
    environment_fingerprint: EnvironmentFingerprint | None = None
    """
    A digest of the Receiver's environment.
    """
    machine_hostname: MachineHostname | None = None
    """
    The Receiver's host name.
    """
    workspace_name: WorkspaceName | None = None
    """
    The Receiver's workspace name.
    """


class FromEntryVersionId(RootModel[str]):
    root: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The version before, or null.
    """


class ToEntryVersionId(RootModel[str]):
    root: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The version after, or null.
    """


class Current(ContractModel):
    """
    On artifact_conflict: the target's current head.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The artifact family.
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The artifact identifier.
    """
    revision: Annotated[int, Field(ge=1)]
    """
    The head revision.
    """


class Alternative(RootModel[str]):
    root: Annotated[str, Field(max_length=256, min_length=1)]


class ExternalReference(ContractModel):
    """
    A reference to something outside pcreceipt.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    What kind of reference.
    """
    value: Annotated[str, Field(max_length=2000, min_length=1, pattern="\\S")]
    """
    The reference.
    """


class ExtractionBackground(ContractModel):
    """
    Where Memory extraction runs in the background.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    location: Literal["local", "external", "none"]
    """
    local, external or none (no background executor).
    """
    role: Literal["leader", "standby"] | None
    """
    The local supervisor's role, or null when none runs.
    """
    state: Literal["running", "degraded", "stopped", "unknown"]
    """
    The supervisor's lifecycle state.
    """
    automatic_processing_enabled: bool | None
    """
    Whether this process extracts Memory automatically; null when unknown.
    """


class ExtractionFailure(ContractModel):
    """
    One Memory extraction failure this process observed (PowerContext 1.4.1's ExtractionFailure): a sanitized category, never a message, model input or credential.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    code: Literal[
        "model_configuration_error",
        "model_timeout",
        "model_unavailable",
        "invalid_model_output",
        "worker_timeout",
        "worker_crash",
        "invalid_worker_result",
        "missing_durable_acknowledgement",
        "supervisor_failed",
        "lease_renewal_failed",
        "scope_discovery_failed",
        "processing_failed",
    ]
    """
    The category: model_timeout (the provider did not answer in time), model_unavailable (it could not be reached or refused), invalid_model_output (its answer was not the required shape); 1.4.1's other categories are not produced here.
    """
    stage: Literal[
        "inference", "flush", "worker", "supervisor", "lease_renewal", "scope_discovery"
    ]
    """
    inference for a recognised model failure, else where the failure was observed (1.4.1's stages).
    """
    occurred_at: AwareDatetime
    """
    UTC time this process observed the failure.
    """


class ExtractionObservation(ContractModel):
    """
    What this process observed of Memory extraction since it started.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["unverified", "observed"]
    """
    unverified (no extraction outcome observed since this process started) or observed (a flush extracted a Source, or failed on the model).
    """
    since: AwareDatetime
    """
    UTC start of the observation window (this process's start).
    """
    last_failure: ExtractionFailure | None
    """
    The last extraction failure this process observed: a flush_memory that answered 503 because the model failed before any Source was extracted (kept after a later success, as in 1.4.1); null when none was observed.
    """
    last_success_at: AwareDatetime | None
    """
    UTC time of the last successful extraction, or null.
    """


class ExtractionStatus(ContractModel):
    """
    Memory extraction diagnostics.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    configuration: Literal["configured", "unconfigured", "unknown"]
    """
    Whether an extraction pipeline is assembled: configured, unconfigured or unknown.
    """
    background: ExtractionBackground
    """
    The background executor.
    """
    observation: ExtractionObservation
    """
    What was observed.
    """


class Symptom(RootModel[str]):
    root: Annotated[str, Field(max_length=2000, min_length=1, pattern="\\S")]
    """
    The symptom.
    """


class FailureSignature(ContractModel):
    """
    The cue and symptom of a failure.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    recall_cue: Annotated[str, Field(max_length=2000, min_length=1, pattern="\\S")]
    """
    What should bring this failure to mind.
    """
    symptom: Symptom | None = None
    """
    What the failure looked like.
    """


class FailureVerification(ContractModel):
    """
    A check that the repair holds.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    condition: Annotated[str, Field(max_length=2000, min_length=1, pattern="\\S")]
    """
    The condition to check.
    """
    check_subject: Annotated[str, Field(max_length=2000, min_length=1, pattern="\\S")]
    """
    What is checked.
    """


class FamilyCount(ContractModel):
    """
    Artifacts of one family.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The family.
    """
    total: Annotated[int, Field(ge=0)]
    """
    Artifacts (heads, any lifecycle state).
    """


class Operation(RootModel[str]):
    root: Annotated[str, Field(min_length=1)]


class FeatureContract(ContractModel):
    """
    The compatibility version of exactly the listed operations.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    version: ContractVersion
    """
    The group's version.
    """
    operations: Annotated[list[Operation], Field(min_length=1)]
    """
    The operation ids the group governs.
    """


class FlushMemoryResponse(ContractModel):
    """
    The result of one flush (PowerContext's FlushMemoryResponse).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["idle", "processed"]
    """
    idle (the cursor did not move) or processed (the cursor moved).
    """
    previous_cursor: Annotated[int, Field(ge=0)]
    """
    The highest Source position processed before this flush.
    """
    current_cursor: Annotated[int, Field(ge=0)]
    """
    The highest Source position processed after it.
    """
    high_watermark: Annotated[int, Field(ge=0)]
    """
    The highest Source position captured.
    """
    processed_source_count: Annotated[int, Field(ge=0)]
    """
    Content Sources this flush extracted into Memory (each fully: its memories written and the cursor moved past it). 0 without a provider: then a window moves only when none of its Sources needs extraction.
    """
    memory: BootstrapHandoffReference | None
    """
    Always null: a flush may write several memories (PowerContext answers null too); read them with list_atomic_memories or search.
    """
    remaining_work: bool
    """
    Whether Sources past current_cursor remain pending (current_cursor < high_watermark).
    """
    held_count: Annotated[int, Field(ge=0)]
    """
    1 when the write gate held the window, else 0.
    """
    hold_codes: list[str]
    """
    The gate's rejection codes; empty unless held.
    """


class FlushTopicMemoryResponse(ContractModel):
    """
    A durable processing request's acceptance (1.4.1's FlushTopicMemoryResponse); never answered here, since pcreceipt runs no Topic Memory processing.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["accepted", "idle"]
    """
    accepted, or idle when the cursor was already current.
    """


class Reason4(RootModel[str]):
    root: Annotated[str, Field(max_length=2000, min_length=1)]
    """
    Why the candidate is generated (trimmed).
    """


class GeneratePromptDemonstrationsRequest(ContractModel):
    """
    What to generate demonstrations for (1.4.1's GeneratePromptDemonstrationsRequest).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    instructions: Annotated[str, Field(max_length=32768, min_length=1, pattern="\\S")]
    """
    Guidance for the examples: 1 to 32,768 characters with at least one non-space.
    """
    demonstration_count: Annotated[int, Field(ge=1, le=20)]
    """
    How many demonstrations: 1 to 20, exactly that many answered.
    """


class StateIndex(RootModel[int]):
    root: Annotated[int, Field(ge=0)]
    """
    The state statement's index, or null for next_action.
    """


class HandoffGenerationEnvelope(ContractModel):
    """
    A generation receipt a server issues with a generated draft. pcreceipt issues none, so a draft or prepared Handoff carrying one is 422 invalid_handoff_generation.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    receipt: Annotated[str, Field(max_length=8192, min_length=1)]
    """
    The opaque receipt.
    """


class HandoffReportSummary(ContractModel):
    """
    How many selected Scopes are in each state.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    continuable_count: Annotated[int, Field(ge=0)]
    """
    Scopes whose state is continuable.
    """
    blocked_count: Annotated[int, Field(ge=0)]
    """
    Scopes whose state is blocked.
    """
    complete_count: Annotated[int, Field(ge=0)]
    """
    Scopes whose state is complete.
    """
    no_handoff_count: Annotated[int, Field(ge=0)]
    """
    Scopes whose state is no_handoff.
    """


ChecksAdditionalProperty = TypeAliasType(
    "ChecksAdditionalProperty",
    Annotated[
        str,
        Field(
            max_length=512,
            pattern="^[a-z][a-z_-]*(:(enabled|disabled))?(,[a-z][a-z_-]*(:(enabled|disabled))?)*$",
        ),
    ],
)
"""
A check's state (ok, unavailable, ready, not_ready, disabled or enforced), or for access_resource_kinds and access_artifact_families comma-separated names, a family's each followed by :enabled or :disabled.
"""


class Health(ContractModel):
    """
    Liveness or readiness.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["ok", "ready", "not_ready"]
    """
    ok (live), ready or not_ready.
    """
    checks: (
        dict[
            Annotated[str, StringConstraints(pattern=r"^[a-z_]{1,32}$")],
            ChecksAdditionalProperty,
        ]
        | None
    ) = None
    """
    Readiness checks by PowerContext 1.4.1's names: runtime (ready), database (the store: ready or unavailable, which makes the server not_ready), artifact_processing_supervisor (disabled: pcreceipt runs no background processing), access_mode (disabled without tokens, enforced with them), authentication_provider and access_provider (disabled without tokens; ready, or not_ready when the store that holds the tokens does not answer), and two descriptions of what access decisions cover: access_resource_kinds (the resource types a Binding can name, comma-separated) and access_artifact_families (family:enabled or family:disabled per Artifact Family, comma-separated, by name). ok is no longer sent (it named the store's check before the checks took 1.4.1's names) and stays in the enum so older readers of this contract keep validating.
    """


class Hex64(RootModel[str]):
    root: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    A bare SHA-256 digest: 64 lowercase hex digits (the CodeEvidenceRef form).
    """


class LegacyMemoryTarget(ContractModel):
    """
    A legacy Memory collection entry, by its collection artifact and entry ids.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["memory_entry"]
    """
    Always memory_entry.
    """
    family: Literal["memory"]
    """
    Always memory (the legacy collection family).
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The legacy collection's artifact id.
    """
    entry_id: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The entry's id in that collection.
    """


class Cursor(RootModel[str]):
    root: Annotated[str, Field(max_length=2048)]
    """
    The previous page's next_cursor, or null.
    """


class Family(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    An Artifact Family (artifact resources only), or null.
    """


class ListAccessResourcesRequest(ContractModel):
    """
    List the resources of one type the caller may act on.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    action: Literal[
        "server.observe",
        "server.admin",
        "scope.read",
        "scope.contribute",
        "scope.review",
        "scope.delegate",
        "scope.admin",
        "artifact.read",
        "artifact.write",
        "artifact.share",
        "handoff.evidence.inspect",
        "handoff.acknowledge",
        "prompt.use",
    ]
    """
    The action.
    """
    resource_type: Literal["server", "scope", "artifact"]
    """
    The resource type.
    """
    family: Family | None = None
    """
    An Artifact Family (artifact resources only), or null.
    """
    cursor: str | None = None
    """
    The previous page's next_cursor, or null.
    """
    limit: Annotated[int | None, Field(ge=1, le=500)] = 100
    """
    Page size.
    """


class Family1(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    Only roles of this Artifact Family, or null.
    """


class ListAccessRolesRequest(ContractModel):
    """
    List the roles that can be bound.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    resource_type: Literal["server", "scope", "artifact"] | None = None
    """
    Only roles on this resource type, or null for all.
    """
    family: Family1 | None = None
    """
    Only roles of this Artifact Family, or null.
    """


class Kind(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    Only memories of this kind, or null for any.
    """


class Cursor2(RootModel[str]):
    root: Annotated[str, Field(max_length=4096, min_length=1)]
    """
    A next_cursor of an earlier page of this listing with the same filters, or null for the first page. A cursor this server did not sign, or one of another listing or other filters, is 400 invalid_cursor; one older than an hour is 410 cursor_expired.
    """


class NextCursor5(RootModel[str]):
    root: Annotated[str, Field(min_length=1)]
    """
    Continues the listing with the same request (valid for an hour), or null on the last page.
    """


class Cursor3(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The previous page's next_cursor (signed; bound to the Scope and the filters).
    """


class Query(RootModel[str]):
    root: Annotated[str, Field(max_length=2000, min_length=1)]
    """
    Keep Skills whose name, description, instructions or metadata values hold this text (case folded); null lists all.
    """


class SinceRevision(RootModel[int]):
    root: Annotated[int, Field(ge=0)]
    """
    Exclusive lower bound on the collection revision (0: from revision 1), or null.
    """


class Cursor4(RootModel[str]):
    root: Annotated[str, Field(min_length=1)]
    """
    A next_cursor of an earlier page of this listing with the same filters, or null for the first page. A cursor this server did not sign, or one of another listing or other filters, is 400 invalid_cursor; one older than an hour is 410 cursor_expired.
    """


class NextCursor6(RootModel[str]):
    root: Annotated[str, Field(min_length=1)]
    """
    Continues the listing with the same request (valid for an hour), or null on the last page (always sent).
    """


class TargetId(RootModel[str]):
    root: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[a-z0-9]+(?:-[a-z0-9]+)*$")
    ]
    """
    Only this target.
    """


class ListRemoteSkillTargetsRequest(ContractModel):
    """
    Which targets to list.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    target_id: TargetId | None = None
    """
    Only this target.
    """
    limit: Annotated[int | None, Field(ge=1, le=200)] = 100
    """
    At most this many targets, in creation order.
    """


class MemoryCapacityBudget(ContractModel):
    """
    A legacy Memory collection's budget.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    max_active_entries: Annotated[int, Field(ge=1)]
    """
    The most active entries.
    """
    max_manifest_entries: Annotated[int, Field(ge=1)]
    """
    The most manifest entries.
    """
    max_manifest_bytes: Annotated[int, Field(ge=1024)]
    """
    The most manifest bytes.
    """


class MemoryEntryAccessSelector(ContractModel):
    """
    One logical Memory entry inside an Artifact resource.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["memory_entry"]
    """
    Always memory_entry.
    """
    entry_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The entry id.
    """


class MemoryKindCount(ContractModel):
    """
    Atomic memories of one kind.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The kind.
    """
    total: Annotated[int, Field(ge=0)]
    """
    Memories of the kind.
    """
    active: Annotated[int, Field(ge=0)]
    """
    Active ones.
    """
    inactive: Annotated[int, Field(ge=0)]
    """
    Forgotten, merged or retired ones.
    """


class InputTokens(RootModel[int]):
    root: Annotated[int, Field(ge=0)]
    """
    Input tokens, or null when a provider did not report them.
    """


class OutputTokens(RootModel[int]):
    root: Annotated[int, Field(ge=0)]
    """
    Output tokens, or null when a provider did not report them.
    """


class ModelUsageValue(ContractModel):
    """
    Model usage counters.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    requests: Annotated[int, Field(ge=0)]
    """
    Model requests.
    """
    input_tokens: InputTokens | None
    """
    Input tokens, or null when a provider did not report them.
    """
    output_tokens: OutputTokens | None
    """
    Output tokens, or null when a provider did not report them.
    """


class ObservedSourceReference(ContractModel):
    """
    An observed Source's identity: its type (the Source Definition's name) and its id (the observation's name).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: str
    """
    The Source type: the observation's source_type.
    """
    source_id: str
    """
    The Source id: the observation's name.
    """


class OmittedGroup(ContractModel):
    """
    Exclusion events of one family for one reason.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "code"]
    """
    The family of the left-out candidates.
    """
    reason: Literal[
        "duplicate",
        "blank",
        "family_limit",
        "entry_limit",
        "below_min_bytes",
        "no_fitting_truncation",
        "rerank_not_selected",
        "not_retrieved",
    ]
    """
    Why they were left out.
    """
    count: Annotated[int, Field(ge=1, le=65535)]
    """
    How many exclusion events; 1 for not_retrieved.
    """


class BootstrapReceiptId(RootModel[str]):
    root: Annotated[str, Field(max_length=64, min_length=1, pattern="^[\\x21-\\x7E]+$")]
    """
    A bootstrap delivery receipt whose delivered memories the caller already holds (PowerContext 1.4.1), or null as its client sends by default. Accepted and not yet used: no bootstrap package delivers memories yet.
    """


class PromptCapability(ContractModel):
    """
    Whether one built-in prompt can run, and which definition it uses.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["supported", "disabled", "unsupported"]
    """
    supported: the prompt runs, and a Scope's prompt artifact in custom mode replaces its built-in text; disabled: it does not run here (reason says why); unsupported: the component that would run it is not the built-in one, so the prompt does not apply (PowerContext 1.4.1's values).
    """
    reason: (
        Literal["operation_disabled", "provider_not_configured", "injected_component"]
        | None
    )
    """
    Why the prompt is not supported; null when it is.
    """
    definition_version: str
    """
    The version of the prompt definition in use.
    """
    builtin_version: str
    """
    The version of the built-in definition.
    """
    builtin_profile: Literal["coding", "conversation"] | None
    """
    The built-in definition's profile, or null.
    """


class PromptDemonstration(ContractModel):
    """
    A typed input/output example for a prompt.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    input: Annotated[str, Field(max_length=65536, min_length=1, pattern="\\S")]
    """
    The example input.
    """
    expected_output: Annotated[
        str, Field(max_length=65536, min_length=1, pattern="\\S")
    ]
    """
    The desired output.
    """


class PromptExample(ContractModel):
    """
    A typed input/output pair (1.4.1's PromptDemonstration): any JSON each. pcreceipt's prompt artifacts hold strings, which are JSON.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    input: Any
    """
    The example input.
    """
    expected_output: Any
    """
    The desired output.
    """


class PromptInstructions(ContractModel):
    """
    Instructions and demonstrations as they take effect: the saved custom ones, else the built-in instructions without demonstrations.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    instructions: str
    """
    Readable guidance.
    """
    demonstrations: list[PromptExample]
    """
    The examples that go with it.
    """


class Reason6(RootModel[str]):
    root: Annotated[str, Field(max_length=2000, min_length=1)]
    """
    Why the candidate is proposed (trimmed).
    """


class ExpectedGeneration(RootModel[int]):
    root: Annotated[int, Field(ge=0)]
    """
    The publication generation the caller read; null for the Skill's first publication on the target. Another one is 409 publication_generation_conflict.
    """


class PutProfilePolicyRequest(ContractModel):
    """
    A new Profile policy for the Scope, conditioned on the version it replaces (1.4.1's PutProfilePolicyRequest).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    generation_enabled: bool
    """
    Whether Profile generation is enabled.
    """
    activation_mode: Literal["automatic", "review_required"] | None = "automatic"
    """
    How a generated Profile takes effect (automatic).
    """
    expected_version: Annotated[int, Field(ge=0)]
    """
    The version replaced: 0 when the Scope has no policy yet (creates version 1), else the current version (409 idempotency_conflict otherwise).
    """


class Cursor5(RootModel[str]):
    root: Annotated[str, Field(max_length=4096, min_length=1)]
    """
    The next_cursor of the previous page of the same query; null or left out for the first page.
    """


class RecallRound(ContractModel):
    """
    One recall round and whether its candidates feed the final build.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    round: Annotated[int, Field(ge=0, le=2)]
    """
    0 for the first round, 1 or 2 for expansion rounds.
    """
    outcome: Literal["completed", "expansion_failed"]
    """
    completed, or expansion_failed for an abandoned expansion round.
    """
    retained: bool
    """
    Whether the round's candidates feed the final build.
    """


class RecallTokenDay(ContractModel):
    """
    Prepare counters of one UTC day.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    date: date_aliased
    """
    The day.
    """
    preparations: Annotated[int, Field(ge=0)]
    """
    Prepares that got past the early-empty step.
    """
    ready_preparations: Annotated[int, Field(ge=0)]
    """
    Of those, the ready ones.
    """
    comparable_preparations: Annotated[int, Field(ge=0)]
    """
    Of those, the ones whose every selected artifact traces back to stored Sources.
    """
    baseline_tokens: Annotated[int, Field(ge=0)]
    """
    Estimated tokens of the distinct Sources behind the comparable prepares' selected artifacts.
    """
    recalled_tokens: Annotated[int, Field(ge=0)]
    """
    Estimated tokens of the comparable prepares' content.
    """
    token_reduction: int
    """
    baseline_tokens minus recalled_tokens (negative when the content cost more).
    """


class RecallTokenValue(ContractModel):
    """
    Prepare counters.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    preparations: Annotated[int, Field(ge=0)]
    """
    Prepares that got past the early-empty step.
    """
    ready_preparations: Annotated[int, Field(ge=0)]
    """
    Of those, the ready ones.
    """
    comparable_preparations: Annotated[int, Field(ge=0)]
    """
    Of those, the ones whose every selected artifact traces back to stored Sources.
    """
    baseline_tokens: Annotated[int, Field(ge=0)]
    """
    Estimated tokens of the distinct Sources behind the comparable prepares' selected artifacts.
    """
    recalled_tokens: Annotated[int, Field(ge=0)]
    """
    Estimated tokens of the comparable prepares' content.
    """
    token_reduction: int
    """
    baseline_tokens minus recalled_tokens (negative when the content cost more).
    """


class ReceiverChecks(ContractModel):
    """
    The receiver's own account of its checks, kept apart from evidence availability. All three must be confirmed to accept.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    live_state: Literal["confirmed", "mismatch", "not_checked"]
    """
    Whether the live state matches the Handoff.
    """
    capability: Literal["confirmed", "insufficient", "not_checked"]
    """
    Whether the receiver can do the work.
    """
    authorization: Literal["confirmed", "insufficient", "not_checked"]
    """
    Whether the receiver may do the work.
    """


class ObservedTreeDigest(RootModel[str]):
    root: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The tree digest installed (a succeeded install); null for a removal or a failure.
    """


class ErrorCode1(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The Receiver's failure code (a failure only).
    """


class Reason8(RootModel[str]):
    root: Annotated[str, Field(max_length=512)]
    """
    Why the memory is remembered. Accepted and not stored (the revision's reason is not kept yet).
    """


class ExpectedRevision(RootModel[int]):
    root: Annotated[int, Field(ge=1)]
    """
    A legacy collection precondition. Only null or absent is supported; any number is refused before anything is written: 422 invalid_request, violation {path: /expected_revision, rule: legacy_precondition_unsupported}.
    """


class BlockedErrorCode(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    Why the Receiver's checkpoint was not accepted (drifted, invalid_checkpoint_identity, unknown_checkpoint_package, invalid_checkpoint_digest); null when nothing blocks the action.
    """


class ActualTreeDigest(RootModel[str]):
    root: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The tree digest of the directory now (null: it is gone or unreadable).
    """


class ObservedRevision(RootModel[int]):
    root: Annotated[int, Field(ge=1)]
    """
    The revision the target last confirmed installed.
    """


class ObservedTreeDigest1(RootModel[str]):
    root: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The tree digest the target last confirmed.
    """


class ObservedGeneration(RootModel[int]):
    root: Annotated[int, Field(ge=0)]
    """
    The publication generation the target last reported on.
    """


class LastErrorCode(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The target's last failure code.
    """


class InstallationId(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The enrolled Receiver installation; null until enrollment.
    """


class ReceiverVersion(RootModel[str]):
    root: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The Receiver's version as it last reported it.
    """


class EnvironmentFingerprint3(RootModel[str]):
    root: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The Receiver's environment digest as it last reported it.
    """


class MachineHostname1(RootModel[str]):
    root: Annotated[str, Field(max_length=255, min_length=1, pattern="\\S")]
    """
    The Receiver's host name as it enrolled.
    """


class WorkspaceName1(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The Receiver's workspace name as it enrolled.
    """


class RemoteSkillTargetCredential(ContractModel):
    """
    The activated target's credential, shown only in this answer.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The target's Scope.
    """
    target_id: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The target.
    """
    agent_kind: Literal["codex", "claude_code"]
    """
    The Agent it installs Skills for.
    """
    credential: Annotated[str, Field(max_length=256, min_length=32)]
    """
    The target credential (a bearer secret for the Receiver's calls); the server keeps only its digest.
    """


class RenameRemoteSkillTargetRequest(ContractModel):
    """
    A new name for a target at the generation read.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    target_id: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[a-z0-9]+(?:-[a-z0-9]+)*$")
    ]
    """
    The target.
    """
    display_name: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The human-readable name (surrounding spaces are dropped).
    """
    expected_generation: Annotated[int, Field(ge=0)]
    """
    The target generation the caller read: another one is 409 invalid_target_state.
    """


class ReplaceArtifactTagsRequest(ContractModel):
    """
    The artifact's complete new tag set, replacing the old one in one step; an empty list clears it. Tags keep their display text and match exactly after NFC normalisation and case folding; a tag with outer whitespace or a control, surrogate or unassigned character, and two tags equal after normalisation, are 422 invalid_request (violation at /tags/<i>).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    tags: Annotated[list[Tag1], Field(max_length=32, min_length=0)]
    """
    The tags. Each has no outer whitespace and no control, surrogate or unassigned character.
    """


class RepositoryPath(RootModel[str]):
    root: Annotated[
        str,
        Field(
            max_length=1024,
            min_length=1,
            pattern="^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$",
        ),
    ]
    """
    A repository-relative path: no leading "/", no backslash, no empty, "." or ".." segment, no control character.
    """


class ModelIdentity(RootModel[str]):
    root: Annotated[
        str,
        Field(
            max_length=200,
            min_length=3,
            pattern="^[A-Za-z0-9._-]+/[!-~]+$",
            title="ModelIdentity",
        ),
    ]
    """
    Credential-free provider/model; null only for a declared deterministic non-model reranker.
    """


class RerankSettings(ContractModel):
    """
    Allowlist pcreceipt.rerank-settings.v1: the non-content settings actually passed to a reranker, after inheritance and overrides, explicit defaults included. Never headers, credentials, URLs, provider payloads or content-bearing settings.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    allowlist: Literal["pcreceipt.rerank-settings.v1"]
    """
    The allowlist version these names and types come from.
    """
    temperature: Annotated[float | None, Field(ge=0.0, le=2.0)] = None
    """
    Sampling temperature (forced to 0 for listwise rerank).
    """
    top_p: Annotated[float | None, Field(gt=0.0, le=1.0)] = None
    """
    Nucleus sampling mass.
    """
    max_tokens: Annotated[int | None, Field(ge=1, le=131072)] = None
    """
    Upper bound on generated tokens.
    """
    seed: Annotated[int | None, Field(ge=0, le=4294967295)] = None
    """
    Sampling seed passed to the provider.
    """
    candidate_limit: Annotated[int | None, Field(ge=1, le=256)] = None
    """
    Size of the coarse pool handed to the reranker.
    """
    keep: Annotated[int | None, Field(ge=1, le=256)] = None
    """
    How many reranked candidates are kept (the family cap).
    """
    response_format: Literal["text", "json_object"] | None = None
    """
    The structured output mode requested.
    """
    on_failure: Literal["coarse_order", "drop_family"] | None = None
    """
    What a failed rerank does: fall back to the coarse order, or drop the family.
    """
    algorithm_version: Annotated[int | None, Field(ge=1, le=65535)] = None
    """
    For a deterministic reranker: the version of its algorithm.
    """


class Reason9(RootModel[str]):
    root: Annotated[str, Field(max_length=512)]
    """
    Why, at most 512 characters, or null.
    """


class ReviewArtifactReference(ContractModel):
    """
    An exact artifact revision within the request's Scope, of any family (experience and skill included).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The artifact family.
    """
    artifact_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The artifact identifier.
    """
    revision: Annotated[int, Field(ge=1)]
    """
    The exact revision.
    """


class Sources(RootModel[list[DreamSourceReference]]):
    root: Annotated[list[DreamSourceReference], Field(max_length=32)]
    """
    Tag-proposal evidence only: any non-null value is refused (422).
    """


class Artifacts(RootModel[list[ReviewArtifactReference]]):
    root: Annotated[list[ReviewArtifactReference], Field(max_length=32)]
    """
    Tag-proposal evidence only: any non-null value is refused (422).
    """


class ArtifactRefs1(RootModel[list[ReviewArtifactReference]]):
    root: Annotated[list[ReviewArtifactReference], Field(max_length=32)]
    """
    Replacement artifact evidence; null or absent keeps the current version's.
    """


class Reason10(RootModel[str]):
    root: Annotated[str, Field(max_length=2000, min_length=1)]
    """
    Why the candidate is proposed (trimmed).
    """


class Reason11(RootModel[str]):
    root: Annotated[str, Field(max_length=512)]
    """
    Why, at most 512 characters, or null.
    """


class Revision(RootModel[int]):
    root: Annotated[int, Field(ge=1, le=2147483647)]
    """
    An immutable artifact revision number, starting at 1.
    """


class RevokeAccessBindingRequest(ContractModel):
    """
    Revoke a Binding at the version the caller read.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    binding_id: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The Binding.
    """
    expected_version: Annotated[int, Field(ge=1)]
    """
    Its version as the caller read it.
    """
    idempotency_key: Annotated[str, Field(max_length=255, min_length=1)]
    """
    Repeating the request with the key answers the same revocation.
    """


class RevokeRemoteSkillTargetRequest(ContractModel):
    """
    Revoke a target at the generation read.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    target_id: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[a-z0-9]+(?:-[a-z0-9]+)*$")
    ]
    """
    The target.
    """
    expected_generation: Annotated[int, Field(ge=0)]
    """
    The target generation the caller read: another one is 409 invalid_target_state.
    """


class ScopeAccessResource(ContractModel):
    """
    One Scope (pcreceipt: the id * stands for every Scope, as a token grant on * does).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["scope"]
    """
    Always scope.
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern=".*\\S.*")]
    """
    The Scope id, or *.
    """


class ScopeBindingKey(ContractModel):
    """
    A host-owned key a Scope is bound to; keys match exactly, and integration keeps one host's keys apart from another's.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    integration: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The host integration that owns the key (for example claude-code).
    """
    kind: Annotated[str, Field(max_length=64, min_length=1, pattern="\\S")]
    """
    What the external id identifies for that integration (for example workspace).
    """
    external_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The host's identifier of the thing bound.
    """


class ScopeId(RootModel[str]):
    root: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    A Scope identifier: 1 to 256 characters containing at least one non-space.
    """


class NextCursor7(RootModel[str]):
    root: Annotated[str, Field(max_length=4096, min_length=1)]
    """
    Pass as cursor for the next page; null on the last page.
    """


class ScopeQueryField(
    RootModel[
        Literal[
            "scope_id",
            "title",
            "summary",
            "external_reference_value",
            "binding_external_id",
        ]
    ]
):
    root: Literal[
        "scope_id",
        "title",
        "summary",
        "external_reference_value",
        "binding_external_id",
    ]
    """
    The field list_scopes' query is matched in: the Scope's id, title or summary, the value of one of its external references, or the external_id of one of its bindings.
    """


class Kind1(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    Only memories of this kind (applied before the limit and the ranks), or null for any.
    """


class SearchTopicMemoryRequest(ContractModel):
    """
    Search the Scope's current Topic Memory by full text.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope searched.
    """
    query: Annotated[
        str, Field(max_length=8192, min_length=1, pattern="^\\S(?:[\\s\\S]*\\S)?$")
    ]
    """
    The query text, without leading or trailing whitespace.
    """
    limit: Annotated[int | None, Field(ge=1, le=20)] = 10
    """
    The most hits answered.
    """


class ServerAccessResource(ContractModel):
    """
    The deployment as a whole.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["server"]
    """
    Always server.
    """
    deployment_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The deployment's id (pcreceipt: the server_id of get_server_info).
    """


class ServerInfo(ContractModel):
    """
    Stable deployment identity and protocol compatibility metadata (PowerContext's ServerInfo). No runtime capabilities, health or limits.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_version: ContractVersion
    """
    The version of this response shape: 1.0.
    """
    product: Literal["powercontext"]
    """
    The protocol's product name: pcreceipt serves the PowerContext protocol, whose only product value this is.
    """
    server_id: Annotated[str, Field(max_length=128, min_length=1)]
    """
    Opaque identity of the durable deployment: generated once when the store is created and kept in it, so it stays the same across restarts and for every server sharing one database.
    """
    package_version: Annotated[str, Field(min_length=1)]
    """
    The version of the pcreceipt package serving the request.
    """
    api_contract_version: ContractVersion
    """
    Major and minor of this server's OpenAPI document's info.version.
    """
    feature_contracts: dict[
        Annotated[str, StringConstraints(pattern=r"^[a-z0-9_.]{1,128}$")],
        FeatureContract,
    ]
    """
    PowerContext's stable feature groups this server implements completely, by contract name, as PowerContext 1.4.1 declares them: access.principal (get_access_principal), memory.explicit (remember_memory, search_memory, get_memory_entry), scope.selection (list_scopes, get_scope, get_default_scope).
    """


class SetDefaultScopeRequest(ContractModel):
    """
    Point the default Scope at an existing Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope that becomes the default.
    """


class Sha256Digest(RootModel[str]):
    root: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    A SHA-256 digest in the prefixed form: "sha256:" followed by 64 lowercase hex digits.
    """


class ReplacementArtifactId(RootModel[str]):
    root: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The Skill replacing it, when deprecated.
    """


class SkillPackageFile(ContractModel):
    """
    One regular file of a canonical package.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    path: Annotated[str, Field(max_length=512, min_length=1)]
    """
    Its path in the package.
    """
    digest: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    sha256 of its bytes.
    """
    size: Annotated[int, Field(ge=0, le=4194304)]
    """
    Its size in bytes.
    """
    media_type: Annotated[str, Field(max_length=255, min_length=1)]
    """
    Its media type by suffix (1.4.1's table; else application/octet-stream).
    """
    executable: bool
    """
    Whether it is stored with mode 0755.
    """


MetadataAdditionalProperty = TypeAliasType(
    "MetadataAdditionalProperty", Annotated[str, Field(max_length=2000)]
)
"""
A metadata value.
"""


class SkillPackageReference(ContractModel):
    """
    An exact managed Skill package by its digests (here only an external Skill import proposes one; a caller's proposal naming one is refused).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    tree_digest: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The package tree's SHA-256.
    """
    archive_digest: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The package archive's SHA-256.
    """
    file_count: Annotated[int, Field(ge=1, le=256)]
    """
    Files in the package.
    """
    uncompressed_size: Annotated[int, Field(ge=1, le=4194304)]
    """
    Bytes of the files.
    """
    archive_size: Annotated[int, Field(ge=1, le=5242880)]
    """
    Bytes of the archive.
    """


class ValidationItem(RootModel[str]):
    root: Annotated[
        str, Field(max_length=2000, min_length=1, pattern="^\\S(?:.*\\S)?$")
    ]
    """
    One check (trimmed).
    """


class License(RootModel[str]):
    root: Annotated[str, Field(max_length=512, min_length=1)]
    """
    The license (trimmed).
    """


class Compatibility(RootModel[str]):
    root: Annotated[str, Field(min_length=1, pattern="^[\\s\\S]{1,500}$")]
    """
    Compatibility notes (trimmed), 1 to 500 characters (stated as a pattern).
    """


class AllowedTools(RootModel[str]):
    root: Annotated[str, Field(max_length=2000, min_length=1)]
    """
    The tools the Skill may use (trimmed).
    """


class SkillProposal(ContractModel):
    """
    Managed Skill content: a name, a description, instructions and how to validate them.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(max_length=128, min_length=1, pattern="^\\S(?:.*\\S)?$")]
    """
    The Skill's name (trimmed).
    """
    description: Annotated[
        str, Field(max_length=2000, min_length=1, pattern="^\\S(?:.*\\S)?$")
    ]
    """
    What the Skill is for (trimmed).
    """
    instructions: Annotated[str, Field(max_length=131072)]
    """
    The instructions (not blank, no trailing whitespace).
    """
    validation: Annotated[list[ValidationItem], Field(max_length=32)]
    """
    How to check the Skill worked: at least one trimmed item in a caller's proposal (empty in an imported package's).
    """
    package: SkillPackageReference | None = None
    """
    An exact package the Scope holds, whose cached fields the proposal must carry; null in a text proposal, for which the server builds and stores a one-file package; a proposal stored before packages were built may have none.
    """
    license: License | None = None
    """
    The license (trimmed).
    """
    compatibility: Compatibility | None = None
    """
    Compatibility notes (trimmed), 1 to 500 characters (stated as a pattern).
    """
    metadata: Annotated[
        dict[
            Annotated[str, StringConstraints(min_length=1, max_length=128)],
            MetadataAdditionalProperty,
        ]
        | None,
        Field(max_length=64),
    ] = None
    """
    Free metadata: at most 64 keys of 1 to 128 characters, values of at most 2000 characters; keys and values trimmed.
    """
    allowed_tools: AllowedTools | None = None
    """
    The tools the Skill may use (trimmed).
    """


class SkillUsageSourceReference(ContractModel):
    """
    A usage Source's identity: its type and the caller's observation id.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: Literal["skill-usage"]
    """
    The Source type.
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The observation id, as sent.
    """


class SourceInventoryStatistics(ContractModel):
    """
    Sources stored and how far Memory extraction got.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    total: Annotated[int, Field(ge=0)]
    """
    Sources stored (the highest position).
    """
    memory_processed: Annotated[int, Field(ge=0)]
    """
    Sources the Memory extraction cursor has passed.
    """
    memory_pending: Annotated[int, Field(ge=0)]
    """
    total minus memory_processed.
    """


class SourceObservationReceipt(ContractModel):
    """
    The receipt of a submitted observation: the Source's identity and its position in the Scope's Source sequence.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    source: ObservedSourceReference
    """
    The Source stored.
    """
    position: Annotated[int, Field(ge=1)]
    """
    The Source's position in its Scope (the first submission's, for a replay).
    """


class NextCursor8(RootModel[str]):
    root: Annotated[str, Field(max_length=4096, min_length=1)]
    """
    Continues the listing from the same snapshot; null on the last page.
    """


class SourceProjectionKey(ContractModel):
    """
    A named, versioned projection of a Source Definition.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The projection's name (no leading or trailing white space).
    """
    version: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The projection's version (no leading or trailing white space).
    """


class SourceProjectionManifest(ContractModel):
    """
    One projection a Source Definition declares, with the JSON Schema of its values.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    key: SourceProjectionKey
    """
    The projection.
    """
    schema_: Annotated[dict[str, Any], Field(alias="schema")]
    """
    A JSON Schema (draft 2020-12, local references only) its values must satisfy.
    """


class SourceProjectionValue(ContractModel):
    """
    One projection the worker computed for the observation: its key (as the manifest declares it) and its value (checked against the manifest's schema for that key).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    key: SourceProjectionKey
    """
    The projection.
    """
    value: Any
    """
    The projection's value: any JSON value.
    """


class SourceReference(ContractModel):
    """
    A Source a revision was written from, by its type and id.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The Source type (content).
    """
    source_id: Annotated[str, Field(max_length=1024, min_length=1)]
    """
    The Source id.
    """


class SourceTypeReference(ContractModel):
    """
    A Source evidence reference.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    source_type: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The Source type.
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The Source identity.
    """


class StageTiming(ContractModel):
    """
    Summed duration of one runtime stage over its runs.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    stage: Annotated[
        str,
        Field(
            max_length=64,
            min_length=3,
            pattern="^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$",
        ),
    ]
    """
    The runtime's span name, such as memory.search or context.build.
    """
    duration_ms: Annotated[float, Field(ge=0.0)]
    """
    Total milliseconds over all runs.
    """
    count: Annotated[int, Field(ge=1, le=65535)]
    """
    How many times the stage ran.
    """


class SubtreeScopeSelection(ContractModel):
    """
    A Scope and its descendants by parent link.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    mode: Literal["subtree"]
    """
    The selection mode.
    """
    root_scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The subtree's root; it must exist.
    """


class Details(RootModel[str]):
    root: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    Detail of the result, trimmed; null or absent for none.
    """


class RemainingWorkItem(RootModel[str]):
    root: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    One item.
    """


class TaskSourceReference(ContractModel):
    """
    A Source by its type and id.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: str
    """
    The Source type.
    """
    source_id: str
    """
    The Source id.
    """


class TokenEstimatorProfile(ContractModel):
    """
    How tokens are estimated: character:weighted version 1 is ceil((ASCII characters + 4 x other characters) / 4).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    estimator_id: Literal["character:weighted"]
    """
    The estimator.
    """
    version: Literal["1"]
    """
    Its version.
    """


class TopicMemoryContent(ContractModel):
    """
    A topic memory: a titled summary with detail.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    title: Annotated[str, Field(max_length=512, min_length=1, pattern="\\S")]
    """
    The topic title.
    """
    summary: Annotated[str, Field(max_length=8000, min_length=1, pattern="\\S")]
    """
    The topic summary.
    """
    detail: Annotated[str, Field(max_length=125000, min_length=1, pattern="\\S")]
    """
    The topic detail.
    """


class TopicMemoryProcessingBlock(ContractModel):
    """
    A retained terminal block of Topic Memory processing with its diagnostics (1.4.1's TopicMemoryProcessingBlock). pcreceipt runs no Topic Memory processing, so it never retains one; the shape is declared for status's block and the block reads.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    block_id: str
    """
    The block's id.
    """
    attempt_id: str
    """
    The attempt that ended in the block.
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    binding_name: str
    """
    The processing binding.
    """
    source_after: Annotated[int, Field(ge=0)]
    """
    The cursor the attempt started after.
    """
    source_through: Annotated[int | None, Field(ge=1)]
    """
    The exact selected Source end; null when unknown.
    """
    budget_source_through: Annotated[int | None, Field(ge=1)]
    """
    The cumulative coverage of the original allowance; null only for imported blocks.
    """
    legacy_source_through: Annotated[int | None, Field(ge=1)]
    """
    The original range of an imported block; null otherwise.
    """
    target_source_through: Annotated[int, Field(ge=1)]
    """
    The retained target.
    """
    attempts: Annotated[int, Field(ge=1)]
    """
    Attempts made.
    """
    requests: Annotated[int, Field(ge=0)]
    """
    Model requests made.
    """
    tokens: Annotated[int, Field(ge=0)]
    """
    Model tokens used.
    """
    error_code: str
    """
    The block's error code.
    """
    last_error_code: str | None
    """
    The last attempt's error code, or null.
    """
    blocked_at: AwareDatetime
    """
    UTC time the block was observed.
    """
    retried_at: AwareDatetime | None
    """
    UTC time of an accepted retry, or null.
    """
    retry_request_generation: Annotated[int | None, Field(ge=1)]
    """
    The flush generation an accepted retry requested, or null.
    """


class TopicMemoryProcessingStatus(ContractModel):
    """
    A Scope's Topic Memory processing state (1.4.1's TopicMemoryProcessingStatus).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    state: Literal["idle", "pending", "blocked"]
    """
    The processing state.
    """
    source_cursor: Annotated[int, Field(ge=0)]
    """
    The position Topic Memory processing has consumed through: always 0 here, since pcreceipt runs no Topic Memory processing.
    """
    source_head: Annotated[int, Field(ge=0)]
    """
    The Scope's highest Source position (0 without Sources).
    """
    target_source_through: Annotated[int | None, Field(ge=0)]
    """
    The retained processing target; always null here (only a flush with processing sets one).
    """
    block: TopicMemoryProcessingBlock | None
    """
    The current terminal block; always null here.
    """


class TopicMemoryProcessingStatusRequest(ContractModel):
    """
    Which Scope's Topic Memory processing to inspect.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """


class UnpublishRemoteSkillRequest(ContractModel):
    """
    Make a Skill's absence a target's desired state.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    target_id: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[a-z0-9]+(?:-[a-z0-9]+)*$")
    ]
    """
    The target.
    """
    artifact_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The managed Skill.
    """
    expected_generation: Annotated[int, Field(ge=0)]
    """
    The publication generation the caller read: another one is 409 publication_generation_conflict.
    """


class UpdateScopeRequest(ContractModel):
    """
    Replace a Scope's descriptor (PUT: an absent optional field is cleared, not kept).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    expected_version: Annotated[int, Field(ge=1)]
    """
    The version the caller read; the update is refused (409) when the Scope has moved on.
    """
    title: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope title.
    """
    summary: Annotated[str, Field(max_length=2000, min_length=1, pattern="\\S")]
    """
    What the Scope is about.
    """
    parent_scope_id: ScopeId | None = None
    """
    An existing parent Scope, or null (absent is null).
    """
    context_references: Annotated[
        list[ScopeId] | None, Field(max_length=32, validate_default=True)
    ] = []
    """
    Other existing Scopes that prepare also searches (never itself); absent is none.
    """
    external_references: Annotated[
        list[ExternalReference] | None, Field(max_length=32, validate_default=True)
    ] = []
    """
    References outside pcreceipt; absent is none.
    """


class UpdateSkillLifecycleRequest(ContractModel):
    """
    An explicit lifecycle transition of one managed Skill, compared and set on its governance generation.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1, pattern="^[!-~]+$")]
    """
    The managed Skill.
    """
    expected_generation: Annotated[int, Field(ge=0)]
    """
    The governance generation the caller last read (0: never changed).
    """
    lifecycle_state: Literal["active", "deprecated", "retired"]
    """
    The state asked for.
    """
    replacement_artifact_id: ArtifactId | None = None
    """
    The managed Skill replacing it (only with deprecated).
    """


class Violation(ContractModel):
    """
    One violated rule.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    path: Annotated[str, Field(max_length=512)]
    """
    JSON Pointer to the offending location in the message ("" for the whole message).
    """
    rule: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The rule's identifier: a JSON Schema keyword or a named semantic rule.
    """
    property: Annotated[str | None, Field(pattern="^[A-Za-z0-9_.-]{1,64}$")] = None
    """
    For required, additionalProperties and unevaluatedProperties: the name of the property that is missing, or that the object at path has and the contract does not define. Absent for other rules, and for a name that is not 1 to 64 ASCII letters, digits, '_', '.' or '-' (a submitted name is never echoed otherwise).
    """


class WorkArtifactReference(ContractModel):
    """
    An exact artifact revision in the request's Scope (PowerContext 1.4.1's ArtifactReference: any family name; one pcreceipt does not hold is simply not found).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Annotated[str, Field(max_length=128, min_length=1, pattern="^[!-~]+$")]
    """
    The artifact family: 1 to 128 printable ASCII characters, no spaces.
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1, pattern="^[!-~]+$")]
    """
    The artifact identifier.
    """
    revision: Annotated[int, Field(ge=1, le=2147483647)]
    """
    The exact revision.
    """


class InScopeItem(RootModel[str]):
    root: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    One item in scope.
    """


class Exclusion(RootModel[str]):
    root: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    One exclusion.
    """


class CompletionCriterion(RootModel[str]):
    root: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    One criterion.
    """


class AuthorizationNote(RootModel[str]):
    root: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    One note.
    """


class OpenQuestion(RootModel[str]):
    root: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    One question.
    """


class WorkSourceReceipt(ContractModel):
    """
    The receipt of a work record stored as a Source: its kind, the Source, its position and the digest of the record.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal[
        "work-contract", "handoff-boundary", "handoff-receipt", "task-outcome"
    ]
    """
    The record's kind.
    """
    source: CapturedSourceReference
    """
    The Source the record was stored as.
    """
    position: Annotated[int, Field(ge=1)]
    """
    The Source's position in its Scope.
    """
    content_digest: Annotated[
        str, Field(max_length=71, min_length=71, pattern="^sha256:[0-9a-f]{64}$")
    ]
    """
    sha256: and the hex SHA-256 of the record's compact JSON (every field, nulls included, in the schema's order; docs/handoffs.md).
    """


class WorkSourceReference(ContractModel):
    """
    A Source named by its type and the caller's id (PowerContext 1.4.1's SourceReference). pcreceipt stores one type, content.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The Source type: 1 to 128 characters, trimmed (content for every Source pcreceipt stores).
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The caller's Source id: 1 to 256 characters, trimmed.
    """


class AccessBindingReplacementInput(ContractModel):
    """
    The replacement's subject, reason and expiry (resource and role stay).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    subject: AccessPrincipal | AccessGroup
    """
    Who the replacement is for.
    """
    reason: Reason1 | None = None
    """
    Why, or null.
    """
    expires_at: AwareDatetime | None = None
    """
    When it stops applying, or null.
    """


class AccessCheckResponse(ContractModel):
    """
    The combined decision and one decision per requirement, in order.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    allowed: bool
    """
    The combined decision.
    """
    decisions: Annotated[list[AccessDecision], Field(max_length=100, min_length=1)]
    """
    One per requirement.
    """


class AccessMeResponse(ContractModel):
    """
    The caller and what this deployment's access control offers.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    principal: AccessPrincipal
    """
    The caller.
    """
    mode: Literal["disabled", "enforced"]
    """
    enforced: every request is decided by the caller's Bindings.
    """
    resource_kinds: list[Literal["server", "scope", "artifact"]]
    """
    The resource types Bindings and checks can name.
    """
    provider_capabilities: AccessProviderCapabilities
    """
    What the decisions can do.
    """
    artifact_families: list[ArtifactFamilyAccessCapability]
    """
    Artifact Families that can be shared (none in pcreceipt).
    """


class ApproveCandidateRequest(ContractModel):
    """
    Approve the exact pending version: write its artifact and mark it approved, together.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    candidate_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The candidate.
    """
    expected_version: Annotated[int, Field(ge=1)]
    """
    The version reviewed.
    """


class ArtifactAccessResource(ContractModel):
    """
    One Artifact in a Scope (accepted in requests; pcreceipt shares no Artifacts, so it is refused).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    type: Literal["artifact"]
    """
    Always artifact.
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern=".*\\S.*")]
    """
    The Scope holding it.
    """
    identity: AccessArtifactIdentity
    """
    The Artifact.
    """
    selector: MemoryEntryAccessSelector | None = None
    """
    A Memory entry within it, or null.
    """


class ArtifactDreamingOperationCapability(ContractModel):
    """
    A Dream operation this server runs and what review does with its result.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    operation: Literal[
        "refine_experience",
        "derive_skill",
        "revise_skill",
        "revise_profile",
        "revise_memory",
        "revise_topic_memory",
        "refresh_handoff",
        "revise_prompt",
        "revise_tags",
    ]
    """
    The operation.
    """
    output_kind: Literal["candidate", "tag_candidate"]
    """
    What it proposes.
    """
    effect: Literal[
        "review_then_publish",
        "review_then_publish_configuration",
        "review_then_replace_tags",
    ]
    """
    What approval does.
    """


class ArtifactInventoryStatistics(ContractModel):
    """
    Artifacts stored.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    total: Annotated[int, Field(ge=0)]
    """
    Artifacts of every family.
    """
    by_family: list[FamilyCount]
    """
    Per family with at least one artifact, by family name.
    """


class ArtifactReference(ContractModel):
    """
    An exact artifact revision within the Scope given by the enclosing object.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The artifact family.
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1, pattern="^[!-~]+$")]
    """
    The artifact identifier.
    """
    revision: Annotated[int, Field(ge=1, le=2147483647)]
    """
    The exact revision.
    """


class ArtifactSearchFusion(ContractModel):
    """
    How a Family with more than one channel fuses them: method rrf (weighted reciprocal rank fusion) is the one supported; another method is 422 at /fusion/method.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    method: Annotated[str, Field(min_length=1, pattern=".*\\S.*")]
    """
    The fusion method (rrf).
    """
    params: ArtifactSearchFusionParams | None = None
    """
    The method's parameters.
    """


class ArtifactSearchLineage(ContractModel):
    """
    The revision's direct evidence (PowerContext 1.4.1's Artifact lineage).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    sources: list[SourceTypeReference]
    """
    The Sources it derives from.
    """
    artifacts: list[ArtifactReference]
    """
    The revisions it derives from.
    """
    publication_source: None
    """
    Always null here (no revision is a publication).
    """
    publication_digest: None
    """
    Always null here.
    """


class ArtifactTagSet(ContractModel):
    """
    An artifact's complete current tag set.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    target: ArtifactTagTarget
    """
    The tagged artifact.
    """
    tags: Annotated[list[Tag1], Field(max_length=32, min_length=0)]
    """
    The tags' display text, ordered by the UTF-8 bytes of their normalised forms.
    """
    tag_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    sha256 of the RFC 8785 JSON {"tags": tags}; informational (If-Match takes the ETag, not this).
    """


class AtomicMemoryContent(ContractModel):
    """
    An atomic memory: one short text. The text is NFC-normalised and stripped, then limited to 8192 UTF-8 bytes. creation is maintained by the server: served on every revision (null unless the revision is a merge result's revision 1), and a write may only leave it out or send null (anything else is 422, rule creation_maintained_by_server).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[
        Literal["powercontext.atomic-memory.v1"], Field(alias="schema")
    ] = "powercontext.atomic-memory.v1"
    """
    The atomic memory content schema.
    """
    kind: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    What kind of memory this is, such as decision or fact.
    """
    text: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    The memory text (at most 8192 UTF-8 bytes after NFC and strip).
    """
    creation: AtomicMemoryCreation | None = None
    """
    The merge that created this memory, or null; maintained by the server (a write may only omit it or send null).
    """


class AtomicMemoryInput(ContractModel):
    """
    An atomic memory at the revision and state version the caller last saw.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact: ArtifactReference
    """
    The memory's head revision (family atomic-memory).
    """
    state_version: Annotated[int, Field(ge=0)]
    """
    The state version the caller last saw.
    """


class AtomicMemoryLifecycleRequest(ContractModel):
    """
    Forget an active memory: PowerContext 1.4.1's request, {scope_id, target: {artifact, state_version}, state: "forgotten"}. Forgetting a memory that is already forgotten, at its current revision and state_version, changes nothing (200, changed false). pcreceipt extension: state "retired" retires an active merge result.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    target: AtomicMemoryInput
    """
    The memory.
    """
    state: Literal["forgotten", "retired"]
    """
    The new state: forgotten (PowerContext's only value), or retired (a pcreceipt extension, merge results only).
    """


class AtomicMemoryRecord(ContractModel):
    """
    An atomic memory after a mutation.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact: ArtifactReference
    """
    The head revision.
    """
    kind: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The memory kind.
    """
    text: Annotated[str, Field(min_length=1)]
    """
    The memory text.
    """
    state: Literal["active", "forgotten", "merged", "retired"]
    """
    The lifecycle state.
    """
    state_version: Annotated[int, Field(ge=0)]
    """
    The state version.
    """
    merged_into_id: ArtifactId | None
    """
    The merge result, or null.
    """


class AtomicMemoryRestorationPreview(ContractModel):
    """
    What the restoration would do, and a token that holds the restoration to it.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    preview_token: Annotated[str, Field(min_length=1)]
    """
    Opaque; send it as restore_atomic_memory's preview_token with the same scope_id, target and operation.
    """
    expires_at: AwareDatetime
    """
    When the token stops being accepted (five minutes after the preview).
    """
    endpoint: AtomicMemoryRestorationEndpoint
    """
    Where the memory's merge path ends now.
    """
    restore: list[AtomicMemoryRestorationItem]
    """
    The memories left active, in artifact_id order.
    """
    retire: list[ArtifactReference]
    """
    The merge results that would be retired (their current revisions), in artifact_id order.
    """
    undo_merge_results: list[UndoMergeResult]
    """
    The merge results whose merges are undone, from the path's end inward.
    """


class AtomicMemoryRestorationPreviewRequest(ContractModel):
    """
    Ask what a restoration would do, writing nothing.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    target: AtomicMemoryRestorationTarget
    """
    The memory the restoration starts from.
    """
    operation: Literal["restore", "undo_merge"] | None = "restore"
    """
    restore (the default) or undo_merge.
    """


class AtomicMemoryRestorationRequest(ContractModel):
    """
    Restore an Atomic Memory (or undo its merge) in one transaction: every memory on its current merge path is brought back or retired together, or nothing is written.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    target: AtomicMemoryRestorationTarget
    """
    The memory the restoration starts from.
    """
    operation: Literal["restore", "undo_merge"] | None = "restore"
    """
    restore (the default) or undo_merge.
    """
    preview_token: str | None = None
    """
    A token from preview_atomic_memory_restoration for this exact request: the restoration then happens only if the merge path still ends where the preview saw it (else 409 preview_stale), and never after the token expired (409 preview_expired). A token for another request, altered or not the server's is 422 invalid_preview.
    """


class AtomicMemoryRestorationResponse(ContractModel):
    """
    What the restoration did.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    changed: bool
    """
    Whether anything was written (false: the memory was already as the restoration would leave it).
    """
    restored: list[ArtifactReference]
    """
    The active memories the restoration wrote or found, at their head revisions, in artifact_id order.
    """
    retired: list[ArtifactReference]
    """
    The merge results it retired, at their new head revisions, in artifact_id order.
    """
    undo_merge_results: list[UndoMergeResult]
    """
    The merge results whose merges were undone, from the path's end inward.
    """


class AtomicMemorySearchHit(ContractModel):
    """
    One hit: the memory, its fused reciprocal-rank score and the channels that found it.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    memory: AtomicMemoryRecord
    """
    The memory (its head, active).
    """
    score: Annotated[float, Field(gt=0.0)]
    """
    The reciprocal-rank score: the sum over the channels that found the hit of 1 / (60 + its rank there), ranks from 1.
    """
    matched_by: Annotated[
        list[Literal["text", "vector"]], Field(max_length=2, min_length=1)
    ]
    """
    The channels that found the hit, text first.
    """


class AtomicMemoryStateView(ContractModel):
    """
    The head and lifecycle of an atomic memory.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact: ArtifactReference
    """
    The head revision.
    """
    state: Literal["active", "forgotten", "merged", "retired"]
    """
    The lifecycle state.
    """
    state_version: Annotated[int, Field(ge=0)]
    """
    Incremented by every lifecycle change.
    """
    merged_into_id: ArtifactId | None
    """
    The merge result this memory was merged into, or null.
    """


class BootstrapContextItem(ContractModel):
    """
    One item of a bootstrap package.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["atomic-memory", "handoff"]
    """
    What the item is.
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The item's Scope.
    """
    artifact: BootstrapHandoffReference
    """
    The exact revision.
    """
    content_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    The revision's content digest.
    """
    truncated: bool
    """
    Whether the item's body was cut.
    """


class BootstrapContextRequest(ContractModel):
    """
    Ask for the opt-in bootstrap package of one host lifecycle event.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The current Scope.
    """
    enabled: bool | None = False
    """
    Whether the host opted in to a package; when false the answer is skipped/disabled.
    """
    profile: Literal["powercontext.scope-bootstrap.v1"] | None = (
        "powercontext.scope-bootstrap.v1"
    )
    """
    The package profile.
    """
    lifecycle: Literal["startup", "resume", "clear", "compact", "restore", "fork"]
    """
    The host lifecycle boundary.
    """
    integration: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The host integration's name.
    """
    event_id: Annotated[
        str | None, Field(max_length=512, min_length=1, pattern="^[\\x20-\\x7E]+$")
    ] = None
    """
    A stable host event identity; stored only as a digest, so a retry of the same event reuses its receipt.
    """
    max_bytes: Annotated[int | None, Field(ge=512, le=8192)] = 4096
    """
    The package's byte budget.
    """
    handoff: BootstrapHandoffReference | None = None
    """
    An exact committed Handoff revision to include.
    """


class Capabilities(ContractModel):
    """
    What the assembled runtime can do (PowerContext's Capabilities); features pcreceipt lacks are false or empty.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    prompts: dict[
        Annotated[str, StringConstraints(pattern=r"^[a-z0-9_.]{1,128}$")],
        PromptCapability,
    ]
    """
    Every PowerContext 1.4.1 prompt key (the sixteen of PromptCatalogueKey), as 1.4.1 lists them: memory.rerank (prepare's model reranker) and atomic_memory.extract (flush_memory's Memory extraction) are supported exactly when their component runs, else disabled with the reason; handoff.generate (Handoff drafts by prepare_handoff and activate_handoff) is supported exactly when a generation provider is configured, else disabled (provider_not_configured); experience.generate and skill.generate are unsupported (injected_component) while generation runs, since their prompts are fixed and no Scope's prompt replaces them, else disabled (provider_not_configured); every other key names a prompt pcreceipt never runs: disabled, provider_not_configured without a generation provider (1.4.1's answer without one), operation_disabled with one.
    """
    artifact_dreaming: bool
    """
    Whether asynchronous Artifact Dream runs are executed: true exactly when a generation provider (base URL and model) is configured.
    """
    artifact_dreaming_operations: list[ArtifactDreamingOperationCapability] | None = (
        None
    )
    """
    The Dream operations this server runs (refine_experience and derive_skill, each a reviewed Candidate published on approval), sent to a client of Dream contract 2 (its X-PowerContext-Dream-Contract: 2 header, or an MCP call), empty without a generation provider; absent for any other client. PowerContext 1.4.1 answers both ways (its official client and every host send the header).
    """
    source_types: list[SourceType]
    """
    The Source types that can be captured: content (capture_content_source and capture_working_note).
    """
    artifact_families: list[
        Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    ]
    """
    The artifact families this server stores.
    """
    memory_extraction: bool
    """
    Whether pending content Sources can be extracted into Atomic Memory: true exactly when a generation provider (base URL and model) is configured and extraction is enabled.
    """
    extraction: ExtractionStatus | None
    """
    Memory extraction diagnostics, or null when none are supplied.
    """
    experience_generation: bool
    """
    Whether a model can generate Experience candidates.
    """
    managed_skill_generation: bool
    """
    Whether a model can generate managed Skill candidates.
    """
    external_skill_registry: bool
    """
    Whether host-local external Skill discovery is configured.
    """
    handoff_generation: bool
    """
    Whether evidence can be generated into a Handoff draft: true exactly when a generation provider (base URL and model) is configured.
    """
    search_modes: list[Literal["auto", "fts", "vector", "hybrid"]]
    """
    The retrieval modes prepare's recall can run with the configured embedder: auto and fts always, vector and hybrid only with an embedder.
    """
    context_versions: list[Literal["powercontext.prepared-context.v1"]]
    """
    The prepared-context schemas prepare answers with.
    """


class CaptureContentSourceRequest(ContractModel):
    """
    Capture raw content as an immutable Content Source of the Scope, pending for Memory extraction.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the Source belongs to.
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The caller's stable identity of the Source within the Scope: a replay of the same id with the same content and metadata answers the first capture's receipt; other content or metadata under the id is 409 source_conflict.
    """
    content: Annotated[str, Field(max_length=200000, min_length=1)]
    """
    The raw content. A JSON object text whose schema is powercontext.handoff-receipt.v1 is server-reserved and refused.
    """
    metadata: dict[str, Any] | None = None
    """
    Caller metadata, stored as given; null or absent for none.
    """


class CaptureContentSourceResponse(ContractModel):
    """
    The receipt of a capture: the Source's identity and its position in the Scope's Source sequence.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["accepted"]
    """
    Always accepted: the Source is stored.
    """
    source: CapturedSourceReference
    """
    The Source captured.
    """
    position: Annotated[int, Field(ge=1)]
    """
    The Source's position in its Scope: unique and increasing in capture order, shared by every Source of the Scope (artifact writes record one too).
    """


class CaptureWorkingNoteRequest(ContractModel):
    """
    Capture short-lived, session-local working state as a Source. A Working Note is evidence only: it is never extracted into Memory.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the note belongs to.
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The caller's stable identity of the note within the Scope (replay and conflict as for capture_content_source).
    """
    content: Annotated[str, Field(max_length=200000, min_length=1, pattern="\\S")]
    """
    The note.
    """
    session_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The host session the note belongs to (correlation only, not an access boundary).
    """
    note_kind: Literal[
        "inspection", "abandoned_approach", "validation", "unresolved", "host_context"
    ]
    """
    What the note records.
    """
    expires_at: ExpiresAt | None = None
    """
    An optional logical expiry: an ISO 8601 date-time with a time zone, in the future when captured (else 422 with details.field expires_at and details.reason missing_time_zone or not_in_future). An exact replay stays accepted after the expiry.
    """


class ClearScopeBindingRequest(ContractModel):
    """
    Remove the binding of one key.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    key: ScopeBindingKey
    """
    The key whose binding is removed.
    """


class CodeEvidenceRef(ContractModel):
    """
    An exact line range of an indexed code file, with the hash of the snippet actually used.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope whose workspace holds the file.
    """
    fingerprint: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The indexed workspace fingerprint.
    """
    path: Annotated[
        str,
        Field(
            max_length=1024,
            min_length=1,
            pattern="^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$",
        ),
    ]
    """
    The file's repository-relative path.
    """
    file_sha256: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    SHA-256 of the whole file's bytes.
    """
    start_line: Annotated[int, Field(ge=1, le=2147483647)]
    """
    First line of the range, 1-based.
    """
    end_line: Annotated[int, Field(ge=1, le=2147483647)]
    """
    Last line of the range, inclusive; not before start_line.
    """
    snippet_sha256: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    SHA-256 of the UTF-8 bytes of the final snippet.
    """


class CodeFileUpload(ContractModel):
    """
    One text file of a workspace.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    path: Annotated[
        str,
        Field(
            max_length=1024,
            min_length=1,
            pattern="^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$",
        ),
    ]
    """
    Repository-relative path.
    """
    content: Annotated[str, Field(max_length=1048576)]
    """
    The file's text (UTF-8).
    """


class CodeMapOperation(ContractModel):
    """
    PowerContext's structural map (pcreceipt: 501 unsupported_capability).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["map"]
    """
    The operation.
    """
    path_prefix: Annotated[
        Literal[""] | RepositoryPath | None, Field(validate_default=True)
    ] = ""
    """
    Only paths under this repository-relative directory; empty for the whole workspace.
    """
    limit: Annotated[int | None, Field(ge=1, le=50)] = 20
    """
    At most this many items.
    """
    depth: Annotated[int | None, Field(ge=1, le=5)] = 2
    """
    How many relation steps to follow.
    """


class CodeQueryItem(ContractModel):
    """
    A line range of an indexed file with its text.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    path: Annotated[
        str,
        Field(
            max_length=1024,
            min_length=1,
            pattern="^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$",
        ),
    ]
    """
    The repository-relative path.
    """
    start_line: Annotated[int, Field(ge=1)]
    """
    First line (1-based).
    """
    end_line: Annotated[int, Field(ge=1)]
    """
    Last line, inclusive.
    """
    file_sha256: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    sha256 of the whole file's bytes.
    """
    snippet_sha256: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    sha256 of content's UTF-8 bytes.
    """
    content: str
    """
    The lines as in the file, with their line endings (the last line of a file may have none).
    """


class CodeQueryResult(ContractModel):
    """
    The answer of an explore or read operation (PowerContext's powercontext.code-query.v1).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[Literal["powercontext.code-query.v1"], Field(alias="schema")]
    """
    The message schema.
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    fingerprint: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The workspace fingerprint answered from.
    """
    before_fingerprint: None
    """
    Always null (no change queries).
    """
    commit: None
    """
    Always null: an uploaded workspace names no commit.
    """
    git_object_format: Literal["sha256"]
    """
    sha256: files and workspaces are addressed by sha256.
    """
    dirty: Literal[False]
    """
    Always false: the uploaded workspace is the indexed one.
    """
    checked_at: AwareDatetime
    """
    When the answer was made.
    """
    operation: Literal["explore", "read"]
    """
    The operation answered.
    """
    status: Literal["ok", "partial"]
    """
    partial when items were left out to fit max_bytes.
    """
    items: Annotated[list[CodeQueryItem], Field(max_length=50)]
    """
    The ranges, best first for explore.
    """
    coverage: CodeCoverage
    """
    What the index covers.
    """
    limitations: Annotated[
        list[Literal["output_budget", "text_search_only"]], Field(max_length=2)
    ]
    """
    What the answer cannot show: text_search_only (explore matches text, not symbols or relations), output_budget (items left out or cut to fit max_bytes).
    """


class CodeRange(ContractModel):
    """
    An exact line range of an indexed file.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    evidence: CodeEvidenceRef
    """
    The range's identity; snippet_sha256 hashes the lines joined with newlines.
    """
    lines: Annotated[list[str], Field(max_length=200)]
    """
    The range's lines, without line terminators.
    """


class CodeReadOperation(ContractModel):
    """
    Read an inclusive line range of one file of the current workspace; the range holds 1 to 200 lines and is cut at the file's end.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["read"]
    """
    The operation.
    """
    path: Annotated[
        str,
        Field(
            max_length=1024,
            min_length=1,
            pattern="^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$",
        ),
    ]
    """
    The repository-relative path.
    """
    file_sha256: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The file version the caller saw (from an explore item).
    """
    start_line: Annotated[int, Field(ge=1)]
    """
    First line (1-based).
    """
    end_line: Annotated[int, Field(ge=1)]
    """
    Last line, inclusive: at least start_line and below start_line + 200.
    """


class CodeRelationOperation(ContractModel):
    """
    PowerContext's call-graph walks (pcreceipt: 501 unsupported_capability).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["callers", "callees", "impact"]
    """
    The operation.
    """
    path_prefix: Annotated[
        Literal[""] | RepositoryPath | None, Field(validate_default=True)
    ] = ""
    """
    Only paths under this repository-relative directory; empty for the whole workspace.
    """
    limit: Annotated[int | None, Field(ge=1, le=50)] = 20
    """
    At most this many items.
    """
    symbol_id: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The symbol to start from.
    """
    depth: Annotated[int | None, Field(ge=1, le=5)] = 2
    """
    How many relation steps to follow.
    """


class CodeSearchOperation(ContractModel):
    """
    Search the index. explore: full-text search over the indexed lines (pcreceipt's index); symbols: a symbol-name search (pcreceipt has no symbol table: 501 unsupported_capability).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["symbols", "explore"]
    """
    The operation.
    """
    path_prefix: Annotated[
        Literal[""] | RepositoryPath | None, Field(validate_default=True)
    ] = ""
    """
    Only paths under this repository-relative directory; empty for the whole workspace.
    """
    limit: Annotated[int | None, Field(ge=1, le=50)] = 20
    """
    At most this many items.
    """
    query: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What to look for.
    """


class CodeStatus(ContractModel):
    """
    The state of the Scope's code index (PowerContext's powercontext.code-status.v1): ready with the current workspace, or missing before the first indexing.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[Literal["powercontext.code-status.v1"], Field(alias="schema")]
    """
    The message schema.
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    status: Literal["ready", "missing"]
    """
    ready: a workspace is indexed; missing: none yet.
    """
    freshness: Literal["unknown"]
    """
    Always unknown: the server cannot compare an uploaded workspace with the client's files.
    """
    fingerprint: Hex64 | None
    """
    The current workspace fingerprint, or null when missing.
    """
    engine: Literal["pcreceipt-text-v1"]
    """
    The index: lines of text in overlapping windows.
    """
    languages: Annotated[list[str], Field(max_length=0)]
    """
    Empty: the text index is the same for every language.
    """
    operations: Annotated[
        list[Literal["status", "explore", "read"]], Field(max_length=3, min_length=3)
    ]
    """
    The operation kinds this server answers.
    """
    last_build: CodeLastBuild | None
    """
    The indexing of the current workspace, or null when missing.
    """
    reason: Literal["code_index_missing"] | None
    """
    code_index_missing when missing, else null.
    """


class CodeTestsOperation(ContractModel):
    """
    PowerContext's test discovery (pcreceipt: 501 unsupported_capability).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["affected_tests", "impact_changes"]
    """
    The operation.
    """
    path_prefix: Annotated[
        Literal[""] | RepositoryPath | None, Field(validate_default=True)
    ] = ""
    """
    Only paths under this repository-relative directory; empty for the whole workspace.
    """
    limit: Annotated[int | None, Field(ge=1, le=50)] = 20
    """
    At most this many items.
    """
    paths: Annotated[list[RepositoryPath], Field(max_length=100, min_length=1)]
    """
    The changed paths.
    """


class CodeWorkspace(ContractModel):
    """
    An indexed code workspace.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    fingerprint: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The workspace fingerprint.
    """
    files: Annotated[int, Field(ge=0)]
    """
    Indexed files.
    """
    lines: Annotated[int, Field(ge=0)]
    """
    Indexed lines.
    """
    skipped: Annotated[int, Field(ge=0)]
    """
    Files skipped.
    """
    indexed_at: AwareDatetime
    """
    When it was indexed.
    """


class ConnectorBinding(ContractModel):
    """
    One remote Connector binding: the Scope it feeds, the binding's id within that Scope, and the Connector's name and version. A binding id belongs to the first name and version that committed a checkpoint under it; another name or version under the same (scope_id, binding_id) is 409 connector_checkpoint_conflict.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the binding feeds (authorised with write; 404 scope_not_found when it does not exist).
    """
    binding_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The binding's id within its Scope: 1 to 256 characters with at least one non-space.
    """
    connector_name: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The Connector's name: 1 to 128 characters with at least one non-space.
    """
    connector_version: Annotated[
        str, Field(max_length=128, min_length=1, pattern="\\S")
    ]
    """
    The Connector's version: 1 to 128 characters with at least one non-space.
    """


class ConnectorCheckpointState(ContractModel):
    """
    A binding and its current checkpoint (null when it never committed one).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    binding: ConnectorBinding
    """
    The binding, as asked.
    """
    checkpoint: Any
    """
    Its current value: null until the first commit.
    """


class CreateAtomicMemoryRequest(ContractModel):
    """
    Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Literal["atomic-memory"]
    """
    The artifact family.
    """
    content: AtomicMemoryContent
    """
    The artifact content.
    """


class CreateTopicMemoryRequest(ContractModel):
    """
    Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Literal["topic-memory"]
    """
    The artifact family.
    """
    content: TopicMemoryContent
    """
    The artifact content.
    """


class CreateRemoteSkillTargetRequest(ContractModel):
    """
    A new pending target.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    agent_kind: Literal["codex", "claude_code"]
    """
    The Agent it installs Skills for.
    """
    display_name: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The human-readable name (surrounding spaces are dropped).
    """


class CreateScopeRequest(ContractModel):
    """
    Create a Scope (idempotent by idempotency_key).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    title: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope title.
    """
    summary: Annotated[str, Field(max_length=2000, min_length=1, pattern="\\S")]
    """
    What the Scope is about.
    """
    idempotency_key: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The same key returns the same Scope.
    """
    parent_scope_id: ScopeId | None = None
    """
    An existing parent Scope, or null.
    """
    context_references: Annotated[
        list[ScopeId] | None, Field(max_length=32, validate_default=True)
    ] = []
    """
    Other existing Scopes that prepare also searches (direct only, never itself).
    """
    external_references: Annotated[
        list[ExternalReference] | None, Field(max_length=32, validate_default=True)
    ] = []
    """
    References outside pcreceipt.
    """


class CreateSubjectSourceRequest(ContractModel):
    """
    One Source to write to the business Scope and to the Scope of its subject, at once.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    subject_key: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The subject's stable key (the external id of its binding).
    """
    subject_type: Literal["user"] | None = "user"
    """
    The kind of subject (user, the default and only one).
    """
    subject_scope_id: ScopeId | None = None
    """
    The subject Scope to bind an unbound subject to (null or absent: a new Scope). For a bound subject it must name the bound Scope, else 409 subject_scope_conflict.
    """
    source_type: Literal["content"] | None = "content"
    """
    The Source type (content, the default).
    """
    content: Any
    """
    Any JSON value, stored identically in both Scopes (refused as create_source refuses it).
    """


class DownloadRemoteSkillPackageRequest(ContractModel):
    """
    The exact package a target's current publication generation desires.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    generation: Annotated[int, Field(ge=0)]
    """
    The publication generation the reconcile action named.
    """
    artifact: ReviewArtifactReference
    """
    The exact managed Skill revision the action named.
    """
    package: SkillPackageReference
    """
    The package reference the action named.
    """


class DreamEvidenceNode(ContractModel):
    """
    An evidence item's digest and exact provenance, never its body.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    evidence_id: str
    """
    The id the model saw.
    """
    kind: Literal[
        "source",
        "experience",
        "memory",
        "profile",
        "topic_memory",
        "handoff",
        "skill",
        "prompt",
        "catalog_target",
        "unresolved",
    ]
    """
    The kind.
    """
    digest: str
    """
    sha256:<hex> of the item's text as the model read it.
    """
    source: DreamSourceReference | None
    """
    The Source, for a Source item.
    """
    artifact: ReviewArtifactReference | None
    """
    The revision, for an artifact item.
    """
    role: Literal["root", "derived", "target", "lineage_only", "unresolved"]
    """
    The role.
    """
    historical: bool
    """
    Whether the item is historical.
    """


class DreamRootEvidenceGroup(ContractModel):
    """
    Sources sharing a root.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    group_id: str
    """
    The group.
    """
    sources: list[DreamSourceReference]
    """
    Its Sources.
    """
    independence: Literal["attested", "unknown"]
    """
    Its independence.
    """


class DreamTagTarget(ContractModel):
    """
    A tag set under review (revise_tags, which this server does not run): the target, its tag ETag and the exact revision the tags were read against.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    target: Target | Target1
    """
    The tagged artifact or Memory entry.
    """
    expected_etag: Annotated[str, Field(min_length=1)]
    """
    The tag set's ETag.
    """
    basis_ref: ReviewArtifactReference
    """
    The exact revision.
    """


class EntryChange(ContractModel):
    """
    One entry change of a legacy collection revision.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    op: Literal["add", "revise", "deactivate", "reactivate", "compact"]
    """
    The change.
    """
    entry_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The entry.
    """
    from_entry_version_id: FromEntryVersionId | None
    """
    The version before, or null.
    """
    to_entry_version_id: ToEntryVersionId | None
    """
    The version after, or null.
    """
    reason: str | None
    """
    Why, or null.
    """


class ErrorDetails(ContractModel):
    """
    Structured, content-free error detail: locations and rule names, never submitted values.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    violations: Annotated[list[Violation] | None, Field(max_length=64)] = None
    """
    Each violated rule with the JSON Pointer of the offending location.
    """
    current_revision: Annotated[int | None, Field(ge=1, le=2147483647)] = None
    """
    On a conflict: the artifact's current head revision.
    """
    current_state_version: Annotated[int | None, Field(ge=0)] = None
    """
    On a conflict: the artifact's current lifecycle state version.
    """
    current_etag: Annotated[str | None, Field(max_length=64)] = None
    """
    On revision_conflict (412): the current ETag of the artifact head.
    """
    provided_etag: Annotated[str | None, Field(max_length=64)] = None
    """
    On revision_conflict (412): the If-Match the request sent (an entity tag of at most 64 characters, as the header allows).
    """
    reason: (
        Literal[
            "stale_revision",
            "stale_state_version",
            "already_forgotten",
            "already_merged",
            "already_retired",
            "not_merge_result",
            "already_exists",
            "idempotency_key_reused",
            "not_searchable_head",
        ]
        | Literal[
            "query_without_query_field",
            "cursor_malformed",
            "cursor_mismatch",
            "distinct_scopes_required",
        ]
        | Literal["missing_time_zone", "not_in_future"]
        | Literal[
            "target_not_in_artifact_refs",
            "skill_lineage_not_permitted",
            "target_family_mismatch",
            "target_unavailable",
        ]
        | Literal[
            "evidence_selection_required",
            "evidence_limit_exceeded",
            "invalid_target",
            "invalid_artifact_family",
            "invalid_dream_operation",
        ]
        | None
    ) = None
    """
    Which conflict a 409 is (ConflictReason); why a request or cursor was refused (RequestReason, with field); or why a request field was refused by a rule beyond its schema (FieldReason, with field). On a refused candidate: CandidateReason, with field. On a refused Dream selection: DreamReason, with field.
    """
    scope_id: Annotated[
        str | None, Field(max_length=256, min_length=1, pattern="\\S")
    ] = None
    """
    On scope_binding_target_missing: the Scope a stored binding or the default points at, which does not exist.
    """
    field: (
        Literal[
            "query",
            "cursor",
            "expires_at",
            "artifact_refs",
            "target",
            "scope_id",
            "artifacts",
            "sources",
            "family",
            "mode",
        ]
        | None
    ) = None
    """
    On invalid_cursor, on a refused combination of query parameters, and on a request field refused by a rule beyond its schema: the parameter or field concerned. On a refused candidate: artifact_refs or target. On distinct_scopes_required: scope_id. On a refused Dream selection: artifacts, sources or target. On artifact_search_not_supported: family or mode.
    """
    expected_version: Annotated[int | None, Field(ge=1)] = None
    """
    On scope_version_conflict and candidate_conflict: the version the request expected.
    """
    current_version: Annotated[int | None, Field(ge=1)] = None
    """
    On scope_version_conflict and candidate_conflict: the current version.
    """
    relationship: Literal["Parent", "Context Reference"] | None = None
    """
    On invalid_scope_relationship: which link is refused.
    """
    issue: (
        Literal[
            "a Scope cannot parent itself",
            "relationships must be acyclic",
            "a Scope cannot reference itself",
        ]
        | None
    ) = None
    """
    On invalid_scope_relationship: why the link is refused.
    """
    family: (
        Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
        | Literal["experience", "skill"]
        | None
    ) = None
    """
    On artifact_publication_unsupported: the family publication cannot deliver; on generation_unavailable: the family whose generation is not configured.
    """
    status: Literal["approved", "rejected"] | None = None
    """
    On candidate_terminal: the decision already taken.
    """
    current: Current | None = None
    """
    On artifact_conflict: the target's current head.
    """
    kind: (
        Literal["artifact_family", "artifact_handle", "profile_policy", "subject_scope"]
        | None
    ) = None
    """
    On legacy_memory_operation_unsupported: what is unsupported (artifact_family); on idempotency_conflict: the stable identity that names other state (artifact_handle; profile_policy: put_profile_policy's expected_version is not the current version); on subject_scope_conflict: subject_scope. PowerContext 1.4.1's words.
    """
    name: Literal["memory"] | None = None
    """
    On legacy_memory_operation_unsupported: the family (memory, the legacy collection).
    """
    operation: (
        Literal[
            "entry tags",
            "collection capacity",
            "citation revise",
            "citation retire",
            "continuous collection changes",
            "tag query",
        ]
        | None
    ) = None
    """
    On legacy_memory_operation_unsupported: the legacy operation refused, in PowerContext 1.4.1's words.
    """
    alternatives: Annotated[list[Alternative] | None, Field(max_length=8)] = None
    """
    On legacy_memory_operation_unsupported: the Atomic Memory routes to rebuild the request with (METHOD path templates; empty when there is no equivalent).
    """
    instruction: Annotated[str | None, Field(max_length=512, min_length=1)] = None
    """
    On legacy_memory_operation_unsupported: how to rebuild the request with Atomic Memory.
    """
    estimated_bytes: Annotated[int | None, Field(ge=0)] = None
    """
    On handoff_report_too_large: the report's size in bytes.
    """
    selected_scopes: Annotated[int | None, Field(ge=0)] = None
    """
    On handoff_report_too_large: how many Scopes the selection holds.
    """
    required_dream_contract: Literal[2] | None = None
    """
    On client_upgrade_required: the Dream contract the operation needs (2).
    """


class ExactScopeSelection(ContractModel):
    """
    Exactly these Scopes; each must exist.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    mode: Literal["exact"]
    """
    The selection mode.
    """
    scope_ids: Annotated[list[ScopeId], Field(max_length=1000, min_length=1)]
    """
    The Scopes, each once.
    """


class ExternalSkillRegistration(ContractModel):
    """
    One package found by a scan of the configured registry directory.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    external_skill_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The external Skill's identity: <agent_kind>:<installation_scope>:<target_id>/<folder>.
    """
    provider: Literal["codex", "claude_code"]
    """
    The provider that found it (its Agent kind).
    """
    agent_kind: Literal["codex", "claude_code"]
    """
    The Agent kind whose Skill folder this is.
    """
    host_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^\\S(?:.*\\S)?$")
    ]
    """
    The server host's configured id.
    """
    installation_scope: Literal["user", "project", "plugin"]
    """
    Its installation scope.
    """
    locator: Annotated[
        str, Field(max_length=2000, min_length=1, pattern="^\\S(?:.*\\S)?$")
    ]
    """
    The package folder on the server's host; not meaningful elsewhere.
    """
    fingerprint: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The package fingerprint (sha256 over its files, PowerContext 1.4.1's).
    """
    name: Annotated[str, Field(max_length=128, min_length=1, pattern="^\\S(?:.*\\S)?$")]
    """
    The Skill's name (its SKILL.md frontmatter).
    """
    description: Annotated[
        str, Field(max_length=2000, min_length=1, pattern="^\\S(?:.*\\S)?$")
    ]
    """
    What the Skill is for (its SKILL.md frontmatter).
    """


class ExternalSkillResolution(ContractModel):
    """
    A registration resolved now against the registry directory.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    registration: ExternalSkillRegistration
    """
    The stored registration.
    """
    status: Literal["available", "unavailable"]
    """
    available or unavailable.
    """
    entrypoint: str | None
    """
    The package's SKILL.md path on the server's host; null unless available.
    """


class FailureRecord(ContractModel):
    """
    How an experience failed, so the same failure can be recognised again.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    signature: FailureSignature
    """
    How to recognise the failure.
    """
    repair_surface: Literal[
        "experience_content", "working_state", "recall_policy", "acceptance_check"
    ]
    """
    Where the repair belongs.
    """
    verification: FailureVerification
    """
    How to check that the repair holds.
    """


class FlushMemoryRequest(ContractModel):
    """
    Process the Scope's pending Source window into Memory.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """


class FlushProfileRequest(ContractModel):
    """
    Which Scope's Profile to process one Source window for.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """


class FlushProfileResponse(ContractModel):
    """
    What one Profile flush did (1.4.1's FlushProfileResponse).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["updated", "noop", "review_pending", "disabled", "conflict"]
    """
    The flush's outcome.
    """
    previous_cursor: Annotated[int, Field(ge=0)]
    """
    The Profile cursor before the flush.
    """
    current_cursor: Annotated[int, Field(ge=0)]
    """
    The Profile cursor after it (on conflict: the cursor as the winner left it).
    """
    high_watermark: Annotated[int, Field(ge=0)]
    """
    The Scope's highest Source position when the flush read it.
    """
    processed_source_count: Annotated[int, Field(ge=0)]
    """
    How many evidence Sources of the window were given to the model (Sources that are not evidence, such as artifact lineage and Working Notes, are passed without counting).
    """
    artifact: ArtifactReference | None = None
    """
    The Profile revision written (status updated), else null.
    """
    candidate_id: str | None = None
    """
    The Profile candidate awaiting review (status review_pending), else null.
    """


class FlushTopicMemoryRequest(ContractModel):
    """
    Which Scope's Topic Memory processing to request.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """


class GenerateExperienceRequest(ContractModel):
    """
    Generate one Experience proposal from exact evidence with the configured chat model, stored as a pending candidate (never approved).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    source_refs: Annotated[list[SourceReference], Field(max_length=32)]
    """
    Exact Source evidence the model reads: captured content Sources of the Scope. Counted with artifact_refs toward a combined maximum of 32 references.
    """
    artifact_refs: Annotated[list[ReviewArtifactReference], Field(max_length=32)]
    """
    Exact artifact evidence the model reads: revisions of the Scope (no prompt; an Atomic Memory must be active). Counted with source_refs toward a combined maximum of 32 references.
    """
    target: ReviewArtifactReference | None = None
    """
    The exact current head the generated proposal would replace (also in artifact_refs); null for a new artifact.
    """
    reason: Reason4 | None = None
    """
    Why the candidate is generated (trimmed).
    """


class GenerateSkillRequest(ContractModel):
    """
    Generate one managed Skill proposal from exact evidence with the configured chat model, stored as a pending candidate (never approved).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    origin: Literal["experience", "source", "usage"]
    """
    The provenance shape the evidence must have.
    """
    source_refs: Annotated[list[SourceReference], Field(max_length=32)]
    """
    Exact Source evidence the model reads: captured content Sources of the Scope. Counted with artifact_refs toward a combined maximum of 32 references.
    """
    artifact_refs: Annotated[list[ReviewArtifactReference], Field(max_length=32)]
    """
    Exact artifact evidence the model reads: revisions of the Scope (no prompt; an Atomic Memory must be active). Counted with source_refs toward a combined maximum of 32 references.
    """
    target: ReviewArtifactReference | None = None
    """
    The exact current head the generated proposal would replace (also in artifact_refs); null for a new artifact.
    """
    reason: Reason4 | None = None
    """
    Why the candidate is generated (trimmed).
    """


class GetCandidateRequest(ContractModel):
    """
    One candidate by id.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    candidate_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The candidate.
    """


class GetConnectorCheckpointRequest(ContractModel):
    """
    Read one binding's checkpoint.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    binding: ConnectorBinding
    """
    The binding whose checkpoint to read.
    """


class GetExperienceRequest(ContractModel):
    """
    An exact Experience revision to read.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    artifact: ReviewArtifactReference
    """
    The exact revision (family experience).
    """


class GetMemoryCapacityRequest(ContractModel):
    """
    Ask a legacy Memory collection's capacity; Atomic Memory has no collection capacity, so this is always 422 legacy_memory_operation_unsupported after the request is validated.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope named.
    """


class GetMemoryEntryRequest(ContractModel):
    """
    Read the Atomic Memory a legacy Memory entry was migrated to: exactly one of target and citation (both or neither is 422 invalid_request). A citation is 422 legacy_memory_operation_unsupported.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope read.
    """
    target: LegacyMemoryTarget | None = None
    """
    The legacy logical entry. pcreceipt never held legacy Memory collections, so no entry was migrated and a target in an existing Scope is 404 artifact_not_found.
    """
    citation: dict[Annotated[str, StringConstraints(min_length=1)], Any] | None = None
    """
    A legacy exact entry citation: refused (422 legacy_memory_operation_unsupported); read exact Atomic revisions with get_artifact_revision.
    """


class GetSkillPackageRequest(ContractModel):
    """
    An exact approved managed Skill revision whose package is asked for.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    artifact: ReviewArtifactReference
    """
    The exact revision (family skill).
    """


class GetSkillRequest(ContractModel):
    """
    An exact managed Skill revision to read.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    artifact: ReviewArtifactReference
    """
    The exact revision (family skill).
    """


class GetTopicMemoryProcessingBlockRequest(ContractModel):
    """
    One retained processing block of a Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    block_id: Annotated[str, Field(max_length=36, min_length=1)]
    """
    A block id status answered: 1 to 36 characters.
    """


class GetTopicMemoryRequest(ContractModel):
    """
    Read one exact Topic Memory revision.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope read.
    """
    artifact: ArtifactReference
    """
    The exact revision (family topic-memory; another family is 422 invalid_request, rule topic_memory_family).
    """


class HandoffAddress(ContractModel):
    """
    A committed Handoff revision with its Scope (1.4.1's ArtifactAddress of family handoff, artifact_id handoff).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    artifact: WorkArtifactReference
    """
    The revision.
    """


class HandoffArtifactCitation(ContractModel):
    """
    Evidence: one exact artifact revision of the request's Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["artifact"]
    """
    Always artifact.
    """
    artifact_ref: WorkArtifactReference
    """
    The cited revision.
    """


class HandoffGenerationMetadata(ContractModel):
    """
    The generation origin a server stores with generated content (PowerContext 1.4.1's shape). pcreceipt generates none: committed content carrying it without a matching receipt is 422 invalid_handoff_generation.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The Scope it was generated in.
    """
    prompt_key: Literal["handoff.generate"]
    """
    Always handoff.generate.
    """
    selection: Literal["built_in", "artifact"]
    """
    Which prompt definition was used.
    """
    artifact: WorkArtifactReference | None
    """
    The prompt artifact revision, or null.
    """
    definition_version: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The prompt definition version.
    """
    builtin_version: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The built-in prompt version.
    """
    compiled_digest: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    Hex SHA-256 of the compiled prompt.
    """
    original_draft_digest: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    Hex SHA-256 of the generated draft.
    """
    edit_status: Literal["unchanged", "edited"]
    """
    Whether the draft was edited after generation.
    """


class HandoffSourceCitation(ContractModel):
    """
    Evidence: one Source of the request's Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["source"]
    """
    Always source.
    """
    source_ref: WorkSourceReference
    """
    The cited Source.
    """


class ImportArtifactsResponse(ContractModel):
    """
    The created artifacts, in request order.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    created: Annotated[list[ArtifactReference], Field(max_length=1000)]
    """
    One reference per imported item.
    """


class ImportExternalSkillRequest(ContractModel):
    """
    Import or fork one exact external Skill into review.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the candidate is proposed in.
    """
    external_skill_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The external Skill's identity: <agent_kind>:<installation_scope>:<target_id>/<folder>.
    """
    fingerprint: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The exact package fingerprint, recorded in the snapshot Source.
    """
    mode: Literal["import", "fork"]
    """
    import or fork.
    """
    reason: Annotated[str | None, Field(max_length=2000, min_length=1)] = None
    """
    Why (trimmed).
    """


class IndexCodeRequest(ContractModel):
    """
    Replace the Scope's code workspace with these files.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    files: Annotated[list[CodeFileUpload], Field(max_length=20000)]
    """
    The workspace's text files (unique paths).
    """
    skipped: Annotated[int | None, Field(ge=0)] = 0
    """
    Files the client skipped (binary, too large, ignored).
    """


class ListAccessAuditRequest(ContractModel):
    """
    List audit events under a resource the caller administers.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    resource: ServerAccessResource | ScopeAccessResource
    """
    The server (every event) or a Scope (its events).
    """
    action: (
        Literal[
            "server.observe",
            "server.admin",
            "scope.read",
            "scope.contribute",
            "scope.review",
            "scope.delegate",
            "scope.admin",
            "artifact.read",
            "artifact.write",
            "artifact.share",
            "handoff.evidence.inspect",
            "handoff.acknowledge",
            "prompt.use",
        ]
        | None
    ) = None
    """
    Only this action's, or null.
    """
    subject: AccessPrincipal | AccessGroup | None = None
    """
    Only this Principal's, or null.
    """
    result: Literal["allowed", "denied"] | None = None
    """
    Only allowed or only denied events, or null.
    """
    time_range: AccessAuditTimeRange | None = None
    """
    Only events in the range, or null.
    """
    cursor: Cursor | None = None
    """
    The previous page's next_cursor, or null.
    """
    limit: Annotated[int | None, Field(ge=1, le=500)] = 100
    """
    Page size.
    """


class ListAtomicMemoryRequest(ContractModel):
    """
    List a Scope's Atomic Memory heads in artifact id order, by lifecycle state and kind.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope listed.
    """
    states: Annotated[
        list[Literal["active", "forgotten", "merged", "retired"]] | None,
        Field(min_length=1),
    ] = None
    """
    The lifecycle states listed (distinct, at least one); active only when absent.
    """
    kind: Kind | None = None
    """
    Only memories of this kind, or null for any.
    """
    tags: Annotated[list[Tag1] | None, Field(max_length=16)] = None
    """
    Only memories whose artifact carries these tags (compared by key: NFC, case folded), combined by tag_match, applied before the limit; a refused tag is 422 at its index. An empty list filters nothing.
    """
    tag_match: Literal["all", "any"] | None = None
    """
    How tags combine (all or any).
    """
    limit: Annotated[int | None, Field(ge=1, le=100)] = 50
    """
    The most items on the page.
    """
    cursor: Cursor2 | None = None
    """
    A next_cursor of an earlier page of this listing with the same filters, or null for the first page. A cursor this server did not sign, or one of another listing or other filters, is 400 invalid_cursor; one older than an hour is 410 cursor_expired.
    """


class ListAtomicMemoryResponse(ContractModel):
    """
    One page of Atomic Memory heads, in artifact id order.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: Annotated[list[AtomicMemoryRecord], Field(max_length=100)]
    """
    The memories of the page.
    """
    next_cursor: NextCursor5 | None
    """
    Continues the listing with the same request (valid for an hour), or null on the last page.
    """


class ListCandidatesRequest(ContractModel):
    """
    A page of the Scope's candidates in one review state, by candidate id.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    status: Literal["pending", "approved", "rejected"] | None = "pending"
    """
    The review state listed.
    """
    family: (
        Literal[
            "experience",
            "skill",
            "profile",
            "atomic-memory",
            "topic-memory",
            "handoff",
            "prompt",
        ]
        | None
    ) = None
    """
    Only this family.
    """
    cursor: Cursor3 | None = None
    """
    The previous page's next_cursor (signed; bound to the Scope and the filters).
    """
    limit: Annotated[int | None, Field(ge=1, le=100)] = 50
    """
    At most this many candidates.
    """
    candidate_kind: Literal["artifact", "tag"] | None = None
    """
    Only this kind (tag: none exist here).
    """


class ListExternalSkillsRequest(ContractModel):
    """
    List the Scope's registered external Skills, resolved now.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    include_unavailable: bool | None = False
    """
    Also list registrations whose package is no longer there as registered.
    """


class ListExternalSkillsResponse(ContractModel):
    """
    The resolutions, by name then identity.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    skills: list[ExternalSkillResolution]
    """
    One resolution per listed registration.
    """


class ListManagedSkillsRequest(ContractModel):
    """
    List or search the Scope's current managed Skills.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    query: Query | None = None
    """
    Keep Skills whose name, description, instructions or metadata values hold this text (case folded); null lists all.
    """
    include_deprecated: bool | None = False
    """
    Also list deprecated Skills (retired ones are never listed).
    """
    limit: Annotated[int | None, Field(ge=1, le=200)] = 100
    """
    At most this many Skills.
    """


class ListMemoryChangesRequest(ContractModel):
    """
    Read a legacy Memory collection's continuous changes; always 422 legacy_memory_operation_unsupported after the request is validated and authorised.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope named.
    """
    since_revision: SinceRevision | None = None
    """
    Exclusive lower bound on the collection revision (0: from revision 1), or null.
    """


class ListMemoryEntriesResponse(ContractModel):
    """
    One page of Atomic Memory records, in artifact id order.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    entries: Annotated[list[AtomicMemoryRecord], Field(max_length=100)]
    """
    The memories of the page.
    """
    next_cursor: NextCursor6 | None = None
    """
    Continues the listing with the same request (valid for an hour), or null on the last page (always sent).
    """


class MemoryCapacity(ContractModel):
    """
    PowerContext 1.4.1's legacy capacity answer, kept so clients parse the declared shape; pcreceipt never answers it (no legacy collections).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    memory_ref: ArtifactReference
    """
    The collection revision measured.
    """
    active_entry_count: Annotated[int, Field(ge=0)]
    """
    Active entries.
    """
    manifest_entry_count: Annotated[int, Field(ge=0)]
    """
    Manifest entries.
    """
    manifest_bytes: Annotated[int, Field(ge=0)]
    """
    Canonical bytes of the revision's content.
    """
    compactable_entry_count: Annotated[int, Field(ge=0)]
    """
    Entries a compaction would drop.
    """
    budget: MemoryCapacityBudget
    """
    The budget.
    """
    exceeded: list[Literal["active_entries", "manifest_entries", "manifest_bytes"]]
    """
    The dimensions over budget.
    """


class MemoryEntryInventoryStatistics(ContractModel):
    """
    Atomic memories by lifecycle.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    total: Annotated[int, Field(ge=0)]
    """
    Atomic memories.
    """
    active: Annotated[int, Field(ge=0)]
    """
    Active ones.
    """
    inactive: Annotated[int, Field(ge=0)]
    """
    Forgotten, merged or retired ones.
    """
    by_kind: list[MemoryKindCount]
    """
    Per kind, by kind (code point order).
    """


class MemoryInventoryStatistics(ContractModel):
    """
    Memory entries.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    entries: MemoryEntryInventoryStatistics
    """
    Atomic memories.
    """


class MemoryRevisionChanges(ContractModel):
    """
    The entry changes of one legacy collection revision.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    memory_ref: ArtifactReference
    """
    The revision.
    """
    changes: list[EntryChange]
    """
    Its changes.
    """


class SourceRefs(RootModel[list[SourceTypeReference]]):
    root: Annotated[list[SourceTypeReference], Field(max_length=0)]
    """
    The empty list, as contract 2.0.0 declared it.
    """


class SourceRefs1(RootModel[list[SourceReference]]):
    root: Annotated[list[SourceReference], Field(min_length=1)]
    """
    PowerContext's SourceReference list.
    """


class ArtifactRefs(RootModel[list[ArtifactReference]]):
    root: Annotated[list[ArtifactReference], Field(max_length=64)]
    """
    Further artifact revisions of the Scope the merged memory derives from. The result's artifacts lineage is the inputs followed by these, each exact revision once. A revision the Scope lacks is 404 not_found; another revision of an input is 422 invalid_request (rule merge_input_revision).
    """


class MergeAtomicMemoryRequest(ContractModel):
    """
    Merge two or more active memories of one Scope into a new memory.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    inputs: Annotated[list[AtomicMemoryInput], Field(max_length=64, min_length=2)]
    """
    The memories to merge.
    """
    content: AtomicMemoryContent
    """
    The merged memory.
    """
    source_refs: SourceRefs | SourceRefs1 | None = None
    """
    Source evidence of the merged memory, in order, as PowerContext's SourceReference {name, source_id}: each a captured content Source of the Scope (name content). Served as the result's sources ({source_type, source_id}). A Source the Scope lacks, a Working Note or an artifact's lineage Source is 422 invalid_request (rules source_not_found, source_not_eligible at /source_refs/<i>).
    """
    artifact_refs: ArtifactRefs | None = None
    """
    Further artifact revisions of the Scope the merged memory derives from. The result's artifacts lineage is the inputs followed by these, each exact revision once. A revision the Scope lacks is 404 not_found; another revision of an input is 422 invalid_request (rule merge_input_revision).
    """


class ModelUsagePurposeBreakdown(ContractModel):
    """
    Model usage of one purpose.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    purpose: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The purpose.
    """
    generation: ModelUsageValue
    """
    Generation.
    """
    embedding: ModelUsageValue
    """
    Embedding.
    """


class ModelUsageStatistics(ContractModel):
    """
    Model usage by operation.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    generation: ModelUsageValue
    """
    Generation.
    """
    embedding: ModelUsageValue
    """
    Embedding.
    """


class PrepareContextRequest(ContractModel):
    """
    Ask for a bounded block of project history to inject before a turn.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The current Scope.
    """
    query: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    The turn's query: 1 to 8192 characters (code points, not bytes) containing a non-space.
    """
    max_bytes: Annotated[int | None, Field(ge=512, le=32768)] = 8000
    """
    The UTF-8 byte budget of content.
    """
    include_code: bool | None = False
    """
    Add code evidence from the Scope's indexed workspace.
    """
    explain: bool | None = False
    """
    Add reason to the response when a retrieval channel degraded.
    """
    assembly: ContextAssembly | None = None
    """
    An explicit family selection; null is invalid.
    """
    include_receipt: bool | None = False
    """
    Ask for a Receipt. Omitted, null and false are equivalent.
    """
    bootstrap_receipt_id: BootstrapReceiptId | None = None
    """
    A bootstrap delivery receipt whose delivered memories the caller already holds (PowerContext 1.4.1), or null as its client sends by default. Accepted and not yet used: no bootstrap package delivers memories yet.
    """


class ProfileContent(ContractModel):
    """
    A committed profile snapshot of a Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    content: Annotated[str, Field(max_length=65536, min_length=1, pattern="\\S")]
    """
    The profile text.
    """
    restored_from_revision: Revision | None = None
    """
    The historical revision this snapshot restores, or null.
    """


class ProfilePolicy(ContractModel):
    """
    A Scope's Profile policy (1.4.1's ProfilePolicyResponse).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    generation_enabled: bool
    """
    Whether Profile generation from the Scope's Sources is enabled.
    """
    activation_mode: Literal["automatic", "review_required"]
    """
    automatic (a generated Profile takes effect) or review_required (it waits as a candidate).
    """
    pending_candidate_id: str | None
    """
    The Profile candidate awaiting review; always null here (pcreceipt creates no Profile candidate).
    """
    version: Annotated[int, Field(ge=1)]
    """
    The policy's version: 1 when created, one more with each replacement (put_profile_policy's expected_version).
    """
    updated_at: AwareDatetime
    """
    UTC time of the last put.
    """


class PromptConfiguration(ContractModel):
    """
    One prompt key's saved configuration and built-in instructions in one view (1.4.1's PromptConfiguration). status and reason are get_capabilities' for the key.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: str
    """
    The Scope.
    """
    prompt_key: Literal[
        "memory.extract",
        "memory.rerank",
        "atomic_memory.extract",
        "atomic_memory.reconcile",
        "experience.incubate",
        "experience.generate",
        "skill.generate",
        "handoff.generate",
        "topic_memory.probe",
        "topic_memory.global",
        "topic_memory.planner",
        "topic_memory.evolve",
        "topic_memory.temporary",
        "topic_memory.reduce",
        "topic_memory.reconcile",
        "profile.generate",
    ]
    """
    The prompt key.
    """
    status: Literal["supported", "disabled", "unsupported"]
    """
    supported, disabled or unsupported (get_capabilities' status for the key).
    """
    reason: (
        Literal["operation_disabled", "provider_not_configured", "injected_component"]
        | None
    )
    """
    Why the key is not supported; null when it is.
    """
    mode: Literal["auto", "custom"]
    """
    The saved head's mode; auto without a saved head.
    """
    artifact: ArtifactReference | None
    """
    The saved prompt artifact's head revision; null when none is saved.
    """
    artifact_etag: str | None
    """
    The saved head's ETag (the If-Match for replacing that artifact); null when none is saved.
    """
    effective: PromptInstructions | None
    """
    What takes effect: the custom head's instructions and demonstrations, else the built-in instructions; null for a key without built-in instructions here.
    """
    builtin: BuiltinPromptInstructions | None
    """
    The built-in instructions; null for a key pcreceipt has none for (a prompt it never runs, or one whose component takes no Scope prompt).
    """


class PromptContent(ContractModel):
    """
    A prompt artifact: auto uses the built-in prompt; custom supplies instructions.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_version: Literal["powercontext.prompt.v1"]
    """
    The prompt content schema.
    """
    mode: Literal["auto", "custom"]
    """
    auto (built-in) or custom.
    """
    instructions: Annotated[str, Field(max_length=32768)]
    """
    Custom instructions; empty in auto mode.
    """
    demonstrations: Annotated[list[PromptDemonstration], Field(max_length=50)]
    """
    Examples.
    """


class PromptDemonstrationResult(ContractModel):
    """
    Generated demonstrations, not saved (1.4.1's PromptDemonstrationResult).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    prompt_key: Literal[
        "memory.extract",
        "memory.rerank",
        "atomic_memory.extract",
        "atomic_memory.reconcile",
        "experience.incubate",
        "experience.generate",
        "skill.generate",
        "handoff.generate",
        "topic_memory.probe",
        "topic_memory.global",
        "topic_memory.planner",
        "topic_memory.evolve",
        "topic_memory.temporary",
        "topic_memory.reduce",
        "topic_memory.reconcile",
        "profile.generate",
    ]
    """
    The prompt key.
    """
    demonstrations: Annotated[list[PromptExample], Field(max_length=20, min_length=1)]
    """
    Exactly demonstration_count pairs; each input and expected_output a non-blank string of at most 65,536 characters, so they save into a prompt artifact as they are.
    """


class ProposeSkillPackageRequest(ContractModel):
    """
    Propose an uploaded standard Skill package for review.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the candidate is proposed in.
    """
    archive_base64: Annotated[
        str, Field(max_length=6990508, min_length=1, pattern="^[A-Za-z0-9+/]*={0,2}$")
    ]
    """
    The package's ZIP bytes, standard base64 (at most 5 MiB of bytes).
    """
    reason: Annotated[str | None, Field(max_length=2000, min_length=1)] = None
    """
    Why (trimmed).
    """
    target: ReviewArtifactReference | None = None
    """
    The exact managed Skill revision this complete package replaces, or null for a new Skill.
    """


class ProposeSkillRequest(ContractModel):
    """
    A managed Skill proposal with its exact evidence, stored as a pending candidate.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    proposal: SkillProposal
    """
    The proposed Skill.
    """
    source_refs: Annotated[list[SourceReference], Field(max_length=32)]
    """
    Exact Source evidence: captured content Sources of the Scope. Counted with artifact_refs toward a combined maximum of 32 references.
    """
    artifact_refs: Annotated[list[ReviewArtifactReference], Field(max_length=32)]
    """
    Exact artifact evidence: revisions of the Scope. Counted with source_refs toward a combined maximum of 32 references.
    """
    target: ReviewArtifactReference | None = None
    """
    The exact current head the approved proposal replaces (same family, also listed in artifact_refs); null proposes a new artifact.
    """
    reason: Reason6 | None = None
    """
    Why the candidate is proposed (trimmed).
    """


class PublishRemoteSkillRequest(ContractModel):
    """
    Make an exact approved package-backed managed Skill revision a target's desired state.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    target_id: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[a-z0-9]+(?:-[a-z0-9]+)*$")
    ]
    """
    The target.
    """
    artifact: ReviewArtifactReference
    """
    The exact managed Skill revision (family skill).
    """
    expected_generation: ExpectedGeneration | None
    """
    The publication generation the caller read; null for the Skill's first publication on the target. Another one is 409 publication_generation_conflict.
    """
    allow_deprecated: bool | None = False
    """
    Publish a deprecated Skill too (every managed Skill is active here, so it changes nothing).
    """


class QueryArtifactTagsRequest(ContractModel):
    """
    Find the Scope's artifacts carrying all (or any) of the tags, compared by key (NFC, then case folded), before paging. A refused tag (outer whitespace, a control, surrogate or unassigned character, a duplicate key) is 422 invalid_request at /tags/<i>.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    tags: Annotated[list[Tag1], Field(max_length=16, min_length=1)]
    """
    The tags.
    """
    match: Literal["all", "any"] | None = "all"
    """
    all (the default): an artifact carries every tag; any: at least one.
    """
    families: Annotated[
        list[
            Literal[
                "memory",
                "atomic-memory",
                "experience",
                "skill",
                "handoff",
                "profile",
                "prompt",
                "topic-memory",
            ]
        ]
        | None,
        Field(max_length=7, min_length=1),
    ] = None
    """
    Only these families; every family when left out.
    """
    target_types: Annotated[
        list[Literal["artifact", "memory_entry"]] | None,
        Field(max_length=2, min_length=1),
    ] = None
    """
    Only these kinds of target; artifact when left out.
    """
    include_inactive: bool | None = False
    """
    Also artifacts that are not active (a forgotten or merged Atomic Memory); false by default.
    """
    limit: Annotated[int | None, Field(ge=1, le=100)] = 50
    """
    The page size.
    """
    cursor: Cursor5 | None = None
    """
    The next_cursor of the previous page of the same query; null or left out for the first page.
    """


class RecordBootstrapDeliveryRequest(ContractModel):
    """
    Record how the host delivered a bootstrap package.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The receipt's Scope.
    """
    receipt_id: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The receipt.
    """
    outcome: Literal["injected", "failed"]
    """
    injected or failed.
    """


class RecordRemoteSkillReceiptRequest(ContractModel):
    """
    What a Receiver did about one action of one publication generation.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    operation: Literal["install", "unpublish"]
    """
    The action's operation.
    """
    generation: Annotated[int, Field(ge=0)]
    """
    The action's publication generation.
    """
    artifact: ReviewArtifactReference
    """
    The action's exact managed Skill revision.
    """
    expected_tree_digest: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The action's tree digest.
    """
    observed_tree_digest: ObservedTreeDigest | None
    """
    The tree digest installed (a succeeded install); null for a removal or a failure.
    """
    outcome: Literal["succeeded", "failed"]
    """
    Whether the action succeeded.
    """
    failure_state: (
        Literal["delivery_failed", "conflict", "drifted", "incompatible"] | None
    )
    """
    Why it failed (a failure only).
    """
    error_code: ErrorCode1 | None
    """
    The Receiver's failure code (a failure only).
    """
    receiver_version: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The Receiver's version.
    """
    environment_fingerprint: EnvironmentFingerprint | None
    """
    A digest of the Receiver's environment.
    """


class RecordSkillUsageRequest(ContractModel):
    """
    One bounded observation of an exact package-backed managed Skill revision in use (no prompt or command text).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    observation_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The caller's stable observation id: the Source's id (a repeat with the same observation is the same Source).
    """
    skill_ref: ReviewArtifactReference
    """
    The exact managed Skill revision (family skill).
    """
    package_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    sha256: and the revision's package tree digest.
    """
    target_id: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The Agent target the Skill was used on.
    """
    selected: bool
    """
    Whether the Skill was selected.
    """
    invoked: Literal["true", "false", "unknown"]
    """
    Whether it was invoked.
    """
    validation: Literal["passed", "failed", "unknown"]
    """
    Its validation result.
    """
    outcome: Literal["success", "failure", "unknown"]
    """
    The task outcome.
    """
    task_source: TaskSourceReference | None = None
    """
    An existing Source of the Scope naming the task, if any.
    """
    environment_fingerprint: Sha256Digest | None = None
    """
    A digest of the environment, if any.
    """


class RecurrenceStreak(ContractModel):
    """
    A revision's streak of recurred verdicts.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact_ref: ArtifactReference
    """
    The revision.
    """
    signature_key: Annotated[str, Field(max_length=1024)]
    """
    The failure signature.
    """
    terminal_recurred_streak: Annotated[int, Field(ge=0)]
    """
    Consecutive recurred verdicts at the end.
    """


class RejectCandidateRequest(ContractModel):
    """
    Reject the exact pending version.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    candidate_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The candidate.
    """
    expected_version: Annotated[int, Field(ge=1)]
    """
    The version reviewed.
    """
    reason: Annotated[str, Field(max_length=2000, min_length=1, pattern=".*\\S.*")]
    """
    Why (trimmed).
    """


class RememberMemoryRequest(ContractModel):
    """
    Remember one text as a new active Atomic Memory (revision 1). Nothing is de-duplicated: the same text twice makes two memories.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the memory belongs to.
    """
    kind: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    What kind of memory this is, such as decision or fact.
    """
    text: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    The memory text: NFC-normalised and stripped, then at most 8192 UTF-8 bytes and not empty (else 422).
    """
    reason: Reason8 | None = None
    """
    Why the memory is remembered. Accepted and not stored (the revision's reason is not kept yet).
    """
    expected_revision: ExpectedRevision | None = None
    """
    A legacy collection precondition. Only null or absent is supported; any number is refused before anything is written: 422 invalid_request, violation {path: /expected_revision, rule: legacy_precondition_unsupported}.
    """


class RemoteSkillObservation(ContractModel):
    """
    A Receiver's ownership checkpoint of one installed package and the tree it actually finds.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact: ReviewArtifactReference
    """
    The managed Skill revision installed.
    """
    tree_digest: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The installed package's tree digest.
    """
    actual_tree_digest: ActualTreeDigest | None
    """
    The tree digest of the directory now (null: it is gone or unreadable).
    """
    skill_name: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[a-z0-9]+(?:-[a-z0-9]+)*$")
    ]
    """
    The installed Skill's name.
    """
    applied_generation: Annotated[int, Field(ge=0)]
    """
    The publication generation it was installed at.
    """


class RemoteSkillPublication(ContractModel):
    """
    The desired and observed state of one managed Skill on one remote target.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: str
    """
    The target's Scope.
    """
    target_id: str
    """
    The target.
    """
    artifact_id: str
    """
    The managed Skill.
    """
    desired_state: Literal["published", "unpublished"]
    """
    Installed or absent, as the server wants it.
    """
    desired_revision: Annotated[int, Field(ge=1)]
    """
    The exact Skill revision wanted.
    """
    desired_tree_digest: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The wanted package's tree digest.
    """
    observed_revision: ObservedRevision | None
    """
    The revision the target last confirmed installed.
    """
    observed_tree_digest: ObservedTreeDigest1 | None
    """
    The tree digest the target last confirmed.
    """
    observed_generation: ObservedGeneration | None
    """
    The publication generation the target last reported on.
    """
    state: Literal[
        "unpublished",
        "pending",
        "current",
        "update_available",
        "delivery_failed",
        "conflict",
        "drifted",
        "incompatible",
    ]
    """
    The delivery state.
    """
    last_error_code: LastErrorCode | None
    """
    The target's last failure code.
    """
    observed_at: AwareDatetime | None
    """
    When the target last reported.
    """
    generation: Annotated[int, Field(ge=0)]
    """
    The publication's compare-and-swap generation.
    """


class RemoteSkillReceiptResponse(ContractModel):
    """
    Whether the Receipt was taken, and the publication after it.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    accepted: bool
    """
    The Receipt reports on the current generation (recorded, or already recorded).
    """
    stale: bool
    """
    The Receipt names an earlier generation: nothing recorded.
    """
    publication: RemoteSkillPublication
    """
    The publication's desired and observed state.
    """


class RemoteSkillTarget(ContractModel):
    """
    One remote Agent Skill target, without any credential.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The Scope whose managed Skills the target receives.
    """
    target_id: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[a-z0-9]+(?:-[a-z0-9]+)*$")
    ]
    """
    The target's durable identity (a slug: <agent kind>-<12 hex digits>).
    """
    display_name: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The human-readable name (renamable).
    """
    agent_kind: Literal["codex", "claude_code"]
    """
    The Agent the target installs Skills for.
    """
    installation_scope: Literal["project"]
    """
    Where the Receiver installs: always a project.
    """
    delivery_mode: Literal["agent_pull"]
    """
    How Skills reach the target: always pulled by its Receiver.
    """
    installation_id: InstallationId | None
    """
    The enrolled Receiver installation; null until enrollment.
    """
    state: Literal["pending", "active", "revoked"]
    """
    The enrollment state.
    """
    receiver_version: ReceiverVersion | None
    """
    The Receiver's version as it last reported it.
    """
    environment_fingerprint: EnvironmentFingerprint3 | None
    """
    The Receiver's environment digest as it last reported it.
    """
    machine_hostname: MachineHostname1 | None
    """
    The Receiver's host name as it enrolled.
    """
    workspace_name: WorkspaceName1 | None
    """
    The Receiver's workspace name as it enrolled.
    """
    last_seen_at: AwareDatetime | None
    """
    When the Receiver last called; null before enrollment.
    """
    generation: Annotated[int, Field(ge=0)]
    """
    The target's compare-and-swap generation: enrollment, a rename and a revocation each add one.
    """


class RemoteSkillTargetEnrollment(ContractModel):
    """
    The pending target and its enrollment code, shown only in this answer.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    target: RemoteSkillTarget
    """
    The pending target.
    """
    enrollment_code: Annotated[str, Field(max_length=256, min_length=32)]
    """
    The one-time enrollment code; the server keeps only its digest.
    """
    enrollment_expires_at: AwareDatetime
    """
    When the code stops working (ten minutes after creation).
    """


class RemoteSkillTargetStatus(ContractModel):
    """
    One target and its publications.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    target: RemoteSkillTarget
    """
    The target.
    """
    publications: Annotated[list[RemoteSkillPublication], Field(max_length=256)]
    """
    Its publications by artifact id.
    """


class ReplaceAccessBindingRequest(ContractModel):
    """
    Revoke a Binding and create its replacement in one step.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    binding_id: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The Binding replaced.
    """
    expected_version: Annotated[int, Field(ge=1)]
    """
    Its version as the caller read it.
    """
    replacement: AccessBindingReplacementInput
    """
    The replacement.
    """
    idempotency_key: Annotated[str, Field(max_length=255, min_length=1)]
    """
    Repeating the request with the key answers the same pair.
    """


class ReportHandoffSourceCitation(ContractModel):
    """
    Evidence: one Source of the request's Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["source"]
    """
    Always source.
    """
    source_ref: SourceTypeReference
    """
    The cited Source, by its type and id.
    """


class ReportSelection(ContractModel):
    """
    The selection as the report records it, as PowerContext 1.4.1 records it: the mode and only the field the mode uses (an exact selection's Scope ids, sorted; a subtree's root).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    mode: Literal["all", "exact", "subtree"]
    """
    The selection mode.
    """
    scope_ids: Annotated[list[ScopeId] | None, Field(max_length=1000)] = None
    """
    An exact selection's Scopes, sorted (only for mode exact).
    """
    root_scope_id: Annotated[
        str | None, Field(max_length=256, min_length=1, pattern="\\S")
    ] = None
    """
    A subtree selection's root (only for mode subtree).
    """


class RerankGroup(ContractModel):
    """
    Rerank calls with equal (round, config_id, outcome, fallback_reason).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    round: Annotated[int, Field(ge=0, le=2)]
    """
    The round the calls ran in.
    """
    config_id: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    The configuration invoked; resolves to exactly one RerankConfig.
    """
    outcome: Literal["selected", "fallback", "failed"]
    """
    selected, fallback to the coarse order, or failed (family dropped).
    """
    fallback_reason: Literal[
        "none",
        "empty_selection",
        "inference_unavailable",
        "inference_timeout",
        "invalid_output",
    ]
    """
    Why the rerank did not select.
    """
    count: Annotated[int, Field(ge=1, le=65535)]
    """
    Rerank calls in this group.
    """


class ResolveExternalSkillRequest(ContractModel):
    """
    Resolve one registration at an exact fingerprint.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    external_skill_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The external Skill's identity: <agent_kind>:<installation_scope>:<target_id>/<folder>.
    """
    fingerprint: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The package fingerprint (sha256 over its files, PowerContext 1.4.1's).
    """


class ResolveScopeBindingRequest(ContractModel):
    """
    Which Scope a host works in: the explicit Scope when named, else the Scope of the first bound key in list order, else the default Scope when allowed.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    allow_default: bool | None = True
    """
    Whether the default Scope answers when no key is bound.
    """
    explicit_scope_id: ScopeId | None = None
    """
    A Scope the host names itself; when given it is the answer (no fallback), or null.
    """
    binding_keys: Annotated[
        list[ScopeBindingKey] | None, Field(max_length=64, validate_default=True)
    ] = []
    """
    The keys to look up, in order of preference.
    """


class ResolvedUsagePeriod(ContractModel):
    """
    The period's UTC dates, both included.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    preset: Literal["today", "7d", "30d"]
    """
    The period asked for.
    """
    start_date: date_aliased
    """
    The first day.
    """
    end_date: date_aliased
    """
    The last day (today, UTC).
    """
    timezone: Literal["UTC"]
    """
    Always UTC.
    """


class RetireMemoryEntryRequest(ContractModel):
    """
    Retire a legacy Memory entry by its exact citation; always 422 legacy_memory_operation_unsupported after the request is validated, before any write (use change_atomic_memory_lifecycle with the revision and state_version).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope named.
    """
    citation: dict[Annotated[str, StringConstraints(min_length=1)], Any]
    """
    A legacy exact Memory entry citation: any object; a request that sends it is refused (422 legacy_memory_operation_unsupported) before anything is written.
    """
    reason: Reason9 | None = None
    """
    Why, at most 512 characters, or null.
    """


class RetryTopicMemoryProcessingRequest(ContractModel):
    """
    One observed block to retry.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    block_id: Annotated[str, Field(max_length=36, min_length=1)]
    """
    A block id status answered: 1 to 36 characters.
    """


class RetryTopicMemoryProcessingResponse(ContractModel):
    """
    An accepted retry (1.4.1's RetryTopicMemoryProcessingResponse); never answered here, since no block is retained.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["accepted"]
    """
    accepted.
    """
    block: TopicMemoryProcessingBlock
    """
    The block with its retry.
    """


class SourceRefs2(RootModel[list[SourceReference]]):
    root: Annotated[list[SourceReference], Field(max_length=32)]
    """
    Replacement Source evidence; null or absent keeps the current version's.
    """


class ReviseMemoryEntryRequest(ContractModel):
    """
    Revise a legacy Memory entry by its exact citation; always 422 legacy_memory_operation_unsupported after the request is validated, before any write (use replace_artifact with If-Match).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope named.
    """
    citation: dict[Annotated[str, StringConstraints(min_length=1)], Any]
    """
    A legacy exact Memory entry citation: any object; a request that sends it is refused (422 legacy_memory_operation_unsupported) before anything is written.
    """
    kind: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The entry kind.
    """
    text: Annotated[str, Field(min_length=1)]
    """
    The new text.
    """
    reason: Reason11 | None = None
    """
    Why, at most 512 characters, or null.
    """


class ScanExternalSkillsRequest(ContractModel):
    """
    Rescan the registry directory into the Scope's registry.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope whose registry the scan replaces.
    """


class ScanExternalSkillsResponse(ContractModel):
    """
    What the scan registered and how many folders it skipped.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    registrations: list[ExternalSkillRegistration]
    """
    Every valid package, by folder name.
    """
    skipped: Annotated[int, Field(ge=0)]
    """
    Folders that are not valid packages (or beyond the scan's bound).
    """


class ScopeBinding(ContractModel):
    """
    A durable binding of one host key to one Scope (the request and the answer of set_scope_binding).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    key: ScopeBindingKey
    """
    The bound key.
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the key is bound to.
    """


class ScopeDescriptor(ContractModel):
    """
    A Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope id.
    """
    title: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The title.
    """
    summary: Annotated[str, Field(max_length=2000, min_length=1, pattern="\\S")]
    """
    The summary.
    """
    parent_scope_id: ScopeId | None
    """
    The parent Scope, or null.
    """
    context_references: Annotated[list[ScopeId], Field(max_length=32)]
    """
    Referenced Scopes.
    """
    external_references: Annotated[list[ExternalReference], Field(max_length=32)]
    """
    External references.
    """
    version: Annotated[int, Field(ge=1)]
    """
    The descriptor version.
    """


class ScopePage(ContractModel):
    """
    A page of Scopes in scope_id order.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: Annotated[list[ScopeDescriptor], Field(max_length=100)]
    """
    The Scopes.
    """
    next_cursor: NextCursor7 | None
    """
    Pass as cursor for the next page; null on the last page.
    """


class SearchArtifactsRequest(ContractModel):
    """
    Search one Family. Common: query (trimmed), limit (at most 200; atomic-memory at most 100, topic-memory at most 20), include_scores, min_score (against the normalised retrieval score). experience and skill (query at most 2000 characters for skill): mode text, no filters, lexical admission, no fusion. topic-memory: mode text (fts only here: vector and hybrid are 422 at /mode, Topic Memory has no vector channel in pcreceipt), lexical admission, fusion over topic_fts and detail_fts. atomic-memory: mode text (default), vector or hybrid (these need an embedder and vector search: 422 artifact_search_not_supported, field mode), filters, admission, fusion over text and vector.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    query: Annotated[str, Field(max_length=8192, min_length=1, pattern=".*\\S.*")]
    """
    What to search for.
    """
    limit: Annotated[int | None, Field(ge=1, le=200)] = 10
    """
    At most this many results (10 when left out).
    """
    mode: Annotated[str | None, Field(min_length=1, pattern=".*\\S.*")] = None
    """
    The Family's search mode (text, vector, hybrid, as the Family takes them).
    """
    filters: ArtifactSearchFilters | None = None
    """
    The Family's filters.
    """
    admission: ArtifactSearchAdmission | None = None
    """
    The Family's admission floors.
    """
    fusion: ArtifactSearchFusion | None = None
    """
    How channels fuse.
    """
    min_score: Annotated[float | None, Field(ge=0.0, le=1.0)] = None
    """
    Keep only results whose normalised retrieval score is at least this.
    """
    include_scores: bool | None = False
    """
    Return each result's scores.
    """
    rerank: ArtifactSearchRerank | None = None
    """
    Refused by every Family.
    """


class SearchAtomicMemoryRequest(ContractModel):
    """
    Search the Scope's active Atomic Memory, optionally of one kind.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope searched.
    """
    query: Annotated[str, Field(max_length=8192, min_length=1)]
    """
    The query text.
    """
    mode: Literal["text", "vector", "hybrid"] | None = "text"
    """
    The channels to use (text by default); vector and hybrid without an embedder (or a store without vector search) are 422 invalid_request, violation {path: /mode, rule: embedder_required}.
    """
    kind: Kind1 | None = None
    """
    Only memories of this kind (applied before the limit and the ranks), or null for any.
    """
    tags: Annotated[list[Tag1] | None, Field(max_length=16)] = None
    """
    Only memories carrying these tags (all of them, or any with tag_match any), compared by key (NFC, then case folded), applied before ranks and the limit; an empty list filters nothing. A refused tag is 422 invalid_request at /tags/<i>.
    """
    tag_match: Literal["all", "any"] | None = None
    """
    How tags combine: all (the default) or any; without tags it changes nothing.
    """
    limit: Annotated[int | None, Field(ge=1, le=100)] = 20
    """
    The most hits answered.
    """


class SearchAtomicMemoryResponse(ContractModel):
    """
    The hits, best first (empty when nothing matches).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    mode: Literal["text", "vector", "hybrid"]
    """
    The channels used.
    """
    hits: Annotated[list[AtomicMemorySearchHit], Field(max_length=100)]
    """
    The hits, best first.
    """


class SearchGroup(ContractModel):
    """
    Search calls with equal (round, family, mode, outcome, fallback_reason).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    round: Annotated[int, Field(ge=0, le=2)]
    """
    The round the calls ran in; Profile and code always belong to round 0.
    """
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "code"]
    """
    The searched family.
    """
    mode: Literal["fts", "vector", "hybrid", "snapshot", "code", "none"]
    """
    The mode that actually executed.
    """
    outcome: Literal["completed", "not_run", "failed"]
    """
    completed, not_run (no reader or searchable head), or failed.
    """
    fallback_reason: Literal[
        "none", "inference_unavailable", "inference_timeout", "reused_fts_fallback"
    ]
    """
    Why the vector channel was not used: an inference error class, reuse of an earlier round's FTS fallback, or none.
    """
    count: Annotated[int, Field(ge=1, le=65535)]
    """
    Calls that ran, or for not_run the skipped opportunities.
    """


class SearchMemoryResponse(ContractModel):
    """
    The hits, best first (empty when nothing matches).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    mode: Literal["text", "vector", "hybrid"]
    """
    The channels used.
    """
    hits: Annotated[list[AtomicMemorySearchHit], Field(max_length=50)]
    """
    The hits, best first.
    """


class SearchTopicMemoryHit(ContractModel):
    """
    One Topic Memory found, with the part of its detail the query matched.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact: ArtifactReference
    """
    The topic's current revision.
    """
    title: Annotated[str, Field(max_length=512, min_length=1)]
    """
    The topic title.
    """
    summary: Annotated[str, Field(max_length=8000, min_length=1)]
    """
    The topic summary.
    """
    snippet: Annotated[str | None, Field(min_length=1)]
    """
    The detail chunk the query matched (shortened around the match), or null when only the title and summary matched.
    """
    score: Annotated[float, Field(gt=0.0, le=100.0)]
    """
    Reciprocal rank fusion over the channels that ran, normalised so that first place in every channel scores 1 (PowerContext's bound is 100).
    """
    matched_by: Annotated[
        list[Literal["topic_fts", "topic_vector", "detail_fts", "detail_vector"]],
        Field(max_length=4, min_length=1),
    ]
    """
    The channels that found it, topic first.
    """


class SearchTopicMemoryResponse(ContractModel):
    """
    The hits, best first (empty when nothing matches).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    mode: Literal["fts", "hybrid"]
    """
    The search that ran.
    """
    hits: Annotated[list[SearchTopicMemoryHit], Field(max_length=20)]
    """
    The hits, best first.
    """


class CodeSelectedItem(ContractModel):
    """
    A code item, identified by its code evidence reference.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["code"]
    """
    The code family.
    """
    rendered_bytes: Annotated[int, Field(ge=1, le=32768)]
    """
    UTF-8 size of the item's text in content, without the separators between items: its JSON object in the envelope, its heading, metadata and body in Markdown, its citation and source lines in the code block (docs/decisions.md).
    """
    truncated: bool
    """
    Whether the item was cut to fit.
    """
    code_evidence: CodeEvidenceRef
    """
    The exact line range and snippet hash injected.
    """


class SkillArtifact(ContractModel):
    """
    An exact managed Skill revision with its direct evidence.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact: ReviewArtifactReference
    """
    The revision.
    """
    content: SkillProposal
    """
    Its content.
    """
    source_refs: list[SourceReference]
    """
    The Sources it was approved from.
    """
    artifact_refs: list[ReviewArtifactReference]
    """
    The revisions it was approved from.
    """


class SkillGovernance(ContractModel):
    """
    A managed Skill's lifecycle governance.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact: ReviewArtifactReference
    """
    The governed head.
    """
    lifecycle_state: Literal["active", "deprecated", "retired"]
    """
    Its state.
    """
    replacement_artifact_id: ReplacementArtifactId | None
    """
    The Skill replacing it, when deprecated.
    """
    governance_generation: Annotated[int, Field(ge=0)]
    """
    The governance version (0: never changed).
    """


class SkillPackageDownload(ContractModel):
    """
    A package's canonical ZIP bytes and their reference.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    package: SkillPackageReference
    """
    The package's digests.
    """
    archive_base64: Annotated[
        str, Field(max_length=6990508, min_length=1, pattern="^[A-Za-z0-9+/]*={0,2}$")
    ]
    """
    The canonical ZIP, standard base64.
    """


class SkillPackageManifest(ContractModel):
    """
    A verified package's metadata and file inventory (no file bodies).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    package: SkillPackageReference
    """
    The package's digests.
    """
    name: Annotated[str, Field(max_length=64, min_length=1)]
    """
    SKILL.md's name.
    """
    description: Annotated[str, Field(max_length=1024, min_length=1)]
    """
    SKILL.md's description.
    """
    license: Annotated[str | None, Field(max_length=512, min_length=1)] = None
    """
    SKILL.md's license.
    """
    compatibility: Annotated[str | None, Field(pattern="^[\\s\\S]{1,500}$")] = None
    """
    SKILL.md's compatibility (at most 500 characters).
    """
    metadata: Annotated[
        dict[
            Annotated[str, StringConstraints(min_length=1, max_length=128)],
            MetadataAdditionalProperty,
        ],
        Field(max_length=64),
    ]
    """
    SKILL.md's metadata: at most 64 keys of 1 to 128 characters, values of at most 2000 characters, trimmed.
    """
    allowed_tools: Annotated[str | None, Field(max_length=2000, min_length=1)] = None
    """
    SKILL.md's allowed-tools.
    """
    files: Annotated[list[SkillPackageFile], Field(max_length=256, min_length=1)]
    """
    Every file, by path.
    """


class SkillUsageCaptureResponse(ContractModel):
    """
    The receipt of a usage observation: its Source and that Source's position in the Scope's Source sequence.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["accepted"]
    """
    Always accepted: the Source is stored.
    """
    source: SkillUsageSourceReference
    """
    The usage Source.
    """
    position: Annotated[int, Field(ge=1)]
    """
    The Source's position in its Scope (a repeat of the same observation answers the first one).
    """


class SourceDefinitionManifest(ContractModel):
    """
    A worker-owned Source Definition, declared as data: immutable once registered under its name and version.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The Source type it defines (no leading or trailing white space; not a type the server defines itself).
    """
    version: Annotated[str, Field(max_length=128, min_length=1, pattern="\\S")]
    """
    The Definition's version (no leading or trailing white space).
    """
    fingerprint: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    sha256: and the SHA-256 hex of the RFC 8785 JSON of {name, version, source_schema, projections}; another value is 422 invalid_request (rule fingerprint).
    """
    source_schema: dict[str, Any]
    """
    The JSON Schema (draft 2020-12, local references only) of an observation's payload.
    """
    projections: Annotated[list[SourceProjectionManifest], Field(max_length=16)]
    """
    The projections it declares, keys unique.
    """


class SourceObservation(ContractModel):
    """
    A captured Source materialised by a worker under a registered Source Definition. Its identity in the Scope is (source_type, name).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(max_length=256, min_length=1)]
    """
    The Source's stable id within its type (no leading or trailing white space): the same (source_type, name) with the same observation again answers the first receipt; another observation under it is 409 source_conflict.
    """
    definition_version: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The version of the Source Definition it was materialised under (no leading or trailing white space).
    """
    materialization: Literal["captured"]
    """
    Always captured: the observation keeps its canonical value.
    """
    description: str | None = None
    """
    An optional description; null or absent for none.
    """
    source_type: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The registered Source Definition's name (no leading or trailing white space).
    """
    definition_fingerprint: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    The registered manifest's fingerprint; another one is 422 invalid_source_ingestion.
    """
    payload: dict[str, Any]
    """
    The Source's canonical value, checked against the manifest's source_schema. Its name, definition_version, materialization and description equal the envelope's (an absent description is null).
    """
    projections: Annotated[list[SourceProjectionValue], Field(max_length=16)]
    """
    A value for exactly the projections the manifest declares, keys unique.
    """


class SourceRecord(ContractModel):
    """
    One Source of a Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    receipt_identity: Annotated[None, Field(None)] = None
    """
    A Server-owned identity attestation of a Handoff Receipt written under enforced access (PowerContext 1.4.1's HandoffReceiptIdentity); pcreceipt attests none, so null (always sent).
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the Source belongs to.
    """
    source_type: Literal["content"]
    """
    The Source type.
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Source's id: the caller's for a capture, the server's (src_ + 32 hex) for a create or an artifact write.
    """
    content: Any
    """
    The Source's content as JSON: the text of a capture or Working Note, the value a create sent, the written content of an artifact write's lineage Source.
    """
    position: Annotated[int, Field(ge=1)]
    """
    The Source's position in its Scope's Source sequence.
    """
    content_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    sha256: and the SHA-256 hex of the content's RFC 8785 canonical JSON.
    """


class SubmitSourceObservationRequest(ContractModel):
    """
    Submit one worker-materialised observation to a Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the Source belongs to.
    """
    observation: SourceObservation
    """
    The observation.
    """


class TagFilter(ContractModel):
    """
    Filter by artifact tags: only memories carrying all (match all, the default) or any of the tags, compared by key (NFC, then case folded), applied before ranks and the limit. A refused tag (outer whitespace, a control, surrogate or unassigned character, a duplicate key) is 422 invalid_request at /tag_filter/tags/<i>.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    tags: Annotated[list[Tag1], Field(max_length=16, min_length=1)]
    """
    The tags.
    """
    match: Literal["all", "any"] | None = "all"
    """
    all (the default) or any.
    """


class TaggedTarget(ContractModel):
    """
    A matching artifact: its complete current tag set and its current revision.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    target: ArtifactTagTarget
    """
    The tagged artifact.
    """
    tags: Annotated[list[Tag1], Field(max_length=32, min_length=0)]
    """
    The artifact's tags' display text, ordered by the UTF-8 bytes of their keys.
    """
    tag_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    sha256 of the RFC 8785 JSON {"tags": tags}, as get_artifact_tags answers it.
    """
    reference: ArtifactReference
    """
    The artifact's current (head) revision.
    """


class TopicMemoryArtifact(ContractModel):
    """
    One exact Topic Memory revision with its full detail and the Sources it was written from.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact: ArtifactReference
    """
    The revision read.
    """
    title: Annotated[str, Field(max_length=512, min_length=1)]
    """
    The topic title.
    """
    summary: Annotated[str, Field(max_length=8000, min_length=1)]
    """
    The topic summary.
    """
    detail: Annotated[str, Field(max_length=125000, min_length=1)]
    """
    The topic detail.
    """
    source_refs: Annotated[list[SourceReference], Field(max_length=16)]
    """
    The Sources the revision was written from (the lineage Source of the write that made it).
    """


class AccessResourcePage(ContractModel):
    """
    A page of resources, ordered by their canonical key.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: Annotated[
        list[ServerAccessResource | ScopeAccessResource | ArtifactAccessResource],
        Field(max_length=500),
    ]
    """
    The resources.
    """
    total: Annotated[int, Field(ge=0)]
    """
    How many resources match, over every page.
    """
    next_cursor: str | None
    """
    The next page's cursor, or null on the last page.
    """


class ArtifactAddress(ContractModel):
    """
    A Scope-qualified artifact revision: the same artifact_id in two Scopes is two identities.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope that holds the artifact.
    """
    artifact: ArtifactReference
    """
    The exact revision within that Scope.
    """


class ArtifactCollectionItem(ContractModel):
    """
    One artifact's current head revision in a listing, without its content.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The family.
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1, pattern="^[!-~]+$")]
    """
    The artifact.
    """
    revision: Annotated[int, Field(ge=1, le=2147483647)]
    """
    The revision.
    """
    sources: Annotated[list[SourceTypeReference], Field(max_length=16)]
    """
    The Sources that record this revision's write: one content Source (source_type content, its id src_ + 32 hex) for a create, import or replace; none for a merge result or a revision stored before Sources existed.
    """
    artifacts: Annotated[list[ArtifactReference], Field(max_length=256)]
    """
    Artifacts this revision derives from: a merge result's inputs; for any other revision n > 1 of an atomic or Topic Memory, revision n - 1 of the same artifact (as PowerContext 1.4.1's replace names it); otherwise none.
    """
    content_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    sha256 of the RFC 8785 canonical JSON of the revision's content as get_artifact serves it.
    """
    title: Annotated[str | None, Field(max_length=512)] = None
    """
    The display title: a topic memory's title; null for the other families.
    """
    summary: Annotated[str | None, Field(max_length=8000)] = None
    """
    The display summary: a topic memory's summary; null for the other families.
    """
    created_at: AwareDatetime | None = None
    """
    When the revision was committed (RFC 3339, UTC).
    """
    published_at: AwareDatetime | None = None
    """
    When a topic memory's revision was published: its commit time (pcreceipt publishes a topic revision when it commits it); null for the other families (PowerContext 1.4.1's family-provided publication time).
    """
    source_count: Annotated[int | None, Field(ge=0)] = None
    """
    The number of a revision's direct Source inputs where its family provides one (PowerContext 1.4.1's family-provided count); no family here provides it in a listing, as in 1.4.1, so null (always sent).
    """
    created_by: Annotated[None, Field(None)] = None
    """
    Who committed a rollback; pcreceipt has no rollback, so null (always sent).
    """
    restored_from_revision: Annotated[None, Field(None)] = None
    """
    The revision a rollback restored; pcreceipt has no rollback, so null (always sent).
    """
    reason: Annotated[None, Field(None)] = None
    """
    The reason recorded for a rollback; pcreceipt has no rollback, so null (always sent).
    """


class ArtifactCreated(ContractModel):
    """
    The committed first revision.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The family.
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1, pattern="^[!-~]+$")]
    """
    The assigned artifact id.
    """
    revision: Annotated[int, Field(ge=1, le=2147483647)]
    """
    The committed revision.
    """
    sources: Annotated[list[SourceTypeReference], Field(max_length=16)]
    """
    The Sources that record this revision's write: one content Source (source_type content, its id src_ + 32 hex) for a create, import or replace; none for a merge result or a revision stored before Sources existed.
    """
    artifacts: Annotated[list[ArtifactReference], Field(max_length=256)]
    """
    Artifacts this revision derives from: a merge result's inputs; for any other revision n > 1 of an atomic or Topic Memory, revision n - 1 of the same artifact (as PowerContext 1.4.1's replace names it); otherwise none.
    """


class ArtifactHandleBinding(ContractModel):
    """
    A handle and the exact revision it is bound to, for ever.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The handle's family.
    """
    key: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[a-z0-9]+(?:-[a-z0-9]+)*$")
    ]
    """
    The handle's key.
    """
    artifact: ArtifactReference
    """
    The exact revision bound.
    """


class ArtifactPage(ContractModel):
    """
    A page of an artifact family's current heads in a Scope, in artifact_id order.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: Annotated[list[ArtifactCollectionItem], Field(max_length=100)]
    """
    The heads.
    """
    next_cursor: NextCursor2 | None
    """
    Pass as cursor for the next page of the same Scope and family; null on the last page.
    """


class ArtifactPublication(ContractModel):
    """
    An independent target artifact and the exact source it was copied from.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    source: ArtifactAddress
    """
    The revision published.
    """
    target: ArtifactAddress
    """
    The new artifact in the target Scope (revision 1).
    """
    content_digest: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    SHA-256 (hex) of the copied content's canonical JSON.
    """


class ArtifactRevisionPage(ContractModel):
    """
    One page of an artifact's revisions, newest first, without content.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: Annotated[list[ArtifactCollectionItem], Field(max_length=100)]
    """
    The revisions of the page, newest first.
    """
    next_cursor: NextCursor3 | None
    """
    Continues the same artifact's history from the same snapshot (valid for an hour); null on the last page.
    """


class ArtifactTagPage(ContractModel):
    """
    A page of matching artifacts in family, then artifact_id order.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: Annotated[list[TaggedTarget], Field(max_length=100)]
    """
    The matches.
    """
    next_cursor: NextCursor4 | None
    """
    Pass as cursor for the next page; null on the last page.
    """


class AtomicMemoryMutationResponse(ContractModel):
    """
    What a lifecycle change or merge did.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    changed: bool
    """
    Whether anything changed.
    """
    records: Annotated[list[AtomicMemoryRecord], Field(max_length=65)]
    """
    The affected memories: merge inputs first, then the new memory.
    """


class BootstrapContext(ContractModel):
    """
    A bootstrap package (powercontext.bootstrap-context.v1): always all ten keys.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[
        Literal["powercontext.bootstrap-context.v1"], Field(alias="schema")
    ]
    """
    The response schema.
    """
    status: Literal["ready", "empty", "skipped"]
    """
    ready, empty or skipped.
    """
    reason: (
        Literal[
            "disabled", "no_eligible_context", "already_delivered", "preparation_failed"
        ]
        | None
    )
    """
    Why there is no package; null when ready.
    """
    profile: Literal["powercontext.scope-bootstrap.v1"]
    """
    The package profile.
    """
    content: str | None
    """
    The package text, or null.
    """
    content_bytes: Annotated[int, Field(ge=0)]
    """
    UTF-8 bytes of content; 0 when null.
    """
    package_digest: Sha256Digest | None
    """
    sha256 of content, or null.
    """
    items: Annotated[list[BootstrapContextItem], Field(max_length=7)]
    """
    The package's items in order.
    """
    truncated: bool
    """
    Whether an item was cut or left out.
    """
    receipt: BootstrapDeliveryReceipt
    """
    The delivery receipt.
    """


class CodeQueryRequest(ContractModel):
    """
    One code query, PowerContext 1.4.1's request. read needs expected_fingerprint; before_fingerprint belongs to impact_changes only (absent or null otherwise).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    operation: (
        CodeStatusOperation
        | CodeChangesOperation
        | CodeMapOperation
        | CodeSearchOperation
        | CodeRelationOperation
        | CodeTestsOperation
        | CodeReadOperation
    )
    """
    The operation, chosen by its kind.
    """
    expected_fingerprint: Hex64 | None = None
    """
    The workspace fingerprint the caller saw; a different current one is 409 code_changed.
    """
    before_fingerprint: Hex64 | None = None
    """
    impact_changes' earlier fingerprint.
    """
    max_bytes: Annotated[int | None, Field(ge=512, le=32768)] = 16000
    """
    The most bytes the compact JSON answer may take; items that do not fit are left out (status partial).
    """


class CodeQueryResponse(RootModel[CodeQueryResult | CodeStatus]):
    root: CodeQueryResult | CodeStatus
    """
    A status operation answers a CodeStatus; explore and read a CodeQueryResult.
    """


class CommitConnectorCheckpointRequest(ContractModel):
    """
    Replace one binding's checkpoint with checkpoint, only when its current value equals expected (null for a binding that never committed).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    binding: ConnectorBinding
    """
    The binding whose checkpoint to commit.
    """
    expected: Any
    """
    The value the caller last read (null: none committed yet); compared by its canonical JSON (RFC 8785), so it must be I-JSON (integers within ±(2^53 − 1), finite numbers), else 422 invalid_request (rule i_json).
    """
    checkpoint: Any
    """
    The new opaque JSON value, stored whole when expected is still current; I-JSON like expected.
    """


class CreateAccessBindingRequest(ContractModel):
    """
    Give a subject a role on a resource.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    subject: AccessPrincipal | AccessGroup
    """
    Who (pcreceipt: a token, type service).
    """
    resource: ServerAccessResource | ScopeAccessResource | ArtifactAccessResource
    """
    On what.
    """
    role: Literal[
        "handoff.viewer",
        "handoff.receiver",
        "artifact.viewer",
        "prompt.user",
        "artifact.owner",
        "scope.viewer",
        "scope.contributor",
        "scope.reviewer",
        "scope.delegator",
        "scope.admin",
        "server.observer",
        "server.admin",
    ]
    """
    The role.
    """
    idempotency_key: Annotated[str, Field(max_length=255, min_length=1)]
    """
    Repeating the request with the key answers the same Binding.
    """
    reason: Reason3 | None = None
    """
    Why, or null.
    """
    expires_at: AwareDatetime | None = None
    """
    When it stops applying (later than now), or null.
    """


class CreateProfileRequest(ContractModel):
    """
    Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Literal["profile"]
    """
    The artifact family.
    """
    content: ProfileContent
    """
    The artifact content.
    """


class CreatePromptRequest(ContractModel):
    """
    Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Literal["prompt"]
    """
    The artifact family.
    """
    content: PromptContent
    """
    The artifact content.
    """
    prompt_key: Literal[
        "memory.rerank",
        "query.expand",
        "atomic_memory.extract",
        "handoff.generate",
        "profile.generate",
    ]
    """
    Which prompt this artifact customises.
    """


class CreateDreamRunRequest(ContractModel):
    """
    Start a Dream run over exact evidence: 1 to 20 artifacts (none for revise_tags), at most 32 references with Sources, deduplicated; the idempotency key (trimmed, 1 to 128 characters) returns the original run to the same caller for the same request.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    tag_target: DreamTagTarget | None = None
    """
    revise_tags' target; null otherwise.
    """
    operation: Literal[
        "refine_experience",
        "derive_skill",
        "revise_skill",
        "revise_profile",
        "revise_memory",
        "revise_topic_memory",
        "refresh_handoff",
        "revise_prompt",
        "revise_tags",
    ]
    """
    The operation.
    """
    artifacts: Annotated[
        list[ReviewArtifactReference] | None, Field(validate_default=True)
    ] = []
    """
    Exact evidence revisions of the Scope.
    """
    sources: Annotated[
        list[DreamSourceReference] | None, Field(validate_default=True)
    ] = []
    """
    Exact evidence Sources of the Scope.
    """
    target: ReviewArtifactReference | None = None
    """
    The exact current head the proposal replaces (also in artifacts); null proposes a new artifact.
    """
    idempotency_key: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^\\S(?:[\\s\\S]*\\S)?$")
    ]
    """
    The caller's key for this run.
    """


class CreateSubjectSourceResponse(ContractModel):
    """
    The subject and the two Sources written: the business Scope's, then the subject Scope's (one id, one content).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    subject_key: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The subject's key, as sent.
    """
    subject_type: Literal["user"]
    """
    The kind of subject.
    """
    subject_scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the subject is bound to.
    """
    sources: Annotated[list[SourceRecord], Field(max_length=2, min_length=2)]
    """
    The business Scope's Source and the subject Scope's.
    """


class DreamInputManifest(ContractModel):
    """
    What the run's model read: the evidence by digest and the projection's digest and size.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    transform_version: str
    """
    The evidence projection's version.
    """
    artifacts: list[ReviewArtifactReference]
    """
    The artifacts read.
    """
    sources: list[DreamSourceReference]
    """
    The Sources read.
    """
    nodes: list[DreamEvidenceNode]
    """
    The evidence nodes.
    """
    edges: list[DreamEvidenceEdge]
    """
    Derivation edges.
    """
    root_groups: list[DreamRootEvidenceGroup]
    """
    Root groups.
    """
    projection_digest: str
    """
    sha256:<hex> of the projection sent to the model.
    """
    projection_bytes: Annotated[int, Field(ge=0)]
    """
    Its size in bytes.
    """
    incomplete: bool
    """
    Whether an item was cut to fit.
    """


class DreamRun(ContractModel):
    """
    One Dream run of a Scope, every key always present.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    tag_target: DreamTagTarget | None
    """
    revise_tags' target (always null here).
    """
    reused: bool
    """
    Whether the run reused an earlier pending proposal (never here).
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    run_id: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The run (dr_ and 32 hex digits).
    """
    operation: Literal[
        "refine_experience",
        "derive_skill",
        "revise_skill",
        "revise_profile",
        "revise_memory",
        "revise_topic_memory",
        "refresh_handoff",
        "revise_prompt",
        "revise_tags",
    ]
    """
    The operation.
    """
    status: Literal["queued", "running", "succeeded", "failed"]
    """
    The state.
    """
    outcome: Literal["proposed", "no_change", "needs_evidence"] | None
    """
    A succeeded run's outcome; null otherwise.
    """
    target: ReviewArtifactReference | None
    """
    The request's target.
    """
    candidate: DreamCandidateRef | None
    """
    The proposed Candidate (outcome proposed).
    """
    reason: str | None
    """
    The model's reason for its outcome.
    """
    error: str | None
    """
    A failed run's error code (inference_unavailable, inference_timeout, invalid_generation_output, budget_exceeded, evidence_unavailable, generation_failed).
    """
    accepted_at: AwareDatetime
    """
    When the run was accepted (RFC 3339 UTC).
    """
    started_at: AwareDatetime | None
    """
    When it was first claimed.
    """
    completed_at: AwareDatetime | None
    """
    When it ended.
    """
    attempt_count: Annotated[int, Field(ge=0)]
    """
    Claims so far.
    """
    input_manifest: DreamInputManifest | None
    """
    What the model read; null before the run read its evidence.
    """
    usage: DreamUsage
    """
    What it spent.
    """
    budget: DreamBudget
    """
    Its bounds.
    """
    prompt_version: str
    """
    The Dream prompt's version.
    """
    model_config_id: str | None
    """
    The generation model that ran it; null before a claim.
    """


class DreamRunPage(ContractModel):
    """
    A page of a Scope's runs, newest first.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    runs: list[DreamRun]
    """
    The runs.
    """
    next_cursor: str | None
    """
    The next page's cursor; null on the last page.
    """


class ErrorBody(ContractModel):
    """
    What went wrong, without request content.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    code: Literal[
        "invalid_request",
        "unauthorized",
        "forbidden",
        "precondition_required",
        "inference_timeout",
        "inference_unavailable",
        "storage_unavailable",
        "internal_error",
        "scope_not_found",
        "scope_binding_target_missing",
        "artifact_not_found",
        "scope_idempotency_conflict",
        "scope_version_conflict",
        "revision_conflict",
        "atomic_memory_changed",
        "invalid_memory_state",
        "artifact_already_exists",
        "request_too_large",
        "invalid_cursor",
        "code_index_missing",
        "code_changed",
        "code_target_missing",
        "code_range_missing",
        "budget_too_small",
        "unsupported_capability",
        "code_workspace_not_found",
        "code_range_not_found",
        "source_conflict",
        "cursor_expired",
        "legacy_memory_operation_unsupported",
        "tag_precondition_failed",
        "not_found",
        "invalid_scope_relationship",
        "invalid_memory_relation",
        "invalid_preview",
        "preview_expired",
        "preview_stale",
        "artifact_publication_unsupported",
        "artifact_publication_conflict",
        "handoff_evidence_not_found",
        "source_not_eligible",
        "invalid_handoff_generation",
        "candidate_not_found",
        "candidate_conflict",
        "candidate_terminal",
        "artifact_conflict",
        "generation_unavailable",
        "handoff_generation_unavailable",
        "artifact_handle_not_found",
        "idempotency_conflict",
        "connector_checkpoint_conflict",
        "handoff_report_too_large",
        "profile_policy_not_found",
        "topic_memory_block_not_found",
        "prompt_customization_unavailable",
        "topic_memory_processing_unavailable",
        "source_not_found",
        "subject_scope_conflict",
        "distinct_scopes_required",
        "invalid_source_ingestion",
        "source_definition_not_found",
        "invalid_access_request",
        "access_binding_not_found",
        "access_cursor_stale",
        "binding-version",
        "idempotency-key",
        "runtime_not_ready",
        "resource_filter_limit_exceeded",
        "external_skill_registry_unavailable",
        "external_skill_not_found",
        "external_skill_snapshot_unavailable",
        "capability_unavailable",
        "capacity_exceeded",
        "client_upgrade_required",
        "dream_not_found",
        "generation_conflict",
        "invalid_lifecycle",
        "invalid_enrollment",
        "invalid_target_state",
        "publication_generation_conflict",
        "invalid_target_credential",
        "artifact_family_not_found",
        "artifact_search_not_supported",
        "invalid_skill_lifecycle",
    ]
    """
    The error code.
    """
    message: Annotated[str, Field(max_length=2048, min_length=1)]
    """
    A human-readable, content-free explanation.
    """
    details: ErrorDetails | None
    """
    Structured, content-free detail, or null.
    """


class ErrorEnvelope(ContractModel):
    """
    The one error envelope every non-2xx response uses.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    error: ErrorBody
    """
    The error.
    """


class ExperienceContent(ContractModel):
    """
    An experience: situation, action, outcome and lesson.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    situation: Annotated[str, Field(max_length=8000, min_length=1, pattern="\\S")]
    """
    The situation.
    """
    action: Annotated[str, Field(max_length=8000, min_length=1, pattern="\\S")]
    """
    What was done.
    """
    outcome: Annotated[str, Field(max_length=8000, min_length=1, pattern="\\S")]
    """
    What happened.
    """
    lesson: Annotated[str, Field(max_length=8000, min_length=1, pattern="\\S")]
    """
    What to do next time.
    """
    failure: FailureRecord | None = None
    """
    Optional failure record.
    """


class GetHandoffReportRequest(ContractModel):
    """
    Ask for the Handoff Report of a Scope selection.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    selection: AllScopeSelection | ExactScopeSelection | SubtreeScopeSelection
    """
    The Scopes the report covers.
    """
    format: Literal["json", "markdown"] | None = "json"
    """
    The report's form.
    """
    download: bool | None = False
    """
    Answer a file (Content-Disposition attachment): the Markdown document, or the bare report object for json.
    """


class GetStatsRequest(ContractModel):
    """
    Ask for statistics over a Scope selection.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    selection: AllScopeSelection | ExactScopeSelection | SubtreeScopeSelection
    """
    The Scopes.
    """
    period: Literal["today", "7d", "30d"] | None = "30d"
    """
    The reporting period.
    """


class HandoffEvidenceCheck(ContractModel):
    """
    Whether one statement's evidence is still readable.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    claim: Literal["state", "next_action"]
    """
    state or next_action.
    """
    state_index: StateIndex | None
    """
    The state statement's index, or null for next_action.
    """
    status: Literal["available", "unavailable"]
    """
    available when every citation is readable.
    """
    unavailable_evidence: Annotated[
        list[HandoffSourceCitation | HandoffArtifactCitation], Field(max_length=32)
    ]
    """
    The citations that are not.
    """


class HandoffOmission(ContractModel):
    """
    Known relevant material that was unavailable or not verified.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    text: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What is missing.
    """
    citation: HandoffSourceCitation | HandoffArtifactCitation | None
    """
    Where it would be, or null.
    """


class HandoffStatement(ContractModel):
    """
    One claim of a Handoff with the exact evidence behind it.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    text: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    The claim.
    """
    citations: Annotated[
        list[HandoffSourceCitation | HandoffArtifactCitation],
        Field(max_length=32, min_length=1),
    ]
    """
    Its evidence (1 to 32 citations).
    """


class InventoryStatistics(ContractModel):
    """
    What is stored now.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    sources: SourceInventoryStatistics
    """
    Sources.
    """
    artifacts: ArtifactInventoryStatistics
    """
    Artifacts.
    """
    candidates: CandidateInventoryStatistics
    """
    Review Candidates.
    """
    memory: MemoryInventoryStatistics
    """
    Memory entries.
    """


class ListAccessBindingsRequest(ContractModel):
    """
    List the Bindings under a resource the caller administers.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    management_resource: (
        ServerAccessResource | ScopeAccessResource | ArtifactAccessResource
    )
    """
    The server (every Binding) or a Scope (its Bindings).
    """
    subject: AccessPrincipal | AccessGroup | None = None
    """
    Only this subject's, or null.
    """
    role: (
        Literal[
            "handoff.viewer",
            "handoff.receiver",
            "artifact.viewer",
            "prompt.user",
            "artifact.owner",
            "scope.viewer",
            "scope.contributor",
            "scope.reviewer",
            "scope.delegator",
            "scope.admin",
            "server.observer",
            "server.admin",
        ]
        | None
    ) = None
    """
    Only this role's, or null.
    """
    state: Literal["active", "revoked"] | None = None
    """
    Only this state's, or null.
    """
    cursor: Cursor | None = None
    """
    The previous page's next_cursor, or null.
    """
    limit: Annotated[int | None, Field(ge=1, le=500)] = 100
    """
    Page size.
    """


class ListMemoryChangesResponse(ContractModel):
    """
    PowerContext 1.4.1's reserved legacy changes answer, kept so clients parse the declared shape; pcreceipt never answers it.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    memory: ArtifactReference | None = None
    """
    The collection head, or null.
    """
    revisions: list[MemoryRevisionChanges]
    """
    The revisions.
    """


class ListMemoryEntriesRequest(ContractModel):
    """
    List a Scope's Atomic Memory through the legacy Memory inventory request.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope listed.
    """
    include_inactive: bool | None = False
    """
    List all four lifecycle states, not only active memories.
    """
    limit: Annotated[int | None, Field(ge=1, le=100)] = 50
    """
    The most entries on the page.
    """
    cursor: Cursor4 | None = None
    """
    A next_cursor of an earlier page of this listing with the same filters, or null for the first page. A cursor this server did not sign, or one of another listing or other filters, is 400 invalid_cursor; one older than an hour is 410 cursor_expired.
    """
    tag_filter: TagFilter | None = None
    """
    A tag filter, or null for none: only memories whose artifact carries the tags (compared by key), applied before the limit; a refused tag is 422 at its index.
    """


class ListRemoteSkillTargetsResponse(ContractModel):
    """
    The Scope's targets.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    targets: Annotated[list[RemoteSkillTargetStatus], Field(max_length=200)]
    """
    Targets in creation order.
    """


class ManagedSkillLibraryEntry(ContractModel):
    """
    One current managed Skill head.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact: ReviewArtifactReference
    """
    The head revision.
    """
    content: SkillProposal
    """
    Its content.
    """
    source_refs: list[SourceReference]
    """
    The Sources it was approved from.
    """
    artifact_refs: list[ReviewArtifactReference]
    """
    The revisions it was approved from.
    """
    governance: SkillGovernance
    """
    Its governance.
    """


class ModelUsageDay(ContractModel):
    """
    Model usage of one UTC day.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    date: date_aliased
    """
    The day.
    """
    generation: ModelUsageValue
    """
    Generation.
    """
    embedding: ModelUsageValue
    """
    Embedding.
    """
    by_purpose: Annotated[list[ModelUsagePurposeBreakdown], Field(max_length=16)]
    """
    Per purpose.
    """


class PrepareHandoffRequest(ContractModel):
    """
    Generate an inspectable Handoff draft from exact evidence.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    objective: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What the work is for; the draft keeps it exactly.
    """
    rollover_reasons: Annotated[
        list[
            Literal[
                "user_requested",
                "host_context_budget",
                "host_compaction",
                "context_quality",
                "delegation",
                "manual_checkpoint",
            ]
        ]
        | None,
        Field(max_length=6),
    ] = []
    """
    Why a fresh session is prepared (at most 6, unique). With any, the draft must be a fresh-session checkpoint.
    """
    evidence: Annotated[
        list[HandoffSourceCitation | HandoffArtifactCitation],
        Field(max_length=32, min_length=1),
    ]
    """
    The exact evidence the draft may cite (1 to 32 citations, unique): content Sources, unexpired Working Notes, revisions the Scope holds.
    """
    max_bytes: Annotated[int | None, Field(ge=512, le=32768)] = 8000
    """
    The generated content's budget: its 2-space-indented JSON in UTF-8 bytes (512 to 32768, default 8000).
    """


class ProposeExperienceRequest(ContractModel):
    """
    An Experience proposal with its exact evidence, stored as a pending candidate.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    proposal: ExperienceContent
    """
    The proposed Experience.
    """
    source_refs: Annotated[list[SourceReference], Field(max_length=32)]
    """
    Exact Source evidence: captured content Sources of the Scope. Counted with artifact_refs toward a combined maximum of 32 references.
    """
    artifact_refs: Annotated[list[ReviewArtifactReference], Field(max_length=32)]
    """
    Exact artifact evidence: revisions of the Scope. Counted with source_refs toward a combined maximum of 32 references.
    """
    target: ReviewArtifactReference | None = None
    """
    The exact current head the approved proposal replaces (same family, also listed in artifact_refs); null proposes a new artifact.
    """
    reason: Reason6 | None = None
    """
    Why the candidate is proposed (trimmed).
    """


class PublishArtifactRequest(ContractModel):
    """
    Publish one exact artifact revision into another Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    source: ArtifactAddress
    """
    The exact revision to publish and the Scope it is in.
    """
    target_scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope that receives the copy; not the source's.
    """
    idempotency_key: Annotated[
        str, Field(max_length=256, min_length=1, pattern=".*\\S.*")
    ]
    """
    One publication per target Scope and key: the same key with the same source answers the first publication again; with another source, 409 artifact_publication_conflict.
    """


class RecallTokenStatistics(ContractModel):
    """
    Prepares over the period and their estimated token savings.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    period: ResolvedUsagePeriod
    """
    The period.
    """
    estimator: TokenEstimatorProfile
    """
    The token estimator.
    """
    totals: RecallTokenValue
    """
    Totals over the period.
    """
    daily: Annotated[list[RecallTokenDay], Field(max_length=30)]
    """
    One row per day of the period, oldest first.
    """


class ReconcileRemoteSkillsRequest(ContractModel):
    """
    What a Receiver holds, and who it is, as it asks for its target's actions.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    observations: Annotated[list[RemoteSkillObservation], Field(max_length=256)]
    """
    One ownership checkpoint per managed Skill the Receiver installed (one per artifact id: a repeated one is 409 invalid_target_state).
    """
    receiver_version: Annotated[
        str, Field(max_length=64, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The Receiver's version.
    """
    environment_fingerprint: EnvironmentFingerprint | None = None
    """
    A digest of the Receiver's environment.
    """


class RecurrenceStatistics(ContractModel):
    """
    Experience recurrence (pcreceipt records none: all zero).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    selected: Annotated[int, Field(ge=0)]
    """
    Selections.
    """
    recurred: Annotated[int, Field(ge=0)]
    """
    Recurred verdicts.
    """
    avoided: Annotated[int, Field(ge=0)]
    """
    Avoided verdicts.
    """
    unknown: Annotated[int, Field(ge=0)]
    """
    Selections without a verdict.
    """
    unlinked_handoff_citations: Annotated[int, Field(ge=0)]
    """
    Handoff citations without an observation.
    """
    needing_review: Annotated[int, Field(ge=0)]
    """
    Streaks needing review.
    """
    top_revisions: Annotated[list[RecurrenceStreak], Field(max_length=20)]
    """
    The longest streaks.
    """


class RegisterSourceDefinitionRequest(ContractModel):
    """
    A Source Definition manifest to register.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    manifest: SourceDefinitionManifest
    """
    The manifest.
    """


class RemoteSkillAction(ContractModel):
    """
    One idempotent desired-state action: install an exact package, or remove the Receiver's copy. Never a path or a command.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    operation: Literal["install", "unpublish"]
    """
    Install or unpublish.
    """
    generation: Annotated[int, Field(ge=0)]
    """
    The publication generation it serves (its Receipt names it).
    """
    artifact: ReviewArtifactReference
    """
    The desired managed Skill revision.
    """
    tree_digest: Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
    """
    The desired package's tree digest.
    """
    skill_name: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The Skill's name (its directory on the target).
    """
    package: SkillPackageReference | None
    """
    The exact package to download (an install); null for unpublish.
    """
    expected_local: RemoteSkillObservation | None
    """
    The Receiver's verified checkpoint the action replaces or removes; null when it holds none.
    """
    blocked_error_code: BlockedErrorCode | None
    """
    Why the Receiver's checkpoint was not accepted (drifted, invalid_checkpoint_identity, unknown_checkpoint_package, invalid_checkpoint_digest); null when nothing blocks the action.
    """


class ReplaceArtifactRequest(ContractModel):
    """
    Replace the artifact's content with a new revision; the content must match the family in the path.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    content: (
        AtomicMemoryContent
        | TopicMemoryContent
        | ExperienceContent
        | ProfileContent
        | PromptContent
    )
    """
    The new content.
    """


class ReportHandoffOmission(ContractModel):
    """
    Known relevant material that was unavailable or not verified.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    text: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What is missing.
    """
    citation: ReportHandoffSourceCitation | HandoffArtifactCitation | None
    """
    Where it would be, or null.
    """


class ReportHandoffStatement(ContractModel):
    """
    One claim of a Handoff with the exact evidence behind it.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    text: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    The claim.
    """
    citations: Annotated[
        list[ReportHandoffSourceCitation | HandoffArtifactCitation],
        Field(max_length=32, min_length=1),
    ]
    """
    Its evidence (1 to 32 citations).
    """


class RerankPromptIdentity(ContractModel):
    """
    The prompt actually bound to a rerank invocation; compiled text and demonstrations excluded.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the prompt was resolved for.
    """
    key: Annotated[str, Field(max_length=128, min_length=1, pattern="^[!-~]+$")]
    """
    The prompt key.
    """
    definition_version: Annotated[int, Field(ge=1, le=65535)]
    """
    Version of the prompt key's definition.
    """
    builtin_version: Annotated[int, Field(ge=1, le=65535)]
    """
    Version of the built-in prompt for this key.
    """
    selection: Literal["built_in", "artifact"]
    """
    Whether the built-in prompt or a Scope's prompt artifact was bound.
    """
    selected_version: Annotated[int, Field(ge=1, le=2147483647)]
    """
    The version bound: builtin_version for built_in, the artifact revision for artifact.
    """
    compiled_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    sha256 of the compiled prompt that was sent.
    """
    artifact_address: ArtifactAddress | None
    """
    The exact prompt artifact revision; null for a built-in prompt.
    """


class ResolveScopeSelectionRequest(ContractModel):
    """
    Resolve a Scope selection (the one get_stats and get_handoff_report take) to the Scopes it names.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    selection: AllScopeSelection | ExactScopeSelection | SubtreeScopeSelection
    """
    The Scopes to resolve: exact ids, a subtree or all.
    """


class ResolvedScopes(ContractModel):
    """
    The selected Scopes in deterministic order (PowerContext 1.4.1's ScopePage shape): exact ids in scope_id order, a subtree as its root then its descendants breadth first, all in scope_id order. One page: never paged, so items has no bound and next_cursor is always null.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: list[ScopeDescriptor]
    """
    The selected Scopes, each as get_scope answers it.
    """
    next_cursor: None
    """
    Always null: the answer is one page.
    """


class ReviseCandidateRequest(ContractModel):
    """
    A complete replacement proposal, appended as the next pending version.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    sources: Sources | None = None
    """
    Tag-proposal evidence only: any non-null value is refused (422).
    """
    artifacts: Artifacts | None = None
    """
    Tag-proposal evidence only: any non-null value is refused (422).
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    candidate_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The candidate.
    """
    expected_version: Annotated[int, Field(ge=1)]
    """
    The current version.
    """
    proposal: ExperienceContent | SkillProposal
    """
    The replacement content, of the candidate's family.
    """
    source_refs: SourceRefs2 | None = None
    """
    Replacement Source evidence; null or absent keeps the current version's.
    """
    artifact_refs: ArtifactRefs1 | None = None
    """
    Replacement artifact evidence; null or absent keeps the current version's.
    """
    target: ReviewArtifactReference | None = None
    """
    The exact current head the approved proposal replaces (same family, also listed in artifact_refs); null proposes a new artifact.
    """
    reason: Reason10 | None = None
    """
    Why the candidate is proposed (trimmed).
    """


class SearchMemoryRequest(ContractModel):
    """
    Search the Scope's active Atomic Memory.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope searched.
    """
    query: Annotated[str, Field(max_length=8192, min_length=1)]
    """
    The query text.
    """
    limit: Annotated[int | None, Field(ge=1, le=50)] = 10
    """
    The most hits answered.
    """
    mode: Literal["auto", "fts", "vector", "hybrid"] | None = "auto"
    """
    The search mode; vector and hybrid without an embedder (or a store without vector search) are 422 invalid_request, violation {path: /mode, rule: embedder_required}, never a 5xx.
    """
    tag_filter: TagFilter | None = None
    """
    A tag filter, or null for none.
    """


class HistorySelectedItem(ContractModel):
    """
    A history item, identified by its Scope-qualified artifact address.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    kind: Literal["atomic-memory", "topic-memory", "experience", "profile"]
    """
    A history family.
    """
    rendered_bytes: Annotated[int, Field(ge=1, le=32768)]
    """
    UTF-8 size of the item's text in content, without the separators between items: its JSON object in the envelope, its heading, metadata and body in Markdown, its citation and source lines in the code block (docs/decisions.md).
    """
    truncated: bool
    """
    Whether the item was cut to fit.
    """
    artifact_address: ArtifactAddress
    """
    The exact revision injected.
    """


class SourcePage(ContractModel):
    """
    One page of a Scope's Sources in ascending position, bounded by the Scope's highest position when the first page was read.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: list[SourceRecord]
    """
    The Sources of the page, in ascending position.
    """
    next_cursor: NextCursor8 | None
    """
    Continues the listing from the same snapshot; null on the last page.
    """


class TaskCheck(ContractModel):
    """
    One check of the attempt, its uncertainty kept: declared with [] or verified with at least one citation.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    The check, trimmed.
    """
    status: Literal[
        "passed",
        "failed",
        "skipped",
        "timed_out",
        "unavailable",
        "cancelled",
        "unknown",
    ]
    """
    What the check observed.
    """
    details: Details | None = None
    """
    Detail of the result, trimmed; null or absent for none.
    """
    basis: Literal["declared", "verified"]
    """
    How the result is known.
    """
    evidence: Annotated[
        list[HandoffSourceCitation | HandoffArtifactCitation], Field(max_length=32)
    ]
    """
    The result's exact evidence: [] when declared, at least one citation when verified.
    """


class UsageStatistics(ContractModel):
    """
    Model usage over the period (pcreceipt does not count its provider calls yet: all zero).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    period: ResolvedUsagePeriod
    """
    The period.
    """
    totals: ModelUsageStatistics
    """
    Totals.
    """
    by_purpose: Annotated[list[ModelUsagePurposeBreakdown], Field(max_length=16)]
    """
    Per purpose.
    """
    daily: Annotated[list[ModelUsageDay], Field(max_length=30)]
    """
    One row per day of the period, oldest first.
    """


class WorkClaim(ContractModel):
    """
    One claim of the caller, with its basis and evidence: declared with [] or verified with at least one citation (else 422 invalid_request).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    text: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    The claim, trimmed.
    """
    basis: Literal["declared", "verified"]
    """
    How the claim is known.
    """
    evidence: Annotated[
        list[HandoffSourceCitation | HandoffArtifactCitation], Field(max_length=31)
    ]
    """
    The claim's exact evidence: [] when declared, at least one citation when verified.
    """


class WorkContract(ContractModel):
    """
    A Work Contract (powercontext.work-contract.v1): the inspected baseline of delegated work. Historical input; it grants no authority. List items are trimmed and unique within their list.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[Literal["powercontext.work-contract.v1"], Field(alias="schema")]
    """
    The record schema.
    """
    trust: Literal["untrusted_input"]
    """
    Always untrusted_input.
    """
    objective: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What the delegated work is for, trimmed.
    """
    facts: Annotated[list[WorkClaim], Field(max_length=64)]
    """
    Claims the baseline rests on.
    """
    in_scope: Annotated[list[InScopeItem], Field(max_length=64, min_length=1)]
    """
    What the work covers (at least one).
    """
    exclusions: Annotated[list[Exclusion], Field(max_length=64)]
    """
    What the work must not touch.
    """
    completion_criteria: Annotated[
        list[CompletionCriterion], Field(max_length=64, min_length=1)
    ]
    """
    When the work is done (at least one).
    """
    authorization_notes: Annotated[list[AuthorizationNote], Field(max_length=64)]
    """
    What the delegation does and does not authorise.
    """
    open_questions: Annotated[list[OpenQuestion], Field(max_length=64)]
    """
    Questions still open.
    """


class AccessAuditEvent(ContractModel):
    """
    One recorded decision: who, which operation, on what, allowed or not, when. Never a request body.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    cursor: Annotated[int, Field(ge=1)]
    """
    The event's position (ascending).
    """
    event_id: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The event's id.
    """
    occurred_at: AwareDatetime
    """
    When.
    """
    request_id: RequestId | None
    """
    The request's X-PowerContext-Request-ID, or null.
    """
    transport: Annotated[str, Field(max_length=16, min_length=1)]
    """
    http or mcp.
    """
    operation: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The operation id.
    """
    principal: AccessPrincipal
    """
    The caller.
    """
    actor: AccessPrincipal | None
    """
    Who acted for the caller (pcreceipt: null).
    """
    action: Literal[
        "server.observe",
        "server.admin",
        "scope.read",
        "scope.contribute",
        "scope.review",
        "scope.delegate",
        "scope.admin",
        "artifact.read",
        "artifact.write",
        "artifact.share",
        "handoff.evidence.inspect",
        "handoff.acknowledge",
        "prompt.use",
    ]
    """
    The action decided.
    """
    resource: ServerAccessResource | ScopeAccessResource | ArtifactAccessResource
    """
    The resource decided on.
    """
    allowed: bool
    """
    The decision.
    """
    reason_code: Annotated[str, Field(max_length=64, min_length=1)]
    """
    Why.
    """
    policy_revision: PolicyRevision | None
    """
    The policy revision decided under, or null.
    """
    matched_subject: AccessPrincipal | AccessGroup | None
    """
    The subject whose Binding allowed it, or null.
    """
    binding_id: BindingId | None
    """
    The Binding changed, or null.
    """
    target: AccessPrincipal | AccessGroup | None
    """
    The subject of the Binding changed, or null.
    """
    role: (
        Literal[
            "handoff.viewer",
            "handoff.receiver",
            "artifact.viewer",
            "prompt.user",
            "artifact.owner",
            "scope.viewer",
            "scope.contributor",
            "scope.reviewer",
            "scope.delegator",
            "scope.admin",
            "server.observer",
            "server.admin",
        ]
        | None
    )
    """
    The role of the Binding changed, or null.
    """
    expected_version: ExpectedVersion | None
    """
    The version a revocation expected, or null.
    """
    result_version: ResultVersion | None
    """
    The Binding's version after the change, or null.
    """


class AccessAuditPage(ContractModel):
    """
    A page of audit events in cursor order.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: Annotated[list[AccessAuditEvent], Field(max_length=500)]
    """
    The events.
    """
    next_cursor: NextCursor | None
    """
    The next page's cursor, or null on the last page.
    """


class AccessBinding(ContractModel):
    """
    One role given to one subject on one resource; immutable but for its revocation.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    binding_id: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The Binding's id.
    """
    subject: AccessPrincipal | AccessGroup
    """
    Who it is for.
    """
    resource: ServerAccessResource | ScopeAccessResource | ArtifactAccessResource
    """
    What it is on.
    """
    role: Literal[
        "handoff.viewer",
        "handoff.receiver",
        "artifact.viewer",
        "prompt.user",
        "artifact.owner",
        "scope.viewer",
        "scope.contributor",
        "scope.reviewer",
        "scope.delegator",
        "scope.admin",
        "server.observer",
        "server.admin",
    ]
    """
    The role.
    """
    granted_by: AccessPrincipal
    """
    Who created it.
    """
    reason: Reason | None
    """
    Why, as its creator said, or null.
    """
    created_at: AwareDatetime
    """
    When it was created.
    """
    expires_at: AwareDatetime | None
    """
    When it stops applying, or null.
    """
    state: Literal["active", "revoked"]
    """
    active or revoked.
    """
    version: Annotated[int, Field(ge=1)]
    """
    1 when created, 2 once revoked.
    """
    policy_revision: Annotated[str, Field(max_length=64, min_length=1)]
    """
    The access policy's revision its last change made.
    """
    idempotency_key: Annotated[str, Field(max_length=255, min_length=1)]
    """
    The key it was created with.
    """
    revoked_at: AwareDatetime | None
    """
    When it was revoked, or null.
    """
    revoked_by: AccessPrincipal | None
    """
    Who revoked it, or null.
    """


class AccessBindingPage(ContractModel):
    """
    A page of Bindings in binding_id order.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: Annotated[list[AccessBinding], Field(max_length=500)]
    """
    The Bindings.
    """
    next_cursor: NextCursor | None
    """
    The next page's cursor, or null on the last page.
    """


class AccessBindingReplacement(ContractModel):
    """
    The revoked Binding and its active replacement.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    previous: AccessBinding
    """
    The revoked Binding.
    """
    current: AccessBinding
    """
    The replacement.
    """


class AccessCheckRequirement(ContractModel):
    """
    One action on one resource.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    action: Literal[
        "server.observe",
        "server.admin",
        "scope.read",
        "scope.contribute",
        "scope.review",
        "scope.delegate",
        "scope.admin",
        "artifact.read",
        "artifact.write",
        "artifact.share",
        "handoff.evidence.inspect",
        "handoff.acknowledge",
        "prompt.use",
    ]
    """
    The action.
    """
    resource: ServerAccessResource | ScopeAccessResource | ArtifactAccessResource
    """
    The resource.
    """


class ActivateHandoffRequest(ContractModel):
    """
    Generate a Handoff draft at one Source boundary, once per boundary.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    boundary_source: WorkSourceReference
    """
    The Source the boundary is at (a content Source or an unexpired Working Note of the Scope); it is the draft's first evidence.
    """
    objective: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What the work is for; the draft keeps it exactly.
    """
    rollover_reasons: Annotated[
        list[
            Literal[
                "user_requested",
                "host_context_budget",
                "host_compaction",
                "context_quality",
                "delegation",
                "manual_checkpoint",
            ]
        ]
        | None,
        Field(max_length=6),
    ] = []
    """
    As prepare_handoff's.
    """
    evidence: Annotated[
        list[HandoffSourceCitation | HandoffArtifactCitation] | None,
        Field(max_length=32, validate_default=True),
    ] = []
    """
    Further evidence (at most 32 citations with the boundary Source, unique; the boundary is not repeated).
    """
    max_bytes: Annotated[int | None, Field(ge=512, le=32768)] = 8000
    """
    As prepare_handoff's.
    """


class ArtifactRevision(ContractModel):
    """
    One immutable artifact revision.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The family.
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1, pattern="^[!-~]+$")]
    """
    The artifact.
    """
    revision: Annotated[int, Field(ge=1, le=2147483647)]
    """
    The revision.
    """
    content: (
        AtomicMemoryContent
        | TopicMemoryContent
        | ExperienceContent
        | ProfileContent
        | PromptContent
    )
    """
    The family's content object.
    """
    sources: Annotated[list[SourceTypeReference], Field(max_length=16)]
    """
    The Sources that record this revision's write: one content Source (source_type content, its id src_ + 32 hex) for a create, import or replace; none for a merge result or a revision stored before Sources existed.
    """
    artifacts: Annotated[list[ArtifactReference], Field(max_length=256)]
    """
    Artifacts this revision derives from: a merge result's inputs; for any other revision n > 1 of an atomic or Topic Memory, revision n - 1 of the same artifact (as PowerContext 1.4.1's replace names it); otherwise none.
    """
    content_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    sha256 of the RFC 8785 canonical JSON of content as served (an atomic memory's creation included).
    """
    created_at: AwareDatetime | None
    """
    When the revision was committed (RFC 3339, UTC).
    """
    created_by: Annotated[None, Field(None)] = None
    """
    Who committed a rollback; pcreceipt has no rollback, so null (always sent).
    """
    restored_from_revision: Annotated[None, Field(None)] = None
    """
    The revision a rollback restored; pcreceipt has no rollback, so null (always sent).
    """
    reason: Annotated[None, Field(None)] = None
    """
    The reason recorded for a rollback; pcreceipt has no rollback, so null (always sent).
    """


class ArtifactSearchItem(ContractModel):
    """
    One result: a complete exact revision.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Annotated[str, Field(min_length=1)]
    """
    The searched Family.
    """
    artifact_id: Annotated[str, Field(max_length=128, min_length=1)]
    """
    The artifact.
    """
    revision: Annotated[int, Field(ge=1)]
    """
    The exact revision.
    """
    content: (
        AtomicMemoryContent | TopicMemoryContent | ExperienceContent | SkillProposal
    )
    """
    The revision's content.
    """
    lineage: ArtifactSearchLineage
    """
    Its direct evidence.
    """
    scores: ArtifactSearchScores | None = None
    """
    Its scores, only when include_scores.
    """


class Candidate(ContractModel):
    """
    One candidate's current head: its latest immutable proposal version and its review state.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    candidate_kind: Literal["artifact", "tag"]
    """
    Always artifact here (tag candidates are not served).
    """
    candidate_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[\\x21-\\x7E]+$")
    ]
    """
    The candidate's id.
    """
    version: Annotated[int, Field(ge=1)]
    """
    The proposal version (1, then one more per revision).
    """
    family: Literal[
        "experience",
        "skill",
        "profile",
        "atomic-memory",
        "topic-memory",
        "handoff",
        "prompt",
    ]
    """
    The proposed artifact's family (experience or skill on this server).
    """
    status: Literal["pending", "approved", "rejected"]
    """
    The review state.
    """
    proposal: ExperienceContent | SkillProposal
    """
    The proposed content: an Experience or a managed Skill.
    """
    source_refs: Annotated[list[SourceReference], Field(max_length=32)]
    """
    The version's Source evidence.
    """
    artifact_refs: Annotated[list[ReviewArtifactReference], Field(max_length=32)]
    """
    The version's artifact evidence.
    """
    target: ReviewArtifactReference | None
    """
    The head an approval replaces; null for a new artifact.
    """
    reason: Reason2 | None
    """
    The version's reason.
    """
    result_artifact: ReviewArtifactReference | None
    """
    The revision approval wrote (approved only).
    """
    decision_reason: DecisionReason | None
    """
    Why it was rejected (rejected only).
    """
    audit: Annotated[None, Field(None)] = None
    """
    A Dream candidate's server-owned provenance: always null (no Dream runs here).
    """
    permissions: Annotated[None, Field(None)] = None
    """
    The caller's permissions in PowerContext's enforced mode: always null here (decisions are checked against the token's grants when made).
    """
    result: Annotated[None, Field(None)] = None
    """
    A tag candidate's result: always null (no tag candidates here).
    """
    operation: Annotated[None, Field(None)] = None
    """
    A Dream candidate's operation: always null here.
    """
    origin: Annotated[None, Field(None)] = None
    """
    A tag candidate's origin: always null here.
    """
    dream_run_id: Annotated[None, Field(None)] = None
    """
    A Dream candidate's run: always null here.
    """


class CandidateHistory(ContractModel):
    """
    Every proposal version of a candidate, oldest first, each as it was proposed (pending).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    versions: list[Candidate]
    """
    The versions.
    """


class CandidatePage(ContractModel):
    """
    A page of candidates.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    candidates: list[Candidate]
    """
    The candidates, by id.
    """
    next_cursor: str | None
    """
    The cursor of the next page; null on the last.
    """


class CreateExperienceRequest(ContractModel):
    """
    Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    family: Literal["experience"]
    """
    The artifact family.
    """
    content: ExperienceContent
    """
    The artifact content.
    """


class CreateWorkContractRequest(ContractModel):
    """
    Record a Work Contract as a Source of the Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the contract is recorded in.
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The caller's stable id of the Source the contract becomes: 1 to 256 characters, trimmed. A replay with the same contract answers the first receipt; another record under the id is 409 source_conflict.
    """
    contract: WorkContract
    """
    The contract.
    """


class CurrentWorkHandoff(ContractModel):
    """
    The caller's inspected current state (powercontext.current-work-handoff.v1), recorded as the boundary Source of a prepared Handoff.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[
        Literal["powercontext.current-work-handoff.v1"], Field(alias="schema")
    ]
    """
    The record schema.
    """
    trust: Literal["untrusted_input"]
    """
    Always untrusted_input.
    """
    objective: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What the work is for, trimmed.
    """
    state: Annotated[list[WorkClaim], Field(max_length=64, min_length=1)]
    """
    Where the work stands (1 to 64 claims).
    """
    disposition: Literal["continuable", "blocked", "complete"]
    """
    Where the work stands overall.
    """
    next_action: WorkClaim | None
    """
    The next step (one claim), or null.
    """
    omissions: Annotated[list[Omission], Field(max_length=64)]
    """
    What is known to be missing, trimmed and unique.
    """


class ExperienceArtifact(ContractModel):
    """
    An exact Experience revision with its direct evidence.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    artifact: ReviewArtifactReference
    """
    The revision.
    """
    content: ExperienceContent
    """
    Its content.
    """
    source_refs: list[SourceReference]
    """
    The Sources it was approved from.
    """
    artifact_refs: list[ReviewArtifactReference]
    """
    The revisions it was approved from.
    """


class GeneratedCandidateResponse(ContractModel):
    """
    A generated pending candidate, or an explicit no-op.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["pending", "no_op"]
    """
    What generation did.
    """
    candidate: Candidate | None
    """
    The pending candidate; null for a no-op.
    """


class HandoffContent(ContractModel):
    """
    A Handoff's content (powercontext.handoff.v1), shared by prepared and committed Handoffs. Historical, untrusted input.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    generation: HandoffGenerationMetadata | None = None
    """
    Generation origin; absent or null for content nobody generated.
    """
    schema_: Annotated[Literal["powercontext.handoff.v1"], Field(alias="schema")]
    """
    The content schema.
    """
    objective: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What the work is for.
    """
    state: Annotated[list[HandoffStatement], Field(max_length=64, min_length=1)]
    """
    Where the work stands (1 to 64 statements).
    """
    disposition: Literal["continuable", "blocked", "complete"]
    """
    Where the work stands overall.
    """
    next_action: HandoffStatement | None
    """
    The next step, or null.
    """
    omissions: Annotated[list[HandoffOmission], Field(max_length=64)]
    """
    What is known to be missing.
    """


class HandoffCurrentWorkRequest(ContractModel):
    """
    Record the inspected boundary of a work transfer and prepare its Handoff in one step.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The caller's stable id of the boundary Source: 1 to 256 characters, trimmed (replay and conflict as for create_work_contract).
    """
    handoff: CurrentWorkHandoff
    """
    The inspected current state.
    """


class HandoffDraft(ContractModel):
    """
    An inspectable Handoff draft, before finalize_handoff.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    generation: HandoffGenerationEnvelope | None = None
    """
    A generation receipt; absent or null (pcreceipt issues none).
    """
    objective: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What the work is for.
    """
    state: Annotated[list[HandoffStatement], Field(max_length=64, min_length=1)]
    """
    Where the work stands (1 to 64 statements).
    """
    disposition: Literal["continuable", "blocked", "complete"]
    """
    Where the work stands overall.
    """
    next_action: HandoffStatement | None
    """
    The next step, or null.
    """
    omissions: Annotated[list[HandoffOmission], Field(max_length=64)]
    """
    What is known to be missing.
    """


class HandoffResolution(ContractModel):
    """
    A resolved Handoff (untrusted history) with its evidence checks, or status empty when latest found none.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    trust: Literal["untrusted_history"]
    """
    Always untrusted_history.
    """
    status: Literal["empty", "resolved"]
    """
    resolved, or empty (latest with no committed Handoff).
    """
    scope_id: str
    """
    The Scope.
    """
    content: HandoffContent | None
    """
    The content; null when empty.
    """
    selection: Literal["prepared", "exact", "latest"] | None
    """
    How it was selected; null when empty.
    """
    selected_revision: WorkArtifactReference | None
    """
    The committed revision selected; null for prepared or empty.
    """
    current_revision: WorkArtifactReference | None
    """
    The Scope's latest committed revision; null when there is none.
    """
    evidence_checks: Annotated[list[HandoffEvidenceCheck], Field(max_length=65)]
    """
    One check per state statement in order, then one for next_action.
    """


class ImportArtifactsRequest(ContractModel):
    """
    Bulk import: up to 1000 artifacts of one family into one Scope, committed in one transaction (all or nothing). A batch mixing families is refused (422, rule import_one_family); split it where the family changes.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    items: Annotated[
        list[
            Annotated[
                CreateAtomicMemoryRequest
                | CreateTopicMemoryRequest
                | CreateExperienceRequest
                | CreateProfileRequest
                | CreatePromptRequest,
                Field(discriminator="family"),
            ]
        ],
        Field(max_length=1000, min_length=1),
    ]
    """
    The artifacts to create.
    """


class ListManagedSkillsResponse(ContractModel):
    """
    The current managed Skills, by artifact id.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    skills: Annotated[list[ManagedSkillLibraryEntry], Field(max_length=200)]
    """
    The Skills.
    """


class PreparedHandoff(ContractModel):
    """
    A finalized, uncommitted Handoff (powercontext.prepared-handoff.v1): its Scope, the committed revision it was prepared on (base) and its content. A temporary value the caller carries; nothing of it is stored.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    generation: HandoffGenerationEnvelope | None = None
    """
    A generation receipt; absent or null (pcreceipt issues none).
    """
    schema_: Annotated[
        Literal["powercontext.prepared-handoff.v1"], Field(alias="schema")
    ]
    """
    The prepared Handoff schema.
    """
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope it was prepared in (must be the request's).
    """
    base: WorkArtifactReference | None
    """
    The Scope's committed Handoff revision when it was prepared (family handoff, artifact_id handoff), or null when there was none.
    """
    content: HandoffContent
    """
    The content.
    """


class PreparedWorkHandoff(ContractModel):
    """
    The boundary Source's receipt and the prepared (uncommitted) Handoff.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    boundary: WorkSourceReceipt
    """
    The boundary Source (kind handoff-boundary).
    """
    handoff: PreparedHandoff
    """
    The prepared Handoff: each state claim and the next action cite the boundary Source first, then their own evidence.
    """


class ReconcileRemoteSkillsResponse(ContractModel):
    """
    The authenticated target and its latest-generation actions.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: str
    """
    The target's Scope.
    """
    target_id: str
    """
    The target the credential belongs to.
    """
    actions: Annotated[list[RemoteSkillAction], Field(max_length=256)]
    """
    One action per publication not yet confirmed at its generation, by artifact id.
    """


class ReportHandoffContent(ContractModel):
    """
    A Handoff's content as the report renders it, as PowerContext 1.4.1 does: its records' form, a Source cited by {source_id, source_type} (the Handoff itself cites it by {name, source_id}), no generation key.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[Literal["powercontext.handoff.v1"], Field(alias="schema")]
    """
    The content schema.
    """
    objective: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What the work is for.
    """
    state: Annotated[list[ReportHandoffStatement], Field(max_length=64, min_length=1)]
    """
    Where the work stands (1 to 64 statements).
    """
    disposition: Literal["continuable", "blocked", "complete"]
    """
    Where the work stands overall.
    """
    next_action: ReportHandoffStatement | None
    """
    The next step, or null.
    """
    omissions: Annotated[list[ReportHandoffOmission], Field(max_length=64)]
    """
    What is known to be missing.
    """


class RerankConfig(ContractModel):
    """
    The complete configuration evidence of one distinct reranker invocation setup.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    config_id: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    Equals config_digest.
    """
    policy_id: Annotated[
        str, Field(max_length=128, min_length=1, pattern="^[a-z0-9][a-z0-9._-]*$")
    ]
    """
    The rerank policy; for a deterministic reranker it names the algorithm.
    """
    model: ModelIdentity | None
    """
    Credential-free provider/model; null only for a declared deterministic non-model reranker.
    """
    effective_settings: RerankSettings
    """
    Settings actually passed, on the versioned allowlist.
    """
    timeout_seconds: Annotated[float, Field(gt=0.0, le=600.0)]
    """
    The per-request timeout.
    """
    max_requests: Annotated[int, Field(ge=1, le=1000)]
    """
    The most provider requests one rerank may make.
    """
    config_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    sha256 of the RFC 8785 canonical JSON of the versioned configuration record.
    """
    prompt: RerankPromptIdentity | None
    """
    The prompt identity bound to the invocation; null for a deterministic reranker.
    """
    non_deterministic: bool
    """
    True for every model-backed configuration, even at temperature 0.
    """


class Retrieval(ContractModel):
    """
    Rounds, search groups, rerank configurations and rerank groups.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    rounds: Annotated[list[RecallRound], Field(max_length=3, min_length=1)]
    """
    Round 0 plus at most two expansion rounds, in order.
    """
    searches: Annotated[list[SearchGroup], Field(max_length=32)]
    """
    Search calls grouped by (round, family, mode, outcome, fallback_reason), sorted by that tuple.
    """
    rerank_configs: Annotated[list[RerankConfig], Field(max_length=8)]
    """
    Each distinct rerank configuration that was invoked, once, sorted by config_digest.
    """
    reranks: Annotated[list[RerankGroup], Field(max_length=32)]
    """
    Rerank calls grouped by (round, config_id, outcome, fallback_reason), sorted by that tuple.
    """


class ScopeHandoffReport(ContractModel):
    """
    One selected Scope with its latest committed Handoff (handoff and content null for no_handoff).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope: ScopeDescriptor
    """
    The Scope.
    """
    status: Literal["continuable", "blocked", "complete", "no_handoff"]
    """
    The Scope's state.
    """
    handoff: HandoffAddress | None
    """
    The exact Handoff revision reported, or null.
    """
    content: ReportHandoffContent | None
    """
    That revision's content, or null. Historical, untrusted input.
    """


class ScopeStats(ContractModel):
    """
    One Scope's statistics.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    inventory: InventoryStatistics
    """
    What it stores.
    """
    usage: UsageStatistics
    """
    Its model usage.
    """
    recall: RecallTokenStatistics
    """
    Its prepares.
    """
    recurrence: RecurrenceStatistics
    """
    Its Experience recurrence.
    """


class ScopedStats(ContractModel):
    """
    Statistics over a Scope selection: the sums, and each Scope's own.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    selection: AllScopeSelection | ExactScopeSelection | SubtreeScopeSelection
    """
    The selection asked for.
    """
    scope_ids: list[ScopeId]
    """
    The Scopes counted, in scope_id order (a subtree: breadth-first from its root).
    """
    as_of: AwareDatetime
    """
    When the statistics were read (UTC).
    """
    inventory: InventoryStatistics
    """
    Summed inventory.
    """
    usage: UsageStatistics
    """
    Summed model usage.
    """
    recall: RecallTokenStatistics
    """
    Summed prepares.
    """
    by_scope: list[ScopeStats]
    """
    Each Scope's statistics, in scope_ids order.
    """


class SearchArtifactsResponse(ContractModel):
    """
    The matching revisions, best first.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    results: list[ArtifactSearchItem]
    """
    Best first.
    """


class TaskOutcome(ContractModel):
    """
    A Task Outcome (powercontext.task-outcome.v1): what one attempt observed at a completion or interruption boundary.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[Literal["powercontext.task-outcome.v1"], Field(alias="schema")]
    """
    The record schema.
    """
    trust: Literal["untrusted_observation"]
    """
    Always untrusted_observation.
    """
    objective: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What the attempt was for, trimmed.
    """
    status: Literal["succeeded", "partial", "blocked", "failed", "cancelled", "unknown"]
    """
    How the attempt ended.
    """
    summary: Annotated[str, Field(max_length=8192, min_length=1, pattern="\\S")]
    """
    What happened, trimmed.
    """
    handoff_receipt_ref: WorkSourceReference | None = None
    """
    The Source of the accepted Handoff Receipt (acknowledge_handoff, an exact committed revision) whose work this outcome covers; null or absent for none. Anything else is 422 invalid_request.
    """
    observations: Annotated[list[WorkClaim], Field(max_length=64, min_length=1)]
    """
    What was observed (at least one).
    """
    checks: Annotated[list[TaskCheck], Field(max_length=64)]
    """
    The checks run, as they ended.
    """
    produced_artifacts: Annotated[list[WorkArtifactReference], Field(max_length=32)]
    """
    Artifact revisions the attempt produced: each must be an exact revision of the Scope (checked as artifact evidence, after the claims' and checks' citations).
    """
    remaining_work: Annotated[list[RemainingWorkItem], Field(max_length=64)]
    """
    What remains, trimmed and unique.
    """


class AccessCheckRequest(ContractModel):
    """
    Ask whether the caller may do what the requirements name.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    match: Literal["all", "any"]
    """
    How the decisions combine.
    """
    requirements: Annotated[
        list[AccessCheckRequirement], Field(max_length=100, min_length=1)
    ]
    """
    The requirements, in order.
    """


class AcknowledgeHandoffRequest(ContractModel):
    """
    Record a receiver's decision on one prepared or exact committed Handoff as a Handoff Receipt (a Source; not a PreparedContext Receipt).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The caller's stable id of the Handoff Receipt Source: 1 to 256 characters, trimmed (replay and conflict as for create_work_contract).
    """
    receiver: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    Who receives the work, trimmed.
    """
    status: Literal["accepted", "needs_clarification", "declined"]
    """
    accepted (every receiver check confirmed and all evidence readable), needs_clarification or declined (both with a message).
    """
    selection: Literal["prepared", "exact"]
    """
    prepared (with prepared) or exact (with revision); latest cannot be acknowledged.
    """
    receiver_checks: ReceiverChecks | None = None
    """
    The receiver's checks; required, all confirmed, to accept.
    """
    prepared: PreparedHandoff | None = None
    """
    The prepared Handoff, for prepared.
    """
    revision: WorkArtifactReference | None = None
    """
    The committed revision, for exact.
    """
    message: Message | None = None
    """
    Why, trimmed; required unless accepted.
    """


class CommitHandoffRequest(ContractModel):
    """
    Commit a prepared Handoff as the Scope's next Handoff revision.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope of the Handoff.
    """
    handoff: PreparedHandoff
    """
    The exact prepared value finalize_handoff or handoff_current_work answered.
    """


class CommittedHandoff(ContractModel):
    """
    A committed, immutable Handoff revision and its lineage.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    reference: WorkArtifactReference
    """
    The revision (family handoff, artifact_id handoff).
    """
    content: HandoffContent
    """
    Its content.
    """
    source_refs: list[WorkSourceReference]
    """
    The Sources its state and next action cite, each once, in citation order.
    """
    artifact_refs: list[WorkArtifactReference]
    """
    The artifact revisions its state and next action cite, each once, in citation order.
    """


class ContinueHandoffRequest(ContractModel):
    """
    Resolve a Handoff to continue from. prepared needs prepared (and no revision), exact needs revision (and no prepared), latest neither; else 422 invalid_request.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope of the Handoff.
    """
    selection: Literal["prepared", "exact", "latest"]
    """
    Which Handoff.
    """
    prepared: PreparedHandoff | None = None
    """
    The prepared value, for prepared.
    """
    revision: WorkArtifactReference | None = None
    """
    The committed revision, for exact (family handoff).
    """


class FinalizeHandoffRequest(ContractModel):
    """
    Finalize an inspected draft into a prepared Handoff.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope of the Handoff.
    """
    draft: HandoffDraft
    """
    The inspected draft.
    """


class HandoffAcknowledgement(ContractModel):
    """
    The resolved Handoff and the receipt of the stored Handoff Receipt.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    receipt_identity: Annotated[None, Field(None)] = None
    """
    A Server-owned identity attestation of the Handoff Receipt under enforced access (PowerContext 1.4.1's HandoffReceiptIdentity); pcreceipt attests none, so null (always sent).
    """
    resolution: HandoffResolution
    """
    The Handoff acknowledged, as continue_handoff resolves it.
    """
    receipt: WorkSourceReceipt
    """
    The Handoff Receipt Source (kind handoff-receipt).
    """


class HandoffActivation(ContractModel):
    """
    What an activation did at its boundary.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["generated", "ignored"]
    """
    generated or ignored.
    """
    boundary_source: WorkSourceReference
    """
    The boundary Source, as requested.
    """
    previous_position: Annotated[int, Field(ge=0)]
    """
    The Source position of the last boundary that generated a draft before this call (0: none).
    """
    current_position: Annotated[int, Field(ge=0)]
    """
    That position after this call: the boundary's when generated, else unchanged.
    """
    draft: HandoffDraft | None
    """
    The generated draft (generated), or null (ignored).
    """


class HandoffReport(ContractModel):
    """
    The Handoff Report (powercontext.handoff-report.v2): per selected Scope its latest committed Handoff, with the counts and both digests. A read: it accepts, continues or changes nothing.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[Literal["powercontext.handoff-report.v2"], Field(alias="schema")]
    """
    The report schema.
    """
    selection: ReportSelection
    """
    The selection.
    """
    scope_ids: list[ScopeId]
    """
    The selected Scopes in report order (the order of scopes).
    """
    generated_at: AwareDatetime
    """
    When the report was made (UTC).
    """
    summary: HandoffReportSummary
    """
    The counts.
    """
    scopes: list[ScopeHandoffReport]
    """
    One entry per selected Scope.
    """
    selection_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    The digest of what was selected (the Scopes and the exact Handoff revisions), independent of when.
    """
    report_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    The digest of the report without this field.
    """


class HandoffReportResponse(ContractModel):
    """
    The JSON answer of get_handoff_report without download: the report (format json) or null (format markdown answers text/markdown instead).
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    format: Literal["json", "markdown"]
    """
    The report's form.
    """
    report: HandoffReport | None
    """
    The report, or null.
    """
    markdown: str | None
    """
    Always null here: Markdown is answered as text/markdown.
    """
    selection_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    As the report's.
    """
    report_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    As the report's.
    """


class PrepareHandoffHintRequest(ContractModel):
    """
    Ask for a bounded continuity hint from one selected Handoff.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope.
    """
    selection: Literal["prepared", "exact", "latest"]
    """
    Which Handoff (as continue_handoff).
    """
    prepared: PreparedHandoff | None = None
    """
    The prepared value, for prepared only.
    """
    revision: WorkArtifactReference | None = None
    """
    The committed revision, for exact only.
    """
    max_bytes: Annotated[int | None, Field(ge=1, le=4000)] = 2000
    """
    The hint's whole UTF-8 budget, markers and notice included (1 to 4000, default 2000). A longer hint is not cut: the answer is empty.
    """


class PreparedContextReceipt(ContractModel):
    """
    An ephemeral, content-free explanation of one prepare response. Untrusted metadata: never injected into a prompt.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[
        Literal["powercontext.prepared-context-receipt.v1"], Field(alias="schema")
    ]
    """
    The Receipt schema name.
    """
    receipt_id: Annotated[
        str,
        Field(
            pattern="^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"
        ),
    ]
    """
    A random UUID in lowercase canonical form; for log correlation only, never a fetch key.
    """
    policy_id: Literal["powercontext.prepared-context-receipt.v1"]
    """
    The Receipt policy.
    """
    query_digest: Annotated[str, Field(pattern="^sha256:[0-9a-f]{64}$")]
    """
    sha256 of the UTF-8 bytes of the NFC-normalised, whitespace-stripped query.
    """
    content_digest: Sha256Digest | None
    """
    sha256 of the UTF-8 bytes of content; null iff status is empty.
    """
    requested_max_bytes: Annotated[int, Field(ge=512, le=32768)]
    """
    The request's max_bytes (8000 when omitted).
    """
    used_bytes: Annotated[int, Field(ge=0, le=32768)]
    """
    Equals content_bytes.
    """
    truncated: bool
    """
    True iff any selected item is truncated.
    """
    non_deterministic: bool
    """
    True iff a model-backed rerank or model query expansion was actually invoked, even at temperature 0 and even if it failed.
    """
    retrieval: Retrieval
    """
    The retrieval path actually taken.
    """
    selected: Annotated[
        list[HistorySelectedItem | CodeSelectedItem], Field(max_length=32)
    ]
    """
    The injected items, in injection order: history origins, then code origins.
    """
    omitted: Annotated[list[OmittedGroup], Field(max_length=16)]
    """
    Candidates left out, grouped by family and closed reason, sorted by (family, reason).
    """
    stages: Annotated[list[StageTiming], Field(max_length=8)]
    """
    Summed durations of the runtime stages that ran.
    """


class RecordTaskOutcomeRequest(ContractModel):
    """
    Record a Task Outcome as a Source of the Scope.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    scope_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The Scope the outcome is recorded in.
    """
    source_id: Annotated[str, Field(max_length=256, min_length=1, pattern="\\S")]
    """
    The caller's stable id of the Source the outcome becomes (replay and conflict as for create_work_contract).
    """
    outcome: TaskOutcome
    """
    The outcome.
    """


class PreparedContext(ContractModel):
    """
    The injection value. A default call returns exactly schema, status, content and content_bytes.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    schema_: Annotated[
        Literal["powercontext.prepared-context.v1"], Field(alias="schema")
    ]
    """
    The injection schema name.
    """
    status: Literal["ready", "empty"]
    """
    ready with content, or empty.
    """
    content: Annotated[str | None, Field(max_length=32768)]
    """
    The text to inject when ready; null when empty.
    """
    content_bytes: Annotated[int, Field(ge=0, le=32768)]
    """
    The UTF-8 length of content; 0 when empty.
    """
    reason: Literal["inference_timeout", "inference_unavailable"] | None = None
    """
    Present only when explain was true and a channel degraded.
    """
    receipt: PreparedContextReceipt | None = None
    """
    Present only when include_receipt was true and the Receipt was built and validated.
    """
