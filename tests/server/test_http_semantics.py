"""HTTP semantics on the wire, with raw httpx: statuses, ETags, preconditions, request ids, routing."""

from __future__ import annotations

import json

import httpx
import pytest
from _support.servers import CANARY, assert_error, assert_request_id

from pcreceipt.contract import gate

pytestmark = pytest.mark.anyio

MEMORY = {"family": "atomic-memory", "content": {"kind": "fact", "text": "The build uses Bazel."}}


async def _create(http: httpx.AsyncClient, scope_id: str) -> httpx.Response:
    response = await http.post(f"/v1/scopes/{scope_id}/artifacts", json=MEMORY)
    assert response.status_code == 201, response.text
    return response


async def test_create_is_201_with_location_and_etag(http: httpx.AsyncClient, scope_id: str) -> None:
    response = await _create(http, scope_id)
    body = response.json()
    assert response.headers["etag"] == '"revision:1"'
    assert response.headers["location"] == f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{body['artifact_id']}"
    assert (await http.get(response.headers["location"])).status_code == 200
    assert_request_id(response)


async def test_create_scope_is_201_and_replays_with_the_same_key(http: httpx.AsyncClient) -> None:
    request = {"title": "Replay", "summary": "Same key twice", "idempotency_key": "replay-" + CANARY}
    first = await http.post("/v1/scopes", json=request)
    second = await http.post("/v1/scopes", json=request)
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    assert first.headers["location"] == f"/v1/scopes/{first.json()['scope_id']}"
    conflict = await http.post("/v1/scopes", json={**request, "summary": "Another summary"})
    assert_error(conflict, 409, "scope_idempotency_conflict", canary="never-sent")


async def test_replace_needs_if_match_and_compares_it_verbatim(http: httpx.AsyncClient, scope_id: str) -> None:
    location = (await _create(http, scope_id)).headers["location"]
    replacement = {"content": {"kind": "fact", "text": "The build uses Bazel 7."}}

    assert_error(await http.put(location, json=replacement), 428, "precondition_required")
    for stale in ("1", '"revision:2"', 'W/"revision:1"', "revision:1", "*"):
        error = assert_error(
            await http.put(location, json=replacement, headers={"If-Match": stale}), 412, "revision_conflict"
        )
        assert error["details"] == {"provided_etag": stale, "current_etag": '"revision:1"'}

    ok = await http.put(location, json=replacement, headers={"If-Match": '"revision:1"'})
    assert ok.status_code == 200 and ok.headers["etag"] == '"revision:2"'
    assert ok.json()["revision"] == 2
    assert ok.json()["artifacts"] == [
        {"family": "atomic-memory", "artifact_id": location.rsplit("/", 1)[-1], "revision": 1}
    ]
    assert gate.check_schema("ArtifactRevision", ok.json()) == []

    again = await http.put(location, json=replacement, headers={"If-Match": '"revision:1"'})
    details = assert_error(again, 412, "revision_conflict")["details"]
    assert details == {"provided_etag": '"revision:1"', "current_etag": '"revision:2"'}


async def test_replace_content_must_match_the_family_in_the_path(http: httpx.AsyncClient, scope_id: str) -> None:
    location = (await _create(http, scope_id)).headers["location"]
    topic = {"content": {"title": "t", "summary": "s", "detail": CANARY}}
    error = assert_error(
        await http.put(location, json=topic, headers={"If-Match": '"revision:1"'}), 422, "invalid_request"
    )
    assert error["details"]["violations"]


async def test_replace_of_a_missing_artifact_is_404(http: httpx.AsyncClient, scope_id: str) -> None:
    response = await http.put(
        f"/v1/scopes/{scope_id}/artifacts/atomic-memory/art_missing",
        json={"content": {"kind": "fact", "text": "x"}},
        headers={"If-Match": '"revision:1"'},
    )
    assert_error(response, 404, "artifact_not_found")


async def test_get_head_honours_if_none_match(http: httpx.AsyncClient, scope_id: str) -> None:
    location = (await _create(http, scope_id)).headers["location"]
    head = await http.get(location)
    assert head.status_code == 200 and head.headers["etag"] == '"revision:1"'

    not_modified = await http.get(location, headers={"If-None-Match": '"revision:1"'})
    assert not_modified.status_code == 304 and not_modified.content == b""
    assert not_modified.headers["etag"] == '"revision:1"'
    assert_request_id(not_modified)

    changed = await http.get(location, headers={"If-None-Match": '"revision:9"'})
    assert changed.status_code == 200 and changed.json() == head.json()


async def test_exact_revision_has_no_etag_and_state_has_one(http: httpx.AsyncClient, scope_id: str) -> None:
    location = (await _create(http, scope_id)).headers["location"]
    exact = await http.get(location + "/revisions/1")
    assert exact.status_code == 200 and "etag" not in exact.headers
    artifact_id = location.rsplit("/", 1)[-1]
    state = await http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/state")
    assert state.status_code == 200 and state.headers["etag"] == '"revision:1:state:0"'
    assert_error(await http.get(location + "/revisions/2"), 404, "artifact_not_found")


async def test_lifecycle_conflict_reports_the_current_versions(http: httpx.AsyncClient, scope_id: str) -> None:
    artifact_id = (await _create(http, scope_id)).json()["artifact_id"]
    target = {"artifact": {"family": "atomic-memory", "artifact_id": artifact_id, "revision": 1}, "state_version": 5}
    response = await http.post(
        "/v1/atomic-memory/lifecycle", json={"scope_id": scope_id, "target": target, "state": "forgotten"}
    )
    error = assert_error(response, 409, "atomic_memory_changed")
    assert error["details"] == {"reason": "stale_state_version", "current_revision": 1, "current_state_version": 0}


async def test_request_ids_are_fresh_and_on_every_response(http: httpx.AsyncClient) -> None:
    ids = set()
    for _ in range(3):
        response = await http.get("/health/live", headers={"X-PowerContext-Request-ID": "client-chosen-id"})
        ids.add(assert_request_id(response))
    assert len(ids) == 3


async def test_openapi_document_is_the_bundled_one(http: httpx.AsyncClient) -> None:
    first = await http.get("/openapi.json")
    second = await http.get("/openapi.json")
    assert first.status_code == 200 and first.headers["content-type"] == "application/json"
    assert first.content == second.content
    assert json.loads(first.content) == gate.openapi_document()
    assert_request_id(first)


@pytest.mark.parametrize("host", ["rebound.example", "rebound.example:8000", "10.0.0.1", "[2001:db8::1]:80", ""])
async def test_a_loopback_server_refuses_foreign_host_names(http: httpx.AsyncClient, host: str) -> None:
    """DNS rebinding: a web page's own name resolving to 127.0.0.1 still arrives as its Host."""
    assert_error(await http.get("/health/live", headers={"Host": host}), 403, "forbidden")


@pytest.mark.parametrize("host", ["localhost:8000", "LOCALHOST", "127.0.0.1", "127.1.2.3:9", "[::1]:8000"])
async def test_loopback_host_names_are_accepted(http: httpx.AsyncClient, host: str) -> None:
    assert (await http.get("/health/live", headers={"Host": host})).status_code == 200


async def test_state_etag_names_revision_and_state_version(http: httpx.AsyncClient, scope_id: str) -> None:
    """``"revision:N:state:V"``; If-None-Match on it is 304 with no body until the revision or the
    state version moves (PowerContext 1.4.1's state validator)."""
    location = (await _create(http, scope_id)).headers["location"]
    artifact_id = location.rsplit("/", 1)[-1]
    state_path = f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/state"
    not_modified = await http.get(state_path, headers={"If-None-Match": '"revision:1:state:0"'})
    assert not_modified.status_code == 304 and not_modified.content == b""
    assert not_modified.headers["etag"] == '"revision:1:state:0"'
    listed = await http.get(state_path, headers={"If-None-Match": 'W/"x", "revision:1:state:0"'})
    assert listed.status_code == 304
    for other in ('"revision:1"', '"revision:1:state:1"', '"revision:2:state:0"'):
        assert (await http.get(state_path, headers={"If-None-Match": other})).status_code == 200
    replaced = await http.put(
        location, json={"content": {"kind": "fact", "text": "replaced"}}, headers={"If-Match": '"revision:1"'}
    )
    assert replaced.status_code == 200
    assert (await http.get(state_path)).headers["etag"] == '"revision:2:state:0"'
    target = {"artifact": {"family": "atomic-memory", "artifact_id": artifact_id, "revision": 2}, "state_version": 0}
    forgot = await http.post(
        "/v1/atomic-memory/lifecycle", json={"scope_id": scope_id, "target": target, "state": "forgotten"}
    )
    assert forgot.status_code == 200
    after = await http.get(state_path, headers={"If-None-Match": '"revision:2:state:0"'})
    assert after.status_code == 200 and after.headers["etag"] == '"revision:2:state:1"'
    assert after.json()["state"] == "forgotten" and after.json()["state_version"] == 1


async def test_artifact_bodies_carry_powercontexts_lineage_fields(http: httpx.AsyncClient, scope_id: str) -> None:
    """As PowerContext 1.4.1 serves them (captured from it): ``creation`` in the content, the
    write's content Source, the previous revision after a replace, null rollback fields, and a
    digest of the served content (PowerContext's digest of the same content, byte for byte)."""
    created = await http.post(
        f"/v1/scopes/{scope_id}/artifacts",
        json={"family": "atomic-memory", "content": {"kind": "fact", "text": "alpha"}},
    )
    assert created.status_code == 201
    body = created.json()
    [source] = body["sources"]
    assert source["source_type"] == "content" and len(source["source_id"]) == 36 and body["artifacts"] == []
    location = created.headers["location"]
    head = (await http.get(location)).json()
    assert head["content"] == {
        "schema": "powercontext.atomic-memory.v1",
        "kind": "fact",
        "text": "alpha",
        "creation": None,
    }
    assert head["content_digest"] == "sha256:4280a6efbd839cd8c3c77f6d12a38b2fdffe115badf685b2deb46ec267706aba"
    assert head["sources"] == [source] and head["artifacts"] == []
    assert [head[k] for k in ("created_by", "restored_from_revision", "reason")] == [None, None, None]
    replaced = await http.put(
        location, json={"content": {"kind": "fact", "text": "beta"}}, headers={"If-Match": '"revision:1"'}
    )
    second = replaced.json()
    assert second["artifacts"] == [{"family": "atomic-memory", "artifact_id": body["artifact_id"], "revision": 1}]
    assert len(second["sources"]) == 1 and second["sources"] != [source]
    assert second["content_digest"] == "sha256:be70adaed10e8b6cb6337ac238b3b8272330c26f769ded96ed4dd0ae5d822d65"
    assert (await http.get(location + "/revisions/1")).json() == head
    assert (await http.get(location + "/revisions/2")).json() == second
    listed = (await http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory")).json()["items"]
    assert [(i["sources"], i["artifacts"], i["content_digest"]) for i in listed] == [
        (second["sources"], second["artifacts"], second["content_digest"])
    ]


async def test_creation_is_the_servers_to_maintain(http: httpx.AsyncClient, scope_id: str) -> None:
    """A write may omit ``content.creation`` or send null (stored as nothing); any other value is
    422 (PowerContext refuses it in writes), and nothing is written."""
    base = f"/v1/scopes/{scope_id}/artifacts"
    with_null = await http.post(
        base, json={"family": "atomic-memory", "content": {"kind": "fact", "text": "null creation", "creation": None}}
    )
    assert with_null.status_code == 201
    plain = await http.post(
        base, json={"family": "atomic-memory", "content": {"kind": "fact", "text": "null creation"}}
    )
    first = (await http.get(with_null.headers["location"])).json()
    assert first["content_digest"] == (await http.get(plain.headers["location"])).json()["content_digest"]
    creation = {"type": "merge", "input_artifact_ids": [first["artifact_id"], plain.json()["artifact_id"]]}
    memory = {"kind": "fact", "text": "claims a merge", "creation": creation}
    before = (await http.get(f"{base}/atomic-memory")).json()["items"]
    error = assert_error(
        await http.post(base, json={"family": "atomic-memory", "content": memory}), 422, "invalid_request"
    )
    assert error["details"]["violations"] == [{"path": "/content/creation", "rule": "creation_maintained_by_server"}]
    items = [{"family": "atomic-memory", "content": {"kind": "fact", "text": "fine"}}]
    items.append({"family": "atomic-memory", "content": memory})
    imported = assert_error(await http.post(f"{base}/import", json={"items": items}), 422, "invalid_request")
    assert imported["details"]["violations"][0]["path"] == "/items/1/content/creation"
    replaced = await http.put(
        with_null.headers["location"], json={"content": memory}, headers={"If-Match": '"revision:1"'}
    )
    assert_error(replaced, 422, "invalid_request")
    assert (await http.get(f"{base}/atomic-memory")).json()["items"] == before
