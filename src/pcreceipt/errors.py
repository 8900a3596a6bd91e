"""pcreceipt's exceptions: the one root every family derives from, and the API errors.

Errors
------
Every exception pcreceipt defines derives from ``PcreceiptError``, so a caller can catch all of
pcreceipt's failures with one ``except`` (tests/contract/test_exception_root.py holds it). The
families, one per layer, each defined next to the code that raises it:

- ``ApiError`` (here): what the HTTP API answers. One subclass per error code of the envelope
  (PowerContext 1.4.1's codes where the situation is one PowerContext has), with its HTTP
  status. Two abstract families group them by status, so a caller can catch every 404 or every
  409: ``NotFound`` (``ScopeNotFound``, ``ArtifactNotFound``, ``CodeWorkspaceNotFound``,
  ``CodeRangeNotFound``, ``ReferenceNotFound``) and ``Conflict`` (``ScopeIdempotencyConflict``,
  ``ScopeVersionConflict``, ``RevisionConflict``, ``AtomicMemoryChanged``, ``InvalidMemoryState``,
  ``ArtifactAlreadyExists``, ``ScopeBindingTargetMissing``, ``CodeChanged``, ``SourceConflict``); the others are
  ``InvalidRequest`` (and ``InvalidScopeRelationship``), ``BadRequest`` (400), ``InvalidCursor``,
  ``CursorExpired`` (410),
  ``LegacyMemoryOperationUnsupported`` (422), ``Unauthorized``, ``Forbidden``, ``StaleETag`` (412
  ``revision_conflict``), ``TagPreconditionFailed`` (412 ``tag_precondition_failed``),
  ``PreconditionRequired``, ``RequestTooLarge``, ``ServiceUnavailable`` (``storage_unavailable``),
  ``CodeIndexMissing``, ``InferenceUnavailable``, the code query's 422s, ``UnsupportedCapability``
  and ``InternalError``. An unknown route is ``RouteNotFound`` (404 ``not_found``) and a wrong
  method ``MethodNotAllowed`` (405 ``invalid_request`` with ``Allow``): every answer of the server
  is in the envelope (``pcreceipt.server.app``).
- ``SettingsError`` (``pcreceipt.config``): a setting is missing or out of range.
- ``InferenceError`` (``pcreceipt.inference``): a provider call failed; ``kind`` says how.
- ``ClientError`` (``pcreceipt.client``): the Python client's errors (``TransportError``,
  ``ApiResponseError``, ``InvalidResponseError``).
- ``StoreError`` (``pcreceipt.store.records``): what a store engine raises (not found, write
  conflict, invalid record, unavailable, no vector search); ``pcreceipt.server.http.store_errors``
  maps them to ``ApiError``. ``StoreURLError`` (``pcreceipt.store``): a store URL that names no
  engine; ``SeekdbError`` (``pcreceipt.store.oceanbase.seekdb``): a local seekdb that cannot be run.
- ``ReceiptFailure`` (``pcreceipt.prepare.receipt``) and ``ExpansionFailed``
  (``pcreceipt.prepare.recall``): fail-open signals inside prepare, never seen by a client.

Families that replaced a standard exception keep it as a second base (``SettingsError`` is
still a ``ValueError``, ``SeekdbError`` a ``RuntimeError``), so existing ``except`` clauses hold.

Messages are fixed, content-free sentences: never a body, a query, a credential or a path.
"""

from __future__ import annotations

from typing import Any, ClassVar

#: The violation rules of a request no route takes: an unknown path, a wrong method.
ROUTE_RULE = "route"
METHOD_RULE = "method"


class PcreceiptError(Exception):
    """The root of every exception pcreceipt defines."""


class ApiError(PcreceiptError):
    """An answer of the HTTP API: ``code`` (the envelope's error code) and ``status`` (HTTP)."""

    code: ClassVar[str] = "internal_error"
    status: ClassVar[int] = 500  # not a contract limit: the HTTP status

    def __init__(self, message: str, details: dict[str, Any] | None = None, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.message = message
        self.details = details
        self.headers = headers or {}

    def envelope(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "details": self.details}}


class InvalidRequest(ApiError):
    code, status = "invalid_request", 422


class InvalidSourceIngestion(InvalidRequest):
    """register_source_definition: a manifest PowerContext 1.4.1's Source ingestion refuses (over
    64 KiB, an invalid schema, a built-in Source type); its code, details null."""

    code = "invalid_source_ingestion"


class MethodNotAllowed(InvalidRequest):
    """405 ``invalid_request``: the path is served, not with this method (``Allow`` names the
    methods it is); the violation is ``{path: "", rule: "method"}``."""

    status = 405

    def __init__(self, allow: str) -> None:
        details = {"violations": [{"path": "", "rule": METHOD_RULE}]}
        super().__init__("The path is not served with this method.", details, {"Allow": allow})


class InvalidScopeRelationship(InvalidRequest):
    """update_scope's parent or reference would make the Scope its own parent, ancestor or reference."""

    code = "invalid_scope_relationship"


class BadRequest(InvalidRequest):
    """``invalid_request`` with status 400: a query parameter of an operation under ``/v1/scopes/``
    (PowerContext answers its query-parameter validation errors there with 400)."""

    status = 400


class InvalidCursor(ApiError):
    """A cursor this listing did not issue; ``details`` ``{field: "cursor", reason}``."""

    code, status = "invalid_cursor", 400

    def __init__(self, reason: str) -> None:
        super().__init__("The cursor is not one of this listing.", {"field": "cursor", "reason": reason})


class CursorExpired(ApiError):
    """A cursor this server signed for this listing whose lifetime has passed (410)."""

    code, status = "cursor_expired", 410


class ArtifactSearchNotSupported(InvalidRequest):
    """search_artifacts: a known Family that cannot be searched, or a mode this server cannot run
    (``details.field``: ``family`` or ``mode``)."""

    code = "artifact_search_not_supported"


class LegacyMemoryOperationUnsupported(InvalidRequest):
    """A legacy Memory collection operation (an exact citation) that Atomic Memory cannot serve."""

    code = "legacy_memory_operation_unsupported"


class PromptCustomizationUnavailable(InvalidRequest):
    """generate_prompt_demonstrations for a prompt key whose prompt is not supported here."""

    code = "prompt_customization_unavailable"


class InvalidPreview(InvalidRequest):
    """A restoration preview token that is not this request's, altered, or not the server's."""

    code = "invalid_preview"


class ArtifactPublicationUnsupported(InvalidRequest):
    """publish_artifact of a family generic publication cannot deliver (details.family)."""

    code = "artifact_publication_unsupported"


class Unauthorized(ApiError):
    code, status = "unauthorized", 401


class Forbidden(ApiError):
    code, status = "forbidden", 403


class NotFound(ApiError):
    """Every 404 of the API (abstract: raise a subclass, which names what is missing)."""

    status = 404


class ScopeNotFound(NotFound):
    """PowerContext's 404 for a Scope that does not exist, on every Scope-bound operation."""

    code = "scope_not_found"


class HandoffEvidenceNotFound(NotFound):
    """PowerContext's 404 for evidence a work record or Handoff cites that the Scope does not hold."""

    code = "handoff_evidence_not_found"


class SourceNotEligible(InvalidRequest):
    """PowerContext's 422 for a Source cited as evidence that cannot be evidence (a lineage Source)."""

    code = "source_not_eligible"


class SourceDefinitionNotFound(NotFound):
    """submit_source_observation: no Source Definition is registered under the observation's
    (source_type, definition_version) (PowerContext 1.4.1's code)."""

    code = "source_definition_not_found"


class SourceNotFound(NotFound):
    """get_source: the Scope has no Source of that type and id (PowerContext 1.4.1's code)."""

    code = "source_not_found"


class ArtifactNotFound(NotFound):
    """No such artifact or revision in the Scope (also a bootstrap's missing Handoff revision)."""

    code = "artifact_not_found"


class ArtifactFamilyNotFound(NotFound):
    """search_artifacts: a Family PowerContext 1.4.1 does not know."""

    code = "artifact_family_not_found"


class ReferenceNotFound(NotFound):
    """A merge's artifact reference names a revision the Scope lacks (PowerContext's bare
    ``not_found``)."""

    code = "not_found"


class LegacyEntryNotFound(NotFound):
    """A legacy Memory entry target that names no Atomic Memory (``get_memory_entry``): PowerContext
    1.4.1's bare ``not_found``, what its store answers when the entry's deterministic id is absent."""

    code = "not_found"


class RouteNotFound(NotFound):
    """A path no operation is served at (PowerContext's generic ``not_found``), in the envelope with
    the violation ``{path: "", rule: "route"}``."""

    code = "not_found"

    def __init__(self) -> None:
        super().__init__("No operation is served at this path.", {"violations": [{"path": "", "rule": ROUTE_RULE}]})


class ProfilePolicyNotFound(NotFound):
    """get_profile_policy of a Scope whose policy was never put."""

    code = "profile_policy_not_found"


class TopicMemoryBlockNotFound(NotFound):
    """A Topic Memory processing block id the Scope does not retain."""

    code = "topic_memory_block_not_found"


class CandidateNotFound(NotFound):
    """The Scope has no candidate of that id."""

    code = "candidate_not_found"


class CodeWorkspaceNotFound(NotFound):
    """``get_code_workspace`` of a Scope that has never been indexed (pcreceipt's own operation)."""

    code = "code_workspace_not_found"


class CodeRangeNotFound(NotFound):
    """``read_code`` of a workspace, file or range the Scope never indexed (pcreceipt's own operation)."""

    code = "code_range_not_found"


class Conflict(ApiError):
    """Every 409 of the API (abstract: raise a subclass, which names the conflict)."""

    status = 409


class CandidateConflict(Conflict):
    """The candidate is pending at another version (details ``expected_version``, ``current_version``)."""

    code = "candidate_conflict"


class CandidateTerminal(Conflict):
    """The candidate was already approved or rejected (details ``status``)."""

    code = "candidate_terminal"


class ArtifactConflict(Conflict):
    """A candidate's target is no longer its artifact's head (details ``current``)."""

    code = "artifact_conflict"


class ScopeIdempotencyConflict(Conflict):
    code = "scope_idempotency_conflict"


class ScopeVersionConflict(Conflict):
    """update_scope's ``expected_version`` is not the Scope's current version (details say both)."""

    code = "scope_version_conflict"


class RevisionConflict(Conflict):
    """The revision named is no longer the head (status 409; ``StaleETag`` is the 412 one)."""

    code = "revision_conflict"


class AtomicMemoryChanged(Conflict):
    """A stale ``state_version``, or merge inputs that changed."""

    code = "atomic_memory_changed"


class InvalidMemoryState(Conflict):
    """The memory is no longer in a state the change applies to (forgotten, merged, retired)."""

    code = "invalid_memory_state"


class InvalidMemoryRelation(Conflict):
    """A restoration's merge path or merge inputs are not as the merge left them."""

    code = "invalid_memory_relation"


class PreviewStale(Conflict):
    """The merge path no longer ends where the restoration's preview saw it."""

    code = "preview_stale"


class PreviewExpired(Conflict):
    """A restoration preview token past its lifetime."""

    code = "preview_expired"


class ArtifactPublicationConflict(Conflict):
    """publish_artifact: the idempotency key already published another source into the target Scope."""

    code = "artifact_publication_conflict"


class ConnectorCheckpointConflict(Conflict):
    """A Connector checkpoint commit from a stale expected value, or a binding id of another Connector."""

    code = "connector_checkpoint_conflict"


class SubjectScopeConflict(Conflict):
    """create_subject_source: the subject is bound to another Scope than the one requested
    (``details.kind`` ``subject_scope``, PowerContext 1.4.1's code)."""

    code = "subject_scope_conflict"


class DistinctScopesRequired(InvalidRequest):
    """create_subject_source: the subject Scope would be the business Scope (PowerContext 1.4.1's
    code, ``details`` ``{field: scope_id, reason: distinct_scopes_required}``)."""

    code = "distinct_scopes_required"


class ArtifactAlreadyExists(Conflict):
    code = "artifact_already_exists"


class CodeChanged(Conflict):
    """The code query named a workspace or file version that is no longer the current one."""

    code = "code_changed"


class ScopeBindingTargetMissing(Conflict):
    """A stored binding or the default points at a Scope that does not exist (``details.scope_id``
    names it); resolution stops there instead of falling back."""

    code = "scope_binding_target_missing"

    def __init__(self, scope_id: str) -> None:
        super().__init__("The stored binding points at a Scope that does not exist.", {"scope_id": scope_id})


class StaleETag(ApiError):
    """412 ``revision_conflict``: If-Match is not the head's ETag; ``details`` names both."""

    code, status = "revision_conflict", 412

    def __init__(self, provided_etag: str, current_etag: str) -> None:
        super().__init__(
            "If-Match is not the current ETag of the artifact.",
            {"provided_etag": provided_etag, "current_etag": current_etag},
        )


class TagPreconditionFailed(ApiError):
    """412 ``tag_precondition_failed``: If-Match is not the current tag ETag (PowerContext's code; no details)."""

    code, status = "tag_precondition_failed", 412


class SourceConflict(Conflict):
    """PowerContext's 409 code for a Source id captured again with other content or metadata."""

    code = "source_conflict"


class PreconditionRequired(ApiError):
    code, status = "precondition_required", 428


class RequestTooLarge(ApiError):
    code, status = "request_too_large", 413


class HandoffReportTooLarge(ApiError):
    """get_handoff_report: the answer would exceed the report size bound (PowerContext 1.4.1's code)."""

    code, status = "handoff_report_too_large", 413


class CodeTargetMissing(InvalidRequest):
    """A code read of a path the current workspace does not hold."""

    code = "code_target_missing"


class CodeRangeMissing(InvalidRequest):
    """A code read starting past the file's last line."""

    code = "code_range_missing"


class BudgetTooSmall(InvalidRequest):
    """A code answer that cannot fit ``max_bytes`` even without items."""

    code = "budget_too_small"


class UnsupportedCapability(ApiError):
    code, status = "unsupported_capability", 501


class ServiceUnavailable(ApiError):
    """The service cannot answer now (its store is down); the contract's code says storage."""

    code, status = "storage_unavailable", 503


class InferenceUnavailable(ApiError):
    """The operation needs a model this server does not run, or the configured one could not be
    used (unreachable, an error status, an answer that is not the expected shape)."""

    code, status = "inference_unavailable", 503


class GenerationUnavailable(ApiError):
    """Experience or Skill generation needs a generation provider, and none is configured
    (details ``family``), as PowerContext 1.4.1 answers without one."""

    code, status = "generation_unavailable", 503


class HandoffGenerationUnavailable(ApiError):
    """Handoff generation (prepare_handoff, activate_handoff) needs a generation provider, and none
    is configured, as PowerContext 1.4.1 answers without one (no details)."""

    code, status = "handoff_generation_unavailable", 503


class ExternalSkillNotFound(NotFound):
    """The Scope's external Skill registry has no registration of that identity."""

    code = "external_skill_not_found"


class ExternalSkillSnapshotUnavailable(Conflict):
    """The exact external Skill package cannot be captured (not there at that fingerprint, changed
    while read, or not a standard package)."""

    code = "external_skill_snapshot_unavailable"


class DreamNotFound(NotFound):
    """get_dream_run: the Scope holds no run of that id (PowerContext 1.4.1's code)."""

    code = "dream_not_found"


class DreamIdempotencyConflict(Conflict):
    """create_dream_run: the idempotency key names a run of another request."""

    code = "idempotency_conflict"


class ClientUpgradeRequired(ApiError):
    """A Dream operation of contract 2 requested without ``X-PowerContext-Dream-Contract: 2``."""

    code, status = "client_upgrade_required", 426


class CapacityExceeded(ApiError):
    """create_dream_run: the Scope holds its capacity of queued and running runs (Retry-After: 1)."""

    code, status = "capacity_exceeded", 429


class CapabilityUnavailable(ApiError):
    """A Dream operation without a Dream service (no generation provider, or an operation not run here)."""

    code, status = "capability_unavailable", 503


class InferenceTimeout(ApiError):
    """The configured model did not answer within the time the operation allows."""

    code, status = "inference_timeout", 503


class CodeIndexMissing(ServiceUnavailable):
    """A code query other than status on a Scope with no indexed workspace."""

    code = "code_index_missing"


class TopicMemoryProcessingUnavailable(ApiError):
    """flush_topic_memory: pcreceipt runs no Topic Memory processing."""

    code, status = "topic_memory_processing_unavailable", 503


class InternalError(ApiError):
    code, status = "internal_error", 500  # not a contract limit: the HTTP status


# -- access control (PowerContext 1.4.1's access codes; docs/security.md)


class AccessInvalidRequest(InvalidRequest):
    """An access request the contract's shapes allow but its rules do not (an action that does not
    apply to the resource, another deployment, a role or subject that cannot be bound, a cursor
    of another listing): 422 ``invalid_access_request``, no details, as 1.4.1 answers."""

    code = "invalid_access_request"

    def __init__(self) -> None:
        super().__init__("The Access request is invalid.")


class AccessBindingNotFound(NotFound):
    """Revoke or replace of a Binding that does not exist, answered only to admin on ``*``."""

    code = "access_binding_not_found"

    def __init__(self) -> None:
        super().__init__("The Access Binding was not found.")


class AccessBindingVersionConflict(Conflict):
    """The Binding is not active at the expected version (``binding-version``, 1.4.1's code)."""

    code = "binding-version"

    def __init__(self) -> None:
        super().__init__("The Access Binding conflicts with current state.")


class AccessIdempotencyConflict(Conflict):
    """The idempotency key named another request (``idempotency-key``, 1.4.1's code)."""

    code = "idempotency-key"

    def __init__(self) -> None:
        super().__init__("The Access Binding conflicts with current state.")


class AccessCursorStale(Conflict):
    """An access listing's cursor issued before a Binding changed."""

    code = "access_cursor_stale"

    def __init__(self) -> None:
        super().__init__("The Access cursor belongs to an older policy revision.")


class RuntimeNotReady(ApiError):
    """An access operation of a server in local single-user mode: as PowerContext 1.4.1 answers
    with access control disabled, there is no Principal to answer for."""

    code, status = "runtime_not_ready", 503

    def __init__(self) -> None:
        super().__init__("The Runtime is not ready.")


class ResourceFilterLimitExceeded(ApiError):
    """list_access_resources over more resources than one listing covers (1.4.1's code)."""

    code, status = "resource_filter_limit_exceeded", 503

    def __init__(self) -> None:
        super().__init__("The complete authorized resource filter exceeds its configured limit.")


class GovernanceValueNotFound(NotFound):
    """A managed Skill (or its named replacement) unknown to the governance of the Scope: PowerContext
    1.4.1's governance repository answers a bare ``not_found``."""

    code = "not_found"


class GenerationConflict(Conflict):
    """A lifecycle transition at a governance generation that is no longer current (1.4.1's code)."""

    code = "generation_conflict"


class LifecycleRefused(InvalidRequest):
    """A lifecycle transition 1.4.1 refuses (retired is final, a Skill cannot replace itself, ...)."""

    code = "invalid_lifecycle"


class InvalidSkillLifecycle(InvalidRequest):
    """publish_remote_skill of a retired managed Skill, or of a deprecated one without
    ``allow_deprecated`` (PowerContext 1.4.1's code and message)."""

    code = "invalid_skill_lifecycle"

    def __init__(self) -> None:
        super().__init__("The Skill lifecycle rejects publication.")


class InvalidEnrollment(Conflict):
    """enroll_remote_skill_target: the enrollment code is unknown, expired or already consumed, or
    the installation is already bound (PowerContext 1.4.1's code; which one is never said)."""

    code = "invalid_enrollment"

    def __init__(self) -> None:
        super().__init__("The enrollment cannot be completed.")


class InvalidTargetState(Conflict):
    """A remote Skill target change refused by the target's state: it does not exist or is at
    another generation (PowerContext 1.4.1's code)."""

    code = "invalid_target_state"

    def __init__(self) -> None:
        super().__init__("The remote target state rejects this operation.")


class PublicationGenerationConflict(Conflict):
    """publish_remote_skill, unpublish_remote_skill: the remote publication is at another
    generation (PowerContext 1.4.1's code)."""

    code = "publication_generation_conflict"

    def __init__(self) -> None:
        super().__init__("The remote publication generation is stale.")


class InvalidTargetCredential(Unauthorized):
    """The remote Skill Receiver's operations: the target credential is missing, unknown or revoked,
    or (download_remote_skill_package) names a package its target is not given (PowerContext
    1.4.1's code and fixed message). The challenge is the contract's (``Bearer realm="pcreceipt"``,
    as every 401 here; 1.4.1 sends a bare ``Bearer``)."""

    code = "invalid_target_credential"

    def __init__(self) -> None:
        challenge = {"WWW-Authenticate": 'Bearer realm="pcreceipt"'}
        super().__init__("The target credential is invalid or revoked.", headers=challenge)
