"""Parts of the store protocol kept apart so ``pcreceipt.store.protocol`` can inherit them without an
import cycle: ``update_scope`` (the flow itself is ``pcreceipt.store.scope_update``) and the batched
searchable-head probe recall asks once per prepare."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pcreceipt.store.protocol import HistoryFamily, Scope


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
