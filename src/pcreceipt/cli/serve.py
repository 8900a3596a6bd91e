"""``pcreceipt serve``: the HTTP server under uvicorn, on loopback unless told otherwise.

Decisions:
- Options given on the command line win over ``PCRECEIPT_*`` variables and the config file;
  options not given leave those alone (``config.load_settings`` precedence).
- A non-loopback bind address requires tokens to be enabled (``--require-tokens``,
  ``PCRECEIPT_REQUIRE_TOKENS=1`` or ``require_tokens = true``): the server then answers only
  requests with a valid bearer token (``pcreceipt token create``), so it never serves a
  network without authorisation. A server that requires tokens while none is active still
  starts (tokens can be created while it runs) but says so on stderr.
- The listening socket is made and bound here (``server.http.workers.bind_listener``) before the
  store is opened or the banner printed, then handed to uvicorn (or its supervisor with
  ``--workers``): a taken port, an address not on this machine or a host that does not resolve is
  one line and exit 2, never a banner followed by uvicorn's bind error.
- uvicorn's own access log is off: it would log concrete paths and query strings. The
  server's access log (``pcreceipt.access``) logs route templates only, never a header.
- ``--workers N`` (N > 1) serves from N processes by uvicorn's own multi-process mode
  (``server.http.workers``). This process applies the migrations, creates the default Scope and
  prints the banner once, before any worker starts; the workers only open the migrated store.
  SIGINT or SIGTERM to this process stops every worker. ``--workers 1`` (the default) is the
  single process it always was. Fewer than 1 is refused with one line (exit 2).
- Telemetry (``pcreceipt.telemetry``) is exported only when the standard ``OTEL_*`` variables
  ask for it; an exporter or OTLP protocol it does not speak is one line and exit 2 before the
  socket is bound, and the banner says what is exported and where.
- ``--store-tls*`` set the ``store_tls`` settings (TLS to an OceanBase store) for this run; a TLS
  setting that cannot work (a missing file, TLS for SQLite) is one line and exit 2.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import socket
from pathlib import Path
from typing import Annotated

import typer
import uvicorn
from uvicorn.config import STARTUP_FAILURE

from pcreceipt import __version__, telemetry
from pcreceipt.cli import paths
from pcreceipt.cli.local import ConfigOption, DataDirOption, fail, local_settings, open_local_store
from pcreceipt.config import Settings, is_loopback_name
from pcreceipt.server.app import create_app, freeze_startup_heap
from pcreceipt.server.http.workers import WORKER_LOG_FORMAT, WORKER_OPTIONS, bind_listener, run_workers, worker_options
from pcreceipt.store import describe_store_url
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import StoreError

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
DEFAULTS = Settings()


def serve(
    host: Annotated[
        str | None, typer.Option(help=f"Bind address [default: {DEFAULTS.host}].", show_default=False)
    ] = None,
    port: Annotated[int | None, typer.Option(help=f"Port [default: {DEFAULTS.port}].", show_default=False)] = None,
    data_dir: DataDirOption = None,
    config: ConfigOption = None,
    require_tokens: Annotated[
        bool | None,
        typer.Option(
            "--require-tokens/--no-require-tokens",
            help="Require a bearer token on every request (needed for a non-loopback address).",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", help="Worker processes serving requests (each on its own core).")
    ] = 1,
    store_tls: Annotated[
        bool | None,
        typer.Option(
            "--store-tls/--no-store-tls",
            help="Connect to an OceanBase store over TLS only, checking its certificate.",
            show_default=False,
        ),
    ] = None,
    store_tls_ca: Annotated[
        Path | None,
        typer.Option(
            "--store-tls-ca",
            help="CA certificates (PEM) the database's certificate must chain to.",
            show_default=False,
            callback=paths.input_file,
        ),
    ] = None,
    store_tls_verify_identity: Annotated[
        bool | None,
        typer.Option(
            "--store-tls-verify-identity/--no-store-tls-verify-identity",
            help="Check the database certificate's host name against the store URL's host [default: on].",
            show_default=False,
        ),
    ] = None,
    store_tls_cert: Annotated[
        Path | None,
        typer.Option(
            "--store-tls-cert",
            help="A client certificate (PEM) for the database.",
            show_default=False,
            callback=paths.input_file,
        ),
    ] = None,
    store_tls_key: Annotated[
        Path | None,
        typer.Option(
            "--store-tls-key",
            help="The client certificate's private key (PEM).",
            show_default=False,
            callback=paths.input_file,
        ),
    ] = None,
    external_skills_dir: Annotated[
        Path | None,
        typer.Option(
            "--external-skills-dir",
            help="The external Skill registry directory: each sub-folder an Agent Skill package.",
            show_default=False,
            callback=paths.input_dir,
        ),
    ] = None,
) -> None:
    """Run the HTTP server."""
    if workers < 1:
        fail(f"--workers must be 1 or more (got {workers})")
    tls = {
        "enabled": store_tls,
        "ca_file": store_tls_ca,
        "verify_identity": store_tls_verify_identity,
        "cert_file": store_tls_cert,
        "key_file": store_tls_key,
    }
    given_tls = {name: value for name, value in tls.items() if value is not None} or None
    skills = None if external_skills_dir is None else {"dir": external_skills_dir}
    settings = local_settings(
        data_dir, config, host=host, port=port, require_tokens=require_tokens, store_tls=given_tls,
        external_skills=skills,
    )  # fmt: skip
    try:
        telemetry.describe()  # refuses an exporter or protocol it does not speak, before anything starts
    except telemetry.TelemetryError as error:
        fail(str(error))
    if not is_loopback_name(settings.host) and not settings.require_tokens:
        fail(
            "a non-loopback bind address requires tokens to be enabled: pass --require-tokens "
            "(or set PCRECEIPT_REQUIRE_TOKENS=1) and create tokens with `pcreceipt token create`"
        )
    listener = _listen(settings)
    with listener:
        if workers > 1:
            _serve_workers(settings, config, workers, listener)
        else:
            _serve_one(settings, listener)


def _listen(settings: Settings) -> socket.socket:
    """The server's socket, bound before the banner says where it serves (one line when it cannot be)."""
    try:
        return bind_listener(settings.host, settings.port)
    except OSError as error:
        why = {
            errno.EADDRINUSE: "the port is already in use (another server?); choose another with --port",
            errno.EADDRNOTAVAIL: "the address is not one of this machine's; check --host",
            errno.EACCES: "permission denied (ports below 1024 need privileges); choose another with --port",
        }.get(error.errno or 0, error.strerror or type(error).__name__)
        if isinstance(error, socket.gaierror):
            why = f"the host name does not resolve ({error.strerror}); check --host"
        fail(f"cannot listen on {settings.host}:{settings.port}: {why}")


def _serve_one(settings: Settings, listener: socket.socket) -> None:
    store = open_local_store(settings)
    try:
        app = create_app(settings, store=store)
        if settings.tokens_required and not _has_active_token(store):
            typer.echo(
                "warning: tokens are required but none is active; create one with "
                "`pcreceipt token create --scope '*' --grant admin`",
                err=True,
            )
        typer.echo(startup_banner(settings), err=True)
        logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
        freeze_startup_heap()
        server = uvicorn.Server(
            uvicorn.Config(
                app, host=settings.host, port=settings.port, access_log=False, server_header=False, log_level="info"
            )
        )
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a user stops it
            server.run(sockets=[listener])
        if not server.started:
            raise typer.Exit(STARTUP_FAILURE)
    finally:
        store.close()


def _serve_workers(settings: Settings, config: Path | None, workers: int, listener: socket.socket) -> None:
    """Migrations, the default Scope and the banner once here, then ``workers`` processes of
    ``server.http.workers.worker_app`` (uvicorn's supervisor: it stops them all on SIGINT/SIGTERM)."""
    store = open_local_store(settings)  # applies the migrations, before any worker opens the store
    try:
        try:
            store.ensure_default_scope()
        except StoreError as error:
            fail(f"cannot create the default Scope ({describe_store_url(settings.resolved_store_url)}): {error}")
        if settings.tokens_required and not _has_active_token(store):
            typer.echo(
                "warning: tokens are required but none is active; create one with "
                "`pcreceipt token create --scope '*' --grant admin`",
                err=True,
            )
    finally:
        store.close()
    typer.echo(startup_banner(settings) + f"\n  {'workers':<15}{workers}", err=True)
    os.environ[WORKER_OPTIONS] = worker_options(settings, config)
    logging.basicConfig(level=logging.INFO, format=WORKER_LOG_FORMAT)
    run_workers(listener, workers)


def startup_banner(settings: Settings) -> str:
    """What the server serves: its address, the store (never a password), the data directory, the mode,
    and where the Context Inspector is."""
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    rows = [
        ("store", describe_store_url(settings.resolved_store_url)),
        ("data directory", str(settings.data_dir)),
        ("authorisation", settings.authorisation_mode),
        ("telemetry", telemetry.describe()),
        ("inspector", f"http://{host}:{settings.port}/inspector/"),
    ]
    lines = [f"pcreceipt {__version__} serving http://{host}:{settings.port}"]
    lines += [f"  {name:<15}{value}" for name, value in rows]
    return "\n".join(lines)


def _has_active_token(store: Store) -> bool:
    return any(token.revoked_at is None for token in store.list_tokens())
