"""Every proposed managed Skill is package-backed, as PowerContext 1.4.1 keeps it (every engine): a
text proposal becomes its one-file canonical package (stored once in the Scope, its cached content
what the candidate holds), byte for byte the package 1.4.1 builds; a revision builds a new one; a
proposal naming a package must name one the Scope holds and carry exactly its content; approval
writes the package-backed revision whose package the Scope serves. A row stored before packages were
built (``package`` null) is left as it is (docs/decisions.md, "Packages of proposed Skills")."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from _support.candidates import TEXT_ONLY_SKILL, store_text_only

from pcreceipt.store import skill_package
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import CandidateRecord, CapturedSource, InvalidCandidate, SourceRef

SKILL = TEXT_ONLY_SKILL  # a text proposal with every optional field, as stored
PEER_PACKAGE = {
    "tree_digest": "82ca6d300128d920b0c375156133130595ed34c0cedcbcab721cdb7c1147c39a",
    "archive_digest": "7fe9f192d9650ad036070e85f83b5fb652df5e713504d96827396397f09fa1bf",
    "file_count": 1,
    "uncompressed_size": 175,
    "archive_size": 233,
}
"""The package PowerContext 1.4.1 answered for ``SKILL`` (``powercontext server run``, propose_skill)."""


def propose(store: Store, scope_id: str, proposal: dict[str, Any] = SKILL) -> CandidateRecord:
    store.capture_source(scope_id, CapturedSource("seed", "a stale lock file broke the build", None))
    return store.create_candidate(
        scope_id, "skill", proposal, source_refs=[SourceRef("content", "seed")], artifact_refs=[], target=None,
        reason=None,
    )  # fmt: skip


def served(store: Store, scope_id: str, reference: dict[str, Any]) -> bytes:
    stored = store.skill_package(scope_id, reference["archive_digest"])
    assert stored is not None
    manifest, archive = stored
    assert manifest["package"] == reference and hashlib.sha256(archive).hexdigest() == reference["archive_digest"]
    return archive


def any_family(_: str) -> None:
    return None


def test_a_text_proposal_is_stored_as_1_4_1_s_package(store: Store, scope_id: str) -> None:
    candidate = propose(store, scope_id)
    assert candidate.proposal["package"] == PEER_PACKAGE
    assert dict(candidate.proposal) == SKILL | {
        "instructions": SKILL["instructions"] + "\n\n## Validation\n\n- the packaging check passes",
        "validation": [],
        "package": PEER_PACKAGE,
    }
    archive = served(store, scope_id, PEER_PACKAGE)
    assert skill_package.from_archive(archive).reference == PEER_PACKAGE  # canonical: a capture keeps it
    again = propose(store, scope_id)  # the same text: the same package, stored once
    assert again.proposal == candidate.proposal
    assert store.get_candidate(scope_id, candidate.candidate_id) == candidate


def test_approval_writes_a_downloadable_package_backed_skill(store: Store, scope_id: str) -> None:
    candidate = propose(store, scope_id)
    result = store.approve_candidate(scope_id, candidate.candidate_id, 1).result
    assert result is not None
    skill = store.get_managed_skill(scope_id, result.artifact_id, result.revision)
    assert skill is not None and dict(skill.content) == dict(candidate.proposal)
    served(store, scope_id, dict(skill.content["package"]))


def test_a_revision_builds_a_new_package_and_a_named_one_must_match(store: Store, scope_id: str) -> None:
    candidate = propose(store, scope_id)
    changed = SKILL | {"instructions": "Run the packaging check first."}
    revised = store.revise_candidate(
        scope_id, candidate.candidate_id, 1, changed, source_refs=None, artifact_refs=None, target=None,
        reason=None, check_proposal=any_family,
    )  # fmt: skip
    expected = skill_package.from_proposal(changed)
    assert revised.proposal == expected.skill_content() and revised.proposal["package"] != PEER_PACKAGE
    served(store, scope_id, expected.reference)
    history = store.candidate_history(scope_id, candidate.candidate_id)
    assert history is not None and [v.proposal["package"] for v in history] == [PEER_PACKAGE, expected.reference]
    kept = dict(revised.proposal)
    for refused in (
        kept | {"description": "Another description."},  # not the package's cached content
        kept | {"validation": ["an item"]},
        kept | {"package": PEER_PACKAGE | {"archive_digest": "0" * 64}},  # not a package of the Scope
    ):
        with pytest.raises(InvalidCandidate) as caught:
            store.revise_candidate(
                scope_id, candidate.candidate_id, 2, refused, source_refs=None, artifact_refs=None, target=None,
                reason=None, check_proposal=any_family,
            )  # fmt: skip
        assert caught.value.field == "package"
    back = store.revise_candidate(  # a package the Scope holds, with its content: kept as named
        scope_id, candidate.candidate_id, 2, dict(candidate.proposal), source_refs=None, artifact_refs=None,
        target=None, reason=None, check_proposal=any_family,
    )  # fmt: skip
    assert back.version == 3 and back.proposal == candidate.proposal


def test_a_package_of_another_scope_is_not_this_scope_s(store: Store, make_scope: Any) -> None:
    first, second = make_scope().scope_id, make_scope().scope_id
    named = dict(propose(store, first).proposal)
    with pytest.raises(InvalidCandidate) as caught:
        propose(store, second, named)
    assert caught.value.field == "package"
    assert store.list_candidates(second, status="pending", family=None, limit=10, after=None) == []


def test_text_that_is_no_standard_package_is_refused_and_nothing_is_written(store: Store, scope_id: str) -> None:
    for proposal in (SKILL | {"name": "Release Check"}, SKILL | {"description": "d" * 1025}):
        with pytest.raises(InvalidCandidate) as caught:
            propose(store, scope_id, proposal)
        assert caught.value.field == "proposal"
    assert store.list_candidates(scope_id, status="pending", family=None, limit=10, after=None) == []


def test_rows_stored_before_packages_are_left_as_they_are(
    store: Store, scope_id: str, engine_name: str, tmp_path: Path
) -> None:
    pending, approved = propose(store, scope_id), propose(store, scope_id)
    for candidate in (pending, approved):
        store_text_only(engine_name, tmp_path, candidate.candidate_id)
    read = store.get_candidate(scope_id, pending.candidate_id)
    assert read is not None and dict(read.proposal) == SKILL  # read as stored: no package built on read
    result = store.approve_candidate(scope_id, approved.candidate_id, 1).result
    assert result is not None  # approved as reviewed, its text unchanged (1.4.1 keeps legacy content so)
    skill = store.get_managed_skill(scope_id, result.artifact_id, 1)
    assert skill is not None and dict(skill.content) == SKILL
    revised = store.revise_candidate(  # a revision is what gives it a package
        scope_id, pending.candidate_id, 1, SKILL, source_refs=None, artifact_refs=None, target=None, reason=None,
        check_proposal=any_family,
    )  # fmt: skip
    assert revised.proposal["package"] == PEER_PACKAGE
