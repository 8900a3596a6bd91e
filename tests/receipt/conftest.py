"""Fixtures of the Receipt acceptance suite: a real store file and a real loopback provider."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fakes.inference_server import FakeInference
from support import OPEN_RUNTIMES

from pcreceipt.store.protocol import Store
from pcreceipt.store.sqlite import SQLiteStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = SQLiteStore(tmp_path / "store.db")
    yield opened
    opened.close()


@pytest.fixture(autouse=True)
def close_runtimes() -> Iterator[None]:
    yield
    while OPEN_RUNTIMES:
        OPEN_RUNTIMES.pop().close()


@pytest.fixture
def fake() -> Iterator[FakeInference]:
    with FakeInference() as server:
        yield server
