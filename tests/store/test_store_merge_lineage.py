"""A merge's named lineage in the store, on every engine: kept with the result's revision 1 and read
back by every revision read, checked inside the merge's transaction, and covered by the integrity
checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import CapturedSource, RecordNotFound, RefusedReference, SourceRef


def fact(text: str) -> dict[str, str]:
    return {"kind": "fact", "text": text}


def test_named_lineage_is_stored_with_the_result(store: Store, scope_id: str) -> None:
    one = store.create_artifact(scope_id, "atomic-memory", fact("one"))
    two = store.create_artifact(scope_id, "atomic-memory", fact("two"))
    topic = store.create_artifact(scope_id, "topic-memory", {"title": "T", "summary": "S", "detail": "D"})
    store.capture_source(scope_id, CapturedSource("said", "it was said", None))
    said = SourceRef("content", "said")
    heads = store.merge_atomic_memories(
        scope_id,
        [(one.ref.artifact_id, 1, 0), (two.ref.artifact_id, 1, 0)],
        fact("one and two"),
        source_refs=[said, said],
        artifact_refs=[topic.ref, two.ref],
    )
    result = store.get_revision(scope_id, "atomic-memory", heads[-1].ref.artifact_id, 1)
    assert result is not None
    assert result.source_refs == (said, said)
    assert result.lineage_artifacts == (one.ref, two.ref, topic.ref)
    assert result.derived_from == (one.ref, two.ref)
    plain = store.get_revision(scope_id, "atomic-memory", one.ref.artifact_id, 1)
    assert plain is not None and plain.source_refs == () and plain.lineage_artifacts == ()
    assert store.check_integrity() == []


def test_refused_references_roll_the_merge_back(store: Store, scope_id: str) -> None:
    one = store.create_artifact(scope_id, "atomic-memory", fact("one"))
    two = store.create_artifact(scope_id, "atomic-memory", fact("two"))
    store.capture_source(scope_id, CapturedSource("note", "looked", {"kind": "working_note"}, working_note=True))
    inputs = [(one.ref.artifact_id, 1, 0), (two.ref.artifact_id, 1, 0)]
    with pytest.raises(RefusedReference) as unknown:
        store.merge_atomic_memories(scope_id, inputs, fact("x"), source_refs=[SourceRef("content", "none")])
    assert (unknown.value.field, unknown.value.index, unknown.value.rule) == ("source_refs", 0, "source_not_found")
    with pytest.raises(RecordNotFound) as missing:
        store.merge_atomic_memories(scope_id, inputs, fact("x"), artifact_refs=[replace(one.ref, artifact_id="no")])
    assert missing.value.kind == "reference"
    with pytest.raises(RefusedReference) as note:
        store.merge_atomic_memories(scope_id, inputs, fact("x"), source_refs=[SourceRef("content", "note")])
    assert (note.value.field, note.value.index, note.value.rule) == ("source_refs", 0, "source_not_eligible")
    with pytest.raises(RefusedReference) as other_revision:
        store.merge_atomic_memories(scope_id, inputs, fact("x"), artifact_refs=[replace(two.ref, revision=2)])
    assert (other_revision.value.field, other_revision.value.rule) == ("artifact_refs", "merge_input_revision")
    for ref in (one.ref, two.ref):
        head = store.get_atomic_memory_head(scope_id, ref.artifact_id)
        assert head is not None and head.state == "active" and head.state_version == 0
    assert store.check_integrity() == []
