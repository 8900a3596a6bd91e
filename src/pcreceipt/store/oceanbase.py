"""The OceanBase engine of the store protocol: MySQL protocol, FULLTEXT and HNSW vector indexes.

Same contract, ids, digests, lifecycle rules (``pcreceipt.store.rules``) and errors as the
SQLite engine; tests run the whole store suite against both (a real OceanBase seekdb server).

Decisions:
- Connection: SQLAlchemy Core over pymysql, one pooled ``Engine`` per store (``pool_pre_ping``,
  so a restarted server costs no error), sessions in autocommit mode with transactions opened
  and closed explicitly. ``connect_timeout`` / ``read_timeout`` / ``write_timeout`` bound every
  socket wait and ``ob_query_timeout`` / ``ob_trx_lock_timeout`` every statement and lock wait,
  so a lost or hung server raises ``StoreUnavailable`` instead of hanging. The password lives
  only in SQLAlchemy's URL object (masked in its repr); every error is re-raised content-free
  (``from None``), so neither credentials nor bodies nor query text reach messages or logs.
- URL: ``oceanbase://user:password@host:port/database?option=value``; user and password are
  percent-decoded and the user may be tenant-qualified (``root@sys``, or ``root%40sys``;
  ``#`` must be written ``%23``). The database is created when missing. Options (seconds):
  ``connect_timeout`` (5), ``read_timeout`` (60), ``write_timeout`` (60), ``query_timeout`` (30),
  ``lock_timeout`` (10), and ``pool_size`` (8).
- Isolation: writes run in READ COMMITTED (OceanBase's default) and each first locks its Scope's
  row (``SELECT ... FOR UPDATE``), so writes within a Scope are serialised exactly like SQLite's
  single writer and every decision (expected revision, lifecycle state, taken ids, the
  singleton profile / prompt) is made on the latest committed state; writes in different
  Scopes run in parallel. Every write is one transaction, committed at the end or rolled back
  on any error; one that loses a race on a unique key (idempotent Scope creation, a new
  embedding profile) or a deadlock is retried whole. Reads of more than one statement run in
  one REPEATABLE READ read-only transaction, so they see one snapshot.
- Identifiers (ids, families, paths, hashes) are VARBINARY: byte-exact comparison and order
  like SQLite's BINARY collation, and no PAD SPACE (``'a' = 'a '`` in every MySQL collation).
- Full text: OceanBase's parsers do not tokenize like SQLite (the ``space`` parser drops
  MySQL stop words such as ``www`` or ``de`` and compares through the column collation, ``ngram``
  matches noise, ``ik`` finds dictionary words only and misses ``智能`` inside ``人工智能`` in
  smart mode, and none has prefix queries: ``word*`` is error 1149). So this engine indexes the
  exact tokens SQLite's FTS5 sees (``pcreceipt.store.tokens`` over ``text.segment``: CJK bigrams
  plus a trailing character, case- and diacritic-folded) in two forms:
  - ``words``: each token as a fixed 17-character ASCII hash word of (partition, token) under a
    ``FULLTEXT`` index ``WITH PARSER space``, so no stop word, length limit or collation can drop
    or merge a token, and the index only ever yields the searched (Scope, family) partition's
    rows (SQLite gets the same effect from its partition token); it finds candidates
    (``MATCH ... AGAINST`` in natural-language mode = any token) and ranks them (OceanBase's
    BM25 relevance; title / path words are written twice, as SQLite weighs them twice the body);
  - ``terms``: the tokens as a space-delimited binary string (`` title tokens \n body tokens ``),
    where ``LOCATE`` decides the exact query semantics: a phrase is `` a b `` (adjacent tokens,
    never across the line break between the fields), a prefix phrase `` a b`` (its last token a
    prefix).
  The query plan is the engine-neutral ``text.match_plan``, so ``all`` / ``any`` / ``prefix``
  match exactly the documents SQLite matches, prefix queries included: a query with a phrase
  that is a lone prefix token (any word under ``prefix``, e.g. ``migrat``, or a lone CJK
  character in any mode) has no full-text anchor and scans the (Scope, family) partition's token
  strings (prefix hash words in the same index would fix that, but they lengthen every document
  and so change the BM25 ranking). Ranking:
  documents matching more of the query's phrases first, then OceanBase relevance, then fewer
  tokens (prefix-only matches have no relevance; bm25 favours short documents), then insertion
  order. SQLite ranks by bm25 over phrases, so the *order* can differ where bm25
  weighs one rare phrase over several common ones; the *set* never differs.
- Vectors: one table per (embedding profile, dimension) with a ``VECTOR(dim)`` column and an HNSW
  index (``distance=cosine``, ``sync_mode=immediate``: the default async sync hides fresh rows
  from approximate queries). A KNN query asks the HNSW index (``ORDER BY cosine_distance(...)
  APPROXIMATE``) for ``max(4k, 64)`` nearest vectors of the whole table and keeps the (Scope,
  family) partition's; when fewer than ``k`` remain, an exact scan of the partition (through its
  index) answers instead, so small partitions always get exact answers, as in SQLite. (Putting
  the partition filter inside the approximate query makes OceanBase choose its adaptive
  pre-filter scan, measured slower than the exact scan at 10k rows.) HNSW is approximate:
  recall depends on the data and on the server's ``ob_hnsw_ef_search`` (64).
- DDL commits implicitly in OceanBase, so a profile's vector table is created *before* the write
  transaction that first uses it, and the ``embedding_profiles`` row that makes it live is
  written inside that transaction: a rolled-back write leaves at most an empty, unused table.
- Migrations: versioned in ``schema_migrations``; DDL cannot be transactional here, so every
  migration statement is idempotent (``IF NOT EXISTS``) and a version is recorded only after
  all its statements ran; a database with an unknown version is refused.
"""

from __future__ import annotations

import hashlib
import math
import re
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeVar, cast
from urllib.parse import parse_qsl, unquote, urlsplit

from sqlalchemy import create_engine, event
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL, Connection, Engine

from pcreceipt.errors import PcreceiptError
from pcreceipt.store import OCEANBASE_DEFAULT_PORT, StoreURLError, rules
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
from pcreceipt.store.engine import as_str as _str
from pcreceipt.store.engine import hit_from_row as _hit_from_row
from pcreceipt.store.engine import record_from_row as _record_from_row
from pcreceipt.store.engine import to_json as _json
from pcreceipt.store.engine import vector_blob as _vector_blob
from pcreceipt.store.ids import new_artifact_id, utc_now
from pcreceipt.store.protocol import (
    SEARCHABLE_FAMILIES,
    ArtifactFamily,
    ArtifactRef,
    CodeHit,
    ConflictError,
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
    Workspace,
)
from pcreceipt.store.sqlite import VEC0_MAX_K, _non_overlapping
from pcreceipt.store.text import match_plan, searchable_text, segment
from pcreceipt.store.tokens import word_tokens

SCHEME = "oceanbase"
DEFAULT_PORT = OCEANBASE_DEFAULT_PORT
TITLE_WEIGHT = 2  # the title (or path) counts twice the body, as SQLite's bm25 weights
CODE_CANDIDATES_PER_HIT = 3
INSERT_BATCH = 500
KNN_OVERSAMPLING = 4  # HNSW candidates per wanted hit, before keeping the (Scope, family) partition's
KNN_MIN_CANDIDATES = 64
WRITE_ATTEMPTS = 3
_DATABASE_NAME = re.compile(r"[A-Za-z0-9_$]{1,64}")
_OPTIONS: Mapping[str, tuple[type, float, float]] = {  # name: (type, minimum, default)
    "connect_timeout": (float, 0.1, 5.0),
    "read_timeout": (float, 0.1, 60.0),
    "write_timeout": (float, 0.1, 60.0),
    "query_timeout": (float, 0.1, 30.0),
    "lock_timeout": (float, 0.1, 10.0),
    "pool_size": (int, 1, 8),
}
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
_DUPLICATE_KEY = 1062
_DEADLOCK = 1213
_RETRYABLE_CODES = frozenset({_DUPLICATE_KEY, _DEADLOCK})

T = TypeVar("T")

# -- schema

FULLTEXT_PARSER = "space"
_TABLE_OPTIONS = "DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin"
_ID = "VARBINARY(256)"
_PATH = "VARBINARY(4096)"
_SHA = "VARBINARY(64)"


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "scopes, artifacts, full text, vectors and code workspaces",
        (
            f"""CREATE TABLE IF NOT EXISTS store_meta (
                meta_key VARBINARY(64) PRIMARY KEY,
                meta_value LONGTEXT NOT NULL
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS scopes (
                scope_id {_ID} PRIMARY KEY,
                idempotency_sha {_SHA} NOT NULL,
                idempotency_key LONGTEXT NOT NULL,
                title LONGTEXT NOT NULL,
                summary LONGTEXT NOT NULL,
                parent_scope_id {_ID} NULL,
                context_references LONGTEXT NOT NULL,
                external_references LONGTEXT NOT NULL,
                version INT NOT NULL,
                UNIQUE KEY scopes_by_idempotency (idempotency_sha)
            ) {_TABLE_OPTIONS}""",
            # singleton_key: '' for the profile, sha256(prompt_key) for a prompt, NULL otherwise
            # (NULLs never collide), so the unique key is SQLite's partial unique index.
            f"""CREATE TABLE IF NOT EXISTS artifacts (
                scope_id {_ID} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {_ID} NOT NULL,
                head_revision INT NOT NULL,
                prompt_key LONGTEXT NULL,
                singleton_key {_SHA} NULL,
                state VARBINARY(16) NULL,
                state_version INT NULL,
                merged_into_id {_ID} NULL,
                is_merge_result TINYINT NOT NULL DEFAULT 0,
                PRIMARY KEY (scope_id, family, artifact_id),
                UNIQUE KEY artifacts_one_per_key (scope_id, family, singleton_key)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS revisions (
                revision_pk BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
                scope_id {_ID} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {_ID} NOT NULL,
                revision INT NOT NULL,
                content LONGTEXT NOT NULL,
                content_digest VARBINARY(128) NOT NULL,
                created_at VARBINARY(40) NOT NULL,
                derived_from LONGTEXT NOT NULL,
                UNIQUE KEY revisions_by_artifact (scope_id, family, artifact_id, revision)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS search_docs (
                doc_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
                revision_pk BIGINT NOT NULL,
                scope_id {_ID} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {_ID} NOT NULL,
                terms LONGBLOB NOT NULL,
                words LONGTEXT NOT NULL,
                token_count INT NOT NULL,
                UNIQUE KEY search_docs_by_revision (revision_pk),
                UNIQUE KEY search_docs_by_artifact (scope_id, family, artifact_id),
                FULLTEXT INDEX search_docs_words (words) WITH PARSER {FULLTEXT_PARSER}
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS embedding_profiles (
                profile_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
                profile_sha {_SHA} NOT NULL,
                profile LONGTEXT NOT NULL,
                table_name VARBINARY(64) NOT NULL,
                dimensions INT NOT NULL,
                UNIQUE KEY embedding_profiles_by_name (profile_sha)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS doc_embeddings (
                profile_id BIGINT NOT NULL,
                doc_id BIGINT NOT NULL,
                PRIMARY KEY (profile_id, doc_id),
                KEY doc_embeddings_by_doc (doc_id)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS code_blobs (
                file_sha256 {_SHA} PRIMARY KEY,
                content LONGBLOB NOT NULL,
                line_count INT NOT NULL
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS workspaces (
                scope_id {_ID} NOT NULL,
                fingerprint {_SHA} NOT NULL,
                files INT NOT NULL,
                `lines` INT NOT NULL,
                skipped INT NOT NULL,
                indexed_at VARBINARY(40) NOT NULL,
                PRIMARY KEY (scope_id, fingerprint)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS workspace_files (
                scope_id {_ID} NOT NULL,
                fingerprint {_SHA} NOT NULL,
                path {_PATH} NOT NULL,
                file_sha256 {_SHA} NOT NULL,
                PRIMARY KEY (scope_id, fingerprint, path)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS current_workspaces (
                scope_id {_ID} PRIMARY KEY,
                fingerprint {_SHA} NOT NULL
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS code_chunks (
                chunk_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
                scope_id {_ID} NOT NULL,
                path {_PATH} NOT NULL,
                file_sha256 {_SHA} NOT NULL,
                start_line INT NOT NULL,
                end_line INT NOT NULL,
                terms LONGBLOB NOT NULL,
                words LONGTEXT NOT NULL,
                token_count INT NOT NULL,
                KEY code_chunks_by_file (scope_id, path, file_sha256),
                FULLTEXT INDEX code_chunks_words (words) WITH PARSER {FULLTEXT_PARSER}
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        2,
        "API tokens (sha256 digests) and their per-Scope grants",
        (
            f"""CREATE TABLE IF NOT EXISTS api_tokens (
                token_id {_ID} PRIMARY KEY,
                token_sha256 {_SHA} NOT NULL,
                name LONGTEXT NULL,
                created_at VARBINARY(40) NOT NULL,
                revoked_at VARBINARY(40) NULL,
                UNIQUE KEY api_tokens_by_digest (token_sha256)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS api_token_grants (
                token_id {_ID} NOT NULL,
                scope_id VARBINARY(1024) NOT NULL,
                access VARBINARY(8) NOT NULL,
                PRIMARY KEY (token_id, scope_id)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
)


def _vector_table_ddl(table: str, dimensions: int) -> str:
    return f"""CREATE TABLE IF NOT EXISTS {table} (
        doc_id BIGINT NOT NULL PRIMARY KEY,
        revision_pk BIGINT NOT NULL,
        scope_id {_ID} NOT NULL,
        family VARBINARY(32) NOT NULL,
        embedding VECTOR({int(dimensions)}) NOT NULL,
        KEY {table}_by_partition (scope_id, family),
        VECTOR INDEX {table}_hnsw (embedding) WITH (distance = cosine, type = hnsw, lib = vsag, sync_mode = immediate)
    ) {_TABLE_OPTIONS}"""


# -- configuration


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
    pool_size: int = 8


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


# -- small helpers


@dataclass(frozen=True, slots=True)
class _IndexText:
    """A searchable revision's (or code chunk's) index columns: exact token strings and hash words."""

    terms: bytes
    words: str
    token_count: int


@dataclass(frozen=True, slots=True)
class _Prepared:
    content: dict[str, Any]
    content_json: str
    content_digest: str
    vector: Vector | None
    index: _IndexText | None


@dataclass(frozen=True, slots=True)
class _TextQuery:
    """A compiled full-text query: exact ``LOCATE`` patterns, and the hash words that anchor it."""

    patterns: tuple[bytes, ...]
    require_all: bool
    anchor: str | None  # natural-language AGAINST text; None when some phrase has no exact token


def _sha(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def _partition(*keys: str) -> str:
    """The (Scope[, family]) partition a hash word belongs to."""
    return "\0".join(keys)


def _ft_word(partition: str, token: str) -> str:
    """A token of one partition as a fixed-length ASCII word no full-text parser splits, drops or
    folds; qualified by the partition, so the full-text index only ever yields that partition's rows."""
    return "t" + hashlib.blake2b(f"{partition}\0{token}".encode(), digest_size=8).hexdigest()


def _terms(tokens: Sequence[str]) -> bytes:
    return (" " + " ".join(tokens) + " ").encode("utf-8")


def _index_texts(partition: str, pairs: Sequence[tuple[str, str]]) -> list[_IndexText]:
    """Index columns for (title, body) pairs of a partition, tokenized exactly as SQLite's FTS5 does."""
    tokens = word_tokens([segment(text) for pair in pairs for text in pair])
    return [
        _IndexText(
            terms=_terms(title) + b"\n" + _terms(body),
            words=" ".join(_ft_word(partition, t) for t in [*title * TITLE_WEIGHT, *body]),
            token_count=len(title) + len(body),
        )
        for title, body in zip(tokens[0::2], tokens[1::2], strict=True)
    ]


def _compile_text_query(query: str, match: TextMatch, partition: str) -> _TextQuery | None:
    """The engine-neutral match plan in this engine's terms for one partition; None when nothing can match."""
    plan = match_plan(query, match)
    if plan is None:
        return None
    folded = word_tokens([" ".join(phrase.tokens) for phrase in plan.phrases])
    patterns: list[bytes] = []
    anchors: list[str] = []
    anchored = True
    for phrase, tokens in zip(plan.phrases, folded, strict=True):
        if not tokens:  # a phrase of no index tokens matches nothing (as in FTS5)
            if plan.require_all:
                return None
            continue
        pattern = (" " + " ".join(tokens) + ("" if phrase.prefix else " ")).encode("utf-8")
        if pattern in patterns:
            continue
        patterns.append(pattern)
        exact = tokens[:-1] if phrase.prefix else tokens
        for word in dict.fromkeys(_ft_word(partition, token) for token in exact):
            if word not in anchors:
                anchors.append(word)
        if not exact and not plan.require_all:
            anchored = False
    if not patterns:
        return None
    if plan.require_all:
        anchored = bool(anchors)
    return _TextQuery(tuple(patterns), plan.require_all, " ".join(anchors) if anchored and anchors else None)


def _ranked_sql(
    compiled: _TextQuery, table: str, key: str, columns: str, partition: Mapping[str, str], limit: int
) -> tuple[str, list[Any]]:
    """The statement and parameters ranking ``table``'s rows of one partition for a compiled query.

    Rows match the plan exactly (``LOCATE`` over the token string); they come most phrases
    matched first, then by full-text relevance, then shorter first (bm25 favours short documents;
    this orders prefix-only matches, which have no relevance), then by ``key`` (insertion order).
    The anchor (``MATCH`` over the hash words) lets OceanBase start from its full-text index.
    """
    located = " + ".join("(LOCATE(%s, terms) > 0)" for _ in compiled.patterns)
    anchor = [] if compiled.anchor is None else [compiled.anchor]
    relevance = "MATCH(words) AGAINST (%s)" if anchor else "0"
    where = " AND ".join([*(f"{column} = %s" for column in partition), *(["MATCH(words) AGAINST (%s)"] * len(anchor))])
    wanted = f"= {len(compiled.patterns)}" if compiled.require_all else "> 0"
    sql = f"""SELECT {columns} FROM (
            SELECT {key}, {columns}, token_count, ({located}) AS matched, {relevance} AS relevance
            FROM {table}
            WHERE {where}
        ) ranked
        WHERE matched {wanted}
        ORDER BY matched DESC, relevance DESC, token_count, {key}
        LIMIT %s"""
    located_params = list(compiled.patterns)
    return sql, [*located_params, *anchor, *partition.values(), *anchor, limit]


def _error_code(error: BaseException) -> int | None:
    original = getattr(error, "orig", None)
    args = getattr(original, "args", ())
    return int(args[0]) if args and isinstance(args[0], int) else None


def _is_unavailable(error: sa_exc.DBAPIError) -> bool:
    code = _error_code(error)
    if error.connection_invalidated or code is None:
        return isinstance(error, sa_exc.OperationalError | sa_exc.InterfaceError)
    return code in _UNAVAILABLE_CODES or 2000 <= code < 3000  # not a contract limit: MySQL client error codes


@contextmanager
def _translated_errors() -> Iterator[None]:
    """Turn driver errors into content-free store errors (the originals may hold SQL, bodies or the
    user). Raised ``from None``: tracebacks and logs never show the original; SQLAlchemy keeps
    parameters out of it anyway (``hide_parameters``) and no driver message holds the password."""
    failure: StoreError | None = None
    try:
        yield
    except sa_exc.DBAPIError as error:
        code = _error_code(error)
        kind = StoreUnavailable if _is_unavailable(error) else StoreError
        # pymysql keeps the socket error behind a failed connect: its class is the cause (refused, unresolved, ...)
        cause = getattr(error.orig, "original_exception", None)
        label = str(code) if code is not None else type(error.orig).__name__
        if cause is not None:
            label = f"{label}, {type(cause).__name__}"
        failure = kind(f"oceanbase engine error ({label})")
    except sa_exc.SQLAlchemyError as error:  # pool timeout, disconnect detected by the pool
        failure = StoreUnavailable(f"oceanbase engine unavailable ({type(error).__name__})")
    except (OSError, EOFError) as error:
        failure = StoreUnavailable(f"oceanbase engine unavailable ({type(error).__name__})")
    if failure is not None:
        raise failure from None


class _Retry(PcreceiptError):
    """A write lost a race that a fresh attempt resolves (unique key, deadlock)."""


class _Conn:
    """A checked-out connection with positional (``%s``) statement helpers."""

    __slots__ = ("raw",)

    def __init__(self, raw: Connection) -> None:
        self.raw = raw

    def run(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.raw.exec_driver_sql(sql, tuple(params))

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        for start in range(0, len(rows), INSERT_BATCH):
            batch = [tuple(row) for row in rows[start : start + INSERT_BATCH]]
            if batch:
                self.raw.exec_driver_sql(sql, batch)

    def first(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.run(sql, params).first()

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(self.run(sql, params).all())

    def insert_id(self, sql: str, params: Sequence[Any]) -> int:
        return int(self.run(sql, params).lastrowid)


# -- rows


_REVISION_SELECT = """
    SELECT r.scope_id, r.family, r.artifact_id, r.revision, r.content, r.content_digest, r.created_at,
           r.derived_from, a.prompt_key
    FROM revisions r JOIN artifacts a
      ON a.scope_id = r.scope_id AND a.family = r.family AND a.artifact_id = r.artifact_id"""


def _dialect(sql: str) -> str:
    """Shared qmark SQL in the driver's ``%s`` style (shared statements hold no literal ``?`` or ``%``)."""
    return sql.replace("?", "%s")


def _placeholders(count: int) -> str:
    return ", ".join(["%s"] * count)


class OceanBaseStore(StoreEngine[_Conn, _Prepared]):
    """``Store`` over one OceanBase (or seekdb) database. Thread-safe: connections come from a pool."""

    engine = "oceanbase"
    revision_select = _REVISION_SELECT
    vector_search_available = True

    def __init__(
        self,
        url: str | OceanBaseSettings,
        *,
        vector_dimensions: int | None = None,
        create_database: bool = True,
    ) -> None:
        """Connect, create the database when missing (``create_database``) and apply missing migrations.

        ``vector_dimensions``, when given, is the one dimension every embedding profile must have.
        """
        if vector_dimensions is not None and vector_dimensions < 1:
            raise InvalidInputError("vector_dimensions must be positive")
        self._settings = url if isinstance(url, OceanBaseSettings) else parse_oceanbase_url(url)
        self._vector_dimensions = vector_dimensions
        self._vector_tables: dict[tuple[str, int], str] = {}
        self._tables_lock = threading.Lock()
        self._closed = False
        if create_database:
            self._create_database()
        self._engine = self._make_engine(self._settings.database)
        try:
            self._migrate()
        except BaseException:
            self.close()
            raise

    def __repr__(self) -> str:
        settings = self._settings
        return f"OceanBaseStore({settings.host}:{settings.port}/{settings.database})"

    # -- connections and transactions

    def _make_engine(self, database: str | None, *, pooled: bool = True) -> Engine:
        settings = self._settings
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
            else {"poolclass": _null_pool()}
        )
        engine = create_engine(
            url,
            connect_args={
                "connect_timeout": settings.connect_timeout,
                "read_timeout": settings.read_timeout,
                "write_timeout": settings.write_timeout,
            },
            isolation_level="AUTOCOMMIT",
            hide_parameters=True,
            logging_name="pcreceipt.oceanbase",
            **pool,
        )
        session_setup = (
            f"SET SESSION ob_query_timeout = {int(settings.query_timeout * 1_000_000)},"
            f" ob_trx_lock_timeout = {int(settings.lock_timeout * 1_000_000)},"
            " transaction_isolation = 'READ-COMMITTED', time_zone = '+00:00'"
        )

        def on_connect(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            try:
                cursor.execute(session_setup)
            finally:
                cursor.close()

        event.listen(engine, "connect", on_connect)
        return engine

    def _create_database(self) -> None:
        engine = self._make_engine(None, pooled=False)
        try:
            with _translated_errors(), engine.connect() as raw:
                raw.exec_driver_sql(
                    f"CREATE DATABASE IF NOT EXISTS `{self._settings.database}` DEFAULT CHARACTER SET utf8mb4"
                )
        finally:
            engine.dispose()

    @contextmanager
    def _connection(self) -> Iterator[_Conn]:
        if self._closed:
            raise StoreUnavailable("the store is closed")
        with _translated_errors(), self._engine.connect() as raw:
            yield _Conn(raw)

    def _write(self, work: Callable[[_Conn], T]) -> T:
        """Run ``work`` in one transaction: committed when it returns, rolled back on any error;
        retried whole (up to ``WRITE_ATTEMPTS``) when it lost a race on a unique key or a deadlock."""
        for attempt in range(1, WRITE_ATTEMPTS + 1):
            try:
                return self._write_once(work)
            except _Retry:
                if attempt == WRITE_ATTEMPTS:
                    raise StoreUnavailable("a write kept conflicting with concurrent writes") from None
                time.sleep(0.01 * attempt)
        raise AssertionError("unreachable")

    def _write_once(self, work: Callable[[_Conn], T]) -> T:
        with self._connection() as conn:
            conn.run("START TRANSACTION")
            try:
                result = work(conn)
            except sa_exc.DBAPIError as error:
                self._rollback(conn)
                if _error_code(error) in _RETRYABLE_CODES:
                    raise _Retry from None
                raise
            except BaseException:
                self._rollback(conn)
                raise
            conn.run("COMMIT")
            return result

    @staticmethod
    def _rollback(conn: _Conn) -> None:
        try:
            conn.run("ROLLBACK")
        except sa_exc.SQLAlchemyError:
            conn.raw.invalidate()

    @contextmanager
    def _snapshot(self) -> Iterator[_Conn]:
        """One REPEATABLE READ read-only transaction: every statement sees the same snapshot."""
        with self._connection() as conn:
            conn.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            conn.run("START TRANSACTION READ ONLY")
            try:
                yield conn
            finally:
                self._rollback(conn)

    def _reading(self) -> AbstractContextManager[_Conn]:
        return self._connection()

    def _snapshot_reading(self) -> AbstractContextManager[_Conn]:
        return self._snapshot()

    def _transact(self, work: Callable[[_Conn], T]) -> T:
        return self._write(work)

    def close(self) -> None:
        self._closed = True
        engine = getattr(self, "_engine", None)
        if engine is not None:
            engine.dispose()

    # -- migrations

    def _migrate(self) -> None:
        """Apply the missing migrations (idempotent statements; versions recorded after they ran)."""
        with self._connection() as conn:
            conn.run(
                """CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INT PRIMARY KEY,
                    name VARCHAR(255) NOT NULL,
                    applied_at VARCHAR(40) NOT NULL
                )"""
            )
            applied = {int(row[0]) for row in conn.all("SELECT version FROM schema_migrations")}
            if applied - {migration.version for migration in MIGRATIONS}:
                raise StoreUnavailable("the database schema is newer than this runtime")
            for migration in MIGRATIONS:
                if migration.version in applied:
                    continue
                for statement in migration.statements:
                    conn.run(statement)
                conn.run(
                    """INSERT INTO schema_migrations (version, name, applied_at) VALUES (%s, %s, %s)
                       ON DUPLICATE KEY UPDATE version = version""",
                    (migration.version, migration.name, utc_now()),
                )

    def applied_migrations(self) -> list[int]:
        """The schema versions recorded in this database, in order."""
        with self._connection() as conn:
            return [int(row[0]) for row in conn.all("SELECT version FROM schema_migrations ORDER BY version")]

    # -- Scopes

    def _scope_by_key(self, conn: _Conn, idempotency_key: str) -> Any:
        return conn.first(SCOPE_SELECT + " WHERE idempotency_sha = %s", (_sha(idempotency_key),))

    def _insert_scope(self, conn: _Conn, scope: Scope, idempotency_key: str) -> None:
        conn.run(
            """INSERT INTO scopes (scope_id, idempotency_sha, idempotency_key, title, summary, parent_scope_id,
                                   context_references, external_references, version)
               VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)""",
            (
                scope.scope_id,
                _sha(idempotency_key),
                idempotency_key,
                scope.title,
                scope.summary,
                scope.parent_scope_id,
                _json(list(scope.context_references)),
                _json(list(scope.external_references)),
                scope.version,
            ),
        )

    def _check_scope_links(self, conn: _Conn, scope: Scope) -> None:
        parent = [scope.parent_scope_id] if scope.parent_scope_id is not None else []
        linked = list(dict.fromkeys([*scope.context_references, *parent]))
        existing: set[str] = set()
        if linked:
            existing = {
                _str(row[0])
                for row in conn.all(
                    f"SELECT scope_id FROM scopes WHERE scope_id IN ({_placeholders(len(linked))})", linked
                )
            }
        rules.check_context_references(scope.scope_id, scope.context_references, existing)
        if scope.parent_scope_id is not None and scope.parent_scope_id not in existing:
            raise NotFoundError("the parent Scope does not exist")

    def _lock_scope(self, conn: _Conn, scope_id: str, *, required: bool = True) -> bool:
        """Lock the Scope's row for this transaction (serialising the Scope's writers)."""
        found = conn.first("SELECT 1 FROM scopes WHERE scope_id = %s FOR UPDATE", (scope_id,)) is not None
        if required and not found:
            raise NotFoundError("the Scope does not exist")
        return found

    # -- statement hooks of StoreEngine (its qmark SQL becomes the driver's ``%s``)

    def _run(self, conn: _Conn, sql: str, params: Sequence[Any] = ()) -> None:
        conn.run(_dialect(sql), params)

    def _run_many(self, conn: _Conn, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        conn.many(_dialect(sql), rows)

    def _all(self, conn: _Conn, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return conn.all(_dialect(sql), params)

    def _first(self, conn: _Conn, sql: str, params: Sequence[Any] = ()) -> Any:
        return conn.first(_dialect(sql), params)

    def _insert_id(self, conn: _Conn, sql: str, params: Sequence[Any]) -> int:
        return conn.insert_id(_dialect(sql), params)

    # -- artifacts: writes

    def create_artifacts(
        self, scope_id: str, family: ArtifactFamily, items: Sequence[NewArtifact]
    ) -> list[RevisionRecord]:
        """Create every item in order in one transaction: all of them or none."""
        check_new_artifacts(family, items)
        prepared = self._prepare_many(scope_id, family, [(item.content, item.embedding) for item in items])
        self._ensure_vector_tables(prepared)
        now = utc_now()

        def work(conn: _Conn) -> list[RevisionRecord]:
            self._lock_scope(conn, scope_id)
            if family not in ("profile", "prompt") and len(items) > 1:
                return self._insert_batch(conn, scope_id, family, items, prepared, now)
            return [
                self._insert_new(conn, scope_id, family, item, content, now)
                for item, content in zip(items, prepared, strict=True)
            ]

        return self._write(work)

    def _insert_batch(
        self,
        conn: _Conn,
        scope_id: str,
        family: ArtifactFamily,
        items: Sequence[NewArtifact],
        prepared: Sequence[_Prepared],
        now: str,
    ) -> list[RevisionRecord]:
        """Revision 1 of many new artifacts (no profile or prompt) in a few multi-row statements;
        the same outcome as ``_insert_new`` per item (all inside the caller's transaction)."""
        ids = [item.artifact_id or new_artifact_id() for item in items]
        if len(set(ids)) != len(ids) or self._existing_ids(conn, scope_id, family, ids):
            raise ConflictError("the artifact_id is already taken", reason="already_exists")
        atomic = family == "atomic-memory"
        conn.many(
            """INSERT INTO artifacts (scope_id, family, artifact_id, head_revision, state, state_version)
               VALUES (%s, %s, %s, 1, %s, %s)""",
            [(scope_id, family, artifact_id, *(("active", 0) if atomic else (None, None))) for artifact_id in ids],
        )
        conn.many(
            """INSERT INTO revisions (scope_id, family, artifact_id, revision, content, content_digest, created_at,
                                      derived_from)
               VALUES (%s, %s, %s, 1, %s, %s, %s, '[]')""",
            [
                (scope_id, family, artifact_id, item.content_json, item.content_digest, now)
                for artifact_id, item in zip(ids, prepared, strict=True)
            ],
        )
        if family in SEARCHABLE_FAMILIES:
            revision_pks = self._keys_by_artifact(
                conn, "SELECT artifact_id, revision_pk FROM revisions", scope_id, family, ids, " AND revision = 1"
            )
            conn.many(
                """INSERT INTO search_docs (revision_pk, scope_id, family, artifact_id, terms, words, token_count)
                   VALUES (%s, %s, %s, %s, %s, %s, %s)""",
                [
                    (revision_pks[artifact_id], scope_id, family, artifact_id, *self._index_row(item))
                    for artifact_id, item in zip(ids, prepared, strict=True)
                ],
            )
            vectors = [(artifact_id, item.vector) for artifact_id, item in zip(ids, prepared, strict=True)]
            if any(vector is not None for _, vector in vectors):
                doc_ids = self._keys_by_artifact(
                    conn, "SELECT artifact_id, doc_id FROM search_docs", scope_id, family, ids, ""
                )
                self._store_vectors(conn, scope_id, family, vectors, doc_ids, revision_pks)
        return [
            RevisionRecord(
                ref=ArtifactRef(scope_id=scope_id, family=family, artifact_id=artifact_id, revision=1),
                content=item.content,
                content_digest=item.content_digest,
                created_at=now,
            )
            for artifact_id, item in zip(ids, prepared, strict=True)
        ]

    @staticmethod
    def _index_row(item: _Prepared) -> tuple[bytes, str, int]:
        if item.index is None:  # pragma: no cover - prepared for every searchable family
            raise StoreError("a searchable revision was prepared without its index text")
        return item.index.terms, item.index.words, item.index.token_count

    @staticmethod
    def _existing_ids(conn: _Conn, scope_id: str, family: str, ids: Sequence[str]) -> bool:
        for start in range(0, len(ids), INSERT_BATCH):
            batch = ids[start : start + INSERT_BATCH]
            if conn.first(
                f"""SELECT 1 FROM artifacts WHERE scope_id = %s AND family = %s
                    AND artifact_id IN ({_placeholders(len(batch))}) LIMIT 1""",
                (scope_id, family, *batch),
            ):
                return True
        return False

    @staticmethod
    def _keys_by_artifact(
        conn: _Conn, select: str, scope_id: str, family: str, ids: Sequence[str], extra: str
    ) -> dict[str, int]:
        """``artifact_id -> key`` from ``select`` (two columns) for these artifacts of the partition."""
        keys: dict[str, int] = {}
        for start in range(0, len(ids), INSERT_BATCH):
            batch = ids[start : start + INSERT_BATCH]
            rows = conn.all(
                f"""{select} WHERE scope_id = %s AND family = %s
                    AND artifact_id IN ({_placeholders(len(batch))}){extra}""",
                (scope_id, family, *batch),
            )
            keys.update({_str(artifact_id): int(key) for artifact_id, key in rows})
        return keys

    def _store_vectors(
        self,
        conn: _Conn,
        scope_id: str,
        family: str,
        vectors: Sequence[tuple[str, Vector | None]],
        doc_ids: Mapping[str, int],
        revision_pks: Mapping[str, int],
    ) -> None:
        """The new docs' vectors, profile by profile in first-use order (dimensions checked per vector)."""
        by_profile: dict[str, list[tuple[str, Vector]]] = {}
        for artifact_id, vector in vectors:
            if vector is not None:
                by_profile.setdefault(vector.profile, []).append((artifact_id, vector))
        for profile, members in by_profile.items():
            profile_id, table = self._ensure_profile(conn, profile, members[0][1].dimensions)
            if any(vector.dimensions != members[0][1].dimensions for _, vector in members):
                raise InvalidInputError("the vector's dimension is not the embedding profile's")
            conn.many(
                "INSERT INTO doc_embeddings (profile_id, doc_id) VALUES (%s, %s)",
                [(profile_id, doc_ids[artifact_id]) for artifact_id, _ in members],
            )
            conn.many(
                f"INSERT INTO {table} (doc_id, revision_pk, scope_id, family, embedding) VALUES (%s, %s, %s, %s, %s)",
                [
                    (doc_ids[artifact_id], revision_pks[artifact_id], scope_id, family, vector.blob)
                    for artifact_id, vector in members
                ],
            )

    def _prepare_many(
        self,
        scope_id: str,
        family: ArtifactFamily,
        items: Sequence[tuple[Mapping[str, Any], EmbeddingRow | None]],
    ) -> list[_Prepared]:
        """Normalise, digest, serialise and tokenize outside the transaction."""
        prepared: list[_Prepared] = []
        for content, embedding in items:
            vector = None if embedding is None else self._prepare_vector(family, embedding)
            normalized, content_json, digest = serialize_content(family, content)
            prepared.append(_Prepared(normalized, content_json, digest, vector, None))
        if family in SEARCHABLE_FAMILIES and prepared:
            texts = [searchable_text(family, item.content) for item in prepared]
            indexes = _index_texts(_partition(scope_id, family), [(text.title, text.body) for text in texts])
            prepared = [replace(item, index=index) for item, index in zip(prepared, indexes, strict=True)]
        return prepared

    def _prepare_write(
        self, scope_id: str, family: ArtifactFamily, content: Mapping[str, Any], embedding: EmbeddingRow | None
    ) -> _Prepared:
        prepared = self._prepare(scope_id, family, content, embedding)
        self._ensure_vector_tables([prepared])
        return prepared

    def _prepare(
        self, scope_id: str, family: ArtifactFamily, content: Mapping[str, Any], embedding: EmbeddingRow | None
    ) -> _Prepared:
        return self._prepare_many(scope_id, family, [(content, embedding)])[0]

    def _insert_artifact(
        self, conn: _Conn, scope_id: str, family: ArtifactFamily, artifact_id: str, prompt_key: str | None
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
            return _sha(prompt_key)
        return None

    def _singleton_head(
        self, conn: _Conn, scope_id: str, family: ArtifactFamily, prompt_key: str | None
    ) -> tuple[str, int] | None:
        key = self._singleton_key(family, prompt_key)
        if key is None:
            return None
        row = conn.first(
            """SELECT artifact_id, head_revision FROM artifacts
               WHERE scope_id = %s AND family = %s AND singleton_key = %s""",
            (scope_id, family, key),
        )
        return None if row is None else (_str(row[0]), int(row[1]))

    # -- artifacts: reads

    def find_prompt(self, scope_id: str, prompt_key: str) -> RevisionRecord | None:
        with self._connection() as conn:
            row = conn.first(
                _REVISION_SELECT + " WHERE r.scope_id = %s AND r.family = 'prompt' AND a.singleton_key = %s"
                " AND r.revision = a.head_revision",
                (scope_id, _sha(prompt_key)),
            )
        return None if row is None else _record_from_row(row)

    # -- full-text and vector index maintenance

    def _index(
        self,
        conn: _Conn,
        revision_pk: int,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        prepared: _Prepared,
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
            self._store_vector(conn, doc_id, revision_pk, scope_id, family, prepared.vector)

    def _unindex(self, conn: _Conn, scope_id: str, family: str, artifact_id: str) -> None:
        """Remove the artifact's searchable head (full text and vectors), if it has one."""
        row = conn.first(
            "SELECT doc_id FROM search_docs WHERE scope_id = %s AND family = %s AND artifact_id = %s",
            (scope_id, family, artifact_id),
        )
        if row is None:
            return
        doc_id = int(row[0])
        self._delete_vectors(conn, doc_id)
        conn.run("DELETE FROM search_docs WHERE doc_id = %s", (doc_id,))

    @staticmethod
    def _vector_table_name(profile: str, dimensions: int) -> str:
        return f"vec_{_sha(profile)[:16]}_{int(dimensions)}"

    def _ensure_vector_tables(self, prepared: Sequence[_Prepared]) -> None:
        """Create the vector tables these writes may need, before their transaction (DDL commits)."""
        wanted = {(item.vector.profile, item.vector.dimensions) for item in prepared if item.vector is not None}
        for profile, dimensions in wanted - self._vector_tables.keys():
            table = self._vector_table_name(profile, dimensions)
            with self._connection() as conn:
                row = conn.first("SELECT dimensions FROM embedding_profiles WHERE profile_sha = %s", (_sha(profile),))
                if row is not None and int(row[0]) != dimensions:
                    continue  # the write itself refuses the dimension
                if row is None:
                    conn.run(_vector_table_ddl(table, dimensions))
            with self._tables_lock:
                self._vector_tables[(profile, dimensions)] = table

    def _store_vector(
        self,
        conn: _Conn,
        doc_id: int,
        revision_pk: int,
        scope_id: str,
        family: str,
        vector: Vector,
        *,
        overwrite: bool = False,
    ) -> None:
        """Put the doc's vector in the profile's table (``overwrite``: replace an existing one)."""
        profile_id, table = self._ensure_profile(conn, vector.profile, vector.dimensions)
        if overwrite:
            conn.run("DELETE FROM doc_embeddings WHERE profile_id = %s AND doc_id = %s", (profile_id, doc_id))
            conn.run(f"DELETE FROM {table} WHERE doc_id = %s", (doc_id,))
        conn.run("INSERT INTO doc_embeddings (profile_id, doc_id) VALUES (%s, %s)", (profile_id, doc_id))
        conn.run(
            f"INSERT INTO {table} (doc_id, revision_pk, scope_id, family, embedding) VALUES (%s, %s, %s, %s, %s)",
            (doc_id, revision_pk, scope_id, family, vector.blob),
        )

    def _ensure_profile(self, conn: _Conn, profile: str, dimensions: int) -> tuple[int, str]:
        """The profile's id and table, registering it on first use; its dimension must match."""
        row = conn.first(
            "SELECT profile_id, dimensions, table_name FROM embedding_profiles WHERE profile_sha = %s", (_sha(profile),)
        )
        if row is not None:
            if int(row[1]) != dimensions:
                raise InvalidInputError("the vector's dimension is not the embedding profile's")
            return int(row[0]), _str(row[2])
        table = self._vector_tables.get((profile, dimensions))
        if table is None:  # pragma: no cover - _ensure_vector_tables ran before the transaction
            raise StoreError("the embedding profile's vector table was not prepared")
        profile_id = conn.insert_id(
            "INSERT INTO embedding_profiles (profile_sha, profile, table_name, dimensions) VALUES (%s, %s, %s, %s)",
            (_sha(profile), profile, table, dimensions),
        )
        return profile_id, table

    @staticmethod
    def _delete_vectors(conn: _Conn, doc_id: int) -> None:
        rows = conn.all(
            """SELECT p.table_name FROM doc_embeddings e JOIN embedding_profiles p ON p.profile_id = e.profile_id
               WHERE e.doc_id = %s""",
            (doc_id,),
        )
        for (table,) in rows:
            conn.run(f"DELETE FROM {_str(table)} WHERE doc_id = %s", (doc_id,))
        if rows:
            conn.run("DELETE FROM doc_embeddings WHERE doc_id = %s", (doc_id,))

    # -- search

    def search_text(
        self, scope_id: str, family: HistoryFamily, query: str, limit: int, *, match: TextMatch = "any"
    ) -> list[Hit]:
        """Searchable heads matching the query's phrases (exactly SQLite's set), most phrases matched
        first, then OceanBase relevance; [] for a query without terms."""
        if limit <= 0 or family not in SEARCHABLE_FAMILIES:
            return []
        compiled = _compile_text_query(query, match, _partition(scope_id, family))
        if compiled is None:
            return []
        sql, params = _ranked_sql(
            compiled, "search_docs", "doc_id", "revision_pk", {"scope_id": scope_id, "family": family}, limit
        )
        with self._connection() as conn:
            ranked = [int(row[0]) for row in conn.all(sql, params)]
            return self._hits_by_revision(conn, ranked)

    @staticmethod
    def _hits_by_revision(conn: _Conn, revision_pks: Sequence[int]) -> list[Hit]:
        """Hits for these revisions, in this order. Revisions are immutable, so reading them after
        the ranking statement returns exactly what that statement's snapshot held."""
        if not revision_pks:
            return []
        rows = conn.all(
            f"""SELECT revision_pk, scope_id, family, artifact_id, revision, content FROM revisions
                WHERE revision_pk IN ({_placeholders(len(revision_pks))})""",
            revision_pks,
        )
        by_pk = {int(row[0]): _hit_from_row(row[1:]) for row in rows}
        return [by_pk[pk] for pk in revision_pks]

    def search_vector(
        self, scope_id: str, family: HistoryFamily, vector: Sequence[float], profile: str, limit: int
    ) -> list[Hit]:
        """Nearest searchable heads of the Scope and family by cosine distance (HNSW, exact when small)."""
        blob = _vector_blob(vector)
        if limit <= 0 or family not in SEARCHABLE_FAMILIES:
            return []
        k = min(limit, VEC0_MAX_K)
        with self._connection() as conn:
            row = conn.first(
                "SELECT dimensions, table_name FROM embedding_profiles WHERE profile_sha = %s", (_sha(profile),)
            )
            if row is None:
                return []
            if int(row[0]) != len(vector):
                raise InvalidInputError("the query vector's dimension is not the embedding profile's")
            table = _str(row[1])
            candidates = min(max(KNN_OVERSAMPLING * k, KNN_MIN_CANDIDATES), VEC0_MAX_K)
            rows = conn.all(
                f"""SELECT revision_pk FROM (
                        SELECT revision_pk, doc_id, scope_id, family, cosine_distance(embedding, %s) AS distance
                        FROM {table} ORDER BY cosine_distance(embedding, %s) APPROXIMATE LIMIT %s
                    ) nearest
                    WHERE scope_id = %s AND family = %s ORDER BY distance, doc_id LIMIT %s""",
                (blob, blob, candidates, scope_id, family, k),
            )
            if len(rows) < k:
                rows = conn.all(
                    f"""SELECT revision_pk, cosine_distance(embedding, %s) AS distance, doc_id FROM {table}
                        WHERE scope_id = %s AND family = %s ORDER BY distance, doc_id LIMIT %s""",
                    (blob, scope_id, family, k),
                )
            return self._hits_by_revision(conn, [int(row[0]) for row in rows])

    def has_searchable(self, scope_id: str, family: HistoryFamily) -> bool:
        """Whether the family has any searchable head in the Scope (one probe of the partition index)."""
        with self._connection() as conn:
            row = conn.first(
                "SELECT 1 FROM search_docs WHERE scope_id = %s AND family = %s LIMIT 1", (scope_id, family)
            )
        return row is not None

    def artifacts_missing_embedding(self, profile: str, limit: int) -> list[RevisionRecord]:
        """Searchable heads without a vector for ``profile``, oldest first (for backfill)."""
        with self._connection() as conn:
            rows = conn.all(
                _REVISION_SELECT
                + """ JOIN search_docs d ON d.revision_pk = r.revision_pk
                     WHERE NOT EXISTS (
                         SELECT 1 FROM doc_embeddings e JOIN embedding_profiles p ON p.profile_id = e.profile_id
                         WHERE p.profile_sha = %s AND e.doc_id = d.doc_id)
                     ORDER BY d.doc_id LIMIT %s""",
                (_sha(profile), max(limit, 0)),
            )
        return [_record_from_row(row) for row in rows]

    def put_embedding(self, ref: ArtifactRef, embedding: EmbeddingRow) -> None:
        """Store (or overwrite) the vector of a searchable head."""
        vector = self._prepare_vector(ref.family, embedding)
        self._ensure_vector_tables([_Prepared({}, "", "", vector, None)])

        def work(conn: _Conn) -> None:
            self._lock_scope(conn, ref.scope_id, required=False)
            row = conn.first(
                """SELECT d.doc_id, r.revision, r.revision_pk FROM search_docs d
                   JOIN revisions r ON r.revision_pk = d.revision_pk
                   WHERE d.scope_id = %s AND d.family = %s AND d.artifact_id = %s""",
                (ref.scope_id, ref.family, ref.artifact_id),
            )
            self._require_searchable_head(conn, ref, row)
            self._store_vector(conn, int(row[0]), int(row[2]), ref.scope_id, ref.family, vector, overwrite=True)

        self._write(work)

    # -- code workspaces

    def _set_current_workspace(self, conn: _Conn, scope_id: str, fingerprint: str) -> None:
        conn.run(
            """INSERT INTO current_workspaces (scope_id, fingerprint) VALUES (%s, %s)
               ON DUPLICATE KEY UPDATE fingerprint = VALUES(fingerprint)""",
            (scope_id, fingerprint),
        )

    def _store_workspace(self, conn: _Conn, workspace: Workspace, entries: Sequence[FileEntry]) -> None:
        known = set()
        shas = sorted({entry.file_sha256 for entry in entries})
        for start in range(0, len(shas), INSERT_BATCH):
            batch = shas[start : start + INSERT_BATCH]
            known |= {
                _str(row[0])
                for row in conn.all(
                    f"SELECT file_sha256 FROM code_blobs WHERE file_sha256 IN ({_placeholders(len(batch))})", batch
                )
            }
        new_blobs = {entry.file_sha256: entry for entry in entries if entry.file_sha256 not in known}
        conn.many(
            "INSERT INTO code_blobs (file_sha256, content, line_count) VALUES (%s, %s, %s)",
            [(entry.file_sha256, entry.data, len(entry.lines)) for entry in new_blobs.values()],
        )
        conn.run(
            """INSERT INTO workspaces (scope_id, fingerprint, files, `lines`, skipped, indexed_at)
               VALUES (%s, %s, %s, %s, %s, %s)
               ON DUPLICATE KEY UPDATE skipped = VALUES(skipped), indexed_at = VALUES(indexed_at)""",
            (
                workspace.scope_id,
                workspace.fingerprint,
                workspace.files,
                workspace.lines,
                workspace.skipped,
                workspace.indexed_at,
            ),
        )
        conn.many(
            """INSERT INTO workspace_files (scope_id, fingerprint, path, file_sha256) VALUES (%s, %s, %s, %s)
               ON DUPLICATE KEY UPDATE file_sha256 = VALUES(file_sha256)""",
            [(workspace.scope_id, workspace.fingerprint, entry.path, entry.file_sha256) for entry in entries],
        )

    def _replace_code_chunks(self, conn: _Conn, scope_id: str, entries: Sequence[FileEntry]) -> None:
        """Re-chunk only what changed: chunks of vanished (path, file) pairs go, new pairs are chunked."""
        indexed = {
            (_str(path), _str(sha))
            for path, sha in conn.all(
                "SELECT DISTINCT path, file_sha256 FROM code_chunks WHERE scope_id = %s", (scope_id,)
            )
        }
        wanted = {(entry.path, entry.file_sha256): entry for entry in entries}
        for path, sha in sorted(indexed - wanted.keys()):
            conn.run(
                "DELETE FROM code_chunks WHERE scope_id = %s AND path = %s AND file_sha256 = %s", (scope_id, path, sha)
            )
        chunks: list[tuple[FileEntry, int, int]] = [
            (wanted[key], start, end)
            for key in sorted(wanted.keys() - indexed)
            for start, end in chunk_ranges(len(wanted[key].lines))
        ]
        for first in range(0, len(chunks), INSERT_BATCH):
            batch = chunks[first : first + INSERT_BATCH]
            pairs = [(entry.path, "\n".join(entry.lines[start - 1 : end])) for entry, start, end in batch]
            texts = _index_texts(_partition(scope_id), pairs)
            conn.many(
                """INSERT INTO code_chunks (scope_id, path, file_sha256, start_line, end_line, terms, words,
                                            token_count)
                   VALUES (%s, %s, %s, %s, %s, %s, %s, %s)""",
                [
                    (
                        scope_id,
                        entry.path,
                        entry.file_sha256,
                        start,
                        end,
                        text.terms,
                        text.words,
                        text.token_count,
                    )
                    for (entry, start, end), text in zip(batch, texts, strict=True)
                ],
            )

    def get_workspace(self, scope_id: str) -> Workspace | None:
        with self._connection() as conn:
            row = conn.first(
                """SELECT w.scope_id, w.fingerprint, w.files, w.`lines`, w.skipped, w.indexed_at
                   FROM current_workspaces c
                   JOIN workspaces w ON w.scope_id = c.scope_id AND w.fingerprint = c.fingerprint
                   WHERE c.scope_id = %s""",
                (scope_id,),
            )
        if row is None:
            return None
        return Workspace(
            scope_id=_str(row[0]),
            fingerprint=_str(row[1]),
            files=int(row[2]),
            lines=int(row[3]),
            skipped=int(row[4]),
            indexed_at=_str(row[5]),
        )

    def query_code(self, scope_id: str, query: str, limit: int) -> list[CodeHit]:
        """Best-matching 40-line windows of the current workspace; a window overlapping a better
        hit in the same file is dropped, so hits never repeat lines."""
        compiled = _compile_text_query(query, "any", _partition(scope_id))
        if compiled is None or limit <= 0:
            return []
        sql, params = _ranked_sql(
            compiled,
            "code_chunks",
            "chunk_id",
            "path, file_sha256, start_line, end_line",
            {"scope_id": scope_id},
            limit * CODE_CANDIDATES_PER_HIT,
        )
        with self._snapshot() as conn:
            current = conn.first("SELECT fingerprint FROM current_workspaces WHERE scope_id = %s", (scope_id,))
            if current is None:
                return []
            rows = conn.all(sql, params)
            ranges = _non_overlapping([(_str(r[0]), _str(r[1]), int(r[2]), int(r[3])) for r in rows], limit)
            lines_by_file = {sha: self._blob_lines(conn, sha) for sha in {sha for _, sha, _, _ in ranges}}
        fingerprint = _str(current[0])
        return [
            CodeHit(scope_id, fingerprint, path, sha, start, end, tuple(lines_by_file[sha][start - 1 : end]))
            for path, sha, start, end in ranges
        ]

    def _code_file(self, conn: _Conn, scope_id: str, fingerprint: str, path: str, file_sha256: str) -> Any:
        return conn.first(
            """SELECT b.content, b.line_count
               FROM workspace_files f JOIN code_blobs b ON b.file_sha256 = f.file_sha256
               WHERE f.scope_id = %s AND f.fingerprint = %s AND f.path = %s AND f.file_sha256 = %s""",
            (scope_id, fingerprint, path, file_sha256),
        )

    # -- API tokens

    def _token_records(self, conn: _Conn, where: str, parameters: Sequence[Any]) -> list[TokenRecord]:
        rows = conn.all(
            "SELECT token_id, token_sha256, name, created_at, revoked_at FROM api_tokens"
            f" {_dialect(where)} ORDER BY created_at, token_id",
            parameters,
        )
        grants: dict[str, list[TokenGrant]] = {_str(row[0]): [] for row in rows}
        ids = list(grants)
        for start in range(0, len(ids), INSERT_BATCH):
            batch = ids[start : start + INSERT_BATCH]
            for token_id, scope_id, access in conn.all(
                "SELECT token_id, scope_id, access FROM api_token_grants"
                f" WHERE token_id IN ({_placeholders(len(batch))}) ORDER BY token_id, scope_id",
                batch,
            ):
                grants[_str(token_id)].append(TokenGrant(_str(scope_id), cast(Any, _str(access))))
        return token_records(rows, grants)

    # -- maintenance

    def check_integrity(self) -> list[str]:
        """Problems found (content-free); empty when the database is consistent."""
        problems: list[str] = []
        with self._snapshot() as conn:
            problems.extend(self._consistency_problems(conn, _CONSISTENCY_CHECKS))
            for profile_id, table in conn.all("SELECT profile_id, table_name FROM embedding_profiles"):
                name = _str(table)
                stray = conn.first(
                    f"""SELECT count(*) FROM {name} v WHERE NOT EXISTS (
                            SELECT 1 FROM doc_embeddings e WHERE e.profile_id = %s AND e.doc_id = v.doc_id)""",
                    (profile_id,),
                )[0]
                missing = conn.first(
                    f"""SELECT count(*) FROM doc_embeddings e WHERE e.profile_id = %s
                        AND NOT EXISTS (SELECT 1 FROM {name} v WHERE v.doc_id = e.doc_id)""",
                    (profile_id,),
                )[0]
                if stray or missing:
                    problems.append(f"vector table {name}: {stray} stray and {missing} missing vectors")
        return problems


def _null_pool() -> Any:
    from sqlalchemy.pool import NullPool

    return NullPool


_CONSISTENCY_CHECKS: tuple[tuple[str, str], ...] = (
    TOKENS_WITHOUT_GRANT,
    REVISIONS_NOT_ONE_TO_HEAD,
    REVISIONS_WITHOUT_ARTIFACT,
    (
        "revisions of unknown Scopes",
        "SELECT count(*) FROM revisions r WHERE NOT EXISTS (SELECT 1 FROM scopes s WHERE s.scope_id = r.scope_id)",
    ),
    SEARCHABLE_HEADS_UNINDEXED,
    SEARCH_ENTRIES_NOT_HEADS,
    (
        "vector records of docs that are not indexed",
        """SELECT count(*) FROM doc_embeddings e
           WHERE NOT EXISTS (SELECT 1 FROM search_docs d WHERE d.doc_id = e.doc_id)""",
    ),
    ATOMIC_LIFECYCLE_INCONSISTENT,
    (
        "current workspace files without code chunks",
        """SELECT count(*) FROM current_workspaces w
           JOIN workspace_files f ON f.scope_id = w.scope_id AND f.fingerprint = w.fingerprint
           JOIN code_blobs b ON b.file_sha256 = f.file_sha256
           WHERE b.line_count > 0 AND NOT EXISTS (SELECT 1 FROM code_chunks c
               WHERE c.scope_id = f.scope_id AND c.path = f.path AND c.file_sha256 = f.file_sha256)""",
    ),
    (
        "code chunks outside the current workspace",
        """SELECT count(*) FROM code_chunks c WHERE NOT EXISTS (
               SELECT 1 FROM current_workspaces w
               JOIN workspace_files f ON f.scope_id = w.scope_id AND f.fingerprint = w.fingerprint
               WHERE f.scope_id = c.scope_id AND f.path = c.path AND f.file_sha256 = c.file_sha256)""",
    ),
    (
        "workspace files without their blob",
        """SELECT count(*) FROM workspace_files f
           WHERE NOT EXISTS (SELECT 1 FROM code_blobs b WHERE b.file_sha256 = f.file_sha256)""",
    ),
)

if TYPE_CHECKING:
    _CONFORMS_TO_STORE: type[Store] = OceanBaseStore  # mypy checks the engine against the protocol
