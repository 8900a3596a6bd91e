"""External Skill and Skill package requests of the tiers (``tests/server/test_authz_matrix.py``,
``_support.bad_input_bases``).

scan_external_skills is a create route (1.4.1's server.admin: admin on ``*``); import_external_skill
a write route, sent as a fork, so an allowed request is 503 generation_unavailable (the matrix server
runs no provider); list_external_skills and resolve_external_skill (1.4.1's server.observe) need any
valid token and look no Scope up: the matrix server has no registry directory, so a list is empty
(200) and a resolve 404 ``external_skill_not_found``. propose_skill_package is a write route,
get_skill_package_manifest and download_skill_package read routes over a package-backed Skill
approved in the target through the store. ``registry_package`` writes an Agent Skill package into a
registry directory (``external_skills.dir``), as the external Skill tests and the hosts' tests scan it.
"""

from __future__ import annotations

import base64
import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from pcreceipt.store import skill_package
from pcreceipt.store.external_skills import UPLOAD_SOURCE
from pcreceipt.store.records import SourceRef

REGISTRY_MANIFEST = """---
name: {name}
description: Check a release branch before tagging it.
license: Apache-2.0
metadata:
  owner: release-team
---

name: {name}
description: Check a release branch before tagging it.
instructions: Run the test suite, then the packaging check.
validation: the packaging check passes
"""
"""A registry package's SKILL.md: the front matter, then a body whose ``<field>: <text>`` lines the fake
provider reads when a fork asks it for a proposal."""


def registry_package(root: Path, name: str, *, extra: dict[str, bytes] | None = None) -> Path:
    """A package folder ``root/name``: its SKILL.md, an executable script, and ``extra`` files."""
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(REGISTRY_MANIFEST.format(name=name), encoding="utf-8")
    script = folder / "scripts" / "check.sh"
    script.parent.mkdir()
    script.write_bytes(b"#!/bin/sh\nexit 0\n")
    script.chmod(0o755)
    for path, content in (extra or {}).items():
        (folder / path).write_bytes(content)
    return folder


MANIFEST = b"---\nname: release-check\ndescription: Check a release branch before tagging it.\n---\n\nRun the tests.\n"


def package_base64(manifest: bytes = MANIFEST) -> str:
    """A standard one-file Skill package as ``propose_skill_package`` takes it."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("SKILL.md", manifest)
    return base64.b64encode(out.getvalue()).decode("ascii")


def approved_package(http: httpx.Client, scope_id: str) -> dict[str, Any]:
    """The exact revision of a freshly proposed and approved package-backed managed Skill."""
    proposed = http.post("/v1/skill/package/propose", json={"scope_id": scope_id, "archive_base64": package_base64()})
    assert proposed.status_code == 201, proposed.text
    candidate = proposed.json()
    decision = {"scope_id": scope_id, "candidate_id": candidate["candidate_id"], "expected_version": 1}
    approved = http.post("/v1/candidates/approve", json=decision)
    assert approved.status_code == 200, approved.text
    return dict(approved.json()["result_artifact"])


def exact(scope_id: str) -> dict[str, str]:
    return {"scope_id": scope_id, "external_skill_id": "codex:user:registry/matrix", "fingerprint": "a" * 64}


def fork(scope_id: str) -> dict[str, str]:
    return exact(scope_id) | {"mode": "fork"}


OBSERVE: dict[str, tuple[Callable[[httpx.Client, str], httpx.Response], int]] = {
    "list_external_skills": (lambda http, s: http.post("/v1/external-skills/list", json={"scope_id": s}), 200),
    "resolve_external_skill": (lambda http, s: http.post("/v1/external-skills/resolve", json=exact(s)), 404),
}


def _scan(http: httpx.Client, w: Any, t: str) -> httpx.Response:
    return http.post("/v1/external-skills/scan", json={"scope_id": w.ids[t]})


def _import(http: httpx.Client, w: Any, t: str) -> httpx.Response:
    return http.post("/v1/external-skills/import", json=fork(w.ids[t]))


EXTERNAL_ROUTES: dict[str, tuple[str, Callable[[httpx.Client, Any, str], httpx.Response]]] = {
    "scan_external_skills": ("create", _scan),
    "import_external_skill": ("write", _import),
}
"""The matrix's route class and request of each Scope-bound external Skill operation."""
FORKS = ("import_external_skill",)
"""Sent as a fork: where the grant allows, 503 generation_unavailable."""


def seeded_package(w: Any, t: str) -> dict[str, Any]:
    """An approved package-backed managed Skill revision in the target, written through the store
    (a placeholder for a Scope that does not exist)."""
    if t not in ("own", "ref", "other") or w.ids[t].startswith("scp_missing"):
        return {"family": "skill", "artifact_id": "skill_missing", "revision": 1}
    package = skill_package.from_archive(base64.b64decode(package_base64()))
    source = SourceRef(UPLOAD_SOURCE, "skill_pkg_" + package.reference["tree_digest"])
    evidence = {"package": package.reference, "name": "release-check", "description": "d"}
    candidate = w.store.propose_package_candidate(
        w.ids[t], source=source, evidence=evidence, manifest=package.manifest(), archive=package.archive,
        proposal=package.skill_content(), reason=None,
    )  # fmt: skip
    return dict(w.store.approve_candidate(w.ids[t], candidate.candidate_id, 1).result.reference())


def _package_read(path: str) -> Callable[[httpx.Client, Any, str], httpx.Response]:
    def send(http: httpx.Client, w: Any, t: str) -> httpx.Response:
        return http.post(path, json={"scope_id": w.ids[t], "artifact": seeded_package(w, t)})

    return send


def _propose_package(http: httpx.Client, w: Any, t: str) -> httpx.Response:
    return http.post("/v1/skill/package/propose", json={"scope_id": w.ids[t], "archive_base64": package_base64()})


EXTERNAL_ROUTES.update({
    "propose_skill_package": ("write", _propose_package),
    "get_skill_package_manifest": ("read", _package_read("/v1/skill/package/manifest")),
    "download_skill_package": ("read", _package_read("/v1/skill/package/download")),
})  # fmt: skip
