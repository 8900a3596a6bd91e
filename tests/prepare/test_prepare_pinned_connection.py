"""A prepare's reads share one store connection (``Store.pinned_connection``), on OceanBase one pooled
connection checked out (and pinged) once per prepare instead of once per read; what the prepare
answers and what its Receipt reports do not change, and a family whose search fails on that
connection still fails alone: the other families' searches after it run on the same connection.
"""

from __future__ import annotations

from typing import Any

import pytest
from _support.engines import oceanbase_only
from _support.engines import pool_checkouts as checkouts
from _support.receipts import memory, prepare, runtime, scope, searches, settings, topic

import pcreceipt.store.oceanbase.store as oceanbase_store
from pcreceipt.store.protocol import Store


def seeded(store: Store) -> str:
    project = scope(store).scope_id
    for text in ("SQLite runs in WAL mode", "WAL keeps readers unblocked", "The store file is local"):
        memory(store, project, text)
    topic(store, project, "WAL", "Why WAL mode")
    store.index_workspace(project, [("src/wal.py", b"def wal():\n    return 'WAL mode'\n")], skipped=0)
    return project


@oceanbase_only
def test_a_prepare_checks_out_one_connection(store: Store) -> None:
    project = seeded(store)
    rt = runtime(store, settings())
    with checkouts(store) as counted:
        response = prepare(rt, project, "WAL mode readers", include_code=True, include_receipt=True)
    assert response["status"] == "ready"
    assert {g["family"] for g in response["receipt"]["retrieval"]["searches"]} >= {"atomic-memory", "code"}
    assert counted[0] == 1


@oceanbase_only
def test_a_family_failing_on_the_pinned_connection_fails_alone(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    project = seeded(store)
    rt = runtime(store, settings())
    expected = prepare(rt, project, "WAL mode", include_receipt=True)
    assert (0, "topic-memory", "fts", "completed", "none") in searches(expected["receipt"])
    real = oceanbase_store.ranked_sql

    def broken_for_topics(*args: Any, **kwargs: Any) -> tuple[str, list[Any]]:
        if args[4].get("family") == "topic-memory":  # a statement the server refuses (unknown column)
            return "SELECT no_such_column FROM scopes", []
        return real(*args, **kwargs)

    monkeypatch.setattr(oceanbase_store, "ranked_sql", broken_for_topics)
    with checkouts(store) as counted:
        response = prepare(rt, project, "WAL mode", include_code=True, include_receipt=True)
    assert counted[0] == 1
    found = searches(response["receipt"])
    assert (0, "topic-memory", "fts", "failed", "none") in found
    assert (0, "atomic-memory", "fts", "completed", "none") in found
    assert [g[3] for g in found if g[1] == "code"] == ["completed"]  # read after the failure, same connection
    assert "SQLite runs in WAL mode" in response["content"]
