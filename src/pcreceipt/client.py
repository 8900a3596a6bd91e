"""The async Python client of the pcreceipt HTTP API.

One method per operation of the contract, generated from schemas/openapi.json
(``pcreceipt.models.OperationMethods``: arguments, models and the answers it declares); this module is
the transport those methods call, and the few helpers they do not say (``iter_scopes``,
``iter_artifacts``, ``health``, ``prepare_context(include_receipt=)``,
``download_handoff_report``). Methods, paths and the statuses that count as success come from
the generated operation table, so the client and the server read the same facts. Responses are
parsed strictly into the generated models (``pcreceipt.models``: unknown keys and coerced types are refused).

- A status the operation does not declare raises ``ApiResponseError`` (status, error code,
  message, details and the ``X-PowerContext-Request-ID``), even when it is a 2xx.
- A declared status whose body does not parse raises ``InvalidResponseError``.
- A network failure or timeout raises ``TransportError``.

Artifact heads carry an ETag that ``replace_artifact`` needs verbatim, so the operations that
return one answer a ``Versioned`` (the model plus its ETag).

    async with AsyncClient("http://127.0.0.1:8000") as client:
        scope = await client.create_scope(CreateScopeRequest(title="T", summary="S", idempotency_key="k"))
"""

from __future__ import annotations

import json
import ssl
from collections.abc import AsyncIterator, Mapping
from types import TracebackType
from typing import Any, Self, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel, ValidationError

from pcreceipt.errors import PcreceiptError
from pcreceipt.models import (
    BY_ID,
    ArtifactCollectionItem,
    ErrorEnvelope,
    GetHandoffReportRequest,
    Health,
    Operation,
    OperationMethods,
    PrepareContextRequest,
    PreparedContext,
    ScopeDescriptor,
    Versioned,
)

__all__ = [
    "ApiResponseError",
    "AsyncClient",
    "BadServerURL",
    "ClientError",
    "InvalidResponseError",
    "TransportError",
    "Versioned",
    "server_url",
]

REQUEST_ID_HEADER = "X-PowerContext-Request-ID"
M = TypeVar("M", bound=BaseModel)
Body = BaseModel | Mapping[str, Any]


class ClientError(PcreceiptError):
    """Base of the client's errors (a ``pcreceipt.errors.PcreceiptError``, like every pcreceipt error)."""


class TransportError(ClientError):
    """The request did not complete (connection refused, reset, timeout...)."""

    def __init__(self, operation_id: str) -> None:
        super().__init__(f"{operation_id}: the request did not complete")
        self.operation_id = operation_id


class ApiResponseError(ClientError):
    """The server answered a status the operation does not declare as success."""

    def __init__(
        self,
        status: int,
        code: str | None,
        message: str | None,
        details: dict[str, Any] | None,
        request_id: str | None,
    ) -> None:
        super().__init__(f"HTTP {status} {code or 'unknown_error'}: {message or 'no error body'}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.request_id = request_id


class InvalidResponseError(ClientError):
    """A success status whose body is not the declared model."""

    def __init__(self, operation_id: str, status: int, request_id: str | None) -> None:
        super().__init__(f"{operation_id}: the HTTP {status} body does not match the contract")
        self.operation_id = operation_id
        self.status = status
        self.request_id = request_id


class BadServerURL(ClientError, ValueError):
    """A base URL that names no HTTP server (the message says what to give instead)."""


def server_url(url: str) -> str:
    """The server's base URL from what the user typed: ``host:port`` gets ``http://`` in front;
    raises BadServerURL (with a message for the user) for another scheme, no host or a port out of range."""
    text = url.strip()
    if "://" not in text:
        text = f"http://{text}"
    try:
        parsed = httpx.URL(text)
    except (httpx.InvalidURL, ValueError):
        raise BadServerURL(f"{url!r} is not a URL; give one like http://127.0.0.1:8000") from None
    if parsed.scheme not in {"http", "https"}:
        raise BadServerURL(f"{url!r} is not an http:// or https:// URL; give one like http://127.0.0.1:8000")
    if not parsed.host:
        raise BadServerURL(f"{url!r} names no host; give one like http://127.0.0.1:8000")
    if parsed.port is not None and not 1 <= parsed.port <= 65535:  # not a contract limit: TCP ports
        raise BadServerURL(f"port {parsed.port} in {url!r} is out of range (1-65535)")
    return text.rstrip("/")


def _query_value(value: object) -> str | list[str]:
    """A query parameter's wire value: a sequence is sent as the parameter repeated."""
    if isinstance(value, list | tuple):
        return [str(item) for item in value]
    return str(value)


def _dump(body: Body) -> Any:
    if isinstance(body, BaseModel):
        return body.model_dump(mode="json", by_alias=True, exclude_unset=True)
    return dict(body)


def _framework_detail(response: httpx.Response) -> str | None:
    """The reason of an answer without the error envelope, or None: what a FastAPI server (such
    as PowerContext) answers for an unknown route or method, ``{"detail": "Not Found"}``; pcreceipt
    answers those in the envelope."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return None
    detail = body.get("detail") if isinstance(body, dict) else None
    return detail if isinstance(detail, str) and detail else None


def _error_of(response: httpx.Response) -> ApiResponseError:
    request_id = response.headers.get(REQUEST_ID_HEADER)
    try:
        error = ErrorEnvelope.model_validate_json(response.content, strict=True).error
    except ValidationError:
        return ApiResponseError(response.status_code, None, _framework_detail(response), None, request_id)
    details = None if error.details is None else error.details.model_dump(mode="json", exclude_none=True)
    return ApiResponseError(response.status_code, error.code, error.message, details, request_id)


def _tls(base_url: str) -> ssl.SSLContext | bool:
    """httpx's default verification for an ``https`` server. A plain-HTTP server gets a context that
    trusts no certificate: the client never speaks TLS to it (it follows no redirect), and httpx's
    default context would read the whole CA bundle for nothing (a tenth of a second of CPU, most of
    a short command's run); were TLS ever reached through it, verification would fail, not pass."""
    if base_url.startswith("https:"):
        return True
    return ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)


class AsyncClient(OperationMethods):
    """The async client. Reuses one connection pool; close it with ``aclose`` or ``async with``.

    ``http``: an ``httpx.AsyncClient`` to use instead of one the client opens (it is then left
    open by ``aclose``).
    """

    def __init__(
        self,
        base_url: str,
        *,
        token: str | None = None,
        timeout: float = 10.0,
        http: httpx.AsyncClient | None = None,
    ) -> None:
        self.base_url = server_url(base_url)
        self._headers = {"Accept": "application/json"}
        if token:
            self._headers["Authorization"] = f"Bearer {token}"
        self._owned = http is None
        self._http = http if http is not None else httpx.AsyncClient(timeout=timeout, verify=_tls(self.base_url))

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        if self._owned:
            await self._http.aclose()

    # -- the one request path

    def _url(self, operation: Operation, path: Mapping[str, str | int]) -> str:
        encoded = {name: quote(str(value), safe="") for name, value in path.items()}
        return self.base_url + operation.path.format(**encoded)

    async def _send(
        self,
        operation_id: str,
        *,
        path: Mapping[str, str | int] | None = None,
        query: Mapping[str, object] | None = None,
        headers: Mapping[str, str] | None = None,
        body: Body | None = None,
        also: frozenset[int] = frozenset(),
    ) -> httpx.Response:
        """Send one operation; the response when its status is declared (or in ``also``), else raise."""
        operation = BY_ID[operation_id]
        params = {k: _query_value(v) for k, v in (query or {}).items() if v is not None}
        try:
            response = await self._http.request(
                operation.method,
                self._url(operation, path or {}),
                params=params or None,
                headers={**self._headers, **(headers or {})},
                json=None if body is None else _dump(body),
            )
        except httpx.HTTPError as exc:
            raise TransportError(operation_id) from exc
        if response.status_code not in {s.status for s in operation.success} | also:
            raise _error_of(response)
        return response

    @staticmethod
    def _parse(operation_id: str, response: httpx.Response, model: type[M]) -> M:
        try:
            return model.model_validate_json(response.content, strict=True)
        except ValidationError:
            raise InvalidResponseError(
                operation_id, response.status_code, response.headers.get(REQUEST_ID_HEADER)
            ) from None

    async def _call(self, operation_id: str, model: type[M], **send: Any) -> M:
        return self._parse(operation_id, await self._send(operation_id, **send), model)

    async def _call_or_text(self, operation_id: str, model: type[M], **send: Any) -> M | str:
        """The model of a JSON answer; the text of a document (another media type, or a download:
        ``Content-Disposition``)."""
        response = await self._send(operation_id, **send)
        media_type = response.headers.get("Content-Type", "").split(";", 1)[0].strip().lower()
        if media_type != "application/json" or "Content-Disposition" in response.headers:
            return response.text
        return self._parse(operation_id, response, model)

    async def _versioned(self, operation_id: str, model: type[M], **send: Any) -> Versioned[M] | None:
        """A model with its ETag; None for 304 Not Modified."""
        response = await self._send(operation_id, **send)
        if response.status_code == 304:
            return None
        etag = response.headers.get("ETag")
        if etag is None:
            raise InvalidResponseError(operation_id, response.status_code, response.headers.get(REQUEST_ID_HEADER))
        value = self._parse(operation_id, response, model)
        return Versioned(value, etag, response.headers.get("Location"))

    async def _required(self, operation_id: str, model: type[M], **send: Any) -> Versioned[M]:
        versioned = await self._versioned(operation_id, model, **send)
        assert versioned is not None
        return versioned

    # -- what the generated methods do not say

    async def prepare_context(
        self, request: PrepareContextRequest | Mapping[str, Any], *, include_receipt: bool | None = None
    ) -> PreparedContext:
        """Prepare context; ``include_receipt=True`` asks for a Receipt (it overrides the request's field)."""
        body = _dump(request)
        if include_receipt is not None:
            body["include_receipt"] = include_receipt
        return await super().prepare_context(body)

    async def iter_scopes(
        self, *, page_size: int | None = None, **filters: str | None
    ) -> AsyncIterator[ScopeDescriptor]:
        """Every Scope the filters (``list_scopes``' keywords) admit, following ``next_cursor`` page by page."""
        cursor: str | None = None
        while True:
            page = await self.list_scopes(limit=page_size, cursor=cursor, **filters)
            for scope in page.items:
                yield scope
            if page.next_cursor is None:
                return
            cursor = page.next_cursor.root

    async def iter_artifacts(
        self, scope_id: str, family: str, *, page_size: int | None = None
    ) -> AsyncIterator[ArtifactCollectionItem]:
        """Every current head of a family in a Scope, following ``next_cursor`` page by page."""
        cursor: str | None = None
        while True:
            page = await self.list_artifacts(scope_id, family, limit=page_size, cursor=cursor)
            for item in page.items:
                yield item
            if page.next_cursor is None:
                return
            cursor = page.next_cursor.root

    async def download_handoff_report(self, request: GetHandoffReportRequest | Mapping[str, Any]) -> bytes:
        """``get_handoff_report`` with ``download`` true: the file's bytes (the Markdown document, or
        the bare report object as JSON), as PowerContext 1.4.1's client downloads it."""
        body = {**_dump(request), "download": True}
        return (await self._send("get_handoff_report", body=body)).content

    async def health(self) -> Health:
        """The server's readiness (``status`` is ``ready`` or ``not_ready``)."""
        return await self.get_readiness()
