"""``digests.canonical_json``'s quick form (the standard library's sorted compact JSON, for values
without floats or non-ASCII keys) gives exactly the RFC 8785 bytes of the ``rfc8785`` package,
and refuses what it refuses."""

from __future__ import annotations

from typing import Any

import rfc8785
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.contract.digests import canonical_digest, canonical_json, sha256_digest

ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=10)
KEYS = ANY_TEXT | st.text(st.characters(min_codepoint=0, max_codepoint=0x7F), max_size=6)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.sampled_from([2**53 - 1, -(2**53) + 1, 2**53, -(2**53)])
    | st.floats(allow_nan=True, allow_infinity=True)
    | ANY_TEXT
)
VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4)
        | st.lists(children, max_size=3).map(tuple)
        | st.dictionaries(KEYS, children, max_size=4)
    ),
    max_leaves=30,
)


def _outcome(function: Any, value: Any) -> tuple[str, Any]:
    try:
        return "ok", function(value)
    except ValueError:  # rfc8785's CanonicalizationError and UnicodeEncodeError are ValueErrors
        return "refused", None


@settings(max_examples=500, deadline=None)
@given(VALUES)
def test_canonical_json_is_rfc8785(value: Any) -> None:
    assert _outcome(canonical_json, value) == _outcome(rfc8785.dumps, value)


def test_examples() -> None:
    content = {"text": 'a "quoted"\n\ttab \\ \x00\x1f\x7f é 数据 😀 \u2028', "kind": "fact", "schema": "s", "n": 7}
    assert canonical_json(content) == rfc8785.dumps(content)
    assert canonical_json({"b": [True, None, 2**53 - 1], "a": {}}) == b'{"a":{},"b":[true,null,9007199254740991]}'
    assert canonical_json({"\ue000": 1, "\U0001f600": 2}) == rfc8785.dumps({"\ue000": 1, "\U0001f600": 2})
    assert canonical_digest(content) == sha256_digest(rfc8785.dumps(content))
    for refused in ({"a": "\ud800"}, {"a": 2**53}, {"a": float("nan")}, {1: "a"}):
        assert _outcome(canonical_json, refused) == ("refused", None)
