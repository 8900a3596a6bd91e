"""Restoration preview tokens: what ``preview_atomic_memory_restoration`` hands out and
``restore_atomic_memory`` takes back, so a restoration happens only as it was previewed.

A token is ``<payload>.<signature>``, both base64url without padding, like a list cursor: the
payload is the canonical JSON of its claims (format, Scope, caller, operation, memory, revision,
the merge path's endpoint and the expiry in unix seconds), the signature its HMAC-SHA256 under a
key derived from the store's cursor key (``Store.cursor_secret``, one per database), so every
server over one database and every restart accept each other's tokens, and a cursor can never
pass for a token or the reverse. A token lives ``PREVIEW_TTL_SECONDS`` (five minutes, as
PowerContext 1.4.1's previews do).

Checks, in order (1.4.1's): longer than 16384 characters, not decodable, not signed by this
server, of another format, or for another Scope, caller, operation, memory or revision: 422
``invalid_preview``; a genuine one past its expiry: 409 ``preview_expired``. Whether the merge
path still ends at the token's endpoint is the store's to decide, under its lock (409
``preview_stale``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from datetime import UTC, datetime
from typing import Any

from pcreceipt.errors import InvalidPreview, PreviewExpired
from pcreceipt.store.restoration_records import MemoryNode, RestorationPlan

PREVIEW_TTL_SECONDS = 300  # not a contract limit: how long a preview holds (1.4.1's five minutes)
PREVIEW_FORMAT = "pcreceipt.atomic-memory.restoration-preview.v1"
MAX_TOKEN_CHARS = 16_384
_KEY_LABEL = b"pcreceipt restoration previews v1"
_CLAIMS = frozenset({"format", "scope_id", "subject", "operation", "artifact_id", "revision", "endpoint", "expires_at"})


def _key(secret: bytes) -> bytes:
    return hmac.digest(secret, _KEY_LABEL, "sha256")


def _canonical(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)


def _endpoint(node: MemoryNode) -> dict[str, Any]:
    return {"artifact_id": node.artifact_id, "revision": node.revision, "state_version": node.state_version}


def encode_preview(secret: bytes, now: datetime, plan: RestorationPlan, subject: str) -> tuple[str, datetime]:
    """The token holding a restoration to ``plan``'s endpoint, and when it expires."""
    expires_at = int(now.timestamp()) + PREVIEW_TTL_SECONDS
    claims = {
        "format": PREVIEW_FORMAT,
        "scope_id": plan.scope_id,
        "subject": subject,
        "operation": plan.operation,
        "artifact_id": plan.artifact_id,
        "revision": plan.revision,
        "endpoint": _endpoint(plan.endpoint),
        "expires_at": expires_at,
    }
    payload = _canonical(claims)
    token = f"{_b64(payload)}.{_b64(hmac.digest(_key(secret), payload, 'sha256'))}"
    return token, datetime.fromtimestamp(expires_at, UTC)


def decode_preview(
    secret: bytes,
    now: datetime,
    token: str,
    *,
    scope_id: str,
    subject: str,
    operation: str,
    artifact_id: str,
    revision: int | None,
) -> MemoryNode:
    """The endpoint the token holds the restoration to (a MemoryNode with only its identity,
    revision and state version meaningful); InvalidPreview or PreviewExpired."""
    invalid = InvalidPreview("The restoration preview token is not valid for this request.")
    if len(token) > MAX_TOKEN_CHARS:
        raise invalid
    try:
        encoded_payload, encoded_signature = token.split(".")
        payload, signature = _unb64(encoded_payload), _unb64(encoded_signature)
        claims = json.loads(payload.decode("utf-8"))
    except (binascii.Error, UnicodeError, ValueError):
        raise invalid from None
    if not hmac.compare_digest(signature, hmac.digest(_key(secret), payload, "sha256")):
        raise invalid
    if not isinstance(claims, dict) or set(claims) != _CLAIMS or claims["format"] != PREVIEW_FORMAT:
        raise invalid
    asked = (scope_id, subject, operation, artifact_id, revision)
    if (claims["scope_id"], claims["subject"], claims["operation"], claims["artifact_id"], claims["revision"]) != asked:
        raise invalid
    endpoint, expires_at = claims["endpoint"], claims["expires_at"]
    if not isinstance(expires_at, int) or not isinstance(endpoint, dict):
        raise invalid
    if int(now.timestamp()) >= expires_at:
        raise PreviewExpired("The restoration preview has expired; preview the restoration again.")
    try:
        return MemoryNode(
            artifact_id=str(endpoint["artifact_id"]),
            revision=int(endpoint["revision"]),
            state="active",
            state_version=int(endpoint["state_version"]),
            merged_into_id=None,
        )
    except (KeyError, TypeError, ValueError):
        raise invalid from None


def subject_of(token_id: str | None) -> str:
    """Who a preview is for: the API token's id, or the local single user."""
    return "local" if token_id is None else hashlib.sha256(token_id.encode("utf-8")).hexdigest()[:32]
