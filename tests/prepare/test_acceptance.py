"""One named test per acceptance case of the Receipt contract (CONTRACT.md §6).

Everything here is real: an SQLite file, the runtime, the builder, the assembler, and — where a
provider is involved — an OpenAI-compatible server on loopback that can be slow, down or wrong
on purpose. The HTTP-level cases (four keys on the wire) are in tests/e2e.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import unicodedata
from typing import Any

import pytest
from _support.engines import raw_sql
from _support.fakes import FakeInference
from _support.receipts import (
    CountingStore,
    embedding_settings,
    experience,
    generation_settings,
    memory,
    model_rerank,
    omitted,
    prepare,
    runtime,
    scope,
    searches,
    selected_ids,
    settings,
    topic,
)

from pcreceipt.config import ExpansionSettings, RerankSettings
from pcreceipt.digests import sha256_hex, wire_bytes
from pcreceipt.prepare.render import parse_citations
from pcreceipt.prepare.rerank import RerankResult
from pcreceipt.store.protocol import Store
from pcreceipt.store.writer import ArtifactWriter

SQLITE_NOTES = [
    "We chose SQLite as the embedded default store for single users.",
    "SQLite runs in WAL mode so readers never block the writer.",
    "The SQLite file lives in the per-user data directory.",
]


def corpus(store: Store, scope_id: str, notes: list[str] = SQLITE_NOTES) -> list[str]:
    return [memory(store, scope_id, text) for text in notes]


# -- empty, ready, truncated, deduplicated ---------------------------------------------------------


def test_empty_result_carries_a_receipt_flagging_every_requested_family(store: Store) -> None:
    project = scope(store)
    response = prepare(runtime(store), project.scope_id, "anything at all", include_receipt=True)
    assert response["status"] == "empty" and response["content"] is None
    receipt = response["receipt"]
    assert receipt["content_digest"] is None and receipt["used_bytes"] == 0 and receipt["selected"] == []
    assert omitted(receipt) == {
        ("atomic-memory", "not_retrieved"): 1,
        ("experience", "not_retrieved"): 1,
        ("topic-memory", "not_retrieved"): 1,
    }


def test_ready_result_receipt_matches_the_injected_bytes(store: Store) -> None:
    project = scope(store)
    ids = corpus(store, project.scope_id)
    response = prepare(runtime(store), project.scope_id, "Why SQLite?", include_receipt=True)
    receipt = response["receipt"]
    assert response["status"] == "ready"
    assert receipt["used_bytes"] == response["content_bytes"] == len(response["content"].encode())
    assert {i[2] for i in selected_ids(receipt)} <= set(ids)
    assert sum(item["rendered_bytes"] for item in receipt["selected"]) < response["content_bytes"]


def test_truncated_item_is_recorded_on_the_item_not_as_an_omission(store: Store) -> None:
    project = scope(store)
    memory(store, project.scope_id, "SQLite decision: " + "the reasoning goes on and on. " * 200)
    response = prepare(runtime(store), project.scope_id, "SQLite decision", max_bytes=700, include_receipt=True)
    receipt = response["receipt"]
    assert receipt["truncated"] is True and receipt["selected"][0]["truncated"] is True
    assert ("atomic-memory", "below_min_bytes") not in omitted(receipt)
    assert response["content_bytes"] <= 700


def test_deduplicated_candidates_across_rounds_are_counted(store: Store) -> None:
    project = scope(store)
    memory(store, project.scope_id, "alpha beta gamma")
    memory(store, project.scope_id, "alpha only here")
    response = prepare(runtime(store), project.scope_id, "alpha beta", include_receipt=True)
    receipt = response["receipt"]
    assert [r["round"] for r in receipt["retrieval"]["rounds"]] == [0, 1, 2]
    # round 0 (all terms) finds the first note; rounds 1 and 2 find it again
    assert omitted(receipt)[("atomic-memory", "duplicate")] >= 2
    assert len(receipt["selected"]) == 2


# -- rerank ------------------------------------------------------------------------------------------


def test_reranked_with_a_deterministic_reranker(store: Store) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    rt = runtime(store, settings(rerank=RerankSettings(kind="lexical")))
    receipt = prepare(rt, project.scope_id, "SQLite WAL", include_receipt=True)["receipt"]
    (config,) = receipt["retrieval"]["rerank_configs"]
    assert config["model"] is None and config["prompt"] is None and config["non_deterministic"] is False
    assert config["policy_id"] == "pcreceipt.rerank.lexical-overlap.v1"
    assert {g["outcome"] for g in receipt["retrieval"]["reranks"]} == {"selected"}
    assert receipt["non_deterministic"] is False


def test_reranked_by_a_model_is_non_deterministic_even_at_temperature_zero(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    config = settings(generation=generation_settings(fake), rerank=model_rerank())
    receipt = prepare(runtime(store, config, fake=fake), project.scope_id, "SQLite WAL", include_receipt=True)[
        "receipt"
    ]
    (rerank_config,) = receipt["retrieval"]["rerank_configs"]
    assert rerank_config["effective_settings"]["temperature"] == 0
    assert rerank_config["non_deterministic"] is True and receipt["non_deterministic"] is True
    assert rerank_config["model"] == "fake/chat-1"
    sent = [r.json for r in fake.requests_to("/v1/chat/completions")]
    assert sent and all(body["temperature"] == 0 for body in sent)


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("slow", "inference_timeout"),
        ("down", "inference_unavailable"),
        ("invalid", "invalid_output"),
        ("empty", "empty_selection"),
    ],
)
def test_rerank_failures_fall_back_to_the_coarse_order(
    store: Store, fake: FakeInference, mode: str, reason: str
) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    fake.configure("chat", mode=mode, delay=1.0, invalid="content")
    config = settings(generation=generation_settings(fake, timeout_seconds=0.2), rerank=model_rerank())
    response = prepare(runtime(store, config, fake=fake), project.scope_id, "SQLite", include_receipt=True)
    groups = response["receipt"]["retrieval"]["reranks"]
    assert {(g["outcome"], g["fallback_reason"]) for g in groups} == {("fallback", reason)}
    assert response["receipt"]["non_deterministic"] is True
    assert response["status"] == "ready"


def test_rerank_failure_can_drop_the_family_by_policy(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    fake.configure("chat", mode="down")
    config = settings(generation=generation_settings(fake), rerank=model_rerank(on_failure="drop_family"))
    receipt = prepare(runtime(store, config, fake=fake), project.scope_id, "SQLite", include_receipt=True)["receipt"]
    assert {g["outcome"] for g in receipt["retrieval"]["reranks"]} == {"failed"}
    assert ("atomic-memory", "rerank_not_selected") in omitted(receipt)
    assert not any(i["kind"] == "atomic-memory" for i in receipt["selected"])


# -- fallback ------------------------------------------------------------------------------------------


def test_inference_fallback_reports_the_cause_and_explain_adds_reason(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    fake.configure("embeddings", mode="slow", delay=1.0)
    config = settings(embedding=embedding_settings(fake, timeout_seconds=0.2))
    response = prepare(
        runtime(store, config, fake=fake), project.scope_id, "SQLite", include_receipt=True, explain=True
    )
    assert response["reason"] == "inference_timeout"
    assert (0, "atomic-memory", "fts", "completed", "inference_timeout") in searches(response["receipt"])


def test_every_family_searched_after_the_failure_in_the_same_round_reports_the_cause(
    store: Store, fake: FakeInference
) -> None:
    """The vector channel fails once per Scope; the other families of that round report the same
    error class (not a reuse, which only a later round can do) and the Receipt stays valid."""
    project = scope(store)
    corpus(store, project.scope_id)
    topic(store, project.scope_id, "Storage", "SQLite is the default")
    fake.configure("embeddings", mode="down")
    config = settings(embedding=embedding_settings(fake))
    receipt = prepare(runtime(store, config, fake=fake), project.scope_id, "SQLite", include_receipt=True)["receipt"]
    round0 = {s for s in searches(receipt) if s[0] == 0 and s[2] != "none"}
    assert round0 == {
        (0, "atomic-memory", "fts", "completed", "inference_unavailable"),
        (0, "topic-memory", "fts", "completed", "inference_unavailable"),
    }
    assert fake.embeddings.calls == 1


def test_normal_fts_is_not_a_fallback(store: Store) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    response = prepare(runtime(store), project.scope_id, "SQLite", include_receipt=True, explain=True)
    assert "reason" not in response
    assert {s[4] for s in searches(response["receipt"])} == {"none"}
    assert (0, "atomic-memory", "fts", "completed", "none") in searches(response["receipt"])


def test_hybrid_and_fts_in_different_scopes_in_one_round(store: Store, fake: FakeInference) -> None:
    shared = scope(store, "shared")
    project = scope(store, "project", refs=(shared.scope_id,))
    config = settings(embedding=embedding_settings(fake))
    writer = ArtifactWriter(store, runtime(store, config, fake=fake).embedder)
    memory(writer, project.scope_id, "SQLite is our embedded store")
    memory(writer, shared.scope_id, "SQLite backups run nightly")
    fake.configure("embeddings", mode="down", fail_first=1)
    receipt = prepare(runtime(store, config, fake=fake), project.scope_id, "SQLite", include_receipt=True)["receipt"]
    round0 = {s for s in searches(receipt) if s[0] == 0 and s[1] == "atomic-memory"}
    assert round0 == {
        (0, "atomic-memory", "fts", "completed", "inference_unavailable"),
        (0, "atomic-memory", "hybrid", "completed", "none"),
    }


def test_a_later_round_reuses_the_fts_fallback_without_calling_the_embedder(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    memory(store, project.scope_id, "alpha beta")
    fake.configure("embeddings", mode="down")
    config = settings(embedding=embedding_settings(fake))
    rt = runtime(store, config, fake=fake)
    receipt = prepare(rt, project.scope_id, "alpha gamma", include_receipt=True)["receipt"]
    assert (1, "atomic-memory", "fts", "completed", "reused_fts_fallback") in searches(receipt)
    assert fake.embeddings.calls == 1


def test_explicit_vector_policy_that_cannot_embed_fails_the_family_softly(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    topic(store, project.scope_id, "Storage", "SQLite is the default")
    fake.configure("embeddings", mode="down")
    config = settings(embedding=embedding_settings(fake, mode="vector"))
    response = prepare(runtime(store, config, fake=fake), project.scope_id, "SQLite", include_receipt=True)
    assert (0, "atomic-memory", "vector", "failed", "inference_unavailable") in searches(response["receipt"])
    assert response["status"] == "empty"


# -- failure returns exactly the flag-off response ------------------------------------------------------


class EvidenceLessReranker:
    """An injected reranker that cannot describe its configuration."""

    def rerank(self, query: str, scope_id: str, bodies: Any, keep: int) -> RerankResult:
        return RerankResult(list(range(min(keep, len(bodies)))), "selected", "none", None)


def test_an_injected_reranker_without_evidence_fails_open(store: Store, caplog: pytest.LogCaptureFixture) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    rt = runtime(store, reranker=EvidenceLessReranker())
    plain = prepare(rt, project.scope_id, "SQLite WAL")
    with caplog.at_level(logging.WARNING, logger="pcreceipt.receipt"):
        asked = prepare(rt, project.scope_id, "SQLite WAL", include_receipt=True)
    assert asked == plain and list(asked) == ["schema", "status", "content", "content_bytes"]
    (event,) = [json.loads(r.getMessage()) for r in caplog.records]
    assert event["event"] == "receipt_dropped" and event["code"] == "missing_rerank_evidence"
    assert event["request_id"] == "0123456789abcdef"


def test_byte_overflow_drops_the_whole_receipt(store: Store, caplog: pytest.LogCaptureFixture) -> None:
    """26 identities with 120-character ids do not fit 8192 bytes: the whole Receipt goes."""
    scopes = [scope(store, f"s{i}") for i in range(7)]
    project = scope(store, "project", refs=tuple(s.scope_id for s in scopes))
    long_id = "x" * 120
    for n, s in enumerate([project, *scopes]):
        store.create_artifact(
            s.scope_id,
            "profile",
            {"content": "SQLite shop", "restored_from_revision": None},
            artifact_id=f"{long_id}p{n}",
        )
    for n in range(8):
        store.create_artifact(
            project.scope_id,
            "atomic-memory",
            {"kind": "fact", "text": f"SQLite note {n}"},
            artifact_id=f"{long_id}a{n}",
        )
        store.create_artifact(
            project.scope_id,
            "topic-memory",
            {"title": f"SQLite {n}", "summary": "SQLite", "detail": "SQLite"},
            artifact_id=f"{long_id}t{n}",
        )
    sections = [
        {"family": "memory", "limit": 8},
        {"family": "topic-memory", "limit": 8},
        {"family": "profile", "limit": 8},
    ]
    rt = runtime(store, settings(assembly_max_entries=26))
    fields: dict[str, Any] = {"max_bytes": 32768, "assembly": {"sections": sections}}
    plain = prepare(rt, project.scope_id, "SQLite", **fields)
    with caplog.at_level(logging.WARNING, logger="pcreceipt.receipt"):
        asked = prepare(rt, project.scope_id, "SQLite", include_receipt=True, **fields)
    assert asked == plain and len(parse_citations(plain["content"])) == 24
    (event,) = [json.loads(r.getMessage()) for r in caplog.records]
    assert event["code"] == "byte_budget_exceeded" and event["counts"]["bytes"] > 8192


# -- default recall, assemblies, code --------------------------------------------------------------------


def test_topic_memory_is_part_of_default_recall(store: Store) -> None:
    project = scope(store)
    topic(store, project.scope_id, "Storage engines", "SQLite by default, OceanBase for scale")
    receipt = prepare(runtime(store), project.scope_id, "storage engines", include_receipt=True)["receipt"]
    assert [i["kind"] for i in receipt["selected"]] == ["topic-memory"]
    assert (0, "topic-memory", "fts", "completed", "none") in searches(receipt)


def _mixed_corpus(store: Store, scopes: int) -> str:
    """``scopes`` Scopes (the first referencing the rest), each with a profile; the first with 8
    memories, 8 topics and 2 experiences."""
    others = [scope(store, f"ref{i}") for i in range(scopes - 1)]
    project = scope(store, "project", refs=tuple(s.scope_id for s in others))
    for s in [project, *others]:
        store.create_artifact(
            s.scope_id, "profile", {"content": f"Profile of {s.title}: SQLite shop.", "restored_from_revision": None}
        )
    for i in range(8):
        memory(store, project.scope_id, f"SQLite fact number {i}")
        topic(store, project.scope_id, f"SQLite topic {i}", f"About SQLite, part {i}")
    for i in range(2):
        experience(store, project.scope_id, f"SQLite lesson {i}")
    return project.scope_id


@pytest.mark.parametrize(("profile_limit", "expected"), [(0, 18), (8, 26)])
def test_mixed_assembly_selects_18_and_26_history_items(store: Store, profile_limit: int, expected: int) -> None:
    scope_id = _mixed_corpus(store, 8)
    sections = [
        {"family": "memory", "limit": 8},
        {"family": "topic-memory", "limit": 8},
        {"family": "experience", "limit": 2},
    ]
    if profile_limit:
        sections.append({"family": "profile", "limit": profile_limit})
    rt = runtime(store, settings(assembly_max_entries=26))
    response = prepare(rt, scope_id, "SQLite", max_bytes=32768, include_receipt=True, assembly={"sections": sections})
    receipt = response["receipt"]
    assert len(receipt["selected"]) == expected
    kinds = [i["kind"] for i in receipt["selected"]]
    assert kinds == sorted(kinds, key=["atomic-memory", "topic-memory", "experience", "profile"].index)
    assert len(wire_bytes(receipt)) <= 8192


def test_memory_selector_means_atomic_memory_searched_with_fts(store: Store) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    receipt = prepare(
        runtime(store),
        project.scope_id,
        "SQLite",
        include_receipt=True,
        assembly={"sections": [{"family": "memory", "limit": 2}]},
    )["receipt"]
    assert {i["kind"] for i in receipt["selected"]} == {"atomic-memory"}
    assert {(s[1], s[2]) for s in searches(receipt)} == {("atomic-memory", "fts")}


def _workspace(store: Store, scope_id: str) -> None:
    lines = [f"def handler_{i}(request):  # SQLite handler {i}" for i in range(120)]
    store.index_workspace(scope_id, [("src/app.py", "\n".join(lines).encode()), ("README.md", b"SQLite notes\n")], 0)


def test_code_only_result_reports_final_truncated_ranges_and_hashes(store: Store) -> None:
    project = scope(store)
    _workspace(store, project.scope_id)
    response = prepare(
        runtime(store),
        project.scope_id,
        "SQLite handler",
        max_bytes=1200,
        include_code=True,
        include_receipt=True,
        assembly={"sections": []},
    )
    receipt = response["receipt"]
    assert receipt["selected"] and all(i["kind"] == "code" for i in receipt["selected"])
    truncated = [i["code_evidence"] for i in receipt["selected"] if i["truncated"]]
    assert truncated, "the budget forces a shortened code range"
    for evidence in (i["code_evidence"] for i in receipt["selected"]):
        exact = store.read_code(
            evidence["scope_id"],
            evidence["fingerprint"],
            evidence["path"],
            evidence["file_sha256"],
            evidence["start_line"],
            evidence["end_line"],
        )
        assert exact is not None
        assert sha256_hex("\n".join(exact.lines).encode()) == evidence["snippet_sha256"]


def test_mixed_code_orders_history_origins_before_code_origins(store: Store) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    _workspace(store, project.scope_id)
    response = prepare(runtime(store), project.scope_id, "SQLite handler", include_code=True, include_receipt=True)
    receipt = response["receipt"]
    kinds = [i["kind"] for i in receipt["selected"]]
    assert "code" in kinds and kinds.index("code") == len([k for k in kinds if k != "code"])
    cited = [tuple(c) for c in parse_citations(response["content"])]
    assert cited == selected_ids(receipt)


def test_the_same_short_id_in_two_scopes_is_two_identities(store: Store) -> None:
    shared = scope(store, "shared")
    project = scope(store, "project", refs=(shared.scope_id,))
    for s in (project, shared):
        store.create_artifact(
            s.scope_id, "atomic-memory", {"kind": "fact", "text": "SQLite everywhere"}, artifact_id="decision-1"
        )
    receipt = prepare(runtime(store), project.scope_id, "SQLite", include_receipt=True)["receipt"]
    assert selected_ids(receipt) == [
        (project.scope_id, "atomic-memory", "decision-1", 1),
        (shared.scope_id, "atomic-memory", "decision-1", 1),
    ]


def test_exact_reads_of_selected_revisions_survive_forget_merge_and_retire(store: Store) -> None:
    project = scope(store)
    ids = corpus(store, project.scope_id)
    receipt = prepare(runtime(store), project.scope_id, "SQLite", include_receipt=True)["receipt"]
    before = {i: store.get_revision(project.scope_id, "atomic-memory", i, 1) for i in ids}
    heads = {i: store.get_atomic_memory_head(project.scope_id, i) for i in ids}
    store.change_lifecycle(
        project.scope_id, ids[0], revision=1, state_version=heads[ids[0]].state_version, state="forgotten"
    )  # type: ignore[union-attr]
    merged = store.merge_atomic_memories(
        project.scope_id,
        [(i, 1, heads[i].state_version) for i in ids[1:]],  # type: ignore[union-attr]
        {"kind": "fact", "text": "SQLite: WAL mode, per-user data directory."},
    )
    new = merged[-1]
    store.change_lifecycle(
        project.scope_id, new.ref.artifact_id, revision=1, state_version=new.state_version, state="retired"
    )
    for scope_id, family, artifact_id, revision in selected_ids(receipt):
        record = store.get_revision(scope_id, family, artifact_id, revision)
        assert record is not None and record == before[artifact_id]
        assert record.ref.artifact_id == artifact_id  # never the merge target


def test_content_digest_is_the_hash_of_the_returned_content(store: Store) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    response = prepare(runtime(store), project.scope_id, "SQLite", include_receipt=True)
    expected = "sha256:" + hashlib.sha256(response["content"].encode("utf-8")).hexdigest()
    assert response["receipt"]["content_digest"] == expected


def test_a_2731_character_cjk_query_over_8192_bytes_keeps_its_receipt(store: Store) -> None:
    project = scope(store)
    memory(store, project.scope_id, "数据库选择了嵌入式存储")
    query = "  " + "数据库" * 911 + "\u0065\u0301 "  # 2735 characters, NFC changes e + combining acute
    assert len(query) >= 2731 and len(query.encode()) > 8192
    response = prepare(runtime(store), project.scope_id, query, include_receipt=True)
    normalized = unicodedata.normalize("NFC", query).strip()
    assert response["receipt"]["query_digest"] == "sha256:" + hashlib.sha256(normalized.encode()).hexdigest()


# -- searches: zero-hit vs not-run, expansion --------------------------------------------------------------


def test_completed_zero_hit_differs_from_not_run(store: Store) -> None:
    project = scope(store)
    topic(store, project.scope_id, "Unrelated", "Nothing about databases")
    receipt = prepare(runtime(store), project.scope_id, "SQLite", include_receipt=True)["receipt"]
    found = searches(receipt)
    assert (0, "atomic-memory", "fts", "completed", "none") in found  # an empty store is a zero-hit search
    assert (0, "topic-memory", "fts", "completed", "none") in found  # a head exists, nothing matched
    assert (0, "experience", "none", "not_run", "none") in found  # no searchable head
    assert omitted(receipt)[("atomic-memory", "not_retrieved")] == 1


def test_failed_expansion_keeps_only_earlier_rounds(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    memory(store, project.scope_id, "alpha beta")
    fake.configure("chat", mode="down")
    config = settings(generation=generation_settings(fake), expansion=ExpansionSettings(kind="model"))
    receipt = prepare(runtime(store, config, fake=fake), project.scope_id, "alpha gamma delta", include_receipt=True)[
        "receipt"
    ]
    assert receipt["retrieval"]["rounds"] == [
        {"round": 0, "outcome": "completed", "retained": True},
        {"round": 1, "outcome": "expansion_failed", "retained": False},
    ]
    assert not any(s[0] == 1 and s[3] == "completed" for s in searches(receipt))
    assert receipt["non_deterministic"] is True  # the model was invoked, even though it failed
    assert any(stage["stage"] == "query.expand" for stage in receipt["stages"])


def test_model_expansion_round_is_searched_and_retained(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    memory(store, project.scope_id, "login failures are logged as authentication errors")
    config = settings(generation=generation_settings(fake), expansion=ExpansionSettings(kind="model"))
    receipt = prepare(runtime(store, config, fake=fake), project.scope_id, "login bug", include_receipt=True)["receipt"]
    assert receipt["retrieval"]["rounds"][1] == {"round": 1, "outcome": "completed", "retained": True}
    assert receipt["selected"], "the rewritten query (with synonyms) finds the memory"
    sent = json.dumps([r.json for r in fake.requests_to("/v1/chat/completions")])
    assert "login bug" in sent  # the query went to the model …
    assert "login bug" not in json.dumps(receipt)  # … and never into the Receipt


def test_abandoned_rounds_count_their_calls_but_not_their_candidates(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    memory(store, project.scope_id, "alpha beta")
    memory(store, project.scope_id, "alpha delta")
    fake.configure("chat", mode="down")
    config = settings(generation=generation_settings(fake), expansion=ExpansionSettings(kind="model"))
    receipt = prepare(runtime(store, config, fake=fake), project.scope_id, "alpha beta", include_receipt=True)[
        "receipt"
    ]
    counts = omitted(receipt)
    assert ("atomic-memory", "duplicate") not in counts  # round 1 never handed candidates over
    assert [i["kind"] for i in receipt["selected"]] == ["atomic-memory"]


# -- rerank configuration evidence --------------------------------------------------------------------------


def _two_scopes_with_notes(store: Store) -> tuple[str, str]:
    shared = scope(store, "shared")
    project = scope(store, "project", refs=(shared.scope_id,))
    corpus(store, project.scope_id)
    corpus(store, shared.scope_id)
    return project.scope_id, shared.scope_id


def _configs(store: Store, fake: FakeInference, config: Any, scope_id: str) -> list[dict[str, Any]]:
    receipt = prepare(runtime(store, config, fake=fake), scope_id, "SQLite WAL", include_receipt=True)["receipt"]
    return list(receipt["retrieval"]["rerank_configs"])


def test_inherited_and_separate_rerank_models_and_settings(store: Store, fake: FakeInference) -> None:
    project = scope(store).scope_id
    corpus(store, project)
    generation = generation_settings(fake, max_tokens=300, top_p=0.9)
    (inherited,) = _configs(store, fake, settings(generation=generation, rerank=model_rerank()), project)
    assert inherited["model"] == "fake/chat-1"
    assert inherited["effective_settings"]["max_tokens"] == 300 and inherited["effective_settings"]["top_p"] == 0.9
    separate_config = settings(generation=generation, rerank=model_rerank(model="fake/rerank-2", max_tokens=64))
    (separate,) = _configs(store, fake, separate_config, project)
    assert separate["model"] == "fake/rerank-2" and separate["effective_settings"]["max_tokens"] == 64
    assert separate["config_digest"] != inherited["config_digest"]


def test_distinct_scope_prompts_and_revisions_are_distinct_configs(store: Store, fake: FakeInference) -> None:
    project, shared = _two_scopes_with_notes(store)
    prompt = {
        "schema_version": "powercontext.prompt.v1",
        "mode": "custom",
        "instructions": "Rank by recency.",
        "demonstrations": [],
    }
    store.create_artifact(project, "prompt", prompt, prompt_key="memory.rerank")
    store.create_artifact(
        project, "prompt", {**prompt, "instructions": "Rank by relevance."}, prompt_key="memory.rerank"
    )
    configs = _configs(store, fake, settings(generation=generation_settings(fake), rerank=model_rerank()), project)
    prompts = {c["prompt"]["scope_id"]: c["prompt"] for c in configs}
    assert prompts[project]["selection"] == "artifact" and prompts[project]["selected_version"] == 2
    assert prompts[project]["artifact_address"]["artifact"]["revision"] == 2
    assert prompts[shared]["selection"] == "built_in" and prompts[shared]["artifact_address"] is None
    assert len({c["config_digest"] for c in configs}) == 2


def test_settings_or_compiled_prompt_change_the_config_digest(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    base = settings(generation=generation_settings(fake), rerank=model_rerank())
    (first,) = _configs(store, fake, base, project.scope_id)
    (again,) = _configs(store, fake, base, project.scope_id)
    (seeded,) = _configs(store, fake, dataclasses.replace(base, rerank=model_rerank(seed=7)), project.scope_id)
    prompt = {
        "schema_version": "powercontext.prompt.v1",
        "mode": "custom",
        "instructions": "Rank by recency.",
        "demonstrations": [],
    }
    store.create_artifact(project.scope_id, "prompt", prompt, prompt_key="memory.rerank")
    (custom,) = _configs(store, fake, base, project.scope_id)
    assert first["config_digest"] == again["config_digest"]
    assert len({first["config_digest"], seeded["config_digest"], custom["config_digest"]}) == 3
    assert custom["prompt"]["compiled_digest"] != first["prompt"]["compiled_digest"]


def test_repeated_configs_are_deduplicated(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    memory(store, project.scope_id, "alpha beta")
    memory(store, project.scope_id, "alpha delta")
    config = settings(generation=generation_settings(fake), rerank=model_rerank())
    receipt = prepare(runtime(store, config, fake=fake), project.scope_id, "alpha beta", include_receipt=True)[
        "receipt"
    ]
    assert len(receipt["retrieval"]["rerank_configs"]) == 1
    groups = receipt["retrieval"]["reranks"]
    assert len(groups) == 3 and all(g["config_id"] == groups[0]["config_id"] for g in groups)  # one per round


def test_more_rerank_configs_than_the_cap_drop_the_receipt(
    store: Store, fake: FakeInference, caplog: pytest.LogCaptureFixture
) -> None:
    others = [scope(store, f"s{i}") for i in range(8)]
    project = scope(store, "project", refs=tuple(s.scope_id for s in others))
    prompt = {"schema_version": "powercontext.prompt.v1", "mode": "custom", "instructions": "", "demonstrations": []}
    for i, s in enumerate([project, *others]):
        memory(store, s.scope_id, "SQLite WAL")
        store.create_artifact(
            s.scope_id, "prompt", {**prompt, "instructions": f"Rank variant {i}."}, prompt_key="memory.rerank"
        )
    config = settings(generation=generation_settings(fake), rerank=model_rerank())
    with caplog.at_level(logging.WARNING, logger="pcreceipt.receipt"):
        response = prepare(runtime(store, config, fake=fake), project.scope_id, "SQLite WAL", include_receipt=True)
    assert "receipt" not in response and response["status"] == "ready"
    (event,) = [json.loads(r.getMessage()) for r in caplog.records]
    assert event["code"] == "cap_exceeded" and event["counts"] == {"rerank_configs": 9}


# -- budget drops and empty-set flags ------------------------------------------------------------------------


def test_both_budget_drop_sub_counts(store: Store) -> None:
    project = scope(store)
    memory(store, project.scope_id, "SQLite " + "x" * 1900)  # big: truncated into the budget, or dropped
    memory(store, project.scope_id, "SQLite small note that is well under sixty-four")  # < 64 bytes
    memory(store, project.scope_id, "SQLite " + "y" * 1900)
    rt = runtime(store)
    receipt = prepare(rt, project.scope_id, "SQLite", max_bytes=900, include_receipt=True)["receipt"]
    counts = omitted(receipt)
    assert (
        counts.get(("atomic-memory", "below_min_bytes"), 0) + counts.get(("atomic-memory", "no_fitting_truncation"), 0)
        >= 1
    )
    receipt = prepare(rt, project.scope_id, "SQLite", max_bytes=512, include_receipt=True)["receipt"]
    counts = omitted(receipt)
    assert {("atomic-memory", "below_min_bytes"), ("atomic-memory", "no_fitting_truncation")} & set(counts)


def test_every_family_has_its_empty_set_flag(store: Store) -> None:
    project = scope(store)
    rt = runtime(store, settings(assembly_max_entries=26))
    sections = [{"family": f, "limit": 2} for f in ("memory", "topic-memory", "experience", "profile")]
    receipt = prepare(
        rt, project.scope_id, "anything", include_code=True, include_receipt=True, assembly={"sections": sections}
    )["receipt"]
    assert omitted(receipt) == {
        (family, "not_retrieved"): 1 for family in ("atomic-memory", "code", "experience", "profile", "topic-memory")
    }
    assert (0, "profile", "none", "not_run", "none") in searches(receipt)
    assert (0, "code", "none", "not_run", "none") in searches(receipt)


def test_not_retrieved_is_absent_when_candidates_were_all_dropped(store: Store) -> None:
    project = scope(store)
    memory(store, project.scope_id, "SQLite " + "z" * 1900)
    receipt = prepare(runtime(store), project.scope_id, "SQLite", max_bytes=512, include_receipt=True)["receipt"]
    assert ("atomic-memory", "not_retrieved") not in omitted(receipt)


# -- no extra work, no migration, no forbidden content ---------------------------------------------------------


def test_asking_for_a_receipt_adds_no_search_and_no_model_call(store: Store, fake: FakeInference) -> None:
    project = scope(store)
    corpus(store, project.scope_id)
    config = settings(embedding=embedding_settings(fake), generation=generation_settings(fake), rerank=model_rerank())
    counting = CountingStore(store)
    rt = runtime(counting, config, fake=fake)  # type: ignore[arg-type]
    prepare(rt, project.scope_id, "SQLite WAL")
    calls_off, provider_off = dict(counting.calls), len(fake.requests)
    counting.calls.clear()
    prepare(rt, project.scope_id, "SQLite WAL", include_receipt=True)
    assert dict(counting.calls) == calls_off
    assert len(fake.requests) - provider_off == provider_off
    assert "search_text" in calls_off and provider_off > 0


SCHEMA_QUERIES = {
    "sqlite": "SELECT type, name, sql FROM sqlite_master ORDER BY name",
    "oceanbase": "SELECT table_name, column_name, column_type FROM information_schema.columns "
    "WHERE table_schema = DATABASE() ORDER BY table_name, ordinal_position",
}
MIGRATIONS_QUERY = "SELECT * FROM schema_migrations ORDER BY 1"


def test_receipts_need_no_table_and_no_migration(store: Store, engine_name: str, tmp_path: Any) -> None:
    project = scope(store)
    corpus(store, project.scope_id)

    def schema() -> tuple[list[Any], list[Any]]:
        return raw_sql(engine_name, tmp_path, SCHEMA_QUERIES[engine_name]), raw_sql(
            engine_name, tmp_path, MIGRATIONS_QUERY
        )

    before = schema()
    assert before[0] and before[1]
    for _ in range(3):
        assert "receipt" in prepare(runtime(store), project.scope_id, "SQLite", include_receipt=True)
    assert schema() == before


def test_no_forbidden_content_in_receipts_or_diagnostics(
    store: Store, fake: FakeInference, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    canaries = {
        "query": "QCANARY4d1e",
        "body": "BCANARY9a7f",
        "prompt": "PCANARY3c2b",
        "secret": "SCANARY7e6d",
    }
    monkeypatch.setenv("RERANK_KEY", canaries["secret"])
    project = scope(store)
    memory(store, project.scope_id, f"SQLite {canaries['body']} storage note")
    prompt = {
        "schema_version": "powercontext.prompt.v1",
        "mode": "custom",
        "instructions": f"Rank {canaries['prompt']}.",
        "demonstrations": [],
    }
    store.create_artifact(project.scope_id, "prompt", prompt, prompt_key="memory.rerank")
    config = settings(generation=generation_settings(fake, api_key_env="RERANK_KEY"), rerank=model_rerank())
    rt = runtime(store, config, fake=fake)
    with caplog.at_level(logging.DEBUG):
        ok = prepare(rt, project.scope_id, f"SQLite {canaries['query']}", include_receipt=True)
        dropped = prepare(
            runtime(store, config, fake=fake, reranker=EvidenceLessReranker()),
            project.scope_id,
            f"SQLite {canaries['query']}",
            include_receipt=True,
        )
    assert "receipt" in ok and "receipt" not in dropped
    surfaces = json.dumps(ok["receipt"]) + "\n".join(r.getMessage() for r in caplog.records)
    for canary in canaries.values():
        assert canary not in surfaces
    assert canaries["body"] in ok["content"]  # the body is injected; only the Receipt must not carry it


# -- fault injection at every assembler step ------------------------------------------------------------------

ASSEMBLER_STEPS = [
    "rerank_evidence",
    "check_identities",
    "omitted_groups",
    "check_conservation",
    "search_groups",
    "selected_item",
    "stage_timings",
]


@pytest.mark.parametrize("step", ASSEMBLER_STEPS)
def test_an_exception_in_any_assembler_step_returns_the_flag_off_bytes(
    store: Store, step: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import pcreceipt.prepare.receipt as assembler

    project = scope(store)
    corpus(store, project.scope_id)
    rt = runtime(store, settings(rerank=RerankSettings(kind="lexical")))
    plain = prepare(rt, project.scope_id, "SQLite WAL", include_code=True)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("injected")

    monkeypatch.setattr(assembler, step, broken)
    with caplog.at_level(logging.WARNING, logger="pcreceipt.receipt"):
        asked = prepare(rt, project.scope_id, "SQLite WAL", include_code=True, include_receipt=True)
    assert wire_bytes(asked) == wire_bytes(plain)
    (event,) = [json.loads(r.getMessage()) for r in caplog.records]
    assert event["code"] == "assembler_exception" and "injected" not in caplog.text


@pytest.mark.parametrize(
    ("cap", "code"),
    [("searches", "cap_exceeded"), ("selected", "cap_exceeded"), ("stages", "cap_exceeded")],
)
def test_a_cap_overflow_returns_the_flag_off_bytes(
    store: Store, cap: str, code: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import pcreceipt.prepare.receipt as assembler

    project = scope(store)
    corpus(store, project.scope_id)
    rt = runtime(store)
    plain = prepare(rt, project.scope_id, "SQLite WAL")
    monkeypatch.setitem(assembler.CAPS, cap, 0)  # the smallest budget: any entry overflows it
    with caplog.at_level(logging.WARNING, logger="pcreceipt.receipt"):
        asked = prepare(rt, project.scope_id, "SQLite WAL", include_receipt=True)
    assert wire_bytes(asked) == wire_bytes(plain)
    (event,) = [json.loads(r.getMessage()) for r in caplog.records]
    assert event["code"] == code and cap in event["counts"]
