"""Experience and managed Skill candidates and their review over real HTTP on both engines: answers
parsed with PowerContext 1.4.1's own closed models, the review states and their transitions, what
approval writes (and that prepare recalls an approved Experience), paging with signed cursors, and
the refusals 1.4.1 answers (evidence, targets, stale versions, decided candidates)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.candidates import EXPERIENCE, SKILL
from _support.fakes import FakeInference
from _support.servers import assert_error, running

from pcreceipt.config import EmbeddingSettings, Settings
from pcreceipt.server.app import create_app
from pcreceipt.store import skill_package
from pcreceipt.store.protocol import Store

STORED_EXPERIENCE = EXPERIENCE | {"failure": None}
"""A proposal as stored and served: every optional field present (1.4.1's content models)."""
STORED_SKILL = skill_package.from_proposal(SKILL).skill_content()  # every proposed Skill is package-backed


@pytest.fixture
def http(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    with running(create_app(Settings(data_dir=tmp_path), store=engine_store)) as url, httpx.Client(base_url=url) as c:
        yield c


def new_scope(http: httpx.Client) -> str:
    key = uuid.uuid4().hex
    response = http.post("/v1/scopes", json={"title": "review", "summary": "review", "idempotency_key": key})
    assert response.status_code == 201
    return str(response.json()["scope_id"])


def captured(http: httpx.Client, scope_id: str, text: str = "the build failed on a stale lock file") -> dict[str, str]:
    source_id = "src-" + uuid.uuid4().hex[:8]
    response = http.post("/v1/sources/content", json={"scope_id": scope_id, "source_id": source_id, "content": text})
    assert response.status_code == 202, response.text
    return {"name": "content", "source_id": source_id}


def propose(http: httpx.Client, scope_id: str, family: str = "experience", **fields: Any) -> httpx.Response:
    body: dict[str, Any] = {
        "scope_id": scope_id,
        "proposal": EXPERIENCE if family == "experience" else SKILL,
        "source_refs": [captured(http, scope_id)],
        "artifact_refs": [],
    }
    return http.post(f"/v1/{family}/propose", json=body | fields)


def proposed(http: httpx.Client, scope_id: str, family: str = "experience", **fields: Any) -> dict[str, Any]:
    response = propose(http, scope_id, family, **fields)
    assert response.status_code == 201, response.text
    return dict(response.json())


def decide(http: httpx.Client, action: str, scope_id: str, candidate: dict[str, Any], **fields: Any) -> httpx.Response:
    body = {"scope_id": scope_id, "candidate_id": candidate["candidate_id"], "expected_version": candidate["version"]}
    return http.post(f"/v1/candidates/{action}", json=body | fields)


def test_an_experience_goes_from_proposal_to_recall(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    response = propose(http, scope_id, reason="Seen twice this week.")
    assert response.status_code == 201
    candidate = powercontext_models.Candidate.model_validate_json(response.content)
    assert (candidate.status.value, candidate.version, candidate.family.value) == ("pending", 1, "experience")
    body = response.json()
    assert body["candidate_id"].startswith("cand_") and body["result_artifact"] is None
    assert body["reason"] == "Seen twice this week." and body["decision_reason"] is None

    got = http.post("/v1/candidates/get", json={"scope_id": scope_id, "candidate_id": body["candidate_id"]})
    assert got.status_code == 200 and got.json() == body

    approved = decide(http, "approve", scope_id, body)
    assert approved.status_code == 200, approved.text
    powercontext_models.Candidate.model_validate_json(approved.content)
    result = approved.json()["result_artifact"]
    assert approved.json()["status"] == "approved" and result["family"] == "experience" and result["revision"] == 1

    read = http.post("/v1/experience/get", json={"scope_id": scope_id, "artifact": result})
    assert read.status_code == 200, read.text
    powercontext_models.ExperienceArtifact.model_validate_json(read.content)
    assert read.json()["content"] == STORED_EXPERIENCE and read.json()["source_refs"] == body["source_refs"]

    prepared = http.post("/v1/context/prepare", json={"scope_id": scope_id, "query": "stale lock file packaging"})
    assert prepared.status_code == 200
    assert EXPERIENCE["lesson"] in prepared.json()["content"]

    again = decide(http, "approve", scope_id, body)
    assert again.status_code == 200 and again.json() == approved.json()
    heads = http.get(f"/v1/scopes/{scope_id}/artifacts/experience").json()
    assert len(heads["items"]) == 1


def test_a_skill_is_approved_into_the_library(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    empty = http.post("/v1/skill/library", json={"scope_id": scope_id})
    assert empty.status_code == 200 and empty.json() == {"skills": []}
    candidate = proposed(http, scope_id, "skill")
    approved = decide(http, "approve", scope_id, candidate)
    assert approved.status_code == 200, approved.text
    result = approved.json()["result_artifact"]
    assert result["family"] == "skill" and result["artifact_id"].startswith("skill_")
    read = http.post("/v1/skill/get", json={"scope_id": scope_id, "artifact": result})
    assert read.status_code == 200
    powercontext_models.SkillArtifact.model_validate_json(read.content)
    assert read.json()["content"] == STORED_SKILL
    library = http.post("/v1/skill/library", json={"scope_id": scope_id, "query": "PACKAGING"})
    parsed = powercontext_models.ListManagedSkillsResponse.model_validate_json(library.content)
    assert [entry.artifact.artifact_id for entry in parsed.skills] == [result["artifact_id"]]
    assert parsed.skills[0].governance.lifecycle_state.value == "active"
    missing = http.post("/v1/skill/library", json={"scope_id": scope_id, "query": "nothing like it"})
    assert missing.json() == {"skills": []}


def test_revise_then_reject_keeps_every_version(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    first = proposed(http, scope_id)
    changed = EXPERIENCE | {"lesson": "Pin the packaging tool and regenerate the lock file together."}
    revised = decide(http, "revise", scope_id, first, proposal=changed, reason="Sharper lesson.")
    assert revised.status_code == 200, revised.text
    second = revised.json()
    assert (second["version"], second["status"], second["proposal"]) == (2, "pending", changed | {"failure": None})
    assert second["source_refs"] == first["source_refs"]

    stale = decide(http, "approve", scope_id, first)
    assert assert_error(stale, 409, "candidate_conflict")["details"] == {"expected_version": 1, "current_version": 2}

    rejected = decide(http, "reject", scope_id, second, reason="Duplicates an existing lesson.")
    assert rejected.status_code == 200
    assert rejected.json()["status"] == "rejected"
    assert rejected.json()["decision_reason"] == "Duplicates an existing lesson."
    terminal = decide(http, "approve", scope_id, second)
    assert assert_error(terminal, 409, "candidate_terminal")["details"] == {"status": "rejected"}
    assert assert_error(decide(http, "revise", scope_id, second, proposal=EXPERIENCE), 409, "candidate_terminal")

    history = http.post("/v1/candidates/history", json={"scope_id": scope_id, "candidate_id": first["candidate_id"]})
    parsed = powercontext_models.CandidateHistory.model_validate_json(history.content)
    assert [(v.version, v.status.value) for v in parsed.versions] == [(1, "pending"), (2, "pending")]
    assert history.json()["versions"][0]["proposal"] == STORED_EXPERIENCE


def test_listing_pages_by_state_and_family(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    empty = http.post("/v1/candidates/list", json={"scope_id": scope_id})
    assert empty.status_code == 200 and empty.json() == {"candidates": [], "next_cursor": None}
    made = [proposed(http, scope_id, "experience" if i % 2 else "skill") for i in range(5)]
    rejected = decide(http, "reject", scope_id, made[0], reason="Not needed.")
    assert rejected.status_code == 200
    pending = sorted(c["candidate_id"] for c in made[1:])
    seen: list[str] = []
    cursor = None
    while True:
        response = http.post("/v1/candidates/list", json={"scope_id": scope_id, "limit": 2, "cursor": cursor})
        assert response.status_code == 200, response.text
        page = powercontext_models.CandidatePage.model_validate_json(response.content)
        seen += [c.candidate_id for c in page.candidates]
        cursor = page.next_cursor
        if cursor is None:
            break
        assert len(cursor) <= 128
    assert seen == pending
    skills = http.post("/v1/candidates/list", json={"scope_id": scope_id, "family": "skill"}).json()["candidates"]
    assert {c["family"] for c in skills} == {"skill"} and len(skills) == 2
    done = http.post("/v1/candidates/list", json={"scope_id": scope_id, "status": "rejected"}).json()
    assert [c["candidate_id"] for c in done["candidates"]] == [made[0]["candidate_id"]]
    tags = http.post("/v1/candidates/list", json={"scope_id": scope_id, "candidate_kind": "tag"}).json()
    assert tags == {"candidates": [], "next_cursor": None}

    first = http.post("/v1/candidates/list", json={"scope_id": scope_id, "limit": 1}).json()["next_cursor"]
    other = http.post(
        "/v1/candidates/list", json={"scope_id": scope_id, "limit": 1, "cursor": first, "family": "skill"}
    )
    assert assert_error(other, 400, "invalid_cursor")["details"] == {"field": "cursor", "reason": "cursor_mismatch"}
    forged = http.post("/v1/candidates/list", json={"scope_id": scope_id, "cursor": first[:-2] + "AA"})
    assert assert_error(forged, 400, "invalid_cursor")["details"]["reason"] == "cursor_malformed"


def test_bad_evidence_and_targets_are_refused_with_nothing_written(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    base = {"scope_id": scope_id, "proposal": EXPERIENCE}
    refused = [
        base | {"source_refs": [], "artifact_refs": []},
        base | {"source_refs": [{"name": "content", "source_id": "never-captured"}], "artifact_refs": []},
        base | {"source_refs": [], "artifact_refs": [{"family": "experience", "artifact_id": "art_x", "revision": 1}]},
        base | {"source_refs": [captured(http, scope_id)], "artifact_refs": [], "reason": " padded "},
    ]
    for body in refused:
        assert_error(http.post("/v1/experience/propose", json=body), 422, "invalid_request")
    failure = {
        "signature": {"recall_cue": "stale lock file"},
        "repair_surface": "experience_content",
        "verification": {"condition": "the build passes", "check_subject": "build"},
    }
    with_failure = propose(http, scope_id, proposal=EXPERIENCE | {"failure": failure})
    assert_error(with_failure, 422, "invalid_request")

    approved = decide(http, "approve", scope_id, proposed(http, scope_id)).json()["result_artifact"]
    memory = {"family": "atomic-memory", "content": {"kind": "fact", "text": "a fact"}}
    made = http.post(f"/v1/scopes/{scope_id}/artifacts", json=memory).json()
    memory_ref = {"family": "atomic-memory", "artifact_id": made["artifact_id"], "revision": 1}
    mismatch = propose(http, scope_id, target=memory_ref, artifact_refs=[memory_ref])
    assert assert_error(mismatch, 422, "invalid_request")["details"] == {
        "field": "target",
        "reason": "target_family_mismatch",
    }
    unlisted = propose(http, scope_id, target=approved)
    assert assert_error(unlisted, 422, "invalid_request")["details"] == {
        "field": "artifact_refs",
        "reason": "target_not_in_artifact_refs",
    }
    replacing = proposed(http, scope_id, target=approved, artifact_refs=[approved])
    first_replacement = proposed(http, scope_id, target=approved, artifact_refs=[approved])
    assert decide(http, "approve", scope_id, first_replacement).json()["result_artifact"]["revision"] == 2
    moved = decide(http, "approve", scope_id, replacing)
    assert assert_error(moved, 409, "artifact_conflict")["details"] == {"current": approved | {"revision": 2}}
    assert (
        http.post("/v1/candidates/get", json={"scope_id": scope_id, "candidate_id": replacing["candidate_id"]}).json()[
            "status"
        ]
        == "pending"
    )
    listed = http.post("/v1/candidates/list", json={"scope_id": scope_id}).json()["candidates"]
    assert [c["candidate_id"] for c in listed] == [replacing["candidate_id"]]


def test_reads_of_what_does_not_exist(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    for path in ("/v1/candidates/get", "/v1/candidates/history"):
        assert_error(
            http.post(path, json={"scope_id": scope_id, "candidate_id": "cand_missing"}), 404, "candidate_not_found"
        )
    missing = {"scope_id": scope_id, "candidate_id": "cand_missing", "expected_version": 1}
    assert_error(http.post("/v1/candidates/approve", json=missing), 404, "candidate_not_found")
    assert_error(http.post("/v1/candidates/reject", json=missing | {"reason": "no"}), 404, "candidate_not_found")
    ref = {"family": "experience", "artifact_id": "art_missing", "revision": 1}
    assert_error(
        http.post("/v1/experience/get", json={"scope_id": scope_id, "artifact": ref}), 404, "artifact_not_found"
    )
    wrong = http.post("/v1/skill/get", json={"scope_id": scope_id, "artifact": ref})
    assert_error(wrong, 404, "artifact_not_found")  # another family, as 1.4.1 answers
    unknown = {"scope_id": "scp_missing", "candidate_id": "cand_missing"}
    assert_error(http.post("/v1/candidates/get", json=unknown), 404, "scope_not_found")


def test_skill_content_rules_beyond_the_schema(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    for change in (
        {"instructions": "trailing space "},
        {"instructions": ""},
        {"validation": []},
        {"license": " MIT"},
        {"metadata": {" key": "value"}},
        {"package": {"tree_digest": "0" * 64, "archive_digest": "0" * 64, "file_count": 1,
                     "uncompressed_size": 1, "archive_size": 1}},
    ):  # fmt: skip
        assert_error(propose(http, scope_id, "skill", proposal=SKILL | change), 422, "invalid_request")
    experience = proposed(http, scope_id)
    other_family = decide(http, "revise", scope_id, experience, proposal=SKILL)
    assert_error(other_family, 422, "invalid_request")
    tag_evidence = decide(http, "revise", scope_id, experience, proposal=EXPERIENCE, sources=[])
    assert_error(tag_evidence, 422, "invalid_request")
    assert http.post("/v1/candidates/list", json={"scope_id": scope_id}).json()["candidates"][0]["version"] == 1


def test_an_approved_experience_has_its_vector(engine_store: Store, tmp_path: Path) -> None:
    """With an embedder, approval embeds the Experience as any write does: an explicit vector-mode
    prepare whose words match nothing of it still recalls it."""
    with FakeInference() as fake:
        embedding = EmbeddingSettings(
            base_url=fake.base_url, model="fake-embed", dimensions=64, timeout_seconds=2.0, mode="vector"
        )
        app = create_app(Settings(data_dir=tmp_path, embedding=embedding), store=engine_store)
        with running(app) as url, httpx.Client(base_url=url, timeout=10) as http:
            scope_id = new_scope(http)
            candidate = proposed(http, scope_id)
            calls = fake.embeddings.calls
            assert decide(http, "approve", scope_id, candidate).status_code == 200
            assert fake.embeddings.calls == calls + 1
            prepared = http.post("/v1/context/prepare", json={"scope_id": scope_id, "query": "zebra quantum"})
            assert prepared.status_code == 200, prepared.text
            assert EXPERIENCE["lesson"] in prepared.json()["content"]
