"""The managed Skill governance group of the official client check (``official_client_check.py``
runs ``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too):
``update_skill_lifecycle`` and ``record_skill_usage`` through 1.4.1's client and its strict models,
on a package-backed Skill proposed and approved in a fresh Scope.

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


async def approved_package_skill(client: PowerContextClient, name: str) -> tuple[str, Any]:
    """A fresh Scope and the exact revision of a package-backed managed Skill approved in it."""
    fields = {"title": "Compat governance", "summary": "Skill governance", "idempotency_key": uuid.uuid4().hex}
    scope_id = (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("SKILL.md", f"---\nname: {name}\ndescription: A compat package.\n---\n\nRun it.\n")
    archive_base64 = base64.b64encode(out.getvalue()).decode("ascii")
    proposed = await client.propose_skill_package(
        models.ProposeSkillPackageRequest(scope_id=scope_id, archive_base64=archive_base64)
    )
    decision = {"scope_id": scope_id, "candidate_id": proposed.candidate_id, "expected_version": 1}
    approved = await client.approve_candidate(models.ApproveCandidateRequest.model_validate(decision))
    return scope_id, approved.result_artifact


async def skill_lifecycle(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    scope_id, artifact = await approved_package_skill(client, "compat-lifecycle")
    if artifact is None:
        check("approve_candidate of a package", False)
        return
    ask = {"scope_id": scope_id, "artifact_id": artifact.artifact_id, "expected_generation": 0}
    deprecated = await client.update_skill_lifecycle(
        models.UpdateSkillLifecycleRequest.model_validate(ask | {"lifecycle_state": "deprecated"})
    )
    check(
        "update_skill_lifecycle deprecated",
        deprecated.lifecycle_state.value == "deprecated" and deprecated.governance_generation == 1,
    )
    await expect_error(
        "update_skill_lifecycle stale generation",
        409,
        "generation_conflict",
        lambda: client.update_skill_lifecycle(
            models.UpdateSkillLifecycleRequest.model_validate(ask | {"lifecycle_state": "retired"})
        ),
    )
    retire = ask | {"expected_generation": 1, "lifecycle_state": "retired"}
    retired = await client.update_skill_lifecycle(models.UpdateSkillLifecycleRequest.model_validate(retire))
    check("update_skill_lifecycle retired", retired.lifecycle_state.value == "retired")
    revive = ask | {"expected_generation": 2, "lifecycle_state": "active"}
    await expect_error(
        "update_skill_lifecycle leaves retired",
        422,
        "invalid_lifecycle",
        lambda: client.update_skill_lifecycle(models.UpdateSkillLifecycleRequest.model_validate(revive)),
    )
    listed = await client.list_managed_skills(
        models.ListManagedSkillsRequest(scope_id=scope_id, include_deprecated=True)
    )
    check("list_managed_skills hides a retired Skill", listed.skills == [])


async def skill_usage(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    scope_id, artifact = await approved_package_skill(client, "compat-usage")
    if artifact is None:
        check("approve_candidate of a package", False)
        return
    manifest = await client.get_skill_package_manifest(
        models.GetSkillPackageRequest.model_validate(
            {"scope_id": scope_id, "artifact": artifact.model_dump(mode="json")}
        )
    )
    observation = {
        "scope_id": scope_id, "observation_id": "compat-obs", "skill_ref": artifact.model_dump(mode="json"),
        "package_digest": "sha256:" + manifest.package.tree_digest, "target_id": "compat", "selected": True,
        "invoked": "true", "validation": "passed", "outcome": "success",
    }  # fmt: skip
    recorded = await client.record_skill_usage(models.RecordSkillUsageRequest.model_validate(observation))
    check(
        "record_skill_usage accepted",
        recorded.status.value == "accepted" and recorded.source.name == "skill-usage" and recorded.position >= 1,
    )
    again = await client.record_skill_usage(models.RecordSkillUsageRequest.model_validate(observation))
    check("record_skill_usage repeat", again.position == recorded.position)
    await expect_error(
        "record_skill_usage other digest",
        422,
        "invalid_request",
        lambda: client.record_skill_usage(
            models.RecordSkillUsageRequest.model_validate(observation | {"package_digest": "sha256:" + "0" * 64})
        ),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("skill lifecycle", skill_lifecycle),
    ("skill usage", skill_usage),
]
