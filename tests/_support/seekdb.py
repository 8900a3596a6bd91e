"""The test session's one seekdb server, and fresh OceanBase databases on it.

``seekdb_server`` (a session fixture, registered by the root ``conftest.py``) starts one
loopback-only seekdb server on first use, by ``pcreceipt.store.oceanbase.seekdb``, as a child of the test
process, and stops it at the end. ``oceanbase_database(workdir)`` hands each ``workdir`` a fresh,
already migrated database (the same one on every later call); ``oceanbase_url`` is its URL.

A database handed to a test's own ``tmp_path`` is emptied after the test and handed out again
(``_Recycler``): creating and migrating one costs the server about 0.7 s of CPU, emptying one
about 0.1 s, and the suite takes hundreds. Emptied means as a fresh one is: the same tables and
columns, no rows but the migrations' own (a new server identity), no table a test added (vector
tables are dropped), nobody connected to it. A database that differs in any other way, or that
cannot be emptied at once, is never handed out again.
"""

from __future__ import annotations

import itertools
import os
import queue
import secrets
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from pcreceipt.store.oceanbase.seekdb import SeekdbServer, start_seekdb

READY_DATABASES = 4
PREPARING_THREADS = 2
PREPARE_ATTEMPTS = 2


_SEEDED = ("schema_migrations", "migration_lock")
"""The tables whose rows a fresh database has, kept as they are (``server_identity`` is new each time)."""
_IDENTITY = "server_identity"
_VECTOR_TABLE = "vec_"
_EMPTYING_TIMEOUT_US = 5_000_000


class _Recycler:
    """Empties a used database back into the state of a fresh one, or says it cannot.

    What a fresh one is, is learnt from the first fresh database: its tables, their columns, and
    the rows of ``_SEEDED``. Every check runs before anything is deleted."""

    def __init__(self, server: SeekdbServer) -> None:
        self._server = server
        self._fresh: tuple[object, ...] | None = None
        self._lock = threading.Lock()

    def _connect(self, name: str) -> Any:
        import pymysql

        return pymysql.connect(
            host=self._server.host,
            port=self._server.port,
            user=self._server.user,
            password=self._server.password,
            database=name,
            charset="utf8mb4",
            autocommit=True,
            read_timeout=30,
        )

    @staticmethod
    def _shape(cursor: Any, name: str) -> tuple[object, ...]:
        cursor.execute(
            """SELECT table_name, column_name, column_type, is_nullable, column_default, ordinal_position
               FROM information_schema.columns WHERE table_schema = %s ORDER BY table_name, ordinal_position""",
            (name,),
        )
        columns = tuple(tuple(row) for row in cursor.fetchall())
        seeded = []
        for table in _SEEDED:
            cursor.execute(f"SELECT * FROM `{table}` ORDER BY 1")
            seeded.append(tuple(tuple(row)[:2] for row in cursor.fetchall()))  # not applied_at
        return (columns, tuple(seeded))

    def learn(self, name: str) -> None:
        """Take ``name`` (fresh, just migrated) as what a fresh database is, once."""
        with self._lock:
            if self._fresh is not None:
                return
        try:
            conn = self._connect(name)
        except Exception:
            return
        try:
            with conn.cursor() as cursor:
                shape = self._shape(cursor, name)
        except Exception:
            return
        finally:
            conn.close()
        with self._lock:
            self._fresh = self._fresh or shape

    def empty(self, name: str) -> bool:
        """Make ``name`` as a fresh database is; False (and nothing deleted) when it cannot be."""
        with self._lock:
            fresh = self._fresh
        if fresh is None:
            return False
        try:
            conn = self._connect(name)
        except Exception:
            return False
        try:
            with conn.cursor() as cursor:
                cursor.execute(f"SET SESSION ob_query_timeout = {_EMPTYING_TIMEOUT_US}")
                cursor.execute(
                    "SELECT COUNT(*) FROM information_schema.processlist WHERE db = %s AND id <> CONNECTION_ID()",
                    (name,),
                )
                if cursor.fetchone()[0]:
                    return False  # somebody is still connected: whatever it writes would stay
                cursor.execute("SHOW TABLES")
                for (table,) in cursor.fetchall():
                    if str(table).startswith(_VECTOR_TABLE):
                        cursor.execute(f"DROP TABLE `{table}`")
                if self._shape(cursor, name) != fresh:
                    return False
                cursor.execute("SHOW TABLES")
                for (table,) in cursor.fetchall():
                    if table not in _SEEDED:
                        cursor.execute(f"DELETE FROM `{table}`")
                cursor.execute(
                    f"INSERT INTO `{_IDENTITY}` (identity_key, server_id) VALUES (1, %s)", (secrets.token_hex(16),)
                )
            return True
        except Exception as error:
            print(f"a used OceanBase database was not emptied ({name}): {error}", file=sys.__stderr__)
            return False
        finally:
            conn.close()


class _FreshDatabases:
    """Fresh, already migrated databases, prepared by a background thread while tests run.

    Creating a database and its schema costs the server about half a second, mostly waiting on
    its own background work; preparing a few ahead overlaps that with the running tests. Every
    name is handed out once.
    """

    def __init__(self, server: SeekdbServer) -> None:
        self._server = server
        self._ready: queue.Queue[str | BaseException] = queue.Queue(maxsize=READY_DATABASES)
        self._stop = threading.Event()
        self._counter = itertools.count(1)
        self._lock = threading.Lock()
        self._used: queue.Queue[str] = queue.Queue()
        self._recycler = _Recycler(server)
        self._threads = [
            threading.Thread(target=self._fill, name=f"fresh-databases-{n}", daemon=True)
            for n in range(PREPARING_THREADS)
        ]
        for thread in self._threads:
            thread.start()

    def recycle(self, name: str) -> None:
        """Empty ``name`` (a test is done with it) in the background and hand it out again."""
        self._used.put(name)

    def _fill(self) -> None:
        from pcreceipt.store.oceanbase.store import OceanBaseStore
        from pcreceipt.store.records import StoreUnavailable

        while not self._stop.is_set():
            try:
                used = self._used.get_nowait()
            except queue.Empty:
                used = None
            if used is not None and self._recycler.empty(used):
                self._offer(used)
                continue
            with self._lock:
                name = f"t{os.getpid()}_{next(self._counter)}"
            item: str | BaseException = name
            for attempt in range(1, PREPARE_ATTEMPTS + 1):
                try:
                    OceanBaseStore(self._server.url(name)).close()
                    item = name
                    break
                except StoreUnavailable as error:
                    # the server could not serve this now (a lost session under load): said, then
                    # tried again under a new name; a test taking this database fails on the last
                    item = error
                    print(f"preparing a fresh OceanBase database, attempt {attempt}: {error}", file=sys.__stderr__)
                    with self._lock:
                        name = f"t{os.getpid()}_{next(self._counter)}"
                except BaseException as error:
                    item = error
                    break
            if isinstance(item, str):
                self._recycler.learn(item)
            self._offer(item)

    def _offer(self, item: str | BaseException) -> None:
        while not self._stop.is_set():
            try:
                self._ready.put(item, timeout=0.2)
                return
            except queue.Full:
                continue

    def take(self) -> str:
        item = self._ready.get(timeout=120)
        if isinstance(item, BaseException):
            raise item
        return item

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=60)


_server: SeekdbServer | None = None
_fresh: _FreshDatabases | None = None
_databases: dict[Path, str] = {}
_databases_lock = threading.Lock()
_taken: dict[str, list[Path]] = {}
"""The workdirs each running test took a database for (by node id)."""


def set_seekdb_server(server: SeekdbServer | None) -> None:
    """The server OceanBase stores open databases on (set by the ``seekdb_server`` fixture)."""
    global _server, _fresh
    if _fresh is not None:
        _fresh.stop()
    _server = server
    _fresh = None if server is None else _FreshDatabases(server)


def oceanbase_database(workdir: Path) -> str:
    """The name of ``workdir``'s database: a fresh one on first use, the same one afterwards."""
    if _server is None or _fresh is None:
        raise RuntimeError("no seekdb server: request the seekdb_server fixture first")
    with _databases_lock:  # two threads of one test opening its store at once get one database
        database = _databases.get(workdir)
        if database is None:
            database = _databases[workdir] = _fresh.take()
            if _RUNNING:
                _taken.setdefault(_RUNNING[-1].nodeid, []).append(workdir)
    return database


def _recycle_after(item: pytest.Item) -> None:
    """Hand the databases ``item`` took for its own ``tmp_path`` back to be emptied; a workdir of a
    wider scope (a module's, the session's) keeps its database for the tests that follow."""
    workdirs = _taken.pop(item.nodeid, [])
    tmp_path = (getattr(item, "funcargs", None) or {}).get("tmp_path")
    if _fresh is None or not isinstance(tmp_path, Path):
        return
    for workdir in workdirs:
        if workdir.is_relative_to(tmp_path):
            with _databases_lock:
                name = _databases.pop(workdir, None)
            if name is not None:
                _fresh.recycle(name)


@contextmanager
def oceanbase_connection(workdir: Path) -> Iterator[Any]:
    """A direct pymysql connection (autocommit) to ``workdir``'s database on the session's server,
    bypassing the store: for tests that inspect or damage what a store wrote."""
    import pymysql

    server = current()
    if server is None:
        raise RuntimeError("no seekdb server: request the seekdb_server fixture first")
    conn = pymysql.connect(
        host=server.host,
        port=server.port,
        user=server.user,
        password=server.password,
        database=oceanbase_database(workdir),
        charset="utf8mb4",
        autocommit=True,
    )
    try:
        yield conn
    finally:
        conn.close()


def oceanbase_url(workdir: Path, **query: object) -> str:
    """The URL of ``workdir``'s database on the session's seekdb server (``query``: URL options)."""
    if _server is None:
        raise RuntimeError("no seekdb server: request the seekdb_server fixture first")
    options = "&".join(f"{key}={value}" for key, value in query.items())
    return _server.url(oceanbase_database(workdir)) + (f"?{options}" if options else "")


def current() -> SeekdbServer | None:
    """The running session server, or None before ``seekdb_server`` started it (or after it stopped)."""
    return _server


_RUNNING: list[pytest.Item] = []
"""The test being run (set around each test), so ``seekdb_server`` can check its mark."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[object]:
    _RUNNING.append(item)
    try:
        return (yield)
    finally:
        _RUNNING.pop()
        _taken.pop(item.nodeid, None)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[object]:
    """After the test's own fixtures are finalised (its stores closed, its servers stopped), while
    its fixture values are still readable."""
    try:
        return (yield)
    finally:
        _recycle_after(item)


@pytest.fixture(scope="session")
def seekdb_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SeekdbServer]:
    """One loopback-only seekdb server for the whole session, stopped at the end.

    Started for a test marked ``oceanbase`` only: a test reaching it some way the root conftest
    does not see (``request.getfixturevalue`` without an ``"oceanbase"`` parameter) fails here
    and says to mark it, so ``-m "not oceanbase"`` (the quick tier) never starts seekdb."""
    test = _RUNNING[-1] if _RUNNING else None
    if test is not None and test.get_closest_marker("oceanbase") is None:
        raise RuntimeError(f"{test.nodeid} starts the seekdb server but is not marked oceanbase: mark it")
    server = start_seekdb(tmp_path_factory.mktemp("seekdb"))
    set_seekdb_server(server)
    try:
        yield server
    finally:
        set_seekdb_server(None)
        server.stop()
