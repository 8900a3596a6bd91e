"""Remote Agent Skill targets over HTTP for the tiers and route tests: a pending target with its
enrollment code, and an enrolled one with its credential."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import httpx

from _support.external_skills import approved_package, seeded_package
from pcreceipt.server.http.credentials import token_digest
from pcreceipt.store.remote_skill_records import Installation


def pending_target(http: httpx.Client, scope_id: str, name: str = "tier target") -> dict[str, Any]:
    """A new pending codex target: 1.4.1's enrollment answer (``target``, ``enrollment_code``)."""
    made = http.post(
        "/v1/skill/remote/target/create", json={"scope_id": scope_id, "agent_kind": "codex", "display_name": name}
    )
    assert made.status_code == 201, made.text
    return dict(made.json())


def enrollment(code: str, installation_id: str | None = None) -> dict[str, Any]:
    """An enrollment request with ``code`` for a fresh (or the named) installation."""
    return {
        "enrollment_code": code,
        "installation_id": installation_id or f"install-{uuid.uuid4().hex}",
        "receiver_version": "1.4.1",
        "environment_fingerprint": "e" * 64,
        "machine_hostname": "tier-host",
        "workspace_name": "tier-workspace",
    }


def enrolled_target(http: httpx.Client, scope_id: str) -> tuple[dict[str, Any], str]:
    """A new active target (generation 1) and its credential."""
    made = pending_target(http, scope_id)
    answer = http.post("/v1/skill/remote/target/enroll", json=enrollment(made["enrollment_code"]))
    assert answer.status_code == 200, answer.text
    return made["target"] | {"state": "active", "generation": 1}, str(answer.json()["credential"])


def seeded_target(w: Any, t: str) -> str:
    """A new pending target of the matrix's target Scope, written through the store (a placeholder
    id for a Scope that does not exist)."""
    target_id = f"codex-{uuid.uuid4().hex[:12]}"
    if t in ("own", "ref", "other") and not w.ids[t].startswith("scp_missing"):
        w.store.create_remote_skill_target(
            w.ids[t], target_id, "codex", "matrix", uuid.uuid4().hex * 2, "2999-01-01T00:00:00.000Z"
        )
    return target_id


def _admin_request(path: str, **fields: Any) -> Callable[[httpx.Client, Any, str], httpx.Response]:
    def send(http: httpx.Client, w: Any, t: str) -> httpx.Response:
        body = {"scope_id": w.ids[t], **fields}
        if "expected_generation" in fields:
            body["target_id"] = seeded_target(w, t)
        return http.post(path, json=body)

    return send


def _seeded_active(w: Any, t: str) -> str:
    """A new active target of the matrix's target Scope (a placeholder id for a missing Scope)."""
    code = uuid.uuid4().hex * 2
    target_id = f"codex-{uuid.uuid4().hex[:12]}"
    if t in ("own", "ref", "other") and not w.ids[t].startswith("scp_missing"):
        w.store.create_remote_skill_target(w.ids[t], target_id, "codex", "matrix", code, "2999-01-01T00:00:00.000Z")
        w.store.enroll_remote_skill_target(
            code, uuid.uuid4().hex * 2, Installation(target_id, "1"), "2000-01-01T00:00:00.000Z"
        )
    return target_id


def _publish(http: httpx.Client, w: Any, t: str) -> httpx.Response:
    body = {"scope_id": w.ids[t], "target_id": _seeded_active(w, t), "artifact": seeded_package(w, t)}
    return http.post("/v1/skill/remote/publication/publish", json=body | {"expected_generation": None})


def _unpublish(http: httpx.Client, w: Any, t: str) -> httpx.Response:
    body = {"scope_id": w.ids[t], "target_id": _seeded_active(w, t), "artifact_id": "skill_matrix"}
    if t in ("own", "ref", "other") and not w.ids[t].startswith("scp_missing"):
        w.store.publish_remote_skill(w.ids[t], body["target_id"], "skill_matrix", 1, "a" * 64, None)
    return http.post("/v1/skill/remote/publication/unpublish", json=body | {"expected_generation": 0})


REMOTE_ROUTES: dict[str, tuple[str, Callable[[httpx.Client, Any, str], httpx.Response]]] = {
    "list_remote_skill_targets": ("admin", _admin_request("/v1/skill/remote/targets")),
    "create_remote_skill_target": (
        "admin",
        _admin_request("/v1/skill/remote/target/create", agent_kind="codex", display_name="matrix"),
    ),
    "rename_remote_skill_target": (
        "admin",
        _admin_request("/v1/skill/remote/target/rename", display_name="renamed", expected_generation=0),
    ),
    "revoke_remote_skill_target": ("admin", _admin_request("/v1/skill/remote/target/revoke", expected_generation=0)),
    "publish_remote_skill": ("admin", _publish),
    "unpublish_remote_skill": ("admin", _unpublish),
}
"""The authorisation matrix's route class and request of each administrative remote target
operation (PowerContext 1.4.1's ``scope.admin`` on the body's Scope)."""
OPEN_REMOTE = ("enroll_remote_skill_target",)
"""Needs no token (1.4.1's ``security: []``): the enrollment code is the credential."""


def publication_request(http: httpx.Client, scope_id: str) -> dict[str, Any]:
    """A first publication of a fresh approved package-backed Skill on a fresh active target."""
    target, _ = enrolled_target(http, scope_id)
    artifact = approved_package(http, scope_id)
    return {"scope_id": scope_id, "target_id": target["target_id"], "artifact": artifact, "expected_generation": None}


def published(http: httpx.Client, scope_id: str) -> dict[str, Any]:
    """A fresh publication (generation 0), as publish_remote_skill answered it."""
    answer = http.post("/v1/skill/remote/publication/publish", json=publication_request(http, scope_id))
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def as_target(credential: str | None) -> dict[str, str]:
    """The headers of a Receiver's call with its target credential (none: no header)."""
    return {} if credential is None else {"Authorization": f"Bearer {credential}"}


def reconcile(http: httpx.Client, credential: str | None, observations: list[dict[str, Any]]) -> httpx.Response:
    """A Receiver's reconcile with these checkpoints."""
    body = {"observations": observations, "receiver_version": "0.1.0", "environment_fingerprint": "f" * 64}
    return http.post("/v1/skill/remote/reconcile", json=body, headers=as_target(credential))


def checkpoint(action: dict[str, Any], actual: str | None = None) -> dict[str, Any]:
    """The Receiver's checkpoint after applying install ``action`` (its directory's digest ``actual``,
    by default the installed one)."""
    return {
        "artifact": action["artifact"],
        "tree_digest": action["tree_digest"],
        "actual_tree_digest": action["tree_digest"] if actual is None else actual,
        "skill_name": action["skill_name"],
        "applied_generation": action["generation"],
    }


def receipt(action: dict[str, Any], failure: str | None = None) -> dict[str, Any]:
    """The Receipt for ``action``: succeeded, or failed with state ``failure`` (1.4.1's Receiver's form)."""
    installed = action["tree_digest"] if action["operation"] == "install" and failure is None else None
    return {
        "operation": action["operation"],
        "generation": action["generation"],
        "artifact": action["artifact"],
        "expected_tree_digest": action["tree_digest"],
        "observed_tree_digest": installed,
        "outcome": "succeeded" if failure is None else "failed",
        "failure_state": failure,
        "error_code": None if failure is None else "local_conflict",
        "receiver_version": "0.1.0",
        "environment_fingerprint": "f" * 64,
    }


def record(http: httpx.Client, credential: str | None, body: dict[str, Any]) -> httpx.Response:
    return http.post("/v1/skill/remote/receipt", json=body, headers=as_target(credential))


def download(http: httpx.Client, credential: str | None, action: dict[str, Any]) -> httpx.Response:
    body = {key: action[key] for key in ("generation", "artifact", "package")}
    return http.post("/v1/skill/remote/package/download", json=body, headers=as_target(credential))


def receiving(http: httpx.Client, scope_id: str) -> tuple[dict[str, Any], str]:
    """A fresh publication (generation 0) of a fresh approved package on a fresh active target, and
    the target's credential."""
    target, credential = enrolled_target(http, scope_id)
    artifact = approved_package(http, scope_id)
    body = {"scope_id": scope_id, "target_id": target["target_id"], "artifact": artifact, "expected_generation": None}
    answer = http.post("/v1/skill/remote/publication/publish", json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json()), credential


RECEIVER_OPERATIONS = ("reconcile_remote_skills", "download_remote_skill_package", "record_remote_skill_receipt")
"""Authenticated by a target credential only (1.4.1's ``TargetBearerAuth``): no API token, no grant."""


def seeded_receiver(w: Any, t: str) -> tuple[str, dict[str, Any]]:
    """A new active target of the matrix's Scope ``t``, written through the store, with a fresh
    approved package published on it: the target's credential and its install action (as a
    reconcile would answer it)."""
    code, credential = f"pce_{uuid.uuid4().hex}", f"pct_{uuid.uuid4().hex}"
    target_id = f"codex-{uuid.uuid4().hex[:12]}"
    scope_id = w.ids[t]
    w.store.create_remote_skill_target(
        scope_id, target_id, "codex", "matrix", token_digest(code), "2999-01-01T00:00:00.000Z"
    )
    w.store.enroll_remote_skill_target(
        token_digest(code), token_digest(credential), Installation(target_id, "1"), "2000-01-01T00:00:00.000Z"
    )
    artifact = seeded_package(w, t)
    skill = w.store.get_managed_skill(scope_id, artifact["artifact_id"], artifact["revision"])
    package = dict(skill.content["package"])
    w.store.publish_remote_skill(
        scope_id, target_id, artifact["artifact_id"], artifact["revision"], package["tree_digest"], None
    )
    action = {"operation": "install", "generation": 0, "artifact": artifact, "tree_digest": package["tree_digest"],
              "skill_name": skill.content["name"], "package": package}  # fmt: skip
    return credential, action


def receiver_requests(http: httpx.Client, action: dict[str, Any]) -> dict[str, httpx.Response]:
    """Each Receiver operation for ``action``, sent with the client's own Authorization header."""
    return {
        "reconcile_remote_skills": reconcile(http, None, []),
        "download_remote_skill_package": download(http, None, action),
        "record_remote_skill_receipt": record(http, None, receipt(action)),
    }
