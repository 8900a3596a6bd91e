"""The race tier's remote Agent Skill target cases (``tests/server/test_race_tier.py`` runs them),
on SQLite and on several servers over one OceanBase database.

1.4.1's outcomes: creations are independent (each its own target and code); enrollments with one
code have exactly one winner, every other answer 409 ``invalid_enrollment``; renames and
revocations of one target at one generation have exactly one winner, every other answer 409
``invalid_target_state``; what is stored afterwards is the winner's change. The Receiver's calls
for one target are serial under its Scope's writer lock: K reconciles at once answer alike and record one observation; K
Receipts for one action at once are all accepted, and a success among them stands (1.4.1's success
precedence), whatever order they ran in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from _support.multi_server import one_winner
from _support.racers import K, Racers, all_answers
from _support.remote_skills import (
    as_target,
    checkpoint,
    enrolled_target,
    enrollment,
    pending_target,
    publication_request,
    published,
    receipt,
    receiving,
    reconcile,
)


def _stored(r: Racers, scope_id: str) -> list[dict[str, Any]]:
    listed = r.first.post("/v1/skill/remote/targets", json={"scope_id": scope_id})
    assert listed.status_code == 200, listed.text
    return [status["target"] for status in listed.json()["targets"]]


def race_create_remote_skill_target(r: Racers) -> None:
    scope_id = r.scope()
    body = {"scope_id": scope_id, "agent_kind": "codex", "display_name": "raced"}
    made = all_answers(r.race("POST", "/v1/skill/remote/target/create", body), 201)
    assert len({m["target"]["target_id"] for m in made}) == len({m["enrollment_code"] for m in made}) == K
    assert {t["target_id"] for t in _stored(r, scope_id)} == {m["target"]["target_id"] for m in made}


def race_enroll_remote_skill_target(r: Racers) -> None:
    scope_id = r.scope()
    code = pending_target(r.first, scope_id)["enrollment_code"]
    bodies = [enrollment(code, f"racer-{n}") for n in range(K)]
    winner, _ = one_winner(r.race("POST", "/v1/skill/remote/target/enroll", bodies), 409, "invalid_enrollment")
    [stored] = _stored(r, scope_id)
    assert (stored["state"], stored["generation"], stored["target_id"]) == ("active", 1, winner.json()["target_id"])
    assert stored["installation_id"] in {b["installation_id"] for b in bodies}


def race_rename_remote_skill_target(r: Racers) -> None:
    scope_id = r.scope()
    target, _ = enrolled_target(r.first, scope_id)
    bodies = [
        {"scope_id": scope_id, "target_id": target["target_id"], "display_name": f"racer {n}", "expected_generation": 1}
        for n in range(K)
    ]
    winner, _ = one_winner(r.race("POST", "/v1/skill/remote/target/rename", bodies), 409, "invalid_target_state")
    [stored] = _stored(r, scope_id)
    assert stored == winner.json() and stored["generation"] == 2


def race_revoke_remote_skill_target(r: Racers) -> None:
    scope_id = r.scope()
    target, _ = enrolled_target(r.first, scope_id)
    body = {"scope_id": scope_id, "target_id": target["target_id"], "expected_generation": 1}
    winner, _ = one_winner(r.race("POST", "/v1/skill/remote/target/revoke", body), 409, "invalid_target_state")
    [stored] = _stored(r, scope_id)
    assert stored == winner.json() and (stored["state"], stored["generation"]) == ("revoked", 2)


def _publications(r: Racers, scope_id: str) -> list[dict[str, Any]]:
    listed = r.first.post("/v1/skill/remote/targets", json={"scope_id": scope_id})
    return [publication for status in listed.json()["targets"] for publication in status["publications"]]


def race_publish_remote_skill(r: Racers) -> None:
    """First publications of one Skill on one target at once: one creates it, the rest are 409."""
    scope_id = r.scope()
    body = publication_request(r.first, scope_id)
    winner, _ = one_winner(r.race("POST", "/v1/skill/remote/publication/publish", body), 409, CONFLICT)
    assert _publications(r, scope_id) == [winner.json()]


def race_unpublish_remote_skill(r: Racers) -> None:
    scope_id = r.scope()
    publication = published(r.first, scope_id)
    body = {key: publication[key] for key in ("scope_id", "target_id", "artifact_id")} | {"expected_generation": 0}
    winner, _ = one_winner(r.race("POST", "/v1/skill/remote/publication/unpublish", body), 409, CONFLICT)
    assert _publications(r, scope_id) == [winner.json()] and winner.json()["generation"] == 1


CONFLICT = "publication_generation_conflict"

#: The race tier's rows of these operations.
REMOTE_SKILL_RACES: dict[str, list[Callable[[Racers], None]]] = {
    "create_remote_skill_target": [race_create_remote_skill_target],
    "enroll_remote_skill_target": [race_enroll_remote_skill_target],
    "rename_remote_skill_target": [race_rename_remote_skill_target],
    "revoke_remote_skill_target": [race_revoke_remote_skill_target],
    "publish_remote_skill": [race_publish_remote_skill],
    "unpublish_remote_skill": [race_unpublish_remote_skill],
}


def _receiving(r: Racers) -> tuple[str, dict[str, Any], dict[str, str]]:
    scope_id = r.scope()
    _, credential = receiving(r.first, scope_id)
    [action] = reconcile(r.first, credential, []).json()["actions"]
    return scope_id, action, as_target(credential)


def race_reconcile_remote_skills(r: Racers) -> None:
    """K reconciles of one target at once, each with the same drifted checkpoint: every one answers
    the same blocked install action, and the publication records the drift once, at its generation."""
    scope_id, action, headers = _receiving(r)
    body = {"observations": [checkpoint(action, "0" * 64)], "receiver_version": "raced"}
    answers = all_answers(r.race("POST", "/v1/skill/remote/reconcile", body, headers))
    assert all(answer == answers[0] for answer in answers)
    [blocked] = answers[0]["actions"]
    assert (blocked["operation"], blocked["blocked_error_code"], blocked["generation"]) == ("install", "drifted", 0)
    [stored] = _publications(r, scope_id)
    assert (stored["state"], stored["last_error_code"], stored["generation"]) == ("drifted", "drifted", 0)


def race_record_remote_skill_receipt(r: Racers) -> None:
    """K Receipts for one action at once, half of them successes and half failures (1.4.1: success
    takes precedence at a generation): every one is accepted, and what is stored is the success."""
    scope_id, action, headers = _receiving(r)
    bodies = [receipt(action, None if n % 2 == 0 else "delivery_failed") for n in range(K)]
    answers = all_answers(r.race("POST", "/v1/skill/remote/receipt", bodies, headers))
    assert {(answer["accepted"], answer["stale"]) for answer in answers} == {(True, False)}
    [stored] = _publications(r, scope_id)
    assert (stored["state"], stored["observed_tree_digest"], stored["generation"]) == (
        "current", action["tree_digest"], 0,
    )  # fmt: skip
    successes = [
        answer["publication"] for body, answer in zip(bodies, answers, strict=True) if body["error_code"] is None
    ]
    assert all(publication == stored for publication in successes)  # the first success wrote it; the rest match it


REMOTE_SKILL_RACES |= {
    "reconcile_remote_skills": [race_reconcile_remote_skills],
    "record_remote_skill_receipt": [race_record_remote_skill_receipt],
}
