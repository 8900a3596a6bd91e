"""Crash safety, migrations and store lifecycle (SQLite engine)."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sqlean

from pcreceipt.store.protocol import Store, StoreUnavailable
from pcreceipt.store.sqlite import SQLiteStore
from pcreceipt.store.sqlite_schema import MIGRATIONS

WRITER = Path(__file__).with_name("store_writer.py")
BATCH = 50


def run_writer_until_killed(path: Path, rounds_before_kill: int, rng: random.Random) -> None:
    """Start the writer, let it finish some rounds, then SIGKILL it mid-write."""
    command = [sys.executable, str(WRITER), str(path)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as writer:
        assert writer.stdout is not None and writer.stderr is not None
        try:
            rounds = (int(line) for line in writer.stdout if line.strip().isdigit())
            if not any(done >= rounds_before_kill for done in rounds):
                pytest.fail("the writer stopped early: " + writer.stderr.read())
            time.sleep(rng.uniform(0.0, 0.02))
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
    assert writer.returncode == -signal.SIGKILL


def plain_memories(path: Path) -> int:
    conn = sqlean.connect(str(path))
    try:
        return int(
            conn.execute(
                "SELECT count(*) FROM revisions WHERE family = 'atomic-memory' AND revision = 1 AND derived_from = '[]'"
            ).fetchone()[0]
        )
    finally:
        conn.close()


def test_a_killed_writer_never_leaves_half_a_write(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    rng = random.Random(20260101)
    for attempt in range(5):
        run_writer_until_killed(path, rounds_before_kill=2 + attempt, rng=rng)
        store = SQLiteStore(path)
        try:
            assert store.check_integrity() == []
        finally:
            store.close()
        assert plain_memories(path) % BATCH == 0


def test_migrations_are_recorded_once_and_reapplying_is_harmless(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    for _ in range(3):
        SQLiteStore(path).close()
    conn = sqlean.connect(str(path))
    versions = [row[0] for row in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
    conn.close()
    assert versions == [migration.version for migration in MIGRATIONS]


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    SQLiteStore(path).close()
    conn = sqlean.connect(str(path), isolation_level=None)
    conn.execute("INSERT INTO schema_migrations (version, name) VALUES (9999, 'from the future')")
    conn.close()
    with pytest.raises(StoreUnavailable):
        SQLiteStore(path)


def test_the_database_uses_wal(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    SQLiteStore(path).close()
    conn = sqlean.connect(str(path))
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_a_closed_store_is_unavailable(store: Store) -> None:
    store.close()
    with pytest.raises(StoreUnavailable):
        store.get_scope("scp_any")


def test_an_unopenable_path_is_unavailable(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable):
        SQLiteStore(tmp_path / "missing-dir" / "store.db")


def test_integrity_check_reports_an_index_gap(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    store = SQLiteStore(path)
    scope, _ = store.create_scope(
        title="t", summary="s", idempotency_key="k", parent_scope_id=None, context_references=[], external_references=[]
    )
    store.create_artifact(scope.scope_id, "atomic-memory", {"kind": "fact", "text": "indexed"})
    store.close()
    conn = sqlean.connect(str(path), isolation_level=None)
    conn.execute("DELETE FROM search_fts")
    conn.close()
    reopened = SQLiteStore(path)
    problems = reopened.check_integrity()
    reopened.close()
    assert problems == ["1 search entries without a full-text row"]
