"""The one endpoint every operation goes through, and the routes built from the operation table.

Per request, in order: the route template is recorded for the access log; the caller is
authenticated (a bearer token when the server requires one; before anything of the request is
parsed); parameters are checked against their schemas; the body is read (bounded) and checked
against the request definition; the Scopes the call touches are resolved and authorised (a
prepare's Scope is read there once and handed to the handler in ``Call.scope``); the Scope a
Scope-bound operation names must exist (404 ``scope_not_found``, after authorisation so a 403
says nothing about existence, as PowerContext answers on every Scope-bound operation); the handler
runs in a worker thread (store calls are synchronous); the reply is gated; then it is
serialised (a prepare reply carries its Receipt already checked and serialised, see
``pcreceipt.prepare.reply``). Any failure on the way becomes the error envelope (``store_errors.api_error``).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Iterable, Mapping
from urllib.parse import unquote

from opentelemetry.trace import SpanKind
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Match, Route
from starlette.types import Scope

from pcreceipt.contract.gate import Violation
from pcreceipt.errors import InternalError, ScopeNotFound
from pcreceipt.models import Operation
from pcreceipt.server.http.authorization import authenticate, authorize, own_scope, target_credential
from pcreceipt.server.http.body import read_json_body
from pcreceipt.server.http.checks import check_reply, check_request_body
from pcreceipt.server.http.credentials import LOCAL, Principal
from pcreceipt.server.http.exchange import Call, Handler, Reply, Services
from pcreceipt.server.http.middleware import request_id_of
from pcreceipt.server.http.parameters import parse_parameters
from pcreceipt.server.http.responses import error_response, reply_response
from pcreceipt.server.http.store_errors import SCOPE_NOT_FOUND_MESSAGE, api_error
from pcreceipt.telemetry import HTTP_DURATION, TRACER

log = logging.getLogger("pcreceipt.server")


class PathEndpoint:
    """The operations served at one path, by method."""

    def __init__(self, operations: Iterable[Operation], handlers: Mapping[str, Handler], services: Services) -> None:
        self.operations = {op.method: op for op in operations}
        self.handlers = handlers
        self.services = services

    async def handle(self, request: Request) -> Response:
        operation = self.operations["GET" if request.method == "HEAD" else request.method]
        request.scope["state"]["route"] = operation.path
        started = time.perf_counter()
        span_attributes = {
            "http.request.method": request.method,
            "http.route": operation.path,  # the template, never the path's values
            "pcreceipt.operation": operation.operation_id,
        }
        with TRACER.start_as_current_span(
            f"{request.method} {operation.path}", kind=SpanKind.SERVER, attributes=span_attributes
        ) as span:
            response = await self._answer(operation, request)
            span.set_attribute("http.response.status_code", response.status_code)
        HTTP_DURATION.record(
            time.perf_counter() - started,
            {"pcreceipt.operation": operation.operation_id, "http.response.status_code": response.status_code},
        )
        return response

    async def _answer(self, operation: Operation, request: Request) -> Response:
        request_id = request_id_of(request.scope)
        try:
            principal = LOCAL
            if self.services.settings.tokens_required:
                principal = await run_in_threadpool(authenticate, operation, request.headers, self.services)
            call = await self._call(operation, request, request_id, principal)
            reply = await run_in_threadpool(self._serve, call)
            violations = check_reply(call, reply)
            if violations:
                rules = ",".join(sorted({v.rule for v in violations}))
                log.error(
                    "response gate failed operation=%s request_id=%s rules=%s",
                    operation.operation_id,
                    request_id,
                    rules,
                )
                raise InternalError("The response failed the contract gate.")
            return reply_response(reply)
        except Exception as exc:
            return error_response(api_error(exc, operation_id=operation.operation_id, request_id=request_id))

    async def _call(self, operation: Operation, request: Request, request_id: str, principal: Principal) -> Call:
        parameters = parse_parameters(
            operation, request.path_params, request.query_params, request.headers, request.scope["query_string"]
        )
        body = None
        deferred: tuple[Violation, ...] = ()
        if operation.request_model is not None:
            body = await read_json_body(request, self.services.settings.max_body_bytes)
            deferred = check_request_body(operation, body, self.services)
        return Call(
            operation=operation,
            request_id=request_id,
            path=parameters.path,
            query=parameters.query,
            headers={**parameters.headers, **dream_contract(request.headers)},
            body=body,
            services=self.services,
            principal=principal,
            deferred_violations=deferred,
            target_credential=target_credential(operation, request.headers),
            transport=str(request.scope.get("state", {}).get("transport", "http")),
        )

    def _serve(self, call: Call) -> Reply:
        scope = authorize(call.principal, call)
        if scope is not None:
            call = dataclasses.replace(call, scope=scope)
        else:
            _require_own_scope(call)
        return self.handlers[call.operation.operation_id](call)


def dream_contract(headers: Mapping[str, str]) -> dict[str, str]:
    """The client's ``X-PowerContext-Dream-Contract`` (no operation declares it: 1.4.1 negotiates the
    Dream operations of contract 2 with it, ``handlers.dream``), lower-cased as the key."""
    value = headers.get("x-powercontext-dream-contract")
    return {} if value is None else {"x-powercontext-dream-contract": value}


def _require_own_scope(call: Call) -> None:
    """``ScopeNotFound`` when the Scope the operation names in its path or body does not exist.
    An operation that reads its references had its Scope read by ``authorize`` already (None:
    missing); any other is read here (a Connector checkpoint's ``binding.scope_id`` too, as 1.4.1's
    server answers it: docs/decisions.md, "Checkpoint grants and Scopes")."""
    own = own_scope(call)
    if own is None:
        return
    if call.operation.scope_references or call.services.store.get_scope(own) is None:
        raise ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE)


class EncodedPathRoute(Route):
    """A route matched against the raw path, still percent-encoded, each parameter then decoded
    exactly once (as PowerContext matches its Scope resources): ``/v1/scopes/a%2Fb`` is the Scope
    ``a/b``, not a path with one more segment that no route takes. A request without a raw path
    (or one that is not ASCII, which HTTP never sends) is matched as Starlette matches it."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        raw = scope.get("raw_path")
        if scope["type"] != "http" or not isinstance(raw, bytes) or scope.get("root_path"):
            return super().matches(scope)
        try:
            encoded = raw.decode("ascii")
        except UnicodeDecodeError:
            return super().matches(scope)
        match, child = super().matches({**scope, "path": encoded})
        if match is not Match.NONE:
            child["path_params"] = {
                name: unquote(value) if isinstance(value, str) else value
                for name, value in child.get("path_params", {}).items()
            }
        return match, child


def _specificity(path: str) -> tuple[int, ...]:
    """Sort key putting literal segments before templated ones, so ``/x/query`` wins over ``/x/{id}``."""
    return tuple(1 if segment.startswith("{") else 0 for segment in path.strip("/").split("/"))


def operation_routes(
    operations: Iterable[Operation], handlers: Mapping[str, Handler], services: Services
) -> list[Route]:
    """One route per path of the operation table; every operation must have a handler."""
    by_path: dict[str, list[Operation]] = {}
    for operation in operations:
        if operation.operation_id not in handlers:
            raise LookupError(f"operation {operation.operation_id} has no handler")
        by_path.setdefault(operation.path, []).append(operation)
    routes = []
    for path in sorted(by_path, key=lambda p: (_specificity(p), p)):
        endpoint = PathEndpoint(by_path[path], handlers, services)
        route = EncodedPathRoute if "{" in path else Route
        routes.append(route(path, endpoint.handle, methods=[op.method for op in by_path[path]]))
    return routes
