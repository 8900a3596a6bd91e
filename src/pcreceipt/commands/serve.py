"""``pcreceipt serve``: the HTTP server under uvicorn, on loopback unless told otherwise.

Decisions:
- Options given on the command line win over ``PCRECEIPT_*`` variables and the config file;
  options not given leave those alone (``config.load_settings`` precedence).
- A non-loopback bind address requires tokens to be enabled (``--require-tokens``,
  ``PCRECEIPT_REQUIRE_TOKENS=1`` or ``require_tokens = true``): the server then answers only
  requests with a valid bearer token (``pcreceipt token create``), so it never serves a
  network without authorisation. A server that requires tokens while none is active still
  starts (tokens can be created while it runs) but says so on stderr.
- uvicorn's own access log is off: it would log concrete paths and query strings. The
  server's access log (``pcreceipt.access``) logs route templates only, never a header.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

import typer
import uvicorn
from starlette.applications import Starlette

from pcreceipt.config import SettingsError, is_loopback_name, load_settings
from pcreceipt.server import create_app
from pcreceipt.store import StoreURLError
from pcreceipt.store.protocol import Store

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"


def serve(
    host: Annotated[str | None, typer.Option(help="Bind address [default: 127.0.0.1].", show_default=False)] = None,
    port: Annotated[int | None, typer.Option(help="Port [default: 8000].", show_default=False)] = None,
    data_dir: Annotated[
        Path | None, typer.Option(help="Data directory [default: the per-user data dir].", show_default=False)
    ] = None,
    config: Annotated[Path | None, typer.Option(help="A TOML config file.", show_default=False)] = None,
    require_tokens: Annotated[
        bool | None,
        typer.Option(
            "--require-tokens/--no-require-tokens",
            help="Require a bearer token on every request (needed for a non-loopback address).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Run the HTTP server."""
    overrides = {
        "host": host,
        "port": port,
        "data_dir": data_dir.resolve() if data_dir is not None else None,
        "require_tokens": require_tokens,
    }
    try:
        settings = load_settings(config_file=config, overrides=overrides)
    except SettingsError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    if not is_loopback_name(settings.host) and not settings.require_tokens:
        typer.echo(
            "error: a non-loopback bind address requires tokens to be enabled: pass --require-tokens "
            "(or set PCRECEIPT_REQUIRE_TOKENS=1) and create tokens with `pcreceipt token create`",
            err=True,
        )
        raise typer.Exit(2)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    try:
        app = create_app(settings)
    except StoreURLError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    if settings.tokens_required and not _has_active_token(app):
        typer.echo(
            "warning: tokens are required but none is active; create one with "
            "`pcreceipt token create --scope '*' --grant admin`",
            err=True,
        )
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    uvicorn.run(app, host=settings.host, port=settings.port, access_log=False, server_header=False, log_level="info")


def _has_active_token(app: Starlette) -> bool:
    store: Store = app.state.store
    return any(token.revoked_at is None for token in store.list_tokens())
