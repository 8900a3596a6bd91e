"""The race tier: K requests at once per state-changing served operation, decided by their writes.

Two deployments: one server over a SQLite file (in process, on loopback), and three ``pcreceipt
serve`` processes over one seekdb database (``_support.multi_server``), the K racers dealt over the
three. Per state-changing operation of the served document (a method other than GET that the
contract does not mark read-only), the outcome PowerContext 1.4.1 gives:

- one winner where 1.4.1 has one (create with one key and other parameters, a conditional write on
  one base revision or ETag, lifecycle, merge, a bootstrap receipt's claim, clear_scope_binding's
  ``cleared: true``, a Source id captured with other content): exactly one success, every other
  answer 1.4.1's conflict code, and what is stored afterwards is the winner's write;
- all succeed where 1.4.1 is idempotent or serialises (the same create or capture replayed, Scope
  bindings and the default Scope (last write wins), a workspace index, remember, flush, prepare):
  they all agree, and what is stored is one of the writes whole (never a mixture, never a loss).

``test_every_state_changing_operation_has_a_race`` fails when such an operation has neither a case
in ``RACES`` nor a reason in ``NO_RACE``.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from functools import partial
from typing import Any

import httpx
import pytest
from _support.access_races import (
    race_create_access_binding,
    race_replace_access_binding,
    race_revoke_access_binding,
    race_revoke_or_replace_access_binding,
)
from _support.dream_races import race_create_dream_run_without_provider
from _support.handoff_races import race_activate_handoff_without_provider
from _support.multi_server import deployment, one_winner
from _support.profile_races import race_flush_profile_without_provider
from _support.racers import K, Racers, all_answers
from _support.races import at_once
from _support.remote_skill_races import REMOTE_SKILL_RACES
from _support.review_races import (
    race_approve_candidate,
    race_approve_or_reject_candidate,
    race_generate_experience,
    race_generate_skill,
    race_propose_experience,
    race_propose_skill,
    race_reject_candidate,
    race_revise_candidate,
)
from _support.servers import assert_error, running
from _support.skill_governance import race_record_skill_usage, race_update_skill_lifecycle
from _support.skill_races import (
    race_import_external_skill,
    race_propose_skill_package,
    race_scan_external_skills,
    registry_dir,
)
from _support.source_definitions import new_manifest
from _support.source_races import race_submit_source_observation
from _support.tiers import binding_key, bootstrap_request, bundled_operations, memory_input

from pcreceipt.config import ExternalSkillsSettings, Settings
from pcreceipt.server.app import create_app

CLEAR_ROUNDS = 8
OPERATIONS = bundled_operations()


@pytest.fixture(scope="module", params=["sqlite", "oceanbase"])
def racers(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Racers]:
    workdir = tmp_path_factory.mktemp(f"race-{request.param}")
    with ExitStack() as stack:
        if request.param == "sqlite":
            skills = ExternalSkillsSettings(dir=registry_dir(workdir))
            url = stack.enter_context(running(create_app(Settings(data_dir=workdir, external_skills=skills))))
            clients = [stack.enter_context(httpx.Client(base_url=url, timeout=60)) for _ in range(K)]
        else:
            skills = {"PCRECEIPT_EXTERNAL_SKILLS_DIR": str(registry_dir(workdir))}
            started = stack.enter_context(
                deployment(request.getfixturevalue("seekdb_server"), workdir, settings=skills)
            )
            clients = stack.enter_context(started.clients(K))
        yield Racers(str(request.param), clients)


def _memory_path(scope_id: str, memory: str, rest: str = "") -> str:
    return f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{memory}{rest}"


def _scopes_titled(client: httpx.Client, title: str) -> list[dict[str, Any]]:
    listed = client.get("/v1/scopes", params={"query": title, "query_field": "title", "limit": 100})
    assert listed.status_code == 200, listed.text
    return [s for s in listed.json()["items"] if s["title"] == title]


# --- the races ------------------------------------------------------------------------------------


def race_create_scope_same_key(r: Racers) -> None:
    title = f"same key {uuid.uuid4().hex[:8]}"
    request = {"title": title, "summary": "replayed", "idempotency_key": uuid.uuid4().hex}
    answers = all_answers(r.race("POST", "/v1/scopes", request), 201)
    assert len({a["scope_id"] for a in answers}) == 1, answers
    assert [s["scope_id"] for s in _scopes_titled(r.first, title)] == [answers[0]["scope_id"]]


def race_create_scope_same_key_other_parameters(r: Racers) -> None:
    key, stem = uuid.uuid4().hex, f"other parameters {uuid.uuid4().hex[:8]}"
    bodies = [{"title": f"{stem} {n}", "summary": "raced", "idempotency_key": key} for n in range(K)]
    winner, _ = one_winner(r.race("POST", "/v1/scopes", bodies), 409, "scope_idempotency_conflict", success=201)
    stored = r.first.get(f"/v1/scopes/{winner.json()['scope_id']}")
    assert stored.json()["title"] == winner.json()["title"]
    titles = [f"{stem} {n}" for n in range(K)]
    assert [s["title"] for t in titles for s in _scopes_titled(r.first, t)] == [winner.json()["title"]]


def race_update_scope(r: Racers) -> None:
    scope_id = r.scope()
    bodies = [{"expected_version": 1, "title": f"updated by {n}", "summary": "raced"} for n in range(K)]
    winner, _ = one_winner(r.race("PUT", f"/v1/scopes/{scope_id}", bodies), 409, "scope_version_conflict")
    stored = r.first.get(f"/v1/scopes/{scope_id}").json()
    assert (stored["version"], stored["title"]) == (2, winner.json()["title"])


def race_set_default_scope(r: Racers) -> None:
    targets = [r.scope(f"default {n}") for n in range(K)]
    answers = all_answers(r.race("PUT", "/v1/scopes/default", [{"scope_id": t} for t in targets]))
    assert [a["scope_id"] for a in answers] == targets  # each racer's write answered as its own
    final = r.first.get("/v1/scopes/default").json()["scope_id"]
    assert final in targets  # the last write wins whole
    assert {c.get("/v1/scopes/default").json()["scope_id"] for c in r.clients} == {final}


def race_create_artifact(r: Racers) -> None:
    scope_id = r.scope()
    bodies = [{"family": "atomic-memory", "content": {"kind": "fact", "text": f"created by {n}"}} for n in range(K)]
    answers = all_answers(r.race("POST", f"/v1/scopes/{scope_id}/artifacts", bodies), 201)
    created = {a["artifact_id"] for a in answers}
    assert len(created) == K
    listed = r.first.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory", params={"limit": 100}).json()
    assert {item["artifact_id"] for item in listed["items"]} == created


def race_create_profile(r: Racers) -> None:
    """The Scope's one profile: each create is its next revision, none lost, none shared."""
    scope_id = r.scope()
    bodies = [{"family": "profile", "content": {"content": f"profile by {n}"}} for n in range(K)]
    answers = all_answers(r.race("POST", f"/v1/scopes/{scope_id}/artifacts", bodies), 201)
    assert len({a["artifact_id"] for a in answers}) == 1
    assert sorted(a["revision"] for a in answers) == list(range(1, K + 1))
    last = max(answers, key=lambda a: a["revision"])
    head = r.first.get(f"/v1/scopes/{scope_id}/artifacts/profile/{last['artifact_id']}").json()
    assert head["revision"] == K
    assert head["content"]["content"] == bodies[answers.index(last)]["content"]["content"]


def race_import_artifacts(r: Racers) -> None:
    scope_id = r.scope()
    bodies = [
        {
            "items": [
                {"family": "atomic-memory", "content": {"kind": "fact", "text": f"import {n}.{i}"}} for i in range(2)
            ]
        }
        for n in range(K)
    ]
    answers = all_answers(r.race("POST", f"/v1/scopes/{scope_id}/artifacts/import", bodies), 201)
    created = {c["artifact_id"] for a in answers for c in a["created"]}
    assert len(created) == 2 * K
    listed = r.first.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory", params={"limit": 100}).json()
    assert {item["artifact_id"] for item in listed["items"]} == created


def race_replace_artifact(r: Racers) -> None:
    scope_id = r.scope()
    path = _memory_path(scope_id, r.memory(scope_id))
    etag = r.first.get(path).headers["ETag"]
    bodies = [{"content": {"kind": "fact", "text": f"replaced by {n}"}} for n in range(K)]
    winner, errors = one_winner(r.race("PUT", path, bodies, {"If-Match": etag}), 412, "revision_conflict")
    assert all(e["details"]["current_etag"] == '"revision:2"' for e in errors), errors
    head = r.first.get(path).json()
    assert (head["revision"], head["content"]["text"]) == (2, winner.json()["content"]["text"])


def race_replace_artifact_tags(r: Racers) -> None:
    scope_id = r.scope()
    path = _memory_path(scope_id, r.memory(scope_id), "/tags")
    etag = r.first.get(path).headers["ETag"]
    bodies = [{"tags": [f"tag-{n}", "raced"]} for n in range(K)]
    winner, _ = one_winner(r.race("PUT", path, bodies, {"If-Match": etag}), 412, "tag_precondition_failed")
    stored = r.first.get(path)
    assert stored.json()["tags"] == winner.json()["tags"] and stored.headers["ETag"] == winner.headers["ETag"]


def race_bind_artifact_handle(r: Racers) -> None:
    """One handle, K revisions: the first committed binding wins, every other binder is 409 and the
    handle resolves to the winner's revision (1.4.1: a binding is never changed)."""
    scope_id = r.scope()
    memories = [r.memory(scope_id, f"handle target {n}") for n in range(K)]
    path = f"/v1/scopes/{scope_id}/artifact-handles/atomic-memory/raced-handle"
    bodies = [{"artifact_id": memory, "revision": 1} for memory in memories]
    winner, losers = one_winner(r.race("PUT", path, bodies), 409, "idempotency_conflict")
    assert all(error["details"] == {"kind": "artifact_handle"} for error in losers)
    resolved = r.first.get(path)
    assert resolved.status_code == 200 and resolved.json() == winner.json()


def race_bind_artifact_handle_same_revision(r: Racers) -> None:
    """K binders of one handle to one revision: all succeed with the one binding (1.4.1 is idempotent)."""
    scope_id = r.scope()
    memory = r.memory(scope_id)
    path = f"/v1/scopes/{scope_id}/artifact-handles/atomic-memory/same-handle"
    answers = all_answers(r.race("PUT", path, {"artifact_id": memory, "revision": 1}))
    expected = {"family": "atomic-memory", "key": "same-handle"}
    assert answers == [{**expected, "artifact": {"family": "atomic-memory", "artifact_id": memory, "revision": 1}}] * K
    assert r.first.get(path).json() == answers[0]


def race_change_atomic_memory_lifecycle(r: Racers) -> None:
    scope_id = r.scope()
    memory = r.memory(scope_id)
    request = {"scope_id": scope_id, "target": memory_input(memory), "state": "forgotten"}
    winner, _ = one_winner(r.race("POST", "/v1/atomic-memory/lifecycle", request), 409, "atomic_memory_changed")
    assert winner.json()["changed"] is True
    state = r.first.get(_memory_path(scope_id, memory, "/state")).json()
    assert (state["state"], state["state_version"]) == ("forgotten", 1)


def race_merge_atomic_memories(r: Racers) -> None:
    scope_id = r.scope()
    inputs = [r.memory(scope_id, "left"), r.memory(scope_id, "right")]
    bodies = [
        {
            "scope_id": scope_id,
            "inputs": [memory_input(m) for m in inputs],
            "content": {"kind": "fact", "text": f"merged by {n}"},
        }
        for n in range(K)
    ]
    winner, _ = one_winner(r.race("POST", "/v1/atomic-memory/merges", bodies), 409, "atomic_memory_changed")
    result = winner.json()["records"][-1]
    assert result["text"] == winner.json()["records"][-1]["text"] and result["state"] == "active"
    for memory in inputs:
        state = r.first.get(_memory_path(scope_id, memory, "/state")).json()
        assert (state["state"], state["merged_into_id"]) == ("merged", result["artifact"]["artifact_id"])
    listed = r.first.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory", params={"limit": 100}).json()
    assert sorted(i["artifact_id"] for i in listed["items"]) == sorted([*inputs, result["artifact"]["artifact_id"]])


def _forgotten(r: Racers, scope_id: str) -> str:
    memory = r.memory(scope_id)
    request = {"scope_id": scope_id, "target": memory_input(memory), "state": "forgotten"}
    assert r.first.post("/v1/atomic-memory/lifecycle", json=request).status_code == 200
    return memory


def race_restore_atomic_memory(r: Racers) -> None:
    """1.4.1 plans a restoration again after a lost race: the others find nothing left to do."""
    scope_id = r.scope()
    memory = _forgotten(r, scope_id)
    request = {"scope_id": scope_id, "target": {"artifact_id": memory}}
    answers = all_answers(r.race("POST", "/v1/atomic-memory/restorations", request))
    assert sorted(a["changed"] for a in answers) == [False] * (K - 1) + [True]
    assert all(a["restored"] == [{"family": "atomic-memory", "artifact_id": memory, "revision": 2}] for a in answers)
    state = r.first.get(_memory_path(scope_id, memory, "/state")).json()
    assert (state["state"], state["artifact"]["revision"], state["state_version"]) == ("active", 2, 2)


def race_restore_atomic_memory_previewed(r: Racers) -> None:
    """With one preview's token, the restoration is held to the preview: one wins, the rest are stale."""
    scope_id = r.scope()
    memory = _forgotten(r, scope_id)
    request = {"scope_id": scope_id, "target": {"artifact_id": memory}}
    preview = r.first.post("/v1/atomic-memory/restoration-previews", json=request)
    assert preview.status_code == 200, preview.text
    held = {**request, "preview_token": preview.json()["preview_token"]}
    winner, _ = one_winner(r.race("POST", "/v1/atomic-memory/restorations", held), 409, "preview_stale")
    assert winner.json()["changed"] is True
    state = r.first.get(_memory_path(scope_id, memory, "/state")).json()
    assert (state["state"], state["artifact"]["revision"]) == ("active", 2)


def _publication_source(r: Racers, scope_id: str, title: str) -> dict[str, Any]:
    topic = {"title": title, "summary": "published by the race tier", "detail": "raced"}
    created = r.first.post(f"/v1/scopes/{scope_id}/artifacts", json={"family": "topic-memory", "content": topic})
    assert created.status_code == 201, created.text
    artifact = {"family": "topic-memory", "artifact_id": created.json()["artifact_id"], "revision": 1}
    return {"scope_id": scope_id, "artifact": artifact}


def race_publish_artifact_same_key(r: Racers) -> None:
    """The same publication K times at once: one copy, and every answer is it."""
    source_scope, target_scope = r.scope(), r.scope()
    request = {"source": _publication_source(r, source_scope, "raced"), "target_scope_id": target_scope}
    answers = all_answers(r.race("POST", "/v1/artifact-publications", {**request, "idempotency_key": "raced"}), 201)
    assert len({json.dumps(a, sort_keys=True) for a in answers}) == 1
    listed = r.first.get(f"/v1/scopes/{target_scope}/artifacts/topic-memory", params={"limit": 100}).json()
    assert [item["artifact_id"] for item in listed["items"]] == [answers[0]["target"]["artifact"]["artifact_id"]]


def race_publish_artifact_same_key_other_sources(r: Racers) -> None:
    """One key, K different sources at once: one publication, the rest 1.4.1's conflict."""
    source_scope, target_scope = r.scope(), r.scope()
    bodies = [
        {
            "source": _publication_source(r, source_scope, f"source {n}"),
            "target_scope_id": target_scope,
            "idempotency_key": "contended",
        }
        for n in range(K)
    ]
    answers = r.race("POST", "/v1/artifact-publications", bodies)
    winner, _ = one_winner(answers, 409, "artifact_publication_conflict", success=201)
    listed = r.first.get(f"/v1/scopes/{target_scope}/artifacts/topic-memory", params={"limit": 100}).json()
    assert [item["artifact_id"] for item in listed["items"]] == [winner.json()["target"]["artifact"]["artifact_id"]]


def _checkpoint_race(r: Racers, binding: dict[str, str], expected: Any) -> None:
    """K commits of K different checkpoints from one expected value: one wins, and it is what is stored."""
    bodies = [{"binding": binding, "expected": expected, "checkpoint": {"racer": n}} for n in range(K)]
    answers = r.race("POST", "/v1/connector-checkpoints/commit", bodies)
    winner, _ = one_winner(answers, 409, "connector_checkpoint_conflict")
    stored = r.first.post("/v1/connector-checkpoints/get", json={"binding": binding})
    assert stored.status_code == 200, stored.text
    assert stored.json() == winner.json() and winner.json()["checkpoint"] in [b["checkpoint"] for b in bodies]


def race_commit_connector_checkpoint_first(r: Racers) -> None:
    """A binding's first commit (expected null) K times at once."""
    binding = {
        "scope_id": r.scope(),
        "binding_id": uuid.uuid4().hex,
        "connector_name": "race",
        "connector_version": "1",
    }
    _checkpoint_race(r, binding, None)


def race_commit_connector_checkpoint_later(r: Racers) -> None:
    """K commits from the same stored checkpoint at once."""
    binding = {
        "scope_id": r.scope(),
        "binding_id": uuid.uuid4().hex,
        "connector_name": "race",
        "connector_version": "1",
    }
    start = r.first.post(
        "/v1/connector-checkpoints/commit", json={"binding": binding, "expected": None, "checkpoint": [0]}
    )
    assert start.status_code == 200, start.text
    _checkpoint_race(r, binding, [0])


def race_index_code_workspace(r: Racers) -> None:
    scope_id = r.scope()
    bodies = [
        {"files": [{"path": f"src/racer_{n}.py", "content": f"def racer_{n}():\n    return {n}\n"}]} for n in range(K)
    ]
    answers = all_answers(r.race("PUT", f"/v1/scopes/{scope_id}/code", bodies))
    fingerprints = [a["fingerprint"] for a in answers]
    assert len(set(fingerprints)) == K  # every write indexed whole, as its own workspace
    current = r.first.get(f"/v1/scopes/{scope_id}/code").json()
    assert current["fingerprint"] in fingerprints and current["files"] == 1  # one write, not a mixture
    # the same files from every racer: one fingerprint
    same = all_answers(r.race("PUT", f"/v1/scopes/{scope_id}/code", bodies[0]))
    assert {a["fingerprint"] for a in same} == {fingerprints[0]}


def race_set_scope_binding(r: Racers) -> None:
    key, targets = binding_key("race-tier"), [r.scope(f"bound {n}") for n in range(K)]
    answers = all_answers(r.race("PUT", "/v1/scope-bindings", [{"key": key, "scope_id": t} for t in targets]))
    assert [a["scope_id"] for a in answers] == targets
    resolved = {
        c.post("/v1/scope-bindings/resolve", json={"binding_keys": [key]}).json()["scope_id"] for c in r.clients
    }
    assert len(resolved) == 1 and resolved <= set(targets)  # the last write wins whole, for every server
    same = all_answers(r.race("PUT", "/v1/scope-bindings", {"key": key, "scope_id": targets[0]}))
    assert {a["scope_id"] for a in same} == {targets[0]}


def race_clear_scope_binding(r: Racers) -> None:
    """One clear removes the binding and says so; the others find nothing (several rounds: the
    window between reading the binding and deleting it is narrow)."""
    scope_id = r.scope()
    for _ in range(CLEAR_ROUNDS):
        key = binding_key("race-tier")
        assert r.first.put("/v1/scope-bindings", json={"key": key, "scope_id": scope_id}).status_code == 200
        answers = all_answers(r.race("POST", "/v1/scope-bindings/clear", {"key": key}))
        assert sorted(a["cleared"] for a in answers) == [False] * (K - 1) + [True], answers
        resolved = r.first.post("/v1/scope-bindings/resolve", json={"binding_keys": [key], "allow_default": False})
        assert_error(resolved, 404, "scope_not_found")


def _curated_scope(r: Racers) -> str:
    scope_id = r.scope()
    path = _memory_path(scope_id, r.memory(scope_id, "Curated: keep builds green."), "/tags")
    tagged = r.first.put(
        path, json={"tags": ["bootstrap-context"]}, headers={"If-Match": r.first.get(path).headers["ETag"]}
    )
    assert tagged.status_code == 200, tagged.text
    return scope_id


def race_prepare_bootstrap_context(r: Racers) -> None:
    scope_id = _curated_scope(r)
    answers = all_answers(r.race("POST", "/v1/context/bootstrap", bootstrap_request(scope_id, uuid.uuid4().hex)))
    assert {(a["status"], a["receipt"]["state"]) for a in answers} == {("ready", "pending")}
    assert len({a["receipt"]["receipt_id"] for a in answers}) == 1 and len({a["content"] for a in answers}) == 1


def race_record_bootstrap_delivery(r: Racers) -> None:
    scope_id = _curated_scope(r)
    package = r.first.post("/v1/context/bootstrap", json=bootstrap_request(scope_id, uuid.uuid4().hex)).json()
    receipt = package["receipt"]["receipt_id"]
    claim = {"scope_id": scope_id, "receipt_id": receipt, "outcome": "injected"}
    winner, _ = one_winner(r.race("POST", "/v1/context/bootstrap/receipts", claim), 422, "invalid_request")
    assert winner.json() == {"receipt_id": receipt, "state": "injected"}


def _capture_races(r: Racers, path: str, extra: dict[str, Any]) -> None:
    scope_id = r.scope()
    source_id = uuid.uuid4().hex
    same = {"scope_id": scope_id, "source_id": source_id, "content": "the same content", **extra}
    answers = all_answers(r.race("POST", path, same), 202)
    assert len({a["position"] for a in answers}) == 1  # replays of one Source: one position
    other_id = uuid.uuid4().hex
    bodies = [{**same, "source_id": other_id, "content": f"content {n}"} for n in range(K)]
    winner, _ = one_winner(r.race("POST", path, bodies), 409, "source_conflict", success=202)
    # the stored Source is the winner's: its replay is accepted at its position, any other content refused
    won = json.loads(winner.request.content)
    replay = r.first.post(path, json=won)
    assert replay.status_code == 202 and replay.json()["position"] == winner.json()["position"], replay.text
    lost = next(body for body in bodies if body != won)
    assert_error(r.first.post(path, json=lost), 409, "source_conflict")
    # distinct Sources at once: unique, consecutive positions
    distinct = [{**same, "source_id": uuid.uuid4().hex, "content": f"distinct {n}"} for n in range(K)]
    positions = sorted(a["position"] for a in all_answers(r.race("POST", path, distinct), 202))
    assert positions == list(range(positions[0], positions[0] + K))


def race_capture_content_source(r: Racers) -> None:
    _capture_races(r, "/v1/sources/content", {})


def race_capture_working_note(r: Racers) -> None:
    _capture_races(r, "/v1/sources/working-notes", {"session_id": "race-session", "note_kind": "inspection"})


def _work_races(
    r: Racers, path: str, field: str, record: dict[str, Any], *, status: int = 202, receipt: str | None = None
) -> None:
    """A work record is a Source: replays agree on one answer, one record wins an id, distinct ids get
    consecutive positions (``receipt`` names the answer's member holding the Source receipt)."""

    def position(answer: dict[str, Any]) -> int:
        return int((answer if receipt is None else answer[receipt])["position"])

    scope_id = r.scope()
    same = {"scope_id": scope_id, "source_id": uuid.uuid4().hex, field: record}
    answers = all_answers(r.race("POST", path, same), status)
    assert len({json.dumps(a, sort_keys=True) for a in answers}) == 1  # one answer, replayed
    other_id = uuid.uuid4().hex
    bodies = [{**same, "source_id": other_id, field: {**record, "objective": f"objective {n}"}} for n in range(K)]
    winner, _ = one_winner(r.race("POST", path, bodies), 409, "source_conflict", success=status)
    won = json.loads(winner.request.content)
    assert r.first.post(path, json=won).json() == winner.json()
    distinct = [
        {**same, "source_id": uuid.uuid4().hex, field: {**record, "objective": f"distinct {n}"}} for n in range(K)
    ]
    positions = sorted(position(a) for a in all_answers(r.race("POST", path, distinct), status))
    assert positions == list(range(positions[0], positions[0] + K))


_CLAIM = {"text": "raced", "basis": "declared", "evidence": []}


def race_create_work_contract(r: Racers) -> None:
    contract = {
        "schema": "powercontext.work-contract.v1",
        "trust": "untrusted_input",
        "objective": "race",
        "facts": [_CLAIM],
        "in_scope": ["race"],
        "exclusions": [],
        "completion_criteria": ["raced"],
        "authorization_notes": [],
        "open_questions": [],
    }
    _work_races(r, "/v1/work/contracts/create", "contract", contract)


def race_record_task_outcome(r: Racers) -> None:
    outcome = {
        "schema": "powercontext.task-outcome.v1",
        "trust": "untrusted_observation",
        "objective": "race",
        "status": "succeeded",
        "summary": "raced",
        "observations": [_CLAIM],
        "checks": [],
        "produced_artifacts": [],
        "remaining_work": [],
    }
    _work_races(r, "/v1/work/outcomes/record", "outcome", outcome)


def _handoff_draft(r: Racers, scope_id: str, objective: str) -> dict[str, Any]:
    memory = r.memory(scope_id)
    cite = {"kind": "artifact", "artifact_ref": {"family": "atomic-memory", "artifact_id": memory, "revision": 1}}
    return {
        "objective": objective,
        "state": [{"text": "raced", "citations": [cite]}],
        "disposition": "continuable",
        "next_action": None,
        "omissions": [],
    }


def race_commit_handoff(r: Racers) -> None:
    """Commits prepared on one base: exactly one is written, the others are 409 revision_conflict; the
    same prepared value committed at once is written once and answered to all."""
    scope_id = r.scope()
    prepared = []
    for n in range(K):
        body = {"scope_id": scope_id, "draft": _handoff_draft(r, scope_id, f"milestone {n}")}
        finalized = r.first.post("/v1/handoff/finalize", json=body)
        assert finalized.status_code == 200 and finalized.json()["base"] is None, finalized.text
        prepared.append({"scope_id": scope_id, "handoff": finalized.json()})
    winner, _ = one_winner(r.race("POST", "/v1/handoff/commit", prepared), 409, "revision_conflict")
    assert winner.json()["reference"]["revision"] == 1
    latest = r.first.post("/v1/handoff/continue", json={"scope_id": scope_id, "selection": "latest"}).json()
    assert latest["content"] == winner.json()["content"]
    body = {"scope_id": scope_id, "draft": _handoff_draft(r, scope_id, "the next milestone")}
    following = {"scope_id": scope_id, "handoff": r.first.post("/v1/handoff/finalize", json=body).json()}
    answers = all_answers(r.race("POST", "/v1/handoff/commit", following))
    assert {json.dumps(a, sort_keys=True) for a in answers} == {json.dumps(answers[0], sort_keys=True)}
    assert answers[0]["reference"]["revision"] == 2


def race_handoff_current_work(r: Racers) -> None:
    current = {
        "schema": "powercontext.current-work-handoff.v1",
        "trust": "untrusted_input",
        "objective": "race",
        "state": [_CLAIM],
        "disposition": "continuable",
        "next_action": None,
        "omissions": [],
    }
    _work_races(r, "/v1/work/handoffs/prepare-current", "handoff", current, status=200, receipt="boundary")


def race_acknowledge_handoff(r: Racers) -> None:
    """A Handoff Receipt is a Source: the capture races, on receipts of one prepared Handoff."""
    scope_id = r.scope()
    body = {"scope_id": scope_id, "draft": _handoff_draft(r, scope_id, "acknowledged")}
    prepared = r.first.post("/v1/handoff/finalize", json=body).json()
    receipt = {
        "receiver": "racer",
        "status": "declined",
        "selection": "prepared",
        "receiver_checks": None,
        "prepared": prepared,
        "message": "raced",
    }
    same = {"scope_id": scope_id, "source_id": uuid.uuid4().hex, **receipt}
    answers = all_answers(r.race("POST", "/v1/work/handoffs/acknowledge", same))
    assert len({json.dumps(a, sort_keys=True) for a in answers}) == 1
    other_id = uuid.uuid4().hex
    bodies = [{**same, "source_id": other_id, "message": f"raced {n}"} for n in range(K)]
    winner, _ = one_winner(r.race("POST", "/v1/work/handoffs/acknowledge", bodies), 409, "source_conflict")
    replay = r.first.post("/v1/work/handoffs/acknowledge", json=json.loads(winner.request.content))
    assert replay.json() == winner.json()


def race_remember_memory(r: Racers) -> None:
    scope_id = r.scope()
    request = {"scope_id": scope_id, "kind": "fact", "text": "The same memory, remembered at once."}
    answers = all_answers(r.race("POST", "/v1/memory/remember", request))
    artifacts = {a["records"][0]["artifact"]["artifact_id"] for a in answers}
    assert len(artifacts) == K and all(a["changed"] for a in answers)  # 1.4.1 does not de-duplicate
    listed = r.first.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory", params={"limit": 100}).json()
    assert {item["artifact_id"] for item in listed["items"]} == artifacts


def race_flush_memory(r: Racers) -> None:
    """Flushes at once advance the Scope's cursor over each pending Source once: the processed
    windows are disjoint and cover the Scope's Sources; a flush afterwards is idle. (The Sources are
    remembered memories, which need no generation model: the deployments run none.)"""
    scope_id = r.scope()
    for n in range(3):
        remembered = r.first.post(
            "/v1/memory/remember", json={"scope_id": scope_id, "kind": "fact", "text": f"kept {n}"}
        )
        assert remembered.status_code == 200, remembered.text
    answers = all_answers(r.race("POST", "/v1/memory/flush", {"scope_id": scope_id}))
    high = {a["high_watermark"] for a in answers}
    assert high == {3}, answers
    windows = sorted((a["previous_cursor"], a["current_cursor"]) for a in answers if a["status"] == "processed")
    covered = [position for start, end in windows for position in range(start + 1, end + 1)]
    assert covered == [1, 2, 3], answers  # each Source in exactly one processed window
    after = r.first.post("/v1/memory/flush", json={"scope_id": scope_id}).json()
    assert (after["status"], after["current_cursor"]) == ("idle", 3)


def race_prepare_context(r: Racers) -> None:
    scope_id = r.scope()
    r.memory(scope_id, "The race tier prepares at once.")
    answers = all_answers(r.race("POST", "/v1/context/prepare", {"scope_id": scope_id, "query": "race tier prepares"}))
    assert len({a["content"] for a in answers}) == 1 and answers[0]["status"] == "ready"
    stats = r.first.post("/v1/stats", json={"selection": {"mode": "exact", "scope_ids": [scope_id]}, "period": "today"})
    assert stats.json()["recall"]["totals"]["preparations"] == K  # every prepare counted, once


def _policy_race(r: Racers, scope_id: str, expected: int) -> None:
    """K puts from one version at once: one wins (1.4.1's version check), the rest 409, and the
    winner is what is stored."""
    bodies = [
        {
            "generation_enabled": n % 2 == 0,
            "activation_mode": ["automatic", "review_required"][n % 2],
            "expected_version": expected,
        }
        for n in range(K)
    ]
    answers = r.race("PUT", f"/v1/scopes/{scope_id}/profile-policy", bodies)
    winner, errors = one_winner(answers, 409, "idempotency_conflict")
    assert all(error["details"] == {"kind": "profile_policy"} for error in errors)
    stored = r.first.get(f"/v1/scopes/{scope_id}/profile-policy")
    assert stored.json() == winner.json() and winner.json()["version"] == expected + 1


def race_put_profile_policy_first(r: Racers) -> None:
    """The Scope's first policy (expected_version 0) K times at once."""
    _policy_race(r, r.scope(), 0)


def race_put_profile_policy_later(r: Racers) -> None:
    """K replacements of version 1 at once."""
    scope_id = r.scope()
    first = r.first.put(
        f"/v1/scopes/{scope_id}/profile-policy", json={"generation_enabled": False, "expected_version": 0}
    )
    assert first.status_code == 200, first.text
    _policy_race(r, scope_id, 1)


#: Per state-changing operation, its race cases.
def race_create_source(r: Racers) -> None:
    """1.4.1's create has no key: K creates of one content are K Sources, each at its own position,
    none lost (the Scope's writers are serialised on every server)."""
    scope_id = r.scope()
    answers = all_answers(r.race("POST", f"/v1/scopes/{scope_id}/sources", {"content": {"same": "value"}}), 201)
    assert len({a["source_id"] for a in answers}) == K
    assert sorted(a["position"] for a in answers) == list(range(1, K + 1))
    listed = r.first.get(f"/v1/scopes/{scope_id}/sources", params={"limit": 100}).json()["items"]
    assert sorted(listed, key=lambda a: a["position"]) == sorted(answers, key=lambda a: a["position"])


def race_create_subject_source(r: Racers) -> None:
    """K writers of one new subject, each from its own business Scope: the subject is bound once
    (one subject Scope for all) and every Source lands, at distinct positions there."""
    businesses = [r.scope() for _ in range(K)]
    key = uuid.uuid4().hex
    bodies = {"subject_key": key, "content": "the same subject"}
    paths = [f"/v1/scopes/{b}/subject-sources" for b in businesses]
    answers = all_answers(
        at_once([partial(c.post, p, json=bodies) for c, p in zip(r.clients, paths, strict=True)]), 201
    )
    (target,) = {a["subject_scope_id"] for a in answers}
    assert sorted(a["sources"][1]["position"] for a in answers) == list(range(1, K + 1))
    listed = r.first.get(f"/v1/scopes/{target}/sources", params={"limit": 100}).json()["items"]
    assert sorted(item["source_id"] for item in listed) == sorted(a["sources"][1]["source_id"] for a in answers)


def race_register_source_definition(r: Racers) -> None:
    """1.4.1 keeps the first manifest of a (name, version): the same one replayed K times is K times
    that manifest; K different ones under one identity have one winner, the rest 409 source_conflict."""
    path = "/v1/source-definitions/register"
    manifest = new_manifest("race")
    assert {json.dumps(a, sort_keys=True) for a in all_answers(r.race("POST", path, {"manifest": manifest}))} == {
        json.dumps(manifest, sort_keys=True)
    }
    name = new_manifest("race")["name"]
    bodies = [{"manifest": new_manifest("race", name=name, source_schema={"title": str(n)})} for n in range(K)]
    winner, _ = one_winner(r.race("POST", path, bodies), 409, "source_conflict")
    won = json.loads(winner.request.content)
    assert r.first.post(path, json=won).json() == winner.json()


RACES: dict[str, list[Callable[[Racers], None]]] = {
    "create_scope": [race_create_scope_same_key, race_create_scope_same_key_other_parameters],
    "update_scope": [race_update_scope],
    "set_default_scope": [race_set_default_scope],
    "create_artifact": [race_create_artifact, race_create_profile],
    "import_artifacts": [race_import_artifacts],
    "replace_artifact": [race_replace_artifact],
    "replace_artifact_tags": [race_replace_artifact_tags],
    "bind_artifact_handle": [race_bind_artifact_handle, race_bind_artifact_handle_same_revision],
    "change_atomic_memory_lifecycle": [race_change_atomic_memory_lifecycle],
    "merge_atomic_memories": [race_merge_atomic_memories],
    "restore_atomic_memory": [race_restore_atomic_memory, race_restore_atomic_memory_previewed],
    "publish_artifact": [race_publish_artifact_same_key, race_publish_artifact_same_key_other_sources],
    "commit_connector_checkpoint": [race_commit_connector_checkpoint_first, race_commit_connector_checkpoint_later],
    "index_code_workspace": [race_index_code_workspace],
    "set_scope_binding": [race_set_scope_binding],
    "clear_scope_binding": [race_clear_scope_binding],
    "prepare_bootstrap_context": [race_prepare_bootstrap_context],
    "record_bootstrap_delivery": [race_record_bootstrap_delivery],
    "capture_content_source": [race_capture_content_source],
    "capture_working_note": [race_capture_working_note],
    "create_source": [race_create_source],
    "create_subject_source": [race_create_subject_source],
    "register_source_definition": [race_register_source_definition],
    "submit_source_observation": [race_submit_source_observation],
    "remember_memory": [race_remember_memory],
    "flush_memory": [race_flush_memory],
    "prepare_context": [race_prepare_context],
    "create_work_contract": [race_create_work_contract],
    "record_task_outcome": [race_record_task_outcome],
    "commit_handoff": [race_commit_handoff],
    "handoff_current_work": [race_handoff_current_work],
    "acknowledge_handoff": [race_acknowledge_handoff],
    "propose_experience": [race_propose_experience],
    "propose_skill": [race_propose_skill],
    "approve_candidate": [race_approve_candidate, race_approve_or_reject_candidate],
    "reject_candidate": [race_reject_candidate],
    "revise_candidate": [race_revise_candidate],
    "generate_experience": [race_generate_experience],
    "generate_skill": [race_generate_skill],
    "activate_handoff": [race_activate_handoff_without_provider],  # with a provider: test_handoff_activation_races
    "put_profile_policy": [race_put_profile_policy_first, race_put_profile_policy_later],
    "flush_profile": [race_flush_profile_without_provider],  # with a provider: test_profile_flush_races
    "create_access_binding": [race_create_access_binding],
    "revoke_access_binding": [race_revoke_access_binding],
    "replace_access_binding": [race_replace_access_binding, race_revoke_or_replace_access_binding],
    "scan_external_skills": [race_scan_external_skills],
    "import_external_skill": [race_import_external_skill],
    "propose_skill_package": [race_propose_skill_package],
    # with a provider: tests/server/test_dream_races.py (one key: one run; each run executed once)
    "create_dream_run": [race_create_dream_run_without_provider],
    "update_skill_lifecycle": [race_update_skill_lifecycle],
    "record_skill_usage": [race_record_skill_usage],
    **REMOTE_SKILL_RACES,
}

#: Operations sent with POST that read only (a body carries their parameters): nothing to race.
NO_RACE = {
    "get_stats": "a read: statistics of a selection",
    "finalize_handoff": "writes nothing: a prepared Handoff is a value the caller carries (1.4.1 stores none)",
    "prepare_handoff": "writes nothing: a generated draft is a value the caller carries (1.4.1 stores none)",
    "resolve_scope_selection": "a read: Scope descriptors",
    "query_artifact_tags": "a read: tagged artifacts",
    "search_artifacts": "a read: one Family's search",
    "get_memory_capacity": "refused whole: always 422 legacy_memory_operation_unsupported, nothing read or written",
    "revise_memory_entry": "refused whole: always 422 legacy_memory_operation_unsupported, nothing written",
    "retire_memory_entry": "refused whole: always 422 legacy_memory_operation_unsupported, nothing written",
    "list_memory_changes": "refused whole: always 422 legacy_memory_operation_unsupported, nothing read or written",
    "replace_memory_entry_tags": "refused whole: always 422 legacy_memory_operation_unsupported, nothing written",
    "get_connector_checkpoint": "a read: one Connector binding's checkpoint",
    "get_topic_memory_processing_status": "a read: the Scope's Topic Memory processing state",
    "get_topic_memory_processing_block": "a read: one retained processing block",
    "generate_prompt_demonstrations": "writes nothing: suggestions are answered, never saved",
    "flush_topic_memory": "refused whole: always 503 topic_memory_processing_unavailable, nothing written",
    "retry_topic_memory_processing": "refused whole: no block is ever retained (404), nothing written",
    "list_access_roles": "a read: the roles Bindings can give",
    "list_access_resources": "a read: the resources the caller's Bindings allow",
    "list_access_bindings": "a read: a page of Bindings",
    "list_access_audit": "a read: a page of audit events (appended by other requests' decisions)",
    "check_access": "a read: decisions over the caller's Bindings (a refusal appends an audit event)",
    "get_skill_package_manifest": "a read: an approved Skill's package manifest",
    "download_skill_package": "a read: an approved Skill's package bytes",
    "list_remote_skill_targets": "a read: a Scope's remote targets and their publications",
    "download_remote_skill_package": "a read: the package a target's publication desires",
}

CASES = [
    pytest.param(case, id=f"{operation}-{case.__name__.removeprefix('race_')}")
    for operation, cases in RACES.items()
    for case in cases
]


def test_every_state_changing_operation_has_a_race() -> None:
    changing = {op.operation_id for op in OPERATIONS if op.state_changing}
    served = {op.operation_id for op in OPERATIONS}
    assert set(RACES) | set(NO_RACE) <= served, "a race or exclusion names no served operation"
    assert not set(RACES) & set(NO_RACE)
    assert changing - set(NO_RACE) - set(RACES) == set(), "a state-changing operation without a race"
    assert set(NO_RACE) <= changing, "an exclusion the contract already marks read-only or GET"


@pytest.mark.parametrize("case", CASES)
def test_racing_requests_are_decided_by_their_writes(racers: Racers, case: Callable[[Racers], None]) -> None:
    case(racers)
