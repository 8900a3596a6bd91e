"""``OceanBaseStore``: the OceanBase engine of the store protocol (MySQL protocol, FULLTEXT and
HNSW vector indexes), over the engine-neutral core (``pcreceipt.store.engine``).

Same contract, ids, digests, lifecycle rules and errors as the SQLite engine; tests run the whole
store suite against both (a real OceanBase seekdb server).

Decisions:
- Isolation: writes run in READ COMMITTED (OceanBase's default) and each first locks its Scope's
  row (``SELECT ... FOR UPDATE``), so writes within a Scope are serialised exactly like SQLite's
  single writer and every decision (expected revision, lifecycle state, taken ids, the
  singleton profile / prompt) is made on the latest committed state; writes in different
  Scopes run in parallel. Every write is one transaction, committed at the end or rolled back
  on any error; one that loses a race on a unique key (idempotent Scope creation, a new
  embedding profile) or a deadlock is retried whole. Reads of more than one statement run in
  one REPEATABLE READ read-only transaction, so they see one snapshot.
- The idempotency key, the embedding profile and a prompt key are looked up by their sha256
  (``LONGTEXT`` cannot be a unique key); the profile and each keyed prompt have a
  ``singleton_key`` whose unique key is SQLite's partial unique index.
- Bulk creation of plain artifacts (no profile, no prompt) writes a few multi-row statements
  instead of one round trip per artifact, with the same outcome as one ``create_artifact`` each.
- Connections: each read or write checks one out of the pool (pinged first), except inside a
  ``pinned_connection`` block, where this thread's statements share one checkout (a prepare pays
  one ping instead of one per read). Reads and writes keep their own statements, snapshots and
  transactions, so nothing they return changes; the block only decides which connection runs them.
  It also keeps each (query, match)'s tokenization for the text searches after it (a prepare
  searches one query in several families and rounds).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import Connection

from pcreceipt.store import StoreTLS
from pcreceipt.store.code import FileEntry
from pcreceipt.store.engine import StoreEngine
from pcreceipt.store.ids import utc_now
from pcreceipt.store.oceanbase.bulk import insert_batch
from pcreceipt.store.oceanbase.connection import (
    RETRYABLE_CODES,
    Conn,
    Retry,
    dialect,
    error_code,
    make_engine,
    placeholders,
    translated_errors,
)
from pcreceipt.store.oceanbase.schema import CONSISTENCY_CHECKS, applied_versions, migrate, vector_table_ddl
from pcreceipt.store.oceanbase.search import (
    Folded,
    Prepared,
    compile_text_query,
    index_texts,
    partition_key,
    ranked_sql,
    sha,
)
from pcreceipt.store.oceanbase.settings import OceanBaseSettings, parse_oceanbase_url
from pcreceipt.store.oceanbase.vectors import (
    delete_vectors,
    nearest,
    store_vector,
    vector_problems,
    vector_table_name,
)
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import (
    SEARCHABLE_FAMILIES,
    ArtifactFamily,
    ArtifactRef,
    EmbeddingRow,
    HistoryFamily,
    Hit,
    InvalidRecord,
    NewArtifact,
    RecordNotFound,
    RevisionRecord,
    Scope,
    StoreError,
    StoreUnavailable,
    TextMatch,
    TextSearch,
)
from pcreceipt.store.rows import (
    BATCH,
    REVISION_SELECT,
    SCOPE_SELECT,
    as_str,
    check_new_artifacts,
    hit_from_row,
    record_from_row,
    serialize_content,
    to_json,
    vector_blob,
)
from pcreceipt.store.text import searchable_text

WRITE_ATTEMPTS = 3
HIT_COLUMNS = "r.scope_id, r.family, r.artifact_id, r.revision, r.content"  # what ``hit_from_row`` reads
_ARM_ORDER = "arm, matched DESC, relevance DESC, token_count, doc_id"  # ``ranked_sql``'s order, per search
T = TypeVar("T")


class _Pin(threading.local):
    """This thread's ``pinned_connection`` state: whether a block is open, its checked-out
    connection, and the text queries it has compiled (their tokenization, per (query, match))."""

    def __init__(self) -> None:
        self.active = False
        self.raw: Connection | None = None
        self.folded: Folded = {}


class OceanBaseStore(StoreEngine[Conn, Prepared]):
    """``Store`` over one OceanBase (or seekdb) database. Thread-safe: connections come from a pool."""

    engine = "oceanbase"
    vector_search_available = True
    UPSERT_WORKSPACE = """INSERT INTO workspaces (scope_id, fingerprint, files, `lines`, skipped, indexed_at)
        VALUES (?, ?, ?, ?, ?, ?)
        ON DUPLICATE KEY UPDATE skipped = VALUES(skipped), indexed_at = VALUES(indexed_at)"""
    INSERT_CURSOR_KEY = "INSERT IGNORE INTO cursor_keys (key_slot, secret) VALUES (1, ?)"
    INSERT_PROFILE_POLICY = """INSERT IGNORE INTO profile_policies (scope_id, generation_enabled,
        activation_mode, pending_candidate_id, version, updated_at) VALUES (?, ?, ?, NULL, 1, ?)"""
    INSERT_CONNECTOR_CHECKPOINT = """INSERT IGNORE INTO connector_checkpoints (scope_id, binding_id,
        connector_name, connector_version, checkpoint, checkpoint_sha, generation) VALUES (?, ?, ?, ?, ?, ?, 1)"""
    INSERT_HANDOFF_BOUNDARY = "INSERT IGNORE INTO handoff_boundaries (scope_id, boundary_position) VALUES (?, ?)"
    INSERT_WORKSPACE_FILES = """INSERT INTO workspace_files (scope_id, fingerprint, path, file_sha256)
        VALUES (?, ?, ?, ?) ON DUPLICATE KEY UPDATE file_sha256 = VALUES(file_sha256)"""
    UPSERT_CURRENT_WORKSPACE = """INSERT INTO current_workspaces (scope_id, fingerprint) VALUES (?, ?)
        ON DUPLICATE KEY UPDATE fingerprint = VALUES(fingerprint)"""
    UPSERT_SCOPE_BINDING = """INSERT INTO scope_bindings (integration, kind, external_id, scope_id, updated_at)
        VALUES (?, ?, ?, ?, ?)
        ON DUPLICATE KEY UPDATE scope_id = VALUES(scope_id), updated_at = VALUES(updated_at)"""
    UPSERT_DEFAULT_SCOPE = """INSERT INTO default_scope (slot, scope_id, updated_at) VALUES (?, ?, ?)
        ON DUPLICATE KEY UPDATE scope_id = VALUES(scope_id), updated_at = VALUES(updated_at)"""
    UPSERT_SOURCE_CURSOR = """INSERT INTO source_cursors (scope_id, processed) VALUES (?, ?)
        ON DUPLICATE KEY UPDATE processed = VALUES(processed)"""
    UPSERT_RECALL_DAY = """INSERT INTO recall_daily (scope_id, usage_date, estimator, preparations, ready_preparations,
                                              comparable_preparations, baseline_tokens, recalled_tokens)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON DUPLICATE KEY UPDATE
            preparations = preparations + VALUES(preparations),
            ready_preparations = ready_preparations + VALUES(ready_preparations),
            comparable_preparations = comparable_preparations + VALUES(comparable_preparations),
            baseline_tokens = baseline_tokens + VALUES(baseline_tokens),
            recalled_tokens = recalled_tokens + VALUES(recalled_tokens)"""
    ATOMIC_KIND = "JSON_UNQUOTE(JSON_EXTRACT(r.content, '$.kind')) COLLATE utf8mb4_bin"
    LINEAGE_SOURCES = "sources"

    def __init__(
        self,
        url: str | OceanBaseSettings,
        *,
        vector_dimensions: int | None = None,
        create_database: bool = True,
        tls: StoreTLS | None = None,
    ) -> None:
        """Connect, create the database when missing (``create_database``) and apply missing migrations.

        ``vector_dimensions``, when given, is the one dimension every embedding profile must have.
        """
        if vector_dimensions is not None and vector_dimensions < 1:
            raise InvalidRecord("vector_dimensions must be positive")
        self._settings = url if isinstance(url, OceanBaseSettings) else parse_oceanbase_url(url)
        if tls is not None:
            self._settings = replace(self._settings, tls=tls)
        self._vector_dimensions = vector_dimensions
        self._vector_tables: dict[tuple[str, int], str] = {}
        self._tables_lock = threading.Lock()
        self._closed = False
        self._pin = _Pin()
        if create_database:
            self._create_database()
        self._engine = make_engine(self._settings, self._settings.database)
        try:
            self._migrate()
        except BaseException:
            self.close()
            raise

    def __repr__(self) -> str:
        settings = self._settings
        return f"OceanBaseStore({settings.host}:{settings.port}/{settings.database})"

    # -- connections and transactions

    def _create_database(self) -> None:
        with self._own_session(None) as conn:
            conn.run(f"CREATE DATABASE IF NOT EXISTS `{self._settings.database}` DEFAULT CHARACTER SET utf8mb4")

    @contextmanager
    def _own_session(self, database: str | None) -> Iterator[Conn]:
        """A session outside the pool (on ``database``, or none), closed, its locks freed, when the block ends."""
        engine = make_engine(self._settings, database, pooled=False)
        try:
            with translated_errors(), engine.connect() as raw:
                yield Conn(raw)
        finally:
            engine.dispose()

    @contextmanager
    def _checkout(self) -> Iterator[Conn]:
        """A connection of its own from the pool (pinged first), returned when the block ends."""
        if self._closed:
            raise StoreUnavailable("the store is closed")
        with translated_errors(), self._engine.connect() as raw:
            yield Conn(raw)

    @contextmanager
    def _connection(self) -> Iterator[Conn]:
        """The connection of this thread's ``pinned_connection`` block when one is open, else a checkout."""
        if not self._pin.active:
            with self._checkout() as conn:
                yield conn
            return
        if self._closed:
            raise StoreUnavailable("the store is closed")
        raw = self._pin.raw
        if raw is None or raw.invalidated or raw.closed:
            self._unpin()
            with translated_errors():
                raw = self._pin.raw = self._engine.connect()
        with translated_errors():
            yield Conn(raw)

    @contextmanager
    def pinned_connection(self) -> Iterator[None]:
        """Every statement this thread runs in the block goes through one pooled connection: checked
        out (and pinged) at the first, returned when the block ends. A connection lost in the block
        (the pool invalidates it) is replaced at the next statement, pinged again. Writes use it too,
        each still its own transaction, so a thread never holds two connections of the pool (which
        could exhaust it). Re-entering on the same thread joins the outer block."""
        if self._pin.active:
            yield
            return
        self._pin.active = True
        try:
            yield
        finally:
            self._pin.active = False
            self._pin.folded = {}
            self._unpin()

    def _folded(self) -> Folded | None:
        """Where this block keeps its compiled queries' tokenization (none outside a block)."""
        return self._pin.folded if self._pin.active else None

    def _unpin(self) -> None:
        """Return the pinned connection, if any; one that fails to go back is dropped (every result
        read or written through it is already in hand, so the release cannot fail the caller)."""
        raw, self._pin.raw = self._pin.raw, None
        if raw is None:
            return
        try:
            raw.close()
        except (sa_exc.SQLAlchemyError, OSError):
            with contextlib.suppress(sa_exc.SQLAlchemyError, OSError):
                raw.invalidate()

    def _write(self, work: Callable[[Conn], T]) -> T:
        """Run ``work`` in one transaction: committed when it returns, rolled back on any error;
        retried whole (up to ``WRITE_ATTEMPTS``) when it lost a race on a unique key or a deadlock."""
        for attempt in range(1, WRITE_ATTEMPTS + 1):
            try:
                return self._write_once(work)
            except Retry:
                if attempt == WRITE_ATTEMPTS:
                    raise StoreUnavailable("a write kept conflicting with concurrent writes") from None
                time.sleep(0.01 * attempt)
        raise AssertionError("unreachable")

    def _write_once(self, work: Callable[[Conn], T]) -> T:
        with self._connection() as conn:
            conn.run("START TRANSACTION")
            try:
                result = work(conn)
            except sa_exc.DBAPIError as error:
                self._rollback(conn)
                if error_code(error) in RETRYABLE_CODES:
                    raise Retry from None
                raise
            except BaseException:
                self._rollback(conn)
                raise
            try:
                conn.run("COMMIT")
            except BaseException:  # never hand the pool a connection with the transaction still open
                self._rollback(conn)
                raise
            return result

    @staticmethod
    def _rollback(conn: Conn) -> None:
        try:
            conn.run("ROLLBACK")
        except sa_exc.SQLAlchemyError:
            conn.raw.invalidate()

    @contextmanager
    def _snapshot(self) -> Iterator[Conn]:
        """One REPEATABLE READ read-only transaction: every statement sees the same snapshot."""
        with self._connection() as conn:
            conn.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            conn.run("START TRANSACTION READ ONLY")
            try:
                yield conn
            finally:
                self._rollback(conn)

    def _reading(self) -> AbstractContextManager[Conn]:
        return self._connection()

    def _snapshot_reading(self) -> AbstractContextManager[Conn]:
        return self._snapshot()

    def _transact(self, work: Callable[[Conn], T]) -> T:
        return self._write(work)

    def close(self) -> None:
        self._closed = True
        engine = getattr(self, "_engine", None)
        if engine is not None:
            engine.dispose()

    # -- migrations

    def _migrate(self) -> None:
        """Apply the missing migrations (``oceanbase.schema``)."""
        with self._connection() as conn:
            migrate(conn, lambda: self._own_session(self._settings.database))

    def applied_migrations(self) -> list[int]:
        """The schema versions recorded in this database, in order."""
        with self._connection() as conn:
            return applied_versions(conn)

    # -- Scopes

    def _scope_by_key(self, conn: Conn, idempotency_key: str) -> Any:
        return conn.first(SCOPE_SELECT + " WHERE idempotency_sha = %s", (sha(idempotency_key),))

    def _insert_scope(self, conn: Conn, scope: Scope, idempotency_key: str) -> None:
        conn.run(
            """INSERT INTO scopes (scope_id, idempotency_sha, idempotency_key, title, summary, parent_scope_id,
                                   context_references, external_references, version)
               VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)""",
            (
                scope.scope_id,
                sha(idempotency_key),
                idempotency_key,
                scope.title,
                scope.summary,
                scope.parent_scope_id,
                to_json(list(scope.context_references)),
                to_json(list(scope.external_references)),
                scope.version,
            ),
        )

    def _lock_scope(self, conn: Conn, scope_id: str, *, required: bool = True) -> bool:
        """Lock the Scope's row for this transaction (serialising the Scope's writers)."""
        found = conn.first("SELECT 1 FROM scopes WHERE scope_id = %s FOR UPDATE", (scope_id,)) is not None
        if required and not found:
            raise RecordNotFound("the Scope does not exist", kind="scope")
        return found

    # -- statement hooks of StoreEngine (its qmark SQL becomes the driver's ``%s``)

    def _run(self, conn: Conn, sql: str, params: Sequence[Any] = ()) -> None:
        conn.run(dialect(sql), params)

    def _affected(self, conn: Conn, sql: str, params: Sequence[Any] = ()) -> int:
        return int(conn.run(dialect(sql), params).rowcount)

    def _run_many(self, conn: Conn, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        conn.many(dialect(sql), rows)

    def _all(self, conn: Conn, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return conn.all(dialect(sql), params)

    def _first(self, conn: Conn, sql: str, params: Sequence[Any] = ()) -> Any:
        return conn.first(dialect(sql), params)

    def _insert_id(self, conn: Conn, sql: str, params: Sequence[Any]) -> int:
        return conn.insert_id(dialect(sql), params)

    # -- artifacts: writes

    def create_artifacts(
        self, scope_id: str, family: ArtifactFamily, items: Sequence[NewArtifact]
    ) -> list[RevisionRecord]:
        """Create every item in order in one transaction: all of them or none."""
        check_new_artifacts(family, items)
        prepared = self._prepare_many(scope_id, family, [(item.content, item.embedding) for item in items])
        self._ensure_vector_tables(prepared)
        now = utc_now()

        def work(conn: Conn) -> list[RevisionRecord]:
            self._lock_scope(conn, scope_id)
            if family not in ("profile", "prompt") and len(items) > 1:
                records = insert_batch(conn, scope_id, family, items, prepared, now, self._vector_tables)
                lineage = [(record.ref, item.content_json) for record, item in zip(records, prepared, strict=True)]
                self._lineage_rows(conn, lineage, now)
                return records
            return [
                self._insert_new(conn, scope_id, family, item, content, now)
                for item, content in zip(items, prepared, strict=True)
            ]

        return self._write(work)

    def _prepare_many(
        self,
        scope_id: str,
        family: ArtifactFamily,
        items: Sequence[tuple[Mapping[str, Any], EmbeddingRow | None]],
    ) -> list[Prepared]:
        """Normalise, digest, serialise and tokenize outside the transaction."""
        prepared: list[Prepared] = []
        for content, embedding in items:
            vector = None if embedding is None else self._prepare_vector(family, embedding)
            normalized, content_json, digest = serialize_content(family, content)
            prepared.append(Prepared(normalized, content_json, digest, vector, None))
        if family in SEARCHABLE_FAMILIES and prepared:
            texts = [searchable_text(family, item.content) for item in prepared]
            indexes = index_texts(partition_key(scope_id, family), [(text.title, text.body) for text in texts])
            prepared = [replace(item, index=index) for item, index in zip(prepared, indexes, strict=True)]
        return prepared

    def _prepare_write(
        self, scope_id: str, family: ArtifactFamily, content: Mapping[str, Any], embedding: EmbeddingRow | None
    ) -> Prepared:
        prepared = self._prepare(scope_id, family, content, embedding)
        self._ensure_vector_tables([prepared])
        return prepared

    def _prepare(
        self, scope_id: str, family: ArtifactFamily, content: Mapping[str, Any], embedding: EmbeddingRow | None
    ) -> Prepared:
        return self._prepare_many(scope_id, family, [(content, embedding)])[0]

    def _insert_artifact(
        self, conn: Conn, scope_id: str, family: ArtifactFamily, artifact_id: str, prompt_key: str | None
    ) -> None:
        atomic = family == "atomic-memory"
        conn.run(
            """INSERT INTO artifacts (scope_id, family, artifact_id, head_revision, prompt_key, singleton_key,
                                      state, state_version)
               VALUES (%s, %s, %s, 1, %s, %s, %s, %s)""",
            (
                scope_id,
                family,
                artifact_id,
                prompt_key,
                self._singleton_key(family, prompt_key),
                "active" if atomic else None,
                0 if atomic else None,
            ),
        )

    @staticmethod
    def _singleton_key(family: ArtifactFamily, prompt_key: str | None) -> str | None:
        if family == "profile":
            return ""
        if family == "prompt" and prompt_key is not None:
            return sha(prompt_key)
        return None

    def _singleton_head(
        self, conn: Conn, scope_id: str, family: ArtifactFamily, prompt_key: str | None
    ) -> tuple[str, int] | None:
        key = self._singleton_key(family, prompt_key)
        if key is None:
            return None
        row = conn.first(
            """SELECT artifact_id, head_revision FROM artifacts
               WHERE scope_id = %s AND family = %s AND singleton_key = %s""",
            (scope_id, family, key),
        )
        return None if row is None else (as_str(row[0]), int(row[1]))

    # -- artifacts: reads

    def find_prompt(self, scope_id: str, prompt_key: str) -> RevisionRecord | None:
        with self._connection() as conn:
            row = conn.first(
                REVISION_SELECT + " WHERE r.scope_id = %s AND r.family = 'prompt' AND a.singleton_key = %s"
                " AND r.revision = a.head_revision",
                (scope_id, sha(prompt_key)),
            )
        return None if row is None else record_from_row(row)

    # -- full-text and vector index maintenance

    def _index(
        self,
        conn: Conn,
        revision_pk: int,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        prepared: Prepared,
    ) -> None:
        """Make this revision its artifact's searchable head: search doc (with its full text), vector."""
        index = prepared.index
        if index is None:  # pragma: no cover - prepared for every searchable family
            raise StoreError("a searchable revision was prepared without its index text")
        doc_id = conn.insert_id(
            """INSERT INTO search_docs (revision_pk, scope_id, family, artifact_id, terms, words, token_count)
               VALUES (%s, %s, %s, %s, %s, %s, %s)""",
            (
                revision_pk,
                scope_id,
                family,
                artifact_id,
                index.terms,
                index.words,
                index.token_count,
            ),
        )
        if prepared.vector is not None:
            store_vector(conn, doc_id, revision_pk, scope_id, family, prepared.vector, self._vector_tables)

    def _unindex(self, conn: Conn, scope_id: str, family: str, artifact_id: str) -> None:
        """Remove the artifact's searchable head (full text and vectors), if it has one."""
        row = conn.first(
            "SELECT doc_id FROM search_docs WHERE scope_id = %s AND family = %s AND artifact_id = %s",
            (scope_id, family, artifact_id),
        )
        if row is None:
            return
        doc_id = int(row[0])
        delete_vectors(conn, doc_id)
        conn.run("DELETE FROM search_docs WHERE doc_id = %s", (doc_id,))

    def _ensure_vector_tables(self, prepared: Sequence[Prepared]) -> None:
        """Create the vector tables these writes may need, before their transaction (DDL commits)."""
        wanted = {(item.vector.profile, item.vector.dimensions) for item in prepared if item.vector is not None}
        for profile, dimensions in wanted - self._vector_tables.keys():
            table = vector_table_name(profile, dimensions)
            with self._connection() as conn:
                row = conn.first("SELECT dimensions FROM embedding_profiles WHERE profile_sha = %s", (sha(profile),))
                if row is not None and int(row[0]) != dimensions:
                    continue  # the write itself refuses the dimension
                if row is None:
                    conn.run(vector_table_ddl(table, dimensions))
            with self._tables_lock:
                self._vector_tables[(profile, dimensions)] = table

    # -- search

    def search_text(
        self, scope_id: str, family: HistoryFamily, query: str, limit: int, *, match: TextMatch = "any"
    ) -> list[Hit]:
        """Searchable heads matching the query's phrases (exactly SQLite's set), most phrases matched
        first, then OceanBase relevance; [] for a query without terms."""
        return self.search_text_many([TextSearch(scope_id, family, query, limit, match)])[0]

    def search_text_many(self, searches: Sequence[TextSearch]) -> list[list[Hit]]:
        """``search_text`` for each, in order, in one statement: each search's ranked statement is
        one arm of a ``UNION ALL`` that tags its rows with the search's position and carries its
        order keys out, so the rows come back grouped by search, each group in its own order.
        A search that cannot match anything (no terms, no limit, a family without search) sends
        nothing."""
        found: list[list[Hit]] = [[] for _ in searches]
        arms: list[str] = []
        params: list[Any] = []
        for position, search in enumerate(searches):
            arm = self._ranked_text(position, search)
            if arm is not None:
                arms.append(f"({arm[0]})")
                params.extend(arm[1])
        if not arms:
            return found
        sql = (
            arms[0][1:-1]
            if len(arms) == 1
            else f"SELECT * FROM ({' UNION ALL '.join(arms)}) arms ORDER BY {_ARM_ORDER}"
        )
        with self._connection() as conn:
            for row in self._all(conn, sql, params):
                found[int(row[0])].append(hit_from_row(row[1:6]))
        return found

    def _ranked_text(self, position: int, search: TextSearch) -> tuple[str, list[Any]] | None:
        """One search's ranked statement as an arm of ``search_text_many``: its position, the hit
        columns, then its order keys (most phrases matched, relevance, length, insertion)."""
        if search.limit <= 0 or search.family not in SEARCHABLE_FAMILIES:
            return None
        partition = partition_key(search.scope_id, search.family)
        compiled = compile_text_query(search.query, search.match, partition, folded=self._folded())
        if compiled is None:
            return None
        return ranked_sql(
            compiled,
            "search_docs",
            "doc_id",
            "revision_pk",
            {"scope_id": search.scope_id, "family": search.family},
            search.limit,
            select=f"{position} AS arm, {HIT_COLUMNS}, top.matched, top.relevance, top.token_count, top.doc_id",
            join="JOIN revisions r ON r.revision_pk = top.revision_pk",
        )

    @staticmethod
    def _hits_by_revision(conn: Conn, revision_pks: Sequence[int]) -> list[Hit]:
        """Hits for these revisions, in this order. Revisions are immutable, so reading them after
        the ranking statement returns exactly what that statement's snapshot held."""
        if not revision_pks:
            return []
        rows = conn.all(
            f"""SELECT revision_pk, scope_id, family, artifact_id, revision, content FROM revisions
                WHERE revision_pk IN ({placeholders(len(revision_pks))})""",
            revision_pks,
        )
        by_pk = {int(row[0]): hit_from_row(row[1:]) for row in rows}
        return [by_pk[pk] for pk in revision_pks]

    def search_vector(
        self, scope_id: str, family: HistoryFamily, vector: Sequence[float], profile: str, limit: int
    ) -> list[Hit]:
        """Nearest searchable heads of the Scope and family by cosine distance (HNSW, exact when small)."""
        blob = vector_blob(vector)
        if limit <= 0 or family not in SEARCHABLE_FAMILIES:
            return []
        with self._connection() as conn:
            ranked = nearest(conn, scope_id, family, blob, len(vector), profile, limit)
            return self._hits_by_revision(conn, ranked)

    def artifacts_missing_embedding(self, profile: str, limit: int) -> list[RevisionRecord]:
        """Searchable heads without a vector for ``profile``, oldest first (for backfill)."""
        with self._connection() as conn:
            rows = conn.all(
                REVISION_SELECT
                + """ JOIN search_docs d ON d.revision_pk = r.revision_pk
                     WHERE NOT EXISTS (
                         SELECT 1 FROM doc_embeddings e JOIN embedding_profiles p ON p.profile_id = e.profile_id
                         WHERE p.profile_sha = %s AND e.doc_id = d.doc_id)
                     ORDER BY d.doc_id LIMIT %s""",
                (sha(profile), max(limit, 0)),
            )
        return [record_from_row(row) for row in rows]

    def put_embedding(self, ref: ArtifactRef, embedding: EmbeddingRow) -> None:
        """Store (or overwrite) the vector of a searchable head."""
        vector = self._prepare_vector(ref.family, embedding)
        self._ensure_vector_tables([Prepared({}, "", "", vector, None)])

        def work(conn: Conn) -> None:
            self._lock_scope(conn, ref.scope_id, required=False)
            row = conn.first(
                """SELECT d.doc_id, r.revision, r.revision_pk FROM search_docs d
                   JOIN revisions r ON r.revision_pk = d.revision_pk
                   WHERE d.scope_id = %s AND d.family = %s AND d.artifact_id = %s""",
                (ref.scope_id, ref.family, ref.artifact_id),
            )
            self._require_searchable_head(conn, ref, row)
            store_vector(
                conn, int(row[0]), int(row[2]), ref.scope_id, ref.family, vector, self._vector_tables, overwrite=True
            )

        self._write(work)

    # -- code search

    def _insert_blobs(self, conn: Conn, entries: Sequence[FileEntry]) -> None:
        shas = sorted({entry.file_sha256 for entry in entries})
        known = {
            as_str(row[0])
            for row in self._in_batches(conn, "SELECT file_sha256 FROM code_blobs WHERE file_sha256", shas)
        }
        new_blobs = {entry.file_sha256: entry for entry in entries if entry.file_sha256 not in known}
        conn.many(
            "INSERT INTO code_blobs (file_sha256, content, line_count) VALUES (%s, %s, %s)",
            [(entry.file_sha256, entry.data, len(entry.lines)) for entry in new_blobs.values()],
        )

    def _drop_code_chunks(self, conn: Conn, scope_id: str, files: Sequence[tuple[str, str]]) -> None:
        for path, file_sha in files:
            conn.run(
                "DELETE FROM code_chunks WHERE scope_id = %s AND path = %s AND file_sha256 = %s",
                (scope_id, path, file_sha),
            )

    def _add_code_chunks(self, conn: Conn, scope_id: str, chunks: Sequence[tuple[FileEntry, int, int]]) -> None:
        for first in range(0, len(chunks), BATCH):
            batch = chunks[first : first + BATCH]
            pairs = [(entry.path, "\n".join(entry.lines[start - 1 : end])) for entry, start, end in batch]
            texts = index_texts(partition_key(scope_id), pairs)
            conn.many(
                """INSERT INTO code_chunks (scope_id, path, file_sha256, start_line, end_line, terms, words,
                                            token_count)
                   VALUES (%s, %s, %s, %s, %s, %s, %s, %s)""",
                [
                    (scope_id, entry.path, entry.file_sha256, start, end, text.terms, text.words, text.token_count)
                    for (entry, start, end), text in zip(batch, texts, strict=True)
                ],
            )

    def _code_query(self, scope_id: str, query: str, candidates: int) -> tuple[str, list[Any]] | None:
        compiled = compile_text_query(query, "any", partition_key(scope_id), folded=self._folded())
        if compiled is None:
            return None
        return ranked_sql(
            compiled,
            "code_chunks",
            "chunk_id",
            "path, file_sha256, start_line, end_line",
            {"scope_id": scope_id},
            candidates,
            select="top.path, top.file_sha256, top.start_line, top.end_line,"
            " w.fingerprint, w.files, w.`lines`, w.skipped, w.indexed_at",
            around=(
                "current_workspaces cw"
                " JOIN workspaces w ON w.scope_id = cw.scope_id AND w.fingerprint = cw.fingerprint",
                "cw.scope_id = ?",
                [scope_id],
            ),
        )

    # -- maintenance

    def check_integrity(self) -> list[str]:
        """Problems found (content-free); empty when the database is consistent."""
        problems: list[str] = []
        with self._snapshot() as conn:
            problems.extend(self._consistency_problems(conn, CONSISTENCY_CHECKS))
            problems.extend(vector_problems(conn))
        return problems


if TYPE_CHECKING:
    _CONFORMS_TO_STORE: type[Store] = OceanBaseStore  # mypy checks the engine against the protocol
