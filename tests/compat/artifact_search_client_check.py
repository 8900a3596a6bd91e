"""The artifact search group of the official client check (``official_client_check.py`` runs
``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too): ``search_artifacts``
over Atomic Memory (results, scores on request, a filter), an empty Experience search, and its
refusals (an unknown Family, a Family that cannot be searched, a field no Family takes, a missing
Scope), parsed strictly into 1.4.1's ``SearchArtifactsResponse``.

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import CreateArtifactRequest, CreateScopeRequest, SearchArtifactsRequest

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


async def _scope(client: PowerContextClient, title: str) -> str:
    fields = {"title": title, "summary": f"{title} (artifact search check)", "idempotency_key": uuid.uuid4().hex}
    return (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id


async def _memory(client: PowerContextClient, scope_id: str, text: str, kind: str) -> str:
    request = {"family": "atomic-memory", "content": {"kind": kind, "text": text}}
    return (await client.create_artifact(scope_id, CreateArtifactRequest.model_validate(request))).artifact_id


def _search(fields: dict[str, Any]) -> SearchArtifactsRequest:
    return SearchArtifactsRequest.model_validate(fields)


async def artifact_search(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    scope_id = await _scope(client, "Compat artifact search")
    fact = await _memory(client, scope_id, "Invoices close on the fifth working day.", "fact")
    rule = await _memory(client, scope_id, "Refund invoices need a second approval.", "rule")

    found = await client.search_artifacts(scope_id, "atomic-memory", _search({"query": "invoices"}))
    ids = [item.artifact_id for item in found.results]
    check("search_artifacts finds both memories", sorted(ids) == sorted([fact, rule]))
    check("search_artifacts answers exact revisions", all(item.revision == 1 for item in found.results))
    check("search_artifacts leaves scores out unless asked", all(item.scores is None for item in found.results))

    scored = await client.search_artifacts(
        scope_id, "atomic-memory", _search({"query": "invoices", "include_scores": True, "limit": 1})
    )
    top = scored.results[0] if scored.results else None
    check("search_artifacts limits", len(scored.results) == 1)
    check(
        "search_artifacts scores on request",
        top is not None and top.scores is not None and 0 <= top.scores.retrieval <= 1 and "text" in top.scores.channels,
    )
    kinds = await client.search_artifacts(
        scope_id, "atomic-memory", _search({"query": "invoices", "filters": {"kind": "rule"}})
    )
    check("search_artifacts filters by kind", [item.artifact_id for item in kinds.results] == [rule])
    empty = await client.search_artifacts(scope_id, "experience", _search({"query": "invoices"}))
    check("search_artifacts of an empty Family", empty.results == [])

    await expect_error(
        "search_artifacts of an unknown Family",
        404,
        "artifact_family_not_found",
        lambda: client.search_artifacts(scope_id, "no-such-family", _search({"query": "invoices"})),
    )
    await expect_error(
        "search_artifacts of a Family that cannot be searched",
        422,
        "artifact_search_not_supported",
        lambda: client.search_artifacts(scope_id, "handoff", _search({"query": "invoices"})),
    )
    await expect_error(
        "search_artifacts with a field the Family does not take",
        422,
        "invalid_request",
        lambda: client.search_artifacts(scope_id, "experience", _search({"query": "x", "fusion": {"method": "rrf"}})),
    )
    await expect_error(
        "search_artifacts of a missing Scope",
        404,
        "scope_not_found",
        lambda: client.search_artifacts("scp_missing", "atomic-memory", _search({"query": "invoices"})),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("artifact search", artifact_search),
]
