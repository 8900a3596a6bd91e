"""Connector checkpoints (``store.connectors``) on every engine: a binding reads null until its
first commit, a commit is a compare-and-set on the expected value, a binding id belongs to the
Connector that first committed under it, and of racing commits from one value exactly one wins."""

from __future__ import annotations

import uuid
from functools import partial
from typing import Any

import pytest
from _support.races import at_once
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.connector_records import CheckpointConflict, ConnectorBinding
from pcreceipt.store.protocol import Store


def binding(**fields: str) -> ConnectorBinding:
    values = {
        "scope_id": "scp_connector",
        "binding_id": uuid.uuid4().hex,
        "connector_name": "github",
        "connector_version": "1.0.0",
    } | fields
    return ConnectorBinding(**values)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def test_a_binding_reads_null_until_its_first_commit(store: Store) -> None:
    b = binding()
    assert store.connector_checkpoint(b) is None
    store.commit_connector_checkpoint(b, None, {"cursor": "c1", "ids": [1, 2]})
    assert store.connector_checkpoint(b) == {"cursor": "c1", "ids": [1, 2]}


def test_a_commit_replaces_only_the_expected_value(store: Store) -> None:
    b = binding()
    store.commit_connector_checkpoint(b, None, "one")
    with pytest.raises(CheckpointConflict) as stale:
        store.commit_connector_checkpoint(b, None, "two")
    assert stale.value.reason == "stale"
    with pytest.raises(CheckpointConflict):
        store.commit_connector_checkpoint(b, "zero", "two")
    assert store.connector_checkpoint(b) == "one"
    store.commit_connector_checkpoint(b, "one", "two")
    assert store.connector_checkpoint(b) == "two"


def test_a_new_binding_refuses_a_non_null_expected_value(store: Store) -> None:
    b = binding()
    with pytest.raises(CheckpointConflict):
        store.commit_connector_checkpoint(b, {"cursor": "c1"}, {"cursor": "c2"})
    assert store.connector_checkpoint(b) is None


def test_a_commit_may_rewrite_the_same_value_and_back_to_null(store: Store) -> None:
    b = binding()
    store.commit_connector_checkpoint(b, None, None)  # the row now exists, still null
    store.commit_connector_checkpoint(b, None, [1])
    store.commit_connector_checkpoint(b, [1], [1])  # the same value again is one row changed
    assert store.connector_checkpoint(b) == [1]
    store.commit_connector_checkpoint(b, [1], None)
    assert store.connector_checkpoint(b) is None


def test_values_compare_by_their_canonical_json(store: Store) -> None:
    b = binding()
    store.commit_connector_checkpoint(b, None, {"b": 1, "a": [True, None]})
    store.commit_connector_checkpoint(b, {"a": [True, None], "b": 1}, {"n": 1})  # key order is not a difference
    with pytest.raises(CheckpointConflict):
        store.commit_connector_checkpoint(b, {"n": True}, {"n": 2})  # true is not 1
    assert store.connector_checkpoint(b) == {"n": 1}


def test_a_binding_id_belongs_to_the_connector_that_first_committed(store: Store) -> None:
    b = binding()
    store.commit_connector_checkpoint(b, None, 1)
    for other in (
        ConnectorBinding(b.scope_id, b.binding_id, "gitlab", b.connector_version),
        ConnectorBinding(b.scope_id, b.binding_id, b.connector_name, "2.0.0"),
    ):
        with pytest.raises(CheckpointConflict) as refused:
            store.connector_checkpoint(other)
        assert refused.value.reason == "binding"
        with pytest.raises(CheckpointConflict):
            store.commit_connector_checkpoint(other, 1, 2)
    assert store.connector_checkpoint(b) == 1
    # the same binding id in another Scope is another binding
    elsewhere = ConnectorBinding("scp_elsewhere", b.binding_id, "gitlab", "9")
    assert store.connector_checkpoint(elsewhere) is None


@pytest.mark.parametrize("start", [None, {"page": 3}])
def test_of_racing_commits_from_one_value_exactly_one_wins(store: Store, start: Any) -> None:
    b = binding()
    if start is not None:
        store.commit_connector_checkpoint(b, None, start)
    racers = [partial(store.commit_connector_checkpoint, b, start, {"racer": n}) for n in range(6)]
    results = at_once(racers, caught=(CheckpointConflict,))
    winners = [n for n, result in enumerate(results) if not isinstance(result, BaseException)]
    assert len(winners) == 1, results
    assert all(isinstance(r, CheckpointConflict) for n, r in enumerate(results) if n != winners[0])
    assert store.connector_checkpoint(b) == {"racer": winners[0]}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=JSON, second=JSON)
def test_any_json_value_round_trips_and_is_its_own_expected_value(store: Store, first: Any, second: Any) -> None:
    b = binding()
    store.commit_connector_checkpoint(b, None, first)
    assert store.connector_checkpoint(b) == first
    store.commit_connector_checkpoint(b, first, second)
    assert store.connector_checkpoint(b) == second
