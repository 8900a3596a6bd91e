"""The OceanBase engine's vector SQL: profile tables, vectors of search docs, KNN.

Decisions:
- One table per (embedding profile, dimension), ``vec_<sha(profile)[:16]>_<dimension>``, with an
  HNSW index (``oceanbase.schema.vector_table_ddl``). DDL commits implicitly in OceanBase, so a
  profile's table is created *before* the write transaction that first uses it (the store's
  ``_ensure_vector_tables``), and the ``embedding_profiles`` row that makes it live is written
  inside that transaction: a rolled-back write leaves at most an empty, unused table.
- A KNN query asks the HNSW index (``ORDER BY cosine_distance(...) APPROXIMATE``) for
  ``max(4k, 64)`` nearest vectors of the whole table and keeps the (Scope, family) partition's;
  when fewer than ``k`` remain, an exact scan of the partition (through its index) answers
  instead, so small partitions always get exact answers, as in SQLite. (Putting the partition
  filter inside the approximate query makes OceanBase choose its adaptive pre-filter scan,
  measured slower than the exact scan at 10k rows.) HNSW is approximate: recall depends on the
  data and on the server's ``ob_hnsw_ef_search`` (64).
- A head's vector leaves with it on replace, forget, merge and retire.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pcreceipt.store.oceanbase.connection import Conn
from pcreceipt.store.oceanbase.search import sha
from pcreceipt.store.records import InvalidRecord, StoreError
from pcreceipt.store.rows import MAX_VECTOR_HITS, Vector, as_str

KNN_OVERSAMPLING = 4  # HNSW candidates per wanted hit, before keeping the (Scope, family) partition's
KNN_MIN_CANDIDATES = 64


def vector_table_name(profile: str, dimensions: int) -> str:
    return f"vec_{sha(profile)[:16]}_{int(dimensions)}"


def ensure_profile(
    conn: Conn, profile: str, dimensions: int, prepared_tables: Mapping[tuple[str, int], str]
) -> tuple[int, str]:
    """The profile's id and table, registering it on first use (its table must be among the
    ``prepared_tables``, created before the transaction); its dimension must match."""
    row = conn.first(
        "SELECT profile_id, dimensions, table_name FROM embedding_profiles WHERE profile_sha = %s", (sha(profile),)
    )
    if row is not None:
        if int(row[1]) != dimensions:
            raise InvalidRecord("the vector's dimension is not the embedding profile's")
        return int(row[0]), as_str(row[2])
    table = prepared_tables.get((profile, dimensions))
    if table is None:  # pragma: no cover - _ensure_vector_tables ran before the transaction
        raise StoreError("the embedding profile's vector table was not prepared")
    profile_id = conn.insert_id(
        "INSERT INTO embedding_profiles (profile_sha, profile, table_name, dimensions) VALUES (%s, %s, %s, %s)",
        (sha(profile), profile, table, dimensions),
    )
    return profile_id, table


def store_vector(
    conn: Conn,
    doc_id: int,
    revision_pk: int,
    scope_id: str,
    family: str,
    vector: Vector,
    prepared_tables: Mapping[tuple[str, int], str],
    *,
    overwrite: bool = False,
) -> None:
    """Put the doc's vector in the profile's table (``overwrite``: replace an existing one)."""
    profile_id, table = ensure_profile(conn, vector.profile, vector.dimensions, prepared_tables)
    if overwrite:
        conn.run("DELETE FROM doc_embeddings WHERE profile_id = %s AND doc_id = %s", (profile_id, doc_id))
        conn.run(f"DELETE FROM {table} WHERE doc_id = %s", (doc_id,))
    conn.run("INSERT INTO doc_embeddings (profile_id, doc_id) VALUES (%s, %s)", (profile_id, doc_id))
    conn.run(
        f"INSERT INTO {table} (doc_id, revision_pk, scope_id, family, embedding) VALUES (%s, %s, %s, %s, %s)",
        (doc_id, revision_pk, scope_id, family, vector.blob),
    )


def store_vectors(
    conn: Conn,
    scope_id: str,
    family: str,
    vectors: Sequence[tuple[str, Vector | None]],
    doc_ids: Mapping[str, int],
    revision_pks: Mapping[str, int],
    prepared_tables: Mapping[tuple[str, int], str],
) -> None:
    """New docs' vectors (by artifact id), profile by profile in first-use order (dimensions
    checked per vector)."""
    by_profile: dict[str, list[tuple[str, Vector]]] = {}
    for artifact_id, vector in vectors:
        if vector is not None:
            by_profile.setdefault(vector.profile, []).append((artifact_id, vector))
    for profile, members in by_profile.items():
        profile_id, table = ensure_profile(conn, profile, members[0][1].dimensions, prepared_tables)
        if any(vector.dimensions != members[0][1].dimensions for _, vector in members):
            raise InvalidRecord("the vector's dimension is not the embedding profile's")
        conn.many(
            "INSERT INTO doc_embeddings (profile_id, doc_id) VALUES (%s, %s)",
            [(profile_id, doc_ids[artifact_id]) for artifact_id, _ in members],
        )
        conn.many(
            f"INSERT INTO {table} (doc_id, revision_pk, scope_id, family, embedding) VALUES (%s, %s, %s, %s, %s)",
            [
                (doc_ids[artifact_id], revision_pks[artifact_id], scope_id, family, vector.blob)
                for artifact_id, vector in members
            ],
        )


def delete_vectors(conn: Conn, doc_id: int) -> None:
    """Forget the doc's vectors, in every profile."""
    rows = conn.all(
        """SELECT p.table_name FROM doc_embeddings e JOIN embedding_profiles p ON p.profile_id = e.profile_id
           WHERE e.doc_id = %s""",
        (doc_id,),
    )
    for (table,) in rows:
        conn.run(f"DELETE FROM {as_str(table)} WHERE doc_id = %s", (doc_id,))
    if rows:
        conn.run("DELETE FROM doc_embeddings WHERE doc_id = %s", (doc_id,))


def nearest(
    conn: Conn, scope_id: str, family: str, blob: bytes, dimensions: int, profile: str, limit: int
) -> list[int]:
    """Revision keys of the Scope's family nearest to the vector by cosine distance (HNSW, exact
    when the partition is small), at most ``limit``; none when the profile has no vectors yet.
    InvalidRecord when ``dimensions`` is not the profile's."""
    k = min(limit, MAX_VECTOR_HITS)
    row = conn.first("SELECT dimensions, table_name FROM embedding_profiles WHERE profile_sha = %s", (sha(profile),))
    if row is None:
        return []
    if int(row[0]) != dimensions:
        raise InvalidRecord("the query vector's dimension is not the embedding profile's")
    table = as_str(row[1])
    candidates = min(max(KNN_OVERSAMPLING * k, KNN_MIN_CANDIDATES), MAX_VECTOR_HITS)
    rows = conn.all(
        f"""SELECT revision_pk FROM (
                SELECT revision_pk, doc_id, scope_id, family, cosine_distance(embedding, %s) AS distance
                FROM {table} ORDER BY cosine_distance(embedding, %s) APPROXIMATE LIMIT %s
            ) nearest
            WHERE scope_id = %s AND family = %s ORDER BY distance, doc_id LIMIT %s""",
        (blob, blob, candidates, scope_id, family, k),
    )
    if len(rows) < k:
        rows = conn.all(
            f"""SELECT revision_pk, cosine_distance(embedding, %s) AS distance, doc_id FROM {table}
                WHERE scope_id = %s AND family = %s ORDER BY distance, doc_id LIMIT %s""",
            (blob, scope_id, family, k),
        )
    return [int(row[0]) for row in rows]


def vector_problems(conn: Conn) -> list[str]:
    """Vector tables holding vectors ``doc_embeddings`` does not record, or missing ones it does."""
    problems: list[str] = []
    for profile_id, table in conn.all("SELECT profile_id, table_name FROM embedding_profiles"):
        name = as_str(table)
        stray = conn.first(
            f"""SELECT count(*) FROM {name} v WHERE NOT EXISTS (
                    SELECT 1 FROM doc_embeddings e WHERE e.profile_id = %s AND e.doc_id = v.doc_id)""",
            (profile_id,),
        )[0]
        missing = conn.first(
            f"""SELECT count(*) FROM doc_embeddings e WHERE e.profile_id = %s
                AND NOT EXISTS (SELECT 1 FROM {name} v WHERE v.doc_id = e.doc_id)""",
            (profile_id,),
        )[0]
        if stray or missing:
            problems.append(f"vector table {name}: {stray} stray and {missing} missing vectors")
    return problems
