"""The OceanBase engine's connections, statements and error translation.

Decisions:
- SQLAlchemy Core over pymysql, one pooled ``Engine`` per store (``pool_pre_ping``, so a
  restarted server costs no error), sessions in autocommit mode with transactions opened and
  closed explicitly. So returning a connection to the pool sends nothing
  (``skip_autocommit_rollback``; SQLAlchemy would otherwise send a ``ROLLBACK`` round trip at
  every release): the store ends every transaction it opens itself (COMMIT, else ROLLBACK, else
  the connection is invalidated), and the pool never resets on return.
- ``connect_timeout`` / ``read_timeout`` / ``write_timeout`` bound every socket wait and
  ``ob_query_timeout`` / ``ob_trx_lock_timeout`` / ``ob_trx_timeout`` every statement, lock wait
  and transaction, so a lost or hung server raises ``StoreUnavailable`` instead of hanging, and
  the locks of a server lost mid-transaction are freed within ``transaction_timeout``.
- The password lives only in SQLAlchemy's URL object (masked in its repr); every error is
  re-raised content-free (``from None``), so neither credentials nor bodies nor query text reach
  messages or logs. Connection-level failures (refused, lost, timed out, out of resources) are
  ``StoreUnavailable``; anything else a content-free ``StoreError`` naming the error code.
- A write that loses a race on a unique key or a deadlock raises ``Retry``: the store runs the
  whole transaction again.
- TLS (``settings.tls``): pymysql gets one ``ssl.SSLContext`` built here (its ``ssl`` dict form is
  deprecated in pymysql 2.2), so every connection of the pool is TLS or fails with 2026 (pymysql
  never falls back to plain text once a context is given). The context always checks the
  server's certificate (``CERT_REQUIRED``), against the CA file alone when one is given, else the
  system's trusted CAs, and its host name unless ``verify_identity`` is off. A file that does not
  load is a ``StoreError`` naming the setting and the cause.
"""

from __future__ import annotations

import ssl
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL, Connection, Engine
from sqlalchemy.pool import NullPool

from pcreceipt.errors import PcreceiptError
from pcreceipt.store import StoreAccessDenied, StoreTLS
from pcreceipt.store.oceanbase.settings import OceanBaseSettings
from pcreceipt.store.records import StoreError, StoreUnavailable
from pcreceipt.store.rows import BATCH
from pcreceipt.telemetry import STORE_DURATION, STORE_STATEMENTS

# MySQL / OceanBase error codes that mean "the engine cannot serve this now" (client-side
# connection errors are 2000-2999 and always count).
_UNAVAILABLE_CODES = frozenset(
    {
        0,  # pymysql: the connection is already closed
        1040,  # too many connections
        1044,  # access denied to the database
        1045,  # access denied (bad credentials)
        1049,  # unknown database
        1053,  # server shutdown in progress
        1205,  # lock wait timeout
        1213,  # deadlock
        1317,  # query interrupted
        4012,  # OceanBase: statement timeout
        4013,  # OceanBase: out of memory
        4019,  # OceanBase: size overflow / resource
        4030,  # OceanBase: tenant out of memory
        6002,  # OceanBase: transaction rolled back
        6210,  # OceanBase: transaction timeout
        6213,  # OceanBase: transaction killed
    }
)
_ACCESS_DENIED = {
    1044: "access denied: the user may not use this database",
    1045: "access denied: the server refused the user and password",
}
_TLS_REFUSED = 2026  # pymysql: SSL required, the server's handshake offers none
_DUPLICATE_KEY = 1062
_DEADLOCK = 1213
RETRYABLE_CODES = frozenset({_DUPLICATE_KEY, _DEADLOCK})


def error_code(error: BaseException) -> int | None:
    original = getattr(error, "orig", None)
    args = getattr(original, "args", ())
    return int(args[0]) if args and isinstance(args[0], int) else None


def _is_unavailable(error: sa_exc.DBAPIError) -> bool:
    code = error_code(error)
    if error.connection_invalidated or code is None:
        return isinstance(error, sa_exc.OperationalError | sa_exc.InterfaceError)
    return code in _UNAVAILABLE_CODES or 2000 <= code < 3000  # not a contract limit: MySQL client error codes


@contextmanager
def translated_errors() -> Iterator[None]:
    """Turn driver errors into content-free store errors (the originals may hold SQL, bodies or the
    user). Raised ``from None``: tracebacks and logs never show the original; SQLAlchemy keeps
    parameters out of it anyway (``hide_parameters``) and no driver message holds the password."""
    failure: StoreError | None = None
    try:
        yield
    except sa_exc.DBAPIError as error:
        code = error_code(error)
        kind = StoreUnavailable if _is_unavailable(error) else StoreError
        # pymysql keeps the socket error behind a failed connect: its class is the cause (refused, unresolved, ...)
        cause = getattr(error.orig, "original_exception", None)
        label = str(code) if code is not None else type(error.orig).__name__
        if cause is not None:
            label = f"{label}, {type(cause).__name__}"
        if code == _TLS_REFUSED:
            label = f"{label}, TLS is required but the database server does not offer it"
        if code in _ACCESS_DENIED:
            kind = StoreAccessDenied
            label = f"{label}, {_ACCESS_DENIED[code]}"
        failure = kind(f"oceanbase engine error ({label})")
    except sa_exc.SQLAlchemyError as error:  # pool timeout, disconnect detected by the pool
        failure = StoreUnavailable(f"oceanbase engine unavailable ({type(error).__name__})")
    except (OSError, EOFError) as error:
        failure = StoreUnavailable(f"oceanbase engine unavailable ({type(error).__name__})")
    if failure is not None:
        raise failure from None


class Retry(PcreceiptError):
    """A write lost a race that a fresh attempt resolves (unique key, deadlock)."""


class Conn:
    """A checked-out connection with positional (``%s``) statement helpers."""

    __slots__ = ("raw",)

    def __init__(self, raw: Connection) -> None:
        self.raw = raw

    def run(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.raw.exec_driver_sql(sql, tuple(params))

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        for start in range(0, len(rows), BATCH):
            batch = [tuple(row) for row in rows[start : start + BATCH]]
            if batch:
                self.raw.exec_driver_sql(sql, batch)

    def first(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.run(sql, params).first()

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(self.run(sql, params).all())

    def insert_id(self, sql: str, params: Sequence[Any]) -> int:
        return int(self.run(sql, params).lastrowid)


def dialect(sql: str) -> str:
    """Shared qmark SQL in the driver's ``%s`` style (shared statements hold no literal ``?`` or ``%``)."""
    return sql.replace("?", "%s")


def placeholders(count: int) -> str:
    return ", ".join(["%s"] * count)


def tls_context(tls: StoreTLS) -> ssl.SSLContext:
    """The client TLS context for ``tls``: the server's certificate always checked; StoreError when
    a file does not load (named by its setting, with the cause's class and reason)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)  # certificate and host name checked by default
    context.check_hostname = tls.verify_identity
    context.verify_mode = ssl.CERT_REQUIRED
    setting = "store_tls.ca_file"
    try:
        if tls.ca_file is not None:
            context.load_verify_locations(cafile=str(tls.ca_file))  # this CA only, not the system's too
        else:
            context.load_default_certs(ssl.Purpose.SERVER_AUTH)
        if tls.cert_file is not None:
            setting = "store_tls.cert_file"
            key = None if tls.key_file is None else str(tls.key_file)
            context.load_cert_chain(str(tls.cert_file), keyfile=key)
    except ssl.SSLError as error:
        raise StoreError(f"{setting} does not load: {error.reason or type(error).__name__}") from None
    except OSError as error:
        raise StoreError(f"{setting} does not load: {error.strerror or type(error).__name__}") from None
    return context


def make_engine(settings: OceanBaseSettings, database: str | None, *, pooled: bool = True) -> Engine:
    """A SQLAlchemy engine on the server (``database`` None: no database selected); ``pooled`` False
    for one-off connections."""
    url = URL.create(
        "mysql+pymysql",
        username=settings.user,
        password=settings.password,
        host=settings.host,
        port=settings.port,
        database=database,
        query={"charset": "utf8mb4"},
    )
    pool: dict[str, Any] = (
        {
            "pool_size": settings.pool_size,
            "max_overflow": settings.pool_size,
            "pool_timeout": settings.connect_timeout + settings.lock_timeout,
            "pool_pre_ping": True,
            "pool_reset_on_return": None,
        }
        if pooled
        else {"poolclass": NullPool}
    )
    connect_args: dict[str, Any] = {
        "connect_timeout": settings.connect_timeout,
        "read_timeout": settings.read_timeout,
        "write_timeout": settings.write_timeout,
    }
    if settings.tls is not None:
        connect_args["ssl"] = tls_context(settings.tls)
    engine = create_engine(
        url,
        connect_args=connect_args,
        isolation_level="AUTOCOMMIT",
        skip_autocommit_rollback=True,
        hide_parameters=True,
        logging_name="pcreceipt.oceanbase",
        **pool,
    )
    session_setup = (
        f"SET SESSION ob_query_timeout = {int(settings.query_timeout * 1_000_000)},"
        f" ob_trx_lock_timeout = {int(settings.lock_timeout * 1_000_000)},"
        f" ob_trx_timeout = {int(settings.transaction_timeout * 1_000_000)},"
        " transaction_isolation = 'READ-COMMITTED', time_zone = '+00:00'"
    )

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(session_setup)
        finally:
            cursor.close()

    event.listen(engine, "connect", on_connect)
    _count_round_trips(engine)
    return engine


def _count_round_trips(engine: Engine) -> None:
    """Every statement's round trip into the telemetry (``pcreceipt.store.statements`` and its
    time); a no-op unless the server exports metrics. Only the engine name is an attribute."""
    attributes = {"pcreceipt.store.engine": "oceanbase"}

    def before(_conn: Any, _cursor: Any, _statement: Any, _parameters: Any, context: Any, _many: Any) -> None:
        context._pcreceipt_started = time.perf_counter()

    def after(_conn: Any, _cursor: Any, _statement: Any, _parameters: Any, context: Any, _many: Any) -> None:
        STORE_STATEMENTS.add(1, attributes)
        STORE_DURATION.record(time.perf_counter() - context._pcreceipt_started, attributes)

    event.listen(engine, "before_cursor_execute", before)
    event.listen(engine, "after_cursor_execute", after)
