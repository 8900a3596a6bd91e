"""Dream runs (``store.dream_runs``) on every engine: admission is idempotent per (principal, key)
and bounded per Scope; a claim takes a queued run or an expired lease, and of racing claimers
exactly one wins; only the lease's owner finishes a run; an expired run without attempts left is
marked failed, not claimed."""

from __future__ import annotations

import uuid
from functools import partial

import pytest
from _support.races import at_once

from pcreceipt.store.dream_runs import DreamCapacityReached, DreamKeyReused, DreamRunRow, NewDreamRun
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import RecordNotFound

T0 = "2026-01-01T00:00:00.000000Z"
T1 = "2026-01-01T00:01:00.000000Z"
T2 = "2026-01-01T00:02:00.000000Z"
T3 = "2026-01-01T00:03:00.000000Z"


def _new(key: str = "k", digest: str = "d1", accepted_at: str = T0, principal: str = "p") -> NewDreamRun:
    run_id = "dr_" + uuid.uuid4().hex
    return NewDreamRun(run_id, principal, key, digest, "refine_experience", accepted_at, {"run_id": run_id})


def _claim(store: Store, row: DreamRunRow, owner: str, now: str = T1, until: str = T2) -> DreamRunRow | None:
    return store.claim_dream_run(
        row, owner=owner, now=now, lease_expires=until, max_attempts=2, record=lambda r: {**r.record, "by": owner}
    )


def test_admission_is_idempotent_per_principal_and_key(store: Store, scope_id: str) -> None:
    first = store.admit_dream_run(scope_id, _new(), 32)
    assert first.created and first.row.status == "queued" and first.row.attempt_count == 0
    again = store.admit_dream_run(scope_id, _new(), 32)
    assert not again.created and again.row.run_id == first.row.run_id
    with pytest.raises(DreamKeyReused):
        store.admit_dream_run(scope_id, _new(digest="d2"), 32)
    other = store.admit_dream_run(scope_id, _new(principal="q"), 32)
    assert other.created and other.row.run_id != first.row.run_id
    with pytest.raises(RecordNotFound):
        store.admit_dream_run("scp_" + uuid.uuid4().hex, _new(), 32)


def test_admission_stops_at_the_scope_capacity_of_active_runs(store: Store, scope_id: str) -> None:
    rows = [store.admit_dream_run(scope_id, _new(key=f"k{n}"), 2).row for n in range(2)]
    with pytest.raises(DreamCapacityReached):
        store.admit_dream_run(scope_id, _new(key="k2"), 2)
    assert store.admit_dream_run(scope_id, _new(key="k0"), 2).row.run_id == rows[0].run_id  # a replay still answers
    claimed = _claim(store, rows[0], "w1")
    assert claimed is not None
    assert store.finish_dream_run(claimed, "w1", "succeeded", claimed.record)
    assert store.admit_dream_run(scope_id, _new(key="k2"), 2).created


def test_racing_admissions_of_one_key_leave_one_run(store: Store, scope_id: str) -> None:
    new = _new(key="race")
    results = at_once([partial(store.admit_dream_run, scope_id, new, 32) for _ in range(5)])
    assert sum(1 for r in results if r.created) == 1, results
    assert {r.row.run_id for r in results} == {new.run_id}
    assert len(store.list_dream_runs(scope_id, status=None, operation=None, before=None, limit=100)) == 1


def test_one_claimer_wins_and_only_the_owner_finishes(store: Store, scope_id: str) -> None:
    row = store.admit_dream_run(scope_id, _new(), 32).row
    results = at_once([partial(_claim, store, row, f"w{n}") for n in range(5)])
    (won,) = [r for r in results if r is not None]
    assert won.status == "running" and won.attempt_count == 1 and won.lease_expires == T2
    owner = won.lease_owner
    assert owner is not None and won.record["by"] == owner
    assert _claim(store, row, "late") is None  # the read row is stale
    assert _claim(store, won, "late") is None  # the lease is live
    assert not store.finish_dream_run(won, "someone-else", "failed", won.record)
    assert store.finish_dream_run(won, owner, "succeeded", {**won.record, "done": True})
    done = store.get_dream_run(scope_id, row.run_id)
    assert done is not None and done.status == "succeeded" and done.lease_owner is None and done.record["done"]


def test_an_expired_lease_is_taken_over_then_failed_without_attempts(store: Store, scope_id: str) -> None:
    row = store.admit_dream_run(scope_id, _new(), 32).row
    first = _claim(store, row, "w1")
    assert first is not None
    assert [r.run_id for r in store.dream_runs_to_claim(T1)] == []  # live lease, nothing queued
    (expired,) = [r for r in store.dream_runs_to_claim(T3) if r.run_id == row.run_id]
    second = _claim(store, expired, "w2", now=T3, until="2026-01-01T00:05:00.000000Z")
    assert second is not None and second.attempt_count == 2 and second.lease_owner == "w2"
    assert not store.finish_dream_run(first, "w1", "succeeded", first.record)  # taken over: nothing written
    (again,) = [r for r in store.dream_runs_to_claim("2026-01-01T00:06:00.000000Z") if r.run_id == row.run_id]
    assert _claim(store, again, "w3", now="2026-01-01T00:06:00.000000Z") is None  # no attempt left
    assert store.fail_expired_dream_run(again, "2026-01-01T00:06:00.000000Z", {"failed": True})
    assert not store.fail_expired_dream_run(again, "2026-01-01T00:06:00.000000Z", {"failed": True})
    failed = store.get_dream_run(scope_id, row.run_id)
    assert failed is not None and failed.status == "failed" and failed.record == {"failed": True}


def test_runs_list_newest_first_by_keyset(store: Store, scope_id: str) -> None:
    made = [
        store.admit_dream_run(scope_id, _new(key=f"k{n}", accepted_at=T0 if n < 2 else T1), 32).row for n in range(4)
    ]
    expected = sorted(made, key=lambda r: (r.accepted_at, r.run_id), reverse=True)
    seen: list[str] = []
    before = None
    while True:
        page = store.list_dream_runs(scope_id, status=None, operation=None, before=before, limit=3)
        seen += [r.run_id for r in page]
        if len(page) < 3:
            break
        before = (page[-1].accepted_at, page[-1].run_id)
    assert seen == [r.run_id for r in expected]
    assert store.list_dream_runs(scope_id, status="running", operation=None, before=None, limit=10) == []
    assert (
        len(store.list_dream_runs(scope_id, status="queued", operation="refine_experience", before=None, limit=10)) == 4
    )
    assert store.list_dream_runs(scope_id, status=None, operation="derive_skill", before=None, limit=10) == []
