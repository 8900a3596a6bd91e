"""PowerContext 1.4.1's access API over pcreceipt's tokens: a token is the Principal, its grants
its Bindings (docs/security.md, "The access model")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from _support.tokens import TokenServer, assert_error, make_scope, running, token_server

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.sqlite import SQLiteStore


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TokenServer]:
    with token_server(tmp_path) as running_server:
        yield running_server


def _server_resource(server: TokenServer) -> dict[str, Any]:
    return {"type": "server", "deployment_id": server.store.server_id()}


def test_the_principal_is_the_token(server: TokenServer) -> None:
    token = server.issue([("*", "read")], "ci bot")
    with server.client(token) as http:
        body = http.get("/v1/access/me").json()
    assert body["principal"] == {"type": "service", "id": token.split("_")[1], "description": "ci bot"}
    assert body["mode"] == "enforced"
    assert body["resource_kinds"] == ["server", "scope"]
    assert body["artifact_families"] == []
    assert body["provider_capabilities"]["relationship_management"] is True
    with server.client() as http:
        assert_error(http.get("/v1/access/me"), 401, "unauthorized")


def test_local_single_user_mode_has_no_principal(tmp_path: Path) -> None:
    """As 1.4.1 answers every access operation with access control disabled."""
    store = SQLiteStore(tmp_path / "store.db")
    try:
        with running(create_app(Settings(data_dir=tmp_path), store=store)) as url:
            import httpx

            with httpx.Client(base_url=url) as http:
                assert_error(http.get("/v1/access/me"), 503, "runtime_not_ready")
                assert_error(http.post("/v1/access/roles/list", json={}), 503, "runtime_not_ready")
                assert_error(
                    http.post("/v1/access/resources/list", json={"action": "scope.read", "resource_type": "scope"}),
                    503,
                    "runtime_not_ready",
                )
    finally:
        store.close()


def test_roles_are_the_grant_levels(server: TokenServer) -> None:
    with server.client(server.issue([("x", "read")])) as http:
        every = http.post("/v1/access/roles/list", json={}).json()["items"]
        scoped = http.post("/v1/access/roles/list", json={"resource_type": "scope"}).json()["items"]
        assert http.post("/v1/access/roles/list", json={"resource_type": "artifact"}).json() == {"items": []}
        assert_error(http.post("/v1/access/roles/list", json={"family": "memory"}), 422, "invalid_access_request")
    assert [item["role"] for item in every] == ["scope.viewer", "scope.contributor", "scope.admin", "server.admin"]
    assert [item["role"] for item in scoped] == ["scope.viewer", "scope.contributor", "scope.admin"]
    assert every[1]["actions"] == ["scope.contribute", "scope.read"]


def test_resources_are_what_the_grants_allow(server: TokenServer) -> None:
    a, b, c = (make_scope(server.store, name).scope_id for name in ("a", "b", "c"))
    token = server.issue([(a, "write"), (b, "read"), ("never-made", "admin")])
    glob = server.issue([("*", "read")])

    def listed(http: Any, action: str, kind: str = "scope", **extra: Any) -> Any:
        response = http.post("/v1/access/resources/list", json={"action": action, "resource_type": kind, **extra})
        assert response.status_code == 200, response.text
        return response.json()

    with server.client(token) as http:
        assert [r["scope_id"] for r in listed(http, "scope.read")["items"]] == sorted([a, b])
        assert [r["scope_id"] for r in listed(http, "scope.contribute")["items"]] == [a]
        assert listed(http, "scope.admin")["items"] == []  # admin on a Scope that does not exist lists nothing
        assert listed(http, "server.admin", "server")["items"] == []
        assert listed(http, "server.observe", "server")["items"] == [_server_resource(server)]
        assert_error(
            http.post("/v1/access/resources/list", json={"action": "artifact.read", "resource_type": "scope"}),
            422,
            "invalid_access_request",
        )
    with server.client(glob) as http:
        every = sorted(scope.scope_id for scope in server.store.list_scopes(limit=100, after=None))
        assert {a, b, c} <= set(every)  # and the server's default Scope
        first = listed(http, "scope.read", limit=2)
        assert first["total"] == len(every) and len(first["items"]) == 2
        rest = listed(http, "scope.read", limit=100, cursor=first["next_cursor"])
        assert [r["scope_id"] for r in first["items"] + rest["items"]] == every
        assert rest["next_cursor"] is None
        assert_error(
            http.post(
                "/v1/access/resources/list",
                json={"action": "scope.contribute", "resource_type": "scope", "cursor": first["next_cursor"]},
            ),
            422,
            "invalid_access_request",
        )
        server.issue([(a, "read")])  # a Binding change: the policy revision moves on
        assert_error(
            http.post(
                "/v1/access/resources/list",
                json={"action": "scope.read", "resource_type": "scope", "limit": 100, "cursor": first["next_cursor"]},
            ),
            409,
            "access_cursor_stale",
        )


def test_bindings_are_listed_to_their_administrators(server: TokenServer) -> None:
    a = make_scope(server.store, "a").scope_id
    reader = server.issue([(a, "read")], "reader")
    owner = server.issue([(a, "admin")], "owner")
    root = server.issue([("*", "admin")], "root")
    scope_resource = {"type": "scope", "scope_id": a}
    with server.client(owner) as http:
        listed = http.post("/v1/access/bindings/list", json={"management_resource": scope_resource}).json()
        assert {(b["subject"]["id"], b["role"]) for b in listed["items"]} == {
            (reader.split("_")[1], "scope.viewer"),
            (owner.split("_")[1], "scope.admin"),
        }
        assert_error(
            http.post("/v1/access/bindings/list", json={"management_resource": _server_resource(server)}),
            403,
            "forbidden",
        )
    with server.client(reader) as http:
        assert_error(
            http.post("/v1/access/bindings/list", json={"management_resource": scope_resource}), 403, "forbidden"
        )
    with server.client(root) as http:
        every = http.post(
            "/v1/access/bindings/list", json={"management_resource": _server_resource(server), "limit": 2}
        ).json()
        assert len(every["items"]) == 2 and every["next_cursor"] is not None
        rest = http.post(
            "/v1/access/bindings/list",
            json={"management_resource": _server_resource(server), "limit": 2, "cursor": every["next_cursor"]},
        ).json()
        ids = [b["binding_id"] for b in every["items"] + rest["items"]]
        assert ids == sorted(ids) and len(ids) == 3
        server_binding = next(b for b in every["items"] + rest["items"] if b["role"] == "server.admin")
        assert server_binding["resource"] == _server_resource(server)
        only = http.post(
            "/v1/access/bindings/list",
            json={
                "management_resource": _server_resource(server),
                "subject": {"type": "service", "id": reader.split("_")[1]},
            },
        ).json()["items"]
        assert [b["role"] for b in only] == ["scope.viewer"]
        other = {"type": "server", "deployment_id": "another"}
        assert_error(
            http.post("/v1/access/bindings/list", json={"management_resource": other}), 422, "invalid_access_request"
        )


def test_answers_parse_with_powercontext_models(server: TokenServer, powercontext_models: ModuleType) -> None:
    """Every read's answer parses with PowerContext 1.4.1's own closed models, as its client parses it."""
    a = make_scope(server.store, "a").scope_id
    root = server.issue([("*", "admin")], "root")
    server.issue([(a, "write")])
    models = powercontext_models
    with server.client(root) as http:
        models.AccessMeResponse.model_validate_json(http.get("/v1/access/me").content)
        models.AccessRolePage.model_validate_json(http.post("/v1/access/roles/list", json={}).content)
        resources = http.post("/v1/access/resources/list", json={"action": "scope.admin", "resource_type": "scope"})
        models.AccessResourcePage.model_validate_json(resources.content)
        server_resource = http.post(
            "/v1/access/resources/list", json={"action": "server.admin", "resource_type": "server"}
        )
        models.AccessResourcePage.model_validate_json(server_resource.content)
        bindings = http.post("/v1/access/bindings/list", json={"management_resource": _server_resource(server)})
        page = models.AccessBindingPage.model_validate_json(bindings.content)
    assert len(page.items) == 2


def test_a_migrated_database_answers_as_its_grants_did(tmp_path: Path) -> None:
    """Tokens and grants written at the schema before migration 18 are served after it exactly as
    their grants said: read, write and admin on each Scope as the old grant test decides it."""
    from pcreceipt.server.http.credentials import grants_allow, new_token
    from pcreceipt.store.records import TokenGrant, TokenRecord
    from pcreceipt.store.sqlite import schema as sqlite_schema

    previous = tuple(m for m in sqlite_schema.MIGRATIONS if "access control" not in m.name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite_schema, "MIGRATIONS", previous)
        old = SQLiteStore(tmp_path / "store.db")
        scopes = [make_scope(old, name).scope_id for name in ("a", "b", "c")]
        old.close()
    a, b, _ = scopes
    wanted = {"r": [(a, "read")], "w": [(a, "write"), (b, "read")], "g": [("*", "read")], "root": [("*", "admin")]}
    tokens: dict[str, tuple[str, TokenRecord]] = {}
    import sqlean  # type: ignore[import-untyped]

    conn = sqlean.connect(str(tmp_path / "store.db"), isolation_level=None)
    for name, grants in wanted.items():
        issued = new_token()
        conn.execute(
            "INSERT INTO api_tokens (token_id, token_sha256, name, created_at) VALUES (?, ?, ?, ?)",
            (issued.token_id, issued.token_sha256, name, "2026-01-01T00:00:00.000Z"),
        )
        conn.executemany(
            "INSERT INTO api_token_grants (token_id, scope_id, access) VALUES (?, ?, ?)",
            [(issued.token_id, scope, access) for scope, access in grants],
        )
        record = TokenRecord(issued.token_id, name, issued.token_sha256, tuple(TokenGrant(*g) for g in grants), "t")
        tokens[name] = (issued.token, record)
    conn.close()
    with token_server(tmp_path) as server:
        for token, record in tokens.values():
            with server.client(token) as http:
                for scope in scopes:
                    read = http.get(f"/v1/scopes/{scope}").status_code
                    assert read == (200 if grants_allow(record, scope, "read") else 403)
                    write = http.post(f"/v1/scopes/{scope}/artifacts", json=_topic()).status_code
                    assert write == (201 if grants_allow(record, scope, "write") else 403)
                    version = http.get(f"/v1/scopes/{scope}").json().get("version", 1)
                    update = {"expected_version": version, "title": "renamed", "summary": "s"}
                    admin = http.put(f"/v1/scopes/{scope}", json=update).status_code
                    assert admin == (200 if grants_allow(record, scope, "admin") else 403)


def _topic() -> dict[str, Any]:
    return {"family": "topic-memory", "content": {"title": "T", "summary": "s", "detail": "d"}}
