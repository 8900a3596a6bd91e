"""flush_profile raced with a generation provider (the fake OpenAI-compatible one, answering slowly
so the flushes overlap their model calls), on one SQLite server and on three ``pcreceipt serve``
processes over one OceanBase database: of K flushes of one window exactly one commits, writing the
Profile's revision once; the others are 1.4.1's ``conflict`` or find no window
(``_support.profile_races``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from _support.fakes import FakeInference
from _support.profile_races import race_flush_profile_with_provider
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
    with generating_racers(request, tmp_path_factory.mktemp(f"profile-{request.param}"), fake.base_url) as racers:
        yield racers


def test_flushes_of_one_window_commit_once(racers: Racers) -> None:
    race_flush_profile_with_provider(racers)
