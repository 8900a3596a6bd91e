"""Failures inside the server: store errors, unexpected exceptions, replies that fail the gate."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from _support.servers import CANARY, assert_error, readiness_checks

from pcreceipt.config import Settings
from pcreceipt.models import OPERATIONS
from pcreceipt.prepare.plan import PreparePlan
from pcreceipt.prepare.reply import Prepared
from pcreceipt.server.app import create_app
from pcreceipt.server.handlers import HANDLERS
from pcreceipt.server.http.exchange import Call, Reply
from pcreceipt.store.records import InvalidRecord, RecordNotFound, StoreUnavailable, WriteConflict
from pcreceipt.store.sqlite import SQLiteStore

pytestmark = pytest.mark.anyio
Serve = Callable[..., AbstractContextManager[str]]


def test_every_operation_has_a_handler() -> None:
    assert set(HANDLERS) == {op.operation_id for op in OPERATIONS}


def test_an_operation_without_a_handler_stops_the_server_from_starting(tmp_path: Path) -> None:
    handlers = {k: v for k, v in HANDLERS.items() if k != "read_code"}
    store = SQLiteStore(tmp_path / "s.db")
    try:
        with pytest.raises(LookupError, match="read_code"):
            create_app(Settings(data_dir=tmp_path), store=store, handlers=handlers)
    finally:
        store.close()


class RaisingStore:
    """A store whose every Scope read raises the given exception."""

    engine = "sqlite"
    vector_search_available = False

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def get_scope(self, scope_id: str) -> Any:
        raise self.error

    def close(self) -> None:
        pass


@pytest.mark.parametrize(
    ("error", "status", "code"),
    [
        (RecordNotFound(CANARY, kind="scope"), 404, "scope_not_found"),
        (RecordNotFound(CANARY, kind="artifact"), 404, "artifact_not_found"),
        (
            WriteConflict(CANARY, reason="stale_revision", current_revision=3, current_state_version=1),
            409,
            "revision_conflict",
        ),
        (InvalidRecord(CANARY), 422, "invalid_request"),
        (StoreUnavailable(CANARY), 503, "storage_unavailable"),
        (RuntimeError(CANARY), 500, "internal_error"),
    ],
    ids=["scope_not_found", "artifact_not_found", "conflict", "invalid_input", "unavailable", "unexpected"],
)
async def test_store_errors_map_to_the_envelope(
    serve: Serve, caplog: pytest.LogCaptureFixture, error: BaseException, status: int, code: str
) -> None:
    with serve(store=RaisingStore(error)) as url, caplog.at_level(logging.INFO):
        async with httpx.AsyncClient(base_url=url) as http:
            body = assert_error(await http.get("/v1/scopes/some-scope"), status, code)
    if isinstance(error, WriteConflict):
        assert body["details"] == {"reason": "stale_revision", "current_revision": 3, "current_state_version": 1}
    assert CANARY not in caplog.text
    if status == 500:
        assert "type=RuntimeError" in caplog.text


async def test_a_closed_store_is_503_and_not_ready(serve: Serve, tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "closed.db")
    store.close()
    with serve(store=store) as url:
        async with httpx.AsyncClient(base_url=url) as http:
            ready = await http.get("/health/ready")
            assert ready.status_code == 503
            assert ready.json() == {"status": "not_ready", "checks": readiness_checks(answered=False)}
            assert (await http.get("/health/live")).json() == {"status": "ok"}
            assert_error(await http.get("/v1/scopes"), 503, "storage_unavailable")
            created = await http.post("/v1/scopes", json={"title": "t", "summary": "s", "idempotency_key": "k"})
            assert_error(created, 503, "storage_unavailable")


class InvalidRuntime:
    """A prepare runtime whose answers break the PreparedContext contract."""

    def __init__(self, response: dict[str, Any]) -> None:
        self.response = response

    def run(self, plan: PreparePlan, scope: Any, *, request_id: str) -> Prepared:
        return Prepared(plan, dict(self.response))


@pytest.mark.parametrize(
    ("response", "rule"),
    [
        (
            {"schema": "powercontext.prepared-context.v1", "status": "ready", "content": CANARY, "content_bytes": 3},
            "content_bytes_utf8",
        ),
        (
            {
                "schema": "powercontext.prepared-context.v1",
                "status": "empty",
                "content": None,
                "content_bytes": 0,
                "receipt": None,
            },
            "type",
        ),
        (
            {
                "schema": "powercontext.prepared-context.v1",
                "status": "ready",
                "content": CANARY,
                "content_bytes": 22,
                "reason": "inference_timeout",
            },
            "reason_requires_explain",
        ),
        (
            {
                "schema": "powercontext.prepared-context.v1",
                "status": "ready",
                "content": CANARY,
                "content_bytes": 22,
                "extra": 1,
            },
            "additionalProperties",
        ),
    ],
    ids=["wrong_byte_count", "null_receipt", "reason_without_explain", "unknown_key"],
)
async def test_a_reply_that_fails_the_gate_becomes_500(
    serve: Serve, caplog: pytest.LogCaptureFixture, response: dict[str, Any], rule: str
) -> None:
    with serve(runtime=InvalidRuntime(response)) as url, caplog.at_level(logging.INFO):
        async with httpx.AsyncClient(base_url=url) as http:
            scope = await http.post("/v1/scopes", json={"title": "t", "summary": "s", "idempotency_key": "k"})
            prepared = await http.post("/v1/context/prepare", json={"scope_id": scope.json()["scope_id"], "query": "q"})
            assert_error(prepared, 500, "internal_error")
    gate_lines = [r.getMessage() for r in caplog.records if "response gate failed" in r.getMessage()]
    assert len(gate_lines) == 1
    assert "operation=prepare_context" in gate_lines[0] and rule in gate_lines[0]
    assert CANARY not in caplog.text


async def test_any_operation_reply_is_gated(serve: Serve, caplog: pytest.LogCaptureFixture) -> None:
    def broken_liveness(call: Call) -> Reply:
        return Reply(200, {"status": "alive"})

    with serve(handlers={**HANDLERS, "get_liveness": broken_liveness}) as url, caplog.at_level(logging.INFO):
        async with httpx.AsyncClient(base_url=url) as http:
            assert_error(await http.get("/health/live"), 500, "internal_error")
    assert any("operation=get_liveness" in r.getMessage() and "rules=enum" in r.getMessage() for r in caplog.records)


async def test_access_log_holds_route_templates_only(
    server_url: str, scope_id: str, caplog: pytest.LogCaptureFixture
) -> None:
    def lines() -> list[str]:
        return [r.getMessage() for r in caplog.records if r.name == "pcreceipt.access"]

    with caplog.at_level(logging.INFO, logger="pcreceipt.access"):
        async with httpx.AsyncClient(base_url=server_url) as http:
            await http.get(f"/v1/scopes/{scope_id}", params={"q": CANARY})
            await http.post("/v1/context/prepare", json={"scope_id": scope_id, "query": CANARY})
        # the line is written once the response is sent, so the client can read it first
        deadline = time.monotonic() + 30
        while len(lines()) < 2 and time.monotonic() < deadline:
            await anyio.sleep(0.01)
    printed = lines()
    # an undeclared query parameter is refused (422), and neither it nor the path's id is logged
    assert any(line.startswith("GET /v1/scopes/{scope_id} 422 ") for line in printed)
    assert any(line.startswith("POST /v1/context/prepare 200 ") for line in printed), printed
    assert all(scope_id not in line and CANARY not in line for line in printed)
