"""The remote Skill Receiver in the store (``store.remote_skill_receiver``) on every engine: a call
is the credential's target's (an unknown or revoked credential is refused), records the Receiver's
liveness without moving the target's generation, and observations and Receipts write only a
publication's observed state at its generation, with 1.4.1's rules (stale, later, mismatched,
success precedence) — for any sequence of Receipts."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.server.http.credentials import token_digest as digest
from pcreceipt.store.protocol import Store
from pcreceipt.store.remote_skill_records import (
    INVALID_TARGET_CREDENTIAL,
    INVALID_TARGET_STATE,
    PUBLICATION_GENERATION_CONFLICT,
    Installation,
    Liveness,
    Receipt,
    RemoteTargetRefused,
)

TREE, OTHER = "a" * 64, "b" * 64
SEEN = Liveness("0.1.0", "f" * 64, "2026-02-01T00:00:00.000Z")
FAILURES = ("delivery_failed", "conflict", "drifted", "incompatible")
_targets = itertools.count()


def refused(code: str, call: Callable[[], object]) -> None:
    with pytest.raises(RemoteTargetRefused) as caught:
        call()
    assert caught.value.code == code


def published(store: Store, scope_id: str) -> tuple[str, str]:
    """A fresh active target with a publication of ``skill_1`` revision 2 (generation 0): its
    target id and credential."""
    number = next(_targets)
    target_id, code, credential = f"codex-{number:012x}", f"code-{number}-{scope_id}", f"credential-{number}-{scope_id}"
    store.create_remote_skill_target(scope_id, target_id, "codex", "box", digest(code), "2999-01-01T00:00:00.000Z")
    store.enroll_remote_skill_target(digest(code), digest(credential), Installation(f"install-{number}", "1"), SEEN.now)
    store.publish_remote_skill(scope_id, target_id, "skill_1", 2, TREE, None)
    return target_id, credential


def receipt(operation: str = "install", generation: int = 0, failure: str | None = None, **fields: Any) -> Receipt:
    observed = TREE if operation == "install" and failure is None else None
    values: dict[str, Any] = {
        "operation": operation, "generation": generation, "family": "skill", "artifact_id": "skill_1",
        "revision": 2, "expected_tree_digest": TREE, "observed_tree_digest": observed, "succeeded": failure is None,
        "failure_state": failure, "error_code": None if failure is None else f"code-{failure}",
    }  # fmt: skip
    return Receipt(**(values | fields))


def test_receipts_follow_1_4_1s_rules(store: Store, scope_id: str) -> None:
    target_id, credential = published(store, scope_id)
    accepted, stale, current = store.record_remote_skill_receipt(digest(credential), SEEN, receipt())
    assert (accepted, stale, current["state"], current["observed_revision"]) == (True, False, "current", 2)
    assert (current["observed_tree_digest"], current["observed_generation"], current["generation"]) == (TREE, 0, 0)
    assert current["observed_at"] == SEEN.now
    [(target, [listed])] = store.list_remote_skill_targets(scope_id, target_id, 1)
    assert listed == current
    assert (target.receiver_version, target.environment_fingerprint, target.last_seen_at) == (
        "0.1.0",
        "f" * 64,
        SEEN.now,
    )
    assert target.generation == 1  # liveness never moves the target's generation
    refused(
        PUBLICATION_GENERATION_CONFLICT,
        lambda: store.record_remote_skill_receipt(digest(credential), SEEN, receipt(generation=1)),
    )
    for wrong in (
        receipt(operation="unpublish", observed_tree_digest=None),
        receipt(family="experience"),
        receipt(revision=1),
        receipt(expected_tree_digest=OTHER),
        receipt(observed_tree_digest=OTHER),
        receipt(artifact_id="skill_unknown"),
    ):
        refused(
            INVALID_TARGET_STATE, lambda wrong=wrong: store.record_remote_skill_receipt(digest(credential), SEEN, wrong)
        )
    refused(INVALID_TARGET_CREDENTIAL, lambda: store.record_remote_skill_receipt(digest("unknown"), SEEN, receipt()))
    gone = store.unpublish_remote_skill(scope_id, target_id, "skill_1", 0)
    assert store.record_remote_skill_receipt(digest(credential), SEEN, receipt())[:2] == (False, True)  # stale
    removed = store.record_remote_skill_receipt(digest(credential), SEEN, receipt("unpublish", 1))[2]
    assert (removed["state"], removed["observed_revision"], removed["observed_tree_digest"]) == (
        "unpublished",
        None,
        None,
    )
    assert (removed["generation"], gone["generation"]) == (1, 1)
    store.revoke_remote_skill_target(scope_id, target_id, 1)
    refused(
        INVALID_TARGET_CREDENTIAL,
        lambda: store.record_remote_skill_receipt(digest(credential), SEEN, receipt("unpublish", 1)),
    )
    refused(INVALID_TARGET_CREDENTIAL, lambda: store.reconcile_remote_skills(digest(credential), SEEN, {}))
    assert store.remote_skill_target_by_credential(digest(credential)) is None


def test_reconcile_records_refused_checkpoints_at_the_generation(store: Store, scope_id: str) -> None:
    target_id, credential = published(store, scope_id)
    found = store.remote_skill_target_by_credential(digest(credential))
    assert found is not None and found.target_id == target_id
    target, [publication] = store.reconcile_remote_skills(digest(credential), SEEN, {"skill_other": "drifted"})
    assert (target.target_id, publication["state"], publication["observed_generation"]) == (target_id, "pending", None)
    _, [drifted] = store.reconcile_remote_skills(digest(credential), SEEN, {"skill_1": "drifted"})
    assert (drifted["state"], drifted["last_error_code"], drifted["observed_generation"]) == ("drifted", "drifted", 0)
    _, [conflict] = store.reconcile_remote_skills(digest(credential), SEEN, {"skill_1": "invalid_checkpoint_digest"})
    assert (conflict["state"], conflict["last_error_code"], conflict["generation"]) == (
        "conflict", "invalid_checkpoint_digest", 0,
    )  # fmt: skip
    assert store.remote_skill_publication(scope_id, target_id, "skill_1") == conflict


def test_an_observation_at_a_generation_no_longer_current_writes_nothing(store: Store, scope_id: str) -> None:
    """The observed write's own row count decides (the Scope's lock makes a moved generation
    unreachable through the operations, so the write is driven with a publication read before it)."""
    target_id, _ = published(store, scope_id)
    before = store.remote_skill_publication(scope_id, target_id, "skill_1")
    assert before is not None
    moved = store.unpublish_remote_skill(scope_id, target_id, "skill_1", 0)
    observed = {"observed_revision": 2, "observed_tree_digest": TREE, "observed_generation": 0, "state": "current",
                "last_error_code": None}  # fmt: skip
    observe: Any = store._observe  # type: ignore[attr-defined]
    refused(
        PUBLICATION_GENERATION_CONFLICT,
        lambda: store._transact(lambda conn: observe(conn, before, observed, SEEN.now)),  # type: ignore[attr-defined]
    )
    assert store.remote_skill_publication(scope_id, target_id, "skill_1") == moved


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(outcomes=st.lists(st.one_of(st.none(), st.sampled_from(FAILURES)), min_size=1, max_size=6))
def test_any_receipt_sequence_keeps_a_success(store: Store, scope_id: str, outcomes: list[str | None]) -> None:
    """Whatever order Receipts of one generation arrive in, each is accepted, and the publication
    ends current if any succeeded (a later failure changes nothing), else at the last failure."""
    _, credential = published(store, scope_id)
    for failure in outcomes:
        assert store.record_remote_skill_receipt(digest(credential), SEEN, receipt(failure=failure))[:2] == (
            True,
            False,
        )
    stored = store.reconcile_remote_skills(digest(credential), SEEN, {})[1][0]
    if None in outcomes:
        assert (stored["state"], stored["last_error_code"], stored["observed_tree_digest"]) == ("current", None, TREE)
    else:
        assert (stored["state"], stored["last_error_code"]) == (outcomes[-1], f"code-{outcomes[-1]}")
        assert stored["observed_tree_digest"] is None
