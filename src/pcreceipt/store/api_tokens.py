"""API tokens in the store, the same on every engine: create, read, list and revoke.

Only the token's SHA-256 digest is stored (the token never reaches the store). A token's grants
are its Access Bindings (``store.access``): ``create_token`` writes one Binding per grant
(``access_records.grant_binding_fields``), and a token's ``grants`` are read from its active,
unexpired Bindings on every read (the strongest per Scope or ``*``), so a Binding created,
replaced or revoked through the access API changes what the token may do from the next request.
A revoked token keeps its row (``revoked_at``) and is never deleted, so neither its id nor its
digest can be stored again. Tokens are listed by creation time then id, each with its grants in
Scope order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pcreceipt.store.access import INSERT_BINDING, AccessAudit, AccessBindings, binding_row, new_binding_id
from pcreceipt.store.access_records import (
    GRANT_IDEMPOTENCY_KEY,
    TOKEN_CLI,
    TOKEN_SUBJECT,
    AccessBindingRecord,
    Party,
    grant_binding_fields,
    strongest_grants,
)
from pcreceipt.store.hooks import ConnT, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import RecordNotFound, TokenGrant, TokenRecord, WriteConflict, check_token
from pcreceipt.store.rows import as_opt_str, as_str


def new_token_record(
    token_id: str, token_sha256: str, name: str | None, grants: Sequence[TokenGrant], now: str
) -> TokenRecord:
    """The record ``create_token`` stores and returns (grants in Scope order)."""
    return TokenRecord(
        token_id=token_id,
        name=name,
        token_sha256=token_sha256,
        grants=tuple(sorted(grants, key=lambda grant: grant.scope_id)),
        created_at=now,
    )


class ApiTokens(AccessBindings[ConnT, PreparedT], AccessAudit[ConnT, PreparedT]):
    """``create_token``, ``get_token``, ``list_tokens`` and ``revoke_token`` over an engine's hooks."""

    def create_token(
        self, *, token_id: str, token_sha256: str, name: str | None, grants: Sequence[TokenGrant]
    ) -> TokenRecord:
        check_token(token_id, token_sha256, name, grants)
        record = new_token_record(token_id, token_sha256, name, grants, utc_now())
        return self._transact(lambda conn: self._insert_token(conn, record, grants))

    def get_token(self, token_id: str) -> TokenRecord | None:
        with self._snapshot_reading() as conn:
            found = self._token_records(conn, "WHERE token_id = ?", (token_id,))
        return found[0] if found else None

    def list_tokens(self) -> list[TokenRecord]:
        with self._snapshot_reading() as conn:
            return self._token_records(conn, "", ())

    def revoke_token(self, token_id: str) -> TokenRecord:
        found = self._transact(lambda conn: self._revoke_in(conn, token_id))
        if not found:
            raise RecordNotFound("no token has that id", kind="token")
        return found[0]

    def _revoke_in(self, conn: ConnT, token_id: str) -> list[TokenRecord]:
        self._run(
            conn,
            "UPDATE api_tokens SET revoked_at = ? WHERE token_id = ? AND revoked_at IS NULL",
            (utc_now(), token_id),
        )
        return self._token_records(conn, "WHERE token_id = ?", (token_id,))

    def _insert_token(self, conn: ConnT, record: TokenRecord, grants: Sequence[TokenGrant]) -> TokenRecord:
        """``create_token`` inside its transaction."""
        taken = self._first(
            conn,
            "SELECT 1 FROM api_tokens WHERE token_id = ? OR token_sha256 = ?",
            (record.token_id, record.token_sha256),
        )
        if taken is not None:
            raise WriteConflict("the token id or digest is already stored", reason="already_exists")
        self._run(
            conn,
            "INSERT INTO api_tokens (token_id, token_sha256, name, created_at) VALUES (?, ?, ?, ?)",
            (record.token_id, record.token_sha256, record.name, record.created_at),
        )
        revision = self._next_revision(conn)
        bindings = []
        for grant in grants:
            resource_type, scope_id, role = grant_binding_fields(grant)
            binding = AccessBindingRecord(
                binding_id=new_binding_id(),
                subject=Party(TOKEN_SUBJECT, record.token_id),
                resource_type=resource_type,
                scope_id=scope_id,
                role=role,
                granted_by=TOKEN_CLI,
                reason=None,
                created_at=record.created_at,
                expires_at=None,
                state="active",
                version=1,
                policy_revision=revision,
                idempotency_key=GRANT_IDEMPOTENCY_KEY,
            )
            bindings.append(binding_row(binding))
        self._run_many(conn, INSERT_BINDING, bindings)
        return record

    def _token_records(self, conn: ConnT, where: str, parameters: Sequence[Any]) -> list[TokenRecord]:
        """The tokens (with their grants) of the ``api_tokens`` rows matching ``where`` (empty for
        all), in (created_at, token_id) order."""
        rows = self._all(
            conn,
            f"SELECT token_id, token_sha256, name, created_at, revoked_at FROM api_tokens {where}"
            " ORDER BY created_at, token_id",
            parameters,
        )
        bindings: dict[str, list[AccessBindingRecord]] = {as_str(row[0]): [] for row in rows}
        for binding in self._subject_bindings(conn, list(bindings)):
            bindings[binding.subject.id].append(binding)
        now = utc_now()
        grants = {token_id: strongest_grants(found, now) for token_id, found in bindings.items()}
        return [
            TokenRecord(
                token_id=as_str(row[0]),
                token_sha256=as_str(row[1]),
                name=row[2],
                grants=grants[as_str(row[0])],
                created_at=as_str(row[3]),
                revoked_at=as_opt_str(row[4]),
            )
            for row in rows
        ]
