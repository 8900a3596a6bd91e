"""prepare_handoff and activate_handoff over real HTTP on both engines. Without a provider, 1.4.1's
503 ``handoff_generation_unavailable`` (after the Scope and, for an activation, the boundary) and
capabilities that say so; with the fake OpenAI-compatible provider, a draft generated from exactly
the evidence named (parsed with 1.4.1's own models) that finalizes, the Scope's ``handoff.generate``
prompt, the boundary recorded once per boundary, and a provider that is down, slow or answers
outside the closed shape or 1.4.1's rules for a generated draft failing softly (503, the boundary
not moved)."""

from __future__ import annotations

import uuid
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support import servers
from _support.fakes import FakeInference
from _support.servers import assert_error

from pcreceipt.prepare.handoff_generation import BUILTIN_HANDOFF_PROMPT
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ArtifactRef

PREPARE = "/v1/handoff/prepare"
ACTIVATE = "/v1/handoff/activate"
CHAT = "/v1/chat/completions"
GENERATION_TIMEOUT = 1.0  # the slow fake answers after 6 s: past it (the handlers conftest's 3 s waited 6 s a test)
LOG = "state: The parser handles 14 of 16 cases.\nnext: Add the two date formats.\nomission: No benchmark yet."


def new_scope(http: httpx.Client) -> str:
    return servers.new_scope(http, "handoff", key=uuid.uuid4().hex)


def captured(http: httpx.Client, scope_id: str, text: str) -> dict[str, Any]:
    source_id = "log-" + uuid.uuid4().hex[:8]
    response = http.post("/v1/sources/content", json={"scope_id": scope_id, "source_id": source_id, "content": text})
    assert response.status_code == 202, response.text
    return {"kind": "source", "source_ref": {"name": "content", "source_id": source_id}}


def prepare(http: httpx.Client, scope_id: str, *evidence: dict[str, Any], **fields: Any) -> httpx.Response:
    body = {"scope_id": scope_id, "objective": "Finish the date parser.", "evidence": list(evidence)}
    return http.post(PREPARE, json=body | fields)


def activate(http: httpx.Client, scope_id: str, boundary: dict[str, Any], **fields: Any) -> httpx.Response:
    body = {"scope_id": scope_id, "boundary_source": boundary["source_ref"], "objective": "Finish the date parser."}
    return http.post(ACTIVATE, json=body | fields)


def test_without_a_provider_it_is_503_handoff_generation_unavailable(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    log = captured(http, scope_id, LOG)
    error = assert_error(prepare(http, scope_id, log), 503, "handoff_generation_unavailable")
    assert error["details"] is None
    missing = {"kind": "source", "source_ref": {"name": "content", "source_id": "never-captured"}}
    assert_error(prepare(http, scope_id, missing), 503, "handoff_generation_unavailable")  # before the evidence
    assert_error(prepare(http, "scp_unknown", log), 404, "scope_not_found")
    assert_error(prepare(http, scope_id, log, log), 422, "invalid_request")
    assert_error(activate(http, scope_id, missing), 404, "handoff_evidence_not_found")  # the boundary first
    assert_error(activate(http, scope_id, log), 503, "handoff_generation_unavailable")
    capabilities = http.get("/v1/capabilities").json()
    assert capabilities["handoff_generation"] is False
    assert capabilities["prompts"]["handoff.generate"]["reason"] == "provider_not_configured"


def test_a_prepared_draft_cites_exactly_the_evidence_and_finalizes(
    generating: httpx.Client, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    scope_id = new_scope(generating)
    log, plan = captured(generating, scope_id, LOG), captured(generating, scope_id, "disposition: continuable")
    response = prepare(generating, scope_id, log, plan, rollover_reasons=["host_compaction"])
    assert response.status_code == 200, response.text
    powercontext_models.HandoffDraft.model_validate_json(response.content)
    draft = response.json()
    assert draft == {
        "generation": None,
        "objective": "Finish the date parser.",
        "state": [{"text": "The parser handles 14 of 16 cases.", "citations": [log]}],
        "disposition": "continuable",
        "next_action": {"text": "Add the two date formats.", "citations": [log]},
        "omissions": [{"text": "No benchmark yet.", "citation": log}],
    }
    (request,) = fake.requests_to(CHAT)
    assert request.json["messages"][0]["content"] == BUILTIN_HANDOFF_PROMPT
    assert request.json["response_format"] == {"type": "json_object"}
    finalized = generating.post("/v1/handoff/finalize", json={"scope_id": scope_id, "draft": draft})
    assert finalized.status_code == 200, finalized.text
    assert generating.get("/v1/capabilities").json()["handoff_generation"] is True


def test_the_evidence_is_checked_before_the_model(
    generating: httpx.Client, engine_store: Store, fake: FakeInference
) -> None:
    scope_id = new_scope(generating)
    missing = {"kind": "source", "source_ref": {"name": "content", "source_id": "never-captured"}}
    assert_error(prepare(generating, scope_id, missing), 404, "handoff_evidence_not_found")
    prompt = {"kind": "artifact", "artifact_ref": {"family": "prompt", "artifact_id": "memory.rerank", "revision": 1}}
    assert_error(prepare(generating, scope_id, prompt), 404, "handoff_evidence_not_found")
    memory = generating.post(
        f"/v1/scopes/{scope_id}/artifacts", json={"family": "atomic-memory", "content": {"kind": "fact", "text": "WAL"}}
    )
    artifact_id = memory.json()["artifact_id"]
    (lineage_id,) = engine_store.lineage_sources([ArtifactRef(scope_id, "atomic-memory", artifact_id, 1)])[
        ArtifactRef(scope_id, "atomic-memory", artifact_id, 1)
    ]
    lineage = {"kind": "source", "source_ref": {"name": "content", "source_id": lineage_id}}
    assert_error(prepare(generating, scope_id, lineage), 422, "source_not_eligible")
    assert fake.chat.calls == 0
    revision = {
        "kind": "artifact",
        "artifact_ref": {"family": "atomic-memory", "artifact_id": artifact_id, "revision": 1},
    }
    response = prepare(generating, scope_id, revision)
    assert response.status_code == 200, response.text
    assert response.json()["state"][0]["citations"] == [revision]


def test_the_scope_prompt_is_resolved_per_scope(generating: httpx.Client, fake: FakeInference) -> None:
    custom, plain = new_scope(generating), new_scope(generating)
    prompt = {
        "schema_version": "powercontext.prompt.v1",
        "mode": "custom",
        "instructions": "Be brief.",
        "demonstrations": [],
    }
    created = generating.post(
        f"/v1/scopes/{custom}/artifacts", json={"family": "prompt", "prompt_key": "handoff.generate", "content": prompt}
    )
    assert created.status_code == 201, created.text
    for scope_id in (custom, plain):
        assert prepare(generating, scope_id, captured(generating, scope_id, LOG)).status_code == 200
    systems = [r.json["messages"][0]["content"] for r in fake.requests_to(CHAT)]
    assert systems == ["Be brief.", BUILTIN_HANDOFF_PROMPT]


def test_an_activation_generates_once_per_boundary(
    generating: httpx.Client, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    scope_id = new_scope(generating)
    first, second = captured(generating, scope_id, LOG), captured(generating, scope_id, "state: Two formats remain.")
    extra = captured(generating, scope_id, "state: The CI is green.")
    answer = activate(generating, scope_id, second, evidence=[second, extra])
    assert answer.status_code == 200, answer.text
    powercontext_models.HandoffActivation.model_validate_json(answer.content)
    body = answer.json()
    assert (body["status"], body["previous_position"], body["current_position"]) == ("generated", 0, 2)
    assert body["boundary_source"] == second["source_ref"]
    assert [s["citations"] for s in body["draft"]["state"]] == [[second], [extra]]  # the boundary first, once
    for boundary in (second, first):  # the same boundary and an earlier one: no model call
        ignored = activate(generating, scope_id, boundary).json()
        assert ignored == {
            "status": "ignored",
            "boundary_source": boundary["source_ref"],
            "previous_position": 2,
            "current_position": 2,
            "draft": None,
        }
    assert fake.chat.calls == 1
    later = activate(generating, scope_id, extra).json()
    assert (later["status"], later["previous_position"], later["current_position"]) == ("generated", 2, 3)


@pytest.mark.parametrize(
    ("mode", "code"),
    [("down", "inference_unavailable"), ("slow", "inference_timeout"), ("invalid", "inference_unavailable")],
)
def test_a_failing_provider_fails_softly(generating: httpx.Client, fake: FakeInference, mode: str, code: str) -> None:
    scope_id = new_scope(generating)
    log = captured(generating, scope_id, LOG)
    fake.configure("chat", mode, delay=6.0, invalid="content")  # type: ignore[arg-type]
    assert_error(prepare(generating, scope_id, log), 503, code)
    assert_error(activate(generating, scope_id, log), 503, code)
    fake.configure("chat", "ok")
    after = activate(generating, scope_id, log).json()  # the failed activation recorded nothing
    assert (after["status"], after["previous_position"]) == ("generated", 0)


def test_a_draft_outside_the_rules_is_refused(generating: httpx.Client) -> None:
    scope_id = new_scope(generating)
    checkpoint_without_next = captured(generating, scope_id, "state: Half done.")
    assert prepare(generating, scope_id, checkpoint_without_next).status_code == 200  # not a rollover: fine
    rollover = prepare(generating, scope_id, checkpoint_without_next, rollover_reasons=["delegation"])
    assert_error(rollover, 503, "inference_unavailable")  # continuable, no next action
    transcript = captured(generating, scope_id, "state: Parser half done.\nnext: Continue above.")
    assert_error(
        prepare(generating, scope_id, transcript, rollover_reasons=["delegation"]), 503, "inference_unavailable"
    )
    long = captured(generating, scope_id, "\n".join(f"state: Case {i} {'x' * 60} passes." for i in range(20)))
    assert_error(prepare(generating, scope_id, long, max_bytes=512), 503, "inference_unavailable")
    assert prepare(generating, scope_id, long, max_bytes=32768).status_code == 200
    odd = captured(generating, scope_id, "state: Done.\ndisposition: finished")
    assert_error(prepare(generating, scope_id, odd), 503, "inference_unavailable")


def test_activation_refusals(generating: httpx.Client, fake: FakeInference) -> None:
    scope_id = new_scope(generating)
    log = captured(generating, scope_id, LOG)
    many = [captured(generating, scope_id, f"state: item {i}") for i in range(32)]
    assert_error(activate(generating, scope_id, log, evidence=many), 422, "invalid_request")  # 33 with the boundary
    assert activate(generating, scope_id, log, evidence=[log, *many[:31]]).status_code == 200  # the boundary once
    assert_error(activate(generating, scope_id, log, evidence=[many[0], many[0]]), 422, "invalid_request")
    assert_error(activate(generating, "scp_unknown", log), 404, "scope_not_found")
    untrimmed = {"kind": "source", "source_ref": {"name": "content", "source_id": " padded"}}
    error = assert_error(activate(generating, scope_id, untrimmed), 422, "invalid_request")
    assert error["details"]["violations"] == [{"path": "/boundary_source/source_id", "rule": "trimmed"}]
