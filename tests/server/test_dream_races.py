"""create_dream_run raced with a generation provider (the fake OpenAI-compatible one, answering
slowly so the runs overlap their claims), on one SQLite server and on three ``pcreceipt serve``
processes over one OceanBase database: K creates of one key leave one run that every racer is
answered with; K creates of distinct keys leave K runs; each run is executed exactly once (one
attempt, one model call), the store's lease deciding which server runs it
(``_support.dream_races``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from _support.dream_races import race_create_dream_run_many_keys, race_create_dream_run_one_key
from _support.fakes import FakeInference
from _support.racers import Racers, generating_racers


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeInference]:
    with FakeInference() as inference:
        inference.configure("chat", "slow", delay=0.3)
        yield inference


@pytest.fixture(scope="module", params=["sqlite", "oceanbase"])
def racers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, fake: FakeInference
) -> Iterator[Racers]:
    with generating_racers(request, tmp_path_factory.mktemp(f"dream-{request.param}"), fake.base_url) as racers:
        yield racers


def test_creates_of_one_key_leave_one_run_executed_once(racers: Racers) -> None:
    race_create_dream_run_one_key(racers)


def test_creates_of_distinct_keys_each_run_once(racers: Racers) -> None:
    race_create_dream_run_many_keys(racers)
