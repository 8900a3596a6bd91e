"""Parts of the store protocol kept apart so ``pcreceipt.store.protocol`` can inherit them without an
import cycle: ``update_scope`` (the flow itself is ``pcreceipt.store.scope_update``), the batched
searchable-head probe recall asks once per prepare, ``pinned_connection``, the block in which a
prepare's reads share one connection, and ``query_current_code``, recall's one read of the code."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pcreceipt.store.protocol import CodeHit, HistoryFamily, Scope, Workspace


class ScopeUpdating(Protocol):
    """The store protocol's part for ``update_scope`` (``pcreceipt.store.protocol.Store`` inherits it)."""

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
        """The Scope as updated, its version one more than ``expected_version``."""
        ...


class SearchProbing(Protocol):
    """The store protocol's batched searchable-head probe (``pcreceipt.store.protocol.Store`` inherits it)."""

    def has_searchable_many(self, keys: Sequence[tuple[str, HistoryFamily]]) -> list[bool]:
        """``has_searchable`` for each (scope_id, family) of ``keys``, in order, in one read (one
        round trip on a networked engine instead of one per key)."""
        ...


class ConnectionPinning(Protocol):
    """The store protocol's connection scope (``pcreceipt.store.protocol.Store`` inherits it)."""

    def pinned_connection(self) -> AbstractContextManager[None]:
        """A block whose statements on this thread share one connection (a networked engine checks
        out, and pings, one pooled connection for all of them instead of one per read or write). It
        changes no result: each read is still its own statement or snapshot and each write its own
        transaction, and a statement that fails leaves the next one the connection, or a fresh one
        when the failure lost it. Blocks nest (the inner one joins the outer); an engine with one
        connection per thread may do nothing."""
        ...


class CurrentCode(Protocol):
    """The store protocol's combined code read (``pcreceipt.store.protocol.Store`` inherits it)."""

    def query_current_code(self, scope_id: str, query: str, limit: int) -> tuple[Workspace | None, list[CodeHit]]:
        """``get_workspace`` and ``query_code`` together, from one consistent read (one statement
        when a window matches, instead of two on a networked engine)."""
        ...
