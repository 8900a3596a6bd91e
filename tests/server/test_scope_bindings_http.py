"""Scope bindings and the default Scope over HTTP: the default made once at the first start,
resolution order, PowerContext's 404/409 codes, and request validation."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import cast

import httpx
import pytest
from _support.engines import raw_sql
from _support.races import at_once
from _support.servers import assert_error, running

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.bindings import DEFAULT_SCOPE_KEY
from pcreceipt.store.sqlite import SQLiteStore

WORKSPACE = {"integration": "claude-code", "kind": "workspace", "external_id": "/home/me/payments"}
SESSION = {"integration": "claude-code", "kind": "session", "external_id": "s-1"}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[httpx.Client, SQLiteStore]]:
    store = SQLiteStore(tmp_path / "store.db")
    try:
        with running(create_app(Settings(data_dir=tmp_path), store=store)) as url, httpx.Client(base_url=url) as http:
            yield http, store
    finally:
        store.close()


def _scope(http: httpx.Client, title: str) -> str:
    body = {"title": title, "summary": f"{title} work", "idempotency_key": title}
    return str(http.post("/v1/scopes", json=body).json()["scope_id"])


def test_the_first_start_creates_the_default_and_lists_it(served: tuple[httpx.Client, SQLiteStore]) -> None:
    http, _ = served
    default = http.get("/v1/scopes/default")
    assert default.status_code == 200
    body = default.json()
    assert (body["title"], body["summary"], body["version"]) == ("Default", "Default context", 1)
    listed = http.get("/v1/scopes").json()["items"]
    assert listed == [body]
    resolved = http.post("/v1/scope-bindings/resolve", json={})
    assert resolved.json() == body


def test_two_servers_starting_on_one_database_make_one_default(tmp_path: Path) -> None:
    barrier = threading.Barrier(2)
    made: list[str] = []

    def start() -> None:
        store = SQLiteStore(tmp_path / "store.db")
        try:
            barrier.wait(timeout=30)
            create_app(Settings(data_dir=tmp_path), store=store)
            made.append(str(store.default_scope_id()))
        finally:
            store.close()

    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    store = SQLiteStore(tmp_path / "store.db")
    try:
        scopes = store.list_scopes(limit=10, after=None)
    finally:
        store.close()
    assert len(made) == 2 and made[0] == made[1]
    assert [s.scope_id for s in scopes] == [made[0]]


def test_resolution_order(served: tuple[httpx.Client, SQLiteStore]) -> None:
    http, _ = served
    default = http.get("/v1/scopes/default").json()["scope_id"]
    a, b, c = _scope(http, "a"), _scope(http, "b"), _scope(http, "c")
    assert http.put("/v1/scope-bindings", json={"key": WORKSPACE, "scope_id": a}).json() == {
        "key": WORKSPACE,
        "scope_id": a,
    }
    http.put("/v1/scope-bindings", json={"key": SESSION, "scope_id": b})

    def resolve(**body: object) -> httpx.Response:
        return http.post("/v1/scope-bindings/resolve", json=body)

    assert resolve(binding_keys=[SESSION, WORKSPACE]).json()["scope_id"] == b
    assert resolve(binding_keys=[WORKSPACE, SESSION]).json()["scope_id"] == a
    assert resolve(explicit_scope_id=c, binding_keys=[WORKSPACE]).json()["scope_id"] == c
    unbound = {**WORKSPACE, "external_id": "/elsewhere"}
    assert resolve(binding_keys=[unbound]).json()["scope_id"] == default
    assert resolve(binding_keys=[unbound], explicit_scope_id=None).json()["scope_id"] == default
    assert_error(resolve(binding_keys=[unbound], allow_default=False), 404, "scope_not_found")
    assert_error(resolve(explicit_scope_id="scp_missing", binding_keys=[WORKSPACE]), 404, "scope_not_found")
    assert resolve(binding_keys=[unbound, WORKSPACE], allow_default=False).json()["scope_id"] == a

    assert http.put("/v1/scopes/default", json={"scope_id": c}).json()["scope_id"] == c
    assert resolve(binding_keys=[unbound]).json()["scope_id"] == c
    assert http.post("/v1/scope-bindings/clear", json={"key": SESSION}).json() == {"cleared": True}
    assert http.post("/v1/scope-bindings/clear", json={"key": SESSION}).json() == {"cleared": False}
    assert resolve(binding_keys=[SESSION]).json()["scope_id"] == c


def test_missing_scopes_and_dangling_targets(served: tuple[httpx.Client, SQLiteStore], tmp_path: Path) -> None:
    http, _ = served
    assert_error(
        http.put("/v1/scope-bindings", json={"key": WORKSPACE, "scope_id": "scp_missing"}), 404, "scope_not_found"
    )
    assert_error(http.put("/v1/scopes/default", json={"scope_id": "scp_missing"}), 404, "scope_not_found")
    # Scopes are never deleted through the API: a dangling binding is written underneath it.
    raw_sql(
        "sqlite",
        tmp_path,
        "INSERT INTO scope_bindings (integration, kind, external_id, scope_id, updated_at) VALUES (?, ?, ?, ?, ?)",
        (WORKSPACE["integration"], WORKSPACE["kind"], WORKSPACE["external_id"], "scp_gone", "2026-01-01T00:00:00Z"),
    )
    error = assert_error(
        http.post("/v1/scope-bindings/resolve", json={"binding_keys": [WORKSPACE, SESSION]}),
        409,
        "scope_binding_target_missing",
    )
    assert error["details"] == {"scope_id": "scp_gone"}
    raw_sql("sqlite", tmp_path, "UPDATE default_scope SET scope_id = 'scp_gone_default'")
    error = assert_error(http.get("/v1/scopes/default"), 409, "scope_binding_target_missing")
    assert error["details"] == {"scope_id": "scp_gone_default"}
    error = assert_error(http.post("/v1/scope-bindings/resolve", json={}), 409, "scope_binding_target_missing")
    assert error["details"] == {"scope_id": "scp_gone_default"}


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/scope-bindings/resolve", {"binding_keys": [{"integration": "x", "kind": "y"}]}),
        ("/v1/scope-bindings/resolve", {"binding_keys": [{**WORKSPACE, "extra": 1}]}),
        ("/v1/scope-bindings/resolve", {"binding_keys": [{**WORKSPACE, "kind": "   "}]}),
        ("/v1/scope-bindings/resolve", {"binding_keys": [{**WORKSPACE, "integration": "i" * 129}]}),
        ("/v1/scope-bindings/resolve", {"allow_default": "yes"}),
        ("/v1/scope-bindings/resolve", {"unknown": True}),
        ("/v1/scope-bindings/clear", {}),
    ],
)
def test_invalid_requests_are_422(served: tuple[httpx.Client, SQLiteStore], path: str, body: object) -> None:
    http, _ = served
    assert_error(http.post(path, json=body), 422, "invalid_request")


def test_the_default_key_is_powercontexts(served: tuple[httpx.Client, SQLiteStore]) -> None:
    """Creating a Scope with PowerContext's default key returns the default (same key, same fields)."""
    http, _ = served
    default = http.get("/v1/scopes/default").json()
    body = {"title": "Default", "summary": "Default context", "idempotency_key": DEFAULT_SCOPE_KEY}
    assert http.post("/v1/scopes", json=body).json() == default


def test_concurrent_clears_through_three_servers_on_one_sqlite_file_clear_once(tmp_path: Path) -> None:
    """Three servers over one SQLite file, eight clears of one bound key spread over them and released
    together, on several rounds: exactly one caller is told ``cleared: true``, as PowerContext 1.4.1
    answers (the same race over OceanBase: ``test_oceanbase_multi_server.py``)."""
    with ExitStack() as stack:
        clients = []
        for _ in range(3):
            store = SQLiteStore(tmp_path / "store.db")
            stack.callback(store.close)
            url = stack.enter_context(running(create_app(Settings(data_dir=tmp_path), store=store)))
            clients.append(stack.enter_context(httpx.Client(base_url=url, timeout=60)))
        scope_id = _scope(clients[0], "Races")
        for round_number in range(4):
            key = {**SESSION, "external_id": f"race-{round_number}"}
            assert clients[1].put("/v1/scope-bindings", json={"key": key, "scope_id": scope_id}).status_code == 200
            clears = [partial(clients[n % 3].post, "/v1/scope-bindings/clear", json={"key": key}) for n in range(8)]
            responses = cast(list[httpx.Response], at_once(clears))
            assert [r.status_code for r in responses] == [200] * 8
            assert sorted(r.json()["cleared"] for r in responses) == [False] * 7 + [True], round_number
