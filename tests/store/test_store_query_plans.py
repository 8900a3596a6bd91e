"""The SQLite engine reads lineage Sources through their index, never by scanning the Scope.

Without table statistics (the engine never runs ``ANALYZE``) SQLite's planner chose the
``sources`` primary key's Scope prefix over ``sources_by_target`` for a lookup by target revision:
a read of every Source in the Scope, once per prepare (the statistics of a comparable prepare) and
once per revision listed. These tests record the statements the store really runs (SQLite's trace
hook on the store's own connection) and ask SQLite for the plan of each.

OceanBase's optimizer takes ``sources_by_target`` for the same reads without a hint (its plans
name the index: ``sources(sources_by_target)``), so its ``LINEAGE_SOURCES`` stays ``sources``; the
last test records the statements it sends (SQLAlchemy's ``before_cursor_execute``) and keeps that so
through ``EXPLAIN``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from _support.engines import oceanbase_only, sqlite_only
from sqlalchemy import event

from pcreceipt.store.oceanbase.store import OceanBaseStore
from pcreceipt.store.protocol import Store
from pcreceipt.store.sqlite.store import SQLiteStore

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


@pytest.fixture
def sqlite_store(store: Store) -> SQLiteStore:
    if not isinstance(store, SQLiteStore):
        pytest.fail("these tests are parametrised over SQLite alone")
    return store


@sqlite_only
def test_recording_a_prepare_reads_lineage_by_index(sqlite_store: SQLiteStore, scope_id: str) -> None:
    written = [
        sqlite_store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": f"fact number {n}"})
        for n in range(40)
    ]
    replaced = sqlite_store.replace_artifact(
        scope_id, "atomic-memory", written[0].ref.artifact_id, {"kind": "fact", "text": "fact zero, revised"},
        expected_revision=1,
    )
    selected = [replaced.ref, *(record.ref for record in written[5:9])]
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
    if not isinstance(store, OceanBaseStore):
        pytest.fail("these tests are parametrised over OceanBase alone")
    return store


@oceanbase_only
def test_oceanbase_reads_lineage_by_index(oceanbase_store: OceanBaseStore, scope_id: str) -> None:
    written = [
        oceanbase_store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": f"fact number {n}"})
        for n in range(40)
    ]
    replaced = oceanbase_store.replace_artifact(
        scope_id, "atomic-memory", written[0].ref.artifact_id, {"kind": "fact", "text": "fact zero, revised"},
        expected_revision=1,
    )
    selected = [replaced.ref, *(record.ref for record in written[5:9])]
    with recorded_oceanbase(oceanbase_store) as statements:
        oceanbase_store.record_preparation(scope_id, "2026-03-01", ready=True, selected=selected, recalled_tokens=9)
        found = oceanbase_store.lineage_sources([record.ref for record in written[:3]])
    assert all(len(found[record.ref]) == 1 for record in written[1:3])
    plans = lineage_plans(oceanbase_store, statements)
    assert len(plans) >= 3  # the statistics' lineage reads and the listing's
    for statement, plan in plans:
        assert "sources(sources_by_target)" in plan, (statement, plan)
