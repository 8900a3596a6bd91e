"""Experience and Skill candidates for the tiers and the authorisation matrix: a captured Source
to cite, a pending candidate, an approved artifact, all over a server's HTTP API."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import httpx

from _support.engines import raw_sql

EXPERIENCE = {
    "situation": "The release build failed on a stale lock file.",
    "action": "Regenerated the lock file and pinned the packaging tool.",
    "outcome": "The build passed on the next run.",
    "lesson": "Regenerate the lock file whenever the packaging tool is bumped.",
}
SKILL = {
    "name": "release-check",
    "description": "Check a release branch before tagging it.",
    "instructions": "Run the test suite, then the packaging check.",
    "validation": ["the packaging check passes"],
}
PROPOSALS = {"experience": EXPERIENCE, "skill": SKILL}
TEXT_ONLY_SKILL = SKILL | {
    "package": None,
    "license": None,
    "compatibility": None,
    "metadata": {},
    "allowed_tools": None,
}
"""``SKILL`` as a proposal was stored before proposed Skills were packaged (``package`` null)."""


def store_text_only(engine: str, workdir: Path, candidate_id: str) -> None:
    """Rewrite every version of the candidate in ``workdir``'s database as ``TEXT_ONLY_SKILL``: a row
    written before proposed Skills were packaged (docs/decisions.md, "Packages of proposed Skills")."""
    mark = "?" if engine == "sqlite" else "%s"
    sql = f"UPDATE candidate_versions SET proposal = {mark} WHERE candidate_id = {mark}"
    raw_sql(engine, workdir, sql, (json.dumps(TEXT_ONLY_SKILL), candidate_id))


def cited_source(http: httpx.Client, scope_id: str) -> dict[str, str]:
    """A content Source captured in the Scope, as a candidate's ``source_refs`` item."""
    source_id = "cand-src-" + uuid.uuid4().hex
    body = {"scope_id": scope_id, "source_id": source_id, "content": "the build failed on a stale lock file"}
    response = http.post("/v1/sources/content", json=body)
    assert response.status_code == 202, response.text
    return {"name": "content", "source_id": source_id}


def proposal_request(http: httpx.Client, scope_id: str, family: str = "experience") -> dict[str, Any]:
    """A valid propose_experience / propose_skill body citing a freshly captured Source."""
    return {
        "scope_id": scope_id,
        "proposal": PROPOSALS[family],
        "source_refs": [cited_source(http, scope_id)],
        "artifact_refs": [],
    }


def pending_candidate(http: httpx.Client, scope_id: str, family: str = "experience") -> dict[str, Any]:
    response = http.post(f"/v1/{family}/propose", json=proposal_request(http, scope_id, family))
    assert response.status_code == 201, response.text
    return dict(response.json())


def approved_artifact(http: httpx.Client, scope_id: str, family: str = "experience") -> dict[str, Any]:
    """The reference of a freshly approved Experience or Skill revision."""
    candidate = pending_candidate(http, scope_id, family)
    body = {"scope_id": scope_id, "candidate_id": candidate["candidate_id"], "expected_version": 1}
    response = http.post("/v1/candidates/approve", json=body)
    assert response.status_code == 200, response.text
    return dict(response.json()["result_artifact"])


def decision(scope_id: str, candidate: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """An approve / reject / revise body for the candidate's current version."""
    body = {"scope_id": scope_id, "candidate_id": candidate["candidate_id"], "expected_version": candidate["version"]}
    return body | fields
