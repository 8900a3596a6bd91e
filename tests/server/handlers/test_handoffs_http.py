"""The Handoff lifecycle over real HTTP on both engines: ``handoff_current_work``,
``finalize_handoff``, ``commit_handoff`` and ``continue_handoff``. Every answer parsed with
PowerContext 1.4.1's own closed models; the lifecycle from an empty Scope (``latest`` is
``empty``) through commits on a base, stale bases, replays, exact and prepared continuation with
evidence checks on an injected clock, and the refusals (evidence, generation receipts, Scopes,
selections) writing nothing."""

from __future__ import annotations

import copy
from datetime import timedelta
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.clock import Clock
from _support.servers import assert_error, new_scope

from pcreceipt.store.protocol import Store

FINALIZE = "/v1/handoff/finalize"
COMMIT = "/v1/handoff/commit"
CONTINUE = "/v1/handoff/continue"
CURRENT = "/v1/work/handoffs/prepare-current"
CONTENT = "/v1/sources/content"
NOTES = "/v1/sources/working-notes"


@pytest.fixture
def scope(http: httpx.Client) -> str:
    scope_id = new_scope(http)
    for source_id in ("log", "plan"):
        body = {"scope_id": scope_id, "source_id": source_id, "content": f"the {source_id}"}
        assert http.post(CONTENT, json=body).status_code == 202
    return scope_id


def cite(source_id: str) -> dict[str, Any]:
    return {"kind": "source", "source_ref": {"name": "content", "source_id": source_id}}


def draft(objective: str = "Ship the release notes.", *citations: dict[str, Any], **fields: Any) -> dict[str, Any]:
    cited = list(citations) or [cite("log")]
    return {
        "objective": objective,
        "state": [{"text": "14 of 16 changes are described.", "citations": cited}],
        "disposition": "continuable",
        "next_action": {"text": "Describe the storage changes.", "citations": [cite("plan")]},
        "omissions": [{"text": "The benchmark numbers.", "citation": None}],
        **fields,
    }


def finalize(http: httpx.Client, scope_id: str, value: dict[str, Any], models: ModuleType) -> dict[str, Any]:
    response = http.post(FINALIZE, json={"scope_id": scope_id, "draft": value})
    assert response.status_code == 200, response.text
    models.PreparedHandoff.model_validate_json(response.content)
    return dict(response.json())


def commit(http: httpx.Client, scope_id: str, prepared: dict[str, Any]) -> httpx.Response:
    return http.post(COMMIT, json={"scope_id": scope_id, "handoff": prepared})


def resolve(http: httpx.Client, models: ModuleType, **body: Any) -> dict[str, Any]:
    response = http.post(CONTINUE, json=body)
    assert response.status_code == 200, response.text
    models.HandoffResolution.model_validate_json(response.content)
    return dict(response.json())


def ref(revision: int) -> dict[str, Any]:
    return {"family": "handoff", "artifact_id": "handoff", "revision": revision}


def test_the_lifecycle_from_an_empty_scope(http: httpx.Client, scope: str, powercontext_models: ModuleType) -> None:
    models = powercontext_models
    empty = resolve(http, models, scope_id=scope, selection="latest")
    assert empty == {
        "trust": "untrusted_history",
        "status": "empty",
        "scope_id": scope,
        "content": None,
        "selection": None,
        "selected_revision": None,
        "current_revision": None,
        "evidence_checks": [],
    }
    first = finalize(http, scope, draft(), models)
    assert first["schema"] == "powercontext.prepared-handoff.v1" and first["base"] is None
    assert first["generation"] is None  # no generation receipt: null, as 1.4.1 sends it
    assert first["content"] == {"generation": None, "schema": "powercontext.handoff.v1", **draft()}
    committed = commit(http, scope, first)
    assert committed.status_code == 200, committed.text
    models.CommittedHandoff.model_validate_json(committed.content)
    assert committed.json()["reference"] == ref(1)
    assert committed.json()["source_refs"] == [{"name": "content", "source_id": s} for s in ("log", "plan")]
    assert committed.json()["artifact_refs"] == []
    assert commit(http, scope, first).json() == committed.json()  # the same content again: unchanged
    latest = resolve(http, models, scope_id=scope, selection="latest")
    assert (latest["selection"], latest["selected_revision"], latest["current_revision"]) == ("latest", ref(1), ref(1))
    assert [(c["claim"], c["state_index"], c["status"]) for c in latest["evidence_checks"]] == [
        ("state", 0, "available"),
        ("next_action", None, "available"),
    ]
    # a second milestone must be prepared on the first: a stale base is a conflict, nothing written
    second = finalize(http, scope, draft("Ship the notes and the changelog."), models)
    assert second["base"] == ref(1)
    assert_error(commit(http, scope, {**second, "base": None}), 409, "revision_conflict")
    assert commit(http, scope, second).json()["reference"] == ref(2)
    assert_error(commit(http, scope, first), 409, "revision_conflict")  # first's base is no longer the latest
    exact = resolve(http, models, scope_id=scope, selection="exact", revision=ref(1))
    assert (exact["selected_revision"], exact["current_revision"]) == (ref(1), ref(2))
    assert exact["content"] == first["content"]
    # a Handoff revision is evidence too
    on_handoff = finalize(http, scope, draft("Continue.", {"kind": "artifact", "artifact_ref": ref(1)}), models)
    assert on_handoff["base"] == ref(2)
    missing = draft("Continue.", {"kind": "artifact", "artifact_ref": ref(7)})
    assert_error(http.post(FINALIZE, json={"scope_id": scope, "draft": missing}), 404, "handoff_evidence_not_found")


def test_continue_checks_evidence_without_failing(
    http: httpx.Client, scope: str, clock: Clock, powercontext_models: ModuleType
) -> None:
    note = {"scope_id": scope, "source_id": "note", "content": "seen", "session_id": "s", "note_kind": "inspection"}
    assert http.post(NOTES, json={**note, "expires_at": "2026-03-01T13:00:00Z"}).status_code == 202
    prepared = finalize(http, scope, draft("Check.", cite("log"), cite("note")), powercontext_models)
    assert commit(http, scope, prepared).status_code == 200
    clock.now += timedelta(hours=2)  # the Working Note expired after the commit
    latest = resolve(http, powercontext_models, scope_id=scope, selection="latest")
    assert latest["evidence_checks"][0] == {
        "claim": "state",
        "state_index": 0,
        "status": "unavailable",
        "unavailable_evidence": [cite("note")],
    }
    given = copy.deepcopy(prepared)
    given["content"]["state"][0]["citations"] = [cite("log"), cite("gone"), cite("gone")]
    answer = resolve(http, powercontext_models, scope_id=scope, selection="prepared", prepared=given)
    assert (answer["selection"], answer["selected_revision"], answer["current_revision"]) == ("prepared", None, ref(1))
    assert answer["evidence_checks"][0]["unavailable_evidence"] == [cite("gone")]
    assert answer["evidence_checks"][1]["status"] == "available"


def test_handing_off_current_work_records_the_boundary_and_prepares(
    http: httpx.Client, scope: str, engine_store: Store, powercontext_models: ModuleType
) -> None:
    current = {
        "schema": "powercontext.current-work-handoff.v1",
        "trust": "untrusted_input",
        "objective": "Ship the release notes.",
        "state": [
            {"text": "Drafted.", "basis": "declared", "evidence": []},
            {"text": "Logged.", "basis": "verified", "evidence": [cite("log")]},
        ],
        "disposition": "blocked",
        "next_action": None,
        "omissions": ["The benchmark numbers."],
    }
    body = {"scope_id": scope, "source_id": "boundary-1", "handoff": current}
    answer = http.post(CURRENT, json=body)
    assert answer.status_code == 200, answer.text
    powercontext_models.PreparedWorkHandoff.model_validate_json(answer.content)
    boundary, prepared = answer.json()["boundary"], answer.json()["handoff"]
    assert boundary["kind"] == "handoff-boundary" and boundary["position"] == 3
    assert boundary["source"] == {"name": "content", "source_id": "boundary-1"}
    stored = engine_store.find_source(scope, "boundary-1")
    assert stored is not None and stored.metadata == {
        "kind": "handoff-boundary",
        "schema": "powercontext.current-work-handoff.v1",
    }
    assert prepared["base"] is None
    assert prepared["content"]["state"] == [
        {"text": "Drafted.", "citations": [cite("boundary-1")]},
        {"text": "Logged.", "citations": [cite("boundary-1"), cite("log")]},
    ]
    assert prepared["content"]["next_action"] is None and prepared["content"]["disposition"] == "blocked"
    assert prepared["content"]["omissions"] == [{"text": "The benchmark numbers.", "citation": None}]
    assert http.post(CURRENT, json=body).json() == answer.json()  # a replay records nothing new
    other = {**body, "handoff": {**current, "objective": "Something else."}}
    assert_error(http.post(CURRENT, json=other), 409, "source_conflict")
    assert commit(http, scope, prepared).json()["reference"] == ref(1)
    unbacked = {**current, "state": [{"text": "x", "basis": "verified", "evidence": [cite("nope")]}]}
    refused = http.post(CURRENT, json={**body, "source_id": "boundary-2", "handoff": unbacked})
    assert_error(refused, 404, "handoff_evidence_not_found")
    assert engine_store.find_source(scope, "boundary-2") is None  # refused before anything was written


def test_refusals(http: httpx.Client, scope: str, powercontext_models: ModuleType) -> None:
    prepared = finalize(http, scope, draft(), powercontext_models)
    other = new_scope(http, "other")
    envelope = {"receipt": "issued-elsewhere"}
    metadata = {
        "scope_id": scope,
        "prompt_key": "handoff.generate",
        "selection": "built_in",
        "artifact": None,
        "definition_version": "1",
        "builtin_version": "1",
        "compiled_digest": "0" * 64,
        "original_draft_digest": "0" * 64,
        "edit_status": "unchanged",
    }
    cases: list[tuple[str, dict[str, Any], int, str]] = [
        (FINALIZE, {"scope_id": scope, "draft": draft(generation=envelope)}, 422, "invalid_handoff_generation"),
        (
            COMMIT,
            {"scope_id": scope, "handoff": {**prepared, "generation": envelope}},
            422,
            "invalid_handoff_generation",
        ),
        (
            COMMIT,
            {"scope_id": scope, "handoff": {**prepared, "content": {**prepared["content"], "generation": metadata}}},
            422,
            "invalid_handoff_generation",
        ),
        (FINALIZE, {"scope_id": scope, "draft": draft("x", cite("nope"))}, 404, "handoff_evidence_not_found"),
        (FINALIZE, {"scope_id": scope, "draft": draft("x", cite(" log"))}, 422, "invalid_request"),
        (FINALIZE, {"scope_id": "scp_missing", "draft": draft()}, 404, "scope_not_found"),
        (COMMIT, {"scope_id": other, "handoff": prepared}, 422, "invalid_request"),  # prepared in another Scope
        (
            COMMIT,
            {"scope_id": scope, "handoff": {**prepared, "base": {**ref(1), "artifact_id": "x"}}},
            422,
            "invalid_request",
        ),
        (COMMIT, {"scope_id": "scp_missing", "handoff": prepared}, 404, "scope_not_found"),
        (CONTINUE, {"scope_id": scope, "selection": "latest", "revision": ref(1)}, 422, "invalid_request"),
        (CONTINUE, {"scope_id": scope, "selection": "exact"}, 422, "invalid_request"),
        (CONTINUE, {"scope_id": scope, "selection": "prepared"}, 422, "invalid_request"),
        (CONTINUE, {"scope_id": scope, "selection": "exact", "revision": ref(1)}, 404, "artifact_not_found"),
        (
            CONTINUE,
            {"scope_id": scope, "selection": "exact", "revision": {**ref(1), "family": "skill"}},
            422,
            "invalid_request",
        ),
        (CONTINUE, {"scope_id": other, "selection": "prepared", "prepared": prepared}, 422, "invalid_request"),
        (CONTINUE, {"scope_id": "scp_missing", "selection": "latest"}, 404, "scope_not_found"),
        (FINALIZE, {"scope_id": scope, "draft": {**draft(), "state": []}}, 422, "invalid_request"),
    ]
    for path, body, status, code in cases:
        assert_error(http.post(path, json=body), status, code)
    assert resolve(http, powercontext_models, scope_id=scope, selection="latest")["status"] == "empty"
