"""The SQLite bulk path writes the constant columns of a batch in its statements (NULL, the
lifecycle of a new Atomic Memory, the lineage origin) instead of binding them per row: the
stored rows are exactly those of one create per artifact."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pcreceipt.store.records import ArtifactFamily, NewArtifact
from pcreceipt.store.sqlite import SQLiteStore

CONTENTS: dict[str, Any] = {
    "atomic-memory": lambda n: {"kind": "fact", "text": f"memory {n}"},
    "topic-memory": lambda n: {"title": f"topic {n}", "summary": "s", "detail": "d"},
    "experience": lambda n: {"situation": f"s {n}", "action": "a", "outcome": "o", "lesson": "l"},
}
ARTIFACT_COLUMNS = "head_revision, prompt_key, typeof(prompt_key), state, typeof(state), state_version, " \
    "typeof(state_version), merged_into_id, is_merge_result"  # fmt: skip
SOURCE_COLUMNS = "origin, content, typeof(content), metadata, typeof(metadata), typeof(tokens), target_family, " \
    "target_revision, typeof(target_revision), length(source_key), length(identity_digest)"  # fmt: skip


@pytest.mark.parametrize("family", list(CONTENTS))
def test_bulk_rows_are_single_create_rows(tmp_path: Path, family: ArtifactFamily) -> None:
    store = SQLiteStore(tmp_path / "store.db")
    try:
        scope, _ = store.create_scope(title="t", summary="s", idempotency_key="k", parent_scope_id=None,
                                      context_references=(), external_references=())  # fmt: skip
        bulk = store.create_artifacts(
            scope.scope_id, family, [NewArtifact(content=CONTENTS[family](n)) for n in (1, 2)]
        )
        singles = [store.create_artifact(scope.scope_id, family, CONTENTS[family](n)) for n in (3, 4)]
        conn = store._connection()

        def rows(ids: list[str]) -> list[tuple[Any, ...]]:
            artifacts = [
                conn.execute(f"SELECT {ARTIFACT_COLUMNS} FROM artifacts WHERE artifact_id = ?", (i,)).fetchone()
                for i in ids
            ]
            sources = [
                conn.execute(f"SELECT {SOURCE_COLUMNS} FROM sources WHERE target_artifact_id = ?", (i,)).fetchall()
                for i in ids
            ]
            return [(a, tuple(s)) for a, s in zip(artifacts, sources, strict=True)]

        bulk_rows = rows([r.ref.artifact_id for r in bulk])
        single_rows = rows([r.ref.artifact_id for r in singles])
        assert bulk_rows[0] == bulk_rows[1] == single_rows[0] == single_rows[1]
        (artifact, (source,)) = bulk_rows[0]
        assert artifact[1:3] == (None, "null") and source[:5] == ("lineage", None, "null", None, "null")
        if family == "atomic-memory":
            assert artifact[3:7] == ("active", "text", 0, "integer")
        else:
            assert artifact[3:7] == (None, "null", None, "null")
        assert store.check_integrity() == []
    finally:
        store.close()
