"""Every answer in the envelope, with PowerContext 1.4.1's status and code, over a real loopback
server on every engine:

- an id in the path is matched on the raw path and decoded once, so a percent-encoded slash stays
  inside it (``/v1/scopes/..%2F..%2Fetc%2Fpasswd`` is a Scope that does not exist), on every
  operation with an id in its path;
- the query is checked as strictly as a body: an undeclared or repeated parameter is 422, after
  the declared ones are valid;
- a body that is not UTF-8 is 400; an artifact id no artifact can have is 404 on the tag operations
  (which take any 1–128 characters, as PowerContext's do) and 422 where the id has a pattern;
- the body limit is PowerContext's 16 MiB unless configured.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.servers import CANARY, assert_error, raw_exchange, running, status_and_envelope

from pcreceipt.config import Settings, load_settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store

TRAVERSAL = "..%2F..%2Fetc%2Fpasswd"
TAG_ETAG_OF_NOTHING = '"tags:' + "0" * 64 + '"'
MEMORY = {"kind": "fact", "text": "Encoded paths stay inside their ids."}
TOPIC = {"title": "Paths", "summary": "How ids in paths are read.", "detail": "Raw, decoded once."}


@dataclass(frozen=True)
class Served:
    http: httpx.Client
    scope_id: str
    memory_id: str
    topic_id: str

    def at(self, artifact_id: str, family: str = "atomic-memory") -> str:
        return f"/v1/scopes/{self.scope_id}/artifacts/{family}/{artifact_id}"


@pytest.fixture
def served(engine_store: Store, tmp_path: Path) -> Iterator[Served]:
    with (
        running(create_app(Settings(data_dir=tmp_path), store=engine_store)) as url,
        httpx.Client(base_url=url, timeout=60) as http,
    ):
        scope = http.post("/v1/scopes", json={"title": "Paths", "summary": "Raw paths", "idempotency_key": "paths"})
        scope_id = scope.json()["scope_id"]
        made = [
            http.post(f"/v1/scopes/{scope_id}/artifacts", json={"family": family, "content": content})
            for family, content in (("atomic-memory", MEMORY), ("topic-memory", TOPIC))
        ]
        assert [m.status_code for m in made] == [201, 201]
        yield Served(http, scope_id, made[0].json()["artifact_id"], made[1].json()["artifact_id"])


def _scoped_requests(scope: str) -> dict[str, tuple[str, str, Any, dict[str, str]]]:
    """A valid request of each operation naming ``scope`` (already encoded) in its path."""
    return {
        "get_scope": ("GET", f"/v1/scopes/{scope}", None, {}),
        "update_scope": ("PUT", f"/v1/scopes/{scope}", {"expected_version": 1, "title": "T", "summary": "S"}, {}),
        "create_artifact": (
            "POST",
            f"/v1/scopes/{scope}/artifacts",
            {"family": "atomic-memory", "content": MEMORY},
            {},
        ),
        "list_artifacts": ("GET", f"/v1/scopes/{scope}/artifacts/atomic-memory", None, {}),
        "query_code": ("POST", f"/v1/scopes/{scope}/code/query", {"operation": {"kind": "status"}}, {}),
        "get_artifact": ("GET", f"/v1/scopes/{scope}/artifacts/atomic-memory/art_x", None, {}),
    }


def test_an_encoded_slash_in_the_scope_id_names_a_scope_that_does_not_exist(served: Served) -> None:
    for operation, (method, path, body, headers) in _scoped_requests(TRAVERSAL).items():
        response = served.http.request(method, path, json=body, headers=headers)
        assert_error(response, 404, "scope_not_found")
        assert response.status_code == 404, operation
    # decoded once: an encoded character of a real id still names it, a doubly encoded one does not
    encoded = served.scope_id.replace("_", "%5F")
    assert served.http.get(f"/v1/scopes/{encoded}").json()["scope_id"] == served.scope_id
    assert_error(served.http.get(f"/v1/scopes/{served.scope_id}%252F"), 404, "scope_not_found")


def _artifact_requests(served: Served, artifact_id: str) -> dict[str, tuple[str, str, Any, dict[str, str]]]:
    """A valid request of each operation naming ``artifact_id`` (already encoded) in its path."""
    at = served.at(artifact_id)
    state = f"/v1/scopes/{served.scope_id}/artifacts/atomic-memory/{artifact_id}/state"
    return {
        "get_artifact": ("GET", at, None, {}),
        "replace_artifact": ("PUT", at, {"content": MEMORY}, {"If-Match": '"revision:1"'}),
        "get_artifact_revision": ("GET", at + "/revisions/1", None, {}),
        "list_artifact_revisions": ("GET", at + "/revisions", None, {}),
        "get_atomic_memory_state": ("GET", state, None, {}),
        "get_artifact_tags": ("GET", at + "/tags", None, {}),
        "replace_artifact_tags": ("PUT", at + "/tags", {"tags": ["x"]}, {"If-Match": TAG_ETAG_OF_NOTHING}),
    }


def test_an_encoded_slash_in_the_artifact_id_names_an_artifact_that_does_not_exist(served: Served) -> None:
    for operation, (method, path, body, headers) in _artifact_requests(served, TRAVERSAL).items():
        response = served.http.request(method, path, json=body, headers=headers)
        assert response.status_code == 404, (operation, response.text)
        assert_error(response, 404, "artifact_not_found")
    head = served.http.get(served.at(served.memory_id.replace("_", "%5F")))
    assert head.status_code == 200 and head.json()["artifact_id"] == served.memory_id


@pytest.mark.parametrize(
    ("suffix", "pointer"),
    [("atomic-memory%2F..", "/path/family"), ("atomic-memory%2Fx", "/path/family")],
)
def test_an_encoded_slash_in_the_family_is_422(served: Served, suffix: str, pointer: str) -> None:
    path = f"/v1/scopes/{served.scope_id}/artifacts/{suffix}/{served.memory_id}"
    error = assert_error(served.http.get(path), 422, "invalid_request")
    assert [v["path"] for v in error["details"]["violations"]] == [pointer]


def test_an_encoded_slash_in_the_revision_is_422(served: Served) -> None:
    error = assert_error(served.http.get(served.at(served.memory_id) + "/revisions/1%2F2"), 422, "invalid_request")
    assert [v["path"] for v in error["details"]["violations"]] == ["/path/revision"]


@pytest.mark.parametrize(
    "suffix", ["%00", "%C3%28", "%FF", "%20"], ids=["nul", "invalid_utf8", "invalid_byte", "space"]
)
def test_an_id_no_artifact_can_have_is_404_on_the_lookups_and_422_where_ids_have_a_pattern(
    served: Served, suffix: str
) -> None:
    """PowerContext 1.4.1 takes any 1–128 characters on its tag operations and its atomic memory
    state read (and finds no artifact; contract 3.0.0 for the state read) and a printable-ASCII id
    on get_artifact, replace_artifact and the revision reads."""
    requests = _artifact_requests(served, served.memory_id + suffix)
    for operation in ("get_artifact_tags", "replace_artifact_tags", "get_atomic_memory_state"):
        method, path, body, headers = requests[operation]
        assert_error(served.http.request(method, path, json=body, headers=headers), 404, "artifact_not_found")
    for operation in ("get_artifact", "replace_artifact", "get_artifact_revision", "list_artifact_revisions"):
        method, path, body, headers = requests[operation]
        error = assert_error(served.http.request(method, path, json=body, headers=headers), 422, "invalid_request")
        assert [v["path"] for v in error["details"]["violations"]] == ["/path/artifact_id"], operation
    blank = served.at("%20%20") + "/tags"
    assert_error(
        served.http.put(blank, json={"tags": []}, headers={"If-Match": TAG_ETAG_OF_NOTHING}), 404, "artifact_not_found"
    )
    assert served.http.get(served.at(served.memory_id) + "/tags").json()["tags"] == []  # nothing was tagged


@pytest.mark.parametrize(
    "query",
    [
        "?unknown=1",
        f"?{CANARY}=x",
        "?limit=10&unknown=1",
        "?limit=1&limit=2",
    ],
    ids=["unknown", "unknown_named_by_the_client", "known_and_unknown", "repeated"],
)
def test_an_undeclared_or_repeated_query_parameter_is_422_on_every_listing(served: Served, query: str) -> None:
    listings = {
        "list_scopes": "/v1/scopes",
        "list_artifacts": f"/v1/scopes/{served.scope_id}/artifacts/atomic-memory",
        "list_artifact_revisions": served.at(served.memory_id) + "/revisions",
    }
    for operation, path in listings.items():
        error = assert_error(served.http.get(path + query), 422, "invalid_request")
        rules = {v["rule"] for v in error["details"]["violations"]}
        assert rules <= {"additionalProperties", "duplicate_parameter"} and rules, operation


def test_every_operation_refuses_an_undeclared_query_parameter(served: Served) -> None:
    """Not only the listings: an operation without query parameters refuses one too, before any work."""
    for method, path, body in (
        ("GET", f"/v1/scopes/{served.scope_id}", None),
        ("GET", served.at(served.memory_id), None),
        ("POST", "/v1/context/prepare", {"scope_id": served.scope_id, "query": "paths"}),
        ("POST", f"/v1/scopes/{served.scope_id}/artifacts", {"family": "atomic-memory", "content": MEMORY}),
        ("GET", "/health/live", None),
    ):
        error = assert_error(served.http.request(method, path + "?x=1", json=body), 422, "invalid_request")
        assert error["details"]["violations"] == [{"path": "/query", "rule": "additionalProperties"}], path
    listed = served.http.get(f"/v1/scopes/{served.scope_id}/artifacts/atomic-memory").json()["items"]
    assert [item["artifact_id"] for item in listed] == [served.memory_id]  # the refused create wrote nothing


def test_a_declared_parameter_is_checked_first(served: Served) -> None:
    """A bad declared value under /v1/scopes/ is 400 (PowerContext validates declared values first),
    whatever else the query holds; list_scopes, at /v1/scopes, keeps 422."""
    path = f"/v1/scopes/{served.scope_id}/artifacts/atomic-memory?limit=0&unknown=1"
    error = assert_error(served.http.get(path), 400, "invalid_request")
    assert [v["path"] for v in error["details"]["violations"]] == ["/query/limit"]
    assert_error(served.http.get("/v1/scopes?limit=0&unknown=1"), 422, "invalid_request")


def _tag(served: Served, artifact_id: str, *tags: str) -> None:
    current = served.http.get(served.at(artifact_id) + "/tags").headers["etag"]
    tagged = served.http.put(served.at(artifact_id) + "/tags", json={"tags": list(tags)}, headers={"If-Match": current})
    assert tagged.status_code == 200, tagged.text


def test_tag_match_is_checked_like_powercontexts(served: Served) -> None:
    """list_artifacts declares PowerContext's tag filter: a tag_match that is not all/any is a bad
    declared value (400 under /v1/scopes/), tag_match without a tag 422; the two other listings do
    not declare it (422, like any undeclared parameter)."""
    listing = f"/v1/scopes/{served.scope_id}/artifacts/atomic-memory"
    error = assert_error(served.http.get(listing + "?tag=a&tag_match=not-a-valid-value"), 400, "invalid_request")
    assert error["details"]["violations"] == [{"path": "/query/tag_match", "rule": "enum"}]
    assert_error(served.http.get(listing + "?tag_match=not-a-valid-value"), 400, "invalid_request")
    error = assert_error(served.http.get(listing + "?tag_match=any"), 422, "invalid_request")
    assert error["details"]["violations"] == [{"path": "/query/tag_match", "rule": "requires_tag"}]
    for other in ("/v1/scopes", served.at(served.memory_id) + "/revisions"):
        assert_error(served.http.get(other + "?tag_match=not-a-valid-value"), 422, "invalid_request")


def test_list_artifacts_filters_by_tag_across_pages(served: Served) -> None:
    made = [
        served.http.post(
            f"/v1/scopes/{served.scope_id}/artifacts",
            json={"family": "atomic-memory", "content": {"kind": "fact", "text": f"tagged {n}"}},
        ).json()["artifact_id"]
        for n in range(4)
    ]
    _tag(served, made[0], "Deploy", "ops")
    _tag(served, made[1], "deploy")
    _tag(served, made[2], "ops")
    listing = f"/v1/scopes/{served.scope_id}/artifacts/atomic-memory"

    def ids(query: str) -> list[str]:
        response = served.http.get(listing + query)
        assert response.status_code == 200, response.text
        return [item["artifact_id"] for item in response.json()["items"]]

    assert ids("?tag=DEPLOY") == sorted(made[:2])  # by key, as tags are compared
    assert ids("?tag=deploy&tag=ops") == [made[0]]  # all, the default
    assert ids("?tag=deploy&tag=ops&tag_match=any") == sorted(made[:3])
    assert ids("?tag=nothing-carries-this") == []
    pages, cursor = [], None
    while True:
        page = served.http.get(
            listing + "?tag=deploy&tag=ops&tag_match=any&limit=1" + (f"&cursor={cursor}" if cursor else "")
        )
        pages += [item["artifact_id"] for item in page.json()["items"]]
        cursor = page.json()["next_cursor"]
        if cursor is None:
            break
    assert pages == sorted(made[:3])
    first = served.http.get(listing + "?tag=ops&limit=1").json()["next_cursor"]
    assert_error(served.http.get(listing + f"?tag=deploy&limit=1&cursor={first}"), 400, "invalid_cursor")
    error = assert_error(served.http.get(listing + "?tag=%20ops"), 400, "invalid_request")  # outer whitespace
    assert [v["path"] for v in error["details"]["violations"]] == ["/query/tag/0"]


@pytest.mark.parametrize(
    "raw", [b'{"family": "atomic-memory", "content": {"kind": "fact", "text": "caf\xe9"}}', b"\xff\xfe{}"]
)
def test_a_body_that_is_not_utf8_is_400(served: Served, raw: bytes) -> None:
    response = served.http.post(
        f"/v1/scopes/{served.scope_id}/artifacts", content=raw, headers={"content-type": "application/json"}
    )
    error = assert_error(response, 400, "invalid_request")
    assert error["details"]["violations"] == [{"path": "", "rule": "utf8"}]


def test_the_body_limit_is_16_mib_by_default_and_configurable(tmp_path: Path) -> None:
    assert Settings().max_body_bytes == 16 * 1024 * 1024
    configured = load_settings(environ={"PCRECEIPT_MAX_BODY_BYTES": "70000", "PCRECEIPT_DATA_DIR": str(tmp_path)})
    assert configured.max_body_bytes == 70000
    store_dir = tmp_path / "default"
    store_dir.mkdir()
    with running(create_app(Settings(data_dir=store_dir))) as url, httpx.Client(base_url=url, timeout=120) as http:
        scope = http.post("/v1/scopes", json={"title": "Big", "summary": "Big bodies", "idempotency_key": "big"})
        path = f"/v1/scopes/{scope.json()['scope_id']}/artifacts"
        text = "x" * (12 * 1024 * 1024)  # over the old 8 MiB: read whole, then judged by the contract
        big = http.post(path, json={"family": "atomic-memory", "content": {"kind": "fact", "text": text}})
        error = assert_error(big, 422, "invalid_request")
        assert {"path": "/content/text", "rule": "maxLength"} in error["details"]["violations"]
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {16 * 1024 * 1024 + 1}\r\n\r\n"
        ).encode()
        status, body = status_and_envelope(raw_exchange(url, head))  # refused before a byte of it is sent
        assert status == 413 and body["error"]["code"] == "request_too_large"
        assert "16777216" in body["error"]["message"]
    small_dir = tmp_path / "small"
    small_dir.mkdir()
    with (
        running(create_app(Settings(data_dir=small_dir, max_body_bytes=70000))) as url,
        httpx.Client(base_url=url) as http,
    ):
        refused = http.post("/v1/context/prepare", json={"scope_id": "s", "query": "x" * 80000})
        assert_error(refused, 413, "request_too_large")
