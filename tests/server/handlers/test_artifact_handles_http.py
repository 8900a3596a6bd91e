"""bind_artifact_handle and resolve_artifact_handle over real HTTP on every engine, as PowerContext
1.4.1 answers them: a handle bound once and for ever to an exact revision (the same revision again
is 200, another 409 idempotency_conflict), 404 for a revision or Scope that does not exist, 404
artifact_handle_not_found for a handle never bound, path and body refused by their schemas, and
grants (bind needs admin, resolve read)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from _support.servers import assert_error
from _support.tokens import token_server


def new_scope(http: httpx.Client, key: str = "handles") -> str:
    response = http.post("/v1/scopes", json={"title": "handles", "summary": "handles", "idempotency_key": key})
    assert response.status_code == 201, response.text
    return str(response.json()["scope_id"])


def remember(http: httpx.Client, scope_id: str, text: str) -> str:
    response = http.post("/v1/memory/remember", json={"scope_id": scope_id, "kind": "fact", "text": text})
    assert response.status_code == 200, response.text
    return str(response.json()["records"][0]["artifact"]["artifact_id"])


def handle(scope_id: str, key: str, family: str = "atomic-memory") -> str:
    return f"/v1/scopes/{scope_id}/artifact-handles/{family}/{key}"


def binding(key: str, artifact_id: str, revision: int = 1) -> dict[str, Any]:
    family = "atomic-memory"
    return {
        "family": family,
        "key": key,
        "artifact": {"family": family, "artifact_id": artifact_id, "revision": revision},
    }


def test_bind_once_then_resolve(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    first, second = remember(http, scope_id, "first"), remember(http, scope_id, "second")
    assert_error(http.get(handle(scope_id, "release-notes")), 404, "artifact_handle_not_found")
    bound = http.put(handle(scope_id, "release-notes"), json={"artifact_id": first, "revision": 1})
    assert bound.status_code == 200 and bound.json() == binding("release-notes", first)
    again = http.put(handle(scope_id, "release-notes"), json={"artifact_id": first, "revision": 1})
    assert again.status_code == 200 and again.json() == bound.json()
    taken = assert_error(
        http.put(handle(scope_id, "release-notes"), json={"artifact_id": second, "revision": 1}),
        409,
        "idempotency_conflict",
    )
    assert taken["details"] == {"kind": "artifact_handle"}
    resolved = http.get(handle(scope_id, "release-notes"))
    assert resolved.status_code == 200 and resolved.json() == binding("release-notes", first)
    # another family, another handle
    assert_error(http.get(handle(scope_id, "release-notes", "topic-memory")), 404, "artifact_handle_not_found")


def test_targets_and_scopes_that_do_not_exist(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    memory = remember(http, scope_id, "only revision 1")
    for path, body in [
        (handle(scope_id, "k"), {"artifact_id": memory, "revision": 2}),
        (handle(scope_id, "k"), {"artifact_id": "art_missing", "revision": 1}),
        (handle(scope_id, "k", "topic-memory"), {"artifact_id": memory, "revision": 1}),
        (handle(scope_id, "k", "memory"), {"artifact_id": memory, "revision": 1}),
    ]:
        assert_error(http.put(path, json=body), 404, "artifact_not_found")
    assert_error(http.get(handle(scope_id, "k")), 404, "artifact_handle_not_found")
    assert_error(
        http.put(handle("scp_missing", "k"), json={"artifact_id": memory, "revision": 1}), 404, "scope_not_found"
    )
    assert_error(http.get(handle("scp_missing", "k")), 404, "scope_not_found")


def test_the_taken_handle_is_the_conflict_even_for_a_missing_target(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    memory = remember(http, scope_id, "bound")
    assert http.put(handle(scope_id, "taken"), json={"artifact_id": memory, "revision": 1}).status_code == 200
    conflict = http.put(handle(scope_id, "taken"), json={"artifact_id": "art_missing", "revision": 7})
    assert_error(conflict, 409, "idempotency_conflict")


def test_refused_paths_and_bodies(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    memory = remember(http, scope_id, "target")
    for key in ("Upper", "trailing-", "two--hyphens", "under_score", "k" * 129):
        assert_error(http.get(handle(scope_id, key)), 422, "invalid_request")
        assert_error(
            http.put(handle(scope_id, key), json={"artifact_id": memory, "revision": 1}), 422, "invalid_request"
        )
    assert_error(http.get(handle(scope_id, "k", "f" * 129)), 422, "invalid_request")
    for body in (
        {"artifact_id": memory},
        {"artifact_id": memory, "revision": 0},
        {"artifact_id": "", "revision": 1},
        {"artifact_id": "has space", "revision": 1},
        {"artifact_id": memory, "revision": 1, "family": "atomic-memory"},
    ):
        assert_error(http.put(handle(scope_id, "k"), json=body), 422, "invalid_request")
    assert_error(http.get(handle(scope_id, "k")), 404, "artifact_handle_not_found")  # nothing was bound


def test_grants(tmp_path: Path) -> None:
    with token_server(tmp_path) as server:
        with server.client(server.issue([("*", "admin")])) as admin:
            scope_id = new_scope(admin)
            memory = remember(admin, scope_id, "granted")
        body = {"artifact_id": memory, "revision": 1}
        with server.client(server.issue([(scope_id, "write")])) as writer:
            assert_error(writer.put(handle(scope_id, "granted"), json=body), 403, "forbidden")
            assert_error(writer.get(handle(scope_id, "granted")), 404, "artifact_handle_not_found")
        with server.client(server.issue([(scope_id, "admin")])) as owner:
            assert owner.put(handle(scope_id, "granted"), json=body).status_code == 200
        with server.client(server.issue([(scope_id, "read")])) as reader:
            assert reader.get(handle(scope_id, "granted")).json() == binding("granted", memory)
        with server.client(server.issue([("scp_other", "admin")])) as other:
            assert_error(other.get(handle(scope_id, "granted")), 403, "forbidden")
