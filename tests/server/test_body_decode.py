"""Decoding a request body: the quick paths (duplicate keys by counting, the string walk skipped
when the text has no escaped surrogate) refuse and accept exactly what the full check does."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.errors import InvalidRequest
from pcreceipt.server.http import body
from pcreceipt.server.http.body import MAX_DEPTH, decode_json_body

# Any code point, lone surrogates included (json.dumps writes them as \\uXXXX escapes).
ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=12)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | ANY_TEXT,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(ANY_TEXT, children, max_size=4),
    max_leaves=30,
)


def _reference(data: bytes) -> tuple[str, Any]:
    """What the body check said before the quick paths: every string and key searched for a
    surrogate, keys checked one by one (``("ok", value)`` or ``("refused", rule)``)."""
    text = data.decode("utf-8")

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise KeyError(key)
            out[key] = value
        return out

    try:
        value = json.loads(text, object_pairs_hook=unique)
    except KeyError:
        return "refused", "duplicate_key"
    broken = body._scan(value)
    return ("refused", broken) if broken is not None else ("ok", value)


def _decoded(data: bytes) -> tuple[str, Any]:
    try:
        return "ok", decode_json_body(data)
    except InvalidRequest as error:
        return "refused", error.details["violations"][0]["rule"]


def _upper_escapes(text: str) -> str:
    """``\\ud800`` written ``\\uD800``: JSON escapes are case-insensitive in their hex digits."""
    out, i = [], 0
    while i < len(text):
        if text.startswith("\\u", i):
            out.append("\\u" + text[i + 2 : i + 6].upper())
            i += 6
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES, st.booleans(), st.booleans())
def test_decode_agrees_with_the_full_check(value: Any, ascii_only: bool, upper: bool) -> None:
    text = json.dumps(value, ensure_ascii=True) if ascii_only else json.dumps(value, ensure_ascii=False)
    if upper:
        text = _upper_escapes(text)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # a raw lone surrogate cannot be sent as UTF-8 at all
        data = text.encode("utf-8", "surrogatepass")
        assert _decoded(data) == ("refused", "utf8")
        return
    assert _decoded(data) == _reference(data)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "c", "\\u0061"]), min_size=1, max_size=6))
def test_a_repeated_key_is_refused_however_it_is_written(keys: list[str]) -> None:
    data = ("{" + ",".join(f'"{k}":{n}' for n, k in enumerate(keys)) + "}").encode()
    assert _decoded(data) == _reference(data)
    spelled = {json.loads(f'"{k}"') for k in keys}
    assert (_decoded(data)[0] == "refused") == (len(spelled) != len(keys))


@pytest.mark.parametrize(
    ("data", "rule"),
    [
        (b'{"a": ["\\uDbFf"]}', "lone_surrogate"),
        (b'{"a": {"\\uDC00": 1}}', "lone_surrogate"),
        (b'{"a": "\\ud83d\\ude00"}', None),  # a pair is one character
        (b'{"a": "\\\\ud800"}', None),  # an escaped backslash, then plain text
        (b"[" * (MAX_DEPTH + 1) + b"1" + b"]" * (MAX_DEPTH + 1), "max_depth"),
        (b"[" * MAX_DEPTH + b'"x"' + b"]" * MAX_DEPTH, None),  # the innermost array is at depth MAX_DEPTH - 1
        (b"[" * (MAX_DEPTH + 1) + b'"\\ud800"' + b"]" * (MAX_DEPTH + 1), "max_depth"),
    ],
)
def test_decode_examples(data: bytes, rule: str | None) -> None:
    assert _decoded(data) == (("refused", rule) if rule else ("ok", json.loads(data)))


@given(st.integers(min_value=-(2**53 - 1), max_value=2**53 - 1))
def test_an_integral_number_written_with_a_fraction_is_the_integer(value: int) -> None:
    """``20.0`` and ``2e1`` are the integer 20 (JSON Schema's integer; every handler reads an int)."""
    for text in (f"{value}.0", f"{float(value)!r}", f"{value}e0"):
        decoded = decode_json_body(json.dumps({"limit": "x"}).replace('"x"', text).encode())
        assert decoded == {"limit": value} and type(decoded["limit"]) is int, text


@pytest.mark.parametrize(
    ("text", "expected"),
    [("0.5", 0.5), ("-0.0", 0), ("1e300", 1e300), ("9007199254740992.0", 9007199254740992.0), ("1.5e1", 15)],
)
def test_other_numbers_stay_floats(text: str, expected: float) -> None:
    """Past ±(2**53 - 1) an integral float stays a float: an int there would have no RFC 8785 form."""
    decoded = decode_json_body(f"[{text}]".encode())
    assert decoded == [expected] and type(decoded[0]) is type(expected)
