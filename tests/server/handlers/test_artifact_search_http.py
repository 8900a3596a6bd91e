"""search_artifacts over real HTTP on every engine: each Family 1.4.1 searches (atomic-memory,
topic-memory, experience, skill) through the store's retrieval, answers parsed with PowerContext
1.4.1's own closed models, the rank-based scores (docs/decisions.md, "Artifact search"), the
lexical admission floor, filters, fusion weights, min_score, and the Family and field refusals."""

from __future__ import annotations

import base64
import io
import zipfile
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.candidates import SKILL, approved_artifact
from _support.fakes import FakeInference
from _support.servers import assert_error, new_scope
from hypothesis import given
from hypothesis import strategies as st

from pcreceipt.server.handlers import artifact_search
from pcreceipt.server.handlers.artifact_search import Plan, fuse
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ArtifactRef, Hit


def search_path(scope_id: str, family: str) -> str:
    return f"/v1/scopes/{scope_id}/artifacts/{family}/search"


def search(http: httpx.Client, scope_id: str, family: str, query: str, **fields: Any) -> list[dict[str, Any]]:
    response = http.post(search_path(scope_id, family), json={"query": query, **fields})
    assert response.status_code == 200, response.text
    return list(response.json()["results"])


def create(http: httpx.Client, scope_id: str, family: str, content: dict[str, Any]) -> dict[str, Any]:
    response = http.post(f"/v1/scopes/{scope_id}/artifacts", json={"family": family, "content": content})
    assert response.status_code == 201, response.text
    return dict(response.json())


def memory(http: httpx.Client, scope_id: str, text: str, kind: str = "fact") -> dict[str, Any]:
    return create(
        http, scope_id, "atomic-memory", {"schema": "powercontext.atomic-memory.v1", "kind": kind, "text": text}
    )


def test_families_unknown_and_unsearchable(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    for family in ("nonsense", "memory", "code"):
        assert_error(http.post(search_path(scope_id, family), json={"query": "x"}), 404, "artifact_family_not_found")
    for family in ("handoff", "profile", "prompt"):
        error = assert_error(
            http.post(search_path(scope_id, family), json={"query": "x"}), 422, "artifact_search_not_supported"
        )
        assert error["details"] == {"field": "family"}
    assert_error(http.post(search_path("no-such-scope", "experience"), json={"query": "x"}), 404, "scope_not_found")


def test_atomic_memory_text_scores_and_filters(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    first = memory(http, scope_id, "The deploy uses blue green switching.")
    second = memory(http, scope_id, "Rollback of a deploy takes five minutes.", kind="procedure")
    memory(http, scope_id, "Lunch is at noon.")
    response = http.post(search_path(scope_id, "atomic-memory"), json={"query": "deploy", "include_scores": True})
    assert response.status_code == 200, response.text
    powercontext_models.SearchArtifactsResponse.model_validate_json(response.content)
    results = response.json()["results"]
    assert {r["artifact_id"] for r in results} == {first["artifact_id"], second["artifact_id"]}
    top, other = results
    assert top["scores"] == {
        "retrieval": 1.0,
        "channels": {"text": {"raw": 1, "metric": "rank", "higher_is_better": False}},
    }
    assert other["scores"]["retrieval"] == pytest.approx(61 / 62)
    assert other["scores"]["channels"]["text"]["raw"] == 2
    assert top["family"] == "atomic-memory" and top["revision"] == 1
    assert top["content"]["schema"] == "powercontext.atomic-memory.v1"
    assert set(top["lineage"]) == {"sources", "artifacts", "publication_source", "publication_digest"}
    assert "scores" not in search(http, scope_id, "atomic-memory", "deploy")[0]
    kind = search(http, scope_id, "atomic-memory", "deploy", filters={"kind": "procedure"})
    assert [r["artifact_id"] for r in kind] == [second["artifact_id"]]
    assert len(search(http, scope_id, "atomic-memory", "deploy", limit=1)) == 1
    assert [r["artifact_id"] for r in search(http, scope_id, "atomic-memory", "deploy", min_score=0.99)] == [
        top["artifact_id"]
    ]
    assert search(http, scope_id, "atomic-memory", "nothing matches this") == []
    tagged = search(http, scope_id, "atomic-memory", "deploy", filters={"tags": ["release"], "tag_match": "any"})
    assert tagged == []


def test_lexical_admission_floor(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    one_term = memory(http, scope_id, "The cache is warm.")
    many = memory(http, scope_id, "The cache and queue share a worker pool under load.")
    query = "cache queue worker pool"
    assert [r["artifact_id"] for r in search(http, scope_id, "atomic-memory", query)] == [many["artifact_id"]]
    relaxed = {"lexical_coverage": 0, "lexical_min_matched_terms": 1}
    found = {r["artifact_id"] for r in search(http, scope_id, "atomic-memory", query, admission=relaxed)}
    assert found == {one_term["artifact_id"], many["artifact_id"]}


def test_topic_memory_channels_and_weights(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    topic = {"title": "Storage engine", "summary": "Which storage engine we use.", "detail": "The storage is SQLite."}
    both = create(http, scope_id, "topic-memory", topic)
    detail = {"title": "Backups", "summary": "Nightly backups.", "detail": "Backups copy the storage files."}
    only_detail = create(http, scope_id, "topic-memory", detail)
    response = http.post(search_path(scope_id, "topic-memory"), json={"query": "storage", "include_scores": True})
    assert response.status_code == 200, response.text
    powercontext_models.SearchArtifactsResponse.model_validate_json(response.content)
    results = response.json()["results"]
    assert [r["artifact_id"] for r in results] == [both["artifact_id"], only_detail["artifact_id"]]
    assert results[0]["scores"]["retrieval"] == 1.0
    assert set(results[0]["scores"]["channels"]) == {"topic_fts", "detail_fts"}
    assert set(results[1]["scores"]["channels"]) == {"detail_fts"}
    assert results[1]["scores"]["retrieval"] == pytest.approx((1 / 62) / (2 / 61))
    assert results[0]["content"] == topic
    weighted = {"method": "rrf", "params": {"weights": {"topic_fts": 0}}}
    by_detail = search(http, scope_id, "topic-memory", "storage", fusion=weighted, include_scores=True)
    # a zero weight adds nothing, but a result the channel ranked still names it (1.4.1's evidence)
    assert [set(r["scores"]["channels"]) for r in by_detail] == [{"topic_fts", "detail_fts"}, {"detail_fts"}]
    assert [r["scores"]["retrieval"] for r in by_detail] == [1.0, pytest.approx(61 / 62)]
    for body, path in (
        ({"mode": "vector"}, "/mode"),
        ({"mode": "hybrid"}, "/mode"),
        ({"limit": 21}, "/limit"),
        ({"filters": {"kind": "x"}}, "/filters/kind"),
        ({"fusion": {"method": "max"}}, "/fusion/method"),
        ({"fusion": {"method": "rrf", "params": {"weights": {"text": 1}}}}, "/fusion/params/weights/text"),
        ({"fusion": {"method": "rrf", "params": {"weights": {"topic_fts": 0, "detail_fts": 0}}}}, None),
        # past what a float holds: refused at the field, where the fusion had overflowed (a 500)
        ({"fusion": {"method": "rrf", "params": {"rank_constant": 10**400}}}, "/fusion"),
        ({"fusion": {"method": "rrf", "params": {"weights": {"topic_fts": 10**400}}}}, "/fusion"),
        ({"fusion": {"method": "rrf", "params": {"weights": {"a/b~": 1}}}}, "/fusion/params/weights/a~1b~0"),
        ({"admission": {"min_semantic_similarity": 0.5}}, "/admission/min_semantic_similarity"),
        ({"rerank": {}}, "/rerank"),
        ({"query": " ".join(f"word{i}" for i in range(65))}, "/query"),
    ):
        error = assert_error(
            http.post(search_path(scope_id, "topic-memory"), json={"query": "storage", **body}), 422, "invalid_request"
        )
        if path is not None:
            assert error["details"]["violations"][0]["path"] == path


def test_experience_and_skill(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    experience = approved_artifact(http, scope_id, "experience")
    skill = approved_artifact(http, scope_id, "skill")
    for family, query, made in (("experience", "stale lock file", experience), ("skill", "packaging check", skill)):
        response = http.post(search_path(scope_id, family), json={"query": query, "include_scores": True})
        assert response.status_code == 200, response.text
        powercontext_models.SearchArtifactsResponse.model_validate_json(response.content)
        (result,) = response.json()["results"]
        assert (result["family"], result["artifact_id"], result["revision"]) == (
            made["family"],
            made["artifact_id"],
            made["revision"],
        )
        assert result["lineage"]["sources"] and result["lineage"]["sources"][0]["source_type"] == "content"
        assert result["scores"]["channels"] == {"text": {"raw": 1, "metric": "rank", "higher_is_better": False}}
        assert search(http, scope_id, family, "nothing matches this") == []
        for body in ({"mode": "hybrid"}, {"fusion": {"method": "rrf"}}, {"filters": {"kind": "x"}}, {"limit": 200}):
            status = 200 if body == {"limit": 200} else 422
            assert http.post(search_path(scope_id, family), json={"query": query, **body}).status_code == status
    skill_result = search(http, scope_id, "skill", "release branch")[0]
    # a proposed Skill is stored as its package's SKILL.md reads back: the validation items listed in the instructions
    content = skill_result["content"]
    assert (content["name"], content["description"], content["validation"]) == (SKILL["name"], SKILL["description"], [])
    assert content["instructions"].startswith(SKILL["instructions"])
    assert content["instructions"].endswith("## Validation\n\n- " + SKILL["validation"][0])
    long_query = "x" * 2001
    assert_error(http.post(search_path(scope_id, "skill"), json={"query": long_query}), 422, "invalid_request")
    assert search(http, scope_id, "experience", long_query) == []


def test_a_package_backed_skill_is_found_by_its_package(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    manifest = "---\nname: webhook-replay\ndescription: Replay failed deliveries.\n---\n\nList them first.\n"
    files = {
        "SKILL.md": manifest,
        "references/notes.md": "The dead-letter queue is drained hourly.",
        "scripts/run.sh": "zebra",
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    body = {"scope_id": scope_id, "archive_base64": base64.b64encode(out.getvalue()).decode("ascii")}
    candidate = http.post("/v1/skill/package/propose", json=body).json()
    decision = {
        "scope_id": scope_id,
        "candidate_id": candidate["candidate_id"],
        "expected_version": candidate["version"],
    }
    approved = http.post("/v1/candidates/approve", json=decision)
    assert approved.status_code == 200, approved.text
    skill_id = approved.json()["result_artifact"]["artifact_id"]
    assert [r["artifact_id"] for r in search(http, scope_id, "skill", "drained hourly")] == [skill_id]
    assert [r["artifact_id"] for r in search(http, scope_id, "skill", "scripts")] == [skill_id]  # a file's path
    assert search(http, scope_id, "skill", "zebra") == []  # a script's text is not searched


def test_atomic_vector_modes_need_an_embedder(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    for mode in ("vector", "hybrid"):
        error = assert_error(
            http.post(search_path(scope_id, "atomic-memory"), json={"query": "deploy", "mode": mode}),
            422,
            "artifact_search_not_supported",
        )
        assert error["details"] == {"field": "mode"}
    for body, path in (
        ({"limit": 101}, "/limit"),
        ({"mode": "fts"}, "/mode"),
        ({"filters": {"tag_match": "any"}}, "/filters/tag_match"),
        ({"filters": {"tags": [" padded"]}}, "/filters/tags/0"),
        ({"admission": {"min_semantic_similarity": 0.1}}, "/admission/min_semantic_similarity"),
        ({"mode": "vector", "admission": {"lexical_coverage": 0.5}}, "/admission/lexical_coverage"),
        ({"fusion": {"method": "rrf", "params": {"weights": {"vector": 1}}}}, "/fusion/params/weights/vector"),
    ):
        error = assert_error(
            http.post(search_path(scope_id, "atomic-memory"), json={"query": "deploy", **body}), 422, "invalid_request"
        )
        assert error["details"]["violations"][0]["path"] == path


def test_atomic_vector_and_hybrid_with_an_embedder(embedded: httpx.Client, fake: FakeInference) -> None:
    scope_id = new_scope(embedded)
    texts = ["SQLite runs in WAL mode", "Deploys happen on Fridays", "The release train leaves weekly"]
    made = [memory(embedded, scope_id, text)["artifact_id"] for text in texts]
    hybrid = search(embedded, scope_id, "atomic-memory", "SQLite WAL", mode="hybrid", include_scores=True)
    assert hybrid[0]["artifact_id"] == made[0] and hybrid[0]["scores"]["retrieval"] == 1.0
    assert set(hybrid[0]["scores"]["channels"]) == {"text", "vector"}
    assert all(set(r["scores"]["channels"]) == {"vector"} for r in hybrid[1:])
    assert hybrid[1]["scores"]["retrieval"] == pytest.approx((1 / 62) / (2 / 61))
    vector = search(embedded, scope_id, "atomic-memory", "SQLite WAL", mode="vector", include_scores=True)
    assert vector[0]["artifact_id"] == made[0]
    assert vector[0]["scores"]["channels"] == {"vector": {"raw": 1, "metric": "rank", "higher_is_better": False}}
    weighted = {"method": "rrf", "params": {"weights": {"vector": 0}}}
    text_only = search(embedded, scope_id, "atomic-memory", "SQLite WAL", mode="hybrid", fusion=weighted)
    assert [r["artifact_id"] for r in text_only] == [made[0]]
    fake.configure("embeddings", mode="down")
    response = embedded.post(search_path(scope_id, "atomic-memory"), json={"query": "SQLite", "mode": "hybrid"})
    assert_error(response, 503, "inference_unavailable")
    assert [r["artifact_id"] for r in search(embedded, scope_id, "atomic-memory", "SQLite")] == [made[0]]


def _plan(channels: tuple[str, ...], weights: dict[str, float], limit: int, min_score: float | None) -> Plan:
    return Plan("q", limit, "hybrid", channels, 60, weights, 0.25, 2, min_score, True)


@given(
    st.lists(st.sampled_from("abcdefgh"), unique=True, max_size=8),
    st.lists(st.sampled_from("abcdefgh"), unique=True, max_size=8),
    st.one_of(st.just(0.0), st.floats(min_value=0.01, max_value=3)),
    st.integers(min_value=1, max_value=10),
    st.one_of(st.none(), st.floats(min_value=0, max_value=1)),
)
def test_fusion_is_normalised_ordered_and_bounded(
    text: list[str], vector: list[str], weight: float, limit: int, min_score: float | None
) -> None:
    def hits(ids: list[str]) -> list[Hit]:
        return [Hit(ArtifactRef("s", "atomic-memory", i, 1), {}) for i in ids]

    found = fuse(
        _plan(("text", "vector"), {"vector": weight}, limit, min_score), {"text": hits(text), "vector": hits(vector)}
    )
    retrievals = [f.retrieval for f in found]
    assert all(0 < r <= 1 for r in retrievals) and retrievals == sorted(retrievals, reverse=True)
    assert len(found) <= limit and len({f.hit.ref for f in found}) == len(found)
    assert min_score is None or all(r >= min_score for r in retrievals)
    findable = set(text) | (set(vector) if weight > 0 else set())
    assert {f.hit.ref.artifact_id for f in found} <= findable
    if text and min_score is None and (weight == 0 or (vector and vector[0] == text[0])):
        assert found[0].hit.ref.artifact_id == text[0] and found[0].retrieval == 1.0


def test_a_skill_search_matches_each_skill_s_text_once(http: httpx.Client, monkeypatch: pytest.MonkeyPatch) -> None:
    scope_id = new_scope(http)
    skill = approved_artifact(http, scope_id, "skill")
    texts_matched: list[int] = []
    match = artifact_search.matched_terms

    def counted(query: str, texts: Sequence[str]) -> tuple[int, list[int]]:
        texts_matched.append(len(texts))
        return match(query, texts)

    monkeypatch.setattr(artifact_search, "matched_terms", counted)
    assert [r["artifact_id"] for r in search(http, scope_id, "skill", "packaging check")] == [skill["artifact_id"]]
    assert texts_matched == [1]  # the floor and the order share one match of the one Skill's text


def test_results_read_their_revisions_together(
    http: httpx.Client, engine_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    scope_id = new_scope(http)
    made = [memory(http, scope_id, f"The deploy step {n} is checked.") for n in range(3)]
    asked: list[list[ArtifactRef]] = []
    read = engine_store.get_revisions
    monkeypatch.setattr(engine_store, "get_revisions", lambda refs: asked.append(list(refs)) or read(refs))
    monkeypatch.setattr(engine_store, "get_revision", None)  # not one read per result
    found = search(http, scope_id, "atomic-memory", "deploy")
    assert sorted(r["artifact_id"] for r in found) == sorted(m["artifact_id"] for m in made)
    assert [len(refs) for refs in asked] == [3]
