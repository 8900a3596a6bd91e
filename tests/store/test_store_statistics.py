"""Prepare counters and inventory counts on every engine: what counts as comparable (lineage through
replaces and merges, across Scopes), each Source counted once, day rows, concurrent recorders, and
the appended events folded into day rows (by two stores at once, in any order) without a count lost
or counted twice."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store import statistics
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ArtifactRef, RecallDay, RevisionRecord, Scope
from pcreceipt.store.rows import to_json
from pcreceipt.store.sources import estimate_tokens

DAY = "2026-03-01"


def tokens(record: RevisionRecord) -> int:
    """What the revision's lineage Source was estimated at: its stored content JSON."""
    return estimate_tokens(to_json(dict(record.content)))


def memory(text: str, kind: str = "fact") -> dict[str, Any]:
    return {"kind": kind, "text": text}


def day_row(store: Store, scope_id: str, day: str = DAY) -> RecallDay | None:
    rows = store.scope_statistics([scope_id], day, day)[scope_id].recall
    return rows[0] if rows else None


def counters(row: RecallDay | None) -> tuple[int, int, int, int, int]:
    assert row is not None
    return (
        row.preparations,
        row.ready_preparations,
        row.comparable_preparations,
        row.baseline_tokens,
        row.recalled_tokens,
    )


def test_not_ready_and_empty_selections_count_but_are_not_comparable(store: Store, scope_id: str) -> None:
    assert day_row(store, scope_id) is None
    store.record_preparation(scope_id, DAY, ready=False, selected=[], recalled_tokens=0)
    store.record_preparation(scope_id, DAY, ready=True, selected=[], recalled_tokens=50)  # code only
    assert counters(day_row(store, scope_id)) == (2, 1, 0, 0, 0)


def test_a_ready_prepare_of_written_artifacts_is_comparable(store: Store, scope_id: str) -> None:
    one = store.create_artifact(scope_id, "atomic-memory", memory("We use WAL mode for the SQLite store."))
    lesson = {"situation": "s", "action": "a", "outcome": "o", "lesson": "l"}
    two = store.create_artifact(scope_id, "experience", lesson)
    store.record_preparation(scope_id, DAY, ready=True, selected=[one.ref, two.ref], recalled_tokens=7)
    assert counters(day_row(store, scope_id)) == (1, 1, 1, tokens(one) + tokens(two), 7)


def test_lineage_runs_through_replaces_and_merges_and_counts_each_source_once(store: Store, scope_id: str) -> None:
    first = store.create_artifact(scope_id, "atomic-memory", memory("alpha"))
    second = store.replace_artifact(
        scope_id, "atomic-memory", first.ref.artifact_id, memory("alpha, revised"), expected_revision=1
    )
    other = store.create_artifact(scope_id, "atomic-memory", memory("beta"))
    heads = store.merge_atomic_memories(
        scope_id, [(first.ref.artifact_id, 2, 0), (other.ref.artifact_id, 1, 0)], memory("alpha and beta")
    )
    merged = heads[-1].ref
    store.record_preparation(scope_id, DAY, ready=True, selected=[second.ref], recalled_tokens=3)
    assert counters(day_row(store, scope_id)) == (1, 1, 1, tokens(first) + tokens(second), 3)
    # the merge result traces to both inputs (and the input's revision before); other is counted once
    store.record_preparation(scope_id, "2026-03-02", ready=True, selected=[merged, other.ref], recalled_tokens=4)
    expected = tokens(first) + tokens(second) + tokens(other)
    assert counters(day_row(store, scope_id, "2026-03-02")) == (1, 1, 1, expected, 4)


def test_an_artifact_without_sources_makes_the_prepare_incomparable(store: Store, scope_id: str) -> None:
    one = store.create_artifact(scope_id, "atomic-memory", memory("gamma"))
    unknown = ArtifactRef(scope_id, "atomic-memory", "art_never_written", 1)
    store.record_preparation(scope_id, DAY, ready=True, selected=[one.ref, unknown], recalled_tokens=9)
    assert counters(day_row(store, scope_id)) == (1, 1, 0, 0, 0)


def test_referenced_scopes_lend_their_sources(store: Store, make_scope: Callable[..., Scope]) -> None:
    shared = make_scope()
    own = make_scope(context_references=[shared.scope_id])
    theirs = store.create_artifact(shared.scope_id, "atomic-memory", memory("shared convention"))
    mine = store.create_artifact(own.scope_id, "topic-memory", {"title": "T", "summary": "S", "detail": "D"})
    store.record_preparation(own.scope_id, DAY, ready=True, selected=[mine.ref, theirs.ref], recalled_tokens=1)
    assert counters(day_row(store, own.scope_id)) == (1, 1, 1, tokens(mine) + tokens(theirs), 1)
    assert day_row(store, shared.scope_id) is None  # counted on the prepare's Scope only


def test_days_are_rows_and_a_range_reads_only_its_days(store: Store, scope_id: str) -> None:
    for day in ("2026-02-27", "2026-02-28", "2026-03-01", "2026-03-01", "2026-03-02"):
        store.record_preparation(scope_id, day, ready=False, selected=[], recalled_tokens=0)
    rows = store.scope_statistics([scope_id], "2026-02-28", "2026-03-01")[scope_id].recall
    assert [(row.day, row.preparations) for row in rows] == [("2026-02-28", 1), ("2026-03-01", 2)]


def test_concurrent_recorders_lose_no_count(store: Store, scope_id: str) -> None:
    record = store.create_artifact(scope_id, "atomic-memory", memory("delta"))
    errors: list[BaseException] = []

    def prepare() -> None:
        try:
            for _ in range(10):
                store.record_preparation(scope_id, DAY, ready=True, selected=[record.ref], recalled_tokens=2)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=prepare) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert counters(day_row(store, scope_id)) == (40, 40, 40, 40 * tokens(record), 80)


def _events(store: Store) -> int:
    engine: Any = store
    with engine._reading() as conn:
        return int(engine._first(conn, "SELECT count(*) FROM recall_events")[0])


def test_a_prepare_appends_an_event_and_updates_no_day_row(store: Store, scope_id: str) -> None:
    """The read path's write is an append: the day row is only written by a fold."""
    store.record_preparation(scope_id, DAY, ready=False, selected=[], recalled_tokens=0)
    engine: Any = store
    with engine._reading() as conn:
        assert engine._all(conn, "SELECT scope_id FROM recall_daily") == []
    assert _events(store) == 1 and counters(day_row(store, scope_id)) == (1, 0, 0, 0, 0)
    assert store.fold_recall_events() == 1
    assert _events(store) == 0 and counters(day_row(store, scope_id)) == (1, 0, 0, 0, 0)


def test_every_fold_every_th_event_folds(store: Store, scope_id: str) -> None:
    for _ in range(statistics.FOLD_EVERY - 1):
        store.record_preparation(scope_id, DAY, ready=True, selected=[], recalled_tokens=1)
    assert _events(store) == statistics.FOLD_EVERY - 1
    store.record_preparation(scope_id, DAY, ready=True, selected=[], recalled_tokens=1)
    assert _events(store) == 0
    assert counters(day_row(store, scope_id)) == (statistics.FOLD_EVERY, statistics.FOLD_EVERY, 0, 0, 0)


def test_two_stores_recording_and_folding_at_once_lose_and_double_nothing(
    open_store: Callable[..., Store], scope_id: str
) -> None:
    """Two stores on one database (two servers): each records while both fold over and over; every
    event is counted exactly once."""
    stores = [open_store(), open_store()]
    errors: list[BaseException] = []
    done = threading.Event()

    def record(store: Store) -> None:
        try:
            for _ in range(40):
                store.record_preparation(scope_id, DAY, ready=True, selected=[], recalled_tokens=3)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    def fold(store: Store) -> None:
        try:
            while not done.is_set():
                store.fold_recall_events()
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    recorders = [threading.Thread(target=record, args=(store,)) for store in stores for _ in range(2)]
    folders = [threading.Thread(target=fold, args=(store,)) for store in stores]
    for thread in [*recorders, *folders]:
        thread.start()
    for thread in recorders:
        thread.join()
    done.set()
    for thread in folders:
        thread.join()
    assert errors == []
    assert counters(day_row(stores[0], scope_id)) == (160, 160, 0, 0, 0)
    stores[1].fold_recall_events()
    assert _events(stores[0]) == 0 and counters(day_row(stores[1], scope_id)) == (160, 160, 0, 0, 0)


# each example counts on a Scope of its own, so one store serves them all
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.one_of(st.booleans(), st.none()), max_size=30))
def test_what_a_read_says_does_not_depend_on_when_folds_ran(
    store: Store, make_scope: Callable[..., Scope], steps: list[bool | None]
) -> None:
    """A step records a prepare (ready or not) or folds (None); the day's counters are the
    prepares' sums whatever the folds did."""
    scope = make_scope().scope_id
    for step in steps:
        if step is None:
            store.fold_recall_events()
        else:
            store.record_preparation(scope, DAY, ready=step, selected=[], recalled_tokens=5)
    recorded = [step for step in steps if step is not None]
    row = day_row(store, scope)
    if not recorded:
        assert row is None
    else:
        assert counters(row) == (len(recorded), sum(recorded), 0, 0, 0)


def test_inventory_counts_heads_by_family_and_memories_by_kind_and_state(
    store: Store, make_scope: Callable[..., Scope]
) -> None:
    scope_id, empty = make_scope().scope_id, make_scope().scope_id
    a = store.create_artifact(scope_id, "atomic-memory", memory("a", "decision"))
    b = store.create_artifact(scope_id, "atomic-memory", memory("b", "decision"))
    c = store.create_artifact(scope_id, "atomic-memory", memory("c", "Fact"))
    store.create_artifact(scope_id, "atomic-memory", memory("d", "fact"))
    store.replace_artifact(scope_id, "atomic-memory", c.ref.artifact_id, memory("c2", "Fact"), expected_revision=1)
    store.change_lifecycle(scope_id, a.ref.artifact_id, revision=1, state_version=0, state="forgotten")
    store.create_artifact(scope_id, "topic-memory", {"title": "T", "summary": "S", "detail": "D"})
    store.create_artifact(scope_id, "profile", {"content": "p"})
    store.create_artifact(scope_id, "profile", {"content": "p2"})
    store.merge_atomic_memories(scope_id, [(b.ref.artifact_id, 1, 0), (c.ref.artifact_id, 2, 0)], memory("bc", "Fact"))
    counts = store.scope_statistics([scope_id, empty, scope_id], DAY, DAY)
    assert list(counts) == [scope_id, empty]
    mine = counts[scope_id]
    assert mine.artifacts == (("atomic-memory", 5), ("profile", 1), ("topic-memory", 1))
    assert mine.memories == (
        ("Fact", "active", 1),
        ("Fact", "merged", 1),
        ("decision", "forgotten", 1),
        ("decision", "merged", 1),
        ("fact", "active", 1),
    )
    assert (mine.sources, mine.processed) == (8, 0)  # 4 + 1 creates, 1 replace, 2 profile revisions
    assert counts[empty].artifacts == () and counts[empty].memories == () and counts[empty].sources == 0
