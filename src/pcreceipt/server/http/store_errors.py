"""Store exceptions mapped to API errors, with fixed content-free messages.

Store messages are written to be content-free, but they may still name ids the client sent;
the API never forwards them, so an error body can only hold what this module writes.

Decisions (``docs/decisions.md``, "Error and route parity"):
- A missing record answers PowerContext's code for its kind: ``scope_not_found`` or
  ``artifact_not_found`` (a missing revision or atomic memory is an artifact not found).
- Each store conflict reason has one code (``CONFLICT_CODES``), except in a merge, where any
  stale input, revision or state_version, is ``atomic_memory_changed`` (PowerContext's answer
  when merge inputs changed). ``details.reason`` still names the store's reason.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from pcreceipt.errors import (
    ApiError,
    ArtifactAlreadyExists,
    ArtifactNotFound,
    ArtifactPublicationConflict,
    ArtifactPublicationUnsupported,
    AtomicMemoryChanged,
    Conflict,
    InternalError,
    InvalidEnrollment,
    InvalidMemoryRelation,
    InvalidMemoryState,
    InvalidRequest,
    InvalidScopeRelationship,
    InvalidTargetCredential,
    InvalidTargetState,
    MethodNotAllowed,
    PreviewStale,
    PublicationGenerationConflict,
    ReferenceNotFound,
    RevisionConflict,
    RouteNotFound,
    ScopeIdempotencyConflict,
    ScopeNotFound,
    ScopeVersionConflict,
    ServiceUnavailable,
)
from pcreceipt.store.publication_records import PublicationConflict, PublicationUnsupported
from pcreceipt.store.records import (
    ConflictReason,
    InvalidRecord,
    RecordNotFound,
    RefusedReference,
    StoreUnavailable,
    WriteConflict,
)
from pcreceipt.store.remote_skill_records import (
    INVALID_ENROLLMENT,
    INVALID_TARGET_CREDENTIAL,
    INVALID_TARGET_STATE,
    PUBLICATION_GENERATION_CONFLICT,
    RemoteTargetRefused,
)
from pcreceipt.store.restoration_records import PreviewEndpointMoved, RestorationChanged, RestorationRefused
from pcreceipt.store.scope_update import RefusedScopeLink, StaleScopeVersion

log = logging.getLogger("pcreceipt.server")

SCOPE_NOT_FOUND_MESSAGE = "No such Scope."
ARTIFACT_NOT_FOUND_MESSAGE = "No such artifact or revision in the Scope."

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

#: The error (and so the code) of each conflict reason.
CONFLICT_CODES: dict[ConflictReason, type[Conflict]] = {
    "stale_revision": RevisionConflict,
    "stale_state_version": AtomicMemoryChanged,
    "already_forgotten": InvalidMemoryState,
    "already_merged": InvalidMemoryState,
    "already_retired": InvalidMemoryState,
    "not_merge_result": InvalidMemoryState,
    "already_exists": ArtifactAlreadyExists,
    "idempotency_key_reused": ScopeIdempotencyConflict,
    "not_searchable_head": RevisionConflict,
}

_STALE: frozenset[ConflictReason] = frozenset({"stale_revision", "stale_state_version"})


def not_found(kind: str) -> ApiError:
    """The 404 of a missing record of ``kind`` (``scope`` or anything stored in a Scope)."""
    if kind == "scope":
        return ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE)
    if kind == "reference":
        return ReferenceNotFound("A named Source or artifact revision does not exist in the Scope.")
    return ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)


def routing_error(status: int, headers: Mapping[str, str]) -> ApiError:
    """The envelope's error for a request routing refused: 405 when the path is served with other
    methods (``Allow`` kept), else 404 (Starlette's routing raises no other status)."""
    if status == 405:
        return MethodNotAllowed(headers.get("Allow") or headers.get("allow") or "")
    return RouteNotFound()


def conflict(exc: WriteConflict, *, operation_id: str) -> Conflict:
    details: dict[str, Any] = {"reason": exc.reason}
    if exc.current_revision is not None:
        details["current_revision"] = exc.current_revision
    if exc.current_state_version is not None:
        details["current_state_version"] = exc.current_state_version
    error = CONFLICT_CODES[exc.reason]
    if operation_id == "merge_atomic_memories" and exc.reason in _STALE:
        error = AtomicMemoryChanged
    return error(CONFLICT_MESSAGES[exc.reason], details)


def refused_reference(exc: RefusedReference) -> ApiError:
    """422 ``invalid_request`` for a merge's refused reference, with its location and why (what
    PowerContext 1.4.1 answers for every Source reference it is sent)."""
    details = {"violations": [{"path": f"/{exc.field}/{exc.index}", "rule": exc.rule}]}
    return InvalidRequest("A merge reference cannot be used as its lineage.", details)


_REMOTE_TARGET_REFUSALS: dict[str, Callable[[], ApiError]] = {
    INVALID_ENROLLMENT: InvalidEnrollment,
    INVALID_TARGET_STATE: InvalidTargetState,
    PUBLICATION_GENERATION_CONFLICT: PublicationGenerationConflict,
    INVALID_TARGET_CREDENTIAL: InvalidTargetCredential,
}
"""A remote Skill target's refusal by its code (``store.remote_skill_records``), each 1.4.1's answer."""


def api_error(exc: BaseException, *, operation_id: str, request_id: str) -> ApiError:
    """The API error for an exception raised while serving ``operation_id``."""
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, RecordNotFound):
        return not_found(exc.kind)
    if isinstance(exc, WriteConflict):
        return conflict(exc, operation_id=operation_id)
    if isinstance(exc, RefusedReference):
        return refused_reference(exc)
    if isinstance(exc, PublicationUnsupported):
        message = (
            "Profile artifacts cannot be copied or published across Scopes."
            if exc.family == "profile"
            else "The Artifact family cannot be published as complete target state."
        )
        return ArtifactPublicationUnsupported(message, {"family": exc.family})
    if isinstance(exc, PublicationConflict):
        return ArtifactPublicationConflict("The publication key identifies a different source Artifact.")
    if isinstance(exc, RemoteTargetRefused):
        return _REMOTE_TARGET_REFUSALS[exc.code]()
    if isinstance(exc, RestorationRefused):
        if exc.code == "invalid_memory_state":
            return InvalidMemoryState("The memory is not in a state this restoration applies to.")
        return InvalidMemoryRelation("The merge path or a merge's inputs are not as the merge left them.")
    if isinstance(exc, RestorationChanged):
        return AtomicMemoryChanged("The memories changed while the restoration was being written.")
    if isinstance(exc, PreviewEndpointMoved):
        return PreviewStale("The restoration preview is stale: the merge path changed since.")
    if isinstance(exc, StaleScopeVersion):
        versions = {"expected_version": exc.expected, "current_version": exc.current}
        return ScopeVersionConflict("The Scope changed since the version the request expected.", versions)
    if isinstance(exc, RefusedScopeLink):
        link = {"relationship": exc.relationship, "issue": exc.issue}
        return InvalidScopeRelationship("The Scope link is not allowed.", link)
    if isinstance(exc, InvalidRecord):
        violations = [{"path": "", "rule": "store"}]
        return InvalidRequest("The request is invalid for the stored data.", {"violations": violations})
    if isinstance(exc, StoreUnavailable):
        return ServiceUnavailable("The store is unavailable.")
    log.error("unexpected error operation=%s request_id=%s type=%s", operation_id, request_id, type(exc).__name__)
    return InternalError("An unexpected error occurred.")
