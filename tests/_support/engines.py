"""Storage engines for tests: one opener per engine, and pytest fixtures any test folder can reuse.

``ENGINES`` names every engine; ``open_engine_store(name, workdir, **options)`` opens (or
reopens) the store of ``workdir`` on that engine. SQLite keeps a file in ``workdir``; OceanBase
uses ONE seekdb server per test session (``seekdb_server``, started on first use by
``pcreceipt.store.seekdb`` as a child of the test process) and a fresh database per ``workdir``, so
every test starts empty and a reopen within the test sees the same data.

The fixtures are registered once, by the root ``conftest.py`` (``pytest_plugins``), so every
folder has them and the session has one seekdb server: a test taking ``engine_store`` (or a
folder's ``store`` built on it) runs once per engine. A test that is
inherently SQLite-only is parametrised over SQLite alone with ``@sqlite_only`` (it shows as
``test_x[sqlite]``; it is never skipped at run time). When the seekdb server cannot start, every
OceanBase test errors with the reason (``SeekdbError``); nothing is skipped.
"""

from __future__ import annotations

import itertools
import os
import queue
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pcreceipt.store.protocol import Store
from pcreceipt.store.seekdb import SeekdbServer, start_seekdb
from pcreceipt.store.sqlite import SQLiteStore

ENGINES: tuple[str, ...] = ("sqlite", "oceanbase")
StoreOpener = Callable[..., Store]
sqlite_only = pytest.mark.parametrize("engine_name", ["sqlite"])
"""Parametrise a test over the SQLite engine only (for what only SQLite has: files, PRAGMAs, sqlite-vec)."""

READY_DATABASES = 4
PREPARING_THREADS = 2


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
        self._threads = [
            threading.Thread(target=self._fill, name=f"fresh-databases-{n}", daemon=True)
            for n in range(PREPARING_THREADS)
        ]
        for thread in self._threads:
            thread.start()

    def _fill(self) -> None:
        from pcreceipt.store.oceanbase import OceanBaseStore

        while not self._stop.is_set():
            with self._lock:
                name = f"t{os.getpid()}_{next(self._counter)}"
            try:
                OceanBaseStore(self._server.url(name)).close()
                item: str | BaseException = name
            except BaseException as error:
                item = error
            while not self._stop.is_set():
                try:
                    self._ready.put(item, timeout=0.2)
                    break
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
    database = _databases.get(workdir)
    if database is None:
        database = _databases[workdir] = _fresh.take()
    return database


def oceanbase_url(workdir: Path, **query: object) -> str:
    """The URL of ``workdir``'s database on the session's seekdb server (``query``: URL options)."""
    if _server is None:
        raise RuntimeError("no seekdb server: request the seekdb_server fixture first")
    options = "&".join(f"{key}={value}" for key, value in query.items())
    return _server.url(oceanbase_database(workdir)) + (f"?{options}" if options else "")


def open_sqlite(workdir: Path, **options: object) -> Store:
    return SQLiteStore(workdir / "store.db", **options)  # type: ignore[arg-type]


def open_oceanbase(workdir: Path, **options: object) -> Store:
    from pcreceipt.store.oceanbase import OceanBaseStore

    return OceanBaseStore(oceanbase_url(workdir), **options)  # type: ignore[arg-type]


OPENERS: dict[str, Callable[..., Store]] = {"sqlite": open_sqlite, "oceanbase": open_oceanbase}


def open_engine_store(engine: str, workdir: Path, **options: object) -> Store:
    """Open (or reopen) ``workdir``'s store on ``engine``; OceanBase needs ``seekdb_server`` active."""
    return OPENERS[engine](workdir, **options)


@pytest.fixture(scope="session")
def seekdb_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SeekdbServer]:
    """One loopback-only seekdb server for the whole session, stopped at the end."""
    server = start_seekdb(tmp_path_factory.mktemp("seekdb"))
    set_seekdb_server(server)
    try:
        yield server
    finally:
        set_seekdb_server(None)
        server.stop()


@pytest.fixture(params=ENGINES)
def engine_name(request: pytest.FixtureRequest) -> str:
    """The engine under test; starts the session's seekdb server when it is OceanBase."""
    name = str(request.param)
    if name == "oceanbase":
        request.getfixturevalue("seekdb_server")
    return name


@pytest.fixture
def open_store(engine_name: str, tmp_path: Path) -> Iterator[StoreOpener]:
    """Open (or reopen) this test's store on the parametrised engine; every store closed at teardown."""
    if engine_name == "oceanbase" and _server is None:
        raise RuntimeError("the seekdb server is not running")
    opened: list[Store] = []

    def opener(**options: object) -> Store:
        store = open_engine_store(engine_name, tmp_path, **options)
        opened.append(store)
        return store

    yield opener
    for store in opened:
        store.close()


@pytest.fixture
def engine_store(open_store: StoreOpener) -> Store:
    """A fresh, empty store on the parametrised engine."""
    return open_store()


def raw_sql(engine: str, workdir: Path, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Run one statement directly on ``workdir``'s database (bypassing the store); its rows.

    SQL is the engine's own dialect (``?`` placeholders for SQLite, ``%s`` for OceanBase). For
    tests that inspect or damage what a store wrote.
    """
    if engine == "sqlite":
        import sqlean  # type: ignore[import-untyped]

        conn = sqlean.connect(str(workdir / "store.db"), isolation_level=None)
        try:
            return [tuple(row) for row in conn.execute(sql, parameters).fetchall()]
        finally:
            conn.close()
    if _server is None:
        raise RuntimeError("no seekdb server: request the seekdb_server fixture first")
    import pymysql

    conn = pymysql.connect(
        host=_server.host,
        port=_server.port,
        user=_server.user,
        password=_server.password,
        database=oceanbase_database(workdir),
        charset="utf8mb4",
        autocommit=True,
    )
    try:
        with conn.cursor() as cursor:
            cursor.execute(sql, parameters)
            return [tuple(row) for row in cursor.fetchall()]
    finally:
        conn.close()
