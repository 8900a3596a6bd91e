"""The handlers of stable artifact handles: ``bind_artifact_handle`` (PUT) and
``resolve_artifact_handle`` (GET) at ``/v1/scopes/{scope_id}/artifact-handles/{family}/{key}``
(registered in ``server.handlers.HANDLERS``), PowerContext 1.4.1's operations and answers.

Decisions (``docs/decisions.md``, "Artifact handles"):
- A handle is bound once and for ever (``store.handles``): the same revision again is 200 with the
  binding, another revision 409 ``idempotency_conflict`` with ``details.kind`` ``artifact_handle``
  (1.4.1's code and details); a revision the Scope lacks is 404 ``artifact_not_found``, after the
  existing binding is compared (1.4.1's order). The family is the path's: the target is the
  revision of that family, so a family pcreceipt does not have binds nothing (404).
- Resolving a handle never bound is 404 ``artifact_handle_not_found``.
- The Scope is checked by the endpoint first (404 ``scope_not_found``); bind needs admin on it
  (1.4.1's ``scope.admin``), resolve read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from pcreceipt.errors import Conflict, NotFound
from pcreceipt.models import bodies
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.handles import HandleTaken

TAKEN_MESSAGE: Final = "The handle is bound to another artifact revision; a binding is never changed."
UNBOUND_MESSAGE: Final = "The artifact handle is not bound in this Scope."


class ArtifactHandleNotFound(NotFound):
    """No binding for the handle in the Scope."""

    code = "artifact_handle_not_found"


class IdempotencyConflict(Conflict):
    """A stable identity (here an artifact handle) already names other durable state."""

    code = "idempotency_conflict"


def _binding(family: str, key: str, artifact_id: str, revision: int) -> dict[str, Any]:
    return {
        "family": family,
        "key": key,
        "artifact": {"family": family, "artifact_id": artifact_id, "revision": revision},
    }


def bind_artifact_handle(call: Call[bodies.BindArtifactHandleRequest]) -> Reply:
    scope_id, family, key = call.path["scope_id"], call.path["family"], call.path["key"]
    artifact_id, revision = call.body["artifact_id"], call.body["revision"]
    try:
        call.services.store.bind_artifact_handle(scope_id, family, key, artifact_id, revision)
    except HandleTaken:
        raise IdempotencyConflict(TAKEN_MESSAGE, {"kind": "artifact_handle"}) from None
    return Reply(200, _binding(family, key, artifact_id, revision))


def resolve_artifact_handle(call: Call[None]) -> Reply:
    scope_id, family, key = call.path["scope_id"], call.path["family"], call.path["key"]
    bound = call.services.store.resolve_artifact_handle(scope_id, family, key)
    if bound is None:
        raise ArtifactHandleNotFound(UNBOUND_MESSAGE)
    return Reply(200, _binding(family, key, *bound))


ARTIFACT_HANDLE_HANDLERS: Mapping[str, Handler] = {
    "bind_artifact_handle": bind_artifact_handle,
    "resolve_artifact_handle": resolve_artifact_handle,
}
