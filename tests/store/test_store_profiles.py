"""Profile policies (``store.profiles``) on every engine: none until the first put, a put is a
compare-and-set on the version (0 creates, N replaces N with N + 1), a stale put changes nothing,
and of racing puts from one version exactly one wins."""

from __future__ import annotations

import uuid
from functools import partial

import pytest
from _support.races import at_once
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.profile_records import PolicyConflict, ProfilePolicy
from pcreceipt.store.protocol import Store


def scope() -> str:
    return f"scp_profile_{uuid.uuid4().hex}"


def test_a_scope_has_no_policy_until_the_first_put(store: Store) -> None:
    scope_id = scope()
    assert store.profile_policy(scope_id) is None
    created = store.put_profile_policy(
        scope_id, generation_enabled=True, activation_mode="review_required", expected_version=0
    )
    assert (created.scope_id, created.generation_enabled, created.activation_mode) == (
        scope_id,
        True,
        "review_required",
    )
    assert (created.version, created.pending_candidate_id) == (1, None)
    assert store.profile_policy(scope_id) == created


def test_a_put_replaces_only_the_expected_version(store: Store) -> None:
    scope_id = scope()
    for stale in (1, 2):  # no policy yet: only 0 creates
        with pytest.raises(PolicyConflict):
            store.put_profile_policy(
                scope_id, generation_enabled=True, activation_mode="automatic", expected_version=stale
            )
    assert store.profile_policy(scope_id) is None
    first = store.put_profile_policy(
        scope_id, generation_enabled=False, activation_mode="automatic", expected_version=0
    )
    for stale in (0, 2, 7):
        with pytest.raises(PolicyConflict):
            store.put_profile_policy(
                scope_id, generation_enabled=True, activation_mode="automatic", expected_version=stale
            )
    assert store.profile_policy(scope_id) == first
    second = store.put_profile_policy(
        scope_id, generation_enabled=True, activation_mode="review_required", expected_version=1
    )
    assert (second.version, second.generation_enabled, second.activation_mode) == (2, True, "review_required")
    assert second.updated_at >= first.updated_at
    # the same values again are still a new version
    third = store.put_profile_policy(
        scope_id, generation_enabled=True, activation_mode="review_required", expected_version=2
    )
    assert third.version == 3 and store.profile_policy(scope_id) == third
    # another Scope is apart
    assert store.profile_policy(scope()) is None


@pytest.mark.parametrize("start", [0, 1])
def test_of_racing_puts_from_one_version_exactly_one_wins(store: Store, start: int) -> None:
    scope_id = scope()
    if start:
        store.put_profile_policy(scope_id, generation_enabled=False, activation_mode="automatic", expected_version=0)
    modes = ["automatic", "review_required"]
    racers = [
        partial(
            store.put_profile_policy,
            scope_id,
            generation_enabled=n % 2 == 0,
            activation_mode=modes[n % 2],  # type: ignore[arg-type]
            expected_version=start,
        )
        for n in range(6)
    ]
    results = at_once(racers, caught=(PolicyConflict,))
    won = [r for r in results if isinstance(r, ProfilePolicy)]
    assert len(won) == 1, results
    assert all(isinstance(r, PolicyConflict) for r in results if not isinstance(r, ProfilePolicy))
    assert store.profile_policy(scope_id) == won[0] and won[0].version == start + 1


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    puts=st.lists(st.tuples(st.booleans(), st.sampled_from(["automatic", "review_required"])), min_size=1, max_size=5)
)
def test_the_version_counts_the_puts(store: Store, puts: list[tuple[bool, str]]) -> None:
    scope_id = scope()
    for expected, (enabled, mode) in enumerate(puts):
        stored = store.put_profile_policy(
            scope_id,
            generation_enabled=enabled,
            activation_mode=mode,  # type: ignore[arg-type]
            expected_version=expected,
        )
        assert (stored.version, stored.generation_enabled, stored.activation_mode) == (expected + 1, enabled, mode)
    assert store.profile_policy(scope_id) == stored
