"""Shared wiring for the Receipt acceptance tests: a real store, real providers on loopback, the
real runtime, and small helpers to write a corpus and prepare against it."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol

from _support.fakes import FakeInference
from pcreceipt.compose import Composition, compose
from pcreceipt.config import (
    EmbeddingSettings,
    GenerationSettings,
    RerankSettings,
    Settings,
)
from pcreceipt.contract import gate
from pcreceipt.contract.content import parse_content
from pcreceipt.contract.digests import wire_bytes
from pcreceipt.inference import ChatClient, HttpEmbedder
from pcreceipt.prepare.rerank import Reranker
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import Scope
from pcreceipt.store.writer import ArtifactWriter


class Closable(Protocol):
    def close(self) -> None: ...


DIMENSIONS = 64
_keys = itertools.count()
OPEN_RUNTIMES: list[Closable] = []
"""Compositions and test-made providers of ``runtime()``; the suite's autouse fixture closes them
after each test."""


def settings(**changes: Any) -> Settings:
    return dataclasses.replace(Settings(), **changes)


def embedding_settings(fake: FakeInference, **changes: Any) -> EmbeddingSettings:
    return EmbeddingSettings(base_url=fake.base_url, model="fake-embed", dimensions=DIMENSIONS, **changes)


def generation_settings(fake: FakeInference, **changes: Any) -> GenerationSettings:
    return GenerationSettings(base_url=fake.base_url, model="fake/chat-1", **changes)


def model_rerank(**changes: Any) -> RerankSettings:
    return RerankSettings(kind="model", **changes)


def runtime(
    store: Store,
    config: Settings | None = None,
    *,
    fake: FakeInference | None = None,
    reranker: Reranker | None = None,
) -> Composition:
    """The real runtime, built by the composition root; providers point at the loopback fake when
    the settings name it (handed in through the root's own parameters, closed after the test)."""
    config = config or settings()
    embedder = None
    if fake is not None and config.embedding.base_url is not None:
        e = config.embedding
        embedder = HttpEmbedder(fake.base_url, e.model, e.dimensions, e.timeout_seconds)
    chat = ChatClient(fake.base_url) if fake is not None and config.generation.base_url is not None else None
    made = compose(config, store=store, embedder=embedder, chat=chat, reranker=reranker)
    OPEN_RUNTIMES.extend(p for p in (made, embedder, chat) if p is not None)
    return made


def scope(store: Store, title: str = "project", refs: tuple[str, ...] = ()) -> Scope:
    created, _ = store.create_scope(
        title=title,
        summary=f"{title} summary",
        idempotency_key=f"{title}-{next(_keys)}",
        parent_scope_id=None,
        context_references=list(refs),
        external_references=[],
    )
    return created


def memory(writer: ArtifactWriter | Store, scope_id: str, text: str, kind: str = "fact") -> str:
    if isinstance(writer, ArtifactWriter):
        return writer.create(scope_id, "atomic-memory", {"kind": kind, "text": text}).ref.artifact_id
    return writer.create_artifact(scope_id, "atomic-memory", {"kind": kind, "text": text}).ref.artifact_id


def topic(store: Store, scope_id: str, title: str, summary: str) -> str:
    return store.create_artifact(
        scope_id, "topic-memory", {"title": title, "summary": summary, "detail": summary}
    ).ref.artifact_id


def experience(store: Store, scope_id: str, lesson: str) -> str:
    content = {"situation": f"When {lesson}", "action": "We acted.", "outcome": "It worked.", "lesson": lesson}
    return store.create_artifact(scope_id, "experience", content).ref.artifact_id


def prepare(rt: Composition, scope_id: str, query: str, **fields: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"scope_id": scope_id, "query": query, **fields}
    assert gate.check_prepare_request(request, assembly_max_entries=rt.settings.assembly_max_entries) == []
    prepared = rt.runtime.prepare(request, request_id="0123456789abcdef")
    response = prepared.as_json()
    assert prepared.wire() == wire_bytes(response)  # the bytes the server sends, Receipt spliced in
    violations = gate.check_prepared_context(
        response,
        max_bytes=request.get("max_bytes", 8000),
        include_receipt=bool(request.get("include_receipt")),
        explain=bool(request.get("explain")),
    )
    assert violations == [], violations
    return response


def without_receipt(response: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in response.items() if k != "receipt"}


def searches(receipt: Mapping[str, Any]) -> set[tuple[Any, ...]]:
    return {
        (g["round"], g["family"], g["mode"], g["outcome"], g["fallback_reason"])
        for g in receipt["retrieval"]["searches"]
    }


def omitted(receipt: Mapping[str, Any]) -> dict[tuple[str, str], int]:
    return {(g["family"], g["reason"]): g["count"] for g in receipt["omitted"]}


def selected_ids(receipt: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for item in receipt["selected"]:
        if "artifact_address" in item:
            a = item["artifact_address"]
            out.append(
                (a["scope_id"], a["artifact"]["family"], a["artifact"]["artifact_id"], a["artifact"]["revision"])
            )
        else:
            c = item["code_evidence"]
            out.append((c["scope_id"], c["path"], c["start_line"], c["end_line"]))
    return out


def cited_ids(content: str | None, current_scope: str) -> list[tuple[Any, ...]]:
    """What ``content`` cites, in order, in ``selected_ids``' shape (read back from the text; an
    envelope ``artifact_ref`` names ``current_scope``)."""
    out: list[tuple[Any, ...]] = []
    for item in parse_content(content):
        if item.code is not None:
            c = item.code
            out.append((c["scope_id"], c["path"], c["start_line"], c["end_line"]))
        else:
            assert item.artifact is not None
            out.append((item.scope_id if item.scope_id is not None else current_scope, *item.artifact))
    return out


class CountingStore:
    """A store proxy counting every call by method name (to prove a Receipt adds no recall)."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._store, name)
        if not callable(value):
            return value

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return value(*args, **kwargs)

        return counted


SQLITE_NOTES = [
    "We chose SQLite as the embedded default store for single users.",
    "SQLite runs in WAL mode so readers never block the writer.",
    "The SQLite file lives in the per-user data directory.",
]


def corpus(store: Store, scope_id: str, notes: list[str] = SQLITE_NOTES) -> list[str]:
    return [memory(store, scope_id, text) for text in notes]
