"""The test session's one seekdb server, and fresh OceanBase databases on it.

``seekdb_server`` (a session fixture, registered by the root ``conftest.py``) starts one
loopback-only seekdb server on first use, by ``pcreceipt.store.oceanbase.seekdb``, as a child of the test
process, and stops it at the end. ``oceanbase_database(workdir)`` hands each ``workdir`` a fresh,
already migrated database (the same one on every later call); ``oceanbase_url`` is its URL.
"""

from __future__ import annotations

import itertools
import os
import queue
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
        from pcreceipt.store.oceanbase.store import OceanBaseStore
        from pcreceipt.store.records import StoreUnavailable

        while not self._stop.is_set():
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
_databases_lock = threading.Lock()


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
    return database


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
