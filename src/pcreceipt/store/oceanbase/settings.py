"""Where and how the OceanBase engine connects: its store URL, parsed into ``OceanBaseSettings``.

Decisions:
- URL: ``oceanbase://user:password@host:port/database?option=value``; user and password are
  percent-decoded and the user may be tenant-qualified (``root@sys``, or ``root%40sys``;
  ``#`` must be written ``%23``). The database is created when missing. Options (seconds):
  ``connect_timeout`` (5), ``read_timeout`` (60), ``write_timeout`` (60), ``query_timeout`` (30),
  ``lock_timeout`` (10), ``transaction_timeout`` (60), and ``pool_size`` (8).
- ``transaction_timeout`` (``ob_trx_timeout``) bounds every transaction, and so how long the row
  locks of a server cut off mid-transaction outlive it when the database server is never told
  (a network partition, a lost host); the database's own default is a day. A closed connection
  or a killed process frees them at once (measured: docs/decisions.md).
- ``StoreURLError`` messages never repeat any part of the URL (it may hold a password), and the
  settings' ``repr`` never shows the password.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from pcreceipt.store import OCEANBASE_DEFAULT_PORT, StoreTLS, StoreURLError

SCHEME = "oceanbase"
DEFAULT_PORT = OCEANBASE_DEFAULT_PORT
_DATABASE_NAME = re.compile(r"[A-Za-z0-9_$]{1,64}")
_OPTIONS: Mapping[str, tuple[type, float, float]] = {  # name: (type, minimum, default)
    "connect_timeout": (float, 0.1, 5.0),
    "read_timeout": (float, 0.1, 60.0),
    "write_timeout": (float, 0.1, 60.0),
    "query_timeout": (float, 0.1, 30.0),
    "lock_timeout": (float, 0.1, 10.0),
    "transaction_timeout": (float, 0.1, 60.0),
    "pool_size": (int, 1, 8),
}
# MySQL / OceanBase error codes that mean "the engine cannot serve this now" (client-side


@dataclass(frozen=True, slots=True)
class OceanBaseSettings:
    """Where and how to connect; ``repr`` never shows the password."""

    user: str
    password: str = field(repr=False)
    host: str
    port: int
    database: str
    connect_timeout: float = 5.0
    read_timeout: float = 60.0
    write_timeout: float = 60.0
    query_timeout: float = 30.0
    lock_timeout: float = 10.0
    transaction_timeout: float = 60.0
    pool_size: int = 8
    tls: StoreTLS | None = None  # from the settings' ``store_tls``, never from the URL


def parse_oceanbase_url(url: str) -> OceanBaseSettings:
    """``oceanbase://user:password@host:port/database?option=value`` → settings.

    StoreURLError messages never repeat any part of the URL (it may hold a password).
    """
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise StoreURLError("an oceanbase store URL has an invalid host or port") from None
    if parts.scheme != SCHEME:
        raise StoreURLError("an oceanbase store URL starts with oceanbase://")
    if parts.fragment:
        raise StoreURLError("an oceanbase store URL has no fragment: write '#' in a user or password as %23")
    if parts.username is None or not parts.hostname:
        raise StoreURLError("an oceanbase store URL names a user and a host: oceanbase://user:password@host:port/db")
    database = unquote(parts.path[1:] if parts.path.startswith("/") else parts.path)
    if not _DATABASE_NAME.fullmatch(database):
        raise StoreURLError("an oceanbase store URL names a database of 1-64 letters, digits, '_' or '$'")
    options: dict[str, Any] = {}
    try:
        pairs = parse_qsl(parts.query, keep_blank_values=True, strict_parsing=bool(parts.query))
    except ValueError:
        raise StoreURLError("an oceanbase store URL has a malformed query string") from None
    for name, raw in pairs:
        if name not in _OPTIONS or name in options:
            raise StoreURLError(f"unknown or repeated oceanbase URL option; known: {', '.join(sorted(_OPTIONS))}")
        kind, minimum, _ = _OPTIONS[name]
        try:
            value = kind(raw)
        except ValueError:
            raise StoreURLError(f"the oceanbase URL option {name} must be a number") from None
        if not (value >= minimum and math.isfinite(value)):
            raise StoreURLError(f"the oceanbase URL option {name} must be a finite number of at least {minimum}")
        options[name] = value
    return OceanBaseSettings(
        user=unquote(parts.username),
        password=unquote(parts.password or ""),
        host=parts.hostname,
        port=port or DEFAULT_PORT,
        database=database,
        **options,
    )
