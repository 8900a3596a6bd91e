"""Dream runs, the same on every engine (table ``dream_runs``, the migration "Dream runs" of each
engine): one row per accepted run of a Scope, its state in columns the store decides on (status,
lease, attempts) and the rest of its wire form in ``record`` (JSON, written by the caller).

What the store decides, each by one write's row count, never by a read before it:
- Admission (``admit_dream_run``): under the Scope's write lock, a run under the same (principal,
  idempotency key) is returned as it is (``DreamAdmission.created`` False) when its request digest is
  the same, else ``DreamKeyReused``; then ``DreamCapacityReached`` when the Scope already holds
  ``capacity`` queued or running runs; then the insert. The unique (scope, principal, key) index
  backs the lock: two admissions of one key leave one row, on one process or many over one database.
- Claiming (``claim_dream_run``): a queued run, or a running run whose lease has expired, becomes
  running under the claimer's lease (owner and expiry) with one more attempt, in one UPDATE whose
  WHERE clause is that condition; of K claimers exactly one gets the row. A run whose lease expired
  after its last allowed attempt is not claimed: ``expire_dream_runs`` marks it failed instead.
- Finishing (``finish_dream_run``): only the lease's owner, while the run is running, writes the
  terminal state (an UPDATE ``WHERE lease_owner = ? AND status = 'running'``); a worker whose lease
  was taken over writes nothing.
Times are ISO 8601 UTC strings with microseconds (they order as text); the clock is the caller's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.records import StoreError

ACTIVE_STATUSES = ("queued", "running")
_COLUMNS = "run_id, operation, status, accepted_at, attempt_count, lease_owner, lease_expires, request_digest, record"
_SELECT_ONE = f"SELECT {_COLUMNS} FROM dream_runs WHERE scope_id = ? AND run_id = ?"
_SELECT_KEY = f"SELECT {_COLUMNS} FROM dream_runs WHERE scope_id = ? AND principal_key = ? AND idempotency_key = ?"
_COUNT_ACTIVE = "SELECT count(*) FROM dream_runs WHERE scope_id = ? AND status IN ('queued', 'running')"
_INSERT = (
    "INSERT INTO dream_runs (scope_id, run_id, principal_key, idempotency_key, request_digest, operation,"
    " status, accepted_at, attempt_count, lease_owner, lease_expires, record)"
    " VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, 0, NULL, NULL, ?)"
)
_CLAIM = (
    "UPDATE dream_runs SET status = 'running', attempt_count = attempt_count + 1, lease_owner = ?,"
    " lease_expires = ?, record = ? WHERE scope_id = ? AND run_id = ? AND attempt_count = ? AND attempt_count < ?"
    " AND (status = 'queued' OR (status = 'running' AND lease_expires < ?))"
)
_FINISH = (
    "UPDATE dream_runs SET status = ?, lease_owner = NULL, lease_expires = NULL, record = ?"
    " WHERE scope_id = ? AND run_id = ? AND status = 'running' AND lease_owner = ?"
)
_EXPIRED = (
    f"SELECT scope_id, {_COLUMNS} FROM dream_runs WHERE status = 'running' AND lease_expires < ?"
    " ORDER BY lease_expires, run_id LIMIT 32"
)
_QUEUED = f"SELECT scope_id, {_COLUMNS} FROM dream_runs WHERE status = 'queued' ORDER BY accepted_at, run_id LIMIT 32"
_FAIL_EXPIRED = (
    "UPDATE dream_runs SET status = 'failed', lease_owner = NULL, lease_expires = NULL, record = ?"
    " WHERE scope_id = ? AND run_id = ? AND status = 'running' AND lease_expires < ? AND attempt_count = ?"
)


class DreamKeyReused(StoreError):
    """The idempotency key names a run of another request (1.4.1's 409 ``idempotency_conflict``)."""


class DreamCapacityReached(StoreError):
    """The Scope holds its capacity of queued and running runs (1.4.1's 429 ``capacity_exceeded``)."""


@dataclass(frozen=True, slots=True)
class DreamRunRow:
    """One stored run: the columns the store decides on and the caller's ``record`` (the run's JSON)."""

    scope_id: str
    run_id: str
    operation: str
    status: str
    accepted_at: str
    attempt_count: int
    lease_owner: str | None
    lease_expires: str | None
    request_digest: str
    record: dict[str, Any]


@dataclass(frozen=True, slots=True)
class DreamAdmission:
    row: DreamRunRow
    created: bool


@dataclass(frozen=True, slots=True)
class NewDreamRun:
    """What admission inserts: the run's identity, its request's digest and its first record."""

    run_id: str
    principal_key: str
    idempotency_key: str
    request_digest: str
    operation: str
    accepted_at: str
    record: Mapping[str, Any]


def _row(scope_id: str, values: Sequence[Any]) -> DreamRunRow:
    run_id, operation, status, accepted_at, attempts, owner, expires, digest, record = values
    return DreamRunRow(
        scope_id, _text(run_id), _text(operation), _text(status), _text(accepted_at), int(attempts),
        None if owner is None else _text(owner), None if expires is None else _text(expires), _text(digest),
        json.loads(record),
    )  # fmt: skip


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, (bytes, bytearray)) else str(value)


def _json(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


class DreamRuns(EngineHooks[ConnT, PreparedT]):
    """Admission, reads, claims and terminal writes of Dream runs over the engine hooks."""

    def admit_dream_run(self, scope_id: str, new: NewDreamRun, capacity: int) -> DreamAdmission:
        """The run under (principal, key), or the new one (module docstring). RecordNotFound for an
        unknown Scope; DreamKeyReused; DreamCapacityReached."""

        def work(conn: ConnT) -> DreamAdmission:
            self._lock_scope(conn, scope_id)
            found = self._first(conn, _SELECT_KEY, (scope_id, new.principal_key, new.idempotency_key))
            if found is not None:
                existing = _row(scope_id, found)
                if existing.request_digest != new.request_digest:
                    raise DreamKeyReused(new.idempotency_key)
                return DreamAdmission(existing, created=False)
            if int(self._first(conn, _COUNT_ACTIVE, (scope_id,))[0]) >= capacity:
                raise DreamCapacityReached(scope_id)
            self._run(
                conn,
                _INSERT,
                (scope_id, new.run_id, new.principal_key, new.idempotency_key, new.request_digest, new.operation,
                 new.accepted_at, _json(new.record)),
            )  # fmt: skip
            row = self._first(conn, _SELECT_ONE, (scope_id, new.run_id))
            return DreamAdmission(_row(scope_id, row), created=True)

        return self._transact(work)

    def get_dream_run(self, scope_id: str, run_id: str) -> DreamRunRow | None:
        with self._reading() as conn:
            row = self._first(conn, _SELECT_ONE, (scope_id, run_id))
        return None if row is None else _row(scope_id, row)

    def list_dream_runs(
        self,
        scope_id: str,
        *,
        status: str | None,
        operation: str | None,
        before: tuple[str, str] | None,
        limit: int,
    ) -> list[DreamRunRow]:
        """Up to ``limit`` runs in descending (accepted_at, run_id), after the keyset ``before``."""
        sql = f"SELECT {_COLUMNS} FROM dream_runs WHERE scope_id = ?"
        params: list[Any] = [scope_id]
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        if operation is not None:
            sql += " AND operation = ?"
            params.append(operation)
        if before is not None:
            sql += " AND (accepted_at < ? OR (accepted_at = ? AND run_id < ?))"
            params += [before[0], before[0], before[1]]
        sql += " ORDER BY accepted_at DESC, run_id DESC LIMIT ?"
        params.append(limit)
        with self._reading() as conn:
            return [_row(scope_id, row) for row in self._all(conn, sql, params)]

    def claim_dream_run(
        self,
        row: DreamRunRow,
        *,
        owner: str,
        now: str,
        lease_expires: str,
        max_attempts: int,
        record: Callable[[DreamRunRow], Mapping[str, Any]],
    ) -> DreamRunRow | None:
        """The run as this claimer's (running, one more attempt, ``record`` of the row as read), or
        None when another claimer has it, its lease is live, or it has no attempt left."""

        def work(conn: ConnT) -> DreamRunRow | None:
            claimed = self._affected(
                conn,
                _CLAIM,
                (owner, lease_expires, _json(record(row)), row.scope_id, row.run_id, row.attempt_count,
                 max_attempts, now),
            )  # fmt: skip
            if claimed != 1:
                return None
            return _row(row.scope_id, self._first(conn, _SELECT_ONE, (row.scope_id, row.run_id)))

        return self._transact(work)

    def finish_dream_run(self, row: DreamRunRow, owner: str, status: str, record: Mapping[str, Any]) -> bool:
        """Write the run's terminal (or queued-again) state; False when ``owner`` no longer holds it."""
        return self._transact(
            lambda conn: self._affected(conn, _FINISH, (status, _json(record), row.scope_id, row.run_id, owner)) == 1
        )

    def dream_runs_to_claim(self, now: str) -> list[DreamRunRow]:
        """Queued runs and running runs whose lease expired before ``now`` (at most 32 of each)."""
        with self._reading() as conn:
            rows = self._all(conn, _QUEUED) + self._all(conn, _EXPIRED, (now,))
        return [_row(_text(row[0]), row[1:]) for row in rows]

    def fail_expired_dream_run(self, row: DreamRunRow, now: str, record: Mapping[str, Any]) -> bool:
        """Mark a running run whose lease expired before ``now`` failed (it has no attempt left);
        False when it changed since ``row`` was read."""
        return self._transact(
            lambda conn: (
                self._affected(conn, _FAIL_EXPIRED, (_json(record), row.scope_id, row.run_id, now, row.attempt_count))
                == 1
            )
        )
