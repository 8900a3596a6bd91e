"""The Receipt of retrieval: rerank, inference fallback, searches and expansion, rerank configurations.

One named test per acceptance case of the Receipt contract (CONTRACT.md §6), split by area
over test_acceptance.py (the result), test_acceptance_retrieval.py (rerank, fallback, searches,
rerank configurations) and test_acceptance_fail_open.py (failure is the flag-off response, and a
Receipt costs nothing else).

Everything here is real: an SQLite file, the runtime, the builder, the assembler, and — where a
provider is involved — an OpenAI-compatible server on loopback that can be slow, down or wrong
on purpose. The HTTP-level cases (four keys on the wire) are in tests/server.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from typing import Any

import pytest
from _support.fakes import FakeInference
from _support.receipts import (
    corpus,
    embedding_settings,
    generation_settings,
    memory,
    model_rerank,
    omitted,
    prepare,
    runtime,
    scope,
    searches,
    settings,
    topic,
)

from pcreceipt.config import ExpansionSettings, RerankSettings
from pcreceipt.store.protocol import Store
from pcreceipt.store.writer import ArtifactWriter

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
