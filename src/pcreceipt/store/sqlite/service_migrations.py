"""Migrations 25, 26, 28 and 29 of the SQLite engine, kept apart from ``schema`` (its line budget):
the tables of Dream runs (``store.dream_runs``), managed Skill governance (``store.skill_governance``),
remote Skill targets (``store.remote_skills``) and the Profile cursor (``store.profile_flush``).
``schema.MIGRATIONS`` lists them in order."""

from __future__ import annotations

from pcreceipt.store.migrations import Migration

DREAM_RUNS = Migration(
    25,
    "Dream runs: accepted runs, their status, lease and attempts (store.dream_runs)",
    (
        """CREATE TABLE dream_runs (
            scope_id TEXT NOT NULL,
            run_id TEXT NOT NULL,
            principal_key TEXT NOT NULL,
            idempotency_key TEXT NOT NULL,
            request_digest TEXT NOT NULL,
            operation TEXT NOT NULL,
            status TEXT NOT NULL,
            accepted_at TEXT NOT NULL,
            attempt_count INTEGER NOT NULL,
            lease_owner TEXT,
            lease_expires TEXT,
            record TEXT NOT NULL,
            PRIMARY KEY (scope_id, run_id),
            UNIQUE (scope_id, principal_key, idempotency_key)
        ) WITHOUT ROWID""",
        "CREATE INDEX dream_runs_by_status ON dream_runs (status, accepted_at)",
    ),
)

SKILL_GOVERNANCE = Migration(
    26,
    "managed Skill governance: lifecycle state, replacement and generation per Skill (update_skill_lifecycle)",
    (
        """CREATE TABLE skill_governance (
            scope_id TEXT NOT NULL,
            artifact_id TEXT NOT NULL,
            lifecycle_state TEXT NOT NULL CHECK (lifecycle_state IN ('active', 'deprecated', 'retired')),
            replacement_artifact_id TEXT,
            governance_generation INTEGER NOT NULL CHECK (governance_generation >= 0),
            PRIMARY KEY (scope_id, artifact_id)
        ) WITHOUT ROWID""",
        """INSERT INTO skill_governance (scope_id, artifact_id, lifecycle_state, replacement_artifact_id,
                                        governance_generation)
           SELECT DISTINCT scope_id, artifact_id, 'active', NULL, 0 FROM managed_skills""",
    ),
)

REMOTE_SKILL_TARGETS = Migration(
    28,
    "remote Agent Skill targets and their publications (credential digests only)",
    (
        """CREATE TABLE remote_skill_targets (
            scope_id TEXT NOT NULL, target_id TEXT NOT NULL, display_name TEXT NOT NULL,
            agent_kind TEXT NOT NULL, installation_id TEXT, state TEXT NOT NULL,
            enrollment_sha256 TEXT UNIQUE, enrollment_expires_at TEXT, credential_sha256 TEXT UNIQUE,
            receiver_version TEXT, environment_fingerprint TEXT, machine_hostname TEXT, workspace_name TEXT,
            last_seen_at TEXT, generation INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
            PRIMARY KEY (scope_id, target_id),
            UNIQUE (scope_id, agent_kind, installation_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE remote_skill_publications (
            scope_id TEXT NOT NULL, target_id TEXT NOT NULL, artifact_id TEXT NOT NULL,
            desired_state TEXT NOT NULL, desired_revision INTEGER NOT NULL, desired_tree_digest TEXT NOT NULL,
            observed_revision INTEGER, observed_tree_digest TEXT, observed_generation INTEGER,
            state TEXT NOT NULL, last_error_code TEXT, observed_at TEXT, generation INTEGER NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (scope_id, target_id, artifact_id)
        ) WITHOUT ROWID""",
    ),
)

PROFILE_CURSORS = Migration(
    29,
    "the Profile cursor: how far flush_profile has processed each Scope's Sources (store.profile_flush)",
    (
        """CREATE TABLE profile_cursors (
            scope_id TEXT PRIMARY KEY,
            processed INTEGER NOT NULL CHECK (processed >= 0)
        )""",
    ),
)
