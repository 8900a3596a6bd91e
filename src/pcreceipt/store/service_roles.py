"""The store's roles for the service operations around the core (``store.protocol`` holds the
core: Scopes, artifacts, code, tokens, Sources, statistics, and what a prepare reads): Access
Bindings and their audit, Experience and Skill candidates, external Skills and Skill packages,
Connector checkpoints, Handoff activation boundaries, Profile policies, and Sources read back
whole. ``store.protocol.Store`` is the union
of both modules' roles; the records are ``store.records`` and the ``*_records`` modules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from pcreceipt.store.access_records import AccessAuditRecord, AccessBindingRecord, AuditQuery, NewBinding, Party
from pcreceipt.store.connector_records import ConnectorBinding
from pcreceipt.store.dream_runs import DreamAdmission, DreamRunRow, NewDreamRun
from pcreceipt.store.profile_records import ActivationMode, ProfileCommit, ProfilePolicy, ProfileWindow
from pcreceipt.store.records import (
    ArtifactRef,
    BindingKey,
    CandidateRecord,
    EmbeddingRow,
    EvidenceText,
    ReviewedFamily,
    SkillRevision,
    SourceRef,
)
from pcreceipt.store.remote_skill_records import Installation, Liveness, Receipt, RemoteSkillTarget
from pcreceipt.store.skill_governance import LifecycleState, SkillGovernanceRecord
from pcreceipt.store.source_view_records import SourceView, SourceViewPage
from pcreceipt.store.subject_records import SubjectSources


class AccessControl(Protocol):
    """Access Bindings (``store.access``): what each token may do, changed through the access API."""

    def access_policy_revision(self) -> str:
        """The policy revision: one more with every Binding change."""
        ...

    def get_access_binding(self, binding_id: str) -> AccessBindingRecord | None: ...

    def list_access_bindings(
        self,
        *,
        scope_id: str | None,
        subject: Party | None,
        role: str | None,
        state: str | None,
        after: str | None,
        limit: int,
    ) -> list[AccessBindingRecord]:
        """Up to ``limit`` Bindings after ``after`` in binding_id order, every one or one Scope's."""
        ...

    def create_access_binding(self, new: NewBinding, actor: Party) -> AccessBindingRecord:
        """Store a Binding (or the one its idempotency key made); AccessConflict ``idempotency-key``."""
        ...

    def revoke_access_binding(
        self, binding_id: str, expected_version: int, actor: Party, idempotency_key: str
    ) -> AccessBindingRecord:
        """Revoke the active Binding at ``expected_version``; AccessConflict otherwise."""
        ...

    def replace_access_binding(
        self, binding_id: str, expected_version: int, replacement: NewBinding, actor: Party
    ) -> tuple[AccessBindingRecord, AccessBindingRecord]:
        """Revoke the Binding and create its replacement in one transaction; AccessConflict otherwise."""
        ...

    def append_access_audit(self, events: Sequence[AccessAuditRecord]) -> None:
        """Append audit events (one transaction)."""
        ...

    def list_access_audit(self, query: AuditQuery) -> list[AccessAuditRecord]:
        """Up to ``query.limit`` events in cursor order."""
        ...


class Candidates(Protocol):
    """Experience and managed Skill candidates and their review (``pcreceipt.store.candidates``).

    Every write takes the Scope's writer lock and re-reads the candidate's head inside its
    transaction. Errors: RecordNotFound for an unknown Scope, UnknownCandidate, CandidateStale
    (another pending version), CandidateDecided (already decided), TargetMoved (a target that is
    not its artifact's head), InvalidCandidate (evidence, target or lineage refused)."""

    def create_candidate(
        self,
        scope_id: str,
        family: ReviewedFamily,
        proposal: Mapping[str, Any],
        *,
        source_refs: Sequence[SourceRef],
        artifact_refs: Sequence[ArtifactRef],
        target: ArtifactRef | None,
        reason: str | None,
    ) -> CandidateRecord:
        """A new pending candidate (version 1) after the evidence and target checks."""
        ...

    def get_candidate(self, scope_id: str, candidate_id: str) -> CandidateRecord | None:
        """The candidate's head, None when the Scope has no such candidate."""
        ...

    def candidate_history(self, scope_id: str, candidate_id: str) -> list[CandidateRecord] | None:
        """Every version, oldest first, each shown pending; None without such a candidate."""
        ...

    def list_candidates(
        self, scope_id: str, *, status: str, family: str | None, limit: int, after: str | None
    ) -> list[CandidateRecord]:
        """Up to ``limit`` heads in ``status`` (and ``family``) by candidate id, after ``after``."""
        ...

    def approve_candidate(
        self, scope_id: str, candidate_id: str, expected_version: int, *, embedding: EmbeddingRow | None = None
    ) -> CandidateRecord:
        """Write the version's Experience (with ``embedding``, its proposal's vector) or Skill
        revision and mark the candidate approved, in one transaction; the version already approved
        is answered unchanged."""
        ...

    def reject_candidate(self, scope_id: str, candidate_id: str, expected_version: int, reason: str) -> CandidateRecord:
        """Mark the pending version rejected with ``reason``."""
        ...

    def revise_candidate(
        self,
        scope_id: str,
        candidate_id: str,
        expected_version: int,
        proposal: Mapping[str, Any],
        *,
        source_refs: Sequence[SourceRef] | None,
        artifact_refs: Sequence[ArtifactRef] | None,
        target: ArtifactRef | None,
        reason: str | None,
        check_proposal: Callable[[str], None],
    ) -> CandidateRecord:
        """Append the next pending version (None evidence keeps the current version's)."""
        ...

    def generation_evidence(
        self, scope_id: str, source_refs: Sequence[SourceRef], artifact_refs: Sequence[ArtifactRef]
    ) -> list[EvidenceText]:
        """The exact evidence a generation model reads (each item's JSON, bounded); InvalidCandidate
        for evidence 1.4.1 refuses to generate from."""
        ...

    def get_managed_skill(self, scope_id: str, artifact_id: str, revision: int) -> SkillRevision | None:
        """Exactly that managed Skill revision, None when the Scope lacks it."""
        ...

    def managed_skill_heads(self, scope_id: str) -> list[SkillRevision]:
        """Every managed Skill's head revision, by artifact id."""
        ...


class ConnectorCheckpointRecords(Protocol):
    """Connector checkpoints (``store.connectors``): one opaque JSON value per binding."""

    def connector_checkpoint(self, binding: ConnectorBinding) -> Any:
        """The binding's checkpoint, None when it never committed one; CheckpointConflict
        ``binding`` when its id belongs to another Connector name or version."""
        ...

    def commit_connector_checkpoint(self, binding: ConnectorBinding, expected: Any, checkpoint: Any) -> None:
        """Compare-and-set: ``checkpoint`` replaces the value when it is still ``expected`` (None:
        never committed); CheckpointConflict (``stale``, ``binding``) otherwise, nothing written."""
        ...


class HandoffBoundaryRecords(Protocol):
    """The Handoff activation boundary of each Scope (``store.handoff_boundaries``)."""

    def handoff_boundary(self, scope_id: str) -> int:
        """The Source position of the Scope's last boundary that generated a draft (0: none)."""
        ...

    def advance_handoff_boundary(self, scope_id: str, expected: int, position: int) -> bool:
        """Compare-and-set: move the boundary from ``expected`` to the greater ``position``; False,
        with nothing written, when it is no longer ``expected``."""


class DreamRunRecords(Protocol):
    """Dream runs (``store.dream_runs``): admission, reads, leased claims and terminal writes."""

    def admit_dream_run(self, scope_id: str, new: NewDreamRun, capacity: int) -> DreamAdmission:
        """The run under the same (principal, key) or the new queued one; RecordNotFound,
        DreamKeyReused, DreamCapacityReached."""
        ...

    def get_dream_run(self, scope_id: str, run_id: str) -> DreamRunRow | None: ...

    def list_dream_runs(
        self, scope_id: str, *, status: str | None, operation: str | None, before: tuple[str, str] | None, limit: int
    ) -> list[DreamRunRow]:
        """Descending (accepted_at, run_id) after the keyset ``before``."""
        ...

    def claim_dream_run(
        self,
        row: DreamRunRow,
        *,
        owner: str,
        now: str,
        lease_expires: str,
        max_attempts: int,
        record: Callable[[DreamRunRow], Mapping[str, Any]],
    ) -> DreamRunRow | None:
        """The run under ``owner``'s lease with one more attempt, or None (another claimer won)."""
        ...

    def finish_dream_run(self, row: DreamRunRow, owner: str, status: str, record: Mapping[str, Any]) -> bool:
        """The owner's write of the run's next state; False when the lease was taken over."""
        ...

    def dream_runs_to_claim(self, now: str) -> list[DreamRunRow]:
        """Queued runs and running runs with an expired lease."""
        ...

    def fail_expired_dream_run(self, row: DreamRunRow, now: str, record: Mapping[str, Any]) -> bool:
        """Mark an expired run with no attempt left failed; False when it changed meanwhile."""
        ...


class ProfilePolicyRecords(Protocol):
    """Profile policies (``store.profiles``): one per Scope, replaced by a compare-and-set; and the
    Profile flush's reads and commit (``store.profile_flush``)."""

    def profile_policy(self, scope_id: str) -> ProfilePolicy | None:
        """The Scope's policy; None before the first put."""
        ...

    def put_profile_policy(
        self, scope_id: str, *, generation_enabled: bool, activation_mode: ActivationMode, expected_version: int
    ) -> ProfilePolicy:
        """Create (``expected_version`` 0, no policy yet) or replace (``expected_version`` the
        current version) the policy; PolicyConflict otherwise, nothing written."""

    def profile_window(self, scope_id: str, window: int) -> ProfileWindow:
        """What a Profile flush reads, in one snapshot (``store.profile_flush``); RecordNotFound
        for an unknown Scope."""
        ...

    def commit_profile_flush(
        self,
        scope_id: str,
        *,
        policy_version: int,
        cursor: int,
        head: ArtifactRef | None,
        through: int,
        content: str | None,
        sources: Sequence[SourceRef],
        artifacts: Sequence[ArtifactRef],
    ) -> ProfileCommit:
        """Commit one Profile flush while the policy version, the cursor and the Profile head are
        those it read; else ``committed`` False, nothing written (``store.profile_flush``)."""
        ...


class SourceViewReads(Protocol):
    """Sources read back whole (``store.source_views``): ``get_source`` and ``list_sources``."""

    def source_view(self, scope_id: str, source_id: str) -> SourceView | None:
        """The Scope's Source with that id (any origin), with its content as served, or None;
        RecordNotFound when the Scope does not exist."""
        ...

    def source_high_watermark(self, scope_id: str) -> int:
        """The Scope's highest Source position (0 for none); RecordNotFound when the Scope does not exist."""
        ...

    def list_source_views(self, scope_id: str, *, after: int, through: int, limit: int) -> SourceViewPage:
        """Up to ``limit`` Sources at positions in ``(after, through]``, ascending, and whether more
        follow; RecordNotFound when the Scope does not exist."""
        ...

    def create_source(self, scope_id: str, content: Any) -> SourceView:
        """Store ``content`` (any I-JSON value) as a new content Source under a new server id at the
        Scope's next position, pending for extraction; RecordNotFound when the Scope does not exist."""
        ...

    def create_subject_source(
        self,
        scope_id: str,
        key: BindingKey,
        requested: str | None,
        content: Any,
        authorize: Callable[[str, bool], None],
    ) -> SubjectSources:
        """Write ``content`` as one content Source (one id) to the business Scope and to the Scope
        ``key`` is bound to, binding it first (to ``requested`` or a new Scope) when unbound;
        ``authorize(subject_scope_id, new_binding)`` runs before anything is written.
        RecordNotFound (the business Scope, or a requested subject Scope), SubjectBoundElsewhere,
        SameSubjectScope, SubjectBindingTargetMissing (``store.subject_sources``)."""
        ...

    def register_source_definition(self, manifest: Mapping[str, Any]) -> dict[str, Any]:
        """Store an I-JSON manifest under its (name, version), or answer the one stored when it is the
        same; DefinitionConflict (``store.source_definitions``) when another is stored there."""
        ...

    def source_definition(self, name: str, version: str) -> dict[str, Any] | None:
        """The manifest registered under (name, version), or None."""
        ...

    def submit_source_observation(self, scope_id: str, observation: Mapping[str, Any]) -> int:
        """Store an I-JSON observation as the observed Source (source_type, name) at the Scope's next
        position, or answer the position of the same observation stored before (nothing written);
        SourceIdentityConflict when another is stored under that identity, RecordNotFound when the
        Scope does not exist (``store.source_observations``)."""
        ...


class ExternalSkills(Protocol):
    """The external Skill registry projection, Skill packages and import snapshots
    (``pcreceipt.store.external_skills``)."""

    def replace_external_skills(self, scope_id: str, host_id: str, registrations: Sequence[Mapping[str, Any]]) -> None:
        """The Scope's registrations of the host become exactly these (RecordNotFound: no Scope)."""
        ...

    def external_skills(self, scope_id: str) -> list[dict[str, Any]]:
        """The Scope's registrations by name, then identity."""
        ...

    def external_skill(self, scope_id: str, external_skill_id: str) -> dict[str, Any] | None:
        """One registration, None when the Scope has none of that identity."""
        ...

    def propose_package_candidate(
        self,
        scope_id: str,
        *,
        source: SourceRef,
        evidence: Mapping[str, Any],
        manifest: Mapping[str, Any],
        archive: bytes,
        proposal: Mapping[str, Any] | None,
        target: ArtifactRef | None = None,
        reason: str | None,
    ) -> CandidateRecord | None:
        """The package and its Source (each once) and, with a proposal, its pending candidate."""
        ...

    def skill_package(self, scope_id: str, archive_digest: str) -> tuple[dict[str, Any], bytes] | None:
        """A stored package's manifest and archive, None when the Scope lacks it."""
        ...

    def package_source(self, scope_id: str, source: SourceRef) -> dict[str, Any] | None:
        """A package's Source evidence (a snapshot or an upload), None when the Scope lacks it."""
        ...


class SkillGovernanceRoles(Protocol):
    """Managed Skill governance (``store.skill_governance``): lifecycle state and its generation."""

    def skill_governance(self, scope_id: str) -> dict[str, SkillGovernanceRecord]:
        """Every managed Skill's governance in the Scope, by artifact id."""
        ...

    def transition_skill_lifecycle(
        self,
        scope_id: str,
        artifact_id: str,
        expected_generation: int,
        lifecycle_state: LifecycleState,
        replacement_artifact_id: str | None,
    ) -> tuple[SkillGovernanceRecord, int]:
        """One explicit transition compared and set on the generation (the new governance and the
        Skill's head revision); GovernanceNotFound,
        InvalidLifecycle, InvalidReplacement or GenerationStale, nothing written."""
        ...

    def record_skill_usage(self, scope_id: str, observation_id: str, observation: Mapping[str, Any]) -> int:
        """Store one usage observation as an immutable ``skill-usage`` Source (or find the same one
        stored before) and answer its position; UsageRefused (``not_found``, ``invalid``,
        ``conflict``), nothing written (``store.skill_usage``)."""


class RemoteSkillTargets(Protocol):
    """Remote Agent Skill targets and their publications (``pcreceipt.store.remote_skills``);
    refusals are ``remote_skill_records.RemoteTargetRefused``, an unknown Scope RecordNotFound."""

    def create_remote_skill_target(
        self, scope_id: str, target_id: str, agent_kind: str, display_name: str, enrollment_sha256: str, expires_at: str
    ) -> RemoteSkillTarget:
        """A pending target whose enrollment code has this digest and expiry."""
        ...

    def list_remote_skill_targets(
        self, scope_id: str, target_id: str | None, limit: int
    ) -> list[tuple[RemoteSkillTarget, list[dict[str, Any]]]]:
        """Up to ``limit`` targets in creation order, each with its publications."""
        ...

    def enroll_remote_skill_target(
        self, enrollment_sha256: str, credential_sha256: str, installation: Installation, now: str
    ) -> RemoteSkillTarget:
        """Consume a live enrollment code once; the target becomes active under the credential."""
        ...

    def rename_remote_skill_target(
        self, scope_id: str, target_id: str, expected_generation: int, display_name: str
    ) -> RemoteSkillTarget:
        """Rename the target at ``expected_generation``."""
        ...

    def revoke_remote_skill_target(self, scope_id: str, target_id: str, expected_generation: int) -> RemoteSkillTarget:
        """Revoke the target at ``expected_generation``."""
        ...

    def publish_remote_skill(
        self, scope_id: str, target_id: str, artifact_id: str, revision: int, tree_digest: str,
        expected_generation: int | None,
    ) -> dict[str, Any]:  # fmt: skip
        """Make the exact Skill revision the active target's desired state (generation CAS)."""
        ...

    def unpublish_remote_skill(
        self, scope_id: str, target_id: str, artifact_id: str, expected_generation: int
    ) -> dict[str, Any]:
        """Make the Skill's absence the active target's desired state (generation CAS)."""
        ...

    def remote_skill_target_by_credential(self, credential_sha256: str) -> RemoteSkillTarget | None:
        """The active target whose credential has this SHA-256, or None (unknown or revoked)."""
        ...

    def remote_skill_publication(self, scope_id: str, target_id: str, artifact_id: str) -> dict[str, Any] | None:
        """The target's publication of the Skill, or None."""
        ...

    def reconcile_remote_skills(
        self, credential_sha256: str, liveness: Liveness, blocked: Mapping[str, str]
    ) -> tuple[RemoteSkillTarget, list[dict[str, Any]]]:
        """The credential's target and its publications, the Receiver's liveness and its refused
        observations (artifact id to code) recorded (``store.remote_skill_receiver``)."""
        ...

    def record_remote_skill_receipt(
        self, credential_sha256: str, liveness: Liveness, receipt: Receipt
    ) -> tuple[bool, bool, dict[str, Any]]:
        """Apply a Receipt to the credential's target's publication: (accepted, stale, publication)."""
        ...
