"""List cursors: opaque to clients, base64url (unpadded) of ``{"after": <key>, ...}``.

A cursor says where the next page starts (``after``, the last key of the page) and what it
lists: ``list_artifacts`` binds it to the Scope and the family, ``list_scopes`` to a digest of
its filters, so a cursor from one listing cannot continue another. It is not signed: a client
that forges one merely starts its listing elsewhere (what it may read is decided per page).
A cursor that does not decode to exactly that shape is 400 ``invalid_cursor`` with reason
``cursor_malformed``; one of another listing is 400 ``invalid_cursor``, ``cursor_mismatch``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Mapping

from pcreceipt.errors import InvalidCursor
from pcreceipt.models import limits


def encode_cursor(after: str, **bound: str) -> str:
    raw = json.dumps({"after": after, **bound}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_cursor(cursor: str, **bound: str) -> str:
    """The key the page starts after; ``InvalidCursor`` when the cursor is not one of this listing's."""
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
        or not all(isinstance(value.get(key), str) for key in bound)
    ):
        raise InvalidCursor("cursor_malformed")
    if any(value.get(key) != wanted for key, wanted in bound.items()):
        raise InvalidCursor("cursor_mismatch")
    return after


def filters_digest(filters: Mapping[str, str | None]) -> str:
    """A short digest of a listing's filters (absent ones as null), for binding its cursors."""
    canonical = json.dumps(dict(sorted(filters.items())), ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:32]
