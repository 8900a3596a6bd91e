"""Fixtures shared by the HTTP tests in this folder: an injected clock and a client of a real
server on loopback over the engine under test (``engine_store``, both engines).

A module sets ``CLOCK_START`` to start its clock elsewhere than :data:`CLOCK_START`. ``generating``
is a server whose generation provider is the loopback fake ``fake`` (its timeout the module's
``GENERATION_TIMEOUT``, else :data:`GENERATION_TIMEOUT`); a module that needs yet another server
defines its own fixture."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from _support.clock import Clock
from _support.fakes import FakeInference
from _support.servers import running

from pcreceipt.config import EmbeddingSettings, GenerationSettings, Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store

CLOCK_START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
GENERATION_TIMEOUT = 3.0


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


@pytest.fixture
def fake() -> Iterator[FakeInference]:
    """The loopback fake OpenAI-compatible provider (right, slow, down or wrong on purpose)."""
    with FakeInference() as inference:
        yield inference


@pytest.fixture
def generating(
    engine_store: Store, tmp_path: Path, fake: FakeInference, request: pytest.FixtureRequest
) -> Iterator[httpx.Client]:
    """A client of a server over ``engine_store`` whose generation provider is ``fake``."""
    timeout = getattr(request.module, "GENERATION_TIMEOUT", GENERATION_TIMEOUT)
    generation = GenerationSettings(base_url=fake.base_url, model="fake/generator", timeout_seconds=timeout)
    app = create_app(Settings(data_dir=tmp_path, generation=generation), store=engine_store)
    with running(app) as url, httpx.Client(base_url=url, timeout=20) as client:
        yield client


@pytest.fixture
def embedded(engine_store: Store, tmp_path: Path, fake: FakeInference) -> Iterator[httpx.Client]:
    """A client of a server over ``engine_store`` whose embedder is ``fake`` (64 dimensions)."""
    embedding = EmbeddingSettings(base_url=fake.base_url, model="fake-embed", dimensions=64, timeout_seconds=2.0)
    app = create_app(Settings(data_dir=tmp_path, embedding=embedding), store=engine_store)
    with running(app) as url, httpx.Client(base_url=url, timeout=10) as client:
        yield client
