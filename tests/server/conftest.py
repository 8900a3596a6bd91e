"""Fixtures of the server tests that race a generative operation across servers: a slow fake
generation provider, and the racers (one SQLite server, or three ``pcreceipt serve`` over one
OceanBase database) configured with it (``_support.racers.generating_racers``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from _support.fakes import FakeInference
from _support.racers import Racers, generating_racers


@pytest.fixture(scope="module")
def slow_provider() -> Iterator[FakeInference]:
    """The fake OpenAI-compatible provider answering every chat after 0.3 s, so racers overlap
    their model calls."""
    with FakeInference() as inference:
        inference.configure("chat", "slow", delay=0.3)
        yield inference


@pytest.fixture(scope="module", params=["sqlite", "oceanbase"])
def provider_racers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, slow_provider: FakeInference
) -> Iterator[Racers]:
    """The module's racers on each engine, with ``slow_provider`` as their generation provider."""
    folder = tmp_path_factory.mktemp(f"{request.module.__name__.rsplit('.', 1)[-1]}-{request.param}")
    with generating_racers(request, folder, slow_provider.base_url) as racers:
        yield racers
