"""A failing Receipt returns exactly the flag-off response, and asking for one adds no search, no model
call, no table and no forbidden content.

One named test per acceptance case of the Receipt contract (CONTRACT.md §6), split by area
over test_acceptance.py (the result), test_acceptance_retrieval.py (rerank, fallback, searches,
rerank configurations) and test_acceptance_fail_open.py (failure is the flag-off response, and a
Receipt costs nothing else).

Everything here is real: an SQLite file, the runtime, the builder, the assembler, and — where a
provider is involved — an OpenAI-compatible server on loopback that can be slow, down or wrong
on purpose. The HTTP-level cases (four keys on the wire) are in tests/server.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from _support.engines import raw_sql
from _support.fakes import FakeInference
from _support.receipts import (
    CountingStore,
    corpus,
    embedding_settings,
    generation_settings,
    memory,
    model_rerank,
    prepare,
    runtime,
    scope,
    settings,
)

from pcreceipt.config import RerankSettings
from pcreceipt.contract.content import parse_content
from pcreceipt.contract.digests import wire_bytes
from pcreceipt.prepare.rerank import RerankResult
from pcreceipt.store.protocol import Store

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
    assert asked == plain and len(parse_content(plain["content"])) == 24
    (event,) = [json.loads(r.getMessage()) for r in caplog.records]
    assert event["code"] == "byte_budget_exceeded" and event["counts"]["bytes"] > 8192


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
