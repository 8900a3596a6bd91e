"""Access Bindings in the store, the same on every engine (tables ``access_bindings``,
``access_policy``, ``access_idempotency``; migration 22 of each engine).

The rule (PowerContext 1.4.1's, read from its relationship repository):

- A Binding is immutable but for its revocation: revoking sets ``state`` revoked, ``revoked_at``
  and ``revoked_by`` and adds one to ``version``; a replacement revokes the Binding and creates a
  new one with the same resource and role. Nothing is deleted.
- Every change adds one to the policy revision (``access_policy``, one row), in the change's own
  transaction: the ``UPDATE`` of that row comes first, so changes are serialised on every engine
  and on every server over one database, and a Binding records the revision its change made.
- A revocation or replacement decides by its own row count: ``UPDATE ... WHERE version = expected
  AND state = 'active'``; any other outcome is ``AccessConflict("binding-version")`` with nothing
  written, so of concurrent changes of one Binding exactly one wins.
- Idempotency is per (actor, operation, key): the first request's digest is kept with its result;
  the same key with the same request answers that result again, with another request it is
  ``AccessConflict("idempotency-key")``.
- Tokens and Bindings are read from the store on every request: nothing is cached.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any, cast

from pcreceipt.store.access_records import (
    AccessAuditRecord,
    AccessBindingRecord,
    AccessConflict,
    AuditQuery,
    BindingState,
    NewBinding,
    Party,
    ResourceType,
)
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.rows import as_opt_str, as_str

BINDING_COLUMNS = (
    "binding_id, subject_type, subject_id, resource_type, scope_id, role, granted_by_type, granted_by_id,"
    " reason, created_at, expires_at, state, version, policy_revision, idempotency_key, revoked_at,"
    " revoked_by_type, revoked_by_id"
)
INSERT_BINDING = f"INSERT INTO access_bindings ({BINDING_COLUMNS}) VALUES ({', '.join('?' * 18)})"
_REVOKE = """UPDATE access_bindings SET state = 'revoked', version = version + 1, policy_revision = ?,
    revoked_at = ?, revoked_by_type = ?, revoked_by_id = ?
    WHERE binding_id = ? AND version = ? AND state = 'active'"""


def new_binding_id() -> str:
    return "bnd_" + secrets.token_hex(16)


def binding_row(binding: AccessBindingRecord) -> tuple[Any, ...]:
    revoked_by = binding.revoked_by
    return (
        binding.binding_id,
        binding.subject.type,
        binding.subject.id,
        binding.resource_type,
        binding.scope_id,
        binding.role,
        binding.granted_by.type,
        binding.granted_by.id,
        binding.reason,
        binding.created_at,
        binding.expires_at,
        binding.state,
        binding.version,
        binding.policy_revision,
        binding.idempotency_key,
        binding.revoked_at,
        None if revoked_by is None else revoked_by.type,
        None if revoked_by is None else revoked_by.id,
    )


def binding_from_row(row: Sequence[Any]) -> AccessBindingRecord:
    revoked_type, revoked_id = as_opt_str(row[16]), as_opt_str(row[17])
    return AccessBindingRecord(
        binding_id=as_str(row[0]),
        subject=Party(as_str(row[1]), as_str(row[2])),
        resource_type=cast(ResourceType, as_str(row[3])),
        scope_id=as_opt_str(row[4]),
        role=as_str(row[5]),
        granted_by=Party(as_str(row[6]), as_str(row[7])),
        reason=as_opt_str(row[8]),
        created_at=as_str(row[9]),
        expires_at=as_opt_str(row[10]),
        state=cast(BindingState, as_str(row[11])),
        version=int(row[12]),
        policy_revision=as_str(row[13]),
        idempotency_key=as_str(row[14]),
        revoked_at=as_opt_str(row[15]),
        revoked_by=None if revoked_type is None or revoked_id is None else Party(revoked_type, revoked_id),
    )


def _key_sha(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class AccessBindings(EngineHooks[ConnT, PreparedT]):
    """The Binding reads and changes over an engine's hooks."""

    # -- reads

    def access_policy_revision(self) -> str:
        with self._reading() as conn:
            return self._revision(conn)

    def get_access_binding(self, binding_id: str) -> AccessBindingRecord | None:
        with self._reading() as conn:
            return self._binding(conn, binding_id)

    def list_access_bindings(
        self,
        *,
        scope_id: str | None,
        subject: Party | None,
        role: str | None,
        state: str | None,
        after: str | None,
        limit: int,
    ) -> list[AccessBindingRecord]:
        """Bindings in binding_id order after ``after``: all (``scope_id`` None) or one Scope's."""
        where: list[str] = []
        params: list[Any] = []
        for column, value in (("scope_id", scope_id), ("role", role), ("state", state)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if subject is not None:
            where.append("subject_type = ? AND subject_id = ?")
            params.extend((subject.type, subject.id))
        if after is not None:
            where.append("binding_id > ?")
            params.append(after)
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        with self._reading() as conn:
            rows = self._all(
                conn,
                f"SELECT {BINDING_COLUMNS} FROM access_bindings {clause} ORDER BY binding_id LIMIT ?",
                (*params, limit),
            )
        return [binding_from_row(row) for row in rows]

    def _binding(self, conn: ConnT, binding_id: str) -> AccessBindingRecord | None:
        row = self._first(conn, f"SELECT {BINDING_COLUMNS} FROM access_bindings WHERE binding_id = ?", (binding_id,))
        return None if row is None else binding_from_row(row)

    def _subject_bindings(self, conn: ConnT, subject_ids: Sequence[str]) -> list[AccessBindingRecord]:
        """Every active Binding of these token subjects."""
        rows = self._in_batches(
            conn,
            f"SELECT {BINDING_COLUMNS} FROM access_bindings WHERE state = 'active' AND subject_type = 'service'"
            " AND subject_id",
            list(subject_ids),
            " ORDER BY binding_id",
        )
        return [binding_from_row(row) for row in rows]

    def _revision(self, conn: ConnT) -> str:
        row = self._first(conn, "SELECT revision FROM access_policy WHERE slot = 1")
        return str(int(row[0])) if row is not None else "0"

    def _next_revision(self, conn: ConnT) -> str:
        """Add one to the policy revision (locking its row until the transaction ends)."""
        self._run(conn, "UPDATE access_policy SET revision = revision + 1 WHERE slot = 1")
        return self._revision(conn)

    # -- idempotency

    def _replay(
        self, conn: ConnT, actor: Party, operation: str, key: str, request_sha: str
    ) -> tuple[str, str | None] | None:
        row = self._first(
            conn,
            "SELECT request_sha, binding_id, second_binding_id FROM access_idempotency"
            " WHERE actor_id = ? AND operation = ? AND key_sha = ?",
            (actor.id, operation, _key_sha(key)),
        )
        if row is None:
            return None
        if as_str(row[0]) != request_sha:
            raise AccessConflict("idempotency-key")
        return as_str(row[1]), as_opt_str(row[2])

    def _remember(
        self, conn: ConnT, actor: Party, operation: str, key: str, request_sha: str, first: str, second: str | None
    ) -> None:
        self._run(
            conn,
            "INSERT INTO access_idempotency (actor_id, operation, key_sha, request_sha, binding_id, second_binding_id)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (actor.id, operation, _key_sha(key), request_sha, first, second),
        )

    def _replayed(self, conn: ConnT, binding_id: str | None) -> AccessBindingRecord:
        found = None if binding_id is None else self._binding(conn, binding_id)
        if found is None:
            raise AccessConflict("idempotency-key")
        return found

    # -- changes

    def create_access_binding(self, new: NewBinding, actor: Party) -> AccessBindingRecord:
        """Store ``new`` (or answer the Binding its idempotency key made)."""

        def work(conn: ConnT) -> AccessBindingRecord:
            revision = self._next_revision(conn)
            replay = self._replay(conn, actor, "create", new.idempotency_key, new.request_sha)
            if replay is not None:
                return self._replayed(conn, replay[0])
            binding = AccessBindingRecord(
                binding_id=new_binding_id(),
                subject=new.subject,
                resource_type=new.resource_type,
                scope_id=new.scope_id,
                role=new.role,
                granted_by=actor,
                reason=new.reason,
                created_at=utc_now(),
                expires_at=new.expires_at,
                state="active",
                version=1,
                policy_revision=revision,
                idempotency_key=new.idempotency_key,
            )
            self._run(conn, INSERT_BINDING, binding_row(binding))
            self._remember(conn, actor, "create", new.idempotency_key, new.request_sha, binding.binding_id, None)
            return binding

        return self._transact(work)

    def revoke_access_binding(
        self, binding_id: str, expected_version: int, actor: Party, idempotency_key: str
    ) -> AccessBindingRecord:
        request_sha = _key_sha(f"{binding_id}\0{expected_version}")

        def work(conn: ConnT) -> AccessBindingRecord:
            revision = self._next_revision(conn)
            replay = self._replay(conn, actor, "revoke", idempotency_key, request_sha)
            if replay is not None:
                return self._replayed(conn, replay[0])
            self._revoke(conn, binding_id, expected_version, actor, revision)
            self._remember(conn, actor, "revoke", idempotency_key, request_sha, binding_id, None)
            return self._replayed(conn, binding_id)

        return self._transact(work)

    def replace_access_binding(
        self,
        binding_id: str,
        expected_version: int,
        replacement: NewBinding,
        actor: Party,
    ) -> tuple[AccessBindingRecord, AccessBindingRecord]:
        """Revoke the Binding and create ``replacement`` (its resource and role are the Binding's)."""

        def work(conn: ConnT) -> tuple[AccessBindingRecord, AccessBindingRecord]:
            revision = self._next_revision(conn)
            key = replacement.idempotency_key
            replay = self._replay(conn, actor, "replace", key, replacement.request_sha)
            if replay is not None:
                return self._replayed(conn, replay[0]), self._replayed(conn, replay[1])
            current = self._binding(conn, binding_id)
            if current is None:
                raise AccessConflict("binding-version")
            now = utc_now()
            self._revoke(conn, binding_id, expected_version, actor, revision, now)
            created = AccessBindingRecord(
                binding_id=new_binding_id(),
                subject=replacement.subject,
                resource_type=current.resource_type,
                scope_id=current.scope_id,
                role=current.role,
                granted_by=actor,
                reason=replacement.reason,
                created_at=now,
                expires_at=replacement.expires_at,
                state="active",
                version=1,
                policy_revision=revision,
                idempotency_key=key,
            )
            self._run(conn, INSERT_BINDING, binding_row(created))
            self._remember(conn, actor, "replace", key, replacement.request_sha, binding_id, created.binding_id)
            return self._replayed(conn, binding_id), created

        return self._transact(work)

    def _revoke(
        self, conn: ConnT, binding_id: str, expected: int, actor: Party, revision: str, now: str | None = None
    ) -> None:
        changed = self._affected(
            conn, _REVOKE, (revision, now or utc_now(), actor.type, actor.id, binding_id, expected)
        )
        if changed != 1:
            raise AccessConflict("binding-version")


AUDIT_COLUMNS = (
    "event_id, occurred_at, request_id, transport, operation, principal_type, principal_id, action,"
    " resource_type, scope_id, allowed, reason_code, policy_revision, binding_id, target_type, target_id, role,"
    " expected_version, result_version"
)


def _audit_row(event: AccessAuditRecord) -> tuple[Any, ...]:
    target = event.target
    return (
        event.event_id,
        event.occurred_at,
        event.request_id,
        event.transport,
        event.operation,
        event.principal.type,
        event.principal.id,
        event.action,
        "server" if event.scope_id is None else "scope",
        event.scope_id,
        1 if event.allowed else 0,
        event.reason_code,
        event.policy_revision,
        event.binding_id,
        None if target is None else target.type,
        None if target is None else target.id,
        event.role,
        event.expected_version,
        event.result_version,
    )


def _audit_from_row(row: Sequence[Any]) -> AccessAuditRecord:
    target_type, target_id = as_opt_str(row[15]), as_opt_str(row[16])
    return AccessAuditRecord(
        cursor=int(row[0]),
        event_id=as_str(row[1]),
        occurred_at=as_str(row[2]),
        request_id=as_opt_str(row[3]),
        transport=as_str(row[4]),
        operation=as_str(row[5]),
        principal=Party(as_str(row[6]), as_str(row[7])),
        action=as_str(row[8]),
        scope_id=as_opt_str(row[10]),
        allowed=bool(int(row[11])),
        reason_code=as_str(row[12]),
        policy_revision=as_opt_str(row[13]),
        binding_id=as_opt_str(row[14]),
        target=None if target_type is None or target_id is None else Party(target_type, target_id),
        role=as_opt_str(row[17]),
        expected_version=None if row[18] is None else int(row[18]),
        result_version=None if row[19] is None else int(row[19]),
    )


class AccessAudit(EngineHooks[ConnT, PreparedT]):
    """The access audit: appended events (never changed or deleted), listed in cursor order."""

    def append_access_audit(self, events: Sequence[AccessAuditRecord]) -> None:
        if events:
            sql = f"INSERT INTO access_audit ({AUDIT_COLUMNS}) VALUES ({', '.join('?' * 19)})"
            self._transact(lambda conn: self._run_many(conn, sql, [_audit_row(event) for event in events]))

    def list_access_audit(self, query: AuditQuery) -> list[AccessAuditRecord]:
        where: list[str] = []
        params: list[Any] = []
        for clause, value in (
            ("scope_id = ?", query.scope_id),
            ("action = ?", query.action),
            ("occurred_at >= ?", query.start),
            ("occurred_at < ?", query.end),
            ("event_cursor > ?", query.after),
        ):
            if value is not None:
                where.append(clause)
                params.append(value)
        if query.principal is not None:
            where.append("principal_type = ? AND principal_id = ?")
            params.extend((query.principal.type, query.principal.id))
        if query.allowed is not None:
            where.append("allowed = ?")
            params.append(1 if query.allowed else 0)
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        with self._reading() as conn:
            rows = self._all(
                conn,
                f"SELECT event_cursor, {AUDIT_COLUMNS} FROM access_audit {clause} ORDER BY event_cursor LIMIT ?",
                (*params, query.limit),
            )
        return [_audit_from_row(row) for row in rows]
