"""Sources on every engine: per-Scope positions, idempotent replay, conflicts, lineage Sources of
artifact writes, the extraction cursor, and positions under concurrent writers (threads and
processes)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
import sqlean  # type: ignore[import-untyped]
from _support.engines import oceanbase_url, raw_sql, sqlite_only
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import (
    CapturedSource,
    FlushWindow,
    InvalidRecord,
    NewArtifact,
    RecordNotFound,
    Scope,
    SourceIdentityConflict,
)
from pcreceipt.store.sources import estimate_tokens
from pcreceipt.store.sqlite import SQLiteStore
from pcreceipt.store.sqlite import schema as sqlite_schema

WRITER = Path(__file__).with_name("source_writer.py")
MEMORY = {"kind": "fact", "text": "We use WAL mode."}


def source(source_id: str, content: str = "hello", metadata: dict[str, object] | None = None) -> CapturedSource:
    return CapturedSource(source_id, content, metadata)


def flushed(window: FlushWindow) -> tuple[int, int, int, bool]:
    return (window.previous_cursor, window.current_cursor, window.high_watermark, window.needs_extraction)


def positions(engine_name: str, workdir: Path, scope_id: str) -> list[tuple[int, str]]:
    mark = "?" if engine_name == "sqlite" else "%s"
    rows = raw_sql(
        engine_name,
        workdir,
        f"SELECT source_position, origin FROM sources WHERE scope_id = {mark} ORDER BY source_position",
        (scope_id,),
    )
    return [(int(str(p)), o.decode() if isinstance(o, bytes) else str(o)) for p, o in rows]


def test_positions_count_up_per_scope_and_replays_repeat_them(store: Store, make_scope: Callable[..., Scope]) -> None:
    first, second = make_scope().scope_id, make_scope().scope_id
    assert [store.capture_source(first, source(f"s{n}")) for n in range(3)] == [1, 2, 3]
    assert store.capture_source(second, source("s0")) == 1  # each Scope has its own sequence
    assert store.capture_source(first, source("s1")) == 2  # a replay stores nothing
    assert store.capture_source(first, source("s3", metadata=None)) == 4
    assert store.capture_source(first, source("s3", metadata={})) == 4  # absent metadata is {}
    assert store.capture_source(first, source("new"), replay_only=True) is None
    assert store.capture_source(first, source("s2"), replay_only=True) == 3
    assert store.capture_source(first, source("new")) == 5
    assert store.check_integrity() == []


def test_other_content_or_metadata_under_an_id_is_a_conflict(store: Store, scope_id: str) -> None:
    assert store.capture_source(scope_id, source("a", "one", {"origin": "pi"})) == 1
    for other in (source("a", "two", {"origin": "pi"}), source("a", "one", {"origin": "codex"}), source("a", "one")):
        with pytest.raises(SourceIdentityConflict):
            store.capture_source(scope_id, other)
    note = CapturedSource("a", "one", {"origin": "pi"}, working_note=True)
    with pytest.raises(SourceIdentityConflict):  # a Working Note never shares an id with content
        store.capture_source(scope_id, note)
    with pytest.raises(SourceIdentityConflict):
        store.capture_source(scope_id, source("a", "two"), replay_only=True)
    assert store.capture_source(scope_id, source("b")) == 2  # nothing was written by the refusals


def test_metadata_is_stored_as_given(engine_name: str, store: Store, scope_id: str, tmp_path: Path) -> None:
    metadata = {"z": 1, "a": [1.5, None, "é"], "nested": {"k": True}}
    store.capture_source(scope_id, source("m", "content é", metadata))
    store.capture_source(scope_id, source("n"))
    mark = "?" if engine_name == "sqlite" else "%s"
    rows = raw_sql(
        engine_name,
        tmp_path,
        f"SELECT source_id, content, metadata, tokens FROM sources WHERE scope_id = {mark} ORDER BY source_position",
        (scope_id,),
    )
    decoded = [[v.decode() if isinstance(v, bytes) else v for v in row] for row in rows]
    assert decoded[0][:2] == ["m", "content é"]
    assert json.loads(str(decoded[0][2])) == metadata and list(json.loads(str(decoded[0][2]))) == ["z", "a", "nested"]
    assert int(str(decoded[0][3])) == estimate_tokens("content é")
    assert decoded[1][2] is None


def test_metadata_json_cannot_state_is_refused(store: Store, scope_id: str) -> None:
    with pytest.raises(InvalidRecord):
        store.capture_source(scope_id, source("inf", metadata={"n": float("inf")}))
    assert store.capture_source(scope_id, source("finite", metadata={"n": 1e300})) == 1


def test_a_capture_needs_its_scope(store: Store) -> None:
    with pytest.raises(RecordNotFound):
        store.capture_source("scp_missing", source("a"))
    with pytest.raises(RecordNotFound):
        store.flush_sources("scp_missing", 100)


def test_artifact_writes_record_lineage_sources_but_merges_do_not(
    engine_name: str, store: Store, scope_id: str, tmp_path: Path
) -> None:
    one = store.create_artifact(scope_id, "atomic-memory", MEMORY)
    assert store.capture_source(scope_id, source("between")) == 2
    two = store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "FTS5 is on."})
    revised = MEMORY | {"text": "WAL."}
    store.replace_artifact(scope_id, "atomic-memory", one.ref.artifact_id, revised, expected_revision=1)
    imported = store.create_artifacts(
        scope_id, "topic-memory", [NewArtifact({"title": f"T{n}", "summary": "S", "detail": "D"}) for n in range(3)]
    )
    store.create_artifact(scope_id, "profile", {"content": "Python"})
    store.create_artifact(scope_id, "profile", {"content": "Python 3.11"})  # appends revision 2
    three = store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "three"})
    before = positions(engine_name, tmp_path, scope_id)
    store.merge_atomic_memories(scope_id, [(two.ref.artifact_id, 1, 0), (three.ref.artifact_id, 1, 0)], MEMORY)
    assert positions(engine_name, tmp_path, scope_id) == before  # a merge derives from its inputs
    origins = [origin for _, origin in before]
    assert [p for p, _ in before] == list(range(1, 11))
    assert origins == ["lineage", "content", *["lineage"] * 8]
    assert len(imported) == 3
    assert store.capture_source(scope_id, source("after")) == 11
    assert store.check_integrity() == []


def test_lineage_sources_name_each_written_revision(store: Store, scope_id: str) -> None:
    """One lineage Source per create, import and replace, readable by revision; none for a merge
    result, a capture or an unknown revision."""
    one = store.create_artifact(scope_id, "atomic-memory", MEMORY)
    store.capture_source(scope_id, source("captured"))
    two = store.replace_artifact(
        scope_id, "atomic-memory", one.ref.artifact_id, MEMORY | {"text": "b"}, expected_revision=1
    )
    other = store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "c"})
    imported = store.create_artifacts(scope_id, "atomic-memory", [NewArtifact({"kind": "fact", "text": "d"})])
    heads = store.merge_atomic_memories(
        scope_id, [(two.ref.artifact_id, 2, 0), (other.ref.artifact_id, 1, 0)], {"kind": "fact", "text": "e"}
    )
    result = store.get_revision(scope_id, "atomic-memory", heads[-1].ref.artifact_id, 1)
    assert result is not None
    missing = replace(one.ref, revision=9)
    refs = [one.ref, two.ref, other.ref, imported[0].ref, result.ref, missing, one.ref]
    found = store.lineage_sources(refs)
    assert set(found) == set(refs)
    written = [found[r] for r in (one.ref, two.ref, other.ref, imported[0].ref)]
    assert all(len(ids) == 1 and ids[0].startswith("src_") and len(ids[0]) == 36 for ids in written)
    assert len({ids[0] for ids in written}) == 4
    assert found[result.ref] == () and found[missing] == ()
    assert store.lineage_sources([]) == {}


def test_flush_passes_windows_that_need_no_extraction(store: Store, scope_id: str) -> None:
    assert flushed(store.flush_sources(scope_id, 100)) == (0, 0, 0, False)
    for n in range(3):
        store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": f"fact {n}"})
    store.capture_source(scope_id, CapturedSource("note", "inspected", {"kind": "working_note"}, working_note=True))
    assert flushed(store.flush_sources(scope_id, 2)) == (0, 2, 4, False)
    assert flushed(store.flush_sources(scope_id, 100)) == (2, 4, 4, False)
    assert flushed(store.flush_sources(scope_id, 100)) == (4, 4, 4, False)  # idle
    store.capture_source(scope_id, source("prompt"))
    store.create_artifact(scope_id, "atomic-memory", MEMORY)
    for _ in range(2):  # captured content needs extraction: the cursor stays
        assert flushed(store.flush_sources(scope_id, 100)) == (4, 4, 6, True)
    counts = store.scope_statistics([scope_id], "2026-01-01", "2026-01-01")[scope_id]
    assert (counts.sources, counts.processed) == (6, 4)


@given(st.text(max_size=200))
def test_the_estimate_is_weighted_characters_over_four(text: str) -> None:
    units = sum(1 if ord(c) < 128 else 4 for c in text)
    assert estimate_tokens(text) == (units + 3) // 4
    assert estimate_tokens(text + "abcd") == estimate_tokens(text) + 1
    assert estimate_tokens(text + "é") == (units + 4 + 3) // 4


def test_concurrent_threads_get_unique_increasing_positions(store: Store, scope_id: str) -> None:
    results: dict[str, int | None] = {}
    lock = threading.Lock()
    errors: list[BaseException] = []

    def capture(tag: str) -> None:
        try:
            for n in range(10):
                position = store.capture_source(scope_id, source(f"{tag}-{n}", f"{tag} {n}"))
                with lock:
                    results[f"{tag}-{n}"] = position
                if n % 4 == 0:
                    store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": f"{tag} {n}"})
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=capture, args=(f"t{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    captured = sorted(p for p in results.values() if p is not None)
    assert len(captured) == 40 and len(set(captured)) == 40
    for tag in ("t0", "t1", "t2", "t3"):  # each writer saw its own captures in increasing order
        own = [results[f"{tag}-{n}"] for n in range(10)]
        assert own == sorted(p for p in own if p is not None)
    total = 40 + 4 * 3
    assert store.capture_source(scope_id, source("last")) == total + 1
    assert store.check_integrity() == []


def test_concurrent_processes_get_unique_increasing_positions(
    engine_name: str, store: Store, scope_id: str, tmp_path: Path
) -> None:
    target = str(tmp_path / "store.db") if engine_name == "sqlite" else oceanbase_url(tmp_path)
    count, writers = 12, 3
    processes = [
        subprocess.Popen(
            [sys.executable, str(WRITER), target, scope_id, f"p{i}", str(count)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(writers)
    ]
    outputs = []
    try:
        for process in processes:  # every writer has opened its store; release them together
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.flush()
        for process in processes:
            out, err = process.communicate(timeout=240)
            assert process.returncode == 0, err
            outputs.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
    captured = {k: v for output in outputs for k, v in output["captured"].items()}
    assert all(output["replayed"] == output["captured"] for output in outputs)
    assert len(captured) == count * writers and len(set(captured.values())) == count * writers
    for i in range(writers):
        own = [captured[f"p{i}-{n}"] for n in range(count)]
        assert own == sorted(own)
    stored = positions(engine_name, tmp_path, scope_id)
    lineage = writers * (count // 3)
    assert [p for p, _ in stored] == list(range(1, count * writers + lineage + 1))
    assert sum(1 for _, origin in stored if origin == "lineage") == lineage
    assert store.check_integrity() == []


def test_the_integrity_check_sees_a_missing_source(
    engine_name: str, store: Store, scope_id: str, tmp_path: Path
) -> None:
    for n in range(3):
        store.capture_source(scope_id, source(f"s{n}"))
    mark = "?" if engine_name == "sqlite" else "%s"
    raw_sql(engine_name, tmp_path, f"DELETE FROM sources WHERE scope_id = {mark} AND source_position = 2", (scope_id,))
    assert store.check_integrity() == ["1 Scopes whose Source positions are not exactly 1..n"]


@sqlite_only
def test_a_version_5_database_gains_the_source_tables(engine_name: str, tmp_path: Path) -> None:
    """A database written before migration 6 is migrated on open; its Scopes start at position 1."""
    path = tmp_path / "old.db"
    conn = sqlean.connect(str(path), isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite_schema, "MIGRATIONS", sqlite_schema.MIGRATIONS[:5])
        assert sqlite_schema.apply_migrations(conn) == [1, 2, 3, 4, 5]
    conn.execute(
        "INSERT INTO scopes (scope_id, idempotency_key, title, summary, parent_scope_id, context_references,"
        " external_references, version) VALUES ('scp_old', 'k', 't', 's', NULL, '[]', '[]', 1)"
    )
    conn.execute("COMMIT")
    conn.close()
    store = SQLiteStore(path)
    try:
        assert store.capture_source("scp_old", source("first")) == 1
        store.create_artifact("scp_old", "atomic-memory", MEMORY)
        assert store.flush_sources("scp_old", 100).needs_extraction
        assert store.check_integrity() == []
    finally:
        store.close()


OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("capture"), st.integers(0, 5), st.sampled_from(["a", "b"])),
        st.tuples(st.just("note"), st.integers(0, 5), st.just("n")),
        st.tuples(st.just("artifact"), st.integers(0, 0), st.just("")),
    ),
    max_size=25,
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_positions_are_dense_and_replays_stable_whatever_the_writes(
    store: Store, make_scope: Callable[..., Scope], operations: list[tuple[str, int, str]]
) -> None:
    """Any interleaving of captures, replays, conflicts, Working Notes and artifact writes: the
    stored positions are exactly 1..n in write order, a replay answers the first position, and a
    refused write takes none."""
    scope_id = make_scope().scope_id
    first: dict[str, tuple[str, int]] = {}  # source id -> (its identity, its position)
    written = 0
    for kind, number, content in operations:
        if kind == "artifact":
            store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": f"fact {written}"})
            written += 1
            continue
        source_id = f"{kind}-{number}"
        identity = f"{kind}:{content}"
        captured = CapturedSource(source_id, content, None, working_note=kind == "note")
        if source_id in first and first[source_id][0] != identity:
            with pytest.raises(SourceIdentityConflict):
                store.capture_source(scope_id, captured)
            continue
        position = store.capture_source(scope_id, captured)
        if source_id in first:
            assert position == first[source_id][1]
        else:
            written += 1
            assert position == written
            first[source_id] = (identity, written)
    counts = store.scope_statistics([scope_id], "2026-01-01", "2026-01-01")[scope_id]
    assert counts.sources == written
