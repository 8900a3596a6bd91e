"""Standard Skill packages over real HTTP on both engines: an uploaded ZIP proposed for review
(rewritten canonically, stored once, cited by a ``skill-package-upload`` Source), approved, then
read back as its manifest and downloaded byte for byte; answers parsed with PowerContext 1.4.1's
own closed models. Hostile uploads are 422 and store nothing."""

from __future__ import annotations

import base64
import hashlib
import io
import stat
import uuid
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.servers import assert_error, running

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store

MANIFEST = b"""---
name: release-check
description: Check a release branch before tagging it.
allowed-tools: Bash(git:*)
---

Run the test suite, then the packaging check.
"""


def upload(files: dict[str, bytes], *, mode: int = 0o100644) -> str:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            info = zipfile.ZipInfo(name, date_time=(2021, 1, 2, 3, 4, 5))
            info.external_attr = (mode if name != "SKILL.md" else 0o100644) << 16
            archive.writestr(info, content)
    return base64.b64encode(out.getvalue()).decode("ascii")


@pytest.fixture
def http(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    with running(create_app(Settings(data_dir=tmp_path), store=engine_store)) as url, httpx.Client(base_url=url) as c:
        yield c


def new_scope(http: httpx.Client) -> str:
    body = {"title": "packages", "summary": "packages", "idempotency_key": uuid.uuid4().hex}
    return str(http.post("/v1/scopes", json=body).json()["scope_id"])


def approve(http: httpx.Client, scope_id: str, candidate: dict[str, Any]) -> dict[str, Any]:
    body = {"scope_id": scope_id, "candidate_id": candidate["candidate_id"], "expected_version": candidate["version"]}
    response = http.post("/v1/candidates/approve", json=body)
    assert response.status_code == 200, response.text
    return dict(response.json()["result_artifact"])


def test_propose_approve_read_and_download(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    archive = upload({"SKILL.md": MANIFEST, "scripts/check.sh": b"#!/bin/sh\nexit 0\n"}, mode=0o100755)
    response = http.post("/v1/skill/package/propose", json={"scope_id": scope_id, "archive_base64": archive})
    assert response.status_code == 201, response.text
    powercontext_models.Candidate.model_validate_json(response.content)
    candidate = response.json()
    proposal = candidate["proposal"]
    assert (proposal["name"], proposal["allowed_tools"]) == ("release-check", "Bash(git:*)")
    assert proposal["instructions"] == "Run the test suite, then the packaging check."
    package = proposal["package"]
    assert candidate["source_refs"] == [
        {"name": "skill-package-upload", "source_id": f"skill_pkg_{package['tree_digest']}"}
    ]

    artifact = approve(http, scope_id, candidate)
    ask = {"scope_id": scope_id, "artifact": artifact}
    manifest = http.post("/v1/skill/package/manifest", json=ask)
    assert manifest.status_code == 200, manifest.text
    powercontext_models.SkillPackageManifest.model_validate_json(manifest.content)
    files = {f["path"]: f for f in manifest.json()["files"]}
    assert files["scripts/check.sh"]["executable"] is True and files["SKILL.md"]["media_type"] == "text/markdown"
    assert files["SKILL.md"]["digest"] == hashlib.sha256(MANIFEST).hexdigest()

    download = http.post("/v1/skill/package/download", json=ask)
    assert download.status_code == 200 and download.headers["content-type"].startswith("application/json")
    powercontext_models.SkillPackageDownload.model_validate_json(download.content)
    data = base64.b64decode(download.json()["archive_base64"])
    assert hashlib.sha256(data).hexdigest() == package["archive_digest"] and len(data) == package["archive_size"]
    with zipfile.ZipFile(io.BytesIO(data)) as opened:
        assert opened.read("SKILL.md") == MANIFEST
        assert stat.S_IMODE(opened.getinfo("scripts/check.sh").external_attr >> 16) == 0o755

    # the same bytes again: a second candidate over the one stored package; a replacement names its target
    again = http.post(
        "/v1/skill/package/propose", json={"scope_id": scope_id, "archive_base64": archive, "target": artifact}
    )
    assert again.status_code == 201, again.text
    assert again.json()["target"] == artifact and again.json()["artifact_refs"] == [artifact]
    replaced = approve(http, scope_id, again.json())
    assert (replaced["artifact_id"], replaced["revision"]) == (artifact["artifact_id"], 2)


def test_reads_of_missing_skills(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    missing = {"family": "skill", "artifact_id": "skill_missing", "revision": 1}
    for path in ("/v1/skill/package/manifest", "/v1/skill/package/download"):
        assert_error(http.post(path, json={"scope_id": scope_id, "artifact": missing}), 404, "artifact_not_found")
    # a revision without a package (one stored before packages were built) is 422:
    # test_skill_proposal_packages_http.py::test_a_skill_stored_before_packages_keeps_none


@pytest.mark.parametrize(
    "archive",
    [
        "not base64!",
        base64.b64encode(b"not a zip").decode(),
        upload({"README.md": b"no SKILL.md"}),
        upload({"SKILL.md": MANIFEST, "../escape": b"x"}),
        upload({"SKILL.md": MANIFEST.replace(b"release-check", b"Release Check")}),
        upload({"SKILL.md": b"no frontmatter"}),
    ],
)
def test_hostile_or_nonstandard_uploads_are_422_and_store_nothing(http: httpx.Client, archive: str) -> None:
    scope_id = new_scope(http)
    response = http.post("/v1/skill/package/propose", json={"scope_id": scope_id, "archive_base64": archive})
    assert_error(response, 422, "invalid_request")
    assert http.post("/v1/candidates/list", json={"scope_id": scope_id}).json()["candidates"] == []
