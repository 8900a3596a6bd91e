"""Migration 25 of the SQLite engine: ``sources`` takes the ``skill_usage`` origin
(``store.skill_usage``, record_skill_usage).

SQLite cannot alter a CHECK constraint, so the table is rebuilt inside the migration's one write
transaction (``schema.apply_migrations`` runs under the store's ``BEGIN IMMEDIATE``): a new table
with the wider CHECK, every row copied, the old table dropped, the new one renamed. Foreign keys
are on and cannot be switched off inside a transaction, and dropping a parent whose children hold
rows is a violation even when a same-named parent follows, so the two child tables
(``source_extractions``, migration 7; ``source_values``, migration 20) are copied aside, dropped
first and created again as they were, with their rows, after the new ``sources`` exists. Every
index of the three is created again. A failure anywhere rolls the whole migration back.
"""

from __future__ import annotations

from pcreceipt.store.migrations import Migration

_SOURCES = """CREATE TABLE {name} (
                scope_id TEXT NOT NULL REFERENCES scopes (scope_id),
                source_position INTEGER NOT NULL,
                source_key TEXT NOT NULL,
                source_id TEXT NOT NULL,
                origin TEXT NOT NULL CHECK (origin IN ('content', 'working_note', 'lineage', 'skill_usage')),
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
            ) WITHOUT ROWID"""
_COLUMNS = """scope_id, source_position, source_key, source_id, origin, content, metadata, identity_digest, tokens,
              target_family, target_artifact_id, target_revision, created_at"""

_EXTRACTED = "scope_id, source_position, ordinal, family, artifact_id, revision"

SOURCES_SKILL_USAGE = Migration(
    25,
    "Sources of Skill usage: the sources table rebuilt with the skill_usage origin (record_skill_usage)",
    (
        _SOURCES.format(name="sources_rebuilt"),
        f"INSERT INTO sources_rebuilt ({_COLUMNS}) SELECT {_COLUMNS} FROM sources",
        f"CREATE TABLE source_extractions_aside AS SELECT {_EXTRACTED} FROM source_extractions",
        "CREATE TABLE source_values_aside AS SELECT scope_id, source_position, content_json FROM source_values",
        "DROP TABLE source_extractions",
        "DROP TABLE source_values",
        "DROP TABLE sources",
        "ALTER TABLE sources_rebuilt RENAME TO sources",
        """CREATE INDEX sources_by_target ON sources (scope_id, target_family, target_artifact_id, target_revision)
                WHERE origin = 'lineage'""",
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
        """CREATE TABLE source_values (
                scope_id TEXT NOT NULL,
                source_position INTEGER NOT NULL,
                content_json TEXT NOT NULL,
                PRIMARY KEY (scope_id, source_position),
                FOREIGN KEY (scope_id, source_position) REFERENCES sources (scope_id, source_position)
            ) WITHOUT ROWID""",
        f"INSERT INTO source_extractions ({_EXTRACTED}) SELECT {_EXTRACTED} FROM source_extractions_aside",
        """INSERT INTO source_values (scope_id, source_position, content_json)
               SELECT scope_id, source_position, content_json FROM source_values_aside""",
        "DROP TABLE source_extractions_aside",
        "DROP TABLE source_values_aside",
    ),
)
