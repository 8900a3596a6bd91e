"""create/revoke/replace_access_binding: Binding changes decide what a token may do from the next
request, by the authorisation every operation already uses (docs/security.md, "The access model")."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.multi_server import deployment
from _support.tokens import TokenServer, assert_error, make_scope, token_server

from pcreceipt.store.oceanbase.seekdb import SeekdbServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TokenServer]:
    with token_server(tmp_path) as running_server:
        yield running_server


def _id(token: str) -> str:
    return token.split("_")[1]


def _create(http: httpx.Client, subject: str, scope_id: str, role: str = "scope.viewer", **extra: Any) -> Any:
    request = {
        "subject": {"type": "service", "id": subject},
        "resource": {"type": "scope", "scope_id": scope_id},
        "role": role,
        "idempotency_key": extra.pop("key", uuid.uuid4().hex),
        **extra,
    }
    return http.post("/v1/access/bindings/create", json=request)


def test_a_binding_changes_what_the_token_may_do(server: TokenServer, powercontext_models: ModuleType) -> None:
    a = make_scope(server.store, "a").scope_id
    owner = server.issue([(a, "admin")], "owner")
    guest = server.issue([(make_scope(server.store, "other").scope_id, "read")], "guest")
    with server.client(owner) as admin, server.client(guest) as http:
        assert_error(http.get(f"/v1/scopes/{a}"), 403, "forbidden")
        created = _create(admin, _id(guest), a, reason="pairing")
        assert created.status_code == 201, created.text
        binding = powercontext_models.AccessBinding.model_validate_json(created.content)
        assert binding.version == 1 and binding.granted_by.id == _id(owner)
        assert http.get(f"/v1/scopes/{a}").status_code == 200  # the next request
        write = http.post(f"/v1/scopes/{a}/artifacts", json=_topic())
        assert_error(write, 403, "forbidden")  # a viewer reads, it does not write
        replaced = admin.post(
            "/v1/access/bindings/replace",
            json={
                "binding_id": binding.binding_id,
                "expected_version": 1,
                "replacement": {"subject": {"type": "service", "id": _id(owner)}},
                "idempotency_key": uuid.uuid4().hex,
            },
        )
        assert replaced.status_code == 200, replaced.text
        pair = powercontext_models.AccessBindingReplacement.model_validate_json(replaced.content)
        assert pair.previous.state.value == "revoked" and pair.current.role.value == "scope.viewer"
        assert_error(http.get(f"/v1/scopes/{a}"), 403, "forbidden")  # the guest's Binding is gone
        revoke = {"binding_id": pair.current.binding_id, "expected_version": 1, "idempotency_key": "r1"}
        revoked = admin.post("/v1/access/bindings/revoke", json=revoke)
        assert revoked.status_code == 200 and revoked.json()["version"] == 2
        assert admin.post("/v1/access/bindings/revoke", json=revoke).json() == revoked.json()  # replayed
        stale = {**revoke, "idempotency_key": "r2"}
        assert_error(admin.post("/v1/access/bindings/revoke", json=stale), 409, "binding-version")
        assert_error(
            admin.post("/v1/access/bindings/revoke", json={**revoke, "expected_version": 2}), 409, "idempotency-key"
        )


def test_who_may_manage_bindings(server: TokenServer) -> None:
    a = make_scope(server.store, "a").scope_id
    b = make_scope(server.store, "b").scope_id
    owner = server.issue([(a, "admin")], "owner")
    writer = server.issue([(a, "write")], "writer")
    root = server.issue([("*", "admin")], "root")
    with server.client(writer) as http:
        assert_error(_create(http, _id(writer), a, "scope.admin"), 403, "forbidden")  # no self-promotion
    with server.client(owner) as http:
        assert _create(http, _id(writer), a, "scope.contributor").status_code == 201
        assert_error(_create(http, _id(writer), b), 403, "forbidden")  # not its Scope
        server_resource = {"type": "server", "deployment_id": server.store.server_id()}
        promote = {
            "subject": {"type": "service", "id": _id(owner)},
            "resource": server_resource,
            "role": "server.admin",
            "idempotency_key": "p",
        }
        assert_error(http.post("/v1/access/bindings/create", json=promote), 403, "forbidden")
        unknown = {"binding_id": "bnd_unknown", "expected_version": 1, "idempotency_key": "k"}
        assert_error(http.post("/v1/access/bindings/revoke", json=unknown), 403, "forbidden")
    with server.client(root) as http:
        assert_error(
            http.post(
                "/v1/access/bindings/revoke",
                json={"binding_id": "bnd_unknown", "expected_version": 1, "idempotency_key": "k"},
            ),
            404,
            "access_binding_not_found",
        )
        for refused in (
            _create(http, "0000000000000000", a),  # no such token
            _create(http, _id(owner), a, "scope.reviewer"),  # a role without a grant level here
            _create(http, _id(owner), a, "server.admin"),  # a server role on a Scope
            _create(http, _id(owner), a, expires_at="2020-01-01T00:00:00Z"),  # already expired
        ):
            assert_error(refused, 422, "invalid_access_request")
        group = {"subject": {"type": "group", "id": "g"}, "resource": {"type": "scope", "scope_id": a}}
        assert_error(
            http.post("/v1/access/bindings/create", json={**group, "role": "scope.viewer", "idempotency_key": "g"}),
            422,
            "invalid_access_request",
        )
        first = _create(http, _id(owner), b, key="same")
        assert _create(http, _id(owner), b, key="same").json() == first.json()
        assert_error(_create(http, _id(owner), b, "scope.admin", key="same"), 409, "idempotency-key")


@pytest.mark.parametrize("role", ["anonymous", "invalid", "revoked", "read", "scope_admin", "global_admin"])
def test_the_access_matrix(server: TokenServer, role: str) -> None:
    """Each role's answer to the access operations whose decision is not the same for every token
    (the authorisation matrix, tests/server/test_authz_matrix.py, lists them as decided here)."""
    a = make_scope(server.store, "a").scope_id
    grants = {"revoked": [("*", "admin")], "read": [(a, "read")], "scope_admin": [(a, "admin")]}
    token: str | None = {"anonymous": None, "invalid": "pcr_0123456789abcdef_" + "x" * 43}.get(role)
    if role not in {"anonymous", "invalid"}:
        token = server.issue(grants.get(role, [("*", "admin")]), role)
        if role == "revoked":
            server.store.revoke_token(_id(token))
    server_resource = {"type": "server", "deployment_id": server.store.server_id()}
    scope_resource = {"type": "scope", "scope_id": a}
    unknown = {"binding_id": "bnd_unknown", "expected_version": 1, "idempotency_key": "matrix"}
    with server.client(token) as http:
        answers = [
            http.get("/v1/access/me").status_code,
            http.post("/v1/access/roles/list", json={}).status_code,
            http.post("/v1/access/bindings/list", json={"management_resource": server_resource}).status_code,
            http.post("/v1/access/bindings/list", json={"management_resource": scope_resource}).status_code,
            http.post("/v1/access/bindings/revoke", json=unknown).status_code,
            http.post("/v1/access/audit/list", json={"resource": server_resource}).status_code,
            http.post("/v1/access/audit/list", json={"resource": scope_resource}).status_code,
        ]
    expected = {
        "read": [200, 200, 403, 403, 403, 403, 403],
        "scope_admin": [200, 200, 403, 200, 403, 403, 200],
        "global_admin": [200, 200, 200, 200, 404, 200, 200],
    }
    assert answers == expected.get(role, [401] * 7)


def test_an_expired_binding_grants_nothing(server: TokenServer) -> None:
    a = make_scope(server.store, "a").scope_id
    root = server.issue([("*", "admin")], "root")
    guest = server.issue([("elsewhere", "read")], "guest")
    with server.client(root) as http:
        assert _create(http, _id(guest), a, expires_at="2999-01-01T00:00:00+02:00").status_code == 201
    with server.client(guest) as http:
        assert http.get(f"/v1/scopes/{a}").status_code == 200
    server.store._transact(  # type: ignore[attr-defined]
        lambda conn: server.store._run(
            conn,
            "UPDATE access_bindings SET expires_at = '2000-01-01T00:00:00.000Z' WHERE subject_id = ? AND scope_id = ?",
            (_id(guest), a),
        )  # type: ignore[attr-defined]
    )
    with server.client(guest) as http:
        assert_error(http.get(f"/v1/scopes/{a}"), 403, "forbidden")


def test_a_revoked_binding_is_refused_on_every_server(seekdb_server: SeekdbServer, tmp_path: Path) -> None:
    """Three servers over one OceanBase database: no server caches a token or a Binding."""
    with deployment(seekdb_server, tmp_path) as started:
        with started.client(0) as admin:
            created = admin.post(
                "/v1/scopes", json={"title": "shared", "summary": "s", "idempotency_key": uuid.uuid4().hex}
            )
        scope_id = created.json()["scope_id"]
        guest = json_token(started.token_command("create", "--scope", scope_id, "--grant", "write", "--json"))
        for index in range(len(started.urls)):
            with started.client(index, guest) as http:
                assert http.get(f"/v1/scopes/{scope_id}").status_code == 200
        with started.client(1) as admin:
            subject = {"type": "service", "id": _id(guest)}
            listed = admin.post(
                "/v1/access/bindings/list",
                json={"management_resource": {"type": "scope", "scope_id": scope_id}, "subject": subject},
            ).json()["items"]
            assert [b["role"] for b in listed] == ["scope.contributor"]
            revoke = {"binding_id": listed[0]["binding_id"], "expected_version": 1, "idempotency_key": "gone"}
            assert admin.post("/v1/access/bindings/revoke", json=revoke).status_code == 200
        for index in range(len(started.urls)):
            with started.client(index, guest) as http:
                assert_error(http.get(f"/v1/scopes/{scope_id}"), 403, "forbidden")


def json_token(output: str) -> str:
    import json

    return str(json.loads(output)["token"])


def _topic() -> dict[str, Any]:
    return {"family": "topic-memory", "content": {"title": "T", "summary": "s", "detail": "d"}}
