"""Registered Source Definition manifests (``store.source_definitions``) on every engine: stored once
per (name, version), the same manifest answered again, another refused with nothing changed, and
racing registrations of one identity decided once."""

from __future__ import annotations

import uuid
from functools import partial
from typing import Any

import pytest
from _support.races import at_once

from pcreceipt.store.protocol import Store
from pcreceipt.store.source_definitions import DefinitionConflict


def manifest(name: str, **fields: Any) -> dict[str, Any]:
    return {
        "name": name,
        "version": "1",
        "fingerprint": "sha256:" + "0" * 64,
        "source_schema": {"type": "object"},
        "projections": [],
    } | fields


def test_a_manifest_is_stored_once_per_identity(store: Store) -> None:
    first = manifest(f"issues-{uuid.uuid4().hex}", source_schema={"type": "object", "required": ["title"]})
    assert store.register_source_definition(first) == first
    assert store.register_source_definition(dict(reversed(list(first.items())))) == first
    with pytest.raises(DefinitionConflict):
        store.register_source_definition(first | {"source_schema": {"type": "object"}})
    assert store.register_source_definition(first) == first
    assert store.register_source_definition(first | {"version": "2"})["version"] == "2"


def test_racing_registrations_of_one_identity(store: Store) -> None:
    name = f"race-{uuid.uuid4().hex}"
    same = at_once([partial(store.register_source_definition, manifest(name)) for _ in range(4)])
    assert all(answer == manifest(name) for answer in same)
    others = [manifest(name, version="2", source_schema={"type": "object", "title": str(n)}) for n in range(4)]
    answers = at_once(
        [partial(store.register_source_definition, other) for other in others], caught=(DefinitionConflict,)
    )
    winners = [answer for answer in answers if not isinstance(answer, DefinitionConflict)]
    assert len(winners) == 1
    assert store.register_source_definition(winners[0]) == winners[0]  # type: ignore[arg-type]
