"""The app factory of ``pcreceipt serve --workers N``: what each uvicorn worker process builds.

uvicorn's own multi-process mode (``uvicorn.run(import_string, factory=True, workers=N)``) binds
the socket in the parent, spawns N worker processes and restarts or stops them; each worker
imports ``worker_app`` by name and calls it. So the parent does the one-time work first
(``cli.serve``: settings, migrations, the default Scope, the banner) and hands its command-line
options to the workers in one environment variable (``WORKER_OPTIONS``, JSON); every other
setting (``PCRECEIPT_*``, the config file) the workers read as the parent did, from the
environment they inherit. A worker opens the store the parent already migrated (its migration
step finds nothing to apply), and does not create the default Scope again.
Each worker logs with its process id, so a log shows which worker answered a request.

The listening socket is the parent's, shared by every worker (``tcp_listener``). uvicorn 0.54
makes it with ``socket.socket(family)``, whose ``proto`` is 0, and connections accepted from it
inherit that ``proto``; asyncio turns Nagle's algorithm off (``TCP_NODELAY``) only on connections
whose ``proto`` is ``IPPROTO_TCP``. Left so, every keep-alive response after the first waited on
the client's delayed ACK (about 40 ms on Linux): a worker spent most of a 4-client load idle
(uvicorn issue 3149). ``run_workers`` re-declares the bound socket as TCP before the workers
receive it, which is what ``pcreceipt serve`` without ``--workers`` already gets from asyncio.
"""

from __future__ import annotations

import json
import logging
import os
import socket
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from uvicorn.supervisors import Multiprocess

from pcreceipt.config import Settings, load_settings
from pcreceipt.server.http.accept import LOOP as BALANCED_ACCEPT_LOOP

WORKER_OPTIONS = "_PCRECEIPT_SERVE_WORKER_OPTIONS"
WORKER_LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"
WORKER_HEALTHCHECK_SECONDS = 30
"""How long uvicorn's supervisor waits for a worker's liveness answer before it replaces the
worker (uvicorn's default is 5 s). A new worker answers once Python has started and imported the
app, which on a loaded 2-core machine took more than 5 s: every worker was killed before serving."""


def worker_options(settings: Settings, config: Path | None) -> str:
    """The parent's command-line choices, as the workers read them back (``worker_settings``)."""
    overrides = {
        "data_dir": str(settings.data_dir),
        "host": settings.host,
        "port": settings.port,
        "require_tokens": settings.require_tokens,
        "store_tls": {
            name: str(value) if isinstance(value, Path) else value
            for name, value in (
                ("enabled", settings.store_tls.enabled),
                ("ca_file", settings.store_tls.ca_file),
                ("verify_identity", settings.store_tls.verify_identity),
                ("cert_file", settings.store_tls.cert_file),
                ("key_file", settings.store_tls.key_file),
            )
            if value is not None
        },
    }
    return json.dumps({"config": None if config is None else str(config), "overrides": overrides})


def worker_settings(options: str) -> Settings:
    """The settings a worker serves with: the parent's options over the inherited environment."""
    given: dict[str, Any] = json.loads(options)
    config = given["config"]
    return load_settings(config_file=None if config is None else Path(config), overrides=given["overrides"])


def worker_app() -> Starlette:
    """The app of one worker process (uvicorn calls this in each worker)."""
    from pcreceipt.server.app import create_app, freeze_startup_heap

    options = os.environ.get(WORKER_OPTIONS)
    if options is None:
        raise RuntimeError(f"{WORKER_OPTIONS} is not set: worker_app runs under `pcreceipt serve --workers N`")
    logging.basicConfig(level=logging.INFO, format=WORKER_LOG_FORMAT)
    app = create_app(worker_settings(options), ensure_default_scope=False)
    freeze_startup_heap()
    return app


def tcp_listener(bound: socket.socket) -> socket.socket:
    """``bound`` (a listening TCP socket) re-declared with ``proto`` ``IPPROTO_TCP``: the same file
    descriptor, address and inheritability, so that asyncio sets ``TCP_NODELAY`` on every
    connection a worker accepts from it. A socket that is not TCP is returned as it is."""
    if bound.family not in (socket.AF_INET, socket.AF_INET6) or bound.proto == socket.IPPROTO_TCP:
        return bound
    inheritable = bound.get_inheritable()
    listener = socket.socket(bound.family, bound.type, socket.IPPROTO_TCP, fileno=bound.detach())
    listener.set_inheritable(inheritable)
    return listener


def bind_listener(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` (as uvicorn binds one: ``SO_REUSEADDR``, inheritable),
    made before anything says the server is serving; raises OSError (a taken port, an address
    not on this machine, a privileged port) for the caller to say in one line."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
    except BaseException:
        listener.close()
        raise
    listener.set_inheritable(True)
    return listener


def run_workers(listener: socket.socket, workers: int) -> None:
    """Serve ``worker_app`` from ``workers`` processes under uvicorn's supervisor, sharing
    ``listener`` (``bind_listener``, re-declared by ``tcp_listener``), each worker on a
    ``BalancedAcceptLoop``. Returns when the supervisor has stopped every worker (SIGINT, SIGTERM).
    The caller has set ``WORKER_OPTIONS``."""
    host, port = listener.getsockname()[:2]
    config = uvicorn.Config(
        "pcreceipt.server.http.workers:worker_app",
        factory=True,
        workers=workers,
        loop=BALANCED_ACCEPT_LOOP,
        timeout_worker_healthcheck=WORKER_HEALTHCHECK_SECONDS,
        host=host,
        port=port,
        access_log=False,
        server_header=False,
        log_level="info",
    )
    listener = tcp_listener(listener)
    try:
        Multiprocess(config, sockets=[listener]).run()
    except KeyboardInterrupt:
        pass
    finally:
        listener.close()
