"""The Dream group of ``official_client_check.py`` (exported as ``GROUPS``;
``test_official_client_coverage.py`` reads the calls here too): ``create_dream_run``,
``get_dream_run`` and ``list_dream_runs`` through PowerContext's official client (which sends
``X-PowerContext-Dream-Contract: 2``) against a server without a generation provider, as
``nox -s compat`` starts it: 1.4.1's 503 ``capability_unavailable`` for a create, after the request's
own checks (an empty evidence selection is 422 first); the reads answer (404 ``dream_not_found``, an
empty page). This module imports only the official client
and the standard library."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import CreateScopeRequest
from powercontext.http._generated import models

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


async def dream(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    fields = {"title": "Compat dream", "summary": "Dream runs", "idempotency_key": uuid.uuid4().hex}
    scope_id = (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id
    evidence = {"family": "experience", "artifact_id": "art_compat", "revision": 1}
    run = {"operation": "refine_experience", "artifacts": [evidence], "idempotency_key": "compat-dream"}
    refused = await expect_error(
        "create_dream_run without a provider",
        503,
        "capability_unavailable",
        lambda: client.create_dream_run(scope_id, models.CreateDreamRunRequest.model_validate(run)),
    )
    check("create_dream_run's 503 has no details", getattr(refused, "details", None) in (None, {}))
    empty = run | {"artifacts": []}
    await expect_error(
        "create_dream_run with no evidence",
        422,
        "invalid_request",
        lambda: client.create_dream_run(scope_id, models.CreateDreamRunRequest.model_validate(empty)),
    )
    await expect_error(  # reads need no provider (1.4.1's server answers them)
        "get_dream_run of an unknown run without a provider",
        404,
        "dream_not_found",
        lambda: client.get_dream_run(scope_id, "dr_" + "0" * 32),
    )
    listing = await client.list_dream_runs(scope_id, models.ListDreamRunsRequest(limit=5))
    check("list_dream_runs without a provider: an empty page", listing.runs == [] and listing.next_cursor is None)


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [("dream", dream)]
