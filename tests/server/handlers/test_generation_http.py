"""generate_experience and generate_skill over real HTTP on both engines: without a provider 1.4.1's
503 ``generation_unavailable`` ``{family}`` (before any evidence is read) and capabilities that say
so; with the fake OpenAI-compatible provider, a pending candidate the model proposed from exactly
the evidence named, an explicit ``no_op``, the origin and evidence rules, and a provider that is
down, slow or answers outside the closed shape failing softly (503, nothing stored)."""

from __future__ import annotations

import uuid
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support import servers
from _support.fakes import FakeInference
from _support.servers import assert_error

LESSON_LOG = """The release build failed on a stale lock file.
situation: The release build failed after the packaging tool was bumped.
action: Regenerated the lock file.
outcome: The build passed.
lesson: Regenerate the lock file whenever the packaging tool is bumped."""
SKILL_LOG = """How we check a release.
name: release-check
description: Check a release branch before tagging it.
instructions: Run the test suite, then the packaging check.
validation: the packaging check passes"""


GENERATION_TIMEOUT = 1.0  # the slow fake answers after 3 s: past it


def new_scope(http: httpx.Client) -> str:
    return servers.new_scope(http, "generation", key=uuid.uuid4().hex)


def captured(http: httpx.Client, scope_id: str, text: str) -> dict[str, str]:
    source_id = "log-" + uuid.uuid4().hex[:8]
    response = http.post("/v1/sources/content", json={"scope_id": scope_id, "source_id": source_id, "content": text})
    assert response.status_code == 202, response.text
    return {"name": "content", "source_id": source_id}


def generate(http: httpx.Client, family: str, scope_id: str, **fields: Any) -> httpx.Response:
    body: dict[str, Any] = {"scope_id": scope_id, "source_refs": [], "artifact_refs": []}
    if family == "skill":
        body["origin"] = "source"
    return http.post(f"/v1/{family}/generate", json=body | fields)


def pending(http: httpx.Client, scope_id: str) -> list[dict[str, Any]]:
    return list(http.post("/v1/candidates/list", json={"scope_id": scope_id}).json()["candidates"])


def test_without_a_provider_generation_is_503_generation_unavailable(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    source = captured(http, scope_id, LESSON_LOG)
    for family in ("experience", "skill"):
        refused = generate(http, family, scope_id, source_refs=[source])
        assert assert_error(refused, 503, "generation_unavailable")["details"] == {"family": family}
        # before the evidence is read: even evidence the Scope lacks is the same 503
        missing = generate(http, family, scope_id, source_refs=[{"name": "content", "source_id": "nope"}])
        assert assert_error(missing, 503, "generation_unavailable")["details"] == {"family": family}
    capabilities = http.get("/v1/capabilities").json()
    assert (capabilities["experience_generation"], capabilities["managed_skill_generation"]) == (False, False)
    assert pending(http, scope_id) == []


def test_a_model_generated_experience_waits_for_review(
    generating: httpx.Client, fake: FakeInference, powercontext_models: ModuleType
) -> None:
    scope_id = new_scope(generating)
    capabilities = generating.get("/v1/capabilities").json()
    assert (capabilities["experience_generation"], capabilities["managed_skill_generation"]) == (True, True)
    source = captured(generating, scope_id, LESSON_LOG)
    response = generate(generating, "experience", scope_id, source_refs=[source], reason="From the CI log.")
    assert response.status_code == 200, response.text
    parsed = powercontext_models.GeneratedCandidateResponse.model_validate_json(response.content)
    assert parsed.status.value == "pending" and parsed.candidate is not None
    candidate = response.json()["candidate"]
    assert candidate["status"] == "pending" and candidate["source_refs"] == [source]
    assert candidate["proposal"]["lesson"] == "Regenerate the lock file whenever the packaging tool is bumped."
    assert fake.chat.calls == 1
    sent = fake.requests_to("/v1/chat/completions")[0].json
    assert sent["model"] == "generator" and "generate_experience" in sent["messages"][1]["content"]
    assert [c["candidate_id"] for c in pending(generating, scope_id)] == [candidate["candidate_id"]]  # never approved


def test_a_model_generated_skill_and_its_origins(generating: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(generating)
    source = captured(generating, scope_id, SKILL_LOG)
    response = generate(generating, "skill", scope_id, source_refs=[source])
    assert response.status_code == 200, response.text
    powercontext_models.GeneratedCandidateResponse.model_validate_json(response.content)
    proposal = response.json()["candidate"]["proposal"]
    assert proposal["validation"] == [] and proposal["instructions"].endswith("- the packaging check passes")
    assert proposal["package"]["file_count"] == 1  # built and stored, as for any proposed Skill
    for origin, fields in (
        ("source", {"source_refs": []}),
        ("experience", {"source_refs": [source]}),
        ("usage", {"source_refs": [source]}),
    ):
        refused = generate(generating, "skill", scope_id, origin=origin, **fields)
        assert_error(refused, 422, "invalid_request")
    assert len(pending(generating, scope_id)) == 1


def test_nothing_worth_proposing_is_an_explicit_no_op(generating: httpx.Client, fake: FakeInference) -> None:
    scope_id = new_scope(generating)
    source = captured(generating, scope_id, "A routine log line with no lesson in it.")
    response = generate(generating, "experience", scope_id, source_refs=[source])
    assert response.status_code == 200 and response.json() == {"status": "no_op", "candidate": None}
    assert fake.chat.calls == 1 and pending(generating, scope_id) == []


def test_bad_evidence_is_refused_before_the_model_is_called(generating: httpx.Client, fake: FakeInference) -> None:
    scope_id = new_scope(generating)
    memory = {"family": "atomic-memory", "content": {"kind": "fact", "text": "a fact"}}
    made = generating.post(f"/v1/scopes/{scope_id}/artifacts", json=memory).json()
    ref = {"family": "atomic-memory", "artifact_id": made["artifact_id"], "revision": 1}
    forgotten = generating.post(
        "/v1/atomic-memory/lifecycle",
        json={"scope_id": scope_id, "target": {"artifact": ref, "state_version": 0}, "state": "forgotten"},
    )
    assert forgotten.status_code == 200, forgotten.text
    for fields in (
        {},
        {"source_refs": [{"name": "content", "source_id": "never-captured"}]},
        {"artifact_refs": [{"family": "experience", "artifact_id": "art_missing", "revision": 1}]},
        {"artifact_refs": [ref]},  # an Atomic Memory that is not active
        {"artifact_refs": [{"family": "prompt", "artifact_id": "art_missing", "revision": 1}]},
        {"source_refs": [captured(generating, scope_id, LESSON_LOG)], "target": ref},
    ):
        assert_error(generate(generating, "experience", scope_id, **fields), 422, "invalid_request")
    assert fake.chat.calls == 0 and pending(generating, scope_id) == []


@pytest.mark.parametrize(
    ("mode", "code"),
    [("down", "inference_unavailable"), ("slow", "inference_timeout"), ("invalid", "inference_unavailable")],
)
def test_a_failing_model_stores_nothing(generating: httpx.Client, fake: FakeInference, mode: str, code: str) -> None:
    scope_id = new_scope(generating)
    source = captured(generating, scope_id, LESSON_LOG)
    fake.configure("chat", mode=mode, delay=3.0, invalid="content")  # type: ignore[arg-type]
    assert_error(generate(generating, "experience", scope_id, source_refs=[source]), 503, code)
    fake.configure("chat", mode="empty")  # a JSON answer outside the closed shape
    assert_error(generate(generating, "experience", scope_id, source_refs=[source]), 503, "inference_unavailable")
    assert pending(generating, scope_id) == []
    fake.configure("chat", mode="ok")
    assert generate(generating, "experience", scope_id, source_refs=[source]).json()["status"] == "pending"
