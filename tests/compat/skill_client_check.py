"""The external Skills group of the official client check (``official_client_check.py`` runs
``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too): ``scan_external_skills``,
``list_external_skills``, ``resolve_external_skill`` and ``import_external_skill`` through 1.4.1's
client and its strict models. ``nox -s compat`` serves a registry directory holding one package
(``release-check``); against a server without one, the empty registry's answers are checked instead.

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


async def external_skills(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    fields = {"title": "Compat skills", "summary": "external Skills", "idempotency_key": uuid.uuid4().hex}
    scope_id = (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id
    scanned = await client.scan_external_skills(models.ScanExternalSkillsRequest(scope_id=scope_id))
    check("scan_external_skills skipped nothing", scanned.skipped == 0)
    listed = await client.list_external_skills(
        models.ListExternalSkillsRequest(scope_id=scope_id, include_unavailable=True)
    )
    check("list_external_skills one per registration", len(listed.skills) == len(scanned.registrations))
    unknown = {"scope_id": scope_id, "external_skill_id": "codex:user:registry/absent", "fingerprint": "a" * 64}
    await expect_error(
        "resolve_external_skill unknown",
        404,
        "external_skill_not_found",
        lambda: client.resolve_external_skill(models.ResolveExternalSkillRequest.model_validate(unknown)),
    )
    if not scanned.registrations:
        check("list_external_skills empty", listed.skills == [])
        return
    registration = scanned.registrations[0]
    exact = {
        "scope_id": scope_id,
        "external_skill_id": registration.external_skill_id,
        "fingerprint": registration.fingerprint,
    }
    resolved = await client.resolve_external_skill(models.ResolveExternalSkillRequest.model_validate(exact))
    check("resolve_external_skill available", resolved.status.value == "available" and resolved.entrypoint is not None)
    imported = await client.import_external_skill(
        models.ImportExternalSkillRequest.model_validate(exact | {"mode": "import", "reason": "Compat import."})
    )
    package = None if imported.candidate is None else getattr(imported.candidate.proposal, "package", None)
    check("import_external_skill pending with its package", imported.status.value == "pending" and package is not None)
    fork = models.ImportExternalSkillRequest.model_validate(exact | {"mode": "fork"})
    await expect_error(
        "import_external_skill fork without a provider",
        503,
        "generation_unavailable",
        lambda: client.import_external_skill(fork),
    )


async def skill_packages(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    fields = {"title": "Compat packages", "summary": "Skill packages", "idempotency_key": uuid.uuid4().hex}
    scope_id = (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("SKILL.md", "---\nname: compat-check\ndescription: A compat package.\n---\n\nRun it.\n")
    archive_base64 = base64.b64encode(out.getvalue()).decode("ascii")
    proposed = await client.propose_skill_package(
        models.ProposeSkillPackageRequest(scope_id=scope_id, archive_base64=archive_base64, reason="Compat upload.")
    )
    check("propose_skill_package pending", proposed.status.value == "pending" and proposed.version == 1)
    decision = {"scope_id": scope_id, "candidate_id": proposed.candidate_id, "expected_version": 1}
    approved = await client.approve_candidate(models.ApproveCandidateRequest.model_validate(decision))
    if approved.result_artifact is None:
        check("approve_candidate of a package", False)
        return
    ask = {"scope_id": scope_id, "artifact": approved.result_artifact.model_dump(mode="json")}
    manifest = await client.get_skill_package_manifest(models.GetSkillPackageRequest.model_validate(ask))
    check("get_skill_package_manifest", manifest.name == "compat-check" and len(manifest.files) == 1)
    download = await client.download_skill_package(models.GetSkillPackageRequest.model_validate(ask))
    data = base64.b64decode(download.archive_base64)
    check("download_skill_package digest", hashlib.sha256(data).hexdigest() == download.package.archive_digest)
    await expect_error(
        "propose_skill_package not a package",
        422,
        "invalid_request",
        lambda: client.propose_skill_package(
            models.ProposeSkillPackageRequest(scope_id=scope_id, archive_base64=base64.b64encode(b"zip?").decode())
        ),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("external skills", external_skills),
    ("skill packages", skill_packages),
]
