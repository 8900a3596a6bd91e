"""Experience and managed Skill candidates and their review, the same on every engine.

A candidate is a head (``candidates``: its family, review state, current version, target, and the
decision) over immutable proposal versions (``candidate_versions``: the proposal, its evidence and
reason); migration 13 of each engine. Approval writes the reviewed version's artifact and marks the
head approved in one transaction: an Experience becomes a revision of the ``experience`` family
(indexed for recall, its evidence kept as the revision's named lineage), a Skill a revision in
``managed_skills`` (pcreceipt's artifact families stay the five the contract lists).

Every decision runs under the Scope's writer lock and re-reads the head inside its transaction, so
of several racing approvals, rejections or revisions of one version exactly one changes the head;
the others see the new head (PowerContext 1.4.1's answers: an approval of the version already
approved returns it unchanged, anything else is stale or terminal).

Decisions (``docs/decisions.md``, "Experience and Skill candidates"):
- Evidence: at least one reference that is a Source or a non-prompt artifact, at most 32 in all
  after removing repeats (first kept); a Source is a captured content Source of the Scope, an
  artifact an existing exact revision of the Scope (``skill``: of ``managed_skills``). Anything
  else is ``InvalidCandidate("evidence")``.
- A failure record needs a verified failed Task Outcome among the Sources; this server records no
  Task Outcomes, so a proposal with a failure record is refused like 1.4.1 refuses one without.
- A target has the candidate's family, is listed in ``artifact_refs`` and is its artifact's current
  head (``TargetMoved`` otherwise, checked again at approval).
- Every Skill version is written package-backed, as 1.4.1 keeps it: a text proposal becomes its
  canonical one-file package inside the write's transaction (``ExternalSkillRecords._canonical_skill_in``),
  a named package must be the Scope's ("Packages of proposed Skills"); a row stored before that keeps
  its null package.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from pcreceipt.models import limits
from pcreceipt.store.external_skills import PACKAGE_SOURCES
from pcreceipt.store.hooks import ConnT, PreparedT, RevisionHooks
from pcreceipt.store.ids import new_artifact_id, utc_now
from pcreceipt.store.records import (
    ArtifactFamily,
    ArtifactRef,
    CandidateDecided,
    CandidateRecord,
    CandidateStale,
    CandidateStatus,
    EmbeddingRow,
    EvidenceText,
    InvalidCandidate,
    RefusedReference,
    ReviewedFamily,
    SkillRevision,
    SourceRef,
    TargetMoved,
    UnknownCandidate,
)
from pcreceipt.store.rows import as_opt_str, as_str, to_json
from pcreceipt.store.skill_governance import INSERT_GOVERNANCE
from pcreceipt.store.sources import SOURCE_TYPE, source_key

MAX_EVIDENCE = limits.CANDIDATE_SOURCE_REFS_MAX_ITEMS
"""At most this many evidence references in all, Sources and artifacts together (1.4.1's combined bound)."""
MAX_EVIDENCE_CHARS = 64_000
"""How much of one evidence item a generation model reads (PowerContext 1.4.1's bound)."""
CANDIDATE_ID_PREFIX = "cand_"
SKILL_ID_PREFIX = "skill_"
LINEAGE_ONLY_PROMPT = ("prompt", "skill.generate")
"""The one non-Experience artifact a new managed Skill's lineage may name (1.4.1's generation prompt)."""

_HEAD = """SELECT h.candidate_id, h.version, h.family, h.status, h.target, h.result, h.decision_reason,
                  v.proposal, v.source_refs, v.artifact_refs, v.reason
           FROM candidates h JOIN candidate_versions v
             ON v.scope_id = h.scope_id AND v.candidate_id = h.candidate_id AND v.version = h.version"""
_VERSIONS = """SELECT h.candidate_id, v.version, h.family, 'pending', h.target, NULL, NULL,
                      v.proposal, v.source_refs, v.artifact_refs, v.reason
               FROM candidates h JOIN candidate_versions v
                 ON v.scope_id = h.scope_id AND v.candidate_id = h.candidate_id"""
_SKILL = "SELECT artifact_id, revision, content, source_refs, artifact_refs FROM managed_skills"


def new_candidate_id() -> str:
    """``cand_`` + 32 lowercase hex characters (PowerContext's form)."""
    return CANDIDATE_ID_PREFIX + secrets.token_hex(16)


def unique_sources(refs: Sequence[SourceRef]) -> tuple[SourceRef, ...]:
    return tuple(dict.fromkeys(refs))


def unique_artifacts(refs: Sequence[ArtifactRef]) -> tuple[ArtifactRef, ...]:
    return tuple(dict.fromkeys(refs))


def is_skill(ref: ArtifactRef) -> bool:
    """A managed Skill reference (``managed_skills``, outside the artifact families)."""
    return str(ref.family) == "skill"


def _ref_json(ref: ArtifactRef | None) -> str | None:
    return None if ref is None else to_json([ref.family, ref.artifact_id, ref.revision])


def _ref(scope_id: str, value: Any) -> ArtifactRef | None:
    if value is None:
        return None
    family, artifact_id, revision = json.loads(value)
    return ArtifactRef(scope_id, cast(ArtifactFamily, str(family)), str(artifact_id), int(revision))


def _sources_json(refs: Sequence[SourceRef]) -> str:
    return to_json([[ref.source_type, ref.source_id] for ref in refs])


def _artifacts_json(refs: Sequence[ArtifactRef]) -> str:
    return to_json([[ref.family, ref.artifact_id, ref.revision] for ref in refs])


def _sources(value: Any) -> tuple[SourceRef, ...]:
    return tuple(SourceRef(str(t), str(i)) for t, i in json.loads(value))


def _artifacts(scope_id: str, value: Any) -> tuple[ArtifactRef, ...]:
    return tuple(ArtifactRef(scope_id, cast(ArtifactFamily, str(f)), str(a), int(r)) for f, a, r in json.loads(value))


def _evidence(evidence_id: str, kind: str, value: Any) -> EvidenceText:
    text = to_json(value)
    truncated = len(text) > MAX_EVIDENCE_CHARS
    return EvidenceText(evidence_id, "source" if kind == "source" else "artifact", text[:MAX_EVIDENCE_CHARS], truncated)


def _record(scope_id: str, row: Sequence[Any]) -> CandidateRecord:
    return CandidateRecord(
        scope_id=scope_id,
        candidate_id=as_str(row[0]),
        version=int(row[1]),
        family=cast(ReviewedFamily, as_str(row[2])),
        status=cast(CandidateStatus, as_str(row[3])),
        proposal=json.loads(row[7]),
        source_refs=_sources(row[8]),
        artifact_refs=_artifacts(scope_id, row[9]),
        target=_ref(scope_id, row[4]),
        reason=as_opt_str(row[10]),
        result=_ref(scope_id, row[5]),
        decision_reason=as_opt_str(row[6]),
    )


def _skill(scope_id: str, row: Sequence[Any]) -> SkillRevision:
    return SkillRevision(
        ref=ArtifactRef(scope_id, cast(ArtifactFamily, "skill"), as_str(row[0]), int(row[1])),
        content=json.loads(row[2]),
        source_refs=_sources(row[3]),
        artifact_refs=_artifacts(scope_id, row[4]),
    )


class CandidateReviews(RevisionHooks[ConnT, PreparedT]):
    """Candidates, their review decisions and managed Skill reads over an engine's hooks."""

    if TYPE_CHECKING:  # provided by SourceRecords, beside which every engine has this

        def _check_named_sources(self, conn: ConnT, scope_id: str, refs: Sequence[SourceRef]) -> None: ...

        def _package_source(self, conn: ConnT, scope_id: str, source: SourceRef) -> dict[str, Any] | None: ...

        def _check_revisable(self, conn: ConnT, scope_id: str, artifact_id: str) -> None: ...

        def _canonical_skill_in(self, conn: ConnT, scope_id: str, proposal: Mapping[str, Any]) -> dict[str, Any]: ...

    # -- reads

    def get_candidate(self, scope_id: str, candidate_id: str) -> CandidateRecord | None:
        with self._reading() as conn:
            return self._candidate(conn, scope_id, candidate_id)

    def _candidate(self, conn: ConnT, scope_id: str, candidate_id: str) -> CandidateRecord | None:
        row = self._first(conn, _HEAD + " WHERE h.scope_id = ? AND h.candidate_id = ?", (scope_id, candidate_id))
        return None if row is None else _record(scope_id, row)

    def candidate_history(self, scope_id: str, candidate_id: str) -> list[CandidateRecord] | None:
        """Every version, oldest first, each as proposed (pending); None without such a candidate."""
        with self._snapshot_reading() as conn:
            rows = self._all(
                conn,
                _VERSIONS + " WHERE h.scope_id = ? AND h.candidate_id = ? ORDER BY v.version",
                (scope_id, candidate_id),
            )
        return [_record(scope_id, row) for row in rows] or None

    def list_candidates(
        self, scope_id: str, *, status: str, family: str | None, limit: int, after: str | None
    ) -> list[CandidateRecord]:
        """Up to ``limit`` heads in ``status`` (and ``family``), by candidate id, after ``after``."""
        sql, params = _HEAD + " WHERE h.scope_id = ? AND h.status = ?", [scope_id, status]
        if family is not None:
            sql, params = sql + " AND h.family = ?", [*params, family]
        if after is not None:
            sql, params = sql + " AND h.candidate_id > ?", [*params, after]
        with self._reading() as conn:
            rows = self._all(conn, sql + f" ORDER BY h.candidate_id LIMIT {int(limit)}", params)
        return [_record(scope_id, row) for row in rows]

    def get_managed_skill(self, scope_id: str, artifact_id: str, revision: int) -> SkillRevision | None:
        with self._reading() as conn:
            row = self._first(
                conn,
                _SKILL + " WHERE scope_id = ? AND artifact_id = ? AND revision = ?",
                (scope_id, artifact_id, revision),
            )
        return None if row is None else _skill(scope_id, row)

    def managed_skill_heads(self, scope_id: str) -> list[SkillRevision]:
        """Every managed Skill's head revision, by artifact id."""
        with self._reading() as conn:
            rows = self._all(
                conn,
                _SKILL
                + """ s WHERE scope_id = ? AND revision = (SELECT max(revision) FROM managed_skills m
                            WHERE m.scope_id = s.scope_id AND m.artifact_id = s.artifact_id) ORDER BY artifact_id""",
                (scope_id,),
            )
        return [_skill(scope_id, row) for row in rows]

    def generation_evidence(
        self, scope_id: str, source_refs: Sequence[SourceRef], artifact_refs: Sequence[ArtifactRef]
    ) -> list[EvidenceText]:
        """The evidence a generation model reads, in request order, repeats dropped (one snapshot).
        ``InvalidCandidate("evidence")`` for a Source that is not a captured content Source of the
        Scope, a revision the Scope lacks, a prompt (configuration, not evidence), an Atomic Memory
        that is not active, or no evidence at all (1.4.1's rules)."""
        found: list[EvidenceText] = []
        with self._snapshot_reading() as conn:
            for ref in unique_sources(source_refs):
                if ref.source_type in PACKAGE_SOURCES:
                    evidence = self._package_source(conn, scope_id, ref)
                    if evidence is None:
                        raise InvalidCandidate("evidence")
                    value = {  # a content Source's shape: the SKILL.md text (a snapshot's), the rest as metadata
                        "source_id": ref.source_id,
                        "content": evidence.get("manifest", ""),
                        "metadata": {key: item for key, item in evidence.items() if key != "manifest"},
                    }
                    found.append(_evidence(f"source:{ref.source_type}/{ref.source_id}", "source", value))
                    continue
                row = None
                if ref.source_type == SOURCE_TYPE:
                    row = self._first(
                        conn,
                        "SELECT origin, content, metadata FROM sources WHERE scope_id = ? AND source_key = ?",
                        (scope_id, source_key(ref.source_id)),
                    )
                if row is None or as_str(row[0]) != "content":
                    raise InvalidCandidate("evidence")
                metadata = None if row[2] is None else json.loads(row[2])
                value = {"source_id": ref.source_id, "content": as_str(row[1]), "metadata": metadata}
                found.append(_evidence(f"source:{ref.source_type}/{ref.source_id}", "source", value))
            for artifact in unique_artifacts(artifact_refs):
                content = self._evidence_content(conn, artifact)
                identity = f"artifact:{artifact.family}/{artifact.artifact_id}@{artifact.revision}"
                found.append(_evidence(identity, "artifact", {"artifact": artifact.reference(), "content": content}))
        if not found:
            raise InvalidCandidate("evidence")
        return found

    def _evidence_content(self, conn: ConnT, ref: ArtifactRef) -> Any:
        if str(ref.family) == "prompt":
            raise InvalidCandidate("evidence")
        if is_skill(ref):
            sql = "SELECT content FROM managed_skills WHERE scope_id = ? AND artifact_id = ? AND revision = ?"
            row = self._first(conn, sql, (ref.scope_id, ref.artifact_id, ref.revision))
        else:
            row = self._first(
                conn,
                "SELECT content FROM revisions WHERE scope_id = ? AND family = ? AND artifact_id = ? AND revision = ?",
                (ref.scope_id, ref.family, ref.artifact_id, ref.revision),
            )
        if row is None:
            raise InvalidCandidate("evidence")
        if ref.family == "atomic-memory":
            state = self._first(
                conn,
                "SELECT state FROM artifacts WHERE scope_id = ? AND family = ? AND artifact_id = ?",
                (ref.scope_id, ref.family, ref.artifact_id),
            )
            if state is None or as_str(state[0]) != "active":
                raise InvalidCandidate("evidence")
        return json.loads(row[0])

    # -- checks inside a write

    def _skill_head(self, conn: ConnT, scope_id: str, artifact_id: str) -> int | None:
        row = self._first(
            conn,
            "SELECT max(revision) FROM managed_skills WHERE scope_id = ? AND artifact_id = ?",
            (scope_id, artifact_id),
        )
        return None if row is None or row[0] is None else int(row[0])

    def _head_of(self, conn: ConnT, ref: ArtifactRef) -> int | None:
        if is_skill(ref):
            return self._skill_head(conn, ref.scope_id, ref.artifact_id)
        return self._head_revision(conn, ref.scope_id, ref.family, ref.artifact_id)

    def _revision_exists(self, conn: ConnT, ref: ArtifactRef) -> bool:
        skill = is_skill(ref)
        table = "managed_skills" if skill else "revisions"
        family = "" if skill else " AND family = ?"
        params = (ref.scope_id, ref.artifact_id, ref.revision, *(() if skill else (ref.family,)))
        row = self._first(
            conn, f"SELECT 1 FROM {table} WHERE scope_id = ? AND artifact_id = ? AND revision = ?{family}", params
        )
        return row is not None

    def _check_evidence(
        self,
        conn: ConnT,
        scope_id: str,
        proposal: Mapping[str, Any],
        sources: Sequence[SourceRef],
        artifacts: Sequence[ArtifactRef],
    ) -> None:
        if not sources and not any(ref.family != "prompt" for ref in artifacts):
            raise InvalidCandidate("evidence")
        if len(sources) + len(artifacts) > MAX_EVIDENCE:
            raise InvalidCandidate("evidence")
        packaged = [ref for ref in sources if ref.source_type in PACKAGE_SOURCES]
        if any(self._package_source(conn, scope_id, ref) is None for ref in packaged):
            raise InvalidCandidate("evidence")
        try:
            self._check_named_sources(
                conn, scope_id, [ref for ref in sources if ref.source_type not in PACKAGE_SOURCES]
            )
        except RefusedReference:
            raise InvalidCandidate("evidence") from None
        if not all(self._revision_exists(conn, ref) for ref in artifacts):
            raise InvalidCandidate("evidence")
        if proposal.get("failure") is not None:
            raise InvalidCandidate("evidence")

    def _check_target(
        self, conn: ConnT, family: str, target: ArtifactRef | None, artifacts: Sequence[ArtifactRef]
    ) -> None:
        if target is None:
            return
        if target.family != family:
            raise InvalidCandidate("target", "target_family_mismatch")
        if target not in artifacts:
            raise InvalidCandidate("artifact_refs", "target_not_in_artifact_refs")
        head = self._head_of(conn, target)
        if head is None:
            raise InvalidCandidate("target", "target_unavailable")
        if head != target.revision:
            raise TargetMoved(ArtifactRef(target.scope_id, target.family, target.artifact_id, head))

    def _locked_head(self, conn: ConnT, scope_id: str, candidate_id: str) -> CandidateRecord:
        self._lock_scope(conn, scope_id)
        current = self._candidate(conn, scope_id, candidate_id)
        if current is None:
            raise UnknownCandidate("the candidate does not exist")
        return current

    @staticmethod
    def _pending_at(current: CandidateRecord, expected_version: int) -> None:
        if current.status != "pending":
            raise CandidateDecided(current.status)
        if current.version != expected_version:
            raise CandidateStale(expected_version, current.version)

    # -- writes

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
        """A new pending candidate at version 1 (RecordNotFound for an unknown Scope)."""

        def work(conn: ConnT) -> CandidateRecord:
            self._lock_scope(conn, scope_id)
            return self._create_candidate_in(
                conn, scope_id, family, proposal, source_refs=source_refs, artifact_refs=artifact_refs, target=target,
                reason=reason,
            )  # fmt: skip

        return self._transact(work)

    def _create_candidate_in(
        self,
        conn: ConnT,
        scope_id: str,
        family: str,
        proposal: Mapping[str, Any],
        *,
        source_refs: Sequence[SourceRef],
        artifact_refs: Sequence[ArtifactRef],
        target: ArtifactRef | None,
        reason: str | None,
    ) -> CandidateRecord:
        """``create_candidate`` inside the caller's transaction, after its Scope lock."""
        sources, artifacts = unique_sources(source_refs), unique_artifacts(artifact_refs)
        candidate_id, now = new_candidate_id(), utc_now()
        self._check_evidence(conn, scope_id, proposal, sources, artifacts)
        self._check_target(conn, family, target, artifacts)
        if family == "skill":
            proposal = self._canonical_skill_in(conn, scope_id, proposal)
        self._run(
            conn,
            """INSERT INTO candidates (scope_id, candidate_id, family, status, version, target, result,
                                       decision_reason, created_at, updated_at)
               VALUES (?, ?, ?, 'pending', 1, ?, NULL, NULL, ?, ?)""",
            (scope_id, candidate_id, family, _ref_json(target), now, now),
        )
        self._insert_version(conn, scope_id, candidate_id, 1, proposal, sources, artifacts, reason, now)
        return cast(CandidateRecord, self._candidate(conn, scope_id, candidate_id))

    def _insert_version(
        self,
        conn: ConnT,
        scope_id: str,
        candidate_id: str,
        version: int,
        proposal: Mapping[str, Any],
        sources: Sequence[SourceRef],
        artifacts: Sequence[ArtifactRef],
        reason: str | None,
        now: str,
    ) -> None:
        self._run(
            conn,
            """INSERT INTO candidate_versions (scope_id, candidate_id, version, proposal, source_refs,
                                               artifact_refs, reason, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
            (scope_id, candidate_id, version, to_json(dict(proposal)), _sources_json(sources),
             _artifacts_json(artifacts), reason, now),
        )  # fmt: skip

    def _move_head(self, conn: ConnT, current: CandidateRecord, sets: str, params: Sequence[Any]) -> None:
        """Change the pending head at its version; the row count decides a lost race."""
        moved = self._affected(
            conn,
            f"UPDATE candidates SET {sets}, updated_at = ? WHERE scope_id = ? AND candidate_id = ?"
            " AND version = ? AND status = 'pending'",
            (*params, utc_now(), current.scope_id, current.candidate_id, current.version),
        )
        if moved != 1:
            latest = cast(CandidateRecord, self._candidate(conn, current.scope_id, current.candidate_id))
            self._pending_at(latest, current.version)
            raise CandidateStale(current.version, latest.version)

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
        """Append ``proposal`` as the next pending version (evidence None: the current version's);
        ``check_proposal(family)`` refuses a proposal of another family before anything is written."""
        now = utc_now()

        def work(conn: ConnT) -> CandidateRecord:
            current = self._locked_head(conn, scope_id, candidate_id)
            if current.version != expected_version:  # 1.4.1's order: the version, the target, the evidence,
                raise CandidateStale(expected_version, current.version)  # then the state and the family
            if target != current.target:
                raise InvalidCandidate("target")
            sources = current.source_refs if source_refs is None else unique_sources(source_refs)
            artifacts = current.artifact_refs if artifact_refs is None else unique_artifacts(artifact_refs)
            self._check_evidence(conn, scope_id, proposal, sources, artifacts)
            self._pending_at(current, expected_version)
            check_proposal(current.family)
            self._check_target(conn, current.family, target, artifacts)
            revised = self._canonical_skill_in(conn, scope_id, proposal) if current.family == "skill" else proposal
            self._move_head(conn, current, "version = ?", (current.version + 1,))
            self._insert_version(conn, scope_id, candidate_id, current.version + 1, revised, sources, artifacts,
                                 reason, now)  # fmt: skip
            return cast(CandidateRecord, self._candidate(conn, scope_id, candidate_id))

        return self._transact(work)

    def reject_candidate(self, scope_id: str, candidate_id: str, expected_version: int, reason: str) -> CandidateRecord:
        def work(conn: ConnT) -> CandidateRecord:
            current = self._locked_head(conn, scope_id, candidate_id)
            self._pending_at(current, expected_version)
            self._move_head(conn, current, "status = 'rejected', decision_reason = ?", (reason,))
            return cast(CandidateRecord, self._candidate(conn, scope_id, candidate_id))

        return self._transact(work)

    def approve_candidate(
        self, scope_id: str, candidate_id: str, expected_version: int, *, embedding: EmbeddingRow | None = None
    ) -> CandidateRecord:
        """Write the version's artifact and mark the candidate approved, together. The version
        already approved answers the approved candidate and writes nothing. ``embedding``: the
        vector of that version's Experience proposal (versions are immutable), or none."""
        preview = self.get_candidate(scope_id, candidate_id)
        prepared = None
        if preview is not None and preview.family == "experience" and preview.version == expected_version:
            prepared = self._prepare_write(scope_id, "experience", preview.proposal, embedding)
        now = utc_now()

        def work(conn: ConnT) -> CandidateRecord:
            current = self._locked_head(conn, scope_id, candidate_id)
            if current.status == "approved":  # 1.4.1: a retry of the approved version is answered
                if current.version != expected_version:
                    raise CandidateStale(expected_version, current.version)
                return current
            self._pending_at(current, expected_version)
            self._check_lineage(current)
            self._check_evidence(conn, scope_id, current.proposal, current.source_refs, current.artifact_refs)
            self._check_target(conn, current.family, current.target, current.artifact_refs)
            if current.family == "skill" and current.proposal.get("package") is not None:
                # its package is still the Scope's with its content (1.4.1 re-checks at approval). Kept although
                # every write since "Packages of proposed Skills" checks it: versions written before (imports and
                # uploads) and by an older server over one database were stored without this check.
                self._canonical_skill_in(conn, scope_id, current.proposal)
            if current.family == "experience":
                if prepared is None or preview is None or preview.version != current.version:
                    raise CandidateStale(expected_version, current.version)
                result = self._write_experience(conn, current, prepared, now)
            else:
                result = self._write_skill(conn, current, now)
            self._move_head(conn, current, "status = 'approved', result = ?", (_ref_json(result),))
            return cast(CandidateRecord, self._candidate(conn, scope_id, candidate_id))

        return self._transact(work)

    @staticmethod
    def _check_lineage(candidate: CandidateRecord) -> None:
        """1.4.1's managed Skill lineage: a new Skill derives from Experiences (and its generation
        prompt) only; a replacement names its target and at least one Source."""
        if candidate.family != "skill":
            return
        if candidate.target is None:
            if any(
                ref.family != "experience" and (ref.family, ref.artifact_id) != LINEAGE_ONLY_PROMPT
                for ref in candidate.artifact_refs
            ):
                raise InvalidCandidate("artifact_refs", "skill_lineage_not_permitted")
            return
        if candidate.target not in candidate.artifact_refs:
            raise InvalidCandidate("artifact_refs", "target_not_in_artifact_refs")
        if not candidate.source_refs:
            raise InvalidCandidate("source_refs")

    def _write_experience(self, conn: ConnT, candidate: CandidateRecord, prepared: PreparedT, now: str) -> ArtifactRef:
        scope_id, named = candidate.scope_id, (candidate.source_refs, candidate.artifact_refs)
        if candidate.target is None:
            artifact_id = new_artifact_id()
            self._insert_artifact(conn, scope_id, "experience", artifact_id, None)
            revision = 1
        else:
            artifact_id, revision = candidate.target.artifact_id, candidate.target.revision + 1
            moved = self._affected(
                conn,
                "UPDATE artifacts SET head_revision = ? WHERE scope_id = ? AND family = 'experience'"
                " AND artifact_id = ? AND head_revision = ?",
                (revision, scope_id, artifact_id, revision - 1),
            )
            if moved != 1:
                head = self._head_revision(conn, scope_id, "experience", artifact_id) or candidate.target.revision
                raise TargetMoved(ArtifactRef(scope_id, "experience", artifact_id, head))
            self._unindex(conn, scope_id, "experience", artifact_id)
        record = self._add_revision(conn, scope_id, "experience", artifact_id, revision, prepared, now, named=named)
        return record.ref

    def _write_skill(self, conn: ConnT, candidate: CandidateRecord, now: str) -> ArtifactRef:
        scope_id = candidate.scope_id
        if candidate.target is None:
            artifact_id, revision = SKILL_ID_PREFIX + secrets.token_hex(16), 1
            self._run(conn, INSERT_GOVERNANCE, (scope_id, artifact_id))
        else:
            artifact_id, revision = candidate.target.artifact_id, candidate.target.revision + 1
            self._check_revisable(conn, scope_id, artifact_id)
        self._run(
            conn,
            """INSERT INTO managed_skills (scope_id, artifact_id, revision, content, source_refs, artifact_refs,
                                           created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?)""",
            (scope_id, artifact_id, revision, to_json(dict(candidate.proposal)),
             _sources_json(candidate.source_refs), _artifacts_json(candidate.artifact_refs), now),
        )  # fmt: skip
        return ArtifactRef(scope_id, cast(ArtifactFamily, "skill"), artifact_id, revision)
