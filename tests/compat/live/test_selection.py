"""The same items selected where the ranking leaves no choice: each corpus word occurs in exactly
one item (``_support.pcdiff.corpus``), so a prepare of that word must select that item, and only it,
on both servers, in the default format and in Markdown; a word in no item selects nothing. (That
PowerContext itself selects the one item is checked too: otherwise the query proves nothing.)

What a server selected is read from its ``content`` (the citations). Where pcreceipt's content
cannot be read as either PowerContext format, its selection is read from the Receipt of the same
request (``include_receipt``), so a rendering difference (``test_content_structure``) and a
selection difference are reported apart.
"""

from __future__ import annotations

from typing import Any

import pytest
from _support.pcdiff.corpus import BY_LABEL, UNIQUE_WORDS, relabel
from _support.pcdiff.processes import Side
from _support.pcdiff.report import require_same
from _support.pcdiff.structure import parse, selected_labels

SECTION_OF_FAMILY = {"atomic-memory": "memory", "topic-memory": "topic-memory", "experience": "experience"}


def _from_receipt(side: Side, body: dict[str, Any]) -> list[str | None]:
    response = side.http.post("/v1/context/prepare", json={**body, "include_receipt": True})
    receipt = response.json().get("receipt") if response.status_code == 200 else None
    selected = receipt.get("selected", []) if isinstance(receipt, dict) else []
    labels = []
    for entry in selected:
        artifact = ((entry.get("artifact_address") or {}).get("artifact") or {}).get("artifact_id", "")
        labels.append(relabel(artifact, side.ids).strip("<>") or None)
    return labels


def _selected(side: Side, prepare, body: dict[str, Any], *, receipt_fallback: bool) -> tuple[dict[str, Any], str]:
    response = prepare(side, body)
    payload = response.json() if response.status_code == 200 else {}
    structure = parse(payload.get("content"), side.ids)
    labels, read_from = selected_labels(structure), "content"
    unreadable = structure.get("format") is not None and bool(structure.get("problems"))
    if unreadable and receipt_fallback:
        labels, read_from = _from_receipt(side, body), "receipt (the content is in neither PowerContext format)"
    return {"http_status": response.status_code, "status": payload.get("status"), "selected": labels}, read_from


@pytest.mark.parametrize("form", ["envelope", "markdown"])
@pytest.mark.parametrize("word", [*UNIQUE_WORDS, "zyzzyva"])
def test_a_word_of_one_item_selects_that_item(pair, prepare, word: str, form: str) -> None:
    peer, ours = pair
    label = UNIQUE_WORDS.get(word)
    answers, read_from = {}, {}
    for side in pair:
        body: dict[str, Any] = {"scope_id": side.ids["main"], "query": word, "max_bytes": 8000}
        if form == "markdown":
            family = BY_LABEL[label].family if label else "atomic-memory"
            body["assembly"] = {"sections": [{"family": SECTION_OF_FAMILY[family], "limit": 2}]}
        answers[side.name], read_from[side.name] = _selected(side, prepare, body, receipt_fallback=side is ours)
    expected = [label] if label else []
    assert answers[peer.name]["selected"] == expected, f"the corpus is not unambiguous for {word!r}: {answers}"
    require_same(
        f"items selected for {word!r} ({form})",
        answers[peer.name],
        answers[ours.name],
        note=f"pcreceipt's selection read from its {read_from[ours.name]}",
    )
