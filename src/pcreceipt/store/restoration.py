"""Atomic Memory restoration, the same on every engine: bring a forgotten or merged memory back,
or undo the merge that made one, with every merge on its current merge path undone together.

The rule (PowerContext 1.4.1's, read from its restoration code):

- The memory's merge path is followed from the memory through ``merged_into_id`` to its end (the
  memory itself when it is not merged). A retired memory cannot be restored, and ``undo_merge``
  takes no content revision (409 ``invalid_memory_state``); a cyclic path, or one through a
  retired result, is 409 ``invalid_memory_relation``.
- Every merge result on the path is undone, from the end inward (``undo_merge`` adds the memory
  itself): the result is retired and each of its inputs (revision 1's ``derived_from``) comes back
  active. An input must still be where the merge left it (forgotten or merged, merged into that
  result, at the revision the merge read), and every memory on the path merged into a result must
  be among its inputs; otherwise 409 ``invalid_memory_relation``. ``restore`` then leaves the
  memory itself active.
- Only final changes are written: a memory whose state, merge link or (for the restored one, with
  ``target.revision``) content changes gets a new revision, its content copied from its head or the
  revision asked for, with the head and that revision as its artifact lineage; the state version
  moves on. A restoration that changes nothing writes nothing (``changed: false``).

``plan_atomic_restoration`` computes the plan in one read; ``commit_atomic_restoration`` computes
it again under the Scope's writer lock and writes it only when it is the plan the caller prepared
its vectors for (else ``RestorationChanged``: the writer plans again), and, with a preview's
endpoint, only while the path still ends there (else ``PreviewEndpointMoved``).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping

from pcreceipt.store.hooks import ConnT, PreparedT, RevisionHooks
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import (
    ArtifactRef,
    EmbeddingRow,
    LifecycleState,
    RecordNotFound,
    RevisionRecord,
    WriteConflict,
)
from pcreceipt.store.restoration_records import (
    FinalState,
    MemoryNode,
    PreviewEndpointMoved,
    RestorationChanged,
    RestorationOperation,
    RestorationPlan,
    RestorationRefused,
    RestorationResult,
    RestorationWrite,
    RestoreItem,
)
from pcreceipt.store.rows import ATOMIC_HEAD_SELECT, REVISION_SELECT, as_opt_str, as_str, record_from_row

_SET_ASIDE = frozenset({"forgotten", "merged"})  # 1.4.1's "deprecated"


def _relation(message: str) -> RestorationRefused:
    return RestorationRefused(message, code="invalid_memory_relation")


def final_states(
    target: MemoryNode,
    operation: RestorationOperation,
    load: Callable[[str], MemoryNode],
    inputs: Callable[[str], tuple[tuple[str, int], ...]],
) -> tuple[MemoryNode, tuple[str, ...], dict[str, FinalState], dict[str, MemoryNode]]:
    """(the path's end, the results undone, each affected memory's final state, every memory read).
    Pure: ``load`` reads a head (RecordNotFound when missing), ``inputs`` a merge result's inputs."""
    if target.state == "retired":
        raise RestorationRefused("a retired memory cannot be restored", code="invalid_memory_state")
    records = {target.artifact_id: target}
    path: list[str] = []
    cursor = target
    while cursor.merged_into_id is not None:
        next_id = cursor.merged_into_id
        if next_id in records:
            raise _relation("the merge path is cyclic")
        cursor = load(next_id)
        if cursor.state == "retired":
            raise _relation("the merge path ends in a retired result")
        records[next_id] = cursor
        path.append(next_id)
    undo = list(reversed(path))
    if operation == "undo_merge":
        undo.append(target.artifact_id)
    final: dict[str, FinalState] = {}
    for result_id in undo:
        refs = inputs(result_id)
        identities = {artifact_id for artifact_id, _ in refs}
        if len(refs) < 2 or len(identities) != len(refs) or result_id in identities:
            raise _relation("the memory is not a merge result with valid inputs")
        if any(node.merged_into_id == result_id and key not in identities for key, node in records.items()):
            raise _relation("a memory on the merge path is not among the result's inputs")
        final[result_id] = "retired"
        for artifact_id, revision in refs:
            node = records.get(artifact_id)
            if node is None:
                node = records[artifact_id] = load(artifact_id)
            if node.state not in _SET_ASIDE or node.merged_into_id != result_id or node.revision != revision:
                raise _relation("a merge input is no longer where the merge left it")
            final[artifact_id] = "active"
    if operation == "restore":
        final[target.artifact_id] = "active"
    return cursor, tuple(undo), final, records


def _where(node: MemoryNode) -> tuple[str, int, int]:
    return node.artifact_id, node.revision, node.state_version


def _lifecycle_class(state: LifecycleState) -> str:
    return "set-aside" if state in _SET_ASIDE else state


class AtomicRestorations(RevisionHooks[ConnT, PreparedT]):
    """``plan_atomic_restoration`` and ``commit_atomic_restoration`` over the engine hooks."""

    @abstractmethod
    def _set_state(
        self,
        conn: ConnT,
        scope_id: str,
        artifact_id: str,
        state: LifecycleState,
        state_version: int,
        *,
        merged_into_id: str | None,
    ) -> None: ...

    def _memory_node(self, conn: ConnT, scope_id: str, artifact_id: str) -> MemoryNode:
        row = self._first(conn, ATOMIC_HEAD_SELECT, (scope_id, artifact_id))
        if row is None:
            raise RecordNotFound("the atomic memory does not exist", kind="artifact")
        return MemoryNode(
            artifact_id=as_str(row[1]),
            revision=int(row[2]),
            state=as_str(row[3]),  # type: ignore[arg-type]
            state_version=int(row[4]),
            merged_into_id=as_opt_str(row[5]),
        )

    def _atomic_revision(self, conn: ConnT, scope_id: str, artifact_id: str, revision: int) -> RevisionRecord:
        row = self._first(
            conn,
            REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = 'atomic-memory' AND r.artifact_id = ?"
            " AND r.revision = ?",
            (scope_id, artifact_id, revision),
        )
        if row is None:
            raise RecordNotFound("the atomic memory revision does not exist", kind="artifact")
        return record_from_row(row)

    def _merge_inputs(self, conn: ConnT, scope_id: str, result_id: str) -> tuple[tuple[str, int], ...]:
        """The inputs a merge result's revision 1 derives from (none for a memory no merge made)."""
        try:
            first = self._atomic_revision(conn, scope_id, result_id, 1)
        except RecordNotFound:
            return ()
        return tuple((ref.artifact_id, ref.revision) for ref in first.derived_from if ref.family == "atomic-memory")

    def _plan_in(
        self, conn: ConnT, scope_id: str, artifact_id: str, operation: RestorationOperation, revision: int | None
    ) -> RestorationPlan:
        target = self._memory_node(conn, scope_id, artifact_id)
        if operation == "undo_merge" and revision is not None:
            raise RestorationRefused("undo_merge takes no content revision", code="invalid_memory_state")
        if revision is not None:
            self._atomic_revision(conn, scope_id, artifact_id, revision)  # 404 when it does not exist
        endpoint, undo, final, records = final_states(
            target,
            operation,
            lambda identity: self._memory_node(conn, scope_id, identity),
            lambda identity: self._merge_inputs(conn, scope_id, identity),
        )
        writes: list[RestorationWrite] = []
        restore: list[RestoreItem] = []
        for identity, state in sorted(final.items()):
            node = records[identity]
            selected = identity == artifact_id and revision is not None
            source = revision if selected and revision is not None else node.revision
            changed = state != _lifecycle_class(node.state) or node.merged_into_id is not None or selected
            if state == "active":
                restore.append(RestoreItem(identity, source, changed))
            if changed:
                content = self._atomic_revision(conn, scope_id, identity, source).content
                writes.append(RestorationWrite(identity, state, node.revision, node.state_version, source, content))
        retire_ids = {write.artifact_id for write in writes if write.state == "retired"}
        retire = tuple(
            ArtifactRef(scope_id, "atomic-memory", identity, records[identity].revision)
            for identity in sorted(records)
            if identity in retire_ids
        )
        return RestorationPlan(
            scope_id=scope_id,
            artifact_id=artifact_id,
            operation=operation,
            revision=revision,
            endpoint=endpoint,
            primary=target,
            restore=tuple(restore),
            retire=retire,
            undo_merge_results=undo,
            writes=tuple(writes),
        )

    def plan_atomic_restoration(
        self, scope_id: str, artifact_id: str, *, operation: RestorationOperation, revision: int | None
    ) -> RestorationPlan:
        """What restoring ``artifact_id`` would do, read in one snapshot; nothing is written."""
        with self._snapshot_reading() as conn:
            return self._plan_in(conn, scope_id, artifact_id, operation, revision)

    def commit_atomic_restoration(
        self,
        plan: RestorationPlan,
        embeddings: Mapping[str, EmbeddingRow | None],
        *,
        endpoint: MemoryNode | None = None,
    ) -> RestorationResult:
        """Write ``plan`` if it is still what a plan made now under the Scope's writer lock would be
        (else RestorationChanged), and, given a preview's ``endpoint``, while the merge path still
        ends there (else PreviewEndpointMoved)."""
        prepared = {
            write.artifact_id: self._prepare_write(
                plan.scope_id, "atomic-memory", write.content, embeddings.get(write.artifact_id)
            )
            for write in plan.writes
        }
        now = utc_now()

        def work(conn: ConnT) -> RestorationResult:
            self._lock_scope(conn, plan.scope_id)
            try:
                again = self._plan_in(conn, plan.scope_id, plan.artifact_id, plan.operation, plan.revision)
            except RestorationRefused as refused:
                if endpoint is not None:
                    raise PreviewEndpointMoved("the restoration preview is stale") from refused
                raise RestorationChanged("the memories changed since the restoration was planned") from refused
            if endpoint is not None and _where(again.endpoint) != _where(endpoint):
                raise PreviewEndpointMoved("the merge path's end changed since the preview")
            if again != plan:
                raise RestorationChanged("the memories changed since the restoration was planned")
            return self._apply(conn, plan, prepared, now)

        try:
            return self._transact(work)
        except WriteConflict as conflict:  # a writer that does not take the Scope lock moved a head first
            if endpoint is not None:
                raise PreviewEndpointMoved("the restoration preview is stale") from conflict
            raise RestorationChanged("the memories changed since the restoration was planned") from conflict

    def _apply(
        self, conn: ConnT, plan: RestorationPlan, prepared: Mapping[str, PreparedT], now: str
    ) -> RestorationResult:
        scope_id = plan.scope_id
        after: dict[str, tuple[ArtifactRef, FinalState]] = {}
        for write in plan.writes:
            moved = self._affected(
                conn,
                "UPDATE artifacts SET head_revision = ? WHERE scope_id = ? AND family = 'atomic-memory'"
                " AND artifact_id = ? AND head_revision = ?",
                (write.revision + 1, scope_id, write.artifact_id, write.revision),
            )
            if moved != 1:
                raise WriteConflict("stale revision", reason="stale_revision")
            self._unindex(conn, scope_id, "atomic-memory", write.artifact_id)
            lineage = tuple(
                dict.fromkeys(
                    ArtifactRef(scope_id, "atomic-memory", write.artifact_id, revision)
                    for revision in (write.revision, write.content_revision)
                )
            )
            record = self._add_revision(
                conn,
                scope_id,
                "atomic-memory",
                write.artifact_id,
                write.revision + 1,
                prepared[write.artifact_id],
                now,
                named=((), lineage),
            )
            self._set_state(
                conn, scope_id, write.artifact_id, write.state, write.state_version + 1, merged_into_id=None
            )
            after[write.artifact_id] = (record.ref, write.state)
        primary = plan.primary
        if primary.artifact_id not in after:
            state: FinalState | str = "active" if primary.state == "active" else primary.state
            ref = ArtifactRef(scope_id, "atomic-memory", primary.artifact_id, primary.revision)
            after[primary.artifact_id] = (ref, state)  # type: ignore[assignment]
        ordered = [after[identity] for identity in sorted(after)]
        return RestorationResult(
            changed=bool(plan.writes),
            restored=tuple(ref for ref, state in ordered if state == "active"),
            retired=tuple(ref for ref, state in ordered if state == "retired" and ref.artifact_id in prepared),
            undo_merge_results=plan.undo_merge_results,
        )
