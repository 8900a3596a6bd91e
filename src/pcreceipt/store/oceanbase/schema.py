"""The OceanBase engine's schema: versioned migrations, vector tables and consistency checks.

Decisions:
- Migrations (``pcreceipt.store.migrations``) are versioned in ``schema_migrations``; DDL
  cannot be transactional here (it commits implicitly), so every migration statement is
  idempotent (``IF NOT EXISTS``) and a version is recorded only after all its statements ran; a
  database with an unknown version is refused. Servers opening one database at once migrate it
  one after the other: ``migrate`` holds the row of ``migration_lock`` (``FOR UPDATE``) in a
  transaction on a session of its own, beside the session running the DDL (whose implicit
  commits would end it), while it reads the applied versions and runs the missing ones, so a
  second server waits, then finds nothing left to do. The row is created once, looked up first
  without a lock: an ``INSERT IGNORE`` of a row another server holds waits for it, and its lock
  wait timeout (1205) once stopped a server's start in CI. Not ``GET_LOCK``: on seekdb a named lock
  outlives its session for minutes (``_migration_lock``). A table the other server just created
  can still be unknown to this session for a moment (error 1146, seen in the tests): the
  idempotent migration is then run again after a short wait (up to 10 s).
- Identifiers (ids, families, paths, hashes) are VARBINARY: byte-exact comparison and order
  like SQLite's BINARY collation, and no PAD SPACE (``'a' = 'a '`` in every MySQL collation).
- Full text is indexed as hash words under a ``FULLTEXT`` index ``WITH PARSER space`` beside the
  exact token strings (``oceanbase.search``).
- One vector table per (embedding profile, dimension), with a ``VECTOR(dim)`` column and an HNSW
  index (``distance=cosine``, ``sync_mode=immediate``: the default async sync hides fresh rows
  from approximate queries).
- Scope bindings (migration 3): keyed by (integration, kind, external_id) as VARBINARY sized in
  UTF-8 bytes, so keys compare byte for byte like SQLite's; the default pointer is the one row
  ``slot = 1`` of ``default_scope``.
- Sources (migration 6): as SQLite's (``store.sources``, ``store.statistics``); the source id is
  VARBINARY(1024) (256 code points in UTF-8) and found by its SHA-256 ``source_key``.
- Extractions (migration 7): as SQLite's ``source_extractions``.
- Cursor keys (migration 8), artifact tags (migration 9) and bootstrap receipt items
  (migration 10): as SQLite's.
- Named lineage (migration 11): as SQLite's ``revision_lineage``.
- Handoffs (migration 12): as SQLite's ``handoff_revisions``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from typing import TypeVar

from sqlalchemy import exc as sa_exc

from pcreceipt.store.ids import utc_now
from pcreceipt.store.integrity import (
    ATOMIC_LIFECYCLE_INCONSISTENT,
    LINEAGE_WITHOUT_REVISION,
    NAMED_LINEAGE_WITHOUT_REVISION,
    REVISIONS_NOT_ONE_TO_HEAD,
    REVISIONS_WITHOUT_ARTIFACT,
    SEARCH_ENTRIES_NOT_HEADS,
    SEARCHABLE_HEADS_UNINDEXED,
    SOURCE_POSITIONS_NOT_DENSE,
    TOKENS_WITHOUT_GRANT,
)
from pcreceipt.store.migrations import Migration, apply_missing
from pcreceipt.store.oceanbase.connection import Conn, error_code
from pcreceipt.store.records import StoreUnavailable

T = TypeVar("T")

FULLTEXT_PARSER = "space"
_TABLE_OPTIONS = "DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin"
_ID = "VARBINARY(256)"
_PATH = "VARBINARY(4096)"
_SHA = "VARBINARY(64)"
_SCOPE_REF = "VARBINARY(1024)"  # a Scope id a request names: up to 256 code points

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
    Migration(
        3,
        "Scope bindings and the default Scope",
        (
            # Sized in UTF-8 bytes for the contract's code points (128, 64, 256; Scope ids 256).
            f"""CREATE TABLE IF NOT EXISTS scope_bindings (
                integration VARBINARY(512) NOT NULL,
                kind VARBINARY(256) NOT NULL,
                external_id VARBINARY(1024) NOT NULL,
                scope_id {_SCOPE_REF} NOT NULL,
                updated_at VARBINARY(40) NOT NULL,
                PRIMARY KEY (integration, kind, external_id)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS default_scope (
                slot INT NOT NULL PRIMARY KEY,
                scope_id {_SCOPE_REF} NOT NULL,
                updated_at VARBINARY(40) NOT NULL
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        4,
        "the server identity (generated here, once)",
        (
            f"""CREATE TABLE IF NOT EXISTS server_identity (
                identity_key INT PRIMARY KEY,
                server_id VARBINARY(128) NOT NULL
            ) {_TABLE_OPTIONS}""",
            # INSERT IGNORE: a second server migrating concurrently keeps the first one's id.
            """INSERT IGNORE INTO server_identity (identity_key, server_id)
               VALUES (1, LOWER(MD5(CONCAT(UUID(), '/', RAND(), '/', NOW(6)))))""",
        ),
    ),
    Migration(
        5,
        "bootstrap delivery receipts of host events",
        (
            f"""CREATE TABLE IF NOT EXISTS bootstrap_receipts (
                receipt_id VARBINARY(64) PRIMARY KEY,
                scope_id {_ID} NOT NULL,
                event_key {_SHA} NOT NULL,
                request_digest VARBINARY(80) NOT NULL,
                state VARBINARY(16) NOT NULL,
                created_at VARCHAR(40) NOT NULL,
                UNIQUE KEY bootstrap_receipts_by_event (event_key)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        6,
        "Sources with their per-Scope positions, the extraction cursor, and daily prepare counters",
        (
            f"""CREATE TABLE IF NOT EXISTS sources (
                scope_id {_ID} NOT NULL,
                source_position BIGINT NOT NULL,
                source_key {_SHA} NOT NULL,
                source_id VARBINARY(1024) NOT NULL,
                origin VARBINARY(16) NOT NULL,
                content LONGTEXT NULL,
                metadata LONGTEXT NULL,
                identity_digest VARBINARY(80) NOT NULL,
                tokens BIGINT NOT NULL,
                target_family VARBINARY(32) NULL,
                target_artifact_id {_ID} NULL,
                target_revision INT NULL,
                created_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, source_position),
                UNIQUE KEY sources_by_key (scope_id, source_key),
                KEY sources_by_target (scope_id, target_family, target_artifact_id, target_revision)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS source_cursors (
                scope_id {_ID} PRIMARY KEY,
                processed BIGINT NOT NULL
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS recall_daily (
                scope_id {_ID} NOT NULL,
                usage_date VARCHAR(10) NOT NULL,
                estimator VARBINARY(64) NOT NULL,
                preparations BIGINT NOT NULL,
                ready_preparations BIGINT NOT NULL,
                comparable_preparations BIGINT NOT NULL,
                baseline_tokens BIGINT NOT NULL,
                recalled_tokens BIGINT NOT NULL,
                PRIMARY KEY (scope_id, usage_date, estimator)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        7,
        "the Atomic Memory each content Source was extracted into",
        (
            f"""CREATE TABLE IF NOT EXISTS source_extractions (
                scope_id {_ID} NOT NULL,
                source_position BIGINT NOT NULL,
                ordinal INT NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {_ID} NOT NULL,
                revision INT NOT NULL,
                PRIMARY KEY (scope_id, source_position, ordinal),
                KEY source_extractions_by_target (scope_id, family, artifact_id, revision)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        8,
        "the key that signs list cursors (written once, at first use)",
        (
            f"""CREATE TABLE IF NOT EXISTS cursor_keys (
                key_slot INT PRIMARY KEY,
                secret VARBINARY(128) NOT NULL
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        9,
        "artifact tags on logical identity",
        (
            # A tag is at most 64 code points and its key at most 128 (UTF-8: 4 bytes each).
            f"""CREATE TABLE IF NOT EXISTS artifact_tags (
                scope_id {_ID} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {_ID} NOT NULL,
                tag_key VARBINARY(512) NOT NULL,
                tag VARBINARY(256) NOT NULL,
                assigned_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, family, artifact_id, tag_key),
                KEY artifact_tags_by_key (scope_id, family, tag_key)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        10,
        "the items each bootstrap receipt delivered",
        (
            f"""CREATE TABLE IF NOT EXISTS bootstrap_receipt_items (
                receipt_id VARBINARY(64) NOT NULL,
                position INT NOT NULL,
                scope_id {_ID} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {_ID} NOT NULL,
                revision INT NOT NULL,
                content_digest VARBINARY(80) NOT NULL,
                truncated TINYINT NOT NULL,
                PRIMARY KEY (receipt_id, position)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        11,
        "the Source and artifact lineage a write names itself (a merge's source_refs and artifact_refs)",
        (
            f"""CREATE TABLE IF NOT EXISTS revision_lineage (
                scope_id {_ID} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {_ID} NOT NULL,
                revision INT NOT NULL,
                sources LONGTEXT NOT NULL,
                artifacts LONGTEXT NOT NULL,
                PRIMARY KEY (scope_id, family, artifact_id, revision)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        12,
        "committed Handoff revisions, one sequence per Scope (commit_handoff)",
        (
            f"""CREATE TABLE IF NOT EXISTS handoff_revisions (
                scope_id {_ID} NOT NULL,
                revision INT NOT NULL,
                content LONGTEXT NOT NULL,
                source_refs LONGTEXT NOT NULL,
                artifact_refs LONGTEXT NOT NULL,
                created_at VARBINARY(40) NOT NULL,
                PRIMARY KEY (scope_id, revision)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        13,
        "Experience and Skill candidates, their proposal versions, and approved managed Skills",
        (
            f"""CREATE TABLE IF NOT EXISTS candidates (
                scope_id {_ID} NOT NULL,
                candidate_id VARBINARY(128) NOT NULL,
                family VARBINARY(32) NOT NULL,
                status VARBINARY(16) NOT NULL,
                version INT NOT NULL,
                target LONGTEXT,
                result LONGTEXT,
                decision_reason LONGTEXT,
                created_at VARCHAR(40) NOT NULL,
                updated_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, candidate_id),
                KEY candidates_by_status (scope_id, status, candidate_id)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS candidate_versions (
                scope_id {_ID} NOT NULL,
                candidate_id VARBINARY(128) NOT NULL,
                version INT NOT NULL,
                proposal LONGTEXT NOT NULL,
                source_refs LONGTEXT NOT NULL,
                artifact_refs LONGTEXT NOT NULL,
                reason LONGTEXT,
                created_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, candidate_id, version)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS managed_skills (
                scope_id {_ID} NOT NULL,
                artifact_id {_ID} NOT NULL,
                revision INT NOT NULL,
                content LONGTEXT NOT NULL,
                source_refs LONGTEXT NOT NULL,
                artifact_refs LONGTEXT NOT NULL,
                created_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, artifact_id, revision)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        14,
        "artifact publications: one per target Scope and idempotency key (publish_artifact)",
        (
            f"""CREATE TABLE IF NOT EXISTS artifact_publications (
                target_scope_id {_ID} NOT NULL,
                idempotency_sha {_SHA} NOT NULL,
                idempotency_key LONGTEXT NOT NULL,
                source_scope_id {_ID} NOT NULL,
                source_family VARBINARY(32) NOT NULL,
                source_artifact_id {_ID} NOT NULL,
                source_revision INT NOT NULL,
                target_family VARBINARY(32) NOT NULL,
                target_artifact_id {_ID} NOT NULL,
                target_revision INT NOT NULL,
                content_digest VARBINARY(128) NOT NULL,
                created_at VARBINARY(40) NOT NULL,
                PRIMARY KEY (target_scope_id, idempotency_sha)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        15,
        "stable artifact handles, each bound once to an exact revision (bind_artifact_handle)",
        (
            # a handle's family and key are at most 128 printable ASCII characters (the path's bounds)
            f"""CREATE TABLE IF NOT EXISTS artifact_handles (
                scope_id {_ID} NOT NULL,
                family VARBINARY(128) NOT NULL,
                handle_key VARBINARY(128) NOT NULL,
                artifact_id {_ID} NOT NULL,
                revision INT NOT NULL,
                bound_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, family, handle_key)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        16,
        "Connector checkpoints: one opaque JSON value per (Scope, binding id), compare-and-set",
        (
            f"""CREATE TABLE IF NOT EXISTS connector_checkpoints (
                scope_id {_ID} NOT NULL,
                binding_id VARBINARY(1024) NOT NULL,
                connector_name VARBINARY(512) NOT NULL,
                connector_version VARBINARY(512) NOT NULL,
                checkpoint LONGBLOB NOT NULL,
                checkpoint_sha {_SHA} NOT NULL,
                generation BIGINT NOT NULL,
                PRIMARY KEY (scope_id, binding_id)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        17,
        "prepare counters as appended events, folded into recall_daily in batches (no shared row per prepare)",
        (
            f"""CREATE TABLE IF NOT EXISTS recall_events (
                event_id VARBINARY(32) NOT NULL PRIMARY KEY,
                scope_id {_ID} NOT NULL,
                usage_date VARCHAR(10) NOT NULL,
                estimator VARBINARY(64) NOT NULL,
                preparations BIGINT NOT NULL,
                ready_preparations BIGINT NOT NULL,
                comparable_preparations BIGINT NOT NULL,
                baseline_tokens BIGINT NOT NULL,
                recalled_tokens BIGINT NOT NULL,
                KEY recall_events_by_day (scope_id, usage_date, estimator)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        18,
        "Skill packages: the external Skill registry projection, canonical packages and their Source evidence",
        (
            f"""CREATE TABLE IF NOT EXISTS external_skill_registrations (
                scope_id {_ID} NOT NULL,
                external_skill_id VARBINARY(128) NOT NULL,
                host_id VARBINARY(512) NOT NULL,
                name VARBINARY(512) NOT NULL,
                registration LONGTEXT NOT NULL,
                PRIMARY KEY (scope_id, external_skill_id)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS skill_packages (
                scope_id {_ID} NOT NULL,
                archive_digest {_SHA} NOT NULL,
                reference LONGTEXT NOT NULL,
                manifest LONGTEXT NOT NULL,
                archive LONGBLOB NOT NULL,
                created_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, archive_digest)
            ) {_TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS skill_package_sources (
                scope_id {_ID} NOT NULL,
                source_name VARBINARY(64) NOT NULL,
                source_id VARBINARY(128) NOT NULL,
                evidence LONGTEXT NOT NULL,
                created_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, source_name, source_id)
            ) {_TABLE_OPTIONS}""",
        ),
    ),
)


def vector_table_ddl(table: str, dimensions: int) -> str:
    return f"""CREATE TABLE IF NOT EXISTS {table} (
        doc_id BIGINT NOT NULL PRIMARY KEY,
        revision_pk BIGINT NOT NULL,
        scope_id {_ID} NOT NULL,
        family VARBINARY(32) NOT NULL,
        embedding VECTOR({int(dimensions)}) NOT NULL,
        KEY {table}_by_partition (scope_id, family),
        VECTOR INDEX {table}_hnsw (embedding) WITH (distance = cosine, type = hnsw, lib = vsag, sync_mode = immediate)
    ) {_TABLE_OPTIONS}"""


#: how long a migrating server's lock outlives it when the database server is never told it is
#: gone (the lock's transaction timeout); a closed session or a killed process frees it at once
MIGRATION_LEASE_SECONDS = 120
#: how long a server waits for another's migration: past the lease, so a lost holder's lock expires first
MIGRATION_WAIT_SECONDS = 180
UNSEEN_TABLE_ATTEMPTS = 40
UNSEEN_TABLE_WAIT_SECONDS = 0.25
_NO_SUCH_TABLE = 1146
#: a bounded wait for the lock ran out: the lock wait timeout, or the statement's own timeout
#: (OceanBase's 4012, or 1317 as the server reports it) when ``query_timeout`` is the shorter
_WAITED_OUT = frozenset({1205, 4012, 1317})
_LOCK_TABLE = """CREATE TABLE IF NOT EXISTS migration_lock (
    name VARCHAR(64) NOT NULL PRIMARY KEY
)"""


def migrate(conn: Conn, lock_session: Callable[[], AbstractContextManager[Conn]]) -> list[int]:
    """Apply the missing migrations on ``conn`` while holding the database's migration lock on a
    session of its own (``lock_session``): one server at a time. StoreUnavailable when another
    server held the lock for ``MIGRATION_WAIT_SECONDS``."""
    if _fully_migrated(conn):
        return []  # nothing to apply: no lock and no DDL (versions are only ever added)
    with lock_session() as holder, _migration_lock(holder):
        return _until_seen(lambda: _migrate_locked(conn))


def _until_seen(work: Callable[[], T]) -> T:
    """Run idempotent ``work``, again after a short wait while a table another server just created
    is not yet visible to this session (error 1146)."""
    for attempt in range(1, UNSEEN_TABLE_ATTEMPTS + 1):
        try:
            return work()
        except sa_exc.DBAPIError as error:
            if error_code(error) != _NO_SUCH_TABLE or attempt == UNSEEN_TABLE_ATTEMPTS:
                raise
            time.sleep(UNSEEN_TABLE_WAIT_SECONDS)
    raise AssertionError("unreachable")


@contextmanager
def _migration_lock(holder: Conn) -> Iterator[None]:
    """Hold the row of ``migration_lock`` (``FOR UPDATE``, in a transaction of ``holder``'s session)
    for the block. A row lock, not ``GET_LOCK``: measured on seekdb, a named lock outlived its
    session (closed, killed, or its process killed) for minutes, over 400 s, while a row lock is
    freed as the session ends, and when the database server is never told (a network partition)
    as its transaction times out (``MIGRATION_LEASE_SECONDS``)."""

    def lock_row() -> None:
        holder.run(_LOCK_TABLE)
        # a plain read never waits; the insert would, on a duplicate key another server holds
        if holder.first("SELECT name FROM migration_lock WHERE name = 'migrate'") is not None:
            return
        try:
            holder.run("INSERT IGNORE INTO migration_lock (name) VALUES ('migrate')")
        except sa_exc.DBAPIError as error:
            # the insert waited out on a row another server inserted and holds: it exists, and
            # the wait for it follows
            if error_code(error) not in _WAITED_OUT:
                raise

    _until_seen(lock_row)
    holder.run(f"SET SESSION ob_trx_timeout = {MIGRATION_LEASE_SECONDS * 1_000_000}")
    deadline = time.monotonic() + MIGRATION_WAIT_SECONDS
    while True:  # each wait is bounded by the session's lock timeout: ask again until the deadline
        holder.run("START TRANSACTION")
        try:
            holder.first("SELECT name FROM migration_lock WHERE name = 'migrate' FOR UPDATE")
            break
        except sa_exc.DBAPIError as error:
            _end_transaction(holder)
            if error_code(error) not in _WAITED_OUT:
                raise
            if time.monotonic() >= deadline:
                raise StoreUnavailable("another server is migrating this database; try again") from None
    try:
        yield
    finally:
        _end_transaction(holder)


def _end_transaction(holder: Conn) -> None:
    """Roll back ``holder``'s transaction, releasing its lock. A lost session's lock went with it,
    and the loss, not a rollback that cannot run, is the error to report."""
    if not holder.raw.invalidated:
        with suppress(sa_exc.SQLAlchemyError):
            holder.run("ROLLBACK")


def _fully_migrated(conn: Conn) -> bool:
    """Whether every migration is recorded already (False when ``schema_migrations`` is missing).

    Read without the lock: a database whose versions are all recorded needs nothing, so a server
    opening it (the usual start, and every start after a database restart) takes no named lock and
    runs no DDL. Seen on this machine: right after a seekdb restart, the lock or a DDL statement
    could wait past the read timeout, while plain reads and writes were served."""
    try:
        applied = set(applied_versions(conn))
    except sa_exc.DBAPIError as error:
        if error_code(error) != _NO_SUCH_TABLE:
            raise
        return False
    # exactly the known versions: a version this runtime does not know (a newer schema) takes the
    # locked path, whose check refuses it
    return applied == {migration.version for migration in MIGRATIONS}


def _migrate_locked(conn: Conn) -> list[int]:
    """Apply the missing migrations (idempotent statements; versions recorded after they ran)."""
    conn.run(
        """CREATE TABLE IF NOT EXISTS schema_migrations (
            version INT PRIMARY KEY,
            name VARCHAR(255) NOT NULL,
            applied_at VARCHAR(40) NOT NULL
        )"""
    )
    return apply_missing(
        MIGRATIONS,
        applied_versions(conn),
        conn.run,
        lambda migration: conn.run(
            """INSERT INTO schema_migrations (version, name, applied_at) VALUES (%s, %s, %s)
               ON DUPLICATE KEY UPDATE version = version""",
            (migration.version, migration.name, utc_now()),
        ),
    )


def applied_versions(conn: Conn) -> list[int]:
    """The schema versions recorded in the database, in order."""
    return [int(row[0]) for row in conn.all("SELECT version FROM schema_migrations ORDER BY version")]


#: ``check_integrity``'s consistency checks: the shared ones and those of this schema's tables.
CONSISTENCY_CHECKS: tuple[tuple[str, str], ...] = (
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
    SOURCE_POSITIONS_NOT_DENSE,
    LINEAGE_WITHOUT_REVISION,
    NAMED_LINEAGE_WITHOUT_REVISION,
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
