"""query_artifact_tags over real HTTP on every engine, as PowerContext 1.4.1 answers it: matches
by tag key (all or any), each with its whole tag set and head revision, in family then
artifact_id order, active artifacts unless include_inactive, paged with a cursor bound to the
query; legacy Memory refused with 422 legacy_memory_operation_unsupported; parsed with 1.4.1's
own closed models."""

from __future__ import annotations

import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
from _support.servers import assert_error, new_scope
from _support.tokens import token_server
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.contract import gate


def query_path(scope_id: str) -> str:
    return f"/v1/scopes/{scope_id}/artifact-tags/query"


def remember(http: httpx.Client, scope_id: str, text: str) -> str:
    response = http.post("/v1/memory/remember", json={"scope_id": scope_id, "kind": "fact", "text": text})
    assert response.status_code == 200, response.text
    return str(response.json()["records"][0]["artifact"]["artifact_id"])


def tag(http: httpx.Client, scope_id: str, artifact_id: str, tags: list[str], family: str = "atomic-memory") -> None:
    path = f"/v1/scopes/{scope_id}/artifacts/{family}/{artifact_id}/tags"
    etag = http.get(path).headers["ETag"]
    changed = http.put(path, json={"tags": tags}, headers={"If-Match": etag})
    assert changed.status_code == 200, changed.text


def query(http: httpx.Client, scope_id: str, **body: Any) -> dict[str, Any]:
    response = http.post(query_path(scope_id), json=body)
    assert response.status_code == 200, response.text
    page: dict[str, Any] = response.json()
    assert gate.check_schema("ArtifactTagPage", page) == []
    return page


def ids(page: dict[str, Any]) -> list[str]:
    return [item["target"]["artifact_id"] for item in page["items"]]


def test_all_any_and_the_answer(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http, key=uuid.uuid4().hex)
    first, second, third = (remember(http, scope_id, f"memory {n}") for n in range(3))
    tag(http, scope_id, first, ["Billing", "payments"])
    tag(http, scope_id, second, ["billing"])
    tag(http, scope_id, third, ["Ops"])
    topic = http.post(
        f"/v1/scopes/{scope_id}/artifacts",
        json={"family": "topic-memory", "content": {"title": "Billing", "summary": "s", "detail": "d"}},
    ).json()["artifact_id"]
    tag(http, scope_id, topic, ["BILLING"], family="topic-memory")

    both = query(http, scope_id, tags=["billing", "PAYMENTS"])
    powercontext_models.ArtifactTagPage.model_validate(both)  # 1.4.1's closed models
    assert ids(both) == [first] and both["next_cursor"] is None
    item = both["items"][0]
    assert item["tags"] == ["Billing", "payments"] and item["scope_id"] == scope_id
    assert item["target"] == {"type": "artifact", "family": "atomic-memory", "artifact_id": first}
    assert item["reference"] == {"family": "atomic-memory", "artifact_id": first, "revision": 1}
    assert (
        item["tag_digest"]
        == http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{first}/tags").json()["tag_digest"]
    )

    anyone = query(http, scope_id, tags=["billing", "ops"], match="any")
    assert [(i["target"]["family"], i["target"]["artifact_id"]) for i in anyone["items"]] == [
        *(("atomic-memory", a) for a in sorted([first, second, third])),
        ("topic-memory", topic),
    ]
    assert ids(query(http, scope_id, tags=["billing"], families=["topic-memory"])) == [topic]
    assert ids(query(http, scope_id, tags=["billing"], families=["skill", "handoff"])) == []
    assert ids(query(http, scope_id, tags=["nothing"])) == []

    replaced = http.put(
        f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{first}",
        json={"content": {"kind": "fact", "text": "memory 0, revised"}},
        headers={"If-Match": '"revision:1"'},
    )
    assert replaced.status_code == 200, replaced.text
    assert query(http, scope_id, tags=["payments"])["items"][0]["reference"]["revision"] == 2


def test_inactive_artifacts_only_when_asked(http: httpx.Client) -> None:
    scope_id = new_scope(http, key=uuid.uuid4().hex)
    kept, forgotten = remember(http, scope_id, "kept"), remember(http, scope_id, "forgotten")
    for artifact_id in (kept, forgotten):
        tag(http, scope_id, artifact_id, ["release"])
    changed = http.post(
        "/v1/atomic-memory/lifecycle",
        json={
            "scope_id": scope_id,
            "target": {
                "artifact": {"family": "atomic-memory", "artifact_id": forgotten, "revision": 1},
                "state_version": 0,
            },
            "state": "forgotten",
        },
    )
    assert changed.status_code == 200, changed.text
    assert ids(query(http, scope_id, tags=["release"])) == [kept]
    assert ids(query(http, scope_id, tags=["release"], include_inactive=True)) == sorted([kept, forgotten])


def test_pages_and_cursors(http: httpx.Client) -> None:
    scope_id = new_scope(http, key=uuid.uuid4().hex)
    made = sorted(remember(http, scope_id, f"paged {n}") for n in range(5))
    for artifact_id in made:
        tag(http, scope_id, artifact_id, ["paged"])
    seen: list[str] = []
    page = query(http, scope_id, tags=["paged"], limit=2)
    while True:
        seen += ids(page)
        if page["next_cursor"] is None:
            break
        page = query(http, scope_id, tags=["paged"], limit=2, cursor=page["next_cursor"])
    assert seen == made
    cursor = query(http, scope_id, tags=["paged"], limit=2)["next_cursor"]
    other = http.post(query_path(scope_id), json={"tags": ["paged"], "match": "any", "cursor": cursor})
    assert_error(other, 400, "invalid_cursor")
    assert_error(http.post(query_path(scope_id), json={"tags": ["paged"], "cursor": "forged"}), 400, "invalid_cursor")


def test_refusals(http: httpx.Client) -> None:
    scope_id = new_scope(http, key=uuid.uuid4().hex)
    for body in ({"tags": ["a"], "families": ["memory"]}, {"tags": ["a"], "target_types": ["memory_entry"]}):
        error = assert_error(http.post(query_path(scope_id), json=body), 422, "legacy_memory_operation_unsupported")
        assert error["details"]["operation"] == "tag query" and error["details"]["name"] == "memory"
    refused = assert_error(http.post(query_path(scope_id), json={"tags": ["ok", " spaced"]}), 422, "invalid_request")
    assert refused["details"]["violations"] == [{"path": "/tags/1", "rule": "tag_whitespace"}]
    duplicate = assert_error(http.post(query_path(scope_id), json={"tags": ["A", "a"]}), 422, "invalid_request")
    assert duplicate["details"]["violations"] == [{"path": "/tags/1", "rule": "tag_duplicate"}]
    for body in (
        {},
        {"tags": []},
        {"tags": ["a"], "limit": 0},
        {"tags": ["a"], "families": ["x"]},
        {"tags": ["a"], "x": 1},
    ):
        assert_error(http.post(query_path(scope_id), json=body), 422, "invalid_request")
    assert_error(http.post(query_path("scp_missing"), json={"tags": ["a"]}), 404, "scope_not_found")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    assigned=st.lists(st.sets(st.sampled_from(["a", "b", "c", "d"]), max_size=3), min_size=1, max_size=5),
    wanted=st.sets(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=3),
    match=st.sampled_from(["all", "any"]),
    limit=st.integers(min_value=1, max_value=3),
)
def test_matches_are_exactly_the_tagged_artifacts(
    http: httpx.Client, assigned: list[set[str]], wanted: set[str], match: str, limit: int
) -> None:
    """Random tag sets: the pages together are exactly the artifacts matching all/any, in order, once."""
    scope_id = new_scope(http, key=uuid.uuid4().hex)
    tagged: dict[str, set[str]] = {}
    for n, tags in enumerate(assigned):
        artifact_id = remember(http, scope_id, f"random {n}")
        tag(http, scope_id, artifact_id, sorted(t.upper() if n % 2 else t for t in tags))
        tagged[artifact_id] = tags
    expected = sorted(a for a, t in tagged.items() if (wanted <= t if match == "all" else wanted & t))
    seen: list[str] = []
    body: dict[str, Any] = {"tags": sorted(wanted), "match": match, "limit": limit}
    while True:
        page = query(http, scope_id, **body)
        assert len(page["items"]) <= limit
        seen += ids(page)
        if page["next_cursor"] is None:
            break
        body["cursor"] = page["next_cursor"]
    assert seen == expected


def test_grants(tmp_path: Path) -> None:
    with token_server(tmp_path) as server:
        with server.client(server.issue([("*", "admin")])) as admin:
            readable, hidden = new_scope(admin, "readable"), new_scope(admin, "hidden")
            tag(admin, readable, remember(admin, readable, "seen"), ["t"])
        with server.client(server.issue([(readable, "read")])) as reader:
            assert len(query(reader, readable, tags=["t"])["items"]) == 1
            assert_error(reader.post(query_path(hidden), json={"tags": ["t"]}), 403, "forbidden")
        with server.client(None) as anonymous:
            assert_error(anonymous.post(query_path(readable), json={"tags": ["t"]}), 401, "unauthorized")
