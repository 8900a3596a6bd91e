"""Tag filters in search_memory (``tag_filter``) and search_atomic_memory (``tags``/``tag_match``)
over real HTTP on every engine: applied before ranks and the limit, matched by key, and (a
property) every hit carries all the filter's tags under ``all`` and at least one under ``any``."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.fakes import FakeInference
from _support.servers import new_scope, running
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.config import EmbeddingSettings, Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store
from pcreceipt.store.tags import tag_key

SEARCH = "/v1/memory/search"
ATOMIC_SEARCH = "/v1/atomic-memory/search"
VOCABULARY = ("ops", "Release", "review", "bootstrap-context")


def remember(http: httpx.Client, scope_id: str, text: str, kind: str = "fact") -> str:
    response = http.post("/v1/memory/remember", json={"scope_id": scope_id, "kind": kind, "text": text})
    assert response.status_code == 200, response.text
    return str(response.json()["records"][0]["artifact"]["artifact_id"])


def tag(http: httpx.Client, scope_id: str, artifact_id: str, tags: list[str]) -> None:
    path = f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/tags"
    etag = http.get(path).headers["ETag"]
    assert http.put(path, json={"tags": tags}, headers={"If-Match": etag}).status_code == 200


def hit_ids(response: httpx.Response) -> list[str]:
    assert response.status_code == 200, response.text
    return [hit["memory"]["artifact"]["artifact_id"] for hit in response.json()["hits"]]


def test_the_filter_applies_before_ranks_and_the_limit(http: httpx.Client) -> None:
    scope_id = new_scope(http, "before-limit")
    for index in range(25):  # better matches, untagged
        remember(http, scope_id, f"WAL WAL checkpoint fact number {index}")
    wanted = remember(http, scope_id, "We keep WAL mode")
    tag(http, scope_id, wanted, ["Bootstrap-Context"])
    body: dict[str, Any] = {"scope_id": scope_id, "query": "WAL checkpoint", "limit": 1}
    filtered = http.post(SEARCH, json={**body, "tag_filter": {"tags": ["bootstrap-context"]}})
    assert hit_ids(filtered) == [wanted] and filtered.json()["hits"][0]["score"] == 1 / 61
    atomic = http.post(ATOMIC_SEARCH, json={**body, "tags": ["BOOTSTRAP-CONTEXT"]})
    assert hit_ids(atomic) == [wanted] and atomic.json()["hits"][0]["score"] == 1 / 61
    assert hit_ids(http.post(SEARCH, json=body)) != [wanted]
    nothing = http.post(SEARCH, json={**body, "tag_filter": {"tags": ["unused"], "match": "any"}})
    assert hit_ids(nothing) == []


def test_all_any_kind_and_inactive_memories(http: httpx.Client) -> None:
    scope_id = new_scope(http, "all-any")
    both = remember(http, scope_id, "deploy note one")
    ops = remember(http, scope_id, "deploy note two", kind="decision")
    forgotten = remember(http, scope_id, "deploy note three")
    tag(http, scope_id, both, ["ops", "release"])
    tag(http, scope_id, ops, ["ops"])
    tag(http, scope_id, forgotten, ["ops", "release"])
    target = {"artifact": {"family": "atomic-memory", "artifact_id": forgotten, "revision": 1}, "state_version": 0}
    forget = {"scope_id": scope_id, "target": target, "state": "forgotten"}
    assert http.post("/v1/atomic-memory/lifecycle", json=forget).status_code == 200
    query: dict[str, Any] = {"scope_id": scope_id, "query": "deploy note", "limit": 50}
    every = http.post(SEARCH, json={**query, "tag_filter": {"tags": ["OPS", "Release"], "match": "all"}})
    assert hit_ids(every) == [both]
    some = set(hit_ids(http.post(SEARCH, json={**query, "tag_filter": {"tags": ["release", "ops"], "match": "any"}})))
    assert some == {both, ops}
    decisions = http.post(ATOMIC_SEARCH, json={**query, "tags": ["ops"], "tag_match": "any", "kind": "decision"})
    assert hit_ids(decisions) == [ops]
    unfiltered = http.post(ATOMIC_SEARCH, json={**query, "tags": [], "tag_match": "any"})
    assert set(hit_ids(unfiltered)) == {both, ops}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    labels=st.lists(st.sets(st.sampled_from(VOCABULARY)), min_size=1, max_size=6),
    wanted=st.sets(st.sampled_from(VOCABULARY), min_size=1),
    match=st.sampled_from(["all", "any"]),
    limit=st.integers(min_value=1, max_value=8),
)
def test_every_hit_carries_the_filters_tags(
    http: httpx.Client, labels: list[set[str]], wanted: set[str], match: str, limit: int
) -> None:
    scope_id = new_scope(http, "property-" + uuid.uuid4().hex)
    carried: dict[str, set[str]] = {}
    for index, tags in enumerate(labels):
        artifact_id = remember(http, scope_id, f"shared words entry {index}")
        tag(http, scope_id, artifact_id, sorted(tags))
        carried[artifact_id] = {tag_key(t) for t in tags}
    keys = {tag_key(t) for t in wanted}
    admitted = {a for a, have in carried.items() if (keys <= have if match == "all" else keys & have)}
    body = {"scope_id": scope_id, "query": "shared words", "limit": limit}
    for response in (
        http.post(SEARCH, json={**body, "tag_filter": {"tags": sorted(wanted), "match": match}}),
        http.post(ATOMIC_SEARCH, json={**body, "tags": sorted(wanted), "tag_match": match}),
    ):
        found = hit_ids(response)
        assert set(found) <= admitted
        assert len(found) == min(limit, len(admitted))  # the filter ran before the limit
        for artifact_id in found:
            if match == "all":
                assert keys <= carried[artifact_id]
            else:
                assert keys & carried[artifact_id]


@pytest.fixture
def embedded(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    with FakeInference() as fake:
        embedding = EmbeddingSettings(base_url=fake.base_url, model="fake-embed", dimensions=64, timeout_seconds=2.0)
        app = create_app(Settings(data_dir=tmp_path, embedding=embedding), store=engine_store)
        with running(app) as url, httpx.Client(base_url=url, timeout=10) as client:
            yield client


def test_the_vector_channel_is_filtered_too(embedded: httpx.Client) -> None:
    scope_id = new_scope(embedded, "hybrid")
    best = remember(embedded, scope_id, "SQLite runs in WAL mode")
    tagged = remember(embedded, scope_id, "SQLite files live in the data directory")
    tag(embedded, scope_id, tagged, ["storage"])
    body = {"scope_id": scope_id, "query": "SQLite WAL", "mode": "hybrid", "limit": 1}
    unfiltered = embedded.post(SEARCH, json=body)
    assert hit_ids(unfiltered) == [best]
    filtered = embedded.post(SEARCH, json={**body, "tag_filter": {"tags": ["Storage"]}})
    assert hit_ids(filtered) == [tagged]
    assert filtered.json()["mode"] == "hybrid" and filtered.json()["hits"][0]["score"] == 2 / 61
    vector = embedded.post(ATOMIC_SEARCH, json={**body, "mode": "vector", "tags": ["storage"]})
    assert hit_ids(vector) == [tagged] and vector.json()["hits"][0]["matched_by"] == ["vector"]
