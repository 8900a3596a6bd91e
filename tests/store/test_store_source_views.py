"""Sources read back whole (``store.source_views``) on every engine: every origin with its
content, by id and as ascending position windows, bounded by the snapshot a listing names."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import CapturedSource, RecordNotFound


def _capture(store: Store, scope_id: str, source_id: str, content: str = "hello", **options: object) -> int:
    position = store.capture_source(scope_id, CapturedSource(source_id, content, None, **options))  # type: ignore[arg-type]
    assert position is not None
    return position


def test_every_origin_is_read_back_with_its_content(store: Store, scope_id: str) -> None:
    memory = store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "WAL is on."})
    captured = _capture(store, scope_id, "prompt:1", "Why WAL?")
    note = _capture(store, scope_id, "note:1", "checked the pragma", working_note=True)
    lineage_id = store.lineage_sources([memory.ref])[memory.ref][0]
    views = {source_id: store.source_view(scope_id, source_id) for source_id in ("prompt:1", "note:1", lineage_id)}
    prompt, written_note, lineage = views["prompt:1"], views["note:1"], views[lineage_id]
    assert prompt is not None and (prompt.position, prompt.content) == (captured, "Why WAL?")
    assert written_note is not None and (written_note.position, written_note.content) == (note, "checked the pragma")
    assert lineage is not None and lineage.position == 1
    revision = store.get_revision(scope_id, "atomic-memory", memory.ref.artifact_id, 1)
    assert revision is not None and lineage.content == revision.content
    assert store.source_view(scope_id, "prompt:2") is None
    with pytest.raises(RecordNotFound):
        store.source_view("scp_missing", "prompt:1")


def test_windows_are_ascending_and_bounded_by_the_snapshot(store: Store, scope_id: str) -> None:
    for n in range(5):
        _capture(store, scope_id, f"s{n}", f"text {n}")
    assert store.source_high_watermark(scope_id) == 5
    first = store.list_source_views(scope_id, after=0, through=5, limit=2)
    assert [v.position for v in first.items] == [1, 2] and first.more
    _capture(store, scope_id, "later", "written after the snapshot")
    rest = store.list_source_views(scope_id, after=2, through=5, limit=10)
    assert [v.source_id for v in rest.items] == ["s2", "s3", "s4"] and not rest.more
    assert store.source_high_watermark(scope_id) == 6
    with pytest.raises(RecordNotFound):
        store.source_high_watermark("scp_missing")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=st.integers(0, 7), limit=st.integers(1, 4))
def test_paging_lists_each_position_once_in_order(store: Store, make_scope, count: int, limit: int) -> None:  # type: ignore[no-untyped-def]
    scope_id = make_scope().scope_id
    for n in range(count):
        _capture(store, scope_id, f"p{n}", f"text {n}")
    through, after, seen = store.source_high_watermark(scope_id), 0, []
    while True:
        page = store.list_source_views(scope_id, after=after, through=through, limit=limit)
        seen += [v.position for v in page.items]
        if not page.more:
            break
        after = page.items[-1].position
    assert seen == list(range(1, count + 1))


def test_a_created_source_reads_back_as_the_value_it_was(store: Store, scope_id: str) -> None:
    value = {"event": "deploy", "ok": True, "n": [1, 2.5, None], "ü": "ß"}
    created = store.create_source(scope_id, value)
    text = store.create_source(scope_id, "plain text")
    assert (created.position, text.position) == (1, 2)
    assert created.source_id.startswith("src_") and len(created.source_id) == 36
    assert store.source_view(scope_id, created.source_id) == created
    assert store.source_view(scope_id, text.source_id) == text
    assert [v.content for v in store.list_source_views(scope_id, after=0, through=2, limit=5).items] == [
        value,
        "plain text",
    ]
    pending = store.pending_sources(scope_id, 10).sources
    assert [(p.origin, p.content) for p in pending] == [
        ("content", '{"event":"deploy","n":[1,2.5,null],"ok":true,"ü":"ß"}'),
        ("content", "plain text"),
    ]
    assert store.flush_sources(scope_id, 10).needs_extraction  # pending for extraction, as a capture is
    with pytest.raises(RecordNotFound):
        store.create_source("scp_missing", "x")
    assert store.check_integrity() == []
