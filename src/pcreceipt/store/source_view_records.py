"""The record of a Source read back whole (``store.source_views``). Like ``records``, it imports
no store module, so the role protocols can name it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SourceView:
    """One Source of a Scope as ``get_source`` and ``list_sources`` serve it: its position, its id
    and its content as the JSON value served (the text of a capture or Working Note, the content
    of an artifact write's lineage Source)."""

    position: int
    source_id: str
    content: Any


@dataclass(frozen=True, slots=True)
class SourceViewPage:
    """Up to ``limit`` Sources after a position, and whether more follow up to the snapshot."""

    items: tuple[SourceView, ...]
    more: bool
