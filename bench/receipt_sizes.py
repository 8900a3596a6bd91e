"""Representative serialized Receipt sizes from real prepares (not a test).

    python bench/receipt_sizes.py                  # the seven hand-built scenarios
    python bench/receipt_sizes.py --sweep [--queries N] [--json out.json]
                                                   # the distribution over the benchmark corpus

The sweep (``sweep``) loads the first 1000 items of the benchmark corpus (bench/corpus.py) spread
over 1, 2, 4 or 8 Scopes, indexes a workspace of standard-library sources, and runs the corpus
queries under every assembly shape (``SHAPES``) and rerank configuration (none, lexical, model).
Each Receipt is captured before the budget check, so a dropped one is measured too, and is
measured again with its ids rewritten to other lengths (``ID_REGIMES``). It prints percentiles
and the share over 8192 bytes per shape, and what each part of the Receipt costs.

Builds each scenario on a fresh SQLite store with server-assigned ids (``scp_`` + 26, ``art_`` +
32 characters), runs the real runtime with a lexical or a model reranker, and prints the size of the Receipt on
the wire — or the failure code when the Receipt was dropped.

The model reranker talks to ``OverlapChat``, an in-process stand-in for the chat model: it ranks
the candidates by the words they share with the query. A Receipt records the rerank
configuration, never how the ranking travelled, so no provider on loopback is needed (and the
benchmark imports nothing from ``tests/``).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from pcreceipt.compose import compose
from pcreceipt.config import GenerationSettings, RerankSettings, Settings
from pcreceipt.contract.digests import wire_bytes
from pcreceipt.store.sqlite import SQLiteStore

MODEL_BASE_URL = "http://127.0.0.1:9/v1"  # never called: the model is OverlapChat, in process
_WORD = re.compile(r"[^\W_]+")


class OverlapChat:
    """The chat model of the model reranker, in process: candidates ranked by words shared with the query."""

    def complete(self, messages: list[dict[str, str]], *, model: str, settings: Any, timeout_seconds: float) -> str:
        task = json.loads(messages[-1]["content"])
        wanted = set(_WORD.findall(task["query"].lower()))
        shared = {c["id"]: len(wanted & set(_WORD.findall(c["text"].lower()))) for c in task["candidates"]}
        ranked = sorted(task["candidates"], key=lambda c: (-shared[c["id"]], c["id"]))
        return json.dumps({"ranking": [c["id"] for c in ranked]})


class Drops(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.events: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.events.append(json.loads(record.getMessage()))


def _scope(store: SQLiteStore, title: str, refs: list[str]) -> str:
    scope, _ = store.create_scope(
        title=title,
        summary=title,
        idempotency_key=title,
        parent_scope_id=None,
        context_references=refs,
        external_references=[],
    )
    return scope.scope_id


def scenario(
    name: str, *, scopes: int, atomic: int, topics: int, experiences: int, profiles: int, code: bool, rerank: str
) -> tuple[str, int | None, str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(Path(tmp) / "s.db")
        others = [_scope(store, f"ref{i}", []) for i in range(scopes - 1)]
        project = _scope(store, "project", others)
        all_scopes = [project, *others]
        for i in range(atomic):
            owner = all_scopes[i % min(2, len(all_scopes))]
            text = f"SQLite decision {i}: keep it small."
            store.create_artifact(owner, "atomic-memory", {"kind": "decision", "text": text})
        for i in range(topics):
            topic = {"title": f"SQLite topic {i}", "summary": "SQLite", "detail": "SQLite"}
            store.create_artifact(project, "topic-memory", topic)
        for i in range(experiences):
            experience = {"situation": "SQLite", "action": "a", "outcome": "o", "lesson": f"l{i}"}
            store.create_artifact(project, "experience", experience)
        for owner in all_scopes[:profiles]:
            store.create_artifact(owner, "profile", {"content": "SQLite shop profile", "restored_from_revision": None})
        if code:
            lines = [f"def sqlite_handler_{i}(): pass" for i in range(200)]
            store.index_workspace(project, [(f"src/pkg/module_{n}.py", "\n".join(lines).encode()) for n in range(4)], 0)
        generation = GenerationSettings(base_url=MODEL_BASE_URL, model="openai/gpt-4.1-mini")
        rerank_settings = RerankSettings(kind=rerank) if rerank != "none" else RerankSettings()  # type: ignore[arg-type]
        settings = dataclasses.replace(
            Settings(), assembly_max_entries=26, generation=generation, rerank=rerank_settings
        )
        chat = OverlapChat() if rerank == "model" else None
        parts = compose(settings, store=store, chat=chat)  # type: ignore[arg-type]
        sections = [
            ("memory", min(atomic, 8)),
            ("topic-memory", min(topics, 8)),
            ("experience", min(experiences, 2)),
            ("profile", min(profiles, 8)),
        ]
        request = {
            "scope_id": project,
            "query": "SQLite handler decision",
            "max_bytes": 32768,
            "include_code": code,
            "include_receipt": True,
            "assembly": {"sections": [{"family": f, "limit": n} for f, n in sections if n]},
        }
        drops = Drops()
        logging.getLogger("pcreceipt.receipt").addHandler(drops)
        try:
            response = parts.runtime.prepare(request, request_id="0" * 16).as_json()
        finally:
            logging.getLogger("pcreceipt.receipt").removeHandler(drops)
            parts.close()
            store.close()
    if "receipt" in response:
        receipt = response["receipt"]
        configs = len(receipt["retrieval"]["rerank_configs"])
        return name, len(wire_bytes(receipt)), f"{len(receipt['selected'])} selected, {configs} rerank configs", 0
    event = drops.events[-1]
    return name, None, f"dropped: {event['code']} ({event['counts'].get('bytes', '-')} bytes)", 1


def main() -> int:
    if "--sweep" in sys.argv[1:]:
        from receipt_sweep import sweep_main

        return sweep_main(sys.argv[1:])
    rows = []
    rows.append(
        scenario(
            "ready, 3 memories, one Scope",
            scopes=1,
            atomic=3,
            topics=0,
            experiences=0,
            profiles=0,
            code=False,
            rerank="none",
        )
    )
    rows.append(
        scenario(
            "default-like: 8 history items",
            scopes=1,
            atomic=5,
            topics=2,
            experiences=1,
            profiles=0,
            code=False,
            rerank="none",
        )
    )
    rows.append(
        scenario(
            "8 memories, two Scopes, two model rerank configs",
            scopes=2,
            atomic=8,
            topics=0,
            experiences=0,
            profiles=0,
            code=False,
            rerank="model",
        )
    )
    rows.append(
        scenario(
            "18 history + 4 code, one Scope",
            scopes=1,
            atomic=8,
            topics=8,
            experiences=2,
            profiles=0,
            code=True,
            rerank="none",
        )
    )
    rows.append(
        scenario(
            "26 history + 4 code, 8 Scopes",
            scopes=8,
            atomic=8,
            topics=8,
            experiences=2,
            profiles=8,
            code=True,
            rerank="none",
        )
    )
    rows.append(
        scenario(
            "26 history + 4 code, 8 Scopes, lexical rerank",
            scopes=8,
            atomic=8,
            topics=8,
            experiences=2,
            profiles=8,
            code=True,
            rerank="lexical",
        )
    )
    rows.append(
        scenario(
            "26 history + 4 code, 8 Scopes, two model rerank configs",
            scopes=8,
            atomic=8,
            topics=8,
            experiences=2,
            profiles=8,
            code=True,
            rerank="model",
        )
    )
    print("| scenario | Receipt bytes | notes |\n|---|---:|---|")
    for name, size, notes, _ in rows:
        print(f"| {name} | {size if size is not None else '—'} | {notes} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
