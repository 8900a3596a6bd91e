"""API errors: one exception type per error code of the envelope, with its HTTP status.

Messages are fixed, content-free sentences: never a body, a query, a credential or a path.
"""

from __future__ import annotations

from typing import Any, ClassVar


class ApiError(Exception):
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


class PreconditionFailed(ApiError):
    code, status = "precondition_failed", 412


class PreconditionRequired(ApiError):
    code, status = "precondition_required", 428


class PayloadTooLarge(ApiError):
    code, status = "payload_too_large", 413


class InferenceTimeout(ApiError):
    code, status = "inference_timeout", 503


class InferenceUnavailable(ApiError):
    code, status = "inference_unavailable", 503


class StorageUnavailable(ApiError):
    code, status = "storage_unavailable", 503


class MethodNotAllowed(ApiError):
    """The path exists but not with this method. The contract's closed error codes have no
    method code, so the envelope says invalid_request while the status says 405."""

    code, status = "invalid_request", 405


class InternalError(ApiError):
    code, status = "internal_error", 500
