"""Standard Skill packages (registered in ``server.handlers.HANDLERS``), PowerContext 1.4.1's
``propose_skill_package``, ``get_skill_package_manifest`` and ``download_skill_package``.

Decisions (``docs/decisions.md``, "Skill packages"):
- Propose: the body's base64 is decoded strictly (422 ``invalid_request``, no details, as 1.4.1's
  ``skill-package-base64``); the ZIP is validated and rewritten canonically (``store.skill_package``;
  a hostile or non-standard package is the same 422, nothing stored); then one transaction stores
  the package once, the ``skill-package-upload`` Source (id ``skill_pkg_<tree digest>``, 1.4.1's) and
  a pending candidate with the package's own content, no model, under ``propose_skill``'s target rules.
- Manifest and download: the exact approved revision (404 ``artifact_not_found`` otherwise, another
  family too); a revision without a package is 422 ``invalid_request`` (1.4.1's "not package-backed");
  the stored archive is checked against its digest before anything is answered (a mismatch is 500).
  The download is JSON, as 1.4.1's: the canonical ZIP as standard base64 with its reference.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Mapping
from typing import Any

from pcreceipt.errors import ArtifactNotFound, InternalError, InvalidRequest
from pcreceipt.models import bodies
from pcreceipt.server.handlers.review import artifact_ref_in, candidate_body, check_reason, decided, normalized
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import ARTIFACT_NOT_FOUND_MESSAGE
from pcreceipt.store import skill_package
from pcreceipt.store.external_skills import UPLOAD_SOURCE
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import SourceRef


def _invalid() -> InvalidRequest:
    return InvalidRequest("The request is invalid.", None)


def _decoded(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise _invalid() from None


def propose_skill_package(call: Call[bodies.ProposeSkillPackageRequest]) -> Reply:
    body = call.body
    scope_id, reason = body["scope_id"], body.get("reason")
    check_reason(reason)
    data = _decoded(body["archive_base64"])
    try:
        package = skill_package.from_archive(data)
    except skill_package.PackageRefused:
        raise _invalid() from None
    named = body.get("target")
    target = None if named is None else artifact_ref_in(scope_id, named)
    meta = package.metadata
    source = SourceRef(UPLOAD_SOURCE, "skill_pkg_" + package.reference["tree_digest"])
    evidence = {"package": package.reference, "name": meta["name"], "description": meta["description"]}
    record = decided(
        lambda: call.services.store.propose_package_candidate(
            scope_id, source=source, evidence=evidence, manifest=package.manifest(), archive=package.archive,
            proposal=normalized("skill", package.skill_content()), target=target, reason=reason,
        )
    )  # fmt: skip
    assert record is not None  # a proposal was given
    return Reply(201, candidate_body(record))


def _package(call: Call) -> tuple[dict[str, Any], bytes]:
    """The verified stored package of the exact approved revision named."""
    ref = call.body["artifact"]
    if ref["family"] != "skill":
        raise ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)
    scope_id = call.body["scope_id"]
    skill = call.services.store.get_managed_skill(scope_id, str(ref["artifact_id"]), int(ref["revision"]))
    if skill is None:
        raise ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)
    reference = skill.content.get("package")
    if reference is None:
        raise _invalid()
    return verified_package(call.services.store, scope_id, reference)


def verified_package(store: Store, scope_id: str, reference: Mapping[str, Any]) -> tuple[dict[str, Any], bytes]:
    """The Scope's stored package of ``reference`` (its manifest and canonical ZIP), its bytes
    checked against the archive digest first (a mismatch is 500)."""
    stored = store.skill_package(scope_id, str(reference["archive_digest"]))
    if stored is None or hashlib.sha256(stored[1]).hexdigest() != reference["archive_digest"]:
        raise InternalError("The stored Skill package does not match its digest.")
    return stored


def get_skill_package_manifest(call: Call[bodies.GetSkillPackageRequest]) -> Reply:
    manifest, _ = _package(call)
    return Reply(200, manifest)


def download_skill_package(call: Call[bodies.GetSkillPackageRequest]) -> Reply:
    manifest, archive = _package(call)
    return Reply(200, {"package": manifest["package"], "archive_base64": base64.b64encode(archive).decode("ascii")})


SKILL_PACKAGE_HANDLERS: Mapping[str, Handler] = {
    "propose_skill_package": propose_skill_package,
    "get_skill_package_manifest": get_skill_package_manifest,
    "download_skill_package": download_skill_package,
}
