"""The race tier's external Skill cases (``tests/server/test_race_tier.py``): both deployments serve
the registry directory ``registry_dir(workdir)`` holding one package, ``release-check``.

- ``scan_external_skills``: K scans of one Scope at once all answer the same snapshot, and the Scope's
  registry afterwards is that snapshot whole (each scan replaces it in one transaction).
- ``import_external_skill``: K imports of one exact package at once all succeed, as in 1.4.1 (each
  import proposes its own candidate); they share one stored package and one snapshot Source.
- ``propose_skill_package``: K uploads of one archive at once all succeed the same way (one package,
  one ``skill-package-upload`` Source, K candidates).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _support.external_skills import package_base64
from _support.racers import Racers, all_answers

PACKAGE = "release-check"
MANIFEST = "---\nname: release-check\ndescription: Check a release branch before tagging it.\n---\n\nRun the tests.\n"


def registry_dir(workdir: Path) -> Path:
    """The registry directory of a race deployment in ``workdir``, with its one package written."""
    root = workdir / "external-skills"
    (root / PACKAGE).mkdir(parents=True, exist_ok=True)
    (root / PACKAGE / "SKILL.md").write_text(MANIFEST, encoding="utf-8")
    return root


def _scanned(r: Racers, scope_id: str) -> dict[str, Any]:
    response = r.first.post("/v1/external-skills/scan", json={"scope_id": scope_id})
    assert response.status_code == 200, response.text
    return dict(response.json())


def race_scan_external_skills(r: Racers) -> None:
    scope_id = r.scope()
    answers = all_answers(r.race("POST", "/v1/external-skills/scan", {"scope_id": scope_id}))
    assert all(a == answers[0] for a in answers) and len(answers[0]["registrations"]) == 1
    listed = r.first.post("/v1/external-skills/list", json={"scope_id": scope_id, "include_unavailable": True})
    assert [s["registration"] for s in listed.json()["skills"]] == answers[0]["registrations"]


def race_import_external_skill(r: Racers) -> None:
    scope_id = r.scope()
    [registration] = _scanned(r, scope_id)["registrations"]
    body = {
        "scope_id": scope_id,
        "external_skill_id": registration["external_skill_id"],
        "fingerprint": registration["fingerprint"],
        "mode": "import",
    }
    answers = all_answers(r.race("POST", "/v1/external-skills/import", body))
    candidates = [a["candidate"] for a in answers]
    assert all(a["status"] == "pending" for a in answers)
    assert len({c["candidate_id"] for c in candidates}) == len(candidates)
    assert len({c["proposal"]["package"]["archive_digest"] for c in candidates}) == 1
    assert len({c["source_refs"][0]["source_id"] for c in candidates}) == 1
    listed = r.first.post("/v1/candidates/list", json={"scope_id": scope_id, "family": "skill", "limit": 50})
    assert {c["candidate_id"] for c in listed.json()["candidates"]} == {c["candidate_id"] for c in candidates}


def race_propose_skill_package(r: Racers) -> None:
    scope_id = r.scope()
    body = {"scope_id": scope_id, "archive_base64": package_base64()}
    candidates = all_answers(r.race("POST", "/v1/skill/package/propose", body), 201)
    assert len({c["candidate_id"] for c in candidates}) == len(candidates)
    assert len({c["proposal"]["package"]["archive_digest"] for c in candidates}) == 1
    assert len({c["source_refs"][0]["source_id"] for c in candidates}) == 1
