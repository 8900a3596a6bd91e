"""The records of Atomic Memory restoration (``store.restoration``): its plan, its result and its
errors. Like ``records``, it imports no store module, so the role protocols can name them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pcreceipt.models import limits
from pcreceipt.store.records import ArtifactRef, LifecycleState, StoreError

RestorationOperation = limits.AtomicMemoryRestorationOperation
FinalState = Literal["active", "retired"]


class RestorationRefused(StoreError):
    """The restoration cannot apply to the stored memories; ``code`` is the API's 409 code."""

    def __init__(self, message: str, *, code: Literal["invalid_memory_state", "invalid_memory_relation"]) -> None:
        super().__init__(message)
        self.code = code


class RestorationChanged(StoreError):
    """The memories changed between planning and committing: plan again."""


class PreviewEndpointMoved(StoreError):
    """The merge path no longer ends where the restoration's preview saw it."""


@dataclass(frozen=True, slots=True)
class MemoryNode:
    """An Atomic Memory head as the planner sees it."""

    artifact_id: str
    revision: int
    state: LifecycleState
    state_version: int
    merged_into_id: str | None


@dataclass(frozen=True, slots=True)
class RestoreItem:
    artifact_id: str
    source_revision: int
    creates_revision: bool


@dataclass(frozen=True, slots=True)
class RestorationWrite:
    """One memory's final change: from head ``revision`` at ``state_version`` to ``state``, with
    the content of ``content_revision``."""

    artifact_id: str
    state: FinalState
    revision: int
    state_version: int
    content_revision: int
    content: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class RestorationPlan:
    scope_id: str
    artifact_id: str
    operation: RestorationOperation
    revision: int | None
    endpoint: MemoryNode
    primary: MemoryNode
    restore: tuple[RestoreItem, ...]
    retire: tuple[ArtifactRef, ...]
    undo_merge_results: tuple[str, ...]
    writes: tuple[RestorationWrite, ...]


@dataclass(frozen=True, slots=True)
class RestorationResult:
    changed: bool
    restored: tuple[ArtifactRef, ...]
    retired: tuple[ArtifactRef, ...]
    undo_merge_results: tuple[str, ...]
