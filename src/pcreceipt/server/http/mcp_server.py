"""MCP at ``/mcp`` and ``/mcp/``: the official ``mcp`` SDK's low-level server over its streamable HTTP
transport, stateless, answering in server-sent events, as PowerContext 1.4.1 serves it.

The tools are the generated catalogue (``gate.mcp_catalogue()``, written from schemas/ by
``codegen/mcp_catalogue.py``): one per operation the OpenAPI document does not exclude, named by its
operationId. A tool call is not a second implementation of its operation: ``tool_calls`` turns the
flat arguments back into the operation's HTTP request and hands it to the same ``PathEndpoint`` a
route uses, so authentication, parameter and body checks, Scope grants, the handler and the
response gate all run exactly as over HTTP.

Decisions (``docs/decisions.md``, "MCP"):
- Both ``/mcp`` and ``/mcp/`` serve POST (PowerContext answers ``/mcp`` with a 307 to ``/mcp/``;
  serving both directly works for clients that do not follow a redirect with a body). Other methods
  get the router's 405 with ``Allow: POST``: a stateless server has no stream to open on GET and
  no session to end on DELETE.
- In token mode the bearer token is checked once per HTTP request, before the transport reads any
  JSON-RPC: a missing or invalid token is the same 401 as on any operation. The header is then
  forwarded to every tool call, which is authorised as its operation (a Scope outside the token's
  grants is an ``isError`` result with 403 ``forbidden``).
- A request body is bounded like an operation's (``max_body_bytes``, plus room for the JSON-RPC
  framing): past it, 413 ``request_too_large`` before the SDK parses anything.
- Input is checked by the operation's own checks, not by the SDK against ``inputSchema``, so a bad
  argument answers with the contract's error code and violations (``isError``), never a 500.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.routing import Route
from starlette.types import Message, Receive, Scope, Send

import pcreceipt
from pcreceipt.contract import gate
from pcreceipt.errors import ApiError
from pcreceipt.models import OPERATIONS
from pcreceipt.server.http.authorization import authenticate_bearer
from pcreceipt.server.http.body import read_bounded
from pcreceipt.server.http.endpoint import PathEndpoint
from pcreceipt.server.http.exchange import Handler, Services
from pcreceipt.server.http.responses import error_response
from pcreceipt.server.http.tool_calls import ToolSpec, call_tool, error_result

MCP_PATHS = ("/mcp", "/mcp/")
ENVELOPE_ALLOWANCE = 64 * 1024  # JSON-RPC framing around one call's arguments
SERVER_NAME = "pcreceipt"
log = logging.getLogger("pcreceipt.server")

INSTRUCTIONS = """\
This server keeps a project's history for coding agents: Scopes, Atomic Memory, artifacts and \
captured Sources. Each tool is one HTTP operation of the server, named by its operationId; its \
arguments are the operation's path, query and header parameters and its JSON body fields in one \
object, and its result is the operation's JSON answer.
Work in the Scope the host resolved for this session (resolve_scope_binding). Do not create, \
guess or rebind a Scope to find more history.
Memory is explicit. Call remember_memory only when the user asks to keep something for later, and \
check the records it returns. Call search_memory (mode auto or fts, one focused query, a small \
limit) when the user asks to recall. An empty result is an answer: do not fall back to writing or \
listing instead. Ordinary coding needs no memory calls.
Exact content: get_artifact answers {artifact, etag, status_code}. To change an artifact, send that \
etag unchanged as replace_artifact's If-Match with the complete new content (for atomic memory: \
kind and text; creation is kept by the server). A 412 means another write came first: read again \
instead of retrying. get_artifact_revision reads one exact past revision, without an etag.
change_atomic_memory_lifecycle and merge_atomic_memories change what later prepares see. Use them \
only when asked, with the revision and state_version read from get_atomic_memory_state.
Never store secrets. A failed call's text carries the HTTP status and the error code: report it as \
it is; do not guess a cause or repeat the call unchanged.
"""


def catalogue() -> tuple[ToolSpec, ...]:
    """The generated tool catalogue, as the server uses it."""
    return tuple(ToolSpec.of(tool) for tool in gate.mcp_catalogue()["tools"])


def _tool(spec: ToolSpec) -> types.Tool:
    return types.Tool(
        name=spec.name,
        description=spec.description,
        inputSchema=spec.input_schema,
        outputSchema=spec.output_schema,
        annotations=None if spec.annotations is None else types.ToolAnnotations(**spec.annotations),
    )


def build_server(services: Services, handlers: Mapping[str, Handler]) -> Server[Any, Request]:
    """The MCP server: ``tools/list`` from the catalogue, ``tools/call`` through the operations' endpoints."""
    by_id = {operation.operation_id: operation for operation in OPERATIONS}
    specs = {spec.name: spec for spec in catalogue() if spec.name in by_id}
    endpoints = {name: PathEndpoint([by_id[name]], handlers, services) for name in specs}
    listing = types.ServerResult(types.ListToolsResult(tools=[_tool(spec) for spec in specs.values()]))
    server: Server[Any, Request] = Server(SERVER_NAME, version=pcreceipt.__version__, instructions=INSTRUCTIONS)

    async def list_tools(request: types.ListToolsRequest) -> types.ServerResult:
        return listing

    async def call(request: types.CallToolRequest) -> types.ServerResult:
        name = request.params.name
        spec = specs.get(name)
        if spec is None:
            return types.ServerResult(error_result(name, f"Unknown tool: {name}"))
        outer = server.request_context.request
        result = await call_tool(spec, endpoints[name], request.params.arguments or {}, outer)
        return types.ServerResult(result)

    server.request_handlers[types.ListToolsRequest] = list_tools
    server.request_handlers[types.CallToolRequest] = call
    return server


class McpEndpoint:
    """The ASGI app at ``/mcp`` and ``/mcp/``: the bearer check in token mode, then the SDK's transport."""

    def __init__(self, services: Services, manager: StreamableHTTPSessionManager) -> None:
        self.services = services
        self.manager = manager

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        scope.setdefault("state", {})["route"] = MCP_PATHS[0]
        try:
            if self.services.settings.tokens_required:
                await run_in_threadpool(authenticate_bearer, Headers(scope=scope), self.services)
            limit = self.services.settings.max_body_bytes + ENVELOPE_ALLOWANCE
            body = await read_bounded(Request(scope, receive), limit)
        except ApiError as exc:
            await error_response(exc)(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # a disconnect, when the client goes away
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.manager.handle_request(scope, replay, send)


class Mcp:
    """The MCP routes of one app and the transport's lifetime (``run`` inside the app's lifespan)."""

    def __init__(self, services: Services, handlers: Mapping[str, Handler]) -> None:
        # The SDK logs every request and every stateless "session" at INFO; the access log has them already.
        logging.getLogger("mcp").setLevel(logging.WARNING)
        server = build_server(services, handlers)
        self.manager = StreamableHTTPSessionManager(app=server, event_store=None, json_response=False, stateless=True)
        endpoint = McpEndpoint(services, self.manager)
        self.routes = [Route(path, endpoint, methods=["POST"]) for path in MCP_PATHS]

    @asynccontextmanager
    async def run(self) -> AsyncIterator[None]:
        async with self.manager.run():
            yield
