"""submit_source_observation over HTTP on both engines: 202 with 1.4.1's receipt, replays, 409
source_conflict, 404 source_definition_not_found and scope_not_found, and the two families of
422 (the observation model's checks as invalid_request, the manifest's as
invalid_source_ingestion), each writing nothing."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from _support.servers import assert_error, new_scope
from _support.source_definitions import new_manifest, observation_of, sealed

PATH = "/v1/source-observations"
TEXT_EVIDENCE = {"name": "powercontext.text-evidence", "version": "1"}


def registered(http: httpx.Client, **fields: Any) -> dict[str, Any]:
    manifest = new_manifest("observed", **fields)
    assert http.post("/v1/source-definitions/register", json={"manifest": manifest}).status_code == 200
    return manifest


def submit(http: httpx.Client, scope_id: str, observation: dict[str, Any]) -> httpx.Response:
    return http.post(PATH, json={"scope_id": scope_id, "observation": observation})


def test_submit_replay_and_conflict(http: httpx.Client) -> None:
    scope_id = new_scope(http, "observations")
    manifest = registered(http)
    first = submit(http, scope_id, observation_of(manifest, "issue-1", title="Crash"))
    assert first.status_code == 202, first.text
    assert first.json() == {"source": {"name": manifest["name"], "source_id": "issue-1"}, "position": 1}
    assert submit(http, scope_id, observation_of(manifest, "issue-1", title="Crash")).json() == first.json()
    conflict = submit(http, scope_id, observation_of(manifest, "issue-1", title="Other"))
    assert assert_error(conflict, 409, "source_conflict")["details"] is None
    assert submit(http, scope_id, observation_of(manifest, "issue-2")).json()["position"] == 2
    assert http.get(f"/v1/scopes/{scope_id}/sources").json()["items"] == []  # not a content Source
    assert http.get(f"/v1/scopes/{scope_id}/sources/content/issue-1").status_code == 404


def test_not_found(http: httpx.Client) -> None:
    scope_id = new_scope(http, "observations-missing")
    manifest = registered(http)
    unknown = observation_of(sealed(manifest | {"version": "9"}), "x")
    assert assert_error(submit(http, scope_id, unknown), 404, "source_definition_not_found")["details"] is None
    assert_error(submit(http, "scp_does_not_exist", observation_of(manifest, "x")), 404, "scope_not_found")


def _payload(observation: dict[str, Any], **payload: Any) -> dict[str, Any]:
    return observation | {"payload": observation["payload"] | payload}


REQUEST_MODEL = [
    (lambda o: o | {"name": " padded"}, "/observation/name", "trimmed"),
    (lambda o: o | {"source_type": o["source_type"] + " "}, "/observation/source_type", "trimmed"),
    (lambda o: _payload(o, name="another"), "/observation/payload/name", "envelope"),
    (lambda o: _payload(o, description="not the envelope's"), "/observation/payload/description", "envelope"),
    (lambda o: _payload(o, materialization="virtual"), "/observation/payload/materialization", "envelope"),
    (lambda o: o | {"projections": o["projections"] * 2}, "/observation/projections", "unique_keys"),
    (lambda o: _payload(o, big=2**60), "/observation", "i_json"),
]


@pytest.mark.parametrize(("change", "path", "rule"), REQUEST_MODEL)
def test_what_the_observation_model_refuses(http: httpx.Client, change: Any, path: str, rule: str) -> None:
    scope_id = new_scope(http, "observations-model")
    manifest = registered(http)
    error = assert_error(submit(http, scope_id, change(observation_of(manifest, "x"))), 422, "invalid_request")
    assert error["details"]["violations"] == [{"path": path, "rule": rule}]
    assert submit(http, scope_id, observation_of(manifest, "x")).json()["position"] == 1  # nothing was written


MANIFEST_CHECKS = [
    lambda o: o | {"definition_fingerprint": "sha256:" + "1" * 64},
    lambda o: _payload(o, title=7),  # source_schema: title is a string
    lambda o: o | {"projections": []},
    lambda o: o | {"projections": [*o["projections"], {"key": {"name": "extra", "version": "1"}, "value": 1}]},
    lambda o: o | {"projections": [{"key": o["projections"][0]["key"], "value": 3}]},
]


@pytest.mark.parametrize("change", MANIFEST_CHECKS)
def test_what_the_manifest_refuses(http: httpx.Client, change: Any) -> None:
    scope_id = new_scope(http, "observations-manifest")
    manifest = registered(http)
    error = assert_error(submit(http, scope_id, change(observation_of(manifest, "x"))), 422, "invalid_source_ingestion")
    assert error["details"] is None
    assert submit(http, scope_id, observation_of(manifest, "x")).json()["position"] == 1


def test_text_evidence_names_its_observation(http: httpx.Client) -> None:
    scope_id = new_scope(http, "observations-evidence")
    manifest = registered(http, projections=[{"key": TEXT_EVIDENCE, "schema": {"type": "object"}}])

    def with_evidence(**evidence: Any) -> dict[str, Any]:
        value = {"source_type": manifest["name"], "source_id": "doc", "content": "text"} | evidence
        return observation_of(manifest, "doc") | {"projections": [{"key": TEXT_EVIDENCE, "value": value}]}

    assert_error(submit(http, scope_id, with_evidence(source_id="another")), 422, "invalid_source_ingestion")
    assert_error(submit(http, scope_id, with_evidence(content=None)), 422, "invalid_source_ingestion")
    assert submit(http, scope_id, with_evidence(metadata={"k": 1})).status_code == 202
