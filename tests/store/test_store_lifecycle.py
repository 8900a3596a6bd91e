"""Atomic memory lifecycle: forget, merge, retire, conflicts and historical exact reads."""

from __future__ import annotations

import threading
from functools import partial
from typing import Any

import pytest
from _support.races import at_once

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import (
    ArtifactRef,
    AtomicMemoryHead,
    InvalidRecord,
    RecordNotFound,
    RevisionRecord,
    WriteConflict,
)


def memory(text: str) -> dict[str, Any]:
    return {"kind": "fact", "text": text}


def create(store: Store, scope_id: str, text: str) -> RevisionRecord:
    return store.create_artifact(scope_id, "atomic-memory", memory(text))


def head(store: Store, scope_id: str, artifact_id: str) -> AtomicMemoryHead:
    found = store.get_atomic_memory_head(scope_id, artifact_id)
    assert found is not None
    return found


def merge_two(store: Store, scope_id: str) -> tuple[RevisionRecord, RevisionRecord, list[AtomicMemoryHead]]:
    first = create(store, scope_id, "Deploys run on Fridays")
    second = create(store, scope_id, "Deploys need a review")
    heads = store.merge_atomic_memories(
        scope_id,
        [(first.ref.artifact_id, 1, 0), (second.ref.artifact_id, 1, 0)],
        memory("Friday deploys need a review"),
    )
    return first, second, heads


def test_a_new_memory_is_active_at_state_version_zero(store: Store, scope_id: str) -> None:
    record = create(store, scope_id, "The API is versioned")
    assert head(store, scope_id, record.ref.artifact_id) == AtomicMemoryHead(
        ref=record.ref, kind="fact", text="The API is versioned", state="active", state_version=0, merged_into_id=None
    )


def test_forget_makes_it_forgotten_and_unsearchable_but_readable(store: Store, scope_id: str) -> None:
    record = create(store, scope_id, "Old staging password rotation")
    [changed] = store.change_lifecycle(scope_id, record.ref.artifact_id, revision=1, state_version=0, state="forgotten")
    assert (changed.state, changed.state_version, changed.ref.revision) == ("forgotten", 1, 1)
    assert store.search_text(scope_id, "atomic-memory", "staging password", 10) == []
    assert store.count_searchable(scope_id, "atomic-memory") == 0
    assert store.get_revision(scope_id, "atomic-memory", record.ref.artifact_id, 1) == record
    assert store.get_head(scope_id, "atomic-memory", record.ref.artifact_id) == record


def test_forgotten_memories_allow_no_further_change(store: Store, scope_id: str) -> None:
    record = create(store, scope_id, "Temporary note")
    store.change_lifecycle(scope_id, record.ref.artifact_id, revision=1, state_version=0, state="forgotten")
    with pytest.raises(WriteConflict) as caught:
        store.change_lifecycle(scope_id, record.ref.artifact_id, revision=1, state_version=1, state="retired")
    assert (caught.value.current_revision, caught.value.current_state_version) == (1, 1)
    with pytest.raises(WriteConflict):
        store.replace_artifact(
            scope_id, "atomic-memory", record.ref.artifact_id, memory("revived"), expected_revision=1
        )


def test_only_merge_results_can_be_retired(store: Store, scope_id: str) -> None:
    record = create(store, scope_id, "Plain memory")
    with pytest.raises(WriteConflict):
        store.change_lifecycle(scope_id, record.ref.artifact_id, revision=1, state_version=0, state="retired")
    assert head(store, scope_id, record.ref.artifact_id).state == "active"


@pytest.mark.parametrize("state", ["active", "merged"])
def test_only_forgotten_and_retired_can_be_requested(store: Store, scope_id: str, state: str) -> None:
    record = create(store, scope_id, "Some memory")
    with pytest.raises(InvalidRecord):
        store.change_lifecycle(scope_id, record.ref.artifact_id, revision=1, state_version=0, state=state)


def test_lifecycle_of_an_unknown_memory_is_not_found(store: Store, scope_id: str) -> None:
    with pytest.raises(RecordNotFound):
        store.change_lifecycle(scope_id, "art_missing", revision=1, state_version=0, state="forgotten")


def test_stale_revision_or_state_version_conflicts_with_current_values(store: Store, scope_id: str) -> None:
    record = create(store, scope_id, "Version one")
    store.replace_artifact(
        scope_id, "atomic-memory", record.ref.artifact_id, memory("Version two"), expected_revision=1
    )
    for revision, state_version in ((1, 0), (2, 5)):
        with pytest.raises(WriteConflict) as caught:
            store.change_lifecycle(
                scope_id, record.ref.artifact_id, revision=revision, state_version=state_version, state="forgotten"
            )
        assert (caught.value.current_revision, caught.value.current_state_version) == (2, 0)


def test_replace_keeps_state_version_and_old_revision_readable(store: Store, scope_id: str) -> None:
    record = create(store, scope_id, "Use tabs")
    second = store.replace_artifact(
        scope_id, "atomic-memory", record.ref.artifact_id, memory("Use spaces"), expected_revision=1
    )
    current = head(store, scope_id, record.ref.artifact_id)
    assert (current.ref, current.text, current.state_version) == (second.ref, "Use spaces", 0)
    assert store.get_revision(scope_id, "atomic-memory", record.ref.artifact_id, 1) == record
    with pytest.raises(WriteConflict) as caught:
        store.replace_artifact(
            scope_id, "atomic-memory", record.ref.artifact_id, memory("Use both"), expected_revision=1
        )
    assert caught.value.current_revision == 2


def test_merge_creates_a_derived_memory_and_marks_inputs_merged(store: Store, scope_id: str) -> None:
    first, second, heads = merge_two(store, scope_id)
    merged_first, merged_second, result = heads
    assert [h.ref.artifact_id for h in heads[:2]] == [first.ref.artifact_id, second.ref.artifact_id]
    for merged in (merged_first, merged_second):
        assert (merged.state, merged.state_version, merged.merged_into_id) == ("merged", 1, result.ref.artifact_id)
    assert (result.state, result.state_version, result.ref.revision) == ("active", 0, 1)
    revision = store.get_revision(scope_id, "atomic-memory", result.ref.artifact_id, 1)
    assert revision is not None
    assert revision.derived_from == (first.ref, second.ref)
    hits = store.search_text(scope_id, "atomic-memory", "deploys review", 10)
    assert [hit.ref for hit in hits] == [result.ref]


def test_merged_inputs_keep_their_own_history(store: Store, scope_id: str) -> None:
    first, second, _ = merge_two(store, scope_id)
    assert store.get_revision(scope_id, "atomic-memory", first.ref.artifact_id, 1) == first
    assert store.get_head(scope_id, "atomic-memory", second.ref.artifact_id) == second


def test_merged_memories_allow_no_further_change(store: Store, scope_id: str) -> None:
    first, second, _ = merge_two(store, scope_id)
    third = create(store, scope_id, "Another memory")
    with pytest.raises(WriteConflict):
        store.change_lifecycle(scope_id, first.ref.artifact_id, revision=1, state_version=1, state="forgotten")
    with pytest.raises(WriteConflict):
        store.merge_atomic_memories(
            scope_id, [(first.ref.artifact_id, 1, 1), (third.ref.artifact_id, 1, 0)], memory("again")
        )
    with pytest.raises(WriteConflict):
        store.replace_artifact(scope_id, "atomic-memory", second.ref.artifact_id, memory("edit"), expected_revision=1)


def test_retire_a_merge_result_keeps_every_revision_readable(store: Store, scope_id: str) -> None:
    first, second, heads = merge_two(store, scope_id)
    result = heads[-1]
    [retired] = store.change_lifecycle(scope_id, result.ref.artifact_id, revision=1, state_version=0, state="retired")
    assert (retired.state, retired.state_version) == ("retired", 1)
    assert store.count_searchable(scope_id, "atomic-memory") == 0
    assert store.get_revision(scope_id, "atomic-memory", first.ref.artifact_id, 1) == first
    assert store.get_revision(scope_id, "atomic-memory", second.ref.artifact_id, 1) == second
    merged_revision = store.get_revision(scope_id, "atomic-memory", result.ref.artifact_id, 1)
    assert merged_revision is not None and merged_revision.content["text"] == "Friday deploys need a review"
    with pytest.raises(WriteConflict):
        store.change_lifecycle(scope_id, result.ref.artifact_id, revision=1, state_version=1, state="forgotten")


def test_a_merge_result_can_be_forgotten(store: Store, scope_id: str) -> None:
    _, _, heads = merge_two(store, scope_id)
    [forgotten] = store.change_lifecycle(
        scope_id, heads[-1].ref.artifact_id, revision=1, state_version=0, state="forgotten"
    )
    assert forgotten.state == "forgotten"


def test_merge_input_rules(store: Store, scope_id: str, make_scope: Any) -> None:
    first = create(store, scope_id, "One")
    second = create(store, scope_id, "Two")
    with pytest.raises(InvalidRecord):
        store.merge_atomic_memories(scope_id, [(first.ref.artifact_id, 1, 0)], memory("alone"))
    with pytest.raises(InvalidRecord):
        store.merge_atomic_memories(scope_id, [(first.ref.artifact_id, 1, 0)] * 2, memory("twice"))
    with pytest.raises(WriteConflict) as caught:
        store.merge_atomic_memories(
            scope_id, [(first.ref.artifact_id, 1, 3), (second.ref.artifact_id, 1, 0)], memory("x")
        )
    assert (caught.value.current_revision, caught.value.current_state_version) == (1, 0)
    other_scope = make_scope().scope_id
    foreign = create(store, other_scope, "Elsewhere")
    with pytest.raises(RecordNotFound):
        store.merge_atomic_memories(
            scope_id, [(first.ref.artifact_id, 1, 0), (foreign.ref.artifact_id, 1, 0)], memory("x")
        )
    assert head(store, scope_id, first.ref.artifact_id).state == "active"
    assert head(store, other_scope, foreign.ref.artifact_id).state == "active"
    assert store.count_searchable(scope_id, "atomic-memory") == 2


def race_replace(store: Store, scope_id: str, artifact_id: str, contenders: int) -> list[object]:
    """Replace revision 1 from ``contenders`` threads released together; their outcomes."""
    barrier = threading.Barrier(contenders)
    outcomes: list[object] = []

    def replace(text: str) -> None:
        barrier.wait()
        try:
            outcomes.append(
                store.replace_artifact(scope_id, "atomic-memory", artifact_id, memory(text), expected_revision=1)
            )
        except WriteConflict as error:
            outcomes.append(error)

    threads = [threading.Thread(target=replace, args=(f"contender {n}",)) for n in range(contenders)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_racing_replaces_have_exactly_one_winner(store: Store, scope_id: str) -> None:
    for round_number in range(5):
        record = create(store, scope_id, f"Race {round_number}")
        outcomes = race_replace(store, scope_id, record.ref.artifact_id, contenders=2)
        winners = [outcome for outcome in outcomes if isinstance(outcome, RevisionRecord)]
        losers = [outcome for outcome in outcomes if isinstance(outcome, WriteConflict)]
        assert len(winners) == 1 and len(losers) == 1
        assert losers[0].current_revision == 2
        assert store.get_head(scope_id, "atomic-memory", record.ref.artifact_id) == winners[0]
        assert winners[0].ref == ArtifactRef(scope_id, "atomic-memory", record.ref.artifact_id, 2)


def test_concurrent_writers_all_commit(store: Store, scope_id: str) -> None:
    errors: list[BaseException] = []

    def write(worker: int) -> None:
        try:
            for n in range(25):
                create(store, scope_id, f"worker {worker} note {n}")
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=write, args=(worker,)) for worker in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.count_searchable(scope_id, "atomic-memory") == 100


def test_forgetting_a_forgotten_memory_at_its_state_version_changes_nothing(store: Store, scope_id: str) -> None:
    """PowerContext 1.4.1 answers ``changed: false`` there; a stale version is still a conflict."""
    record = create(store, scope_id, "Forget me twice")
    artifact_id = record.ref.artifact_id
    store.change_lifecycle(scope_id, artifact_id, revision=1, state_version=0, state="forgotten")
    assert store.change_lifecycle(scope_id, artifact_id, revision=1, state_version=1, state="forgotten") == []
    head = store.get_atomic_memory_head(scope_id, artifact_id)
    assert head is not None and (head.state, head.state_version) == ("forgotten", 1)
    for revision, state_version in ((1, 0), (2, 1)):
        with pytest.raises(WriteConflict):
            store.change_lifecycle(
                scope_id, artifact_id, revision=revision, state_version=state_version, state="forgotten"
            )
    heads = store.merge_atomic_memories(
        scope_id,
        [(create(store, scope_id, "a").ref.artifact_id, 1, 0), (create(store, scope_id, "b").ref.artifact_id, 1, 0)],
        memory("a and b"),
    )
    result = heads[-1].ref.artifact_id
    store.change_lifecycle(scope_id, result, revision=1, state_version=0, state="retired")
    assert store.change_lifecycle(scope_id, result, revision=1, state_version=1, state="retired") == []


def test_lifecycle_and_replace_races_across_store_objects_have_one_winner(
    open_store: Any, scope_id: str, store: Store
) -> None:
    """Four store objects (four pools on OceanBase, four handles on one SQLite file), two threads
    each, all forgetting one memory, then all replacing another at revision 1: one changed, seven
    conflicts with the winner's values, on every round."""
    stores = [store, *(open_store() for _ in range(3))]
    for round_number in range(3):
        forgotten = create(store, scope_id, f"forget race {round_number}").ref.artifact_id
        replaced = create(store, scope_id, f"replace race {round_number}").ref.artifact_id
        forgets = [
            partial(s.change_lifecycle, scope_id, forgotten, revision=1, state_version=0, state="forgotten")
            for s in stores * 2
        ]
        conflicts = [o for o in at_once(forgets, caught=(WriteConflict,)) if isinstance(o, WriteConflict)]
        assert len(conflicts) == 7 and {c.reason for c in conflicts} == {"stale_state_version"}, round_number
        assert head(store, scope_id, forgotten).state_version == 1
        replaces = [
            partial(s.replace_artifact, scope_id, "atomic-memory", replaced, memory("new"), expected_revision=1)
            for s in stores * 2
        ]
        conflicts = [o for o in at_once(replaces, caught=(WriteConflict,)) if isinstance(o, WriteConflict)]
        assert len(conflicts) == 7 and {c.reason for c in conflicts} == {"stale_revision"}, round_number
        assert {c.current_revision for c in conflicts} == {2}


def test_a_head_move_or_state_change_built_on_a_stale_read_is_refused_by_the_write(store: Store, scope_id: str) -> None:
    """The writes themselves decide: a head move from a revision that is no longer the head, or a
    lifecycle change from a state version that is no longer current, changes no row and is a
    conflict carrying the current values, whatever the caller read before (what keeps a writer
    that reads outside the Scope's lock from reporting a change it did not make)."""
    from pcreceipt.store.engine import StoreEngine

    assert isinstance(store, StoreEngine)
    record = create(store, scope_id, "Stale reads")
    artifact_id = record.ref.artifact_id
    store.replace_artifact(scope_id, "atomic-memory", artifact_id, memory("second"), expected_revision=1)
    store.change_lifecycle(scope_id, artifact_id, revision=2, state_version=0, state="forgotten")
    engine: Any = store
    with pytest.raises(WriteConflict) as moved:  # built on a read of head 1: the move to 2 finds no row at 1
        engine._transact(
            lambda conn: engine._append_revision(
                conn, scope_id, "atomic-memory", artifact_id, 2, None, "2026-01-01T00:00:00Z", prompt_key=None
            )
        )
    assert (moved.value.reason, moved.value.current_revision) == ("stale_revision", 2)
    with pytest.raises(WriteConflict) as changed:
        # built on a read of state_version 0: the change to version 1 finds no row at version 0
        engine._transact(
            lambda conn: engine._set_state(conn, scope_id, artifact_id, "forgotten", 1, merged_into_id=None)
        )
    assert (changed.value.reason, changed.value.current_state_version) == ("stale_state_version", 1)
    current = head(store, scope_id, artifact_id)
    assert (current.ref.revision, current.state, current.state_version) == (2, "forgotten", 1)
    assert store.check_integrity() == []
