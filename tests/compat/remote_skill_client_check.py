"""The remote Agent Skill targets group of the official client check (``official_client_check.py``
runs ``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too):
``create_remote_skill_target``, ``enroll_remote_skill_target``, ``rename_remote_skill_target``,
``revoke_remote_skill_target`` and ``list_remote_skill_targets`` through 1.4.1's client and its
strict models, with 1.4.1's refusals (a consumed enrollment code, a stale generation).

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import CreateScopeRequest
from powercontext.http._generated import models

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


def _value(member: Any) -> Any:
    return getattr(member, "value", member)


async def remote_skill_targets(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    fields = {"title": "Compat remote skills", "summary": "remote targets", "idempotency_key": uuid.uuid4().hex}
    scope_id = (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id
    made = await client.create_remote_skill_target(
        models.CreateRemoteSkillTargetRequest.model_validate(
            {"scope_id": scope_id, "agent_kind": "claude_code", "display_name": "Compat box"}
        )
    )
    target_id = made.target.target_id
    check(
        "create_remote_skill_target pending at generation 0",
        (_value(made.target.state), made.target.generation) == ("pending", 0),
    )
    enrollment = {"enrollment_code": made.enrollment_code, "installation_id": "compat-1", "receiver_version": "1.4.1"}
    credential = await client.enroll_remote_skill_target(
        models.EnrollRemoteSkillTargetRequest.model_validate(enrollment)
    )
    check("enroll_remote_skill_target answers the target's credential", credential.target_id == target_id)
    await expect_error(
        "enroll_remote_skill_target consumed code",
        409,
        "invalid_enrollment",
        lambda: client.enroll_remote_skill_target(
            models.EnrollRemoteSkillTargetRequest.model_validate(enrollment | {"installation_id": "compat-2"})
        ),
    )
    rename = {"scope_id": scope_id, "target_id": target_id, "display_name": "Renamed", "expected_generation": 1}
    renamed = await client.rename_remote_skill_target(models.RenameRemoteSkillTargetRequest.model_validate(rename))
    check(
        "rename_remote_skill_target advances the generation",
        (renamed.display_name, renamed.generation) == ("Renamed", 2),
    )
    await expect_error(
        "rename_remote_skill_target stale generation",
        409,
        "invalid_target_state",
        lambda: client.rename_remote_skill_target(models.RenameRemoteSkillTargetRequest.model_validate(rename)),
    )
    revoked = await client.revoke_remote_skill_target(
        models.RevokeRemoteSkillTargetRequest.model_validate(
            {"scope_id": scope_id, "target_id": target_id, "expected_generation": 2}
        )
    )
    check("revoke_remote_skill_target revoked", (_value(revoked.state), revoked.generation) == ("revoked", 3))
    listed = await client.list_remote_skill_targets(models.ListRemoteSkillTargetsRequest(scope_id=scope_id))
    secrets = (made.enrollment_code, credential.credential)
    check(
        "list_remote_skill_targets the revoked target, no secret",
        [status.target for status in listed.targets] == [revoked]
        and not any(secret in listed.model_dump_json() for secret in secrets),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("remote skill targets", remote_skill_targets),
]
