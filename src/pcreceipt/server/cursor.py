"""The list_scopes cursor: opaque to clients, base64url (unpadded) of ``{"after": <scope_id>}``.

It is not signed: it only says where the next page starts, and a client that forges one merely
starts its listing elsewhere. A cursor that does not decode to that shape is a 422.
"""

from __future__ import annotations

import base64
import binascii
import json

from pcreceipt.errors import InvalidRequest
from pcreceipt.models import limits


def encode_cursor(after: str) -> str:
    raw = json.dumps({"after": after}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_cursor(cursor: str) -> str:
    """The scope_id the page starts after; ``InvalidRequest`` when the cursor is not one of ours."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        value = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError):
        value = None
    after = value.get("after") if isinstance(value, dict) and len(value) == 1 else None
    if not isinstance(after, str) or not after.strip() or len(after) > limits.SCOPE_ID_MAX_LENGTH:
        raise InvalidRequest("The cursor is invalid.", {"violations": [{"path": "/query/cursor", "rule": "cursor"}]})
    return after
