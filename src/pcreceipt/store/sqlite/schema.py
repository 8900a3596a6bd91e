"""The SQLite engine's schema as an ordered list of versioned migrations (``store.migrations``).

Decisions:
- ``schema_migrations`` records each applied version; ``apply_migrations`` runs inside the
  caller's ``BEGIN IMMEDIATE`` transaction and applies only missing versions, so concurrent
  openers and repeated opens are harmless (idempotent). A database with a version this
  runtime does not know is refused rather than guessed at. ``MIGRATIONS`` is read when
  ``apply_migrations`` runs, so a test can stand in an older schema.
- Heads (``artifacts``) and immutable revisions (``revisions``) are separate tables; a revision
  row is never updated or deleted.
- ``search_docs`` holds exactly one row per *searchable head*; its ``doc_id`` is the rowid of
  the full-text row and the key of the vectors. ``AUTOINCREMENT`` keeps doc ids from ever being
  reused, so a vector left behind can never be mistaken for a newer head.
- Full text lives in contentless FTS5 tables (``contentless_delete=1``) over the segmented text
  (``pcreceipt.store.text.segment``); the revision table keeps the original. The ``part``
  column holds one token per (Scope, family), so a Scope-filtered search is an FTS5 AND with
  that token instead of a post-filter over every Scope's matches.
- Vector tables (``vec0``, one per embedding profile, partitioned by Scope and family) are
  created on first use, because their dimension is the profile's; ``embedding_profiles`` maps
  profile name to table and dimension, ``doc_embeddings`` records which search docs have a
  vector in which profile.
- Code blobs are content-addressed by file sha256 and never deleted; ``workspace_files``
  remembers every (Scope, fingerprint, path, file_sha256) ever indexed, so old exact reads keep
  answering; chunks and their full text cover only each Scope's current workspace.
- API tokens (migration 2): ``api_tokens`` holds each token's id, the SHA-256 hex of the token
  (never the token) and ``revoked_at``; ``api_token_grants`` one row per (token, Scope or
  ``*``) with its access level. Grants name Scope ids without a foreign key: ``*`` is not a
  Scope, and a grant may outlive nothing it could dangle on (Scopes are never deleted).
  Migration 18 made the grants Access Bindings (``access_bindings``, ``store.access``); since
  then ``api_token_grants`` is only what that migration read.
- Scope bindings and the default Scope (migration 3, ``store.bindings``): ``scope_bindings``
  keyed by (integration, kind, external_id) with the bound Scope id; ``default_scope`` holds at
  most one row (``slot = 1``), the default pointer. Neither has a foreign key, like the grants.
- The server identity (migration 4): one row, its id drawn from SQLite's ``randomblob`` by the
  migration itself, so it is written exactly once, with the version that records it.
- Bootstrap receipts (migration 5): one row per host event (``event_key``, a SHA-256 hex), no
  content (``store.service``).
- Sources (migration 6, ``store.sources``): ``sources`` keyed by (Scope, position), unique by
  (Scope, SHA-256 of the source id), lineage Sources indexed by the revision they record;
  ``source_cursors`` the extraction cursor per Scope; ``recall_daily`` the prepare counters per
  (Scope, UTC day, estimator) (``store.statistics``), where migration 17's ``recall_events`` (one
  appended row per prepare) are folded. Artifacts written before this migration
  have no lineage Source.
- Extractions (migration 7, ``store.sources``): ``source_extractions`` names, per content Source
  position, the Atomic Memory revisions a flush extracted from it (primary key (Scope, position,
  ordinal), so one Source's memories are written once).
- Cursor keys (migration 8, ``server.http.cursor``): one row holding the key that signs list cursors.
- Artifact tags (migration 9, ``store.tags``) on logical identity; bootstrap receipt items
  (migration 10, ``store.service``): the revisions each ready bootstrap package delivered.
- Named lineage (migration 11): ``revision_lineage`` holds,
  for a revision whose write named its own lineage (a merge with ``source_refs`` or
  ``artifact_refs``), the Source references and the full artifact lineage as JSON arrays. A
  revision without a row has its lineage implied (``derived_from``, the previous revision, its
  lineage Source).
- Handoffs (migration 12, ``store.handoffs``): ``handoff_revisions`` holds each Scope's committed
  Handoff revisions (content and cited lineage as JSON), keyed by (Scope, revision).
- Source observations (migration 24, ``store.source_observations``): ``sources`` rebuilt (copied
  aside, dropped, made again, filled back, in the migration's transaction, its children's foreign
  keys deferred to the commit: ``source_rebuild``) so its ``origin`` CHECK admits ``observation``;
  migration 27 rebuilds it the same way for ``skill_usage`` (``store.skill_usage``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
from pcreceipt.store.sqlite.service_migrations import (
    DREAM_RUNS,
    PROFILE_CURSORS,
    REMOTE_SKILL_TARGETS,
    SKILL_GOVERNANCE,
)
from pcreceipt.store.sqlite.source_rebuild import SOURCES_REBUILT_FOR_OBSERVATIONS, SOURCES_SKILL_USAGE
from pcreceipt.store.tokens import FTS_TOKENIZER

if TYPE_CHECKING:
    from sqlite3 import Connection


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "scopes, artifacts, full text, vectors and code workspaces",
        (
            """CREATE TABLE store_meta (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            )""",
            """CREATE TABLE scopes (
                scope_id TEXT PRIMARY KEY,
                idempotency_key TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL,
                summary TEXT NOT NULL,
                parent_scope_id TEXT REFERENCES scopes (scope_id),
                context_references TEXT NOT NULL,
                external_references TEXT NOT NULL,
                version INTEGER NOT NULL
            )""",
            """CREATE TABLE artifacts (
                scope_id TEXT NOT NULL REFERENCES scopes (scope_id),
                family TEXT NOT NULL,
                artifact_id TEXT NOT NULL,
                head_revision INTEGER NOT NULL,
                prompt_key TEXT,
                state TEXT,
                state_version INTEGER,
                merged_into_id TEXT,
                is_merge_result INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (scope_id, family, artifact_id)
            ) WITHOUT ROWID""",
            """CREATE UNIQUE INDEX artifacts_one_per_key ON artifacts (scope_id, family, coalesce(prompt_key, ''))
                WHERE family IN ('profile', 'prompt')""",
            """CREATE TABLE revisions (
                revision_pk INTEGER PRIMARY KEY,
                scope_id TEXT NOT NULL,
                family TEXT NOT NULL,
                artifact_id TEXT NOT NULL,
                revision INTEGER NOT NULL,
                content TEXT NOT NULL,
                content_digest TEXT NOT NULL,
                created_at TEXT NOT NULL,
                derived_from TEXT NOT NULL,
                UNIQUE (scope_id, family, artifact_id, revision),
                FOREIGN KEY (scope_id, family, artifact_id) REFERENCES artifacts (scope_id, family, artifact_id)
            )""",
            """CREATE TABLE search_docs (
                doc_id INTEGER PRIMARY KEY AUTOINCREMENT,
                revision_pk INTEGER NOT NULL UNIQUE REFERENCES revisions (revision_pk),
                scope_id TEXT NOT NULL,
                family TEXT NOT NULL,
                artifact_id TEXT NOT NULL,
                UNIQUE (scope_id, family, artifact_id)
            )""",
            f"""CREATE VIRTUAL TABLE search_fts USING fts5 (
                part, title, body, content='', contentless_delete=1, tokenize='{FTS_TOKENIZER}'
            )""",
            """CREATE TABLE embedding_profiles (
                profile_id INTEGER PRIMARY KEY,
                profile TEXT NOT NULL UNIQUE,
                table_name TEXT UNIQUE,
                dimensions INTEGER NOT NULL
            )""",
            """CREATE TABLE doc_embeddings (
                profile_id INTEGER NOT NULL REFERENCES embedding_profiles (profile_id),
                doc_id INTEGER NOT NULL,
                PRIMARY KEY (profile_id, doc_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX doc_embeddings_by_doc ON doc_embeddings (doc_id)",
            """CREATE TABLE code_blobs (
                file_sha256 TEXT PRIMARY KEY,
                content BLOB NOT NULL,
                line_count INTEGER NOT NULL
            )""",
            """CREATE TABLE workspaces (
                scope_id TEXT NOT NULL REFERENCES scopes (scope_id),
                fingerprint TEXT NOT NULL,
                files INTEGER NOT NULL,
                lines INTEGER NOT NULL,
                skipped INTEGER NOT NULL,
                indexed_at TEXT NOT NULL,
                PRIMARY KEY (scope_id, fingerprint)
            ) WITHOUT ROWID""",
            """CREATE TABLE workspace_files (
                scope_id TEXT NOT NULL,
                fingerprint TEXT NOT NULL,
                path TEXT NOT NULL,
                file_sha256 TEXT NOT NULL REFERENCES code_blobs (file_sha256),
                PRIMARY KEY (scope_id, fingerprint, path),
                FOREIGN KEY (scope_id, fingerprint) REFERENCES workspaces (scope_id, fingerprint)
            ) WITHOUT ROWID""",
            """CREATE TABLE current_workspaces (
                scope_id TEXT PRIMARY KEY,
                fingerprint TEXT NOT NULL,
                FOREIGN KEY (scope_id, fingerprint) REFERENCES workspaces (scope_id, fingerprint)
            )""",
            """CREATE TABLE code_chunks (
                chunk_id INTEGER PRIMARY KEY AUTOINCREMENT,
                scope_id TEXT NOT NULL,
                path TEXT NOT NULL,
                file_sha256 TEXT NOT NULL REFERENCES code_blobs (file_sha256),
                start_line INTEGER NOT NULL,
                end_line INTEGER NOT NULL
            )""",
            "CREATE INDEX code_chunks_by_file ON code_chunks (scope_id, path, file_sha256)",
            f"""CREATE VIRTUAL TABLE code_fts USING fts5 (
                part, path, body, content='', contentless_delete=1, tokenize='{FTS_TOKENIZER}'
            )""",
        ),
    ),
    Migration(
        2,
        "API tokens (sha256 digests) and their per-Scope grants",
        (
            """CREATE TABLE api_tokens (
                token_id TEXT PRIMARY KEY,
                token_sha256 TEXT NOT NULL UNIQUE,
                name TEXT,
                created_at TEXT NOT NULL,
                revoked_at TEXT
            )""",
            """CREATE TABLE api_token_grants (
                token_id TEXT NOT NULL REFERENCES api_tokens (token_id),
                scope_id TEXT NOT NULL,
                access TEXT NOT NULL CHECK (access IN ('read', 'write', 'admin')),
                PRIMARY KEY (token_id, scope_id)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        3,
        "Scope bindings and the default Scope",
        (
            """CREATE TABLE scope_bindings (
                integration TEXT NOT NULL,
                kind TEXT NOT NULL,
                external_id TEXT NOT NULL,
                scope_id TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                PRIMARY KEY (integration, kind, external_id)
            ) WITHOUT ROWID""",
            """CREATE TABLE default_scope (
                slot INTEGER PRIMARY KEY CHECK (slot = 1),
                scope_id TEXT NOT NULL,
                updated_at TEXT NOT NULL
            )""",
        ),
    ),
    Migration(
        4,
        "the server identity (generated here, once)",
        (
            """CREATE TABLE server_identity (
                identity_key INTEGER PRIMARY KEY CHECK (identity_key = 1),
                server_id TEXT NOT NULL
            )""",
            "INSERT INTO server_identity (identity_key, server_id) VALUES (1, lower(hex(randomblob(16))))",
        ),
    ),
    Migration(
        5,
        "bootstrap delivery receipts of host events",
        (
            """CREATE TABLE bootstrap_receipts (
                receipt_id TEXT PRIMARY KEY,
                scope_id TEXT NOT NULL REFERENCES scopes (scope_id),
                event_key TEXT NOT NULL UNIQUE,
                request_digest TEXT NOT NULL,
                state TEXT NOT NULL,
                created_at TEXT NOT NULL
            )""",
        ),
    ),
    Migration(
        6,
        "Sources with their per-Scope positions, the extraction cursor, and daily prepare counters",
        (
            """CREATE TABLE sources (
                scope_id TEXT NOT NULL REFERENCES scopes (scope_id),
                source_position INTEGER NOT NULL,
                source_key TEXT NOT NULL,
                source_id TEXT NOT NULL,
                origin TEXT NOT NULL CHECK (origin IN ('content', 'working_note', 'lineage')),
                content TEXT,
                metadata TEXT,
                identity_digest TEXT NOT NULL,
                tokens INTEGER NOT NULL,
                target_family TEXT,
                target_artifact_id TEXT,
                target_revision INTEGER,
                created_at TEXT NOT NULL,
                PRIMARY KEY (scope_id, source_position),
                UNIQUE (scope_id, source_key)
            ) WITHOUT ROWID""",
            """CREATE INDEX sources_by_target ON sources (scope_id, target_family, target_artifact_id, target_revision)
                WHERE origin = 'lineage'""",
            """CREATE TABLE source_cursors (
                scope_id TEXT PRIMARY KEY,
                processed INTEGER NOT NULL
            )""",
            """CREATE TABLE recall_daily (
                scope_id TEXT NOT NULL,
                usage_date TEXT NOT NULL,
                estimator TEXT NOT NULL,
                preparations INTEGER NOT NULL,
                ready_preparations INTEGER NOT NULL,
                comparable_preparations INTEGER NOT NULL,
                baseline_tokens INTEGER NOT NULL,
                recalled_tokens INTEGER NOT NULL,
                PRIMARY KEY (scope_id, usage_date, estimator)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        7,
        "the Atomic Memory each content Source was extracted into",
        (
            """CREATE TABLE source_extractions (
                scope_id TEXT NOT NULL,
                source_position INTEGER NOT NULL,
                ordinal INTEGER NOT NULL,
                family TEXT NOT NULL,
                artifact_id TEXT NOT NULL,
                revision INTEGER NOT NULL,
                PRIMARY KEY (scope_id, source_position, ordinal),
                FOREIGN KEY (scope_id, source_position) REFERENCES sources (scope_id, source_position)
            ) WITHOUT ROWID""",
            "CREATE INDEX source_extractions_by_target ON source_extractions (scope_id, family, artifact_id, revision)",
        ),
    ),
    Migration(
        8,
        "the key that signs list cursors (written once, at first use)",
        (
            """CREATE TABLE cursor_keys (
                key_slot INTEGER PRIMARY KEY CHECK (key_slot = 1),
                secret TEXT NOT NULL
            )""",
        ),
    ),
    Migration(
        9,
        "artifact tags on logical identity",
        (
            """CREATE TABLE artifact_tags (
                scope_id TEXT NOT NULL,
                family TEXT NOT NULL,
                artifact_id TEXT NOT NULL,
                tag_key TEXT NOT NULL,
                tag TEXT NOT NULL,
                assigned_at TEXT NOT NULL,
                PRIMARY KEY (scope_id, family, artifact_id, tag_key),
                FOREIGN KEY (scope_id, family, artifact_id) REFERENCES artifacts (scope_id, family, artifact_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX artifact_tags_by_key ON artifact_tags (scope_id, family, tag_key)",
        ),
    ),
    Migration(
        10,
        "the items each bootstrap receipt delivered",
        (
            """CREATE TABLE bootstrap_receipt_items (
                receipt_id TEXT NOT NULL REFERENCES bootstrap_receipts (receipt_id),
                position INTEGER NOT NULL,
                scope_id TEXT NOT NULL,
                family TEXT NOT NULL,
                artifact_id TEXT NOT NULL,
                revision INTEGER NOT NULL,
                content_digest TEXT NOT NULL,
                truncated INTEGER NOT NULL CHECK (truncated IN (0, 1)),
                PRIMARY KEY (receipt_id, position)
            ) WITHOUT ROWID""",
            "CREATE INDEX bootstrap_receipts_by_age ON bootstrap_receipts (created_at)",
        ),
    ),
    Migration(
        11,
        "the Source and artifact lineage a write names itself (a merge's source_refs and artifact_refs)",
        (
            """CREATE TABLE revision_lineage (
                scope_id TEXT NOT NULL,
                family TEXT NOT NULL,
                artifact_id TEXT NOT NULL,
                revision INTEGER NOT NULL,
                sources TEXT NOT NULL,
                artifacts TEXT NOT NULL,
                PRIMARY KEY (scope_id, family, artifact_id, revision),
                FOREIGN KEY (scope_id, family, artifact_id, revision)
                    REFERENCES revisions (scope_id, family, artifact_id, revision)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        12,
        "committed Handoff revisions, one sequence per Scope (commit_handoff)",
        (
            """CREATE TABLE handoff_revisions (
                scope_id TEXT NOT NULL REFERENCES scopes (scope_id),
                revision INTEGER NOT NULL CHECK (revision >= 1),
                content TEXT NOT NULL,
                source_refs TEXT NOT NULL,
                artifact_refs TEXT NOT NULL,
                created_at TEXT NOT NULL,
                PRIMARY KEY (scope_id, revision)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        13,
        "Experience and Skill candidates, their proposal versions, and approved managed Skills",
        (
            """CREATE TABLE candidates (
                scope_id TEXT NOT NULL REFERENCES scopes (scope_id),
                candidate_id TEXT NOT NULL,
                family TEXT NOT NULL CHECK (family IN ('experience', 'skill')),
                status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
                version INTEGER NOT NULL CHECK (version >= 1),
                target TEXT,
                result TEXT,
                decision_reason TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                PRIMARY KEY (scope_id, candidate_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX candidates_by_status ON candidates (scope_id, status, candidate_id)",
            """CREATE TABLE candidate_versions (
                scope_id TEXT NOT NULL,
                candidate_id TEXT NOT NULL,
                version INTEGER NOT NULL,
                proposal TEXT NOT NULL,
                source_refs TEXT NOT NULL,
                artifact_refs TEXT NOT NULL,
                reason TEXT,
                created_at TEXT NOT NULL,
                PRIMARY KEY (scope_id, candidate_id, version),
                FOREIGN KEY (scope_id, candidate_id) REFERENCES candidates (scope_id, candidate_id)
            ) WITHOUT ROWID""",
            """CREATE TABLE managed_skills (
                scope_id TEXT NOT NULL REFERENCES scopes (scope_id),
                artifact_id TEXT NOT NULL,
                revision INTEGER NOT NULL CHECK (revision >= 1),
                content TEXT NOT NULL,
                source_refs TEXT NOT NULL,
                artifact_refs TEXT NOT NULL,
                created_at TEXT NOT NULL,
                PRIMARY KEY (scope_id, artifact_id, revision)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        14,
        "artifact publications: one per target Scope and idempotency key (publish_artifact)",
        (
            """CREATE TABLE artifact_publications (
                target_scope_id TEXT NOT NULL REFERENCES scopes (scope_id),
                idempotency_sha TEXT NOT NULL,
                idempotency_key TEXT NOT NULL,
                source_scope_id TEXT NOT NULL,
                source_family TEXT NOT NULL,
                source_artifact_id TEXT NOT NULL,
                source_revision INTEGER NOT NULL,
                target_family TEXT NOT NULL,
                target_artifact_id TEXT NOT NULL,
                target_revision INTEGER NOT NULL,
                content_digest TEXT NOT NULL,
                created_at TEXT NOT NULL,
                PRIMARY KEY (target_scope_id, idempotency_sha)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        15,
        "stable artifact handles, each bound once to an exact revision (bind_artifact_handle)",
        (
            """CREATE TABLE artifact_handles (
                scope_id TEXT NOT NULL,
                family TEXT NOT NULL,
                handle_key TEXT NOT NULL,
                artifact_id TEXT NOT NULL,
                revision INTEGER NOT NULL CHECK (revision > 0),
                bound_at TEXT NOT NULL,
                PRIMARY KEY (scope_id, family, handle_key),
                FOREIGN KEY (scope_id, family, artifact_id, revision)
                    REFERENCES revisions (scope_id, family, artifact_id, revision)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        16,
        "Connector checkpoints: one opaque JSON value per (Scope, binding id), compare-and-set",
        (
            """CREATE TABLE connector_checkpoints (
                scope_id TEXT NOT NULL,
                binding_id TEXT NOT NULL,
                connector_name TEXT NOT NULL,
                connector_version TEXT NOT NULL,
                checkpoint TEXT NOT NULL,
                checkpoint_sha TEXT NOT NULL,
                generation INTEGER NOT NULL,
                PRIMARY KEY (scope_id, binding_id)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        17,
        "prepare counters as appended events, folded into recall_daily in batches (no shared row per prepare)",
        (
            """CREATE TABLE recall_events (
                event_id TEXT PRIMARY KEY,
                scope_id TEXT NOT NULL,
                usage_date TEXT NOT NULL,
                estimator TEXT NOT NULL,
                preparations INTEGER NOT NULL,
                ready_preparations INTEGER NOT NULL,
                comparable_preparations INTEGER NOT NULL,
                baseline_tokens INTEGER NOT NULL,
                recalled_tokens INTEGER NOT NULL
            ) WITHOUT ROWID""",
            "CREATE INDEX recall_events_by_day ON recall_events (scope_id, usage_date, estimator)",
        ),
    ),
    Migration(
        18,
        "Handoff activation boundaries: the last generating boundary's Source position per Scope",
        (
            """CREATE TABLE handoff_boundaries (
                scope_id TEXT NOT NULL PRIMARY KEY,
                boundary_position INTEGER NOT NULL
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        19,
        "Profile policies: one per Scope, replaced by a compare-and-set on its version",
        (
            """CREATE TABLE profile_policies (
                scope_id TEXT NOT NULL PRIMARY KEY,
                generation_enabled INTEGER NOT NULL,
                activation_mode TEXT NOT NULL,
                pending_candidate_id TEXT,
                version INTEGER NOT NULL,
                updated_at TEXT NOT NULL
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        20,
        "the JSON value of a created Source whose content is not a string (create_source)",
        (
            """CREATE TABLE source_values (
                scope_id TEXT NOT NULL,
                source_position INTEGER NOT NULL,
                content_json TEXT NOT NULL,
                PRIMARY KEY (scope_id, source_position),
                FOREIGN KEY (scope_id, source_position) REFERENCES sources (scope_id, source_position)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        21,
        "registered Source Definition manifests, one per (name, version) (register_source_definition)",
        (
            """CREATE TABLE source_definitions (
                definition_name TEXT NOT NULL,
                definition_version TEXT NOT NULL,
                fingerprint TEXT NOT NULL,
                manifest TEXT NOT NULL,
                registered_at TEXT NOT NULL,
                PRIMARY KEY (definition_name, definition_version)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        22,
        "access control: token grants become Access Bindings (with the policy revision, idempotency and audit)",
        (
            """CREATE TABLE access_bindings (
                binding_id TEXT PRIMARY KEY,
                subject_type TEXT NOT NULL,
                subject_id TEXT NOT NULL,
                resource_type TEXT NOT NULL CHECK (resource_type IN ('server', 'scope')),
                scope_id TEXT,
                role TEXT NOT NULL,
                granted_by_type TEXT NOT NULL,
                granted_by_id TEXT NOT NULL,
                reason TEXT,
                created_at TEXT NOT NULL,
                expires_at TEXT,
                state TEXT NOT NULL CHECK (state IN ('active', 'revoked')),
                version INTEGER NOT NULL,
                policy_revision TEXT NOT NULL,
                idempotency_key TEXT NOT NULL,
                revoked_at TEXT,
                revoked_by_type TEXT,
                revoked_by_id TEXT
            ) WITHOUT ROWID""",
            "CREATE INDEX access_bindings_by_subject ON access_bindings (subject_type, subject_id, state)",
            "CREATE INDEX access_bindings_by_scope ON access_bindings (scope_id, binding_id)",
            """CREATE TABLE access_policy (
                slot INTEGER PRIMARY KEY CHECK (slot = 1),
                revision INTEGER NOT NULL
            )""",
            "INSERT INTO access_policy (slot, revision) VALUES (1, 1)",
            """CREATE TABLE access_idempotency (
                actor_id TEXT NOT NULL,
                operation TEXT NOT NULL,
                key_sha TEXT NOT NULL,
                request_sha TEXT NOT NULL,
                binding_id TEXT NOT NULL,
                second_binding_id TEXT,
                PRIMARY KEY (actor_id, operation, key_sha)
            ) WITHOUT ROWID""",
            """CREATE TABLE access_audit (
                event_cursor INTEGER PRIMARY KEY AUTOINCREMENT,
                event_id TEXT NOT NULL,
                occurred_at TEXT NOT NULL,
                request_id TEXT,
                transport TEXT NOT NULL,
                operation TEXT NOT NULL,
                principal_type TEXT NOT NULL,
                principal_id TEXT NOT NULL,
                action TEXT NOT NULL,
                resource_type TEXT NOT NULL,
                scope_id TEXT,
                allowed INTEGER NOT NULL,
                reason_code TEXT NOT NULL,
                policy_revision TEXT,
                binding_id TEXT,
                target_type TEXT,
                target_id TEXT,
                role TEXT,
                expected_version INTEGER,
                result_version INTEGER
            )""",
            "CREATE INDEX access_audit_by_scope ON access_audit (scope_id, event_cursor)",
            """INSERT INTO access_bindings (
                binding_id, subject_type, subject_id, resource_type, scope_id, role, granted_by_type,
                granted_by_id, reason, created_at, expires_at, state, version, policy_revision,
                idempotency_key, revoked_at, revoked_by_type, revoked_by_id)
            SELECT 'grt_' || g.token_id || '_' || row_number() OVER (PARTITION BY g.token_id ORDER BY g.scope_id),
                'service', g.token_id,
                CASE WHEN g.scope_id = '*' AND g.access = 'admin' THEN 'server' ELSE 'scope' END,
                CASE WHEN g.scope_id = '*' AND g.access = 'admin' THEN NULL ELSE g.scope_id END,
                CASE WHEN g.scope_id = '*' AND g.access = 'admin' THEN 'server.admin'
                     WHEN g.access = 'read' THEN 'scope.viewer'
                     WHEN g.access = 'write' THEN 'scope.contributor'
                     ELSE 'scope.admin' END,
                'service', 'pcreceipt-token-cli', NULL, t.created_at, NULL, 'active', 1, '1',
                'pcreceipt.token-grant', NULL, NULL, NULL
            FROM api_token_grants g JOIN api_tokens t ON t.token_id = g.token_id""",
        ),
    ),
    Migration(
        23,
        "Skill packages: the external Skill registry projection, canonical packages and their Source evidence",
        (
            """CREATE TABLE external_skill_registrations (
                scope_id TEXT NOT NULL,
                external_skill_id TEXT NOT NULL,
                host_id TEXT NOT NULL,
                name TEXT NOT NULL,
                registration TEXT NOT NULL,
                PRIMARY KEY (scope_id, external_skill_id)
            ) WITHOUT ROWID""",
            """CREATE TABLE skill_packages (
                scope_id TEXT NOT NULL,
                archive_digest TEXT NOT NULL,
                reference TEXT NOT NULL,
                manifest TEXT NOT NULL,
                archive BLOB NOT NULL,
                created_at TEXT NOT NULL,
                PRIMARY KEY (scope_id, archive_digest)
            ) WITHOUT ROWID""",
            """CREATE TABLE skill_package_sources (
                scope_id TEXT NOT NULL,
                source_name TEXT NOT NULL,
                source_id TEXT NOT NULL,
                evidence TEXT NOT NULL,
                created_at TEXT NOT NULL,
                PRIMARY KEY (scope_id, source_name, source_id)
            ) WITHOUT ROWID""",
        ),
    ),
    Migration(
        24,
        "worker observations as Sources (submit_source_observation): sources rebuilt with origin observation",
        SOURCES_REBUILT_FOR_OBSERVATIONS,
    ),
    DREAM_RUNS,
    SKILL_GOVERNANCE,
    SOURCES_SKILL_USAGE,
    REMOTE_SKILL_TARGETS,
    PROFILE_CURSORS,
)


def apply_migrations(conn: Connection) -> list[int]:
    """Apply the missing migrations inside the caller's write transaction; returns the versions applied."""
    conn.execute(
        """CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
        )"""
    )
    applied = [int(row[0]) for row in conn.execute("SELECT version FROM schema_migrations")]
    return apply_missing(
        MIGRATIONS,
        applied,
        conn.execute,
        lambda migration: conn.execute(
            "INSERT INTO schema_migrations (version, name) VALUES (?, ?)", (migration.version, migration.name)
        ),
    )


#: ``check_integrity``'s consistency checks: the shared ones and those of this schema's indexes.
CONSISTENCY_CHECKS: tuple[tuple[str, str], ...] = (
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
    SOURCE_POSITIONS_NOT_DENSE,
    LINEAGE_WITHOUT_REVISION,
    NAMED_LINEAGE_WITHOUT_REVISION,
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
