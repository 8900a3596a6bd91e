"""Every WriteConflict names which conflict it is (``reason``), the same on every engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

import pytest

from pcreceipt.contract import gate
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ConflictReason, EmbeddingRow, Scope, TokenGrant, WriteConflict


def memory(text: str) -> dict[str, Any]:
    return {"kind": "fact", "text": text}


def reason_of(action: Callable[[], object]) -> ConflictReason:
    with pytest.raises(WriteConflict) as caught:
        action()
    return caught.value.reason


def test_the_reasons_are_the_contracts_enum() -> None:
    assert tuple(gate.contract_document()["$defs"]["ConflictReason"]["enum"]) == get_args(ConflictReason)


def test_stale_revision_and_stale_state_version_are_told_apart(store: Store, scope_id: str) -> None:
    record = store.create_artifact(scope_id, "atomic-memory", memory("one"))
    artifact_id = record.ref.artifact_id
    store.replace_artifact(scope_id, "atomic-memory", artifact_id, memory("two"), expected_revision=1)
    forget = store.change_lifecycle
    assert reason_of(lambda: forget(scope_id, artifact_id, revision=1, state_version=0, state="forgotten")) == (
        "stale_revision"
    )
    assert reason_of(lambda: forget(scope_id, artifact_id, revision=2, state_version=3, state="forgotten")) == (
        "stale_state_version"
    )
    replace = store.replace_artifact
    assert reason_of(lambda: replace(scope_id, "atomic-memory", artifact_id, memory("x"), expected_revision=1)) == (
        "stale_revision"
    )
    topic = store.create_artifact(scope_id, "topic-memory", {"title": "T", "summary": "s", "detail": "b"})
    assert reason_of(
        lambda: replace(
            scope_id,
            "topic-memory",
            topic.ref.artifact_id,
            {"title": "T", "summary": "s", "detail": "c"},
            expected_revision=2,
        )
    ) == ("stale_revision")


def test_a_memory_that_is_not_active_names_its_state(store: Store, scope_id: str) -> None:
    forgotten = store.create_artifact(scope_id, "atomic-memory", memory("forget me")).ref.artifact_id
    store.change_lifecycle(scope_id, forgotten, revision=1, state_version=0, state="forgotten")
    change = store.change_lifecycle
    assert change(scope_id, forgotten, revision=1, state_version=1, state="forgotten") == []
    assert reason_of(lambda: change(scope_id, forgotten, revision=1, state_version=1, state="retired")) == (
        "already_forgotten"
    )
    assert reason_of(
        lambda: store.replace_artifact(scope_id, "atomic-memory", forgotten, memory("again"), expected_revision=1)
    ) == ("already_forgotten")

    first = store.create_artifact(scope_id, "atomic-memory", memory("a")).ref.artifact_id
    second = store.create_artifact(scope_id, "atomic-memory", memory("b")).ref.artifact_id
    heads = store.merge_atomic_memories(scope_id, [(first, 1, 0), (second, 1, 0)], memory("a and b"))
    result = heads[-1].ref.artifact_id
    assert reason_of(lambda: change(scope_id, first, revision=1, state_version=1, state="forgotten")) == (
        "already_merged"
    )
    third = store.create_artifact(scope_id, "atomic-memory", memory("c")).ref.artifact_id
    assert reason_of(
        lambda: store.merge_atomic_memories(scope_id, [(first, 1, 1), (third, 1, 0)], memory("a and c"))
    ) == ("already_merged")

    assert reason_of(lambda: change(scope_id, third, revision=1, state_version=0, state="retired")) == (
        "not_merge_result"
    )
    change(scope_id, result, revision=1, state_version=0, state="retired")
    assert reason_of(lambda: change(scope_id, result, revision=1, state_version=1, state="forgotten")) == (
        "already_retired"
    )


def test_taken_identities_are_already_exists(store: Store, scope_id: str) -> None:
    store.create_artifact(scope_id, "atomic-memory", memory("mine"), artifact_id="fixed-id")
    assert reason_of(
        lambda: store.create_artifact(scope_id, "atomic-memory", memory("yours"), artifact_id="fixed-id")
    ) == ("already_exists")
    store.create_artifact(scope_id, "profile", {"content": "A profile"}, artifact_id="profile-1")
    assert reason_of(
        lambda: store.create_artifact(scope_id, "profile", {"content": "Another"}, artifact_id="profile-2")
    ) == ("already_exists")
    grants = [TokenGrant(scope_id, "read")]
    store.create_token(token_id="tok_1", token_sha256="a" * 64, name=None, grants=grants)
    assert reason_of(lambda: store.create_token(token_id="tok_1", token_sha256="b" * 64, name=None, grants=grants)) == (
        "already_exists"
    )


def test_a_reused_idempotency_key_is_named(store: Store, make_scope: Callable[..., Scope]) -> None:
    make_scope(idempotency_key="same")
    assert reason_of(lambda: make_scope(idempotency_key="same", title="Other")) == "idempotency_key_reused"


def test_a_vector_for_an_old_revision_is_not_searchable_head(store: Store, scope_id: str) -> None:
    record = store.create_artifact(scope_id, "atomic-memory", memory("one"))
    store.replace_artifact(scope_id, "atomic-memory", record.ref.artifact_id, memory("two"), expected_revision=1)
    row = EmbeddingRow("fake@4", [1.0, 0.0, 0.0, 0.0])
    assert reason_of(lambda: store.put_embedding(record.ref, row)) == "not_searchable_head"
