"""A writer process for the crash test: writes through every kind of write until it is killed.

Usage: python store_writer.py DATABASE_PATH_OR_STORE_URL. Prints ``ready`` once, then the number of
completed rounds after each round. Every bulk create holds ``BATCH`` memories, so after a crash the
number of plain (non-merge) atomic memories must be a multiple of ``BATCH``. A path opens the
SQLite engine; a URL (``oceanbase://...``) opens whatever engine it names.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pcreceipt.store import open_store
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import EmbeddingRow, NewArtifact
from pcreceipt.store.sqlite import SQLiteStore

BATCH = 50
PROFILE = "crash-8d"


def vector(seed: int) -> list[float]:
    return [float((seed * (i + 3)) % 17) + 1.0 for i in range(8)]


def memory(text: str) -> dict[str, str]:
    return {"kind": "fact", "text": text}


def write_round(store: Store, scope_id: str, number: int) -> None:
    items = [
        NewArtifact(
            content=memory(f"round {number} memory {i} 数据库 deploy"), embedding=EmbeddingRow(PROFILE, vector(i))
        )
        for i in range(BATCH)
    ]
    records = store.create_artifacts(scope_id, "atomic-memory", items)
    first, second, third, fourth = (record.ref.artifact_id for record in records[:4])
    store.replace_artifact(
        scope_id,
        "atomic-memory",
        first,
        memory(f"round {number} edited"),
        expected_revision=1,
        embedding=EmbeddingRow(PROFILE, vector(number)),
    )
    store.change_lifecycle(scope_id, second, revision=1, state_version=0, state="forgotten")
    heads = store.merge_atomic_memories(scope_id, [(third, 1, 0), (fourth, 1, 0)], memory(f"round {number} merged"))
    store.change_lifecycle(scope_id, heads[-1].ref.artifact_id, revision=1, state_version=0, state="retired")
    topic = store.create_artifact(scope_id, "topic-memory", {"title": f"T{number}", "summary": "S", "detail": "D"})
    store.replace_artifact(
        scope_id,
        "topic-memory",
        topic.ref.artifact_id,
        {"title": "T", "summary": "S2", "detail": "D2"},
        expected_revision=1,
    )
    files = [(f"src/file_{n}.py", f"value_{number}_{n} = {n}\n".encode() * 60) for n in range(5)]
    store.index_workspace(scope_id, files, skipped=0)


def main(target: str) -> None:
    store = open_store(target) if "://" in target else SQLiteStore(Path(target))
    scope, _ = store.create_scope(
        title="crash",
        summary="crash test",
        idempotency_key="crash",
        parent_scope_id=None,
        context_references=[],
        external_references=[],
    )
    print("ready", flush=True)
    number = 0
    while True:
        write_round(store, scope.scope_id, number)
        number += 1
        print(number, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
