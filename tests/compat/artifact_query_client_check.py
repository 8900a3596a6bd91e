"""The artifact query group of the official client check (``official_client_check.py`` runs
``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too): ``query_artifact_tags``
(all and any, families, paging with its cursor, a 404 for a missing Scope), parsed strictly into
1.4.1's ``ArtifactTagPage``.

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import (
    CreateArtifactRequest,
    CreateScopeRequest,
    QueryArtifactTagsRequest,
    ReplaceArtifactTagsRequest,
)

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


async def _scope(client: PowerContextClient, title: str) -> str:
    fields = {"title": title, "summary": f"{title} (artifact query check)", "idempotency_key": uuid.uuid4().hex}
    return (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id


async def _tagged_memory(client: PowerContextClient, scope_id: str, text: str, tags: list[str]) -> str:
    request = {"family": "atomic-memory", "content": {"kind": "fact", "text": text}}
    artifact_id = (await client.create_artifact(scope_id, CreateArtifactRequest.model_validate(request))).artifact_id
    empty = await client.get_artifact_tags(scope_id, "atomic-memory", artifact_id)
    assert empty is not None
    await client.replace_artifact_tags(
        scope_id, "atomic-memory", artifact_id, ReplaceArtifactTagsRequest(tags=tags), expected_etag=empty.etag
    )
    return artifact_id


def _target_id(item: Any) -> str:
    """The tagged artifact's id (1.4.1's ``TagTarget`` is a root model over its target kinds)."""
    return str(getattr(item.target, "root", item.target).artifact_id)


def _query(fields: dict[str, Any]) -> QueryArtifactTagsRequest:
    return QueryArtifactTagsRequest.model_validate(fields)


async def tag_query(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    scope_id = await _scope(client, "Compat tag query")
    both = await _tagged_memory(client, scope_id, "Invoices close on the 5th.", ["Billing", "payments"])
    one = await _tagged_memory(client, scope_id, "Refunds need approval.", ["billing"])

    found = await client.query_artifact_tags(scope_id, _query({"tags": ["BILLING", "payments"]}))
    check("query_artifact_tags all", [_target_id(item) for item in found.items] == [both])
    first = found.items[0] if found.items else None
    check("query_artifact_tags carries the tag set", first is not None and len(first.tags) == 2)
    check("query_artifact_tags names the head revision", first is not None and first.reference.revision == 1)

    anyone = await client.query_artifact_tags(
        scope_id, _query({"tags": ["billing"], "match": "any", "families": ["atomic-memory"]})
    )
    check("query_artifact_tags any", [_target_id(item) for item in anyone.items] == sorted([both, one]))

    paged: list[str] = []
    page = await client.query_artifact_tags(scope_id, _query({"tags": ["billing"], "limit": 1}))
    while True:
        paged += [_target_id(item) for item in page.items]
        if page.next_cursor is None:
            break
        page = await client.query_artifact_tags(
            scope_id, _query({"tags": ["billing"], "limit": 1, "cursor": page.next_cursor})
        )
    check("query_artifact_tags pages with its cursor", paged == sorted([both, one]))

    await expect_error(
        "query_artifact_tags of a missing Scope",
        404,
        "scope_not_found",
        lambda: client.query_artifact_tags("scp_missing", _query({"tags": ["billing"]})),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("artifact tag query", tag_query),
]
