"""Storage engines for tests: one opener per engine, and pytest fixtures any test folder can reuse.

``ENGINES`` names every engine; ``open_engine_store(name, workdir, **options)`` opens (or
reopens) the store of ``workdir`` on that engine. SQLite keeps a file in ``workdir``; OceanBase
uses the session's ONE seekdb server (``_support.seekdb``) and a fresh database per ``workdir``,
so every test starts empty and a reopen within the test sees the same data.

The fixtures are registered once, by the root ``conftest.py`` (``pytest_plugins``), so every
folder has them and the session has one seekdb server: a test taking ``engine_store`` (or a
folder's ``store`` built on it) runs once per engine. A test that is inherently SQLite-only is
parametrised over SQLite alone with ``@sqlite_only`` (it shows as ``test_x[sqlite]``; it is never
skipped at run time). When the seekdb server cannot start, every
OceanBase test errors with the reason (``SeekdbError``); nothing is skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from _support import seekdb
from _support.seekdb import oceanbase_connection, oceanbase_url
from pcreceipt.store.protocol import Store
from pcreceipt.store.sqlite import SQLiteStore

ENGINES: tuple[str, ...] = ("sqlite", "oceanbase")
StoreOpener = Callable[..., Store]
sqlite_only = pytest.mark.parametrize("engine_name", ["sqlite"])
"""Parametrise a test over the SQLite engine only (for what only SQLite has: files, PRAGMAs, sqlite-vec)."""


def oceanbase_only(test: Callable[..., None]) -> Callable[..., None]:
    """Parametrise a test over the OceanBase engine only (for what only it has: its connection pool,
    its optimizer's plans), with the session's seekdb server started first (shows as ``test_x[oceanbase]``)."""
    marked = pytest.mark.parametrize("engine_name", ["oceanbase"])(test)
    return pytest.mark.usefixtures("seekdb_server")(marked)


def open_sqlite(workdir: Path, **options: object) -> Store:
    return SQLiteStore(workdir / "store.db", **options)  # type: ignore[arg-type]


def open_oceanbase(workdir: Path, **options: object) -> Store:
    from pcreceipt.store.oceanbase.store import OceanBaseStore

    return OceanBaseStore(oceanbase_url(workdir), **options)  # type: ignore[arg-type]


OPENERS: dict[str, Callable[..., Store]] = {"sqlite": open_sqlite, "oceanbase": open_oceanbase}


def open_engine_store(engine: str, workdir: Path, **options: object) -> Store:
    """Open (or reopen) ``workdir``'s store on ``engine``; OceanBase needs ``seekdb_server`` active."""
    return OPENERS[engine](workdir, **options)


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
    if engine_name == "oceanbase" and seekdb.current() is None:
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
    with oceanbase_connection(workdir) as conn, conn.cursor() as cursor:
        cursor.execute(sql, parameters)
        return [tuple(row) for row in cursor.fetchall()]


@contextmanager
def pool_checkouts(store: Store) -> Iterator[list[int]]:
    """How many connections an OceanBase store's pool hands out while the block runs (each one is
    pinged): ``[count]``, read after the block."""
    from sqlalchemy import event

    from pcreceipt.store.oceanbase.store import OceanBaseStore

    assert isinstance(store, OceanBaseStore)
    pool = store._engine.pool
    counted = [0]

    def count(*_: object) -> None:
        counted[0] += 1

    event.listen(pool, "checkout", count)
    try:
        yield counted
    finally:
        event.remove(pool, "checkout", count)
