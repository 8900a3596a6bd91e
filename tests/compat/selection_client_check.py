"""The Scope selection group of the official client check (``official_client_check.py`` runs
``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too):
``resolve_scope_selection`` in its three modes, parsed strictly into 1.4.1's ``ScopePage``, and
its 404 for a missing Scope.

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import CreateScopeRequest, ResolveScopeSelectionRequest

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


async def _scope(client: PowerContextClient, title: str, parent: str | None = None) -> str:
    fields: dict[str, Any] = {
        "title": title,
        "summary": f"{title} (selection check)",
        "idempotency_key": uuid.uuid4().hex,
    }
    if parent is not None:
        fields["parent_scope_id"] = parent
    return (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id


def _request(selection: dict[str, Any]) -> ResolveScopeSelectionRequest:
    return ResolveScopeSelectionRequest.model_validate({"selection": selection})


async def scope_selection(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    root = await _scope(client, "Compat selection")
    children = sorted([await _scope(client, f"Compat selection child {n}", parent=root) for n in range(2)])
    grandchild = await _scope(client, "Compat selection grandchild", parent=children[1])

    subtree = await client.resolve_scope_selection(_request({"mode": "subtree", "root_scope_id": root}))
    ids = [item.scope_id for item in subtree.items]
    check("resolve_scope_selection subtree is the root, then breadth first", ids == [root, *children, grandchild])
    check("resolve_scope_selection answers one page", subtree.next_cursor is None)
    check("resolve_scope_selection describes each Scope", subtree.items[1].parent_scope_id == root)

    exact = await client.resolve_scope_selection(_request({"mode": "exact", "scope_ids": [grandchild, root]}))
    check(
        "resolve_scope_selection exact is in scope_id order",
        [i.scope_id for i in exact.items] == sorted([grandchild, root]),
    )

    everything = await client.resolve_scope_selection(_request({"mode": "all"}))
    listed = [item.scope_id for item in everything.items]
    check(
        "resolve_scope_selection all lists every Scope in order", listed == sorted(listed) and set(ids) <= set(listed)
    )

    missing = _request({"mode": "exact", "scope_ids": [root, "scp_missing"]})
    await expect_error(
        "resolve_scope_selection of a missing Scope",
        404,
        "scope_not_found",
        lambda: client.resolve_scope_selection(missing),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("scope selection", scope_selection),
]
