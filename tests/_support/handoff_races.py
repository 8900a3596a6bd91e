"""The races of the generative Handoff operations, shared by the race tier (deployments without a
generation provider) and ``tests/server/test_handoff_activation_races.py`` (with the fake provider):
``activate_handoff`` at one boundary from K racers at once."""

from __future__ import annotations

from typing import Any

from _support import work_requests
from _support.racers import Racers
from _support.servers import assert_error


def race_activate_handoff_without_provider(r: Racers) -> None:
    """No generation provider: every racer at one new boundary gets 1.4.1's 503 and none records it."""
    scope_id = r.scope()
    body = work_requests.handoff_activation(r.first, scope_id)
    for answer in r.race("POST", "/v1/handoff/activate", body):
        assert_error(answer, 503, "handoff_generation_unavailable")


def race_activate_handoff_one_boundary(r: Racers) -> dict[str, Any]:
    """With a provider: of K racers at one new boundary exactly one is generated, the others are
    ignored at that boundary, and a later activation there is ignored too. The winner's answer."""
    scope_id = r.scope()
    body = work_requests.handoff_activation(r.first, scope_id)
    answers = r.race("POST", "/v1/handoff/activate", body)
    assert [a.status_code for a in answers] == [200] * len(answers), [a.text for a in answers]
    bodies = [a.json() for a in answers]
    generated = [b for b in bodies if b["status"] == "generated"]
    assert len(generated) == 1, bodies
    (winner,) = generated
    position = winner["current_position"]
    assert winner["previous_position"] == 0 and winner["draft"] is not None
    for loser in (b for b in bodies if b is not winner):
        assert loser == {**winner, "status": "ignored", "previous_position": position, "draft": None}
    again = r.first.post("/v1/handoff/activate", json=body).json()
    assert (again["status"], again["previous_position"], again["current_position"]) == ("ignored", position, position)
    return dict(winner)
