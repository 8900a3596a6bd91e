"""flush_memory with a generation provider, over real HTTP on every engine, against the loopback
fake provider (``_support.fakes``): extraction in position order, the memories' Sources, the
per-Scope prompt, bounded calls and time, and a provider that is slow, down, refusing or
answering outside the closed shape — never a 500, never a half-written Source, the cursor past
fully processed Sources only. Answers are parsed with PowerContext 1.4.1's own closed models."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.fakes import FakeInference, Invalid, Mode
from _support.servers import assert_error, running

from pcreceipt.config import ExtractionSettings, GenerationSettings, RerankSettings, Settings
from pcreceipt.models import limits
from pcreceipt.prepare.extraction import BUILTIN_EXTRACT_PROMPT
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

CONTENT = "/v1/sources/content"
NOTES = "/v1/sources/working-notes"
FLUSH = "/v1/memory/flush"
REMEMBER = "/v1/memory/remember"


@pytest.fixture
def fake() -> Iterator[FakeInference]:
    with FakeInference() as inference:
        yield inference


def settings_for(tmp_path: Path, fake: FakeInference, **extraction: Any) -> Settings:
    generation = GenerationSettings(base_url=fake.base_url, model="fake/extractor", timeout_seconds=2.0)
    return Settings(data_dir=tmp_path, generation=generation, extraction=ExtractionSettings(**extraction))


class Server:
    """A running server over ``engine_store`` with ``settings``; ``http`` talks to it."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings

    def __enter__(self) -> httpx.Client:
        self._running = running(create_app(self.settings, store=self.store))
        url = self._running.__enter__()
        self._client = httpx.Client(base_url=url, timeout=30)
        return self._client

    def __exit__(self, *exc: object) -> None:
        self._client.close()
        self._running.__exit__(None, None, None)


@pytest.fixture
def http(engine_store: Store, tmp_path: Path, fake: FakeInference) -> Iterator[httpx.Client]:
    with Server(engine_store, settings_for(tmp_path, fake)) as client:
        yield client


def new_scope(http: httpx.Client, title: str = "extract") -> str:
    response = http.post("/v1/scopes", json={"title": title, "summary": title, "idempotency_key": title})
    assert response.status_code == 201
    return str(response.json()["scope_id"])


def capture(http: httpx.Client, scope_id: str, source_id: str, content: str) -> int:
    response = http.post(CONTENT, json={"scope_id": scope_id, "source_id": source_id, "content": content})
    assert response.status_code == 202, response.text
    return int(response.json()["position"])


def flush(http: httpx.Client, scope_id: str, models: ModuleType) -> dict[str, Any]:
    response = http.post(FLUSH, json={"scope_id": scope_id})
    assert response.status_code == 200, response.text
    models.FlushMemoryResponse.model_validate_json(response.content)
    body = dict(response.json())
    assert body["memory"] is None and body["held_count"] == 0 and body["hold_codes"] == []
    assert body["remaining_work"] == (body["current_cursor"] < body["high_watermark"])
    return body


def memories(http: httpx.Client, scope_id: str) -> list[dict[str, Any]]:
    """Every Atomic Memory head of the Scope with its served body, ordered by text."""
    listed = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory", params={"limit": 100})
    assert listed.status_code == 200
    bodies = []
    for item in listed.json()["items"]:
        got = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{item['artifact_id']}")
        assert got.status_code == 200
        bodies.append(got.json())
    return sorted(bodies, key=lambda body: body["content"]["text"])


def texts(http: httpx.Client, scope_id: str) -> list[tuple[str, str]]:
    return [(m["content"]["kind"], m["content"]["text"]) for m in memories(http, scope_id)]


def sent_sources(fake: FakeInference) -> list[dict[str, Any]]:
    """The Source each extraction call carried, in call order."""
    found = []
    for request in fake.requests_to("/v1/chat/completions"):
        user = request.json["messages"][-1]["content"]
        found.append(json.loads(user)["source"])
    return found


def stats_sources(http: httpx.Client, scope_id: str) -> dict[str, int]:
    stats = http.post("/v1/stats", json={"selection": {"mode": "exact", "scope_ids": [scope_id]}})
    assert stats.status_code == 200
    return dict(stats.json()["inventory"]["sources"])


def test_flush_extracts_pending_sources_in_position_order(
    http: httpx.Client, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    scope_id = new_scope(http)
    capture(http, scope_id, "turn-1", "decision: SQLite runs in WAL mode\nchit-chat that is not kept")
    remembered = http.post(REMEMBER, json={"scope_id": scope_id, "kind": "fact", "text": "Remembered by hand"})
    assert remembered.status_code == 200
    note = {"scope_id": scope_id, "source_id": "n-1", "content": "looked at db.py", "session_id": "s"}
    assert http.post(NOTES, json={**note, "note_kind": "inspection"}).status_code == 202
    capture(http, scope_id, "turn-2", "nothing worth keeping here")
    last = capture(http, scope_id, "turn-3", "preference: short answers\nconstraint: no network in tests")
    assert last == 5

    body = flush(http, scope_id, powercontext_models)
    assert body == {
        "status": "processed",
        "previous_cursor": 0,
        "current_cursor": 5,
        "high_watermark": 5,
        "processed_source_count": 3,
        "memory": None,
        "remaining_work": False,
        "held_count": 0,
        "hold_codes": [],
    }
    # one call per content Source, in position order; the lineage Source and the note need none
    assert [s["source_id"] for s in sent_sources(fake)] == ["turn-1", "turn-2", "turn-3"]
    assert [s["position"] for s in sent_sources(fake)] == [1, 4, 5]
    [first] = fake.requests_to("/v1/chat/completions")[:1]
    assert first.json["model"] == "extractor" and first.json["messages"][0]["content"] == BUILTIN_EXTRACT_PROMPT
    assert first.json["response_format"] == {"type": "json_object"}
    assert sorted(texts(http, scope_id)) == [
        ("constraint", "no network in tests"),
        ("decision", "SQLite runs in WAL mode"),
        ("fact", "Remembered by hand"),
        ("preference", "short answers"),
    ]
    # each extracted memory names the captured Source it came from (and records no Source of its own)
    by_text = {m["content"]["text"]: m for m in memories(http, scope_id)}
    assert by_text["SQLite runs in WAL mode"]["sources"] == [{"source_type": "content", "source_id": "turn-1"}]
    assert by_text["short answers"]["sources"] == [{"source_type": "content", "source_id": "turn-3"}]
    assert by_text["no network in tests"]["sources"] == [{"source_type": "content", "source_id": "turn-3"}]
    assert by_text["Remembered by hand"]["sources"][0]["source_id"].startswith("src_")
    assert stats_sources(http, scope_id) == {"total": 5, "memory_processed": 5, "memory_pending": 0}

    # a second flush finds nothing: no call, no duplicate
    calls = fake.chat.calls
    again = flush(http, scope_id, powercontext_models)
    assert (again["status"], again["previous_cursor"], again["current_cursor"]) == ("idle", 5, 5)
    assert again["processed_source_count"] == 0 and fake.chat.calls == calls
    assert len(memories(http, scope_id)) == 4
    # an extracted memory is searchable like any other
    found = http.post("/v1/memory/search", json={"scope_id": scope_id, "query": "WAL"}).json()
    assert [hit["memory"]["text"] for hit in found["hits"]] == ["SQLite runs in WAL mode"]


def test_capabilities_report_extraction_truthfully(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    configured = settings_for(tmp_path, fake)
    with Server(engine_store, configured) as http:
        raw = http.get("/v1/capabilities")
        capabilities = powercontext_models.Capabilities.model_validate_json(raw.content)
        assert capabilities.memory_extraction is True
        body = raw.json()
        assert body["extraction"]["configuration"] == "configured"
        assert body["extraction"]["observation"]["status"] == "unverified"
        # the map is non-empty and parsed by the official model: extraction's prompt runs here
        assert capabilities.prompts["atomic_memory.extract"].status.value == "supported"
        assert body["prompts"]["atomic_memory.extract"]["reason"] is None
        assert set(body["prompts"]) == set(limits.PROMPT_CATALOGUE_KEY_ENUM)
        # with a provider, the prompts pcreceipt never runs are off, and generation's are fixed
        assert body["prompts"]["topic_memory.probe"]["reason"] == "operation_disabled"
        assert body["prompts"]["skill.generate"]["status"] == "unsupported"
        assert (body["prompts"]["memory.rerank"]["status"], body["prompts"]["memory.rerank"]["reason"]) == (
            "disabled",
            "operation_disabled",  # rerank kind none: the model reranker is not run
        )
        scope_id = new_scope(http)
        capture(http, scope_id, "s-1", "fact: the build uses nox")
        flush(http, scope_id, powercontext_models)
        observed = http.get("/v1/capabilities").json()["extraction"]["observation"]
        assert observed["status"] == "observed" and observed["last_success_at"] is not None
        powercontext_models.Capabilities.model_validate(http.get("/v1/capabilities").json())
    variants = [
        (replace(configured, extraction=ExtractionSettings(enabled=False)), "operation_disabled"),
        (
            replace(configured, generation=GenerationSettings(base_url=fake.base_url, model=None)),
            "provider_not_configured",
        ),
        (Settings(data_dir=tmp_path), "provider_not_configured"),
    ]
    for settings, reason in variants:
        with Server(engine_store, settings) as http:
            raw = http.get("/v1/capabilities")
            extract = powercontext_models.Capabilities.model_validate_json(raw.content).prompts["atomic_memory.extract"]
            body = raw.json()
            assert (extract.status.value, body["prompts"]["atomic_memory.extract"]["reason"]) == ("disabled", reason)
            assert body["memory_extraction"] is False
            assert body["prompts"]["memory.rerank"]["status"] == "disabled"
            assert body["extraction"]["configuration"] == "unconfigured"
            scope_id = new_scope(http, "pending")
            capture(http, scope_id, "s-2", "fact: pending without a provider")
            assert_error(http.post(FLUSH, json={"scope_id": scope_id}), 503, "inference_unavailable")
    reranking = [
        (replace(configured, rerank=RerankSettings(kind="model")), ("supported", None)),
        (Settings(data_dir=tmp_path, rerank=RerankSettings(kind="model")), ("disabled", "provider_not_configured")),
    ]
    for settings, expected in reranking:
        with Server(engine_store, settings) as http:
            raw = http.get("/v1/capabilities")
            rerank = powercontext_models.Capabilities.model_validate_json(raw.content).prompts["memory.rerank"]
            assert (rerank.status.value, raw.json()["prompts"]["memory.rerank"]["reason"]) == expected


def test_the_prompt_is_resolved_per_scope(
    http: httpx.Client, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    custom, plain = new_scope(http, "custom"), new_scope(http, "plain")
    prompt = {
        "schema_version": "powercontext.prompt.v1",
        "mode": "custom",
        "instructions": "Keep only decisions.",
        "demonstrations": [],
    }
    created = http.post(
        f"/v1/scopes/{custom}/artifacts",
        json={"family": "prompt", "prompt_key": "atomic_memory.extract", "content": prompt},
    )
    assert created.status_code == 201, created.text
    for scope_id in (custom, plain):
        capture(http, scope_id, "s-1", "decision: ship on Fridays")
        flush(http, scope_id, powercontext_models)
    systems = [r.json["messages"][0]["content"] for r in fake.requests_to("/v1/chat/completions")]
    assert systems == ["Keep only decisions.", BUILTIN_EXTRACT_PROMPT]


def test_calls_per_flush_are_bounded(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    with Server(engine_store, settings_for(tmp_path, fake, max_sources=2)) as http:
        scope_id = new_scope(http)
        for i in range(5):
            capture(http, scope_id, f"s-{i}", f"fact: item {i}")
        cursors = []
        for _ in range(3):
            body = flush(http, scope_id, powercontext_models)
            cursors.append((body["previous_cursor"], body["current_cursor"], body["processed_source_count"]))
        assert cursors == [(0, 2, 2), (2, 4, 2), (4, 5, 1)]
        assert fake.chat.calls == 5
        assert [t for _, t in texts(http, scope_id)] == [f"item {i}" for i in range(5)]


#: 1.4.1's ExtractionFailure code get_capabilities records for each way the fake fails.
MODEL_FAILURE: dict[str, str] = {
    "down": "model_unavailable",
    "refuse": "model_unavailable",
    "invalid": "invalid_model_output",
    "slow": "model_timeout",
}
FAILURES: list[tuple[Mode, Invalid, str]] = [
    ("down", "json", "inference_unavailable"),
    ("refuse", "json", "inference_unavailable"),
    ("invalid", "json", "inference_unavailable"),
    ("invalid", "shape", "inference_unavailable"),
    ("invalid", "content", "inference_unavailable"),
    ("invalid", "memories", "inference_unavailable"),
    ("slow", "json", "inference_timeout"),
]


@pytest.mark.parametrize(("mode", "invalid", "code"), FAILURES)
def test_a_failing_provider_leaves_the_source_pending(
    engine_store: Store,
    tmp_path: Path,
    fake: FakeInference,
    powercontext_models: ModuleType,
    mode: Mode,
    invalid: Invalid,
    code: str,
) -> None:
    settings = settings_for(tmp_path, fake, timeout_seconds=0.3)
    with Server(engine_store, settings) as http:
        scope_id = new_scope(http)
        for i in range(3):
            capture(http, scope_id, f"s-{i}", f"fact: item {i}")
        # the first Source fails: 503 with the provider's code, nothing written, the cursor stays
        fake.configure("chat", mode, invalid=invalid, delay=1.0)
        error = assert_error(http.post(FLUSH, json={"scope_id": scope_id}), 503, code)
        assert error["details"] is None
        # the failure is recorded where get_capabilities reports it (1.4.1's ExtractionFailure)
        raw = http.get("/v1/capabilities")
        observed = powercontext_models.Capabilities.model_validate_json(raw.content).extraction.observation
        assert observed.status.value == "observed" and observed.last_failure is not None
        assert raw.json()["extraction"]["observation"]["last_failure"]["code"] == MODEL_FAILURE[mode]
        assert observed.last_failure.stage.value == "inference"
        assert texts(http, scope_id) == []
        assert stats_sources(http, scope_id)["memory_pending"] == 3
        # one Source succeeds, then the provider fails: 200, the cursor past that Source only
        fake.configure("chat", mode, invalid=invalid, delay=1.0, ok_first=1)
        body = flush(http, scope_id, powercontext_models)
        assert (body["status"], body["previous_cursor"], body["current_cursor"]) == ("processed", 0, 1)
        assert body["processed_source_count"] == 1 and body["remaining_work"] is True
        assert texts(http, scope_id) == [("fact", "item 0")]
        # the provider recovers: the rest is extracted once, nothing twice
        fake.configure("chat", "ok")
        body = flush(http, scope_id, powercontext_models)
        assert (body["previous_cursor"], body["current_cursor"], body["remaining_work"]) == (1, 3, False)
        assert [t for _, t in texts(http, scope_id)] == ["item 0", "item 1", "item 2"]


def test_the_deadline_bounds_a_flush(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    """The per-call budget is cut to what is left of the flush's deadline, and no call starts after it."""
    settings = settings_for(tmp_path, fake, deadline_seconds=2.0, timeout_seconds=10.0)
    with Server(engine_store, settings) as http:
        scope_id = new_scope(http)
        for i in range(3):
            capture(http, scope_id, f"s-{i}", f"fact: item {i}")
        fake.configure("chat", "slow", delay=1.2)
        # the first call takes 1.2 s of the 2 s; a second one gets at most the 0.8 s left (or, on a slow
        # store, none starts): either way the flush stops after the first Source, inside its deadline.
        # (The store's own work before the first call has 0.8 s: a loaded OceanBase once took over 0.2.)
        started = time.monotonic()
        body = flush(http, scope_id, powercontext_models)
        assert time.monotonic() - started < 3.5
        assert (body["current_cursor"], body["processed_source_count"]) == (1, 1)
        calls = fake.chat.calls
        assert calls in (1, 2)
        fake.configure("chat", "slow", delay=8.0)
        started = time.monotonic()
        assert_error(http.post(FLUSH, json={"scope_id": scope_id}), 503, "inference_timeout")
        assert time.monotonic() - started < 3.5
        assert fake.chat.calls == calls + 1 and texts(http, scope_id) == [("fact", "item 0")]


def test_concurrent_flushes_extract_each_source_once(
    engine_store: Store, tmp_path: Path, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    with Server(engine_store, settings_for(tmp_path, fake)) as http:
        scope_id = new_scope(http)
        for i in range(3):
            capture(http, scope_id, f"s-{i}", f"fact: item {i}\ndecision: choice {i}")
        fake.configure("chat", "slow", delay=0.2)
        answers: list[httpx.Response] = []

        def run() -> None:
            answers.append(http.post(FLUSH, json={"scope_id": scope_id}))

        threads = [threading.Thread(target=run) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert [a.status_code for a in answers] == [200, 200, 200]
        while flush(http, scope_id, powercontext_models)["status"] == "processed":
            pass
        extracted = [t for _, t in texts(http, scope_id)]
        assert sorted(extracted) == sorted([f"item {i}" for i in range(3)] + [f"choice {i}" for i in range(3)])
        assert sum(a.json()["processed_source_count"] for a in answers) <= 3
