"""Identifier and timestamp generation, shared by every engine.

Decisions:
- Scope ids are ``scp_`` + 26 lowercase base32 characters: 128 random bits, case-insensitive
  and URL-safe, so they sort and compare the same in SQLite and MySQL collations.
- Artifact ids are ``art_`` + 32 lowercase hex characters (128 random bits), within the
  contract's 1–128 printable-ASCII ArtifactId.
- Timestamps are RFC 3339 in UTC with a ``Z`` suffix and millisecond precision.
"""

from __future__ import annotations

import base64
import secrets
from datetime import UTC, datetime

SCOPE_ID_PREFIX = "scp_"
ARTIFACT_ID_PREFIX = "art_"


def new_scope_id() -> str:
    """``scp_`` + 26 lowercase base32 characters (128 random bits)."""
    encoded = base64.b32encode(secrets.token_bytes(16)).decode("ascii").rstrip("=").lower()
    return SCOPE_ID_PREFIX + encoded


def new_artifact_id() -> str:
    """``art_`` + 32 lowercase hex characters (128 random bits)."""
    return ARTIFACT_ID_PREFIX + secrets.token_hex(16)


def utc_instant(moment: datetime) -> str:
    """A timezone-aware moment as RFC 3339 UTC, e.g. ``2026-01-31T12:00:00.123Z`` (the store's
    timestamps; a handler dates with its injected clock through it)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def utc_now() -> str:
    """The current time as RFC 3339 UTC, e.g. ``2026-01-31T12:00:00.123Z``."""
    return utc_instant(datetime.now(UTC))
