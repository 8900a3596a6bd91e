"""The remote Agent Skill targets group of the official client check (``official_client_check.py``
runs ``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too):
``create_remote_skill_target``, ``enroll_remote_skill_target``, ``rename_remote_skill_target``,
``revoke_remote_skill_target``, ``list_remote_skill_targets``, ``publish_remote_skill`` and
``unpublish_remote_skill`` through 1.4.1's client and its strict models, with 1.4.1's refusals (a
consumed enrollment code, a stale generation); and the target's Receiver, a second official client
whose token is the target credential: ``reconcile_remote_skills``, ``download_remote_skill_package``
and ``record_remote_skill_receipt`` through an install and an unpublish, with 1.4.1's refusals (an
unknown or revoked credential, a later generation, a package not desired).

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library.
"""

from __future__ import annotations

import base64
import hashlib
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


def _receiver(client: PowerContextClient, credential: str) -> PowerContextClient:
    """An official client of the same server (and the same HTTP client, so a trace records it) whose
    token is a target credential, as 1.4.1's Receiver builds its own (``skill_receiver.py``)."""
    base_url, http_client = client._base_url, client._http_client  # the official client has no public accessor
    return PowerContextClient(base_url, token=credential, http_client=http_client)


def _receipt(action: Any, outcome: str = "succeeded") -> models.RecordRemoteSkillReceiptRequest:
    installed = action.tree_digest if _value(action.operation) == "install" else None
    return models.RecordRemoteSkillReceiptRequest.model_validate(
        {
            "operation": _value(action.operation),
            "generation": action.generation,
            "artifact": action.artifact.model_dump(mode="json"),
            "expected_tree_digest": action.tree_digest,
            "observed_tree_digest": installed,
            "outcome": outcome,
            "failure_state": None,
            "error_code": None,
            "receiver_version": "compat",
            "environment_fingerprint": None,
        }
    )


async def remote_skill_receiver(publisher: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    fields = {"title": "Compat remote receiver", "summary": "receive", "idempotency_key": uuid.uuid4().hex}
    scope_id = (await publisher.create_scope(CreateScopeRequest.model_validate(fields))).scope_id
    made = await publisher.create_remote_skill_target(
        models.CreateRemoteSkillTargetRequest.model_validate(
            {"scope_id": scope_id, "agent_kind": "codex", "display_name": "Compat receiver"}
        )
    )
    enrollment = {"enrollment_code": made.enrollment_code, "installation_id": "compat-r", "receiver_version": "1.4.1"}
    enrolling = models.EnrollRemoteSkillTargetRequest.model_validate(enrollment)
    enrolled = await publisher.enroll_remote_skill_target(enrolling)
    artifact = await _approved_package(publisher, scope_id)
    if artifact is None:
        check("approve_candidate of a package", False)
        return
    target = {"scope_id": scope_id, "target_id": made.target.target_id}
    publish = target | {"artifact": artifact, "expected_generation": None}
    await publisher.publish_remote_skill(models.PublishRemoteSkillRequest.model_validate(publish))
    client = _receiver(publisher, enrolled.credential)  # the target's Receiver
    nothing = models.ReconcileRemoteSkillsRequest.model_validate({"observations": [], "receiver_version": "compat"})
    reconciled = await client.reconcile_remote_skills(nothing)
    actions = reconciled.actions
    check(
        "reconcile_remote_skills one install action for the credential's target",
        reconciled.target_id == made.target.target_id
        and [(_value(a.operation), a.generation, a.skill_name) for a in actions] == [("install", 0, "remote-check")],
    )
    if len(actions) != 1 or actions[0].package is None:
        return
    action = actions[0]
    wanted = {"generation": 0, "artifact": artifact, "package": action.package.model_dump(mode="json")}
    download = await client.download_remote_skill_package(
        models.DownloadRemoteSkillPackageRequest.model_validate(wanted)
    )
    archive = base64.b64decode(download.archive_base64)
    check(
        "download_remote_skill_package the exact package",
        download.package == action.package and hashlib.sha256(archive).hexdigest() == action.package.archive_digest,
    )
    await expect_error(
        "download_remote_skill_package another generation",
        401,
        "invalid_target_credential",
        lambda: client.download_remote_skill_package(
            models.DownloadRemoteSkillPackageRequest.model_validate(wanted | {"generation": 1})
        ),
    )
    await expect_error(
        "record_remote_skill_receipt a later generation",
        409,
        "publication_generation_conflict",
        lambda: client.record_remote_skill_receipt(_receipt(action).model_copy(update={"generation": 1})),
    )
    taken = await client.record_remote_skill_receipt(_receipt(action))
    check(
        "record_remote_skill_receipt makes the publication current",
        (taken.accepted, taken.stale, _value(taken.publication.state), taken.publication.observed_revision)
        == (True, False, "current", artifact["revision"]),
    )
    checkpoint = {
        "artifact": artifact, "tree_digest": action.tree_digest, "actual_tree_digest": action.tree_digest,
        "skill_name": action.skill_name, "applied_generation": 0,
    }  # fmt: skip
    held = models.ReconcileRemoteSkillsRequest.model_validate({"observations": [checkpoint], "receiver_version": "c"})
    check("reconcile_remote_skills nothing left to do", (await client.reconcile_remote_skills(held)).actions == [])
    unpublish = target | {"artifact_id": artifact["artifact_id"], "expected_generation": 0}
    await publisher.unpublish_remote_skill(models.UnpublishRemoteSkillRequest.model_validate(unpublish))
    [removal] = (await client.reconcile_remote_skills(held)).actions
    check(
        "reconcile_remote_skills an unpublish action",
        (_value(removal.operation), removal.generation) == ("unpublish", 1),
    )
    stale = await client.record_remote_skill_receipt(_receipt(action))
    check("record_remote_skill_receipt an earlier generation is stale", (stale.accepted, stale.stale) == (False, True))
    removed = await client.record_remote_skill_receipt(_receipt(removal))
    check("record_remote_skill_receipt a removal", _value(removed.publication.state) == "unpublished")
    listed = await publisher.list_remote_skill_targets(models.ListRemoteSkillTargetsRequest(scope_id=scope_id))
    [status] = listed.targets
    check(
        "list_remote_skill_targets the observed state and the Receiver's version",
        status.publications == [removed.publication] and status.target.receiver_version == "compat",
    )
    revoke = target | {"expected_generation": 1}
    await publisher.revoke_remote_skill_target(models.RevokeRemoteSkillTargetRequest.model_validate(revoke))
    await expect_error(
        "reconcile_remote_skills a revoked target's credential",
        401,
        "invalid_target_credential",
        lambda: client.reconcile_remote_skills(nothing),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("remote skill targets", remote_skill_targets),
    ("remote skill publications", remote_skill_publications),
    ("remote skill receiver", remote_skill_receiver),
]
