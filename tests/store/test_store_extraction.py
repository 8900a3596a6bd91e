"""Memory extraction's store side on every engine: the pending window, one Source's memories and the
cursor's move committed together and only from the cursor the flush read (so a Source is extracted
once), the memories' Sources, statistics tracing them to the captured Source, and a version 6
database gaining the extraction table."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import sqlean  # type: ignore[import-untyped]
from _support.engines import raw_sql, sqlite_only

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import CapturedSource, InvalidRecord, NewArtifact, RecordNotFound
from pcreceipt.store.sources import estimate_tokens
from pcreceipt.store.sqlite import SQLiteStore
from pcreceipt.store.sqlite import schema as sqlite_schema

DAY = "2026-03-01"


def memory(text: str, kind: str = "fact") -> NewArtifact:
    return NewArtifact(content={"schema": "powercontext.atomic-memory.v1", "kind": kind, "text": text})


def heads(store: Store, scope_id: str) -> list[str]:
    return sorted(str(r.content["text"]) for r in store.list_heads(scope_id, "atomic-memory", limit=100, after=None))


def test_the_pending_window_lists_sources_past_the_cursor(store: Store, scope_id: str) -> None:
    store.capture_source(scope_id, CapturedSource("c-1", "fact: one", {"turn": 1}))
    store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "written"})
    store.capture_source(scope_id, CapturedSource("n-1", "note", {"kind": "working_note"}, working_note=True))
    window = store.pending_sources(scope_id, 100)
    assert (window.cursor, window.high_watermark) == (0, 3)
    assert [(s.position, s.origin, s.content) for s in window.sources] == [
        (1, "content", "fact: one"),
        (2, "lineage", None),
        (3, "working_note", "note"),
    ]
    assert window.sources[0].source_id == "c-1" and window.sources[0].metadata == {"turn": 1}
    assert [s.position for s in store.pending_sources(scope_id, 2).sources] == [1, 2]
    with pytest.raises(RecordNotFound):
        store.pending_sources("scp_missing", 100)


def test_a_commit_writes_the_memories_and_moves_the_cursor_once(store: Store, scope_id: str) -> None:
    store.capture_source(scope_id, CapturedSource("c-1", "two facts", None))
    store.capture_source(scope_id, CapturedSource("c-2", "nothing", None))
    records = store.commit_extraction(
        scope_id, after=0, through=1, extracted=1, memories=[memory("alpha"), memory("beta", "decision")]
    )
    assert records is not None and [r.ref.revision for r in records] == [1, 1]
    # the same Source again, from the cursor the first flush read: refused, nothing written
    assert store.commit_extraction(scope_id, after=0, through=1, extracted=1, memories=[memory("alpha")]) is None
    assert heads(store, scope_id) == ["alpha", "beta"]
    window = store.pending_sources(scope_id, 100)
    assert window.cursor == 1 and [s.position for s in window.sources] == [2]
    # extracted memories record no lineage Source: the Scope's positions did not move
    assert window.high_watermark == 2
    # their Sources are the captured one
    found = store.lineage_sources([r.ref for r in records])
    assert list(found.values()) == [("c-1",), ("c-1",)]
    # a Source with nothing worth keeping still moves the cursor
    assert store.commit_extraction(scope_id, after=1, through=2, extracted=2, memories=[]) == []
    assert store.pending_sources(scope_id, 100).sources == ()
    # past the highest position, or backwards: refused
    assert store.commit_extraction(scope_id, after=2, through=3, extracted=None, memories=[]) is None
    assert store.check_integrity() == []


def test_bad_memories_write_nothing(store: Store, scope_id: str) -> None:
    store.capture_source(scope_id, CapturedSource("c-1", "text", None))
    with pytest.raises(InvalidRecord):
        store.commit_extraction(scope_id, after=0, through=1, extracted=1, memories=[memory("ok"), memory("   ")])
    assert heads(store, scope_id) == [] and store.pending_sources(scope_id, 100).cursor == 0
    with pytest.raises(RecordNotFound):
        store.commit_extraction("scp_missing", after=0, through=1, extracted=None, memories=[])


def test_concurrent_commits_of_one_source_write_it_once(store: Store, scope_id: str) -> None:
    store.capture_source(scope_id, CapturedSource("c-1", "text", None))
    results: list[Any] = []
    barrier = threading.Barrier(4)

    def commit(n: int) -> None:
        barrier.wait()
        results.append(
            store.commit_extraction(scope_id, after=0, through=1, extracted=1, memories=[memory(f"from {n}")])
        )

    threads = [threading.Thread(target=commit, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(result is not None for result in results) == 1
    assert len(heads(store, scope_id)) == 1


def test_statistics_trace_an_extracted_memory_to_its_source(store: Store, scope_id: str) -> None:
    text = "We decided to run SQLite in WAL mode because readers must not block the writer."
    store.capture_source(scope_id, CapturedSource("c-1", text, None))
    [record] = store.commit_extraction(scope_id, after=0, through=1, extracted=1, memories=[memory("WAL mode")]) or []
    store.record_preparation(scope_id, DAY, ready=True, selected=[record.ref], recalled_tokens=3)
    [row] = store.scope_statistics([scope_id], DAY, DAY)[scope_id].recall
    assert (row.comparable_preparations, row.baseline_tokens) == (1, estimate_tokens(text))


def test_the_link_table_keys_a_source_position(engine_name: str, store: Store, scope_id: str, tmp_path: Path) -> None:
    store.capture_source(scope_id, CapturedSource("c-1", "text", None))
    store.commit_extraction(scope_id, after=0, through=1, extracted=1, memories=[memory("a"), memory("b")])
    mark = "?" if engine_name == "sqlite" else "%s"
    rows = raw_sql(
        engine_name,
        tmp_path,
        f"SELECT source_position, ordinal, family FROM source_extractions WHERE scope_id = {mark} ORDER BY ordinal",
        (scope_id,),
    )
    assert [(int(r[0]), int(r[1])) for r in rows] == [(1, 0), (1, 1)]


@sqlite_only
def test_a_version_6_database_gains_the_extraction_table(engine_name: str, tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlean.connect(str(path), isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite_schema, "MIGRATIONS", sqlite_schema.MIGRATIONS[:6])
        assert sqlite_schema.apply_migrations(conn) == [1, 2, 3, 4, 5, 6]
    conn.execute("COMMIT")
    conn.close()
    store = SQLiteStore(path)
    try:
        scope, _ = store.create_scope(
            title="t", summary="s", idempotency_key="k", parent_scope_id=None, context_references=[],
            external_references=[],
        )  # fmt: skip
        store.capture_source(scope.scope_id, CapturedSource("c-1", "text", None))
        assert store.commit_extraction(scope.scope_id, after=0, through=1, extracted=1, memories=[memory("a")])
        assert store.check_integrity() == []
    finally:
        store.close()
