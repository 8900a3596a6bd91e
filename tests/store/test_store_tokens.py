"""API token storage on every engine: digests only, grants, idempotent revocation, conflicts."""

from __future__ import annotations

import pytest

from pcreceipt.store.protocol import Store
from pcreceipt.store.records import InvalidRecord, RecordNotFound, TokenGrant, WriteConflict

DIGEST_A = "a" * 64
DIGEST_B = "b" * 64


def test_tokens_are_created_listed_and_revoked(store: Store) -> None:
    grants = [TokenGrant("scp_x", "admin"), TokenGrant("*", "read")]
    first = store.create_token(token_id="tok-b", token_sha256=DIGEST_A, name="ci", grants=grants)
    assert first.grants == (TokenGrant("*", "read"), TokenGrant("scp_x", "admin"))
    assert first.revoked_at is None and first.created_at.endswith("Z")
    second = store.create_token(token_id="tok-a", token_sha256=DIGEST_B, name=None, grants=[TokenGrant("*", "write")])
    assert store.get_token("tok-b") == first
    assert store.get_token("missing") is None
    assert [token.token_id for token in store.list_tokens()] == [
        token.token_id for token in sorted((first, second), key=lambda token: (token.created_at, token.token_id))
    ]
    revoked = store.revoke_token("tok-b")
    assert revoked.revoked_at is not None
    assert store.revoke_token("tok-b").revoked_at == revoked.revoked_at
    assert store.get_token("tok-b") == revoked
    with pytest.raises(RecordNotFound):
        store.revoke_token("missing")
    assert store.check_integrity() == []


def test_a_reused_id_or_digest_is_a_conflict(store: Store) -> None:
    store.create_token(token_id="tok", token_sha256=DIGEST_A, name=None, grants=[TokenGrant("*", "read")])
    store.revoke_token("tok")
    for token_id, digest in (("tok", DIGEST_B), ("other", DIGEST_A)):
        with pytest.raises(WriteConflict):
            store.create_token(token_id=token_id, token_sha256=digest, name=None, grants=[TokenGrant("*", "read")])
    assert [token.token_id for token in store.list_tokens()] == ["tok"]


@pytest.mark.parametrize(
    ("token_id", "grants"),
    [("", [TokenGrant("*", "read")]), ("tok", []), ("tok", [TokenGrant("*", "read"), TokenGrant("*", "write")])],
)
def test_invalid_tokens_are_refused(store: Store, token_id: str, grants: list[TokenGrant]) -> None:
    with pytest.raises(InvalidRecord):
        store.create_token(token_id=token_id, token_sha256=DIGEST_A, name=None, grants=grants)
    assert store.list_tokens() == []
