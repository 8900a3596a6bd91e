"""update_scope in the store, on both engines: PUT semantics, the version compare-and-set, the
order of checks (exists, version, links) and the relationship rules (``pcreceipt.store.scope_update``)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from _support.engines import StoreOpener
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import InvalidRecord, RecordNotFound, Scope
from pcreceipt.store.scope_update import RefusedScopeLink, StaleScopeVersion

MakeScope = Callable[..., Scope]


def update(store: Store, scope: Scope | str, version: int = 1, **fields: Any) -> Scope:
    arguments: dict[str, Any] = {
        "expected_version": version,
        "title": "Updated",
        "summary": "An updated Scope",
        "parent_scope_id": None,
        "context_references": [],
        "external_references": [],
        **fields,
    }
    return store.update_scope(scope if isinstance(scope, str) else scope.scope_id, **arguments)


def test_an_update_replaces_every_field_and_bumps_the_version(store: Store, make_scope: MakeScope) -> None:
    parent, reference = make_scope(), make_scope()
    scope = make_scope(external_references=[{"kind": "repo", "value": "r"}], context_references=[reference.scope_id])
    updated = update(
        store,
        scope,
        title="New title",
        summary="New summary",
        parent_scope_id=parent.scope_id,
        context_references=[parent.scope_id],
        external_references=[{"kind": "ticket", "value": "T-1"}],
    )
    assert updated == Scope(
        scope.scope_id,
        "New title",
        "New summary",
        parent.scope_id,
        (parent.scope_id,),
        ({"kind": "ticket", "value": "T-1"},),
        2,
    )
    assert store.get_scope(scope.scope_id) == updated
    # PUT: what the update leaves out is cleared, and the same content again is still a new version
    again = update(store, scope, version=2, title="New title", summary="New summary")
    assert (again.parent_scope_id, again.context_references, again.external_references, again.version) == (
        None,
        (),
        (),
        3,
    )


def test_a_stale_version_is_refused_with_both_versions(store: Store, make_scope: MakeScope) -> None:
    scope = make_scope()
    update(store, scope)
    with pytest.raises(StaleScopeVersion) as raised:
        update(store, scope, version=1, title="Lost")
    assert (raised.value.expected, raised.value.current) == (1, 2)
    with pytest.raises(StaleScopeVersion):
        update(store, scope, version=3)
    assert store.get_scope(scope.scope_id).title == "Updated"  # type: ignore[union-attr]


def test_the_version_is_checked_before_the_links(store: Store, make_scope: MakeScope) -> None:
    scope = make_scope()
    with pytest.raises(StaleScopeVersion):
        update(store, scope, version=5, parent_scope_id="scp_missing")
    with pytest.raises(StaleScopeVersion):
        update(store, scope, version=5, parent_scope_id=scope.scope_id)


def test_a_missing_scope_parent_or_reference_is_not_found(store: Store, make_scope: MakeScope) -> None:
    scope = make_scope()
    for arguments in ({"parent_scope_id": "scp_missing"}, {"context_references": ["scp_missing"]}):
        with pytest.raises(RecordNotFound) as raised:
            update(store, scope, **arguments)
        assert raised.value.kind == "scope"
    with pytest.raises(RecordNotFound):
        update(store, "scp_missing")
    assert store.get_scope(scope.scope_id) == scope


@pytest.mark.parametrize(
    ("case", "relationship", "issue"),
    [
        ("own_parent", "Parent", "a Scope cannot parent itself"),
        ("child_as_parent", "Parent", "relationships must be acyclic"),
        ("grandchild_as_parent", "Parent", "relationships must be acyclic"),
        ("own_reference", "Context Reference", "a Scope cannot reference itself"),
    ],
)
def test_relationships_that_loop_back_are_refused(
    store: Store, make_scope: MakeScope, case: str, relationship: str, issue: str
) -> None:
    root = make_scope()
    child = make_scope(parent_scope_id=root.scope_id)
    grandchild = make_scope(parent_scope_id=child.scope_id)
    fields = {
        "own_parent": {"parent_scope_id": root.scope_id},
        "child_as_parent": {"parent_scope_id": child.scope_id},
        "grandchild_as_parent": {"parent_scope_id": grandchild.scope_id},
        "own_reference": {"context_references": [root.scope_id]},
    }[case]
    with pytest.raises(RefusedScopeLink) as raised:
        update(store, root, **fields)
    assert (raised.value.relationship, raised.value.issue) == (relationship, issue)
    assert store.get_scope(root.scope_id) == root


def test_a_reference_to_a_descendant_is_allowed_and_duplicates_are_not(store: Store, make_scope: MakeScope) -> None:
    """Only the parent chain must stay acyclic; references are direct and may point anywhere but itself."""
    root = make_scope()
    child = make_scope(parent_scope_id=root.scope_id, context_references=[root.scope_id])
    assert update(store, root, context_references=[child.scope_id]).context_references == (child.scope_id,)
    with pytest.raises(InvalidRecord):
        update(store, root, version=2, context_references=[child.scope_id, child.scope_id])


def test_two_updates_from_the_same_version_exactly_one_wins(open_store: StoreOpener) -> None:
    """Two store objects (two connections) update one Scope from version 1 at the same moment."""
    first = open_store()
    scope, _ = first.create_scope(
        title="Raced",
        summary="Updated twice at once",
        idempotency_key="race",
        parent_scope_id=None,
        context_references=[],
        external_references=[],
    )
    stores = [first, open_store()]
    barrier = threading.Barrier(2)
    won: list[Scope] = []
    lost: list[StaleScopeVersion] = []
    errors: list[BaseException] = []

    def race(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            won.append(update(stores[index], scope, title=f"Winner {index}"))
        except StaleScopeVersion as exc:
            lost.append(exc)
        except BaseException as exc:  # reported below, on the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=race, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert len(won) == 1 and len(lost) == 1
    assert (lost[0].expected, lost[0].current) == (1, 2)
    assert first.get_scope(scope.scope_id) == won[0] and won[0].version == 2


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.lists(st.tuples(st.integers(0, 3), st.integers(-1, 3)), min_size=1, max_size=8))
def test_accepted_updates_keep_the_parent_graph_acyclic(store: Store, moves: list[tuple[int, int]]) -> None:
    """Any sequence of re-parentings: each is accepted exactly when it keeps the graph a forest,
    and the stored versions count the accepted ones."""
    scopes = [
        store.create_scope(
            title=f"S{n}",
            summary="s",
            idempotency_key=uuid.uuid4().hex,
            parent_scope_id=None,
            context_references=[],
            external_references=[],
        )[0]
        for n in range(4)
    ]
    ids = [scope.scope_id for scope in scopes]
    parents: dict[str, str | None] = dict.fromkeys(ids)
    versions = dict.fromkeys(ids, 1)
    for child_index, parent_index in moves:
        child, parent = ids[child_index], (ids[parent_index] if parent_index >= 0 else None)
        ancestor, loops = parent, False
        while ancestor is not None:
            loops = loops or ancestor == child
            ancestor = parents[ancestor]
        try:
            update(store, child, version=versions[child], parent_scope_id=parent)
        except RefusedScopeLink:
            assert loops
            continue
        assert not loops
        parents[child] = parent
        versions[child] += 1
    for scope_id in ids:
        stored = store.get_scope(scope_id)
        assert stored is not None
        assert (stored.parent_scope_id, stored.version) == (parents[scope_id], versions[scope_id])
