"""What the commands that work on the local store share (``serve``, ``token``, ``reembed``).

They read the same settings as ``pcreceipt serve`` (``--data-dir``, ``--config``, ``PCRECEIPT_*``)
and open the same store. Every failure of the environment is one line on stderr and exit
status 2: a setting out of range, a data directory that is a file or cannot be written, a store
URL this build cannot open, a database that does not answer (named by ``host:port/database``
and the cause class, never the password; the user only when the database refused the login,
since it is then what to check).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn
from urllib.parse import unquote, urlsplit

import typer

from pcreceipt.cli import paths
from pcreceipt.config import Settings, SettingsError, default_data_dir, load_settings, prepare_data_dir
from pcreceipt.store import StoreAccessDenied, StoreURLError, describe_store_url, open_store
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import StoreError


def _home_relative(path: Path) -> str:
    """``~/…`` for a path under the home directory, so help text stays short."""
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except ValueError:
        return str(path)


DataDirOption = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help=f"Data directory [default: {_home_relative(default_data_dir())}].",
        show_default=False,
        callback=paths.directory,
    ),
]
ConfigOption = Annotated[
    Path | None,
    typer.Option("--config", help="A TOML config file.", show_default=False, callback=paths.input_file),
]


def fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def local_settings(data_dir: Path | None, config: Path | None, **overrides: Any) -> Settings:
    """The settings with the options given on the command line, and a usable data directory."""
    given = {"data_dir": data_dir.expanduser().resolve() if data_dir is not None else None, **overrides}
    try:
        settings = load_settings(config_file=config, overrides=given)
        prepare_data_dir(settings.data_dir)
    except SettingsError as error:
        fail(str(error))
    return settings


def open_local_store(settings: Settings) -> Store:
    """The store the settings name, opened (migrations applied), or one line and exit 2."""
    url = settings.resolved_store_url
    try:
        return open_store(url, tls=settings.resolved_store_tls)
    except StoreURLError as error:
        fail(str(error))
    except StoreAccessDenied as error:
        fail(f"cannot open the store ({describe_store_url(url)}): {error}; {_check_credentials(url)}")
    except StoreError as error:
        fail(f"cannot open the store ({describe_store_url(url)}): {error}")


def _check_credentials(url: str) -> str:
    """What to check when the database refuses the login: the URL's user (named: it is what the
    database refused, and not a secret) and password (never shown)."""
    try:
        user = unquote(urlsplit(url).username or "")
    except ValueError:
        user = ""
    named = f"user {user!r}" if user else "no user"
    return f"the URL gives {named}: check the user and password in PCRECEIPT_STORE_URL"


@contextmanager
def local_store(data_dir: Path | None, config: Path | None) -> Iterator[Store]:
    """The store ``pcreceipt serve`` would open with the same options, closed afterwards."""
    store = open_local_store(local_settings(data_dir, config))
    try:
        yield store
    finally:
        store.close()
