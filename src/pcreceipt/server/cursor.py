"""List cursors: opaque to clients, base64url (unpadded) of ``{"after": <key>, ...}``.

A cursor says where the next page starts (``after``, the last key of the page) and, for a
listing bound to more than the caller's grants, what it lists: ``list_artifacts`` binds it to
the Scope and the family, so a cursor from one listing cannot continue another. It is not
signed: a client that forges one merely starts its listing elsewhere. A cursor that does not
decode to exactly that shape, or that names another listing, is a 422 (rule ``cursor``).
"""

from __future__ import annotations

import base64
import binascii
import json

from pcreceipt.errors import InvalidRequest
from pcreceipt.models import limits


def encode_cursor(after: str, **bound: str) -> str:
    raw = json.dumps({"after": after, **bound}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_cursor(cursor: str, **bound: str) -> str:
    """The key the page starts after; ``InvalidRequest`` when the cursor is not one of this listing's."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        value = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError):
        value = None
    valid = isinstance(value, dict) and set(value) == {"after", *bound}
    after = value.get("after") if valid else None
    if (
        not isinstance(after, str)
        or not after.strip()
        or len(after) > limits.SCOPE_ID_MAX_LENGTH
        or any(value.get(key) != wanted for key, wanted in bound.items())
    ):
        raise InvalidRequest("The cursor is invalid.", {"violations": [{"path": "/query/cursor", "rule": "cursor"}]})
    return after
