"""Artifact tags in the store (every engine): a whole-set replace under a precondition, key
matching, tags that follow the logical artifact across revisions and lifecycle changes, and a
merge result that starts with its inputs' union."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import RecordNotFound
from pcreceipt.store.tags import InvalidTag, TagsChanged, normalize_tags


def memory(text: str) -> dict[str, Any]:
    return {"kind": "fact", "text": text}


def create(store: Store, scope_id: str, text: str) -> str:
    return store.create_artifact(scope_id, "atomic-memory", memory(text)).ref.artifact_id


def put(store: Store, scope_id: str, artifact_id: str, *tags: str) -> list[str]:
    return store.replace_artifact_tags(
        scope_id, "atomic-memory", artifact_id, normalize_tags(list(tags)), precondition=lambda _: True
    )


def test_a_new_artifact_has_no_tags_and_a_missing_one_has_none(store: Store, scope_id: str) -> None:
    artifact_id = create(store, scope_id, "Deploys run on Fridays")
    assert store.artifact_tags(scope_id, "atomic-memory", artifact_id) == []
    assert store.artifact_tags(scope_id, "atomic-memory", "art_missing") is None
    assert store.artifact_tags(scope_id, "topic-memory", artifact_id) is None  # another family, another identity


def test_replace_sets_the_whole_set_in_key_order_keeping_display_text(store: Store, scope_id: str) -> None:
    artifact_id = create(store, scope_id, "Deploys run on Fridays")
    assert put(store, scope_id, artifact_id, "Zeta", "alpha", "Beta") == ["alpha", "Beta", "Zeta"]
    assert put(store, scope_id, artifact_id, "BETA", "gamma") == ["BETA", "gamma"]
    assert store.artifact_tags(scope_id, "atomic-memory", artifact_id) == ["BETA", "gamma"]
    assert put(store, scope_id, artifact_id) == []
    assert store.artifact_tags(scope_id, "atomic-memory", artifact_id) == []


def test_a_failed_precondition_writes_nothing(store: Store, scope_id: str) -> None:
    artifact_id = create(store, scope_id, "Deploys run on Fridays")
    put(store, scope_id, artifact_id, "ops")
    seen: list[list[str]] = []

    def refuse(current: list[str]) -> bool:
        seen.append(current)
        return False

    with pytest.raises(TagsChanged):
        store.replace_artifact_tags(scope_id, "atomic-memory", artifact_id, normalize_tags(["x"]), precondition=refuse)
    assert seen == [["ops"]]
    assert store.artifact_tags(scope_id, "atomic-memory", artifact_id) == ["ops"]


def test_a_missing_artifact_or_scope_is_not_found(store: Store, scope_id: str) -> None:
    with pytest.raises(RecordNotFound) as missing_artifact:
        put(store, scope_id, "art_missing", "x")
    assert missing_artifact.value.kind == "artifact"
    with pytest.raises(RecordNotFound) as missing_scope:
        put(store, "scp_missing", "art_missing", "x")
    assert missing_scope.value.kind == "scope"


def test_tags_follow_the_logical_artifact_across_revisions_and_lifecycle(store: Store, scope_id: str) -> None:
    artifact_id = create(store, scope_id, "Deploys run on Fridays")
    put(store, scope_id, artifact_id, "ops")
    store.replace_artifact(
        scope_id, "atomic-memory", artifact_id, memory("Deploys run on Mondays"), expected_revision=1
    )
    assert store.artifact_tags(scope_id, "atomic-memory", artifact_id) == ["ops"]
    store.change_lifecycle(scope_id, artifact_id, revision=2, state_version=0, state="forgotten")
    assert store.artifact_tags(scope_id, "atomic-memory", artifact_id) == ["ops"]
    assert put(store, scope_id, artifact_id, "ops", "stale") == ["ops", "stale"]  # still a valid target


def test_a_merge_result_starts_with_the_union_of_its_inputs_tags(store: Store, scope_id: str) -> None:
    first = create(store, scope_id, "Deploys run on Fridays")
    second = create(store, scope_id, "Deploys need a review")
    put(store, scope_id, first, "Ops", "release")
    put(store, scope_id, second, "ops", "review")
    heads = store.merge_atomic_memories(scope_id, [(first, 1, 0), (second, 1, 0)], memory("Friday deploys need review"))
    result = heads[-1].ref.artifact_id
    assert store.artifact_tags(scope_id, "atomic-memory", result) == ["Ops", "release", "review"]
    assert store.artifact_tags(scope_id, "atomic-memory", first) == ["Ops", "release"]
    assert store.artifact_tags(scope_id, "atomic-memory", second) == ["ops", "review"]


def test_tagged_ids_match_all_or_any_by_key(store: Store, scope_id: str) -> None:
    a = create(store, scope_id, "a")
    b = create(store, scope_id, "b")
    c = create(store, scope_id, "c")
    put(store, scope_id, a, "Ops", "release")
    put(store, scope_id, b, "ops")
    put(store, scope_id, c, "review")
    assert store.tagged_artifact_ids(scope_id, "atomic-memory", ["OPS", "Release"], "all") == {a}
    assert store.tagged_artifact_ids(scope_id, "atomic-memory", ["ops"], "all") == {a, b}
    assert store.tagged_artifact_ids(scope_id, "atomic-memory", ["ops", "review"], "any") == {a, b, c}
    assert store.tagged_artifact_ids(scope_id, "atomic-memory", ["nothing"], "any") == set()
    assert store.tagged_artifact_ids(scope_id, "topic-memory", ["ops"], "any") == set()


@pytest.mark.parametrize(
    ("tags", "index", "rule"),
    [
        ([" ops"], 0, "tag_whitespace"),
        (["ops", "ops\n"], 1, "tag_whitespace"),
        (["a\u0007b"], 0, "tag_character"),
        (["a\ud800b"], 0, "tag_character"),
        (["a\u0378b"], 0, "tag_character"),  # unassigned
        (["Ops", "oPS"], 1, "tag_duplicate"),
        (["caf\u00e9", "cafe\u0301"], 1, "tag_duplicate"),  # equal after NFC
        (["\ufb03" * 64], 0, "tag_key_length"),  # the ligature ffi casefolds to three letters
    ],
)
def test_normalize_refuses_with_the_index_and_rule(tags: list[str], index: int, rule: str) -> None:
    with pytest.raises(InvalidTag) as refused:
        normalize_tags(tags)
    assert (refused.value.index, refused.value.rule) == (index, rule)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(st.characters(codec="utf-8", categories=["L", "N"]), min_size=1, max_size=8), max_size=12))
def test_normalize_is_order_independent(tags: list[str]) -> None:
    try:
        forward = normalize_tags(tags)
    except InvalidTag:
        return
    assert list(normalize_tags(list(reversed(tags))).keys()) == list(forward.keys())
    assert [key.encode() for key in forward] == sorted(key.encode() for key in forward)
