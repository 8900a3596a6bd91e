"""The records of Connector checkpoints (``store.connectors``): a binding and the conflict. Like
``records``, it imports no store module, so the role protocols can name them."""

from __future__ import annotations

from dataclasses import dataclass

from pcreceipt.store.records import StoreError


@dataclass(frozen=True, slots=True)
class ConnectorBinding:
    """One remote Connector binding (PowerContext 1.4.1's ``ConnectorBinding``)."""

    scope_id: str
    binding_id: str
    connector_name: str
    connector_version: str


class CheckpointConflict(StoreError):
    """A commit's expected checkpoint is not the current one, or the binding id belongs to another
    Connector (``reason``: ``stale`` or ``binding``)."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            "the binding belongs to another Connector" if reason == "binding" else "the expected checkpoint is stale"
        )
        self.reason = reason
