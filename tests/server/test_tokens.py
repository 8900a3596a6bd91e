"""API tokens: what the store keeps (digests and grants), how a presented token is verified, and
the ``pcreceipt token`` commands on the local store."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlean  # type: ignore[import-untyped]
from _support.tokens import make_scope
from typer.testing import CliRunner

from pcreceipt.cli.main import app
from pcreceipt.server.http.credentials import Principal, grants_allow, includes, new_token, token_digest, verify_token
from pcreceipt.store.records import InvalidRecord, RecordNotFound, TokenGrant, WriteConflict
from pcreceipt.store.sqlite import SQLiteStore
from pcreceipt.store.sqlite import schema as sqlite_schema
from pcreceipt.store.sqlite.schema import MIGRATIONS, apply_migrations


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SQLiteStore]:
    opened = SQLiteStore(tmp_path / "tokens.db")
    yield opened
    opened.close()


def test_a_token_is_high_entropy_and_only_its_digest_is_stored(tmp_path: Path, store: SQLiteStore) -> None:
    issued = new_token()
    assert issued.token.startswith(f"pcr_{issued.token_id}_") and len(issued.token) == 4 + 16 + 1 + 43
    assert issued.token_sha256 == token_digest(issued.token) and len(issued.token_sha256) == 64
    assert len({new_token().token for _ in range(100)}) == 100
    record = store.create_token(
        token_id=issued.token_id, token_sha256=issued.token_sha256, name="ci", grants=[TokenGrant("*", "admin")]
    )
    assert issued.token_sha256 not in repr(record) and issued.token not in repr(record)
    store.close()
    secret = issued.token.split("_", 2)[2]
    for file in tmp_path.glob("tokens.db*"):
        assert secret.encode() not in file.read_bytes()


def test_tokens_are_created_listed_and_revoked(store: SQLiteStore) -> None:
    scope = make_scope(store)
    grants = [TokenGrant(scope.scope_id, "read"), TokenGrant("*", "write")]
    created = store.create_token(token_id="t1", token_sha256="a" * 64, name=None, grants=grants)
    assert created.grants == (TokenGrant("*", "write"), TokenGrant(scope.scope_id, "read"))
    assert created.revoked_at is None and created.created_at.endswith("Z")
    assert store.get_token("t1") == created
    assert store.get_token("missing") is None
    store.create_token(token_id="t2", token_sha256="b" * 64, name="second", grants=[TokenGrant("*", "read")])
    assert [t.token_id for t in store.list_tokens()] == ["t1", "t2"]
    revoked = store.revoke_token("t1")
    assert revoked.revoked_at is not None
    assert store.revoke_token("t1").revoked_at == revoked.revoked_at  # idempotent
    assert store.get_token("t1") == revoked
    with pytest.raises(RecordNotFound):
        store.revoke_token("missing")
    assert store.check_integrity() == []


@pytest.mark.parametrize(
    ("token_id", "digest", "name", "grants"),
    [
        ("", "a" * 64, None, [("*", "read")]),
        ("has space", "a" * 64, None, [("*", "read")]),
        ("t", "A" * 64, None, [("*", "read")]),
        ("t", "a" * 63, None, [("*", "read")]),
        ("t", "a" * 64, "n" * 201, [("*", "read")]),
        ("t", "a" * 64, None, []),
        ("t", "a" * 64, None, [("*", "read"), ("*", "write")]),
        ("t", "a" * 64, None, [("*", "owner")]),
        ("t", "a" * 64, None, [("  ", "read")]),
    ],
    ids=[
        "empty_id",
        "space_id",
        "upper_digest",
        "short_digest",
        "long_name",
        "no_grant",
        "twice",
        "bad_access",
        "blank",
    ],
)
def test_invalid_tokens_are_refused(
    store: SQLiteStore, token_id: str, digest: str, name: str | None, grants: list[tuple[str, str]]
) -> None:
    with pytest.raises(InvalidRecord):
        store.create_token(
            token_id=token_id,
            token_sha256=digest,
            name=name,
            grants=[TokenGrant(s, a) for s, a in grants],  # type: ignore[arg-type]
        )
    assert store.list_tokens() == []


def test_a_reused_id_or_digest_is_a_conflict(store: SQLiteStore) -> None:
    store.create_token(token_id="t", token_sha256="a" * 64, name=None, grants=[TokenGrant("*", "read")])
    store.revoke_token("t")
    for token_id, digest in (("t", "b" * 64), ("u", "a" * 64)):
        with pytest.raises(WriteConflict):
            store.create_token(token_id=token_id, token_sha256=digest, name=None, grants=[TokenGrant("*", "read")])


def test_a_version_1_database_gains_the_token_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.db"
    conn = sqlean.connect(str(path), isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    with monkeypatch.context() as patch:
        patch.setattr(sqlite_schema, "MIGRATIONS", MIGRATIONS[:1])
        assert apply_migrations(conn) == [1]
    conn.execute("COMMIT")
    conn.close()
    store = SQLiteStore(path)
    try:
        store.create_token(token_id="t", token_sha256="a" * 64, name=None, grants=[TokenGrant("*", "read")])
        assert [t.token_id for t in store.list_tokens()] == ["t"]
        assert store.check_integrity() == []
    finally:
        store.close()
    conn = sqlean.connect(str(path))
    versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
    assert versions == [migration.version for migration in MIGRATIONS]
    conn.close()


def test_verification_takes_the_exact_unrevoked_token(store: SQLiteStore) -> None:
    issued = new_token()
    store.create_token(
        token_id=issued.token_id, token_sha256=issued.token_sha256, name=None, grants=[TokenGrant("*", "read")]
    )
    assert verify_token(store, issued.token) is not None
    _, token_id, secret = issued.token.split("_", 2)  # the base64url secret may itself hold "_"
    wrong_secret = f"pcr_{token_id}_{'A' if secret[0] != 'A' else 'B'}{secret[1:]}"
    unknown_id = f"pcr_{'0' * 16}_{secret}"
    for presented in (wrong_secret, unknown_id, issued.token + "x", issued.token[:-1], "", "pcr_", issued.token_id):
        assert verify_token(store, presented) is None, presented
    store.revoke_token(issued.token_id)
    assert verify_token(store, issued.token) is None


@pytest.mark.parametrize(
    ("grants", "scope", "wanted", "allowed"),
    [
        ([("s", "read")], "s", "read", True),
        ([("s", "read")], "s", "write", False),
        ([("s", "write")], "s", "read", True),
        ([("s", "write")], "s", "admin", False),
        ([("s", "admin")], "s", "write", True),
        ([("s", "admin")], "t", "read", False),
        ([("*", "read")], "t", "read", True),
        ([("*", "read")], "t", "write", False),
        ([("*", "read"), ("t", "admin")], "t", "admin", True),
        ([("t", "admin")], "*", "read", False),
    ],
)
def test_grants_nest_admin_over_write_over_read(
    store: SQLiteStore, grants: list[tuple[str, str]], scope: str, wanted: str, allowed: bool
) -> None:
    record = store.create_token(
        token_id="t",
        token_sha256="a" * 64,
        name=None,
        grants=[TokenGrant(s, a) for s, a in grants],  # type: ignore[arg-type]
    )
    assert grants_allow(record, scope, wanted) is allowed  # type: ignore[arg-type]
    assert Principal(record).may(scope, wanted) is allowed  # type: ignore[arg-type]
    assert includes("admin", "read") and includes("write", "read") and not includes("read", "write")


# -- the token commands


def run(*args: str, code: int = 0) -> tuple[str, str]:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == code, (result.stdout, result.stderr)
    return result.stdout, result.stderr


def test_token_commands_print_the_token_once_and_never_list_it(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    (tmp_path / "data").mkdir()
    store = SQLiteStore(tmp_path / "data" / "pcreceipt.db")
    scope = make_scope(store).scope_id
    store.close()

    stdout, stderr = run(
        "token", "create", "--scope", "*", "--grant", "admin", "--name", "bootstrap", "--data-dir", data
    )
    token = stdout.strip()
    assert token.startswith("pcr_") and "\n" not in token and token not in stderr
    token_id = token.split("_")[1]
    assert f"created token {token_id} (admin on *)" in stderr

    created = json.loads(
        run("token", "create", "--scope", scope, "--scope", scope, "--grant", "read", "--data-dir", data, "--json")[0]
    )
    assert created["grants"] == [{"scope_id": scope, "access": "read"}] and created["token"].startswith("pcr_")

    listed, _ = run("token", "list", "--data-dir", data)
    assert f"{token_id}  bootstrap  admin on *" in listed and f"read on {scope}" in listed
    assert token not in listed and created["token"] not in listed
    listed_json = json.loads(run("token", "list", "--data-dir", data, "--json")[0])
    assert [t["token_id"] for t in listed_json["items"]] == [token_id, created["token_id"]]
    assert all(set(t) == {"token_id", "name", "grants", "created_at", "revoked_at"} for t in listed_json["items"])

    assert run("token", "revoke", token_id, "--data-dir", data)[0].strip() == f"revoked {token_id}"
    assert "revoked 20" in run("token", "list", "--data-dir", data)[0]
    _, err = run("token", "revoke", "0123456789abcdef", "--data-dir", data, code=1)
    assert "no token has that id" in err


def test_token_create_refuses_unknown_scopes_and_grants(tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    _, err = run("token", "create", "--scope", "scp_missing", "--grant", "read", "--data-dir", data, code=1)
    assert "no such Scope: scp_missing" in err
    run("token", "create", "--scope", "*", "--grant", "owner", "--data-dir", data, code=2)
    run("token", "create", "--grant", "read", "--data-dir", data, code=2)
    assert run("token", "list", "--data-dir", data)[0] == "no tokens\n"
