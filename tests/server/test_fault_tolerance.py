"""Faults: a server killed mid-write loses nothing it acknowledged; a store that fails mid-prepare
is a prompt 503; slow or dead inference providers leave prepare answering with its fallbacks."""

from __future__ import annotations

import os
import signal
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlean  # type: ignore[import-untyped]
from _support.fakes import FakeInference
from _support.ports import free_port
from _support.tokens import assert_error, issue, make_scope, running, serve_subprocess

from pcreceipt.config import EmbeddingSettings, GenerationSettings, RerankSettings, Settings
from pcreceipt.contract import gate
from pcreceipt.server.app import create_app
from pcreceipt.store.records import StoreUnavailable
from pcreceipt.store.sqlite import SQLiteStore

ATOMIC = "powercontext.atomic-memory.v1"
WRITERS = 4
KILL_AFTER_ACKS = 120


class Ledger:
    """What the writers sent and what the server acknowledged, shared between threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: set[str] = set()
        self.created: dict[str, str] = {}  # artifact_id -> text (201 from create or import)
        self.replaced: dict[str, str] = {}  # artifact_id -> text of revision 2 (200 from replace)
        self.acks = 0

    def note_sent(self, *texts: str) -> None:
        with self.lock:
            self.sent.update(texts)

    def ack(self, created: dict[str, str] | None = None, replaced: dict[str, str] | None = None) -> None:
        with self.lock:
            self.created.update(created or {})
            self.replaced.update(replaced or {})
            self.acks += 1


def writer(url: str, scope: str, number: int, ledger: Ledger, stop: threading.Event) -> None:
    """Creates, imports (3 at a time) and replaces atomic memories until the server goes away."""
    mine: list[str] = []
    with httpx.Client(base_url=url, timeout=10) as http:
        for i in range(100_000):
            if stop.is_set():
                return
            text = f"writer {number} write {i} {uuid.uuid4().hex}"
            try:
                if i % 5 == 3:
                    texts = [f"{text} item {k}" for k in range(3)]
                    ledger.note_sent(*texts)
                    items = [{"family": "atomic-memory", "content": {"kind": "fact", "text": t}} for t in texts]
                    response = http.post(f"/v1/scopes/{scope}/artifacts/import", json={"items": items})
                    if response.status_code == 201:
                        ids = [ref["artifact_id"] for ref in response.json()["created"]]
                        ledger.ack(created=dict(zip(ids, texts, strict=True)))
                elif i % 5 == 4 and mine:
                    target = mine.pop(0)
                    ledger.note_sent(text)
                    response = http.put(
                        f"/v1/scopes/{scope}/artifacts/atomic-memory/{target}",
                        json={"content": {"kind": "fact", "text": text}},
                        headers={"If-Match": '"revision:1"'},
                    )
                    if response.status_code == 200:
                        ledger.ack(replaced={target: text})
                else:
                    ledger.note_sent(text)
                    content = {"kind": "fact", "text": text}
                    response = http.post(
                        f"/v1/scopes/{scope}/artifacts", json={"family": "atomic-memory", "content": content}
                    )
                    if response.status_code == 201:
                        mine.append(response.json()["artifact_id"])
                        ledger.ack(created={response.json()["artifact_id"]: text})
                assert response.status_code < 500, response.text
            except httpx.TransportError:
                return


def test_sigkill_mid_write_loses_no_acknowledged_write(tmp_path: Path) -> None:
    data = tmp_path / "data"
    ledger, stop = Ledger(), threading.Event()
    port = free_port()
    with serve_subprocess(data, port) as server:
        url = f"http://127.0.0.1:{port}"
        scope = httpx.post(f"{url}/v1/scopes", json={"title": "crash", "summary": "s", "idempotency_key": "k"})
        scope_id = scope.json()["scope_id"]
        threads = [threading.Thread(target=writer, args=(url, scope_id, n, ledger, stop)) for n in range(WRITERS)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 20
        while ledger.acks < KILL_AFTER_ACKS and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(server.process.pid, signal.SIGKILL)  # mid-flight: the writers are still sending
        server.process.wait(10)
        for thread in threads:
            thread.join(15)
        stop.set()
    assert ledger.acks >= KILL_AFTER_ACKS and not any(t.is_alive() for t in threads)

    port = free_port()
    with serve_subprocess(data, port), httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
        for artifact_id, text in ledger.created.items():
            revision = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/revisions/1")
            assert revision.status_code == 200, artifact_id
            assert revision.json()["content"] == {"schema": ATOMIC, "kind": "fact", "text": text, "creation": None}
        for artifact_id, text in ledger.replaced.items():
            head = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}").json()
            assert (head["revision"], head["content"]["text"]) == (2, text)

    store = SQLiteStore(data / "pcreceipt.db")
    try:
        assert store.check_integrity() == []
    finally:
        store.close()
    conn = sqlean.connect(str(data / "pcreceipt.db"))
    try:
        stored = [row[0] for row in conn.execute("SELECT json_extract(content, '$.text') FROM revisions")]
    finally:
        conn.close()
    assert len(stored) == len(set(stored)), "a write was committed twice"
    assert set(stored) <= ledger.sent, "a stored revision is not one the writers sent"
    assert set(ledger.created.values()) | set(ledger.replaced.values()) <= set(stored)
    print(
        f"crash figures: {ledger.acks} writes acknowledged ({len(ledger.created)} created, "
        f"{len(ledger.replaced)} replaced), {len(ledger.sent)} revisions sent, {len(stored)} recovered"
    )


# -- the store failing under a running server


class FailingStore:
    """A real store whose chosen methods start raising ``StoreUnavailable`` after ``healthy`` calls
    of them, counted together."""

    def __init__(self, inner: SQLiteStore, failing: set[str], healthy: int = 0) -> None:
        self.inner, self.failing, self.healthy = inner, failing, healthy
        self.calls: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self.inner, name)
        if name not in self.failing:
            return attribute

        def call(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] = self.calls.get(name, 0) + 1
            if sum(self.calls.values()) > self.healthy:  # the failing methods' calls together
                raise StoreUnavailable("injected: the store went away")
            return attribute(*args, **kwargs)

        return call


@pytest.fixture
def seeded(tmp_path: Path) -> Iterator[tuple[SQLiteStore, str]]:
    store = SQLiteStore(tmp_path / "store.db")
    scope = make_scope(store, "faults").scope_id
    for text in ("SQLite is the default store", "SQLite runs in WAL mode", "The store is SQLite"):
        store.create_artifact(scope, "atomic-memory", {"kind": "fact", "text": text})
    store.create_artifact(scope, "topic-memory", {"title": "SQLite", "summary": "Why SQLite", "detail": "More"})
    yield store, scope
    store.close()


@pytest.mark.parametrize("healthy", [0, 1], ids=["first_search", "second_search"])
def test_a_store_failing_mid_prepare_is_a_prompt_503(
    seeded: tuple[SQLiteStore, str], tmp_path: Path, healthy: int
) -> None:
    store, scope = seeded
    failing = FailingStore(store, {"search_text", "search_text_many"}, healthy=healthy)
    with running(create_app(Settings(data_dir=tmp_path), store=failing)) as url, httpx.Client(base_url=url) as http:  # type: ignore[arg-type]
        started = time.monotonic()
        response = http.post(
            "/v1/context/prepare", json={"scope_id": scope, "query": "SQLite", "include_receipt": True}
        )
        elapsed = time.monotonic() - started
        assert_error(response, 503, "storage_unavailable")
        assert elapsed < 2, elapsed
        assert sum(failing.calls.values()) == healthy + 1
        assert failing.calls["search_text_many"] == 1  # the first round reads its two families in one call
        assert http.get(f"/v1/scopes/{scope}").status_code == 200  # the rest of the store still answers


def test_a_store_failing_while_checking_a_token_is_503_not_401(seeded: tuple[SQLiteStore, str], tmp_path: Path) -> None:
    store, scope = seeded
    token = issue(store, [("*", "read")])
    failing = FailingStore(store, {"get_token"})
    settings = Settings(data_dir=tmp_path, require_tokens=True)
    with running(create_app(settings, store=failing)) as url, httpx.Client(base_url=url) as http:  # type: ignore[arg-type]
        response = http.get(f"/v1/scopes/{scope}", headers={"Authorization": f"Bearer {token}"})
        assert_error(response, 503, "storage_unavailable")
        assert http.get("/health/live").status_code == 200


# -- slow and dead inference providers


@pytest.mark.parametrize(
    ("embeddings", "chat", "search_reason", "rerank_reason"),
    [
        ("slow", "slow", "inference_timeout", "inference_timeout"),
        ("down", "down", "inference_unavailable", "inference_unavailable"),
        ("refuse", "down", "inference_unavailable", "inference_unavailable"),
    ],
)
def test_slow_or_dead_providers_leave_prepare_answering_with_fallbacks(
    tmp_path: Path, embeddings: str, chat: str, search_reason: str, rerank_reason: str
) -> None:
    with FakeInference() as fake:
        settings = Settings(
            data_dir=tmp_path,
            embedding=EmbeddingSettings(base_url=fake.base_url, model="fake-embed", dimensions=64, timeout_seconds=0.2),
            generation=GenerationSettings(base_url=fake.base_url, model="fake/chat-1", timeout_seconds=0.3),
            rerank=RerankSettings(kind="model"),
        )
        with running(create_app(settings)) as url, httpx.Client(base_url=url, timeout=10) as http:
            scope = http.post("/v1/scopes", json={"title": "t", "summary": "s", "idempotency_key": "k"}).json()
            scope_id = scope["scope_id"]
            for text in ("We chose SQLite for storage", "SQLite runs in WAL mode", "Tests run on two cores"):
                content = {"kind": "decision", "text": text}
                created = http.post(
                    f"/v1/scopes/{scope_id}/artifacts", json={"family": "atomic-memory", "content": content}
                )
                assert created.status_code == 201
            fake.configure("embeddings", mode=embeddings, delay=2.0)
            fake.configure("chat", mode=chat, delay=2.0)
            request = {"scope_id": scope_id, "query": "SQLite storage", "include_receipt": True, "explain": True}
            started = time.monotonic()
            response = http.post("/v1/context/prepare", json=request)
            elapsed = time.monotonic() - started
    assert response.status_code == 200, response.text
    body = response.json()
    assert gate.check_prepared_context(body, max_bytes=8000, include_receipt=True, explain=True) == []
    assert elapsed < 1.9, elapsed  # bounded by the timeouts (0.2 s, 0.3 s), never by the providers' 2 s
    assert body["status"] == "ready" and body["reason"] == search_reason
    receipt = body["receipt"]
    fallbacks = {(g["mode"], g["fallback_reason"]) for g in receipt["retrieval"]["searches"] if g["round"] == 0}
    assert ("fts", search_reason) in fallbacks
    reranks = {(g["outcome"], g["fallback_reason"]) for g in receipt["retrieval"]["reranks"]}
    assert reranks == {("fallback", rerank_reason)}
    assert "SQLite" in body["content"]
