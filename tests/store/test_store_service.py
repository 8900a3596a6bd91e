"""The server identity and bootstrap delivery receipts on every engine."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest
import sqlean  # type: ignore[import-untyped]
from _support.engines import StoreOpener, open_engine_store

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import BootstrapReceipt, BootstrapReceiptState, RecordNotFound, Scope
from pcreceipt.store.sqlite import SQLiteStore
from pcreceipt.store.sqlite import schema as sqlite_schema

DIGEST = "sha256:" + "0" * 64


def receipt(scope_id: str, state: str = "pending", event_key: str | None = None) -> BootstrapReceipt:
    key = event_key or uuid.uuid4().hex * 2
    stored_state = cast(BootstrapReceiptState, state)
    return BootstrapReceipt("bcr_" + uuid.uuid4().hex, scope_id, key, DIGEST, stored_state, "2026-01-01T00:00:00Z")


def test_the_server_id_is_made_once_and_survives_reopening(open_store: StoreOpener) -> None:
    first = open_store()
    server_id = first.server_id()
    assert 1 <= len(server_id) <= 128 and server_id == first.server_id()
    first.close()
    again = open_store()
    assert again.server_id() == server_id
    assert again.check_integrity() == []


def test_another_database_has_another_server_id(
    engine_name: str, store: Store, tmp_path_factory: pytest.TempPathFactory
) -> None:
    other = open_engine_store(engine_name, tmp_path_factory.mktemp("other"))
    try:
        assert other.server_id() != store.server_id()
    finally:
        other.close()


def test_one_receipt_per_event(store: Store, scope_id: str) -> None:
    first = receipt(scope_id, "skipped", "e" * 64)
    stored, created = store.create_bootstrap_receipt(first)
    assert created and stored == first
    again, created = store.create_bootstrap_receipt(receipt(scope_id, "skipped", "e" * 64))
    assert not created and again == first
    assert store.bootstrap_receipt_for_event("e" * 64) == first
    assert store.bootstrap_receipt_for_event("f" * 64) is None


def test_a_receipt_needs_its_scope(store: Store) -> None:
    with pytest.raises(RecordNotFound):
        store.create_bootstrap_receipt(receipt("scp_missing"))


def test_delivery_moves_a_pending_receipt_once(store: Store, scope_id: str, make_scope: Callable[..., Scope]) -> None:
    pending, _ = store.create_bootstrap_receipt(receipt(scope_id))
    moved, claimed = store.record_bootstrap_delivery(scope_id, pending.receipt_id, "injected")
    assert claimed and moved is not None and moved.state == "injected"
    again, claimed = store.record_bootstrap_delivery(scope_id, pending.receipt_id, "failed")
    assert not claimed and again is not None and again.state == "injected"
    other = make_scope().scope_id
    assert store.record_bootstrap_delivery(other, pending.receipt_id, "failed") == (None, False)
    assert store.record_bootstrap_delivery(scope_id, "bcr_unknown", "failed") == (None, False)
    assert store.record_bootstrap_delivery("scp_missing", pending.receipt_id, "failed") == (None, False)


def test_concurrent_claims_move_a_receipt_once(store: Store, scope_id: str) -> None:
    pending, _ = store.create_bootstrap_receipt(receipt(scope_id))
    claims: list[bool] = []

    def claim() -> None:
        claims.append(store.record_bootstrap_delivery(scope_id, pending.receipt_id, "injected")[1])

    threads = [threading.Thread(target=claim) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(claims) == [False, False, False, True]


def test_a_version_2_sqlite_database_gains_its_server_id_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.db"
    conn = sqlean.connect(str(path), isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    with monkeypatch.context() as patch:
        patch.setattr(sqlite_schema, "MIGRATIONS", sqlite_schema.MIGRATIONS[:2])
        assert sqlite_schema.apply_migrations(conn) == [1, 2]
    conn.execute("COMMIT")
    conn.close()
    ids = []
    for _ in range(2):
        store = SQLiteStore(path)
        try:
            ids.append(store.server_id())
            assert store.check_integrity() == []
        finally:
            store.close()
    assert ids[0] == ids[1]
