"""List cursors: opaque to clients, signed by the server, bound to their listing, and expiring.

A cursor is ``<payload>.<signature>``, both base64url without padding: the payload is the
canonical JSON (sorted keys, no spaces) of ``{"after": <key>, "expires_at": <unix seconds>,
...bound}``, the signature its HMAC-SHA256 under the store's cursor key
(``Store.cursor_secret``: created once per database, so every server on it and every restart
accept each other's cursors). ``after`` is the last key of the page, ``bound`` names the
listing and what it lists (``list_artifacts``: Scope and family; ``list_scopes``: a digest of
its filters; the Atomic Memory listings: Scope, states, kind and tags), so a cursor from one
listing cannot continue another. A cursor lives ``CURSOR_TTL_SECONDS`` (an hour, as
PowerContext 1.4.1's do).

Checks, in order (PowerContext's): a cursor that does not parse, or whose signature is not
the server's (forged or altered), is 400 ``invalid_cursor`` with reason ``cursor_malformed``;
one of another listing (or other filters) is 400 ``invalid_cursor``, ``cursor_mismatch``; a
genuine one past its expiry is 410 ``cursor_expired``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pcreceipt.errors import CursorExpired, InvalidCursor
from pcreceipt.models import limits

if TYPE_CHECKING:
    from pcreceipt.server.http.exchange import Call

CURSOR_TTL_SECONDS = 3600  # not a contract limit: how long this server honours its cursors
"""How long a cursor continues its listing (PowerContext 1.4.1's cursors live an hour too)."""

_RESERVED = frozenset({"after", "expires_at"})


def _canonical(value: Mapping[str, Any]) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)


def _signature(secret: bytes, payload: bytes) -> bytes:
    return hmac.digest(secret, payload, "sha256")


def signing(call: Call) -> tuple[bytes, datetime]:
    """The key and the time a handler signs and checks its cursors with."""
    return call.services.store.cursor_secret(), call.services.clock()


def encode_cursor(secret: bytes, now: datetime, after: str, **bound: Any) -> str:
    """A cursor continuing the listing ``bound`` names after ``after``, valid for an hour from ``now``."""
    assert not _RESERVED & set(bound)
    payload = _canonical({**bound, "after": after, "expires_at": int(now.timestamp()) + CURSOR_TTL_SECONDS})
    return f"{_b64(payload)}.{_b64(_signature(secret, payload))}"


def decode_cursor(secret: bytes, now: datetime, cursor: str, **bound: Any) -> str:
    """The key the page starts after; ``InvalidCursor`` when the cursor is not one this server
    signed for this listing, ``CursorExpired`` when it was and has expired."""
    try:
        encoded_payload, encoded_signature = cursor.split(".")
        payload = _unb64(encoded_payload)
        signature = _unb64(encoded_signature)
        value = json.loads(payload.decode("utf-8"))
    except (binascii.Error, UnicodeError, ValueError):
        raise InvalidCursor("cursor_malformed") from None
    if not hmac.compare_digest(signature, _signature(secret, payload)) or not isinstance(value, dict):
        raise InvalidCursor("cursor_malformed")
    after, expires_at = value.get("after"), value.get("expires_at")
    if (
        not isinstance(after, str)
        or not after.strip()
        or len(after) > limits.SCOPE_ID_MAX_LENGTH
        or not isinstance(expires_at, int)
        or isinstance(expires_at, bool)
    ):
        raise InvalidCursor("cursor_malformed")
    if set(value) != {*bound, *_RESERVED} or any(value.get(key) != wanted for key, wanted in bound.items()):
        raise InvalidCursor("cursor_mismatch")
    if int(now.timestamp()) >= expires_at:
        raise CursorExpired("The cursor has expired; start the listing again without one.")
    return after


def filters_digest(filters: Mapping[str, Any]) -> str:
    """A short digest of a listing's filters (absent ones as null), for binding its cursors."""
    return hashlib.sha256(_canonical(dict(filters))).hexdigest()[:32]
