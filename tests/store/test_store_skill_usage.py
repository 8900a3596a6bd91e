"""Managed Skill usage evidence in the store (every engine): an observation of an exact
package-backed Skill revision becomes an immutable ``skill-usage`` Source at the Scope's next
position, apart from content Sources of the same id; 1.4.1's refusals write nothing; a repeat
answers the first position; K racing repeats store one Source. SQLite's migration 27 rebuilds
``sources`` for the new origin with every earlier row, child row and index kept."""

from __future__ import annotations

import base64
import sqlite3
import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
from _support.external_skills import package_base64

from pcreceipt.store import skill_package
from pcreceipt.store.external_skills import UPLOAD_SOURCE
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import CapturedSource, SourceRef, StoreError
from pcreceipt.store.skill_usage import UsageRefused
from pcreceipt.store.sqlite import SQLiteStore
from pcreceipt.store.sqlite import schema as sqlite_schema
from pcreceipt.store.sqlite.source_rebuild import SOURCES_SKILL_USAGE


def package_skill(store: Store, scope_id: str) -> tuple[dict[str, Any], str]:
    """An approved package-backed Skill revision and its usage digest."""
    package = skill_package.from_archive(base64.b64decode(package_base64()))
    source = SourceRef(UPLOAD_SOURCE, "skill_pkg_" + package.reference["tree_digest"])
    evidence = {"package": package.reference, "name": "release-check", "description": "d"}
    candidate = store.propose_package_candidate(
        scope_id, source=source, evidence=evidence, manifest=package.manifest(), archive=package.archive,
        proposal=package.skill_content(), reason=None,
    )  # fmt: skip
    assert candidate is not None
    result = store.approve_candidate(scope_id, candidate.candidate_id, 1).result
    assert result is not None
    return dict(result.reference()), "sha256:" + package.reference["tree_digest"]


def observation(skill_ref: dict[str, Any], digest: str, **fields: Any) -> dict[str, Any]:
    return {
        "skill_ref": skill_ref, "package_digest": digest, "target_id": "codex", "selected": True, "invoked": "true",
        "validation": "passed", "outcome": "success", "task_source": None, "environment_fingerprint": None, **fields,
    }  # fmt: skip


def test_an_observation_is_an_immutable_source_at_the_next_position(store: Store, scope_id: str) -> None:
    ref, digest = package_skill(store, scope_id)
    before = store.source_high_watermark(scope_id)
    store.capture_source(scope_id, CapturedSource("obs-1", "a content Source with the same id", None))
    position = store.record_skill_usage(scope_id, "obs-1", observation(ref, digest))
    assert position == before + 2
    assert store.record_skill_usage(scope_id, "obs-1", observation(ref, digest)) == position  # a repeat
    with pytest.raises(UsageRefused) as conflict:
        store.record_skill_usage(scope_id, "obs-1", observation(ref, digest, outcome="failure"))
    assert conflict.value.reason == "conflict"
    page = store.list_source_views(scope_id, after=before, through=position, limit=10)
    assert [(v.source_id, v.position) for v in page.items] == [("obs-1", before + 1)]  # content Sources only
    content = store.source_view(scope_id, "obs-1")
    assert content is not None and content.content == "a content Source with the same id"
    task = {"name": "skill-usage", "source_id": "obs-1"}
    assert store.record_skill_usage(scope_id, "obs-2", observation(ref, digest, task_source=task)) == position + 1
    assert store.check_integrity() == []


def test_a_task_source_may_be_a_package_source_of_the_scope(store: Store, scope_id: str) -> None:
    ref, digest = package_skill(store, scope_id)
    uploaded = {"name": UPLOAD_SOURCE, "source_id": "skill_pkg_" + digest.removeprefix("sha256:")}
    position = store.record_skill_usage(scope_id, "obs-package", observation(ref, digest, task_source=uploaded))
    assert position == store.source_high_watermark(scope_id)
    for unknown in (uploaded | {"source_id": "skill_pkg_other"}, uploaded | {"name": "not-a-source-kind"}):
        with pytest.raises(UsageRefused) as refused:
            store.record_skill_usage(scope_id, "obs-unknown", observation(ref, digest, task_source=unknown))
        assert refused.value.reason == "not_found"
    assert store.source_high_watermark(scope_id) == position


def test_refusals_write_nothing(store: Store, scope_id: str) -> None:
    ref, digest = package_skill(store, scope_id)
    high = store.source_high_watermark(scope_id)
    cases = [
        ("not_found", observation(ref | {"revision": 9}, digest)),
        ("not_found", observation(ref | {"family": "experience"}, digest)),
        ("invalid", observation(ref, "sha256:" + "0" * 64)),
        ("not_found", observation(ref, digest, task_source={"name": "content", "source_id": "missing"})),
        ("invalid", observation(ref, digest, task_source={"name": "content", "source_id": " padded"})),
        ("invalid", observation(ref, digest, task_source={"name": "c" * 129, "source_id": "s"})),
    ]
    for reason, value in cases:
        with pytest.raises(UsageRefused) as refused:
            store.record_skill_usage(scope_id, "obs", value)
        assert refused.value.reason == reason
    source_id = uuid.uuid4().hex
    store.capture_source(scope_id, CapturedSource(source_id, "plain", None))
    plain = store.create_candidate(
        scope_id, "skill", {"name": "plain", "description": "d", "instructions": "i", "validation": ["v"]},
        source_refs=[SourceRef("content", source_id)], artifact_refs=[], target=None, reason=None,
    )  # fmt: skip
    result = store.approve_candidate(scope_id, plain.candidate_id, 1).result
    assert result is not None
    with pytest.raises(UsageRefused) as packageless:
        store.record_skill_usage(scope_id, "obs", observation(dict(result.reference()), digest))
    assert packageless.value.reason == "invalid"
    assert store.source_high_watermark(scope_id) == high + 1


def test_racing_repeats_store_one_source(store: Store, scope_id: str) -> None:
    ref, digest = package_skill(store, scope_id)
    barrier, positions = threading.Barrier(6), []

    def racer() -> None:
        barrier.wait()
        positions.append(store.record_skill_usage(scope_id, "obs-race", observation(ref, digest)))

    threads = [threading.Thread(target=racer) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(positions) == 6 and len(set(positions)) == 1


def test_sqlite_migration_rebuilds_sources_keeping_every_row(tmp_path: Path) -> None:
    previous = tuple(m for m in sqlite_schema.MIGRATIONS if m is not SOURCES_SKILL_USAGE)
    assert len(previous) == len(sqlite_schema.MIGRATIONS) - 1
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite_schema, "MIGRATIONS", previous)
        old = SQLiteStore(tmp_path / "store.db")
        try:
            scope, _ = old.create_scope(
                title="Old", summary="Before usage", idempotency_key="old", parent_scope_id=None,
                context_references=[], external_references=[],
            )  # fmt: skip
            old.capture_source(scope.scope_id, CapturedSource("c-1", "first", {"k": "v"}))
            old.create_source(scope.scope_id, {"json": [1, 2]})

            def extraction(conn: Any) -> None:
                old._run(
                    conn,
                    "INSERT INTO source_extractions VALUES (?, 1, 0, 'atomic-memory', 'mem-1', 1)",
                    (scope.scope_id,),
                )

            old._transact(extraction)
            with pytest.raises(StoreError, match="CONSTRAINT"):  # the old CHECK refuses the new origin
                old._transact(lambda conn: old._run(conn, "UPDATE sources SET origin = 'skill_usage'"))
        finally:
            old.close()
    raw = sqlite3.connect(tmp_path / "store.db")
    before = {t: raw.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("sources", "source_values")}
    raw.close()
    store = SQLiteStore(tmp_path / "store.db")
    try:
        assert store.check_integrity() == []
        ref, digest = package_skill(store, scope.scope_id)
        position = store.record_skill_usage(scope.scope_id, "obs-1", observation(ref, digest))
        assert position > 2
    finally:
        store.close()
    raw = sqlite3.connect(tmp_path / "store.db")
    try:
        for table, rows in before.items():
            after = raw.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
            assert after[: len(rows)] == rows
        assert raw.execute("SELECT count(*) FROM source_extractions").fetchone() == (1,)
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'index')")}
        assert {"sources_by_target", "source_extractions_by_target"} <= names
        assert not {n for n in names if n.endswith(("_aside", "_rebuilt"))}
        assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
        definition = raw.execute("SELECT sql FROM sqlite_master WHERE name = 'source_values'").fetchone()[0]
        assert "REFERENCES sources (scope_id, source_position)" in definition
    finally:
        raw.close()
