"""Worker observations as Sources (``store.source_observations``) on every engine: the next
position, one Source per (source_type, name) with replays answered and other observations
refused, apart from captured Sources, never listed or extracted, and racing identical
submissions stored once; and, on SQLite, migration 24's rebuild of ``sources`` keeping every row
and every reference to it."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from _support.engines import raw_sql
from _support.races import at_once
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import CapturedSource, RecordNotFound, Scope, SourceIdentityConflict
from pcreceipt.store.source_observations import observation_key
from pcreceipt.store.sources import source_key


def observation(name: str, source_type: str = "issues", **payload: Any) -> dict[str, Any]:
    envelope = {"name": name, "definition_version": "1", "materialization": "captured", "description": None}
    return {
        **envelope,
        "source_type": source_type,
        "definition_fingerprint": "sha256:" + "0" * 64,
        "payload": envelope | payload,
        "projections": [],
    }


def test_an_observation_is_a_source_once_per_identity(store: Store, scope_id: str) -> None:
    first = observation("issue-1", title="Crash")
    assert store.submit_source_observation(scope_id, first) == 1
    assert store.submit_source_observation(scope_id, dict(reversed(list(first.items())))) == 1  # the same, replayed
    with pytest.raises(SourceIdentityConflict):
        store.submit_source_observation(scope_id, observation("issue-1", title="Other"))
    assert store.submit_source_observation(scope_id, observation("issue-1", source_type="tickets")) == 2
    assert store.submit_source_observation(scope_id, observation("issue-2")) == 3
    assert store.source_high_watermark(scope_id) == 3


def test_an_observation_is_not_a_content_source(store: Store, scope_id: str) -> None:
    store.submit_source_observation(scope_id, observation("shared-id"))
    assert store.source_view(scope_id, "shared-id") is None
    assert store.find_source(scope_id, "shared-id") is None
    assert store.capture_source(scope_id, CapturedSource("shared-id", "captured text", None)) == 2
    view = store.source_view(scope_id, "shared-id")
    assert view is not None and (view.position, view.content) == (2, "captured text")
    page = store.list_source_views(scope_id, after=0, through=2, limit=10)
    assert [item.position for item in page.items] == [2]
    window = store.flush_sources(scope_id, 1)  # the observation alone: passed, nothing to extract
    assert (window.previous_cursor, window.current_cursor, window.needs_extraction) == (0, 1, False)


SUBMISSIONS = st.lists(
    st.tuples(st.sampled_from(["issues", "tickets"]), st.sampled_from(["a", "b", "c"]), st.integers(0, 1)),
    max_size=10,
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(submissions=SUBMISSIONS)
def test_each_identity_holds_its_first_observation(
    store: Store, make_scope: Callable[..., Scope], submissions: list[tuple[str, str, int]]
) -> None:
    """Whatever the order: an identity's first observation takes the next position and keeps it
    (its replays answer it, any other observation is refused), and the positions are 1..n."""
    scope_id = make_scope().scope_id
    first: dict[tuple[str, str], tuple[int, int]] = {}
    for source_type, name, variant in submissions:
        submitted = observation(name, source_type, variant=variant)
        held = first.get((source_type, name))
        if held is not None and held[1] != variant:
            with pytest.raises(SourceIdentityConflict):
                store.submit_source_observation(scope_id, submitted)
            continue
        position = store.submit_source_observation(scope_id, submitted)
        if held is None:
            first[source_type, name] = (position, variant)
        assert position == first[source_type, name][0]
    assert sorted(position for position, _ in first.values()) == list(range(1, len(first) + 1))
    assert store.source_high_watermark(scope_id) == len(first)


def test_an_unknown_scope_is_refused(store: Store) -> None:
    with pytest.raises(RecordNotFound):
        store.submit_source_observation(f"scp_missing_{uuid.uuid4().hex}", observation("x"))


def test_racing_identical_submissions_store_one_source(store: Store, scope_id: str) -> None:
    same = observation("raced", title="once")
    positions = at_once([partial(store.submit_source_observation, scope_id, same) for _ in range(4)])
    assert positions == [1, 1, 1, 1]
    others = [observation("contested", title=str(n)) for n in range(4)]
    answers = at_once(
        [partial(store.submit_source_observation, scope_id, other) for other in others],
        caught=(SourceIdentityConflict,),
    )
    assert [answer for answer in answers if not isinstance(answer, SourceIdentityConflict)] == [2]
    assert store.source_high_watermark(scope_id) == 2


def test_the_key_never_meets_a_content_key() -> None:
    key = observation_key("issues", "x")
    assert len(key) == len(source_key("x")) == 64
    assert key[0] == "o" and key != source_key("x")


def test_migration_24_keeps_every_source_and_its_references(tmp_path: Path) -> None:
    """A database at migration 23 with a captured Source, a created JSON Source (``source_values``),
    an artifact's lineage Source and an extraction row: after the rebuild every row is the same,
    the foreign keys hold, the lineage index is back, and observations can be stored."""
    from pcreceipt.store.sqlite import schema as sqlite_schema
    from pcreceipt.store.sqlite.store import SQLiteStore

    rebuild = sqlite_schema.SOURCES_REBUILT_FOR_OBSERVATIONS
    previous = tuple(m for m in sqlite_schema.MIGRATIONS if m.statements is not rebuild)
    assert len(previous) == len(sqlite_schema.MIGRATIONS) - 1
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite_schema, "MIGRATIONS", previous)
        old = SQLiteStore(tmp_path / "store.db")
        scope, _ = old.create_scope(
            title="t", summary="s", idempotency_key="k", parent_scope_id=None, context_references=[],
            external_references=[],
        )  # fmt: skip
        old.capture_source(scope.scope_id, CapturedSource("captured", "text", {"a": 1}))
        old.create_source(scope.scope_id, {"value": [1, 2]})
        old.create_artifact(scope.scope_id, "topic-memory", {"title": "T", "summary": "s", "detail": "d"})
        old.close()
    raw_sql(
        "sqlite", tmp_path,
        "INSERT INTO source_extractions (scope_id, source_position, ordinal, family, artifact_id, revision)"
        " VALUES (?, 1, 0, 'atomic-memory', 'mem_x', 1)", (scope.scope_id,),
    )  # fmt: skip
    tables = ("sources", "source_values", "source_extractions")
    before = {table: raw_sql("sqlite", tmp_path, f"SELECT * FROM {table} ORDER BY 1, 2") for table in tables}
    assert [len(before[table]) for table in tables] == [3, 1, 1]
    store = SQLiteStore(tmp_path / "store.db")
    try:
        latest = max(migration.version for migration in sqlite_schema.MIGRATIONS)
        assert raw_sql("sqlite", tmp_path, "SELECT max(version) FROM schema_migrations") == [(latest,)]
        assert {
            table: raw_sql("sqlite", tmp_path, f"SELECT * FROM {table} ORDER BY 1, 2") for table in tables
        } == before
        assert raw_sql("sqlite", tmp_path, "PRAGMA foreign_key_check") == []
        names = {row[0] for row in raw_sql("sqlite", tmp_path, "SELECT name FROM sqlite_master")}
        assert "sources_by_target" in names and "sources_before_observations" not in names
        assert store.check_integrity() == []
        assert store.submit_source_observation(scope.scope_id, observation("after")) == 4
        view = store.source_view(scope.scope_id, "captured")
        assert view is not None and view.content == "text"
    finally:
        store.close()
