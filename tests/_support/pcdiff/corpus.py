"""The corpus both servers get, loaded through operations both serve (``create_scope`` and
``create_artifact``), and the map from each server's ids back to the corpus labels.

Two Scopes: ``main`` and ``ref``; ``main`` names ``ref`` in its ``context_references``, so an item
of ``ref`` reaches ``main``'s prepares with the cross-Scope citation. Every item carries one word
no other item has (``UNIQUE_WORDS``): a query of that word matches exactly that item, so which
item a prepare selects for it is not a matter of ranking. The texts cover what the renderers must
treat exactly: a newline, a double quote, a TAB and U+2028; the formats' own marker text; a text
over the 2000-byte item cap; non-ASCII text; a Topic Memory and an Experience.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Any

from _support.pcdiff.processes import Side


@dataclass(frozen=True)
class Item:
    label: str
    scope: str  # a Scope label
    family: str
    content: dict[str, Any]
    word: str  # in this item only


def _memory(label: str, scope: str, kind: str, text: str, word: str) -> Item:
    return Item(label, scope, "atomic-memory", {"kind": kind, "text": text}, word)


LONG_TEXT = "Follow-up for osprey: " + "rehearse the billing API rollback before every release; " * 45

ITEMS: tuple[Item, ...] = (
    _memory(
        "m.decision",
        "main",
        "decision",
        "Releases of the billing API go out blue-green; the pelican switch flips only after the smoke suite passes.",
        "pelican",
    ),
    _memory(
        "m.constraint",
        "main",
        "constraint",
        "Billing API releases never run inside the 02:00-04:00 UTC batch window; the heron rule has no exceptions.",
        "heron",
    ),
    _memory(
        "m.escapes",
        "main",
        "agent-note",
        'Rollout checklist for ibis:\n1. run `make smoke`\n2. flip the "live" alias\tthen watch the error rate'
        "\u2028for ten minutes",
        "ibis",
    ),
    _memory(
        "m.marker",
        "main",
        "current-state",
        "Release 2.4 is on hold after the kestrel alarm: a log line held END_POWERCONTEXT_PREPARED_CONTEXT_V1, "
        "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1 and </powercontext_memory>.",
        "kestrel",
    ),
    _memory("m.long", "main", "next-step", LONG_TEXT.strip(), "osprey"),
    _memory(
        "m.unicode",
        "main",
        "fact",
        "Der plover Cache speichert Schlüssel mit Umlauten: café, naïve, Zürich — und 東京.",
        "plover",
    ),
    Item(
        "t.release",
        "main",
        "topic-memory",
        {
            "title": "Billing API release process (wren)",
            "summary": "How billing releases are rolled out and rolled back.",
            "detail": "A blue-green rollout behind a smoke gate; a rollback points the alias back.",
        },
        "wren",
    ),
    Item(
        "e.smoke",
        "main",
        "experience",
        {
            "situation": "A billing API release (gannet) failed its smoke suite.",
            "action": "Pointed the live alias back to the blue fleet.",
            "outcome": "Traffic recovered within two minutes.",
            "lesson": "Keep the previous fleet warm until the smoke suite is green.",
        },
        "gannet",
    ),
    _memory(
        "r.scripts",
        "ref",
        "constraint",
        "Every release script of puffin lives in ops/release and must be safe to run twice.",
        "puffin",
    ),
)

UNIQUE_WORDS = {item.word: item.label for item in ITEMS}
BY_LABEL = {item.label: item for item in ITEMS}


def _check_corpus() -> None:
    for item in ITEMS:
        others = [o for o in ITEMS if o is not item and item.word in str(o.content).lower()]
        assert not others, f"{item.word!r} is not unique to {item.label}: also in {[o.label for o in others]}"
    assert len(BY_LABEL["m.long"].content["text"].encode()) > 2000


_check_corpus()


def create_scope(side: Side, title: str, *, references: tuple[str, ...] = (), key: str | None = None) -> str:
    body: dict[str, Any] = {
        "title": title,
        "summary": f"The {title} Scope of the live diff.",
        "idempotency_key": key or f"pcdiff-{title}-{uuid.uuid4().hex}",
    }
    if references:
        body["context_references"] = list(references)
    response = side.http.post("/v1/scopes", json=body)
    assert response.status_code == 201, f"{side.name}: create_scope {response.status_code} {response.text}"
    return str(response.json()["scope_id"])


def create_artifact(side: Side, scope_id: str, family: str, content: dict[str, Any]) -> dict[str, Any]:
    response = side.http.post(f"/v1/scopes/{scope_id}/artifacts", json={"family": family, "content": content})
    assert response.status_code == 201, f"{side.name}: create_artifact {response.status_code} {response.text}"
    return dict(response.json())


def load(side: Side) -> dict[str, str]:
    """Load the corpus into one server; returns label -> id (Scopes and items)."""
    ids: dict[str, str] = {}
    ids["ref"] = create_scope(side, "ref")
    ids["main"] = create_scope(side, "main", references=(ids["ref"],))
    for item in ITEMS:
        created = create_artifact(side, ids[item.scope], item.family, item.content)
        ids[item.label] = created["artifact_id"]
    return ids


ID_PATTERN = re.compile(r"\b(?:scp|art|bcr|src)_[0-9a-z]+\b")


def relabel(value: Any, ids: dict[str, str]) -> Any:
    """``value`` with every id of ``ids`` replaced by ``<label>`` (in strings, recursively); any
    other id-shaped word becomes ``<other scp>``/``<other art>``/..., so two servers compare."""
    labels = {v: k for k, v in ids.items()}

    def one(match: re.Match[str]) -> str:
        word = match.group(0)
        return f"<{labels[word]}>" if word in labels else f"<other {word.split('_', 1)[0]}>"

    if isinstance(value, str):
        return ID_PATTERN.sub(one, value)
    if isinstance(value, list):
        return [relabel(v, ids) for v in value]
    if isinstance(value, dict):
        return {relabel(k, ids): relabel(v, ids) for k, v in value.items()}
    return value
