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


def captured_citation(http: httpx.Client, scope_id: str, text: str = "state: inspected by the tier") -> dict[str, Any]:
    """A new content Source of the Scope, as a Handoff citation."""
    source_id = "tier-" + uuid.uuid4().hex
    captured = http.post("/v1/sources/content", json={"scope_id": scope_id, "source_id": source_id, "content": text})
    assert captured.status_code == 202, captured.text
    return {"kind": "source", "source_ref": {"name": "content", "source_id": source_id}}


def handoff_generation(http: httpx.Client, scope_id: str) -> dict[str, Any]:
    """A prepare_handoff request over one new content Source."""
    return {"scope_id": scope_id, "objective": "the tier's work", "evidence": [captured_citation(http, scope_id)]}


def handoff_activation(http: httpx.Client, scope_id: str) -> dict[str, Any]:
    """An activate_handoff request at a new boundary (a new content Source)."""
    boundary = captured_citation(http, scope_id)["source_ref"]
    return {"scope_id": scope_id, "boundary_source": boundary, "objective": "the tier's work"}


def generative_handoff_requests(citation: dict[str, Any]) -> dict[str, Any]:
    """The authorisation matrix's prepare_handoff and activate_handoff: ``(http, world, target)``
    callables citing the matrix's seeded Source of the target (``world.ids[target]``)."""
    objective = "matrix handoff"

    def prepare(http: httpx.Client, world: Any, target: str) -> httpx.Response:
        body = {"scope_id": world.ids[target], "objective": objective, "evidence": [citation]}
        return http.post("/v1/handoff/prepare", json=body)

    def activate(http: httpx.Client, world: Any, target: str) -> httpx.Response:
        body = {"scope_id": world.ids[target], "boundary_source": citation["source_ref"], "objective": objective}
        return http.post("/v1/handoff/activate", json=body)

    return {"prepare_handoff": prepare, "activate_handoff": activate}
