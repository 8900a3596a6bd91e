"""The Handoff activation boundary (``store.handoff_boundaries``) on every engine: 0 before the
first generating boundary, moved only forward by a compare-and-set on the expected position, and of
racing moves from one position exactly one lands."""

from __future__ import annotations

import uuid
from functools import partial

import pytest
from _support.races import at_once
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.protocol import Store


def test_a_boundary_moves_forward_from_its_expected_position(store: Store) -> None:
    scope_id = "scp_" + uuid.uuid4().hex
    assert store.handoff_boundary(scope_id) == 0
    assert store.advance_handoff_boundary(scope_id, 0, 3)
    assert store.handoff_boundary(scope_id) == 3
    assert not store.advance_handoff_boundary(scope_id, 0, 5)  # stale: nothing written
    assert not store.advance_handoff_boundary(scope_id, 2, 5)
    assert store.handoff_boundary(scope_id) == 3
    assert store.advance_handoff_boundary(scope_id, 3, 5)
    assert store.handoff_boundary(scope_id) == 5
    with pytest.raises(ValueError):
        store.advance_handoff_boundary(scope_id, 5, 5)
    assert store.handoff_boundary("scp_" + uuid.uuid4().hex) == 0  # Scopes apart


@pytest.mark.parametrize("start", [0, 4])
def test_of_racing_moves_from_one_position_exactly_one_lands(store: Store, start: int) -> None:
    scope_id = "scp_" + uuid.uuid4().hex
    if start:
        assert store.advance_handoff_boundary(scope_id, 0, start)
    racers = [partial(store.advance_handoff_boundary, scope_id, start, start + 1 + n) for n in range(6)]
    results = at_once(racers)
    assert sum(1 for landed in results if landed is True) == 1, results
    assert store.handoff_boundary(scope_id) == start + 1 + results.index(True)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.integers(0, 30), st.integers(1, 30)), max_size=12))
def test_the_boundary_is_the_last_move_that_landed(store: Store, steps: list[tuple[int, int]]) -> None:
    """Whatever the moves tried, the boundary only grows and is the target of the last one that landed."""
    scope_id = "scp_" + uuid.uuid4().hex
    current = 0
    for expected, forward in steps:
        landed = store.advance_handoff_boundary(scope_id, expected, expected + forward)
        assert landed == (expected == current)
        if landed:
            current = expected + forward
        assert store.handoff_boundary(scope_id) == current
