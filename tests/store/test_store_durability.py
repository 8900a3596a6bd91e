"""Crash safety, migrations and store lifecycle, on every engine (plus what only SQLite has)."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _support.engines import StoreOpener, oceanbase_url, raw_sql, sqlite_only

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import StoreUnavailable
from pcreceipt.store.sqlite import SQLiteStore

WRITER = Path(__file__).with_name("store_writer.py")
BATCH = 50
# Per engine: SQL that counts the plain (non-merge) atomic memories, and the migration versions.
PLAIN_MEMORIES = (
    "SELECT count(*) FROM revisions WHERE family = 'atomic-memory' AND revision = 1 AND derived_from = '[]'"
)
VERSIONS = "SELECT version FROM schema_migrations ORDER BY version"
FUTURE_VERSION = {
    "sqlite": "INSERT INTO schema_migrations (version, name) VALUES (9999, 'from the future')",
    "oceanbase": "INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'from the future', 'x')",
}
# Remove one searchable head's full-text entry behind the store's back, and what the check reports.
INDEX_GAP = {
    "sqlite": ("DELETE FROM search_fts", "1 search entries without a full-text row"),
    "oceanbase": ("DELETE FROM search_docs", "1 searchable heads missing from the search index"),
}


def writer_target(engine_name: str, workdir: Path) -> str:
    return str(workdir / "store.db") if engine_name == "sqlite" else oceanbase_url(workdir)


def run_writer_until_killed(target: str, rounds_before_kill: int, rng: random.Random) -> None:
    """Start the writer, let it finish some rounds, then SIGKILL it mid-write."""
    command = [sys.executable, str(WRITER), target]
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


def test_a_killed_writer_never_leaves_half_a_write(engine_name: str, open_store: StoreOpener, tmp_path: Path) -> None:
    rng = random.Random(20260101)
    target = writer_target(engine_name, tmp_path)
    for attempt in range(5 if engine_name == "sqlite" else 3):
        run_writer_until_killed(target, rounds_before_kill=2 + attempt, rng=rng)
        store = open_store()
        try:
            assert store.check_integrity() == []
        finally:
            store.close()
        [(plain,)] = raw_sql(engine_name, tmp_path, PLAIN_MEMORIES)
        assert int(str(plain)) % BATCH == 0


def test_migrations_are_recorded_once_and_reapplying_is_harmless(
    engine_name: str, open_store: StoreOpener, tmp_path: Path
) -> None:
    for _ in range(3):
        open_store().close()
    versions = [int(str(row[0])) for row in raw_sql(engine_name, tmp_path, VERSIONS)]
    if engine_name == "sqlite":
        from pcreceipt.store.sqlite.schema import MIGRATIONS
    else:
        from pcreceipt.store.oceanbase.schema import MIGRATIONS
    assert versions == [migration.version for migration in MIGRATIONS]


def test_a_newer_schema_is_refused(engine_name: str, open_store: StoreOpener, tmp_path: Path) -> None:
    open_store().close()
    raw_sql(engine_name, tmp_path, FUTURE_VERSION[engine_name])
    with pytest.raises(StoreUnavailable):
        open_store()


def test_a_closed_store_is_unavailable(store: Store) -> None:
    store.close()
    with pytest.raises(StoreUnavailable):
        store.get_scope("scp_any")


def test_integrity_check_reports_an_index_gap(engine_name: str, open_store: StoreOpener, tmp_path: Path) -> None:
    store = open_store()
    scope, _ = store.create_scope(
        title="t", summary="s", idempotency_key="k", parent_scope_id=None, context_references=[], external_references=[]
    )
    store.create_artifact(scope.scope_id, "atomic-memory", {"kind": "fact", "text": "indexed"})
    assert store.check_integrity() == []
    store.close()
    damage, problem = INDEX_GAP[engine_name]
    raw_sql(engine_name, tmp_path, damage)
    assert open_store().check_integrity() == [problem]


# -- SQLite only: the database is a file


@sqlite_only
def test_the_database_uses_wal(engine_name: str, tmp_path: Path) -> None:
    SQLiteStore(tmp_path / "store.db").close()
    assert raw_sql(engine_name, tmp_path, "PRAGMA journal_mode") == [("wal",)]


@sqlite_only
def test_an_unopenable_path_is_unavailable(engine_name: str, tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable):
        SQLiteStore(tmp_path / "missing-dir" / "store.db")
