"""Remote Agent Skill targets over HTTP on a server that requires tokens: administration needs
admin on the Scope, enrollment needs no token (the code is the credential), secrets are answered
once and never stored, listed or logged, and every enrollment refusal is the same 409."""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

import pytest
from _support.remote_skills import enrollment, pending_target
from _support.tokens import assert_error, make_scope, token_server


def test_administration_needs_admin_and_enrollment_needs_no_token(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with token_server(tmp_path) as server:
        scope_id = make_scope(server.store).scope_id
        admin = server.issue([(scope_id, "admin")], "admin")
        writer = server.issue([(scope_id, "write")], "writer")
        body = {"scope_id": scope_id, "agent_kind": "claude_code", "display_name": "box"}
        with server.client(writer) as http:
            assert_error(http.post("/v1/skill/remote/target/create", json=body), 403, "forbidden")
            assert_error(http.post("/v1/skill/remote/targets", json={"scope_id": scope_id}), 403, "forbidden")
        with server.client(admin) as http:
            made = pending_target(http, scope_id)
        code = made["enrollment_code"]
        assert made["target"]["target_id"].startswith("codex-") and code.startswith("pce_")
        with server.client(None) as anonymous:
            assert_error(anonymous.post("/v1/skill/remote/targets", json={"scope_id": scope_id}), 401, "unauthorized")
            answer = anonymous.post("/v1/skill/remote/target/enroll", json=enrollment(code, "first"))
            assert answer.status_code == 200, answer.text
            credential = answer.json()["credential"]
            for again in (enrollment(code, "second"), enrollment("pce_" + "x" * 43)):
                assert_error(anonymous.post("/v1/skill/remote/target/enroll", json=again), 409, "invalid_enrollment")
        with server.client(admin) as http:
            listed = http.post("/v1/skill/remote/targets", json={"scope_id": scope_id})
        [status] = listed.json()["targets"]
        assert status["target"]["state"] == "active" and status["target"]["installation_id"] == "first"
        stored = b"".join(path.read_bytes() for path in tmp_path.glob("store.db*"))  # with the WAL
    for secret in (code, credential):
        assert secret not in listed.text and secret not in caplog.text
        assert secret.encode() not in stored
    assert hashlib.sha256(credential.encode()).hexdigest().encode() in stored  # only its digest is kept


def test_an_expired_code_is_refused_like_any_other(tmp_path: Path) -> None:
    with token_server(tmp_path) as server:
        scope_id = make_scope(server.store).scope_id
        admin = server.issue([(scope_id, "admin")], "admin")
        with server.client(admin) as http:
            made = pending_target(http, scope_id)
        server.store._transact(  # the code's ten minutes are over
            lambda conn: conn.execute("UPDATE remote_skill_targets SET enrollment_expires_at = '2000-01-01T00:00:00Z'")
        )
        with server.client(None) as anonymous:
            expired = anonymous.post("/v1/skill/remote/target/enroll", json=enrollment(made["enrollment_code"]))
        assert_error(expired, 409, "invalid_enrollment")
        with server.client(admin) as http:
            [status] = http.post("/v1/skill/remote/targets", json={"scope_id": scope_id}).json()["targets"]
        assert (status["target"]["state"], status["target"]["generation"]) == ("pending", 0)
