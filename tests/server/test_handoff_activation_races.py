"""activate_handoff raced with a generation provider (the fake OpenAI-compatible one, answering
slowly so the racers overlap): of K activations at one new boundary exactly one is ``generated``
and the others are ``ignored`` at that boundary, on one SQLite server and on three ``pcreceipt
serve`` processes over one OceanBase database (the boundary's compare-and-set decides, not a
process-local lock)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from _support.fakes import FakeInference
from _support.handoff_races import race_activate_handoff_one_boundary
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
    with generating_racers(request, tmp_path_factory.mktemp(f"activation-{request.param}"), fake.base_url) as racers:
        yield racers


def test_one_activation_per_boundary_is_generated(racers: Racers, fake: FakeInference) -> None:
    calls = fake.chat.calls
    for _ in range(3):
        race_activate_handoff_one_boundary(racers)
    assert fake.chat.calls - calls >= 3  # every racer that saw a new boundary asked the model
