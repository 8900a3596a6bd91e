"""Fixtures for the store suite, parametrised over storage engines.

Every engine-neutral test takes ``store`` (or ``open_store`` to reopen the same database) and so
runs once per engine in ``ENGINES`` (SQLite, and OceanBase on one seekdb server per session).
Adding an engine means adding one opener to ``_OPENERS`` (``tests/_support/engines.py``); no test is
copied. Tests of what only SQLite has are parametrised over SQLite alone (``engines.sqlite_only``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from _support.engines import ENGINES, OPENERS, StoreOpener

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import Scope

_OPENERS: dict[str, Callable[..., Store]] = OPENERS
__all__ = ["ENGINES"]


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
