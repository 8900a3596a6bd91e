"""list_access_audit: every refusal and every granted write is recorded (principal, operation,
action, Scope, decision, when; never a body), listed with 1.4.1's filters and paging."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.tokens import TokenServer, assert_error, make_scope, token_server

SECRET_TEXT = "a body the audit must never hold"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TokenServer]:
    with token_server(tmp_path) as running_server:
        yield running_server


def _audit(http: httpx.Client, resource: dict[str, Any], **filters: Any) -> Any:
    answer = http.post("/v1/access/audit/list", json={"resource": resource, **filters})
    assert answer.status_code == 200, answer.text
    return answer.json()


def _topic() -> dict[str, Any]:
    return {"family": "topic-memory", "content": {"title": "T", "summary": SECRET_TEXT, "detail": SECRET_TEXT}}


def test_refusals_and_granted_writes_are_recorded(server: TokenServer, powercontext_models: ModuleType) -> None:
    a = make_scope(server.store, "a").scope_id
    reader = server.issue([(a, "read")], "reader")
    writer = server.issue([(a, "write")], "writer")
    root = server.issue([("*", "admin")], "root")
    server_resource = {"type": "server", "deployment_id": server.store.server_id()}
    with server.client(reader) as http:
        assert http.get(f"/v1/scopes/{a}").status_code == 200  # an allowed read: not recorded
        assert_error(http.post(f"/v1/scopes/{a}/artifacts", json=_topic()), 403, "forbidden")
        assert_error(_audit_raw(http, server_resource), 403, "forbidden")
    with server.client(writer) as http:
        assert http.post(f"/v1/scopes/{a}/artifacts", json=_topic()).status_code == 201
    with server.client(root) as http:
        answer = http.post("/v1/access/audit/list", json={"resource": server_resource})
        page = powercontext_models.AccessAuditPage.model_validate_json(answer.content)
        assert SECRET_TEXT not in answer.text
        events = answer.json()["items"]
        scoped = _audit(http, {"type": "scope", "scope_id": a})["items"]
    decided = [(e["principal"]["id"], e["operation"], e["action"], e["allowed"]) for e in events]
    assert decided == [
        (reader.split("_")[1], "create_artifact", "scope.contribute", False),
        (reader.split("_")[1], "list_access_audit", "server.admin", False),
        (writer.split("_")[1], "create_artifact", "scope.contribute", True),
    ]
    assert [e["cursor"] for e in events] == sorted(e["cursor"] for e in events)
    assert all(e["transport"] == "http" and e["request_id"] for e in events)
    assert events[0]["resource"] == {"type": "scope", "scope_id": a}
    assert events[0]["reason_code"] == "no-matching-binding" and events[0]["matched_subject"] is None
    assert events[2]["matched_subject"] == {"type": "service", "id": writer.split("_")[1]}
    assert [e["event_id"] for e in scoped] == [events[0]["event_id"], events[2]["event_id"]]
    assert len(page.items) == 3


def _audit_raw(http: httpx.Client, resource: dict[str, Any]) -> httpx.Response:
    return http.post("/v1/access/audit/list", json={"resource": resource})


def test_binding_changes_are_recorded(server: TokenServer) -> None:
    a = make_scope(server.store, "a").scope_id
    owner = server.issue([(a, "admin")], "owner")
    guest = server.issue([("elsewhere", "read")], "guest")
    with server.client(owner) as http:
        created = http.post(
            "/v1/access/bindings/create",
            json={
                "subject": {"type": "service", "id": guest.split("_")[1]},
                "resource": {"type": "scope", "scope_id": a},
                "role": "scope.viewer",
                "idempotency_key": uuid.uuid4().hex,
            },
        ).json()
        revoke = {"binding_id": created["binding_id"], "expected_version": 1, "idempotency_key": "x"}
        assert http.post("/v1/access/bindings/revoke", json=revoke).status_code == 200
        events = _audit(http, {"type": "scope", "scope_id": a})["items"]
    changes = [
        (e["reason_code"], e["binding_id"], e["role"], e["expected_version"], e["result_version"]) for e in events
    ]
    assert changes == [
        ("binding-created", created["binding_id"], "scope.viewer", None, 1),
        ("binding-revoked", created["binding_id"], "scope.viewer", 1, 2),
    ]
    assert all(e["target"] == {"type": "service", "id": guest.split("_")[1]} for e in events)


def test_filters_and_paging(server: TokenServer) -> None:
    a = make_scope(server.store, "a").scope_id
    reader = server.issue([(a, "read")], "reader")
    writer = server.issue([(a, "write")], "writer")
    root = server.issue([("*", "admin")], "root")
    for _ in range(3):
        with server.client(reader) as http:
            http.post(f"/v1/scopes/{a}/artifacts", json=_topic())
        with server.client(writer) as http:
            http.post(f"/v1/scopes/{a}/artifacts", json=_topic())
    scope = {"type": "scope", "scope_id": a}
    with server.client(root) as http:
        everything = _audit(http, scope)["items"]
        assert len(everything) == 6
        denied = _audit(http, scope, result="denied")["items"]
        assert {e["principal"]["id"] for e in denied} == {reader.split("_")[1]} and len(denied) == 3
        mine = _audit(http, scope, subject={"type": "service", "id": writer.split("_")[1]})["items"]
        assert all(e["allowed"] for e in mine) and len(mine) == 3
        assert _audit(http, scope, action="scope.admin")["items"] == []
        middle = everything[2]["occurred_at"]
        window = _audit(http, scope, time_range={"start": middle, "end": "2999-01-01T00:00:00Z"})["items"]
        assert all(e["occurred_at"] >= middle for e in window) and everything[2] in window
        backwards = http.post(
            "/v1/access/audit/list",
            json={"resource": scope, "time_range": {"start": "2999-01-01T00:00:00Z", "end": middle}},
        )
        assert_error(backwards, 422, "invalid_access_request")
        first = _audit(http, scope, limit=4)
        # 4.0 is the integer 4 to JSON Schema: the same page (it had answered 500, found by the fuzz)
        assert _audit(http, scope, limit=4.0) == first
        for listing in ("/v1/access/bindings/list", "/v1/access/resources/list"):
            whole = (
                {"management_resource": scope}
                if "bindings" in listing
                else {"action": "scope.read", "resource_type": "scope"}
            )
            pages = [http.post(listing, json={**whole, "limit": limit}) for limit in (1, 1.0)]
            assert [p.status_code for p in pages] == [200, 200] and pages[0].json() == pages[1].json(), pages[1].text
        rest = _audit(http, scope, limit=4, cursor=first["next_cursor"])
        assert [e["cursor"] for e in first["items"] + rest["items"]] == [e["cursor"] for e in everything]
        assert rest["next_cursor"] is None
        assert_error(
            http.post(
                "/v1/access/audit/list", json={"resource": scope, "result": "denied", "cursor": first["next_cursor"]}
            ),
            422,
            "invalid_access_request",
        )
