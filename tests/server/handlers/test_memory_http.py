"""remember_memory and search_memory over real HTTP on every engine: answers parsed with PowerContext
1.4.1's own closed models, the release smoke test's steps, reciprocal-rank scores, the lineage
Source a remember records, bad input that writes nothing, and the vector channels with the loopback
fake embedder (and without one: a 422, never a 5xx)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import httpx
from _support.fakes import FakeInference
from _support.servers import assert_error, new_scope
from hypothesis import given
from hypothesis import strategies as st

from pcreceipt.server.handlers.memory import fuse
from pcreceipt.store.records import ArtifactRef, Hit

REMEMBER = "/v1/memory/remember"
SEARCH = "/v1/memory/search"
ATOMIC_SEARCH = "/v1/atomic-memory/search"
SMOKE_TEXT = "PowerContext release verification stores and retrieves this exact memory."


def remember(http: httpx.Client, scope_id: str, text: str, kind: str = "fact", **fields: Any) -> dict[str, Any]:
    response = http.post(REMEMBER, json={"scope_id": scope_id, "kind": kind, "text": text, **fields})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["changed"] is True and len(body["records"]) == 1
    return dict(body["records"][0])


def search(http: httpx.Client, scope_id: str, query: str, **fields: Any) -> dict[str, Any]:
    response = http.post(SEARCH, json={"scope_id": scope_id, "query": query, **fields})
    assert response.status_code == 200, response.text
    return dict(response.json())


def heads(http: httpx.Client, scope_id: str) -> list[str]:
    response = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory")
    assert response.status_code == 200
    return [item["artifact_id"] for item in response.json()["items"]]


def test_the_release_smoke_steps_parse_as_the_official_models(
    http: httpx.Client, powercontext_models: ModuleType
) -> None:
    scope_id = new_scope(http, "Release verification")
    response = http.post(REMEMBER, json={"scope_id": scope_id, "kind": "fact", "text": SMOKE_TEXT})
    assert response.status_code == 200
    remembered = powercontext_models.MemoryMutationResponse.model_validate_json(response.content)
    assert remembered.changed and [r.text for r in remembered.records] == [SMOKE_TEXT]
    record = response.json()["records"][0]
    assert list(record) == ["artifact", "kind", "text", "state", "state_version", "merged_into_id"]
    assert record["artifact"]["family"] == "atomic-memory" and record["artifact"]["revision"] == 1
    assert record["artifact"]["artifact_id"].startswith("art_")
    assert (record["kind"], record["state"], record["state_version"], record["merged_into_id"]) == (
        "fact",
        "active",
        0,
        None,
    )
    query = {"scope_id": scope_id, "query": "release verification retrieves", "mode": "fts"}
    found = http.post(SEARCH, json=query)
    assert found.status_code == 200
    parsed = powercontext_models.SearchMemoryResponse.model_validate_json(found.content)
    assert [hit.memory.text for hit in parsed.hits] == [SMOKE_TEXT]
    assert found.json() == {"mode": "text", "hits": [{"memory": record, "score": 1 / 61, "matched_by": ["text"]}]}
    # the artifact a remember makes is the artifact API's too
    stored = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{record['artifact']['artifact_id']}")
    assert stored.json()["content"] == {
        "schema": "powercontext.atomic-memory.v1",
        "kind": "fact",
        "text": SMOKE_TEXT,
        "creation": None,
    }


def test_remember_normalises_never_deduplicates_and_takes_a_position(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    first = remember(http, scope_id, "  Cafe\u0301 opens at nine.  ", reason="the user said so")
    assert first["text"] == "Caf\u00e9 opens at nine."
    second = remember(http, scope_id, "Caf\u00e9 opens at nine.", expected_revision=None, reason=None)
    assert second["artifact"]["artifact_id"] != first["artifact"]["artifact_id"]
    assert second["text"] == first["text"]
    assert sorted(heads(http, scope_id)) == sorted(r["artifact"]["artifact_id"] for r in (first, second))
    # each remember recorded a lineage Source: a host's next capture takes position 3
    capture = {"scope_id": scope_id, "source_id": "after-remember", "content": "Next prompt"}
    receipt = http.post("/v1/sources/content", json=capture)
    assert receipt.status_code == 202 and receipt.json()["position"] == 3
    # lineage Sources need no extraction; the captured prompt does (no generation model here)
    assert_error(http.post("/v1/memory/flush", json={"scope_id": scope_id}), 503, "inference_unavailable")
    hits = search(http, scope_id, "opens nine")["hits"]
    assert len(hits) == 2 and {h["memory"]["artifact"]["artifact_id"] for h in hits} == set(heads(http, scope_id))


def test_search_ranks_by_reciprocal_rank_over_active_memory_only(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    texts = ["SQLite runs in WAL mode", "The WAL file is checkpointed hourly", "Deploys happen on Fridays"]
    records = [remember(http, scope_id, text) for text in texts]
    found = search(http, scope_id, "WAL")
    assert found["mode"] == "text"
    assert [h["score"] for h in found["hits"]] == [1 / 61, 1 / 62]
    assert {h["memory"]["text"] for h in found["hits"]} == set(texts[:2])
    assert all(h["matched_by"] == ["text"] for h in found["hits"])
    assert [h["memory"]["text"] for h in search(http, scope_id, "WAL", limit=1)["hits"]] == [
        found["hits"][0]["memory"]["text"]
    ]
    forgotten = records[0]
    change = {"scope_id": scope_id, "target": {"artifact": forgotten["artifact"], "state_version": 0}}
    assert http.post("/v1/atomic-memory/lifecycle", json={**change, "state": "forgotten"}).status_code == 200
    after = search(http, scope_id, "WAL", mode="auto", tag_filter=None)
    assert [h["memory"]["text"] for h in after["hits"]] == [texts[1]]
    assert len(search(http, scope_id, "WAL", limit=1.0)["hits"]) == 1  # an integer, as JSON Schema reads 1.0
    assert search(http, scope_id, "kubernetes")["hits"] == []
    assert search(http, scope_id, "the")["hits"] == []  # no terms, no hits
    other = new_scope(http, "another")
    assert search(http, other, "WAL") == {"mode": "text", "hits": []}


def test_bad_input_is_a_clear_4xx_and_writes_nothing(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    missing = "scp_missing_memory"
    assert_error(http.post(REMEMBER, json={"scope_id": missing, "kind": "fact", "text": "x"}), 404, "scope_not_found")
    assert_error(http.post(SEARCH, json={"scope_id": missing, "query": "x"}), 404, "scope_not_found")
    refused: list[dict[str, Any]] = [
        {"kind": "fact", "text": "   "},
        {"kind": "fact", "text": "\u00e9" * 4097},  # 4097 characters, 8194 UTF-8 bytes
        {"kind": "fact", "text": "x" * 8193},
        {"kind": "", "text": "x"},
        {"kind": "k" * 129, "text": "x"},
        {"kind": "fact", "text": "x", "reason": "r" * 513},
        {"kind": "fact", "text": "x", "expected_revision": 0},
        {"kind": "fact"},
        {"kind": "fact", "text": "x", "extra": True},
    ]
    for body in refused:
        assert_error(http.post(REMEMBER, json={"scope_id": scope_id, **body}), 422, "invalid_request")
    error = assert_error(
        http.post(REMEMBER, json={"scope_id": scope_id, "kind": "fact", "text": "x", "expected_revision": 1}),
        422,
        "invalid_request",
    )
    assert error["details"]["violations"] == [{"path": "/expected_revision", "rule": "legacy_precondition_unsupported"}]
    assert heads(http, scope_id) == []
    for fields in ({"limit": 0}, {"limit": 51}, {"mode": "text"}, {"query": ""}, {"tag_filter": {"tags": []}}):
        assert_error(http.post(SEARCH, json={"scope_id": scope_id, "query": "x", **fields}), 422, "invalid_request")
    for mode in ("vector", "hybrid"):
        error = assert_error(
            http.post(SEARCH, json={"scope_id": scope_id, "query": "x", "mode": mode}), 422, "invalid_request"
        )
        assert error["details"]["violations"] == [{"path": "/mode", "rule": "embedder_required"}]
    tagged = {"scope_id": scope_id, "query": "x", "tag_filter": {"tags": ["ok", "OK"], "match": "any"}}
    error = assert_error(http.post(SEARCH, json=tagged), 422, "invalid_request")
    assert error["details"]["violations"] == [{"path": "/tag_filter/tags/1", "rule": "tag_duplicate"}]


def test_vector_and_hybrid_with_an_embedder(embedded: httpx.Client, fake: FakeInference) -> None:
    scope_id = new_scope(embedded)
    texts = ["SQLite runs in WAL mode", "Deploys happen on Fridays", "The release train leaves weekly"]
    for text in texts:
        remember(embedded, scope_id, text)
    hybrid = search(embedded, scope_id, "SQLite WAL", mode="hybrid")
    assert hybrid["mode"] == "hybrid"
    top = hybrid["hits"][0]
    assert top["memory"]["text"] == texts[0] and top["matched_by"] == ["text", "vector"]
    assert top["score"] == 1 / 61 + 1 / 61
    assert all(h["matched_by"] == ["vector"] for h in hybrid["hits"][1:])
    assert search(embedded, scope_id, "SQLite WAL")["mode"] == "hybrid"  # auto takes both channels
    vector = search(embedded, scope_id, "SQLite WAL", mode="vector")
    assert vector["mode"] == "vector" and vector["hits"][0]["matched_by"] == ["vector"]
    assert vector["hits"][0]["score"] == 1 / 61 and vector["hits"][0]["memory"]["text"] == texts[0]
    assert search(embedded, scope_id, "SQLite WAL", mode="fts")["mode"] == "text"
    fake.configure("embeddings", mode="down")
    for mode in ("vector", "hybrid"):
        response = embedded.post(SEARCH, json={"scope_id": scope_id, "query": "SQLite", "mode": mode})
        assert_error(response, 503, "inference_unavailable")
    fallback = search(embedded, scope_id, "SQLite")
    assert fallback["mode"] == "text" and [h["memory"]["text"] for h in fallback["hits"]] == [texts[0]]
    # a remember while the embedder is down still writes (without a vector)
    assert remember(embedded, scope_id, "Written while the embedder is down")["text"].startswith("Written")


def _hit(artifact_id: str) -> Hit:
    return Hit(ArtifactRef("scp", "atomic-memory", artifact_id, 1), {})


@given(
    st.lists(st.sampled_from("abcdefgh"), unique=True, max_size=8),
    st.lists(st.sampled_from("abcdefgh"), unique=True, max_size=8),
    st.integers(min_value=1, max_value=16),
)
def test_fusion_sums_reciprocal_ranks(text: list[str], vector: list[str], limit: int) -> None:
    fused = fuse([("text", [_hit(i) for i in text]), ("vector", [_hit(i) for i in vector])], limit)
    assert len(fused) == min(limit, len(set(text) | set(vector)))
    scores = [score for _, score, _ in fused]
    assert scores == sorted(scores, reverse=True)
    for hit, score, matched_by in fused:
        identity = hit.ref.artifact_id
        expected = [name for name, ids in (("text", text), ("vector", vector)) if identity in ids]
        assert matched_by == expected
        ranks = [ids.index(identity) + 1 for ids in (text, vector) if identity in ids]
        assert score == sum(1 / (60 + rank) for rank in ranks)


def test_search_atomic_memory_filters_kind_before_ranks_and_limit(
    http: httpx.Client, powercontext_models: ModuleType
) -> None:
    scope_id = new_scope(http)
    for index in range(30):  # 30 facts that match better than the decision
        remember(http, scope_id, f"WAL WAL checkpoint fact number {index}")
    decision = remember(http, scope_id, "We keep WAL mode", kind="decision")
    response = http.post(ATOMIC_SEARCH, json={"scope_id": scope_id, "query": "WAL checkpoint", "kind": "decision"})
    assert response.status_code == 200, response.text
    powercontext_models.SearchAtomicMemoryResponse.model_validate_json(response.content)
    assert response.json() == {"mode": "text", "hits": [{"memory": decision, "score": 1 / 61, "matched_by": ["text"]}]}
    default = http.post(ATOMIC_SEARCH, json={"scope_id": scope_id, "query": "WAL", "tags": [], "tag_match": "all"})
    assert default.status_code == 200 and len(default.json()["hits"]) == 20  # the default limit
    assert len(http.post(ATOMIC_SEARCH, json={"scope_id": scope_id, "query": "WAL", "limit": 100}).json()["hits"]) == 31
    for fields in ({"limit": 101}, {"mode": "fts"}, {"mode": "auto"}, {"kind": ""}, {"tags": ["t"] * 17}):
        body = {"scope_id": scope_id, "query": "WAL", **fields}
        assert_error(http.post(ATOMIC_SEARCH, json=body), 422, "invalid_request")
    for fields, path, rule in (
        ({"tags": [" padded"]}, "/tags/0", "tag_whitespace"),
        ({"mode": "vector"}, "/mode", "embedder_required"),
        ({"mode": "hybrid"}, "/mode", "embedder_required"),
    ):
        error = assert_error(
            http.post(ATOMIC_SEARCH, json={"scope_id": scope_id, "query": "WAL", **fields}), 422, "invalid_request"
        )
        assert error["details"]["violations"] == [{"path": path, "rule": rule}]
    missing = {"scope_id": "scp_missing_memory", "query": "WAL"}
    assert_error(http.post(ATOMIC_SEARCH, json=missing), 404, "scope_not_found")


def test_search_atomic_memory_with_an_embedder(embedded: httpx.Client) -> None:
    scope_id = new_scope(embedded)
    remember(embedded, scope_id, "SQLite runs in WAL mode", kind="decision")
    remember(embedded, scope_id, "SQLite files live in the data directory")
    hybrid = embedded.post(
        ATOMIC_SEARCH, json={"scope_id": scope_id, "query": "SQLite WAL", "mode": "hybrid", "kind": "fact"}
    )
    assert hybrid.status_code == 200, hybrid.text
    body = hybrid.json()
    assert body["mode"] == "hybrid" and [h["memory"]["kind"] for h in body["hits"]] == ["fact"]
    assert body["hits"][0]["matched_by"] == ["text", "vector"] and body["hits"][0]["score"] == 2 / 61
    text = embedded.post(ATOMIC_SEARCH, json={"scope_id": scope_id, "query": "SQLite WAL"}).json()
    assert text["mode"] == "text" and text["hits"][0]["memory"]["text"] == "SQLite runs in WAL mode"
