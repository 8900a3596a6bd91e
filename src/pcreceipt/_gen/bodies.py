# Generated from schemas/*.json (bundled) by datamodel-code-generator 0.89.0; do not edit. Regenerate with `nox -s generate`.

from typing import Any, Literal, NotRequired, TypeAlias
from typing_extensions import TypedDict


class AccessArtifactIdentity(TypedDict, closed=True):
    """
    A logical Artifact (every revision of it).
    """

    family: str
    """
    The Artifact Family.
    """
    artifact_id: str
    """
    The Artifact id.
    """


class AccessAuditTimeRange(TypedDict, closed=True):
    """
    A half-open time range.
    """

    start: str
    """
    From (inclusive).
    """
    end: str
    """
    Until (exclusive).
    """


class AccessDecision(TypedDict, closed=True):
    """
    One requirement's decision.
    """

    allowed: bool
    """
    Whether the caller may.
    """
    reason_code: str
    """
    Why: role-binding (a Binding allows it), no-matching-binding, or authenticated (any valid token may).
    """


class AccessGroup(TypedDict, closed=True):
    """
    A group subject (accepted in requests; pcreceipt binds no groups).
    """

    type: Literal["group"]
    """
    Always group.
    """
    id: str
    """
    The group's id.
    """
    description: NotRequired[str | None]
    """
    A display name, or null.
    """


class AccessPrincipal(TypedDict, closed=True):
    """
    An authenticated caller. In pcreceipt every Principal is a bearer token: type service, id the token id.
    """

    type: Literal["user", "service"]
    """
    user or service (pcreceipt's tokens are services).
    """
    id: str
    """
    The Principal's stable id (a token id).
    """
    description: NotRequired[str | None]
    """
    A display name (the token's name), or null.
    """


class AccessProviderCapabilities(TypedDict, closed=True):
    """
    What the deployment's access decisions can do.
    """

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
    max_direct_resource_keys: int
    """
    The most resources one listing can cover.
    """


class AccessRoleDescriptor(TypedDict, closed=True):
    """
    One role: where it binds and what it allows.
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
    artifact_families: list[str]
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


class AccessRolePage(TypedDict, closed=True):
    """
    The roles.
    """

    items: list[AccessRoleDescriptor]
    """
    The roles, in PowerContext's role order.
    """


class AllScopeSelection(TypedDict, closed=True):
    """
    Every Scope (that the caller may read).
    """

    mode: Literal["all"]
    """
    The selection mode.
    """


class ArtifactChannelScore(TypedDict, closed=True):
    """
    What one channel observed of a result. pcreceipt's store reports ranks, not raw engine scores: raw is the result's 1-based rank in the channel's admitted list, metric rank, higher_is_better false.
    """

    raw: float
    """
    The channel's value (the rank).
    """
    metric: str
    """
    What raw measures (rank).
    """
    higher_is_better: bool
    """
    Whether a larger raw is better (false for a rank).
    """


class ArtifactFamilyAccessCapability(TypedDict, closed=True):
    """
    How one Artifact Family can be shared.
    """

    family: str
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


class ArtifactSearchAdmission(TypedDict, closed=True):
    """
    Admission floors of the text channels (lexical_coverage, lexical_min_matched_terms) and, for atomic-memory and topic-memory, of the vector channel (min_semantic_similarity). A query of at most two terms needs one matched term; a longer one max(lexical_min_matched_terms, ceil(terms x lexical_coverage)).
    """

    lexical_coverage: NotRequired[float]
    """
    The share of the query's terms a text hit must contain (0.25 when left out).
    """
    lexical_min_matched_terms: NotRequired[int]
    """
    The fewest query terms a text hit of a longer query must contain (2 when left out).
    """
    min_semantic_similarity: NotRequired[float]
    """
    atomic-memory and topic-memory: the vector channel's similarity floor; refused here (the store reports no distances).
    """


class ArtifactSearchFilters(TypedDict, closed=True):
    """
    Filters, Family by Family: atomic-memory takes kind, tags and tag_match (tag_match needs tags); the other Families take none (an empty object).
    """

    kind: NotRequired[str]
    """
    atomic-memory: only memories of this kind.
    """
    tags: NotRequired[list[str]]
    """
    atomic-memory: only memories carrying these tags (1 to 16 distinct keys).
    """
    tag_match: NotRequired[Literal["all", "any"]]
    """
    atomic-memory: all (the default) or any of the tags.
    """


class ArtifactSearchFusionParams(TypedDict, closed=True):
    """
    RRF parameters: rank_constant k (each channel adds weight / (k + rank)) and per-channel weights (a channel left out weighs 1; a channel the mode does not enable is 422).
    """

    rank_constant: NotRequired[int]
    """
    k, at least 1 (60 when left out).
    """
    weights: NotRequired[dict[str, float]]
    """
    Channel name to its non-negative weight.
    """


class ArtifactSearchRerank(TypedDict, closed=True):
    """
    Reranking controls: no Family takes any (an object here is 422 at /rerank, as in PowerContext 1.4.1).
    """


class ArtifactSearchScores(TypedDict, closed=True):
    """
    A result's scores: retrieval is the weighted reciprocal rank fusion of its channels divided by the best fusion possible (rank 1 in every enabled channel), so 1 is best; channels names every channel that found it.
    """

    retrieval: float
    """
    The normalised retrieval score, 0 to 1.
    """
    channels: dict[str, ArtifactChannelScore]
    """
    Channel name (text, vector; topic-memory: topic_fts, detail_fts) to what it observed.
    """


class ArtifactTagTarget(TypedDict, closed=True):
    """
    The tagged artifact by its logical identity (its tags follow it across revisions).
    """

    type: Literal["artifact"]
    """
    Always artifact.
    """
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The artifact's family.
    """
    artifact_id: str
    """
    The artifact.
    """


class AssemblySection(TypedDict, closed=True):
    """
    One family section of an explicit assembly.
    """

    family: Literal["memory", "topic-memory", "experience", "profile"]
    """
    The family selector; "memory" selects the atomic-memory family.
    """
    limit: int
    """
    The most entries this section may inject: 1 to 8, and at most 2 for experience.
    """


class AtomicMemoryCreation(TypedDict, closed=True):
    """
    How a memory came to be when it is not a plain write: a merge of the listed memories (its revision 1 derives from them).
    """

    type: Literal["merge"]
    """
    The only kind of creation: merge.
    """
    input_artifact_ids: list[str]
    """
    The merged memories, in the merge request's order.
    """


class AtomicMemoryRestorationEndpoint(TypedDict, closed=True):
    """
    Where the memory's current merge path ends (the memory itself when it is not merged): identity, head revision and state version.
    """

    artifact_id: str
    """
    The endpoint's identity.
    """
    revision: int
    """
    Its head revision.
    """
    state_version: int
    """
    Its lifecycle state version.
    """


class AtomicMemoryRestorationItem(TypedDict, closed=True):
    """
    A memory the restoration leaves active.
    """

    artifact_id: str
    """
    The memory.
    """
    source_revision: int
    """
    The revision whose content it has afterwards.
    """
    creates_revision: bool
    """
    Whether the restoration writes a new revision for it (false: it is already active with that content).
    """


class AtomicMemoryRestorationTarget(TypedDict, closed=True):
    """
    The memory a restoration starts from (PowerContext 1.4.1's AtomicMemoryTarget): its identity and, for restore only, the exact revision whose content comes back (null or absent: the current head's).
    """

    artifact_id: str
    """
    The Atomic Memory's identity.
    """
    revision: NotRequired[int | None]
    """
    restore only: the revision whose content becomes the memory's new head; null or absent for the current content.
    """


class BindArtifactHandleRequest(TypedDict, closed=True):
    """
    The exact revision to bind the handle to, in the handle's family.
    """

    artifact_id: str
    """
    The artifact.
    """
    revision: int
    """
    The exact revision.
    """


class BootstrapDeliveryReceipt(TypedDict, closed=True):
    """
    A content-free delivery receipt.
    """

    receipt_id: str
    """
    The receipt: bcr_ and 32 lowercase hex digits.
    """
    state: Literal["pending", "injected", "skipped", "failed"]
    """
    pending (delivery not yet recorded), injected, skipped or failed.
    """


class BootstrapHandoffReference(TypedDict, closed=True):
    """
    An exact committed Handoff revision in the current Scope (PowerContext's ArtifactReference).
    """

    family: str
    """
    The artifact family.
    """
    artifact_id: str
    """
    The artifact.
    """
    revision: int
    """
    The exact revision.
    """


class BuiltinPromptInstructions(TypedDict, closed=True):
    """
    The runtime's built-in instructions for the key.
    """

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


class CandidateFamilyCount(TypedDict, closed=True):
    """
    Candidates of one family.
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
    The family.
    """
    total: int
    """
    Candidates.
    """
    pending: int
    """
    Awaiting review.
    """
    approved: int
    """
    Approved.
    """
    rejected: int
    """
    Rejected.
    """


class CandidateInventoryStatistics(TypedDict, closed=True):
    """
    Review Candidates (pcreceipt has none: all zero).
    """

    total: int
    """
    Candidates.
    """
    pending: int
    """
    Awaiting review.
    """
    approved: int
    """
    Approved.
    """
    rejected: int
    """
    Rejected.
    """
    by_family: list[CandidateFamilyCount]
    """
    Per family.
    """


class CapturedSourceReference(TypedDict, closed=True):
    """
    A captured Source's identity: its type and its caller id.
    """

    name: Literal["content"]
    """
    The Source type (always content: Working Notes are Content Sources too).
    """
    source_id: str
    """
    The caller's Source id, as sent.
    """


class ClearScopeBindingResponse(TypedDict, closed=True):
    """
    Whether a binding was removed.
    """

    cleared: bool
    """
    True when the key had a binding, which is now gone; false when it had none.
    """


class CodeChangesOperation(TypedDict, closed=True):
    """
    PowerContext's change listing between two index generations (pcreceipt: 501 unsupported_capability).
    """

    kind: Literal["changes"]
    """
    The operation.
    """


class CodeCoverage(TypedDict, closed=True):
    """
    What the index covers.
    """

    files: int
    """
    Indexed files.
    """
    lines: int
    """
    Indexed lines.
    """
    skipped: int
    """
    Files the indexing client skipped.
    """


class CodeLastBuild(TypedDict, closed=True):
    """
    The indexing that made the current workspace.
    """

    indexed_at: str
    """
    When it was indexed.
    """
    files: int
    """
    Indexed files.
    """
    lines: int
    """
    Indexed lines.
    """
    skipped: int
    """
    Files the indexing client skipped.
    """


class CodeStatusOperation(TypedDict, closed=True):
    """
    Report the state of the Scope's code index.
    """

    kind: Literal["status"]
    """
    The operation.
    """


class ContextAssembly(TypedDict, closed=True):
    """
    An explicit selection of families, in injection order. An empty section list turns history recall off.
    """

    format: NotRequired[Literal["markdown"]]
    """
    The rendering format.
    """
    sections: NotRequired[list[AssemblySection]]
    """
    At most four sections with distinct families; the sum of limits must not exceed the server's assembly_max_entries. Absent: memory 6, then experience 2 (PowerContext's default sections).
    """
    show: NotRequired[list[Literal["confidence", "recall_rank"]]]
    """
    Optional per-item metadata lines to render.
    """


class ContractVersion(TypedDict, closed=True):
    """
    A major/minor compatibility version: a major step may break what it governs, a minor step only adds.
    """

    major: int
    """
    The major version.
    """
    minor: int
    """
    The minor version.
    """


class CreateSourceRequest(TypedDict, closed=True):
    """
    One Source to create: the server names it (src_ + 32 hex) and gives it the Scope's next position.
    """

    source_type: NotRequired[Literal["content"]]
    """
    The Source type (content, the default).
    """
    content: Any
    """
    Any JSON value, stored as sent and pending for Memory extraction like a capture (its text is the string itself, or the value's RFC 8785 JSON). A string that is empty or only white space is refused (rule pattern), so is a handoff receipt (a JSON object, or its JSON text, whose schema is powercontext.handoff-receipt.v1: rule reserved_schema) and a value outside I-JSON (rule i_json).
    """


class DreamBudget(TypedDict, closed=True):
    """
    A run's bounds, as PowerContext 1.4.1 reports them (every run here has the same).
    """

    max_items: int
    """
    Evidence items (PowerContext 1.4.1's bound; 32 here).
    """
    max_bytes: int
    """
    Evidence bytes (PowerContext 1.4.1's bound; 65536 here).
    """
    max_nodes: int
    """
    Evidence nodes (PowerContext 1.4.1's bound; 128 here).
    """
    max_edges: int
    """
    Evidence edges (PowerContext 1.4.1's bound; 256 here).
    """
    max_depth: int
    """
    Lineage depth (PowerContext 1.4.1's bound; 8 here).
    """
    max_output_tokens: int
    """
    Output tokens of the model's answer (PowerContext 1.4.1's bound; 4096 here).
    """
    max_model_calls: int
    """
    Model calls (attempts) (PowerContext 1.4.1's bound; 2 here).
    """
    timeout_seconds: float
    """
    Seconds a run may take from its first claim (PowerContext 1.4.1's bound; 120 here).
    """


class DreamCandidateRef(TypedDict, closed=True):
    """
    The Candidate a run proposed.
    """

    kind: Literal["artifact", "tag"]
    """
    artifact (tag candidates are not made here).
    """
    candidate_id: str
    """
    The Candidate.
    """
    version: int
    """
    Its version when proposed.
    """


class DreamEvidenceEdge(TypedDict, closed=True):
    """
    A derivation edge.
    """

    derived_id: str
    """
    The derived node.
    """
    upstream_id: str
    """
    Its upstream node.
    """


class DreamSourceReference(TypedDict, closed=True):
    """
    Tag-proposal Source evidence (not accepted here: no tag candidates).
    """

    source_type: str
    """
    The Source type.
    """
    source_id: str
    """
    The Source id.
    """


class Target(TypedDict, closed=True):
    """
    The tagged artifact or Memory entry.
    """

    type: Literal["artifact"]
    """
    artifact
    """
    family: str
    """
    The artifact family.
    """
    artifact_id: str
    """
    The artifact.
    """


class Target1(TypedDict, closed=True):
    """
    The tagged artifact or Memory entry.
    """

    type: Literal["memory_entry"]
    """
    memory_entry
    """
    family: Literal["memory"]
    """
    memory
    """
    artifact_id: str
    """
    The Memory artifact.
    """
    entry_id: str
    """
    The entry.
    """


class DreamUsage(TypedDict, closed=True):
    """
    What a run spent.
    """

    model_calls: int
    """
    Model calls made.
    """
    input_tokens: int | None
    """
    Input tokens, when the provider reported them.
    """
    output_tokens: int | None
    """
    Output tokens, when the provider reported them.
    """


class EnrollRemoteSkillTargetRequest(TypedDict, closed=True):
    """
    A Receiver's enrollment.
    """

    enrollment_code: str
    """
    The code create_remote_skill_target showed.
    """
    installation_id: str
    """
    The Receiver installation's identity (one target per installation, Scope and Agent kind).
    """
    receiver_version: str
    """
    The Receiver's version.
    """
    environment_fingerprint: NotRequired[str | None]
    """
    A digest of the Receiver's environment.
    """
    machine_hostname: NotRequired[str | None]
    """
    The Receiver's host name.
    """
    workspace_name: NotRequired[str | None]
    """
    The Receiver's workspace name.
    """


class Current(TypedDict, closed=True):
    """
    On artifact_conflict: the target's current head.
    """

    family: str
    """
    The artifact family.
    """
    artifact_id: str
    """
    The artifact identifier.
    """
    revision: int
    """
    The head revision.
    """


class ExternalReference(TypedDict, closed=True):
    """
    A reference to something outside pcreceipt.
    """

    kind: str
    """
    What kind of reference.
    """
    value: str
    """
    The reference.
    """


class ExtractionBackground(TypedDict, closed=True):
    """
    Where Memory extraction runs in the background.
    """

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


class ExtractionFailure(TypedDict, closed=True):
    """
    One Memory extraction failure this process observed (PowerContext 1.4.1's ExtractionFailure): a sanitized category, never a message, model input or credential.
    """

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
    occurred_at: str
    """
    UTC time this process observed the failure.
    """


class ExtractionObservation(TypedDict, closed=True):
    """
    What this process observed of Memory extraction since it started.
    """

    status: Literal["unverified", "observed"]
    """
    unverified (no extraction outcome observed since this process started) or observed (a flush extracted a Source, or failed on the model).
    """
    since: str
    """
    UTC start of the observation window (this process's start).
    """
    last_failure: ExtractionFailure | None
    """
    The last extraction failure this process observed: a flush_memory that answered 503 because the model failed before any Source was extracted (kept after a later success, as in 1.4.1); null when none was observed.
    """
    last_success_at: str | None
    """
    UTC time of the last successful extraction, or null.
    """


class ExtractionStatus(TypedDict, closed=True):
    """
    Memory extraction diagnostics.
    """

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


class FailureSignature(TypedDict, closed=True):
    """
    The cue and symptom of a failure.
    """

    recall_cue: str
    """
    What should bring this failure to mind.
    """
    symptom: NotRequired[str | None]
    """
    What the failure looked like.
    """


class FailureVerification(TypedDict, closed=True):
    """
    A check that the repair holds.
    """

    condition: str
    """
    The condition to check.
    """
    check_subject: str
    """
    What is checked.
    """


class FamilyCount(TypedDict, closed=True):
    """
    Artifacts of one family.
    """

    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The family.
    """
    total: int
    """
    Artifacts (heads, any lifecycle state).
    """


class FeatureContract(TypedDict, closed=True):
    """
    The compatibility version of exactly the listed operations.
    """

    version: ContractVersion
    """
    The group's version.
    """
    operations: list[str]
    """
    The operation ids the group governs.
    """


class FlushMemoryResponse(TypedDict, closed=True):
    """
    The result of one flush (PowerContext's FlushMemoryResponse).
    """

    status: Literal["idle", "processed"]
    """
    idle (the cursor did not move) or processed (the cursor moved).
    """
    previous_cursor: int
    """
    The highest Source position processed before this flush.
    """
    current_cursor: int
    """
    The highest Source position processed after it.
    """
    high_watermark: int
    """
    The highest Source position captured.
    """
    processed_source_count: int
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
    held_count: int
    """
    1 when the write gate held the window, else 0.
    """
    hold_codes: list[str]
    """
    The gate's rejection codes; empty unless held.
    """


class FlushTopicMemoryResponse(TypedDict, closed=True):
    """
    A durable processing request's acceptance (1.4.1's FlushTopicMemoryResponse); never answered here, since pcreceipt runs no Topic Memory processing.
    """

    status: Literal["accepted", "idle"]
    """
    accepted, or idle when the cursor was already current.
    """


class GeneratePromptDemonstrationsRequest(TypedDict, closed=True):
    """
    What to generate demonstrations for (1.4.1's GeneratePromptDemonstrationsRequest).
    """

    instructions: str
    """
    Guidance for the examples: 1 to 32,768 characters with at least one non-space.
    """
    demonstration_count: int
    """
    How many demonstrations: 1 to 20, exactly that many answered.
    """


class HandoffGenerationEnvelope(TypedDict, closed=True):
    """
    A generation receipt a server issues with a generated draft. pcreceipt issues none, so a draft or prepared Handoff carrying one is 422 invalid_handoff_generation.
    """

    receipt: str
    """
    The opaque receipt.
    """


class HandoffReportSummary(TypedDict, closed=True):
    """
    How many selected Scopes are in each state.
    """

    continuable_count: int
    """
    Scopes whose state is continuable.
    """
    blocked_count: int
    """
    Scopes whose state is blocked.
    """
    complete_count: int
    """
    Scopes whose state is complete.
    """
    no_handoff_count: int
    """
    Scopes whose state is no_handoff.
    """


class Health(TypedDict, closed=True):
    """
    Liveness or readiness.
    """

    status: Literal["ok", "ready", "not_ready"]
    """
    ok (live), ready or not_ready.
    """
    checks: NotRequired[dict[str, str]]
    """
    Readiness checks by PowerContext 1.4.1's names: runtime (ready), database (the store: ready or unavailable, which makes the server not_ready), artifact_processing_supervisor (disabled: pcreceipt runs no background processing), access_mode (disabled without tokens, enforced with them), authentication_provider and access_provider (disabled without tokens; ready, or not_ready when the store that holds the tokens does not answer), and two descriptions of what access decisions cover: access_resource_kinds (the resource types a Binding can name, comma-separated) and access_artifact_families (family:enabled or family:disabled per Artifact Family, comma-separated, by name). ok is no longer sent (it named the store's check before the checks took 1.4.1's names) and stays in the enum so older readers of this contract keep validating.
    """


class LegacyMemoryTarget(TypedDict, closed=True):
    """
    A legacy Memory collection entry, by its collection artifact and entry ids.
    """

    type: Literal["memory_entry"]
    """
    Always memory_entry.
    """
    family: Literal["memory"]
    """
    Always memory (the legacy collection family).
    """
    artifact_id: str
    """
    The legacy collection's artifact id.
    """
    entry_id: str
    """
    The entry's id in that collection.
    """


class ListAccessResourcesRequest(TypedDict, closed=True):
    """
    List the resources of one type the caller may act on.
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
    The action.
    """
    resource_type: Literal["server", "scope", "artifact"]
    """
    The resource type.
    """
    family: NotRequired[str | None]
    """
    An Artifact Family (artifact resources only), or null.
    """
    cursor: NotRequired[str | None]
    """
    The previous page's next_cursor, or null.
    """
    limit: NotRequired[int]
    """
    Page size.
    """


class ListAccessRolesRequest(TypedDict, closed=True):
    """
    List the roles that can be bound.
    """

    resource_type: NotRequired[Literal["server", "scope", "artifact"] | None]
    """
    Only roles on this resource type, or null for all.
    """
    family: NotRequired[str | None]
    """
    Only roles of this Artifact Family, or null.
    """


class ListRemoteSkillTargetsRequest(TypedDict, closed=True):
    """
    Which targets to list.
    """

    scope_id: str
    """
    The Scope.
    """
    target_id: NotRequired[str | None]
    """
    Only this target.
    """
    limit: NotRequired[int]
    """
    At most this many targets, in creation order.
    """


class MemoryCapacityBudget(TypedDict, closed=True):
    """
    A legacy Memory collection's budget.
    """

    max_active_entries: int
    """
    The most active entries.
    """
    max_manifest_entries: int
    """
    The most manifest entries.
    """
    max_manifest_bytes: int
    """
    The most manifest bytes.
    """


class MemoryEntryAccessSelector(TypedDict, closed=True):
    """
    One logical Memory entry inside an Artifact resource.
    """

    type: Literal["memory_entry"]
    """
    Always memory_entry.
    """
    entry_id: str
    """
    The entry id.
    """


class MemoryKindCount(TypedDict, closed=True):
    """
    Atomic memories of one kind.
    """

    kind: str
    """
    The kind.
    """
    total: int
    """
    Memories of the kind.
    """
    active: int
    """
    Active ones.
    """
    inactive: int
    """
    Forgotten, merged or retired ones.
    """


class ModelUsageValue(TypedDict, closed=True):
    """
    Model usage counters.
    """

    requests: int
    """
    Model requests.
    """
    input_tokens: int | None
    """
    Input tokens, or null when a provider did not report them.
    """
    output_tokens: int | None
    """
    Output tokens, or null when a provider did not report them.
    """


class ObservedSourceReference(TypedDict, closed=True):
    """
    An observed Source's identity: its type (the Source Definition's name) and its id (the observation's name).
    """

    name: str
    """
    The Source type: the observation's source_type.
    """
    source_id: str
    """
    The Source id: the observation's name.
    """


class OmittedGroup(TypedDict, closed=True):
    """
    Exclusion events of one family for one reason.
    """

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
    count: int
    """
    How many exclusion events; 1 for not_retrieved.
    """


class PromptCapability(TypedDict, closed=True):
    """
    Whether one built-in prompt can run, and which definition it uses.
    """

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


class PromptDemonstration(TypedDict, closed=True):
    """
    A typed input/output example for a prompt.
    """

    input: str
    """
    The example input.
    """
    expected_output: str
    """
    The desired output.
    """


class PromptExample(TypedDict, closed=True):
    """
    A typed input/output pair (1.4.1's PromptDemonstration): any JSON each. pcreceipt's prompt artifacts hold strings, which are JSON.
    """

    input: Any
    """
    The example input.
    """
    expected_output: Any
    """
    The desired output.
    """


class PromptInstructions(TypedDict, closed=True):
    """
    Instructions and demonstrations as they take effect: the saved custom ones, else the built-in instructions without demonstrations.
    """

    instructions: str
    """
    Readable guidance.
    """
    demonstrations: list[PromptExample]
    """
    The examples that go with it.
    """


class PutProfilePolicyRequest(TypedDict, closed=True):
    """
    A new Profile policy for the Scope, conditioned on the version it replaces (1.4.1's PutProfilePolicyRequest).
    """

    generation_enabled: bool
    """
    Whether Profile generation is enabled.
    """
    activation_mode: NotRequired[Literal["automatic", "review_required"]]
    """
    How a generated Profile takes effect (automatic).
    """
    expected_version: int
    """
    The version replaced: 0 when the Scope has no policy yet (creates version 1), else the current version (409 idempotency_conflict otherwise).
    """


class RecallRound(TypedDict, closed=True):
    """
    One recall round and whether its candidates feed the final build.
    """

    round: int
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


class RecallTokenDay(TypedDict, closed=True):
    """
    Prepare counters of one UTC day.
    """

    date: str
    """
    The day.
    """
    preparations: int
    """
    Prepares that got past the early-empty step.
    """
    ready_preparations: int
    """
    Of those, the ready ones.
    """
    comparable_preparations: int
    """
    Of those, the ones whose every selected artifact traces back to stored Sources.
    """
    baseline_tokens: int
    """
    Estimated tokens of the distinct Sources behind the comparable prepares' selected artifacts.
    """
    recalled_tokens: int
    """
    Estimated tokens of the comparable prepares' content.
    """
    token_reduction: int
    """
    baseline_tokens minus recalled_tokens (negative when the content cost more).
    """


class RecallTokenValue(TypedDict, closed=True):
    """
    Prepare counters.
    """

    preparations: int
    """
    Prepares that got past the early-empty step.
    """
    ready_preparations: int
    """
    Of those, the ready ones.
    """
    comparable_preparations: int
    """
    Of those, the ones whose every selected artifact traces back to stored Sources.
    """
    baseline_tokens: int
    """
    Estimated tokens of the distinct Sources behind the comparable prepares' selected artifacts.
    """
    recalled_tokens: int
    """
    Estimated tokens of the comparable prepares' content.
    """
    token_reduction: int
    """
    baseline_tokens minus recalled_tokens (negative when the content cost more).
    """


class ReceiverChecks(TypedDict, closed=True):
    """
    The receiver's own account of its checks, kept apart from evidence availability. All three must be confirmed to accept.
    """

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


class RemoteSkillTargetCredential(TypedDict, closed=True):
    """
    The activated target's credential, shown only in this answer.
    """

    scope_id: str
    """
    The target's Scope.
    """
    target_id: str
    """
    The target.
    """
    agent_kind: Literal["codex", "claude_code"]
    """
    The Agent it installs Skills for.
    """
    credential: str
    """
    The target credential (a bearer secret for the Receiver's calls); the server keeps only its digest.
    """


class RenameRemoteSkillTargetRequest(TypedDict, closed=True):
    """
    A new name for a target at the generation read.
    """

    scope_id: str
    """
    The Scope.
    """
    target_id: str
    """
    The target.
    """
    display_name: str
    """
    The human-readable name (surrounding spaces are dropped).
    """
    expected_generation: int
    """
    The target generation the caller read: another one is 409 invalid_target_state.
    """


class ReplaceArtifactTagsRequest(TypedDict, closed=True):
    """
    The artifact's complete new tag set, replacing the old one in one step; an empty list clears it. Tags keep their display text and match exactly after NFC normalisation and case folding; a tag with outer whitespace or a control, surrogate or unassigned character, and two tags equal after normalisation, are 422 invalid_request (violation at /tags/<i>).
    """

    tags: list[str]
    """
    The tags. Each has no outer whitespace and no control, surrogate or unassigned character.
    """


class RerankSettings(TypedDict, closed=True):
    """
    Allowlist pcreceipt.rerank-settings.v1: the non-content settings actually passed to a reranker, after inheritance and overrides, explicit defaults included. Never headers, credentials, URLs, provider payloads or content-bearing settings.
    """

    allowlist: Literal["pcreceipt.rerank-settings.v1"]
    """
    The allowlist version these names and types come from.
    """
    temperature: NotRequired[float]
    """
    Sampling temperature (forced to 0 for listwise rerank).
    """
    top_p: NotRequired[float]
    """
    Nucleus sampling mass.
    """
    max_tokens: NotRequired[int]
    """
    Upper bound on generated tokens.
    """
    seed: NotRequired[int]
    """
    Sampling seed passed to the provider.
    """
    candidate_limit: NotRequired[int]
    """
    Size of the coarse pool handed to the reranker.
    """
    keep: NotRequired[int]
    """
    How many reranked candidates are kept (the family cap).
    """
    response_format: NotRequired[Literal["text", "json_object"]]
    """
    The structured output mode requested.
    """
    on_failure: NotRequired[Literal["coarse_order", "drop_family"]]
    """
    What a failed rerank does: fall back to the coarse order, or drop the family.
    """
    algorithm_version: NotRequired[int]
    """
    For a deterministic reranker: the version of its algorithm.
    """


class ReviewArtifactReference(TypedDict, closed=True):
    """
    An exact artifact revision within the request's Scope, of any family (experience and skill included).
    """

    family: str
    """
    The artifact family.
    """
    artifact_id: str
    """
    The artifact identifier.
    """
    revision: int
    """
    The exact revision.
    """


class RevokeAccessBindingRequest(TypedDict, closed=True):
    """
    Revoke a Binding at the version the caller read.
    """

    binding_id: str
    """
    The Binding.
    """
    expected_version: int
    """
    Its version as the caller read it.
    """
    idempotency_key: str
    """
    Repeating the request with the key answers the same revocation.
    """


class RevokeRemoteSkillTargetRequest(TypedDict, closed=True):
    """
    Revoke a target at the generation read.
    """

    scope_id: str
    """
    The Scope.
    """
    target_id: str
    """
    The target.
    """
    expected_generation: int
    """
    The target generation the caller read: another one is 409 invalid_target_state.
    """


class ScopeAccessResource(TypedDict, closed=True):
    """
    One Scope (pcreceipt: the id * stands for every Scope, as a token grant on * does).
    """

    type: Literal["scope"]
    """
    Always scope.
    """
    scope_id: str
    """
    The Scope id, or *.
    """


class ScopeBindingKey(TypedDict, closed=True):
    """
    A host-owned key a Scope is bound to; keys match exactly, and integration keeps one host's keys apart from another's.
    """

    integration: str
    """
    The host integration that owns the key (for example claude-code).
    """
    kind: str
    """
    What the external id identifies for that integration (for example workspace).
    """
    external_id: str
    """
    The host's identifier of the thing bound.
    """


ScopeQueryField: TypeAlias = Literal[
    "scope_id", "title", "summary", "external_reference_value", "binding_external_id"
]
"""
The field list_scopes' query is matched in: the Scope's id, title or summary, the value of one of its external references, or the external_id of one of its bindings.
"""


class SearchTopicMemoryRequest(TypedDict, closed=True):
    """
    Search the Scope's current Topic Memory by full text.
    """

    scope_id: str
    """
    The Scope searched.
    """
    query: str
    """
    The query text, without leading or trailing whitespace.
    """
    limit: NotRequired[int]
    """
    The most hits answered.
    """


class ServerAccessResource(TypedDict, closed=True):
    """
    The deployment as a whole.
    """

    type: Literal["server"]
    """
    Always server.
    """
    deployment_id: str
    """
    The deployment's id (pcreceipt: the server_id of get_server_info).
    """


class ServerInfo(TypedDict, closed=True):
    """
    Stable deployment identity and protocol compatibility metadata (PowerContext's ServerInfo). No runtime capabilities, health or limits.
    """

    schema_version: ContractVersion
    """
    The version of this response shape: 1.0.
    """
    product: Literal["powercontext"]
    """
    The protocol's product name: pcreceipt serves the PowerContext protocol, whose only product value this is.
    """
    server_id: str
    """
    Opaque identity of the durable deployment: generated once when the store is created and kept in it, so it stays the same across restarts and for every server sharing one database.
    """
    package_version: str
    """
    The version of the pcreceipt package serving the request.
    """
    api_contract_version: ContractVersion
    """
    Major and minor of this server's OpenAPI document's info.version.
    """
    feature_contracts: dict[str, FeatureContract]
    """
    PowerContext's stable feature groups this server implements completely, by contract name, as PowerContext 1.4.1 declares them: access.principal (get_access_principal), memory.explicit (remember_memory, search_memory, get_memory_entry), scope.selection (list_scopes, get_scope, get_default_scope).
    """


class SetDefaultScopeRequest(TypedDict, closed=True):
    """
    Point the default Scope at an existing Scope.
    """

    scope_id: str
    """
    The Scope that becomes the default.
    """


class SkillPackageFile(TypedDict, closed=True):
    """
    One regular file of a canonical package.
    """

    path: str
    """
    Its path in the package.
    """
    digest: str
    """
    sha256 of its bytes.
    """
    size: int
    """
    Its size in bytes.
    """
    media_type: str
    """
    Its media type by suffix (1.4.1's table; else application/octet-stream).
    """
    executable: bool
    """
    Whether it is stored with mode 0755.
    """


class SkillPackageReference(TypedDict, closed=True):
    """
    An exact managed Skill package by its digests (here only an external Skill import proposes one; a caller's proposal naming one is refused).
    """

    tree_digest: str
    """
    The package tree's SHA-256.
    """
    archive_digest: str
    """
    The package archive's SHA-256.
    """
    file_count: int
    """
    Files in the package.
    """
    uncompressed_size: int
    """
    Bytes of the files.
    """
    archive_size: int
    """
    Bytes of the archive.
    """


class SkillProposal(TypedDict, closed=True):
    """
    Managed Skill content: a name, a description, instructions and how to validate them.
    """

    name: str
    """
    The Skill's name (trimmed).
    """
    description: str
    """
    What the Skill is for (trimmed).
    """
    instructions: str
    """
    The instructions (not blank, no trailing whitespace).
    """
    validation: list[str]
    """
    How to check the Skill worked: at least one trimmed item in a caller's proposal (empty in an imported package's).
    """
    package: NotRequired[SkillPackageReference | None]
    """
    An exact package the Scope holds, whose cached fields the proposal must carry; null in a text proposal, for which the server builds and stores a one-file package; a proposal stored before packages were built may have none.
    """
    license: NotRequired[str | None]
    """
    The license (trimmed).
    """
    compatibility: NotRequired[str | None]
    """
    Compatibility notes (trimmed), 1 to 500 characters (stated as a pattern).
    """
    metadata: NotRequired[dict[str, str]]
    """
    Free metadata: at most 64 keys of 1 to 128 characters, values of at most 2000 characters; keys and values trimmed.
    """
    allowed_tools: NotRequired[str | None]
    """
    The tools the Skill may use (trimmed).
    """


class SkillUsageSourceReference(TypedDict, closed=True):
    """
    A usage Source's identity: its type and the caller's observation id.
    """

    name: Literal["skill-usage"]
    """
    The Source type.
    """
    source_id: str
    """
    The observation id, as sent.
    """


class SourceInventoryStatistics(TypedDict, closed=True):
    """
    Sources stored and how far Memory extraction got.
    """

    total: int
    """
    Sources stored (the highest position).
    """
    memory_processed: int
    """
    Sources the Memory extraction cursor has passed.
    """
    memory_pending: int
    """
    total minus memory_processed.
    """


class SourceObservationReceipt(TypedDict, closed=True):
    """
    The receipt of a submitted observation: the Source's identity and its position in the Scope's Source sequence.
    """

    source: ObservedSourceReference
    """
    The Source stored.
    """
    position: int
    """
    The Source's position in its Scope (the first submission's, for a replay).
    """


class SourceProjectionKey(TypedDict, closed=True):
    """
    A named, versioned projection of a Source Definition.
    """

    name: str
    """
    The projection's name (no leading or trailing white space).
    """
    version: str
    """
    The projection's version (no leading or trailing white space).
    """


class SourceProjectionManifest(TypedDict, closed=True):
    """
    One projection a Source Definition declares, with the JSON Schema of its values.
    """

    key: SourceProjectionKey
    """
    The projection.
    """
    schema: dict[str, Any]
    """
    A JSON Schema (draft 2020-12, local references only) its values must satisfy.
    """


class SourceProjectionValue(TypedDict, closed=True):
    """
    One projection the worker computed for the observation: its key (as the manifest declares it) and its value (checked against the manifest's schema for that key).
    """

    key: SourceProjectionKey
    """
    The projection.
    """
    value: Any
    """
    The projection's value: any JSON value.
    """


class SourceReference(TypedDict, closed=True):
    """
    A Source a revision was written from, by its type and id.
    """

    name: str
    """
    The Source type (content).
    """
    source_id: str
    """
    The Source id.
    """


class SourceTypeReference(TypedDict, closed=True):
    """
    A Source evidence reference.
    """

    source_type: str
    """
    The Source type.
    """
    source_id: str
    """
    The Source identity.
    """


class StageTiming(TypedDict, closed=True):
    """
    Summed duration of one runtime stage over its runs.
    """

    stage: str
    """
    The runtime's span name, such as memory.search or context.build.
    """
    duration_ms: float
    """
    Total milliseconds over all runs.
    """
    count: int
    """
    How many times the stage ran.
    """


class SubtreeScopeSelection(TypedDict, closed=True):
    """
    A Scope and its descendants by parent link.
    """

    mode: Literal["subtree"]
    """
    The selection mode.
    """
    root_scope_id: str
    """
    The subtree's root; it must exist.
    """


class TaskSourceReference(TypedDict, closed=True):
    """
    A Source by its type and id.
    """

    name: str
    """
    The Source type.
    """
    source_id: str
    """
    The Source id.
    """


class TokenEstimatorProfile(TypedDict, closed=True):
    """
    How tokens are estimated: character:weighted version 1 is ceil((ASCII characters + 4 x other characters) / 4).
    """

    estimator_id: Literal["character:weighted"]
    """
    The estimator.
    """
    version: Literal["1"]
    """
    Its version.
    """


class TopicMemoryContent(TypedDict, closed=True):
    """
    A topic memory: a titled summary with detail.
    """

    title: str
    """
    The topic title.
    """
    summary: str
    """
    The topic summary.
    """
    detail: str
    """
    The topic detail.
    """


class TopicMemoryProcessingBlock(TypedDict, closed=True):
    """
    A retained terminal block of Topic Memory processing with its diagnostics (1.4.1's TopicMemoryProcessingBlock). pcreceipt runs no Topic Memory processing, so it never retains one; the shape is declared for status's block and the block reads.
    """

    block_id: str
    """
    The block's id.
    """
    attempt_id: str
    """
    The attempt that ended in the block.
    """
    scope_id: str
    """
    The Scope.
    """
    binding_name: str
    """
    The processing binding.
    """
    source_after: int
    """
    The cursor the attempt started after.
    """
    source_through: int | None
    """
    The exact selected Source end; null when unknown.
    """
    budget_source_through: int | None
    """
    The cumulative coverage of the original allowance; null only for imported blocks.
    """
    legacy_source_through: int | None
    """
    The original range of an imported block; null otherwise.
    """
    target_source_through: int
    """
    The retained target.
    """
    attempts: int
    """
    Attempts made.
    """
    requests: int
    """
    Model requests made.
    """
    tokens: int
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
    blocked_at: str
    """
    UTC time the block was observed.
    """
    retried_at: str | None
    """
    UTC time of an accepted retry, or null.
    """
    retry_request_generation: int | None
    """
    The flush generation an accepted retry requested, or null.
    """


class TopicMemoryProcessingStatus(TypedDict, closed=True):
    """
    A Scope's Topic Memory processing state (1.4.1's TopicMemoryProcessingStatus).
    """

    state: Literal["idle", "pending", "blocked"]
    """
    The processing state.
    """
    source_cursor: int
    """
    The position Topic Memory processing has consumed through: always 0 here, since pcreceipt runs no Topic Memory processing.
    """
    source_head: int
    """
    The Scope's highest Source position (0 without Sources).
    """
    target_source_through: int | None
    """
    The retained processing target; always null here (only a flush with processing sets one).
    """
    block: TopicMemoryProcessingBlock | None
    """
    The current terminal block; always null here.
    """


class TopicMemoryProcessingStatusRequest(TypedDict, closed=True):
    """
    Which Scope's Topic Memory processing to inspect.
    """

    scope_id: str
    """
    The Scope.
    """


class UnpublishRemoteSkillRequest(TypedDict, closed=True):
    """
    Make a Skill's absence a target's desired state.
    """

    scope_id: str
    """
    The Scope.
    """
    target_id: str
    """
    The target.
    """
    artifact_id: str
    """
    The managed Skill.
    """
    expected_generation: int
    """
    The publication generation the caller read: another one is 409 publication_generation_conflict.
    """


class UpdateScopeRequest(TypedDict, closed=True):
    """
    Replace a Scope's descriptor (PUT: an absent optional field is cleared, not kept).
    """

    expected_version: int
    """
    The version the caller read; the update is refused (409) when the Scope has moved on.
    """
    title: str
    """
    The Scope title.
    """
    summary: str
    """
    What the Scope is about.
    """
    parent_scope_id: NotRequired[str | None]
    """
    An existing parent Scope, or null (absent is null).
    """
    context_references: NotRequired[list[str]]
    """
    Other existing Scopes that prepare also searches (never itself); absent is none.
    """
    external_references: NotRequired[list[ExternalReference]]
    """
    References outside pcreceipt; absent is none.
    """


class UpdateSkillLifecycleRequest(TypedDict, closed=True):
    """
    An explicit lifecycle transition of one managed Skill, compared and set on its governance generation.
    """

    scope_id: str
    """
    The Scope.
    """
    artifact_id: str
    """
    The managed Skill.
    """
    expected_generation: int
    """
    The governance generation the caller last read (0: never changed).
    """
    lifecycle_state: Literal["active", "deprecated", "retired"]
    """
    The state asked for.
    """
    replacement_artifact_id: NotRequired[str | None]
    """
    The managed Skill replacing it (only with deprecated).
    """


class Violation(TypedDict, closed=True):
    """
    One violated rule.
    """

    path: str
    """
    JSON Pointer to the offending location in the message ("" for the whole message).
    """
    rule: str
    """
    The rule's identifier: a JSON Schema keyword or a named semantic rule.
    """
    property: NotRequired[str]
    """
    For required, additionalProperties and unevaluatedProperties: the name of the property that is missing, or that the object at path has and the contract does not define. Absent for other rules, and for a name that is not 1 to 64 ASCII letters, digits, '_', '.' or '-' (a submitted name is never echoed otherwise).
    """


class WorkArtifactReference(TypedDict, closed=True):
    """
    An exact artifact revision in the request's Scope (PowerContext 1.4.1's ArtifactReference: any family name; one pcreceipt does not hold is simply not found).
    """

    family: str
    """
    The artifact family: 1 to 128 printable ASCII characters, no spaces.
    """
    artifact_id: str
    """
    The artifact identifier.
    """
    revision: int
    """
    The exact revision.
    """


class WorkSourceReceipt(TypedDict, closed=True):
    """
    The receipt of a work record stored as a Source: its kind, the Source, its position and the digest of the record.
    """

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
    position: int
    """
    The Source's position in its Scope.
    """
    content_digest: str
    """
    sha256: and the hex SHA-256 of the record's compact JSON (every field, nulls included, in the schema's order; docs/handoffs.md).
    """


class WorkSourceReference(TypedDict, closed=True):
    """
    A Source named by its type and the caller's id (PowerContext 1.4.1's SourceReference). pcreceipt stores one type, content.
    """

    name: str
    """
    The Source type: 1 to 128 characters, trimmed (content for every Source pcreceipt stores).
    """
    source_id: str
    """
    The caller's Source id: 1 to 256 characters, trimmed.
    """


class AccessBindingReplacementInput(TypedDict, closed=True):
    """
    The replacement's subject, reason and expiry (resource and role stay).
    """

    subject: AccessPrincipal | AccessGroup
    """
    Who the replacement is for.
    """
    reason: NotRequired[str | None]
    """
    Why, or null.
    """
    expires_at: NotRequired[str | None]
    """
    When it stops applying, or null.
    """


class AccessCheckResponse(TypedDict, closed=True):
    """
    The combined decision and one decision per requirement, in order.
    """

    allowed: bool
    """
    The combined decision.
    """
    decisions: list[AccessDecision]
    """
    One per requirement.
    """


class AccessMeResponse(TypedDict, closed=True):
    """
    The caller and what this deployment's access control offers.
    """

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


class ApproveCandidateRequest(TypedDict, closed=True):
    """
    Approve the exact pending version: write its artifact and mark it approved, together.
    """

    scope_id: str
    """
    The Scope.
    """
    candidate_id: str
    """
    The candidate.
    """
    expected_version: int
    """
    The version reviewed.
    """


class ArtifactAccessResource(TypedDict, closed=True):
    """
    One Artifact in a Scope (accepted in requests; pcreceipt shares no Artifacts, so it is refused).
    """

    type: Literal["artifact"]
    """
    Always artifact.
    """
    scope_id: str
    """
    The Scope holding it.
    """
    identity: AccessArtifactIdentity
    """
    The Artifact.
    """
    selector: NotRequired[MemoryEntryAccessSelector | None]
    """
    A Memory entry within it, or null.
    """


class ArtifactDreamingOperationCapability(TypedDict, closed=True):
    """
    A Dream operation this server runs and what review does with its result.
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


class ArtifactInventoryStatistics(TypedDict, closed=True):
    """
    Artifacts stored.
    """

    total: int
    """
    Artifacts of every family.
    """
    by_family: list[FamilyCount]
    """
    Per family with at least one artifact, by family name.
    """


class ArtifactReference(TypedDict, closed=True):
    """
    An exact artifact revision within the Scope given by the enclosing object.
    """

    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The artifact family.
    """
    artifact_id: str
    """
    The artifact identifier.
    """
    revision: int
    """
    The exact revision.
    """


class ArtifactSearchFusion(TypedDict, closed=True):
    """
    How a Family with more than one channel fuses them: method rrf (weighted reciprocal rank fusion) is the one supported; another method is 422 at /fusion/method.
    """

    method: str
    """
    The fusion method (rrf).
    """
    params: NotRequired[ArtifactSearchFusionParams]
    """
    The method's parameters.
    """


class ArtifactSearchLineage(TypedDict, closed=True):
    """
    The revision's direct evidence (PowerContext 1.4.1's Artifact lineage).
    """

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


class ArtifactTagSet(TypedDict, closed=True):
    """
    An artifact's complete current tag set.
    """

    scope_id: str
    """
    The Scope.
    """
    target: ArtifactTagTarget
    """
    The tagged artifact.
    """
    tags: list[str]
    """
    The tags' display text, ordered by the UTF-8 bytes of their normalised forms.
    """
    tag_digest: str
    """
    sha256 of the RFC 8785 JSON {"tags": tags}; informational (If-Match takes the ETag, not this).
    """


class AtomicMemoryContent(TypedDict, closed=True):
    """
    An atomic memory: one short text. The text is NFC-normalised and stripped, then limited to 8192 UTF-8 bytes. creation is maintained by the server: served on every revision (null unless the revision is a merge result's revision 1), and a write may only leave it out or send null (anything else is 422, rule creation_maintained_by_server).
    """

    schema: NotRequired[Literal["powercontext.atomic-memory.v1"]]
    """
    The atomic memory content schema.
    """
    kind: str
    """
    What kind of memory this is, such as decision or fact.
    """
    text: str
    """
    The memory text (at most 8192 UTF-8 bytes after NFC and strip).
    """
    creation: NotRequired[AtomicMemoryCreation | None]
    """
    The merge that created this memory, or null; maintained by the server (a write may only omit it or send null).
    """


class AtomicMemoryInput(TypedDict, closed=True):
    """
    An atomic memory at the revision and state version the caller last saw.
    """

    artifact: ArtifactReference
    """
    The memory's head revision (family atomic-memory).
    """
    state_version: int
    """
    The state version the caller last saw.
    """


class AtomicMemoryLifecycleRequest(TypedDict, closed=True):
    """
    Forget an active memory: PowerContext 1.4.1's request, {scope_id, target: {artifact, state_version}, state: "forgotten"}. Forgetting a memory that is already forgotten, at its current revision and state_version, changes nothing (200, changed false). pcreceipt extension: state "retired" retires an active merge result.
    """

    scope_id: str
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


class AtomicMemoryRecord(TypedDict, closed=True):
    """
    An atomic memory after a mutation.
    """

    artifact: ArtifactReference
    """
    The head revision.
    """
    kind: str
    """
    The memory kind.
    """
    text: str
    """
    The memory text.
    """
    state: Literal["active", "forgotten", "merged", "retired"]
    """
    The lifecycle state.
    """
    state_version: int
    """
    The state version.
    """
    merged_into_id: str | None
    """
    The merge result, or null.
    """


class AtomicMemoryRestorationPreview(TypedDict, closed=True):
    """
    What the restoration would do, and a token that holds the restoration to it.
    """

    preview_token: str
    """
    Opaque; send it as restore_atomic_memory's preview_token with the same scope_id, target and operation.
    """
    expires_at: str
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
    undo_merge_results: list[str]
    """
    The merge results whose merges are undone, from the path's end inward.
    """


class AtomicMemoryRestorationPreviewRequest(TypedDict, closed=True):
    """
    Ask what a restoration would do, writing nothing.
    """

    scope_id: str
    """
    The Scope.
    """
    target: AtomicMemoryRestorationTarget
    """
    The memory the restoration starts from.
    """
    operation: NotRequired[Literal["restore", "undo_merge"]]
    """
    restore (the default) or undo_merge.
    """


class AtomicMemoryRestorationRequest(TypedDict, closed=True):
    """
    Restore an Atomic Memory (or undo its merge) in one transaction: every memory on its current merge path is brought back or retired together, or nothing is written.
    """

    scope_id: str
    """
    The Scope.
    """
    target: AtomicMemoryRestorationTarget
    """
    The memory the restoration starts from.
    """
    operation: NotRequired[Literal["restore", "undo_merge"]]
    """
    restore (the default) or undo_merge.
    """
    preview_token: NotRequired[str | None]
    """
    A token from preview_atomic_memory_restoration for this exact request: the restoration then happens only if the merge path still ends where the preview saw it (else 409 preview_stale), and never after the token expired (409 preview_expired). A token for another request, altered or not the server's is 422 invalid_preview.
    """


class AtomicMemoryRestorationResponse(TypedDict, closed=True):
    """
    What the restoration did.
    """

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
    undo_merge_results: list[str]
    """
    The merge results whose merges were undone, from the path's end inward.
    """


class AtomicMemorySearchHit(TypedDict, closed=True):
    """
    One hit: the memory, its fused reciprocal-rank score and the channels that found it.
    """

    memory: AtomicMemoryRecord
    """
    The memory (its head, active).
    """
    score: float
    """
    The reciprocal-rank score: the sum over the channels that found the hit of 1 / (60 + its rank there), ranks from 1.
    """
    matched_by: list[Literal["text", "vector"]]
    """
    The channels that found the hit, text first.
    """


class AtomicMemoryStateView(TypedDict, closed=True):
    """
    The head and lifecycle of an atomic memory.
    """

    artifact: ArtifactReference
    """
    The head revision.
    """
    state: Literal["active", "forgotten", "merged", "retired"]
    """
    The lifecycle state.
    """
    state_version: int
    """
    Incremented by every lifecycle change.
    """
    merged_into_id: str | None
    """
    The merge result this memory was merged into, or null.
    """


class BootstrapContextItem(TypedDict, closed=True):
    """
    One item of a bootstrap package.
    """

    kind: Literal["atomic-memory", "handoff"]
    """
    What the item is.
    """
    scope_id: str
    """
    The item's Scope.
    """
    artifact: BootstrapHandoffReference
    """
    The exact revision.
    """
    content_digest: str
    """
    The revision's content digest.
    """
    truncated: bool
    """
    Whether the item's body was cut.
    """


class BootstrapContextRequest(TypedDict, closed=True):
    """
    Ask for the opt-in bootstrap package of one host lifecycle event.
    """

    scope_id: str
    """
    The current Scope.
    """
    enabled: NotRequired[bool]
    """
    Whether the host opted in to a package; when false the answer is skipped/disabled.
    """
    profile: NotRequired[Literal["powercontext.scope-bootstrap.v1"]]
    """
    The package profile.
    """
    lifecycle: Literal["startup", "resume", "clear", "compact", "restore", "fork"]
    """
    The host lifecycle boundary.
    """
    integration: str
    """
    The host integration's name.
    """
    event_id: NotRequired[str]
    """
    A stable host event identity; stored only as a digest, so a retry of the same event reuses its receipt.
    """
    max_bytes: NotRequired[int]
    """
    The package's byte budget.
    """
    handoff: NotRequired[BootstrapHandoffReference]
    """
    An exact committed Handoff revision to include.
    """


class Capabilities(TypedDict, closed=True):
    """
    What the assembled runtime can do (PowerContext's Capabilities); features pcreceipt lacks are false or empty.
    """

    prompts: dict[str, PromptCapability]
    """
    Every PowerContext 1.4.1 prompt key (the sixteen of PromptCatalogueKey), as 1.4.1 lists them: memory.rerank (prepare's model reranker) and atomic_memory.extract (flush_memory's Memory extraction) are supported exactly when their component runs, else disabled with the reason; handoff.generate (Handoff drafts by prepare_handoff and activate_handoff) is supported exactly when a generation provider is configured, else disabled (provider_not_configured); experience.generate and skill.generate are unsupported (injected_component) while generation runs, since their prompts are fixed and no Scope's prompt replaces them, else disabled (provider_not_configured); every other key names a prompt pcreceipt never runs: disabled, provider_not_configured without a generation provider (1.4.1's answer without one), operation_disabled with one.
    """
    artifact_dreaming: bool
    """
    Whether asynchronous Artifact Dream runs are executed: true exactly when a generation provider (base URL and model) is configured.
    """
    artifact_dreaming_operations: NotRequired[list[ArtifactDreamingOperationCapability]]
    """
    The Dream operations this server runs (refine_experience and derive_skill, each a reviewed Candidate published on approval), sent to a client of Dream contract 2 (its X-PowerContext-Dream-Contract: 2 header, or an MCP call), empty without a generation provider; absent for any other client. PowerContext 1.4.1 answers both ways (its official client and every host send the header).
    """
    source_types: list[str]
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


class CaptureContentSourceRequest(TypedDict, closed=True):
    """
    Capture raw content as an immutable Content Source of the Scope, pending for Memory extraction.
    """

    scope_id: str
    """
    The Scope the Source belongs to.
    """
    source_id: str
    """
    The caller's stable identity of the Source within the Scope: a replay of the same id with the same content and metadata answers the first capture's receipt; other content or metadata under the id is 409 source_conflict.
    """
    content: str
    """
    The raw content. A JSON object text whose schema is powercontext.handoff-receipt.v1 is server-reserved and refused.
    """
    metadata: NotRequired[dict[str, Any] | None]
    """
    Caller metadata, stored as given; null or absent for none.
    """


class CaptureContentSourceResponse(TypedDict, closed=True):
    """
    The receipt of a capture: the Source's identity and its position in the Scope's Source sequence.
    """

    status: Literal["accepted"]
    """
    Always accepted: the Source is stored.
    """
    source: CapturedSourceReference
    """
    The Source captured.
    """
    position: int
    """
    The Source's position in its Scope: unique and increasing in capture order, shared by every Source of the Scope (artifact writes record one too).
    """


class CaptureWorkingNoteRequest(TypedDict, closed=True):
    """
    Capture short-lived, session-local working state as a Source. A Working Note is evidence only: it is never extracted into Memory.
    """

    scope_id: str
    """
    The Scope the note belongs to.
    """
    source_id: str
    """
    The caller's stable identity of the note within the Scope (replay and conflict as for capture_content_source).
    """
    content: str
    """
    The note.
    """
    session_id: str
    """
    The host session the note belongs to (correlation only, not an access boundary).
    """
    note_kind: Literal[
        "inspection", "abandoned_approach", "validation", "unresolved", "host_context"
    ]
    """
    What the note records.
    """
    expires_at: NotRequired[str | None]
    """
    An optional logical expiry: an ISO 8601 date-time with a time zone, in the future when captured (else 422 with details.field expires_at and details.reason missing_time_zone or not_in_future). An exact replay stays accepted after the expiry.
    """


class ClearScopeBindingRequest(TypedDict, closed=True):
    """
    Remove the binding of one key.
    """

    key: ScopeBindingKey
    """
    The key whose binding is removed.
    """


class CodeEvidenceRef(TypedDict, closed=True):
    """
    An exact line range of an indexed code file, with the hash of the snippet actually used.
    """

    scope_id: str
    """
    The Scope whose workspace holds the file.
    """
    fingerprint: str
    """
    The indexed workspace fingerprint.
    """
    path: str
    """
    The file's repository-relative path.
    """
    file_sha256: str
    """
    SHA-256 of the whole file's bytes.
    """
    start_line: int
    """
    First line of the range, 1-based.
    """
    end_line: int
    """
    Last line of the range, inclusive; not before start_line.
    """
    snippet_sha256: str
    """
    SHA-256 of the UTF-8 bytes of the final snippet.
    """


class CodeFileUpload(TypedDict, closed=True):
    """
    One text file of a workspace.
    """

    path: str
    """
    Repository-relative path.
    """
    content: str
    """
    The file's text (UTF-8).
    """


class CodeMapOperation(TypedDict, closed=True):
    """
    PowerContext's structural map (pcreceipt: 501 unsupported_capability).
    """

    kind: Literal["map"]
    """
    The operation.
    """
    path_prefix: NotRequired[Literal[""] | str]
    """
    Only paths under this repository-relative directory; empty for the whole workspace.
    """
    limit: NotRequired[int]
    """
    At most this many items.
    """
    depth: NotRequired[int]
    """
    How many relation steps to follow.
    """


class CodeQueryItem(TypedDict, closed=True):
    """
    A line range of an indexed file with its text.
    """

    path: str
    """
    The repository-relative path.
    """
    start_line: int
    """
    First line (1-based).
    """
    end_line: int
    """
    Last line, inclusive.
    """
    file_sha256: str
    """
    sha256 of the whole file's bytes.
    """
    snippet_sha256: str
    """
    sha256 of content's UTF-8 bytes.
    """
    content: str
    """
    The lines as in the file, with their line endings (the last line of a file may have none).
    """


class CodeQueryResult(TypedDict, closed=True):
    """
    The answer of an explore or read operation (PowerContext's powercontext.code-query.v1).
    """

    schema: Literal["powercontext.code-query.v1"]
    """
    The message schema.
    """
    scope_id: str
    """
    The Scope.
    """
    fingerprint: str
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
    checked_at: str
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
    items: list[CodeQueryItem]
    """
    The ranges, best first for explore.
    """
    coverage: CodeCoverage
    """
    What the index covers.
    """
    limitations: list[Literal["output_budget", "text_search_only"]]
    """
    What the answer cannot show: text_search_only (explore matches text, not symbols or relations), output_budget (items left out or cut to fit max_bytes).
    """


class CodeRange(TypedDict, closed=True):
    """
    An exact line range of an indexed file.
    """

    evidence: CodeEvidenceRef
    """
    The range's identity; snippet_sha256 hashes the lines joined with newlines.
    """
    lines: list[str]
    """
    The range's lines, without line terminators.
    """


class CodeReadOperation(TypedDict, closed=True):
    """
    Read an inclusive line range of one file of the current workspace; the range holds 1 to 200 lines and is cut at the file's end.
    """

    kind: Literal["read"]
    """
    The operation.
    """
    path: str
    """
    The repository-relative path.
    """
    file_sha256: str
    """
    The file version the caller saw (from an explore item).
    """
    start_line: int
    """
    First line (1-based).
    """
    end_line: int
    """
    Last line, inclusive: at least start_line and below start_line + 200.
    """


class CodeRelationOperation(TypedDict, closed=True):
    """
    PowerContext's call-graph walks (pcreceipt: 501 unsupported_capability).
    """

    kind: Literal["callers", "callees", "impact"]
    """
    The operation.
    """
    path_prefix: NotRequired[Literal[""] | str]
    """
    Only paths under this repository-relative directory; empty for the whole workspace.
    """
    limit: NotRequired[int]
    """
    At most this many items.
    """
    symbol_id: str
    """
    The symbol to start from.
    """
    depth: NotRequired[int]
    """
    How many relation steps to follow.
    """


class CodeSearchOperation(TypedDict, closed=True):
    """
    Search the index. explore: full-text search over the indexed lines (pcreceipt's index); symbols: a symbol-name search (pcreceipt has no symbol table: 501 unsupported_capability).
    """

    kind: Literal["symbols", "explore"]
    """
    The operation.
    """
    path_prefix: NotRequired[Literal[""] | str]
    """
    Only paths under this repository-relative directory; empty for the whole workspace.
    """
    limit: NotRequired[int]
    """
    At most this many items.
    """
    query: str
    """
    What to look for.
    """


class CodeStatus(TypedDict, closed=True):
    """
    The state of the Scope's code index (PowerContext's powercontext.code-status.v1): ready with the current workspace, or missing before the first indexing.
    """

    schema: Literal["powercontext.code-status.v1"]
    """
    The message schema.
    """
    scope_id: str
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
    fingerprint: str | None
    """
    The current workspace fingerprint, or null when missing.
    """
    engine: Literal["pcreceipt-text-v1"]
    """
    The index: lines of text in overlapping windows.
    """
    languages: list[str]
    """
    Empty: the text index is the same for every language.
    """
    operations: list[Literal["status", "explore", "read"]]
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


class CodeTestsOperation(TypedDict, closed=True):
    """
    PowerContext's test discovery (pcreceipt: 501 unsupported_capability).
    """

    kind: Literal["affected_tests", "impact_changes"]
    """
    The operation.
    """
    path_prefix: NotRequired[Literal[""] | str]
    """
    Only paths under this repository-relative directory; empty for the whole workspace.
    """
    limit: NotRequired[int]
    """
    At most this many items.
    """
    paths: list[str]
    """
    The changed paths.
    """


class CodeWorkspace(TypedDict, closed=True):
    """
    An indexed code workspace.
    """

    scope_id: str
    """
    The Scope.
    """
    fingerprint: str
    """
    The workspace fingerprint.
    """
    files: int
    """
    Indexed files.
    """
    lines: int
    """
    Indexed lines.
    """
    skipped: int
    """
    Files skipped.
    """
    indexed_at: str
    """
    When it was indexed.
    """


class ConnectorBinding(TypedDict, closed=True):
    """
    One remote Connector binding: the Scope it feeds, the binding's id within that Scope, and the Connector's name and version. A binding id belongs to the first name and version that committed a checkpoint under it; another name or version under the same (scope_id, binding_id) is 409 connector_checkpoint_conflict.
    """

    scope_id: str
    """
    The Scope the binding feeds (authorised with write; 404 scope_not_found when it does not exist).
    """
    binding_id: str
    """
    The binding's id within its Scope: 1 to 256 characters with at least one non-space.
    """
    connector_name: str
    """
    The Connector's name: 1 to 128 characters with at least one non-space.
    """
    connector_version: str
    """
    The Connector's version: 1 to 128 characters with at least one non-space.
    """


class ConnectorCheckpointState(TypedDict, closed=True):
    """
    A binding and its current checkpoint (null when it never committed one).
    """

    binding: ConnectorBinding
    """
    The binding, as asked.
    """
    checkpoint: Any
    """
    Its current value: null until the first commit.
    """


class CreateAtomicMemoryRequest(TypedDict, closed=True):
    """
    Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile).
    """

    family: Literal["atomic-memory"]
    """
    The artifact family.
    """
    content: AtomicMemoryContent
    """
    The artifact content.
    """


class CreateTopicMemoryRequest(TypedDict, closed=True):
    """
    Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile).
    """

    family: Literal["topic-memory"]
    """
    The artifact family.
    """
    content: TopicMemoryContent
    """
    The artifact content.
    """


class CreateRemoteSkillTargetRequest(TypedDict, closed=True):
    """
    A new pending target.
    """

    scope_id: str
    """
    The Scope.
    """
    agent_kind: Literal["codex", "claude_code"]
    """
    The Agent it installs Skills for.
    """
    display_name: str
    """
    The human-readable name (surrounding spaces are dropped).
    """


class CreateScopeRequest(TypedDict, closed=True):
    """
    Create a Scope (idempotent by idempotency_key).
    """

    title: str
    """
    The Scope title.
    """
    summary: str
    """
    What the Scope is about.
    """
    idempotency_key: str
    """
    The same key returns the same Scope.
    """
    parent_scope_id: NotRequired[str | None]
    """
    An existing parent Scope, or null.
    """
    context_references: NotRequired[list[str]]
    """
    Other existing Scopes that prepare also searches (direct only, never itself).
    """
    external_references: NotRequired[list[ExternalReference]]
    """
    References outside pcreceipt.
    """


class CreateSubjectSourceRequest(TypedDict, closed=True):
    """
    One Source to write to the business Scope and to the Scope of its subject, at once.
    """

    subject_key: str
    """
    The subject's stable key (the external id of its binding).
    """
    subject_type: NotRequired[Literal["user"]]
    """
    The kind of subject (user, the default and only one).
    """
    subject_scope_id: NotRequired[str | None]
    """
    The subject Scope to bind an unbound subject to (null or absent: a new Scope). For a bound subject it must name the bound Scope, else 409 subject_scope_conflict.
    """
    source_type: NotRequired[Literal["content"]]
    """
    The Source type (content, the default).
    """
    content: Any
    """
    Any JSON value, stored identically in both Scopes (refused as create_source refuses it).
    """


class DownloadRemoteSkillPackageRequest(TypedDict, closed=True):
    """
    The exact package a target's current publication generation desires.
    """

    generation: int
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


class DreamEvidenceNode(TypedDict, closed=True):
    """
    An evidence item's digest and exact provenance, never its body.
    """

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


class DreamRootEvidenceGroup(TypedDict, closed=True):
    """
    Sources sharing a root.
    """

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


class DreamTagTarget(TypedDict, closed=True):
    """
    A tag set under review (revise_tags, which this server does not run): the target, its tag ETag and the exact revision the tags were read against.
    """

    target: Target | Target1
    """
    The tagged artifact or Memory entry.
    """
    expected_etag: str
    """
    The tag set's ETag.
    """
    basis_ref: ReviewArtifactReference
    """
    The exact revision.
    """


class EntryChange(TypedDict, closed=True):
    """
    One entry change of a legacy collection revision.
    """

    op: Literal["add", "revise", "deactivate", "reactivate", "compact"]
    """
    The change.
    """
    entry_id: str
    """
    The entry.
    """
    from_entry_version_id: str | None
    """
    The version before, or null.
    """
    to_entry_version_id: str | None
    """
    The version after, or null.
    """
    reason: str | None
    """
    Why, or null.
    """


class ErrorDetails(TypedDict, closed=True):
    """
    Structured, content-free error detail: locations and rule names, never submitted values.
    """

    violations: NotRequired[list[Violation]]
    """
    Each violated rule with the JSON Pointer of the offending location.
    """
    current_revision: NotRequired[int]
    """
    On a conflict: the artifact's current head revision.
    """
    current_state_version: NotRequired[int]
    """
    On a conflict: the artifact's current lifecycle state version.
    """
    current_etag: NotRequired[str]
    """
    On revision_conflict (412): the current ETag of the artifact head.
    """
    provided_etag: NotRequired[str]
    """
    On revision_conflict (412): the If-Match the request sent (an entity tag of at most 64 characters, as the header allows).
    """
    reason: NotRequired[
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
    ]
    """
    Which conflict a 409 is (ConflictReason); why a request or cursor was refused (RequestReason, with field); or why a request field was refused by a rule beyond its schema (FieldReason, with field). On a refused candidate: CandidateReason, with field. On a refused Dream selection: DreamReason, with field.
    """
    scope_id: NotRequired[str]
    """
    On scope_binding_target_missing: the Scope a stored binding or the default points at, which does not exist.
    """
    field: NotRequired[
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
    ]
    """
    On invalid_cursor, on a refused combination of query parameters, and on a request field refused by a rule beyond its schema: the parameter or field concerned. On a refused candidate: artifact_refs or target. On distinct_scopes_required: scope_id. On a refused Dream selection: artifacts, sources or target. On artifact_search_not_supported: family or mode.
    """
    expected_version: NotRequired[int]
    """
    On scope_version_conflict and candidate_conflict: the version the request expected.
    """
    current_version: NotRequired[int]
    """
    On scope_version_conflict and candidate_conflict: the current version.
    """
    relationship: NotRequired[Literal["Parent", "Context Reference"]]
    """
    On invalid_scope_relationship: which link is refused.
    """
    issue: NotRequired[
        Literal[
            "a Scope cannot parent itself",
            "relationships must be acyclic",
            "a Scope cannot reference itself",
        ]
    ]
    """
    On invalid_scope_relationship: why the link is refused.
    """
    family: NotRequired[
        Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
        | Literal["experience", "skill"]
    ]
    """
    On artifact_publication_unsupported: the family publication cannot deliver; on generation_unavailable: the family whose generation is not configured.
    """
    status: NotRequired[Literal["approved", "rejected"]]
    """
    On candidate_terminal: the decision already taken.
    """
    current: NotRequired[Current]
    """
    On artifact_conflict: the target's current head.
    """
    kind: NotRequired[
        Literal["artifact_family", "artifact_handle", "profile_policy", "subject_scope"]
    ]
    """
    On legacy_memory_operation_unsupported: what is unsupported (artifact_family); on idempotency_conflict: the stable identity that names other state (artifact_handle; profile_policy: put_profile_policy's expected_version is not the current version); on subject_scope_conflict: subject_scope. PowerContext 1.4.1's words.
    """
    name: NotRequired[Literal["memory"]]
    """
    On legacy_memory_operation_unsupported: the family (memory, the legacy collection).
    """
    operation: NotRequired[
        Literal[
            "entry tags",
            "collection capacity",
            "citation revise",
            "citation retire",
            "continuous collection changes",
            "tag query",
        ]
    ]
    """
    On legacy_memory_operation_unsupported: the legacy operation refused, in PowerContext 1.4.1's words.
    """
    alternatives: NotRequired[list[str]]
    """
    On legacy_memory_operation_unsupported: the Atomic Memory routes to rebuild the request with (METHOD path templates; empty when there is no equivalent).
    """
    instruction: NotRequired[str]
    """
    On legacy_memory_operation_unsupported: how to rebuild the request with Atomic Memory.
    """
    estimated_bytes: NotRequired[int]
    """
    On handoff_report_too_large: the report's size in bytes.
    """
    selected_scopes: NotRequired[int]
    """
    On handoff_report_too_large: how many Scopes the selection holds.
    """
    required_dream_contract: NotRequired[Literal[2]]
    """
    On client_upgrade_required: the Dream contract the operation needs (2).
    """


class ExactScopeSelection(TypedDict, closed=True):
    """
    Exactly these Scopes; each must exist.
    """

    mode: Literal["exact"]
    """
    The selection mode.
    """
    scope_ids: list[str]
    """
    The Scopes, each once.
    """


class ExternalSkillRegistration(TypedDict, closed=True):
    """
    One package found by a scan of the configured registry directory.
    """

    external_skill_id: str
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
    host_id: str
    """
    The server host's configured id.
    """
    installation_scope: Literal["user", "project", "plugin"]
    """
    Its installation scope.
    """
    locator: str
    """
    The package folder on the server's host; not meaningful elsewhere.
    """
    fingerprint: str
    """
    The package fingerprint (sha256 over its files, PowerContext 1.4.1's).
    """
    name: str
    """
    The Skill's name (its SKILL.md frontmatter).
    """
    description: str
    """
    What the Skill is for (its SKILL.md frontmatter).
    """


class ExternalSkillResolution(TypedDict, closed=True):
    """
    A registration resolved now against the registry directory.
    """

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


class FailureRecord(TypedDict, closed=True):
    """
    How an experience failed, so the same failure can be recognised again.
    """

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


class FlushMemoryRequest(TypedDict, closed=True):
    """
    Process the Scope's pending Source window into Memory.
    """

    scope_id: str
    """
    The Scope.
    """


class FlushProfileRequest(TypedDict, closed=True):
    """
    Which Scope's Profile to process one Source window for.
    """

    scope_id: str
    """
    The Scope.
    """


class FlushProfileResponse(TypedDict, closed=True):
    """
    What one Profile flush did (1.4.1's FlushProfileResponse).
    """

    status: Literal["updated", "noop", "review_pending", "disabled", "conflict"]
    """
    The flush's outcome.
    """
    previous_cursor: int
    """
    The Profile cursor before the flush.
    """
    current_cursor: int
    """
    The Profile cursor after it (on conflict: the cursor as the winner left it).
    """
    high_watermark: int
    """
    The Scope's highest Source position when the flush read it.
    """
    processed_source_count: int
    """
    How many evidence Sources of the window were given to the model (Sources that are not evidence, such as artifact lineage and Working Notes, are passed without counting).
    """
    artifact: NotRequired[ArtifactReference | None]
    """
    The Profile revision written (status updated), else null.
    """
    candidate_id: NotRequired[str | None]
    """
    The Profile candidate awaiting review (status review_pending), else null.
    """


class FlushTopicMemoryRequest(TypedDict, closed=True):
    """
    Which Scope's Topic Memory processing to request.
    """

    scope_id: str
    """
    The Scope.
    """


class GenerateExperienceRequest(TypedDict, closed=True):
    """
    Generate one Experience proposal from exact evidence with the configured chat model, stored as a pending candidate (never approved).
    """

    scope_id: str
    """
    The Scope.
    """
    source_refs: list[SourceReference]
    """
    Exact Source evidence the model reads: captured content Sources of the Scope. Counted with artifact_refs toward a combined maximum of 32 references.
    """
    artifact_refs: list[ReviewArtifactReference]
    """
    Exact artifact evidence the model reads: revisions of the Scope (no prompt; an Atomic Memory must be active). Counted with source_refs toward a combined maximum of 32 references.
    """
    target: NotRequired[ReviewArtifactReference | None]
    """
    The exact current head the generated proposal would replace (also in artifact_refs); null for a new artifact.
    """
    reason: NotRequired[str | None]
    """
    Why the candidate is generated (trimmed).
    """


class GenerateSkillRequest(TypedDict, closed=True):
    """
    Generate one managed Skill proposal from exact evidence with the configured chat model, stored as a pending candidate (never approved).
    """

    scope_id: str
    """
    The Scope.
    """
    origin: Literal["experience", "source", "usage"]
    """
    The provenance shape the evidence must have.
    """
    source_refs: list[SourceReference]
    """
    Exact Source evidence the model reads: captured content Sources of the Scope. Counted with artifact_refs toward a combined maximum of 32 references.
    """
    artifact_refs: list[ReviewArtifactReference]
    """
    Exact artifact evidence the model reads: revisions of the Scope (no prompt; an Atomic Memory must be active). Counted with source_refs toward a combined maximum of 32 references.
    """
    target: NotRequired[ReviewArtifactReference | None]
    """
    The exact current head the generated proposal would replace (also in artifact_refs); null for a new artifact.
    """
    reason: NotRequired[str | None]
    """
    Why the candidate is generated (trimmed).
    """


class GetCandidateRequest(TypedDict, closed=True):
    """
    One candidate by id.
    """

    scope_id: str
    """
    The Scope.
    """
    candidate_id: str
    """
    The candidate.
    """


class GetConnectorCheckpointRequest(TypedDict, closed=True):
    """
    Read one binding's checkpoint.
    """

    binding: ConnectorBinding
    """
    The binding whose checkpoint to read.
    """


class GetExperienceRequest(TypedDict, closed=True):
    """
    An exact Experience revision to read.
    """

    scope_id: str
    """
    The Scope.
    """
    artifact: ReviewArtifactReference
    """
    The exact revision (family experience).
    """


class GetMemoryCapacityRequest(TypedDict, closed=True):
    """
    Ask a legacy Memory collection's capacity; Atomic Memory has no collection capacity, so this is always 422 legacy_memory_operation_unsupported after the request is validated.
    """

    scope_id: str
    """
    The Scope named.
    """


class GetMemoryEntryRequest(TypedDict, closed=True):
    """
    Read the Atomic Memory a legacy Memory entry was migrated to: exactly one of target and citation (both or neither is 422 invalid_request). A citation is 422 legacy_memory_operation_unsupported.
    """

    scope_id: str
    """
    The Scope read.
    """
    target: NotRequired[LegacyMemoryTarget]
    """
    The legacy logical entry. pcreceipt never held legacy Memory collections, so no entry was migrated and a target in an existing Scope is 404 artifact_not_found.
    """
    citation: NotRequired[dict[str, Any]]
    """
    A legacy exact entry citation: refused (422 legacy_memory_operation_unsupported); read exact Atomic revisions with get_artifact_revision.
    """


class GetSkillPackageRequest(TypedDict, closed=True):
    """
    An exact approved managed Skill revision whose package is asked for.
    """

    scope_id: str
    """
    The Scope.
    """
    artifact: ReviewArtifactReference
    """
    The exact revision (family skill).
    """


class GetSkillRequest(TypedDict, closed=True):
    """
    An exact managed Skill revision to read.
    """

    scope_id: str
    """
    The Scope.
    """
    artifact: ReviewArtifactReference
    """
    The exact revision (family skill).
    """


class GetTopicMemoryProcessingBlockRequest(TypedDict, closed=True):
    """
    One retained processing block of a Scope.
    """

    scope_id: str
    """
    The Scope.
    """
    block_id: str
    """
    A block id status answered: 1 to 36 characters.
    """


class GetTopicMemoryRequest(TypedDict, closed=True):
    """
    Read one exact Topic Memory revision.
    """

    scope_id: str
    """
    The Scope read.
    """
    artifact: ArtifactReference
    """
    The exact revision (family topic-memory; another family is 422 invalid_request, rule topic_memory_family).
    """


class HandoffAddress(TypedDict, closed=True):
    """
    A committed Handoff revision with its Scope (1.4.1's ArtifactAddress of family handoff, artifact_id handoff).
    """

    scope_id: str
    """
    The Scope.
    """
    artifact: WorkArtifactReference
    """
    The revision.
    """


class HandoffArtifactCitation(TypedDict, closed=True):
    """
    Evidence: one exact artifact revision of the request's Scope.
    """

    kind: Literal["artifact"]
    """
    Always artifact.
    """
    artifact_ref: WorkArtifactReference
    """
    The cited revision.
    """


class HandoffGenerationMetadata(TypedDict, closed=True):
    """
    The generation origin a server stores with generated content (PowerContext 1.4.1's shape). pcreceipt generates none: committed content carrying it without a matching receipt is 422 invalid_handoff_generation.
    """

    scope_id: str
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
    definition_version: str
    """
    The prompt definition version.
    """
    builtin_version: str
    """
    The built-in prompt version.
    """
    compiled_digest: str
    """
    Hex SHA-256 of the compiled prompt.
    """
    original_draft_digest: str
    """
    Hex SHA-256 of the generated draft.
    """
    edit_status: Literal["unchanged", "edited"]
    """
    Whether the draft was edited after generation.
    """


class HandoffSourceCitation(TypedDict, closed=True):
    """
    Evidence: one Source of the request's Scope.
    """

    kind: Literal["source"]
    """
    Always source.
    """
    source_ref: WorkSourceReference
    """
    The cited Source.
    """


class ImportArtifactsResponse(TypedDict, closed=True):
    """
    The created artifacts, in request order.
    """

    created: list[ArtifactReference]
    """
    One reference per imported item.
    """


class ImportExternalSkillRequest(TypedDict, closed=True):
    """
    Import or fork one exact external Skill into review.
    """

    scope_id: str
    """
    The Scope the candidate is proposed in.
    """
    external_skill_id: str
    """
    The external Skill's identity: <agent_kind>:<installation_scope>:<target_id>/<folder>.
    """
    fingerprint: str
    """
    The exact package fingerprint, recorded in the snapshot Source.
    """
    mode: Literal["import", "fork"]
    """
    import or fork.
    """
    reason: NotRequired[str | None]
    """
    Why (trimmed).
    """


class IndexCodeRequest(TypedDict, closed=True):
    """
    Replace the Scope's code workspace with these files.
    """

    files: list[CodeFileUpload]
    """
    The workspace's text files (unique paths).
    """
    skipped: NotRequired[int]
    """
    Files the client skipped (binary, too large, ignored).
    """


class ListAccessAuditRequest(TypedDict, closed=True):
    """
    List audit events under a resource the caller administers.
    """

    resource: ServerAccessResource | ScopeAccessResource
    """
    The server (every event) or a Scope (its events).
    """
    action: NotRequired[
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
    ]
    """
    Only this action's, or null.
    """
    subject: NotRequired[AccessPrincipal | AccessGroup | None]
    """
    Only this Principal's, or null.
    """
    result: NotRequired[Literal["allowed", "denied"] | None]
    """
    Only allowed or only denied events, or null.
    """
    time_range: NotRequired[AccessAuditTimeRange | None]
    """
    Only events in the range, or null.
    """
    cursor: NotRequired[str | None]
    """
    The previous page's next_cursor, or null.
    """
    limit: NotRequired[int]
    """
    Page size.
    """


class ListAtomicMemoryRequest(TypedDict, closed=True):
    """
    List a Scope's Atomic Memory heads in artifact id order, by lifecycle state and kind.
    """

    scope_id: str
    """
    The Scope listed.
    """
    states: NotRequired[list[Literal["active", "forgotten", "merged", "retired"]]]
    """
    The lifecycle states listed (distinct, at least one); active only when absent.
    """
    kind: NotRequired[str | None]
    """
    Only memories of this kind, or null for any.
    """
    tags: NotRequired[list[str]]
    """
    Only memories whose artifact carries these tags (compared by key: NFC, case folded), combined by tag_match, applied before the limit; a refused tag is 422 at its index. An empty list filters nothing.
    """
    tag_match: NotRequired[Literal["all", "any"]]
    """
    How tags combine (all or any).
    """
    limit: NotRequired[int]
    """
    The most items on the page.
    """
    cursor: NotRequired[str | None]
    """
    A next_cursor of an earlier page of this listing with the same filters, or null for the first page. A cursor this server did not sign, or one of another listing or other filters, is 400 invalid_cursor; one older than an hour is 410 cursor_expired.
    """


class ListAtomicMemoryResponse(TypedDict, closed=True):
    """
    One page of Atomic Memory heads, in artifact id order.
    """

    items: list[AtomicMemoryRecord]
    """
    The memories of the page.
    """
    next_cursor: str | None
    """
    Continues the listing with the same request (valid for an hour), or null on the last page.
    """


class ListCandidatesRequest(TypedDict, closed=True):
    """
    A page of the Scope's candidates in one review state, by candidate id.
    """

    scope_id: str
    """
    The Scope.
    """
    status: NotRequired[Literal["pending", "approved", "rejected"]]
    """
    The review state listed.
    """
    family: NotRequired[
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
    ]
    """
    Only this family.
    """
    cursor: NotRequired[str | None]
    """
    The previous page's next_cursor (signed; bound to the Scope and the filters).
    """
    limit: NotRequired[int]
    """
    At most this many candidates.
    """
    candidate_kind: NotRequired[Literal["artifact", "tag"] | None]
    """
    Only this kind (tag: none exist here).
    """


class ListExternalSkillsRequest(TypedDict, closed=True):
    """
    List the Scope's registered external Skills, resolved now.
    """

    scope_id: str
    """
    The Scope.
    """
    include_unavailable: NotRequired[bool]
    """
    Also list registrations whose package is no longer there as registered.
    """


class ListExternalSkillsResponse(TypedDict, closed=True):
    """
    The resolutions, by name then identity.
    """

    skills: list[ExternalSkillResolution]
    """
    One resolution per listed registration.
    """


class ListManagedSkillsRequest(TypedDict, closed=True):
    """
    List or search the Scope's current managed Skills.
    """

    scope_id: str
    """
    The Scope.
    """
    query: NotRequired[str | None]
    """
    Keep Skills whose name, description, instructions or metadata values hold this text (case folded); null lists all.
    """
    include_deprecated: NotRequired[bool]
    """
    Also list deprecated Skills (retired ones are never listed).
    """
    limit: NotRequired[int]
    """
    At most this many Skills.
    """


class ListMemoryChangesRequest(TypedDict, closed=True):
    """
    Read a legacy Memory collection's continuous changes; always 422 legacy_memory_operation_unsupported after the request is validated and authorised.
    """

    scope_id: str
    """
    The Scope named.
    """
    since_revision: NotRequired[int | None]
    """
    Exclusive lower bound on the collection revision (0: from revision 1), or null.
    """


class ListMemoryEntriesResponse(TypedDict, closed=True):
    """
    One page of Atomic Memory records, in artifact id order.
    """

    entries: list[AtomicMemoryRecord]
    """
    The memories of the page.
    """
    next_cursor: NotRequired[str | None]
    """
    Continues the listing with the same request (valid for an hour), or null on the last page (always sent).
    """


class MemoryCapacity(TypedDict, closed=True):
    """
    PowerContext 1.4.1's legacy capacity answer, kept so clients parse the declared shape; pcreceipt never answers it (no legacy collections).
    """

    memory_ref: ArtifactReference
    """
    The collection revision measured.
    """
    active_entry_count: int
    """
    Active entries.
    """
    manifest_entry_count: int
    """
    Manifest entries.
    """
    manifest_bytes: int
    """
    Canonical bytes of the revision's content.
    """
    compactable_entry_count: int
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


class MemoryEntryInventoryStatistics(TypedDict, closed=True):
    """
    Atomic memories by lifecycle.
    """

    total: int
    """
    Atomic memories.
    """
    active: int
    """
    Active ones.
    """
    inactive: int
    """
    Forgotten, merged or retired ones.
    """
    by_kind: list[MemoryKindCount]
    """
    Per kind, by kind (code point order).
    """


class MemoryInventoryStatistics(TypedDict, closed=True):
    """
    Memory entries.
    """

    entries: MemoryEntryInventoryStatistics
    """
    Atomic memories.
    """


class MemoryRevisionChanges(TypedDict, closed=True):
    """
    The entry changes of one legacy collection revision.
    """

    memory_ref: ArtifactReference
    """
    The revision.
    """
    changes: list[EntryChange]
    """
    Its changes.
    """


class MergeAtomicMemoryRequest(TypedDict, closed=True):
    """
    Merge two or more active memories of one Scope into a new memory.
    """

    scope_id: str
    """
    The Scope.
    """
    inputs: list[AtomicMemoryInput]
    """
    The memories to merge.
    """
    content: AtomicMemoryContent
    """
    The merged memory.
    """
    source_refs: NotRequired[list[SourceTypeReference] | list[SourceReference] | None]
    """
    Source evidence of the merged memory, in order, as PowerContext's SourceReference {name, source_id}: each a captured content Source of the Scope (name content). Served as the result's sources ({source_type, source_id}). A Source the Scope lacks, a Working Note or an artifact's lineage Source is 422 invalid_request (rules source_not_found, source_not_eligible at /source_refs/<i>).
    """
    artifact_refs: NotRequired[list[ArtifactReference] | None]
    """
    Further artifact revisions of the Scope the merged memory derives from. The result's artifacts lineage is the inputs followed by these, each exact revision once. A revision the Scope lacks is 404 not_found; another revision of an input is 422 invalid_request (rule merge_input_revision).
    """


class ModelUsagePurposeBreakdown(TypedDict, closed=True):
    """
    Model usage of one purpose.
    """

    purpose: str
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


class ModelUsageStatistics(TypedDict, closed=True):
    """
    Model usage by operation.
    """

    generation: ModelUsageValue
    """
    Generation.
    """
    embedding: ModelUsageValue
    """
    Embedding.
    """


class PrepareContextRequest(TypedDict, closed=True):
    """
    Ask for a bounded block of project history to inject before a turn.
    """

    scope_id: str
    """
    The current Scope.
    """
    query: str
    """
    The turn's query: 1 to 8192 characters (code points, not bytes) containing a non-space.
    """
    max_bytes: NotRequired[int]
    """
    The UTF-8 byte budget of content.
    """
    include_code: NotRequired[bool]
    """
    Add code evidence from the Scope's indexed workspace.
    """
    explain: NotRequired[bool]
    """
    Add reason to the response when a retrieval channel degraded.
    """
    assembly: NotRequired[ContextAssembly]
    """
    An explicit family selection; null is invalid.
    """
    include_receipt: NotRequired[bool | None]
    """
    Ask for a Receipt. Omitted, null and false are equivalent.
    """
    bootstrap_receipt_id: NotRequired[str | None]
    """
    A bootstrap delivery receipt whose delivered memories the caller already holds (PowerContext 1.4.1), or null as its client sends by default. Accepted and not yet used: no bootstrap package delivers memories yet.
    """


class ProfileContent(TypedDict, closed=True):
    """
    A committed profile snapshot of a Scope.
    """

    content: str
    """
    The profile text.
    """
    restored_from_revision: NotRequired[int | None]
    """
    The historical revision this snapshot restores, or null.
    """


class ProfilePolicy(TypedDict, closed=True):
    """
    A Scope's Profile policy (1.4.1's ProfilePolicyResponse).
    """

    scope_id: str
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
    version: int
    """
    The policy's version: 1 when created, one more with each replacement (put_profile_policy's expected_version).
    """
    updated_at: str
    """
    UTC time of the last put.
    """


class PromptConfiguration(TypedDict, closed=True):
    """
    One prompt key's saved configuration and built-in instructions in one view (1.4.1's PromptConfiguration). status and reason are get_capabilities' for the key.
    """

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


class PromptContent(TypedDict, closed=True):
    """
    A prompt artifact: auto uses the built-in prompt; custom supplies instructions.
    """

    schema_version: Literal["powercontext.prompt.v1"]
    """
    The prompt content schema.
    """
    mode: Literal["auto", "custom"]
    """
    auto (built-in) or custom.
    """
    instructions: str
    """
    Custom instructions; empty in auto mode.
    """
    demonstrations: list[PromptDemonstration]
    """
    Examples.
    """


class PromptDemonstrationResult(TypedDict, closed=True):
    """
    Generated demonstrations, not saved (1.4.1's PromptDemonstrationResult).
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
    demonstrations: list[PromptExample]
    """
    Exactly demonstration_count pairs; each input and expected_output a non-blank string of at most 65,536 characters, so they save into a prompt artifact as they are.
    """


class ProposeSkillPackageRequest(TypedDict, closed=True):
    """
    Propose an uploaded standard Skill package for review.
    """

    scope_id: str
    """
    The Scope the candidate is proposed in.
    """
    archive_base64: str
    """
    The package's ZIP bytes, standard base64 (at most 5 MiB of bytes).
    """
    reason: NotRequired[str | None]
    """
    Why (trimmed).
    """
    target: NotRequired[ReviewArtifactReference | None]
    """
    The exact managed Skill revision this complete package replaces, or null for a new Skill.
    """


class ProposeSkillRequest(TypedDict, closed=True):
    """
    A managed Skill proposal with its exact evidence, stored as a pending candidate.
    """

    scope_id: str
    """
    The Scope.
    """
    proposal: SkillProposal
    """
    The proposed Skill.
    """
    source_refs: list[SourceReference]
    """
    Exact Source evidence: captured content Sources of the Scope. Counted with artifact_refs toward a combined maximum of 32 references.
    """
    artifact_refs: list[ReviewArtifactReference]
    """
    Exact artifact evidence: revisions of the Scope. Counted with source_refs toward a combined maximum of 32 references.
    """
    target: NotRequired[ReviewArtifactReference | None]
    """
    The exact current head the approved proposal replaces (same family, also listed in artifact_refs); null proposes a new artifact.
    """
    reason: NotRequired[str | None]
    """
    Why the candidate is proposed (trimmed).
    """


class PublishRemoteSkillRequest(TypedDict, closed=True):
    """
    Make an exact approved package-backed managed Skill revision a target's desired state.
    """

    scope_id: str
    """
    The Scope.
    """
    target_id: str
    """
    The target.
    """
    artifact: ReviewArtifactReference
    """
    The exact managed Skill revision (family skill).
    """
    expected_generation: int | None
    """
    The publication generation the caller read; null for the Skill's first publication on the target. Another one is 409 publication_generation_conflict.
    """
    allow_deprecated: NotRequired[bool]
    """
    Publish a deprecated Skill too (every managed Skill is active here, so it changes nothing).
    """


class QueryArtifactTagsRequest(TypedDict, closed=True):
    """
    Find the Scope's artifacts carrying all (or any) of the tags, compared by key (NFC, then case folded), before paging. A refused tag (outer whitespace, a control, surrogate or unassigned character, a duplicate key) is 422 invalid_request at /tags/<i>.
    """

    tags: list[str]
    """
    The tags.
    """
    match: NotRequired[Literal["all", "any"]]
    """
    all (the default): an artifact carries every tag; any: at least one.
    """
    families: NotRequired[
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
    ]
    """
    Only these families; every family when left out.
    """
    target_types: NotRequired[list[Literal["artifact", "memory_entry"]]]
    """
    Only these kinds of target; artifact when left out.
    """
    include_inactive: NotRequired[bool]
    """
    Also artifacts that are not active (a forgotten or merged Atomic Memory); false by default.
    """
    limit: NotRequired[int]
    """
    The page size.
    """
    cursor: NotRequired[str | None]
    """
    The next_cursor of the previous page of the same query; null or left out for the first page.
    """


class RecordBootstrapDeliveryRequest(TypedDict, closed=True):
    """
    Record how the host delivered a bootstrap package.
    """

    scope_id: str
    """
    The receipt's Scope.
    """
    receipt_id: str
    """
    The receipt.
    """
    outcome: Literal["injected", "failed"]
    """
    injected or failed.
    """


class RecordRemoteSkillReceiptRequest(TypedDict, closed=True):
    """
    What a Receiver did about one action of one publication generation.
    """

    operation: Literal["install", "unpublish"]
    """
    The action's operation.
    """
    generation: int
    """
    The action's publication generation.
    """
    artifact: ReviewArtifactReference
    """
    The action's exact managed Skill revision.
    """
    expected_tree_digest: str
    """
    The action's tree digest.
    """
    observed_tree_digest: str | None
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
    error_code: str | None
    """
    The Receiver's failure code (a failure only).
    """
    receiver_version: str
    """
    The Receiver's version.
    """
    environment_fingerprint: str | None
    """
    A digest of the Receiver's environment.
    """


class RecordSkillUsageRequest(TypedDict, closed=True):
    """
    One bounded observation of an exact package-backed managed Skill revision in use (no prompt or command text).
    """

    scope_id: str
    """
    The Scope.
    """
    observation_id: str
    """
    The caller's stable observation id: the Source's id (a repeat with the same observation is the same Source).
    """
    skill_ref: ReviewArtifactReference
    """
    The exact managed Skill revision (family skill).
    """
    package_digest: str
    """
    sha256: and the revision's package tree digest.
    """
    target_id: str
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
    task_source: NotRequired[TaskSourceReference | None]
    """
    An existing Source of the Scope naming the task, if any.
    """
    environment_fingerprint: NotRequired[str | None]
    """
    A digest of the environment, if any.
    """


class RecurrenceStreak(TypedDict, closed=True):
    """
    A revision's streak of recurred verdicts.
    """

    artifact_ref: ArtifactReference
    """
    The revision.
    """
    signature_key: str
    """
    The failure signature.
    """
    terminal_recurred_streak: int
    """
    Consecutive recurred verdicts at the end.
    """


class RejectCandidateRequest(TypedDict, closed=True):
    """
    Reject the exact pending version.
    """

    scope_id: str
    """
    The Scope.
    """
    candidate_id: str
    """
    The candidate.
    """
    expected_version: int
    """
    The version reviewed.
    """
    reason: str
    """
    Why (trimmed).
    """


class RememberMemoryRequest(TypedDict, closed=True):
    """
    Remember one text as a new active Atomic Memory (revision 1). Nothing is de-duplicated: the same text twice makes two memories.
    """

    scope_id: str
    """
    The Scope the memory belongs to.
    """
    kind: str
    """
    What kind of memory this is, such as decision or fact.
    """
    text: str
    """
    The memory text: NFC-normalised and stripped, then at most 8192 UTF-8 bytes and not empty (else 422).
    """
    reason: NotRequired[str | None]
    """
    Why the memory is remembered. Accepted and not stored (the revision's reason is not kept yet).
    """
    expected_revision: NotRequired[int | None]
    """
    A legacy collection precondition. Only null or absent is supported; any number is refused before anything is written: 422 invalid_request, violation {path: /expected_revision, rule: legacy_precondition_unsupported}.
    """


class RemoteSkillObservation(TypedDict, closed=True):
    """
    A Receiver's ownership checkpoint of one installed package and the tree it actually finds.
    """

    artifact: ReviewArtifactReference
    """
    The managed Skill revision installed.
    """
    tree_digest: str
    """
    The installed package's tree digest.
    """
    actual_tree_digest: str | None
    """
    The tree digest of the directory now (null: it is gone or unreadable).
    """
    skill_name: str
    """
    The installed Skill's name.
    """
    applied_generation: int
    """
    The publication generation it was installed at.
    """


class RemoteSkillPublication(TypedDict, closed=True):
    """
    The desired and observed state of one managed Skill on one remote target.
    """

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
    desired_revision: int
    """
    The exact Skill revision wanted.
    """
    desired_tree_digest: str
    """
    The wanted package's tree digest.
    """
    observed_revision: int | None
    """
    The revision the target last confirmed installed.
    """
    observed_tree_digest: str | None
    """
    The tree digest the target last confirmed.
    """
    observed_generation: int | None
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
    last_error_code: str | None
    """
    The target's last failure code.
    """
    observed_at: str | None
    """
    When the target last reported.
    """
    generation: int
    """
    The publication's compare-and-swap generation.
    """


class RemoteSkillReceiptResponse(TypedDict, closed=True):
    """
    Whether the Receipt was taken, and the publication after it.
    """

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


class RemoteSkillTarget(TypedDict, closed=True):
    """
    One remote Agent Skill target, without any credential.
    """

    scope_id: str
    """
    The Scope whose managed Skills the target receives.
    """
    target_id: str
    """
    The target's durable identity (a slug: <agent kind>-<12 hex digits>).
    """
    display_name: str
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
    installation_id: str | None
    """
    The enrolled Receiver installation; null until enrollment.
    """
    state: Literal["pending", "active", "revoked"]
    """
    The enrollment state.
    """
    receiver_version: str | None
    """
    The Receiver's version as it last reported it.
    """
    environment_fingerprint: str | None
    """
    The Receiver's environment digest as it last reported it.
    """
    machine_hostname: str | None
    """
    The Receiver's host name as it enrolled.
    """
    workspace_name: str | None
    """
    The Receiver's workspace name as it enrolled.
    """
    last_seen_at: str | None
    """
    When the Receiver last called; null before enrollment.
    """
    generation: int
    """
    The target's compare-and-swap generation: enrollment, a rename and a revocation each add one.
    """


class RemoteSkillTargetEnrollment(TypedDict, closed=True):
    """
    The pending target and its enrollment code, shown only in this answer.
    """

    target: RemoteSkillTarget
    """
    The pending target.
    """
    enrollment_code: str
    """
    The one-time enrollment code; the server keeps only its digest.
    """
    enrollment_expires_at: str
    """
    When the code stops working (ten minutes after creation).
    """


class RemoteSkillTargetStatus(TypedDict, closed=True):
    """
    One target and its publications.
    """

    target: RemoteSkillTarget
    """
    The target.
    """
    publications: list[RemoteSkillPublication]
    """
    Its publications by artifact id.
    """


class ReplaceAccessBindingRequest(TypedDict, closed=True):
    """
    Revoke a Binding and create its replacement in one step.
    """

    binding_id: str
    """
    The Binding replaced.
    """
    expected_version: int
    """
    Its version as the caller read it.
    """
    replacement: AccessBindingReplacementInput
    """
    The replacement.
    """
    idempotency_key: str
    """
    Repeating the request with the key answers the same pair.
    """


class ReportHandoffSourceCitation(TypedDict, closed=True):
    """
    Evidence: one Source of the request's Scope.
    """

    kind: Literal["source"]
    """
    Always source.
    """
    source_ref: SourceTypeReference
    """
    The cited Source, by its type and id.
    """


class ReportSelection(TypedDict, closed=True):
    """
    The selection as the report records it, as PowerContext 1.4.1 records it: the mode and only the field the mode uses (an exact selection's Scope ids, sorted; a subtree's root).
    """

    mode: Literal["all", "exact", "subtree"]
    """
    The selection mode.
    """
    scope_ids: NotRequired[list[str]]
    """
    An exact selection's Scopes, sorted (only for mode exact).
    """
    root_scope_id: NotRequired[str]
    """
    A subtree selection's root (only for mode subtree).
    """


class RerankGroup(TypedDict, closed=True):
    """
    Rerank calls with equal (round, config_id, outcome, fallback_reason).
    """

    round: int
    """
    The round the calls ran in.
    """
    config_id: str
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
    count: int
    """
    Rerank calls in this group.
    """


class ResolveExternalSkillRequest(TypedDict, closed=True):
    """
    Resolve one registration at an exact fingerprint.
    """

    scope_id: str
    """
    The Scope.
    """
    external_skill_id: str
    """
    The external Skill's identity: <agent_kind>:<installation_scope>:<target_id>/<folder>.
    """
    fingerprint: str
    """
    The package fingerprint (sha256 over its files, PowerContext 1.4.1's).
    """


class ResolveScopeBindingRequest(TypedDict, closed=True):
    """
    Which Scope a host works in: the explicit Scope when named, else the Scope of the first bound key in list order, else the default Scope when allowed.
    """

    allow_default: NotRequired[bool]
    """
    Whether the default Scope answers when no key is bound.
    """
    explicit_scope_id: NotRequired[str | None]
    """
    A Scope the host names itself; when given it is the answer (no fallback), or null.
    """
    binding_keys: NotRequired[list[ScopeBindingKey]]
    """
    The keys to look up, in order of preference.
    """


class ResolvedUsagePeriod(TypedDict, closed=True):
    """
    The period's UTC dates, both included.
    """

    preset: Literal["today", "7d", "30d"]
    """
    The period asked for.
    """
    start_date: str
    """
    The first day.
    """
    end_date: str
    """
    The last day (today, UTC).
    """
    timezone: Literal["UTC"]
    """
    Always UTC.
    """


class RetireMemoryEntryRequest(TypedDict, closed=True):
    """
    Retire a legacy Memory entry by its exact citation; always 422 legacy_memory_operation_unsupported after the request is validated, before any write (use change_atomic_memory_lifecycle with the revision and state_version).
    """

    scope_id: str
    """
    The Scope named.
    """
    citation: dict[str, Any]
    """
    A legacy exact Memory entry citation: any object; a request that sends it is refused (422 legacy_memory_operation_unsupported) before anything is written.
    """
    reason: NotRequired[str | None]
    """
    Why, at most 512 characters, or null.
    """


class RetryTopicMemoryProcessingRequest(TypedDict, closed=True):
    """
    One observed block to retry.
    """

    scope_id: str
    """
    The Scope.
    """
    block_id: str
    """
    A block id status answered: 1 to 36 characters.
    """


class RetryTopicMemoryProcessingResponse(TypedDict, closed=True):
    """
    An accepted retry (1.4.1's RetryTopicMemoryProcessingResponse); never answered here, since no block is retained.
    """

    status: Literal["accepted"]
    """
    accepted.
    """
    block: TopicMemoryProcessingBlock
    """
    The block with its retry.
    """


class ReviseMemoryEntryRequest(TypedDict, closed=True):
    """
    Revise a legacy Memory entry by its exact citation; always 422 legacy_memory_operation_unsupported after the request is validated, before any write (use replace_artifact with If-Match).
    """

    scope_id: str
    """
    The Scope named.
    """
    citation: dict[str, Any]
    """
    A legacy exact Memory entry citation: any object; a request that sends it is refused (422 legacy_memory_operation_unsupported) before anything is written.
    """
    kind: str
    """
    The entry kind.
    """
    text: str
    """
    The new text.
    """
    reason: NotRequired[str | None]
    """
    Why, at most 512 characters, or null.
    """


class ScanExternalSkillsRequest(TypedDict, closed=True):
    """
    Rescan the registry directory into the Scope's registry.
    """

    scope_id: str
    """
    The Scope whose registry the scan replaces.
    """


class ScanExternalSkillsResponse(TypedDict, closed=True):
    """
    What the scan registered and how many folders it skipped.
    """

    registrations: list[ExternalSkillRegistration]
    """
    Every valid package, by folder name.
    """
    skipped: int
    """
    Folders that are not valid packages (or beyond the scan's bound).
    """


class ScopeBinding(TypedDict, closed=True):
    """
    A durable binding of one host key to one Scope (the request and the answer of set_scope_binding).
    """

    key: ScopeBindingKey
    """
    The bound key.
    """
    scope_id: str
    """
    The Scope the key is bound to.
    """


class ScopeDescriptor(TypedDict, closed=True):
    """
    A Scope.
    """

    scope_id: str
    """
    The Scope id.
    """
    title: str
    """
    The title.
    """
    summary: str
    """
    The summary.
    """
    parent_scope_id: str | None
    """
    The parent Scope, or null.
    """
    context_references: list[str]
    """
    Referenced Scopes.
    """
    external_references: list[ExternalReference]
    """
    External references.
    """
    version: int
    """
    The descriptor version.
    """


class ScopePage(TypedDict, closed=True):
    """
    A page of Scopes in scope_id order.
    """

    items: list[ScopeDescriptor]
    """
    The Scopes.
    """
    next_cursor: str | None
    """
    Pass as cursor for the next page; null on the last page.
    """


class SearchArtifactsRequest(TypedDict, closed=True):
    """
    Search one Family. Common: query (trimmed), limit (at most 200; atomic-memory at most 100, topic-memory at most 20), include_scores, min_score (against the normalised retrieval score). experience and skill (query at most 2000 characters for skill): mode text, no filters, lexical admission, no fusion. topic-memory: mode text (fts only here: vector and hybrid are 422 at /mode, Topic Memory has no vector channel in pcreceipt), lexical admission, fusion over topic_fts and detail_fts. atomic-memory: mode text (default), vector or hybrid (these need an embedder and vector search: 422 artifact_search_not_supported, field mode), filters, admission, fusion over text and vector.
    """

    query: str
    """
    What to search for.
    """
    limit: NotRequired[int]
    """
    At most this many results (10 when left out).
    """
    mode: NotRequired[str]
    """
    The Family's search mode (text, vector, hybrid, as the Family takes them).
    """
    filters: NotRequired[ArtifactSearchFilters]
    """
    The Family's filters.
    """
    admission: NotRequired[ArtifactSearchAdmission]
    """
    The Family's admission floors.
    """
    fusion: NotRequired[ArtifactSearchFusion]
    """
    How channels fuse.
    """
    min_score: NotRequired[float]
    """
    Keep only results whose normalised retrieval score is at least this.
    """
    include_scores: NotRequired[bool]
    """
    Return each result's scores.
    """
    rerank: NotRequired[ArtifactSearchRerank]
    """
    Refused by every Family.
    """


class SearchAtomicMemoryRequest(TypedDict, closed=True):
    """
    Search the Scope's active Atomic Memory, optionally of one kind.
    """

    scope_id: str
    """
    The Scope searched.
    """
    query: str
    """
    The query text.
    """
    mode: NotRequired[Literal["text", "vector", "hybrid"]]
    """
    The channels to use (text by default); vector and hybrid without an embedder (or a store without vector search) are 422 invalid_request, violation {path: /mode, rule: embedder_required}.
    """
    kind: NotRequired[str | None]
    """
    Only memories of this kind (applied before the limit and the ranks), or null for any.
    """
    tags: NotRequired[list[str]]
    """
    Only memories carrying these tags (all of them, or any with tag_match any), compared by key (NFC, then case folded), applied before ranks and the limit; an empty list filters nothing. A refused tag is 422 invalid_request at /tags/<i>.
    """
    tag_match: NotRequired[Literal["all", "any"]]
    """
    How tags combine: all (the default) or any; without tags it changes nothing.
    """
    limit: NotRequired[int]
    """
    The most hits answered.
    """


class SearchAtomicMemoryResponse(TypedDict, closed=True):
    """
    The hits, best first (empty when nothing matches).
    """

    mode: Literal["text", "vector", "hybrid"]
    """
    The channels used.
    """
    hits: list[AtomicMemorySearchHit]
    """
    The hits, best first.
    """


class SearchGroup(TypedDict, closed=True):
    """
    Search calls with equal (round, family, mode, outcome, fallback_reason).
    """

    round: int
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
    count: int
    """
    Calls that ran, or for not_run the skipped opportunities.
    """


class SearchMemoryResponse(TypedDict, closed=True):
    """
    The hits, best first (empty when nothing matches).
    """

    mode: Literal["text", "vector", "hybrid"]
    """
    The channels used.
    """
    hits: list[AtomicMemorySearchHit]
    """
    The hits, best first.
    """


class SearchTopicMemoryHit(TypedDict, closed=True):
    """
    One Topic Memory found, with the part of its detail the query matched.
    """

    artifact: ArtifactReference
    """
    The topic's current revision.
    """
    title: str
    """
    The topic title.
    """
    summary: str
    """
    The topic summary.
    """
    snippet: str | None
    """
    The detail chunk the query matched (shortened around the match), or null when only the title and summary matched.
    """
    score: float
    """
    Reciprocal rank fusion over the channels that ran, normalised so that first place in every channel scores 1 (PowerContext's bound is 100).
    """
    matched_by: list[
        Literal["topic_fts", "topic_vector", "detail_fts", "detail_vector"]
    ]
    """
    The channels that found it, topic first.
    """


class SearchTopicMemoryResponse(TypedDict, closed=True):
    """
    The hits, best first (empty when nothing matches).
    """

    mode: Literal["fts", "hybrid"]
    """
    The search that ran.
    """
    hits: list[SearchTopicMemoryHit]
    """
    The hits, best first.
    """


class CodeSelectedItem(TypedDict):
    """
    A code item, identified by its code evidence reference.
    """

    kind: Literal["code"]
    """
    The code family.
    """
    rendered_bytes: int
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


class SkillArtifact(TypedDict, closed=True):
    """
    An exact managed Skill revision with its direct evidence.
    """

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


class SkillGovernance(TypedDict, closed=True):
    """
    A managed Skill's lifecycle governance.
    """

    artifact: ReviewArtifactReference
    """
    The governed head.
    """
    lifecycle_state: Literal["active", "deprecated", "retired"]
    """
    Its state.
    """
    replacement_artifact_id: str | None
    """
    The Skill replacing it, when deprecated.
    """
    governance_generation: int
    """
    The governance version (0: never changed).
    """


class SkillPackageDownload(TypedDict, closed=True):
    """
    A package's canonical ZIP bytes and their reference.
    """

    package: SkillPackageReference
    """
    The package's digests.
    """
    archive_base64: str
    """
    The canonical ZIP, standard base64.
    """


class SkillPackageManifest(TypedDict, closed=True):
    """
    A verified package's metadata and file inventory (no file bodies).
    """

    package: SkillPackageReference
    """
    The package's digests.
    """
    name: str
    """
    SKILL.md's name.
    """
    description: str
    """
    SKILL.md's description.
    """
    license: NotRequired[str | None]
    """
    SKILL.md's license.
    """
    compatibility: NotRequired[str | None]
    """
    SKILL.md's compatibility (at most 500 characters).
    """
    metadata: dict[str, str]
    """
    SKILL.md's metadata: at most 64 keys of 1 to 128 characters, values of at most 2000 characters, trimmed.
    """
    allowed_tools: NotRequired[str | None]
    """
    SKILL.md's allowed-tools.
    """
    files: list[SkillPackageFile]
    """
    Every file, by path.
    """


class SkillUsageCaptureResponse(TypedDict, closed=True):
    """
    The receipt of a usage observation: its Source and that Source's position in the Scope's Source sequence.
    """

    status: Literal["accepted"]
    """
    Always accepted: the Source is stored.
    """
    source: SkillUsageSourceReference
    """
    The usage Source.
    """
    position: int
    """
    The Source's position in its Scope (a repeat of the same observation answers the first one).
    """


class SourceDefinitionManifest(TypedDict, closed=True):
    """
    A worker-owned Source Definition, declared as data: immutable once registered under its name and version.
    """

    name: str
    """
    The Source type it defines (no leading or trailing white space; not a type the server defines itself).
    """
    version: str
    """
    The Definition's version (no leading or trailing white space).
    """
    fingerprint: str
    """
    sha256: and the SHA-256 hex of the RFC 8785 JSON of {name, version, source_schema, projections}; another value is 422 invalid_request (rule fingerprint).
    """
    source_schema: dict[str, Any]
    """
    The JSON Schema (draft 2020-12, local references only) of an observation's payload.
    """
    projections: list[SourceProjectionManifest]
    """
    The projections it declares, keys unique.
    """


class SourceObservation(TypedDict, closed=True):
    """
    A captured Source materialised by a worker under a registered Source Definition. Its identity in the Scope is (source_type, name).
    """

    name: str
    """
    The Source's stable id within its type (no leading or trailing white space): the same (source_type, name) with the same observation again answers the first receipt; another observation under it is 409 source_conflict.
    """
    definition_version: str
    """
    The version of the Source Definition it was materialised under (no leading or trailing white space).
    """
    materialization: Literal["captured"]
    """
    Always captured: the observation keeps its canonical value.
    """
    description: NotRequired[str | None]
    """
    An optional description; null or absent for none.
    """
    source_type: str
    """
    The registered Source Definition's name (no leading or trailing white space).
    """
    definition_fingerprint: str
    """
    The registered manifest's fingerprint; another one is 422 invalid_source_ingestion.
    """
    payload: dict[str, Any]
    """
    The Source's canonical value, checked against the manifest's source_schema. Its name, definition_version, materialization and description equal the envelope's (an absent description is null).
    """
    projections: list[SourceProjectionValue]
    """
    A value for exactly the projections the manifest declares, keys unique.
    """


class SourceRecord(TypedDict, closed=True):
    """
    One Source of a Scope.
    """

    receipt_identity: NotRequired[None]
    """
    A Server-owned identity attestation of a Handoff Receipt written under enforced access (PowerContext 1.4.1's HandoffReceiptIdentity); pcreceipt attests none, so null (always sent).
    """
    scope_id: str
    """
    The Scope the Source belongs to.
    """
    source_type: Literal["content"]
    """
    The Source type.
    """
    source_id: str
    """
    The Source's id: the caller's for a capture, the server's (src_ + 32 hex) for a create or an artifact write.
    """
    content: Any
    """
    The Source's content as JSON: the text of a capture or Working Note, the value a create sent, the written content of an artifact write's lineage Source.
    """
    position: int
    """
    The Source's position in its Scope's Source sequence.
    """
    content_digest: str
    """
    sha256: and the SHA-256 hex of the content's RFC 8785 canonical JSON.
    """


class SubmitSourceObservationRequest(TypedDict, closed=True):
    """
    Submit one worker-materialised observation to a Scope.
    """

    scope_id: str
    """
    The Scope the Source belongs to.
    """
    observation: SourceObservation
    """
    The observation.
    """


class TagFilter(TypedDict, closed=True):
    """
    Filter by artifact tags: only memories carrying all (match all, the default) or any of the tags, compared by key (NFC, then case folded), applied before ranks and the limit. A refused tag (outer whitespace, a control, surrogate or unassigned character, a duplicate key) is 422 invalid_request at /tag_filter/tags/<i>.
    """

    tags: list[str]
    """
    The tags.
    """
    match: NotRequired[Literal["all", "any"]]
    """
    all (the default) or any.
    """


class TaggedTarget(TypedDict, closed=True):
    """
    A matching artifact: its complete current tag set and its current revision.
    """

    scope_id: str
    """
    The Scope.
    """
    target: ArtifactTagTarget
    """
    The tagged artifact.
    """
    tags: list[str]
    """
    The artifact's tags' display text, ordered by the UTF-8 bytes of their keys.
    """
    tag_digest: str
    """
    sha256 of the RFC 8785 JSON {"tags": tags}, as get_artifact_tags answers it.
    """
    reference: ArtifactReference
    """
    The artifact's current (head) revision.
    """


class TopicMemoryArtifact(TypedDict, closed=True):
    """
    One exact Topic Memory revision with its full detail and the Sources it was written from.
    """

    artifact: ArtifactReference
    """
    The revision read.
    """
    title: str
    """
    The topic title.
    """
    summary: str
    """
    The topic summary.
    """
    detail: str
    """
    The topic detail.
    """
    source_refs: list[SourceReference]
    """
    The Sources the revision was written from (the lineage Source of the write that made it).
    """


class AccessResourcePage(TypedDict, closed=True):
    """
    A page of resources, ordered by their canonical key.
    """

    items: list[ServerAccessResource | ScopeAccessResource | ArtifactAccessResource]
    """
    The resources.
    """
    total: int
    """
    How many resources match, over every page.
    """
    next_cursor: str | None
    """
    The next page's cursor, or null on the last page.
    """


class ArtifactAddress(TypedDict, closed=True):
    """
    A Scope-qualified artifact revision: the same artifact_id in two Scopes is two identities.
    """

    scope_id: str
    """
    The Scope that holds the artifact.
    """
    artifact: ArtifactReference
    """
    The exact revision within that Scope.
    """


class ArtifactCollectionItem(TypedDict, closed=True):
    """
    One artifact's current head revision in a listing, without its content.
    """

    scope_id: str
    """
    The Scope.
    """
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The family.
    """
    artifact_id: str
    """
    The artifact.
    """
    revision: int
    """
    The revision.
    """
    sources: list[SourceTypeReference]
    """
    The Sources that record this revision's write: one content Source (source_type content, its id src_ + 32 hex) for a create, import or replace; none for a merge result or a revision stored before Sources existed.
    """
    artifacts: list[ArtifactReference]
    """
    Artifacts this revision derives from: a merge result's inputs; for any other revision n > 1 of an atomic or Topic Memory, revision n - 1 of the same artifact (as PowerContext 1.4.1's replace names it); otherwise none.
    """
    content_digest: str
    """
    sha256 of the RFC 8785 canonical JSON of the revision's content as get_artifact serves it.
    """
    title: NotRequired[str | None]
    """
    The display title: a topic memory's title; null for the other families.
    """
    summary: NotRequired[str | None]
    """
    The display summary: a topic memory's summary; null for the other families.
    """
    created_at: NotRequired[str | None]
    """
    When the revision was committed (RFC 3339, UTC).
    """
    published_at: NotRequired[str | None]
    """
    When a topic memory's revision was published: its commit time (pcreceipt publishes a topic revision when it commits it); null for the other families (PowerContext 1.4.1's family-provided publication time).
    """
    source_count: NotRequired[int | None]
    """
    The number of a revision's direct Source inputs where its family provides one (PowerContext 1.4.1's family-provided count); no family here provides it in a listing, as in 1.4.1, so null (always sent).
    """
    created_by: NotRequired[None]
    """
    Who committed a rollback; pcreceipt has no rollback, so null (always sent).
    """
    restored_from_revision: NotRequired[None]
    """
    The revision a rollback restored; pcreceipt has no rollback, so null (always sent).
    """
    reason: NotRequired[None]
    """
    The reason recorded for a rollback; pcreceipt has no rollback, so null (always sent).
    """


class ArtifactCreated(TypedDict, closed=True):
    """
    The committed first revision.
    """

    scope_id: str
    """
    The Scope.
    """
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The family.
    """
    artifact_id: str
    """
    The assigned artifact id.
    """
    revision: int
    """
    The committed revision.
    """
    sources: list[SourceTypeReference]
    """
    The Sources that record this revision's write: one content Source (source_type content, its id src_ + 32 hex) for a create, import or replace; none for a merge result or a revision stored before Sources existed.
    """
    artifacts: list[ArtifactReference]
    """
    Artifacts this revision derives from: a merge result's inputs; for any other revision n > 1 of an atomic or Topic Memory, revision n - 1 of the same artifact (as PowerContext 1.4.1's replace names it); otherwise none.
    """


class ArtifactHandleBinding(TypedDict, closed=True):
    """
    A handle and the exact revision it is bound to, for ever.
    """

    family: str
    """
    The handle's family.
    """
    key: str
    """
    The handle's key.
    """
    artifact: ArtifactReference
    """
    The exact revision bound.
    """


class ArtifactPage(TypedDict, closed=True):
    """
    A page of an artifact family's current heads in a Scope, in artifact_id order.
    """

    items: list[ArtifactCollectionItem]
    """
    The heads.
    """
    next_cursor: str | None
    """
    Pass as cursor for the next page of the same Scope and family; null on the last page.
    """


class ArtifactPublication(TypedDict, closed=True):
    """
    An independent target artifact and the exact source it was copied from.
    """

    source: ArtifactAddress
    """
    The revision published.
    """
    target: ArtifactAddress
    """
    The new artifact in the target Scope (revision 1).
    """
    content_digest: str
    """
    SHA-256 (hex) of the copied content's canonical JSON.
    """


class ArtifactRevisionPage(TypedDict, closed=True):
    """
    One page of an artifact's revisions, newest first, without content.
    """

    items: list[ArtifactCollectionItem]
    """
    The revisions of the page, newest first.
    """
    next_cursor: str | None
    """
    Continues the same artifact's history from the same snapshot (valid for an hour); null on the last page.
    """


class ArtifactTagPage(TypedDict, closed=True):
    """
    A page of matching artifacts in family, then artifact_id order.
    """

    items: list[TaggedTarget]
    """
    The matches.
    """
    next_cursor: str | None
    """
    Pass as cursor for the next page; null on the last page.
    """


class AtomicMemoryMutationResponse(TypedDict, closed=True):
    """
    What a lifecycle change or merge did.
    """

    changed: bool
    """
    Whether anything changed.
    """
    records: list[AtomicMemoryRecord]
    """
    The affected memories: merge inputs first, then the new memory.
    """


class BootstrapContext(TypedDict, closed=True):
    """
    A bootstrap package (powercontext.bootstrap-context.v1): always all ten keys.
    """

    schema: Literal["powercontext.bootstrap-context.v1"]
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
    content_bytes: int
    """
    UTF-8 bytes of content; 0 when null.
    """
    package_digest: str | None
    """
    sha256 of content, or null.
    """
    items: list[BootstrapContextItem]
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


class CodeQueryRequest(TypedDict, closed=True):
    """
    One code query, PowerContext 1.4.1's request. read needs expected_fingerprint; before_fingerprint belongs to impact_changes only (absent or null otherwise).
    """

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
    expected_fingerprint: NotRequired[str | None]
    """
    The workspace fingerprint the caller saw; a different current one is 409 code_changed.
    """
    before_fingerprint: NotRequired[str | None]
    """
    impact_changes' earlier fingerprint.
    """
    max_bytes: NotRequired[int]
    """
    The most bytes the compact JSON answer may take; items that do not fit are left out (status partial).
    """


CodeQueryResponse: TypeAlias = CodeQueryResult | CodeStatus
"""
A status operation answers a CodeStatus; explore and read a CodeQueryResult.
"""


class CommitConnectorCheckpointRequest(TypedDict, closed=True):
    """
    Replace one binding's checkpoint with checkpoint, only when its current value equals expected (null for a binding that never committed).
    """

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


class CreateAccessBindingRequest(TypedDict, closed=True):
    """
    Give a subject a role on a resource.
    """

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
    idempotency_key: str
    """
    Repeating the request with the key answers the same Binding.
    """
    reason: NotRequired[str | None]
    """
    Why, or null.
    """
    expires_at: NotRequired[str | None]
    """
    When it stops applying (later than now), or null.
    """


class CreateProfileRequest(TypedDict, closed=True):
    """
    Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile).
    """

    family: Literal["profile"]
    """
    The artifact family.
    """
    content: ProfileContent
    """
    The artifact content.
    """


class CreatePromptRequest(TypedDict, closed=True):
    """
    Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile).
    """

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


class CreateDreamRunRequest(TypedDict, closed=True):
    """
    Start a Dream run over exact evidence: 1 to 20 artifacts (none for revise_tags), at most 32 references with Sources, deduplicated; the idempotency key (trimmed, 1 to 128 characters) returns the original run to the same caller for the same request.
    """

    tag_target: NotRequired[DreamTagTarget | None]
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
    artifacts: NotRequired[list[ReviewArtifactReference]]
    """
    Exact evidence revisions of the Scope.
    """
    sources: NotRequired[list[DreamSourceReference]]
    """
    Exact evidence Sources of the Scope.
    """
    target: NotRequired[ReviewArtifactReference | None]
    """
    The exact current head the proposal replaces (also in artifacts); null proposes a new artifact.
    """
    idempotency_key: str
    """
    The caller's key for this run.
    """


class CreateSubjectSourceResponse(TypedDict, closed=True):
    """
    The subject and the two Sources written: the business Scope's, then the subject Scope's (one id, one content).
    """

    subject_key: str
    """
    The subject's key, as sent.
    """
    subject_type: Literal["user"]
    """
    The kind of subject.
    """
    subject_scope_id: str
    """
    The Scope the subject is bound to.
    """
    sources: list[SourceRecord]
    """
    The business Scope's Source and the subject Scope's.
    """


class DreamInputManifest(TypedDict, closed=True):
    """
    What the run's model read: the evidence by digest and the projection's digest and size.
    """

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
    projection_bytes: int
    """
    Its size in bytes.
    """
    incomplete: bool
    """
    Whether an item was cut to fit.
    """


class DreamRun(TypedDict, closed=True):
    """
    One Dream run of a Scope, every key always present.
    """

    tag_target: DreamTagTarget | None
    """
    revise_tags' target (always null here).
    """
    reused: bool
    """
    Whether the run reused an earlier pending proposal (never here).
    """
    scope_id: str
    """
    The Scope.
    """
    run_id: str
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
    accepted_at: str
    """
    When the run was accepted (RFC 3339 UTC).
    """
    started_at: str | None
    """
    When it was first claimed.
    """
    completed_at: str | None
    """
    When it ended.
    """
    attempt_count: int
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


class DreamRunPage(TypedDict, closed=True):
    """
    A page of a Scope's runs, newest first.
    """

    runs: list[DreamRun]
    """
    The runs.
    """
    next_cursor: str | None
    """
    The next page's cursor; null on the last page.
    """


class ErrorBody(TypedDict, closed=True):
    """
    What went wrong, without request content.
    """

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
    message: str
    """
    A human-readable, content-free explanation.
    """
    details: ErrorDetails | None
    """
    Structured, content-free detail, or null.
    """


class ErrorEnvelope(TypedDict, closed=True):
    """
    The one error envelope every non-2xx response uses.
    """

    error: ErrorBody
    """
    The error.
    """


class ExperienceContent(TypedDict, closed=True):
    """
    An experience: situation, action, outcome and lesson.
    """

    situation: str
    """
    The situation.
    """
    action: str
    """
    What was done.
    """
    outcome: str
    """
    What happened.
    """
    lesson: str
    """
    What to do next time.
    """
    failure: NotRequired[FailureRecord | None]
    """
    Optional failure record.
    """


class GetHandoffReportRequest(TypedDict, closed=True):
    """
    Ask for the Handoff Report of a Scope selection.
    """

    selection: AllScopeSelection | ExactScopeSelection | SubtreeScopeSelection
    """
    The Scopes the report covers.
    """
    format: NotRequired[Literal["json", "markdown"]]
    """
    The report's form.
    """
    download: NotRequired[bool]
    """
    Answer a file (Content-Disposition attachment): the Markdown document, or the bare report object for json.
    """


class GetStatsRequest(TypedDict, closed=True):
    """
    Ask for statistics over a Scope selection.
    """

    selection: AllScopeSelection | ExactScopeSelection | SubtreeScopeSelection
    """
    The Scopes.
    """
    period: NotRequired[Literal["today", "7d", "30d"]]
    """
    The reporting period.
    """


class HandoffEvidenceCheck(TypedDict, closed=True):
    """
    Whether one statement's evidence is still readable.
    """

    claim: Literal["state", "next_action"]
    """
    state or next_action.
    """
    state_index: int | None
    """
    The state statement's index, or null for next_action.
    """
    status: Literal["available", "unavailable"]
    """
    available when every citation is readable.
    """
    unavailable_evidence: list[HandoffSourceCitation | HandoffArtifactCitation]
    """
    The citations that are not.
    """


class HandoffOmission(TypedDict, closed=True):
    """
    Known relevant material that was unavailable or not verified.
    """

    text: str
    """
    What is missing.
    """
    citation: HandoffSourceCitation | HandoffArtifactCitation | None
    """
    Where it would be, or null.
    """


class HandoffStatement(TypedDict, closed=True):
    """
    One claim of a Handoff with the exact evidence behind it.
    """

    text: str
    """
    The claim.
    """
    citations: list[HandoffSourceCitation | HandoffArtifactCitation]
    """
    Its evidence (1 to 32 citations).
    """


class InventoryStatistics(TypedDict, closed=True):
    """
    What is stored now.
    """

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


class ListAccessBindingsRequest(TypedDict, closed=True):
    """
    List the Bindings under a resource the caller administers.
    """

    management_resource: (
        ServerAccessResource | ScopeAccessResource | ArtifactAccessResource
    )
    """
    The server (every Binding) or a Scope (its Bindings).
    """
    subject: NotRequired[AccessPrincipal | AccessGroup | None]
    """
    Only this subject's, or null.
    """
    role: NotRequired[
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
    ]
    """
    Only this role's, or null.
    """
    state: NotRequired[Literal["active", "revoked"] | None]
    """
    Only this state's, or null.
    """
    cursor: NotRequired[str | None]
    """
    The previous page's next_cursor, or null.
    """
    limit: NotRequired[int]
    """
    Page size.
    """


class ListMemoryChangesResponse(TypedDict, closed=True):
    """
    PowerContext 1.4.1's reserved legacy changes answer, kept so clients parse the declared shape; pcreceipt never answers it.
    """

    memory: NotRequired[ArtifactReference | None]
    """
    The collection head, or null.
    """
    revisions: list[MemoryRevisionChanges]
    """
    The revisions.
    """


class ListMemoryEntriesRequest(TypedDict, closed=True):
    """
    List a Scope's Atomic Memory through the legacy Memory inventory request.
    """

    scope_id: str
    """
    The Scope listed.
    """
    include_inactive: NotRequired[bool]
    """
    List all four lifecycle states, not only active memories.
    """
    limit: NotRequired[int]
    """
    The most entries on the page.
    """
    cursor: NotRequired[str | None]
    """
    A next_cursor of an earlier page of this listing with the same filters, or null for the first page. A cursor this server did not sign, or one of another listing or other filters, is 400 invalid_cursor; one older than an hour is 410 cursor_expired.
    """
    tag_filter: NotRequired[TagFilter | None]
    """
    A tag filter, or null for none: only memories whose artifact carries the tags (compared by key), applied before the limit; a refused tag is 422 at its index.
    """


class ListRemoteSkillTargetsResponse(TypedDict, closed=True):
    """
    The Scope's targets.
    """

    targets: list[RemoteSkillTargetStatus]
    """
    Targets in creation order.
    """


class ManagedSkillLibraryEntry(TypedDict, closed=True):
    """
    One current managed Skill head.
    """

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


class ModelUsageDay(TypedDict, closed=True):
    """
    Model usage of one UTC day.
    """

    date: str
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
    by_purpose: list[ModelUsagePurposeBreakdown]
    """
    Per purpose.
    """


class PrepareHandoffRequest(TypedDict, closed=True):
    """
    Generate an inspectable Handoff draft from exact evidence.
    """

    scope_id: str
    """
    The Scope.
    """
    objective: str
    """
    What the work is for; the draft keeps it exactly.
    """
    rollover_reasons: NotRequired[
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
    ]
    """
    Why a fresh session is prepared (at most 6, unique). With any, the draft must be a fresh-session checkpoint.
    """
    evidence: list[HandoffSourceCitation | HandoffArtifactCitation]
    """
    The exact evidence the draft may cite (1 to 32 citations, unique): content Sources, unexpired Working Notes, revisions the Scope holds.
    """
    max_bytes: NotRequired[int]
    """
    The generated content's budget: its 2-space-indented JSON in UTF-8 bytes (512 to 32768, default 8000).
    """


class ProposeExperienceRequest(TypedDict, closed=True):
    """
    An Experience proposal with its exact evidence, stored as a pending candidate.
    """

    scope_id: str
    """
    The Scope.
    """
    proposal: ExperienceContent
    """
    The proposed Experience.
    """
    source_refs: list[SourceReference]
    """
    Exact Source evidence: captured content Sources of the Scope. Counted with artifact_refs toward a combined maximum of 32 references.
    """
    artifact_refs: list[ReviewArtifactReference]
    """
    Exact artifact evidence: revisions of the Scope. Counted with source_refs toward a combined maximum of 32 references.
    """
    target: NotRequired[ReviewArtifactReference | None]
    """
    The exact current head the approved proposal replaces (same family, also listed in artifact_refs); null proposes a new artifact.
    """
    reason: NotRequired[str | None]
    """
    Why the candidate is proposed (trimmed).
    """


class PublishArtifactRequest(TypedDict, closed=True):
    """
    Publish one exact artifact revision into another Scope.
    """

    source: ArtifactAddress
    """
    The exact revision to publish and the Scope it is in.
    """
    target_scope_id: str
    """
    The Scope that receives the copy; not the source's.
    """
    idempotency_key: str
    """
    One publication per target Scope and key: the same key with the same source answers the first publication again; with another source, 409 artifact_publication_conflict.
    """


class RecallTokenStatistics(TypedDict, closed=True):
    """
    Prepares over the period and their estimated token savings.
    """

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
    daily: list[RecallTokenDay]
    """
    One row per day of the period, oldest first.
    """


class ReconcileRemoteSkillsRequest(TypedDict, closed=True):
    """
    What a Receiver holds, and who it is, as it asks for its target's actions.
    """

    observations: list[RemoteSkillObservation]
    """
    One ownership checkpoint per managed Skill the Receiver installed (one per artifact id: a repeated one is 409 invalid_target_state).
    """
    receiver_version: str
    """
    The Receiver's version.
    """
    environment_fingerprint: NotRequired[str | None]
    """
    A digest of the Receiver's environment.
    """


class RecurrenceStatistics(TypedDict, closed=True):
    """
    Experience recurrence (pcreceipt records none: all zero).
    """

    selected: int
    """
    Selections.
    """
    recurred: int
    """
    Recurred verdicts.
    """
    avoided: int
    """
    Avoided verdicts.
    """
    unknown: int
    """
    Selections without a verdict.
    """
    unlinked_handoff_citations: int
    """
    Handoff citations without an observation.
    """
    needing_review: int
    """
    Streaks needing review.
    """
    top_revisions: list[RecurrenceStreak]
    """
    The longest streaks.
    """


class RegisterSourceDefinitionRequest(TypedDict, closed=True):
    """
    A Source Definition manifest to register.
    """

    manifest: SourceDefinitionManifest
    """
    The manifest.
    """


class RemoteSkillAction(TypedDict, closed=True):
    """
    One idempotent desired-state action: install an exact package, or remove the Receiver's copy. Never a path or a command.
    """

    operation: Literal["install", "unpublish"]
    """
    Install or unpublish.
    """
    generation: int
    """
    The publication generation it serves (its Receipt names it).
    """
    artifact: ReviewArtifactReference
    """
    The desired managed Skill revision.
    """
    tree_digest: str
    """
    The desired package's tree digest.
    """
    skill_name: str
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
    blocked_error_code: str | None
    """
    Why the Receiver's checkpoint was not accepted (drifted, invalid_checkpoint_identity, unknown_checkpoint_package, invalid_checkpoint_digest); null when nothing blocks the action.
    """


class ReplaceArtifactRequest(TypedDict, closed=True):
    """
    Replace the artifact's content with a new revision; the content must match the family in the path.
    """

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


class ReportHandoffOmission(TypedDict, closed=True):
    """
    Known relevant material that was unavailable or not verified.
    """

    text: str
    """
    What is missing.
    """
    citation: ReportHandoffSourceCitation | HandoffArtifactCitation | None
    """
    Where it would be, or null.
    """


class ReportHandoffStatement(TypedDict, closed=True):
    """
    One claim of a Handoff with the exact evidence behind it.
    """

    text: str
    """
    The claim.
    """
    citations: list[ReportHandoffSourceCitation | HandoffArtifactCitation]
    """
    Its evidence (1 to 32 citations).
    """


class RerankPromptIdentity(TypedDict, closed=True):
    """
    The prompt actually bound to a rerank invocation; compiled text and demonstrations excluded.
    """

    scope_id: str
    """
    The Scope the prompt was resolved for.
    """
    key: str
    """
    The prompt key.
    """
    definition_version: int
    """
    Version of the prompt key's definition.
    """
    builtin_version: int
    """
    Version of the built-in prompt for this key.
    """
    selection: Literal["built_in", "artifact"]
    """
    Whether the built-in prompt or a Scope's prompt artifact was bound.
    """
    selected_version: int
    """
    The version bound: builtin_version for built_in, the artifact revision for artifact.
    """
    compiled_digest: str
    """
    sha256 of the compiled prompt that was sent.
    """
    artifact_address: ArtifactAddress | None
    """
    The exact prompt artifact revision; null for a built-in prompt.
    """


class ResolveScopeSelectionRequest(TypedDict, closed=True):
    """
    Resolve a Scope selection (the one get_stats and get_handoff_report take) to the Scopes it names.
    """

    selection: AllScopeSelection | ExactScopeSelection | SubtreeScopeSelection
    """
    The Scopes to resolve: exact ids, a subtree or all.
    """


class ResolvedScopes(TypedDict, closed=True):
    """
    The selected Scopes in deterministic order (PowerContext 1.4.1's ScopePage shape): exact ids in scope_id order, a subtree as its root then its descendants breadth first, all in scope_id order. One page: never paged, so items has no bound and next_cursor is always null.
    """

    items: list[ScopeDescriptor]
    """
    The selected Scopes, each as get_scope answers it.
    """
    next_cursor: None
    """
    Always null: the answer is one page.
    """


class ReviseCandidateRequest(TypedDict, closed=True):
    """
    A complete replacement proposal, appended as the next pending version.
    """

    sources: NotRequired[list[DreamSourceReference] | None]
    """
    Tag-proposal evidence only: any non-null value is refused (422).
    """
    artifacts: NotRequired[list[ReviewArtifactReference] | None]
    """
    Tag-proposal evidence only: any non-null value is refused (422).
    """
    scope_id: str
    """
    The Scope.
    """
    candidate_id: str
    """
    The candidate.
    """
    expected_version: int
    """
    The current version.
    """
    proposal: ExperienceContent | SkillProposal
    """
    The replacement content, of the candidate's family.
    """
    source_refs: NotRequired[list[SourceReference] | None]
    """
    Replacement Source evidence; null or absent keeps the current version's.
    """
    artifact_refs: NotRequired[list[ReviewArtifactReference] | None]
    """
    Replacement artifact evidence; null or absent keeps the current version's.
    """
    target: NotRequired[ReviewArtifactReference | None]
    """
    The exact current head the approved proposal replaces (same family, also listed in artifact_refs); null proposes a new artifact.
    """
    reason: NotRequired[str | None]
    """
    Why the candidate is proposed (trimmed).
    """


class SearchMemoryRequest(TypedDict, closed=True):
    """
    Search the Scope's active Atomic Memory.
    """

    scope_id: str
    """
    The Scope searched.
    """
    query: str
    """
    The query text.
    """
    limit: NotRequired[int]
    """
    The most hits answered.
    """
    mode: NotRequired[Literal["auto", "fts", "vector", "hybrid"]]
    """
    The search mode; vector and hybrid without an embedder (or a store without vector search) are 422 invalid_request, violation {path: /mode, rule: embedder_required}, never a 5xx.
    """
    tag_filter: NotRequired[TagFilter | None]
    """
    A tag filter, or null for none.
    """


class HistorySelectedItem(TypedDict):
    """
    A history item, identified by its Scope-qualified artifact address.
    """

    kind: Literal["atomic-memory", "topic-memory", "experience", "profile"]
    """
    A history family.
    """
    rendered_bytes: int
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


class SourcePage(TypedDict, closed=True):
    """
    One page of a Scope's Sources in ascending position, bounded by the Scope's highest position when the first page was read.
    """

    items: list[SourceRecord]
    """
    The Sources of the page, in ascending position.
    """
    next_cursor: str | None
    """
    Continues the listing from the same snapshot; null on the last page.
    """


class TaskCheck(TypedDict, closed=True):
    """
    One check of the attempt, its uncertainty kept: declared with [] or verified with at least one citation.
    """

    name: str
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
    details: NotRequired[str | None]
    """
    Detail of the result, trimmed; null or absent for none.
    """
    basis: Literal["declared", "verified"]
    """
    How the result is known.
    """
    evidence: list[HandoffSourceCitation | HandoffArtifactCitation]
    """
    The result's exact evidence: [] when declared, at least one citation when verified.
    """


class UsageStatistics(TypedDict, closed=True):
    """
    Model usage over the period (pcreceipt does not count its provider calls yet: all zero).
    """

    period: ResolvedUsagePeriod
    """
    The period.
    """
    totals: ModelUsageStatistics
    """
    Totals.
    """
    by_purpose: list[ModelUsagePurposeBreakdown]
    """
    Per purpose.
    """
    daily: list[ModelUsageDay]
    """
    One row per day of the period, oldest first.
    """


class WorkClaim(TypedDict, closed=True):
    """
    One claim of the caller, with its basis and evidence: declared with [] or verified with at least one citation (else 422 invalid_request).
    """

    text: str
    """
    The claim, trimmed.
    """
    basis: Literal["declared", "verified"]
    """
    How the claim is known.
    """
    evidence: list[HandoffSourceCitation | HandoffArtifactCitation]
    """
    The claim's exact evidence: [] when declared, at least one citation when verified.
    """


class WorkContract(TypedDict, closed=True):
    """
    A Work Contract (powercontext.work-contract.v1): the inspected baseline of delegated work. Historical input; it grants no authority. List items are trimmed and unique within their list.
    """

    schema: Literal["powercontext.work-contract.v1"]
    """
    The record schema.
    """
    trust: Literal["untrusted_input"]
    """
    Always untrusted_input.
    """
    objective: str
    """
    What the delegated work is for, trimmed.
    """
    facts: list[WorkClaim]
    """
    Claims the baseline rests on.
    """
    in_scope: list[str]
    """
    What the work covers (at least one).
    """
    exclusions: list[str]
    """
    What the work must not touch.
    """
    completion_criteria: list[str]
    """
    When the work is done (at least one).
    """
    authorization_notes: list[str]
    """
    What the delegation does and does not authorise.
    """
    open_questions: list[str]
    """
    Questions still open.
    """


class AccessAuditEvent(TypedDict, closed=True):
    """
    One recorded decision: who, which operation, on what, allowed or not, when. Never a request body.
    """

    cursor: int
    """
    The event's position (ascending).
    """
    event_id: str
    """
    The event's id.
    """
    occurred_at: str
    """
    When.
    """
    request_id: str | None
    """
    The request's X-PowerContext-Request-ID, or null.
    """
    transport: str
    """
    http or mcp.
    """
    operation: str
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
    reason_code: str
    """
    Why.
    """
    policy_revision: str | None
    """
    The policy revision decided under, or null.
    """
    matched_subject: AccessPrincipal | AccessGroup | None
    """
    The subject whose Binding allowed it, or null.
    """
    binding_id: str | None
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
    expected_version: int | None
    """
    The version a revocation expected, or null.
    """
    result_version: int | None
    """
    The Binding's version after the change, or null.
    """


class AccessAuditPage(TypedDict, closed=True):
    """
    A page of audit events in cursor order.
    """

    items: list[AccessAuditEvent]
    """
    The events.
    """
    next_cursor: str | None
    """
    The next page's cursor, or null on the last page.
    """


class AccessBinding(TypedDict, closed=True):
    """
    One role given to one subject on one resource; immutable but for its revocation.
    """

    binding_id: str
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
    reason: str | None
    """
    Why, as its creator said, or null.
    """
    created_at: str
    """
    When it was created.
    """
    expires_at: str | None
    """
    When it stops applying, or null.
    """
    state: Literal["active", "revoked"]
    """
    active or revoked.
    """
    version: int
    """
    1 when created, 2 once revoked.
    """
    policy_revision: str
    """
    The access policy's revision its last change made.
    """
    idempotency_key: str
    """
    The key it was created with.
    """
    revoked_at: str | None
    """
    When it was revoked, or null.
    """
    revoked_by: AccessPrincipal | None
    """
    Who revoked it, or null.
    """


class AccessBindingPage(TypedDict, closed=True):
    """
    A page of Bindings in binding_id order.
    """

    items: list[AccessBinding]
    """
    The Bindings.
    """
    next_cursor: str | None
    """
    The next page's cursor, or null on the last page.
    """


class AccessBindingReplacement(TypedDict, closed=True):
    """
    The revoked Binding and its active replacement.
    """

    previous: AccessBinding
    """
    The revoked Binding.
    """
    current: AccessBinding
    """
    The replacement.
    """


class AccessCheckRequirement(TypedDict, closed=True):
    """
    One action on one resource.
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
    The action.
    """
    resource: ServerAccessResource | ScopeAccessResource | ArtifactAccessResource
    """
    The resource.
    """


class ActivateHandoffRequest(TypedDict, closed=True):
    """
    Generate a Handoff draft at one Source boundary, once per boundary.
    """

    scope_id: str
    """
    The Scope.
    """
    boundary_source: WorkSourceReference
    """
    The Source the boundary is at (a content Source or an unexpired Working Note of the Scope); it is the draft's first evidence.
    """
    objective: str
    """
    What the work is for; the draft keeps it exactly.
    """
    rollover_reasons: NotRequired[
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
    ]
    """
    As prepare_handoff's.
    """
    evidence: NotRequired[list[HandoffSourceCitation | HandoffArtifactCitation]]
    """
    Further evidence (at most 32 citations with the boundary Source, unique; the boundary is not repeated).
    """
    max_bytes: NotRequired[int]
    """
    As prepare_handoff's.
    """


class ArtifactRevision(TypedDict, closed=True):
    """
    One immutable artifact revision.
    """

    scope_id: str
    """
    The Scope.
    """
    family: Literal["atomic-memory", "topic-memory", "experience", "profile", "prompt"]
    """
    The family.
    """
    artifact_id: str
    """
    The artifact.
    """
    revision: int
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
    sources: list[SourceTypeReference]
    """
    The Sources that record this revision's write: one content Source (source_type content, its id src_ + 32 hex) for a create, import or replace; none for a merge result or a revision stored before Sources existed.
    """
    artifacts: list[ArtifactReference]
    """
    Artifacts this revision derives from: a merge result's inputs; for any other revision n > 1 of an atomic or Topic Memory, revision n - 1 of the same artifact (as PowerContext 1.4.1's replace names it); otherwise none.
    """
    content_digest: str
    """
    sha256 of the RFC 8785 canonical JSON of content as served (an atomic memory's creation included).
    """
    created_at: str | None
    """
    When the revision was committed (RFC 3339, UTC).
    """
    created_by: NotRequired[None]
    """
    Who committed a rollback; pcreceipt has no rollback, so null (always sent).
    """
    restored_from_revision: NotRequired[None]
    """
    The revision a rollback restored; pcreceipt has no rollback, so null (always sent).
    """
    reason: NotRequired[None]
    """
    The reason recorded for a rollback; pcreceipt has no rollback, so null (always sent).
    """


class ArtifactSearchItem(TypedDict, closed=True):
    """
    One result: a complete exact revision.
    """

    family: str
    """
    The searched Family.
    """
    artifact_id: str
    """
    The artifact.
    """
    revision: int
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
    scores: NotRequired[ArtifactSearchScores]
    """
    Its scores, only when include_scores.
    """


class Candidate(TypedDict, closed=True):
    """
    One candidate's current head: its latest immutable proposal version and its review state.
    """

    candidate_kind: Literal["artifact", "tag"]
    """
    Always artifact here (tag candidates are not served).
    """
    candidate_id: str
    """
    The candidate's id.
    """
    version: int
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
    source_refs: list[SourceReference]
    """
    The version's Source evidence.
    """
    artifact_refs: list[ReviewArtifactReference]
    """
    The version's artifact evidence.
    """
    target: ReviewArtifactReference | None
    """
    The head an approval replaces; null for a new artifact.
    """
    reason: str | None
    """
    The version's reason.
    """
    result_artifact: ReviewArtifactReference | None
    """
    The revision approval wrote (approved only).
    """
    decision_reason: str | None
    """
    Why it was rejected (rejected only).
    """
    audit: NotRequired[None]
    """
    A Dream candidate's server-owned provenance: always null (no Dream runs here).
    """
    permissions: NotRequired[None]
    """
    The caller's permissions in PowerContext's enforced mode: always null here (decisions are checked against the token's grants when made).
    """
    result: NotRequired[None]
    """
    A tag candidate's result: always null (no tag candidates here).
    """
    operation: NotRequired[None]
    """
    A Dream candidate's operation: always null here.
    """
    origin: NotRequired[None]
    """
    A tag candidate's origin: always null here.
    """
    dream_run_id: NotRequired[None]
    """
    A Dream candidate's run: always null here.
    """


class CandidateHistory(TypedDict, closed=True):
    """
    Every proposal version of a candidate, oldest first, each as it was proposed (pending).
    """

    versions: list[Candidate]
    """
    The versions.
    """


class CandidatePage(TypedDict, closed=True):
    """
    A page of candidates.
    """

    candidates: list[Candidate]
    """
    The candidates, by id.
    """
    next_cursor: str | None
    """
    The cursor of the next page; null on the last.
    """


class CreateExperienceRequest(TypedDict, closed=True):
    """
    Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile).
    """

    family: Literal["experience"]
    """
    The artifact family.
    """
    content: ExperienceContent
    """
    The artifact content.
    """


class CreateWorkContractRequest(TypedDict, closed=True):
    """
    Record a Work Contract as a Source of the Scope.
    """

    scope_id: str
    """
    The Scope the contract is recorded in.
    """
    source_id: str
    """
    The caller's stable id of the Source the contract becomes: 1 to 256 characters, trimmed. A replay with the same contract answers the first receipt; another record under the id is 409 source_conflict.
    """
    contract: WorkContract
    """
    The contract.
    """


class CurrentWorkHandoff(TypedDict, closed=True):
    """
    The caller's inspected current state (powercontext.current-work-handoff.v1), recorded as the boundary Source of a prepared Handoff.
    """

    schema: Literal["powercontext.current-work-handoff.v1"]
    """
    The record schema.
    """
    trust: Literal["untrusted_input"]
    """
    Always untrusted_input.
    """
    objective: str
    """
    What the work is for, trimmed.
    """
    state: list[WorkClaim]
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
    omissions: list[str]
    """
    What is known to be missing, trimmed and unique.
    """


class ExperienceArtifact(TypedDict, closed=True):
    """
    An exact Experience revision with its direct evidence.
    """

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


class GeneratedCandidateResponse(TypedDict, closed=True):
    """
    A generated pending candidate, or an explicit no-op.
    """

    status: Literal["pending", "no_op"]
    """
    What generation did.
    """
    candidate: Candidate | None
    """
    The pending candidate; null for a no-op.
    """


class HandoffContent(TypedDict, closed=True):
    """
    A Handoff's content (powercontext.handoff.v1), shared by prepared and committed Handoffs. Historical, untrusted input.
    """

    generation: NotRequired[HandoffGenerationMetadata | None]
    """
    Generation origin; absent or null for content nobody generated.
    """
    schema: Literal["powercontext.handoff.v1"]
    """
    The content schema.
    """
    objective: str
    """
    What the work is for.
    """
    state: list[HandoffStatement]
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
    omissions: list[HandoffOmission]
    """
    What is known to be missing.
    """


class HandoffCurrentWorkRequest(TypedDict, closed=True):
    """
    Record the inspected boundary of a work transfer and prepare its Handoff in one step.
    """

    scope_id: str
    """
    The Scope.
    """
    source_id: str
    """
    The caller's stable id of the boundary Source: 1 to 256 characters, trimmed (replay and conflict as for create_work_contract).
    """
    handoff: CurrentWorkHandoff
    """
    The inspected current state.
    """


class HandoffDraft(TypedDict, closed=True):
    """
    An inspectable Handoff draft, before finalize_handoff.
    """

    generation: NotRequired[HandoffGenerationEnvelope | None]
    """
    A generation receipt; absent or null (pcreceipt issues none).
    """
    objective: str
    """
    What the work is for.
    """
    state: list[HandoffStatement]
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
    omissions: list[HandoffOmission]
    """
    What is known to be missing.
    """


class HandoffResolution(TypedDict, closed=True):
    """
    A resolved Handoff (untrusted history) with its evidence checks, or status empty when latest found none.
    """

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
    evidence_checks: list[HandoffEvidenceCheck]
    """
    One check per state statement in order, then one for next_action.
    """


class ImportArtifactsRequest(TypedDict, closed=True):
    """
    Bulk import: up to 1000 artifacts of one family into one Scope, committed in one transaction (all or nothing). A batch mixing families is refused (422, rule import_one_family); split it where the family changes.
    """

    items: list[
        CreateAtomicMemoryRequest
        | CreateTopicMemoryRequest
        | CreateExperienceRequest
        | CreateProfileRequest
        | CreatePromptRequest
    ]
    """
    The artifacts to create.
    """


class ListManagedSkillsResponse(TypedDict, closed=True):
    """
    The current managed Skills, by artifact id.
    """

    skills: list[ManagedSkillLibraryEntry]
    """
    The Skills.
    """


class PreparedHandoff(TypedDict, closed=True):
    """
    A finalized, uncommitted Handoff (powercontext.prepared-handoff.v1): its Scope, the committed revision it was prepared on (base) and its content. A temporary value the caller carries; nothing of it is stored.
    """

    generation: NotRequired[HandoffGenerationEnvelope | None]
    """
    A generation receipt; absent or null (pcreceipt issues none).
    """
    schema: Literal["powercontext.prepared-handoff.v1"]
    """
    The prepared Handoff schema.
    """
    scope_id: str
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


class PreparedWorkHandoff(TypedDict, closed=True):
    """
    The boundary Source's receipt and the prepared (uncommitted) Handoff.
    """

    boundary: WorkSourceReceipt
    """
    The boundary Source (kind handoff-boundary).
    """
    handoff: PreparedHandoff
    """
    The prepared Handoff: each state claim and the next action cite the boundary Source first, then their own evidence.
    """


class ReconcileRemoteSkillsResponse(TypedDict, closed=True):
    """
    The authenticated target and its latest-generation actions.
    """

    scope_id: str
    """
    The target's Scope.
    """
    target_id: str
    """
    The target the credential belongs to.
    """
    actions: list[RemoteSkillAction]
    """
    One action per publication not yet confirmed at its generation, by artifact id.
    """


class ReportHandoffContent(TypedDict, closed=True):
    """
    A Handoff's content as the report renders it, as PowerContext 1.4.1 does: its records' form, a Source cited by {source_id, source_type} (the Handoff itself cites it by {name, source_id}), no generation key.
    """

    schema: Literal["powercontext.handoff.v1"]
    """
    The content schema.
    """
    objective: str
    """
    What the work is for.
    """
    state: list[ReportHandoffStatement]
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
    omissions: list[ReportHandoffOmission]
    """
    What is known to be missing.
    """


class RerankConfig(TypedDict, closed=True):
    """
    The complete configuration evidence of one distinct reranker invocation setup.
    """

    config_id: str
    """
    Equals config_digest.
    """
    policy_id: str
    """
    The rerank policy; for a deterministic reranker it names the algorithm.
    """
    model: str | None
    """
    Credential-free provider/model; null only for a declared deterministic non-model reranker.
    """
    effective_settings: RerankSettings
    """
    Settings actually passed, on the versioned allowlist.
    """
    timeout_seconds: float
    """
    The per-request timeout.
    """
    max_requests: int
    """
    The most provider requests one rerank may make.
    """
    config_digest: str
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


class Retrieval(TypedDict, closed=True):
    """
    Rounds, search groups, rerank configurations and rerank groups.
    """

    rounds: list[RecallRound]
    """
    Round 0 plus at most two expansion rounds, in order.
    """
    searches: list[SearchGroup]
    """
    Search calls grouped by (round, family, mode, outcome, fallback_reason), sorted by that tuple.
    """
    rerank_configs: list[RerankConfig]
    """
    Each distinct rerank configuration that was invoked, once, sorted by config_digest.
    """
    reranks: list[RerankGroup]
    """
    Rerank calls grouped by (round, config_id, outcome, fallback_reason), sorted by that tuple.
    """


class ScopeHandoffReport(TypedDict, closed=True):
    """
    One selected Scope with its latest committed Handoff (handoff and content null for no_handoff).
    """

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


class ScopeStats(TypedDict, closed=True):
    """
    One Scope's statistics.
    """

    scope_id: str
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


class ScopedStats(TypedDict, closed=True):
    """
    Statistics over a Scope selection: the sums, and each Scope's own.
    """

    selection: AllScopeSelection | ExactScopeSelection | SubtreeScopeSelection
    """
    The selection asked for.
    """
    scope_ids: list[str]
    """
    The Scopes counted, in scope_id order (a subtree: breadth-first from its root).
    """
    as_of: str
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


class SearchArtifactsResponse(TypedDict, closed=True):
    """
    The matching revisions, best first.
    """

    results: list[ArtifactSearchItem]
    """
    Best first.
    """


class TaskOutcome(TypedDict, closed=True):
    """
    A Task Outcome (powercontext.task-outcome.v1): what one attempt observed at a completion or interruption boundary.
    """

    schema: Literal["powercontext.task-outcome.v1"]
    """
    The record schema.
    """
    trust: Literal["untrusted_observation"]
    """
    Always untrusted_observation.
    """
    objective: str
    """
    What the attempt was for, trimmed.
    """
    status: Literal["succeeded", "partial", "blocked", "failed", "cancelled", "unknown"]
    """
    How the attempt ended.
    """
    summary: str
    """
    What happened, trimmed.
    """
    handoff_receipt_ref: NotRequired[WorkSourceReference | None]
    """
    The Source of the accepted Handoff Receipt (acknowledge_handoff, an exact committed revision) whose work this outcome covers; null or absent for none. Anything else is 422 invalid_request.
    """
    observations: list[WorkClaim]
    """
    What was observed (at least one).
    """
    checks: list[TaskCheck]
    """
    The checks run, as they ended.
    """
    produced_artifacts: list[WorkArtifactReference]
    """
    Artifact revisions the attempt produced: each must be an exact revision of the Scope (checked as artifact evidence, after the claims' and checks' citations).
    """
    remaining_work: list[str]
    """
    What remains, trimmed and unique.
    """


class AccessCheckRequest(TypedDict, closed=True):
    """
    Ask whether the caller may do what the requirements name.
    """

    match: Literal["all", "any"]
    """
    How the decisions combine.
    """
    requirements: list[AccessCheckRequirement]
    """
    The requirements, in order.
    """


class AcknowledgeHandoffRequest(TypedDict, closed=True):
    """
    Record a receiver's decision on one prepared or exact committed Handoff as a Handoff Receipt (a Source; not a PreparedContext Receipt).
    """

    scope_id: str
    """
    The Scope.
    """
    source_id: str
    """
    The caller's stable id of the Handoff Receipt Source: 1 to 256 characters, trimmed (replay and conflict as for create_work_contract).
    """
    receiver: str
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
    receiver_checks: NotRequired[ReceiverChecks | None]
    """
    The receiver's checks; required, all confirmed, to accept.
    """
    prepared: NotRequired[PreparedHandoff | None]
    """
    The prepared Handoff, for prepared.
    """
    revision: NotRequired[WorkArtifactReference | None]
    """
    The committed revision, for exact.
    """
    message: NotRequired[str | None]
    """
    Why, trimmed; required unless accepted.
    """


class CommitHandoffRequest(TypedDict, closed=True):
    """
    Commit a prepared Handoff as the Scope's next Handoff revision.
    """

    scope_id: str
    """
    The Scope of the Handoff.
    """
    handoff: PreparedHandoff
    """
    The exact prepared value finalize_handoff or handoff_current_work answered.
    """


class CommittedHandoff(TypedDict, closed=True):
    """
    A committed, immutable Handoff revision and its lineage.
    """

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


class ContinueHandoffRequest(TypedDict, closed=True):
    """
    Resolve a Handoff to continue from. prepared needs prepared (and no revision), exact needs revision (and no prepared), latest neither; else 422 invalid_request.
    """

    scope_id: str
    """
    The Scope of the Handoff.
    """
    selection: Literal["prepared", "exact", "latest"]
    """
    Which Handoff.
    """
    prepared: NotRequired[PreparedHandoff | None]
    """
    The prepared value, for prepared.
    """
    revision: NotRequired[WorkArtifactReference | None]
    """
    The committed revision, for exact (family handoff).
    """


class FinalizeHandoffRequest(TypedDict, closed=True):
    """
    Finalize an inspected draft into a prepared Handoff.
    """

    scope_id: str
    """
    The Scope of the Handoff.
    """
    draft: HandoffDraft
    """
    The inspected draft.
    """


class HandoffAcknowledgement(TypedDict, closed=True):
    """
    The resolved Handoff and the receipt of the stored Handoff Receipt.
    """

    receipt_identity: NotRequired[None]
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


class HandoffActivation(TypedDict, closed=True):
    """
    What an activation did at its boundary.
    """

    status: Literal["generated", "ignored"]
    """
    generated or ignored.
    """
    boundary_source: WorkSourceReference
    """
    The boundary Source, as requested.
    """
    previous_position: int
    """
    The Source position of the last boundary that generated a draft before this call (0: none).
    """
    current_position: int
    """
    That position after this call: the boundary's when generated, else unchanged.
    """
    draft: HandoffDraft | None
    """
    The generated draft (generated), or null (ignored).
    """


class HandoffReport(TypedDict, closed=True):
    """
    The Handoff Report (powercontext.handoff-report.v2): per selected Scope its latest committed Handoff, with the counts and both digests. A read: it accepts, continues or changes nothing.
    """

    schema: Literal["powercontext.handoff-report.v2"]
    """
    The report schema.
    """
    selection: ReportSelection
    """
    The selection.
    """
    scope_ids: list[str]
    """
    The selected Scopes in report order (the order of scopes).
    """
    generated_at: str
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
    selection_digest: str
    """
    The digest of what was selected (the Scopes and the exact Handoff revisions), independent of when.
    """
    report_digest: str
    """
    The digest of the report without this field.
    """


class HandoffReportResponse(TypedDict, closed=True):
    """
    The JSON answer of get_handoff_report without download: the report (format json) or null (format markdown answers text/markdown instead).
    """

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
    selection_digest: str
    """
    As the report's.
    """
    report_digest: str
    """
    As the report's.
    """


class PrepareHandoffHintRequest(TypedDict, closed=True):
    """
    Ask for a bounded continuity hint from one selected Handoff.
    """

    scope_id: str
    """
    The Scope.
    """
    selection: Literal["prepared", "exact", "latest"]
    """
    Which Handoff (as continue_handoff).
    """
    prepared: NotRequired[PreparedHandoff | None]
    """
    The prepared value, for prepared only.
    """
    revision: NotRequired[WorkArtifactReference | None]
    """
    The committed revision, for exact only.
    """
    max_bytes: NotRequired[int]
    """
    The hint's whole UTF-8 budget, markers and notice included (1 to 4000, default 2000). A longer hint is not cut: the answer is empty.
    """


class PreparedContextReceipt(TypedDict, closed=True):
    """
    An ephemeral, content-free explanation of one prepare response. Untrusted metadata: never injected into a prompt.
    """

    schema: Literal["powercontext.prepared-context-receipt.v1"]
    """
    The Receipt schema name.
    """
    receipt_id: str
    """
    A random UUID in lowercase canonical form; for log correlation only, never a fetch key.
    """
    policy_id: Literal["powercontext.prepared-context-receipt.v1"]
    """
    The Receipt policy.
    """
    query_digest: str
    """
    sha256 of the UTF-8 bytes of the NFC-normalised, whitespace-stripped query.
    """
    content_digest: str | None
    """
    sha256 of the UTF-8 bytes of content; null iff status is empty.
    """
    requested_max_bytes: int
    """
    The request's max_bytes (8000 when omitted).
    """
    used_bytes: int
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
    selected: list[HistorySelectedItem | CodeSelectedItem]
    """
    The injected items, in injection order: history origins, then code origins.
    """
    omitted: list[OmittedGroup]
    """
    Candidates left out, grouped by family and closed reason, sorted by (family, reason).
    """
    stages: list[StageTiming]
    """
    Summed durations of the runtime stages that ran.
    """


class RecordTaskOutcomeRequest(TypedDict, closed=True):
    """
    Record a Task Outcome as a Source of the Scope.
    """

    scope_id: str
    """
    The Scope the outcome is recorded in.
    """
    source_id: str
    """
    The caller's stable id of the Source the outcome becomes (replay and conflict as for create_work_contract).
    """
    outcome: TaskOutcome
    """
    The outcome.
    """


class PreparedContext(TypedDict, closed=True):
    """
    The injection value. A default call returns exactly schema, status, content and content_bytes.
    """

    schema: Literal["powercontext.prepared-context.v1"]
    """
    The injection schema name.
    """
    status: Literal["ready", "empty"]
    """
    ready with content, or empty.
    """
    content: str | None
    """
    The text to inject when ready; null when empty.
    """
    content_bytes: int
    """
    The UTF-8 length of content; 0 when empty.
    """
    reason: NotRequired[Literal["inference_timeout", "inference_unavailable"]]
    """
    Present only when explain was true and a channel degraded.
    """
    receipt: NotRequired[PreparedContextReceipt]
    """
    Present only when include_receipt was true and the Receipt was built and validated.
    """


CreateArtifactRequest: TypeAlias = CreateAtomicMemoryRequest | CreateTopicMemoryRequest | CreateExperienceRequest | CreateProfileRequest | CreatePromptRequest
"""Create revision 1 of a new artifact (for profile: the next revision of the Scope's one profile)."""
