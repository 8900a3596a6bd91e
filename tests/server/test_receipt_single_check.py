"""The Receipt over HTTP is checked once (by the assembler) and serialised once (its bytes are
spliced into the response): a Receipt that fails that one check is still dropped whole (fail-open,
never a 500), and the bytes sent are the bytes the 8192-byte budget was measured on.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.contract import gate
from pcreceipt.contract.digests import wire_bytes, wire_dumps
from pcreceipt.prepare import receipt as assembler
from pcreceipt.prepare.reply import Prepared

pytestmark = pytest.mark.anyio
Serve = Callable[..., AbstractContextManager[str]]
TEXTS = (
    "We chose SQLite as the embedded default store.",
    "SQLite runs in WAL mode so readers never block the writer.",
    "The build uses Bazel.",
)


async def _scope(http: httpx.AsyncClient) -> str:
    scope = await http.post("/v1/scopes", json={"title": "t", "summary": "s", "idempotency_key": uuid.uuid4().hex})
    scope_id = str(scope.json()["scope_id"])
    for text in TEXTS:
        created = await http.post(
            f"/v1/scopes/{scope_id}/artifacts",
            json={"family": "atomic-memory", "content": {"kind": "decision", "text": text}},
        )
        assert created.status_code == 201
    return scope_id


async def _both(http: httpx.AsyncClient, scope_id: str) -> tuple[httpx.Response, httpx.Response]:
    request = {"scope_id": scope_id, "query": "SQLite WAL", "max_bytes": 8000}
    plain = await http.post("/v1/context/prepare", json=request)
    asked = await http.post("/v1/context/prepare", json={**request, "include_receipt": True})
    assert plain.status_code == asked.status_code == 200
    return plain, asked


@pytest.fixture
def wires(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bytes]]:
    """Every Receipt's bytes as the assembler measured them, in order."""
    kept: list[bytes] = []
    real = assembler.assemble_receipt

    def keeping(**kwargs: Any) -> assembler.CheckedReceipt:
        checked = real(**kwargs)
        kept.append(checked.wire)
        return checked

    monkeypatch.setattr("pcreceipt.prepare.runtime.assemble_receipt", keeping)
    yield kept


async def test_the_bytes_sent_are_the_bytes_measured(serve: Serve, wires: list[bytes]) -> None:
    with serve() as url:
        async with httpx.AsyncClient(base_url=url) as http:
            _, asked = await _both(http, await _scope(http))
    (measured,) = wires
    body = json.loads(asked.content)
    assert asked.content == wire_bytes(body)  # one serialisation for the whole body
    assert asked.content.endswith(b',"receipt":' + measured + b"}")  # the Receipt's bytes as measured
    assert measured == wire_bytes(body["receipt"]) and len(measured) <= gate.RECEIPT_MAX_BYTES
    assert gate.check_prepared_context(body, max_bytes=8000, include_receipt=True) == []  # the whole response holds


def _bad_kind(item: Any) -> dict[str, Any]:  # a schema violation: an unknown family
    return {**assembler_selected_item(item), "kind": "not-a-family"}


def _bad_truncated(item: Any) -> dict[str, Any]:  # a semantic rule (receipt_truncated): schema-valid
    return {**assembler_selected_item(item), "truncated": True}


def _no_stages(evidence: Any) -> list[dict[str, Any]]:  # a semantic rule (stages_unique): schema-valid
    stage = {"stage": "context.build", "duration_ms": 0.1, "count": 1}
    return [stage, dict(stage)]


assembler_selected_item = assembler.selected_item


@pytest.mark.parametrize(
    ("step", "replacement"),
    [("selected_item", _bad_kind), ("selected_item", _bad_truncated), ("stage_timings", _no_stages)],
    ids=["schema", "receipt_truncated", "stages_unique"],
)
async def test_a_receipt_failing_the_one_check_is_dropped_not_a_500(
    serve: Serve, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, step: str, replacement: Any
) -> None:
    monkeypatch.setattr(assembler, step, replacement)
    with serve() as url, caplog.at_level(logging.WARNING):
        async with httpx.AsyncClient(base_url=url) as http:
            plain, asked = await _both(http, await _scope(http))
    assert asked.content == plain.content  # exactly the flag-off response
    assert "receipt" not in asked.json()
    events = [json.loads(r.getMessage()) for r in caplog.records if "receipt_dropped" in r.getMessage()]
    assert [e["code"] for e in events] == ["schema_violation"]
    assert not any("response gate failed" in r.getMessage() for r in caplog.records)


async def test_the_reply_gate_still_refuses_a_receipt_nobody_asked_for(
    serve: Serve, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reply gate does not check the Receipt again, but it still checks that one was asked
    for: a Receipt on a request without the flag is a 500, never sent."""
    from pcreceipt.prepare import runtime as runtime_module

    real_run = runtime_module.PrepareRuntime.run

    def attach_anyway(self: Any, plan: Any, scope: Any, *, request_id: str) -> Prepared:
        prepared = real_run(self, plan, scope, request_id=request_id)
        checked = assembler.CheckedReceipt({"schema": "x"}, b'{"schema":"x"}')
        return Prepared(prepared.plan, prepared.fields, checked, prepared.selected)

    monkeypatch.setattr(runtime_module.PrepareRuntime, "run", attach_anyway)
    with serve() as url:
        async with httpx.AsyncClient(base_url=url) as http:
            scope_id = await _scope(http)
            answer = await http.post("/v1/context/prepare", json={"scope_id": scope_id, "query": "SQLite"})
    assert answer.status_code == 500 and answer.json()["error"]["code"] == "internal_error"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=24,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_the_wire_serialiser_writes_what_the_standard_encoder_writes(value: Any) -> None:
    """``wire_dumps`` skips the encoder's cycle bookkeeping; the text is the standard one."""
    assert wire_dumps(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
