"""Managed Skill usage over real HTTP on both engines (``record_skill_usage``): an observation of
an exact package-backed Skill revision answered as 1.4.1 answers it (201 with its ``skill-usage``
Source and position, parsed with 1.4.1's closed model), which 1.4.1's Source reads (content only)
neither read nor list; 1.4.1's refusals write nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import httpx
import pytest
from _support.external_skills import approved_package
from _support.servers import assert_error, running
from _support.skill_governance import new_scope, usage

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store


@pytest.fixture
def http(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    with running(create_app(Settings(data_dir=tmp_path), store=engine_store)) as url, httpx.Client(base_url=url) as c:
        yield c


def test_an_observation_becomes_a_usage_source(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    artifact = approved_package(http, scope_id)
    body = usage(scope_id, artifact) | {"environment_fingerprint": "sha256:" + "a" * 64}
    response = http.post("/v1/skill/usage", json=body)
    assert response.status_code == 201, response.text
    powercontext_models.CaptureContentSourceResponse.model_validate_json(response.content)
    answer = response.json()
    assert answer["source"] == {"name": "skill-usage", "source_id": "obs-1"}
    again = http.post("/v1/skill/usage", json=body)
    assert again.status_code == 201 and again.json() == answer  # a repeat stores nothing
    # 1.4.1's Source reads serve content Sources only: the usage Source is neither read nor listed
    assert http.get(f"/v1/scopes/{scope_id}/sources/skill-usage/obs-1").status_code == 422
    assert_error(http.get(f"/v1/scopes/{scope_id}/sources/content/obs-1"), 404, "source_not_found")
    listed = http.get(f"/v1/scopes/{scope_id}/sources", params={"limit": 50}).json()
    assert listed["items"] == []
    task = {"name": "skill-usage", "source_id": "obs-1"}
    second = http.post("/v1/skill/usage", json=usage(scope_id, artifact, "obs-2") | {"task_source": task})
    assert second.status_code == 201 and second.json()["position"] == answer["position"] + 1


def test_refusals_write_nothing(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    artifact = approved_package(http, scope_id)

    def send(**fields: object) -> httpx.Response:
        return http.post("/v1/skill/usage", json=usage(scope_id, artifact) | fields)

    assert_error(send(skill_ref=artifact | {"revision": 5}), 404, "not_found")
    assert_error(send(package_digest="sha256:" + "0" * 64), 422, "invalid_request")
    assert_error(send(task_source={"name": "content", "source_id": "absent"}), 404, "not_found")
    assert_error(send(task_source={"name": "", "source_id": "absent"}), 422, "invalid_request")
    # a value with no RFC 8785 form is refused at its field, not a 500 (found by the schemathesis fuzz)
    beyond = assert_error(send(skill_ref=artifact | {"revision": 2**53}), 422, "invalid_request")
    assert beyond["details"]["violations"] == [{"path": "/skill_ref", "rule": "i_json"}]
    assert_error(http.post("/v1/skill/usage", json=usage("scp_missing", artifact)), 404, "scope_not_found")
    first = send()
    assert first.status_code == 201, first.text
    assert_error(send(outcome="failure"), 409, "generation_conflict")
    other = http.post("/v1/skill/usage", json=usage(scope_id, artifact, "obs-next"))
    assert other.json()["position"] == first.json()["position"] + 1  # the refusals took no position
