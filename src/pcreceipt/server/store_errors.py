"""Store exceptions mapped to API errors, with fixed content-free messages.

Store messages are written to be content-free, but they may still name ids the client sent;
the API never forwards them, so an error body can only hold what this module writes.
"""

from __future__ import annotations

import logging
from typing import Any

from pcreceipt.errors import ApiError, Conflict, InternalError, InvalidRequest, NotFound, ServiceUnavailable
from pcreceipt.store.protocol import ConflictReason, InvalidRecord, RecordNotFound, StoreUnavailable, WriteConflict

log = logging.getLogger("pcreceipt.server")

#: The fixed message of each conflict; ``details.reason`` names it for programs.
CONFLICT_MESSAGES: dict[ConflictReason, str] = {
    "stale_revision": "The revision named is no longer the artifact's head revision.",
    "stale_state_version": "The atomic memory's lifecycle state changed since the state_version named.",
    "already_forgotten": "The atomic memory is already forgotten.",
    "already_merged": "The atomic memory was already merged into another.",
    "already_retired": "The atomic memory is already retired.",
    "not_merge_result": "Only an atomic memory made by a merge can be retired.",
    "already_exists": "The Scope already holds this artifact (its artifact_id, profile or prompt key is taken).",
    "idempotency_key_reused": "The idempotency key was already used to create a Scope with different fields.",
    "not_searchable_head": "The revision is not the artifact's searchable head.",
}


def api_error(exc: BaseException, *, operation_id: str, request_id: str) -> ApiError:
    """The API error for an exception raised while serving ``operation_id``."""
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, RecordNotFound):
        return NotFound("The Scope, artifact or revision does not exist.")
    if isinstance(exc, WriteConflict):
        details: dict[str, Any] = {"reason": exc.reason}
        if exc.current_revision is not None:
            details["current_revision"] = exc.current_revision
        if exc.current_state_version is not None:
            details["current_state_version"] = exc.current_state_version
        return Conflict(CONFLICT_MESSAGES[exc.reason], details)
    if isinstance(exc, InvalidRecord):
        violations = [{"path": "", "rule": "store"}]
        return InvalidRequest("The request is invalid for the stored data.", {"violations": violations})
    if isinstance(exc, StoreUnavailable):
        return ServiceUnavailable("The store is unavailable.")
    log.error("unexpected error operation=%s request_id=%s type=%s", operation_id, request_id, type(exc).__name__)
    return InternalError("An unexpected error occurred.")
