"""The generated-Handoff group of ``official_client_check.py`` (exported as ``GROUPS``;
``test_official_client_coverage.py`` reads the calls here too): ``prepare_handoff`` and
``activate_handoff`` through PowerContext's official client against a server without a generation
provider, as ``nox -s compat`` starts it: 1.4.1's 503 ``handoff_generation_unavailable``, and for an
activation the boundary checked first (404 ``handoff_evidence_not_found``). This module imports
only the official client and the standard library."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import (
    ActivateHandoffRequest,
    CaptureContentSourceRequest,
    CreateScopeRequest,
    PrepareHandoffRequest,
)

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


async def handoff_generation(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    fields = {"title": "Compat handoff generation", "summary": "generated drafts", "idempotency_key": uuid.uuid4().hex}
    scope_id = (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id
    source = {"scope_id": scope_id, "source_id": "generation-log", "content": "The parser handles 14 of 16 cases."}
    await client.capture_content_source(CaptureContentSourceRequest.model_validate(source))
    boundary = {"name": "content", "source_id": "generation-log"}
    prepare = PrepareHandoffRequest.model_validate(
        {
            "scope_id": scope_id,
            "objective": "Finish the parser.",
            "evidence": [{"kind": "source", "source_ref": boundary}],
        }
    )
    refused = await expect_error(
        "prepare_handoff without a provider",
        503,
        "handoff_generation_unavailable",
        lambda: client.prepare_handoff(prepare),
    )
    check("prepare_handoff's 503 has no details", getattr(refused, "details", None) in (None, {}))
    activate = ActivateHandoffRequest.model_validate(
        {"scope_id": scope_id, "boundary_source": boundary, "objective": "Finish the parser."}
    )
    await expect_error(
        "activate_handoff without a provider",
        503,
        "handoff_generation_unavailable",
        lambda: client.activate_handoff(activate),
    )
    missing = ActivateHandoffRequest.model_validate(
        {"scope_id": scope_id, "boundary_source": {"name": "content", "source_id": "never"}, "objective": "Finish."}
    )
    await expect_error(
        "activate_handoff at a missing boundary",
        404,
        "handoff_evidence_not_found",
        lambda: client.activate_handoff(missing),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("handoff generation", handoff_generation),
]
