"""The "rest" groups of ``official_client_check.py``: PowerContext 1.4.1's remaining operations
through its official client (its request models, declared statuses and strict parsing).

Kept in its own module so the check stays under the line cap; it imports only the official client
and the standard library, and takes the check's ``check`` / ``expect_error`` helpers as arguments
(``official_client_check`` is run as ``__main__``, so importing it back would make a second copy).
``test_official_client_coverage.py`` reads the ``client.<operationId>(…)`` calls here too.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import (
    BindArtifactHandleRequest,
    CreateScopeRequest,
    GetMemoryCapacityRequest,
    ListMemoryChangesRequest,
    RememberMemoryRequest,
    ReplaceArtifactTagsRequest,
    RetireMemoryEntryRequest,
    ReviseMemoryEntryRequest,
)

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]

LEGACY = "legacy_memory_operation_unsupported"


async def legacy_memory(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    """Every legacy Memory collection operation is refused with 1.4.1's details for it."""
    created = await client.create_scope(
        CreateScopeRequest(title="Compat legacy memory", summary="legacy", idempotency_key=uuid.uuid4().hex)
    )
    scope_id = created.scope_id
    citation = {"artifact_id": "mem_compat", "entry_id": "e1", "entry_version_id": "v1"}
    calls: list[tuple[str, str, Callable[[], Awaitable[Any]]]] = [
        (
            "get_memory_capacity",
            "collection capacity",
            lambda: client.get_memory_capacity(GetMemoryCapacityRequest(scope_id=scope_id)),
        ),
        (
            "revise_memory_entry",
            "citation revise",
            lambda: client.revise_memory_entry(
                ReviseMemoryEntryRequest.model_validate(
                    {"scope_id": scope_id, "citation": citation, "kind": "fact", "text": "revised"}
                )
            ),
        ),
        (
            "retire_memory_entry",
            "citation retire",
            lambda: client.retire_memory_entry(
                RetireMemoryEntryRequest.model_validate({"scope_id": scope_id, "citation": citation})
            ),
        ),
        (
            "list_memory_changes",
            "continuous collection changes",
            lambda: client.list_memory_changes(ListMemoryChangesRequest(scope_id=scope_id, since_revision=0)),
        ),
        (
            "get_memory_entry_tags",
            "entry tags",
            lambda: client.get_memory_entry_tags(scope_id, "mem_compat", "e1"),
        ),
        (
            "replace_memory_entry_tags",
            "entry tags",
            lambda: client.replace_memory_entry_tags(
                scope_id, "mem_compat", "e1", ReplaceArtifactTagsRequest(tags=["legacy"]), expected_etag='"t1"'
            ),
        ),
    ]
    for name, operation, call in calls:
        error = await expect_error(name, 422, LEGACY, call)
        details = getattr(error, "details", None) or {}
        check(
            f"{name}: 1.4.1's details (operation {operation})",
            details.get("kind") == "artifact_family"
            and details.get("name") == "memory"
            and details.get("operation") == operation
            and isinstance(details.get("alternatives"), list)
            and isinstance(details.get("instruction"), str),
        )


async def artifact_handles(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    """Bind a handle once (again to the same revision: the same binding), resolve it, refuse another
    revision (409) and an unbound handle (404)."""
    created = await client.create_scope(
        CreateScopeRequest(title="Compat handles", summary="handles", idempotency_key=uuid.uuid4().hex)
    )
    scope_id = created.scope_id
    made = []
    for text in ("handle one", "handle two"):
        remembered = await client.remember_memory(RememberMemoryRequest(scope_id=scope_id, kind="fact", text=text))
        made.append(remembered.records[0].artifact.artifact_id)
    family, key = "atomic-memory", "compat-handle"
    request = BindArtifactHandleRequest(artifact_id=made[0], revision=1)
    bound = await client.bind_artifact_handle(scope_id, family, key, request)
    check(
        "bind_artifact_handle",
        (bound.family, bound.key, bound.artifact.artifact_id, bound.artifact.revision) == (family, key, made[0], 1),
    )
    again = await client.bind_artifact_handle(scope_id, family, key, request)
    check("bind_artifact_handle again, same revision", again == bound)
    resolved = await client.resolve_artifact_handle(scope_id, family, key)
    check("resolve_artifact_handle", resolved == bound)
    other = BindArtifactHandleRequest(artifact_id=made[1], revision=1)
    await expect_error(
        "bind_artifact_handle to another revision",
        409,
        "idempotency_conflict",
        lambda: client.bind_artifact_handle(scope_id, family, key, other),
    )
    await expect_error(
        "resolve_artifact_handle never bound",
        404,
        "artifact_handle_not_found",
        lambda: client.resolve_artifact_handle(scope_id, family, "never-bound"),
    )
