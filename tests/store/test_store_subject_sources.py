"""Subject Sources (``store.subject_sources``) on every engine: one Source in the business Scope
and in the subject's Scope, the subject bound once, 1.4.1's refusals with nothing written, and
concurrent writers of one new subject binding it once."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import partial

import pytest
from _support.races import at_once

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import BindingKey, RecordNotFound, Scope
from pcreceipt.store.subject_records import (
    SameSubjectScope,
    SubjectBindingTargetMissing,
    SubjectBoundElsewhere,
)


def _key(name: str | None = None) -> BindingKey:
    return BindingKey("subject", "user", name or uuid.uuid4().hex)


class Refused(Exception):
    """What the test's authorisation raises."""


def _allow(target: str, new_binding: bool) -> None:
    return None


def test_a_new_subject_gets_a_scope_and_both_sources(store: Store, scope_id: str) -> None:
    key = _key()
    first = store.create_subject_source(scope_id, key, None, {"likes": "tabs"}, _allow)
    subject = store.get_scope(first.subject_scope_id)
    assert subject is not None and (subject.title, subject.summary) == ("Subject", "Subject evidence")
    assert store.bound_scope_id([key]) == first.subject_scope_id
    assert first.business.source_id == first.subject.source_id and first.business.source_id.startswith("source_")
    assert (first.business.position, first.subject.position) == (1, 1)
    assert store.source_view(first.subject_scope_id, first.subject.source_id) == first.subject
    assert store.source_view(scope_id, first.business.source_id) == first.business
    second = store.create_subject_source(scope_id, key, first.subject_scope_id, "again", _allow)
    assert second.subject_scope_id == first.subject_scope_id
    assert (second.business.position, second.subject.position) == (2, 2)
    assert store.check_integrity() == []


def test_refusals_write_nothing(store: Store, scope_id: str, make_scope: Callable[..., Scope]) -> None:
    other = make_scope().scope_id
    key = _key()
    bound = store.create_subject_source(scope_id, key, other, "bound", _allow).subject_scope_id
    assert bound == other
    with pytest.raises(SubjectBoundElsewhere):
        store.create_subject_source(scope_id, key, make_scope().scope_id, "elsewhere", _allow)
    with pytest.raises(SameSubjectScope):
        store.create_subject_source(scope_id, _key(), scope_id, "itself", _allow)
    with pytest.raises(SameSubjectScope):
        store.create_subject_source(other, key, None, "bound to the business Scope", _allow)
    with pytest.raises(RecordNotFound):
        store.create_subject_source(scope_id, _key(), "scp_missing_subject", "x", _allow)
    with pytest.raises(RecordNotFound):
        store.create_subject_source("scp_missing_business", _key(), None, "x", _allow)

    def refuse(target: str, new_binding: bool) -> None:
        raise Refused(target)

    unbound = _key()
    with pytest.raises(Refused):
        store.create_subject_source(scope_id, unbound, None, "refused", refuse)
    assert store.bound_scope_id([unbound]) is None
    assert store.source_high_watermark(scope_id) == 1 and store.source_high_watermark(other) == 1


def test_a_binding_to_a_missing_scope_is_reported(
    store: Store, scope_id: str, make_scope: Callable[..., Scope]
) -> None:
    key = _key()
    store.set_scope_binding(key, make_scope().scope_id)
    store._transact(  # type: ignore[attr-defined]
        lambda conn: store._run(  # type: ignore[attr-defined]
            conn, "UPDATE scope_bindings SET scope_id = ? WHERE external_id = ?", ("scp_gone", key.external_id)
        )
    )
    with pytest.raises(SubjectBindingTargetMissing) as missing:
        store.create_subject_source(scope_id, key, None, "x", _allow)
    assert missing.value.scope_id == "scp_gone"


def test_concurrent_writers_bind_a_new_subject_once(store: Store, make_scope: Callable[..., Scope]) -> None:
    businesses = [make_scope().scope_id for _ in range(4)]
    key = _key()
    written = at_once([partial(store.create_subject_source, b, key, None, f"from {b}", _allow) for b in businesses])
    targets = {w.subject_scope_id for w in written}  # type: ignore[union-attr]
    assert len(targets) == 1
    (target,) = targets
    assert store.bound_scope_id([key]) == target
    assert sorted(w.subject.position for w in written) == [1, 2, 3, 4]  # type: ignore[union-attr]
    assert store.check_integrity() == []
