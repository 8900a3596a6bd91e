"""Fixtures for the store suite, parametrised over storage engines.

Every engine-neutral test takes ``store`` (or ``open_store`` to reopen the same database) and so
runs once per engine in ``ENGINES``. Adding an engine means adding one opener to ``_OPENERS``;
no test is copied.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pcreceipt.store.protocol import Scope, Store
from pcreceipt.store.sqlite import SQLiteStore

StoreOpener = Callable[..., Store]


def _open_sqlite(workdir: Path, **options: object) -> Store:
    return SQLiteStore(workdir / "store.db", **options)


_OPENERS: dict[str, Callable[..., Store]] = {"sqlite": _open_sqlite}
ENGINES = tuple(_OPENERS)


@pytest.fixture(params=ENGINES)
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreOpener]:
    """Open (or reopen) this test's database on the parametrised engine; closed at teardown."""
    opened: list[Store] = []

    def opener(**options: object) -> Store:
        store = _OPENERS[request.param](tmp_path, **options)
        opened.append(store)
        return store

    yield opener
    for store in opened:
        store.close()


@pytest.fixture
def store(open_store: StoreOpener) -> Store:
    return open_store()


@pytest.fixture
def make_scope(store: Store) -> Callable[..., Scope]:
    """Create a Scope with defaults for every field the test does not care about."""
    counter = iter(range(1_000_000))

    def make(**fields: object) -> Scope:
        number = next(counter)
        arguments: dict[str, object] = {
            "title": f"Scope {number}",
            "summary": "A Scope for tests",
            "idempotency_key": f"key-{number}",
            "parent_scope_id": None,
            "context_references": [],
            "external_references": [],
            **fields,
        }
        scope, _ = store.create_scope(**arguments)
        return scope

    return make


@pytest.fixture
def scope_id(make_scope: Callable[..., Scope]) -> str:
    return make_scope().scope_id
