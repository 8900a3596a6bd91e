"""The remote Skill target's Receiver (registered in ``server.handlers.HANDLERS``), PowerContext
1.4.1's ``reconcile_remote_skills``, ``download_remote_skill_package`` and
``record_remote_skill_receipt``.

Decisions (``docs/decisions.md``, "The remote Skill Receiver"):
- Authentication is the target credential alone (1.4.1's ``TargetBearerAuth``), in every mode: the
  bearer ``Call.target_credential``'s SHA-256 must be an active target's stored credential digest
  (a revoked target has none); anything else, an API token too, is 401 ``invalid_target_credential``
  with 1.4.1's fixed message. The target is the credential's: a Receiver reaches its own target's
  publications and nothing else (no Scope or target id is in its requests).
- 1.4.1's order of refusals: a Receipt that contradicts itself is 422 ``invalid_request`` before the
  credential is looked at; a missing credential is 401 before a reconcile's repeated artifact ids
  (409 ``invalid_target_state``), which come before an unknown credential.
- Reconcile checks each observation against the Scope's exact approved revisions (immutable, so
  read before the write): another family is ``invalid_checkpoint_identity``, a revision the Scope
  lacks or without a package ``unknown_checkpoint_package``, another digest or Skill name
  ``invalid_checkpoint_digest``, a directory whose actual digest differs ``drifted``. The store
  records each refusal on its publication and the Receiver's liveness on the target, under the
  Scope's writer lock; then every publication not confirmed at its generation gets one action.
- Download answers only the package the target's publication desires at that generation
  (published, same revision, same package reference); any other request is 401, as 1.4.1's (a
  target learns nothing of packages it is not given); that publication's revision named under
  another family is 404 ``not_found`` (1.4.1 reads the revision of the family named).
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from pcreceipt.errors import (
    InvalidRequest,
    InvalidTargetCredential,
    InvalidTargetState,
    ReferenceNotFound,
)
from pcreceipt.models import bodies
from pcreceipt.server.handlers.skill_packages import verified_package
from pcreceipt.server.http.credentials import token_digest
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.ids import utc_instant
from pcreceipt.store.protocol import Store
from pcreceipt.store.remote_skill_records import (
    Liveness,
    Receipt,
    RemoteSkillTarget,
)

SKILL = "skill"


def _credential_digest(call: Call) -> str:
    """The SHA-256 of the presented target credential; 401 when there is none."""
    if call.target_credential is None:
        raise InvalidTargetCredential()
    return token_digest(call.target_credential)


def _target(store: Store, digest: str) -> RemoteSkillTarget:
    target = store.remote_skill_target_by_credential(digest)
    if target is None:
        raise InvalidTargetCredential()
    return target


def _liveness(call: Call, body: Mapping[str, Any]) -> Liveness:
    now = utc_instant(call.services.clock())
    return Liveness(str(body["receiver_version"]), body.get("environment_fingerprint"), now)


def _checkpoint_refusal(store: Store, scope_id: str, observation: Mapping[str, Any]) -> str | None:
    """Why the Receiver's checkpoint is not the Scope's exact package (1.4.1's codes), or None."""
    ref = observation["artifact"]
    if ref["family"] != SKILL:
        return "invalid_checkpoint_identity"
    skill = store.get_managed_skill(scope_id, str(ref["artifact_id"]), int(ref["revision"]))
    package = None if skill is None else skill.content.get("package")
    if skill is None or package is None:
        return "unknown_checkpoint_package"
    if package["tree_digest"] != observation["tree_digest"] or skill.content["name"] != observation["skill_name"]:
        return "invalid_checkpoint_digest"
    if observation.get("actual_tree_digest") != observation["tree_digest"]:
        return "drifted"
    return None


def _action(
    store: Store, scope_id: str, publication: Mapping[str, Any], observed: Mapping[str, Any] | None, blocked: str | None
) -> dict[str, Any] | None:
    """The publication's action for its Receiver, or None when the Receiver has confirmed it at
    its generation (``observed``: the Receiver's checkpoint, None when it sent none). The Skill
    revision is read only for an action (its name and package): a publication names an exact
    revision that had a package when published, and revisions are immutable."""
    artifact = {"family": SKILL, "artifact_id": publication["artifact_id"], "revision": publication["desired_revision"]}
    verified = observed if blocked is None else None
    confirmed = publication["observed_generation"] == publication["generation"]
    desired_digest = publication["desired_tree_digest"]
    if publication["desired_state"] == "published":
        operation = "install"
        done = (
            verified is not None
            and verified["artifact"] == artifact
            and verified["tree_digest"] == desired_digest
            and confirmed
            and publication["observed_revision"] == publication["desired_revision"]
            and publication["observed_tree_digest"] == desired_digest
            and publication["state"] == "current"
        )
    else:
        operation = "unpublish"
        done = observed is None and confirmed and publication["state"] == "unpublished"
    if done:
        return None
    skill = store.get_managed_skill(scope_id, str(publication["artifact_id"]), int(publication["desired_revision"]))
    package = None if skill is None else skill.content.get("package")
    if skill is None or package is None:
        raise InvalidTargetState()
    return {
        "operation": operation,
        "generation": publication["generation"],
        "artifact": artifact,
        "tree_digest": desired_digest,
        "skill_name": skill.content["name"],
        "package": dict(package) if operation == "install" else None,
        "expected_local": None if verified is None else dict(verified),
        "blocked_error_code": blocked,
    }


def reconcile_remote_skills(call: Call[bodies.ReconcileRemoteSkillsRequest]) -> Reply:
    body, store = call.body, call.services.store
    digest = _credential_digest(call)
    observations = body["observations"]
    by_artifact = {str(observation["artifact"]["artifact_id"]): observation for observation in observations}
    if len(by_artifact) != len(observations):
        raise InvalidTargetState()
    scope_id = _target(store, digest).scope_id
    blocked = {
        artifact_id: code
        for artifact_id, observation in by_artifact.items()
        if (code := _checkpoint_refusal(store, scope_id, observation)) is not None
    }
    target, publications = store.reconcile_remote_skills(digest, _liveness(call, body), blocked)
    actions = []
    for publication in publications:
        artifact_id = publication["artifact_id"]
        action = _action(store, target.scope_id, publication, by_artifact.get(artifact_id), blocked.get(artifact_id))
        if action is not None:
            actions.append(action)
    return Reply(200, {"scope_id": target.scope_id, "target_id": target.target_id, "actions": actions})


def download_remote_skill_package(call: Call[bodies.DownloadRemoteSkillPackageRequest]) -> Reply:
    body, store = call.body, call.services.store
    target = _target(store, _credential_digest(call))
    ref, package = body["artifact"], body["package"]
    publication = store.remote_skill_publication(target.scope_id, target.target_id, str(ref["artifact_id"]))
    if (
        publication is None
        or publication["desired_state"] != "published"
        or publication["generation"] != body["generation"]
        or publication["desired_revision"] != ref["revision"]
        or publication["desired_tree_digest"] != package["tree_digest"]
    ):
        raise InvalidTargetCredential()
    skill = None
    if ref["family"] == SKILL:
        skill = store.get_managed_skill(target.scope_id, str(ref["artifact_id"]), int(ref["revision"]))
    if skill is None:  # 1.4.1 reads the exact revision of the family named: none is its bare not_found
        raise ReferenceNotFound("The requested value was not found.")
    stored = skill.content.get("package")
    if stored is None:
        raise InvalidTargetState()  # 1.4.1: not a package-backed Skill revision
    if dict(stored) != dict(package):
        raise InvalidTargetCredential()
    manifest, archive = verified_package(store, target.scope_id, stored)
    return Reply(200, {"package": manifest["package"], "archive_base64": base64.b64encode(archive).decode("ascii")})


def _consistent(body: Mapping[str, Any]) -> bool:
    """1.4.1's Receipt rules: a success carries no failure details, an install's success its
    observed digest and a removal's none; a failure carries its state and code."""
    if body["outcome"] == "succeeded":
        observed = body.get("observed_tree_digest")
        details = body.get("failure_state") is not None or body.get("error_code") is not None
        return not details and (observed is not None) == (body["operation"] == "install")
    return body.get("failure_state") is not None and body.get("error_code") is not None


def record_remote_skill_receipt(call: Call[bodies.RecordRemoteSkillReceiptRequest]) -> Reply:
    body = call.body
    if not _consistent(body):
        raise InvalidRequest("The request is invalid.", None)
    digest = _credential_digest(call)
    ref = body["artifact"]
    receipt = Receipt(
        operation=body["operation"],
        generation=body["generation"],
        family=str(ref["family"]),
        artifact_id=str(ref["artifact_id"]),
        revision=int(ref["revision"]),
        expected_tree_digest=body["expected_tree_digest"],
        observed_tree_digest=body.get("observed_tree_digest"),
        succeeded=body["outcome"] == "succeeded",
        failure_state=body.get("failure_state"),
        error_code=body.get("error_code"),
    )
    accepted, stale, publication = call.services.store.record_remote_skill_receipt(
        digest, _liveness(call, body), receipt
    )
    return Reply(200, {"accepted": accepted, "stale": stale, "publication": publication})


REMOTE_RECEIVER_HANDLERS: Mapping[str, Handler] = {
    "reconcile_remote_skills": reconcile_remote_skills,
    "download_remote_skill_package": download_remote_skill_package,
    "record_remote_skill_receipt": record_remote_skill_receipt,
}
