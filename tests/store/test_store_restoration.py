"""Atomic Memory restoration (``store.restoration``) on every engine: restore a forgotten memory,
undo a merge from an input or from its result, content from an older revision, what is refused,
the plan as a pure preview, stale plans, and racing restorations."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from _support.races import at_once
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ArtifactRef, AtomicMemoryHead, RecordNotFound, RevisionRecord
from pcreceipt.store.restoration import final_states
from pcreceipt.store.restoration_records import (
    MemoryNode,
    PreviewEndpointMoved,
    RestorationChanged,
    RestorationRefused,
    RestorationResult,
)
from pcreceipt.store.writer import ArtifactWriter


def memory(text: str) -> dict[str, Any]:
    return {"kind": "fact", "text": text}


def create(store: Store, scope_id: str, text: str) -> RevisionRecord:
    return store.create_artifact(scope_id, "atomic-memory", memory(text))


def head(store: Store, scope_id: str, artifact_id: str) -> AtomicMemoryHead:
    found = store.get_atomic_memory_head(scope_id, artifact_id)
    assert found is not None
    return found


def restore(store: Store, scope_id: str, artifact_id: str, **options: Any) -> RestorationResult:
    operation = options.pop("operation", "restore")
    plan = store.plan_atomic_restoration(
        scope_id, artifact_id, operation=operation, revision=options.pop("revision", None)
    )
    return ArtifactWriter(store, None).restore(plan, **options)


def ref(scope_id: str, artifact_id: str, revision: int) -> ArtifactRef:
    return ArtifactRef(scope_id, "atomic-memory", artifact_id, revision)


def merged(store: Store, scope_id: str) -> tuple[str, str, str]:
    first = create(store, scope_id, "Deploys run on Fridays").ref.artifact_id
    second = create(store, scope_id, "Deploys need a review").ref.artifact_id
    heads = store.merge_atomic_memories(scope_id, [(first, 1, 0), (second, 1, 0)], memory("Friday deploys reviewed"))
    return first, second, heads[-1].ref.artifact_id


def test_a_forgotten_memory_comes_back_active_in_a_new_revision_and_searchable(store: Store, scope_id: str) -> None:
    record = create(store, scope_id, "The staging password rotates weekly")
    artifact_id = record.ref.artifact_id
    store.change_lifecycle(scope_id, artifact_id, revision=1, state_version=0, state="forgotten")
    assert store.search_text(scope_id, "atomic-memory", "staging password", 10) == []

    result = restore(store, scope_id, artifact_id)

    assert result == RestorationResult(True, (ref(scope_id, artifact_id, 2),), (), ())
    now = head(store, scope_id, artifact_id)
    assert (now.ref.revision, now.state, now.state_version, now.merged_into_id) == (2, "active", 2, None)
    assert now.text == "The staging password rotates weekly"
    assert [hit.ref for hit in store.search_text(scope_id, "atomic-memory", "staging password", 10)] == [now.ref]
    again = restore(store, scope_id, artifact_id)  # already active: nothing to write
    assert again == RestorationResult(False, (ref(scope_id, artifact_id, 2),), (), ())
    assert head(store, scope_id, artifact_id) == now


def test_restoring_a_merge_input_undoes_the_merge(store: Store, scope_id: str) -> None:
    first, second, result_id = merged(store, scope_id)

    plan = store.plan_atomic_restoration(scope_id, first, operation="restore", revision=None)
    assert (plan.endpoint.artifact_id, plan.endpoint.revision, plan.endpoint.state_version) == (result_id, 1, 0)
    assert [(i.artifact_id, i.source_revision, i.creates_revision) for i in plan.restore] == sorted(
        [(first, 1, True), (second, 1, True)]
    )
    assert plan.retire == (ref(scope_id, result_id, 1),)
    assert plan.undo_merge_results == (result_id,)
    assert head(store, scope_id, first).state == "merged"  # a plan writes nothing

    outcome = restore(store, scope_id, first)

    assert outcome.changed is True
    assert outcome.restored == tuple(sorted([ref(scope_id, first, 2), ref(scope_id, second, 2)], key=str))
    assert outcome.retired == (ref(scope_id, result_id, 2),)
    assert outcome.undo_merge_results == (result_id,)
    assert head(store, scope_id, result_id).state == "retired"
    for identity in (first, second):
        now = head(store, scope_id, identity)
        assert (now.state, now.merged_into_id, now.ref.revision) == ("active", None, 2)
    hits = {hit.ref.artifact_id for hit in store.search_text(scope_id, "atomic-memory", "deploys", 10)}
    assert hits == {first, second}
    assert store.check_integrity() == []


def test_undo_merge_from_the_result_and_refusals(store: Store, scope_id: str) -> None:
    first, second, result_id = merged(store, scope_id)
    with pytest.raises(RestorationRefused) as plain:
        store.plan_atomic_restoration(scope_id, first, operation="undo_merge", revision=None)
    assert plain.value.code == "invalid_memory_relation"  # an input is no merge result
    with pytest.raises(RestorationRefused) as revision:
        store.plan_atomic_restoration(scope_id, result_id, operation="undo_merge", revision=1)
    assert revision.value.code == "invalid_memory_state"

    outcome = restore(store, scope_id, result_id, operation="undo_merge")

    assert outcome.undo_merge_results == (result_id,)
    assert {r.artifact_id for r in outcome.restored} == {first, second}
    assert outcome.retired == (ref(scope_id, result_id, 2),)
    with pytest.raises(RestorationRefused) as retired:
        store.plan_atomic_restoration(scope_id, result_id, operation="restore", revision=None)
    assert retired.value.code == "invalid_memory_state"
    with pytest.raises(RecordNotFound):
        store.plan_atomic_restoration(scope_id, "art_missing", operation="restore", revision=None)


def test_restore_with_a_revision_brings_that_content_back(store: Store, scope_id: str) -> None:
    record = create(store, scope_id, "Builds use make")
    artifact_id = record.ref.artifact_id
    store.replace_artifact(scope_id, "atomic-memory", artifact_id, memory("Builds use nox"), expected_revision=1)

    plan = store.plan_atomic_restoration(scope_id, artifact_id, operation="restore", revision=1)
    assert [(i.source_revision, i.creates_revision) for i in plan.restore] == [(1, True)]
    outcome = restore(store, scope_id, artifact_id, revision=1)

    assert outcome.restored == (ref(scope_id, artifact_id, 3),)
    now = store.get_revision(scope_id, "atomic-memory", artifact_id, 3)
    assert now is not None and now.content["text"] == "Builds use make"
    assert [r.revision for r in now.lineage_artifacts] == [2, 1]
    with pytest.raises(RecordNotFound):
        store.plan_atomic_restoration(scope_id, artifact_id, operation="restore", revision=9)


def test_a_stale_plan_writes_nothing_and_a_preview_endpoint_is_held(store: Store, scope_id: str) -> None:
    record = create(store, scope_id, "Releases are tagged")
    artifact_id = record.ref.artifact_id
    store.change_lifecycle(scope_id, artifact_id, revision=1, state_version=0, state="forgotten")
    plan = store.plan_atomic_restoration(scope_id, artifact_id, operation="restore", revision=None)
    moved = MemoryNode(artifact_id, 1, "forgotten", 0, None)
    with pytest.raises(PreviewEndpointMoved):
        store.commit_atomic_restoration(plan, {}, endpoint=moved)  # the preview saw state_version 0
    store.commit_atomic_restoration(plan, {})
    with pytest.raises(RestorationChanged):
        store.commit_atomic_restoration(plan, {})  # the same plan again: the memory is active now
    assert head(store, scope_id, artifact_id).ref.revision == 2


def test_racing_restorations_change_once_and_agree(store: Store, scope_id: str) -> None:
    first, _, result_id = merged(store, scope_id)
    results = at_once([partial(restore, store, scope_id, first) for _ in range(4)])
    assert sum(1 for r in results if isinstance(r, RestorationResult) and r.changed) == 1
    assert all(isinstance(r, RestorationResult) for r in results)
    assert head(store, scope_id, result_id).state == "retired"
    assert head(store, scope_id, first).ref.revision == 2
    assert store.check_integrity() == []


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["forgotten", "merged", "active", "retired"]), min_size=2, max_size=4))
def test_undo_retires_exactly_the_path_and_activates_exactly_the_inputs(states: list[str]) -> None:
    """A pure property of the planner: for a one-merge group whose inputs are all merged into the
    result, restoring any input retires the result and activates every input; any input not where
    the merge left it refuses the whole restoration."""
    nodes = {
        f"m{i}": MemoryNode(f"m{i}", 1, state, 1, "r" if state == "merged" else None)  # type: ignore[arg-type]
        for i, state in enumerate(states)
    }
    nodes["r"] = MemoryNode("r", 1, "active", 0, None)
    inputs = {"r": tuple((identity, 1) for identity in sorted(nodes) if identity != "r")}
    target = nodes["m0"]
    try:
        endpoint, undo, final, _ = final_states(target, "restore", nodes.__getitem__, lambda i: inputs.get(i, ()))
    except RestorationRefused:
        assert target.state == "retired" or (any(s != "merged" for s in states) and target.state == "merged")
        return
    if target.state == "merged":
        assert all(s == "merged" for s in states)
        assert (endpoint.artifact_id, undo) == ("r", ("r",))
        assert final == {"r": "retired", **{i: "active" for i in nodes if i != "r"}}
    else:
        assert (endpoint, undo, final) == (target, (), {"m0": "active"})
