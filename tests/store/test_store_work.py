"""``Store.find_source`` on every engine: the read behind work records' evidence checks and a Task
Outcome's Handoff Receipt link (``store.work``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import CapturedSource, RecordNotFound, Scope


def test_a_source_is_found_by_its_id_in_its_own_scope_only(store: Store, make_scope: Callable[..., Scope]) -> None:
    first, second = make_scope().scope_id, make_scope().scope_id
    metadata = {"kind": "work-contract", "schema": "powercontext.work-contract.v1", "é": [1, None]}
    assert store.capture_source(first, CapturedSource("wc-1", '{\n  "a": "é"\n}', metadata)) == 1
    note = CapturedSource(
        "n-1", "inspected", {"kind": "working_note", "expires_at": "2026-03-01T13:00:00+00:00"}, working_note=True
    )
    assert store.capture_source(first, note) == 2
    found = store.find_source(first, "wc-1")
    assert found is not None
    assert (found.position, found.origin, found.source_id) == (1, "content", "wc-1")
    assert (found.content, found.metadata) == ('{\n  "a": "é"\n}', metadata)
    noted = store.find_source(first, "n-1")
    assert noted is not None and noted.origin == "working_note" and noted.metadata is not None
    assert noted.metadata["expires_at"] == "2026-03-01T13:00:00+00:00"
    assert store.find_source(second, "wc-1") is None  # another Scope's Source
    assert store.find_source(first, "wc-2") is None


def test_a_lineage_source_is_found_without_text(store: Store, scope_id: str) -> None:
    ref = store.create_artifact(scope_id, "atomic-memory", {"kind": "fact", "text": "WAL"}).ref
    (source_id,) = store.lineage_sources([ref])[ref]
    found = store.find_source(scope_id, source_id)
    assert found is not None and found.origin == "lineage"
    assert found.content is None and found.metadata is None


def test_an_unknown_scope_is_record_not_found(store: Store) -> None:
    with pytest.raises(RecordNotFound):
        store.find_source("scp_missing", "wc-1")
