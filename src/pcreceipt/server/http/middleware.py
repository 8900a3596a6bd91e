"""The outer layers: a request id on every response, one access log line, a last-resort 500;
and, on a loopback-bound server, a loopback Host header.

Decisions:
- The request id is always the server's own (``secrets.token_hex(8)``: 16 lowercase hex); a
  client-sent ``X-PowerContext-Request-ID`` is ignored, as PowerContext does. It is set on the
  response here, so errors raised anywhere below (routing 404/405 included) carry it too.
- The access log line holds the method, the route *template* (never the concrete path, which
  can hold ids, and never the query), the status, the duration and the request id.
- An exception that escapes everything below becomes the error envelope's 500 (when a response
  has already started, the connection is just closed); only its type is logged, never its
  message or traceback.
"""

from __future__ import annotations

import logging
import secrets
import time

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pcreceipt.config import is_loopback_name
from pcreceipt.errors import Forbidden, InternalError
from pcreceipt.server.http.responses import error_response

REQUEST_ID_HEADER = "X-PowerContext-Request-ID"
UNMATCHED_ROUTE = "<unmatched>"

access_log = logging.getLogger("pcreceipt.access")
log = logging.getLogger("pcreceipt.server")


def new_request_id() -> str:
    return secrets.token_hex(8)


def route_template(scope: Scope) -> str:
    """The route template the endpoint recorded, or a placeholder for unmatched requests."""
    return str(scope.get("state", {}).get("route", UNMATCHED_ROUTE))


def request_id_of(scope: Scope) -> str:
    return str(scope["state"]["request_id"])


class RequestContextMiddleware:
    """Request id, access log and the last-resort 500 for every HTTP request."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = new_request_id()
        scope.setdefault("state", {})["request_id"] = request_id
        started = time.perf_counter()
        status = 500  # not a contract limit: the HTTP status
        response_started = False

        async def send_with_id(message: Message) -> None:
            nonlocal status, response_started
            if message["type"] == "http.response.start":
                response_started = True
                status = int(message["status"])
                MutableHeaders(scope=message)[REQUEST_ID_HEADER] = request_id
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception as exc:
            log.error("unhandled error request_id=%s type=%s", request_id, type(exc).__name__)
            if not response_started:
                await error_response(InternalError("An unexpected error occurred."))(scope, receive, send_with_id)
        finally:
            access_log.info(
                "%s %s %d %.1fms request_id=%s",
                scope["method"],
                route_template(scope),
                status,
                (time.perf_counter() - started) * 1000,
                request_id,
            )


def _host_name(host_header: str) -> str:
    """The Host header without its port (IPv6 literals keep no brackets)."""
    if host_header.startswith("["):
        return host_header[1:].split("]", 1)[0]
    return host_header.rsplit(":", 1)[0] if host_header.count(":") == 1 else host_header


class LoopbackHostMiddleware:
    """On a loopback-bound server, refuse requests whose Host header is not a loopback name.

    A web page can make a browser talk to a loopback port through DNS rebinding (its own name
    resolving to 127.0.0.1), and the browser then sends that page's name as Host. Requiring a
    loopback Host closes that door (403 forbidden); it stays on in token mode too, where it is
    one more fence around a server meant for this machine only.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = Headers(scope=scope).get("host", "")
            if not is_loopback_name(_host_name(host)):
                await error_response(Forbidden("Requests must address this server by a loopback name."))(
                    scope, receive, send
                )
                return
        await self.app(scope, receive, send)
