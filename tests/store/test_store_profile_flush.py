"""Profile flushes (``store.profile_flush``) on every engine: the snapshot a flush reads, and the
commit that writes only while the policy version, the Profile cursor and the Profile head are
those it read (1.4.1's compare-and-set), all or nothing; of racing commits of one snapshot exactly
one wins."""

from __future__ import annotations

from functools import partial

import pytest
from _support.races import at_once
from _support.statements import recorded, touching
from _support.tokens import make_scope
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.profile_records import ProfileWindow
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import CapturedSource, RecordNotFound, SourceRef


def enabled_scope(store: Store, sources: int = 0) -> str:
    scope_id = make_scope(store, "profile flush").scope_id
    store.put_profile_policy(scope_id, generation_enabled=True, activation_mode="automatic", expected_version=0)
    for n in range(sources):
        store.capture_source(scope_id, CapturedSource(f"c-{n}", f"profile: item {n}", None))
    return scope_id


def commit(store: Store, scope_id: str, seen: ProfileWindow, content: str | None) -> bool:
    assert seen.policy is not None
    done = store.commit_profile_flush(
        scope_id,
        policy_version=seen.policy.version,
        cursor=seen.cursor,
        head=None if seen.head is None else seen.head.ref,
        through=seen.sources[-1].position,
        content=content,
        sources=[SourceRef("content", s.source_id) for s in seen.sources],
        artifacts=() if seen.head is None else (seen.head.ref,),
    )
    return done.committed


def test_the_snapshot(store: Store) -> None:
    with pytest.raises(RecordNotFound):
        store.profile_window("scp_missing_profile", 32)
    scope_id = make_scope(store, "profile snapshot").scope_id
    empty = store.profile_window(scope_id, 32)
    assert (empty.policy, empty.cursor, empty.high_watermark, empty.sources, empty.head) == (None, 0, 0, (), None)
    scope_id = enabled_scope(store, 5)
    seen = store.profile_window(scope_id, 3)
    assert seen.policy is not None and seen.policy.version == 1
    assert [s.position for s in seen.sources] == [1, 2, 3] and seen.high_watermark == 5
    assert [s.content for s in seen.sources] == [f"profile: item {n}" for n in range(3)]


def test_the_snapshot_reads_the_profile_as_read_profile_does_in_one_statement(store: Store) -> None:
    scope_id = enabled_scope(store, 2)
    assert commit(store, scope_id, store.profile_window(scope_id, 32), "Prefers Python\n")
    store.capture_source(scope_id, CapturedSource("c-2", "profile: more", None))
    with recorded(store) as sent:
        seen = store.profile_window(scope_id, 32)
    profile = store.read_profile(scope_id)
    assert seen.head is not None and profile is not None
    assert (seen.head.ref, seen.head.content) == (profile.ref, profile.content["content"])
    assert len({*touching(sent, "artifacts"), *touching(sent, "revisions")}) == 1


def test_a_commit_writes_the_profile_the_cursor_and_the_policy_together(store: Store) -> None:
    scope_id = enabled_scope(store, 2)
    seen = store.profile_window(scope_id, 32)
    assert commit(store, scope_id, seen, "Prefers Python\n")
    after = store.profile_window(scope_id, 32)
    assert after.cursor == 2 and after.sources == () and after.high_watermark == 2  # no lineage Source of its own
    assert after.policy is not None and after.policy.version == 2
    assert after.head is not None and after.head.content == "Prefers Python\n"
    assert (after.head.ref.artifact_id, after.head.ref.revision) == ("profile", 1)
    revision = store.get_revision(scope_id, "profile", "profile", 1)
    assert [r.source_id for r in revision.source_refs] == ["c-0", "c-1"]
    # a second window: the next revision derives from the first
    store.capture_source(scope_id, CapturedSource("c-2", "profile: more", None))
    seen = store.profile_window(scope_id, 32)
    assert commit(store, scope_id, seen, "Prefers Python\nmore\n")
    head = store.profile_window(scope_id, 32).head
    assert head is not None and head.ref.revision == 2
    assert store.get_revision(scope_id, "profile", "profile", 2).lineage_artifacts == (seen.head.ref,)  # type: ignore[union-attr]


def test_a_stale_snapshot_writes_nothing(store: Store) -> None:
    scope_id = enabled_scope(store, 1)
    seen = store.profile_window(scope_id, 32)
    # the policy moved (a put): nothing written
    store.put_profile_policy(scope_id, generation_enabled=True, activation_mode="automatic", expected_version=1)
    assert not commit(store, scope_id, seen, "x\n")
    now = store.profile_window(scope_id, 32)
    assert (now.cursor, now.head, now.policy.version if now.policy else None) == (0, None, 2)
    # another flush committed first: the loser writes nothing
    assert commit(store, scope_id, now, None)
    assert not commit(store, scope_id, now, "y\n")
    final = store.profile_window(scope_id, 32)
    assert (final.cursor, final.head, final.policy.version if final.policy else None) == (1, None, 3)
    # a Profile written by another writer since the snapshot: nothing written
    store.capture_source(scope_id, CapturedSource("c-x", "profile: z", None))
    seen = store.profile_window(scope_id, 32)
    store.create_artifact(scope_id, "profile", {"content": "written by hand"})
    assert not commit(store, scope_id, seen, "z\n")
    assert store.profile_window(scope_id, 32).cursor == 1


def test_racing_commits_of_one_snapshot_have_one_winner(store: Store) -> None:
    scope_id = enabled_scope(store, 3)
    seen = store.profile_window(scope_id, 32)
    results = at_once([partial(commit, store, scope_id, seen, f"profile {n}\n") for n in range(6)])
    assert sorted(results) == [False] * 5 + [True]
    after = store.profile_window(scope_id, 32)
    assert after.cursor == 3 and after.policy is not None and after.policy.version == 2
    assert after.head is not None and after.head.ref.revision == 1


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=1, max_size=6))
def test_the_cursor_only_moves_forward_over_whole_windows(store: Store, steps: list[tuple[int, bool]]) -> None:
    """Captures between flushes: each committed window moves the cursor to its end and raises the
    policy version by one; the Profile's revisions count the windows that wrote one."""
    scope_id = enabled_scope(store)
    captured = commits = revisions = 0
    for new, write in steps:
        for _ in range(new):
            captured += 1
            store.capture_source(scope_id, CapturedSource(f"s-{captured}", "text", None))
        seen = store.profile_window(scope_id, 2)
        if not seen.sources:
            continue
        assert commit(store, scope_id, seen, f"profile {commits}\n" if write else None)
        commits += 1
        revisions += write
        after = store.profile_window(scope_id, 2)
        assert after.cursor == seen.sources[-1].position <= after.high_watermark == captured
    final = store.profile_window(scope_id, 2)
    assert final.policy is not None and final.policy.version == 1 + commits
    assert (0 if final.head is None else final.head.ref.revision) == revisions
