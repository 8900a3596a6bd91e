"""The race tier's cases for Experience and Skill candidates (``tests/server/test_race_tier.py``
lists them in ``RACES``): proposals, decisions and generation, K racers at once."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from _support.candidates import EXPERIENCE, decision, pending_candidate, proposal_request
from _support.multi_server import at_once, one_winner
from _support.racers import K, Racers, all_answers
from _support.servers import assert_error


def _candidate(r: Racers, scope_id: str) -> dict[str, Any]:
    return pending_candidate(r.first, scope_id)


def _propose_races(r: Racers, family: str) -> None:
    """1.4.1 does not de-duplicate proposals: K at once, even of one content, are K pending candidates."""
    scope_id = r.scope()
    body = proposal_request(r.first, scope_id, family)
    made = all_answers(r.race("POST", f"/v1/{family}/propose", body), 201)
    assert len({a["candidate_id"] for a in made}) == K and {a["status"] for a in made} == {"pending"}
    listed = r.first.post("/v1/candidates/list", json={"scope_id": scope_id, "limit": 100}).json()["candidates"]
    assert sorted(c["candidate_id"] for c in listed) == sorted(a["candidate_id"] for a in made)


def race_propose_experience(r: Racers) -> None:
    _propose_races(r, "experience")


def race_propose_skill(r: Racers) -> None:
    _propose_races(r, "skill")


def race_approve_candidate(r: Racers) -> None:
    """Approvals of one version at once write one artifact; as in 1.4.1 a retry of the approved
    version answers the approved candidate, so they all agree on that one result."""
    scope_id = r.scope()
    candidate = _candidate(r, scope_id)
    answers = all_answers(r.race("POST", "/v1/candidates/approve", decision(scope_id, candidate)))
    assert len({json.dumps(a, sort_keys=True) for a in answers}) == 1 and answers[0]["status"] == "approved"
    heads = r.first.get(f"/v1/scopes/{scope_id}/artifacts/experience").json()["items"]
    assert [h["artifact_id"] for h in heads] == [answers[0]["result_artifact"]["artifact_id"]]


def race_approve_or_reject_candidate(r: Racers) -> None:
    """Approvals and rejections of one version at once: one decision is taken, and every other
    answer agrees with it (the approved candidate again, or 409 candidate_terminal naming it)."""
    scope_id = r.scope()
    candidate = _candidate(r, scope_id)
    bodies = [decision(scope_id, candidate, **({"reason": f"no {n}"} if n % 2 else {})) for n in range(K)]
    paths = ["/v1/candidates/reject" if n % 2 else "/v1/candidates/approve" for n in range(K)]
    responses = at_once(
        *(partial(client.post, path, json=body) for client, path, body in zip(r.clients, paths, bodies, strict=True))
    )
    stored = r.first.post("/v1/candidates/get", json={"scope_id": scope_id, "candidate_id": candidate["candidate_id"]})
    final = stored.json()
    decided = [resp for resp in responses if resp.status_code == 200]
    terminal = [assert_error(resp, 409, "candidate_terminal") for resp in responses if resp.status_code == 409]
    assert len(decided) + len(terminal) == K
    assert {json.dumps(resp.json(), sort_keys=True) for resp in decided} == {json.dumps(final, sort_keys=True)}
    assert {t["details"]["status"] for t in terminal} <= {final["status"]}
    if final["status"] == "rejected":
        assert len(decided) == 1 and json.loads(decided[0].request.content)["reason"] == final["decision_reason"]
    heads = r.first.get(f"/v1/scopes/{scope_id}/artifacts/experience").json()["items"]
    assert len(heads) == (1 if final["status"] == "approved" else 0)


def race_reject_candidate(r: Racers) -> None:
    scope_id = r.scope()
    candidate = _candidate(r, scope_id)
    bodies = [decision(scope_id, candidate, reason=f"reason {n}") for n in range(K)]
    winner, errors = one_winner(r.race("POST", "/v1/candidates/reject", bodies), 409, "candidate_terminal")
    assert {e["details"]["status"] for e in errors} == {"rejected"}
    stored = r.first.post("/v1/candidates/get", json={"scope_id": scope_id, "candidate_id": candidate["candidate_id"]})
    assert (
        stored.json() == winner.json()
        and winner.json()["decision_reason"] == json.loads(winner.request.content)["reason"]
    )


def race_revise_candidate(r: Racers) -> None:
    scope_id = r.scope()
    candidate = _candidate(r, scope_id)
    bodies = [decision(scope_id, candidate, proposal=EXPERIENCE | {"lesson": f"Lesson {n}."}) for n in range(K)]
    winner, errors = one_winner(r.race("POST", "/v1/candidates/revise", bodies), 409, "candidate_conflict")
    assert {(e["details"]["expected_version"], e["details"]["current_version"]) for e in errors} == {(1, 2)}
    history = r.first.post(
        "/v1/candidates/history", json={"scope_id": scope_id, "candidate_id": candidate["candidate_id"]}
    ).json()["versions"]
    assert [v["version"] for v in history] == [1, 2]
    sent = json.loads(winner.request.content)["proposal"]
    # stored with every optional field, as 1.4.1 stores its content models
    assert history[1]["proposal"] == sent | {"failure": None} == winner.json()["proposal"]


def _generate_races(r: Racers, family: str) -> None:
    """The deployments run no generation provider: every racer gets 1.4.1's 503 and nothing is stored."""
    scope_id = r.scope()
    request = proposal_request(r.first, scope_id, family)
    body = {key: request[key] for key in ("scope_id", "source_refs", "artifact_refs")}
    answers = r.race("POST", f"/v1/{family}/generate", body | ({"origin": "source"} if family == "skill" else {}))
    assert {assert_error(a, 503, "generation_unavailable")["details"]["family"] for a in answers} == {family}
    assert r.first.post("/v1/candidates/list", json={"scope_id": scope_id}).json()["candidates"] == []


def race_generate_experience(r: Racers) -> None:
    _generate_races(r, "experience")


def race_generate_skill(r: Racers) -> None:
    _generate_races(r, "skill")
