"""The OceanBase engine's schema: versioned migrations (their tables are in ``oceanbase.ddl``),
vector tables and consistency checks.

Decisions:
- Migrations (``pcreceipt.store.migrations``) are versioned in ``schema_migrations``; DDL
  cannot be transactional here (it commits implicitly), so every migration statement is
  idempotent (``IF NOT EXISTS``) and a version is recorded only after all its statements ran; a
  database with an unknown version is refused. Servers opening one database at once migrate it
  one after the other: ``migrate`` holds the row of ``migration_lock`` (``FOR UPDATE``) in a
  transaction on a session of its own, beside the session running the DDL (whose implicit
  commits would end it), while it reads the applied versions and runs the missing ones, so a
  second server waits, then finds nothing left to do. The row is created once, looked up first
  without a lock: an ``INSERT IGNORE`` of a row another server holds waits for it, and its lock
  wait timeout (1205) once stopped a server's start in CI. Not ``GET_LOCK``: on seekdb a named lock
  outlives its session for minutes (``_migration_lock``). A table the other server just created
  can still be unknown to this session for a moment (error 1146, seen in the tests): the
  idempotent migration is then run again after a short wait (up to 10 s).
- Identifiers (ids, families, paths, hashes) are VARBINARY: byte-exact comparison and order
  like SQLite's BINARY collation, and no PAD SPACE (``'a' = 'a '`` in every MySQL collation).
- Full text is indexed as hash words under a ``FULLTEXT`` index ``WITH PARSER space`` beside the
  exact token strings (``oceanbase.search``).
- One vector table per (embedding profile, dimension), with a ``VECTOR(dim)`` column and an HNSW
  index (``distance=cosine``, ``sync_mode=immediate``: the default async sync hides fresh rows
  from approximate queries).
- Scope bindings (migration 3): keyed by (integration, kind, external_id) as VARBINARY sized in
  UTF-8 bytes, so keys compare byte for byte like SQLite's; the default pointer is the one row
  ``slot = 1`` of ``default_scope``.
- Sources (migration 6): as SQLite's (``store.sources``, ``store.statistics``); the source id is
  VARBINARY(1024) (256 code points in UTF-8) and found by its SHA-256 ``source_key``.
- Extractions (migration 7): as SQLite's ``source_extractions``.
- Cursor keys (migration 8), artifact tags (migration 9) and bootstrap receipt items
  (migration 10): as SQLite's.
- Named lineage (migration 11): as SQLite's ``revision_lineage``.
- Handoffs (migration 12): as SQLite's ``handoff_revisions``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from typing import TypeVar

from sqlalchemy import exc as sa_exc

from pcreceipt.store.ids import utc_now
from pcreceipt.store.integrity import (
    ATOMIC_LIFECYCLE_INCONSISTENT,
    LINEAGE_WITHOUT_REVISION,
    NAMED_LINEAGE_WITHOUT_REVISION,
    REVISIONS_NOT_ONE_TO_HEAD,
    REVISIONS_WITHOUT_ARTIFACT,
    SEARCH_ENTRIES_NOT_HEADS,
    SEARCHABLE_HEADS_UNINDEXED,
    SOURCE_POSITIONS_NOT_DENSE,
    TOKENS_WITHOUT_GRANT,
)
from pcreceipt.store.migrations import apply_missing
from pcreceipt.store.oceanbase.connection import Conn, error_code
from pcreceipt.store.oceanbase.ddl import ID_COLUMN, MIGRATIONS, TABLE_OPTIONS
from pcreceipt.store.records import StoreUnavailable

T = TypeVar("T")


def vector_table_ddl(table: str, dimensions: int) -> str:
    return f"""CREATE TABLE IF NOT EXISTS {table} (
        doc_id BIGINT NOT NULL PRIMARY KEY,
        revision_pk BIGINT NOT NULL,
        scope_id {ID_COLUMN} NOT NULL,
        family VARBINARY(32) NOT NULL,
        embedding VECTOR({int(dimensions)}) NOT NULL,
        KEY {table}_by_partition (scope_id, family),
        VECTOR INDEX {table}_hnsw (embedding) WITH (distance = cosine, type = hnsw, lib = vsag, sync_mode = immediate)
    ) {TABLE_OPTIONS}"""


#: how long a migrating server's lock outlives it when the database server is never told it is
#: gone (the lock's transaction timeout); a closed session or a killed process frees it at once
MIGRATION_LEASE_SECONDS = 120
#: how long a server waits for another's migration: past the lease, so a lost holder's lock expires first
MIGRATION_WAIT_SECONDS = 180
UNSEEN_TABLE_ATTEMPTS = 40
UNSEEN_TABLE_WAIT_SECONDS = 0.25
_NO_SUCH_TABLE = 1146
#: a bounded wait for the lock ran out: the lock wait timeout, or the statement's own timeout
#: (OceanBase's 4012, or 1317 as the server reports it) when ``query_timeout`` is the shorter
_WAITED_OUT = frozenset({1205, 4012, 1317})
_LOCK_TABLE = """CREATE TABLE IF NOT EXISTS migration_lock (
    name VARCHAR(64) NOT NULL PRIMARY KEY
)"""


def migrate(conn: Conn, lock_session: Callable[[], AbstractContextManager[Conn]]) -> list[int]:
    """Apply the missing migrations on ``conn`` while holding the database's migration lock on a
    session of its own (``lock_session``): one server at a time. StoreUnavailable when another
    server held the lock for ``MIGRATION_WAIT_SECONDS``."""
    if _fully_migrated(conn):
        return []  # nothing to apply: no lock and no DDL (versions are only ever added)
    with lock_session() as holder, _migration_lock(holder):
        return _until_seen(lambda: _migrate_locked(conn))


def _until_seen(work: Callable[[], T]) -> T:
    """Run idempotent ``work``, again after a short wait while a table another server just created
    is not yet visible to this session (error 1146)."""
    for attempt in range(1, UNSEEN_TABLE_ATTEMPTS + 1):
        try:
            return work()
        except sa_exc.DBAPIError as error:
            if error_code(error) != _NO_SUCH_TABLE or attempt == UNSEEN_TABLE_ATTEMPTS:
                raise
            time.sleep(UNSEEN_TABLE_WAIT_SECONDS)
    raise AssertionError("unreachable")


@contextmanager
def _migration_lock(holder: Conn) -> Iterator[None]:
    """Hold the row of ``migration_lock`` (``FOR UPDATE``, in a transaction of ``holder``'s session)
    for the block. A row lock, not ``GET_LOCK``: measured on seekdb, a named lock outlived its
    session (closed, killed, or its process killed) for minutes, over 400 s, while a row lock is
    freed as the session ends, and when the database server is never told (a network partition)
    as its transaction times out (``MIGRATION_LEASE_SECONDS``)."""

    def lock_row() -> None:
        holder.run(_LOCK_TABLE)
        # a plain read never waits; the insert would, on a duplicate key another server holds
        if holder.first("SELECT name FROM migration_lock WHERE name = 'migrate'") is not None:
            return
        try:
            holder.run("INSERT IGNORE INTO migration_lock (name) VALUES ('migrate')")
        except sa_exc.DBAPIError as error:
            # the insert waited out on a row another server inserted and holds: it exists, and
            # the wait for it follows
            if error_code(error) not in _WAITED_OUT:
                raise

    _until_seen(lock_row)
    holder.run(f"SET SESSION ob_trx_timeout = {MIGRATION_LEASE_SECONDS * 1_000_000}")
    deadline = time.monotonic() + MIGRATION_WAIT_SECONDS
    while True:  # each wait is bounded by the session's lock timeout: ask again until the deadline
        holder.run("START TRANSACTION")
        try:
            holder.first("SELECT name FROM migration_lock WHERE name = 'migrate' FOR UPDATE")
            break
        except sa_exc.DBAPIError as error:
            _end_transaction(holder)
            if error_code(error) not in _WAITED_OUT:
                raise
            if time.monotonic() >= deadline:
                raise StoreUnavailable("another server is migrating this database; try again") from None
    try:
        yield
    finally:
        _end_transaction(holder)


def _end_transaction(holder: Conn) -> None:
    """Roll back ``holder``'s transaction, releasing its lock. A lost session's lock went with it,
    and the loss, not a rollback that cannot run, is the error to report."""
    if not holder.raw.invalidated:
        with suppress(sa_exc.SQLAlchemyError):
            holder.run("ROLLBACK")


def _fully_migrated(conn: Conn) -> bool:
    """Whether every migration is recorded already (False when ``schema_migrations`` is missing).

    Read without the lock: a database whose versions are all recorded needs nothing, so a server
    opening it (the usual start, and every start after a database restart) takes no named lock and
    runs no DDL. Seen on this machine: right after a seekdb restart, the lock or a DDL statement
    could wait past the read timeout, while plain reads and writes were served."""
    try:
        applied = set(applied_versions(conn))
    except sa_exc.DBAPIError as error:
        if error_code(error) != _NO_SUCH_TABLE:
            raise
        return False
    # exactly the known versions: a version this runtime does not know (a newer schema) takes the
    # locked path, whose check refuses it
    return applied == {migration.version for migration in MIGRATIONS}


def _migrate_locked(conn: Conn) -> list[int]:
    """Apply the missing migrations (idempotent statements; versions recorded after they ran)."""
    conn.run(
        """CREATE TABLE IF NOT EXISTS schema_migrations (
            version INT PRIMARY KEY,
            name VARCHAR(255) NOT NULL,
            applied_at VARCHAR(40) NOT NULL
        )"""
    )
    return apply_missing(
        MIGRATIONS,
        applied_versions(conn),
        conn.run,
        lambda migration: conn.run(
            """INSERT INTO schema_migrations (version, name, applied_at) VALUES (%s, %s, %s)
               ON DUPLICATE KEY UPDATE version = version""",
            (migration.version, migration.name, utc_now()),
        ),
    )


def applied_versions(conn: Conn) -> list[int]:
    """The schema versions recorded in the database, in order."""
    return [int(row[0]) for row in conn.all("SELECT version FROM schema_migrations ORDER BY version")]


#: ``check_integrity``'s consistency checks: the shared ones and those of this schema's tables.
CONSISTENCY_CHECKS: tuple[tuple[str, str], ...] = (
    TOKENS_WITHOUT_GRANT,
    REVISIONS_NOT_ONE_TO_HEAD,
    REVISIONS_WITHOUT_ARTIFACT,
    (
        "revisions of unknown Scopes",
        "SELECT count(*) FROM revisions r WHERE NOT EXISTS (SELECT 1 FROM scopes s WHERE s.scope_id = r.scope_id)",
    ),
    SEARCHABLE_HEADS_UNINDEXED,
    SEARCH_ENTRIES_NOT_HEADS,
    (
        "vector records of docs that are not indexed",
        """SELECT count(*) FROM doc_embeddings e
           WHERE NOT EXISTS (SELECT 1 FROM search_docs d WHERE d.doc_id = e.doc_id)""",
    ),
    ATOMIC_LIFECYCLE_INCONSISTENT,
    SOURCE_POSITIONS_NOT_DENSE,
    LINEAGE_WITHOUT_REVISION,
    NAMED_LINEAGE_WITHOUT_REVISION,
    (
        "current workspace files without code chunks",
        """SELECT count(*) FROM current_workspaces w
           JOIN workspace_files f ON f.scope_id = w.scope_id AND f.fingerprint = w.fingerprint
           JOIN code_blobs b ON b.file_sha256 = f.file_sha256
           WHERE b.line_count > 0 AND NOT EXISTS (SELECT 1 FROM code_chunks c
               WHERE c.scope_id = f.scope_id AND c.path = f.path AND c.file_sha256 = f.file_sha256)""",
    ),
    (
        "code chunks outside the current workspace",
        """SELECT count(*) FROM code_chunks c WHERE NOT EXISTS (
               SELECT 1 FROM current_workspaces w
               JOIN workspace_files f ON f.scope_id = w.scope_id AND f.fingerprint = w.fingerprint
               WHERE f.scope_id = c.scope_id AND f.path = c.path AND f.file_sha256 = c.file_sha256)""",
    ),
    (
        "workspace files without their blob",
        """SELECT count(*) FROM workspace_files f
           WHERE NOT EXISTS (SELECT 1 FROM code_blobs b WHERE b.file_sha256 = f.file_sha256)""",
    ),
)
