"""resolve_scope_selection over real HTTP on every engine, as PowerContext 1.4.1 answers it: exact
ids in scope_id order (404 for a missing one), a subtree breadth first from its root, all in
scope_id order; with tokens, read on what an exact selection or a subtree names, and all or a
subtree's descendants narrowed to the readable Scopes."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import httpx
from _support.servers import assert_error, new_scope
from _support.tokens import token_server
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.contract import gate

RESOLVE = "/v1/scopes/selection/resolve"


def scope(http: httpx.Client, title: str, parent: str | None = None) -> str:
    """A new Scope (a fresh idempotency key each time, so titles may repeat)."""
    return new_scope(http, title, key=uuid.uuid4().hex, parent=parent)


def resolve(http: httpx.Client, selection: dict[str, Any]) -> list[str]:
    response = http.post(RESOLVE, json={"selection": selection})
    assert response.status_code == 200, response.text
    body = response.json()
    assert gate.check_schema("ResolvedScopes", body) == [] and body["next_cursor"] is None
    return [item["scope_id"] for item in body["items"]]


def test_the_three_modes(http: httpx.Client) -> None:
    root = scope(http, "root")
    children = [scope(http, f"child {n}", root) for n in range(3)]
    grandchild = scope(http, "grandchild", children[0])
    elsewhere = scope(http, "elsewhere")
    assert resolve(http, {"mode": "exact", "scope_ids": [elsewhere, root]}) == sorted([elsewhere, root])
    assert resolve(http, {"mode": "subtree", "root_scope_id": root}) == [root, *sorted(children), grandchild]
    assert resolve(http, {"mode": "subtree", "root_scope_id": grandchild}) == [grandchild]
    everything = resolve(http, {"mode": "all"})
    assert everything == sorted(everything) and {root, grandchild, elsewhere, *children} <= set(everything)
    listed = http.post(RESOLVE, json={"selection": {"mode": "exact", "scope_ids": [root]}}).json()["items"][0]
    assert listed == http.get(f"/v1/scopes/{root}").json()  # the descriptor get_scope answers


def test_missing_scopes_and_bad_selections(http: httpx.Client) -> None:
    root = scope(http, "present")
    assert_error(
        http.post(RESOLVE, json={"selection": {"mode": "exact", "scope_ids": [root, "scp_gone"]}}),
        404,
        "scope_not_found",
    )
    assert_error(
        http.post(RESOLVE, json={"selection": {"mode": "subtree", "root_scope_id": "scp_gone"}}), 404, "scope_not_found"
    )
    for selection in (
        {"mode": "exact", "scope_ids": []},
        {"mode": "exact", "scope_ids": [root, root]},
        {"mode": "subtree"},
        {"mode": "everything"},
        {"mode": "all", "scope_ids": [root]},
    ):
        assert_error(http.post(RESOLVE, json={"selection": selection}), 422, "invalid_request")
    assert_error(http.post(RESOLVE, json={}), 422, "invalid_request")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parents=st.lists(st.integers(min_value=-1, max_value=6), min_size=1, max_size=6))
def test_a_subtree_is_its_root_and_every_descendant_once(http: httpx.Client, parents: list[int]) -> None:
    """Random forests: the subtree of each Scope is itself first, then exactly its descendants, each once."""
    made: list[str] = []
    parent_of: dict[str, str | None] = {}
    for index in parents:
        parent = made[index] if 0 <= index < len(made) else None
        made.append(scope(http, "forest", parent))
        parent_of[made[-1]] = parent
    for node in made:
        found = resolve(http, {"mode": "subtree", "root_scope_id": node})
        descendants = {s for s in made if s != node and _ancestor(parent_of, s, node)}
        assert found[0] == node and len(found) == len(set(found)) and set(found[1:]) == descendants


def _ancestor(parent_of: dict[str, str | None], scope_id: str, ancestor: str) -> bool:
    parent = parent_of.get(scope_id)
    while parent is not None:
        if parent == ancestor:
            return True
        parent = parent_of.get(parent)
    return False


def test_grants(tmp_path: Path) -> None:
    with token_server(tmp_path) as server:
        with server.client(server.issue([("*", "admin")])) as admin:
            root = scope(admin, "root")
            child, hidden = scope(admin, "child", root), scope(admin, "hidden", root)
        reader = server.issue([(root, "read"), (child, "read")])
        with server.client(reader) as http:
            assert resolve(http, {"mode": "subtree", "root_scope_id": root}) == [root, child]
            assert resolve(http, {"mode": "all"}) == sorted([root, child])
            assert resolve(http, {"mode": "exact", "scope_ids": [child]}) == [child]
            refused = http.post(RESOLVE, json={"selection": {"mode": "exact", "scope_ids": [child, hidden]}})
            assert_error(refused, 403, "forbidden")
            assert_error(
                http.post(RESOLVE, json={"selection": {"mode": "subtree", "root_scope_id": hidden}}), 403, "forbidden"
            )
            # a missing Scope the token has no grant on is 403, never 404: grants come first
            assert_error(
                http.post(RESOLVE, json={"selection": {"mode": "exact", "scope_ids": ["scp_gone"]}}), 403, "forbidden"
            )
        with server.client(None) as anonymous:
            assert_error(anonymous.post(RESOLVE, json={"selection": {"mode": "all"}}), 401, "unauthorized")
