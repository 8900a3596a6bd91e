"""The signed list cursor (``pcreceipt.server.http.cursor``): what it continues, and that nothing else passes."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pcreceipt.errors import CursorExpired, InvalidCursor
from pcreceipt.server.http.cursor import CURSOR_TTL_SECONDS, decode_cursor, encode_cursor

SECRET = b"k" * 32
NOW = datetime(2026, 5, 1, tzinfo=UTC)
AFTER = st.text(st.characters(codec="utf-8"), min_size=1, max_size=64).filter(str.strip)


@given(after=AFTER, scope=st.text(max_size=20), states=st.lists(st.sampled_from(["active", "merged"]), max_size=2))
def test_a_cursor_continues_exactly_its_listing(after: str, scope: str, states: list[str]) -> None:
    cursor = encode_cursor(SECRET, NOW, after, listing="l", scope=scope, states=states)
    assert decode_cursor(SECRET, NOW, cursor, listing="l", scope=scope, states=states) == after
    with pytest.raises(InvalidCursor) as raised:
        decode_cursor(SECRET, NOW, cursor, listing="l", scope=scope + "x", states=states)
    assert raised.value.details == {"field": "cursor", "reason": "cursor_mismatch"}
    with pytest.raises(InvalidCursor):
        decode_cursor(b"other key", NOW, cursor, listing="l", scope=scope, states=states)


def _decoded(cursor: str) -> list[bytes] | None:
    try:
        return [base64.b64decode(p + "=" * (-len(p) % 4), altchars=b"-_", validate=True) for p in cursor.split(".")]
    except ValueError:
        return None


@given(after=AFTER, position=st.integers(min_value=0), replacement=st.sampled_from("AQgw_-.="))
def test_any_altered_character_is_refused(after: str, position: int, replacement: str) -> None:
    cursor = encode_cursor(SECRET, NOW, after, listing="l")
    index = position % len(cursor)
    altered = cursor[:index] + replacement + cursor[index + 1 :]
    if _decoded(altered) == _decoded(cursor):  # base64 ignores a final character's unused bits
        return
    with pytest.raises(InvalidCursor):
        decode_cursor(SECRET, NOW, altered, listing="l")


def test_a_cursor_expires_after_its_ttl() -> None:
    cursor = encode_cursor(SECRET, NOW, "a", listing="l")
    assert decode_cursor(SECRET, NOW + timedelta(seconds=CURSOR_TTL_SECONDS - 1), cursor, listing="l") == "a"
    with pytest.raises(CursorExpired):
        decode_cursor(SECRET, NOW + timedelta(seconds=CURSOR_TTL_SECONDS), cursor, listing="l")
    # a mismatch is reported before an expiry, as PowerContext does
    with pytest.raises(InvalidCursor):
        decode_cursor(SECRET, NOW + timedelta(days=1), cursor, listing="other")
