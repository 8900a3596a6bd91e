"""The engine-neutral core of every store engine (SQLite, OceanBase): ``StoreEngine``.

``StoreEngine`` implements the parts of the ``Store`` contract whose logic does not depend on the
SQL dialect: Scope creation and reads, committing revisions (``_add_revision`` /
``_append_revision``), an artifact's first revision, ``replace_artifact``, the atomic-memory
lifecycle and merge, head reads (``list_heads`` included) and search bookkeeping; with
``code.CodeWorkspaces`` (code workspaces), ``api_tokens.ApiTokens`` (API tokens) and
``bindings.ScopeBindings`` (Scope bindings and the default Scope), ``service.ServiceRecords``
(the server identity, bootstrap receipts), ``sources.SourceRecords`` (Sources and their
positions), ``statistics.StatisticsRecords`` (prepare counters, inventory counts) and
``tags.ArtifactTags`` (artifact tags), ``handles.ArtifactHandles`` (stable artifact handles),
``restoration.AtomicRestorations`` (Atomic Memory restoration), ``publications.ArtifactPublications``
(artifact publication), ``handoffs.HandoffRecords`` (Handoff revisions) and
``candidates.CandidateReviews`` (Experience and Skill candidates) it is the whole shared core.
Every revision a write
commits without deriving from others (create, import, replace) records its lineage Source
(``sources``).
Each engine subclasses it and keeps only what is truly its own: connection and
transaction management, schema and migrations, full-text and vector SQL, and error translation
(the hooks and their contracts are in ``store.hooks``). Shared values and row builders are in
``store.rows``, the shared consistency checks in ``store.integrity``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from pcreceipt.store import rules
from pcreceipt.store.api_tokens import ApiTokens
from pcreceipt.store.bindings import ScopeBindings
from pcreceipt.store.candidates import CandidateReviews
from pcreceipt.store.code import CodeWorkspaces
from pcreceipt.store.connectors import ConnectorCheckpoints
from pcreceipt.store.dream_runs import DreamRuns
from pcreceipt.store.external_skills import ExternalSkillRecords
from pcreceipt.store.handles import ArtifactHandles
from pcreceipt.store.handoff_boundaries import HandoffBoundaries
from pcreceipt.store.handoffs import HandoffRecords
from pcreceipt.store.hooks import ConnT, PreparedT
from pcreceipt.store.ids import new_artifact_id, new_scope_id, utc_now
from pcreceipt.store.profile_flush import ProfileFlushes
from pcreceipt.store.profiles import ProfilePolicies
from pcreceipt.store.publications import ArtifactPublications
from pcreceipt.store.records import (
    SEARCHABLE_FAMILIES,
    ArtifactFamily,
    ArtifactRef,
    AtomicMemoryHead,
    EmbeddingRow,
    HistoryFamily,
    Hit,
    InvalidRecord,
    LifecycleState,
    NewArtifact,
    RecordNotFound,
    RevisionRecord,
    Scope,
    ScopeFilters,
    SourceRef,
    WriteConflict,
)
from pcreceipt.store.remote_skill_receiver import RemoteSkillReceiverRecords
from pcreceipt.store.restoration import AtomicRestorations
from pcreceipt.store.rows import (
    ATOMIC_HEAD_SELECT,
    ATOMIC_HEADS_SELECT,
    BATCH,
    REVISION_EXISTS,
    REVISION_SELECT,
    SCOPE_SELECT,
    Vector,
    as_str,
    atomic_head_from_row,
    check_new_artifacts,
    lifecycle_view,
    placeholders,
    record_from_row,
    requested_scope,
    reused_scope,
    scope_from_row,
    to_json,
    vector_blob,
)
from pcreceipt.store.scope_update import ScopeUpdates
from pcreceipt.store.service import ServiceRecords
from pcreceipt.store.skill_governance import SkillGovernanceRecords
from pcreceipt.store.skill_usage import SkillUsageRecords
from pcreceipt.store.source_definitions import SourceDefinitions
from pcreceipt.store.source_observations import SourceObservations
from pcreceipt.store.sources import SourceRecords
from pcreceipt.store.statistics import StatisticsRecords
from pcreceipt.store.subject_sources import SubjectSourceRecords
from pcreceipt.store.tags import ArtifactTags
from pcreceipt.store.work import WorkSourceReads


class StoreEngine(
    CodeWorkspaces[ConnT, PreparedT],
    ApiTokens[ConnT, PreparedT],
    ScopeBindings[ConnT, PreparedT],
    ServiceRecords[ConnT, PreparedT],
    SourceRecords[ConnT, PreparedT],
    StatisticsRecords[ConnT, PreparedT],
    ArtifactTags[ConnT, PreparedT],
    ArtifactHandles[ConnT, PreparedT],
    ScopeUpdates[ConnT, PreparedT],
    AtomicRestorations[ConnT, PreparedT],
    ArtifactPublications[ConnT, PreparedT],
    WorkSourceReads[ConnT, PreparedT],
    HandoffRecords[ConnT, PreparedT],
    HandoffBoundaries[ConnT, PreparedT],
    DreamRuns[ConnT, PreparedT],
    CandidateReviews[ConnT, PreparedT],
    ExternalSkillRecords[ConnT, PreparedT],
    ConnectorCheckpoints[ConnT, PreparedT],
    ProfilePolicies[ConnT, PreparedT],
    ProfileFlushes[ConnT, PreparedT],
    SubjectSourceRecords[ConnT, PreparedT],
    SourceDefinitions[ConnT, PreparedT],
    SourceObservations[ConnT, PreparedT],
    SkillGovernanceRecords[ConnT, PreparedT],
    SkillUsageRecords[ConnT, PreparedT],
    RemoteSkillReceiverRecords[ConnT, PreparedT],
):
    """The engine-neutral flows; every write flow here runs inside a transaction the engine opened."""

    # -- scopes

    def create_scope(
        self,
        *,
        title: str,
        summary: str,
        idempotency_key: str,
        parent_scope_id: str | None,
        context_references: Sequence[str],
        external_references: Sequence[Mapping[str, str]],
    ) -> tuple[Scope, bool]:
        """Create a Scope, or return the one created with the same idempotency key (created=False).

        The same key with any different field is a WriteConflict. The parent and every context
        reference must exist (RecordNotFound); references must be unique (InvalidRecord).
        """
        wanted = requested_scope(
            title=title,
            summary=summary,
            parent_scope_id=parent_scope_id,
            context_references=context_references,
            external_references=external_references,
        )

        def work(conn: ConnT) -> tuple[Scope, bool]:
            row = self._scope_by_key(conn, idempotency_key)
            if row is not None:
                return reused_scope(row, wanted), False
            scope = replace(wanted, scope_id=new_scope_id())
            self._check_scope_links(conn, scope)
            self._insert_scope(conn, scope, idempotency_key)
            return scope, True

        return self._transact(work)

    def get_scope(self, scope_id: str) -> Scope | None:
        with self._reading() as conn:
            row = self._first(conn, SCOPE_SELECT + " WHERE scope_id = ?", (scope_id,))
        return None if row is None else scope_from_row(row)

    def list_scopes(
        self,
        *,
        limit: int,
        after: str | None,
        filters: ScopeFilters | None = None,
        among: frozenset[str] | None = None,
    ) -> list[Scope]:
        """Scopes in scope_id order, strictly after ``after`` (filtered: ``ScopeBindings.filtered_scopes``)."""
        if limit <= 0:
            return []
        if among is not None or (filters is not None and filters != ScopeFilters()):
            return self.filtered_scopes(limit=limit, after=after, filters=filters or ScopeFilters(), among=among)
        with self._reading() as conn:
            rows = self._all(conn, SCOPE_SELECT + " WHERE scope_id > ? ORDER BY scope_id LIMIT ?", (after or "", limit))
        return [scope_from_row(row) for row in rows]

    def _check_scope_links(self, conn: ConnT, scope: Scope) -> None:
        """RecordNotFound unless the parent and every context reference exist; InvalidRecord for
        duplicate or self references."""
        parent = [scope.parent_scope_id] if scope.parent_scope_id is not None else []
        linked = list(dict.fromkeys([*scope.context_references, *parent]))
        existing = {
            as_str(row[0]) for row in self._in_batches(conn, "SELECT scope_id FROM scopes WHERE scope_id", linked)
        }
        rules.check_context_references(scope.scope_id, scope.context_references, existing)
        if scope.parent_scope_id is not None and scope.parent_scope_id not in existing:
            raise RecordNotFound("the parent Scope does not exist", kind="scope")

    # -- revisions

    def create_artifact(
        self,
        scope_id: str,
        family: ArtifactFamily,
        content: Mapping[str, Any],
        *,
        prompt_key: str | None = None,
        artifact_id: str | None = None,
        embedding: EmbeddingRow | None = None,
    ) -> RevisionRecord:
        item = NewArtifact(content=content, prompt_key=prompt_key, artifact_id=artifact_id, embedding=embedding)
        return self.create_artifacts(scope_id, family, [item])[0]

    def _prepare_vector(self, family: str, embedding: EmbeddingRow) -> Vector:
        if family not in SEARCHABLE_FAMILIES:
            raise InvalidRecord("only searchable families take an embedding")
        if self._vector_dimensions is not None and len(embedding.vector) != self._vector_dimensions:
            raise InvalidRecord("the vector's dimension is not the configured vector dimension")
        return Vector(embedding.profile, vector_blob(embedding.vector), len(embedding.vector))

    def _insert_new(
        self, conn: ConnT, scope_id: str, family: ArtifactFamily, item: NewArtifact, prepared: PreparedT, now: str
    ) -> RevisionRecord:
        """Revision 1 of a new artifact, or the next revision of the Scope's profile / keyed prompt."""
        singleton = self._singleton_head(conn, scope_id, family, item.prompt_key)
        if singleton is not None:
            existing_id, head_revision = singleton
            if item.artifact_id not in (None, existing_id):
                raise WriteConflict(
                    f"the Scope already has this {family} under another artifact_id", reason="already_exists"
                )
            return self._append_revision(
                conn, scope_id, family, existing_id, head_revision + 1, prepared, now, prompt_key=item.prompt_key
            )
        artifact_id = item.artifact_id or new_artifact_id()
        if self._head_revision(conn, scope_id, family, artifact_id) is not None:
            raise WriteConflict("the artifact_id is already taken", reason="already_exists")
        self._insert_artifact(conn, scope_id, family, artifact_id, item.prompt_key)
        return self._add_revision(conn, scope_id, family, artifact_id, 1, prepared, now, prompt_key=item.prompt_key)

    def _append_revision(
        self,
        conn: ConnT,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        revision: int,
        prepared: PreparedT,
        now: str,
        *,
        prompt_key: str | None,
    ) -> RevisionRecord:
        """Move the head from ``revision - 1`` to ``revision``; the old revision leaves the search
        index. The move is conditional on the head it replaces: a head another writer moved first
        is a WriteConflict decided by this update's own row count, whatever was read before it."""
        moved = self._affected(
            conn,
            "UPDATE artifacts SET head_revision = ? WHERE scope_id = ? AND family = ? AND artifact_id = ?"
            " AND head_revision = ?",
            (revision, scope_id, family, artifact_id, revision - 1),
        )
        if moved != 1:
            current = self._head_revision(conn, scope_id, family, artifact_id)
            raise WriteConflict("stale revision", reason="stale_revision", current_revision=current)
        self._unindex(conn, scope_id, family, artifact_id)
        return self._add_revision(conn, scope_id, family, artifact_id, revision, prepared, now, prompt_key=prompt_key)

    def _add_revision(
        self,
        conn: ConnT,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        revision: int,
        prepared: PreparedT,
        now: str,
        *,
        prompt_key: str | None = None,
        derived_from: tuple[ArtifactRef, ...] = (),
        lineage: bool = True,
        named: tuple[tuple[SourceRef, ...], tuple[ArtifactRef, ...]] | None = None,
    ) -> RevisionRecord:
        """Insert an immutable revision (the new head), index it when its family is searchable, and
        record its lineage Source unless it derives from other revisions (a merge) or from a
        captured Source (``lineage`` false: an extraction links it to that Source instead).
        ``named`` is the Source references and full artifact lineage the write named itself (kept
        in ``revision_lineage``)."""
        derived_json = to_json([[ref.scope_id, ref.family, ref.artifact_id, ref.revision] for ref in derived_from])
        revision_pk = self._insert_id(
            conn,
            """INSERT INTO revisions (scope_id, family, artifact_id, revision, content, content_digest, created_at,
                                      derived_from)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                scope_id,
                family,
                artifact_id,
                revision,
                prepared.content_json,
                prepared.content_digest,
                now,
                derived_json,
            ),
        )
        if family in SEARCHABLE_FAMILIES:
            self._index(conn, revision_pk, scope_id, family, artifact_id, prepared)
        ref = ArtifactRef(scope_id=scope_id, family=family, artifact_id=artifact_id, revision=revision)
        if not derived_from and lineage:
            self._lineage_rows(conn, [(ref, prepared.content_json)], now)
        named_sources, named_artifacts = named or ((), ())
        if named is not None:
            self._run(
                conn,
                """INSERT INTO revision_lineage (scope_id, family, artifact_id, revision, sources, artifacts)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (
                    scope_id,
                    family,
                    artifact_id,
                    revision,
                    to_json([[r.source_type, r.source_id] for r in named_sources]),
                    to_json([[r.family, r.artifact_id, r.revision] for r in named_artifacts]),
                ),
            )
        return RevisionRecord(
            ref=ref,
            content=prepared.content,
            content_digest=prepared.content_digest,
            created_at=now,
            derived_from=derived_from,
            prompt_key=prompt_key,
            source_refs=named_sources,
            lineage_artifacts=named_artifacts,
        )

    def replace_artifact(
        self,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        content: Mapping[str, Any],
        *,
        expected_revision: int,
        embedding: EmbeddingRow | None = None,
    ) -> RevisionRecord:
        """Commit the next revision; WriteConflict when the head is not ``expected_revision``
        or (atomic memory) the memory is not active; RecordNotFound for an unknown artifact."""
        prepared = self._prepare_write(scope_id, family, content, embedding)
        now = utc_now()
        return self._transact(
            lambda conn: self._replace_head(
                conn, scope_id, family, artifact_id, prepared, now, expected_revision=expected_revision
            )
        )

    def _replace_head(
        self,
        conn: ConnT,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        prepared: PreparedT,
        now: str,
        *,
        expected_revision: int,
    ) -> RevisionRecord:
        """``replace_artifact`` inside its transaction."""
        self._lock_scope(conn, scope_id, required=False)
        if family == "atomic-memory":
            row = self._first(conn, ATOMIC_HEAD_SELECT, (scope_id, artifact_id))
            if row is None:
                raise RecordNotFound("the artifact does not exist", kind="artifact")
            rules.check_replaceable(lifecycle_view(row), expected_revision=expected_revision)
            head_revision = int(row[2])
        else:
            found = self._head_revision(conn, scope_id, family, artifact_id)
            if found is None:
                raise RecordNotFound("the artifact does not exist", kind="artifact")
            if found != expected_revision:
                raise WriteConflict("stale revision", reason="stale_revision", current_revision=found)
            head_revision = found
        prompt_key = self._prompt_key(conn, scope_id, family, artifact_id)
        return self._append_revision(
            conn, scope_id, family, artifact_id, head_revision + 1, prepared, now, prompt_key=prompt_key
        )

    # -- Memory extraction

    def commit_extraction(
        self, scope_id: str, *, after: int, through: int, extracted: int | None, memories: Sequence[NewArtifact]
    ) -> list[RevisionRecord] | None:
        """One content Source's memories and the cursor's move past it, in one transaction, only
        while the cursor is still ``after`` (see ``Store.commit_extraction``)."""
        if memories and extracted is None:
            raise ValueError("memories need the position of the Source they were extracted from")
        check_new_artifacts("atomic-memory", memories)
        prepared = [self._prepare_write(scope_id, "atomic-memory", m.content, m.embedding) for m in memories]
        now = utc_now()

        def work(conn: ConnT) -> list[RevisionRecord] | None:
            self._lock_scope(conn, scope_id)
            if self._cursor(conn, scope_id) != after or not after < through <= self._high_watermark(conn, scope_id):
                return None
            records = []
            for content in prepared:
                artifact_id = new_artifact_id()
                self._insert_artifact(conn, scope_id, "atomic-memory", artifact_id, None)
                records.append(
                    self._add_revision(conn, scope_id, "atomic-memory", artifact_id, 1, content, now, lineage=False)
                )
            if extracted is not None:
                self._record_extraction(conn, scope_id, extracted, [record.ref for record in records])
            self._run(conn, self.UPSERT_SOURCE_CURSOR, (scope_id, through))
            return records

        return self._transact(work)

    # -- atomic memory lifecycle

    def change_lifecycle(
        self, scope_id: str, artifact_id: str, *, revision: int, state_version: int, state: LifecycleState
    ) -> list[AtomicMemoryHead]:
        """forgotten (from active) or retired (a merge result, from active); returns the changed head,
        or nothing when the memory is already in ``state`` at the caller's revision and state_version."""
        rules.check_requestable_state(state)
        return self._transact(
            lambda conn: self._change_lifecycle_in(
                conn, scope_id, artifact_id, revision=revision, state_version=state_version, state=state
            )
        )

    def merge_atomic_memories(
        self,
        scope_id: str,
        inputs: Sequence[tuple[str, int, int]],
        content: Mapping[str, Any],
        *,
        embedding: EmbeddingRow | None = None,
        source_refs: Sequence[SourceRef] = (),
        artifact_refs: Sequence[ArtifactRef] = (),
    ) -> list[AtomicMemoryHead]:
        """Merge >= 2 active memories of the Scope into a new one whose revision 1 derives from them
        (and names ``source_refs`` and ``artifact_refs`` as its lineage when either is given)."""
        rules.check_merge_inputs(inputs)
        named = None
        if source_refs or artifact_refs:
            derived = [ArtifactRef(scope_id, "atomic-memory", artifact_id, rev) for artifact_id, rev, _ in inputs]
            extra = [replace(ref, scope_id=scope_id) for ref in artifact_refs]
            rules.check_merge_lineage(derived, extra)
            named = (tuple(source_refs), tuple(dict.fromkeys([*derived, *extra])))
        prepared = self._prepare_write(scope_id, "atomic-memory", content, embedding)
        now = utc_now()
        return self._transact(lambda conn: self._merge_in(conn, scope_id, inputs, prepared, now, named))

    def _change_lifecycle_in(
        self, conn: ConnT, scope_id: str, artifact_id: str, *, revision: int, state_version: int, state: LifecycleState
    ) -> list[AtomicMemoryHead]:
        """``change_lifecycle`` inside its transaction."""
        self._lock_scope(conn, scope_id, required=False)
        view = self._require_atomic_view(conn, scope_id, artifact_id)
        rules.check_expected(view, revision=revision, state_version=state_version)
        if view.state == state:
            return []  # already there at the version the caller saw: nothing to change (PowerContext's)
        rules.check_lifecycle_change(view, state)
        self._set_state(conn, scope_id, artifact_id, state, view.state_version + 1, merged_into_id=None)
        return [self._atomic_head(conn, scope_id, artifact_id)]

    def _merge_in(
        self,
        conn: ConnT,
        scope_id: str,
        inputs: Sequence[tuple[str, int, int]],
        prepared: PreparedT,
        now: str,
        named: tuple[tuple[SourceRef, ...], tuple[ArtifactRef, ...]] | None,
    ) -> list[AtomicMemoryHead]:
        """``merge_atomic_memories`` inside its transaction (inputs already checked). The inputs
        are checked first, then the named Sources, then the named revisions (PowerContext's order)."""
        self._lock_scope(conn, scope_id)
        views = [self._require_atomic_view(conn, scope_id, artifact_id) for artifact_id, _, _ in inputs]
        for view, (_, revision, state_version) in zip(views, inputs, strict=True):
            rules.check_merge_input(view, revision=revision, state_version=state_version)
        if named is not None:
            self._check_named_sources(conn, scope_id, named[0])
            for ref in named[1]:
                key = (scope_id, ref.family, ref.artifact_id, ref.revision)
                if self._first(conn, REVISION_EXISTS, key) is None:
                    raise RecordNotFound("a named artifact revision does not exist in the Scope", kind="reference")
        result_id = new_artifact_id()
        self._run(
            conn,
            """INSERT INTO artifacts (scope_id, family, artifact_id, head_revision, state, state_version,
                                      is_merge_result)
               VALUES (?, 'atomic-memory', ?, 1, 'active', 0, 1)""",
            (scope_id, result_id),
        )
        derived = tuple(ArtifactRef(scope_id, "atomic-memory", artifact_id, rev) for artifact_id, rev, _ in inputs)
        self._add_revision(
            conn, scope_id, "atomic-memory", result_id, 1, prepared, now, derived_from=derived, named=named
        )
        for view, (artifact_id, _, _) in zip(views, inputs, strict=True):
            self._set_state(conn, scope_id, artifact_id, "merged", view.state_version + 1, merged_into_id=result_id)
        self._merge_tags_in(conn, scope_id, [artifact_id for artifact_id, _, _ in inputs], result_id)
        return [self._atomic_head(conn, scope_id, artifact_id) for artifact_id in [*(i[0] for i in inputs), result_id]]

    def _require_atomic_view(self, conn: ConnT, scope_id: str, artifact_id: str) -> rules.LifecycleView:
        row = self._first(conn, ATOMIC_HEAD_SELECT, (scope_id, artifact_id))
        if row is None:
            raise RecordNotFound("the atomic memory does not exist", kind="artifact")
        return lifecycle_view(row)

    def _set_state(
        self,
        conn: ConnT,
        scope_id: str,
        artifact_id: str,
        state: LifecycleState,
        state_version: int,
        *,
        merged_into_id: str | None,
    ) -> None:
        """Record a lifecycle change from ``state_version - 1``; a memory that is no longer active
        leaves the search index. Conditional on the state version it replaces: a change another
        writer made first is a WriteConflict decided by this update's own row count."""
        changed = self._affected(
            conn,
            """UPDATE artifacts SET state = ?, state_version = ?, merged_into_id = ?
               WHERE scope_id = ? AND family = 'atomic-memory' AND artifact_id = ? AND state_version = ?""",
            (state, state_version, merged_into_id, scope_id, artifact_id, state_version - 1),
        )
        if changed != 1:
            current = self._require_atomic_view(conn, scope_id, artifact_id)
            raise WriteConflict(
                "stale state_version",
                reason="stale_state_version",
                current_revision=current.revision,
                current_state_version=current.state_version,
            )
        if state != "active":
            self._unindex(conn, scope_id, "atomic-memory", artifact_id)

    def _atomic_head(self, conn: ConnT, scope_id: str, artifact_id: str) -> AtomicMemoryHead:
        return atomic_head_from_row(self._first(conn, ATOMIC_HEAD_SELECT, (scope_id, artifact_id)))

    # -- artifacts: reads

    def get_head(self, scope_id: str, family: ArtifactFamily, artifact_id: str) -> RevisionRecord | None:
        """The current revision (for atomic memory: whatever its lifecycle state)."""
        with self._reading() as conn:
            row = self._first(
                conn,
                REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = ? AND r.artifact_id = ?"
                " AND r.revision = a.head_revision",
                (scope_id, family, artifact_id),
            )
        return None if row is None else record_from_row(row)

    def get_revision(
        self, scope_id: str, family: ArtifactFamily, artifact_id: str, revision: int
    ) -> RevisionRecord | None:
        """Exactly that revision, whatever the lifecycle; never a newer head or a merge target."""
        with self._reading() as conn:
            row = self._first(
                conn,
                REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = ? AND r.artifact_id = ? AND r.revision = ?",
                (scope_id, family, artifact_id, revision),
            )
        return None if row is None else record_from_row(row)

    def get_revisions(self, refs: Sequence[ArtifactRef]) -> dict[ArtifactRef, RevisionRecord]:
        """``get_revision`` of each ref in one snapshot: one statement per Scope and family (per
        ``BATCH`` values), by ref, without the ones the store lacks."""
        groups: dict[tuple[str, str], list[ArtifactRef]] = {}
        for ref in dict.fromkeys(refs):
            groups.setdefault((ref.scope_id, ref.family), []).append(ref)
        found: dict[ArtifactRef, RevisionRecord] = {}
        with self._reading() as conn:
            for (scope_id, family), group in groups.items():
                for first in range(0, len(group), BATCH // 2):  # two values per ref
                    batch = group[first : first + BATCH // 2]
                    exact = " OR ".join(["(r.artifact_id = ? AND r.revision = ?)"] * len(batch))
                    rows = self._all(
                        conn,
                        REVISION_SELECT + f" WHERE r.scope_id = ? AND r.family = ? AND ({exact})",
                        (scope_id, family, *(value for ref in batch for value in (ref.artifact_id, ref.revision))),
                    )
                    found.update((record.ref, record) for record in map(record_from_row, rows))
        return found

    def get_atomic_memory_head(self, scope_id: str, artifact_id: str) -> AtomicMemoryHead | None:
        with self._reading() as conn:
            row = self._first(conn, ATOMIC_HEAD_SELECT, (scope_id, artifact_id))
        return None if row is None else atomic_head_from_row(row)

    def read_profile(self, scope_id: str) -> Hit | None:
        """The Scope's committed profile snapshot, if any."""
        with self._reading() as conn:
            record = self._profile_in(conn, scope_id)
        return None if record is None else Hit(ref=record.ref, content=record.content)

    def list_heads(
        self, scope_id: str, family: ArtifactFamily, *, limit: int, after: str | None
    ) -> list[RevisionRecord]:
        """The head revision of each artifact of the family in the Scope (any lifecycle state), in
        artifact_id order, strictly after ``after``, at most ``limit``."""
        if limit <= 0:
            return []
        with self._reading() as conn:
            rows = self._all(
                conn,
                REVISION_SELECT + " WHERE a.scope_id = ? AND a.family = ? AND a.artifact_id > ?"
                " AND r.revision = a.head_revision ORDER BY a.artifact_id LIMIT ?",
                (scope_id, family, after or "", limit),
            )
        return [record_from_row(row) for row in rows]

    def list_revisions(
        self, scope_id: str, family: ArtifactFamily, artifact_id: str, *, through: int, limit: int
    ) -> list[RevisionRecord]:
        """The artifact's revisions numbered ``through`` and below, newest first, at most ``limit``."""
        if limit <= 0:
            return []
        with self._reading() as conn:
            rows = self._all(
                conn,
                REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = ? AND r.artifact_id = ? AND r.revision <= ?"
                " ORDER BY r.revision DESC LIMIT ?",
                (scope_id, family, artifact_id, through, limit),
            )
        return [record_from_row(row) for row in rows]

    def list_atomic_memory_heads(
        self,
        scope_id: str,
        *,
        states: Collection[LifecycleState],
        kind: str | None,
        limit: int,
        after: str | None,
    ) -> list[AtomicMemoryHead]:
        """Heads in ``states`` in artifact_id order; the state is filtered in SQL, the kind (inside
        the content JSON, which the engines query differently) while reading, in batches."""
        wanted = sorted(set(states))
        if limit <= 0 or not wanted:
            return []
        sql = (
            ATOMIC_HEADS_SELECT + f" AND a.state IN ({placeholders(len(wanted))}) AND a.artifact_id > ?"
            " ORDER BY a.artifact_id LIMIT ?"
        )
        batch = limit if kind is None else max(limit, BATCH)
        found: list[AtomicMemoryHead] = []
        position = after or ""
        with self._snapshot_reading() as conn:
            while len(found) < limit:
                rows = self._all(conn, sql, (scope_id, *wanted, position, batch))
                heads = [atomic_head_from_row(row) for row in rows]
                found.extend(head for head in heads if kind is None or head.kind == kind)
                if len(rows) < batch:
                    break
                position = heads[-1].ref.artifact_id
        return found[:limit]

    # -- search bookkeeping

    def count_searchable(self, scope_id: str, family: HistoryFamily) -> int:
        """How many searchable heads the family has in the Scope (0 means no searchable head)."""
        with self._reading() as conn:
            row = self._first(
                conn, "SELECT count(*) FROM search_docs WHERE scope_id = ? AND family = ?", (scope_id, family)
            )
        return int(row[0])

    def has_searchable(self, scope_id: str, family: HistoryFamily) -> bool:
        """Whether the family has any searchable head in the Scope (one probe of the partition index)."""
        with self._reading() as conn:
            row = self._first(
                conn, "SELECT 1 FROM search_docs WHERE scope_id = ? AND family = ? LIMIT 1", (scope_id, family)
            )
        return row is not None

    def has_searchable_many(self, keys: Sequence[tuple[str, HistoryFamily]]) -> list[bool]:
        """``has_searchable`` for each (scope_id, family), in order: one statement of existence
        probes per batch (each probe one look-up of the partition index)."""
        found: list[bool] = []
        if not keys:
            return found
        probe = "EXISTS (SELECT 1 FROM search_docs WHERE scope_id = ? AND family = ?)"
        with self._reading() as conn:
            for first in range(0, len(keys), BATCH):
                batch = keys[first : first + BATCH]
                row = self._first(conn, "SELECT " + ", ".join([probe] * len(batch)), [v for key in batch for v in key])
                found.extend(bool(value) for value in row)
        return found

    def _require_searchable_head(self, conn: ConnT, ref: ArtifactRef, row: Any) -> None:
        """``put_embedding``'s check of its search-doc row (doc_id, revision, ...) against ``ref``:
        RecordNotFound for a revision that never existed, WriteConflict for one that is not the
        searchable head."""
        if row is None or int(row[1]) != ref.revision:
            head = self._head_revision(conn, ref.scope_id, ref.family, ref.artifact_id)
            if head is None or ref.revision > head or ref.revision < 1:
                raise RecordNotFound("the revision does not exist", kind="artifact")
            raise WriteConflict(
                "the revision is not a searchable head", reason="not_searchable_head", current_revision=head
            )
