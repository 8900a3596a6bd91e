"""Fixtures shared by the HTTP tests in this folder: an injected clock and a client of a real
server on loopback over the engine under test (``engine_store``, both engines).

A module sets ``CLOCK_START`` to start its clock elsewhere than :data:`CLOCK_START`; a module that
needs another server (a model provider, a served process) defines its own ``http``."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from _support.clock import Clock
from _support.servers import running

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store

CLOCK_START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock(request: pytest.FixtureRequest) -> Clock:
    """A clock that moves only when the test moves it, from the module's ``CLOCK_START``."""
    return Clock(getattr(request.module, "CLOCK_START", CLOCK_START))


@pytest.fixture
def http(engine_store: Store, clock: Clock, tmp_path: Path) -> Iterator[httpx.Client]:
    """A client of ``create_app`` served on loopback over ``engine_store``, on ``clock``."""
    app = create_app(Settings(data_dir=tmp_path), store=engine_store, clock=clock)
    with running(app) as url, httpx.Client(base_url=url) as client:
        yield client
