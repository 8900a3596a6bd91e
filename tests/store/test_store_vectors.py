"""Vector search: KNN per Scope and family, stale revisions excluded, backfill, fallback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _support.engines import sqlite_only

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import (
    EmbeddingRow,
    InvalidRecord,
    NewArtifact,
    RecordNotFound,
    RevisionRecord,
    StoreError,
    VectorSearchUnavailable,
    WriteConflict,
)
from pcreceipt.store.sqlite import SQLiteStore

PROFILE = "test-8d"


def axis(index: int, tilt: float = 0.0) -> list[float]:
    """A unit-ish vector along ``index`` leaning slightly towards the next axis."""
    vector = [0.0] * 8
    vector[index % 8] = 1.0
    vector[(index + 1) % 8] = tilt
    return vector


def embed(index: int, tilt: float = 0.0) -> EmbeddingRow:
    return EmbeddingRow(profile=PROFILE, vector=axis(index, tilt))


def memory(text: str) -> dict[str, Any]:
    return {"kind": "fact", "text": text}


def add(store: Store, scope_id: str, text: str, index: int, tilt: float = 0.0) -> RevisionRecord:
    return store.create_artifact(scope_id, "atomic-memory", memory(text), embedding=embed(index, tilt))


def knn(store: Store, scope_id: str, vector: list[float], limit: int = 10, family: Any = "atomic-memory") -> list[str]:
    return [hit.content.get("text", "") for hit in store.search_vector(scope_id, family, vector, PROFILE, limit)]


def test_nearest_neighbours_in_rank_order(store: Store, scope_id: str) -> None:
    add(store, scope_id, "x", 0)
    add(store, scope_id, "x-ish", 0, tilt=0.5)
    add(store, scope_id, "y", 1)
    add(store, scope_id, "z", 2)
    assert knn(store, scope_id, axis(0, 0.1)) == ["x", "x-ish", "y", "z"]
    assert knn(store, scope_id, axis(0, 0.1), limit=2) == ["x", "x-ish"]
    assert knn(store, scope_id, axis(0), limit=0) == []


def test_no_leakage_across_scopes(store: Store, make_scope: Any) -> None:
    mine, theirs = make_scope().scope_id, make_scope().scope_id
    add(store, mine, "mine, far", 3)
    add(store, theirs, "theirs, exact", 0)
    assert knn(store, mine, axis(0)) == ["mine, far"]
    assert knn(store, theirs, axis(0)) == ["theirs, exact"]


def test_families_are_filtered(store: Store, scope_id: str) -> None:
    add(store, scope_id, "memory", 0)
    topic = {"title": "Topic", "summary": "About x", "detail": "Detail"}
    store.create_artifact(scope_id, "topic-memory", topic, embedding=embed(0))
    assert knn(store, scope_id, axis(0)) == ["memory"]
    assert [hit.content["title"] for hit in store.search_vector(scope_id, "topic-memory", axis(0), PROFILE, 5)] == [
        "Topic"
    ]
    assert store.search_vector(scope_id, "experience", axis(0), PROFILE, 5) == []


def test_stale_revisions_are_never_returned(store: Store, scope_id: str) -> None:
    record = add(store, scope_id, "old text", 0)
    store.replace_artifact(scope_id, "atomic-memory", record.ref.artifact_id, memory("new text"), expected_revision=1)
    assert knn(store, scope_id, axis(0)) == []  # the new revision has no vector yet
    third = store.replace_artifact(
        scope_id,
        "atomic-memory",
        record.ref.artifact_id,
        memory("newest text"),
        expected_revision=2,
        embedding=embed(4),
    )
    hits = store.search_vector(scope_id, "atomic-memory", axis(0), PROFILE, 5)
    assert [hit.ref for hit in hits] == [third.ref]


def test_forget_and_merge_keep_vectors_consistent(store: Store, scope_id: str) -> None:
    forgotten = add(store, scope_id, "forget me", 0)
    first = add(store, scope_id, "merge one", 1)
    second = add(store, scope_id, "merge two", 2)
    store.change_lifecycle(scope_id, forgotten.ref.artifact_id, revision=1, state_version=0, state="forgotten")
    heads = store.merge_atomic_memories(
        scope_id, [(first.ref.artifact_id, 1, 0), (second.ref.artifact_id, 1, 0)], memory("merged"), embedding=embed(5)
    )
    assert knn(store, scope_id, axis(0)) == ["merged"]
    store.change_lifecycle(scope_id, heads[-1].ref.artifact_id, revision=1, state_version=0, state="retired")
    assert knn(store, scope_id, axis(0)) == []


def test_backfill_finds_missing_vectors_and_puts_them(store: Store, scope_id: str) -> None:
    with_vector = add(store, scope_id, "has vector", 0)
    without = store.create_artifact(scope_id, "atomic-memory", memory("needs vector"))
    topic = store.create_artifact(scope_id, "topic-memory", {"title": "T", "summary": "S", "detail": "D"})
    store.create_artifact(scope_id, "profile", {"content": "never embedded"})
    missing = store.artifacts_missing_embedding(PROFILE, 10)
    assert [record.ref for record in missing] == [without.ref, topic.ref]
    assert store.artifacts_missing_embedding("another-profile", 10)[0].ref == with_vector.ref
    store.put_embedding(without.ref, embed(1))
    assert knn(store, scope_id, axis(1)) == ["needs vector", "has vector"]
    store.put_embedding(without.ref, embed(3))  # overwrite
    assert knn(store, scope_id, axis(3), limit=1) == ["needs vector"]
    assert [record.ref for record in store.artifacts_missing_embedding(PROFILE, 10)] == [topic.ref]


def test_put_embedding_checks_the_head(store: Store, scope_id: str) -> None:
    record = store.create_artifact(scope_id, "atomic-memory", memory("v1"))
    store.replace_artifact(scope_id, "atomic-memory", record.ref.artifact_id, memory("v2"), expected_revision=1)
    with pytest.raises(WriteConflict) as caught:
        store.put_embedding(record.ref, embed(0))
    assert caught.value.current_revision == 2
    with pytest.raises(RecordNotFound):
        store.put_embedding(type(record.ref)(scope_id, "atomic-memory", record.ref.artifact_id, 9), embed(0))
    with pytest.raises(RecordNotFound):
        store.put_embedding(type(record.ref)(scope_id, "atomic-memory", "art_missing", 1), embed(0))


def test_dimensions_are_fixed_per_profile(store: Store, scope_id: str) -> None:
    add(store, scope_id, "eight", 0)
    with pytest.raises(InvalidRecord):
        store.create_artifact(scope_id, "atomic-memory", memory("four"), embedding=EmbeddingRow(PROFILE, [1.0] * 4))
    with pytest.raises(InvalidRecord):
        store.search_vector(scope_id, "atomic-memory", [1.0] * 4, PROFILE, 5)
    with pytest.raises(InvalidRecord):
        store.create_artifact(
            scope_id, "atomic-memory", memory("nan"), embedding=EmbeddingRow(PROFILE, [float("nan")] * 8)
        )
    assert store.count_searchable(scope_id, "atomic-memory") == 1


def test_configured_dimension_is_enforced(open_store: Any, scope_id: str, store: Store) -> None:
    configured = open_store(vector_dimensions=8)
    with pytest.raises(InvalidRecord):
        configured.create_artifact(scope_id, "atomic-memory", memory("x"), embedding=EmbeddingRow("other", [1.0] * 3))


def test_a_rolled_back_write_fixes_no_profile_dimension(store: Store, scope_id: str) -> None:
    """A new profile is born with the write that first uses it: rolled back, it never existed."""
    first = store.create_artifact(scope_id, "atomic-memory", memory("taken"), artifact_id="taken")
    clash = [
        NewArtifact(content=memory("three dims"), embedding=EmbeddingRow("fresh", [1.0, 0.0, 0.0])),
        NewArtifact(content=memory("clash"), artifact_id="taken"),
    ]
    with pytest.raises(WriteConflict):
        store.create_artifacts(scope_id, "atomic-memory", clash)
    assert store.search_vector(scope_id, "atomic-memory", [1.0, 0.0], "fresh", 5) == []
    two_dims = EmbeddingRow("fresh", [1.0, 0.0])
    two = store.create_artifact(scope_id, "atomic-memory", memory("two dims"), embedding=two_dims)
    assert [hit.ref for hit in store.search_vector(scope_id, "atomic-memory", [1.0, 0.0], "fresh", 5)] == [two.ref]
    assert [record.ref for record in store.artifacts_missing_embedding("fresh", 5)] == [first.ref]
    assert store.check_integrity() == []


def test_unknown_profile_has_no_neighbours(store: Store, scope_id: str) -> None:
    add(store, scope_id, "x", 0)
    assert store.search_vector(scope_id, "atomic-memory", axis(0), "never-used", 5) == []


def test_embeddings_are_refused_for_unsearchable_families(store: Store, scope_id: str) -> None:
    with pytest.raises(InvalidRecord):
        store.create_artifact(scope_id, "profile", {"content": "p"}, embedding=embed(0))


# -- SQLite only: the vector extension may be missing on a platform


def _without_vector_extension(monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite_vec

    def refuse(_conn: object) -> None:
        raise OSError("no loadable extension on this platform")

    monkeypatch.setattr(sqlite_vec, "load", refuse)


@sqlite_only
def test_sqlite_without_the_vector_extension_falls_back(
    engine_name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "store.db"
    with_vectors = SQLiteStore(path)
    scope, _ = with_vectors.create_scope(
        title="t", summary="s", idempotency_key="k", parent_scope_id=None, context_references=[], external_references=[]
    )
    stale = with_vectors.create_artifact(scope.scope_id, "atomic-memory", memory("stale soon"), embedding=embed(0))
    with_vectors.close()

    _without_vector_extension(monkeypatch)
    without = SQLiteStore(path)
    assert not without.vector_search_available
    with pytest.raises(VectorSearchUnavailable):
        without.search_vector(scope.scope_id, "atomic-memory", axis(0), PROFILE, 5)
    with pytest.raises(VectorSearchUnavailable):
        without.artifacts_missing_embedding(PROFILE, 5)
    assert isinstance(VectorSearchUnavailable("x"), StoreError)
    fresh = without.create_artifact(scope.scope_id, "atomic-memory", memory("written anyway"), embedding=embed(1))
    without.change_lifecycle(scope.scope_id, stale.ref.artifact_id, revision=1, state_version=0, state="forgotten")
    assert [hit.ref for hit in without.search_text(scope.scope_id, "atomic-memory", "written", 5)] == [fresh.ref]
    without.close()
    monkeypatch.undo()

    reopened = SQLiteStore(path)
    assert reopened.vector_search_available
    assert reopened.check_integrity() == []
    assert reopened.search_vector(scope.scope_id, "atomic-memory", axis(0), PROFILE, 5) == []
    assert [record.ref for record in reopened.artifacts_missing_embedding(PROFILE, 5)] == [fresh.ref]
    reopened.close()
