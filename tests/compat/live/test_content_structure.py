"""The prepared content of PowerContext 1.4.1 and pcreceipt, parsed (``_support.pcdiff.structure``)
and compared: the same markers and layout, envelope keys, item keys in order, citation objects,
kinds, truncated flags and item texts (JSON escaping included, via the envelope line with ids
replaced by labels), and for Markdown the same headings, metadata lines and body lines. The
trust sentences are each server's own and are not compared.

Queries of one corpus word select one item, so the whole structure, in order, must agree. Queries
that select several items rank them by each server's own scores, so there the items are compared
by corpus label, plus the sequence of kinds (the family interleave) and of headings.
"""

from __future__ import annotations

from typing import Any

import pytest
from _support.pcdiff.corpus import BY_LABEL, UNIQUE_WORDS
from _support.pcdiff.report import require_same
from _support.pcdiff.structure import order_insensitive, parse, prose_bytes

SECTION_OF_FAMILY = {"atomic-memory": "memory", "topic-memory": "topic-memory", "experience": "experience"}
MULTI_ITEM_QUERIES = ("billing", "smoke", "alias")
ALL_SECTIONS = {
    "sections": [
        {"family": "memory", "limit": 4},
        {"family": "topic-memory", "limit": 2},
        {"family": "experience", "limit": 2},
    ]
}


def _body(ids: dict[str, str], query: str, max_bytes: int = 8000, assembly: Any = None) -> dict[str, Any]:
    body: dict[str, Any] = {"scope_id": ids["main"], "query": query, "max_bytes": max_bytes}
    if assembly is not None:
        body["assembly"] = assembly
    return body


def _compare(pair, prepare, what: str, make, *, ordered: bool = True, ours_extra_bytes: int = 0) -> None:
    peer, ours = pair
    answers = {}
    for side, extra in ((peer, 0), (ours, ours_extra_bytes)):
        body = make(side.ids)
        if extra:
            body["max_bytes"] += extra
        response = prepare(side, body)
        payload = response.json() if response.headers.get("content-type", "").startswith("application/json") else {}
        structure = parse(payload.get("content"), side.ids)
        answers[side.name] = {
            "http_status": response.status_code,
            "response_keys": list(payload) if isinstance(payload, dict) else None,
            "status": payload.get("status"),
            "content": structure if ordered else order_insensitive(structure),
        }
    peer_answer = answers[peer.name]
    assert peer_answer["http_status"] == 200 and not peer_answer["content"].get("problems"), (
        f"the harness misreads PowerContext's answer to {what}: {peer_answer}"
    )
    require_same(what, peer_answer, answers[ours.name])


@pytest.mark.parametrize("word", list(UNIQUE_WORDS))
def test_default_format_one_item(pair, prepare, word: str) -> None:
    _compare(pair, prepare, f"prepare {word!r} (no assembly: the JSON envelope)", lambda ids: _body(ids, word))


@pytest.mark.parametrize("word", list(UNIQUE_WORDS))
def test_markdown_format_one_item(pair, prepare, word: str) -> None:
    section = SECTION_OF_FAMILY[BY_LABEL[UNIQUE_WORDS[word]].family]
    assembly = {"sections": [{"family": section, "limit": 2}], "show": ["recall_rank", "confidence"]}
    _compare(pair, prepare, f"prepare {word!r} with {assembly}", lambda ids: _body(ids, word, assembly=assembly))


@pytest.mark.parametrize("word", ["pelican", "gannet", "puffin", "ibis"])
def test_default_assembly_one_item(pair, prepare, word: str) -> None:
    """``assembly: {}`` means the schema's default sections (memory 6, experience 2), Markdown."""
    _compare(pair, prepare, f"prepare {word!r} with assembly {{}}", lambda ids: _body(ids, word, assembly={}))


@pytest.mark.parametrize("assembly", [None, {}, ALL_SECTIONS], ids=["envelope", "default-assembly", "three-sections"])
@pytest.mark.parametrize("query", MULTI_ITEM_QUERIES)
def test_several_items(pair, prepare, query: str, assembly: Any) -> None:
    _compare(
        pair,
        prepare,
        f"prepare {query!r} with assembly {assembly} (items compared by label)",
        lambda ids: _body(ids, query, assembly=assembly),
        ordered=False,
    )


@pytest.mark.parametrize("assembly", [None, {"sections": []}, {}], ids=["envelope", "no-sections", "default-assembly"])
def test_nothing_selected(pair, prepare, assembly: Any) -> None:
    _compare(
        pair,
        prepare,
        f"prepare with no match, assembly {assembly}",
        lambda ids: _body(ids, "zyzzyva", assembly=assembly),
    )


def test_empty_sections_even_with_a_match(pair, prepare) -> None:
    """``sections: []`` answers empty at once, whatever the query matches."""
    _compare(
        pair,
        prepare,
        "prepare 'billing' with sections []",
        lambda ids: _body(ids, "billing", assembly={"sections": []}),
    )


def _prose_difference(pair, prepare, assembly: Any) -> int:
    """pcreceipt's prose minus PowerContext's, in bytes, for one format (0 if either is unreadable):
    added to pcreceipt's ``max_bytes`` so both have the same bytes for items."""
    sizes = []
    for side in pair:
        payload = prepare(side, _body(side.ids, "pelican", assembly=assembly)).json()
        sizes.append(prose_bytes(payload.get("content") or ""))
    return sizes[1] - sizes[0] if all(sizes) else 0


@pytest.mark.parametrize("max_bytes", [700, 900, 1400])
@pytest.mark.parametrize(
    "assembly", [None, {"sections": [{"family": "memory", "limit": 1}]}], ids=["envelope", "markdown"]
)
def test_fitting_a_long_item_to_the_budget(pair, prepare, assembly: Any, max_bytes: int) -> None:
    """The long memory cut to the budget: the same cut, given the same bytes for items (pcreceipt's
    ``max_bytes`` is moved by the difference of the two servers' prose)."""
    extra = _prose_difference(pair, prepare, {"sections": [{"family": "memory", "limit": 1}]} if assembly else None)
    _compare(
        pair,
        prepare,
        f"prepare 'osprey' with max_bytes {max_bytes} (+{extra} for pcreceipt's prose), assembly {assembly}",
        lambda ids: _body(ids, "osprey", max_bytes=max_bytes, assembly=assembly),
        ours_extra_bytes=extra,
    )
