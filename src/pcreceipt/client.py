"""The async Python client of the pcreceipt HTTP API.

One method per operation of the contract. Methods, paths and the statuses that count as
success come from the generated operation table (``pcreceipt._gen.operations``), so the
client and the server read the same facts. Responses are parsed strictly into the generated
models (``pcreceipt.models``: unknown keys and coerced types are refused).

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
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Generic, Self, TypeVar, overload
from urllib.parse import quote

import httpx
from pydantic import BaseModel, ValidationError

from pcreceipt.errors import PcreceiptError
from pcreceipt.models import (
    BY_ID,
    ArtifactCollectionItem,
    ArtifactCreated,
    ArtifactPage,
    ArtifactRevision,
    ArtifactRevisionPage,
    ArtifactTagSet,
    AtomicMemoryLifecycleRequest,
    AtomicMemoryMutationResponse,
    AtomicMemoryRecord,
    AtomicMemoryStateView,
    BootstrapContext,
    BootstrapContextRequest,
    BootstrapDeliveryReceipt,
    Capabilities,
    CaptureContentSourceRequest,
    CaptureContentSourceResponse,
    CaptureWorkingNoteRequest,
    ClearScopeBindingRequest,
    ClearScopeBindingResponse,
    CodeQueryRequest,
    CodeQueryResponse,
    CodeQueryResult,
    CodeRange,
    CodeStatus,
    CodeWorkspace,
    CreateArtifactRequest,
    CreateScopeRequest,
    ErrorEnvelope,
    FlushMemoryRequest,
    FlushMemoryResponse,
    GetMemoryEntryRequest,
    GetStatsRequest,
    GetTopicMemoryRequest,
    Health,
    ImportArtifactsRequest,
    ImportArtifactsResponse,
    IndexCodeRequest,
    ListAtomicMemoryRequest,
    ListAtomicMemoryResponse,
    ListMemoryEntriesRequest,
    ListMemoryEntriesResponse,
    MergeAtomicMemoryRequest,
    Operation,
    PrepareContextRequest,
    PreparedContext,
    RecordBootstrapDeliveryRequest,
    RememberMemoryRequest,
    ReplaceArtifactRequest,
    ReplaceArtifactTagsRequest,
    ResolveScopeBindingRequest,
    ScopeBinding,
    ScopeDescriptor,
    ScopedStats,
    ScopePage,
    SearchAtomicMemoryRequest,
    SearchAtomicMemoryResponse,
    SearchMemoryRequest,
    SearchMemoryResponse,
    SearchTopicMemoryRequest,
    SearchTopicMemoryResponse,
    ServerInfo,
    SetDefaultScopeRequest,
    TopicMemoryArtifact,
    UpdateScopeRequest,
)

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


@dataclass(frozen=True, slots=True)
class Versioned(Generic[M]):
    """A response model with the artifact head's ETag (and, on create, the head's Location)."""

    value: M
    etag: str
    location: str | None = None


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


class AsyncClient:
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
        self._http = http if http is not None else httpx.AsyncClient(timeout=timeout)

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
        query: Mapping[str, str | int | None] | None = None,
        headers: Mapping[str, str] | None = None,
        body: Body | None = None,
        also: frozenset[int] = frozenset(),
    ) -> httpx.Response:
        """Send one operation; the response when its status is declared (or in ``also``), else raise."""
        operation = BY_ID[operation_id]
        params = {k: str(v) for k, v in (query or {}).items() if v is not None}
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

    # -- context

    async def prepare_context(
        self, request: PrepareContextRequest | Mapping[str, Any], *, include_receipt: bool | None = None
    ) -> PreparedContext:
        """Prepare context; ``include_receipt=True`` asks for a Receipt (it overrides the request's field)."""
        body = _dump(request)
        if include_receipt is not None:
            body["include_receipt"] = include_receipt
        return await self._call("prepare_context", PreparedContext, body=body)

    # -- Scopes

    async def create_scope(self, request: CreateScopeRequest | Mapping[str, Any]) -> ScopeDescriptor:
        return await self._call("create_scope", ScopeDescriptor, body=request)

    async def list_scopes(
        self, *, limit: int | None = None, cursor: str | None = None, **filters: str | None
    ) -> ScopePage:
        """A page of Scopes; ``filters`` are the operation's filter parameters (``query`` with
        ``query_field``, ``parent_scope_id``, ``external_reference_kind``, ``binding_integration``,
        ``binding_kind``). A cursor continues the listing with the same filters only."""
        return await self._call("list_scopes", ScopePage, query={**filters, "limit": limit, "cursor": cursor})

    async def iter_scopes(
        self, *, page_size: int | None = None, **filters: str | None
    ) -> AsyncIterator[ScopeDescriptor]:
        """Every Scope the filters admit, following ``next_cursor`` page by page."""
        cursor: str | None = None
        while True:
            page = await self.list_scopes(limit=page_size, cursor=cursor, **filters)
            for scope in page.items:
                yield scope
            if page.next_cursor is None:
                return
            cursor = page.next_cursor.root

    async def get_scope(self, scope_id: str) -> ScopeDescriptor:
        return await self._call("get_scope", ScopeDescriptor, path={"scope_id": scope_id})

    async def update_scope(self, scope_id: str, request: UpdateScopeRequest | Mapping[str, Any]) -> ScopeDescriptor:
        """Replace the Scope's descriptor if its version is still ``expected_version`` (PUT: an absent
        parent or reference list clears it); 409 ``scope_version_conflict`` when it moved on."""
        return await self._call("update_scope", ScopeDescriptor, path={"scope_id": scope_id}, body=request)

    # -- the default Scope and Scope bindings

    async def get_default_scope(self) -> ScopeDescriptor:
        return await self._call("get_default_scope", ScopeDescriptor)

    async def set_default_scope(self, request: SetDefaultScopeRequest | Mapping[str, Any]) -> ScopeDescriptor:
        return await self._call("set_default_scope", ScopeDescriptor, body=request)

    async def resolve_scope_binding(
        self, request: ResolveScopeBindingRequest | Mapping[str, Any] | None = None
    ) -> ScopeDescriptor:
        """The Scope a host works in: the explicit one, else the first bound key's, else the default."""
        return await self._call("resolve_scope_binding", ScopeDescriptor, body={} if request is None else request)

    async def set_scope_binding(self, request: ScopeBinding | Mapping[str, Any]) -> ScopeBinding:
        return await self._call("set_scope_binding", ScopeBinding, body=request)

    async def clear_scope_binding(
        self, request: ClearScopeBindingRequest | Mapping[str, Any]
    ) -> ClearScopeBindingResponse:
        return await self._call("clear_scope_binding", ClearScopeBindingResponse, body=request)

    # -- artifacts

    async def create_artifact(
        self, scope_id: str, request: CreateArtifactRequest | Mapping[str, Any]
    ) -> Versioned[ArtifactCreated]:
        return await self._required("create_artifact", ArtifactCreated, path={"scope_id": scope_id}, body=request)

    async def import_artifacts(
        self, scope_id: str, request: ImportArtifactsRequest | Mapping[str, Any]
    ) -> ImportArtifactsResponse:
        """Create up to 1000 artifacts of one family in one transaction."""
        return await self._call("import_artifacts", ImportArtifactsResponse, path={"scope_id": scope_id}, body=request)

    async def list_artifact_revisions(
        self, scope_id: str, family: str, artifact_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> ArtifactRevisionPage:
        """One page of an artifact's revisions (no contents), newest first from its head at the first page."""
        path = {"scope_id": scope_id, "family": family, "artifact_id": artifact_id}
        query = {"limit": limit, "cursor": cursor}
        return await self._call("list_artifact_revisions", ArtifactRevisionPage, path=path, query=query)

    async def list_artifacts(
        self, scope_id: str, family: str, *, limit: int | None = None, cursor: str | None = None
    ) -> ArtifactPage:
        """One page of a family's current heads in a Scope (no contents), in artifact_id order."""
        path = {"scope_id": scope_id, "family": family}
        return await self._call("list_artifacts", ArtifactPage, path=path, query={"limit": limit, "cursor": cursor})

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

    async def get_artifact(
        self, scope_id: str, family: str, artifact_id: str, *, if_none_match: str | None = None
    ) -> Versioned[ArtifactRevision] | None:
        """The head revision with its ETag; None when ``if_none_match`` is still the head's ETag."""
        return await self._versioned(
            "get_artifact",
            ArtifactRevision,
            path={"scope_id": scope_id, "family": family, "artifact_id": artifact_id},
            headers={"If-None-Match": if_none_match} if if_none_match is not None else None,
            also=frozenset({304}),
        )

    async def get_artifact_revision(
        self, scope_id: str, family: str, artifact_id: str, revision: int
    ) -> ArtifactRevision:
        path = {"scope_id": scope_id, "family": family, "artifact_id": artifact_id, "revision": revision}
        return await self._call("get_artifact_revision", ArtifactRevision, path=path)

    async def replace_artifact(
        self,
        scope_id: str,
        family: str,
        artifact_id: str,
        request: ReplaceArtifactRequest | Mapping[str, Any],
        *,
        expected_etag: str,
    ) -> Versioned[ArtifactRevision]:
        """Commit a new revision if ``expected_etag`` (sent verbatim as If-Match) is still the head's."""
        return await self._required(
            "replace_artifact",
            ArtifactRevision,
            path={"scope_id": scope_id, "family": family, "artifact_id": artifact_id},
            headers={"If-Match": expected_etag},
            body=request,
        )

    # -- artifact tags

    @overload
    async def get_artifact_tags(
        self, scope_id: str, family: str, artifact_id: str, *, if_none_match: None = None
    ) -> Versioned[ArtifactTagSet]: ...

    @overload
    async def get_artifact_tags(
        self, scope_id: str, family: str, artifact_id: str, *, if_none_match: str
    ) -> Versioned[ArtifactTagSet] | None: ...

    async def get_artifact_tags(
        self, scope_id: str, family: str, artifact_id: str, *, if_none_match: str | None = None
    ) -> Versioned[ArtifactTagSet] | None:
        """The artifact's tags with their ETag (``"tags:<hex>"``); None when ``if_none_match`` still names them."""
        return await self._versioned(
            "get_artifact_tags",
            ArtifactTagSet,
            path={"scope_id": scope_id, "family": family, "artifact_id": artifact_id},
            headers={"If-None-Match": if_none_match} if if_none_match is not None else None,
            also=frozenset({304}),
        )

    async def replace_artifact_tags(
        self,
        scope_id: str,
        family: str,
        artifact_id: str,
        request: ReplaceArtifactTagsRequest | Mapping[str, Any],
        *,
        expected_etag: str,
    ) -> Versioned[ArtifactTagSet]:
        """Replace the whole tag set if ``expected_etag`` (sent verbatim as If-Match) is still the current tag ETag."""
        return await self._required(
            "replace_artifact_tags",
            ArtifactTagSet,
            path={"scope_id": scope_id, "family": family, "artifact_id": artifact_id},
            headers={"If-Match": expected_etag},
            body=request,
        )

    # -- atomic memory lifecycle

    @overload
    async def get_atomic_memory_state(
        self, scope_id: str, artifact_id: str, *, if_none_match: None = None
    ) -> Versioned[AtomicMemoryStateView]: ...

    @overload
    async def get_atomic_memory_state(
        self, scope_id: str, artifact_id: str, *, if_none_match: str
    ) -> Versioned[AtomicMemoryStateView] | None: ...

    async def get_atomic_memory_state(
        self, scope_id: str, artifact_id: str, *, if_none_match: str | None = None
    ) -> Versioned[AtomicMemoryStateView] | None:
        """The head and lifecycle with the state ETag (``"revision:N:state:V"``); None when
        ``if_none_match`` still names them."""
        return await self._versioned(
            "get_atomic_memory_state",
            AtomicMemoryStateView,
            path={"scope_id": scope_id, "artifact_id": artifact_id},
            headers={"If-None-Match": if_none_match} if if_none_match is not None else None,
            also=frozenset({304}),
        )

    async def change_atomic_memory_lifecycle(
        self, request: AtomicMemoryLifecycleRequest | Mapping[str, Any]
    ) -> AtomicMemoryMutationResponse:
        return await self._call("change_atomic_memory_lifecycle", AtomicMemoryMutationResponse, body=request)

    async def merge_atomic_memories(
        self, request: MergeAtomicMemoryRequest | Mapping[str, Any]
    ) -> AtomicMemoryMutationResponse:
        return await self._call("merge_atomic_memories", AtomicMemoryMutationResponse, body=request)

    # -- code workspaces

    async def index_code_workspace(self, scope_id: str, request: IndexCodeRequest | Mapping[str, Any]) -> CodeWorkspace:
        return await self._call("index_code_workspace", CodeWorkspace, path={"scope_id": scope_id}, body=request)

    async def get_code_workspace(self, scope_id: str) -> CodeWorkspace:
        return await self._call("get_code_workspace", CodeWorkspace, path={"scope_id": scope_id})

    async def query_code(
        self, scope_id: str, request: CodeQueryRequest | Mapping[str, Any]
    ) -> CodeQueryResult | CodeStatus:
        """PowerContext's code query: a ``CodeStatus`` for ``status``, a ``CodeQueryResult`` for
        ``explore`` and ``read``."""
        answer = await self._call("query_code", CodeQueryResponse, path={"scope_id": scope_id}, body=request)
        return answer.root

    async def read_code(
        self, scope_id: str, fingerprint: str, file_sha256: str, *, path: str, start_line: int, end_line: int
    ) -> CodeRange:
        """An exact line range (at most 200 lines) of one file version."""
        return await self._call(
            "read_code",
            CodeRange,
            path={"scope_id": scope_id, "fingerprint": fingerprint, "file_sha256": file_sha256},
            query={"path": path, "start_line": start_line, "end_line": end_line},
        )

    # -- service

    async def get_liveness(self) -> Health:
        return await self._call("get_liveness", Health)

    async def get_readiness(self) -> Health:
        """Readiness; a 503 ``not_ready`` is an answer, not an error."""
        return await self._call("get_readiness", Health, also=frozenset({503}))

    # -- service: capabilities, server info, bootstrap, flush

    async def get_capabilities(self) -> Capabilities:
        return await self._call("get_capabilities", Capabilities)

    async def get_server_info(self) -> ServerInfo:
        return await self._call("get_server_info", ServerInfo)

    async def prepare_bootstrap_context(self, request: BootstrapContextRequest | Mapping[str, Any]) -> BootstrapContext:
        return await self._call("prepare_bootstrap_context", BootstrapContext, body=request)

    async def record_bootstrap_delivery(
        self, request: RecordBootstrapDeliveryRequest | Mapping[str, Any]
    ) -> BootstrapDeliveryReceipt:
        return await self._call("record_bootstrap_delivery", BootstrapDeliveryReceipt, body=request)

    async def flush_memory(self, request: FlushMemoryRequest | Mapping[str, Any]) -> FlushMemoryResponse:
        """Pass the next window of Sources on; a window that needs extraction is an
        ``ApiResponseError`` 503 ``inference_unavailable`` (pcreceipt runs no extraction model)."""
        return await self._call("flush_memory", FlushMemoryResponse, body=request)

    # -- Sources and statistics

    async def capture_content_source(
        self, request: CaptureContentSourceRequest | Mapping[str, Any]
    ) -> CaptureContentSourceResponse:
        """Capture content as a Source (202): its receipt, with the Source's position in its Scope."""
        return await self._call("capture_content_source", CaptureContentSourceResponse, body=request)

    async def capture_working_note(
        self, request: CaptureWorkingNoteRequest | Mapping[str, Any]
    ) -> CaptureContentSourceResponse:
        """Capture a Working Note (202), as a Source that is never extracted into Memory."""
        return await self._call("capture_working_note", CaptureContentSourceResponse, body=request)

    # -- the hosts' memory tools

    async def remember_memory(self, request: RememberMemoryRequest | Mapping[str, Any]) -> AtomicMemoryMutationResponse:
        """Remember a text as a new active Atomic Memory: ``{changed: true, records: [it]}``."""
        return await self._call("remember_memory", AtomicMemoryMutationResponse, body=request)

    async def search_memory(self, request: SearchMemoryRequest | Mapping[str, Any]) -> SearchMemoryResponse:
        """Search the Scope's active Atomic Memory (hits best first, reciprocal-rank scores)."""
        return await self._call("search_memory", SearchMemoryResponse, body=request)

    async def search_atomic_memory(
        self, request: SearchAtomicMemoryRequest | Mapping[str, Any]
    ) -> SearchAtomicMemoryResponse:
        """search_memory with PowerContext's atomic-memory request: mode text by default, a kind filter."""
        return await self._call("search_atomic_memory", SearchAtomicMemoryResponse, body=request)

    async def list_atomic_memories(
        self, request: ListAtomicMemoryRequest | Mapping[str, Any]
    ) -> ListAtomicMemoryResponse:
        """One page of Atomic Memory heads (active only unless ``states`` says otherwise);
        ``next_cursor`` continues the same request for an hour."""
        return await self._call("list_atomic_memories", ListAtomicMemoryResponse, body=request)

    async def list_memory_entries(
        self, request: ListMemoryEntriesRequest | Mapping[str, Any]
    ) -> ListMemoryEntriesResponse:
        """One page of Atomic Memory through the legacy inventory request (``include_inactive``)."""
        return await self._call("list_memory_entries", ListMemoryEntriesResponse, body=request)

    async def get_memory_entry(self, request: GetMemoryEntryRequest | Mapping[str, Any]) -> AtomicMemoryRecord:
        """The Atomic Memory a legacy entry was migrated to (none ever was: a target is
        ``ApiResponseError`` 404; a citation 422 ``legacy_memory_operation_unsupported``)."""
        return await self._call("get_memory_entry", AtomicMemoryRecord, body=request)

    async def search_topic_memory(
        self, request: SearchTopicMemoryRequest | Mapping[str, Any]
    ) -> SearchTopicMemoryResponse:
        """Full text over the current Topic Memory: title and summary, and detail (with its snippet)."""
        return await self._call("search_topic_memory", SearchTopicMemoryResponse, body=request)

    async def get_topic_memory(self, request: GetTopicMemoryRequest | Mapping[str, Any]) -> TopicMemoryArtifact:
        """One exact Topic Memory revision with its detail and source_refs."""
        return await self._call("get_topic_memory", TopicMemoryArtifact, body=request)

    async def get_stats(self, request: GetStatsRequest | Mapping[str, Any]) -> ScopedStats:
        """Statistics over a Scope selection (period default 30d)."""
        return await self._call("get_stats", ScopedStats, body=request)

    async def health(self) -> Health:
        """The server's readiness (``status`` is ``ready`` or ``not_ready``)."""
        return await self.get_readiness()
