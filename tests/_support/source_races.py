"""The race tier's Source observation case (``tests/server/test_race_tier.py`` runs it).

1.4.1's outcome (its Source journal adds an identical Source once and answers it again): K
identical observations at once are one Source, every racer answered its receipt at one position;
K different observations of one (source_type, name) have one winner, the rest 409
``source_conflict``, and what is stored is the winner's; K distinct names take K consecutive
positions."""

from __future__ import annotations

import json
import uuid

from _support.multi_server import one_winner
from _support.racers import K, Racers, all_answers
from _support.servers import assert_error
from _support.source_definitions import new_manifest, observation_of

PATH = "/v1/source-observations"


def race_submit_source_observation(r: Racers) -> None:
    manifest = new_manifest("race")
    assert r.first.post("/v1/source-definitions/register", json={"manifest": manifest}).status_code == 200
    scope_id = r.scope()
    same = {"scope_id": scope_id, "observation": observation_of(manifest, uuid.uuid4().hex)}
    answers = all_answers(r.race("POST", PATH, same), 202)
    assert len({json.dumps(a, sort_keys=True) for a in answers}) == 1  # one Source, its receipt replayed
    name = uuid.uuid4().hex
    bodies = [{"scope_id": scope_id, "observation": observation_of(manifest, name, title=str(n))} for n in range(K)]
    winner, _ = one_winner(r.race("POST", PATH, bodies), 409, "source_conflict", success=202)
    won = json.loads(winner.request.content)
    assert r.first.post(PATH, json=won).json() == winner.json()
    assert_error(r.first.post(PATH, json=next(body for body in bodies if body != won)), 409, "source_conflict")
    distinct = [{"scope_id": scope_id, "observation": observation_of(manifest, uuid.uuid4().hex)} for _ in range(K)]
    positions = sorted(a["position"] for a in all_answers(r.race("POST", PATH, distinct), 202))
    assert positions == list(range(positions[0], positions[0] + K))
