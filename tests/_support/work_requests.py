"""Valid requests of the work continuity and Handoff operations: each builds a request that succeeds
(the bad-input tier breaks it one way at a time; the authorisation matrix sends it with each role)."""

from __future__ import annotations

import uuid
from typing import Any

import httpx


def claim() -> dict[str, Any]:
    return {"text": "inspected by the tier", "basis": "declared", "evidence": []}


def work_contract(scope_id: str) -> dict[str, Any]:
    contract = {
        "schema": "powercontext.work-contract.v1",
        "trust": "untrusted_input",
        "objective": "the tier's work",
        "facts": [claim()],
        "in_scope": ["the tier"],
        "exclusions": ["nothing else"],
        "completion_criteria": ["every probe refused"],
        "authorization_notes": ["none"],
        "open_questions": ["none"],
    }
    return {"scope_id": scope_id, "source_id": uuid.uuid4().hex, "contract": contract}


def task_outcome(scope_id: str) -> dict[str, Any]:
    outcome = {
        "schema": "powercontext.task-outcome.v1",
        "trust": "untrusted_observation",
        "objective": "the tier's work",
        "status": "partial",
        "summary": "probed",
        "handoff_receipt_ref": None,
        "observations": [claim()],
        "checks": [{"name": "probe", "status": "passed", "details": "ok", "basis": "declared", "evidence": []}],
        "produced_artifacts": [],
        "remaining_work": ["more probes"],
    }
    return {"scope_id": scope_id, "source_id": uuid.uuid4().hex, "outcome": outcome}


def handoff_draft(memory: str) -> dict[str, Any]:
    """A draft citing revision 1 of an Atomic Memory of the Scope."""
    cite = {"kind": "artifact", "artifact_ref": {"family": "atomic-memory", "artifact_id": memory, "revision": 1}}
    statement = {"text": "the tier's state", "citations": [cite]}
    return {
        "objective": "the tier's handoff",
        "state": [statement],
        "disposition": "continuable",
        "next_action": statement,
        "omissions": [{"text": "nothing", "citation": cite}],
    }


def prepared_handoff(http: httpx.Client, scope_id: str, memory: str) -> dict[str, Any]:
    finalized = http.post("/v1/handoff/finalize", json={"scope_id": scope_id, "draft": handoff_draft(memory)})
    assert finalized.status_code == 200, finalized.text
    return dict(finalized.json())


def current_work(scope_id: str) -> dict[str, Any]:
    handoff = {
        "schema": "powercontext.current-work-handoff.v1",
        "trust": "untrusted_input",
        "objective": "the tier's work",
        "state": [claim()],
        "disposition": "continuable",
        "next_action": claim(),
        "omissions": ["nothing"],
    }
    return {"scope_id": scope_id, "source_id": uuid.uuid4().hex, "handoff": handoff}


def acknowledgement(http: httpx.Client, scope_id: str, memory: str) -> dict[str, Any]:
    """A declined acknowledgement of a prepared Handoff (declining needs no receiver checks)."""
    return {
        "scope_id": scope_id,
        "source_id": uuid.uuid4().hex,
        "receiver": "the tier",
        "status": "declined",
        "selection": "prepared",
        "receiver_checks": {"live_state": "not_checked", "capability": "not_checked", "authorization": "not_checked"},
        "prepared": prepared_handoff(http, scope_id, memory),
        "message": "probing only",
    }
