"""Versioned schema migrations, one type and one apply loop for every engine.

An engine lists its schema as an ordered tuple of ``Migration`` and keeps the applied versions
in its own ``schema_migrations`` table; ``apply_missing`` decides what runs. A database that
records a version this runtime does not know is refused (``StoreUnavailable``) rather than
guessed at. Whether a migration is atomic is the engine's: SQLite runs the loop inside one
write transaction, OceanBase (whose DDL commits implicitly) writes idempotent statements and
records a version only after all its statements ran.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from pcreceipt.store.records import StoreUnavailable


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema version: its number, a name for people, and the statements that make it."""

    version: int
    name: str
    statements: tuple[str, ...]


def apply_missing(
    migrations: Sequence[Migration],
    applied: Iterable[int],
    run: Callable[[str], object],
    record: Callable[[Migration], object],
) -> list[int]:
    """Run the statements of every migration not yet ``applied``, in order, recording each after
    its statements ran; the versions applied. StoreUnavailable when ``applied`` holds a version
    ``migrations`` does not know (a newer runtime wrote this database)."""
    done = set(applied)
    if done - {migration.version for migration in migrations}:
        raise StoreUnavailable("the database schema is newer than this runtime")
    newly_applied: list[int] = []
    for migration in migrations:
        if migration.version in done:
            continue
        for statement in migration.statements:
            run(statement)
        record(migration)
        newly_applied.append(migration.version)
    return newly_applied
