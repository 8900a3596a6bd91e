"""Fixtures of the Receipt acceptance suite: a real store on every engine, and a real loopback
provider. ``store`` runs each test once per engine (SQLite, OceanBase on seekdb)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from _support.fakes import FakeInference
from _support.receipts import OPEN_RUNTIMES

from pcreceipt.store.protocol import Store


@pytest.fixture
def store(engine_store: Store) -> Store:
    return engine_store


@pytest.fixture(autouse=True)
def close_runtimes() -> Iterator[None]:
    yield
    while OPEN_RUNTIMES:
        OPEN_RUNTIMES.pop().close()


@pytest.fixture
def fake() -> Iterator[FakeInference]:
    with FakeInference() as server:
        yield server
