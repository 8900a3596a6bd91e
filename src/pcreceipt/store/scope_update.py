"""``update_scope``: replace a Scope's descriptor if its version is still the one the caller read.

Decisions (``docs/decisions.md``, "update_scope"):
- PUT semantics, as PowerContext 1.4.1 declares them: the request replaces title, summary, parent
  and both reference lists; an absent parent is null and an absent list is empty.
- Order of checks, as 1.4.1 runs them: the Scope must exist (``RecordNotFound``), then its
  version must be ``expected_version`` (``StaleScopeVersion``), then the links: the Scope may not
  be its own parent, its parent's chain may not reach it, it may not reference itself
  (``RefusedScopeLink``), and the parent, every ancestor and every reference must exist
  (``RecordNotFound`` kind ``scope``).
- Compare-and-set under the engine's write transaction: SQLite's ``BEGIN IMMEDIATE`` serialises
  every writer; OceanBase locks the Scope's row and every ancestor row it walks (``FOR UPDATE``)
  before reading them, so of two updates from the same version exactly one commits and the
  other sees the new version, and two updates cannot each close half of a cycle unseen.
- A successful update bumps ``version`` by exactly one, even when nothing changed (1.4.1 does too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pcreceipt.models import limits
from pcreceipt.store import rules
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.records import InvalidRecord, RecordNotFound, StoreError
from pcreceipt.store.rows import SCOPE_SELECT, scope_from_row, to_json

if TYPE_CHECKING:
    from pcreceipt.store.records import Scope

Relationship = limits.ErrorDetailsRelationship
RelationshipIssue = limits.ErrorDetailsIssue


class StaleScopeVersion(StoreError):
    """The Scope's version is not the one the update expected (``current`` is)."""

    def __init__(self, *, expected: int, current: int) -> None:
        super().__init__("the Scope changed since the expected version")
        self.expected = expected
        self.current = current


class RefusedScopeLink(InvalidRecord):
    """A parent or context reference that would make the Scope its own parent, ancestor or reference."""

    def __init__(self, relationship: Relationship, issue: RelationshipIssue) -> None:
        super().__init__(f"invalid Scope link ({relationship})")
        self.relationship: Relationship = relationship
        self.issue: RelationshipIssue = issue


class ScopeUpdates(EngineHooks[ConnT, PreparedT]):
    """The engine-neutral update flow (mixed into ``StoreEngine``)."""

    def update_scope(
        self,
        scope_id: str,
        *,
        expected_version: int,
        title: str,
        summary: str,
        parent_scope_id: str | None,
        context_references: Sequence[str],
        external_references: Sequence[Mapping[str, str]],
    ) -> Scope:
        rules.check_external_references(external_references)
        references = tuple(context_references)
        if len(set(references)) != len(references):
            raise InvalidRecord("context_references must be unique")

        def work(conn: ConnT) -> Scope:
            current = self._locked_scope(conn, scope_id)
            if current is None:
                raise RecordNotFound("the Scope does not exist", kind="scope")
            if current.version != expected_version:
                raise StaleScopeVersion(expected=expected_version, current=current.version)
            self._check_update_links(conn, scope_id, parent_scope_id, references)
            self._run(
                conn,
                """UPDATE scopes SET title = ?, summary = ?, parent_scope_id = ?, context_references = ?,
                                     external_references = ?, version = ?
                   WHERE scope_id = ? AND version = ?""",
                (
                    title,
                    summary,
                    parent_scope_id,
                    to_json(list(references)),
                    to_json([dict(reference) for reference in external_references]),
                    expected_version + 1,
                    scope_id,
                    expected_version,
                ),
            )
            updated = self._locked_scope(conn, scope_id)
            if updated is None or updated.version != expected_version + 1:  # the row lock makes this unreachable
                raise StaleScopeVersion(expected=expected_version, current=updated.version if updated else 0)
            return updated

        return self._transact(work)

    def _locked_scope(self, conn: ConnT, scope_id: str) -> Scope | None:
        """The Scope's row, locked for this transaction first (None when it does not exist)."""
        if not self._lock_scope(conn, scope_id, required=False):
            return None
        row = self._first(conn, SCOPE_SELECT + " WHERE scope_id = ?", (scope_id,))
        return None if row is None else scope_from_row(row)

    def _check_update_links(
        self, conn: ConnT, scope_id: str, parent_scope_id: str | None, references: Sequence[str]
    ) -> None:
        if parent_scope_id == scope_id:
            raise RefusedScopeLink("Parent", "a Scope cannot parent itself")
        ancestor_id = parent_scope_id
        seen: set[str] = set()
        while ancestor_id is not None and ancestor_id not in seen:
            seen.add(ancestor_id)
            ancestor = self._locked_scope(conn, ancestor_id)
            if ancestor is None:
                raise RecordNotFound("the parent Scope does not exist", kind="scope")
            if ancestor.parent_scope_id == scope_id:
                raise RefusedScopeLink("Parent", "relationships must be acyclic")
            ancestor_id = ancestor.parent_scope_id
        for reference in references:
            if reference == scope_id:
                raise RefusedScopeLink("Context Reference", "a Scope cannot reference itself")
            if self._first(conn, "SELECT 1 FROM scopes WHERE scope_id = ?", (reference,)) is None:
                raise RecordNotFound("a context reference names an unknown Scope", kind="scope")
