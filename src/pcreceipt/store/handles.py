"""Stable artifact handles, the same on every engine: a Scope-local name (family, key) bound once
and for ever to one exact artifact revision (table ``artifact_handles``, migration 15 of each engine).

Decisions (``docs/decisions.md``, "Artifact handles"), PowerContext 1.4.1's rules:
- A binding is permanent: never updated, released or deleted. Binding a key again to the same
  revision answers that binding; to any other revision is ``HandleTaken``.
- The revision must exist in the Scope (``RecordNotFound`` kind ``artifact`` otherwise), checked
  after an existing binding is compared, as 1.4.1 checks them.
- Racing binders of one handle: the first committed binding wins; each other binder answers
  that binding when it asked for the same revision and ``HandleTaken`` otherwise. The Scope's
  writer lock (SQLite's write transaction, OceanBase's Scope row lock) serialises them, on one
  server and across servers over one database; the primary key holds the rule besides.
"""

from __future__ import annotations

from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import RecordNotFound, StoreError
from pcreceipt.store.rows import REVISION_EXISTS, as_str

_HANDLE = " FROM artifact_handles WHERE scope_id = ? AND family = ? AND handle_key = ?"


class HandleTaken(StoreError):
    """The handle is bound to another revision already (a binding is never changed)."""


class ArtifactHandles(EngineHooks[ConnT, PreparedT]):
    """``bind_artifact_handle`` and ``resolve_artifact_handle`` over an engine's hooks."""

    def bind_artifact_handle(self, scope_id: str, family: str, key: str, artifact_id: str, revision: int) -> bool:
        """Bind (family, key) in the Scope to the exact revision; True when this call bound it, False
        when it was bound to that revision already. HandleTaken when bound to another revision;
        RecordNotFound when the Scope (kind ``scope``) or the revision (kind ``artifact``) does not exist."""

        def work(conn: ConnT) -> bool:
            self._lock_scope(conn, scope_id)
            if self._same(self._bound(conn, scope_id, family, key), artifact_id, revision):
                return False
            found = self._first(conn, REVISION_EXISTS, (scope_id, family, artifact_id, revision))
            if found is None:
                raise RecordNotFound("the artifact revision does not exist", kind="artifact")
            self._run(
                conn,
                """INSERT INTO artifact_handles (scope_id, family, handle_key, artifact_id, revision, bound_at)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (scope_id, family, key, artifact_id, revision, utc_now()),
            )
            return True

        return self._transact(work)

    def resolve_artifact_handle(self, scope_id: str, family: str, key: str) -> tuple[str, int] | None:
        """The (artifact_id, revision) the handle is bound to, or None when it is not bound."""
        with self._snapshot_reading() as conn:
            return self._bound(conn, scope_id, family, key)

    def _bound(self, conn: ConnT, scope_id: str, family: str, key: str) -> tuple[str, int] | None:
        row = self._first(conn, "SELECT artifact_id, revision" + _HANDLE, (scope_id, family, key))
        return None if row is None else (as_str(row[0]), int(row[1]))

    @staticmethod
    def _same(bound: tuple[str, int] | None, artifact_id: str, revision: int) -> bool:
        """Whether ``bound`` is this revision; HandleTaken when the handle names another."""
        if bound is None:
            return False
        if bound != (artifact_id, revision):
            raise HandleTaken("the handle is bound to another revision")
        return True
