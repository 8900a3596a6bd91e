"""An HTTP prepare on OceanBase checks out two pooled connections (each pinged once): one for the
authorisation's Scope read, one for everything after it (the run's reads, and the statistics it
records: the lineage read and the write). Before, every read and write took its own."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from _support.engines import oceanbase_only, pool_checkouts
from _support.servers import running

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.oceanbase.store import OceanBaseStore
from pcreceipt.store.protocol import Store


@pytest.fixture
def http(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    app = create_app(Settings(data_dir=tmp_path), store=engine_store)
    with running(app) as url, httpx.Client(base_url=url) as client:
        yield client


@oceanbase_only
def test_an_http_prepare_checks_out_twice(engine_store: Store, http: httpx.Client) -> None:
    assert isinstance(engine_store, OceanBaseStore)
    scope, _ = engine_store.create_scope(
        title="t", summary="s", idempotency_key="k", parent_scope_id=None, context_references=[], external_references=[]
    )
    for text in ("SQLite runs in WAL mode", "WAL keeps readers unblocked"):
        engine_store.create_artifact(scope.scope_id, "atomic-memory", {"kind": "fact", "text": text})
    body = {"scope_id": scope.scope_id, "query": "WAL mode", "include_receipt": True}
    assert http.post("/v1/context/prepare", json=body).status_code == 200  # warm: the app's first request
    with pool_checkouts(engine_store) as counted:
        response = http.post("/v1/context/prepare", json=body)
    assert response.status_code == 200 and response.json()["status"] == "ready"
    assert counted[0] == 2
    today = datetime.now(UTC).date()
    first, last = (today - timedelta(days=1)).isoformat(), today.isoformat()  # a run across midnight
    recall = engine_store.scope_statistics([scope.scope_id], first, last)[scope.scope_id].recall
    assert sum(row.preparations for row in recall) == 2  # the statistics were written through the pin
    assert sum(row.comparable_preparations for row in recall) == 2  # and their lineage read
