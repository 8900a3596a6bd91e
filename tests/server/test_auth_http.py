"""Authentication over HTTP: modes, 401s, open endpoints, the 403/404 decision, listing, revocation,
and tokens never logged or echoed."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from _support.ports import free_port
from _support.servers import readiness_checks
from _support.tokens import (
    REQUEST_ID_HEADER,
    TokenServer,
    assert_error,
    auth,
    issue,
    make_scope,
    running,
    serve_subprocess,
    token_server,
)
from typer.testing import CliRunner

from pcreceipt.cli.main import app
from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.sqlite import SQLiteStore


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TokenServer]:
    with token_server(tmp_path_factory.mktemp("auth-http")) as running_server:
        yield running_server


def challenge(response: httpx.Response) -> str:
    return response.headers.get("www-authenticate", "")


def test_a_missing_token_is_401_with_a_bearer_challenge_before_the_body_is_read(server: TokenServer) -> None:
    scope = make_scope(server.store).scope_id
    with server.client() as http:
        for response in (
            http.get(f"/v1/scopes/{scope}"),
            http.get("/v1/scopes"),
            http.post("/v1/context/prepare", content=b"\xff not json", headers={"content-type": "text/plain"}),
            http.post("/v1/scopes", content=b"x" * 100_000, headers={"content-type": "application/json"}),
            http.get("/v1/scopes", params={"limit": "-1"}),
        ):
            assert_error(response, 401, "unauthorized")
            assert challenge(response) == 'Bearer realm="pcreceipt"'


@pytest.mark.parametrize(
    "header",
    [
        "Bearer",
        "Basic dXNlcjpwYXNz",
        "Bearer two words",
        "Bearer pcr_0000000000000000_" + "A" * 43,
        "Bearer not-a-token",
        "Token pcr_x",
    ],
)
def test_an_invalid_token_is_401_invalid_token(server: TokenServer, header: str) -> None:
    with server.client() as http:
        response = http.get("/v1/scopes", headers={"Authorization": header})
    assert_error(response, 401, "unauthorized")
    assert challenge(response) == 'Bearer realm="pcreceipt", error="invalid_token"'
    credential = header.partition(" ")[2]
    assert not credential or credential not in response.text


def test_the_scheme_is_case_insensitive_and_a_revoked_token_is_refused_at_once(
    server: TokenServer, tmp_path: Path
) -> None:
    token = server.issue([("*", "read")])
    with server.client() as http:
        for scheme in ("Bearer", "bearer", "BEARER"):
            assert http.get("/v1/scopes", headers={"Authorization": f"{scheme} {token}"}).status_code == 200
        server.store.revoke_token(token.split("_")[1])
        response = http.get("/v1/scopes", headers=auth(token))
    assert_error(response, 401, "unauthorized")
    assert 'error="invalid_token"' in challenge(response)


def test_health_and_the_openapi_document_stay_open(server: TokenServer) -> None:
    with server.client() as http:
        assert http.get("/health/live").json() == {"status": "ok"}
        assert http.get("/health/ready").json() == {"status": "ready", "checks": readiness_checks(tokens=True)}
        assert http.get("/health/live", headers={"Authorization": "Bearer junk"}).status_code == 200
        document = http.get("/openapi.json").json()
    assert document["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    secured = {op["operationId"]: op["security"] for item in document["paths"].values() for op in item.values()}
    assert secured.pop("get_liveness") == [] and secured.pop("get_readiness") == []
    assert secured.pop("enroll_remote_skill_target") == []  # the one-time enrollment code is the credential
    receiver = ("reconcile_remote_skills", "download_remote_skill_package", "record_remote_skill_receipt")
    assert [secured.pop(name) for name in receiver] == [[{"target_bearer": []}]] * 3  # the target credential
    assert all(security == [{"bearer": []}] for security in secured.values())
    for item in document["paths"].values():
        for op in item.values():
            declared = set(op["responses"])
            if op["operationId"] in receiver:  # 401 for a credential, never 403: no grant is involved
                assert "401" in declared and "403" not in declared
                continue
            assert ({"401", "403"} <= declared) is bool(op["security"]), op["operationId"]
    unauthorized = document["components"]["responses"]["Unauthorized"]
    assert "WWW-Authenticate" in unauthorized["headers"]


def test_403_is_decided_from_grants_alone_and_404_only_for_readable_scopes(server: TokenServer) -> None:
    mine = make_scope(server.store).scope_id
    theirs = make_scope(server.store).scope_id
    missing_granted, missing = "scp_missing_but_granted", "scp_missing"
    token = server.issue([(mine, "read"), (missing_granted, "read")])
    with server.client(token) as http:
        assert http.get(f"/v1/scopes/{mine}").status_code == 200
        assert_error(http.get(f"/v1/scopes/{missing_granted}"), 404, "scope_not_found")
        existing = assert_error(http.get(f"/v1/scopes/{theirs}"), 403, "forbidden")
        absent = assert_error(http.get(f"/v1/scopes/{missing}"), 403, "forbidden")
        assert existing == absent  # the same answer whether or not the Scope exists
        for path in (f"/v1/scopes/{theirs}/code", f"/v1/scopes/{missing}/code"):
            assert_error(http.get(path), 403, "forbidden")
        write = http.post(
            f"/v1/scopes/{mine}/artifacts", json={"family": "atomic-memory", "content": {"kind": "k", "text": "t"}}
        )
        assert_error(write, 403, "forbidden")


def test_listing_shows_only_readable_scopes_and_pages_through_them(server: TokenServer) -> None:
    scopes = sorted(make_scope(server.store, f"list-{i}").scope_id for i in range(5))
    granted = [scopes[0], scopes[2], scopes[4]]
    token = server.issue([(granted[0], "read"), (granted[1], "write"), (granted[2], "admin"), ("scp_gone", "read")])
    seen: list[str] = []
    with server.client(token) as http:
        cursor = None
        while True:
            params = {"limit": "2", **({"cursor": cursor} if cursor else {})}
            page = http.get("/v1/scopes", params=params).json()
            assert len(page["items"]) <= 2
            seen += [item["scope_id"] for item in page["items"]]
            cursor = page["next_cursor"]
            if cursor is None:
                break
        nobody = server.issue([(scopes[1], "read")])
        only = http.get("/v1/scopes", headers=auth(nobody)).json()
    assert seen == granted
    assert [item["scope_id"] for item in only["items"]] == [scopes[1]] and only["next_cursor"] is None


def test_a_non_loopback_bind_address_forces_token_mode(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.db")
    try:
        settings = Settings(data_dir=tmp_path, host="0.0.0.0")
        assert settings.tokens_required and not Settings(data_dir=tmp_path).tokens_required
        with running(create_app(settings, store=store)) as url, httpx.Client(base_url=url) as http:
            assert_error(http.get("/v1/scopes"), 401, "unauthorized")
            token = issue(store, [("*", "read")])
            assert http.get("/v1/scopes", headers=auth(token)).status_code == 200
    finally:
        store.close()


def test_local_mode_needs_no_token_and_ignores_one(tmp_path: Path) -> None:
    with running(create_app(Settings(data_dir=tmp_path))) as url, httpx.Client(base_url=url) as http:
        assert http.get("/v1/scopes").status_code == 200
        assert http.get("/v1/scopes", headers={"Authorization": "Bearer junk"}).status_code == 200
        created = http.post("/v1/scopes", json={"title": "t", "summary": "s", "idempotency_key": "k"})
        assert created.status_code == 201


def test_tokens_are_never_logged_or_echoed(server: TokenServer, caplog: pytest.LogCaptureFixture) -> None:
    scope = make_scope(server.store).scope_id
    good = server.issue([(scope, "read")])
    revoked = server.issue([(scope, "read")])
    server.store.revoke_token(revoked.split("_")[1])
    wrong = good[:-4] + ("AAAA" if not good.endswith("AAAA") else "BBBB")
    secrets = [t.split("_", 2)[2] for t in (good, revoked, wrong)]  # the base64url secret may hold "_"
    responses = []
    with caplog.at_level(logging.DEBUG), server.client() as http:
        for token in (good, revoked, wrong):
            for path in (f"/v1/scopes/{scope}", "/v1/scopes/other", "/v1/scopes/x/code/query"):
                responses.append(http.get(path, headers=auth(token)))
            responses.append(
                http.post("/v1/context/prepare", headers=auth(token), json={"scope_id": scope, "query": token})
            )
    assert {r.status_code for r in responses} >= {200, 401, 403}
    for response in responses:
        assert response.headers.get(REQUEST_ID_HEADER)
        text = response.text + json.dumps(dict(response.headers))
        assert [s for s in secrets if s in text] == [], (response.status_code, text[:3000])
    leaks = [f"{r.name}: {r.getMessage()}" for r in caplog.records if any(s in r.getMessage() for s in secrets)]
    assert leaks == []


def test_revoking_with_the_cli_stops_a_running_server_from_accepting_the_token(tmp_path: Path) -> None:
    data = tmp_path / "data"
    runner = CliRunner()
    created = runner.invoke(
        app, ["token", "create", "--scope", "*", "--grant", "read", "--data-dir", str(data), "--json"]
    )
    assert created.exit_code == 0, created.stderr
    issued = json.loads(created.stdout)
    port = free_port()
    with serve_subprocess(data, port, "--require-tokens") as server:
        url = f"http://127.0.0.1:{port}"
        assert httpx.get(f"{url}/v1/scopes").status_code == 401
        assert httpx.get(f"{url}/v1/scopes", headers=auth(issued["token"])).status_code == 200
        revoked = runner.invoke(app, ["token", "revoke", issued["token_id"], "--data-dir", str(data)])
        assert revoked.exit_code == 0
        assert httpx.get(f"{url}/v1/scopes", headers=auth(issued["token"])).status_code == 401
    output = server.output()
    assert "authorisation mode: bearer tokens required" in output
    assert issued["token"].split("_", 2)[2] not in output


def test_serve_warns_when_tokens_are_required_but_none_is_active(tmp_path: Path) -> None:
    port = free_port()
    with serve_subprocess(tmp_path / "data", port, "--require-tokens") as server:
        pass
    assert "tokens are required but none is active" in server.output()


def test_allow_remote_is_gone_and_remote_binding_needs_tokens(tmp_path: Path) -> None:
    runner = CliRunner(env={"PCRECEIPT_REQUIRE_TOKENS": None})
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--allow-remote", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2 and "No such option" in result.stderr
    result = runner.invoke(app, ["serve", "--host", "192.0.2.1", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2 and "requires tokens to be enabled" in result.stderr


def test_a_prepare_refused_for_an_unreadable_reference_says_so_and_no_more(server: TokenServer) -> None:
    ref = make_scope(server.store, "ref").scope_id
    own = make_scope(server.store, "own", refs=[ref]).scope_id
    theirs = make_scope(server.store, "theirs", refs=[ref]).scope_id
    token = server.issue([(own, "read")])
    request = {"query": "anything"}
    with server.client(token) as http:
        refused = assert_error(http.post("/v1/context/prepare", json={**request, "scope_id": own}), 403, "forbidden")
        assert "not every Scope it references" in refused["message"]
        assert ref not in json.dumps(refused)
        assert refused["details"] is None
        # A Scope the token cannot read gets the generic sentence, whether it exists or not.
        for scope_id in (theirs, "scp_missing"):
            other = assert_error(
                http.post("/v1/context/prepare", json={**request, "scope_id": scope_id}), 403, "forbidden"
            )
            assert other["message"] == "The token lacks the grant this request needs on a Scope it touches."
