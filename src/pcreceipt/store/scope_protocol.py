"""The store protocol's part for ``update_scope``, kept apart so ``pcreceipt.store.protocol`` can
inherit it without an import cycle (the flow itself is ``pcreceipt.store.scope_update``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pcreceipt.store.protocol import Scope


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
