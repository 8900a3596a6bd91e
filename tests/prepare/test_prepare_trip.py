"""One prepare through the real server: the Scope is read once (local and token mode), the reply
carries the Receipt the assembler checked, and a missing Scope is still a 404."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from _support.receipts import CountingStore, memory, scope
from _support.servers import running

from pcreceipt.config import Settings
from pcreceipt.contract import gate
from pcreceipt.server.app import create_app
from pcreceipt.server.http.credentials import new_token
from pcreceipt.server.http.resolution import NO_SCOPE_MESSAGE
from pcreceipt.store.records import TokenGrant
from pcreceipt.store.sqlite import SQLiteStore


@pytest.fixture
def sqlite(tmp_path: Path) -> Iterator[SQLiteStore]:
    store = SQLiteStore(tmp_path / "trip.db")
    yield store
    store.close()


def token_for(store: SQLiteStore, scope_id: str) -> str:
    issued = new_token()
    store.create_token(
        token_id=issued.token_id, token_sha256=issued.token_sha256, name=None, grants=[TokenGrant(scope_id, "read")]
    )
    return issued.token


@pytest.mark.parametrize("tokens", [False, True], ids=["local", "token"])
def test_a_prepare_reads_its_scope_once(sqlite: SQLiteStore, tmp_path: Path, tokens: bool) -> None:
    shared = scope(sqlite, "shared")
    project = scope(sqlite, "project", (shared.scope_id,))
    memory(sqlite, project.scope_id, "We chose SQLite as the embedded default store.")
    memory(sqlite, shared.scope_id, "SQLite runs in WAL mode.")
    headers = {"Authorization": f"Bearer {token_for(sqlite, '*')}"} if tokens else {}
    counting = CountingStore(sqlite)
    app = create_app(Settings(data_dir=tmp_path, require_tokens=tokens), store=counting)  # type: ignore[arg-type]
    request = {"scope_id": project.scope_id, "query": "SQLite", "include_receipt": True}
    with running(app) as url, httpx.Client(base_url=url) as http:
        counting.calls.clear()
        reply = http.post("/v1/context/prepare", json=request, headers=headers)
    assert reply.status_code == 200, reply.text
    assert counting.calls["get_scope"] == 1
    body = json.loads(reply.content)
    assert list(body) == ["schema", "status", "content", "content_bytes", "receipt"]
    assert gate.check_prepared_context(body, max_bytes=8000, include_receipt=True, explain=False) == []
    scopes = {item["artifact_address"]["scope_id"] for item in body["receipt"]["selected"]}
    assert scopes == {project.scope_id, shared.scope_id}  # the references came with the one read


@pytest.mark.parametrize("tokens", [False, True], ids=["local", "token"])
def test_a_missing_scope_is_still_a_404_after_one_read(sqlite: SQLiteStore, tmp_path: Path, tokens: bool) -> None:
    headers = {"Authorization": f"Bearer {token_for(sqlite, '*')}"} if tokens else {}
    counting = CountingStore(sqlite)
    app = create_app(Settings(data_dir=tmp_path, require_tokens=tokens), store=counting)  # type: ignore[arg-type]
    with running(app) as url, httpx.Client(base_url=url) as http:
        counting.calls.clear()
        reply = http.post("/v1/context/prepare", json={"scope_id": "scp_missing", "query": "q"}, headers=headers)
    assert reply.status_code == 404
    assert reply.json()["error"]["code"] == "scope_not_found"
    assert reply.json()["error"]["message"] == NO_SCOPE_MESSAGE
    assert counting.calls["get_scope"] == 1
