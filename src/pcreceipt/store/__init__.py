"""Storage engines behind one protocol (``pcreceipt.store.protocol``) and the URL that picks one.

``open_store(url)``:
- ``sqlite:///path/to.db`` opens the embedded SQLite engine on the file ``/path/to.db`` (the
  file's directory is created when missing). The path is the URL's, as in ``file:///``: with the
  three slashes it is absolute (SQLAlchemy's ``sqlite:////path/to.db`` names the same file); a
  path relative to the current directory is written without them, ``sqlite:data/x.db`` (or
  ``sqlite:./x.db``, ``sqlite:~/x.db``); ``sqlite://host/...`` is refused (``sqlite_path``);
- ``oceanbase://user:password@host:port/database`` opens the OceanBase engine (the database is
  created when missing; user and password are percent-decoded, so a tenant-qualified user is
  ``root@sys`` or ``root%40sys``; options such as ``?read_timeout=30`` are listed in
  ``pcreceipt.store.oceanbase.settings``).
Any other scheme is refused with ``StoreURLError``, whose message names the scheme but never
the rest of the URL (it may hold a password). ``tls`` (``StoreTLS``) makes every OceanBase
connection TLS with the server's certificate checked; it is refused for SQLite.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from pcreceipt.errors import PcreceiptError
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import StoreUnavailable

SQLITE_SCHEME = "sqlite:"
SQLITE_FORMS = "sqlite:///absolute/path.db, or sqlite:relative/path.db for a path under the current directory"
OCEANBASE_PREFIX = "oceanbase://"
OCEANBASE_DEFAULT_PORT = 2881


class StoreURLError(PcreceiptError, ValueError):
    """The store URL names no engine this build can open."""


class StoreAccessDenied(StoreUnavailable):
    """The database refused the store URL's credentials (MySQL 1045) or the user's access to the
    database (1044): what to check is the URL's user and password, not the network."""


@dataclass(frozen=True, slots=True)
class StoreTLS:
    """TLS to a database engine: required, the server's certificate checked against ``ca_file``
    (None: the system's trusted CAs) and, with ``verify_identity``, its host name against the URL's
    host; ``cert_file``/``key_file`` a client certificate. Built from ``config.StoreTLSSettings``."""

    ca_file: Path | None = None
    verify_identity: bool = True
    cert_file: Path | None = None
    key_file: Path | None = None


def sqlite_path(url: str) -> Path:
    """The file a ``sqlite:`` URL names, absolute (see the module docstring)."""
    rest = url[len(SQLITE_SCHEME) :]
    if rest.startswith("//"):
        if not rest.startswith("///"):
            raise StoreURLError(f"a sqlite store URL names no host; write {SQLITE_FORMS}")
        rest = "/" + rest.lstrip("/")
    path = Path(rest).expanduser()
    if not rest or not path.name or rest.endswith("/"):
        raise StoreURLError(f"a sqlite store URL names a file: {SQLITE_FORMS}")
    return path if path.is_absolute() else Path.cwd() / path


def open_store(url: str, *, tls: StoreTLS | None = None) -> Store:
    """The store a URL names (``tls``: TLS to an OceanBase database)."""
    if tls is not None and not url.startswith(OCEANBASE_PREFIX):
        raise StoreURLError("TLS to the database applies to an oceanbase:// store URL only")
    if url.startswith(SQLITE_SCHEME):
        path = sqlite_path(url)
        if path.is_dir():
            raise StoreURLError(f"the sqlite store URL names {path}, which is a directory, not a database file")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            in_the_way = next(p for p in (path.parent, *path.parent.parents) if p.exists() and not p.is_dir())
            raise StoreURLError(f"cannot create {path.parent} for the sqlite store: {in_the_way} is a file") from None
        except OSError as error:
            raise StoreURLError(
                f"cannot create {path.parent} for the sqlite store: {error.strerror or type(error).__name__}"
            ) from None
        from pcreceipt.store.sqlite import SQLiteStore

        return SQLiteStore(path)
    if url.startswith(OCEANBASE_PREFIX):
        try:
            from pcreceipt.store.oceanbase.store import OceanBaseStore

            return OceanBaseStore(url, tls=tls)
        except ModuleNotFoundError as error:
            if error.name not in ("sqlalchemy", "pymysql"):
                raise
            raise StoreURLError("the oceanbase engine needs its extra: pip install 'pcreceipt[oceanbase]'") from None
    try:
        scheme = urlsplit(url).scheme or "(none)"
    except ValueError:
        scheme = "(unparsable)"
    raise StoreURLError(
        f"unsupported store URL scheme {scheme!r}: use sqlite:///absolute/path/to/file.db"
        " or oceanbase://user:password@host:port/database"
    )


def describe_store_url(url: str) -> str:
    """Where a store URL points, for people: never the user or the password.

    ``SQLite /path/to/file.db``, ``OceanBase host:port/database``, or the scheme alone when the
    URL does not parse.
    """
    if url.startswith(SQLITE_SCHEME):
        try:
            return f"SQLite {sqlite_path(url)}"
        except StoreURLError:
            return "a sqlite store URL that names no file"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "a store URL that does not parse"
    if url.startswith(OCEANBASE_PREFIX):
        database = unquote(parts.path.lstrip("/"))
        return f"OceanBase {parts.hostname or '?'}:{port or OCEANBASE_DEFAULT_PORT}/{database}"
    return f"a {parts.scheme or 'scheme-less'} store URL"
