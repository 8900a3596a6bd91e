"""Candidates and their review in the store (every engine): versions, decisions, what approval
writes (an indexed Experience revision with its evidence, a managed Skill revision), the evidence
and target rules, racing decisions decided by their writes, and a property over any sequence of
decisions: the review states' invariants hold after each step."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store import skill_package
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import (
    ArtifactRef,
    CandidateDecided,
    CandidateRecord,
    CandidateStale,
    CapturedSource,
    InvalidCandidate,
    SourceRef,
    StoreError,
    TargetMoved,
)

EXPERIENCE = {"situation": "a stale lock", "action": "regenerated it", "outcome": "green", "lesson": "pin the tool"}
SKILL = {"name": "release-check", "description": "Check a release.", "instructions": "Run it.", "validation": ["ok"]}


def cited(store: Store, scope_id: str, source_id: str = "seed") -> list[SourceRef]:
    store.capture_source(scope_id, CapturedSource(source_id, "a stale lock file broke the build", None))
    return [SourceRef("content", source_id)]


def propose(
    store: Store, scope_id: str, family: str = "experience", *, target: ArtifactRef | None = None, **evidence: Any
) -> CandidateRecord:
    return store.create_candidate(
        scope_id,
        "skill" if family == "skill" else "experience",
        SKILL if family == "skill" else EXPERIENCE,
        source_refs=evidence.get("source_refs", cited(store, scope_id)),
        artifact_refs=evidence.get("artifact_refs", []),
        target=target,
        reason=None,
    )


def any_family(_: str) -> None:
    return None


def test_approval_writes_an_indexed_experience_with_its_evidence(store: Store, scope_id: str) -> None:
    candidate = propose(store, scope_id)
    assert (candidate.version, candidate.status, candidate.result) == (1, "pending", None)
    approved = store.approve_candidate(scope_id, candidate.candidate_id, 1)
    assert approved.status == "approved" and approved.result is not None
    revision = store.get_revision(scope_id, "experience", approved.result.artifact_id, 1)
    assert revision is not None and dict(revision.content) == EXPERIENCE
    assert revision.source_refs == tuple(candidate.source_refs)
    assert store.count_searchable(scope_id, "experience") == 1
    assert store.approve_candidate(scope_id, candidate.candidate_id, 1) == approved  # a retry writes nothing
    assert store.count_searchable(scope_id, "experience") == 1
    with pytest.raises(CandidateDecided):
        store.reject_candidate(scope_id, candidate.candidate_id, 1, "too late")


def test_a_replacement_is_the_target_s_next_revision(store: Store, scope_id: str) -> None:
    first = store.approve_candidate(scope_id, propose(store, scope_id).candidate_id, 1).result
    assert first is not None
    replacement = propose(store, scope_id, target=first, artifact_refs=[first])
    second = store.approve_candidate(scope_id, replacement.candidate_id, 1).result
    assert second is not None and (second.artifact_id, second.revision) == (first.artifact_id, 2)
    assert store.count_searchable(scope_id, "experience") == 1
    assert store.check_integrity() == []  # one head, its revisions, exactly the head indexed
    with pytest.raises(TargetMoved):  # the first revision is no longer the head
        propose(store, scope_id, target=first, artifact_refs=[first])


def test_skills_live_in_their_own_table(store: Store, scope_id: str) -> None:
    assert store.managed_skill_heads(scope_id) == []
    approved = store.approve_candidate(scope_id, propose(store, scope_id, "skill").candidate_id, 1).result
    assert approved is not None and str(approved.family) == "skill"
    skill = store.get_managed_skill(scope_id, approved.artifact_id, 1)
    assert skill is not None and dict(skill.content) == skill_package.from_proposal(SKILL).skill_content()
    assert [head.ref for head in store.managed_skill_heads(scope_id)] == [approved]
    assert store.get_managed_skill(scope_id, approved.artifact_id, 2) is None


def test_a_new_skill_derives_from_experiences_only(store: Store, scope_id: str) -> None:
    memory = store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "a fact"}).ref
    candidate = propose(store, scope_id, "skill", artifact_refs=[memory])
    with pytest.raises(InvalidCandidate) as refused:
        store.approve_candidate(scope_id, candidate.candidate_id, 1)
    assert (refused.value.field, refused.value.reason) == ("artifact_refs", "skill_lineage_not_permitted")
    assert store.get_candidate(scope_id, candidate.candidate_id) == candidate


def test_evidence_rules(store: Store, scope_id: str) -> None:
    refs = cited(store, scope_id)
    for sources, artifacts in (
        ([], []),
        ([SourceRef("content", "missing")], []),
        ([], [ArtifactRef(scope_id, "experience", "art_missing", 1)]),
        ([*refs, *(SourceRef("content", f"s{n}") for n in range(32))], []),
    ):
        with pytest.raises(InvalidCandidate):
            propose(store, scope_id, source_refs=sources, artifact_refs=artifacts)
    repeated = propose(store, scope_id, source_refs=refs * 3)
    assert repeated.source_refs == tuple(refs)
    assert store.list_candidates(scope_id, status="pending", family=None, limit=10, after=None) == [repeated]


def test_a_moved_target_is_refused_at_approval(store: Store, scope_id: str) -> None:
    first = store.approve_candidate(scope_id, propose(store, scope_id).candidate_id, 1).result
    assert first is not None
    late = propose(store, scope_id, target=first, artifact_refs=[first])
    early = propose(store, scope_id, target=first, artifact_refs=[first])
    store.approve_candidate(scope_id, early.candidate_id, 1)
    with pytest.raises(TargetMoved) as moved:
        store.approve_candidate(scope_id, late.candidate_id, 1)
    assert moved.value.current.revision == 2
    current = store.get_candidate(scope_id, late.candidate_id)
    assert current is not None and current.status == "pending"


def test_racing_decisions_have_one_winner(store: Store, scope_id: str) -> None:
    candidate = propose(store, scope_id)
    outcomes: list[object] = []
    gate = threading.Barrier(6)

    def decide(action: Callable[[], CandidateRecord]) -> None:
        gate.wait()
        try:
            outcomes.append(action())
        except StoreError as error:
            outcomes.append(error)

    def revise() -> CandidateRecord:
        changed = EXPERIENCE | {"lesson": "other"}
        return store.revise_candidate(
            scope_id, candidate.candidate_id, 1, changed,
            source_refs=None, artifact_refs=None, target=None, reason=None, check_proposal=any_family,
        )  # fmt: skip

    actions: list[Callable[[], CandidateRecord]] = [
        lambda: store.reject_candidate(scope_id, candidate.candidate_id, 1, "no"),
        revise,
        lambda: store.approve_candidate(scope_id, candidate.candidate_id, 1),
    ] * 2
    threads = [threading.Thread(target=decide, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    final = store.get_candidate(scope_id, candidate.candidate_id)
    assert final is not None
    won = [o for o in outcomes if isinstance(o, CandidateRecord)]
    assert all(isinstance(o, CandidateStale | CandidateDecided) for o in outcomes if o not in won)
    if final.status == "approved":  # the approvals agree; nothing else changed the head
        assert won and all(o == final for o in won)
    else:
        assert won == [final]
    written = store.count_searchable(scope_id, "experience")
    assert written == (1 if final.status == "approved" else 0)
    assert store.check_integrity() == []


STEP = st.sampled_from(["approve", "reject", "revise", "stale_approve", "stale_revise"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(STEP, max_size=6))
def test_any_sequence_of_decisions_keeps_the_review_invariants(store: Store, scope_id: str, steps: list[str]) -> None:
    """After every step: approved has a result and no decision reason, rejected a reason and no
    result, pending neither; the version only grows, by one per revision; the history holds every
    version; a decided candidate never changes again; an approval wrote exactly one revision."""
    candidate = propose(store, scope_id, source_refs=cited(store, scope_id, f"seed-{len(steps)}"))
    before = store.count_searchable(scope_id, "experience")
    current = candidate
    for step in steps:
        version = current.version + 1 if step.startswith("stale") else current.version  # a version never seen
        try:
            if step.endswith("approve"):
                current = store.approve_candidate(scope_id, candidate.candidate_id, version)
            elif step == "reject":
                current = store.reject_candidate(scope_id, candidate.candidate_id, version, "no")
            else:
                current = store.revise_candidate(
                    scope_id, candidate.candidate_id, version, EXPERIENCE | {"lesson": f"v{version + 1}"},
                    source_refs=None, artifact_refs=None, target=None, reason=None, check_proposal=any_family,
                )  # fmt: skip
        except (CandidateStale, CandidateDecided):
            pass
        stored = store.get_candidate(scope_id, candidate.candidate_id)
        assert stored is not None
        assert (stored.result is not None) == (stored.status == "approved")
        assert (stored.decision_reason is not None) == (stored.status == "rejected")
        history = store.candidate_history(scope_id, candidate.candidate_id)
        assert history is not None and [v.version for v in history] == list(range(1, stored.version + 1))
        assert all(v.status == "pending" for v in history) and history[-1].proposal == stored.proposal
        assert stored.version >= current.version
        current = stored
    assert store.count_searchable(scope_id, "experience") - before == (1 if current.status == "approved" else 0)
