"""Scope bindings and the default Scope on every engine: the default created once (also by
concurrent openers of one fresh database), binding upsert and clear, resolution order."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
import sqlean  # type: ignore[import-untyped]
from _support.engines import StoreOpener, sqlite_only
from _support.races import at_once

from pcreceipt.store.bindings import DEFAULT_SCOPE_KEY, DEFAULT_SCOPE_SUMMARY, DEFAULT_SCOPE_TITLE
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import BindingKey, RecordNotFound, Scope
from pcreceipt.store.sqlite import SQLiteStore
from pcreceipt.store.sqlite import schema as sqlite_schema

WORKSPACE = BindingKey("claude-code", "workspace", "/home/me/payments")
SESSION = BindingKey("claude-code", "session", "s-1")
OTHER_HOST = BindingKey("codex", "workspace", "/home/me/payments")


def _all_scopes(store: Store) -> list[Scope]:
    return store.list_scopes(limit=1000, after=None)


def test_a_fresh_store_has_no_default_until_ensured(store: Store) -> None:
    assert store.default_scope_id() is None
    assert _all_scopes(store) == []
    scope_id = store.ensure_default_scope()
    scope = store.get_scope(scope_id)
    assert scope is not None
    assert (scope.title, scope.summary, scope.parent_scope_id) == (DEFAULT_SCOPE_TITLE, DEFAULT_SCOPE_SUMMARY, None)
    assert store.default_scope_id() == scope_id
    assert store.ensure_default_scope() == scope_id
    assert [s.scope_id for s in _all_scopes(store)] == [scope_id]
    assert store.check_integrity() == []


def test_the_default_survives_reopening(open_store: StoreOpener) -> None:
    scope_id = open_store().ensure_default_scope()
    reopened = open_store()
    assert reopened.default_scope_id() == scope_id
    assert reopened.ensure_default_scope() == scope_id


def test_the_default_reuses_the_scope_of_its_idempotency_key(store: Store) -> None:
    """A Scope created earlier under PowerContext's key (e.g. by an import) becomes the default."""
    earlier, _ = store.create_scope(
        title=DEFAULT_SCOPE_TITLE,
        summary=DEFAULT_SCOPE_SUMMARY,
        idempotency_key=DEFAULT_SCOPE_KEY,
        parent_scope_id=None,
        context_references=[],
        external_references=[],
    )
    assert store.ensure_default_scope() == earlier.scope_id
    assert len(_all_scopes(store)) == 1


def test_concurrent_openers_of_one_fresh_database_create_one_default(open_store: StoreOpener) -> None:
    """Two store objects (two connections; for SQLite to one file) open the same fresh database and
    ensure the default at the same moment: one Scope, one pointer, the same answer."""
    barrier = threading.Barrier(2)
    answers: list[str] = []
    errors: list[BaseException] = []
    stores: list[Store] = []

    def start() -> None:
        try:
            barrier.wait(timeout=30)
            opened = open_store()
            stores.append(opened)
            answers.append(opened.ensure_default_scope())
        except BaseException as exc:  # reported below, on the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert len(answers) == 2 and answers[0] == answers[1]
    scopes = _all_scopes(stores[0])
    assert [s.scope_id for s in scopes] == [answers[0]]
    assert stores[1].default_scope_id() == answers[0]


def test_set_default_needs_an_existing_scope(store: Store, make_scope: Callable[..., Scope]) -> None:
    first = store.ensure_default_scope()
    other = make_scope()
    store.set_default_scope(other.scope_id)
    assert store.default_scope_id() == other.scope_id
    assert store.ensure_default_scope() == other.scope_id
    with pytest.raises(RecordNotFound):
        store.set_default_scope("scp_missing")
    assert store.default_scope_id() == other.scope_id
    store.set_default_scope(first)
    assert store.default_scope_id() == first


def test_binding_upsert_and_clear(store: Store, make_scope: Callable[..., Scope]) -> None:
    a, b = make_scope(), make_scope()
    assert store.bound_scope_id([WORKSPACE]) is None
    store.set_scope_binding(WORKSPACE, a.scope_id)
    assert store.bound_scope_id([WORKSPACE]) == a.scope_id
    store.set_scope_binding(WORKSPACE, a.scope_id)  # idempotent
    store.set_scope_binding(WORKSPACE, b.scope_id)  # the last write wins
    assert store.bound_scope_id([WORKSPACE]) == b.scope_id
    assert store.bound_scope_id([OTHER_HOST]) is None  # integration is part of the key
    with pytest.raises(RecordNotFound):
        store.set_scope_binding(SESSION, "scp_missing")
    assert store.bound_scope_id([SESSION]) is None
    assert store.clear_scope_binding(WORKSPACE) is True
    assert store.clear_scope_binding(WORKSPACE) is False
    assert store.bound_scope_id([WORKSPACE]) is None
    assert store.get_scope(b.scope_id) == b  # clearing a binding leaves the Scope


def test_concurrent_clears_of_one_binding_tell_exactly_one_caller_it_cleared(
    open_store: StoreOpener, make_scope: Callable[..., Scope]
) -> None:
    """Eight clears of one bound key from four store objects (four pools, four connections at least;
    for SQLite four handles on one file), released together, over several rounds: exactly one is
    told it cleared the binding, whatever the others read before their delete."""
    stores = [open_store() for _ in range(4)]
    for round_number in range(5):
        key = BindingKey("claude-code", "session", f"race-{round_number}")
        stores[0].set_scope_binding(key, make_scope().scope_id)
        answers = at_once([partial(stores[n % 4].clear_scope_binding, key) for n in range(8)])
        assert sorted(answers) == [False] * 7 + [True], round_number  # type: ignore[type-var]
        assert all(store.bound_scope_id([key]) is None for store in stores)


def test_keys_match_exactly(store: Store, make_scope: Callable[..., Scope]) -> None:
    scope = make_scope()
    key = BindingKey("pi", "cwd", "/Work/Ünïcode dir")
    store.set_scope_binding(key, scope.scope_id)
    assert store.bound_scope_id([key]) == scope.scope_id
    for near in (
        BindingKey("pi", "cwd", "/work/Ünïcode dir"),
        BindingKey("pi", "cwd", "/Work/Ünïcode dir "),
        BindingKey("Pi", "cwd", "/Work/Ünïcode dir"),
        BindingKey("pi", "cwd", "/Work/Unicode dir"),
    ):
        assert store.bound_scope_id([near]) is None


def test_resolution_takes_the_first_bound_key_in_list_order(store: Store, make_scope: Callable[..., Scope]) -> None:
    a, b = make_scope(), make_scope()
    store.set_scope_binding(WORKSPACE, a.scope_id)
    store.set_scope_binding(SESSION, b.scope_id)
    unbound = BindingKey("claude-code", "workspace", "/elsewhere")
    assert store.bound_scope_id([]) is None
    assert store.bound_scope_id([unbound]) is None
    assert store.bound_scope_id([unbound, SESSION, WORKSPACE]) == b.scope_id
    assert store.bound_scope_id([WORKSPACE, SESSION]) == a.scope_id
    assert store.check_integrity() == []


@sqlite_only
def test_a_version_2_database_gains_the_binding_tables(engine_name: str, tmp_path: Path) -> None:
    """A database written before migration 3 is migrated on open and keeps its Scopes."""
    path = tmp_path / "old.db"
    conn = sqlean.connect(str(path), isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite_schema, "MIGRATIONS", sqlite_schema.MIGRATIONS[:2])
        assert sqlite_schema.apply_migrations(conn) == [1, 2]
    conn.execute("COMMIT")
    conn.close()
    store = SQLiteStore(path)
    try:
        assert store.default_scope_id() is None
        scope_id = store.ensure_default_scope()
        store.set_scope_binding(WORKSPACE, scope_id)
        assert store.bound_scope_id([WORKSPACE]) == scope_id
        assert store.check_integrity() == []
    finally:
        store.close()
