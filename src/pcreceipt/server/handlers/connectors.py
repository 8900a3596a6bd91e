"""The handlers of Connector checkpoints: ``get_connector_checkpoint`` and
``commit_connector_checkpoint`` (registered in ``server.handlers.HANDLERS``), in PowerContext
1.4.1's shapes (``store.connectors`` holds the rule).

Decisions (``docs/decisions.md``, "Connector checkpoints"):
- Both answer ``{binding, checkpoint}`` (200): the read the stored value (null when the binding
  never committed), the commit the value it made durable.
- Every refusal of the store is 409 ``connector_checkpoint_conflict`` with 1.4.1's message and no
  details (a stale ``expected`` and a binding id of another Connector alike, as 1.4.1 answers).
- ``expected`` and ``checkpoint`` must be I-JSON (RFC 7493), which their RFC 8785 comparison
  needs: an integer beyond ±(2**53 - 1) or a number that is not finite is 422 ``invalid_request``
  (rule ``i_json`` at the value), before anything is read or written.
- The Scope is named by ``binding.scope_id`` (``x-pcreceipt-scope`` source ``binding``, write
  access for both, as 1.4.1's ``scope.contribute``) and is not looked up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pcreceipt.errors import ConnectorCheckpointConflict
from pcreceipt.models import bodies
from pcreceipt.server.handlers.common import require_i_json
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.connector_records import CheckpointConflict, ConnectorBinding

STALE_MESSAGE = "The Connector checkpoint is stale."
NOT_I_JSON_MESSAGE = "A checkpoint is I-JSON: integers within ±(2**53 - 1), finite numbers."


def _binding(body: Mapping[str, Any]) -> ConnectorBinding:
    return ConnectorBinding(body["scope_id"], body["binding_id"], body["connector_name"], body["connector_version"])


def _state(binding: Mapping[str, Any], checkpoint: Any) -> dict[str, Any]:
    return {"binding": dict(binding), "checkpoint": checkpoint}


def get_connector_checkpoint(call: Call[bodies.GetConnectorCheckpointRequest]) -> Reply:
    binding = call.body["binding"]
    try:
        checkpoint = call.services.store.connector_checkpoint(_binding(binding))
    except CheckpointConflict:
        raise ConnectorCheckpointConflict(STALE_MESSAGE) from None
    return Reply(200, _state(binding, checkpoint))


def commit_connector_checkpoint(call: Call[bodies.CommitConnectorCheckpointRequest]) -> Reply:
    body = call.body
    require_i_json(body, ("expected", "checkpoint"), NOT_I_JSON_MESSAGE)
    try:
        call.services.store.commit_connector_checkpoint(_binding(body["binding"]), body["expected"], body["checkpoint"])
    except CheckpointConflict:
        raise ConnectorCheckpointConflict(STALE_MESSAGE) from None
    return Reply(200, _state(body["binding"], body["checkpoint"]))


CONNECTOR_HANDLERS: Mapping[str, Handler] = {
    "get_connector_checkpoint": get_connector_checkpoint,
    "commit_connector_checkpoint": commit_connector_checkpoint,
}
