"""Artifact families: revisions, digests, normalisation, profiles and prompts."""

from __future__ import annotations

import re
from dataclasses import astuple, replace
from typing import Any

import pytest
from _support.statements import recorded, touching

from pcreceipt.contract.digests import canonical_digest
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import HistoryFamily, InvalidRecord, NewArtifact, RecordNotFound, WriteConflict

CREATED_AT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")
ARTIFACT_ID = re.compile(r"art_[0-9a-f]{32}")
TOPIC = {"title": "Deploys", "summary": "How we deploy", "detail": "Blue-green behind the load balancer."}
EXPERIENCE = {
    "situation": "The nightly import timed out",
    "action": "Split it into batches",
    "outcome": "It finished in ten minutes",
    "lesson": "Batch large imports",
}
PROMPT = {"schema_version": "powercontext.prompt.v1", "mode": "custom", "instructions": "Rank.", "demonstrations": []}


def memory(text: str, kind: str = "fact") -> dict[str, Any]:
    return {"schema": "powercontext.atomic-memory.v1", "kind": kind, "text": text}


def test_create_commits_revision_one_with_digest_and_timestamp(store: Store, scope_id: str) -> None:
    record = store.create_artifact(scope_id, "topic-memory", TOPIC)
    assert ARTIFACT_ID.fullmatch(record.ref.artifact_id)
    assert record.ref.revision == 1
    assert record.content == TOPIC
    assert record.content_digest == canonical_digest(TOPIC)
    assert record.created_at is not None and CREATED_AT.fullmatch(record.created_at)
    assert store.get_head(scope_id, "topic-memory", record.ref.artifact_id) == record
    assert store.get_revision(scope_id, "topic-memory", record.ref.artifact_id, 1) == record


def test_atomic_memory_text_is_nfc_and_stripped_before_digest(store: Store, scope_id: str) -> None:
    record = store.create_artifact(scope_id, "atomic-memory", memory("  Cafe\u0301 opens at nine \n"))
    assert record.content["text"] == "Caf\u00e9 opens at nine"
    assert record.content_digest == canonical_digest(memory("Caf\u00e9 opens at nine"))


def test_atomic_memory_text_limit_is_8192_bytes_after_normalisation(store: Store, scope_id: str) -> None:
    at_limit = "数" * 2730 + "ab"  # 8190 + 2 bytes
    assert len(at_limit.encode()) == 8192
    store.create_artifact(scope_id, "atomic-memory", memory("   " + at_limit + "   "))
    with pytest.raises(InvalidRecord):
        store.create_artifact(scope_id, "atomic-memory", memory(at_limit + "c"))


@pytest.mark.parametrize("content", [{"kind": "fact"}, {"kind": "fact", "text": "   "}, {"text": "no kind"}])
def test_atomic_memory_needs_kind_and_text(store: Store, scope_id: str, content: dict[str, Any]) -> None:
    with pytest.raises(InvalidRecord):
        store.create_artifact(scope_id, "atomic-memory", content)


def test_content_must_be_json(store: Store, scope_id: str) -> None:
    with pytest.raises(InvalidRecord):
        store.create_artifact(scope_id, "topic-memory", {**TOPIC, "extra": {1, 2}})


def test_unknown_scope_is_not_found(store: Store) -> None:
    with pytest.raises(RecordNotFound):
        store.create_artifact("scp_missing", "topic-memory", TOPIC)


def test_given_artifact_id_is_used_and_must_be_free_and_valid(store: Store, scope_id: str) -> None:
    record = store.create_artifact(scope_id, "experience", EXPERIENCE, artifact_id="exp-1")
    assert record.ref.artifact_id == "exp-1"
    with pytest.raises(WriteConflict):
        store.create_artifact(scope_id, "experience", EXPERIENCE, artifact_id="exp-1")
    with pytest.raises(InvalidRecord):
        store.create_artifact(scope_id, "experience", EXPERIENCE, artifact_id="has space")


def test_replace_appends_revisions_and_keeps_history(store: Store, scope_id: str) -> None:
    first = store.create_artifact(scope_id, "experience", EXPERIENCE)
    changed = {**EXPERIENCE, "lesson": "Batch imports and alert on duration"}
    second = store.replace_artifact(scope_id, "experience", first.ref.artifact_id, changed, expected_revision=1)
    assert second.ref.revision == 2
    assert store.get_head(scope_id, "experience", first.ref.artifact_id) == second
    assert store.get_revision(scope_id, "experience", first.ref.artifact_id, 1) == first
    assert store.get_revision(scope_id, "experience", first.ref.artifact_id, 3) is None


def test_get_revisions_reads_what_get_revision_reads_in_one_statement(store: Store, scope_id: str) -> None:
    first = store.create_artifact(scope_id, "experience", EXPERIENCE)
    changed = {**EXPERIENCE, "lesson": "Batch imports and alert on duration"}
    second = store.replace_artifact(scope_id, "experience", first.ref.artifact_id, changed, expected_revision=1)
    memory_ref = store.create_artifact(scope_id, "atomic-memory", memory("a second family")).ref
    missing = [
        replace(first.ref, revision=3),
        replace(first.ref, scope_id="scp_missing"),
        replace(first.ref, family="topic-memory"),
    ]
    wanted = [second.ref, first.ref, *missing, second.ref]
    with recorded(store) as sent:
        found = store.get_revisions(wanted)
    assert found == {ref: store.get_revision(*astuple(ref)) for ref in (first.ref, second.ref)}
    assert found[first.ref] == first and found[second.ref] == second
    assert len(touching(sent, "revisions")) == 3  # one per Scope and family asked
    assert store.get_revisions([memory_ref])[memory_ref].content["text"] == "a second family"
    assert store.get_revisions([]) == {}


def test_replace_with_a_stale_revision_conflicts_with_current_values(store: Store, scope_id: str) -> None:
    first = store.create_artifact(scope_id, "topic-memory", TOPIC)
    store.replace_artifact(scope_id, "topic-memory", first.ref.artifact_id, TOPIC, expected_revision=1)
    with pytest.raises(WriteConflict) as caught:
        store.replace_artifact(scope_id, "topic-memory", first.ref.artifact_id, TOPIC, expected_revision=1)
    assert caught.value.current_revision == 2


def test_replace_of_an_unknown_artifact_is_not_found(store: Store, scope_id: str) -> None:
    with pytest.raises(RecordNotFound):
        store.replace_artifact(scope_id, "topic-memory", "art_missing", TOPIC, expected_revision=1)


def test_profile_is_one_artifact_per_scope(store: Store, scope_id: str) -> None:
    first = store.create_artifact(
        scope_id, "profile", {"content": "Prefers short answers", "restored_from_revision": None}
    )
    second = store.create_artifact(scope_id, "profile", {"content": "Prefers tables", "restored_from_revision": None})
    assert second.ref.artifact_id == first.ref.artifact_id
    assert second.ref.revision == 2
    snapshot = store.read_profile(scope_id)
    assert snapshot is not None and snapshot.ref == second.ref and snapshot.content["content"] == "Prefers tables"
    with pytest.raises(WriteConflict):
        store.create_artifact(scope_id, "profile", {"content": "x"}, artifact_id="another-profile")


def test_read_profile_without_one_is_none(store: Store, scope_id: str) -> None:
    assert store.read_profile(scope_id) is None


def test_prompt_needs_a_key_and_is_one_artifact_per_key(store: Store, scope_id: str) -> None:
    with pytest.raises(InvalidRecord):
        store.create_artifact(scope_id, "prompt", PROMPT)
    with pytest.raises(InvalidRecord):
        store.create_artifact(scope_id, "topic-memory", TOPIC, prompt_key="memory.rerank")
    rerank = store.create_artifact(scope_id, "prompt", PROMPT, prompt_key="memory.rerank")
    expand = store.create_artifact(scope_id, "prompt", PROMPT, prompt_key="query.expand")
    again = store.create_artifact(
        scope_id, "prompt", {**PROMPT, "instructions": "Rank better."}, prompt_key="memory.rerank"
    )
    assert expand.ref.artifact_id != rerank.ref.artifact_id
    assert (again.ref.artifact_id, again.ref.revision, again.prompt_key) == (rerank.ref.artifact_id, 2, "memory.rerank")
    assert store.find_prompt(scope_id, "memory.rerank") == again
    assert store.find_prompt(scope_id, "missing") is None
    replaced = store.replace_artifact(scope_id, "prompt", expand.ref.artifact_id, PROMPT, expected_revision=1)
    assert replaced.prompt_key == "query.expand"


def test_bulk_create_is_all_or_nothing(store: Store, scope_id: str) -> None:
    items = [NewArtifact(content=memory(f"bulk {i}"), artifact_id=f"bulk-{i}") for i in range(3)]
    records = store.create_artifacts(scope_id, "atomic-memory", items)
    assert [record.ref.artifact_id for record in records] == ["bulk-0", "bulk-1", "bulk-2"]
    clash = [
        NewArtifact(content=memory("new one"), artifact_id="bulk-new"),
        NewArtifact(content=memory("x"), artifact_id="bulk-1"),
    ]
    with pytest.raises(WriteConflict):
        store.create_artifacts(scope_id, "atomic-memory", clash)
    assert store.get_head(scope_id, "atomic-memory", "bulk-new") is None
    assert store.count_searchable(scope_id, "atomic-memory") == 3


def test_has_searchable_follows_searchable_heads(store: Store, scope_id: str) -> None:
    assert store.has_searchable(scope_id, "atomic-memory") is False
    record = store.create_artifact(scope_id, "atomic-memory", memory("only one"))
    assert store.has_searchable(scope_id, "atomic-memory") is True
    assert store.has_searchable(scope_id, "topic-memory") is False
    head = store.get_atomic_memory_head(scope_id, record.ref.artifact_id)
    assert head is not None
    store.change_lifecycle(
        scope_id, head.ref.artifact_id, revision=1, state_version=head.state_version, state="forgotten"
    )
    assert store.has_searchable(scope_id, "atomic-memory") is False


def test_has_searchable_many_answers_each_key_in_order(store: Store, scope_id: str) -> None:
    other = store.create_scope(
        title="other",
        summary="",
        idempotency_key="probe-other",
        parent_scope_id=None,
        context_references=[],
        external_references=[],
    )[0].scope_id
    assert store.has_searchable_many([]) == []
    store.create_artifact(scope_id, "atomic-memory", memory("in the first Scope"))
    store.create_artifact(other, "experience", EXPERIENCE)
    keys: list[tuple[str, HistoryFamily]] = [
        (scope_id, "atomic-memory"),
        (scope_id, "experience"),
        (other, "experience"),
        (other, "atomic-memory"),
        ("scp_missing", "topic-memory"),
        (scope_id, "atomic-memory"),
    ]
    expected = [store.has_searchable(s, f) for s, f in keys]
    assert expected == [True, False, True, False, False, True]
    assert store.has_searchable_many(keys) == expected


def test_errors_never_carry_bodies(store: Store, scope_id: str) -> None:
    secret = "SECRET-BODY-" + "x" * 9000
    with pytest.raises(InvalidRecord) as too_long:
        store.create_artifact(scope_id, "atomic-memory", memory(secret))
    record = store.create_artifact(scope_id, "atomic-memory", memory("SECRET-BODY short"))
    with pytest.raises(WriteConflict) as stale:
        store.replace_artifact(
            scope_id, "atomic-memory", record.ref.artifact_id, memory("SECRET-BODY"), expected_revision=7
        )
    for error in (too_long.value, stale.value):
        assert "SECRET" not in str(error)


def test_a_bulk_create_writes_what_single_creates_write(store: Store, scope_id: str) -> None:
    """The bulk path (several plain artifacts in one call) against one create per artifact: the
    same heads, digests, search rows and one lineage Source each; ids repeated inside one batch
    are refused with nothing written."""
    texts = ["bulk alpha harbour", "bulk beta harbour", "bulk gamma 港口 harbour"]
    bulk = store.create_artifacts(scope_id, "atomic-memory", [NewArtifact(content=memory(t)) for t in texts])
    singles = [store.create_artifact(scope_id, "atomic-memory", memory(f"single {t}")) for t in texts]
    assert [r.ref.revision for r in bulk] == [1, 1, 1]
    assert len({r.ref.artifact_id for r in bulk + singles}) == 6
    for record, text in zip(bulk, texts, strict=True):
        head = store.get_head(scope_id, "atomic-memory", record.ref.artifact_id)
        assert head is not None and head.content == record.content == memory(text)
        assert head.content_digest == canonical_digest(memory(text))
        assert store.get_atomic_memory_head(scope_id, record.ref.artifact_id) is not None
    hits = store.search_text(scope_id, "atomic-memory", "harbour", 10)
    assert {hit.ref for hit in hits} == {r.ref for r in bulk + singles}
    assert {hit.ref for hit in store.search_text(scope_id, "atomic-memory", "港口", 10)} >= {bulk[2].ref}
    lineage = store.lineage_sources([r.ref for r in bulk + singles])
    assert all(len(lineage[r.ref]) == 1 for r in bulk + singles)
    twice = [
        NewArtifact(content=memory("first"), artifact_id="dup"),
        NewArtifact(content=memory("again"), artifact_id="dup"),
    ]
    with pytest.raises(WriteConflict):
        store.create_artifacts(scope_id, "atomic-memory", twice)
    assert store.get_head(scope_id, "atomic-memory", "dup") is None
    assert store.count_searchable(scope_id, "atomic-memory") == 6
    assert store.check_integrity() == []
