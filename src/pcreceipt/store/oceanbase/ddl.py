"""The OceanBase engine's tables: its versioned migrations, in order (``oceanbase.schema`` runs
them under its migration lock). Every statement is idempotent (``IF NOT EXISTS``): DDL commits
implicitly here, so a migration interrupted half way is run again whole. Identifiers are
VARBINARY (byte-exact, like SQLite's BINARY collation); the module docstring of
``oceanbase.schema`` says why, and what each migration mirrors of SQLite's.
"""

from __future__ import annotations

from pcreceipt.store.migrations import Migration

FULLTEXT_PARSER = "space"
TABLE_OPTIONS = "DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin"
ID_COLUMN = "VARBINARY(256)"
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
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS scopes (
                scope_id {ID_COLUMN} PRIMARY KEY,
                idempotency_sha {_SHA} NOT NULL,
                idempotency_key LONGTEXT NOT NULL,
                title LONGTEXT NOT NULL,
                summary LONGTEXT NOT NULL,
                parent_scope_id {ID_COLUMN} NULL,
                context_references LONGTEXT NOT NULL,
                external_references LONGTEXT NOT NULL,
                version INT NOT NULL,
                UNIQUE KEY scopes_by_idempotency (idempotency_sha)
            ) {TABLE_OPTIONS}""",
            # singleton_key: '' for the profile, sha256(prompt_key) for a prompt, NULL otherwise
            # (NULLs never collide), so the unique key is SQLite's partial unique index.
            f"""CREATE TABLE IF NOT EXISTS artifacts (
                scope_id {ID_COLUMN} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {ID_COLUMN} NOT NULL,
                head_revision INT NOT NULL,
                prompt_key LONGTEXT NULL,
                singleton_key {_SHA} NULL,
                state VARBINARY(16) NULL,
                state_version INT NULL,
                merged_into_id {ID_COLUMN} NULL,
                is_merge_result TINYINT NOT NULL DEFAULT 0,
                PRIMARY KEY (scope_id, family, artifact_id),
                UNIQUE KEY artifacts_one_per_key (scope_id, family, singleton_key)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS revisions (
                revision_pk BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
                scope_id {ID_COLUMN} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {ID_COLUMN} NOT NULL,
                revision INT NOT NULL,
                content LONGTEXT NOT NULL,
                content_digest VARBINARY(128) NOT NULL,
                created_at VARBINARY(40) NOT NULL,
                derived_from LONGTEXT NOT NULL,
                UNIQUE KEY revisions_by_artifact (scope_id, family, artifact_id, revision)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS search_docs (
                doc_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
                revision_pk BIGINT NOT NULL,
                scope_id {ID_COLUMN} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {ID_COLUMN} NOT NULL,
                terms LONGBLOB NOT NULL,
                words LONGTEXT NOT NULL,
                token_count INT NOT NULL,
                UNIQUE KEY search_docs_by_revision (revision_pk),
                UNIQUE KEY search_docs_by_artifact (scope_id, family, artifact_id),
                FULLTEXT INDEX search_docs_words (words) WITH PARSER {FULLTEXT_PARSER}
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS embedding_profiles (
                profile_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
                profile_sha {_SHA} NOT NULL,
                profile LONGTEXT NOT NULL,
                table_name VARBINARY(64) NOT NULL,
                dimensions INT NOT NULL,
                UNIQUE KEY embedding_profiles_by_name (profile_sha)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS doc_embeddings (
                profile_id BIGINT NOT NULL,
                doc_id BIGINT NOT NULL,
                PRIMARY KEY (profile_id, doc_id),
                KEY doc_embeddings_by_doc (doc_id)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS code_blobs (
                file_sha256 {_SHA} PRIMARY KEY,
                content LONGBLOB NOT NULL,
                line_count INT NOT NULL
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS workspaces (
                scope_id {ID_COLUMN} NOT NULL,
                fingerprint {_SHA} NOT NULL,
                files INT NOT NULL,
                `lines` INT NOT NULL,
                skipped INT NOT NULL,
                indexed_at VARBINARY(40) NOT NULL,
                PRIMARY KEY (scope_id, fingerprint)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS workspace_files (
                scope_id {ID_COLUMN} NOT NULL,
                fingerprint {_SHA} NOT NULL,
                path {_PATH} NOT NULL,
                file_sha256 {_SHA} NOT NULL,
                PRIMARY KEY (scope_id, fingerprint, path)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS current_workspaces (
                scope_id {ID_COLUMN} PRIMARY KEY,
                fingerprint {_SHA} NOT NULL
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS code_chunks (
                chunk_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
                scope_id {ID_COLUMN} NOT NULL,
                path {_PATH} NOT NULL,
                file_sha256 {_SHA} NOT NULL,
                start_line INT NOT NULL,
                end_line INT NOT NULL,
                terms LONGBLOB NOT NULL,
                words LONGTEXT NOT NULL,
                token_count INT NOT NULL,
                KEY code_chunks_by_file (scope_id, path, file_sha256),
                FULLTEXT INDEX code_chunks_words (words) WITH PARSER {FULLTEXT_PARSER}
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        2,
        "API tokens (sha256 digests) and their per-Scope grants",
        (
            f"""CREATE TABLE IF NOT EXISTS api_tokens (
                token_id {ID_COLUMN} PRIMARY KEY,
                token_sha256 {_SHA} NOT NULL,
                name LONGTEXT NULL,
                created_at VARBINARY(40) NOT NULL,
                revoked_at VARBINARY(40) NULL,
                UNIQUE KEY api_tokens_by_digest (token_sha256)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS api_token_grants (
                token_id {ID_COLUMN} NOT NULL,
                scope_id VARBINARY(1024) NOT NULL,
                access VARBINARY(8) NOT NULL,
                PRIMARY KEY (token_id, scope_id)
            ) {TABLE_OPTIONS}""",
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
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS default_scope (
                slot INT NOT NULL PRIMARY KEY,
                scope_id {_SCOPE_REF} NOT NULL,
                updated_at VARBINARY(40) NOT NULL
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        4,
        "the server identity (generated here, once)",
        (
            f"""CREATE TABLE IF NOT EXISTS server_identity (
                identity_key INT PRIMARY KEY,
                server_id VARBINARY(128) NOT NULL
            ) {TABLE_OPTIONS}""",
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
                scope_id {ID_COLUMN} NOT NULL,
                event_key {_SHA} NOT NULL,
                request_digest VARBINARY(80) NOT NULL,
                state VARBINARY(16) NOT NULL,
                created_at VARCHAR(40) NOT NULL,
                UNIQUE KEY bootstrap_receipts_by_event (event_key)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        6,
        "Sources with their per-Scope positions, the extraction cursor, and daily prepare counters",
        (
            f"""CREATE TABLE IF NOT EXISTS sources (
                scope_id {ID_COLUMN} NOT NULL,
                source_position BIGINT NOT NULL,
                source_key {_SHA} NOT NULL,
                source_id VARBINARY(1024) NOT NULL,
                origin VARBINARY(16) NOT NULL,
                content LONGTEXT NULL,
                metadata LONGTEXT NULL,
                identity_digest VARBINARY(80) NOT NULL,
                tokens BIGINT NOT NULL,
                target_family VARBINARY(32) NULL,
                target_artifact_id {ID_COLUMN} NULL,
                target_revision INT NULL,
                created_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, source_position),
                UNIQUE KEY sources_by_key (scope_id, source_key),
                KEY sources_by_target (scope_id, target_family, target_artifact_id, target_revision)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS source_cursors (
                scope_id {ID_COLUMN} PRIMARY KEY,
                processed BIGINT NOT NULL
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS recall_daily (
                scope_id {ID_COLUMN} NOT NULL,
                usage_date VARCHAR(10) NOT NULL,
                estimator VARBINARY(64) NOT NULL,
                preparations BIGINT NOT NULL,
                ready_preparations BIGINT NOT NULL,
                comparable_preparations BIGINT NOT NULL,
                baseline_tokens BIGINT NOT NULL,
                recalled_tokens BIGINT NOT NULL,
                PRIMARY KEY (scope_id, usage_date, estimator)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        7,
        "the Atomic Memory each content Source was extracted into",
        (
            f"""CREATE TABLE IF NOT EXISTS source_extractions (
                scope_id {ID_COLUMN} NOT NULL,
                source_position BIGINT NOT NULL,
                ordinal INT NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {ID_COLUMN} NOT NULL,
                revision INT NOT NULL,
                PRIMARY KEY (scope_id, source_position, ordinal),
                KEY source_extractions_by_target (scope_id, family, artifact_id, revision)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        8,
        "the key that signs list cursors (written once, at first use)",
        (
            f"""CREATE TABLE IF NOT EXISTS cursor_keys (
                key_slot INT PRIMARY KEY,
                secret VARBINARY(128) NOT NULL
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        9,
        "artifact tags on logical identity",
        (
            # A tag is at most 64 code points and its key at most 128 (UTF-8: 4 bytes each).
            f"""CREATE TABLE IF NOT EXISTS artifact_tags (
                scope_id {ID_COLUMN} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {ID_COLUMN} NOT NULL,
                tag_key VARBINARY(512) NOT NULL,
                tag VARBINARY(256) NOT NULL,
                assigned_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, family, artifact_id, tag_key),
                KEY artifact_tags_by_key (scope_id, family, tag_key)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        10,
        "the items each bootstrap receipt delivered",
        (
            f"""CREATE TABLE IF NOT EXISTS bootstrap_receipt_items (
                receipt_id VARBINARY(64) NOT NULL,
                position INT NOT NULL,
                scope_id {ID_COLUMN} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {ID_COLUMN} NOT NULL,
                revision INT NOT NULL,
                content_digest VARBINARY(80) NOT NULL,
                truncated TINYINT NOT NULL,
                PRIMARY KEY (receipt_id, position)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        11,
        "the Source and artifact lineage a write names itself (a merge's source_refs and artifact_refs)",
        (
            f"""CREATE TABLE IF NOT EXISTS revision_lineage (
                scope_id {ID_COLUMN} NOT NULL,
                family VARBINARY(32) NOT NULL,
                artifact_id {ID_COLUMN} NOT NULL,
                revision INT NOT NULL,
                sources LONGTEXT NOT NULL,
                artifacts LONGTEXT NOT NULL,
                PRIMARY KEY (scope_id, family, artifact_id, revision)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        12,
        "committed Handoff revisions, one sequence per Scope (commit_handoff)",
        (
            f"""CREATE TABLE IF NOT EXISTS handoff_revisions (
                scope_id {ID_COLUMN} NOT NULL,
                revision INT NOT NULL,
                content LONGTEXT NOT NULL,
                source_refs LONGTEXT NOT NULL,
                artifact_refs LONGTEXT NOT NULL,
                created_at VARBINARY(40) NOT NULL,
                PRIMARY KEY (scope_id, revision)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        13,
        "Experience and Skill candidates, their proposal versions, and approved managed Skills",
        (
            f"""CREATE TABLE IF NOT EXISTS candidates (
                scope_id {ID_COLUMN} NOT NULL,
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
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS candidate_versions (
                scope_id {ID_COLUMN} NOT NULL,
                candidate_id VARBINARY(128) NOT NULL,
                version INT NOT NULL,
                proposal LONGTEXT NOT NULL,
                source_refs LONGTEXT NOT NULL,
                artifact_refs LONGTEXT NOT NULL,
                reason LONGTEXT,
                created_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, candidate_id, version)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS managed_skills (
                scope_id {ID_COLUMN} NOT NULL,
                artifact_id {ID_COLUMN} NOT NULL,
                revision INT NOT NULL,
                content LONGTEXT NOT NULL,
                source_refs LONGTEXT NOT NULL,
                artifact_refs LONGTEXT NOT NULL,
                created_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, artifact_id, revision)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        14,
        "artifact publications: one per target Scope and idempotency key (publish_artifact)",
        (
            f"""CREATE TABLE IF NOT EXISTS artifact_publications (
                target_scope_id {ID_COLUMN} NOT NULL,
                idempotency_sha {_SHA} NOT NULL,
                idempotency_key LONGTEXT NOT NULL,
                source_scope_id {ID_COLUMN} NOT NULL,
                source_family VARBINARY(32) NOT NULL,
                source_artifact_id {ID_COLUMN} NOT NULL,
                source_revision INT NOT NULL,
                target_family VARBINARY(32) NOT NULL,
                target_artifact_id {ID_COLUMN} NOT NULL,
                target_revision INT NOT NULL,
                content_digest VARBINARY(128) NOT NULL,
                created_at VARBINARY(40) NOT NULL,
                PRIMARY KEY (target_scope_id, idempotency_sha)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        15,
        "stable artifact handles, each bound once to an exact revision (bind_artifact_handle)",
        (
            # a handle's family and key are at most 128 printable ASCII characters (the path's bounds)
            f"""CREATE TABLE IF NOT EXISTS artifact_handles (
                scope_id {ID_COLUMN} NOT NULL,
                family VARBINARY(128) NOT NULL,
                handle_key VARBINARY(128) NOT NULL,
                artifact_id {ID_COLUMN} NOT NULL,
                revision INT NOT NULL,
                bound_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, family, handle_key)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        16,
        "Connector checkpoints: one opaque JSON value per (Scope, binding id), compare-and-set",
        (
            f"""CREATE TABLE IF NOT EXISTS connector_checkpoints (
                scope_id {ID_COLUMN} NOT NULL,
                binding_id VARBINARY(1024) NOT NULL,
                connector_name VARBINARY(512) NOT NULL,
                connector_version VARBINARY(512) NOT NULL,
                checkpoint LONGBLOB NOT NULL,
                checkpoint_sha {_SHA} NOT NULL,
                generation BIGINT NOT NULL,
                PRIMARY KEY (scope_id, binding_id)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        17,
        "prepare counters as appended events, folded into recall_daily in batches (no shared row per prepare)",
        (
            f"""CREATE TABLE IF NOT EXISTS recall_events (
                event_id VARBINARY(32) NOT NULL PRIMARY KEY,
                scope_id {ID_COLUMN} NOT NULL,
                usage_date VARCHAR(10) NOT NULL,
                estimator VARBINARY(64) NOT NULL,
                preparations BIGINT NOT NULL,
                ready_preparations BIGINT NOT NULL,
                comparable_preparations BIGINT NOT NULL,
                baseline_tokens BIGINT NOT NULL,
                recalled_tokens BIGINT NOT NULL,
                KEY recall_events_by_day (scope_id, usage_date, estimator)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        18,
        "Handoff activation boundaries: the last generating boundary's Source position per Scope",
        (
            f"""CREATE TABLE IF NOT EXISTS handoff_boundaries (
                scope_id {ID_COLUMN} NOT NULL PRIMARY KEY,
                boundary_position BIGINT NOT NULL
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        19,
        "Profile policies: one per Scope, replaced by a compare-and-set on its version",
        (
            f"""CREATE TABLE IF NOT EXISTS profile_policies (
                scope_id {ID_COLUMN} NOT NULL PRIMARY KEY,
                generation_enabled TINYINT NOT NULL,
                activation_mode VARBINARY(32) NOT NULL,
                pending_candidate_id {ID_COLUMN} NULL,
                version BIGINT NOT NULL,
                updated_at VARCHAR(40) NOT NULL
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        20,
        "the JSON value of a created Source whose content is not a string (create_source)",
        (
            f"""CREATE TABLE IF NOT EXISTS source_values (
                scope_id {ID_COLUMN} NOT NULL,
                source_position BIGINT NOT NULL,
                content_json LONGTEXT NOT NULL,
                PRIMARY KEY (scope_id, source_position)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        21,
        "registered Source Definition manifests, one per (name, version) (register_source_definition)",
        (
            f"""CREATE TABLE IF NOT EXISTS source_definitions (
                definition_name VARBINARY(512) NOT NULL,
                definition_version VARBINARY(512) NOT NULL,
                fingerprint VARBINARY(80) NOT NULL,
                manifest LONGTEXT NOT NULL,
                registered_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (definition_name, definition_version)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        22,
        "access control: token grants become Access Bindings (with the policy revision, idempotency and audit)",
        (
            f"""CREATE TABLE IF NOT EXISTS access_bindings (
                binding_id VARBINARY(64) NOT NULL PRIMARY KEY,
                subject_type VARBINARY(16) NOT NULL,
                subject_id VARBINARY(1024) NOT NULL,
                resource_type VARBINARY(16) NOT NULL,
                scope_id {_SCOPE_REF} NULL,
                role VARBINARY(32) NOT NULL,
                granted_by_type VARBINARY(16) NOT NULL,
                granted_by_id VARBINARY(1024) NOT NULL,
                reason LONGTEXT NULL,
                created_at VARBINARY(40) NOT NULL,
                expires_at VARBINARY(40) NULL,
                state VARBINARY(16) NOT NULL,
                version BIGINT NOT NULL,
                policy_revision VARBINARY(64) NOT NULL,
                idempotency_key VARBINARY(1024) NOT NULL,
                revoked_at VARBINARY(40) NULL,
                revoked_by_type VARBINARY(16) NULL,
                revoked_by_id VARBINARY(1024) NULL,
                KEY access_bindings_by_subject (subject_type, subject_id, state),
                KEY access_bindings_by_scope (scope_id, binding_id)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS access_policy (
                slot INT NOT NULL PRIMARY KEY,
                revision BIGINT NOT NULL
            ) {TABLE_OPTIONS}""",
            "INSERT IGNORE INTO access_policy (slot, revision) VALUES (1, 1)",
            f"""CREATE TABLE IF NOT EXISTS access_idempotency (
                actor_id VARBINARY(1024) NOT NULL,
                operation VARBINARY(16) NOT NULL,
                key_sha {_SHA} NOT NULL,
                request_sha {_SHA} NOT NULL,
                binding_id VARBINARY(64) NOT NULL,
                second_binding_id VARBINARY(64) NULL,
                PRIMARY KEY (actor_id, operation, key_sha)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS access_audit (
                event_cursor BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
                event_id VARBINARY(64) NOT NULL,
                occurred_at VARBINARY(40) NOT NULL,
                request_id VARBINARY(512) NULL,
                transport VARBINARY(16) NOT NULL,
                operation VARBINARY(128) NOT NULL,
                principal_type VARBINARY(16) NOT NULL,
                principal_id VARBINARY(1024) NOT NULL,
                action VARBINARY(64) NOT NULL,
                resource_type VARBINARY(16) NOT NULL,
                scope_id {_SCOPE_REF} NULL,
                allowed TINYINT NOT NULL,
                reason_code VARBINARY(64) NOT NULL,
                policy_revision VARBINARY(64) NULL,
                binding_id VARBINARY(64) NULL,
                target_type VARBINARY(16) NULL,
                target_id VARBINARY(1024) NULL,
                role VARBINARY(32) NULL,
                expected_version BIGINT NULL,
                result_version BIGINT NULL,
                KEY access_audit_by_scope (scope_id, event_cursor)
            ) {TABLE_OPTIONS}""",
            # INSERT IGNORE: the copy is rerun whole if the migration stopped after it
            """INSERT IGNORE INTO access_bindings (
                binding_id, subject_type, subject_id, resource_type, scope_id, role, granted_by_type,
                granted_by_id, reason, created_at, expires_at, state, version, policy_revision,
                idempotency_key, revoked_at, revoked_by_type, revoked_by_id)
            SELECT CONCAT('grt_', g.token_id, '_', row_number() OVER (PARTITION BY g.token_id ORDER BY g.scope_id)),
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
            f"""CREATE TABLE IF NOT EXISTS external_skill_registrations (
                scope_id {ID_COLUMN} NOT NULL,
                external_skill_id VARBINARY(128) NOT NULL,
                host_id VARBINARY(512) NOT NULL,
                name VARBINARY(512) NOT NULL,
                registration LONGTEXT NOT NULL,
                PRIMARY KEY (scope_id, external_skill_id)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS skill_packages (
                scope_id {ID_COLUMN} NOT NULL,
                archive_digest {_SHA} NOT NULL,
                reference LONGTEXT NOT NULL,
                manifest LONGTEXT NOT NULL,
                archive LONGBLOB NOT NULL,
                created_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, archive_digest)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS skill_package_sources (
                scope_id {ID_COLUMN} NOT NULL,
                source_name VARBINARY(64) NOT NULL,
                source_id VARBINARY(128) NOT NULL,
                evidence LONGTEXT NOT NULL,
                created_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, source_name, source_id)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        24,
        "Source observations: the observation origin (submit_source_observation); no CHECK on origin here",
        (),
    ),
    Migration(
        25,
        "Dream runs: accepted runs, their status, lease and attempts (store.dream_runs)",
        (
            f"""CREATE TABLE IF NOT EXISTS dream_runs (
                scope_id {ID_COLUMN} NOT NULL,
                run_id VARBINARY(64) NOT NULL,
                principal_key {_SHA} NOT NULL,
                idempotency_key VARBINARY(512) NOT NULL,
                request_digest {_SHA} NOT NULL,
                operation VARBINARY(64) NOT NULL,
                status VARBINARY(16) NOT NULL,
                accepted_at VARBINARY(40) NOT NULL,
                attempt_count INT NOT NULL,
                lease_owner VARBINARY(128),
                lease_expires VARBINARY(40),
                record LONGTEXT NOT NULL,
                PRIMARY KEY (scope_id, run_id),
                UNIQUE KEY dream_runs_by_key (scope_id, principal_key, idempotency_key),
                KEY dream_runs_by_status (status, accepted_at)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        26,
        "managed Skill governance: lifecycle state, replacement and generation per Skill (update_skill_lifecycle)",
        (
            f"""CREATE TABLE IF NOT EXISTS skill_governance (
                scope_id {ID_COLUMN} NOT NULL,
                artifact_id {ID_COLUMN} NOT NULL,
                lifecycle_state VARBINARY(16) NOT NULL,
                replacement_artifact_id {ID_COLUMN} NULL,
                governance_generation BIGINT NOT NULL,
                PRIMARY KEY (scope_id, artifact_id)
            ) {TABLE_OPTIONS}""",
            """INSERT IGNORE INTO skill_governance (scope_id, artifact_id, lifecycle_state, replacement_artifact_id,
                                                   governance_generation)
               SELECT DISTINCT scope_id, artifact_id, 'active', NULL, 0 FROM managed_skills""",
        ),
    ),
    Migration(
        27,
        "Sources of Skill usage: the skill_usage origin (record_skill_usage); no CHECK on origin here: nothing to do",
        (),
    ),
    Migration(
        28,
        "remote Agent Skill targets and their publications (credential digests only)",
        (
            f"""CREATE TABLE IF NOT EXISTS remote_skill_targets (
                scope_id {ID_COLUMN} NOT NULL, target_id VARBINARY(64) NOT NULL, display_name VARCHAR(512) NOT NULL,
                agent_kind VARBINARY(32) NOT NULL, installation_id VARBINARY(128) NULL, state VARBINARY(16) NOT NULL,
                enrollment_sha256 {_SHA} NULL, enrollment_expires_at VARCHAR(40) NULL, credential_sha256 {_SHA} NULL,
                receiver_version VARBINARY(64) NULL, environment_fingerprint {_SHA} NULL,
                machine_hostname VARCHAR(1024) NULL, workspace_name VARCHAR(512) NULL, last_seen_at VARCHAR(40) NULL,
                generation BIGINT NOT NULL, created_at VARCHAR(40) NOT NULL, updated_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, target_id),
                UNIQUE KEY remote_skill_targets_by_enrollment (enrollment_sha256),
                UNIQUE KEY remote_skill_targets_by_credential (credential_sha256),
                UNIQUE KEY remote_skill_targets_by_installation (scope_id, agent_kind, installation_id)
            ) {TABLE_OPTIONS}""",
            f"""CREATE TABLE IF NOT EXISTS remote_skill_publications (
                scope_id {ID_COLUMN} NOT NULL, target_id VARBINARY(64) NOT NULL, artifact_id VARBINARY(128) NOT NULL,
                desired_state VARBINARY(16) NOT NULL, desired_revision BIGINT NOT NULL,
                desired_tree_digest {_SHA} NOT NULL, observed_revision BIGINT NULL, observed_tree_digest {_SHA} NULL,
                observed_generation BIGINT NULL, state VARBINARY(32) NOT NULL, last_error_code VARCHAR(512) NULL,
                observed_at VARCHAR(40) NULL, generation BIGINT NOT NULL, updated_at VARCHAR(40) NOT NULL,
                PRIMARY KEY (scope_id, target_id, artifact_id)
            ) {TABLE_OPTIONS}""",
        ),
    ),
    Migration(
        29,
        "the Profile cursor: how far flush_profile has processed each Scope's Sources (store.profile_flush)",
        (
            f"""CREATE TABLE IF NOT EXISTS profile_cursors (
                scope_id {ID_COLUMN} PRIMARY KEY,
                processed BIGINT NOT NULL
            ) {TABLE_OPTIONS}""",
        ),
    ),
)
