"""preview_atomic_memory_restoration and restore_atomic_memory over HTTP: the preview writes
nothing and its token holds the restoration to what it saw; every refusal in 1.4.1's code and
order; the answers' shapes (the server gates each against the schema)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from _support.clock import Clock
from _support.servers import assert_error

PREVIEW = "/v1/atomic-memory/restoration-previews"
RESTORE = "/v1/atomic-memory/restorations"


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 12, 1, 12, 0, tzinfo=UTC))


@pytest.fixture
def http(serve: Callable[..., AbstractContextManager[str]], clock: Clock) -> Iterator[httpx.Client]:
    with serve(clock=clock) as url, httpx.Client(base_url=url, timeout=30) as client:
        yield client


def _scope(http: httpx.Client) -> str:
    created = http.post("/v1/scopes", json={"title": "restore", "summary": "restorations", "idempotency_key": "r"})
    return str(created.json()["scope_id"])


def _memory(http: httpx.Client, scope_id: str, text: str) -> str:
    created = http.post(
        f"/v1/scopes/{scope_id}/artifacts", json={"family": "atomic-memory", "content": {"kind": "fact", "text": text}}
    )
    assert created.status_code == 201, created.text
    return str(created.json()["artifact_id"])


def _state(http: httpx.Client, scope_id: str, memory: str) -> dict[str, Any]:
    answer = http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{memory}/state")
    return dict(answer.json())


def _forget(http: httpx.Client, scope_id: str, memory: str) -> None:
    state = _state(http, scope_id, memory)
    body = {"scope_id": scope_id, "target": {"artifact": state["artifact"], "state_version": state["state_version"]}}
    assert http.post("/v1/atomic-memory/lifecycle", json={**body, "state": "forgotten"}).status_code == 200


def _merge(http: httpx.Client, scope_id: str, memories: list[str]) -> str:
    inputs = []
    for memory in memories:
        state = _state(http, scope_id, memory)
        inputs.append({"artifact": state["artifact"], "state_version": state["state_version"]})
    body = {"scope_id": scope_id, "inputs": inputs, "content": {"kind": "fact", "text": "merged"}}
    merged = http.post("/v1/atomic-memory/merges", json=body)
    assert merged.status_code == 200, merged.text
    return str(merged.json()["records"][-1]["artifact"]["artifact_id"])


def test_a_preview_writes_nothing_and_its_token_restores_once(http: httpx.Client, clock: Clock) -> None:
    scope_id = _scope(http)
    memory = _memory(http, scope_id, "Reviews happen on Mondays")
    _forget(http, scope_id, memory)
    request = {"scope_id": scope_id, "target": {"artifact_id": memory}}

    preview = http.post(PREVIEW, json=request)

    assert preview.status_code == 200, preview.text
    body = preview.json()
    assert body["endpoint"] == {"artifact_id": memory, "revision": 1, "state_version": 1}
    assert body["restore"] == [{"artifact_id": memory, "source_revision": 1, "creates_revision": True}]
    assert (body["retire"], body["undo_merge_results"]) == ([], [])
    assert body["expires_at"] == "2026-12-01T12:05:00Z"
    assert _state(http, scope_id, memory)["state"] == "forgotten"

    restored = http.post(RESTORE, json={**request, "preview_token": body["preview_token"]})

    assert restored.status_code == 200, restored.text
    assert restored.json() == {
        "changed": True,
        "restored": [{"family": "atomic-memory", "artifact_id": memory, "revision": 2}],
        "retired": [],
        "undo_merge_results": [],
    }
    stale = http.post(RESTORE, json={**request, "preview_token": body["preview_token"]})
    assert_error(stale, 409, "preview_stale")
    again = http.post(RESTORE, json=request)  # without a token: nothing left to do
    assert again.status_code == 200 and again.json()["changed"] is False


def test_undoing_a_merge_over_http(http: httpx.Client) -> None:
    scope_id = _scope(http)
    first, second = _memory(http, scope_id, "Ship on Tuesday"), _memory(http, scope_id, "Ship after review")
    result = _merge(http, scope_id, [first, second])

    undone = http.post(
        RESTORE, json={"scope_id": scope_id, "target": {"artifact_id": result}, "operation": "undo_merge"}
    )

    assert undone.status_code == 200, undone.text
    body = undone.json()
    assert body["undo_merge_results"] == [result]
    assert {ref["artifact_id"] for ref in body["restored"]} == {first, second}
    assert body["retired"] == [{"family": "atomic-memory", "artifact_id": result, "revision": 2}]
    assert _state(http, scope_id, result)["state"] == "retired"
    assert {_state(http, scope_id, m)["state"] for m in (first, second)} == {"active"}


def test_refusals_in_1_4_1s_codes(http: httpx.Client, clock: Clock) -> None:
    scope_id = _scope(http)
    memory = _memory(http, scope_id, "Logs are kept a week")
    other = _memory(http, scope_id, "Metrics are kept a month")
    target = {"scope_id": scope_id, "target": {"artifact_id": memory}}
    for path in (PREVIEW, RESTORE):
        assert_error(http.post(path, json={**target, "target": {"artifact_id": "art_none"}}), 404, "artifact_not_found")
        assert_error(http.post(path, json={**target, "scope_id": "scp_none"}), 404, "scope_not_found")
        assert_error(http.post(path, json={**target, "operation": "undo_merge"}), 409, "invalid_memory_relation")
        with_revision = {**target, "operation": "undo_merge", "target": {"artifact_id": memory, "revision": 1}}
        assert_error(http.post(path, json=with_revision), 409, "invalid_memory_state")
        missing_revision = {**target, "target": {"artifact_id": memory, "revision": 7}}
        assert_error(http.post(path, json=missing_revision), 404, "artifact_not_found")

    _forget(http, scope_id, memory)
    token = http.post(PREVIEW, json=target).json()["preview_token"]
    for bad in ("not-a-token", token[:-2] + ("AA" if not token.endswith("AA") else "BB"), "x" * 16385):
        assert_error(http.post(RESTORE, json={**target, "preview_token": bad}), 422, "invalid_preview")
    elsewhere = {"scope_id": scope_id, "target": {"artifact_id": other}, "preview_token": token}
    assert_error(http.post(RESTORE, json=elsewhere), 422, "invalid_preview")  # another memory's request
    undo = {**target, "operation": "undo_merge", "preview_token": token}
    assert_error(http.post(RESTORE, json=undo), 422, "invalid_preview")  # another operation's
    clock.now += timedelta(seconds=300)
    assert_error(http.post(RESTORE, json={**target, "preview_token": token}), 409, "preview_expired")
    assert _state(http, scope_id, memory)["state"] == "forgotten"  # nothing refused wrote anything

    retired = _merge(http, scope_id, [other, _memory(http, scope_id, "Traces are sampled")])
    retire = {
        "scope_id": scope_id,
        "target": {"artifact": _state(http, scope_id, retired)["artifact"], "state_version": 0},
    }
    assert http.post("/v1/atomic-memory/lifecycle", json={**retire, "state": "retired"}).status_code == 200
    assert_error(
        http.post(PREVIEW, json={"scope_id": scope_id, "target": {"artifact_id": retired}}), 409, "invalid_memory_state"
    )
    assert_error(
        http.post(PREVIEW, json={"scope_id": scope_id, "target": {"artifact_id": other}}),
        409,
        "invalid_memory_relation",
    )  # merged into a retired result
