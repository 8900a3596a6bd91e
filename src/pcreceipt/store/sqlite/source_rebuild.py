"""Widening the SQLite ``sources`` table's ``origin`` CHECK, which SQLite cannot alter.

``sources_rebuilt`` gives the statements of one migration: the table copied aside, dropped, made
again with the wider CHECK and filled back, inside the migration's one write transaction
(``schema.apply_migrations`` runs under the store's ``BEGIN IMMEDIATE``). Its children
(``source_extractions``, migration 7; ``source_values``, migration 20) keep their rows: their
foreign keys are deferred to the commit, and every parent row is back by then (a row lost on the
way would fail the commit, and with it the migration). The lineage index is made again. Two
migrations use it: 24 (``observation``, ``store.source_observations``) and 27 (``skill_usage``,
``store.skill_usage``).
"""

from __future__ import annotations

from collections.abc import Sequence

from pcreceipt.store.migrations import Migration

_COLUMNS = """scope_id, source_position, source_key, source_id, origin, content, metadata, identity_digest,
    tokens, target_family, target_artifact_id, target_revision, created_at"""


def sources_rebuilt(origins: Sequence[str], aside: str) -> tuple[str, ...]:
    """The statements rebuilding ``sources`` with ``origin IN origins`` (``aside``: the copy's name)."""
    allowed = ", ".join(f"'{origin}'" for origin in origins)
    return (
        "PRAGMA defer_foreign_keys = ON",
        f"CREATE TABLE {aside} AS SELECT {_COLUMNS} FROM sources",
        "DROP TABLE sources",
        f"""CREATE TABLE sources (
        scope_id TEXT NOT NULL REFERENCES scopes (scope_id),
        source_position INTEGER NOT NULL,
        source_key TEXT NOT NULL,
        source_id TEXT NOT NULL,
        origin TEXT NOT NULL CHECK (origin IN ({allowed})),
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
        f"INSERT INTO sources ({_COLUMNS}) SELECT {_COLUMNS} FROM {aside}",
        f"DROP TABLE {aside}",
        """CREATE INDEX sources_by_target ON sources (scope_id, target_family, target_artifact_id, target_revision)
        WHERE origin = 'lineage'""",
    )


SOURCES_REBUILT_FOR_OBSERVATIONS = sources_rebuilt(
    ("content", "working_note", "lineage", "observation"), "sources_before_observations"
)
SOURCES_SKILL_USAGE = Migration(
    27,
    "Sources of Skill usage: the sources table rebuilt with the skill_usage origin (record_skill_usage)",
    sources_rebuilt(("content", "working_note", "lineage", "observation", "skill_usage"), "sources_before_skill_usage"),
)
