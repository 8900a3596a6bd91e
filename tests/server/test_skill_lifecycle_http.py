"""Managed Skill lifecycle over real HTTP on both engines (``update_skill_lifecycle``): PowerContext
1.4.1's answers and refusals, what ``list_managed_skills`` then lists (active; deprecated when asked,
after the active ones with a query; retired never) and what ``get_skill`` still reads (every exact
revision, whatever the state); answers parsed with 1.4.1's own closed models."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.external_skills import package_base64
from _support.remote_skills import publication_request
from _support.servers import assert_error, running
from _support.skill_governance import lifecycle, new_scope

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store


@pytest.fixture
def http(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    with running(create_app(Settings(data_dir=tmp_path), store=engine_store)) as url, httpx.Client(base_url=url) as c:
        yield c


def approved(http: httpx.Client, scope_id: str, name: str) -> dict[str, Any]:
    manifest = f"---\nname: {name}\ndescription: The {name} Skill.\n---\n\nRun {name}.\n".encode()
    proposed = http.post(
        "/v1/skill/package/propose", json={"scope_id": scope_id, "archive_base64": package_base64(manifest)}
    )
    assert proposed.status_code == 201, proposed.text
    decision = {"scope_id": scope_id, "candidate_id": proposed.json()["candidate_id"], "expected_version": 1}
    result = http.post("/v1/candidates/approve", json=decision)
    assert result.status_code == 200, result.text
    return dict(result.json()["result_artifact"])


def library(http: httpx.Client, scope_id: str, **fields: Any) -> list[tuple[str, str]]:
    listed = http.post("/v1/skill/library", json={"scope_id": scope_id, **fields})
    assert listed.status_code == 200, listed.text
    return [(s["content"]["name"], s["governance"]["lifecycle_state"]) for s in listed.json()["skills"]]


def test_transitions_and_what_the_library_shows(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    old, new = approved(http, scope_id, "old-check"), approved(http, scope_id, "new-check")
    body = lifecycle(scope_id, old["artifact_id"]) | {"replacement_artifact_id": new["artifact_id"]}
    response = http.post("/v1/skill/lifecycle", json=body)
    assert response.status_code == 200, response.text
    powercontext_models.SkillGovernance.model_validate_json(response.content)
    assert response.json() == {
        "artifact": old,
        "lifecycle_state": "deprecated",
        "replacement_artifact_id": new["artifact_id"],
        "governance_generation": 1,
    }
    assert library(http, scope_id) == [("new-check", "active")]
    everything = sorted(library(http, scope_id, include_deprecated=True))
    assert everything == [("new-check", "active"), ("old-check", "deprecated")]
    assert library(http, scope_id, query="check", include_deprecated=True) == [
        ("new-check", "active"),
        ("old-check", "deprecated"),
    ]
    listed = http.post("/v1/skill/library", json={"scope_id": scope_id, "include_deprecated": True})
    powercontext_models.ListManagedSkillsResponse.model_validate_json(listed.content)

    retire = lifecycle(scope_id, old["artifact_id"], 1, "retired")
    assert http.post("/v1/skill/lifecycle", json=retire).json()["governance_generation"] == 2
    assert library(http, scope_id, include_deprecated=True) == [("new-check", "active")]
    read = http.post("/v1/skill/get", json={"scope_id": scope_id, "artifact": old})
    assert read.status_code == 200 and read.json()["artifact"] == old  # revisions stay readable
    manifest = http.post("/v1/skill/package/manifest", json={"scope_id": scope_id, "artifact": old})
    assert manifest.status_code == 200  # and their package bytes unchanged


def test_refusals(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    skill = approved(http, scope_id, "release-check")["artifact_id"]
    other = approved(http, scope_id, "other-check")["artifact_id"]

    def send(**fields: Any) -> httpx.Response:
        return http.post("/v1/skill/lifecycle", json=lifecycle(scope_id, skill) | fields)

    assert_error(send(artifact_id="skill_missing"), 404, "not_found")
    assert_error(send(replacement_artifact_id="skill_missing"), 404, "not_found")
    assert_error(send(replacement_artifact_id=skill), 422, "invalid_lifecycle")
    assert_error(send(lifecycle_state="retired", replacement_artifact_id=other), 422, "invalid_request")
    assert_error(send(expected_generation=3), 409, "generation_conflict")
    missing = lifecycle("scp_missing", skill)
    assert_error(http.post("/v1/skill/lifecycle", json=missing), 404, "scope_not_found")
    assert send(lifecycle_state="retired").status_code == 200
    assert_error(send(expected_generation=1, lifecycle_state="active"), 422, "invalid_lifecycle")
    assert_error(send(expected_generation=1, lifecycle_state="deprecated"), 422, "invalid_lifecycle")
    to_retired = lifecycle(scope_id, other) | {"replacement_artifact_id": skill}
    assert_error(http.post("/v1/skill/lifecycle", json=to_retired), 422, "invalid_lifecycle")
    # a retired Skill takes no new revision: approving a replacement of it is refused
    head = {"family": "skill", "artifact_id": skill, "revision": 1}
    upload = {"scope_id": scope_id, "archive_base64": package_base64(), "target": head}
    proposed = http.post("/v1/skill/package/propose", json=upload)
    assert proposed.status_code == 201, proposed.text
    decision = {"scope_id": scope_id, "candidate_id": proposed.json()["candidate_id"], "expected_version": 1}
    assert_error(http.post("/v1/candidates/approve", json=decision), 422, "invalid_lifecycle")


def test_publication_follows_the_lifecycle(http: httpx.Client) -> None:
    """1.4.1's remote publication: a deprecated Skill only with ``allow_deprecated``, a retired one
    never (422 ``invalid_skill_lifecycle``, nothing published)."""
    scope_id = new_scope(http)
    request = publication_request(http, scope_id)
    artifact_id = request["artifact"]["artifact_id"]
    publish = "/v1/skill/remote/publication/publish"
    assert http.post("/v1/skill/lifecycle", json=lifecycle(scope_id, artifact_id)).status_code == 200
    assert_error(http.post(publish, json=request), 422, "invalid_skill_lifecycle")
    published = http.post(publish, json=request | {"allow_deprecated": True})
    assert published.status_code == 200, published.text
    assert http.post("/v1/skill/lifecycle", json=lifecycle(scope_id, artifact_id, 1, "retired")).status_code == 200
    again = request | {"allow_deprecated": True, "expected_generation": published.json()["generation"]}
    assert_error(http.post(publish, json=again), 422, "invalid_skill_lifecycle")
    listed = http.post("/v1/skill/remote/targets", json={"scope_id": scope_id}).json()
    (publication,) = [p for t in listed["targets"] for p in t["publications"]]
    assert publication["generation"] == published.json()["generation"]  # the refusal wrote nothing
