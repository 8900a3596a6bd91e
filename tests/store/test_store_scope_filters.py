"""``list_scopes`` filters on every engine: literal, case-sensitive substrings per field, parent,
external reference kind, binding integration and kind (one binding or reference must hold all
its conditions), ``among`` and paging after a key."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import BindingKey, Scope, ScopeFilters


def _scope(store: Store, key: str, title: str, summary: str, **links: object) -> str:
    scope, _ = store.create_scope(
        title=title,
        summary=summary,
        idempotency_key=key,
        parent_scope_id=links.get("parent"),  # type: ignore[arg-type]
        context_references=[],
        external_references=links.get("refs", []),  # type: ignore[arg-type]
    )
    return scope.scope_id


@pytest.fixture
def world(store: Store) -> dict[str, str]:
    root = _scope(store, "root", "Payments", "The payments service")
    child = _scope(
        store,
        "child",
        "payments API",
        "REST endpoints, 100% café",
        parent=root,
        refs=[{"kind": "git", "value": "github.com/acme/pay"}, {"kind": "jira", "value": "PAY"}],
    )
    other = _scope(
        store, "other", "Search", "Full-text search", refs=[{"kind": "git", "value": "gitlab.com/acme/find"}]
    )
    store.set_scope_binding(BindingKey("claude-code", "workspace", "/home/me/payments"), child)
    store.set_scope_binding(BindingKey("codex", "session", "sess-42"), other)
    store.set_scope_binding(BindingKey("codex", "workspace", "/home/me/search"), other)
    return {"root": root, "child": child, "other": other}


def _ids(scopes: Sequence[Scope]) -> list[str]:
    return [scope.scope_id for scope in scopes]


def _listed(store: Store, **filters: str) -> list[str]:
    return _ids(store.list_scopes(limit=100, after=None, filters=ScopeFilters(**filters)))  # type: ignore[arg-type]


def test_each_filter(store: Store, world: dict[str, str]) -> None:
    root, child, other = world["root"], world["child"], world["other"]
    ordered = sorted(world.values())
    assert _listed(store) == ordered
    assert _listed(store, query="ayments", query_field="title") == sorted([root, child])
    assert _listed(store, query="Payments", query_field="title") == [root]  # case-sensitive
    assert _listed(store, query="100%", query_field="summary") == [child]  # literal: % is no wildcard
    assert _listed(store, query="café", query_field="summary") == [child]
    assert _listed(store, query="_", query_field="scope_id") == ordered
    assert _listed(store, query=child[4:12], query_field="scope_id") == [child]
    assert _listed(store, query="acme", query_field="external_reference_value") == sorted([child, other])
    assert _listed(store, query="PAY", query_field="external_reference_value") == [child]
    assert _listed(store, query="sess-", query_field="binding_external_id") == [other]
    assert _listed(store, parent_scope_id=root) == [child]
    assert _listed(store, parent_scope_id=child) == []
    assert _listed(store, external_reference_kind="jira") == [child]
    assert _listed(store, external_reference_kind="git") == sorted([child, other])
    assert _listed(store, binding_integration="codex") == [other]
    assert _listed(store, binding_kind="workspace") == sorted([child, other])
    assert _listed(store, binding_integration="claude-code", binding_kind="session") == []


def test_one_reference_or_binding_must_hold_every_condition(store: Store, world: dict[str, str]) -> None:
    # child has a git reference and a jira reference whose value is PAY: no single git reference holds PAY
    assert _listed(store, external_reference_kind="git", query="PAY", query_field="external_reference_value") == []
    assert _listed(store, external_reference_kind="jira", query="PA", query_field="external_reference_value") == [
        world["child"]
    ]
    # other's session binding is sess-42; its workspace binding does not hold "sess"
    assert _listed(store, binding_kind="workspace", query="sess", query_field="binding_external_id") == []
    assert _listed(store, binding_kind="session", query="42", query_field="binding_external_id") == [world["other"]]
    assert _listed(store, parent_scope_id=world["root"], external_reference_kind="jira") == [world["child"]]


def test_among_and_paging(store: Store, world: dict[str, str]) -> None:
    ordered = sorted(world.values())
    among = frozenset([world["root"], world["other"]])
    assert _ids(store.list_scopes(limit=10, after=None, among=among)) == sorted(among)
    git = ScopeFilters(external_reference_kind="git")
    first = store.list_scopes(limit=1, after=None, filters=git)
    rest = store.list_scopes(limit=10, after=first[-1].scope_id, filters=git)
    assert _ids([*first, *rest]) == sorted([world["child"], world["other"]])
    assert _ids(store.list_scopes(limit=2, after=ordered[0])) == ordered[1:]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(page=st.integers(min_value=1, max_value=4), count=st.integers(min_value=0, max_value=9))
def test_filtered_pages_concatenate_to_the_whole_listing(store: Store, page: int, count: int) -> None:
    """Whatever the page size, following ``after`` lists each admitted Scope once, in order."""
    made = [_scope(store, f"p-{count}-{n}", f"t{n % 3}", "s") for n in range(count)]
    wanted = sorted(s for s in made if store.get_scope(s).title == "t1")  # type: ignore[union-attr]
    filters = ScopeFilters(query="t1", query_field="title")
    seen: list[str] = []
    after = None
    while True:
        scopes = store.list_scopes(limit=page, after=after, filters=filters)
        seen.extend(s.scope_id for s in scopes if s.scope_id in made)
        if len(scopes) < page:
            break
        after = scopes[-1].scope_id
    assert seen == wanted
