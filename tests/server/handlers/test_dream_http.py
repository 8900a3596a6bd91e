"""Dream runs over real HTTP on both engines: without a provider 1.4.1's answers (a create is 503
``capability_unavailable`` after the request's checks, the reads answer, 426
``client_upgrade_required`` for a contract-2 operation without the header) and capabilities that
say so; with the fake OpenAI-compatible provider, runs that go queued → running → succeeded with
one pending Candidate (or no_change), idempotent replays, key reuse, paging, and a provider that is
down, slow or wrong failing the run softly (its error recorded, the server unharmed). The worker's
lease takeover is driven directly over the store."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support import servers
from _support.candidates import approved_artifact, cited_source
from _support.fakes import FakeInference
from _support.servers import assert_error

from pcreceipt.config import GenerationSettings
from pcreceipt.inference import make_chat_client
from pcreceipt.prepare.dream import DreamGenerator, DreamWorker, stamp
from pcreceipt.server.handlers.dream import propose_for_dream
from pcreceipt.store.dream_runs import NewDreamRun
from pcreceipt.store.protocol import Store

GENERATION_TIMEOUT = 1.0  # the slow fake answers after 3 s: past it
UPGRADE = {"X-PowerContext-Dream-Contract": "2"}
LESSON_LOG = """situation: The release build failed after the packaging tool was bumped.
action: Regenerated the lock file.
outcome: The build passed.
lesson: Regenerate the lock file whenever the packaging tool is bumped."""


def new_scope(http: httpx.Client) -> str:
    return servers.new_scope(http, "dream", key=uuid.uuid4().hex)


def create(http: httpx.Client, scope_id: str, **fields: Any) -> httpx.Response:
    body = {"operation": "refine_experience", "artifacts": [], "idempotency_key": uuid.uuid4().hex} | fields
    return http.post(f"/v1/scopes/{scope_id}/dream", json=body, headers=fields.pop("headers", None))


def finished(http: httpx.Client, scope_id: str, run_id: str) -> dict[str, Any]:
    """The run once it is terminal (polled; the worker runs in the background)."""
    for _ in range(600):
        run = http.get(f"/v1/scopes/{scope_id}/dream/{run_id}").json()
        if run["status"] in ("succeeded", "failed"):
            return dict(run)
        time.sleep(0.05)
    raise AssertionError(f"the run did not finish: {run}")


def test_without_a_provider_a_create_is_503_and_reads_answer(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    ref = approved_artifact(http, scope_id)
    assert_error(create(http, scope_id, artifacts=[ref]), 503, "capability_unavailable")
    assert_error(http.get(f"/v1/scopes/{scope_id}/dream/dr_x"), 404, "dream_not_found")
    listing = http.get(f"/v1/scopes/{scope_id}/dream")
    assert listing.status_code == 200 and listing.json() == {"runs": [], "next_cursor": None}
    # the request's own checks come first: the selection rules, then the Scope
    assert_error(create(http, scope_id), 422, "invalid_request")
    assert_error(create(http, "scp_missing", artifacts=[ref]), 404, "scope_not_found")
    capabilities = http.get("/v1/capabilities").json()
    assert capabilities["artifact_dreaming"] is False and "artifact_dreaming_operations" not in capabilities
    contract_2 = http.get("/v1/capabilities", headers={"X-PowerContext-Dream-Contract": "2"}).json()
    assert contract_2["artifact_dreaming_operations"] == []  # what 1.4.1 tells its own client


def test_a_contract_2_operation_needs_the_header(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    ref = approved_artifact(http, scope_id, "skill")
    body = {"operation": "revise_skill", "artifacts": [ref], "target": ref, "sources": [], "idempotency_key": "k"}
    refused = http.post(f"/v1/scopes/{scope_id}/dream", json=body)
    assert assert_error(refused, 426, "client_upgrade_required")["details"] == {"required_dream_contract": 2}
    upgraded = http.post(f"/v1/scopes/{scope_id}/dream", json=body, headers=UPGRADE)
    assert_error(upgraded, 503, "capability_unavailable")


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"artifacts": []}, "evidence_selection_required"),
        ({"operation": "derive_skill", "artifacts": [{"family": "skill", "artifact_id": "a", "revision": 1}]},
         "invalid_artifact_family"),
        ({"target": {"family": "experience", "artifact_id": "other", "revision": 1}}, "invalid_target"),
    ],
)  # fmt: skip
def test_selection_rules_are_422(http: httpx.Client, fields: dict[str, Any], reason: str) -> None:
    scope_id = new_scope(http)
    base = {"artifacts": [{"family": "experience", "artifact_id": "a", "revision": 1}]}
    refused = create(http, scope_id, **(base | fields))
    assert assert_error(refused, 422, "invalid_request")["details"]["reason"] == reason


def test_a_run_proposes_one_pending_candidate(generating: httpx.Client, powercontext_models: ModuleType) -> None:
    http = generating
    scope_id = new_scope(http)
    capabilities = http.get("/v1/capabilities", headers={"X-PowerContext-Dream-Contract": "2"}).json()
    assert capabilities["artifact_dreaming"] is True
    assert [op["operation"] for op in capabilities["artifact_dreaming_operations"]] == [
        "refine_experience", "derive_skill",
    ]  # fmt: skip
    ref = approved_artifact(http, scope_id)
    source_id = "dream-log-" + uuid.uuid4().hex[:8]
    captured = http.post(
        "/v1/sources/content", json={"scope_id": scope_id, "source_id": source_id, "content": LESSON_LOG}
    )
    assert captured.status_code == 202, captured.text
    sources = [{"source_type": "content", "source_id": source_id}]
    accepted = create(http, scope_id, artifacts=[ref], sources=sources, idempotency_key="refine-1")
    assert accepted.status_code == 202, accepted.text
    run = powercontext_models.DreamRun.model_validate_json(accepted.content)
    assert run.status.value in ("queued", "running") and run.scope_id == scope_id
    done = finished(http, scope_id, run.run_id)
    powercontext_models.DreamRun.model_validate(done)
    assert (done["status"], done["outcome"], done["error"]) == ("succeeded", "proposed", None)
    assert done["attempt_count"] == 1 and done["usage"]["model_calls"] == 1
    assert done["model_config_id"] == "fake/generator" and done["input_manifest"]["projection_bytes"] > 0
    candidate = http.post(
        "/v1/candidates/get", json={"scope_id": scope_id, "candidate_id": done["candidate"]["candidate_id"]}
    ).json()
    assert (candidate["family"], candidate["status"]) == ("experience", "pending")
    assert candidate["proposal"]["lesson"].startswith("Regenerate the lock file")
    # the same key and request: the original run, 200 now that it is terminal
    again = create(http, scope_id, artifacts=[ref], sources=sources, idempotency_key="refine-1")
    assert again.status_code == 200 and again.json() == done
    assert_error(create(http, scope_id, artifacts=[ref], idempotency_key="refine-1"), 409, "idempotency_conflict")
    derived = create(http, scope_id, operation="derive_skill", artifacts=[ref], idempotency_key="derive-1")
    assert derived.status_code == 202, derived.text
    skill_run = finished(http, scope_id, derived.json()["run_id"])
    assert (skill_run["status"], skill_run["outcome"]) == ("succeeded", "proposed")
    ask = {"scope_id": scope_id, "candidate_id": skill_run["candidate"]["candidate_id"]}
    derived_skill = http.post("/v1/candidates/get", json=ask).json()["proposal"]
    assert derived_skill["package"]["file_count"] == 1 and derived_skill["validation"] == []  # package-backed
    assert_error(http.get(f"/v1/scopes/{scope_id}/dream/dr_{'0' * 32}"), 404, "dream_not_found")
    upgraded = {"operation": "revise_skill", "artifacts": [ref], "target": ref, "idempotency_key": "x"}
    assert_error(http.post(f"/v1/scopes/{scope_id}/dream", json=upgraded, headers=UPGRADE), 422, "invalid_request")


def test_runs_page_newest_first(generating: httpx.Client, powercontext_models: ModuleType) -> None:
    http = generating
    scope_id = new_scope(http)
    ref = approved_artifact(http, scope_id)
    made = [create(http, scope_id, artifacts=[ref]).json()["run_id"] for _ in range(3)]
    seen: list[str] = []
    cursor = None
    while True:
        params = {"limit": 2} | ({} if cursor is None else {"cursor": cursor})
        page = http.get(f"/v1/scopes/{scope_id}/dream", params=params)
        assert page.status_code == 200, page.text
        parsed = powercontext_models.DreamRunPage.model_validate_json(page.content)
        seen += [run.run_id for run in parsed.runs]
        cursor = parsed.next_cursor
        if cursor is None:
            break
    assert sorted(seen) == sorted(made) and len(seen) == 3
    for run_id in made:
        finished(http, scope_id, run_id)
    only = http.get(f"/v1/scopes/{scope_id}/dream", params={"operation": "derive_skill"}).json()
    assert only == {"runs": [], "next_cursor": None}
    assert_error(http.get(f"/v1/scopes/{scope_id}/dream", params={"cursor": "nope"}), 400, "invalid_cursor")
    assert_error(http.get(f"/v1/scopes/{scope_id}/dream", params={"status": "done"}), 400, "invalid_request")


@pytest.mark.parametrize(
    ("mode", "error", "calls"),
    [
        ("down", "inference_unavailable", 2),
        ("slow", "inference_timeout", 2),
        ("invalid", "invalid_generation_output", 1),
    ],
)
def test_a_failing_provider_fails_the_run_softly(
    generating: httpx.Client, fake: FakeInference, mode: str, error: str, calls: int
) -> None:
    http = generating
    scope_id = new_scope(http)
    ref = approved_artifact(http, scope_id)
    fake.configure("chat", mode, delay=3.0, invalid="content")  # type: ignore[arg-type]
    accepted = create(http, scope_id, artifacts=[ref])
    assert accepted.status_code == 202, accepted.text
    done = finished(http, scope_id, accepted.json()["run_id"])
    assert (done["status"], done["error"], done["candidate"]) == ("failed", error, None)
    assert done["attempt_count"] == calls and done["completed_at"] is not None
    assert http.post("/v1/candidates/list", json={"scope_id": scope_id}).json()["candidates"] == []
    assert http.get("/health/ready").status_code == 200


def test_a_right_answer_without_a_lesson_is_no_change(generating: httpx.Client) -> None:
    scope_id = new_scope(generating)
    source = cited_source(generating, scope_id)
    ref = approved_artifact(generating, scope_id)
    sources = [{"source_type": source["name"], "source_id": source["source_id"]}]
    accepted = create(generating, scope_id, artifacts=[ref], sources=sources, target=ref)
    done = finished(generating, scope_id, accepted.json()["run_id"])
    assert (done["status"], done["outcome"], done["candidate"]) == ("succeeded", "no_change", None)


@pytest.fixture
def worker(engine_store: Store, fake: FakeInference) -> Iterator[tuple[DreamWorker, list[datetime]]]:
    """A worker over the store, the fake provider and a clock the test moves (``now[0]``)."""
    generation = GenerationSettings(base_url=fake.base_url, model="fake/generator", timeout_seconds=GENERATION_TIMEOUT)
    chat = make_chat_client(fake.base_url, None)
    assert chat is not None
    now = [datetime.now(UTC)]
    yield (
        DreamWorker(engine_store, DreamGenerator(chat, generation), propose_for_dream(engine_store), lambda: now[0]),
        now,
    )
    chat.close()


def _admit(store: Store, scope_id: str, ref: dict[str, Any], at: datetime) -> NewDreamRun:
    run_id = "dr_" + uuid.uuid4().hex
    request = {"operation": "refine_experience", "artifacts": [ref], "sources": [], "target": None}
    run = {
        "tag_target": None, "reused": False, "scope_id": scope_id, "run_id": run_id, "operation": "refine_experience",
        "status": "queued", "outcome": None, "target": None, "candidate": None, "reason": None, "error": None,
        "accepted_at": stamp(at), "started_at": None, "completed_at": None, "attempt_count": 0,
        "input_manifest": None, "usage": {"model_calls": 0, "input_tokens": None, "output_tokens": None},
        "budget": {}, "prompt_version": "powercontext.dream.v1.4", "model_config_id": None,
    }  # fmt: skip
    new = NewDreamRun(run_id, "p", run_id, "d", "refine_experience", stamp(at), {"run": run, "request": request})
    store.admit_dream_run(scope_id, new, 32)
    return new


def test_a_run_whose_lease_expired_is_taken_over_or_failed(
    http: httpx.Client, engine_store: Store, worker: tuple[DreamWorker, list[datetime]]
) -> None:
    """A server that stopped mid-run left it running: another worker takes it over once the lease
    has expired (a second attempt), and fails it when no attempt is left."""
    scope_id = new_scope(http)
    ref = approved_artifact(http, scope_id)
    runner, now = worker
    new = _admit(engine_store, scope_id, ref, now[0])
    (row,) = [r for r in engine_store.dream_runs_to_claim(stamp(now[0])) if r.run_id == new.run_id]
    lease = stamp(now[0] + timedelta(seconds=5))
    started = {**row.record, "run": {**row.record["run"], "status": "running", "started_at": stamp(now[0])}}
    dead = engine_store.claim_dream_run(
        row, owner="stopped-server", now=stamp(now[0]), lease_expires=lease, max_attempts=2, record=lambda r: started
    )
    assert dead is not None
    assert not any(r.run_id == new.run_id for r in engine_store.dream_runs_to_claim(stamp(now[0])))  # live lease
    now[0] += timedelta(seconds=6)
    while runner.run_once():
        pass
    taken = engine_store.get_dream_run(scope_id, new.run_id)
    assert taken is not None and taken.status == "succeeded" and taken.attempt_count == 2
    assert not engine_store.finish_dream_run(dead, "stopped-server", "failed", dead.record)  # nothing written
    # a second run stopped twice: no attempt left, so it is failed, not run again
    second = _admit(engine_store, scope_id, ref, now[0])
    for owner in ("first", "second"):
        (row,) = [r for r in engine_store.dream_runs_to_claim(stamp(now[0])) if r.run_id == second.run_id]
        until = stamp(now[0] + timedelta(seconds=5))
        claimed = engine_store.claim_dream_run(
            row, owner=owner, now=stamp(now[0]), lease_expires=until, max_attempts=2,
            record=lambda r: {**r.record, "run": {**r.record["run"], "started_at": stamp(now[0])}},
        )  # fmt: skip
        assert claimed is not None
        now[0] += timedelta(seconds=6)
    while runner.run_once():
        pass
    failed = engine_store.get_dream_run(scope_id, second.run_id)
    assert failed is not None and (failed.status, failed.record["run"]["error"]) == ("failed", "budget_exceeded")


def test_the_scope_capacity_is_429_and_a_replay_still_answers(
    generating: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the worker held (it is never woken), 32 queued runs fill the Scope: the next create is
    429 ``capacity_exceeded`` with ``Retry-After: 1``, while a replay of an admitted key answers its run."""
    monkeypatch.setattr(DreamWorker, "wake", lambda self: None)
    scope_id = new_scope(generating)
    ref = approved_artifact(generating, scope_id)
    made = [create(generating, scope_id, artifacts=[ref], idempotency_key=f"fill-{n}") for n in range(32)]
    assert {(m.status_code, m.json()["status"]) for m in made} == {(202, "queued")}
    refused = create(generating, scope_id, artifacts=[ref], idempotency_key="one-too-many")
    assert_error(refused, 429, "capacity_exceeded")
    assert refused.headers["Retry-After"] == "1"
    replay = create(generating, scope_id, artifacts=[ref], idempotency_key="fill-0")
    assert replay.status_code == 202 and replay.json() == made[0].json()
    assert len(generating.get(f"/v1/scopes/{scope_id}/dream", params={"limit": 100}).json()["runs"]) == 32
