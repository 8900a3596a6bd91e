"""Storage engines behind one protocol (``pcreceipt.store.protocol``) and the URL that picks one.

``open_store(url)``:
- ``sqlite:///path/to.db`` opens the embedded SQLite engine (the file's directory is created
  when missing; ``sqlite:////abs/path.db`` is absolute, as in SQLAlchemy);
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

SQLITE_PREFIX = "sqlite:///"
OCEANBASE_PREFIX = "oceanbase://"
OCEANBASE_DEFAULT_PORT = 2881


class StoreURLError(PcreceiptError, ValueError):
    """The store URL names no engine this build can open."""


@dataclass(frozen=True, slots=True)
class StoreTLS:
    """TLS to a database engine: required, the server's certificate checked against ``ca_file``
    (None: the system's trusted CAs) and, with ``verify_identity``, its host name against the URL's
    host; ``cert_file``/``key_file`` a client certificate. Built from ``config.StoreTLSSettings``."""

    ca_file: Path | None = None
    verify_identity: bool = True
    cert_file: Path | None = None
    key_file: Path | None = None


def open_store(url: str, *, tls: StoreTLS | None = None) -> Store:
    """The store a URL names (``tls``: TLS to an OceanBase database)."""
    if tls is not None and not url.startswith(OCEANBASE_PREFIX):
        raise StoreURLError("TLS to the database applies to an oceanbase:// store URL only")
    if url.startswith(SQLITE_PREFIX):
        path = Path(url[len(SQLITE_PREFIX) :])
        if not path.name:
            raise StoreURLError("a sqlite store URL names a file: sqlite:///path/to/file.db")
        path.parent.mkdir(parents=True, exist_ok=True)
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
        f"unsupported store URL scheme {scheme!r}: use sqlite:///path/to/file.db"
        " or oceanbase://user:password@host:port/database"
    )


def describe_store_url(url: str) -> str:
    """Where a store URL points, for people: never the user or the password.

    ``SQLite /path/to/file.db``, ``OceanBase host:port/database``, or the scheme alone when the
    URL does not parse.
    """
    if url.startswith(SQLITE_PREFIX):
        return f"SQLite {url[len(SQLITE_PREFIX) :]}"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "a store URL that does not parse"
    if url.startswith(OCEANBASE_PREFIX):
        database = unquote(parts.path.lstrip("/"))
        return f"OceanBase {parts.hostname or '?'}:{port or OCEANBASE_DEFAULT_PORT}/{database}"
    return f"a {parts.scheme or 'scheme-less'} store URL"
