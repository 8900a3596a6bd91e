"""Capture and flush over real HTTP: receipts and flush answers parsed with PowerContext 1.4.1's own
closed models (``_support.powercontext``) and checked the way the strict hosts (ZCode, Kimi Code)
check them; replays, conflicts, bad input, Working Note expiry on an injected clock."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.clock import Clock
from _support.servers import assert_error

pytestmark = pytest.mark.anyio

CONTENT = "/v1/sources/content"
NOTES = "/v1/sources/working-notes"
FLUSH = "/v1/memory/flush"


def capture(scope_id: str, source_id: str = "s-1", content: str = "Why WAL?", **fields: Any) -> dict[str, Any]:
    return {"scope_id": scope_id, "source_id": source_id, "content": content, **fields}


def note(scope_id: str, source_id: str = "n-1", **fields: Any) -> dict[str, Any]:
    body = {"scope_id": scope_id, "source_id": source_id, "content": "inspected db.py", "session_id": "s"}
    return {**body, "note_kind": "inspection", **fields}


def strict_host_check(response: httpx.Response, source_id: str) -> int:
    """ZCode's and Kimi Code's receipt check: 202, accepted, source content + the id sent, position ≥ 1."""
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "accepted" and body["source"] == {"name": "content", "source_id": source_id}
    position = body["position"]
    assert isinstance(position, int) and not isinstance(position, bool) and 1 <= position <= 2**53 - 1
    return position


async def test_receipts_parse_as_the_official_models_and_replays_repeat_them(
    http: httpx.AsyncClient, scope_id: str, powercontext_models: ModuleType
) -> None:
    first = await http.post(CONTENT, json=capture(scope_id, metadata={"origin": "zcode", "turn_id": 3}))
    assert strict_host_check(first, "s-1") == 1
    receipt = powercontext_models.CaptureContentSourceResponse.model_validate_json(first.content)
    assert list(first.json()) == ["status", "source", "position"] and receipt.position == 1
    again = await http.post(CONTENT, json=capture(scope_id, metadata={"turn_id": 3, "origin": "zcode"}))
    assert again.status_code == 202 and again.json() == first.json()  # same id, content and metadata
    second = await http.post(CONTENT, json=capture(scope_id, "s-2", metadata=None))
    assert strict_host_check(second, "s-2") == 2
    for other in (capture(scope_id, content="other"), capture(scope_id, metadata={"origin": "pi"}), capture(scope_id)):
        assert_error(await http.post(CONTENT, json=other), 409, "source_conflict")
    noted = await http.post(NOTES, json=note(scope_id))
    assert strict_host_check(noted, "n-1") == 3
    powercontext_models.CaptureContentSourceResponse.model_validate_json(noted.content)
    assert_error(await http.post(NOTES, json=note(scope_id, content="something else")), 409, "source_conflict")
    assert_error(await http.post(NOTES, json=note(scope_id, source_id="s-1")), 409, "source_conflict")


async def test_unknown_scopes_are_scope_not_found(http: httpx.AsyncClient) -> None:
    missing = "scp_missing_" + uuid.uuid4().hex
    assert_error(await http.post(CONTENT, json=capture(missing)), 404, "scope_not_found")
    assert_error(await http.post(NOTES, json=note(missing)), 404, "scope_not_found")
    assert_error(await http.post(FLUSH, json={"scope_id": missing}), 404, "scope_not_found")


async def test_bounds_and_bad_input(http: httpx.AsyncClient, scope_id: str) -> None:
    longest = "x" * 200_000
    assert (await http.post(CONTENT, json=capture(scope_id, "long", longest))).status_code == 202
    assert (await http.post(CONTENT, json=capture(scope_id, "é" * 256, "é"))).status_code == 202
    bad = [
        capture(scope_id, content=""),
        capture(scope_id, "too-long", longest + "x"),
        capture(scope_id, ""),
        capture(scope_id, "x" * 257),
        capture(scope_id, metadata=["not", "an", "object"]),
        capture(scope_id, metadata={"kind": "working_note"}),
        capture(scope_id, "receipt", json.dumps({"schema": "powercontext.handoff-receipt.v1"})),
        {**capture(scope_id), "extra": 1},
        note(scope_id, note_kind="musing"),
        note(scope_id, content="   "),
        note(scope_id, session_id=""),
        note(scope_id, expires_at="next tuesday"),
    ]
    for body in bad:
        assert_error(await http.post(NOTES if "note_kind" in body else CONTENT, json=body), 422, "invalid_request")
    infinite = json.dumps(capture(scope_id, "inf", metadata={"n": 1})).replace('"n": 1', '"n": 1e400')
    response = await http.post(CONTENT, content=infinite, headers={"content-type": "application/json"})
    assert_error(response, 422, "invalid_request")
    # nothing of the refused requests was stored: the next Source takes position 3
    assert (await http.post(CONTENT, json=capture(scope_id, "next"))).json()["position"] == 3


def test_working_note_expiry_on_the_servers_clock(serve: Callable[..., AbstractContextManager[str]]) -> None:
    clock = Clock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    with serve(clock=clock) as url, httpx.Client(base_url=url) as http:
        scope_id = http.get("/v1/scopes/default").json()["scope_id"]
        naive = http.post(NOTES, json=note(scope_id, expires_at="2026-03-01T13:00:00"))
        assert assert_error(naive, 422, "invalid_request")["details"] == {
            "field": "expires_at",
            "reason": "missing_time_zone",
        }
        past = http.post(NOTES, json=note(scope_id, expires_at="2026-03-01T12:59:59+01:00"))  # 11:59:59 UTC
        assert assert_error(past, 422, "invalid_request")["details"] == {
            "field": "expires_at",
            "reason": "not_in_future",
        }
        accepted = http.post(NOTES, json=note(scope_id, expires_at="2026-03-01T13:00:00Z"))
        assert strict_host_check(accepted, "n-1") == 1
        clock.now += timedelta(hours=2)
        # an exact replay stays accepted after the expiry (the same instant in another offset is the same note)
        replay = http.post(NOTES, json=note(scope_id, expires_at="2026-03-01T14:00:00+01:00"))
        assert replay.status_code == 202 and replay.json() == accepted.json()
        other = http.post(NOTES, json=note(scope_id, content="changed", expires_at="2026-03-01T13:00:00Z"))
        assert_error(other, 409, "source_conflict")
        unknown = http.post(NOTES, json=note(scope_id, "n-2", expires_at="2026-03-01T13:00:00Z"))
        assert assert_error(unknown, 422, "invalid_request")["details"]["reason"] == "not_in_future"
        missing = http.post(NOTES, json=note("scp_missing", expires_at="2026-03-01T13:00:00Z"))
        assert_error(missing, 404, "scope_not_found")


async def test_flush_without_a_model(http: httpx.AsyncClient, scope_id: str, powercontext_models: ModuleType) -> None:
    def zcode_check(response: httpx.Response) -> dict[str, Any]:
        assert response.status_code == 200
        body = response.json()
        powercontext_models.FlushMemoryResponse.model_validate(body)
        assert body["status"] in ("idle", "processed")
        assert 0 <= body["previous_cursor"] <= body["current_cursor"] <= body["high_watermark"]
        return dict(body)

    idle = zcode_check(await http.post(FLUSH, json={"scope_id": scope_id}))
    assert idle == {
        "status": "idle",
        "previous_cursor": 0,
        "current_cursor": 0,
        "high_watermark": 0,
        "processed_source_count": 0,
        "memory": None,
        "remaining_work": False,
        "held_count": 0,
        "hold_codes": [],
    }
    memory = {"family": "atomic-memory", "content": {"kind": "fact", "text": "WAL"}}
    await http.post(f"/v1/scopes/{scope_id}/artifacts", json=memory)
    await http.post(NOTES, json=note(scope_id))
    passed = zcode_check(await http.post(FLUSH, json={"scope_id": scope_id}))
    assert (passed["status"], passed["previous_cursor"], passed["current_cursor"]) == ("processed", 0, 2)
    assert (passed["high_watermark"], passed["processed_source_count"], passed["remaining_work"]) == (2, 0, False)
    position = strict_host_check(await http.post(CONTENT, json=capture(scope_id)), "s-1")
    for _ in range(2):  # pending content needs a model: 503, and the cursor stays
        refused = assert_error(await http.post(FLUSH, json={"scope_id": scope_id}), 503, "inference_unavailable")
        assert refused["details"] is None
    stats = await http.post("/v1/stats", json={"selection": {"mode": "exact", "scope_ids": [scope_id]}})
    assert stats.json()["inventory"]["sources"] == {"total": position, "memory_processed": 2, "memory_pending": 1}


async def test_capabilities_name_the_content_source_and_no_extraction(
    http: httpx.AsyncClient, powercontext_models: ModuleType
) -> None:
    capabilities = powercontext_models.Capabilities.model_validate_json((await http.get("/v1/capabilities")).content)
    assert capabilities.source_types == ["content"] and capabilities.memory_extraction is False
