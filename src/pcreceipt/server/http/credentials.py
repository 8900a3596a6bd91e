"""Bearer tokens: how they are made, what is stored of them, and how a presented one is checked.

Decisions:
- A token is ``pcr_<id>_<secret>``: ``id`` is 16 lowercase hex (64 random bits, public: it is
  what ``token list`` shows and ``token revoke`` takes), ``secret`` is 43 base64url characters
  (256 random bits). The store keeps only the SHA-256 hex of the whole token, so a copy of
  the database does not hold a usable token. 256 bits of entropy make a plain hash enough (no
  salt or slow hash is needed against guessing).
- A presented token is looked up by its id and its digest compared with
  ``hmac.compare_digest`` (constant time), so a near-miss secret learns nothing from timing.
  The digest is computed before the lookup, so a malformed token, an unknown id and a wrong
  secret take the same path.
- A revoked token is refused like an unknown one; tokens are read from the store on every
  request, so ``pcreceipt token revoke`` takes effect at once, even on a running server.
- Grants nest: admin ⊇ write ⊇ read. A grant on ``*`` covers every Scope, present and future.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ALL_SCOPES, GrantAccess, TokenRecord

TOKEN_PREFIX = "pcr_"
_TOKEN = re.compile(r"^pcr_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$")
_ACCESS_RANK: dict[str, int] = {"read": 1, "write": 2, "admin": 3}


@dataclass(frozen=True, slots=True)
class IssuedToken:
    """A freshly made token: ``token`` is shown once and never stored; ``token_sha256`` is stored."""

    token_id: str
    token: str
    token_sha256: str


def token_digest(token: str) -> str:
    """The SHA-256 hex of a token's UTF-8 bytes (what the store keeps)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> IssuedToken:
    token_id = secrets.token_hex(8)
    token = f"{TOKEN_PREFIX}{token_id}_{secrets.token_urlsafe(32)}"
    return IssuedToken(token_id=token_id, token=token, token_sha256=token_digest(token))


def token_id_of(token: str) -> str | None:
    """The id a well-formed token names, or None."""
    match = _TOKEN.match(token)
    return match.group(1) if match else None


def verify_token(store: Store, token: str) -> TokenRecord | None:
    """The stored, unrevoked token ``token`` is, or None (malformed, unknown, wrong secret, revoked)."""
    digest = token_digest(token)
    token_id = token_id_of(token)
    record = store.get_token(token_id) if token_id is not None else None
    if record is None or not hmac.compare_digest(record.token_sha256, digest):
        return None
    return None if record.revoked_at is not None else record


def includes(granted: GrantAccess, wanted: GrantAccess) -> bool:
    """Whether ``granted`` access includes ``wanted`` (admin ⊇ write ⊇ read)."""
    return _ACCESS_RANK[granted] >= _ACCESS_RANK[wanted]


def grants_allow(record: TokenRecord, scope_id: str, wanted: GrantAccess) -> bool:
    """Whether one of the token's grants, on ``scope_id`` itself or on ``*``, includes ``wanted``."""
    return any(grant.scope_id in (scope_id, ALL_SCOPES) and includes(grant.access, wanted) for grant in record.grants)


@dataclass(frozen=True, slots=True)
class Principal:
    """The caller: local single-user mode (``token`` None, everything allowed) or one stored token."""

    token: TokenRecord | None

    @property
    def local(self) -> bool:
        return self.token is None

    def may(self, scope_id: str, access: GrantAccess) -> bool:
        return self.token is None or grants_allow(self.token, scope_id, access)

    @property
    def readable(self) -> frozenset[str] | None:
        """The Scope ids the caller may read, or None when it may read every Scope."""
        if self.token is None or self.may(ALL_SCOPES, "read"):
            return None
        return frozenset(grant.scope_id for grant in self.token.grants)


LOCAL = Principal(token=None)
