"""What only the OceanBase engine has: its URL, the server it talks to, lost connections, credentials,
and the index DDL. The engine's semantics are tested by the whole parametrised store suite."""

from __future__ import annotations

import contextlib
import logging
import secrets
import socket
import threading
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pymysql
import pytest
from _support.seekdb import oceanbase_database

from pcreceipt.store import StoreURLError, open_store
from pcreceipt.store.oceanbase.schema import MIGRATIONS as OCEANBASE_MIGRATIONS
from pcreceipt.store.oceanbase.seekdb import SeekdbServer
from pcreceipt.store.oceanbase.settings import OceanBaseSettings, parse_oceanbase_url
from pcreceipt.store.oceanbase.store import OceanBaseStore
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import EmbeddingRow, StoreError, StoreUnavailable

CANARY = "Canary-Pa55:w0rd@#/?"  # every URL-special character, percent-encoded in URLs
CANARY_URL = "Canary-Pa55%3Aw0rd%40%23%2F%3F"


# -- the URL (no server needed)


@pytest.mark.parametrize(
    ("url", "user", "password", "host", "port", "database"),
    [
        ("oceanbase://root:@127.0.0.1:2881/pcr", "root", "", "127.0.0.1", 2881, "pcr"),
        ("oceanbase://root@127.0.0.1/pcr", "root", "", "127.0.0.1", 2881, "pcr"),
        ("oceanbase://root@sys:secret@db.example:2883/pcr", "root@sys", "secret", "db.example", 2883, "pcr"),
        ("oceanbase://root%40sys:secret@db.example:2883/pcr", "root@sys", "secret", "db.example", 2883, "pcr"),
        ("oceanbase://app%40tenant%23cluster:p%3Aw@h:1/d_1", "app@tenant#cluster", "p:w", "h", 1, "d_1"),
        (f"oceanbase://u:{CANARY_URL}@[::1]:2881/x", "u", CANARY, "::1", 2881, "x"),
    ],
)
def test_url_parsing(url: str, user: str, password: str, host: str, port: int, database: str) -> None:
    settings = parse_oceanbase_url(url)
    assert (settings.user, settings.password, settings.host, settings.port, settings.database) == (
        user,
        password,
        host,
        port,
        database,
    )
    assert password not in repr(settings) or not password


def test_url_options() -> None:
    settings = parse_oceanbase_url(
        "oceanbase://u:p@h/d?connect_timeout=1.5&read_timeout=9&pool_size=2&transaction_timeout=4"
    )
    assert (settings.connect_timeout, settings.read_timeout, settings.pool_size) == (1.5, 9.0, 2)
    assert settings.transaction_timeout == 4.0
    assert parse_oceanbase_url("oceanbase://u:p@h/d") == OceanBaseSettings("u", "p", "h", 2881, "d")


@pytest.mark.parametrize(
    "url",
    [
        f"oceanbase://u:{CANARY_URL}@h:notaport/d",
        f"oceanbase://u:{CANARY_URL}@h:99999/d",
        f"oceanbase://u:{CANARY_URL}@h/",
        f"oceanbase://u:{CANARY_URL}@h/bad-name",
        f"oceanbase://u:{CANARY_URL}@h/d;drop",
        f"oceanbase://u:{CANARY_URL}@h/d?read_timeout=0",
        f"oceanbase://u:{CANARY_URL}@h/d?read_timeout=abc",
        f"oceanbase://u:{CANARY_URL}@h/d?read_timeout=inf",
        f"oceanbase://u:{CANARY_URL}@h/d?password={CANARY_URL}",
        f"oceanbase://u:{CANARY_URL}@h/d#fragment",
        "oceanbase://:@/d",
        f"oceanbase://h/{CANARY_URL}",
    ],
)
def test_bad_urls_are_refused_without_echoing_them(url: str) -> None:
    with pytest.raises(StoreURLError) as caught:
        open_store(url)
    assert "Canary" not in str(caught.value) and CANARY_URL not in str(caught.value)


# -- a live server


@pytest.fixture
def database(seekdb_server: SeekdbServer, tmp_path: Path) -> str:
    """A fresh, migrated database on the session's server (nothing opened on it yet)."""
    return oceanbase_database(tmp_path)


def server_sql(server: SeekdbServer, sql: str, database: str | None = None) -> list[tuple[Any, ...]]:
    conn = pymysql.connect(
        host=server.host, port=server.port, user="root", password="", database=database, autocommit=True
    )
    try:
        with conn.cursor() as cursor:
            cursor.execute(sql)
            return list(cursor.fetchall())
    finally:
        conn.close()


def new_scope(store: Store) -> str:
    scope, _ = store.create_scope(
        title="t", summary="s", idempotency_key="k", parent_scope_id=None, context_references=[], external_references=[]
    )
    return scope.scope_id


def test_open_store_creates_a_missing_database(seekdb_server: SeekdbServer) -> None:
    name = f"created_{secrets.token_hex(4)}"
    store = open_store(seekdb_server.url(name))
    try:
        assert isinstance(store, OceanBaseStore) and store.engine == "oceanbase"
        scope_id = new_scope(store)
        assert store.get_scope(scope_id) is not None
        assert (name,) in server_sql(seekdb_server, "SHOW DATABASES")
        assert store.applied_migrations() == [migration.version for migration in OCEANBASE_MIGRATIONS]
    finally:
        store.close()


def test_stores_opened_at_once_on_a_missing_database_migrate_it_once(seekdb_server: SeekdbServer) -> None:
    """Servers starting together on a new database: every open succeeds and each migration is recorded once."""
    url = seekdb_server.url(f"together_{secrets.token_hex(4)}")
    barrier = threading.Barrier(4)
    opened: list[OceanBaseStore] = []
    failures: list[BaseException] = []

    def open_one() -> None:
        barrier.wait(timeout=60)
        try:
            opened.append(OceanBaseStore(url))
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    try:
        assert failures == [] and len(opened) == 4
        versions = [migration.version for migration in OCEANBASE_MIGRATIONS]
        assert all(store.applied_migrations() == versions for store in opened)
        opened[0].ensure_default_scope()
        assert opened[3].default_scope_id() == opened[1].ensure_default_scope()
    finally:
        for store in opened:
            store.close()


def test_index_ddl_and_session_settings(seekdb_server: SeekdbServer, database: str) -> None:
    store = OceanBaseStore(seekdb_server.url(database))
    try:
        scope_id = new_scope(store)
        memory = {"kind": "fact", "text": "x"}
        store.create_artifact(scope_id, "atomic-memory", memory, embedding=EmbeddingRow("p", [1.0]))
        [(table,)] = server_sql(seekdb_server, "SELECT table_name FROM embedding_profiles", database)
        vector_ddl = server_sql(seekdb_server, f"SHOW CREATE TABLE {table.decode()}", database)[0][1]
        assert "VECTOR(1)" in vector_ddl
        for option in ("DISTANCE = COSINE", "TYPE = HNSW", "SYNC_MODE = IMMEDIATE"):
            assert option in vector_ddl.replace("=", " = ").replace("  ", " ")
        search_ddl = server_sql(seekdb_server, "SHOW CREATE TABLE search_docs", database)[0][1]
        assert "FULLTEXT KEY `search_docs_words` (`words`) WITH PARSER space" in search_ddl
        with store._connection() as conn:  # the pool's session settings
            isolation, timeout = conn.first("SELECT @@transaction_isolation, @@ob_query_timeout")
        assert (isolation, timeout) == ("READ-COMMITTED", 30_000_000)
    finally:
        store.close()


def test_builtin_parsers_fall_short_of_the_store_semantics(seekdb_server: SeekdbServer, database: str) -> None:
    """Why the engine indexes SQLite's tokens as hash words instead of trusting a parser (see the module
    docstring): every built-in parser loses something the SQLite engine finds."""
    server_sql(
        seekdb_server,
        """CREATE TABLE parsers (id INT PRIMARY KEY, body LONGTEXT,
               FULLTEXT INDEX by_space (body) WITH PARSER space,
               FULLTEXT INDEX by_ik (body) WITH PARSER ik)""",
        database,
    )
    server_sql(seekdb_server, "INSERT INTO parsers VALUES (1, 'visit www and de 人工智能')", database)
    assert server_sql(seekdb_server, "SELECT id FROM parsers WHERE MATCH(body) AGAINST ('www')", database) == []
    with pytest.raises(pymysql.MySQLError) as caught:  # no prefix queries
        server_sql(seekdb_server, "SELECT id FROM parsers WHERE MATCH(body) AGAINST ('vis*' IN BOOLEAN MODE)", database)
    assert caught.value.args[0] == 1149
    store = OceanBaseStore(seekdb_server.url(database))
    try:
        scope_id = new_scope(store)
        memory = store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "visit www and de 人工智能"})
        for query, match in (("www", "any"), ("de", "any"), ("智能", "any"), ("人工智能", "all"), ("vis", "prefix")):
            hits = store.search_text(scope_id, "atomic-memory", query, 5, match=match)
            assert [hit.ref for hit in hits] == [memory.ref], query
    finally:
        store.close()


def test_wrong_credentials_are_unavailable_and_never_echoed(
    seekdb_server: SeekdbServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    url = f"oceanbase://root:{CANARY_URL}@127.0.0.1:{seekdb_server.port}/canary_db"
    with pytest.raises(StoreUnavailable) as caught:
        open_store(url)
    assert_no_canary(caught.value, caplog)


def user_ddl(server: SeekdbServer, sql: str) -> None:
    """Run a user DDL statement; seekdb fails one (1396) that races any other DDL, so retry it."""
    for attempt in range(20):
        try:
            server_sql(server, sql)
            return
        except pymysql.MySQLError as error:
            if error.args[0] != 1396 or attempt == 19:
                raise
            time.sleep(0.2)


@pytest.fixture
def canary_user(seekdb_server: SeekdbServer, database: str) -> Iterator[str]:
    """A user whose password is the canary, with every privilege on the test's database."""
    user = f"canary_{secrets.token_hex(3)}"
    user_ddl(seekdb_server, f"CREATE USER IF NOT EXISTS '{user}'@'%' IDENTIFIED BY '{CANARY}'")
    user_ddl(seekdb_server, f"GRANT ALL PRIVILEGES ON {database}.* TO '{user}'@'%'")
    yield user
    user_ddl(seekdb_server, f"DROP USER IF EXISTS '{user}'@'%'")


class Proxy:
    """A loopback TCP forwarder whose connections can be cut at will (a lost network)."""

    def __init__(self, target_port: int) -> None:
        self._target = target_port
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._cut = False
        self._silent = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                client, _ = self._listener.accept()
                upstream = socket.create_connection(("127.0.0.1", self._target))
                with self._lock:
                    if self._cut:
                        client.close()
                        upstream.close()
                        return
                    self._sockets += [client, upstream]
                for source, sink in ((client, upstream), (upstream, client)):
                    threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                if self._silent:
                    return
                sink.sendall(data)
        if not self._silent:
            with contextlib.suppress(OSError):
                sink.shutdown(socket.SHUT_WR)

    def freeze(self) -> None:
        """Cut the clients off and leave the database server's side open and silent: a network
        partition, where the database server is never told its clients are gone."""
        with self._lock:
            self._silent = self._cut = True
            clients = self._sockets[0::2]
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        for sock in clients:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def cut(self) -> None:
        """Drop every connection and stop listening."""
        with self._lock:
            self._cut = True
            sockets, self._sockets = self._sockets, []
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the blocked accept()
        self._listener.close()
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()


def test_a_lost_connection_is_unavailable_fast_and_leaks_nothing(
    seekdb_server: SeekdbServer, database: str, canary_user: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    proxy = Proxy(seekdb_server.port)
    url = f"oceanbase://{canary_user}:{CANARY_URL}@127.0.0.1:{proxy.port}/{database}?connect_timeout=2&read_timeout=5"
    store = open_store(url)
    try:
        scope_id = new_scope(store)
        store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "written before the cut"})
        assert CANARY not in repr(store)
        proxy.cut()
        for call in (
            lambda: store.get_scope(scope_id),
            lambda: store.search_text(scope_id, "atomic-memory", "written", 5),
            lambda: store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "lost"}),
        ):
            started = time.monotonic()
            with pytest.raises(StoreUnavailable) as caught:
                call()
            assert time.monotonic() - started < 10
            assert_no_canary(caught.value, caplog)
    finally:
        store.close()


def test_a_silent_server_times_out_instead_of_hanging() -> None:
    """A server that accepts but never greets: ``read_timeout`` bounds the wait for its greeting."""
    silent = socket.create_server(("127.0.0.1", 0))  # accepts (kernel backlog), never answers
    try:
        port = silent.getsockname()[1]
        started = time.monotonic()
        with pytest.raises(StoreUnavailable):
            open_store(f"oceanbase://root:{CANARY_URL}@127.0.0.1:{port}/d?connect_timeout=1&read_timeout=2")
        assert time.monotonic() - started < 10
    finally:
        silent.close()


def test_a_closed_port_is_unavailable() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(StoreUnavailable):
        open_store(f"oceanbase://root:@127.0.0.1:{port}/d?connect_timeout=1")


def test_the_pool_recovers_after_the_server_comes_back(seekdb_server: SeekdbServer, database: str) -> None:
    proxy = Proxy(seekdb_server.port)
    store = OceanBaseStore(f"oceanbase://root:@127.0.0.1:{proxy.port}/{database}?connect_timeout=2&read_timeout=5")
    try:
        scope_id = new_scope(store)
        proxy.cut()
        with pytest.raises(StoreUnavailable):
            store.get_scope(scope_id)
    finally:
        store.close()
    reopened = OceanBaseStore(seekdb_server.url(database))
    try:
        assert reopened.get_scope(scope_id) is not None
    finally:
        reopened.close()


def assert_no_canary(error: BaseException, caplog: pytest.LogCaptureFixture) -> None:
    """The canary password is in no message, repr, traceback or log record, nor anywhere in the chain
    of exceptions behind the error (which tracebacks do not show: it is raised ``from None``)."""
    assert isinstance(error, StoreError)
    assert error.__cause__ is None and error.__suppress_context__
    texts = ["".join(traceback.format_exception(error)), caplog.text]
    chained: BaseException | None = error
    while chained is not None:
        texts += [str(chained), repr(chained), repr(getattr(chained, "orig", None))]
        chained = chained.__cause__ or chained.__context__
    for text in texts:
        assert "Canary" not in text and CANARY_URL not in text


def test_a_connection_lost_while_migrating_reports_the_loss_and_holds_no_lock(
    seekdb_server: SeekdbServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The migration lock belongs to the session: when the session is lost mid-migration, the error
    says so (not a follow-on error of the lock's release) and the next open takes the lock at once."""
    from pcreceipt.store.oceanbase import schema

    url = seekdb_server.url(f"lost_{secrets.token_hex(4)}")
    migrate_locked = schema._migrate_locked

    def killed_first(conn: Any) -> list[int]:
        (session,) = conn.first("SELECT CONNECTION_ID()")
        server_sql(seekdb_server, f"KILL {int(session)}")
        return migrate_locked(conn)

    monkeypatch.setattr(schema, "_migrate_locked", killed_first)
    with pytest.raises(StoreUnavailable) as caught:
        OceanBaseStore(url)
    assert "PendingRollback" not in str(caught.value)
    assert caught.value.__context__ is None or "PendingRollback" not in repr(caught.value.__context__)
    monkeypatch.setattr(schema, "_migrate_locked", migrate_locked)
    started = time.monotonic()
    store = OceanBaseStore(url)
    try:
        assert store.applied_migrations() == [migration.version for migration in OCEANBASE_MIGRATIONS]
        # far below MIGRATION_LOCK_SECONDS: the lost session's lock did not have to time out
        assert time.monotonic() - started < schema.MIGRATION_WAIT_SECONDS / 4
    finally:
        store.close()


def row_lock_is_held(server: SeekdbServer, database: str, table: str, where: str) -> bool:
    """Whether another session holds a lock on the rows ``where`` (a 0.2 s wait for them times out)."""
    conn = pymysql.connect(host=server.host, port=server.port, user="root", password="", database=database)
    try:
        with conn.cursor() as cursor:
            cursor.execute("SET SESSION ob_trx_lock_timeout = 200000")
            cursor.execute("START TRANSACTION")
            try:
                cursor.execute(f"SELECT 1 FROM {table} WHERE {where} FOR UPDATE")
                return False
            except pymysql.err.OperationalError as error:
                assert error.args[0] == 1205, error
                return True
            finally:
                conn.rollback()
    finally:
        conn.close()


def test_a_migration_lock_whose_holder_was_lost_expires_with_its_lease(
    seekdb_server: SeekdbServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server cut off while it holds the migration lock, the database server never told, blocks
    the others for the lease (``MIGRATION_LEASE_SECONDS``), not for as long as the session lives."""
    from pcreceipt.store.oceanbase import schema
    from pcreceipt.store.oceanbase.connection import Conn, make_engine

    name = f"lease_{secrets.token_hex(4)}"
    server_sql(seekdb_server, f"CREATE DATABASE {name}")
    monkeypatch.setattr(schema, "MIGRATION_LEASE_SECONDS", 4)
    proxy = Proxy(seekdb_server.port)
    engine = make_engine(parse_oceanbase_url(f"oceanbase://root:@127.0.0.1:{proxy.port}/{name}"), name, pooled=False)
    try:
        with engine.connect() as raw:
            lock = schema._migration_lock(Conn(raw))
            lock.__enter__()
            assert row_lock_is_held(seekdb_server, name, "migration_lock", "name = 'migrate'")
            proxy.freeze()  # the holder is gone, and the database server is never told
            store = OceanBaseStore(seekdb_server.url(name))
            try:
                assert store.applied_migrations() == [migration.version for migration in OCEANBASE_MIGRATIONS]
            finally:
                store.close()
            raw.invalidate()
    finally:
        engine.dispose()
        proxy.cut()


def test_a_server_opening_while_another_migrates_waits_past_its_lock_timeout(seekdb_server: SeekdbServer) -> None:
    """A server opening a database whose migration lock another holds for longer than the opener's
    lock wait timeout waits for it (a 1205 once ended a server's start in CI), then opens."""
    from pcreceipt.store.oceanbase import schema
    from pcreceipt.store.oceanbase.connection import Conn, make_engine

    name = f"waits_{secrets.token_hex(4)}"
    server_sql(seekdb_server, f"CREATE DATABASE {name}")
    engine = make_engine(parse_oceanbase_url(seekdb_server.url(name)), name, pooled=False)
    held_for = 2.0  # four times the opener's lock timeout below
    try:
        with engine.connect() as raw:
            lock = schema._migration_lock(Conn(raw))
            lock.__enter__()
            released = threading.Timer(held_for, lambda: lock.__exit__(None, None, None))
            started = time.monotonic()
            released.start()
            try:
                store = OceanBaseStore(seekdb_server.url(name) + "?lock_timeout=0.5")
            finally:
                released.join()
            try:
                assert time.monotonic() - started >= held_for  # it did wait for the holder
                assert store.applied_migrations() == [migration.version for migration in OCEANBASE_MIGRATIONS]
            finally:
                store.close()
    finally:
        engine.dispose()


def test_the_row_locks_of_a_server_lost_mid_transaction_expire_with_transaction_timeout(
    seekdb_server: SeekdbServer, database: str
) -> None:
    """A server cut off inside a write transaction, the database server never told, holds its
    Scope's row lock only until ``transaction_timeout``; the database's own default is a day."""
    proxy = Proxy(seekdb_server.port)
    lost = OceanBaseStore(
        f"oceanbase://root:@127.0.0.1:{proxy.port}/{database}?transaction_timeout=5&read_timeout=5&connect_timeout=2"
    )
    alive = OceanBaseStore(seekdb_server.url(database) + "?lock_timeout=0.5")
    try:
        scope_id = new_scope(alive)

        def cut_while_locked(conn: Any) -> None:
            lost._lock_scope(conn, scope_id)
            proxy.freeze()
            conn.first("SELECT 1")

        with pytest.raises(StoreUnavailable):
            lost._write(cut_while_locked)
        assert row_lock_is_held(seekdb_server, database, "scopes", f"scope_id = '{scope_id}'")
        deadline = time.monotonic() + 60
        while True:
            try:
                alive.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "after the lost writer"})
                break
            except StoreUnavailable:
                assert time.monotonic() < deadline, "the lost writer's lock outlived transaction_timeout"
        assert not row_lock_is_held(seekdb_server, database, "scopes", f"scope_id = '{scope_id}'")
    finally:
        lost.close()
        alive.close()
        proxy.cut()
