"""The SQLite engine of the store protocol: one file, WAL, FTS5 and sqlite-vec.

Decisions:
- Binding: ``sqlean.py`` (``import sqlean``), because the interpreter's ``sqlite3`` cannot load
  extensions. Vectors come from ``sqlite-vec``; when it cannot be loaded the store still works,
  ``vector_search_available`` is False and vector reads raise ``VectorSearchUnavailable``.
- One connection per thread (``threading.local``), each in autocommit mode with WAL,
  ``synchronous=NORMAL``, foreign keys on, a 64 MiB page cache (vec0 inserts thrash the
  default 2 MiB) and a 5 s busy timeout. Connections live until ``close()``, so use the store
  from a bounded set of threads (a pool), not one new thread per call. Every write is exactly
  one ``BEGIN IMMEDIATE`` transaction, so writers queue on the busy timeout instead of failing
  on a lock upgrade, and a crash leaves either the whole write or none of it. Multi-statement
  reads run in one read transaction, so they see one snapshot.
- SQLite errors are translated at the transaction boundary: busy, I/O, full, corrupt and
  similar conditions become ``StoreUnavailable``; anything else a content-free
  ``StoreError``. Messages never carry bodies or query text.
- Only SQL text written here is executed; every user value is a bound parameter. The only
  interpolated names are the vector tables ``vec_<profile_id>``, built from an integer.
- Full-text queries AND the (Scope, family) partition token with the user's terms (see
  ``pcreceipt.store.text``), rank by bm25 with the title (or path) weighted twice the body, and
  cut to ``limit`` inside FTS5 before joining the revisions (measured 2-3x faster than joining
  every match and filtering the Scope afterwards). The joins re-check Scope and family.
- Vectors: one vec0 table per embedding profile with ``scope_id`` and ``family`` as partition
  keys, so an exact cosine KNN query scans only that Scope's family and is bounded by ``k``
  (measured: half the time of filtering ``family`` as a metadata column). vec0 preallocates
  whole chunks per partition, so ``chunk_size`` is 64, not 1024: the default wastes up to
  1.5 MiB per (Scope, family) at 384 dimensions, for a KNN cost within noise. A head's vector
  leaves with it on replace, forget, merge and retire. If a write had to drop vectors while the extension was
  unavailable, the next open with the extension sweeps the orphans before serving.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import sqlean  # type: ignore[import-untyped]

from pcreceipt.store import rules
from pcreceipt.store.codeindex import chunk_ranges
from pcreceipt.store.engine import (
    ATOMIC_LIFECYCLE_INCONSISTENT,
    REVISIONS_NOT_ONE_TO_HEAD,
    REVISIONS_WITHOUT_ARTIFACT,
    SCOPE_SELECT,
    SEARCH_ENTRIES_NOT_HEADS,
    SEARCHABLE_HEADS_UNINDEXED,
    TOKENS_WITHOUT_GRANT,
    FileEntry,
    StoreEngine,
    Vector,
    check_new_artifacts,
    serialize_content,
    token_records,
)
from pcreceipt.store.engine import hit_from_row as _hit_from_row
from pcreceipt.store.engine import record_from_row as _record_from_row
from pcreceipt.store.engine import to_json as _json
from pcreceipt.store.engine import vector_blob as _vector_blob
from pcreceipt.store.ids import utc_now
from pcreceipt.store.protocol import (
    SEARCHABLE_FAMILIES,
    ArtifactFamily,
    ArtifactRef,
    CodeHit,
    EmbeddingRow,
    HistoryFamily,
    Hit,
    InvalidInputError,
    NewArtifact,
    NotFoundError,
    RevisionRecord,
    Scope,
    Store,
    StoreError,
    StoreUnavailable,
    TextMatch,
    TokenGrant,
    TokenRecord,
    VectorSearchUnavailable,
    Workspace,
)
from pcreceipt.store.sqlite_schema import apply_migrations
from pcreceipt.store.text import build_match, searchable_text, segment

if TYPE_CHECKING:
    from sqlite3 import Connection

T = TypeVar("T")
BUSY_TIMEOUT_SECONDS = 5.0
CACHE_KIB = 65536  # not a contract limit: SQLite's page cache size
VEC0_MAX_K = 4096  # not a contract limit: sqlite-vec's largest k
VEC0_CHUNK_SIZE = 64
SEARCH_WEIGHTS = "0.0, 2.0, 1.0"  # bm25 weights of (part, title|path, body)
CODE_CANDIDATES_PER_HIT = 3
_UNAVAILABLE_ERRORS = (
    "SQLITE_BUSY",
    "SQLITE_LOCKED",
    "SQLITE_IOERR",
    "SQLITE_CANTOPEN",
    "SQLITE_FULL",
    "SQLITE_CORRUPT",
    "SQLITE_NOTADB",
    "SQLITE_READONLY",
    "SQLITE_PROTOCOL",
    "SQLITE_NOMEM",
    "SQLITE_PERM",
)
_REVISION_SELECT = """
    SELECT r.scope_id, r.family, r.artifact_id, r.revision, r.content, r.content_digest, r.created_at,
           r.derived_from, a.prompt_key
    FROM revisions r JOIN artifacts a USING (scope_id, family, artifact_id)"""


@dataclass(frozen=True, slots=True)
class _Prepared:
    """A write's content after normalisation, serialised and digested outside the transaction."""

    content: dict[str, Any]
    content_json: str
    content_digest: str
    vector: Vector | None


@contextmanager
def _translated_errors() -> Iterator[None]:
    """Turn SQLite errors into content-free store errors (the original message may hold user text).

    An integer outside SQLite's signed 64-bit range cannot be bound (``OverflowError``): that is
    invalid input (the contract leaves some counts unbounded), not an engine failure.
    """
    try:
        yield
    except OverflowError:
        raise InvalidInputError("an integer is outside the engine's 64-bit range") from None
    except sqlean.Error as error:
        name = str(getattr(error, "sqlite_errorname", None) or type(error).__name__)
        unavailable = any(name == code or name.startswith(code + "_") for code in _UNAVAILABLE_ERRORS)
        kind = StoreUnavailable if unavailable else StoreError
        raise kind(f"sqlite engine error ({name})") from None


def _load_vector_extension(conn: Connection) -> bool:
    """Load sqlite-vec into ``conn``; False when the package or the extension cannot be loaded."""
    try:
        import sqlite_vec  # type: ignore[import-untyped]

        conn.enable_load_extension(True)
        try:
            sqlite_vec.load(conn)
        finally:
            conn.enable_load_extension(False)
    except (ImportError, OSError, AttributeError, sqlean.Error):
        return False
    return True


def _partition_token(*keys: str) -> str:
    """One word-tokenizer token standing for (Scope[, family]) inside a full-text index."""
    return "p" + hashlib.sha256("\0".join(keys).encode()).hexdigest()[:32]


def _within_partition(expression: str, *keys: str) -> str:
    """Restrict a MATCH expression to the rows whose ``part`` column holds the keys' token."""
    return f'({{part}} : "{_partition_token(*keys)}") AND {expression}'


def _vector_table(profile_id: int) -> str:
    return f"vec_{int(profile_id)}"


class SQLiteStore(StoreEngine["Connection", _Prepared]):
    """``Store`` over one SQLite file. Thread-safe: every thread gets its own connection."""

    engine = "sqlite"
    revision_select = _REVISION_SELECT

    def __init__(self, path: Path, *, vector_dimensions: int | None = None) -> None:
        """Open (creating if needed) the database at ``path`` and apply missing migrations.

        ``vector_dimensions``, when given, is the one dimension every embedding profile must
        have (the configured embedder's); otherwise a profile's first vector fixes it.
        """
        if vector_dimensions is not None and vector_dimensions < 1:
            raise InvalidInputError("vector_dimensions must be positive")
        self._path = Path(path)
        self._vector_dimensions = vector_dimensions
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[Connection] = []
        self._closed = False
        conn, self.vector_search_available = self._open_connection()
        self._adopt(conn)
        try:
            with self._write() as conn:
                apply_migrations(conn)
                self._sweep_orphan_vectors(conn)
        except BaseException:
            self.close()
            raise

    # -- connections and transactions

    def _connection(self) -> Connection:
        if self._closed:
            raise StoreUnavailable("the store is closed")
        conn: Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn, vectors_loaded = self._open_connection()
            if self.vector_search_available and not vectors_loaded:
                conn.close()
                raise StoreUnavailable("the vector extension failed to load on a new connection")
            self._adopt(conn)
        return conn

    def _open_connection(self) -> tuple[Connection, bool]:
        """A configured connection, and whether sqlite-vec loaded on it."""
        with _translated_errors():
            conn = cast(
                "Connection",
                sqlean.connect(
                    str(self._path), timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, check_same_thread=False
                ),
            )
            for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", f"cache_size=-{CACHE_KIB}"):
                conn.execute(f"PRAGMA {pragma}")
        return conn, _load_vector_extension(conn)

    def _adopt(self, conn: Connection) -> None:
        """Make ``conn`` this thread's connection; ``close`` closes every adopted connection."""
        self._local.conn = conn
        with self._lock:
            self._connections.append(conn)

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed when the block ends, rolled back on any error."""
        conn = self._connection()
        with _translated_errors():
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        """One read transaction, so a multi-statement read sees a single snapshot."""
        conn = self._connection()
        with _translated_errors():
            conn.execute("BEGIN")
            try:
                yield conn
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")

    def _reading(self) -> AbstractContextManager[Connection]:
        return self._read()

    def _snapshot_reading(self) -> AbstractContextManager[Connection]:
        return self._read()

    def _transact(self, work: Callable[[Connection], T]) -> T:
        with self._write() as conn:
            return work(conn)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            connections, self._connections = self._connections, []
        for conn in connections:
            conn.close()

    # -- Scopes

    def _scope_by_key(self, conn: Connection, idempotency_key: str) -> Any:
        return conn.execute(SCOPE_SELECT + " WHERE idempotency_key = ?", (idempotency_key,)).fetchone()

    def _insert_scope(self, conn: Connection, scope: Scope, idempotency_key: str) -> None:
        conn.execute(
            """INSERT INTO scopes (scope_id, idempotency_key, title, summary, parent_scope_id,
                                   context_references, external_references, version)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                scope.scope_id,
                idempotency_key,
                scope.title,
                scope.summary,
                scope.parent_scope_id,
                _json(list(scope.context_references)),
                _json(list(scope.external_references)),
                scope.version,
            ),
        )

    def _check_scope_links(self, conn: Connection, scope: Scope) -> None:
        linked = [*scope.context_references, *([scope.parent_scope_id] if scope.parent_scope_id else [])]
        existing = {
            str(row[0])
            for row in conn.execute(
                "SELECT scope_id FROM scopes WHERE scope_id IN (SELECT value FROM json_each(?))", (_json(linked),)
            )
        }
        rules.check_context_references(scope.scope_id, scope.context_references, existing)
        if scope.parent_scope_id is not None and scope.parent_scope_id not in existing:
            raise NotFoundError("the parent Scope does not exist")

    @staticmethod
    def _require_scope(conn: Connection, scope_id: str) -> None:
        if conn.execute("SELECT 1 FROM scopes WHERE scope_id = ?", (scope_id,)).fetchone() is None:
            raise NotFoundError("the Scope does not exist")

    def _lock_scope(self, conn: Connection, scope_id: str, *, required: bool = True) -> bool:
        """``BEGIN IMMEDIATE`` already serialises every writer; only check the Scope when required."""
        if required:
            self._require_scope(conn, scope_id)
        return True

    # -- statement hooks of StoreEngine (qmark is SQLite's own style)

    def _run(self, conn: Connection, sql: str, params: Sequence[Any] = ()) -> None:
        conn.execute(sql, params)

    def _run_many(self, conn: Connection, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        conn.executemany(sql, rows)

    def _all(self, conn: Connection, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return conn.execute(sql, params).fetchall()

    def _first(self, conn: Connection, sql: str, params: Sequence[Any] = ()) -> Any:
        return conn.execute(sql, params).fetchone()

    def _insert_id(self, conn: Connection, sql: str, params: Sequence[Any]) -> int:
        return int(cast(int, conn.execute(sql, params).lastrowid))

    # -- artifacts: writes

    def create_artifacts(
        self, scope_id: str, family: ArtifactFamily, items: Sequence[NewArtifact]
    ) -> list[RevisionRecord]:
        """Create every item in order in one transaction: all of them or none."""
        check_new_artifacts(family, items)
        prepared = [self._prepare(family, item.content, item.embedding) for item in items]
        now = utc_now()
        with self._write() as conn:
            self._require_scope(conn, scope_id)
            return [
                self._insert_new(conn, scope_id, family, item, content, now)
                for item, content in zip(items, prepared, strict=True)
            ]

    def _prepare_write(
        self, scope_id: str, family: ArtifactFamily, content: Mapping[str, Any], embedding: EmbeddingRow | None
    ) -> _Prepared:
        return self._prepare(family, content, embedding)

    def _prepare(self, family: ArtifactFamily, content: Mapping[str, Any], embedding: EmbeddingRow | None) -> _Prepared:
        vector = None if embedding is None else self._prepare_vector(family, embedding)
        normalized, content_json, digest = serialize_content(family, content)
        return _Prepared(normalized, content_json, digest, vector)

    def _singleton_head(
        self, conn: Connection, scope_id: str, family: ArtifactFamily, prompt_key: str | None
    ) -> tuple[str, int] | None:
        if family not in ("profile", "prompt"):
            return None
        row = conn.execute(
            "SELECT artifact_id, head_revision FROM artifacts WHERE scope_id = ? AND family = ? AND prompt_key IS ?",
            (scope_id, family, prompt_key),
        ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def _insert_artifact(
        self, conn: Connection, scope_id: str, family: ArtifactFamily, artifact_id: str, prompt_key: str | None
    ) -> None:
        atomic = family == "atomic-memory"
        conn.execute(
            """INSERT INTO artifacts (scope_id, family, artifact_id, head_revision, prompt_key, state, state_version)
               VALUES (?, ?, ?, 1, ?, ?, ?)""",
            (scope_id, family, artifact_id, prompt_key, "active" if atomic else None, 0 if atomic else None),
        )

    # -- artifacts: reads

    def find_prompt(self, scope_id: str, prompt_key: str) -> RevisionRecord | None:
        with self._read() as conn:
            row = conn.execute(
                _REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = 'prompt' AND a.prompt_key = ?"
                " AND r.revision = a.head_revision",
                (scope_id, prompt_key),
            ).fetchone()
        return None if row is None else _record_from_row(row)

    # -- full-text and vector index maintenance

    def _index(
        self,
        conn: Connection,
        revision_pk: int,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        prepared: _Prepared,
    ) -> None:
        """Make this revision its artifact's searchable head: search doc, full-text row, vector."""
        cursor = conn.execute(
            "INSERT INTO search_docs (revision_pk, scope_id, family, artifact_id) VALUES (?, ?, ?, ?)",
            (revision_pk, scope_id, family, artifact_id),
        )
        doc_id = int(cast(int, cursor.lastrowid))
        text = searchable_text(family, prepared.content)
        conn.execute(
            "INSERT INTO search_fts (rowid, part, title, body) VALUES (?, ?, ?, ?)",
            (doc_id, _partition_token(scope_id, family), segment(text.title), segment(text.body)),
        )
        if prepared.vector is not None:
            self._store_vector(conn, doc_id, scope_id, family, prepared.vector)

    def _unindex(self, conn: Connection, scope_id: str, family: str, artifact_id: str) -> None:
        """Remove the artifact's searchable head (full text and vectors), if it has one."""
        row = conn.execute(
            "SELECT doc_id FROM search_docs WHERE scope_id = ? AND family = ? AND artifact_id = ?",
            (scope_id, family, artifact_id),
        ).fetchone()
        if row is None:
            return
        doc_id = int(row[0])
        conn.execute("DELETE FROM search_fts WHERE rowid = ?", (doc_id,))
        self._delete_vectors(conn, doc_id)
        conn.execute("DELETE FROM search_docs WHERE doc_id = ?", (doc_id,))

    def _store_vector(
        self, conn: Connection, doc_id: int, scope_id: str, family: str, vector: Vector, *, replace: bool = False
    ) -> None:
        """Put the doc's vector in the profile's table (``replace``: overwrite an existing one).
        Dropped when vectors are unavailable: the doc is then backfilled later."""
        if not self.vector_search_available:
            return
        profile_id = self._ensure_profile(conn, vector.profile, vector.dimensions)
        table = _vector_table(profile_id)
        if replace:
            conn.execute("DELETE FROM doc_embeddings WHERE profile_id = ? AND doc_id = ?", (profile_id, doc_id))
            conn.execute(f"DELETE FROM {table} WHERE doc_id = ?", (doc_id,))
        conn.execute("INSERT INTO doc_embeddings (profile_id, doc_id) VALUES (?, ?)", (profile_id, doc_id))
        conn.execute(
            f"INSERT INTO {table} (doc_id, scope_id, family, embedding) VALUES (?, ?, ?, ?)",
            (doc_id, scope_id, family, vector.blob),
        )

    def _ensure_profile(self, conn: Connection, profile: str, dimensions: int) -> int:
        """The profile's id, creating its vector table on first use; its dimension must match."""
        row = conn.execute(
            "SELECT profile_id, dimensions FROM embedding_profiles WHERE profile = ?", (profile,)
        ).fetchone()
        if row is not None:
            if int(row[1]) != dimensions:
                raise InvalidInputError("the vector's dimension is not the embedding profile's")
            return int(row[0])
        cursor = conn.execute(
            "INSERT INTO embedding_profiles (profile, dimensions) VALUES (?, ?)", (profile, dimensions)
        )
        profile_id = int(cast(int, cursor.lastrowid))
        table = _vector_table(profile_id)
        conn.execute("UPDATE embedding_profiles SET table_name = ? WHERE profile_id = ?", (table, profile_id))
        conn.execute(
            f"""CREATE VIRTUAL TABLE {table} USING vec0 (
                doc_id INTEGER PRIMARY KEY, scope_id TEXT PARTITION KEY, family TEXT PARTITION KEY,
                embedding FLOAT[{int(dimensions)}] distance_metric=cosine, chunk_size={VEC0_CHUNK_SIZE}
            )"""
        )
        return profile_id

    def _delete_vectors(self, conn: Connection, doc_id: int) -> None:
        """Forget the doc's vectors; without the extension, flag the vector tables for a sweep."""
        profile_ids = [
            int(row[0]) for row in conn.execute("SELECT profile_id FROM doc_embeddings WHERE doc_id = ?", (doc_id,))
        ]
        if not profile_ids:
            return
        if self.vector_search_available:
            for profile_id in profile_ids:
                conn.execute(f"DELETE FROM {_vector_table(profile_id)} WHERE doc_id = ?", (doc_id,))
        else:
            conn.execute("INSERT OR REPLACE INTO store_meta (key, value) VALUES ('orphan_vectors', '1')")
        conn.execute("DELETE FROM doc_embeddings WHERE doc_id = ?", (doc_id,))

    def _sweep_orphan_vectors(self, conn: Connection) -> None:
        """Delete vectors whose docs left the index while the vector extension was unavailable."""
        if not self.vector_search_available:
            return
        if conn.execute("SELECT 1 FROM store_meta WHERE key = 'orphan_vectors'").fetchone() is None:
            return
        for (profile_id,) in conn.execute("SELECT profile_id FROM embedding_profiles").fetchall():
            conn.execute(
                f"DELETE FROM {_vector_table(profile_id)}"
                " WHERE doc_id NOT IN (SELECT doc_id FROM doc_embeddings WHERE profile_id = ?)",
                (profile_id,),
            )
        conn.execute("DELETE FROM store_meta WHERE key = 'orphan_vectors'")

    # -- search

    def search_text(
        self, scope_id: str, family: HistoryFamily, query: str, limit: int, *, match: TextMatch = "any"
    ) -> list[Hit]:
        """Searchable heads matching the query terms, best bm25 first; [] for a query without terms."""
        expression = build_match(query, ("title", "body"), match)
        if expression is None or limit <= 0 or family not in SEARCHABLE_FAMILIES:
            return []
        scoped = _within_partition(expression, scope_id, family)
        with self._read() as conn:
            rows = conn.execute(
                f"""WITH ranked AS (
                        SELECT rowid AS doc_id, bm25(search_fts, {SEARCH_WEIGHTS}) AS score FROM search_fts
                        WHERE search_fts MATCH ? ORDER BY score LIMIT ?
                    )
                    SELECT d.scope_id, d.family, d.artifact_id, r.revision, r.content
                    FROM ranked
                    JOIN search_docs d ON d.doc_id = ranked.doc_id
                    JOIN revisions r ON r.revision_pk = d.revision_pk
                    WHERE d.scope_id = ? AND d.family = ?
                    ORDER BY ranked.score""",
                (scoped, limit, scope_id, family),
            ).fetchall()
        return [_hit_from_row(row) for row in rows]

    def search_vector(
        self, scope_id: str, family: HistoryFamily, vector: Sequence[float], profile: str, limit: int
    ) -> list[Hit]:
        """Nearest searchable heads of the Scope and family by cosine distance (exact KNN)."""
        self._require_vectors()
        blob = _vector_blob(vector)
        if limit <= 0 or family not in SEARCHABLE_FAMILIES:
            return []
        with self._read() as conn:
            row = conn.execute(
                "SELECT profile_id, dimensions FROM embedding_profiles WHERE profile = ?", (profile,)
            ).fetchone()
            if row is None:
                return []
            if int(row[1]) != len(vector):
                raise InvalidInputError("the query vector's dimension is not the embedding profile's")
            rows = conn.execute(
                f"""WITH knn AS (
                        SELECT doc_id, distance FROM {_vector_table(row[0])}
                        WHERE embedding MATCH ? AND k = ? AND scope_id = ? AND family = ?
                    )
                    SELECT d.scope_id, d.family, d.artifact_id, r.revision, r.content
                    FROM knn
                    JOIN search_docs d ON d.doc_id = knn.doc_id
                    JOIN revisions r ON r.revision_pk = d.revision_pk
                    ORDER BY knn.distance""",
                (blob, min(limit, VEC0_MAX_K), scope_id, family),
            ).fetchall()
        return [_hit_from_row(row) for row in rows]

    def _require_vectors(self) -> None:
        if not self.vector_search_available:
            raise VectorSearchUnavailable("the sqlite-vec extension is not available")

    def has_searchable(self, scope_id: str, family: HistoryFamily) -> bool:
        with self._read() as conn:
            row = conn.execute(
                "SELECT EXISTS (SELECT 1 FROM search_docs WHERE scope_id = ? AND family = ?)", (scope_id, family)
            ).fetchone()
        return bool(row[0])

    def artifacts_missing_embedding(self, profile: str, limit: int) -> list[RevisionRecord]:
        """Searchable heads without a vector for ``profile``, oldest first (for backfill)."""
        self._require_vectors()
        with self._read() as conn:
            rows = conn.execute(
                _REVISION_SELECT
                + """ JOIN search_docs d ON d.revision_pk = r.revision_pk
                     WHERE NOT EXISTS (
                         SELECT 1 FROM doc_embeddings e JOIN embedding_profiles p USING (profile_id)
                         WHERE p.profile = ? AND e.doc_id = d.doc_id)
                     ORDER BY d.doc_id LIMIT ?""",
                (profile, max(limit, 0)),
            ).fetchall()
        return [_record_from_row(row) for row in rows]

    def put_embedding(self, ref: ArtifactRef, embedding: EmbeddingRow) -> None:
        """Store (or overwrite) the vector of a searchable head."""
        self._require_vectors()
        vector = self._prepare_vector(ref.family, embedding)
        with self._write() as conn:
            row = conn.execute(
                """SELECT d.doc_id, r.revision FROM search_docs d JOIN revisions r ON r.revision_pk = d.revision_pk
                   WHERE d.scope_id = ? AND d.family = ? AND d.artifact_id = ?""",
                (ref.scope_id, ref.family, ref.artifact_id),
            ).fetchone()
            self._require_searchable_head(conn, ref, row)
            self._store_vector(conn, int(row[0]), ref.scope_id, ref.family, vector, replace=True)

    # -- code workspaces

    def _set_current_workspace(self, conn: Connection, scope_id: str, fingerprint: str) -> None:
        conn.execute(
            """INSERT INTO current_workspaces (scope_id, fingerprint) VALUES (?, ?)
               ON CONFLICT (scope_id) DO UPDATE SET fingerprint = excluded.fingerprint""",
            (scope_id, fingerprint),
        )

    def _store_workspace(self, conn: Connection, workspace: Workspace, entries: Sequence[FileEntry]) -> None:
        conn.executemany(
            "INSERT OR IGNORE INTO code_blobs (file_sha256, content, line_count) VALUES (?, ?, ?)",
            [(entry.file_sha256, entry.data, len(entry.lines)) for entry in entries],
        )
        conn.execute(
            """INSERT INTO workspaces (scope_id, fingerprint, files, lines, skipped, indexed_at)
               VALUES (?, ?, ?, ?, ?, ?)
               ON CONFLICT (scope_id, fingerprint) DO UPDATE SET skipped = excluded.skipped,
                                                                indexed_at = excluded.indexed_at""",
            (
                workspace.scope_id,
                workspace.fingerprint,
                workspace.files,
                workspace.lines,
                workspace.skipped,
                workspace.indexed_at,
            ),
        )
        conn.executemany(
            "INSERT OR IGNORE INTO workspace_files (scope_id, fingerprint, path, file_sha256) VALUES (?, ?, ?, ?)",
            [(workspace.scope_id, workspace.fingerprint, entry.path, entry.file_sha256) for entry in entries],
        )

    def _replace_code_chunks(self, conn: Connection, scope_id: str, entries: Sequence[FileEntry]) -> None:
        """Re-chunk only what changed: chunks of vanished (path, file) pairs go, new pairs are chunked."""
        indexed = {
            (str(path), str(sha))
            for path, sha in conn.execute(
                "SELECT DISTINCT path, file_sha256 FROM code_chunks WHERE scope_id = ?", (scope_id,)
            )
        }
        wanted = {(entry.path, entry.file_sha256): entry for entry in entries}
        for path, sha in indexed - wanted.keys():
            chunk_ids = conn.execute(
                "SELECT chunk_id FROM code_chunks WHERE scope_id = ? AND path = ? AND file_sha256 = ?",
                (scope_id, path, sha),
            ).fetchall()
            conn.executemany("DELETE FROM code_fts WHERE rowid = ?", chunk_ids)
            conn.executemany("DELETE FROM code_chunks WHERE chunk_id = ?", chunk_ids)
        token = _partition_token(scope_id)
        for key in wanted.keys() - indexed:
            entry = wanted[key]
            for start, end in chunk_ranges(len(entry.lines)):
                cursor = conn.execute(
                    """INSERT INTO code_chunks (scope_id, path, file_sha256, start_line, end_line)
                       VALUES (?, ?, ?, ?, ?)""",
                    (scope_id, entry.path, entry.file_sha256, start, end),
                )
                conn.execute(
                    "INSERT INTO code_fts (rowid, part, path, body) VALUES (?, ?, ?, ?)",
                    (cursor.lastrowid, token, segment(entry.path), segment("\n".join(entry.lines[start - 1 : end]))),
                )

    def get_workspace(self, scope_id: str) -> Workspace | None:
        with self._read() as conn:
            row = conn.execute(
                """SELECT w.scope_id, w.fingerprint, w.files, w.lines, w.skipped, w.indexed_at
                   FROM current_workspaces c JOIN workspaces w USING (scope_id, fingerprint)
                   WHERE c.scope_id = ?""",
                (scope_id,),
            ).fetchone()
        if row is None:
            return None
        return Workspace(
            scope_id=row[0],
            fingerprint=row[1],
            files=int(row[2]),
            lines=int(row[3]),
            skipped=int(row[4]),
            indexed_at=row[5],
        )

    def query_code(self, scope_id: str, query: str, limit: int) -> list[CodeHit]:
        """Best-matching 40-line windows of the current workspace; a window overlapping a better
        hit in the same file is dropped, so hits never repeat lines."""
        expression = build_match(query, ("path", "body"))
        if expression is None or limit <= 0:
            return []
        scoped = _within_partition(expression, scope_id)
        with self._read() as conn:
            current = conn.execute(
                "SELECT fingerprint FROM current_workspaces WHERE scope_id = ?", (scope_id,)
            ).fetchone()
            if current is None:
                return []
            rows = conn.execute(
                f"""WITH ranked AS (
                        SELECT rowid AS chunk_id, bm25(code_fts, {SEARCH_WEIGHTS}) AS score FROM code_fts
                        WHERE code_fts MATCH ? ORDER BY score LIMIT ?
                    )
                    SELECT c.path, c.file_sha256, c.start_line, c.end_line
                    FROM ranked JOIN code_chunks c ON c.chunk_id = ranked.chunk_id
                    WHERE c.scope_id = ?
                    ORDER BY ranked.score""",
                (scoped, limit * CODE_CANDIDATES_PER_HIT, scope_id),
            ).fetchall()
            ranges = _non_overlapping([(str(r[0]), str(r[1]), int(r[2]), int(r[3])) for r in rows], limit)
            lines_by_file = {sha: self._blob_lines(conn, sha) for sha in {sha for _, sha, _, _ in ranges}}
        return [
            CodeHit(scope_id, str(current[0]), path, sha, start, end, tuple(lines_by_file[sha][start - 1 : end]))
            for path, sha, start, end in ranges
        ]

    def _code_file(self, conn: Connection, scope_id: str, fingerprint: str, path: str, file_sha256: str) -> Any:
        return conn.execute(
            """SELECT b.content, b.line_count FROM workspace_files f JOIN code_blobs b USING (file_sha256)
               WHERE f.scope_id = ? AND f.fingerprint = ? AND f.path = ? AND f.file_sha256 = ?""",
            (scope_id, fingerprint, path, file_sha256),
        ).fetchone()

    # -- API tokens

    def _token_records(self, conn: Connection, where: str, parameters: Sequence[Any]) -> list[TokenRecord]:
        rows = conn.execute(
            "SELECT token_id, token_sha256, name, created_at, revoked_at FROM api_tokens"
            f" {where} ORDER BY created_at, token_id",
            parameters,
        ).fetchall()
        grants: dict[str, list[TokenGrant]] = {str(row[0]): [] for row in rows}
        for token_id, scope_id, access in conn.execute(
            "SELECT token_id, scope_id, access FROM api_token_grants"
            " WHERE token_id IN (SELECT value FROM json_each(?)) ORDER BY token_id, scope_id",
            (_json(list(grants)),),
        ):
            grants[str(token_id)].append(TokenGrant(str(scope_id), access))
        return token_records(rows, grants)

    # -- maintenance

    def check_integrity(self) -> list[str]:
        """Problems found (content-free); empty when the database is consistent."""
        problems: list[str] = []
        with self._write() as conn:
            result = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
            if result != ["ok"]:
                problems.append("sqlite integrity_check failed")
            if conn.execute("PRAGMA foreign_key_check").fetchall():
                problems.append("foreign key violations")
            for table in ("search_fts", "code_fts"):
                problems.extend(_fts_integrity(conn, table))
            problems.extend(self._consistency_problems(conn, _CONSISTENCY_CHECKS))
            problems.extend(self._vector_problems(conn))
        return problems

    def _vector_problems(self, conn: Connection) -> list[str]:
        if not self.vector_search_available:
            return []
        problems = []
        for (profile_id,) in conn.execute("SELECT profile_id FROM embedding_profiles").fetchall():
            table = _vector_table(profile_id)
            stray = conn.execute(
                f"""SELECT count(*) FROM {table}
                    WHERE doc_id NOT IN (SELECT doc_id FROM doc_embeddings WHERE profile_id = ?)""",
                (profile_id,),
            ).fetchone()[0]
            missing = conn.execute(
                f"""SELECT count(*) FROM doc_embeddings
                    WHERE profile_id = ? AND doc_id NOT IN (SELECT doc_id FROM {table})""",
                (profile_id,),
            ).fetchone()[0]
            if stray or missing:
                problems.append(f"vector table {table}: {stray} stray and {missing} missing vectors")
        return problems


def _non_overlapping(ranges: Sequence[tuple[str, str, int, int]], limit: int) -> list[tuple[str, str, int, int]]:
    """Ranges in rank order, skipping any that overlaps a better one in the same file, at most ``limit``."""
    kept: list[tuple[str, str, int, int]] = []
    for candidate in ranges:
        path, _, start, end = candidate
        if not any(path == other[0] and start <= other[3] and other[2] <= end for other in kept):
            kept.append(candidate)
        if len(kept) == limit:
            break
    return kept


def _fts_integrity(conn: Connection, table: str) -> list[str]:
    try:
        conn.execute(f"INSERT INTO {table} ({table}, rank) VALUES ('integrity-check', 0)")
    except sqlean.Error:
        return [f"full-text index {table} failed its integrity check"]
    return []


_CONSISTENCY_CHECKS: tuple[tuple[str, str], ...] = (
    TOKENS_WITHOUT_GRANT,
    REVISIONS_NOT_ONE_TO_HEAD,
    REVISIONS_WITHOUT_ARTIFACT,
    SEARCHABLE_HEADS_UNINDEXED,
    SEARCH_ENTRIES_NOT_HEADS,
    (
        "search entries without a full-text row",
        "SELECT count(*) FROM search_docs WHERE doc_id NOT IN (SELECT rowid FROM search_fts)",
    ),
    (
        "full-text rows without a search entry",
        "SELECT count(*) FROM search_fts WHERE rowid NOT IN (SELECT doc_id FROM search_docs)",
    ),
    (
        "vector records of docs that are not indexed",
        "SELECT count(*) FROM doc_embeddings WHERE doc_id NOT IN (SELECT doc_id FROM search_docs)",
    ),
    ATOMIC_LIFECYCLE_INCONSISTENT,
    (
        "current workspace files without code chunks",
        """SELECT count(*) FROM current_workspaces w JOIN workspace_files f USING (scope_id, fingerprint)
           JOIN code_blobs b USING (file_sha256)
           WHERE b.line_count > 0 AND NOT EXISTS (SELECT 1 FROM code_chunks c
               WHERE c.scope_id = f.scope_id AND c.path = f.path AND c.file_sha256 = f.file_sha256)""",
    ),
    (
        "code chunks outside the current workspace",
        """SELECT count(*) FROM code_chunks c WHERE NOT EXISTS (
               SELECT 1 FROM current_workspaces w JOIN workspace_files f USING (scope_id, fingerprint)
               WHERE f.scope_id = c.scope_id AND f.path = c.path AND f.file_sha256 = c.file_sha256)""",
    ),
    (
        "code chunks without a full-text row",
        "SELECT count(*) FROM code_chunks WHERE chunk_id NOT IN (SELECT rowid FROM code_fts)",
    ),
    (
        "code full-text rows without a chunk",
        "SELECT count(*) FROM code_fts WHERE rowid NOT IN (SELECT chunk_id FROM code_chunks)",
    ),
)

if TYPE_CHECKING:
    _CONFORMS_TO_STORE: type[Store] = SQLiteStore  # mypy checks the engine against the protocol
