"""The SQLite engine's vector SQL (sqlite-vec): profile tables, vectors of search docs, KNN.

Decisions:
- One vec0 table per embedding profile, ``vec_<profile_id>`` (the only interpolated names: built
  from an integer), with ``scope_id`` and ``family`` as partition keys, so an exact cosine KNN
  query scans only that Scope's family and is bounded by ``k`` (measured: half the time of
  filtering ``family`` as a metadata column). vec0 preallocates whole chunks per partition, so
  ``chunk_size`` is 64, not 1024: the default wastes up to 1.5 MiB per (Scope, family) at 384
  dimensions, for a KNN cost within noise.
- A table is created on first use, because its dimension is the profile's; ``embedding_profiles``
  maps profile name to table and dimension, ``doc_embeddings`` records which search docs have a
  vector in which profile.
- A head's vector leaves with it on replace, forget, merge and retire. Without the extension a
  write cannot touch vec0 tables: it drops the doc's ``doc_embeddings`` rows and flags the
  tables (``store_meta``); the next open with the extension sweeps the orphans before serving.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from pcreceipt.store.records import InvalidRecord
from pcreceipt.store.rows import MAX_VECTOR_HITS, Vector

if TYPE_CHECKING:
    from sqlite3 import Connection

VEC0_CHUNK_SIZE = 64


def vector_table(profile_id: int) -> str:
    return f"vec_{int(profile_id)}"


def store_vector(
    conn: Connection, doc_id: int, scope_id: str, family: str, vector: Vector, *, replace: bool = False
) -> None:
    """Put the doc's vector in the profile's table (``replace``: overwrite an existing one)."""
    profile_id = ensure_profile(conn, vector.profile, vector.dimensions)
    table = vector_table(profile_id)
    if replace:
        conn.execute("DELETE FROM doc_embeddings WHERE profile_id = ? AND doc_id = ?", (profile_id, doc_id))
        conn.execute(f"DELETE FROM {table} WHERE doc_id = ?", (doc_id,))
    conn.execute("INSERT INTO doc_embeddings (profile_id, doc_id) VALUES (?, ?)", (profile_id, doc_id))
    conn.execute(
        f"INSERT INTO {table} (doc_id, scope_id, family, embedding) VALUES (?, ?, ?, ?)",
        (doc_id, scope_id, family, vector.blob),
    )


def ensure_profile(conn: Connection, profile: str, dimensions: int) -> int:
    """The profile's id, creating its vector table on first use; its dimension must match."""
    row = conn.execute("SELECT profile_id, dimensions FROM embedding_profiles WHERE profile = ?", (profile,)).fetchone()
    if row is not None:
        if int(row[1]) != dimensions:
            raise InvalidRecord("the vector's dimension is not the embedding profile's")
        return int(row[0])
    cursor = conn.execute("INSERT INTO embedding_profiles (profile, dimensions) VALUES (?, ?)", (profile, dimensions))
    profile_id = int(cast(int, cursor.lastrowid))
    table = vector_table(profile_id)
    conn.execute("UPDATE embedding_profiles SET table_name = ? WHERE profile_id = ?", (table, profile_id))
    conn.execute(
        f"""CREATE VIRTUAL TABLE {table} USING vec0 (
            doc_id INTEGER PRIMARY KEY, scope_id TEXT PARTITION KEY, family TEXT PARTITION KEY,
            embedding FLOAT[{int(dimensions)}] distance_metric=cosine, chunk_size={VEC0_CHUNK_SIZE}
        )"""
    )
    return profile_id


def delete_vectors(conn: Connection, doc_id: int, *, available: bool) -> None:
    """Forget the doc's vectors; without the extension (``available`` False), flag the vector
    tables for a sweep."""
    profile_ids = [
        int(row[0]) for row in conn.execute("SELECT profile_id FROM doc_embeddings WHERE doc_id = ?", (doc_id,))
    ]
    if not profile_ids:
        return
    if available:
        for profile_id in profile_ids:
            conn.execute(f"DELETE FROM {vector_table(profile_id)} WHERE doc_id = ?", (doc_id,))
    else:
        conn.execute("INSERT OR REPLACE INTO store_meta (key, value) VALUES ('orphan_vectors', '1')")
    conn.execute("DELETE FROM doc_embeddings WHERE doc_id = ?", (doc_id,))


def sweep_orphan_vectors(conn: Connection) -> None:
    """Delete vectors whose docs left the index while the vector extension was unavailable."""
    if conn.execute("SELECT 1 FROM store_meta WHERE key = 'orphan_vectors'").fetchone() is None:
        return
    for (profile_id,) in conn.execute("SELECT profile_id FROM embedding_profiles").fetchall():
        conn.execute(
            f"DELETE FROM {vector_table(profile_id)}"
            " WHERE doc_id NOT IN (SELECT doc_id FROM doc_embeddings WHERE profile_id = ?)",
            (profile_id,),
        )
    conn.execute("DELETE FROM store_meta WHERE key = 'orphan_vectors'")


def nearest(
    conn: Connection, scope_id: str, family: str, blob: bytes, dimensions: int, profile: str, limit: int
) -> list[Any]:
    """Hit rows (scope_id, family, artifact_id, revision, content) of the Scope's family nearest to
    the vector by cosine distance (exact KNN), at most ``limit``; none when the profile has no
    vectors yet. InvalidRecord when ``dimensions`` is not the profile's."""
    row = conn.execute("SELECT profile_id, dimensions FROM embedding_profiles WHERE profile = ?", (profile,)).fetchone()
    if row is None:
        return []
    if int(row[1]) != dimensions:
        raise InvalidRecord("the query vector's dimension is not the embedding profile's")
    return conn.execute(
        f"""WITH knn AS (
                SELECT doc_id, distance FROM {vector_table(row[0])}
                WHERE embedding MATCH ? AND k = ? AND scope_id = ? AND family = ?
            )
            SELECT d.scope_id, d.family, d.artifact_id, r.revision, r.content
            FROM knn
            JOIN search_docs d ON d.doc_id = knn.doc_id
            JOIN revisions r ON r.revision_pk = d.revision_pk
            ORDER BY knn.distance""",
        (blob, min(limit, MAX_VECTOR_HITS), scope_id, family),
    ).fetchall()


def vector_problems(conn: Connection) -> list[str]:
    """Vector tables holding vectors ``doc_embeddings`` does not record, or missing ones it does."""
    problems = []
    for (profile_id,) in conn.execute("SELECT profile_id FROM embedding_profiles").fetchall():
        table = vector_table(profile_id)
        stray = conn.execute(
            f"""SELECT count(*) FROM {table}
                WHERE doc_id NOT IN (SELECT doc_id FROM doc_embeddings WHERE profile_id = ?)""",
            (profile_id,),
        ).fetchone()[0]
        missing = conn.execute(
            f"""SELECT count(*) FROM doc_embeddings
                WHERE profile_id = ? AND doc_id NOT IN (SELECT doc_id FROM {table})""",
            (profile_id,),
        ).fetchone()[0]
        if stray or missing:
            problems.append(f"vector table {table}: {stray} stray and {missing} missing vectors")
    return problems
