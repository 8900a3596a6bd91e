"""``pcreceipt seekdb start|stop|status``: a local, loopback-only OceanBase-protocol server.

The server is the seekdb binary of the ``pylibseekdb`` wheel (``pip install 'pcreceipt[seekdb]'``),
run by ``pcreceipt.store.oceanbase.seekdb``; this module is only its command line.

Decisions:
- ``--data-dir`` is seekdb's own directory; the default is ``seekdb`` inside the pcreceipt data
  directory (``PCRECEIPT_DATA_DIR``, else the per-user data dir). ``--port`` defaults to 2881,
  OceanBase's usual SQL port. The database printed in the URL is ``pcreceipt``, created by
  ``start`` so the URL works as printed.
- ``start`` leaves a daemon running (its own session, so it outlives the command and the
  terminal), waits until it answers SQL, then prints ``PCRECEIPT_STORE_URL=...`` alone on stdout
  (progress goes to stderr), so ``export "$(pcreceipt seekdb start)"`` works.
- ``start`` while this data directory's server runs is an error naming its port; so is a port
  already in use, a missing binary, gcc or pymysql, or a server that does not become ready (it is
  then stopped). Every error is one line on stderr and exit status 2, as for the other local
  commands (``pcreceipt.cli.local``).
- ``status`` prints the URL and exits 0 when running; ``seekdb is not running`` and exit 3
  (the LSB status code for "not running") otherwise. ``stop`` is idempotent: exit 0 either way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from pcreceipt.cli import paths
from pcreceipt.cli.local import fail
from pcreceipt.config import Settings
from pcreceipt.store.oceanbase import seekdb

NOT_RUNNING_EXIT = 3

seekdb_app = typer.Typer(
    no_args_is_help=True,
    help="A local loopback-only OceanBase-protocol server (seekdb) for PCRECEIPT_STORE_URL.",
)

DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="seekdb's directory [default: the seekdb folder of the pcreceipt data dir].",
        show_default=False,
        callback=paths.directory,
    ),
]


def default_data_dir() -> Path:
    """``seekdb`` inside the pcreceipt data directory (``PCRECEIPT_DATA_DIR`` or the per-user one)."""
    base = os.environ.get("PCRECEIPT_DATA_DIR")
    return (Path(base).expanduser() if base else Settings().data_dir) / "seekdb"


def _resolve(data_dir: Path | None) -> Path:
    """The directory, absolute; one line and exit 2 when it cannot be one (a file in the way, say).
    ``--data-dir`` is checked as it is parsed; this catches the default (``PCRECEIPT_DATA_DIR``)."""
    directory = (data_dir or default_data_dir()).expanduser().resolve()
    problem = paths.directory_problem(directory)
    if problem is not None:
        fail(f"the seekdb data directory: {problem}")
    return directory


def _store_url_line(server: seekdb.SeekdbServer) -> str:
    return f"PCRECEIPT_STORE_URL={server.url(seekdb.DEFAULT_DATABASE)}"


@seekdb_app.command("start")
def start(
    data_dir: DataDir = None,
    port: Annotated[
        int,
        typer.Option("--port", min=1, max=65535, help="The SQL port on 127.0.0.1."),  # not a contract limit: TCP ports
    ] = seekdb.DEFAULT_PORT,
) -> None:
    """Start seekdb in the background on 127.0.0.1 and print the PCRECEIPT_STORE_URL to use."""
    directory = _resolve(data_dir)

    def spawned(server: seekdb.SeekdbServer) -> None:
        typer.echo(
            f"seekdb started (pid {server.pid}, data in {directory}); waiting until it answers on "
            f"{server.host}:{server.port} (up to {seekdb.READY_TIMEOUT_SECONDS:.0f} s) ...",
            err=True,
        )

    try:
        server = seekdb.start_daemon(directory, port, on_spawned=spawned)
    except seekdb.SeekdbError as error:
        fail(str(error))
    except KeyboardInterrupt:
        fail("interrupted; seekdb was stopped")
    typer.echo(f"seekdb is running on {server.host}:{server.port} (pid {server.pid})", err=True)
    typer.echo(_store_url_line(server))


@seekdb_app.command("status")
def status(data_dir: DataDir = None) -> None:
    """Say whether seekdb runs for this data directory, and its PCRECEIPT_STORE_URL."""
    directory = _resolve(data_dir)
    server = seekdb.running_server(directory)
    if server is None:
        typer.echo(f"seekdb is not running (data dir {directory})")
        raise typer.Exit(NOT_RUNNING_EXIT)
    typer.echo(f"seekdb is running on {server.host}:{server.port} (pid {server.pid}, data dir {directory})")
    typer.echo(_store_url_line(server))


@seekdb_app.command("stop")
def stop(data_dir: DataDir = None) -> None:
    """Stop seekdb (SIGTERM, then SIGKILL after a grace period); nothing to do when it is not running."""
    directory = _resolve(data_dir)
    try:
        server = seekdb.stop_server(directory)
    except seekdb.SeekdbError as error:
        fail(str(error))
    if server is None:
        typer.echo(f"seekdb is not running (data dir {directory})")
    else:
        typer.echo(f"stopped seekdb (pid {server.pid})")
