"""Scope bindings and the default Scope, the same on every engine.

A binding maps a host-owned key (integration, kind, external_id) to one Scope; the default
pointer names the Scope a host gets when none of its keys is bound. Both are server state every
host shares (tables ``scope_bindings`` and ``default_scope``, migration 3 of each engine).

Decisions:
- The default Scope is ``Default`` / ``Default context``, created under PowerContext's
  idempotency key ``powercontext.default-scope.v1`` by ``ensure_default_scope``, which the
  server calls when it starts (and resolution calls again while no default is set). It runs in
  one write transaction: an existing pointer wins; else the Scope of that key is reused or
  created, and the pointer inserted. Two processes starting together on one database create
  exactly one Scope: SQLite serialises the transactions, and on OceanBase the loser of the race
  on the unique idempotency key (or the pointer's primary key) is retried whole and then finds
  the winner's rows.
- A Scope created earlier under the same key with other fields is still taken as the default:
  the key says what it is for.
- Bindings and the pointer name Scope ids without a foreign key (as token grants do); a Scope
  is checked to exist when a binding or the default is set (``RecordNotFound``), and resolution
  reports a target that does not exist instead of falling back (the server answers 409).
- Keys match exactly (byte for byte, no trimming or case folding), as PowerContext's do.
- ``clear_scope_binding`` says whether *its* delete removed the row (the statement's affected
  rows), never what a read before it saw: concurrent clears of one key, through any number of
  servers, tell exactly one caller ``cleared``.
- ``list_scopes``' filters (``filtered_scopes``) are applied in Python to Scopes read in
  scope_id order, ``SCAN_BATCH`` at a time, with the bindings of each batch read in one
  statement: the query is a literal, case-sensitive substring test on the text itself, the same
  on every engine whatever its collations, and the external references live in the Scope row.
  A filtered page reads Scopes until it is full or none are left (Scopes are few).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import ClassVar

from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import new_scope_id, utc_now
from pcreceipt.store.records import BindingKey, Scope, ScopeFilters
from pcreceipt.store.rows import SCOPE_SELECT, as_str, requested_scope, scope_from_row

DEFAULT_SCOPE_TITLE = "Default"
DEFAULT_SCOPE_SUMMARY = "Default context"
DEFAULT_SCOPE_KEY = "powercontext.default-scope.v1"
_DEFAULT_SLOT = 1
SCAN_BATCH = 200  # not a contract limit: how many Scopes one read of a filtered listing takes


def _contains(value: str, query: str | None) -> bool:
    return query is None or query in value


def admits(scope: Scope, bindings: Iterable[BindingKey], filters: ScopeFilters) -> bool:
    """Whether ``filters`` admit ``scope``, whose bindings are ``bindings``."""
    field, query = filters.query_field, filters.query
    if filters.parent_scope_id is not None and scope.parent_scope_id != filters.parent_scope_id:
        return False
    if field in ("scope_id", "title", "summary") and not _contains(getattr(scope, field), query):
        return False
    reference_query = query if field == "external_reference_value" else None
    wants_reference = filters.external_reference_kind is not None or reference_query is not None
    if wants_reference and not any(
        filters.external_reference_kind in (None, reference["kind"]) and _contains(reference["value"], reference_query)
        for reference in scope.external_references
    ):
        return False
    binding_query = query if field == "binding_external_id" else None
    if not _needs_bindings(filters):
        return True
    return any(
        filters.binding_integration in (None, key.integration)
        and filters.binding_kind in (None, key.kind)
        and _contains(key.external_id, binding_query)
        for key in bindings
    )


def _needs_bindings(filters: ScopeFilters) -> bool:
    return (
        filters.binding_integration is not None
        or filters.binding_kind is not None
        or filters.query_field == "binding_external_id"
    )


class ScopeBindings(EngineHooks[ConnT, PreparedT]):
    """``ensure_default_scope``, ``default_scope_id``, ``set_default_scope``, ``bound_scope_id``,
    ``set_scope_binding`` and ``clear_scope_binding`` over an engine's hooks."""

    UPSERT_SCOPE_BINDING: ClassVar[str]
    """Insert a ``scope_bindings`` row (integration, kind, external_id, scope_id, updated_at); on an
    existing key update ``scope_id`` and ``updated_at``."""
    UPSERT_DEFAULT_SCOPE: ClassVar[str]
    """Insert the ``default_scope`` row (slot, scope_id, updated_at); on an existing slot update
    ``scope_id`` and ``updated_at``."""

    # -- the default Scope

    def ensure_default_scope(self) -> str:
        """The default Scope's id, creating ``Default`` and pointing the default at it when no
        default is set yet (once per database, whoever calls it concurrently)."""
        return self._transact(self._ensure_default_in)

    def _ensure_default_in(self, conn: ConnT) -> str:
        current = self._default_in(conn)
        if current is not None:
            return current
        row = self._scope_by_key(conn, DEFAULT_SCOPE_KEY)
        if row is not None:
            scope_id = scope_from_row(row).scope_id
        else:
            wanted = requested_scope(
                title=DEFAULT_SCOPE_TITLE,
                summary=DEFAULT_SCOPE_SUMMARY,
                parent_scope_id=None,
                context_references=(),
                external_references=(),
            )
            scope = replace(wanted, scope_id=new_scope_id())
            self._insert_scope(conn, scope, DEFAULT_SCOPE_KEY)
            scope_id = scope.scope_id
        self._run(
            conn,
            "INSERT INTO default_scope (slot, scope_id, updated_at) VALUES (?, ?, ?)",
            (_DEFAULT_SLOT, scope_id, utc_now()),
        )
        return scope_id

    def default_scope_id(self) -> str | None:
        """The Scope id the default pointer names (which may no longer exist), or None when unset."""
        with self._reading() as conn:
            return self._default_in(conn)

    def _default_in(self, conn: ConnT) -> str | None:
        row = self._first(conn, "SELECT scope_id FROM default_scope WHERE slot = ?", (_DEFAULT_SLOT,))
        return None if row is None else as_str(row[0])

    def set_default_scope(self, scope_id: str) -> None:
        """Point the default at an existing Scope; RecordNotFound when it does not exist."""

        def work(conn: ConnT) -> None:
            self._lock_scope(conn, scope_id)
            self._run(conn, self.UPSERT_DEFAULT_SCOPE, (_DEFAULT_SLOT, scope_id, utc_now()))

        self._transact(work)

    # -- listing with filters

    def filtered_scopes(
        self, *, limit: int, after: str | None, filters: ScopeFilters, among: frozenset[str] | None
    ) -> list[Scope]:
        """Up to ``limit`` Scopes after ``after``, in scope_id order, that ``filters`` admit (and in ``among``)."""
        found: list[Scope] = []
        start = after or ""
        with self._snapshot_reading() as conn:
            while len(found) < limit:
                rows = self._all(
                    conn, SCOPE_SELECT + " WHERE scope_id > ? ORDER BY scope_id LIMIT ?", (start, SCAN_BATCH)
                )
                if not rows:
                    break
                scopes = [scope_from_row(row) for row in rows]
                start = scopes[-1].scope_id
                candidates = [scope for scope in scopes if among is None or scope.scope_id in among]
                bindings = self._bindings_of(conn, [s.scope_id for s in candidates]) if _needs_bindings(filters) else {}
                for scope in candidates:
                    if admits(scope, bindings.get(scope.scope_id, ()), filters):
                        found.append(scope)
                        if len(found) == limit:
                            break
                if len(rows) < SCAN_BATCH:
                    break
        return found

    def _bindings_of(self, conn: ConnT, scope_ids: Sequence[str]) -> dict[str, list[BindingKey]]:
        rows = self._in_batches(
            conn, "SELECT scope_id, integration, kind, external_id FROM scope_bindings WHERE scope_id", scope_ids
        )
        out: dict[str, list[BindingKey]] = {}
        for row in rows:
            out.setdefault(as_str(row[0]), []).append(BindingKey(as_str(row[1]), as_str(row[2]), as_str(row[3])))
        return out

    # -- bindings

    def bound_scope_id(self, keys: Sequence[BindingKey]) -> str | None:
        """The Scope id bound to the first of ``keys`` (in their order) that has a binding, or None."""
        if not keys:
            return None
        with self._snapshot_reading() as conn:
            for key in keys:
                row = self._first(
                    conn,
                    "SELECT scope_id FROM scope_bindings WHERE integration = ? AND kind = ? AND external_id = ?",
                    (key.integration, key.kind, key.external_id),
                )
                if row is not None:
                    return as_str(row[0])
        return None

    def set_scope_binding(self, key: BindingKey, scope_id: str) -> None:
        """Bind ``key`` to an existing Scope (the last write wins); RecordNotFound when it does not exist."""

        def work(conn: ConnT) -> None:
            self._lock_scope(conn, scope_id)
            self._run(
                conn, self.UPSERT_SCOPE_BINDING, (key.integration, key.kind, key.external_id, scope_id, utc_now())
            )

        self._transact(work)

    def clear_scope_binding(self, key: BindingKey) -> bool:
        """Remove the binding of ``key``; whether this call removed it (the delete's own row count:
        of concurrent clears of one binding exactly one is told it cleared it)."""
        params = (key.integration, key.kind, key.external_id)
        return bool(
            self._transact(
                lambda conn: self._affected(
                    conn, "DELETE FROM scope_bindings WHERE integration = ? AND kind = ? AND external_id = ?", params
                )
            )
        )
