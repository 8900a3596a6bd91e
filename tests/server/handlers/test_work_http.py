"""Work continuity records over real HTTP on both engines: ``create_work_contract`` and
``record_task_outcome``. Receipts parsed with PowerContext 1.4.1's own closed models; the record
stored as a content Source in 1.4.1's form (its digest recomputed here from the stored content);
replays and conflicts; evidence that must exist (404 ``handoff_evidence_not_found``, 422
``source_not_eligible``) on an injected clock; the rules beyond the schema; nothing written by a
refused request."""

from __future__ import annotations

import copy
import hashlib
import json
from datetime import timedelta
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.clock import Clock
from _support.servers import assert_error
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.server.handlers.work import record_content, record_digest
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ArtifactRef, CapturedSource

CONTRACT = "/v1/work/contracts/create"
OUTCOME = "/v1/work/outcomes/record"
CONTENT = "/v1/sources/content"
NOTES = "/v1/sources/working-notes"
DECLARED: dict[str, Any] = {"text": "The changelog lists every change.", "basis": "declared", "evidence": []}


@pytest.fixture
def scope(http: httpx.Client) -> str:
    body = {"title": "work", "summary": "work", "idempotency_key": "work"}
    response = http.post("/v1/scopes", json=body)
    assert response.status_code == 201
    return str(response.json()["scope_id"])


def contract(scope_id: str, source_id: str = "wc-1", **fields: Any) -> dict[str, Any]:
    value = {
        "schema": "powercontext.work-contract.v1",
        "trust": "untrusted_input",
        "objective": "Write the release notes.",
        "facts": [DECLARED],
        "in_scope": ["docs/"],
        "exclusions": [],
        "completion_criteria": ["Every change is described."],
        "authorization_notes": [],
        "open_questions": [],
        **fields,
    }
    return {"scope_id": scope_id, "source_id": source_id, "contract": value}


def outcome(scope_id: str, source_id: str = "to-1", **fields: Any) -> dict[str, Any]:
    value = {
        "schema": "powercontext.task-outcome.v1",
        "trust": "untrusted_observation",
        "objective": "Write the release notes.",
        "status": "partial",
        "summary": "Drafted; two entries remain.",
        "observations": [DECLARED],
        "checks": [{"name": "docs build", "status": "timed_out", "basis": "declared", "evidence": []}],
        "produced_artifacts": [],
        "remaining_work": ["Describe the storage changes."],
        **fields,
    }
    return {"scope_id": scope_id, "source_id": source_id, "outcome": value}


def source_cite(source_id: str, name: str = "content") -> dict[str, Any]:
    return {"kind": "source", "source_ref": {"name": name, "source_id": source_id}}


def artifact_cite(family: str, artifact_id: str, revision: int) -> dict[str, Any]:
    return {"kind": "artifact", "artifact_ref": {"family": family, "artifact_id": artifact_id, "revision": revision}}


def verified(*citations: dict[str, Any]) -> dict[str, Any]:
    return {"text": "Checked against the log.", "basis": "verified", "evidence": list(citations)}


def next_position(http: httpx.Client, scope_id: str, marker: str) -> int:
    """Capture one content Source and answer its position (what a refused request did not take)."""
    response = http.post(CONTENT, json={"scope_id": scope_id, "source_id": marker, "content": marker})
    assert response.status_code == 202
    return int(response.json()["position"])


def test_a_contract_is_stored_as_a_content_source_in_powercontexts_form(
    http: httpx.Client, scope: str, engine_store: Store, powercontext_models: ModuleType
) -> None:
    first = http.post(CONTRACT, json=contract(scope))
    assert first.status_code == 202, first.text
    receipt = powercontext_models.WorkSourceReceipt.model_validate_json(first.content)
    assert receipt.position == 1
    assert first.json()["kind"] == "work-contract"
    assert first.json()["source"] == {"name": "content", "source_id": "wc-1"}
    stored = engine_store.find_source(scope, "wc-1")
    assert stored is not None and stored.origin == "content" and stored.content is not None
    assert stored.metadata == {"kind": "work-contract", "schema": "powercontext.work-contract.v1"}
    record = json.loads(stored.content)
    assert record == contract(scope)["contract"]  # nothing cited: the runtime form is the wire form
    assert stored.content == json.dumps(record, ensure_ascii=False, indent=2)
    compact = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
    assert first.json()["content_digest"] == "sha256:" + hashlib.sha256(compact).hexdigest()
    # a replay answers the first receipt; another record under the id is a conflict
    again = http.post(CONTRACT, json=contract(scope))
    assert again.status_code == 202 and again.json() == first.json()
    assert_error(http.post(CONTRACT, json=contract(scope, objective="Something else.")), 409, "source_conflict")
    assert_error(http.post(OUTCOME, json=outcome(scope, "wc-1")), 409, "source_conflict")
    assert next_position(http, scope, "after") == 2


def test_an_outcome_keeps_its_checks_and_cites_in_the_runtime_form(
    http: httpx.Client, scope: str, engine_store: Store, powercontext_models: ModuleType
) -> None:
    assert next_position(http, scope, "log") == 1
    checks = [
        {
            "name": "unit",
            "status": "failed",
            "details": "2 failures",
            "basis": "verified",
            "evidence": [source_cite("log")],
        },
        {"name": "lint", "status": "unknown", "details": None, "basis": "declared", "evidence": []},
    ]
    body = outcome(scope, checks=checks, handoff_receipt_ref=None)
    answer = http.post(OUTCOME, json=body)
    assert answer.status_code == 202, answer.text
    powercontext_models.WorkSourceReceipt.model_validate_json(answer.content)
    assert answer.json()["kind"] == "task-outcome" and answer.json()["position"] == 2
    stored = engine_store.find_source(scope, "to-1")
    assert stored is not None and stored.content is not None
    record = json.loads(stored.content)
    assert list(record) == [
        "schema", "trust", "objective", "status", "summary", "handoff_receipt_ref",
        "observations", "checks", "produced_artifacts", "remaining_work",
    ]  # fmt: skip
    assert record["checks"][0]["evidence"] == [
        {"kind": "source", "source_ref": {"source_type": "content", "source_id": "log"}}
    ]
    assert record["checks"][1]["details"] is None and record["handoff_receipt_ref"] is None
    assert answer.json()["content_digest"] == record_digest(record)
    # without the optional fields the record is the same (nulls kept), so the replay is exact
    without = copy.deepcopy(body)
    del without["outcome"]["handoff_receipt_ref"]
    del without["outcome"]["checks"][1]["details"]
    assert http.post(OUTCOME, json=without).json() == answer.json()


def test_evidence_must_exist_in_the_scope(http: httpx.Client, scope: str, engine_store: Store, clock: Clock) -> None:
    memory = http.post(
        f"/v1/scopes/{scope}/artifacts", json={"family": "atomic-memory", "content": {"kind": "fact", "text": "WAL"}}
    )
    assert memory.status_code == 201
    artifact_id = memory.json()["artifact_id"]
    lineage = engine_store.lineage_sources([ArtifactRef(scope, "atomic-memory", artifact_id, 1)])
    (lineage_id,) = lineage[ArtifactRef(scope, "atomic-memory", artifact_id, 1)]
    assert next_position(http, scope, "src") == 2
    note = {
        "scope_id": scope,
        "source_id": "note",
        "content": "inspected",
        "session_id": "s",
        "note_kind": "inspection",
    }
    assert http.post(NOTES, json={**note, "expires_at": "2026-03-01T13:00:00Z"}).status_code == 202
    other = http.post("/v1/scopes", json={"title": "o", "summary": "o", "idempotency_key": "o"}).json()["scope_id"]
    assert http.post(CONTENT, json={"scope_id": other, "source_id": "elsewhere", "content": "x"}).status_code == 202

    good = [source_cite("src"), source_cite("note"), artifact_cite("atomic-memory", artifact_id, 1)]
    accepted = http.post(CONTRACT, json=contract(scope, "ok", facts=[verified(*good)]))
    assert accepted.status_code == 202, accepted.text
    assert accepted.json()["position"] == 4
    missing = [
        source_cite("nope"),
        source_cite("elsewhere"),  # another Scope's Source
        source_cite("src", name="connector"),  # a type pcreceipt does not store
        artifact_cite("atomic-memory", artifact_id, 2),
        artifact_cite("atomic-memory", "am_unknown", 1),
        artifact_cite("skill", artifact_id, 1),
        artifact_cite("prompt", artifact_id, 1),
    ]
    for index, citation in enumerate(missing):
        body = contract(scope, f"bad-{index}", facts=[verified(source_cite("src"), citation)])
        assert_error(http.post(CONTRACT, json=body), 404, "handoff_evidence_not_found")
        checks = [{"name": "n", "status": "passed", "basis": "verified", "evidence": [citation]}]
        assert_error(
            http.post(OUTCOME, json=outcome(scope, f"bad-{index}", checks=checks)), 404, "handoff_evidence_not_found"
        )
    produced = {"family": "atomic-memory", "artifact_id": artifact_id, "revision": 1}
    assert http.post(OUTCOME, json=outcome(scope, "made", produced_artifacts=[produced])).status_code == 202
    unmade = outcome(scope, "unmade", produced_artifacts=[{**produced, "revision": 2}])
    assert_error(http.post(OUTCOME, json=unmade), 404, "handoff_evidence_not_found")
    lineage_cited = contract(scope, "lineage", facts=[verified(source_cite(lineage_id))])
    assert_error(http.post(CONTRACT, json=lineage_cited), 422, "source_not_eligible")
    clock.now += timedelta(hours=2)  # the Working Note has expired
    expired = contract(scope, "expired", facts=[verified(source_cite("note"))])
    assert_error(http.post(CONTRACT, json=expired), 404, "handoff_evidence_not_found")
    assert next_position(http, scope, "after") == 6  # nothing refused was written


def test_rules_beyond_the_schema_and_unknown_scopes(http: httpx.Client, scope: str) -> None:
    bad_contracts = [
        contract(scope, " wc"),
        contract(scope, objective="Trailing "),
        contract(scope, in_scope=["a", "a"]),
        contract(scope, exclusions=[" x"]),
        contract(scope, facts=[{**DECLARED, "evidence": [source_cite("x")]}]),
        contract(scope, facts=[{**DECLARED, "basis": "verified"}]),
        contract(scope, facts=[verified(artifact_cite("memory", "m", 1))]),
        contract(scope, facts=[verified(source_cite(" x"))]),
        contract(scope, in_scope=[]),
        contract(scope, trust="trusted"),
        {**contract(scope), "extra": 1},
    ]
    for body in bad_contracts:
        assert_error(http.post(CONTRACT, json=body), 422, "invalid_request")
    bad_outcomes = [
        outcome(scope, summary=" s"),
        outcome(scope, remaining_work=["x", "x"]),
        outcome(scope, checks=[{"name": "n", "status": "passed", "basis": "verified", "evidence": []}]),
        outcome(
            scope, checks=[{"name": "n", "status": "passed", "details": " d", "basis": "declared", "evidence": []}]
        ),
        outcome(scope, produced_artifacts=[{"family": "memory", "artifact_id": "m", "revision": 1}]),
        outcome(scope, observations=[]),
        outcome(scope, status="done"),
    ]
    for body in bad_outcomes:
        assert_error(http.post(OUTCOME, json=body), 422, "invalid_request")
    assert_error(http.post(CONTRACT, json=contract("scp_missing")), 404, "scope_not_found")
    assert_error(http.post(OUTCOME, json=outcome("scp_missing")), 404, "scope_not_found")
    assert next_position(http, scope, "first") == 1


def test_an_outcome_links_only_an_accepted_exact_handoff_receipt(
    http: httpx.Client, scope: str, engine_store: Store
) -> None:
    def receipt(source_id: str, **fields: Any) -> None:
        value = {
            "schema": "powercontext.handoff-receipt.v1",
            "trust": "untrusted_observation",
            "receiver": "agent-b",
            "status": "accepted",
            "selection": "exact",
            "selected_revision": {"family": "handoff", "artifact_id": "handoff", "revision": 1},
            **fields,
        }
        metadata = {"kind": "handoff-receipt", "schema": "powercontext.handoff-receipt.v1"}
        engine_store.capture_source(scope, CapturedSource(source_id, json.dumps(value), metadata))

    receipt("accepted")
    receipt("declined", status="declined")
    receipt("prepared", selection="prepared", selected_revision=None)
    assert next_position(http, scope, "plain") == 4
    linked = http.post(OUTCOME, json=outcome(scope, handoff_receipt_ref={"name": "content", "source_id": "accepted"}))
    assert linked.status_code == 202, linked.text
    for source_id in ("declined", "prepared", "plain", "missing"):
        body = outcome(scope, f"o-{source_id}", handoff_receipt_ref={"name": "content", "source_id": source_id})
        error = assert_error(http.post(OUTCOME, json=body), 422, "invalid_request")
        assert error["details"] == {"violations": [{"path": "/outcome/handoff_receipt_ref", "rule": "handoff_receipt"}]}


TEXT = st.text(st.characters(codec="utf-8"), min_size=1, max_size=20)


@settings(max_examples=50, deadline=None)
@given(objective=TEXT, items=st.lists(TEXT, min_size=1, max_size=4, unique=True))
def test_the_stored_content_is_the_digested_record(objective: str, items: list[str]) -> None:
    """Whatever the text, the stored content reads back as the record whose compact JSON is digested."""
    record = {"schema": "powercontext.work-contract.v1", "objective": objective, "in_scope": items, "open": None}
    assert json.loads(record_content(record)) == record
    compact = json.dumps(json.loads(record_content(record)), ensure_ascii=False, separators=(",", ":"))
    assert record_digest(record) == "sha256:" + hashlib.sha256(compact.encode()).hexdigest()
