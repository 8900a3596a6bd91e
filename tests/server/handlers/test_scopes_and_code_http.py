"""``list_scopes`` filters with filter-bound cursors (W11) and ``query_code`` with PowerContext's
request (W15), over a real loopback server on every engine."""

from __future__ import annotations

import hashlib
from typing import Any

import httpx
import pytest
from _support.servers import CANARY, assert_error

from pcreceipt.contract.digests import wire_bytes
from pcreceipt.errors import BudgetTooSmall
from pcreceipt.server.handlers import code_query


def _scope(http: httpx.Client, title: str, **extra: Any) -> str:
    body = {"title": title, "summary": f"{title} work", "idempotency_key": title, **extra}
    response = http.post("/v1/scopes", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["scope_id"])


def _ids(http: httpx.Client, **params: Any) -> list[str]:
    response = http.get("/v1/scopes", params=params)
    assert response.status_code == 200, response.text
    return [item["scope_id"] for item in response.json()["items"]]


# -- W11


def test_list_scopes_filters(http: httpx.Client) -> None:
    payments = _scope(http, "Payments", external_references=[{"kind": "git", "value": "acme/pay"}])
    api = _scope(http, "Payments API", parent_scope_id=payments)
    _scope(http, "search")
    key = {"integration": "claude-code", "kind": "workspace", "external_id": "/home/me/pay"}
    assert http.put("/v1/scope-bindings", json={"key": key, "scope_id": api}).status_code == 200

    assert _ids(http, query="Payments", query_field="title") == sorted([payments, api])
    assert _ids(http, query="  payments  ", query_field="title") == []  # trimmed, case-sensitive
    assert _ids(http, query="API work", query_field="summary") == [api]
    assert _ids(http, query="acme/", query_field="external_reference_value") == [payments]
    assert _ids(http, query="/home/me", query_field="binding_external_id") == [api]
    assert _ids(http, parent_scope_id=payments) == [api]
    assert _ids(http, external_reference_kind="git") == [payments]
    assert _ids(http, binding_integration="claude-code", binding_kind="workspace") == [api]
    assert _ids(http, binding_integration="codex") == []
    assert len(_ids(http, query=" ")) == 4  # a blank query is no query (the default Scope is listed too)


@pytest.mark.parametrize(
    "params", [{"query": "x"}, {"query_field": "title"}, {"query": " ", "query_field": "title"}], ids=str
)
def test_query_and_query_field_come_together(http: httpx.Client, params: dict[str, str]) -> None:
    error = assert_error(http.get("/v1/scopes", params=params), 422, "invalid_request")
    assert error["details"] == {"field": "query", "reason": "query_without_query_field"}


@pytest.mark.parametrize(
    ("params", "pointer"),
    [
        ({"query_field": "owner", "query": "x"}, "/query/query_field"),
        ({"query": "x" * 257, "query_field": "title"}, "/query/query"),
        ({"binding_kind": " "}, "/query/binding_kind"),
        ({"external_reference_kind": "k" * 129}, "/query/external_reference_kind"),
    ],
    ids=["field", "long_query", "blank_kind", "long_reference_kind"],
)
def test_list_scopes_parameter_errors_are_422(http: httpx.Client, params: dict[str, str], pointer: str) -> None:
    """``/v1/scopes`` is not under ``/v1/scopes/``: its query-parameter errors stay 422, as in PowerContext."""
    error = assert_error(http.get("/v1/scopes", params=params), 422, "invalid_request")
    assert pointer in [violation["path"] for violation in error["details"]["violations"]]


def test_a_cursor_continues_only_the_listing_with_the_same_filters(http: httpx.Client) -> None:
    made = [_scope(http, f"team {n}") for n in range(5)]
    params = {"query": "team", "query_field": "title", "limit": 2}
    seen, cursor = [], None
    while True:
        page = http.get("/v1/scopes", params={**params, **({"cursor": cursor} if cursor else {})}).json()
        seen += [item["scope_id"] for item in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
        for other in ({**params, "query": "tea"}, {"limit": 2}, {**params, "parent_scope_id": made[0]}):
            error = assert_error(http.get("/v1/scopes", params={**other, "cursor": cursor}), 400, "invalid_cursor")
            assert error["details"] == {"field": "cursor", "reason": "cursor_mismatch"}
    assert seen == sorted(made)


# -- W15


SOURCE = "".join(f"def handler_{n}():\n    return {n}\n" for n in range(150))
FILES = [
    {"path": "src/app.py", "content": SOURCE},
    {"path": "docs/README.md", "content": "# Payments\nuses SQLite\r\nno final newline"},
    {"path": "empty.txt", "content": ""},
]


def _query(http: httpx.Client, scope: str, body: dict[str, Any]) -> httpx.Response:
    return http.post(f"/v1/scopes/{scope}/code/query", json=body)


def _indexed(http: httpx.Client) -> tuple[str, str]:
    scope = _scope(http, "code")
    response = http.put(f"/v1/scopes/{scope}/code", json={"files": FILES, "skipped": 1})
    assert response.status_code == 200
    return scope, str(response.json()["fingerprint"])


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_status_before_and_after_indexing(http: httpx.Client) -> None:
    scope = _scope(http, "code")
    missing = _query(http, scope, {"operation": {"kind": "status"}})
    assert missing.status_code == 200
    assert missing.json() == {
        "schema": "powercontext.code-status.v1",
        "scope_id": scope,
        "status": "missing",
        "freshness": "unknown",
        "fingerprint": None,
        "engine": "pcreceipt-text-v1",
        "languages": [],
        "operations": ["status", "explore", "read"],
        "last_build": None,
        "reason": "code_index_missing",
    }
    for operation in ({"kind": "explore", "query": "x"}, {"kind": "read", "path": "a", "file_sha256": "a" * 64}):
        body = {"operation": {"start_line": 1, "end_line": 1, **operation}, "expected_fingerprint": "b" * 64}
        if operation["kind"] == "explore":
            body = {"operation": operation}
        assert_error(_query(http, scope, body), 503, "code_index_missing")
    assert http.put(f"/v1/scopes/{scope}/code", json={"files": FILES, "skipped": 1}).status_code == 200
    ready = _query(http, scope, {"operation": {"kind": "status"}}).json()
    assert (ready["status"], ready["reason"]) == ("ready", None)
    assert ready["last_build"]["files"] == 3 and ready["last_build"]["skipped"] == 1
    assert_error(_query(http, scope, {"operation": {"kind": "status"}, "max_bytes": 512 - 1}), 422, "invalid_request")


def test_explore_finds_lines_as_in_the_file(http: httpx.Client) -> None:
    scope, fingerprint = _indexed(http)
    result = _query(http, scope, {"operation": {"kind": "explore", "query": "handler_42", "limit": 2}}).json()
    assert (result["schema"], result["operation"], result["status"]) == ("powercontext.code-query.v1", "explore", "ok")
    assert (result["fingerprint"], result["commit"], result["git_object_format"]) == (fingerprint, None, "sha256")
    assert result["coverage"] == {"files": 3, "lines": 303, "skipped": 1}
    assert result["limitations"] == ["text_search_only"]
    first = result["items"][0]
    assert first["path"] == "src/app.py" and "def handler_42():\n" in first["content"]
    lines = SOURCE.splitlines(keepends=True)[first["start_line"] - 1 : first["end_line"]]
    assert first["content"] == "".join(lines) and first["snippet_sha256"] == _sha(first["content"])
    assert first["file_sha256"] == _sha(SOURCE)
    under = {"kind": "explore", "query": "SQLite", "path_prefix": "docs"}
    assert [i["path"] for i in _query(http, scope, {"operation": under}).json()["items"]] == ["docs/README.md"]
    elsewhere = {"kind": "explore", "query": "SQLite", "path_prefix": "src"}
    assert _query(http, scope, {"operation": elsewhere}).json()["items"] == []


def test_read_ranges_and_their_errors(http: httpx.Client) -> None:
    scope, fingerprint = _indexed(http)
    readme = FILES[1]["content"]

    def read(path: str, sha: str, start: int, end: int, **body: Any) -> httpx.Response:
        operation = {"kind": "read", "path": path, "file_sha256": sha, "start_line": start, "end_line": end}
        return _query(http, scope, {"operation": operation, "expected_fingerprint": fingerprint, **body})

    ok = read("docs/README.md", _sha(readme), 2, 199).json()
    assert ok["items"] == [
        {
            "path": "docs/README.md",
            "start_line": 2,
            "end_line": 3,
            "file_sha256": _sha(readme),
            "snippet_sha256": _sha("uses SQLite\r\nno final newline"),
            "content": "uses SQLite\r\nno final newline",
        }
    ]
    assert ok["limitations"] == [] and ok["status"] == "ok"
    empty = read("empty.txt", _sha(""), 1, 1).json()["items"][0]
    assert (empty["start_line"], empty["end_line"], empty["content"]) == (1, 1, "")
    assert_error(read("docs/README.md", _sha(readme), 4, 4), 422, "code_range_missing")
    assert_error(read("nope.py", _sha(readme), 1, 1), 422, "code_target_missing")
    assert_error(read("docs/README.md", _sha("old"), 1, 1), 409, "code_changed")
    assert_error(read("docs/README.md", _sha(readme), 1, 1, expected_fingerprint="c" * 64), 409, "code_changed")
    for start, end in ((5, 4), (1, 201)):
        error = assert_error(read("src/app.py", _sha(SOURCE), start, end), 422, "invalid_request")
        assert error["details"]["violations"] == [{"path": "/operation/end_line", "rule": "line_range"}]
    operation = {"kind": "read", "path": "src/app.py", "file_sha256": _sha(SOURCE), "start_line": 1, "end_line": 1}
    error = assert_error(_query(http, scope, {"operation": operation}), 422, "invalid_request")
    assert error["details"]["violations"] == [{"path": "/expected_fingerprint", "rule": "required"}]


def test_integers_written_with_a_fraction_are_integers(http: httpx.Client) -> None:
    """JSON Schema's integer takes 1.0 (the schema gate passes it): a limit or a line range written
    so answers as the plain integer does, never a 500 (found by the schemathesis fuzz)."""
    scope, fingerprint = _indexed(http)
    plain = _query(http, scope, {"operation": {"kind": "explore", "query": "handler_42", "limit": 1}})
    written = _query(http, scope, {"operation": {"kind": "explore", "query": "handler_42", "limit": 1.0}})
    assert written.status_code == 200 and written.json()["items"] == plain.json()["items"]
    assert len(plain.json()["items"]) == 1
    operation = {"kind": "read", "path": "src/app.py", "file_sha256": _sha(SOURCE), "start_line": 2, "end_line": 3}
    floats = {**operation, "start_line": 2.0, "end_line": 3.0}
    answers = [_query(http, scope, {"operation": o, "expected_fingerprint": fingerprint}) for o in (operation, floats)]
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json()["items"] == answers[1].json()["items"]
    assert answers[1].json()["items"][0]["start_line"] == 2


def test_max_bytes_bounds_the_answer(http: httpx.Client) -> None:
    scope, fingerprint = _indexed(http)
    for max_bytes in (700, 1200, 3000, 16000):
        body = {"operation": {"kind": "explore", "query": "handler return", "limit": 10}, "max_bytes": max_bytes}
        response = _query(http, scope, body)
        assert response.status_code == 200
        assert len(response.content) <= max_bytes
        result = response.json()
        assert len(wire_bytes(result)) == len(response.content)
        partial = result["status"] == "partial"
        assert partial == ("output_budget" in result["limitations"])
        for item in result["items"]:
            assert item["snippet_sha256"] == _sha(item["content"])
            assert item["content"].count("\n") <= item["end_line"] - item["start_line"] + 1
    small = _query(http, scope, {"operation": {"kind": "explore", "query": "handler"}, "max_bytes": 700}).json()
    assert small["status"] == "partial"
    read = {"kind": "read", "path": "src/app.py", "file_sha256": _sha(SOURCE), "start_line": 1, "end_line": 200}
    cut = _query(http, scope, {"operation": read, "expected_fingerprint": fingerprint, "max_bytes": 1000}).json()
    item = cut["items"][0]
    assert cut["status"] == "partial" and 1 < item["end_line"] < 200
    assert item["content"] == "".join(SOURCE.splitlines(keepends=True)[: item["end_line"]])


@pytest.mark.parametrize(
    "operation",
    [
        {"kind": "symbols", "query": "handler"},
        {"kind": "map"},
        {"kind": "changes"},
        {"kind": "callers", "symbol_id": "s"},
        {"kind": "impact", "symbol_id": "s", "depth": 3},
        {"kind": "affected_tests", "paths": ["src/app.py"]},
    ],
    ids=lambda o: o["kind"],
)
def test_other_kinds_are_501(http: httpx.Client, operation: dict[str, Any]) -> None:
    scope, fingerprint = _indexed(http)
    assert_error(
        _query(http, scope, {"operation": operation, "expected_fingerprint": fingerprint}),
        501,
        "unsupported_capability",
    )


@pytest.mark.parametrize(
    "body",
    [
        {"query": "the old request"},
        {"operation": "status"},
        {"operation": {"kind": "grep"}},
        {"operation": {"kind": "status", "extra": 1}},
        {"operation": {"kind": "explore", "query": " "}},
        {"operation": {"kind": "explore", "query": "x", "path_prefix": "../x"}},
        {"operation": {"kind": "status"}, "max_bytes": 32769},
        {"operation": {"kind": "status"}, "expected_fingerprint": "nothex"},
        {"operation": {"kind": "status"}, "before_fingerprint": "a" * 64},
        {"operation": {"kind": "impact_changes", "paths": ["a"]}, "expected_fingerprint": "a" * 64},
    ],
    ids=[
        "old_shape",
        "string",
        "unknown_kind",
        "extra_key",
        "blank_query",
        "escaping_prefix",
        "budget_over",
        "bad_fingerprint",
        "before_without_changes",
        "changes_without_before",
    ],
)
def test_malformed_code_requests_are_422(http: httpx.Client, body: dict[str, Any]) -> None:
    scope = _scope(http, "code")
    error = assert_error(_query(http, scope, body), 422, "invalid_request")
    assert error["details"]["violations"]


def test_an_answer_that_cannot_fit_even_empty_is_budget_too_small() -> None:
    result = {"scope_id": CANARY * 40, "status": "ok", "limitations": [], "items": []}
    with pytest.raises(BudgetTooSmall):
        code_query.fit(result, [{"content": "x"}], 512)
    assert code_query.fit(result, [], len(wire_bytes(result))) == result
