"""Proposed managed Skills are package-backed over real HTTP on both engines, as PowerContext 1.4.1
keeps them: ``propose_skill`` answers the one-file package 1.4.1 builds from the text (the same
archive digest), approval writes it, the package is served as its manifest and downloaded byte for
byte, and the revision can be published to a remote target like an uploaded package; a revision
builds a new package, a named package must be the Scope's with its exact content, text that is no
standard package is a 422 naming its rule, and a Skill stored before packages were built stays
without one (docs/decisions.md, "Packages of proposed Skills"). Answers parsed with 1.4.1's models."""

from __future__ import annotations

import base64
import hashlib
import io
import uuid
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.candidates import SKILL, TEXT_ONLY_SKILL, cited_source, store_text_only
from _support.external_skills import approved_package
from _support.remote_skills import enrolled_target
from _support.servers import assert_error, running

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store

PEER_ARCHIVE_DIGEST = "7fe9f192d9650ad036070e85f83b5fb652df5e713504d96827396397f09fa1bf"
"""The archive digest PowerContext 1.4.1 answered for ``SKILL`` (``powercontext server run``)."""
SKILL_MD = (
    "---\nname: release-check\ndescription: Check a release branch before tagging it.\n---\n\n"
    "Run the test suite, then the packaging check.\n\n## Validation\n\n- the packaging check passes\n"
)


@pytest.fixture
def http(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    with running(create_app(Settings(data_dir=tmp_path), store=engine_store)) as url, httpx.Client(base_url=url) as c:
        yield c


def new_scope(http: httpx.Client) -> str:
    body = {"title": "proposed packages", "summary": "packages", "idempotency_key": uuid.uuid4().hex}
    return str(http.post("/v1/scopes", json=body).json()["scope_id"])


def propose(http: httpx.Client, scope_id: str, proposal: dict[str, Any]) -> httpx.Response:
    body = {"scope_id": scope_id, "proposal": proposal, "source_refs": [cited_source(http, scope_id)]}
    return http.post("/v1/skill/propose", json=body | {"artifact_refs": []})


def decide(http: httpx.Client, action: str, scope_id: str, candidate: dict[str, Any], **fields: Any) -> httpx.Response:
    body = {"scope_id": scope_id, "candidate_id": candidate["candidate_id"], "expected_version": candidate["version"]}
    return http.post(f"/v1/candidates/{action}", json=body | fields)


def pending(http: httpx.Client, scope_id: str) -> list[dict[str, Any]]:
    return list(http.post("/v1/candidates/list", json={"scope_id": scope_id}).json()["candidates"])


def test_a_proposed_skill_is_downloaded_and_published_like_an_uploaded_one(
    http: httpx.Client, powercontext_models: ModuleType
) -> None:
    scope_id = new_scope(http)
    response = propose(http, scope_id, SKILL)
    assert response.status_code == 201, response.text
    powercontext_models.Candidate.model_validate_json(response.content)
    candidate = response.json()
    package = candidate["proposal"]["package"]
    assert package["archive_digest"] == PEER_ARCHIVE_DIGEST and candidate["proposal"]["validation"] == []
    approved = decide(http, "approve", scope_id, candidate)
    assert approved.status_code == 200, approved.text
    assert approved.json()["proposal"]["package"] == package
    artifact = approved.json()["result_artifact"]
    ask = {"scope_id": scope_id, "artifact": artifact}
    read = http.post("/v1/skill/get", json=ask)
    powercontext_models.SkillArtifact.model_validate_json(read.content)
    assert read.json()["content"] == candidate["proposal"]
    library = http.post("/v1/skill/library", json={"scope_id": scope_id}).json()["skills"]
    assert [entry["content"]["package"] for entry in library] == [package]

    manifest = http.post("/v1/skill/package/manifest", json=ask)
    assert manifest.status_code == 200, manifest.text
    powercontext_models.SkillPackageManifest.model_validate_json(manifest.content)
    assert manifest.json()["package"] == package and [f["path"] for f in manifest.json()["files"]] == ["SKILL.md"]
    download = http.post("/v1/skill/package/download", json=ask)
    assert download.status_code == 200, download.text
    powercontext_models.SkillPackageDownload.model_validate_json(download.content)
    data = base64.b64decode(download.json()["archive_base64"])
    assert hashlib.sha256(data).hexdigest() == PEER_ARCHIVE_DIGEST and len(data) == package["archive_size"]
    with zipfile.ZipFile(io.BytesIO(data)) as opened:
        assert opened.read("SKILL.md").decode() == SKILL_MD

    target, _ = enrolled_target(http, scope_id)
    publish = {
        "scope_id": scope_id,
        "target_id": target["target_id"],
        "artifact": artifact,
        "expected_generation": None,
    }
    published = http.post("/v1/skill/remote/publication/publish", json=publish)
    assert published.status_code == 200, published.text
    assert published.json()["desired_tree_digest"] == package["tree_digest"]


def test_a_revision_builds_a_new_package_and_a_named_one_must_be_the_scope_s(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    candidate = propose(http, scope_id, SKILL).json()
    revised = decide(http, "revise", scope_id, candidate, proposal=SKILL | {"instructions": "New text."})
    assert revised.status_code == 200, revised.text
    new = revised.json()["proposal"]
    assert (
        new["instructions"].startswith("New text.\n\n## Validation")
        and new["package"] != candidate["proposal"]["package"]
    )
    for refused in (
        new | {"description": "Not what the package says."},
        new | {"package": new["package"] | {"archive_digest": "0" * 64}},
    ):
        assert_error(decide(http, "revise", scope_id, revised.json(), proposal=refused), 422, "invalid_request")
    same = decide(http, "revise", scope_id, revised.json(), proposal=candidate["proposal"])  # held by the Scope
    assert same.status_code == 200 and same.json()["proposal"] == candidate["proposal"]
    other = new_scope(http)  # another Scope's package is not this Scope's
    assert_error(propose(http, other, candidate["proposal"]), 422, "invalid_request")
    uploaded = approved_package(http, scope_id)  # an uploaded package, named by a text candidate's revision
    content = http.post("/v1/skill/get", json={"scope_id": scope_id, "artifact": uploaded}).json()["content"]
    again = decide(http, "revise", scope_id, same.json(), proposal=content)
    assert again.status_code == 200 and again.json()["proposal"] == content
    approved = decide(http, "approve", scope_id, again.json())
    assert approved.status_code == 200 and approved.json()["proposal"]["package"] == content["package"]


@pytest.mark.parametrize(
    "change",
    [{"name": "Release Check"}, {"name": "a" * 65}, {"description": "d" * 1025}, {"instructions": "x" * 131_000}],
)
def test_text_that_is_no_standard_package_is_422_and_stores_nothing(http: httpx.Client, change: dict[str, Any]) -> None:
    scope_id = new_scope(http)
    refused = propose(http, scope_id, SKILL | change)
    assert_error(refused, 422, "invalid_request")  # 1.4.1 fails with a 500 there
    assert refused.json()["error"]["details"] == {"violations": [{"path": "/proposal", "rule": "skill_package"}]}
    assert pending(http, scope_id) == []


def test_a_skill_stored_before_packages_keeps_none(http: httpx.Client, engine_name: str, tmp_path: Path) -> None:
    scope_id = new_scope(http)
    candidate = propose(http, scope_id, SKILL).json()
    store_text_only(engine_name, tmp_path, candidate["candidate_id"])
    approved = decide(http, "approve", scope_id, candidate)
    assert approved.status_code == 200 and approved.json()["proposal"] == TEXT_ONLY_SKILL
    ask = {"scope_id": scope_id, "artifact": approved.json()["result_artifact"]}
    for path in ("/v1/skill/package/manifest", "/v1/skill/package/download"):  # 1.4.1's "not package-backed"
        assert_error(http.post(path, json=ask), 422, "invalid_request")
    target, _ = enrolled_target(http, scope_id)
    publish = ask | {"target_id": target["target_id"], "expected_generation": None}
    assert_error(http.post("/v1/skill/remote/publication/publish", json=publish), 409, "invalid_target_state")
