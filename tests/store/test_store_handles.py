"""Stable artifact handles in the store (every engine): bound once and for ever to an exact
revision, the same revision again is no change, another is refused, a missing revision or Scope
binds nothing, and any sequence of binds leaves the first successful one in place."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.handles import HandleTaken
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import RecordNotFound


def create(store: Store, scope_id: str, text: str) -> str:
    return store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": text}).ref.artifact_id


def test_bind_once_resolve_for_ever(store: Store, scope_id: str) -> None:
    first, second = create(store, scope_id, "one"), create(store, scope_id, "two")
    assert store.resolve_artifact_handle(scope_id, "atomic-memory", "release-notes") is None
    assert store.bind_artifact_handle(scope_id, "atomic-memory", "release-notes", first, 1) is True
    assert store.bind_artifact_handle(scope_id, "atomic-memory", "release-notes", first, 1) is False
    with pytest.raises(HandleTaken):
        store.bind_artifact_handle(scope_id, "atomic-memory", "release-notes", second, 1)
    assert store.resolve_artifact_handle(scope_id, "atomic-memory", "release-notes") == (first, 1)
    # the handle is Scope-local and family-local
    assert store.resolve_artifact_handle(scope_id, "topic-memory", "release-notes") is None
    assert store.bind_artifact_handle(scope_id, "atomic-memory", "other-notes", second, 1) is True


def test_a_binding_survives_new_revisions_and_names_an_old_one(store: Store, scope_id: str) -> None:
    artifact_id = create(store, scope_id, "v1")
    store.bind_artifact_handle(scope_id, "atomic-memory", "pinned", artifact_id, 1)
    store.replace_artifact(scope_id, "atomic-memory", artifact_id, {"kind": "fact", "text": "v2"}, expected_revision=1)
    assert store.resolve_artifact_handle(scope_id, "atomic-memory", "pinned") == (artifact_id, 1)
    with pytest.raises(HandleTaken):
        store.bind_artifact_handle(scope_id, "atomic-memory", "pinned", artifact_id, 2)
    assert store.bind_artifact_handle(scope_id, "atomic-memory", "latest", artifact_id, 2) is True


def test_missing_targets_bind_nothing(store: Store, scope_id: str) -> None:
    artifact_id = create(store, scope_id, "only revision 1")
    for family, target, revision in [
        ("atomic-memory", artifact_id, 2),
        ("atomic-memory", "art_missing", 1),
        ("topic-memory", artifact_id, 1),
        ("no-such-family", artifact_id, 1),
    ]:
        with pytest.raises(RecordNotFound) as refused:
            store.bind_artifact_handle(scope_id, family, "nothing-here", target, revision)
        assert refused.value.kind == "artifact"
        assert store.resolve_artifact_handle(scope_id, family, "nothing-here") is None
    with pytest.raises(RecordNotFound) as refused:
        store.bind_artifact_handle("scp_missing", "atomic-memory", "nothing-here", artifact_id, 1)
    assert refused.value.kind == "scope"


def test_a_taken_handle_is_compared_before_the_target_is_looked_up(store: Store, scope_id: str) -> None:
    """1.4.1's order: an existing binding to another revision is the conflict, even when the new target is missing."""
    artifact_id = create(store, scope_id, "bound")
    store.bind_artifact_handle(scope_id, "atomic-memory", "taken", artifact_id, 1)
    with pytest.raises(HandleTaken):
        store.bind_artifact_handle(scope_id, "atomic-memory", "taken", "art_missing", 9)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(attempts=st.lists(st.tuples(st.sampled_from(["h-a", "h-b"]), st.integers(0, 2)), min_size=1, max_size=8))
def test_the_first_binding_of_each_handle_stays(store: Store, scope_id: str, attempts: list[tuple[str, int]]) -> None:
    targets = [create(store, scope_id, f"target {n}") for n in range(3)]
    prefix = f"p{len(targets[0]) % 7}-{targets[0][-6:].lower()}"  # fresh handles per example
    first: dict[str, str] = {}
    for handle, index in attempts:
        key = f"{prefix}-{handle}"
        if key not in first or first[key] == targets[index]:
            store.bind_artifact_handle(scope_id, "atomic-memory", key, targets[index], 1)
            first.setdefault(key, targets[index])
        else:
            with pytest.raises(HandleTaken):
                store.bind_artifact_handle(scope_id, "atomic-memory", key, targets[index], 1)
    for key, target in first.items():
        assert store.resolve_artifact_handle(scope_id, "atomic-memory", key) == (target, 1)
