"""``Store.pinned_connection``: a block whose statements share one connection (a prepare enters
it once).

On every engine the reads in a block answer exactly as outside it, writes in the block are seen
by the reads after them, and blocks nest. On OceanBase the block checks out (and pings) one
pooled connection for everything it runs, writes included (so a thread never holds two); a read
that fails on the server leaves that connection to the next statement, a write that fails rolls
back without touching the reads after it, and a connection the server dropped is replaced
(pinged) at the next statement. Inside a block, OceanBase tokenizes each (query, match) once,
whatever the number of families it searches.
"""

from __future__ import annotations

from typing import Any

import pytest
from _support.engines import oceanbase_only
from _support.engines import pool_checkouts as checkouts

from pcreceipt.store import lexical
from pcreceipt.store.oceanbase.store import OceanBaseStore
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import StoreError, StoreUnavailable, WriteConflict

FILES = [("src/wal.py", b"def enable_wal():\n    return 'wal mode for sqlite'\n")]


def seed(store: Store, scope_id: str) -> None:
    for text in ("SQLite runs in WAL mode", "OceanBase has a full-text index", "数据库 选择了 嵌入式 存储"):
        store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": text})
    store.create_artifact(scope_id, "topic-memory", {"title": "WAL", "summary": "WAL mode", "detail": "readers"})
    store.create_artifact(scope_id, "profile", {"content": "SQLite shop", "restored_from_revision": None})
    store.index_workspace(scope_id, FILES, skipped=0)


def reads(store: Store, scope_id: str) -> list[Any]:
    """A prepare's kinds of reads, and a few more."""
    return [
        store.get_scope(scope_id),
        store.has_searchable_many([(scope_id, "atomic-memory"), (scope_id, "experience")]),
        store.search_text(scope_id, "atomic-memory", "WAL mode", 8, match="all"),
        store.search_text(scope_id, "atomic-memory", "SQLite OceanBase", 8, match="any"),
        store.search_text(scope_id, "topic-memory", "WA", 8, match="prefix"),
        store.read_profile(scope_id),
        store.get_workspace(scope_id),
        store.query_code(scope_id, "wal sqlite", 8),
        store.list_heads(scope_id, "atomic-memory", limit=10, after=None),
    ]


def test_reads_in_a_pinned_block_answer_as_outside_it(store: Store, scope_id: str) -> None:
    seed(store, scope_id)
    outside = reads(store, scope_id)
    assert outside[2] and outside[3] and outside[7]  # the searches find something to compare
    with store.pinned_connection():
        inside = reads(store, scope_id)
        with store.pinned_connection():  # a nested block joins the outer one
            nested = reads(store, scope_id)
    assert inside == outside == nested
    assert reads(store, scope_id) == outside  # and after it


def test_a_write_in_a_pinned_block_is_seen_by_the_reads_after_it(store: Store, scope_id: str) -> None:
    with store.pinned_connection():
        assert store.search_text(scope_id, "atomic-memory", "zeppelin", 8) == []
        written = store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "a zeppelin note"})
        hits = store.search_text(scope_id, "atomic-memory", "zeppelin", 8)
        assert [hit.ref for hit in hits] == [written.ref]
        assert store.get_head(scope_id, "atomic-memory", written.ref.artifact_id) == written


@oceanbase_only
def test_a_pinned_block_checks_out_one_connection_for_its_reads(store: Store, scope_id: str) -> None:
    seed(store, scope_id)
    with checkouts(store) as outside:
        reads(store, scope_id)
    assert outside[0] >= 9  # one per read
    with checkouts(store) as inside, store.pinned_connection():
        reads(store, scope_id)
        reads(store, scope_id)
    assert inside[0] == 1
    with checkouts(store) as empty, store.pinned_connection():
        pass
    assert empty[0] == 0  # nothing read, nothing checked out


@oceanbase_only
def test_writes_in_a_pinned_block_run_on_its_connection(store: Store, scope_id: str) -> None:
    with checkouts(store) as counted, store.pinned_connection():
        store.get_scope(scope_id)
        written = store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "one more"})
        with pytest.raises(WriteConflict):  # a failed write: its transaction rolled back, the block goes on
            store.replace_artifact(
                scope_id,
                "atomic-memory",
                written.ref.artifact_id,
                {"kind": "fact", "text": "stale"},
                expected_revision=7,
            )
        assert store.get_head(scope_id, "atomic-memory", written.ref.artifact_id) == written
    assert counted[0] == 1


@oceanbase_only
def test_a_failed_read_leaves_the_pinned_connection_to_the_next(store: Store, scope_id: str) -> None:
    seed(store, scope_id)
    assert isinstance(store, OceanBaseStore)
    expected = store.search_text(scope_id, "atomic-memory", "WAL", 8)
    with checkouts(store) as counted, store.pinned_connection():
        with pytest.raises(StoreError) as caught, store._reading() as conn:
            conn.run("SELECT no_such_column FROM scopes")
        assert not isinstance(caught.value, StoreUnavailable)  # a statement's error, not the connection's
        assert store.search_text(scope_id, "atomic-memory", "WAL", 8) == expected
        assert store.get_scope(scope_id) is not None
    assert counted[0] == 1


@oceanbase_only
def test_a_pinned_connection_the_server_dropped_is_replaced_at_the_next_statement(store: Store, scope_id: str) -> None:
    assert isinstance(store, OceanBaseStore)
    with checkouts(store) as counted, store.pinned_connection():
        with store._reading() as conn:
            session = int(conn.first("SELECT CONNECTION_ID()")[0])
        with store._checkout() as other:  # a connection of its own ends the pinned one's session
            other.run(f"KILL {session}")
        with pytest.raises(StoreUnavailable):
            store.get_scope(scope_id)
        assert store.get_scope(scope_id) is not None  # a fresh connection, pinged on checkout
        with store._reading() as conn:
            assert int(conn.first("SELECT CONNECTION_ID()")[0]) != session
    assert counted[0] == 3  # the first pin, the killer, the replacement
    assert store.get_scope(scope_id) is not None


@oceanbase_only
def test_a_pinned_block_tokenizes_each_query_once(store: Store, scope_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seed(store, scope_id)
    families: list[Any] = ["atomic-memory", "topic-memory", "experience"]
    searches = [
        (family, query, match)
        for query in ("WAL mode", "数据库 存储")
        for match in ("all", "any", "prefix")
        for family in families
    ]
    expected = [store.search_text(scope_id, family, query, 8, match=match) for family, query, match in searches]
    expected_code = store.query_code(scope_id, "WAL mode", 8)
    folded: list[int] = []
    real = lexical.word_tokens

    def counted(texts: Any) -> Any:
        folded.append(len(texts))
        return real(texts)

    monkeypatch.setattr(lexical, "word_tokens", counted)
    with store.pinned_connection():
        found = [store.search_text(scope_id, family, query, 8, match=match) for family, query, match in searches]
        found_code = store.query_code(scope_id, "WAL mode", 8)
    assert found == expected and found_code == expected_code
    assert any(expected) and expected_code
    assert len(folded) == 6  # two queries × three match modes; the code query reuses ("WAL mode", "any")
    with store.pinned_connection():  # a new block starts afresh
        store.search_text(scope_id, "atomic-memory", "WAL mode", 8)
    assert len(folded) == 7
