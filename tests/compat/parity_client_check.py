"""The parity group of the official client check (``official_client_check.py`` runs ``GROUPS``;
``test_official_client_coverage.py`` reads the calls here too): answers that once differed from
PowerContext 1.4.1's, parsed strictly by its client. An Experience's body carries ``failure``
(null when written without one) from ``get_artifact``, ``get_artifact_revision`` and
``replace_artifact``, as 1.4.1 serialises every field of its content model.

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import CreateArtifactRequest, CreateScopeRequest, ReplaceArtifactRequest

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]

EXPERIENCE = {"situation": "CI was slow.", "action": "Cached wheels.", "outcome": "Faster.", "lesson": "Cache early."}


async def experience_bodies(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    fields = {"title": "Compat parity", "summary": "parity check", "idempotency_key": uuid.uuid4().hex}
    scope_id = (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id
    request = CreateArtifactRequest.model_validate({"family": "experience", "content": EXPERIENCE})
    artifact_id = (await client.create_artifact(scope_id, request)).artifact_id

    head = await client.get_artifact(scope_id, "experience", artifact_id)
    check("get_artifact experience carries failure: null", head is not None and head.content.get("failure", 0) is None)
    exact = await client.get_artifact_revision(scope_id, "experience", artifact_id, 1)
    check("get_artifact_revision experience carries failure: null", exact.content.get("failure", 0) is None)
    same = head is not None and head.content_digest == exact.content_digest
    check("get_artifact and get_artifact_revision agree", same)
    replacement = ReplaceArtifactRequest.model_validate({"content": {**EXPERIENCE, "lesson": "Cache wheels early."}})
    replaced = await client.replace_artifact(
        scope_id, "experience", artifact_id, replacement, expected_etag='"revision:1"'
    )
    check(
        "replace_artifact experience carries failure: null",
        replaced.revision == 2 and replaced.content.get("failure", 0) is None,
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("parity: experience bodies", experience_bodies),
]
