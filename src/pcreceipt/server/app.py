"""The HTTP server: a Starlette app serving every operation of ``schemas/openapi.json``.

``create_app`` builds one route per path of the generated operation table
(``pcreceipt._gen.operations.OPERATIONS``) and refuses to start when an operation has no
handler, so an operation added to the schema cannot go unserved. ``GET /openapi.json`` returns
the bundled document, serialised once so every response is byte-identical. Every answer is in
the error envelope, unknown routes and wrong methods included (``store_errors.routing_error``: 404
``not_found``, 405 ``invalid_request`` with ``Allow``; ``api.middleware`` adds the request id to
every response). Operation paths are matched on the raw, still percent-encoded path and each
parameter decoded once (``endpoint.EncodedPathRoute``), so an encoded slash stays inside its id.
A server bound to loopback also requires a loopback ``Host`` header
(``api.middleware.LoopbackHostMiddleware``: no DNS-rebinding access from web pages).
MCP is served at ``/mcp`` and ``/mcp/`` (``server.http.mcp_server``): one tool per operation of the
generated catalogue, each call answered by the operation's own endpoint.
The Context Inspector (``pcreceipt.inspector``) is served at ``/inspector/``: static files only.
At its first start on a database the server creates the default Scope (``Default``,
``store.bindings``), which every host without a Scope binding resolves to.
Authorisation (``api.authorization``): local single-user mode only on a loopback bind address
without ``require_tokens``; otherwise every operation but the health probes needs a bearer
token (``Settings.tokens_required``, logged once at startup; ``docs/security.md``).
"""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from datetime import datetime
from functools import cache

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pcreceipt import telemetry
from pcreceipt.compose import compose
from pcreceipt.config import Settings, is_loopback_name
from pcreceipt.contract import gate
from pcreceipt.contract.digests import wire_bytes
from pcreceipt.inspector import routes as inspector_routes
from pcreceipt.models import OPERATIONS
from pcreceipt.prepare.dream import DreamWorker
from pcreceipt.prepare.runtime import Preparer
from pcreceipt.server.handlers import HANDLERS
from pcreceipt.server.handlers.dream import propose_for_dream
from pcreceipt.server.http.endpoint import operation_routes
from pcreceipt.server.http.exchange import Handler, Services, utc_clock
from pcreceipt.server.http.middleware import LoopbackHostMiddleware, RequestContextMiddleware
from pcreceipt.server.http.responses import JSON, error_response
from pcreceipt.server.http.store_errors import routing_error
from pcreceipt.store.protocol import Store

OPENAPI_PATH = "/openapi.json"
log = logging.getLogger("pcreceipt.server")


@cache
def _openapi_bytes() -> bytes:
    """The served document in its wire form, encoded once per process (half a megabyte: about 8 ms
    of CPU, which every app made in the process would otherwise spend again)."""
    return wire_bytes(gate.openapi_document())


def _openapi_endpoint() -> Route:
    document = _openapi_bytes()

    async def openapi(request: Request) -> Response:
        request.scope["state"]["route"] = OPENAPI_PATH
        return Response(document, media_type=JSON)

    return Route(OPENAPI_PATH, openapi, methods=["GET"])


async def _routing_error(request: Request, exc: Exception) -> Response:
    """The answer to a request no route takes, in the error envelope like every other answer: 404
    ``not_found`` for a path nothing is served at, 405 ``invalid_request`` with routing's ``Allow``
    for a served path and another method (any other status the framework raises: ``invalid_request``
    at that status)."""
    assert isinstance(exc, HTTPException)
    return error_response(routing_error(exc.status_code, exc.headers or {}))


def _ensure_default_scope(store: Store) -> None:
    """Create the default Scope at the server's first start (once per database). A store that
    cannot do it now does not stop the server: resolution ensures it on first need."""
    try:
        store.ensure_default_scope()
    except Exception as exc:
        log.warning("default Scope not ensured at startup type=%s", type(exc).__name__)


def freeze_startup_heap() -> None:
    """Collect start-up's garbage once, then take every object alive now (the modules, the app,
    its composition) out of the cyclic garbage collector's passes (``gc.freeze``).

    Called by the serving process only (``pcreceipt serve``, and each worker of ``--workers N``)
    once its app is built, never by ``create_app`` (tests build many apps in one process). A full
    collection otherwise walks all of those long-lived objects again; a bulk import allocates
    enough to trigger one every few batches (about 5% of the server's samples while importing).
    What is frozen is never freed, which is what start-up objects are anyway."""
    gc.collect()
    gc.freeze()


def create_app(
    settings: Settings,
    *,
    store: Store | None = None,
    runtime: Preparer | None = None,
    handlers: Mapping[str, Handler] = HANDLERS,
    clock: Callable[[], datetime] = utc_clock,
    ensure_default_scope: bool = True,
) -> Starlette:
    """The app over ``compose(settings)``. A store or runtime passed in belongs to the caller;
    what the composition made is closed on shutdown. ``clock`` (timezone-aware) dates statistics
    and Working Note expiries. ``ensure_default_scope=False`` leaves the default Scope to whoever
    started the app (``pcreceipt serve --workers N`` creates it once, before its workers start)."""
    parts = compose(settings, store=store, preparer=runtime)
    dream = None
    try:
        if parts.dream_generator is not None:
            dream = DreamWorker(parts.store, parts.dream_generator, propose_for_dream(parts.store), clock)
        services = Services(
            store=parts.store,
            runtime=parts.preparer,
            settings=settings,
            writer=parts.writer,
            clock=clock,
            extractor=parts.extractor,
            generator=parts.generator,
            handoff_generator=parts.handoff_generator,
            dream=dream,
            profile_generator=parts.profile_generator,
        )
        # imported here: the SDK takes about a second to import, which every CLI command would pay
        from pcreceipt.server.http.mcp_server import Mcp

        mcp = Mcp(services, handlers)
        routes = [
            _openapi_endpoint(),
            *operation_routes(OPERATIONS, handlers, services),
            *mcp.routes,
            *inspector_routes(),
        ]
    except BaseException:
        parts.close()
        raise
    if ensure_default_scope:
        _ensure_default_scope(services.store)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        log.info("authorisation mode: %s", settings.authorisation_mode)
        exporting = telemetry.start()  # the OTEL_* variables decide; None when nothing is exported
        try:
            if dream is not None:
                dream.wake()  # runs another server left unfinished, and any still queued
            async with mcp.run():
                yield
        finally:
            if dream is not None:
                dream.close()
            parts.close()
            if exporting is not None:
                exporting.stop()  # what is buffered goes out before the process ends

    middleware = [Middleware(RequestContextMiddleware)]
    if is_loopback_name(settings.host):
        middleware.append(Middleware(LoopbackHostMiddleware))
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={HTTPException: _routing_error},
        lifespan=lifespan,
    )
    app.state.store = services.store
    return app
