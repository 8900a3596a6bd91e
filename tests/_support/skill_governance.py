"""Managed Skill lifecycle (and usage) requests of the tiers: the race tier's race
(``tests/server/test_race_tier.py``), the authorisation matrix's routes
(``tests/server/test_authz_matrix.py``, through ``_support.external_skills.EXTERNAL_ROUTES``) and
the bad-input tier's bases (``_support.bad_input_bases``).

- ``update_skill_lifecycle``: K transitions of one Skill at generation 0 at once, half to
  deprecated, half to retired: exactly one wins (200), the others are 409 generation_conflict, and
  the library shows the winner's state at generation 1.
- In the matrix it is a write route (1.4.1's ``skill_identity_write_access``: artifact.write on the
  Skill): a Skill seeded through the store, a transition to deprecated at generation 0.
- ``record_skill_usage``: K observations at once, half one id and half another: every one is 201,
  each id stored once (one position per id, two consecutive positions, the next observation after
  them). In the matrix a write route (1.4.1's ``skill_usage_access``: scope.contribute and
  artifact.read): an observation of a Skill seeded through the store.
"""

from __future__ import annotations

import base64
import uuid
from typing import Any

import httpx

from _support.external_skills import approved_package, package_base64, seeded_package
from _support.racers import Racers, all_answers, statuses
from pcreceipt.store import skill_package

PACKAGE_TREE_DIGEST = skill_package.from_archive(base64.b64decode(package_base64())).reference["tree_digest"]
"""The tree digest of ``_support.external_skills``'s one-file package."""


def new_scope(http: httpx.Client, title: str = "skill governance") -> str:
    body = {"title": title, "summary": title, "idempotency_key": uuid.uuid4().hex}
    created = http.post("/v1/scopes", json=body)
    assert created.status_code == 201, created.text
    return str(created.json()["scope_id"])


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
    assert statuses(responses).count(200) == 1, [x.text[:200] for x in responses]
    winner = next(x.json() for x in responses if x.status_code == 200)
    assert winner["governance_generation"] == 1
    # a loser is refused by the winner's generation; after a retirement, one that would leave the
    # retired state is refused first by the lifecycle rule (1.4.1 checks the generation last)
    refused = {(x.status_code, x.json()["error"]["code"]) for x in responses if x.status_code != 200}
    allowed = {(409, "generation_conflict")}
    allowed |= {(422, "invalid_lifecycle")} if winner["lifecycle_state"] == "retired" else set()
    assert refused and refused <= allowed, refused
    listed = r.first.post("/v1/skill/library", json={"scope_id": scope_id, "include_deprecated": True}).json()
    shown = [s["governance"] for s in listed["skills"]]
    assert shown == ([winner] if winner["lifecycle_state"] == "deprecated" else [])


def usage(scope_id: str, artifact: dict[str, Any], observation_id: str = "obs-1") -> dict[str, Any]:
    """A valid observation of ``artifact`` (a package-backed Skill revision from ``approved_package``)."""
    return {
        "scope_id": scope_id, "observation_id": observation_id, "skill_ref": artifact,
        "package_digest": "sha256:" + PACKAGE_TREE_DIGEST, "target_id": "codex", "selected": True,
        "invoked": "true", "validation": "passed", "outcome": "success",
    }  # fmt: skip


def race_record_skill_usage(r: Racers) -> None:
    scope_id = r.scope()
    artifact = approved_package(r.first, scope_id)
    bodies = [usage(scope_id, artifact, f"obs-{n % 2}") for n in range(len(r.clients))]
    answers = all_answers(r.race("POST", "/v1/skill/usage", bodies), 201)
    by_id: dict[str, set[int]] = {}
    for answer in answers:
        by_id.setdefault(answer["source"]["source_id"], set()).add(answer["position"])
    assert sorted(by_id) == ["obs-0", "obs-1"] and all(len(p) == 1 for p in by_id.values())
    taken = sorted(p for positions in by_id.values() for p in positions)
    after = r.first.post("/v1/skill/usage", json=usage(scope_id, artifact, "obs-after"))
    assert taken[1] == taken[0] + 1 and after.json()["position"] == taken[1] + 1  # two Sources stored in all


def _transition(http: httpx.Client, w: Any, t: str) -> httpx.Response:
    artifact_id = seeded_package(w, t)["artifact_id"]
    return http.post("/v1/skill/lifecycle", json=lifecycle(w.ids[t], artifact_id))


def _usage(http: httpx.Client, w: Any, t: str) -> httpx.Response:
    return http.post("/v1/skill/usage", json=usage(w.ids[t], seeded_package(w, t), uuid.uuid4().hex))


GOVERNANCE_ROUTES: dict[str, tuple[str, Any]] = {
    "update_skill_lifecycle": ("write", _transition),
    "record_skill_usage": ("write", _usage),
}
"""The matrix's route class and request of each managed Skill governance operation."""
