"""Access Bindings in the store, on both engines: token grants become Bindings (migration 18) with
their meaning kept, and Binding changes decide by their own row count (one winner)."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest
from _support import seekdb

from pcreceipt.server.http.credentials import Principal
from pcreceipt.store.oceanbase import schema as oceanbase_schema
from pcreceipt.store.records import ALL_SCOPES, GRANT_ACCESS, TokenGrant, TokenRecord
from pcreceipt.store.sqlite import SQLiteStore
from pcreceipt.store.sqlite import schema as sqlite_schema

SCHEMAS = {"sqlite": sqlite_schema, "oceanbase": oceanbase_schema}
OLD_TOKENS: dict[str, list[tuple[str, str]]] = {
    "00000000000000a1": [("scope-a", "read")],
    "00000000000000a2": [("scope-a", "write"), ("scope-b", "admin")],
    "00000000000000a3": [(ALL_SCOPES, "read"), ("scope-b", "write")],
    "00000000000000a4": [(ALL_SCOPES, "admin")],
    "00000000000000a5": [(ALL_SCOPES, "write")],
}
PROBES = ["scope-a", "scope-b", "scope-c", ALL_SCOPES]


def _open(engine: str, workdir: Path, database: str) -> Any:
    if engine == "sqlite":
        return SQLiteStore(workdir / "store.db")
    from pcreceipt.store.oceanbase.store import OceanBaseStore

    server = seekdb.current()
    assert server is not None
    return OceanBaseStore(server.url(database))  # a new database: not one of the pre-migrated fresh ones


def _old_store(engine: str, workdir: Path, database: str) -> None:
    """A database at the schema before migration 18, holding OLD_TOKENS and their grants."""
    schema = SCHEMAS[engine]
    previous = tuple(m for m in schema.MIGRATIONS if "access control" not in m.name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(schema, "MIGRATIONS", previous)
        store = _open(engine, workdir, database)

        def write(conn: Any) -> None:
            for number, (token_id, grants) in enumerate(OLD_TOKENS.items()):
                store._run(
                    conn,
                    "INSERT INTO api_tokens (token_id, token_sha256, name, created_at) VALUES (?, ?, ?, ?)",
                    (token_id, f"{number:064x}", f"old {number}", f"2026-01-0{number + 1}T00:00:00.000Z"),
                )
                for scope_id, access in grants:
                    store._run(
                        conn,
                        "INSERT INTO api_token_grants (token_id, scope_id, access) VALUES (?, ?, ?)",
                        (token_id, scope_id, access),
                    )

        try:
            store._transact(write)
        finally:
            store.close()


def _decisions(record: TokenRecord) -> dict[tuple[str, str], bool]:
    principal = Principal(token=record)
    return {(scope, access): principal.may(scope, access) for scope in PROBES for access in GRANT_ACCESS}


def test_migration_keeps_every_token_meaning(engine_name: str, tmp_path: Path) -> None:
    database = f"access_old_{uuid.uuid4().hex[:12]}"
    _old_store(engine_name, tmp_path, database)
    store = _open(engine_name, tmp_path, database)
    try:
        for token_id, grants in OLD_TOKENS.items():
            record = store.get_token(token_id)
            assert record is not None
            expected = tuple(sorted((TokenGrant(s, a) for s, a in grants), key=lambda g: g.scope_id))
            assert record.grants == expected
            before = TokenRecord(token_id, None, "x" * 64, expected, "t")  # the grants as the old schema read them
            assert _decisions(record) == _decisions(before)
        every = store.list_access_bindings(scope_id=None, subject=None, role=None, state=None, after=None, limit=50)
        roles = {(b.subject.id, b.resource_type, b.scope_id, b.role) for b in every}
        assert ("00000000000000a4", "server", None, "server.admin") in roles
        assert ("00000000000000a3", "scope", ALL_SCOPES, "scope.viewer") in roles
        assert ("00000000000000a2", "scope", "scope-b", "scope.admin") in roles
        assert len(roles) == sum(len(grants) for grants in OLD_TOKENS.values())
        assert store.check_integrity() == []
    finally:
        store.close()
