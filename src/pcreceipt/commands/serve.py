"""``pcreceipt serve``: the HTTP server under uvicorn, on loopback unless told otherwise.

Decisions:
- Options given on the command line win over ``PCRECEIPT_*`` variables and the config file;
  options not given leave those alone (``config.load_settings`` precedence).
- Authorisation is not implemented yet, so binding to an address other than loopback is
  refused unless ``--allow-remote`` says it is intended.
- uvicorn's own access log is off: it would log concrete paths and query strings. The
  server's access log (``pcreceipt.access``) logs route templates only.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

import typer
import uvicorn

from pcreceipt.api.middleware import is_loopback_name
from pcreceipt.config import SettingsError, load_settings
from pcreceipt.server import create_app
from pcreceipt.store import StoreURLError

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"


def serve(
    host: Annotated[str | None, typer.Option(help="Bind address [default: 127.0.0.1].", show_default=False)] = None,
    port: Annotated[int | None, typer.Option(help="Port [default: 8000].", show_default=False)] = None,
    data_dir: Annotated[
        Path | None, typer.Option(help="Data directory [default: the per-user data dir].", show_default=False)
    ] = None,
    config: Annotated[Path | None, typer.Option(help="A TOML config file.", show_default=False)] = None,
    allow_remote: Annotated[
        bool, typer.Option("--allow-remote", help="Allow a non-loopback bind address (no authorisation yet).")
    ] = False,
) -> None:
    """Run the HTTP server."""
    overrides = {"host": host, "port": port, "data_dir": data_dir.resolve() if data_dir is not None else None}
    try:
        settings = load_settings(config_file=config, overrides=overrides)
    except SettingsError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    if not is_loopback_name(settings.host) and not allow_remote:
        typer.echo("error: refusing a non-loopback address without --allow-remote (no authorisation yet)", err=True)
        raise typer.Exit(2)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    try:
        app = create_app(settings)
    except StoreURLError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    uvicorn.run(app, host=settings.host, port=settings.port, access_log=False, server_header=False, log_level="info")
