"""The Profile flush group of the official client check (``official_client_check.py`` runs
``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too), each answer parsed by
the official client's strict models.

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library. The compat server runs no
generation provider, so a window holding captured content is 1.4.1's 503 generation_unavailable.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import (
    CaptureContentSourceRequest,
    CaptureWorkingNoteRequest,
    CreateScopeRequest,
    FlushProfileRequest,
    PutProfilePolicyRequest,
)

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


async def profile_flush(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    fields = {"title": "Compat profile flush", "summary": "profile flush check", "idempotency_key": uuid.uuid4().hex}
    scope_id = (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id
    request = FlushProfileRequest.model_validate({"scope_id": scope_id})
    disabled = await client.flush_profile(request)
    check(
        "flush_profile: no policy, disabled",
        disabled.status.value == "disabled" and (disabled.previous_cursor, disabled.current_cursor) == (0, 0),
    )
    enable = PutProfilePolicyRequest.model_validate({"generation_enabled": True, "expected_version": 0})
    await client.put_profile_policy(scope_id, enable)
    idle = await client.flush_profile(request)
    check(
        "flush_profile: nothing past the cursor, noop",
        idle.status.value == "noop" and idle.current_cursor == idle.previous_cursor and idle.artifact is None,
    )
    note = {
        "scope_id": scope_id,
        "source_id": uuid.uuid4().hex,
        "content": "A Working Note is no Profile evidence.",
        "session_id": "profile-check",
        "note_kind": "abandoned_approach",
    }
    await client.capture_working_note(CaptureWorkingNoteRequest.model_validate(note))
    passed = await client.flush_profile(request)
    check(
        "flush_profile: a window without evidence is passed",
        passed.status.value == "noop"
        and passed.current_cursor == passed.high_watermark > passed.previous_cursor
        and passed.processed_source_count == 0,
    )
    policy = await client.get_profile_policy(scope_id)
    check("flush_profile: a committed window replaces the policy row (version 2)", policy.version == 2)
    content = {"scope_id": scope_id, "source_id": uuid.uuid4().hex, "content": "The user prefers short answers."}
    await client.capture_content_source(CaptureContentSourceRequest.model_validate(content))
    await expect_error(
        "flush_profile: evidence without a generation provider",
        503,
        "generation_unavailable",
        lambda: client.flush_profile(request),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("profile flush", profile_flush),
]
