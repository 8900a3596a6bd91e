"""create_dream_run raced with a generation provider (the fake OpenAI-compatible one, answering
slowly so the runs overlap their claims), on one SQLite server and on three ``pcreceipt serve``
processes over one OceanBase database: K creates of one key leave one run that every racer is
answered with; K creates of distinct keys leave K runs; each run is executed exactly once (one
attempt, one model call), the store's lease deciding which server runs it
(``_support.dream_races``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from _support.dream_races import race_create_dream_run_many_keys, race_create_dream_run_one_key
from _support.fakes import FakeInference
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
    workdir: Path = tmp_path_factory.mktemp(f"dream-{request.param}")
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


def test_creates_of_one_key_leave_one_run_executed_once(racers: Racers) -> None:
    race_create_dream_run_one_key(racers)


def test_creates_of_distinct_keys_each_run_once(racers: Racers) -> None:
    race_create_dream_run_many_keys(racers)
