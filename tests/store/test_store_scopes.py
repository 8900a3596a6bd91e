"""Scopes: creation, idempotency, references and listing."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import InvalidRecord, RecordNotFound, Scope, WriteConflict

SCOPE_ID = re.compile(r"scp_[a-z2-7]{26}")


def create(store: Store, key: str = "k1", **fields: object) -> tuple[Scope, bool]:
    arguments: dict[str, object] = {
        "title": "Payments",
        "summary": "The payments service",
        "idempotency_key": key,
        "parent_scope_id": None,
        "context_references": [],
        "external_references": [{"kind": "repo", "url": "https://example.test/payments"}],
        **fields,
    }
    return store.create_scope(**arguments)


def test_create_scope_assigns_an_id_and_reads_back(store: Store) -> None:
    scope, created = create(store)
    assert created
    assert SCOPE_ID.fullmatch(scope.scope_id)
    assert scope.version == 1
    assert store.get_scope(scope.scope_id) == scope
    assert scope.external_references == ({"kind": "repo", "url": "https://example.test/payments"},)


def test_same_idempotency_key_and_fields_returns_the_same_scope(store: Store) -> None:
    first, _ = create(store)
    again, created = create(store)
    assert not created
    assert again == first


def test_same_idempotency_key_with_different_fields_conflicts(store: Store) -> None:
    create(store)
    with pytest.raises(WriteConflict):
        create(store, title="Billing")
    with pytest.raises(WriteConflict):
        create(store, external_references=[])


def test_context_references_must_exist(store: Store, make_scope: Callable[..., Scope]) -> None:
    other = make_scope()
    scope, _ = create(store, context_references=[other.scope_id])
    assert scope.context_references == (other.scope_id,)
    with pytest.raises(RecordNotFound):
        create(store, key="k2", context_references=["scp_doesnotexistdoesnotexistdo"])


def test_context_references_must_be_unique(store: Store, make_scope: Callable[..., Scope]) -> None:
    other = make_scope()
    with pytest.raises(InvalidRecord):
        create(store, context_references=[other.scope_id, other.scope_id])


def test_parent_scope_must_exist(store: Store, make_scope: Callable[..., Scope]) -> None:
    parent = make_scope()
    child, _ = create(store, parent_scope_id=parent.scope_id)
    assert child.parent_scope_id == parent.scope_id
    with pytest.raises(RecordNotFound):
        create(store, key="k2", parent_scope_id="scp_missing")


def test_external_references_must_map_strings(store: Store) -> None:
    with pytest.raises(InvalidRecord):
        create(store, external_references=[{"kind": 3}])


def test_unknown_scope_reads_none(store: Store) -> None:
    assert store.get_scope("scp_missing") is None


def test_list_scopes_pages_in_scope_id_order(store: Store, make_scope: Callable[..., Scope]) -> None:
    ids = sorted(make_scope().scope_id for _ in range(5))
    first = store.list_scopes(limit=2, after=None)
    assert [scope.scope_id for scope in first] == ids[:2]
    rest = store.list_scopes(limit=10, after=first[-1].scope_id)
    assert [scope.scope_id for scope in rest] == ids[2:]
    assert store.list_scopes(limit=10, after=ids[-1]) == []
    assert store.list_scopes(limit=0, after=None) == []
