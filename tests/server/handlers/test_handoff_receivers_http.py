"""The receiving side of a Handoff over real HTTP on both engines: ``acknowledge_handoff`` (the
receiver's Handoff Receipt, stored as a Source and linkable from a Task Outcome) and
``prepare_handoff_hint`` (a bounded continuity hint, a PreparedContext). Answers parsed with
PowerContext 1.4.1's own closed models; evidence that expires on an injected clock."""

from __future__ import annotations

import json
from datetime import timedelta
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.clock import Clock
from _support.servers import assert_error

from pcreceipt.server.handlers.handoff_receivers import BEGIN, END
from pcreceipt.store.protocol import Store

ACK = "/v1/work/handoffs/acknowledge"
HINT = "/v1/handoff/hint"
OUTCOME = "/v1/work/outcomes/record"
CONFIRMED = {"live_state": "confirmed", "capability": "confirmed", "authorization": "confirmed"}


@pytest.fixture
def scope(http: httpx.Client) -> str:
    response = http.post("/v1/scopes", json={"title": "recv", "summary": "recv", "idempotency_key": "recv"})
    scope_id = str(response.json()["scope_id"])
    assert (
        http.post("/v1/sources/content", json={"scope_id": scope_id, "source_id": "log", "content": "log"}).status_code
        == 202
    )
    note = {"scope_id": scope_id, "source_id": "note", "content": "seen", "session_id": "s", "note_kind": "inspection"}
    assert (
        http.post("/v1/sources/working-notes", json={**note, "expires_at": "2026-03-01T13:00:00Z"}).status_code == 202
    )
    return scope_id


def cite(source_id: str) -> dict[str, Any]:
    return {"kind": "source", "source_ref": {"name": "content", "source_id": source_id}}


def prepare(http: httpx.Client, scope_id: str, *cited: str, disposition: str = "continuable") -> dict[str, Any]:
    draft = {
        "objective": "Ship the notes.",
        "state": [{"text": "Drafted.", "citations": [cite(c) for c in cited or ("log",)]}],
        "disposition": disposition,
        "next_action": {"text": "Review.", "citations": [cite("log")]},
        "omissions": [{"text": "Benchmarks.", "citation": cite("log")}],
    }
    answer = http.post("/v1/handoff/finalize", json={"scope_id": scope_id, "draft": draft})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def commit(http: httpx.Client, scope_id: str, prepared: dict[str, Any]) -> dict[str, Any]:
    answer = http.post("/v1/handoff/commit", json={"scope_id": scope_id, "handoff": prepared})
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["reference"])


def ack(scope_id: str, source_id: str, **fields: Any) -> dict[str, Any]:
    return {"scope_id": scope_id, "source_id": source_id, "receiver": "agent-b", **fields}


def outcome(scope_id: str, source_id: str, receipt: str) -> dict[str, Any]:
    value = {
        "schema": "powercontext.task-outcome.v1",
        "trust": "untrusted_observation",
        "objective": "Ship the notes.",
        "status": "succeeded",
        "summary": "Shipped.",
        "handoff_receipt_ref": {"name": "content", "source_id": receipt},
        "observations": [{"text": "Published.", "basis": "declared", "evidence": []}],
        "checks": [],
        "produced_artifacts": [],
        "remaining_work": [],
    }
    return {"scope_id": scope_id, "source_id": source_id, "outcome": value}


def test_an_accepted_exact_receipt_is_a_source_an_outcome_can_cover(
    http: httpx.Client, scope: str, engine_store: Store, powercontext_models: ModuleType
) -> None:
    revision = commit(http, scope, prepare(http, scope))
    body = ack(scope, "r-1", status="accepted", selection="exact", revision=revision, receiver_checks=CONFIRMED)
    answer = http.post(ACK, json=body)
    assert answer.status_code == 200, answer.text
    powercontext_models.HandoffAcknowledgement.model_validate_json(answer.content)
    assert answer.json()["receipt_identity"] is None  # sent as 1.4.1 sends it when it attests none
    assert answer.json()["resolution"]["selected_revision"] == revision
    receipt = answer.json()["receipt"]
    assert receipt["kind"] == "handoff-receipt" and receipt["source"]["source_id"] == "r-1"
    stored = engine_store.find_source(scope, "r-1")
    assert stored is not None and stored.content is not None
    assert stored.metadata == {"kind": "handoff-receipt", "schema": "powercontext.handoff-receipt.v1"}
    record = json.loads(stored.content)
    assert list(record) == [
        "schema", "trust", "receiver", "status", "selection", "selected_revision", "prepared_digest",
        "receiver_checks", "evidence_status", "unavailable_evidence", "message",
    ]  # fmt: skip
    assert (record["selected_revision"], record["prepared_digest"], record["evidence_status"]) == (
        revision,
        None,
        "available",
    )
    assert http.post(ACK, json=body).json() == answer.json()  # a replay records nothing new
    assert_error(http.post(ACK, json={**body, "receiver": "agent-c"}), 409, "source_conflict")
    linked = http.post(OUTCOME, json=outcome(scope, "o-1", "r-1"))
    assert linked.status_code == 202, linked.text


def test_prepared_and_unreadable_evidence(
    http: httpx.Client, scope: str, engine_store: Store, clock: Clock, powercontext_models: ModuleType
) -> None:
    prepared = prepare(http, scope, "log", "note")
    asked = ack(
        scope, "r-1", status="needs_clarification", selection="prepared", prepared=prepared, message="Which notes?"
    )
    answer = http.post(ACK, json=asked)
    assert answer.status_code == 200, answer.text
    stored = engine_store.find_source(scope, "r-1")
    assert stored is not None and stored.content is not None
    record = json.loads(stored.content)
    assert record["selected_revision"] is None and record["prepared_digest"].startswith("sha256:")
    # a receipt of a prepared value covers no outcome: only an accepted exact revision does
    assert_error(http.post(OUTCOME, json=outcome(scope, "o-1", "r-1")), 422, "invalid_request")
    clock.now += timedelta(hours=2)  # the Working Note expired
    accepting = ack(scope, "r-2", status="accepted", selection="prepared", prepared=prepared, receiver_checks=CONFIRMED)
    assert_error(http.post(ACK, json=accepting), 422, "invalid_request")
    declined = http.post(
        ACK, json=ack(scope, "r-3", status="declined", selection="prepared", prepared=prepared, message="Stale.")
    )
    assert declined.status_code == 200, declined.text
    powercontext_models.HandoffAcknowledgement.model_validate_json(declined.content)
    stored = engine_store.find_source(scope, "r-3")
    assert stored is not None and stored.content is not None
    record = json.loads(stored.content)
    assert record["evidence_status"] == "unavailable"
    assert record["unavailable_evidence"] == [
        {"kind": "source", "source_ref": {"source_type": "content", "source_id": "note"}}
    ]
    assert engine_store.find_source(scope, "r-2") is None


def test_acknowledgement_refusals(http: httpx.Client, scope: str) -> None:
    revision = commit(http, scope, prepare(http, scope))
    exact: dict[str, Any] = {"selection": "exact", "revision": revision}
    bad = [
        (ack(scope, "x", status="accepted", receiver_checks={**CONFIRMED, "capability": "not_checked"}, **exact), 422),
        (ack(scope, "x", status="accepted", **exact), 422),
        (ack(scope, "x", status="declined", **exact), 422),
        (ack(scope, "x", status="declined", message="No.", selection="prepared", revision=revision), 422),
        (ack(scope, "x", status="declined", message="No.", selection="exact"), 422),
        (ack(scope, "x", status="declined", message=" No.", **exact), 422),
        (ack(scope, "x", status="declined", message="No.", selection="latest"), 422),
        (
            ack(scope, "x", status="declined", message="No.", selection="exact", revision={**revision, "revision": 9}),
            404,
        ),
        (ack("scp_missing", "x", status="declined", message="No.", **exact), 404),
    ]
    for body, status in bad:
        response = http.post(ACK, json=body)
        assert response.status_code == status, (body, response.text)
    assert http.post(ACK, json=ack(scope, "x", status="declined", message="No.", **exact)).status_code == 200


def test_hints(http: httpx.Client, scope: str, clock: Clock, powercontext_models: ModuleType) -> None:
    def hint(**body: Any) -> dict[str, Any]:
        answer = http.post(HINT, json={"scope_id": scope, "max_bytes": 4000, **body})
        assert answer.status_code == 200, answer.text
        powercontext_models.PreparedContext.model_validate_json(answer.content)
        return dict(answer.json())

    empty = {"schema": "powercontext.prepared-context.v1", "status": "empty", "content": None, "content_bytes": 0}
    assert hint(selection="latest") == empty
    blocked = prepare(http, scope, disposition="blocked")
    revision = commit(http, scope, blocked)
    ready = hint(selection="latest")
    assert ready["status"] == "ready" and ready["content_bytes"] == len(ready["content"].encode("utf-8"))
    text = ready["content"]
    assert text.index(BEGIN) < text.index(END)
    quoted = text[text.index(BEGIN) + len(BEGIN) : text.index(END)].strip("\n").split("\n")
    assert all(line.startswith(">     ") for line in quoted)
    data = json.loads("\n".join(line[len(">     ") :] for line in quoted))
    assert (data["selection"], data["selected_revision"], data["current_revision"]) == ("latest", revision, revision)
    assert data["historical_disposition"] == "blocked" and len(data["historical_blocked_state"]) == 1
    assert data["selected_evidence"] == [
        {"kind": "source", "source_ref": {"source_type": "content", "source_id": "log"}}
    ]
    assert hint(selection="latest", max_bytes=ready["content_bytes"]) == ready
    assert ready["content_bytes"] > 2000  # so the default budget leaves this blocked hint out whole
    assert http.post(HINT, json={"scope_id": scope, "selection": "latest"}).json() == empty
    assert hint(selection="latest", max_bytes=ready["content_bytes"] - 1) == empty  # never cut
    assert hint(selection="exact", revision=revision)["status"] == "ready"
    with_note = prepare(http, scope, "log", "note")
    assert hint(selection="prepared", prepared=with_note)["status"] == "ready"
    clock.now += timedelta(hours=2)  # the note expired: the prepared hint has unreadable evidence
    assert hint(selection="prepared", prepared=with_note) == empty
    for body, status in [
        ({"selection": "exact"}, 422),
        ({"selection": "latest", "prepared": with_note}, 422),
        ({"selection": "latest", "max_bytes": 4001}, 422),
        ({"selection": "exact", "revision": {**revision, "revision": 5}}, 404),
    ]:
        assert http.post(HINT, json={"scope_id": scope, **body}).status_code == status
    assert http.post(HINT, json={"scope_id": "scp_missing", "selection": "latest"}).status_code == 404
