"""The same corpus and the same prepares on SQLite and on OceanBase (seekdb): identical content
and identical Receipts, except the receipt id and the measured stage durations.

The corpus is written with the same artifact ids on both engines (ids are otherwise random) and
its queries have an unambiguous ranking (documents match different numbers of query terms), the
one place where the engines' relevance functions may legitimately differ.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from _support.engines import open_engine_store
from _support.fakes import FakeInference
from _support.receipts import embedding_settings, prepare, runtime, settings

from pcreceipt.config import RerankSettings
from pcreceipt.store.oceanbase.seekdb import SeekdbServer
from pcreceipt.store.protocol import Store
from pcreceipt.store.writer import ArtifactWriter

MEMORIES = [
    ("m-sqlite", "SQLite WAL embedded store decision"),
    ("m-wal", "SQLite WAL mode keeps readers unblocked"),
    ("m-file", "SQLite file in the per-user data directory"),
    ("m-cjk", "数据库 选择了 嵌入式 存储"),
    ("m-other", "Bazel builds the monorepo"),
]
TOPICS = [("t-storage", "Storage engines", "SQLite WAL embedded, OceanBase distributed")]
EXPERIENCES = [("e-host", "A host rejected the SQLite response", "Keep default responses at four keys")]
REQUESTS: list[dict[str, Any]] = [
    {"query": "SQLite WAL embedded"},
    {"query": "SQLite WAL embedded", "max_bytes": 600},
    {"query": "数据库 嵌入式"},
    {"query": "no such words anywhere"},  # hybrid: the vector channel still finds neighbours
    {"query": "SQLite WAL", "include_code": True},
    {
        "query": "SQLite",
        "assembly": {"sections": [{"family": "profile", "limit": 2}, {"family": "memory", "limit": 3}]},
    },
]


def load(store: Store, writer: ArtifactWriter) -> str:
    shared, _ = store.create_scope(
        title="shared",
        summary="s",
        idempotency_key="shared",
        parent_scope_id=None,
        context_references=[],
        external_references=[],
    )
    project, _ = store.create_scope(
        title="project",
        summary="p",
        idempotency_key="project",
        parent_scope_id=None,
        context_references=[shared.scope_id],
        external_references=[],
    )
    for n, (artifact_id, text) in enumerate(MEMORIES):
        owner = project if n % 2 == 0 else shared
        writer.create(owner.scope_id, "atomic-memory", {"kind": "fact", "text": text}, artifact_id=artifact_id)
    for artifact_id, title, summary in TOPICS:
        store.create_artifact(
            project.scope_id,
            "topic-memory",
            {"title": title, "summary": summary, "detail": summary},
            artifact_id=artifact_id,
        )
    for artifact_id, situation, lesson in EXPERIENCES:
        content = {"situation": situation, "action": "Compared keys", "outcome": "Fixed", "lesson": lesson}
        store.create_artifact(project.scope_id, "experience", content, artifact_id=artifact_id)
    store.create_artifact(
        project.scope_id, "profile", {"content": "SQLite shop", "restored_from_revision": None}, artifact_id="profile"
    )
    lines = [f"def sqlite_wal_{i}(): return {i}" for i in range(80)]
    store.index_workspace(project.scope_id, [("src/wal.py", "\n".join(lines).encode())], 0)
    return project.scope_id


def renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` with every engine-assigned Scope id replaced by its name, wherever it occurs."""
    if isinstance(value, str):
        for scope_id, name in names.items():
            value = value.replace(scope_id, name)
        return value
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {k: renamed(v, names) for k, v in value.items()}
    return value


CHECKED_AT = re.compile(r'"checked_at":"[^"]*"')


def comparable(response: dict[str, Any], scope_ids: dict[str, str]) -> dict[str, Any]:
    """The response with engine-assigned Scope ids named, code citations' ``checked_at`` (when
    each engine's index was made) blanked, and without receipt_id and durations.

    The content digest is dropped too: the content cites the engine-assigned Scope ids, so each
    engine's digest differs; the gate in ``prepare`` checks each against its own content."""
    out: dict[str, Any] = renamed(response, scope_ids)
    if out["content"] is not None:
        out["content"] = CHECKED_AT.sub('"checked_at":""', out["content"])
    receipt = out.get("receipt")
    if receipt is not None:
        receipt.pop("receipt_id")
        receipt.pop("content_digest")
        for stage in receipt["stages"]:
            stage.pop("duration_ms")
    return out


@pytest.mark.parametrize("rerank", ["none", "lexical"])
def test_sqlite_and_oceanbase_give_identical_content_and_receipts(
    tmp_path: Path, seekdb_server: SeekdbServer, fake: FakeInference, rerank: str
) -> None:
    config = settings(
        # the engines are compared, not the provider's speed: a query embedding slower than the
        # default 0.25 s on a loaded machine fails the vector channel open on one leg only
        embedding=embedding_settings(fake, timeout_seconds=10.0),
        assembly_max_entries=26,
        rerank=RerankSettings(kind=rerank) if rerank != "none" else RerankSettings(),
    )
    results: dict[str, list[dict[str, Any]]] = {}
    for engine in ("sqlite", "oceanbase"):
        workdir = tmp_path / engine
        workdir.mkdir()
        store = open_engine_store(engine, workdir)
        try:
            rt = runtime(store, config, fake=fake)
            project = load(store, ArtifactWriter(store, rt.embedder))
            scope = store.get_scope(project)
            assert scope is not None
            names = {project: "<project>", scope.context_references[0]: "<shared>"}
            results[engine] = [
                comparable(prepare(rt, project, include_receipt=True, **request), names) for request in REQUESTS
            ]
        finally:
            store.close()
    for request, left, right in zip(REQUESTS, results["sqlite"], results["oceanbase"], strict=True):
        assert left["content"] == right["content"], request
        assert left == right, request
    assert all(r["status"] == "ready" and "receipt" in r for r in results["sqlite"])
    modes = {g["mode"] for r in results["sqlite"] for g in r["receipt"]["retrieval"]["searches"]}
    assert {"hybrid", "snapshot", "code"} <= modes
