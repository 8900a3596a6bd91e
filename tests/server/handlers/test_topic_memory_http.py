"""search_topic_memory and get_topic_memory over real HTTP on every engine: answers parsed with
PowerContext 1.4.1's own closed models, the two full-text channels with their normalised
reciprocal-rank scores, the detail snippet, exact revisions with their Sources, and bad input."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.servers import assert_error, new_scope

SEARCH = "/v1/topic-memory/search"
GET = "/v1/topic-memory/get"


def topic(http: httpx.Client, scope_id: str, title: str, summary: str, detail: str) -> dict[str, Any]:
    content = {"title": title, "summary": summary, "detail": detail}
    response = http.post(f"/v1/scopes/{scope_id}/artifacts", json={"family": "topic-memory", "content": content})
    assert response.status_code == 201, response.text
    body = response.json()
    return {"family": body["family"], "artifact_id": body["artifact_id"], "revision": body["revision"]}


def search(http: httpx.Client, scope_id: str, query: str, **fields: Any) -> dict[str, Any]:
    response = http.post(SEARCH, json={"scope_id": scope_id, "query": query, **fields})
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_search_ranks_topic_and_detail_channels(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    both = topic(http, scope_id, "Storage engine", "Which storage engine we use.", "The storage engine is SQLite.")
    title_only = topic(http, scope_id, "Storage budget", "How much disk the storage may take.", "Ten gigabytes.")
    detail_only = topic(http, scope_id, "Backups", "Nightly backups.", "Backups copy the storage files at night.")
    topic(http, scope_id, "Release", "Weekly releases.", "Releases ship on Fridays.")
    response = http.post(SEARCH, json={"scope_id": scope_id, "query": "storage"})
    assert response.status_code == 200
    parsed = powercontext_models.SearchTopicMemoryResponse.model_validate_json(response.content)
    assert parsed.mode.value == "fts"
    hits = response.json()["hits"]
    assert hits[0]["artifact"] == both and hits[0]["matched_by"] == ["topic_fts", "detail_fts"]
    assert hits[0]["score"] == 1.0
    assert hits[0]["snippet"] == "The storage engine is SQLite."
    assert (hits[0]["title"], hits[0]["summary"]) == ("Storage engine", "Which storage engine we use.")
    by_id = {h["artifact"]["artifact_id"]: h for h in hits}
    assert set(by_id) == {both["artifact_id"], title_only["artifact_id"], detail_only["artifact_id"]}
    only_title = by_id[title_only["artifact_id"]]
    only_detail = by_id[detail_only["artifact_id"]]
    assert only_title["matched_by"] == ["topic_fts"] and only_title["snippet"] is None
    assert only_detail["matched_by"] == ["detail_fts"] and only_detail["snippet"]
    # each single-channel hit is second in its channel: (1/62) / (2/61)
    assert only_title["score"] == pytest.approx(61 / 124) and only_detail["score"] == pytest.approx(61 / 124)
    assert [h["artifact"]["artifact_id"] for h in search(http, scope_id, "storage", limit=1)["hits"]] == [
        both["artifact_id"]
    ]
    assert search(http, scope_id, "nothing matches this")["hits"] == []
    assert search(http, new_scope(http, "empty"), "storage")["hits"] == []


def test_search_sees_current_heads_only(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    made = topic(http, scope_id, "Cache", "The cache policy.", "Entries expire after an hour.")
    path = f"/v1/scopes/{scope_id}/artifacts/topic-memory/{made['artifact_id']}"
    content = {"title": "Cache", "summary": "The cache policy.", "detail": "Entries never expire."}
    replaced = http.put(path, json={"content": content}, headers={"If-Match": '"revision:1"'})
    assert replaced.status_code == 200, replaced.text
    hits = search(http, scope_id, "expire")["hits"]
    assert [h["artifact"]["revision"] for h in hits] == [2]
    assert hits[0]["snippet"] == "Entries never expire."


def test_get_reads_the_exact_revision_with_its_sources(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    made = topic(http, scope_id, "Cache", "The cache policy.", "Entries expire after an hour.")
    response = http.post(GET, json={"scope_id": scope_id, "artifact": made})
    assert response.status_code == 200, response.text
    powercontext_models.TopicMemoryArtifact.model_validate_json(response.content)
    body = response.json()
    assert body["artifact"] == made and body["detail"] == "Entries expire after an hour."
    assert (body["title"], body["summary"]) == ("Cache", "The cache policy.")
    assert [ref["name"] for ref in body["source_refs"]] == ["content"]
    read = http.get(f"/v1/scopes/{scope_id}/artifacts/topic-memory/{made['artifact_id']}").json()
    assert [s["source_id"] for s in read["sources"]] == [ref["source_id"] for ref in body["source_refs"]]
    assert_error(
        http.post(GET, json={"scope_id": scope_id, "artifact": {**made, "revision": 2}}), 404, "artifact_not_found"
    )
    assert_error(http.post(GET, json={"scope_id": "scp_missing", "artifact": made}), 404, "scope_not_found")
    error = assert_error(
        http.post(GET, json={"scope_id": scope_id, "artifact": {**made, "family": "atomic-memory"}}),
        422,
        "invalid_request",
    )
    assert error["details"]["violations"] == [{"path": "/artifact/family", "rule": "topic_memory_family"}]


def test_bad_searches_are_clear_4xx(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    for query in [" storage", "storage ", "\n", ""]:
        assert_error(http.post(SEARCH, json={"scope_id": scope_id, "query": query}), 422, "invalid_request")
    for limit in [0, 21]:
        body = {"scope_id": scope_id, "query": "x", "limit": limit}
        assert_error(http.post(SEARCH, json=body), 422, "invalid_request")
    assert_error(http.post(SEARCH, json={"scope_id": "scp_missing", "query": "x"}), 404, "scope_not_found")
    assert search(http, scope_id, "a\n b")["hits"] == []
