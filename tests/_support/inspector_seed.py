"""Seeding a running ``pcreceipt serve`` through its HTTP API, for the Inspector's browser tests
and the screenshot script: one Scope with decisions, a topic, an experience and a small indexed
code workspace, so a prepare selects history and code items."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx

MEMORIES = (
    ("decision", "We chose SQLite in WAL mode for the local store: one writer, many readers."),
    ("decision", "Receipts are never persisted; the WAL checkpoint runs after every import batch."),
    ("fact", "The payments service retries a failed charge at most three times with jittered backoff."),
    ("preference", "Prefer small, reviewable commits; every change to the WAL layer needs a test."),
)
CODE = (
    "def checkpoint(connection):\n"
    '    """Run a passive WAL checkpoint after an import batch."""\n'
    '    connection.execute("PRAGMA wal_checkpoint(PASSIVE)")\n'
    "\n\n"
    "def open_store(path):\n"
    "    connection = connect(path)\n"
    '    connection.execute("PRAGMA journal_mode=WAL")\n'
    "    return connection\n"
)


@dataclass
class Seeded:
    scope_id: str
    title: str
    memories: dict[str, str] = field(default_factory=dict)  # artifact_id -> text


class Api:
    """A tiny synchronous client of the server's HTTP API (the tests' own, not the page's)."""

    def __init__(self, url: str, token: str | None = None) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.Client(base_url=url, headers=headers, timeout=30)

    def __enter__(self) -> Api:
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.close()

    def send(self, method: str, path: str, body: Any = None) -> Any:
        response = self.http.request(method, path, json=body)
        response.raise_for_status()
        return response.json() if response.content else None

    def create_scope(self, title: str, summary: str = "Seeded for the Context Inspector") -> str:
        body = {"title": title, "summary": summary, "idempotency_key": uuid.uuid4().hex}
        return str(self.send("POST", "/v1/scopes", body)["scope_id"])

    def memory(self, scope_id: str, kind: str, text: str) -> str:
        body = {"family": "atomic-memory", "content": {"kind": kind, "text": text}}
        return str(self.send("POST", f"/v1/scopes/{scope_id}/artifacts", body)["artifact_id"])

    def forget(self, scope_id: str, artifact_id: str) -> None:
        state = self.send("GET", f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/state")
        target = {"artifact": state["artifact"], "state_version": state["state_version"]}
        self.send("POST", "/v1/atomic-memory/lifecycle", {"scope_id": scope_id, "target": target, "state": "forgotten"})

    def prepare(self, scope_id: str, query: str, **options: Any) -> dict[str, Any]:
        body = {"scope_id": scope_id, "query": query, "include_receipt": True, **options}
        return dict(self.send("POST", "/v1/context/prepare", body))


def seed(
    url: str, *, token: str | None = None, title: str = "Payments", extra: tuple[tuple[str, str], ...] = ()
) -> Seeded:
    """One Scope with MEMORIES (plus ``extra`` (kind, text) pairs), a topic, an experience and CODE."""
    with Api(url, token) as api:
        scope_id = api.create_scope(title)
        seeded = Seeded(scope_id, title)
        for kind, text in (*MEMORIES, *extra):
            seeded.memories[api.memory(scope_id, kind, text)] = text
        topic = {"title": "Storage", "summary": "How the store uses WAL", "detail": "WAL mode, passive checkpoints."}
        api.send("POST", f"/v1/scopes/{scope_id}/artifacts", {"family": "topic-memory", "content": topic})
        files = [{"path": "store/wal.py", "content": CODE}, {"path": "README.md", "content": "# Payments\nWAL store\n"}]
        api.send("PUT", f"/v1/scopes/{scope_id}/code", {"files": files, "skipped": 0})
    return seeded
