"""The live diff's own parts (``_support.pcdiff``), without the servers: the content parser reads
both formats and notices each kind of difference the diff exists to find, and the report names it.
(The live diff itself is ``tests/compat/live``; it needs PowerContext and runs in ``nox -s pcdiff``.)"""

from __future__ import annotations

import json

import pytest
from _support.pcdiff.corpus import ITEMS, UNIQUE_WORDS, relabel
from _support.pcdiff.report import differences, require_same
from _support.pcdiff.structure import order_insensitive, parse, prose_bytes, selected_labels
from hypothesis import given
from hypothesis import strategies as st

SCOPE, OTHER = "scp_" + "a" * 26, "scp_" + "b" * 26
FIRST, SECOND = "art_" + "1" * 32, "art_" + "2" * 32
IDS = {"main": SCOPE, "ref": OTHER, "first": FIRST, "second": SECOND}
PROSE = "Our own words about trust.\nA second line of them."


def _line(envelope: object, *, escape_line_ends: bool = True) -> str:
    text = json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))
    if escape_line_ends:
        for character in ("\u0085", "\u2028", "\u2029"):
            text = text.replace(character, f"\\u{ord(character):04x}")
    return text


def _envelope(items: list[dict], **options: bool) -> str:
    line = _line({"trust": "untrusted_history", "items": items}, **options)
    return f"{PROSE}\n\nBEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1\n{line}\nEND_POWERCONTEXT_PREPARED_CONTEXT_V1"


def _item(text: str, artifact: str = FIRST, scope: str | None = None, truncated: bool = False) -> dict:
    reference = {"family": "atomic-memory", "artifact_id": artifact, "revision": 1}
    citation = {"artifact": {"scope_id": scope, "artifact": reference}} if scope else {"artifact_ref": reference}
    return {"citation": citation, "content": text, "truncated": truncated, "kind": "atomic-memory"}


def _markdown(items: list[tuple[str, str, list[str]]]) -> str:
    parts = ["# A title of our own", PROSE, "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1", "## Memory"]
    for n, (scope, artifact, body) in enumerate(items, 1):
        metadata = [
            f"    Scope: {json.dumps(scope)}",
            f'    Artifact: family="atomic-memory", id={json.dumps(artifact)}, revision=1',
            "    Truncated: no",
        ]
        parts += [f"### Memory {n}", "\n".join(metadata), "\n".join(">     " + line for line in body)]
    return "\n\n".join([*parts, "END_POWERCONTEXT_PREPARED_TEXT_V1"])


def test_an_envelope_reads_back_with_labels() -> None:
    content = _envelope([_item("one"), _item("two", SECOND, scope=OTHER)])
    structure = parse(content, IDS)
    assert structure["problems"] == []
    assert structure["layout"][2:] == [
        "BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1",
        "<envelope line>",
        "END_POWERCONTEXT_PREPARED_CONTEXT_V1",
    ]
    assert selected_labels(structure) == ["first", "second"]
    assert structure["items"][1]["citation"] == {
        "artifact": {
            "scope_id": "<ref>",
            "artifact": {"family": "atomic-memory", "artifact_id": "<second>", "revision": 1},
        }
    }
    assert prose_bytes(content) == len(PROSE.encode()) + 2


@given(st.text(min_size=1, max_size=200))
def test_any_item_text_reads_back_exactly(text: str) -> None:
    structure = parse(_envelope([_item(text)]), IDS)
    assert structure["problems"] == [] and structure["envelope_line_breaks"] == 0
    assert structure["items"][0]["content"] == text


def test_a_raw_line_separator_is_seen() -> None:
    escaped = parse(_envelope([_item("a\u2028b")]), IDS)
    raw = parse(_envelope([_item("a\u2028b")], escape_line_ends=False), IDS)
    assert escaped["items"][0]["content"] == raw["items"][0]["content"]  # the same text ...
    found = list(differences(escaped, raw))  # ... but not the same line
    assert any(".envelope_line_breaks" in line for line in found)
    assert any(".envelope_text" in line for line in found)


def test_a_different_citation_or_key_order_is_seen() -> None:
    base = parse(_envelope([_item("one")]), IDS)
    cross = parse(_envelope([_item("one", scope=SCOPE)]), IDS)
    assert any(".citation_shape" in line for line in differences(base, cross))
    item = _item("one")
    reordered = parse(_envelope([{k: item[k] for k in ("kind", "citation", "content", "truncated")}]), IDS)
    assert any("order" in line for line in differences(base, reordered))


def test_markers_out_of_place_are_problems() -> None:
    content = _envelope([_item("one")])
    assert parse(content + "\n", IDS)["problems"]
    assert parse(content.replace("\n\nBEGIN", "\nBEGIN"), IDS)["format"] == "unreadable"
    assert parse("[1] something else entirely", IDS)["head"] == "[1] something else entirely"
    marker_text = parse(
        _envelope([_item("END_POWERCONTEXT_PREPARED_CONTEXT_V1 BEGIN_POWERCONTEXT_PREPARED_TEXT_V1")]), IDS
    )
    assert marker_text["format"] == "envelope" and marker_text["problems"] == []


def test_markdown_reads_back_with_labels() -> None:
    content = _markdown([(SCOPE, FIRST, ["line one", "line\\u0009two"]), (OTHER, SECOND, ["x"])])
    structure = parse(content, IDS)
    assert structure["problems"] == []
    assert structure["sections"] == [{"heading": "## Memory", "items": 2}]
    first = structure["items"][0]
    assert first["heading"] == "### Memory 1"
    assert first["metadata"][:2] == [
        '    Scope: "<main>"',
        '    Artifact: family="atomic-memory", id="<first>", revision=1',
    ]
    assert first["body"] == [">     line one", ">     line\\u0009two"]
    assert selected_labels(structure) == ["first", "second"]
    assert prose_bytes(content) == content.index("BEGIN_POWERCONTEXT_PREPARED_TEXT_V1")


def test_markdown_out_of_shape_is_a_problem() -> None:
    good = _markdown([(SCOPE, FIRST, ["body"])])
    assert parse(good.replace(">     body", "body"), IDS)["problems"]
    assert parse(good.removesuffix("\n\nEND_POWERCONTEXT_PREPARED_TEXT_V1"), IDS)["problems"]
    assert parse(good + "\n\ntrailing", IDS)["problems"]


def test_order_insensitive_keys_items_by_label() -> None:
    one = order_insensitive(parse(_envelope([_item("a"), _item("b", SECOND)]), IDS))
    two = order_insensitive(parse(_envelope([_item("b", SECOND), _item("a")]), IDS))
    assert list(differences(one, two)) == []
    three = order_insensitive(parse(_envelope([_item("b", SECOND), _item("a", truncated=True)]), IDS))
    assert [line.split(":")[0] for line in differences(one, three)] == [".items.first.truncated"]


def test_relabel_names_unknown_ids_by_kind() -> None:
    assert relabel({"x": [f"at {SCOPE} and scp_zz"]}, IDS) == {"x": ["at <main> and <other scp>"]}


def test_a_failed_comparison_reads_as_a_diff() -> None:
    with pytest.raises(pytest.fail.Exception) as failure:
        require_same("a case", {"status": 404, "keys": ["a", "b"]}, {"status": 405, "keys": ["b", "c"]})
    message = str(failure.value)
    assert "2 difference(s)" in message
    assert ".status:" in message and "= 404" in message and "= 405" in message
    assert 'only in powercontext: ["a"]; only in pcreceipt: ["c"]' in message
    require_same("equal", {"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]})


def test_every_corpus_word_names_one_item() -> None:
    assert sorted(UNIQUE_WORDS.values()) == sorted(item.label for item in ITEMS)
    for word, label in UNIQUE_WORDS.items():
        assert [item.label for item in ITEMS if word in json.dumps(item.content).lower()] == [label]
