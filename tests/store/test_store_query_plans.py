"""The SQLite engine reads lineage Sources through their index, never by scanning the Scope.

Without table statistics (the engine never runs ``ANALYZE``) SQLite's planner chose the
``sources`` primary key's Scope prefix over ``sources_by_target`` for a lookup by target revision:
a read of every Source in the Scope, once per prepare (the statistics of a comparable prepare) and
once per revision listed. These tests record the statements the store really runs (SQLite's trace
hook on the store's own connection) and ask SQLite for the plan of each.

Without statistics the plans do not depend on how much data there is, so the next such trap
would pass a plan test written for another statement. The growth test catches it by its effect:
SQLite's virtual-machine steps (counted by the progress handler, deterministic, unlike a time)
of each per-request operation on a Scope of 12 and one of 480 memories in the same database
(docs/decisions.md, "Query plans at 100k").

OceanBase's optimizer takes ``sources_by_target`` for the same reads without a hint (its plans
name the index: ``sources(sources_by_target)``), so its ``LINEAGE_SOURCES`` stays ``sources``; the
last test records the statements it sends (SQLAlchemy's ``before_cursor_execute``) and keeps that so
through ``EXPLAIN``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest
from _support.engines import oceanbase_only, sqlite_only
from sqlalchemy import event

from pcreceipt.store.oceanbase.store import OceanBaseStore
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ArtifactRef, CapturedSource, NewArtifact, RevisionRecord, Scope
from pcreceipt.store.sqlite.store import SQLiteStore
from pcreceipt.store.statistics import HIGH_WATERMARKS

WHOLE_TABLE = re.compile(r"^SCAN (?!CONSTANT ROW|ranked$|knn$)\S+(?! VIRTUAL TABLE)(?:$| )")
"""A plan step that reads a whole stored table (not a CTE's rows, not a full-text or vector table's own search)."""
SCOPE_SCAN = re.compile(r"\bSEARCH (?:sources|s) USING PRIMARY KEY \(scope_id=\?\)$")
"""A plan step that reads the ``sources`` of the whole Scope (the primary key's first column only)."""


@contextmanager
def recorded(store: SQLiteStore) -> Iterator[list[str]]:
    """The statements the store runs on this thread's connection while the block runs."""
    statements: list[str] = []
    conn: Any = store._connection()
    conn.set_trace_callback(statements.append)
    try:
        yield statements
    finally:
        conn.set_trace_callback(None)


def sources_plans(store: SQLiteStore, statements: list[str]) -> list[tuple[str, list[str]]]:
    conn: Any = store._connection()
    plans = []
    for statement in statements:
        if statement.lstrip().upper().startswith("SELECT") and re.search(r"\bsources\b", statement):
            steps = [str(row[-1]) for row in conn.execute("EXPLAIN QUERY PLAN " + statement).fetchall()]
            plans.append((statement, steps))
    return plans


def lineage_scenario(store: Store, scope_id: str) -> tuple[list[RevisionRecord], list[ArtifactRef]]:
    """40 memories, the first replaced once: the written records and a selection whose lineage
    runs through that replace (the replaced revision and four untouched memories)."""
    written = [
        store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": f"fact number {n}"})
        for n in range(40)
    ]
    replaced = store.replace_artifact(
        scope_id,
        "atomic-memory",
        written[0].ref.artifact_id,
        {"kind": "fact", "text": "fact zero, revised"},
        expected_revision=1,
    )
    return written, [replaced.ref, *(record.ref for record in written[5:9])]


T = TypeVar("T", bound=Store)


def narrowed(store: Store, engine: type[T]) -> T:
    """The store as the engine the test is parametrised over alone (``sqlite_only`` / ``oceanbase_only``)."""
    if not isinstance(store, engine):
        pytest.fail(f"these tests are parametrised over {engine.__name__} alone")
    return store


@pytest.fixture
def sqlite_store(store: Store) -> SQLiteStore:
    return narrowed(store, SQLiteStore)


@sqlite_only
def test_recording_a_prepare_reads_lineage_by_index(sqlite_store: SQLiteStore, scope_id: str) -> None:
    _, selected = lineage_scenario(sqlite_store, scope_id)
    with recorded(sqlite_store) as statements:
        sqlite_store.record_preparation(scope_id, "2026-03-01", ready=True, selected=selected, recalled_tokens=9)
    plans = sources_plans(sqlite_store, statements)
    assert len(plans) >= 2  # the lineage Sources of the selection and of the revision before the replace
    for statement, steps in plans:
        assert not [step for step in steps if SCOPE_SCAN.search(step)], (statement, steps)
    assert any("USING INDEX sources_by_target" in step for _, steps in plans for step in steps), plans
    day = sqlite_store.scope_statistics([scope_id], "2026-03-01", "2026-03-01")[scope_id].recall[0]
    assert (day.preparations, day.comparable_preparations) == (1, 1)


@sqlite_only
def test_listing_a_revisions_sources_reads_lineage_by_index(sqlite_store: SQLiteStore, scope_id: str) -> None:
    records = [
        sqlite_store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": f"note {n}"})
        for n in range(10)
    ]
    with recorded(sqlite_store) as statements:
        found = sqlite_store.lineage_sources([record.ref for record in records[:3]])
    assert all(len(found[record.ref]) == 1 for record in records[:3])
    plans = sources_plans(sqlite_store, statements)
    assert plans
    for statement, steps in plans:
        assert not [step for step in steps if SCOPE_SCAN.search(step)], (statement, steps)


# -- the work of per-request operations does not grow with the Scope

SMALL, LARGE = 12, 480
"""Atomic Memories in the two Scopes the growth test compares (40 times as many in the large one)."""
GROWTH_LIMIT = 2.0
"""How much more SQLite work (virtual machine steps) an operation may do on the large Scope than
on the small one: a read of every row of the Scope would do about 40 times as much."""


def vm_steps(store: SQLiteStore, operation: Callable[[], object]) -> int:
    """SQLite virtual machine instructions (in hundreds) ``operation`` ran on this thread's connection.

    Deterministic for the same data and plans, unlike a time; the progress handler counts them."""
    conn: Any = store._connection()
    ticks = [0]

    def tick() -> int:
        ticks[0] += 1
        return 0

    conn.set_progress_handler(tick, 100)
    try:
        operation()
    finally:
        conn.set_progress_handler(None, 100)
    return ticks[0]


def _fill(store: SQLiteStore, scope_id: str, count: int) -> list[RevisionRecord]:
    """``count`` memories that share common words; ``marker0`` … ``marker3`` are in one memory each."""
    items = [
        NewArtifact(content={"kind": "fact", "text": f"shared words about sockets and files, item {n} marker{n}"})
        for n in range(count)
    ]
    records = store.create_artifacts(scope_id, "atomic-memory", items)
    store.replace_artifact_tags(
        scope_id, "atomic-memory", records[0].ref.artifact_id, {"rare": "rare"}, precondition=lambda current: True
    )
    for record in records[1:]:
        store.replace_artifact_tags(
            scope_id, "atomic-memory", record.ref.artifact_id, {"common": "common"}, precondition=lambda current: True
        )
    return records


@dataclass
class _Fixture:
    """One Scope of the growth test and the records its operations work on."""

    scope_id: str
    records: list[RevisionRecord]
    replaced: RevisionRecord
    merged: ArtifactRef
    extracted: ArtifactRef
    middle: str


def _scope_with(store: SQLiteStore, make_scope: Callable[..., Scope], count: int) -> _Fixture:
    scope_id = make_scope().scope_id
    store.capture_source(
        scope_id, CapturedSource(source_id="captured-1", content="notes about marker sockets", metadata=None)
    )
    (extracted,) = (
        store.commit_extraction(
            scope_id,
            after=0,
            through=1,
            extracted=1,
            memories=[NewArtifact(content={"kind": "fact", "text": "extracted from the captured notes"})],
        )
        or []
    )
    records = _fill(store, scope_id, count)
    replaced = store.replace_artifact(
        scope_id,
        "atomic-memory",
        records[1].ref.artifact_id,
        {"kind": "fact", "text": "replaced marker1 text"},
        expected_revision=1,
    )
    inputs = [(record.ref.artifact_id, 1, 0) for record in records[2:4]]
    merged = store.merge_atomic_memories(scope_id, inputs, {"kind": "fact", "text": "merged marker2 and marker3"})
    middle = sorted(record.ref.artifact_id for record in records)[count // 2]
    return _Fixture(scope_id, records, replaced, merged[-1].ref, extracted.ref, middle)


def _operations(store: SQLiteStore, f: _Fixture) -> dict[str, Callable[[], object]]:
    """Per-request operations, each touching a fixed number of items whatever the Scope's size."""
    scope_id, first = f.scope_id, f.records[0].ref
    selected = [f.replaced.ref, f.merged, f.extracted, f.records[5].ref]
    counter = iter(range(1_000_000))
    return {
        "record_preparation": lambda: store.record_preparation(
            scope_id, "2026-03-01", ready=True, selected=selected, recalled_tokens=9
        ),
        "lineage_sources": lambda: store.lineage_sources(selected),
        "search_text all": lambda: store.search_text(scope_id, "atomic-memory", "marker4", 16, match="all"),
        "search_text any": lambda: store.search_text(scope_id, "atomic-memory", "marker4 marker5", 16, match="any"),
        "has_searchable_many": lambda: store.has_searchable_many([(scope_id, "atomic-memory"), (scope_id, "profile")]),
        "read_profile": lambda: store.read_profile(scope_id),
        "get_scope": lambda: store.get_scope(scope_id),
        "get_head": lambda: store.get_head(scope_id, "atomic-memory", first.artifact_id),
        "get_revision": lambda: store.get_revision(scope_id, "atomic-memory", f.replaced.ref.artifact_id, 1),
        "list_revisions": lambda: store.list_revisions(
            scope_id, "atomic-memory", f.replaced.ref.artifact_id, through=2, limit=10
        ),
        "list_heads": lambda: store.list_heads(scope_id, "atomic-memory", limit=10, after=f.middle),
        "atomic memory head": lambda: store.get_atomic_memory_head(scope_id, first.artifact_id),
        "list_atomic_memory_heads": lambda: store.list_atomic_memory_heads(
            scope_id, states=["active"], kind=None, limit=10, after=f.middle
        ),
        "artifact_tags": lambda: store.artifact_tags(scope_id, "atomic-memory", first.artifact_id),
        "tagged_artifact_ids": lambda: store.tagged_artifact_ids(scope_id, "atomic-memory", ["rare"], "any"),
        "capture_source": lambda: store.capture_source(
            scope_id, CapturedSource(source_id=f"note-{next(counter)}", content="more notes", metadata=None)
        ),
        "pending_sources": lambda: store.pending_sources(scope_id, 5),
        "flush_sources": lambda: store.flush_sources(scope_id, 5),
        "create_artifacts": lambda: store.create_artifacts(
            scope_id, "atomic-memory", [NewArtifact(content={"kind": "note", "text": f"new {n}"}) for n in range(3)]
        ),
        "create_artifact": lambda: store.create_artifact(scope_id, "atomic-memory", {"kind": "note", "text": "one"}),
        "get_stats' Source high-water mark": lambda: (
            store._connection().execute(HIGH_WATERMARKS.format(marks="?"), (scope_id,)).fetchall()
        ),
    }


@sqlite_only
def test_per_request_work_does_not_grow_with_the_scope(
    sqlite_store: SQLiteStore, make_scope: Callable[..., Scope]
) -> None:
    small = _scope_with(sqlite_store, make_scope, SMALL)
    large = _scope_with(sqlite_store, make_scope, LARGE)
    small_ops, large_ops = _operations(sqlite_store, small), _operations(sqlite_store, large)
    grown = {}
    for name in small_ops:
        small_ops[name]()  # the first run of a statement prepares it; the fewest of the next three counts
        large_ops[name]()  # (a write's commit now and then also merges full-text segments)
        steps = tuple(min(vm_steps(sqlite_store, ops[name]) for _ in range(3)) for ops in (small_ops, large_ops))
        if steps[1] > GROWTH_LIMIT * steps[0] + 5:
            grown[name] = steps
    assert not grown, grown


@sqlite_only
def test_no_per_request_statement_reads_a_whole_table(
    sqlite_store: SQLiteStore, make_scope: Callable[..., Scope]
) -> None:
    operations = _operations(sqlite_store, _scope_with(sqlite_store, make_scope, SMALL))
    with recorded(sqlite_store) as statements:
        for operation in operations.values():
            operation()
    conn: Any = sqlite_store._connection()
    scans = {}
    for statement in dict.fromkeys(statements):
        if not statement.lstrip().upper().startswith(("SELECT", "WITH", "UPDATE", "DELETE")) or "'main'." in statement:
            continue  # writes of new rows, and the full-text and vector extensions' own statements
        steps = [str(row[-1]) for row in conn.execute("EXPLAIN QUERY PLAN " + statement).fetchall()]
        if any(WHOLE_TABLE.match(step) for step in steps):
            scans[statement] = steps
    assert len(statements) > 100
    assert not scans, scans


# -- OceanBase: the same reads, planned by its optimizer

LINEAGE_READ = re.compile(r"\bFROM sources\b.*\btarget_artifact_id\b", re.S)


@contextmanager
def recorded_oceanbase(store: OceanBaseStore) -> Iterator[list[tuple[str, Any]]]:
    """The statements (with their parameters) the store sends while the block runs."""
    statements: list[tuple[str, Any]] = []

    def record(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        statements.append((statement, parameters))

    event.listen(store._engine, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        event.remove(store._engine, "before_cursor_execute", record)


def lineage_plans(store: OceanBaseStore, statements: list[tuple[str, Any]]) -> list[tuple[str, str]]:
    """OceanBase's plan (``EXPLAIN``'s text) of each lineage read among ``statements``."""
    plans = []
    with store._connection() as conn:
        for statement, parameters in statements:
            if LINEAGE_READ.search(statement):
                rows = conn.raw.exec_driver_sql("EXPLAIN " + statement, parameters).all()
                plans.append((statement, "\n".join(str(row[0]) for row in rows)))
    return plans


@pytest.fixture
def oceanbase_store(store: Store) -> OceanBaseStore:
    return narrowed(store, OceanBaseStore)


@oceanbase_only
def test_oceanbase_reads_lineage_by_index(oceanbase_store: OceanBaseStore, scope_id: str) -> None:
    written, selected = lineage_scenario(oceanbase_store, scope_id)
    with recorded_oceanbase(oceanbase_store) as statements:
        oceanbase_store.record_preparation(scope_id, "2026-03-01", ready=True, selected=selected, recalled_tokens=9)
        found = oceanbase_store.lineage_sources([record.ref for record in written[:3]])
    assert all(len(found[record.ref]) == 1 for record in written[1:3])
    plans = lineage_plans(oceanbase_store, statements)
    assert len(plans) >= 3  # the statistics' lineage reads and the listing's
    for statement, plan in plans:
        assert "sources(sources_by_target)" in plan, (statement, plan)
