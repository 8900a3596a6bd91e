"""The SQLite engine's connections and error translation.

Decisions:
- Binding: ``sqlean.py`` (``import sqlean``), because the interpreter's ``sqlite3`` cannot load
  extensions. Vectors come from ``sqlite-vec``; a connection on which it cannot be loaded still
  works (the store then has no vector search).
- Every connection is in autocommit mode (transactions are opened explicitly) with WAL,
  ``synchronous=NORMAL``, foreign keys on, a 64 MiB page cache (vec0 inserts thrash the
  default 2 MiB) and a 5 s busy timeout.
- SQLite errors are translated at the transaction boundary: busy, I/O, full, corrupt and
  similar conditions become ``StoreUnavailable``; anything else a content-free ``StoreError``.
  Messages never carry bodies or query text (the original message may hold user text).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, cast

import sqlean  # type: ignore[import-untyped]

from pcreceipt.store.records import InvalidRecord, StoreError, StoreUnavailable

if TYPE_CHECKING:
    from sqlite3 import Connection

BUSY_TIMEOUT_SECONDS = 5.0
CACHE_KIB = 65536  # not a contract limit: SQLite's page cache size
_UNAVAILABLE_ERRORS = (
    "SQLITE_BUSY",
    "SQLITE_LOCKED",
    "SQLITE_IOERR",
    "SQLITE_CANTOPEN",
    "SQLITE_FULL",
    "SQLITE_CORRUPT",
    "SQLITE_NOTADB",
    "SQLITE_READONLY",
    "SQLITE_PROTOCOL",
    "SQLITE_NOMEM",
    "SQLITE_PERM",
)


@contextmanager
def translated_errors() -> Iterator[None]:
    """Turn SQLite errors into content-free store errors.

    An integer outside SQLite's signed 64-bit range cannot be bound (``OverflowError``): that is
    invalid input (the contract leaves some counts unbounded), not an engine failure.
    """
    try:
        yield
    except OverflowError:
        raise InvalidRecord("an integer is outside the engine's 64-bit range") from None
    except sqlean.Error as error:
        name = str(getattr(error, "sqlite_errorname", None) or type(error).__name__)
        unavailable = any(name == code or name.startswith(code + "_") for code in _UNAVAILABLE_ERRORS)
        kind = StoreUnavailable if unavailable else StoreError
        raise kind(f"sqlite engine error ({name})") from None


def open_connection(path: Path) -> tuple[Connection, bool]:
    """A configured connection to the database at ``path``, and whether sqlite-vec loaded on it."""
    with translated_errors():
        conn = cast(
            "Connection",
            sqlean.connect(str(path), timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, check_same_thread=False),
        )
        _enter_wal(conn)
        for pragma in ("synchronous=NORMAL", "foreign_keys=ON", f"cache_size=-{CACHE_KIB}"):
            conn.execute(f"PRAGMA {pragma}")
    return conn, _load_vector_extension(conn)


def _enter_wal(conn: Connection) -> None:
    """``PRAGMA journal_mode=WAL``, retried while another connection holds the lock it needs.

    SQLite does not call the busy handler for a journal-mode change: two processes opening one
    fresh database at the same moment get SQLITE_BUSY at once from one of them. The change is
    retried for up to ``BUSY_TIMEOUT_SECONDS``, as every other statement waits.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlean.OperationalError as error:
            if getattr(error, "sqlite_errorname", "") != "SQLITE_BUSY" or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


def _load_vector_extension(conn: Connection) -> bool:
    """Load sqlite-vec into ``conn``; False when the package or the extension cannot be loaded."""
    try:
        import sqlite_vec  # type: ignore[import-untyped]

        conn.enable_load_extension(True)
        try:
            sqlite_vec.load(conn)
        finally:
            conn.enable_load_extension(False)
    except (ImportError, OSError, AttributeError, sqlean.Error):
        return False
    return True


def fts_integrity(conn: Connection, table: str) -> list[str]:
    """FTS5's own integrity check of a full-text table; one content-free problem when it fails."""
    try:
        conn.execute(f"INSERT INTO {table} ({table}, rank) VALUES ('integrity-check', 0)")
    except sqlean.Error:
        return [f"full-text index {table} failed its integrity check"]
    return []
