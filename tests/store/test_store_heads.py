"""``list_heads``: every artifact's current head revision of one family in a Scope, paged by artifact_id."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import RevisionRecord, Scope

TOPIC = {"title": "Deploys", "summary": "How we deploy", "detail": "Blue-green behind the load balancer."}
PROFILE = {"content": "Prefers small reviews"}

# Code-point order puts upper case before lower case and '-' before '_': a collation that folds
# case or ignores punctuation would order these differently.
IDS = ["a_2", "Z", "a-1", "B", "b"]


def memory(text: str) -> dict[str, Any]:
    return {"kind": "fact", "text": text}


def ids(records: list[RevisionRecord]) -> list[str]:
    return [record.ref.artifact_id for record in records]


def test_no_artifacts_no_heads(store: Store, scope_id: str) -> None:
    assert store.list_heads(scope_id, "topic-memory", limit=10, after=None) == []
    assert store.list_heads("scp_missing", "topic-memory", limit=10, after=None) == []


def test_heads_come_in_code_point_order_at_their_current_revision(store: Store, scope_id: str) -> None:
    for artifact_id in IDS:
        store.create_artifact(scope_id, "topic-memory", {**TOPIC, "title": artifact_id}, artifact_id=artifact_id)
    replaced = store.replace_artifact(
        scope_id, "topic-memory", "Z", {**TOPIC, "title": "Z, second"}, expected_revision=1
    )
    heads = store.list_heads(scope_id, "topic-memory", limit=10, after=None)
    assert ids(heads) == sorted(IDS) == ["B", "Z", "a-1", "a_2", "b"]
    assert heads[1] == replaced
    assert heads[1].ref.revision == 2 and heads[1].content["title"] == "Z, second"
    for record in heads:
        assert record == store.get_head(scope_id, "topic-memory", record.ref.artifact_id)


def test_pages_follow_after_and_limit(store: Store, scope_id: str) -> None:
    for artifact_id in IDS:
        store.create_artifact(scope_id, "topic-memory", TOPIC, artifact_id=artifact_id)
    pages: list[list[str]] = []
    after: str | None = None
    while True:
        page = store.list_heads(scope_id, "topic-memory", limit=2, after=after)
        if not page:
            break
        pages.append(ids(page))
        after = page[-1].ref.artifact_id
    assert pages == [["B", "Z"], ["a-1", "a_2"], ["b"]]
    assert ids(store.list_heads(scope_id, "topic-memory", limit=10, after="Z")) == ["a-1", "a_2", "b"]
    assert ids(store.list_heads(scope_id, "topic-memory", limit=10, after="a")) == ["a-1", "a_2", "b"]
    assert store.list_heads(scope_id, "topic-memory", limit=10, after="b") == []
    assert store.list_heads(scope_id, "topic-memory", limit=0, after=None) == []
    assert store.list_heads(scope_id, "topic-memory", limit=-1, after=None) == []


def test_only_that_family_in_that_scope(store: Store, make_scope: Callable[..., Scope]) -> None:
    mine, other = make_scope().scope_id, make_scope().scope_id
    topic = store.create_artifact(mine, "topic-memory", TOPIC)
    fact = store.create_artifact(mine, "atomic-memory", memory("Deploys run on Fridays"))
    store.create_artifact(other, "topic-memory", TOPIC)
    profile = store.create_artifact(mine, "profile", PROFILE)
    profile = store.create_artifact(mine, "profile", {**PROFILE, "content": "Prefers large reviews"})
    assert store.list_heads(mine, "topic-memory", limit=10, after=None) == [topic]
    assert store.list_heads(mine, "atomic-memory", limit=10, after=None) == [fact]
    assert store.list_heads(mine, "profile", limit=10, after=None) == [profile]
    assert profile.ref.revision == 2
    assert store.list_heads(mine, "experience", limit=10, after=None) == []


def test_every_lifecycle_state_is_listed(store: Store, scope_id: str) -> None:
    forgotten = store.create_artifact(scope_id, "atomic-memory", memory("Old staging password"), artifact_id="m1")
    first = store.create_artifact(scope_id, "atomic-memory", memory("Deploys run on Fridays"), artifact_id="m2")
    second = store.create_artifact(scope_id, "atomic-memory", memory("Deploys need a review"), artifact_id="m3")
    store.change_lifecycle(scope_id, "m1", revision=1, state_version=0, state="forgotten")
    merged = store.merge_atomic_memories(scope_id, [("m2", 1, 0), ("m3", 1, 0)], memory("Friday deploys need a review"))
    result_id = merged[-1].ref.artifact_id
    heads = store.list_heads(scope_id, "atomic-memory", limit=10, after=None)
    assert ids(heads) == sorted(["m1", "m2", "m3", result_id])
    by_id = {record.ref.artifact_id: record for record in heads}
    assert by_id["m1"] == forgotten
    assert by_id["m2"] == first and by_id["m3"] == second
    assert [ref.artifact_id for ref in by_id[result_id].derived_from] == ["m2", "m3"]
    states = {artifact_id: store.get_atomic_memory_head(scope_id, artifact_id) for artifact_id in by_id}
    assert {artifact_id: head.state for artifact_id, head in states.items() if head} == {
        "m1": "forgotten",
        "m2": "merged",
        "m3": "merged",
        result_id: "active",
    }
