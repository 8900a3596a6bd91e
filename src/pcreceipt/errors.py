"""pcreceipt's exceptions: the one root every family derives from, and the API errors.

Errors
------
Every exception pcreceipt defines derives from ``PcreceiptError``, so a caller can catch all of
pcreceipt's failures with one ``except`` (tests/contract/test_exception_root.py holds it). The
families, one per layer, each defined next to the code that raises it:

- ``ApiError`` (here): what the HTTP API answers. One subclass per error code of the envelope,
  with its HTTP status: ``InvalidRequest``, ``Unauthorized``, ``Forbidden``, ``NotFound``,
  ``Conflict`` (with ``ScopeNotFound`` and ``ScopeBindingTargetMissing``, PowerContext's Scope
  codes, and ``SourceConflict``), ``PreconditionFailed``, ``PreconditionRequired``,
  ``PayloadTooLarge``, ``ServiceUnavailable`` (code ``storage_unavailable``),
  ``InferenceUnavailable``, ``MethodNotAllowed``, ``InternalError``.
- ``SettingsError`` (``pcreceipt.config``): a setting is missing or out of range.
- ``InferenceError`` (``pcreceipt.inference``): a provider call failed; ``kind`` says how.
- ``ClientError`` (``pcreceipt.client``): the Python client's errors (``TransportError``,
  ``ApiResponseError``, ``InvalidResponseError``).
- ``StoreError`` (``pcreceipt.store.protocol``): what a store engine raises (not found, write
  conflict, invalid record, unavailable, no vector search); ``pcreceipt.server.store_errors``
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


class PcreceiptError(Exception):
    """The root of every exception pcreceipt defines."""


class ApiError(PcreceiptError):
    """An answer of the HTTP API: ``code`` (the envelope's error code) and ``status`` (HTTP)."""

    code: ClassVar[str] = "internal_error"
    status: ClassVar[int] = 500

    def __init__(self, message: str, details: dict[str, Any] | None = None, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.message = message
        self.details = details
        self.headers = headers or {}

    def envelope(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "details": self.details}}


class InvalidRequest(ApiError):
    code, status = "invalid_request", 422


class Unauthorized(ApiError):
    code, status = "unauthorized", 401


class Forbidden(ApiError):
    code, status = "forbidden", 403


class NotFound(ApiError):
    code, status = "not_found", 404


class Conflict(ApiError):
    code, status = "conflict", 409


class ScopeNotFound(NotFound):
    """PowerContext's 404 code for a Scope that does not exist, answered by the Scope-binding and
    default-Scope operations (the older operations still answer ``not_found``)."""

    code = "scope_not_found"


class ScopeBindingTargetMissing(Conflict):
    """A stored binding or the default points at a Scope that does not exist (``details.scope_id``
    names it); resolution stops there instead of falling back."""

    code = "scope_binding_target_missing"

    def __init__(self, scope_id: str) -> None:
        super().__init__("The stored binding points at a Scope that does not exist.", {"scope_id": scope_id})


class SourceConflict(Conflict):
    """PowerContext's 409 code for a Source id captured again with other content or metadata."""

    code = "source_conflict"


class PreconditionFailed(ApiError):
    code, status = "precondition_failed", 412


class PreconditionRequired(ApiError):
    code, status = "precondition_required", 428


class PayloadTooLarge(ApiError):
    code, status = "payload_too_large", 413


class ServiceUnavailable(ApiError):
    """The service cannot answer now (its store is down); the contract's code says storage."""

    code, status = "storage_unavailable", 503


class InferenceUnavailable(ApiError):
    """The operation needs a model this server does not run (flushing Sources that need extraction)."""

    code, status = "inference_unavailable", 503


class MethodNotAllowed(ApiError):
    """The path exists but not with this method. The contract's closed error codes have no
    method code, so the envelope says invalid_request while the status says 405."""

    code, status = "invalid_request", 405


class InternalError(ApiError):
    code, status = "internal_error", 500
