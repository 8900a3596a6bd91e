"""The review group of ``official_client_check.py``: Experience and Skill candidates through
PowerContext's official client (its request models, declared statuses and strict response models).

Kept in its own module so the check stays under the line cap; it imports only the official client
and the standard library, and takes the check's ``check`` / ``expect_error`` helpers as arguments
(``official_client_check`` is run as ``__main__``, so importing it back would make a second copy).
``test_official_client_coverage.py`` reads the ``client.<operationId>(…)`` calls here too.
"""

from __future__ import annotations

import base64
import hashlib
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import CaptureContentSourceRequest, CreateScopeRequest
from powercontext.http._generated import models

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]

EXPERIENCE = {
    "situation": "The release build failed on a stale lock file.",
    "action": "Regenerated the lock file and pinned the packaging tool.",
    "outcome": "The build passed on the next run.",
    "lesson": "Regenerate the lock file whenever the packaging tool is bumped.",
}
SKILL = {
    "name": "release-check",
    "description": "Check a release branch before tagging it.",
    "instructions": "Run the test suite, then the packaging check.",
    "validation": ["the packaging check passes"],
}
SKILL_ARCHIVE_DIGEST = "7fe9f192d9650ad036070e85f83b5fb652df5e713504d96827396397f09fa1bf"
"""The archive digest of the package PowerContext 1.4.1 builds for ``SKILL`` (a live 1.4.1 answered it)."""


async def review(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    """Propose, list, read, revise, approve and reject; read what approval wrote; refusals."""
    created = await client.create_scope(
        CreateScopeRequest(title="Compat review", summary="candidates", idempotency_key=uuid.uuid4().hex)
    )
    scope_id = created.scope_id
    source_id = "compat-" + uuid.uuid4().hex
    await client.capture_content_source(
        CaptureContentSourceRequest(scope_id=scope_id, source_id=source_id, content="a stale lock file broke it")
    )
    evidence = {"source_refs": [{"name": "content", "source_id": source_id}], "artifact_refs": []}
    empty = await client.list_candidates(models.ListCandidatesRequest(scope_id=scope_id))
    check("list_candidates empty", empty.candidates == [] and empty.next_cursor is None)
    skills = await client.list_managed_skills(models.ListManagedSkillsRequest(scope_id=scope_id))
    check("list_managed_skills empty", skills.skills == [])

    proposed = await client.propose_experience(
        models.ProposeExperienceRequest.model_validate({"scope_id": scope_id, "proposal": EXPERIENCE, **evidence})
    )
    check("propose_experience pending", proposed.status.value == "pending" and proposed.version == 1)
    ident = {"scope_id": scope_id, "candidate_id": proposed.candidate_id}
    got = await client.get_candidate(models.GetCandidateRequest.model_validate(ident))
    check("get_candidate", got.candidate_id == proposed.candidate_id)
    changed = EXPERIENCE | {"lesson": "Pin the tool and regenerate the lock file together."}
    revised = await client.revise_candidate(
        models.ReviseCandidateRequest.model_validate(ident | {"expected_version": 1, "proposal": changed})
    )
    check("revise_candidate next version", revised.version == 2 and revised.status.value == "pending")
    history = await client.get_candidate_history(models.GetCandidateRequest.model_validate(ident))
    check("get_candidate_history", [v.version for v in history.versions] == [1, 2])
    await expect_error(
        "approve_candidate stale version",
        409,
        "candidate_conflict",
        lambda: client.approve_candidate(
            models.ApproveCandidateRequest.model_validate(ident | {"expected_version": 1})
        ),
    )
    approved = await client.approve_candidate(
        models.ApproveCandidateRequest.model_validate(ident | {"expected_version": 2})
    )
    check("approve_candidate result", approved.status.value == "approved" and approved.result_artifact is not None)
    if approved.result_artifact is not None:
        artifact = approved.result_artifact.model_dump(mode="json")
        read = await client.get_experience(
            models.GetExperienceRequest.model_validate({"scope_id": scope_id, "artifact": artifact})
        )
        check("get_experience content", read.content.lesson == changed["lesson"])

    skill = await client.propose_skill(
        models.ProposeSkillRequest.model_validate({"scope_id": scope_id, "proposal": SKILL, **evidence})
    )
    built = skill.proposal.package
    check("propose_skill builds 1.4.1's package", built is not None and built.archive_digest == SKILL_ARCHIVE_DIGEST)
    skill_ident = {"scope_id": scope_id, "candidate_id": skill.candidate_id, "expected_version": 1}
    skill_approved = await client.approve_candidate(models.ApproveCandidateRequest.model_validate(skill_ident))
    if skill_approved.result_artifact is not None:
        reference = {"scope_id": scope_id, "artifact": skill_approved.result_artifact.model_dump(mode="json")}
        read_skill = await client.get_skill(models.GetSkillRequest.model_validate(reference))
        check("get_skill content", read_skill.content.name == SKILL["name"])
        download = await client.download_skill_package(models.GetSkillPackageRequest.model_validate(reference))
        data = base64.b64decode(download.archive_base64)
        check(
            "download_skill_package of a proposed Skill",
            hashlib.sha256(data).hexdigest() == SKILL_ARCHIVE_DIGEST and download.package == built,
        )
    library = await client.list_managed_skills(models.ListManagedSkillsRequest(scope_id=scope_id, query="packaging"))
    check("list_managed_skills finds it", [s.content.name for s in library.skills] == [SKILL["name"]])

    other = await client.propose_experience(
        models.ProposeExperienceRequest.model_validate({"scope_id": scope_id, "proposal": EXPERIENCE, **evidence})
    )
    other_ident = {"scope_id": scope_id, "candidate_id": other.candidate_id, "expected_version": 1}
    rejected = await client.reject_candidate(
        models.RejectCandidateRequest.model_validate(other_ident | {"reason": "Duplicate."})
    )
    check("reject_candidate", rejected.status.value == "rejected" and rejected.decision_reason == "Duplicate.")
    done = await client.list_candidates(
        models.ListCandidatesRequest.model_validate({"scope_id": scope_id, "status": "rejected"})
    )
    check("list_candidates rejected", [c.candidate_id for c in done.candidates] == [other.candidate_id])
    await expect_error(
        "approve_candidate rejected",
        409,
        "candidate_terminal",
        lambda: client.approve_candidate(models.ApproveCandidateRequest.model_validate(other_ident)),
    )
    await expect_error(
        "propose_experience without evidence",
        422,
        "invalid_request",
        lambda: client.propose_experience(
            models.ProposeExperienceRequest.model_validate(
                {"scope_id": scope_id, "proposal": EXPERIENCE, "source_refs": [], "artifact_refs": []}
            )
        ),
    )
    experience_request = models.GenerateExperienceRequest.model_validate({"scope_id": scope_id, **evidence})
    skill_request = models.GenerateSkillRequest.model_validate({"scope_id": scope_id, "origin": "source", **evidence})
    for family, call in (
        ("experience", lambda: client.generate_experience(experience_request)),
        ("skill", lambda: client.generate_skill(skill_request)),
    ):
        refused = await expect_error(f"generate_{family} without a provider", 503, "generation_unavailable", call)
        check(f"generate_{family} names its family", (getattr(refused, "details", None) or {}).get("family") == family)
    await expect_error(
        "get_candidate missing",
        404,
        "candidate_not_found",
        lambda: client.get_candidate(models.GetCandidateRequest(scope_id=scope_id, candidate_id="cand_missing")),
    )
