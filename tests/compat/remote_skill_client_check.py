"""The remote Agent Skill targets group of the official client check (``official_client_check.py``
runs ``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too):
``create_remote_skill_target``, ``enroll_remote_skill_target``, ``rename_remote_skill_target``,
``revoke_remote_skill_target``, ``list_remote_skill_targets``, ``publish_remote_skill`` and
``unpublish_remote_skill`` through 1.4.1's client and its strict models, with 1.4.1's refusals (a
consumed enrollment code, a stale generation).

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library.
"""

from __future__ import annotations

import base64
import io
import uuid
import zipfile
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


async def _approved_package(client: PowerContextClient, scope_id: str) -> dict[str, Any] | None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("SKILL.md", "---\nname: remote-check\ndescription: A remote package.\n---\n\nRun it.\n")
    upload = {"scope_id": scope_id, "archive_base64": base64.b64encode(out.getvalue()).decode("ascii")}
    proposed = await client.propose_skill_package(models.ProposeSkillPackageRequest.model_validate(upload))
    decision = {"scope_id": scope_id, "candidate_id": proposed.candidate_id, "expected_version": 1}
    approved = await client.approve_candidate(models.ApproveCandidateRequest.model_validate(decision))
    return None if approved.result_artifact is None else approved.result_artifact.model_dump(mode="json")


async def remote_skill_publications(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    fields = {"title": "Compat remote publications", "summary": "publish", "idempotency_key": uuid.uuid4().hex}
    scope_id = (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id
    made = await client.create_remote_skill_target(
        models.CreateRemoteSkillTargetRequest.model_validate(
            {"scope_id": scope_id, "agent_kind": "codex", "display_name": "Compat publications"}
        )
    )
    enrollment = {"enrollment_code": made.enrollment_code, "installation_id": "compat-p", "receiver_version": "1.4.1"}
    await client.enroll_remote_skill_target(models.EnrollRemoteSkillTargetRequest.model_validate(enrollment))
    artifact = await _approved_package(client, scope_id)
    if artifact is None:
        check("approve_candidate of a package", False)
        return
    publish = {
        "scope_id": scope_id,
        "target_id": made.target.target_id,
        "artifact": artifact,
        "expected_generation": None,
    }
    publication = await client.publish_remote_skill(models.PublishRemoteSkillRequest.model_validate(publish))
    check(
        "publish_remote_skill desired, pending",
        (_value(publication.desired_state), _value(publication.state), publication.generation)
        == ("published", "pending", 0),
    )
    await expect_error(
        "publish_remote_skill first publication again",
        409,
        "publication_generation_conflict",
        lambda: client.publish_remote_skill(models.PublishRemoteSkillRequest.model_validate(publish)),
    )
    unpublish = {key: publish[key] for key in ("scope_id", "target_id")} | {
        "artifact_id": artifact["artifact_id"],
        "expected_generation": 0,
    }
    gone = await client.unpublish_remote_skill(models.UnpublishRemoteSkillRequest.model_validate(unpublish))
    check("unpublish_remote_skill desired absence", (_value(gone.desired_state), gone.generation) == ("unpublished", 1))


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("remote skill targets", remote_skill_targets),
    ("remote skill publications", remote_skill_publications),
]
