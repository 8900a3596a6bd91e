"""activate_handoff raced with a generation provider (the fake OpenAI-compatible one, answering
slowly so the racers overlap): of K activations at one new boundary exactly one is ``generated``
and the others are ``ignored`` at that boundary, on one SQLite server and on three ``pcreceipt
serve`` processes over one OceanBase database (the boundary's compare-and-set decides, not a
process-local lock)."""

from __future__ import annotations

from _support.fakes import FakeInference
from _support.handoff_races import race_activate_handoff_one_boundary
from _support.racers import Racers


def test_one_activation_per_boundary_is_generated(provider_racers: Racers, slow_provider: FakeInference) -> None:
    calls = slow_provider.chat.calls
    for _ in range(3):
        race_activate_handoff_one_boundary(provider_racers)
    assert slow_provider.chat.calls - calls >= 3  # every racer that saw a new boundary asked the model
