"""activate_handoff raced with a generation provider (the fake OpenAI-compatible one, answering
slowly so the racers overlap): of K activations at one new boundary exactly one is ``generated``
and the others are ``ignored`` at that boundary, on one SQLite server and on three ``pcreceipt
serve`` processes over one OceanBase database (the boundary's compare-and-set decides, not a
process-local lock)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from _support.fakes import FakeInference
from _support.handoff_races import race_activate_handoff_one_boundary
from _support.multi_server import deployment
from _support.racers import K, Racers
from _support.servers import running

from pcreceipt.config import GenerationSettings, Settings
from pcreceipt.server.app import create_app


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeInference]:
    with FakeInference() as inference:
        inference.configure("chat", "slow", delay=0.3)
        yield inference


@pytest.fixture(scope="module", params=["sqlite", "oceanbase"])
def racers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, fake: FakeInference
) -> Iterator[Racers]:
    workdir: Path = tmp_path_factory.mktemp(f"activation-{request.param}")
    with ExitStack() as stack:
        if request.param == "sqlite":
            generation = GenerationSettings(base_url=fake.base_url, model="fake/generator", timeout_seconds=10.0)
            url = stack.enter_context(running(create_app(Settings(data_dir=workdir, generation=generation))))
            clients = [stack.enter_context(httpx.Client(base_url=url, timeout=60)) for _ in range(K)]
        else:
            provider = {
                "PCRECEIPT_GENERATION_BASE_URL": fake.base_url,
                "PCRECEIPT_GENERATION_MODEL": "fake/generator",
                "PCRECEIPT_GENERATION_TIMEOUT_SECONDS": "10",
            }
            seekdb = request.getfixturevalue("seekdb_server")
            started = stack.enter_context(deployment(seekdb, workdir, settings=provider))
            clients = stack.enter_context(started.clients(K))
        yield Racers(str(request.param), clients)


def test_one_activation_per_boundary_is_generated(racers: Racers, fake: FakeInference) -> None:
    calls = fake.chat.calls
    for _ in range(3):
        race_activate_handoff_one_boundary(racers)
    assert fake.chat.calls - calls >= 3  # every racer that saw a new boundary asked the model
