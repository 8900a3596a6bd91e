"""The race cases of Dream runs: ``race_create_dream_run_without_provider`` for the race tier's
deployments (no generation provider), and, with a provider (``tests/server/test_dream_races.py``),
``race_create_dream_run_one_key`` and ``race_create_dream_run_many_keys``: the outcome 1.4.1
defines for creates at once in one Scope. One idempotency key: one run, every racer answered with
it; distinct keys: one run each (up to the Scope's capacity). Either way each run is executed once
(one attempt, one model call), however many servers share the database: the store's lease decides."""

from __future__ import annotations

import time
import uuid
from typing import Any

from _support.candidates import approved_artifact
from _support.racers import Racers, all_answers
from _support.servers import assert_error


def _request(r: Racers, scope_id: str, key: str) -> dict[str, Any]:
    ref = approved_artifact(r.first, scope_id)
    return {"operation": "refine_experience", "artifacts": [ref], "sources": [], "idempotency_key": key}


def race_create_dream_run_without_provider(r: Racers) -> None:
    """No generation provider: every racer gets 1.4.1's 503 and no run is admitted."""
    scope_id = r.scope()
    for answer in r.race("POST", f"/v1/scopes/{scope_id}/dream", _request(r, scope_id, "race")):
        assert_error(answer, 503, "capability_unavailable")


def _finished(r: Racers, scope_id: str, run_id: str) -> dict[str, Any]:
    for _ in range(600):
        run = r.first.get(f"/v1/scopes/{scope_id}/dream/{run_id}").json()
        if run["status"] in ("succeeded", "failed"):
            return dict(run)
        time.sleep(0.05)
    raise AssertionError(f"the run did not finish: {run}")


def _executed_once(run: dict[str, Any]) -> None:
    assert run["status"] == "succeeded", run
    assert (run["attempt_count"], run["usage"]["model_calls"]) == (1, 1), run


def race_create_dream_run_one_key(r: Racers) -> None:
    scope_id = r.scope()
    answers = r.race("POST", f"/v1/scopes/{scope_id}/dream", _request(r, scope_id, "one-key"))
    assert all(a.status_code in (200, 202) for a in answers), [a.text for a in answers]
    run_ids = {a.json()["run_id"] for a in answers}
    assert len(run_ids) == 1, run_ids
    listed = r.first.get(f"/v1/scopes/{scope_id}/dream").json()["runs"]
    assert [run["run_id"] for run in listed] == list(run_ids)
    _executed_once(_finished(r, scope_id, run_ids.pop()))


def race_create_dream_run_many_keys(r: Racers) -> None:
    scope_id = r.scope()
    body = _request(r, scope_id, "unused")
    bodies = [body | {"idempotency_key": uuid.uuid4().hex} for _ in range(len(r.clients))]
    answers = all_answers(r.race("POST", f"/v1/scopes/{scope_id}/dream", bodies), status=202)
    assert len({a["run_id"] for a in answers}) == len(answers)
    for answer in answers:
        _executed_once(_finished(r, scope_id, answer["run_id"]))


def authz_requests() -> dict[str, Any]:
    """The authorisation matrix's requests of the Dream operations (``test_authz_matrix.REQUESTS``):
    each ``(http, world, target) -> response`` on the target's Scope; allowed, each is 1.4.1's 503
    (the matrix's servers run no generation provider)."""
    evidence = {"family": "experience", "artifact_id": "art_matrix", "revision": 1}
    body = {"operation": "refine_experience", "artifacts": [evidence], "idempotency_key": "matrix"}
    return {
        "create_dream_run": lambda http, w, t: http.post(f"/v1/scopes/{w.ids[t]}/dream", json=body),
        "get_dream_run": lambda http, w, t: http.get(f"/v1/scopes/{w.ids[t]}/dream/dr_{'0' * 32}"),
        "list_dream_runs": lambda http, w, t: http.get(f"/v1/scopes/{w.ids[t]}/dream"),
    }


DREAM_OPERATIONS = ("create_dream_run", "get_dream_run", "list_dream_runs")
