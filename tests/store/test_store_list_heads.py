"""list_heads: a family's current heads in one Scope, in artifact_id order, page by page (both engines)."""

from __future__ import annotations

from collections.abc import Callable

from pcreceipt.store.protocol import Scope, Store

MEMORY = {"kind": "fact", "text": "a listed memory"}


def _memories(store: Store, scope_id: str, count: int) -> list[str]:
    created = [store.create_artifact(scope_id, "atomic-memory", {**MEMORY, "text": f"m{n}"}) for n in range(count)]
    return [record.ref.artifact_id for record in created]


def test_heads_come_in_artifact_id_order_page_by_page(store: Store, scope_id: str) -> None:
    ids = sorted(_memories(store, scope_id, 7))
    seen: list[str] = []
    after: str | None = None
    while True:
        page = store.list_heads(scope_id, "atomic-memory", limit=3, after=after)
        assert len(page) <= 3
        if not page:
            break
        seen += [record.ref.artifact_id for record in page]
        after = page[-1].ref.artifact_id
    assert seen == ids


def test_only_the_family_and_the_scope_asked_for(store: Store, make_scope: Callable[..., Scope]) -> None:
    mine, other = make_scope().scope_id, make_scope().scope_id
    memory = _memories(store, mine, 1)[0]
    _memories(store, other, 2)
    topic = {"title": "Storage", "summary": "Why SQLite", "detail": "It is embedded."}
    store.create_artifact(mine, "topic-memory", topic)
    assert [r.ref.artifact_id for r in store.list_heads(mine, "atomic-memory", limit=10, after=None)] == [memory]
    topics = store.list_heads(mine, "topic-memory", limit=10, after=None)
    assert [r.content["title"] for r in topics] == ["Storage"]
    assert store.list_heads(mine, "experience", limit=10, after=None) == []


def test_the_head_is_the_latest_revision_and_every_state_is_listed(store: Store, scope_id: str) -> None:
    first, second = _memories(store, scope_id, 2)
    store.replace_artifact(scope_id, "atomic-memory", first, {"kind": "fact", "text": "edited"}, expected_revision=1)
    head = store.get_atomic_memory_head(scope_id, second)
    assert head is not None
    store.change_lifecycle(scope_id, second, revision=1, state_version=head.state_version, state="forgotten")
    listed = {r.ref.artifact_id: r for r in store.list_heads(scope_id, "atomic-memory", limit=10, after=None)}
    assert set(listed) == {first, second}
    assert listed[first].ref.revision == 2 and listed[first].content["text"] == "edited"
