"""External Skills (registered in ``server.handlers.HANDLERS``), PowerContext 1.4.1's
``scan_external_skills``, ``list_external_skills``, ``resolve_external_skill`` and
``import_external_skill`` over the operator's registry directory (``store.skill_registry``).

Decisions (``docs/decisions.md``, "External Skills"):
- The registry is the one directory ``external_skills.dir`` names. Without it the registry is
  empty, as a 1.4.1 server's default is when its Agent folders do not exist: scan answers
  ``{registrations: [], skipped: 0}`` (and clears the Scope's registrations), list ``{skills: []}``,
  resolve and import 404 ``external_skill_not_found``; ``external_skill_registry`` stays true.
- Scan needs the Scope (404 ``scope_not_found``); list and resolve do not look it up (1.4.1's
  server.observe), so a Scope without registrations lists nothing and resolves nothing.
- Resolve: a registration whose stored fingerprint is not the one asked is unavailable without
  looking at the disk; otherwise the package must be there now with the same identity and
  fingerprint.
- Import (1.4.1's order): fork without a generation provider is 503 ``generation_unavailable``
  ``{family: skill}`` first; the registration (404), the exact capture (409
  ``external_skill_snapshot_unavailable`` unless the package resolves, captures as a standard
  package and still resolves after), then one transaction stores the package, the
  ``external-skill-snapshot`` Source and, for ``import``, the candidate with the package's own
  content (no model); ``fork`` then asks the model once over the snapshot Source, as
  ``generate_skill`` with origin source does, and proposes its answer (or answers ``no_op``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from pcreceipt import errors
from pcreceipt.errors import ExternalSkillNotFound, ExternalSkillSnapshotUnavailable, InferenceTimeout, InvalidRequest
from pcreceipt.inference import InferenceError
from pcreceipt.models import bodies
from pcreceipt.server.handlers.review import candidate_body, check_reason, check_skill, decided, normalized
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.external_skills import SNAPSHOT_SOURCE
from pcreceipt.store.records import SourceRef
from pcreceipt.store.skill_registry import ExternalRegistry, RegistryConfig

NOT_FOUND_MESSAGE = "The external Skill was not found."
SNAPSHOT_MESSAGE = "The exact external Skill snapshot is unavailable."


def registry(call: Call) -> ExternalRegistry | None:
    """The configured registry, None when no directory is configured."""
    skills = call.services.settings.external_skills
    if skills.dir is None:
        return None
    config = RegistryConfig(skills.dir, skills.agent_kind, skills.installation_scope, skills.host_id, skills.target_id)
    return ExternalRegistry(config)


def _resolution(found: ExternalRegistry | None, registration: Mapping[str, Any]) -> dict[str, Any]:
    status, entrypoint = ("unavailable", None) if found is None else found.resolve(dict(registration))
    return {"registration": dict(registration), "status": status, "entrypoint": entrypoint}


def scan_external_skills(call: Call[bodies.ScanExternalSkillsRequest]) -> Reply:
    found = registry(call)
    registrations, skipped = ([], 0) if found is None else found.scan()
    host = call.services.settings.external_skills.host_id
    decided(lambda: call.services.store.replace_external_skills(call.body["scope_id"], host, registrations))
    return Reply(200, {"registrations": registrations, "skipped": skipped})


def list_external_skills(call: Call[bodies.ListExternalSkillsRequest]) -> Reply:
    found = registry(call)
    resolved = [_resolution(found, r) for r in call.services.store.external_skills(call.body["scope_id"])]
    if not call.body.get("include_unavailable", False):
        resolved = [item for item in resolved if item["status"] == "available"]
    return Reply(200, {"skills": resolved})


def _registration(call: Call) -> dict[str, Any]:
    registration = call.services.store.external_skill(call.body["scope_id"], call.body["external_skill_id"])
    if registration is None:
        raise ExternalSkillNotFound(NOT_FOUND_MESSAGE)
    return registration


def resolve_external_skill(call: Call[bodies.ResolveExternalSkillRequest]) -> Reply:
    registration = _registration(call)
    if registration["fingerprint"] != call.body["fingerprint"]:
        return Reply(200, {"registration": registration, "status": "unavailable", "entrypoint": None})
    return Reply(200, _resolution(registry(call), registration))


def snapshot_source_id(registration: Mapping[str, Any], mode: str) -> str:
    """``ext_skill_`` + sha256 of the registration's origin, identity, fingerprint and the mode (1.4.1's)."""
    keys = ("provider", "agent_kind", "host_id", "external_skill_id", "fingerprint")
    identity = "\0".join([*(str(registration[key]) for key in keys), mode])
    return "ext_skill_" + hashlib.sha256(identity.encode("utf-8")).hexdigest()


def import_external_skill(call: Call[bodies.ImportExternalSkillRequest]) -> Reply:
    body = call.body
    mode, scope_id, reason = body["mode"], body["scope_id"], body.get("reason")
    generator = call.services.generator
    if mode == "fork" and generator is None:
        raise errors.GenerationUnavailable("Artifact generation is not configured.", {"family": "skill"})
    check_reason(reason)
    registration = _registration(call)
    found = registry(call)
    if registration["fingerprint"] != body["fingerprint"] or found is None:
        raise ExternalSkillSnapshotUnavailable(SNAPSHOT_MESSAGE)
    package = found.capture(registration)
    if package is None:
        raise ExternalSkillSnapshotUnavailable(SNAPSHOT_MESSAGE)
    source = SourceRef(SNAPSHOT_SOURCE, snapshot_source_id(registration, mode))
    snapshot = {
        "registration": registration,
        "package": package.reference,
        "manifest": package.file("SKILL.md").decode("utf-8"),
        "mode": mode,
    }
    store = call.services.store

    def stored(proposal: Mapping[str, Any] | None) -> Any:
        return decided(
            lambda: store.propose_package_candidate(
                scope_id, source=source, evidence=snapshot, manifest=package.manifest(), archive=package.archive,
                proposal=proposal, reason=reason,
            )
        )  # fmt: skip

    if mode == "import":
        record = stored(normalized("skill", package.skill_content()))
        return Reply(200, {"status": "pending", "candidate": candidate_body(record)})
    assert generator is not None
    stored(None)
    evidence = decided(lambda: store.generation_evidence(scope_id, [source], []))
    try:
        proposal = generator.generate("skill", evidence, None)
        if proposal is not None:
            check_skill(proposal)
    except InferenceError as failure:
        if failure.kind == "inference_timeout":
            raise InferenceTimeout("The generation model did not answer in time; nothing was proposed.") from None
        raise errors.InferenceUnavailable("The generation model could not propose; nothing was proposed.") from None
    except InvalidRequest:
        raise errors.InferenceUnavailable("The generation model answered outside the Skill rules.") from None
    if proposal is None:
        return Reply(200, {"status": "no_op", "candidate": None})
    record = decided(
        lambda: store.create_candidate(
            scope_id, "skill", normalized("skill", proposal), source_refs=[source], artifact_refs=[], target=None,
            reason=reason,
        )
    )  # fmt: skip
    return Reply(200, {"status": "pending", "candidate": candidate_body(record)})


EXTERNAL_SKILL_HANDLERS: Mapping[str, Handler] = {
    "scan_external_skills": scan_external_skills,
    "list_external_skills": list_external_skills,
    "resolve_external_skill": resolve_external_skill,
    "import_external_skill": import_external_skill,
}
