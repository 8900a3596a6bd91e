"""The race cases of ``flush_profile``: K flushes of one Scope at once, the outcome PowerContext
1.4.1's Profile service gives. Its commit compares the policy version, the Profile cursor and the
Profile head it read, so of the flushes that read one window exactly one commits (moving the
cursor, raising the policy's version once, writing at most one revision); a flush that lost is
``conflict``, nothing written, and one that read after the commit finds no window (``noop``).

``race_flush_profile_without_provider`` runs in the race tier's deployments (no provider): a window
without evidence is committed once; a window with evidence is 503 for every racer, nothing written.
``race_flush_profile_with_provider`` runs with the fake provider (``test_profile_flush_races.py``):
one revision, written once."""

from __future__ import annotations

import uuid
from typing import Any

from _support.racers import Racers, all_answers
from _support.servers import assert_error

FLUSH = "/v1/profile/flush"


def _enabled_scope(r: Racers) -> str:
    scope_id = r.scope("profile race")
    put = r.first.put(f"/v1/scopes/{scope_id}/profile-policy", json={"generation_enabled": True, "expected_version": 0})
    assert put.status_code == 200, put.text
    return scope_id


def _version(r: Racers, scope_id: str) -> int:
    return int(r.first.get(f"/v1/scopes/{scope_id}/profile-policy").json()["version"])


def _one_commit(answers: list[dict[str, Any]], through: int) -> dict[str, Any]:
    """Exactly one answer moved the cursor from 0 to ``through``; every other lost (conflict) or
    read after it (noop at ``through``)."""
    moved = [a for a in answers if (a["previous_cursor"], a["current_cursor"]) == (0, through)]
    winners = [a for a in moved if a["status"] != "conflict"]
    assert len(winners) == 1, answers
    for answer in answers:
        if answer is winners[0]:
            continue
        if answer["status"] == "conflict":
            assert answer["previous_cursor"] == 0 and answer["artifact"] is None, answer
        else:
            assert (answer["status"], answer["previous_cursor"], answer["current_cursor"]) == (
                "noop",
                through,
                through,
            ), answer
    return winners[0]


def race_flush_profile_without_provider(r: Racers) -> None:
    scope_id = _enabled_scope(r)
    created = r.first.post(
        f"/v1/scopes/{scope_id}/artifacts", json={"family": "atomic-memory", "content": {"kind": "fact", "text": "x"}}
    )
    assert created.status_code == 201, created.text
    winner = _one_commit(all_answers(r.race("POST", FLUSH, {"scope_id": scope_id})), 1)
    assert (winner["status"], winner["processed_source_count"]) == ("noop", 0)
    assert _version(r, scope_id) == 2  # the policy row replaced once
    captured = r.first.post(
        "/v1/sources/content", json={"scope_id": scope_id, "source_id": uuid.uuid4().hex, "content": "profile: x"}
    )
    assert captured.status_code == 202, captured.text
    for answer in r.race("POST", FLUSH, {"scope_id": scope_id}):
        assert_error(answer, 503, "generation_unavailable")
    assert _version(r, scope_id) == 2


def race_flush_profile_with_provider(r: Racers) -> None:
    scope_id = _enabled_scope(r)
    for n in range(2):
        captured = r.first.post(
            "/v1/sources/content",
            json={"scope_id": scope_id, "source_id": uuid.uuid4().hex, "content": f"profile: raced {n}"},
        )
        assert captured.status_code == 202, captured.text
    winner = _one_commit(all_answers(r.race("POST", FLUSH, {"scope_id": scope_id})), 2)
    assert winner["status"] == "updated", winner
    assert winner["artifact"] == {"family": "profile", "artifact_id": "profile", "revision": 1}
    listed = r.first.get(f"/v1/scopes/{scope_id}/artifacts/profile/profile/revisions").json()
    assert [item["revision"] for item in listed["items"]] == [1], listed
    assert _version(r, scope_id) == 2
