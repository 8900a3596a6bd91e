"""Managed Skill lifecycle (and usage) requests of the tiers: the race tier's race
(``tests/server/test_race_tier.py``), the authorisation matrix's routes
(``tests/server/test_authz_matrix.py``, through ``_support.external_skills.EXTERNAL_ROUTES``) and
the bad-input tier's bases (``_support.bad_input_bases``).

- ``update_skill_lifecycle``: K transitions of one Skill at generation 0 at once, half to
  deprecated, half to retired: exactly one wins (200), the others are 409 generation_conflict, and
  the library shows the winner's state at generation 1.
- In the matrix it is a write route (1.4.1's ``skill_identity_write_access``: artifact.write on the
  Skill): a Skill seeded through the store, a transition to deprecated at generation 0.
"""

from __future__ import annotations

from typing import Any

import httpx

from _support.external_skills import approved_package, seeded_package
from _support.racers import Racers, statuses


def lifecycle(scope_id: str, artifact_id: str, generation: int = 0, state: str = "deprecated") -> dict[str, Any]:
    transition = {"expected_generation": generation, "lifecycle_state": state}
    return {"scope_id": scope_id, "artifact_id": artifact_id, **transition}


def approved_skill_id(http: httpx.Client, scope_id: str) -> str:
    return str(approved_package(http, scope_id)["artifact_id"])


def race_update_skill_lifecycle(r: Racers) -> None:
    scope_id = r.scope()
    artifact_id = approved_skill_id(r.first, scope_id)
    bodies = [lifecycle(scope_id, artifact_id, 0, ("deprecated", "retired")[n % 2]) for n in range(len(r.clients))]
    responses = r.race("POST", "/v1/skill/lifecycle", bodies)
    assert statuses(responses) == [200] + [409] * (len(responses) - 1), [x.text[:200] for x in responses]
    winner = next(x.json() for x in responses if x.status_code == 200)
    assert winner["governance_generation"] == 1
    assert {x.json()["error"]["code"] for x in responses if x.status_code == 409} == {"generation_conflict"}
    listed = r.first.post("/v1/skill/library", json={"scope_id": scope_id, "include_deprecated": True}).json()
    shown = [s["governance"] for s in listed["skills"]]
    assert shown == ([winner] if winner["lifecycle_state"] == "deprecated" else [])


def _transition(http: httpx.Client, w: Any, t: str) -> httpx.Response:
    artifact_id = seeded_package(w, t)["artifact_id"]
    return http.post("/v1/skill/lifecycle", json=lifecycle(w.ids[t], artifact_id))


GOVERNANCE_ROUTES: dict[str, tuple[str, Any]] = {
    "update_skill_lifecycle": ("write", _transition),
}
"""The matrix's route class and request of each managed Skill governance operation."""
