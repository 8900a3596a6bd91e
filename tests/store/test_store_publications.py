"""Artifact publication (``store.publications``) on every engine: an independent copy in the
target Scope, once per (target Scope, key), refused families, missing Scopes and revisions, and
racing publications."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest
from _support.races import at_once

from pcreceipt.store.protocol import Store
from pcreceipt.store.publication_records import Publication, PublicationConflict, PublicationUnsupported
from pcreceipt.store.publications import publication_digest
from pcreceipt.store.records import ArtifactRef, RecordNotFound, Scope
from pcreceipt.store.writer import ArtifactWriter

TOPIC = {"title": "Deploys", "summary": "How deploys run", "detail": "Deploys run on Tuesdays after review."}


def publish(store: Store, source: ArtifactRef, target: str, key: str) -> Publication:
    return ArtifactWriter(store, None).publish(source, target, key)


def test_a_publication_is_an_independent_searchable_copy(store: Store, make_scope: Callable[..., Scope]) -> None:
    source_scope, target_scope = make_scope().scope_id, make_scope().scope_id
    topic = store.create_artifact(source_scope, "topic-memory", TOPIC).ref

    publication = publish(store, topic, target_scope, "first")

    assert publication.source == topic
    copy = publication.target
    assert (copy.scope_id, copy.family, copy.revision) == (target_scope, "topic-memory", 1)
    assert copy.artifact_id.startswith("pub_") and len(copy.artifact_id) == 30
    assert publication.content_digest == publication_digest(TOPIC) and len(publication.content_digest) == 64
    stored = store.get_head(target_scope, "topic-memory", copy.artifact_id)
    assert (
        stored is not None and stored.content == store.get_head(source_scope, "topic-memory", topic.artifact_id).content
    )  # type: ignore[union-attr]
    hits = store.search_text(target_scope, "topic-memory", "deploys tuesdays", 10)
    assert [hit.ref for hit in hits] == [copy]
    assert publish(store, topic, target_scope, "first") == publication  # the key again: the same publication
    second = publish(store, topic, target_scope, "second")  # another key: another copy
    assert second.target.artifact_id != copy.artifact_id
    lesson = {"situation": "s", "action": "a", "outcome": "o", "lesson": "l"}
    other = store.create_artifact(source_scope, "experience", lesson).ref
    with pytest.raises(PublicationConflict):
        publish(store, other, target_scope, "first")
    assert store.check_integrity() == []


def test_refusals(store: Store, make_scope: Callable[..., Scope]) -> None:
    source_scope, target_scope = make_scope().scope_id, make_scope().scope_id
    memory = store.create_artifact(source_scope, "atomic-memory", {"kind": "fact", "text": "x"}).ref
    with pytest.raises(PublicationUnsupported) as atomic:
        publish(store, memory, "scp_missing", "k")  # refused before the Scopes are looked at
    assert atomic.value.family == "atomic-memory"
    profile = store.create_artifact(source_scope, "profile", {"content": "me"}).ref
    with pytest.raises(PublicationUnsupported) as refused:
        publish(store, profile, target_scope, "k")
    assert refused.value.family == "profile"
    topic = store.create_artifact(source_scope, "topic-memory", TOPIC).ref
    with pytest.raises(RecordNotFound) as scope:
        publish(store, topic, "scp_missing", "k")
    assert scope.value.kind == "scope"
    with pytest.raises(RecordNotFound) as revision:
        publish(store, ArtifactRef(source_scope, "topic-memory", topic.artifact_id, 9), target_scope, "k")
    assert revision.value.kind == "artifact"
    assert store.list_heads(target_scope, "topic-memory", limit=10, after=None) == []


def test_racing_publications_with_one_key_make_one_copy(store: Store, make_scope: Callable[..., Scope]) -> None:
    source_scope, target_scope = make_scope().scope_id, make_scope().scope_id
    topic = store.create_artifact(source_scope, "topic-memory", TOPIC).ref
    results = at_once([partial(publish, store, topic, target_scope, "raced") for _ in range(4)])
    assert len({result.target for result in results if isinstance(result, Publication)}) == 1
    assert all(isinstance(result, Publication) for result in results)
    assert len(store.list_heads(target_scope, "topic-memory", limit=10, after=None)) == 1
