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
import json
import math
import struct
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import sqlean  # type: ignore[import-untyped]

from pcreceipt.digests import canonical_digest
from pcreceipt.store import rules
from pcreceipt.store.codeindex import chunk_ranges, file_sha256, split_lines, workspace_fingerprint
from pcreceipt.store.ids import new_artifact_id, new_scope_id, utc_now
from pcreceipt.store.protocol import (
    SEARCHABLE_FAMILIES,
    ArtifactFamily,
    ArtifactRef,
    AtomicMemoryHead,
    CodeHit,
    ConflictError,
    EmbeddingRow,
    HistoryFamily,
    Hit,
    InvalidInputError,
    LifecycleState,
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
    check_token,
)
from pcreceipt.store.sqlite_schema import apply_migrations
from pcreceipt.store.text import build_match, normalize_content, searchable_text, segment

if TYPE_CHECKING:
    from sqlite3 import Connection

BUSY_TIMEOUT_SECONDS = 5.0
CACHE_KIB = 65536
VEC0_MAX_K = 4096
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
_HEAD_JOIN = (
    "JOIN revisions r ON r.scope_id = a.scope_id AND r.family = a.family AND r.artifact_id = a.artifact_id"
    " AND r.revision = a.head_revision"
)
_SCOPE_SELECT = """
    SELECT scope_id, title, summary, parent_scope_id, context_references, external_references, version FROM scopes"""
_ATOMIC_HEAD_SELECT = f"""
    SELECT a.scope_id, a.artifact_id, a.head_revision, a.state, a.state_version, a.merged_into_id,
           a.is_merge_result, r.content
    FROM artifacts a {_HEAD_JOIN}
    WHERE a.scope_id = ? AND a.family = 'atomic-memory' AND a.artifact_id = ?"""


@dataclass(frozen=True, slots=True)
class _Vector:
    """An embedding checked and packed as float32 for vec0."""

    profile: str
    blob: bytes
    dimensions: int


@dataclass(frozen=True, slots=True)
class _Prepared:
    """A write's content after normalisation, serialised and digested outside the transaction."""

    content: dict[str, Any]
    content_json: str
    content_digest: str
    vector: _Vector | None


@dataclass(frozen=True, slots=True)
class _FileEntry:
    path: str
    file_sha256: str
    data: bytes
    lines: list[str]


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


def _vector_blob(vector: Sequence[float]) -> bytes:
    """float32 bytes of a non-empty vector of finite components.

    Packing refuses finite values beyond float32's range, so the components' sum (in doubles)
    can only be non-finite when a component is inf or NaN: one C-speed check instead of a
    Python loop over every component.
    """
    try:
        blob = struct.pack(f"<{len(vector)}f", *vector)
    except (struct.error, OverflowError, TypeError):
        raise InvalidInputError("a vector's components must be float32 numbers") from None
    if not vector or not math.isfinite(sum(vector)):
        raise InvalidInputError("a vector needs at least one component, all finite")
    return blob


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _scope_from_row(row: Sequence[Any]) -> Scope:
    return Scope(
        scope_id=row[0],
        title=row[1],
        summary=row[2],
        parent_scope_id=row[3],
        context_references=tuple(json.loads(row[4])),
        external_references=tuple(json.loads(row[5])),
        version=int(row[6]),
    )


def _record_from_row(row: Sequence[Any]) -> RevisionRecord:
    return RevisionRecord(
        ref=ArtifactRef(scope_id=row[0], family=row[1], artifact_id=row[2], revision=int(row[3])),
        content=json.loads(row[4]),
        content_digest=row[5],
        created_at=row[6],
        derived_from=tuple(ArtifactRef(*ref) for ref in json.loads(row[7])),
        prompt_key=row[8],
    )


def _atomic_head_from_row(row: Sequence[Any]) -> AtomicMemoryHead:
    content = json.loads(row[7])
    return AtomicMemoryHead(
        ref=ArtifactRef(scope_id=row[0], family="atomic-memory", artifact_id=row[1], revision=int(row[2])),
        kind=content["kind"],
        text=content["text"],
        state=row[3],
        state_version=int(row[4]),
        merged_into_id=row[5],
    )


def _lifecycle_view(row: Sequence[Any]) -> rules.LifecycleView:
    return rules.LifecycleView(
        revision=int(row[2]), state=row[3], state_version=int(row[4]), is_merge_result=bool(row[6])
    )


def _hit_from_row(row: Sequence[Any]) -> Hit:
    ref = ArtifactRef(scope_id=row[0], family=row[1], artifact_id=row[2], revision=int(row[3]))
    return Hit(ref=ref, content=json.loads(row[4]))


class SQLiteStore:
    """``Store`` over one SQLite file. Thread-safe: every thread gets its own connection."""

    engine = "sqlite"

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

    def close(self) -> None:
        with self._lock:
            self._closed = True
            connections, self._connections = self._connections, []
        for conn in connections:
            conn.close()

    # -- Scopes

    def create_scope(
        self,
        *,
        title: str,
        summary: str,
        idempotency_key: str,
        parent_scope_id: str | None,
        context_references: Sequence[str],
        external_references: Sequence[Mapping[str, str]],
    ) -> tuple[Scope, bool]:
        """Create a Scope, or return the one created with the same idempotency key (created=False).

        The same key with any different field is a ConflictError. The parent and every context
        reference must exist (NotFoundError); references must be unique (InvalidInputError).
        """
        rules.check_external_references(external_references)
        wanted = Scope(
            scope_id="",
            title=title,
            summary=summary,
            parent_scope_id=parent_scope_id,
            context_references=tuple(context_references),
            external_references=tuple(dict(reference) for reference in external_references),
            version=1,
        )
        with self._write() as conn:
            row = conn.execute(_SCOPE_SELECT + " WHERE idempotency_key = ?", (idempotency_key,)).fetchone()
            if row is not None:
                existing = _scope_from_row(row)
                if existing != replace(wanted, scope_id=existing.scope_id):
                    raise ConflictError("the idempotency key was used for a different Scope")
                return existing, False
            scope = replace(wanted, scope_id=new_scope_id())
            self._check_scope_links(conn, scope)
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
        return scope, True

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

    def get_scope(self, scope_id: str) -> Scope | None:
        with self._read() as conn:
            row = conn.execute(_SCOPE_SELECT + " WHERE scope_id = ?", (scope_id,)).fetchone()
        return None if row is None else _scope_from_row(row)

    def list_scopes(self, *, limit: int, after: str | None) -> list[Scope]:
        """Scopes in scope_id order, strictly after ``after``."""
        if limit <= 0:
            return []
        with self._read() as conn:
            rows = conn.execute(
                _SCOPE_SELECT + " WHERE scope_id > ? ORDER BY scope_id LIMIT ?", (after or "", limit)
            ).fetchall()
        return [_scope_from_row(row) for row in rows]

    @staticmethod
    def _require_scope(conn: Connection, scope_id: str) -> None:
        if conn.execute("SELECT 1 FROM scopes WHERE scope_id = ?", (scope_id,)).fetchone() is None:
            raise NotFoundError("the Scope does not exist")

    # -- artifacts: writes

    def create_artifact(
        self,
        scope_id: str,
        family: ArtifactFamily,
        content: Mapping[str, Any],
        *,
        prompt_key: str | None = None,
        artifact_id: str | None = None,
        embedding: EmbeddingRow | None = None,
    ) -> RevisionRecord:
        item = NewArtifact(content=content, prompt_key=prompt_key, artifact_id=artifact_id, embedding=embedding)
        return self.create_artifacts(scope_id, family, [item])[0]

    def create_artifacts(
        self, scope_id: str, family: ArtifactFamily, items: Sequence[NewArtifact]
    ) -> list[RevisionRecord]:
        """Create every item in order in one transaction: all of them or none."""
        for item in items:
            rules.check_prompt_key(family, item.prompt_key)
            if item.artifact_id is not None:
                rules.check_artifact_id(item.artifact_id)
        prepared = [self._prepare(family, item.content, item.embedding) for item in items]
        now = utc_now()
        with self._write() as conn:
            self._require_scope(conn, scope_id)
            return [
                self._insert_new(conn, scope_id, family, item, content, now)
                for item, content in zip(items, prepared, strict=True)
            ]

    def _prepare(self, family: ArtifactFamily, content: Mapping[str, Any], embedding: EmbeddingRow | None) -> _Prepared:
        vector = None if embedding is None else self._prepare_vector(family, embedding)
        normalized = normalize_content(family, content)
        try:
            digest = canonical_digest(normalized)
            content_json = _json(normalized)
        except (TypeError, ValueError):
            raise InvalidInputError("content must be a JSON object of JSON values") from None
        return _Prepared(normalized, content_json, digest, vector)

    def _prepare_vector(self, family: str, embedding: EmbeddingRow) -> _Vector:
        if family not in SEARCHABLE_FAMILIES:
            raise InvalidInputError("only searchable families take an embedding")
        if self._vector_dimensions is not None and len(embedding.vector) != self._vector_dimensions:
            raise InvalidInputError("the vector's dimension is not the configured vector dimension")
        return _Vector(embedding.profile, _vector_blob(embedding.vector), len(embedding.vector))

    def _insert_new(
        self, conn: Connection, scope_id: str, family: ArtifactFamily, item: NewArtifact, prepared: _Prepared, now: str
    ) -> RevisionRecord:
        """Revision 1 of a new artifact, or the next revision of the Scope's profile / keyed prompt."""
        singleton = self._singleton_head(conn, scope_id, family, item.prompt_key)
        if singleton is not None:
            existing_id, head_revision = singleton
            if item.artifact_id not in (None, existing_id):
                raise ConflictError(f"the Scope already has this {family} under another artifact_id")
            return self._append_revision(
                conn, scope_id, family, existing_id, head_revision + 1, prepared, now, prompt_key=item.prompt_key
            )
        artifact_id = item.artifact_id or new_artifact_id()
        if self._head_revision(conn, scope_id, family, artifact_id) is not None:
            raise ConflictError("the artifact_id is already taken")
        atomic = family == "atomic-memory"
        conn.execute(
            """INSERT INTO artifacts (scope_id, family, artifact_id, head_revision, prompt_key, state, state_version)
               VALUES (?, ?, ?, 1, ?, ?, ?)""",
            (scope_id, family, artifact_id, item.prompt_key, "active" if atomic else None, 0 if atomic else None),
        )
        return self._add_revision(conn, scope_id, family, artifact_id, 1, prepared, now, prompt_key=item.prompt_key)

    @staticmethod
    def _singleton_head(
        conn: Connection, scope_id: str, family: ArtifactFamily, prompt_key: str | None
    ) -> tuple[str, int] | None:
        if family not in ("profile", "prompt"):
            return None
        row = conn.execute(
            "SELECT artifact_id, head_revision FROM artifacts WHERE scope_id = ? AND family = ? AND prompt_key IS ?",
            (scope_id, family, prompt_key),
        ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    @staticmethod
    def _head_revision(conn: Connection, scope_id: str, family: str, artifact_id: str) -> int | None:
        row = conn.execute(
            "SELECT head_revision FROM artifacts WHERE scope_id = ? AND family = ? AND artifact_id = ?",
            (scope_id, family, artifact_id),
        ).fetchone()
        return None if row is None else int(row[0])

    def _append_revision(
        self,
        conn: Connection,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        revision: int,
        prepared: _Prepared,
        now: str,
        *,
        prompt_key: str | None,
    ) -> RevisionRecord:
        """Move the head to a new revision; the old revision leaves the search index."""
        self._unindex(conn, scope_id, family, artifact_id)
        conn.execute(
            "UPDATE artifacts SET head_revision = ? WHERE scope_id = ? AND family = ? AND artifact_id = ?",
            (revision, scope_id, family, artifact_id),
        )
        return self._add_revision(conn, scope_id, family, artifact_id, revision, prepared, now, prompt_key=prompt_key)

    def _add_revision(
        self,
        conn: Connection,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        revision: int,
        prepared: _Prepared,
        now: str,
        *,
        prompt_key: str | None = None,
        derived_from: tuple[ArtifactRef, ...] = (),
    ) -> RevisionRecord:
        """Insert an immutable revision (the new head) and index it when its family is searchable."""
        derived_json = _json([[ref.scope_id, ref.family, ref.artifact_id, ref.revision] for ref in derived_from])
        cursor = conn.execute(
            """INSERT INTO revisions (scope_id, family, artifact_id, revision, content, content_digest, created_at,
                                      derived_from)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                scope_id,
                family,
                artifact_id,
                revision,
                prepared.content_json,
                prepared.content_digest,
                now,
                derived_json,
            ),
        )
        if family in SEARCHABLE_FAMILIES:
            self._index(conn, int(cast(int, cursor.lastrowid)), scope_id, family, artifact_id, prepared)
        return RevisionRecord(
            ref=ArtifactRef(scope_id=scope_id, family=family, artifact_id=artifact_id, revision=revision),
            content=prepared.content,
            content_digest=prepared.content_digest,
            created_at=now,
            derived_from=derived_from,
            prompt_key=prompt_key,
        )

    def replace_artifact(
        self,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        content: Mapping[str, Any],
        *,
        expected_revision: int,
        embedding: EmbeddingRow | None = None,
    ) -> RevisionRecord:
        """Commit the next revision; ConflictError when the head is not ``expected_revision``
        or (atomic memory) the memory is not active; NotFoundError for an unknown artifact."""
        prepared = self._prepare(family, content, embedding)
        now = utc_now()
        with self._write() as conn:
            if family == "atomic-memory":
                row = conn.execute(_ATOMIC_HEAD_SELECT, (scope_id, artifact_id)).fetchone()
                if row is None:
                    raise NotFoundError("the artifact does not exist")
                rules.check_replaceable(_lifecycle_view(row), expected_revision=expected_revision)
                head_revision = int(row[2])
            else:
                found = self._head_revision(conn, scope_id, family, artifact_id)
                if found is None:
                    raise NotFoundError("the artifact does not exist")
                if found != expected_revision:
                    raise ConflictError("stale revision", current_revision=found)
                head_revision = found
            prompt_key = self._prompt_key(conn, scope_id, family, artifact_id)
            return self._append_revision(
                conn, scope_id, family, artifact_id, head_revision + 1, prepared, now, prompt_key=prompt_key
            )

    @staticmethod
    def _prompt_key(conn: Connection, scope_id: str, family: str, artifact_id: str) -> str | None:
        row = conn.execute(
            "SELECT prompt_key FROM artifacts WHERE scope_id = ? AND family = ? AND artifact_id = ?",
            (scope_id, family, artifact_id),
        ).fetchone()
        return None if row is None else cast("str | None", row[0])

    # -- atomic memory lifecycle

    def change_lifecycle(
        self, scope_id: str, artifact_id: str, *, revision: int, state_version: int, state: LifecycleState
    ) -> list[AtomicMemoryHead]:
        """forgotten (from active) or retired (a merge result, from active); returns the changed head."""
        rules.check_requestable_state(state)
        with self._write() as conn:
            view = self._require_atomic_view(conn, scope_id, artifact_id)
            rules.check_expected(view, revision=revision, state_version=state_version)
            rules.check_lifecycle_change(view, state)
            self._set_state(conn, scope_id, artifact_id, state, view.state_version + 1, merged_into_id=None)
            return [self._atomic_head(conn, scope_id, artifact_id)]

    def merge_atomic_memories(
        self,
        scope_id: str,
        inputs: Sequence[tuple[str, int, int]],
        content: Mapping[str, Any],
        *,
        embedding: EmbeddingRow | None = None,
    ) -> list[AtomicMemoryHead]:
        """Merge >= 2 active memories of the Scope into a new one whose revision 1 derives from them."""
        rules.check_merge_inputs(inputs)
        prepared = self._prepare("atomic-memory", content, embedding)
        now = utc_now()
        with self._write() as conn:
            self._require_scope(conn, scope_id)
            views = [self._require_atomic_view(conn, scope_id, artifact_id) for artifact_id, _, _ in inputs]
            for view, (_, revision, state_version) in zip(views, inputs, strict=True):
                rules.check_merge_input(view, revision=revision, state_version=state_version)
            result_id = new_artifact_id()
            conn.execute(
                """INSERT INTO artifacts (scope_id, family, artifact_id, head_revision, state, state_version,
                                          is_merge_result)
                   VALUES (?, 'atomic-memory', ?, 1, 'active', 0, 1)""",
                (scope_id, result_id),
            )
            derived = tuple(ArtifactRef(scope_id, "atomic-memory", artifact_id, rev) for artifact_id, rev, _ in inputs)
            self._add_revision(conn, scope_id, "atomic-memory", result_id, 1, prepared, now, derived_from=derived)
            for view, (artifact_id, _, _) in zip(views, inputs, strict=True):
                self._set_state(conn, scope_id, artifact_id, "merged", view.state_version + 1, merged_into_id=result_id)
            return [
                self._atomic_head(conn, scope_id, artifact_id) for artifact_id in [*(i[0] for i in inputs), result_id]
            ]

    def _require_atomic_view(self, conn: Connection, scope_id: str, artifact_id: str) -> rules.LifecycleView:
        row = conn.execute(_ATOMIC_HEAD_SELECT, (scope_id, artifact_id)).fetchone()
        if row is None:
            raise NotFoundError("the atomic memory does not exist")
        return _lifecycle_view(row)

    def _set_state(
        self,
        conn: Connection,
        scope_id: str,
        artifact_id: str,
        state: LifecycleState,
        state_version: int,
        *,
        merged_into_id: str | None,
    ) -> None:
        """Record a lifecycle change; a memory that is no longer active leaves the search index."""
        conn.execute(
            """UPDATE artifacts SET state = ?, state_version = ?, merged_into_id = ?
               WHERE scope_id = ? AND family = 'atomic-memory' AND artifact_id = ?""",
            (state, state_version, merged_into_id, scope_id, artifact_id),
        )
        if state != "active":
            self._unindex(conn, scope_id, "atomic-memory", artifact_id)

    @staticmethod
    def _atomic_head(conn: Connection, scope_id: str, artifact_id: str) -> AtomicMemoryHead:
        return _atomic_head_from_row(conn.execute(_ATOMIC_HEAD_SELECT, (scope_id, artifact_id)).fetchone())

    # -- artifacts: reads

    def get_head(self, scope_id: str, family: ArtifactFamily, artifact_id: str) -> RevisionRecord | None:
        """The current revision (for atomic memory: whatever its lifecycle state)."""
        with self._read() as conn:
            row = conn.execute(
                _REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = ? AND r.artifact_id = ?"
                " AND r.revision = a.head_revision",
                (scope_id, family, artifact_id),
            ).fetchone()
        return None if row is None else _record_from_row(row)

    def get_revision(
        self, scope_id: str, family: ArtifactFamily, artifact_id: str, revision: int
    ) -> RevisionRecord | None:
        """Exactly that revision, whatever the lifecycle; never a newer head or a merge target."""
        with self._read() as conn:
            row = conn.execute(
                _REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = ? AND r.artifact_id = ? AND r.revision = ?",
                (scope_id, family, artifact_id, revision),
            ).fetchone()
        return None if row is None else _record_from_row(row)

    def get_atomic_memory_head(self, scope_id: str, artifact_id: str) -> AtomicMemoryHead | None:
        with self._read() as conn:
            row = conn.execute(_ATOMIC_HEAD_SELECT, (scope_id, artifact_id)).fetchone()
        return None if row is None else _atomic_head_from_row(row)

    def find_prompt(self, scope_id: str, prompt_key: str) -> RevisionRecord | None:
        with self._read() as conn:
            row = conn.execute(
                _REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = 'prompt' AND a.prompt_key = ?"
                " AND r.revision = a.head_revision",
                (scope_id, prompt_key),
            ).fetchone()
        return None if row is None else _record_from_row(row)

    def read_profile(self, scope_id: str) -> Hit | None:
        """The Scope's committed profile snapshot, if any."""
        with self._read() as conn:
            row = conn.execute(
                _REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = 'profile' AND r.revision = a.head_revision",
                (scope_id,),
            ).fetchone()
        if row is None:
            return None
        record = _record_from_row(row)
        return Hit(ref=record.ref, content=record.content)

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
        self, conn: Connection, doc_id: int, scope_id: str, family: str, vector: _Vector, *, replace: bool = False
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

    def count_searchable(self, scope_id: str, family: HistoryFamily) -> int:
        """How many searchable heads the family has in the Scope (0 means no searchable head)."""
        with self._read() as conn:
            row = conn.execute(
                "SELECT count(*) FROM search_docs WHERE scope_id = ? AND family = ?", (scope_id, family)
            ).fetchone()
        return int(row[0])

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
            if row is None or int(row[1]) != ref.revision:
                head = self._head_revision(conn, ref.scope_id, ref.family, ref.artifact_id)
                if head is None or ref.revision > head or ref.revision < 1:
                    raise NotFoundError("the revision does not exist")
                raise ConflictError("the revision is not a searchable head", current_revision=head)
            self._store_vector(conn, int(row[0]), ref.scope_id, ref.family, vector, replace=True)

    # -- code workspaces

    def index_workspace(self, scope_id: str, files: Sequence[tuple[str, bytes]], skipped: int) -> Workspace:
        """Make these files the Scope's current workspace (blobs are kept forever, content-addressed)."""
        rules.check_workspace_paths([path for path, _ in files])
        entries = [_FileEntry(path, file_sha256(data), data, split_lines(data)) for path, data in files]
        fingerprint = workspace_fingerprint([(entry.path, entry.file_sha256) for entry in entries])
        workspace = Workspace(
            scope_id=scope_id,
            fingerprint=fingerprint,
            files=len(entries),
            lines=sum(len(entry.lines) for entry in entries),
            skipped=skipped,
            indexed_at=utc_now(),
        )
        with self._write() as conn:
            self._require_scope(conn, scope_id)
            self._store_workspace(conn, workspace, entries)
            self._replace_code_chunks(conn, scope_id, entries)
            conn.execute(
                """INSERT INTO current_workspaces (scope_id, fingerprint) VALUES (?, ?)
                   ON CONFLICT (scope_id) DO UPDATE SET fingerprint = excluded.fingerprint""",
                (scope_id, fingerprint),
            )
        return workspace

    @staticmethod
    def _store_workspace(conn: Connection, workspace: Workspace, entries: Sequence[_FileEntry]) -> None:
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

    @staticmethod
    def _replace_code_chunks(conn: Connection, scope_id: str, entries: Sequence[_FileEntry]) -> None:
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

    @staticmethod
    def _blob_lines(conn: Connection, sha: str) -> list[str]:
        row = conn.execute("SELECT content FROM code_blobs WHERE file_sha256 = ?", (sha,)).fetchone()
        return split_lines(bytes(row[0]))

    def read_code(
        self, scope_id: str, fingerprint: str, path: str, file_sha256: str, start_line: int, end_line: int
    ) -> CodeHit | None:
        """Exactly that range of that file version, from any workspace the Scope ever indexed."""
        rules.check_read_range(start_line, end_line)
        if not rules.is_fingerprint(fingerprint):
            return None
        with self._read() as conn:
            row = conn.execute(
                """SELECT b.content, b.line_count FROM workspace_files f JOIN code_blobs b USING (file_sha256)
                   WHERE f.scope_id = ? AND f.fingerprint = ? AND f.path = ? AND f.file_sha256 = ?""",
                (scope_id, fingerprint, path, file_sha256),
            ).fetchone()
        if row is None or end_line > int(row[1]):
            return None
        lines = tuple(split_lines(bytes(row[0]))[start_line - 1 : end_line])
        return CodeHit(scope_id, fingerprint, path, file_sha256, start_line, end_line, lines)

    # -- API tokens

    def create_token(
        self, *, token_id: str, token_sha256: str, name: str | None, grants: Sequence[TokenGrant]
    ) -> TokenRecord:
        check_token(token_id, token_sha256, name, grants)
        record = TokenRecord(
            token_id=token_id,
            name=name,
            token_sha256=token_sha256,
            grants=tuple(sorted(grants, key=lambda grant: grant.scope_id)),
            created_at=utc_now(),
        )
        with self._write() as conn:
            taken = conn.execute(
                "SELECT 1 FROM api_tokens WHERE token_id = ? OR token_sha256 = ?", (token_id, token_sha256)
            ).fetchone()
            if taken is not None:
                raise ConflictError("the token id or digest is already stored")
            conn.execute(
                "INSERT INTO api_tokens (token_id, token_sha256, name, created_at) VALUES (?, ?, ?, ?)",
                (token_id, token_sha256, name, record.created_at),
            )
            conn.executemany(
                "INSERT INTO api_token_grants (token_id, scope_id, access) VALUES (?, ?, ?)",
                [(token_id, grant.scope_id, grant.access) for grant in grants],
            )
        return record

    @staticmethod
    def _token_records(conn: Connection, where: str, parameters: Sequence[Any]) -> list[TokenRecord]:
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
        return [
            TokenRecord(
                token_id=str(row[0]),
                token_sha256=str(row[1]),
                name=row[2],
                grants=tuple(grants[str(row[0])]),
                created_at=str(row[3]),
                revoked_at=row[4],
            )
            for row in rows
        ]

    def get_token(self, token_id: str) -> TokenRecord | None:
        with self._read() as conn:
            found = self._token_records(conn, "WHERE token_id = ?", (token_id,))
        return found[0] if found else None

    def list_tokens(self) -> list[TokenRecord]:
        with self._read() as conn:
            return self._token_records(conn, "", ())

    def revoke_token(self, token_id: str) -> TokenRecord:
        with self._write() as conn:
            conn.execute(
                "UPDATE api_tokens SET revoked_at = ? WHERE token_id = ? AND revoked_at IS NULL", (utc_now(), token_id)
            )
            found = self._token_records(conn, "WHERE token_id = ?", (token_id,))
        if not found:
            raise NotFoundError("no token has that id")
        return found[0]

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
            for description, query in _CONSISTENCY_CHECKS:
                count = int(conn.execute(query).fetchone()[0])
                if count:
                    problems.append(f"{count} {description}")
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


_SEARCHABLE_HEAD = "(a.family IN ('topic-memory', 'experience') OR (a.family = 'atomic-memory' AND a.state = 'active'))"
_CONSISTENCY_CHECKS: tuple[tuple[str, str], ...] = (
    (
        "API tokens without a grant",
        """SELECT count(*) FROM api_tokens t
           WHERE NOT EXISTS (SELECT 1 FROM api_token_grants g WHERE g.token_id = t.token_id)""",
    ),
    (
        "artifacts whose revisions are not exactly 1..head",
        """SELECT count(*) FROM artifacts a WHERE a.head_revision != (
               SELECT count(*) FROM revisions r WHERE r.scope_id = a.scope_id AND r.family = a.family
               AND r.artifact_id = a.artifact_id AND r.revision BETWEEN 1 AND a.head_revision)
           OR EXISTS (SELECT 1 FROM revisions r WHERE r.scope_id = a.scope_id AND r.family = a.family
               AND r.artifact_id = a.artifact_id AND r.revision > a.head_revision)""",
    ),
    (
        "revisions without an artifact head",
        """SELECT count(*) FROM revisions r WHERE NOT EXISTS (SELECT 1 FROM artifacts a
               WHERE a.scope_id = r.scope_id AND a.family = r.family AND a.artifact_id = r.artifact_id)""",
    ),
    (
        "searchable heads missing from the search index",
        f"""SELECT count(*) FROM artifacts a {_HEAD_JOIN}
            WHERE {_SEARCHABLE_HEAD}
            AND NOT EXISTS (SELECT 1 FROM search_docs d WHERE d.revision_pk = r.revision_pk)""",
    ),
    (
        "search entries that are not searchable heads",
        f"""SELECT count(*) FROM search_docs d WHERE NOT EXISTS (
                SELECT 1 FROM artifacts a {_HEAD_JOIN} WHERE r.revision_pk = d.revision_pk AND {_SEARCHABLE_HEAD})""",
    ),
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
    (
        "atomic memories with an inconsistent lifecycle",
        """SELECT count(*) FROM artifacts a WHERE a.family = 'atomic-memory' AND (
               a.state NOT IN ('active', 'forgotten', 'merged', 'retired') OR a.state_version < 0
               OR (a.state = 'merged') != (a.merged_into_id IS NOT NULL)
               OR (a.state = 'merged' AND NOT EXISTS (SELECT 1 FROM artifacts m WHERE m.scope_id = a.scope_id
                   AND m.family = 'atomic-memory' AND m.artifact_id = a.merged_into_id AND m.is_merge_result = 1)))""",
    ),
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
