"""Bulk creation on the OceanBase engine: many new plain artifacts in a few multi-row statements.

``create_artifacts`` of more than one artifact that is neither the profile nor a prompt (the
bulk import path) writes artifacts, revisions, search docs and vectors a batch at a time instead
of one round trip per artifact, with the same outcome as one ``create_artifact`` each: the same
rows, conflicts and errors, all inside the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pcreceipt.store.ids import new_artifact_id
from pcreceipt.store.oceanbase.connection import Conn, placeholders
from pcreceipt.store.oceanbase.search import Prepared
from pcreceipt.store.oceanbase.vectors import store_vectors
from pcreceipt.store.records import (
    SEARCHABLE_FAMILIES,
    ArtifactFamily,
    NewArtifact,
    RevisionRecord,
    StoreError,
    WriteConflict,
)
from pcreceipt.store.rows import BATCH, as_str, first_revisions


def insert_batch(
    conn: Conn,
    scope_id: str,
    family: ArtifactFamily,
    items: Sequence[NewArtifact],
    prepared: Sequence[Prepared],
    now: str,
    prepared_tables: Mapping[tuple[str, int], str],
) -> list[RevisionRecord]:
    """Revision 1 of many new artifacts (no profile or prompt) in a few multi-row statements;
    the same outcome as the store core's ``_insert_new`` per item (all inside the caller's transaction)."""
    ids = [item.artifact_id or new_artifact_id() for item in items]
    if len(set(ids)) != len(ids) or _existing_ids(conn, scope_id, family, ids):
        raise WriteConflict("the artifact_id is already taken", reason="already_exists")
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
        revision_pks = _keys_by_artifact(
            conn, "SELECT artifact_id, revision_pk FROM revisions", scope_id, family, ids, " AND revision = 1"
        )
        conn.many(
            """INSERT INTO search_docs (revision_pk, scope_id, family, artifact_id, terms, words, token_count)
               VALUES (%s, %s, %s, %s, %s, %s, %s)""",
            [
                (revision_pks[artifact_id], scope_id, family, artifact_id, *_index_row(item))
                for artifact_id, item in zip(ids, prepared, strict=True)
            ],
        )
        vectors = [(artifact_id, item.vector) for artifact_id, item in zip(ids, prepared, strict=True)]
        if any(vector is not None for _, vector in vectors):
            doc_ids = _keys_by_artifact(conn, "SELECT artifact_id, doc_id FROM search_docs", scope_id, family, ids, "")
            store_vectors(conn, scope_id, family, vectors, doc_ids, revision_pks, prepared_tables)
    return first_revisions(scope_id, family, ids, prepared, now)


def _index_row(item: Prepared) -> tuple[bytes, str, int]:
    if item.index is None:  # pragma: no cover - prepared for every searchable family
        raise StoreError("a searchable revision was prepared without its index text")
    return item.index.terms, item.index.words, item.index.token_count


def _existing_ids(conn: Conn, scope_id: str, family: str, ids: Sequence[str]) -> bool:
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        if conn.first(
            f"""SELECT 1 FROM artifacts WHERE scope_id = %s AND family = %s
                AND artifact_id IN ({placeholders(len(batch))}) LIMIT 1""",
            (scope_id, family, *batch),
        ):
            return True
    return False


def _keys_by_artifact(
    conn: Conn, select: str, scope_id: str, family: str, ids: Sequence[str], extra: str
) -> dict[str, int]:
    """``artifact_id -> key`` from ``select`` (two columns) for these artifacts of the partition."""
    keys: dict[str, int] = {}
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        rows = conn.all(
            f"""{select} WHERE scope_id = %s AND family = %s
                AND artifact_id IN ({placeholders(len(batch))}){extra}""",
            (scope_id, family, *batch),
        )
        keys.update({as_str(artifact_id): int(key) for artifact_id, key in rows})
    return keys
