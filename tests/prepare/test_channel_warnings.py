"""A failed retrieval channel is logged: one content-free warning per channel and cause per minute,
for every embedding mode, next to what the Receipt already records."""

from __future__ import annotations

import logging

import pytest
from _support.fakes import FakeInference
from _support.receipts import embedding_settings, memory, prepare, runtime, scope, searches, settings

from pcreceipt.config import EmbeddingSettings
from pcreceipt.prepare.recall import ChannelWarnings
from pcreceipt.store.protocol import Store

QUERY = "secret-canary-query about SQLite"


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "pcreceipt.recall" and r.levelno == logging.WARNING]


def assert_content_free(messages: list[str], fake: FakeInference | None = None) -> None:
    for message in messages:
        assert "canary" not in message and "SQLite" not in message
        assert "scp_" not in message and "127.0.0.1" not in message
        if fake is not None:
            assert fake.base_url not in message


@pytest.mark.parametrize("mode", ["vector", "hybrid"])
def test_an_explicit_mode_with_a_dead_embedder_warns_once(
    store: Store, fake: FakeInference, caplog: pytest.LogCaptureFixture, mode: str
) -> None:
    project = scope(store)
    memory(store, project.scope_id, "SQLite is the default store")
    fake.configure("embeddings", mode="down")
    rt = runtime(store, settings(embedding=embedding_settings(fake, mode=mode)), fake=fake)
    with caplog.at_level(logging.WARNING, logger="pcreceipt.recall"):
        first = prepare(rt, project.scope_id, QUERY, include_receipt=True)
        second = prepare(rt, project.scope_id, QUERY)
    assert first["status"] == second["status"] == "empty"
    assert (0, "atomic-memory", mode, "failed", "inference_unavailable") in searches(first["receipt"])
    logged = warnings(caplog)
    assert logged == [
        f"retrieval channel vector failed (inference_unavailable); embedding.mode = {mode} returns nothing "
        "(logged at most once per 60 s)"
    ]
    assert_content_free(logged, fake)


@pytest.mark.parametrize("mode", ["vector", "hybrid"])
def test_an_explicit_mode_without_an_embedder_is_empty_and_warns(
    store: Store, caplog: pytest.LogCaptureFixture, mode: str
) -> None:
    project = scope(store)
    memory(store, project.scope_id, "SQLite is the default store")
    rt = runtime(store, settings(embedding=EmbeddingSettings(mode=mode)))
    with caplog.at_level(logging.WARNING, logger="pcreceipt.recall"):
        response = prepare(rt, project.scope_id, QUERY, include_receipt=True)
    assert response["status"] == "empty"
    assert (0, "atomic-memory", mode, "failed", "inference_unavailable") in searches(response["receipt"])
    logged = warnings(caplog)
    assert len(logged) == 1 and "(no embedder configured)" in logged[0]
    assert_content_free(logged)


def test_auto_with_a_dead_embedder_falls_back_and_says_so(
    store: Store, fake: FakeInference, caplog: pytest.LogCaptureFixture
) -> None:
    project = scope(store)
    memory(store, project.scope_id, "SQLite is the default store")
    fake.configure("embeddings", mode="slow", delay=1.0)
    rt = runtime(store, settings(embedding=embedding_settings(fake)), fake=fake)
    with caplog.at_level(logging.WARNING, logger="pcreceipt.recall"):
        response = prepare(rt, project.scope_id, "SQLite default", include_receipt=True)
    assert response["status"] == "ready"
    assert (0, "atomic-memory", "fts", "completed", "inference_timeout") in searches(response["receipt"])
    logged = warnings(caplog)
    assert logged == [
        "retrieval channel vector failed (inference_timeout); embedding.mode = auto falls back to full text "
        "(logged at most once per 60 s)"
    ]
    assert_content_free(logged, fake)


def test_fts_mode_never_warns_about_the_embedder(
    store: Store, fake: FakeInference, caplog: pytest.LogCaptureFixture
) -> None:
    project = scope(store)
    memory(store, project.scope_id, "SQLite is the default store")
    fake.configure("embeddings", mode="down")
    rt = runtime(store, settings(embedding=embedding_settings(fake, mode="fts")), fake=fake)
    with caplog.at_level(logging.WARNING, logger="pcreceipt.recall"):
        assert prepare(rt, project.scope_id, "SQLite")["status"] == "ready"
    assert warnings(caplog) == [] and fake.embeddings.calls == 0


def test_the_limit_is_per_channel_and_cause_and_expires(caplog: pytest.LogCaptureFixture) -> None:
    limiter = ChannelWarnings(interval=60.0)
    with caplog.at_level(logging.WARNING, logger="pcreceipt.recall"):
        for _ in range(3):
            limiter.failed("vector", "inference_timeout", "x")
        limiter.failed("vector", "inference_unavailable", "x")
        limiter.failed("fts", "OperationalError", "x")
    assert len(warnings(caplog)) == 3
    expiring = ChannelWarnings(interval=0.0)
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="pcreceipt.recall"):
        expiring.failed("vector", "inference_timeout", "x")
        expiring.failed("vector", "inference_timeout", "x")
    assert len(warnings(caplog)) == 2
