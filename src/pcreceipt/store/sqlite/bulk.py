"""Bulk creation on the SQLite engine: many new plain artifacts with one ``executemany`` per table.

``create_artifacts`` of more than one artifact that is neither the profile nor a prompt (the
bulk import path) writes artifacts, revisions, search docs and full-text rows a batch at a
time instead of several statements per artifact, with the same outcome as one
``create_artifact`` each: the same rows, conflicts and errors, all inside the caller's
transaction. (The OceanBase engine does the same in ``store/oceanbase/bulk.py``.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from pcreceipt.store.ids import new_artifact_id
from pcreceipt.store.records import SEARCHABLE_FAMILIES, ArtifactFamily, NewArtifact, RevisionRecord, WriteConflict
from pcreceipt.store.rows import BATCH, PreparedContent, as_str, first_revisions, to_json
from pcreceipt.store.text import searchable_text, segment

if TYPE_CHECKING:
    from sqlite3 import Connection


class PreparedRow(PreparedContent, Protocol):
    """What the store prepared for one write, outside the transaction: the content and its vector."""

    @property
    def vector(self) -> Any: ...


def insert_batch(
    conn: Connection,
    scope_id: str,
    family: ArtifactFamily,
    items: Sequence[NewArtifact],
    prepared: Sequence[PreparedRow],
    now: str,
    partition: str,
    store_vector: Callable[[Connection, int, Any], None],
) -> list[RevisionRecord]:
    """Revision 1 of many new artifacts (no profile or prompt), the same outcome as the store
    core's ``_insert_new`` per item. ``partition`` is the (Scope, family) token of the full-text
    rows; ``store_vector(conn, doc_id, vector)`` stores one doc's vector."""
    ids = [item.artifact_id or new_artifact_id() for item in items]
    if len(set(ids)) != len(ids) or _existing_ids(conn, scope_id, family, ids):
        raise WriteConflict("the artifact_id is already taken", reason="already_exists")
    # The columns every row of the batch shares are written in the statement: binding a None per
    # row costs more than the rest of the row (the stored values are the same).
    lifecycle = "'active', 0" if family == "atomic-memory" else "NULL, NULL"
    prompted = any(item.prompt_key is not None for item in items)
    conn.executemany(
        f"""INSERT INTO artifacts (scope_id, family, artifact_id, head_revision, prompt_key, state, state_version)
            VALUES (?, ?, ?, 1, {"?" if prompted else "NULL"}, {lifecycle})""",
        [
            (scope_id, family, artifact_id, *((item.prompt_key,) if prompted else ()))
            for artifact_id, item in zip(ids, items, strict=True)
        ],
    )
    derived = to_json([])
    conn.executemany(
        """INSERT INTO revisions (scope_id, family, artifact_id, revision, content, content_digest, created_at,
                                  derived_from)
           VALUES (?, ?, ?, 1, ?, ?, ?, ?)""",
        [
            (scope_id, family, artifact_id, row.content_json, row.content_digest, now, derived)
            for artifact_id, row in zip(ids, prepared, strict=True)
        ],
    )
    if family in SEARCHABLE_FAMILIES:
        revision_pks = _keys(
            conn, "SELECT artifact_id, revision_pk FROM revisions", scope_id, family, ids, " AND revision = 1"
        )
        conn.executemany(
            "INSERT INTO search_docs (revision_pk, scope_id, family, artifact_id) VALUES (?, ?, ?, ?)",
            [(revision_pks[artifact_id], scope_id, family, artifact_id) for artifact_id in ids],
        )
        doc_ids = _keys(conn, "SELECT artifact_id, doc_id FROM search_docs", scope_id, family, ids, "")
        texts = [searchable_text(family, row.content) for row in prepared]
        conn.executemany(
            "INSERT INTO search_fts (rowid, part, title, body) VALUES (?, ?, ?, ?)",
            [
                (doc_ids[artifact_id], partition, segment(text.title), segment(text.body))
                for artifact_id, text in zip(ids, texts, strict=True)
            ],
        )
        for artifact_id, row in zip(ids, prepared, strict=True):
            if row.vector is not None:
                store_vector(conn, doc_ids[artifact_id], row.vector)
    return first_revisions(scope_id, family, ids, prepared, now)


def _placeholders(count: int) -> str:
    return ", ".join("?" * count)


def _existing_ids(conn: Connection, scope_id: str, family: str, ids: Sequence[str]) -> bool:
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        row = conn.execute(
            f"""SELECT 1 FROM artifacts WHERE scope_id = ? AND family = ?
                AND artifact_id IN ({_placeholders(len(batch))}) LIMIT 1""",
            (scope_id, family, *batch),
        ).fetchone()
        if row is not None:
            return True
    return False


def _keys(conn: Connection, select: str, scope_id: str, family: str, ids: Sequence[str], extra: str) -> dict[str, int]:
    """``artifact_id -> key`` from ``select`` (two columns) for these artifacts of the partition."""
    keys: dict[str, int] = {}
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        rows = conn.execute(
            f"""{select} WHERE scope_id = ? AND family = ?
                AND artifact_id IN ({_placeholders(len(batch))}){extra}""",
            (scope_id, family, *batch),
        ).fetchall()
        keys.update({as_str(artifact_id): int(key) for artifact_id, key in rows})
    return keys
