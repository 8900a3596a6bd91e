"""Remote Agent Skill targets (registered in ``server.handlers.HANDLERS``), PowerContext 1.4.1's
``list_remote_skill_targets``, ``create_remote_skill_target``, ``enroll_remote_skill_target``,
``rename_remote_skill_target``, ``revoke_remote_skill_target``, ``publish_remote_skill`` and
``unpublish_remote_skill``.

Decisions (``docs/decisions.md``, "Remote Agent Skill targets"):
- Create answers a pending target (id ``<agent kind with dashes>-<12 hex digits>``, 1.4.1's form)
  and an enrollment code ``pce_<256 random bits>`` valid for ten minutes; enroll answers the target
  credential ``pct_<256 random bits>``. Each secret is in exactly one answer: the store keeps only
  its SHA-256 (256 random bits need no salt or slow hash, as for API tokens), and no log, error
  or listing ever holds it.
- Enroll needs no API token (1.4.1's ``security: []``): the code is the credential. Every refusal
  (unknown, expired or consumed code, installation already bound) is the same 409
  ``invalid_enrollment``, so a guesser learns nothing. Of two enrollments with one code exactly
  one wins: the store consumes the code under the Scope's writer lock.
- Rename and revoke are compare-and-swap on the target's generation: a missing target or another
  generation is 409 ``invalid_target_state`` (1.4.1's code for both); the same name, or revoking
  a revoked target, at its generation answers the target unchanged. Display names and the
  Receiver's labels lose their surrounding spaces, as 1.4.1's.
- Publish and unpublish set only the server's desired state (the target's Receipt reports what it
  did): publish names an exact approved revision whose package's tree digest becomes the desired
  one (a revision the Scope lacks is 404 ``artifact_not_found``; one without a package, or of
  another family, 409 ``invalid_target_state``, 1.4.1's "package-backed Skill Revision"); both
  need an active target and are compare-and-swap on the publication's generation (409
  ``publication_generation_conflict``). A retired Skill, or a deprecated one without
  ``allow_deprecated``, is 422 ``invalid_skill_lifecycle`` (its governance, ``update_skill_lifecycle``).
- Every operation but enroll needs admin on the Scope (1.4.1's ``scope.admin``); an unknown Scope
  is 404 ``scope_not_found``.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import timedelta

from pcreceipt.errors import (
    ArtifactNotFound,
    InvalidSkillLifecycle,
    InvalidTargetState,
    ScopeNotFound,
)
from pcreceipt.models import bodies, limits
from pcreceipt.server.http.credentials import token_digest
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import ARTIFACT_NOT_FOUND_MESSAGE, SCOPE_NOT_FOUND_MESSAGE
from pcreceipt.store.ids import utc_instant
from pcreceipt.store.remote_skill_records import (
    Installation,
)
from pcreceipt.store.skill_governance import INITIAL_STATE

ENROLLMENT_LIFETIME = timedelta(minutes=10)
"""How long an enrollment code works (1.4.1's)."""
ENROLLMENT_PREFIX, CREDENTIAL_PREFIX = "pce_", "pct_"


def _label(value: str | None) -> str | None:
    return None if value is None else value.strip()


def list_remote_skill_targets(call: Call[bodies.ListRemoteSkillTargetsRequest]) -> Reply:
    body = call.body
    store = call.services.store
    if store.get_scope(body["scope_id"]) is None:
        raise ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE)
    listed = store.list_remote_skill_targets(
        body["scope_id"],
        body.get("target_id"),
        body.get("limit", limits.LIST_REMOTE_SKILL_TARGETS_REQUEST_LIMIT_DEFAULT),
    )
    targets = [{"target": target.body(), "publications": publications} for target, publications in listed]
    return Reply(200, {"targets": targets})


def create_remote_skill_target(call: Call[bodies.CreateRemoteSkillTargetRequest]) -> Reply:
    body = call.body
    agent_kind = body["agent_kind"]
    code = ENROLLMENT_PREFIX + secrets.token_urlsafe(32)
    expires_at = utc_instant(call.services.clock() + ENROLLMENT_LIFETIME)
    target = call.services.store.create_remote_skill_target(
        body["scope_id"], f"{agent_kind.replace('_', '-')}-{secrets.token_hex(6)}", agent_kind,
        body["display_name"].strip(), token_digest(code), expires_at,
    )  # fmt: skip
    return Reply(201, {"target": target.body(), "enrollment_code": code, "enrollment_expires_at": expires_at})


def enroll_remote_skill_target(call: Call[bodies.EnrollRemoteSkillTargetRequest]) -> Reply:
    body = call.body
    credential = CREDENTIAL_PREFIX + secrets.token_urlsafe(32)
    installation = Installation(
        installation_id=body["installation_id"],
        receiver_version=body["receiver_version"],
        environment_fingerprint=body.get("environment_fingerprint"),
        machine_hostname=_label(body.get("machine_hostname")),
        workspace_name=_label(body.get("workspace_name")),
    )
    now = utc_instant(call.services.clock())
    target = call.services.store.enroll_remote_skill_target(
        token_digest(body["enrollment_code"]), token_digest(credential), installation, now
    )
    answer = {"scope_id": target.scope_id, "target_id": target.target_id, "agent_kind": target.agent_kind}
    return Reply(200, {**answer, "credential": credential})


def rename_remote_skill_target(call: Call[bodies.RenameRemoteSkillTargetRequest]) -> Reply:
    body = call.body
    target = call.services.store.rename_remote_skill_target(
        body["scope_id"], body["target_id"], body["expected_generation"], body["display_name"].strip()
    )
    return Reply(200, target.body())


def revoke_remote_skill_target(call: Call[bodies.RevokeRemoteSkillTargetRequest]) -> Reply:
    body = call.body
    target = call.services.store.revoke_remote_skill_target(
        body["scope_id"], body["target_id"], body["expected_generation"]
    )
    return Reply(200, target.body())


def publish_remote_skill(call: Call[bodies.PublishRemoteSkillRequest]) -> Reply:
    body = call.body
    scope_id, ref, store = body["scope_id"], body["artifact"], call.services.store
    if store.get_scope(scope_id) is None:
        raise ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE)
    if ref["family"] != "skill":
        raise InvalidTargetState()
    skill = store.get_managed_skill(scope_id, str(ref["artifact_id"]), int(ref["revision"]))
    if skill is None:
        raise ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)
    package = skill.content.get("package")
    if package is None:
        raise InvalidTargetState()
    governance = store.skill_governance(scope_id).get(str(ref["artifact_id"]))
    state = INITIAL_STATE if governance is None else governance.lifecycle_state
    if state == "retired" or (state == "deprecated" and not body.get("allow_deprecated", False)):
        raise InvalidSkillLifecycle()
    publication = store.publish_remote_skill(
        scope_id, body["target_id"], str(ref["artifact_id"]), int(ref["revision"]), str(package["tree_digest"]),
        body["expected_generation"],
    )  # fmt: skip
    return Reply(200, publication)


def unpublish_remote_skill(call: Call[bodies.UnpublishRemoteSkillRequest]) -> Reply:
    body = call.body
    publication = call.services.store.unpublish_remote_skill(
        body["scope_id"], body["target_id"], body["artifact_id"], body["expected_generation"]
    )
    return Reply(200, publication)


REMOTE_SKILL_HANDLERS: Mapping[str, Handler] = {
    "list_remote_skill_targets": list_remote_skill_targets,
    "create_remote_skill_target": create_remote_skill_target,
    "enroll_remote_skill_target": enroll_remote_skill_target,
    "rename_remote_skill_target": rename_remote_skill_target,
    "revoke_remote_skill_target": revoke_remote_skill_target,
    "publish_remote_skill": publish_remote_skill,
    "unpublish_remote_skill": unpublish_remote_skill,
}
