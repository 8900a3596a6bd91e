"""Every refused request: the status, the error envelope, a request id, and no echo of what was sent."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractContextManager

import httpx
import pytest
from _support.servers import CANARY, assert_error

from pcreceipt.contract import gate

pytestmark = pytest.mark.anyio

PREPARE = "/v1/context/prepare"
JSON_HEADERS = {"Content-Type": "application/json"}


def _prepare(**fields: object) -> dict[str, object]:
    return {"scope_id": "s", "query": CANARY, **fields}


def _violations(error: dict[str, object]) -> list[tuple[str, str]]:
    details = error["details"]
    assert isinstance(details, dict)
    return [(v["path"], v["rule"]) for v in details["violations"]]


@pytest.mark.parametrize(
    ("raw", "rule"),
    [
        (b'{"scope_id": "s", "query": "' + CANARY.encode() + b'"', "json_syntax"),
        (b'{"scope_id": "s", "query": "\xff' + CANARY.encode() + b'"}', "utf8"),
        (b'\xef\xbb\xbf{"scope_id": "s", "query": "' + CANARY.encode() + b'"}', "utf8"),
        (b'{"scope_id": "s", "query": "\\ud800' + CANARY.encode() + b'"}', "lone_surrogate"),
        (b'{"scope_id": "s", "\\udfff": "' + CANARY.encode() + b'", "query": "q"}', "lone_surrogate"),
        (b'{"scope_id": "s", "query": "' + CANARY.encode() + b'", "query": "q"}', "duplicate_key"),
        (b'{"scope_id": "s", "query": "' + CANARY.encode() + b'", "max_bytes": NaN}', "json_syntax"),
        (b"[" * 40 + b'"' + CANARY.encode() + b'"' + b"]" * 40, "max_depth"),
        (b"[" * 100000, "json_syntax"),
        (b"", "json_syntax"),
        (b'["' + CANARY.encode() + b'"]', "type"),
    ],
    ids=[
        "truncated",
        "bad_utf8",
        "bom",
        "lone_surrogate",
        "surrogate_key",
        "duplicate_key",
        "nan",
        "too_deep",
        "too_deep_for_the_parser",
        "empty",
        "not_an_object",
    ],
)
async def test_malformed_bodies_are_refused(http: httpx.AsyncClient, raw: bytes, rule: str) -> None:
    """422, except bytes that are not UTF-8 text: 400, as PowerContext 1.4.1 answers a body it cannot decode."""
    status = 400 if rule == "utf8" else 422
    error = assert_error(await http.post(PREPARE, content=raw, headers=JSON_HEADERS), status, "invalid_request")
    assert [r for _, r in _violations(error)] == [rule]


async def test_a_body_must_be_declared_json(http: httpx.AsyncClient) -> None:
    body = json.dumps(_prepare()).encode()
    for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {"Content-Type": content_type} if content_type else {}
        error = assert_error(await http.post(PREPARE, content=body, headers=headers), 422, "invalid_request")
        assert _violations(error) == [("", "content_type")]
    accepted = await http.post(PREPARE, content=body, headers={"Content-Type": "application/json; charset=utf-8"})
    assert accepted.status_code == 404  # valid, and the Scope "s" does not exist


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (_prepare(unknown=CANARY), ("", "additionalProperties")),
        (_prepare(**{f"{CANARY} key": 1}), ("", "additionalProperties")),  # not a plain name: never echoed
        (_prepare(max_bytes=40000), ("/max_bytes", "maximum")),
        (_prepare(max_bytes=511), ("/max_bytes", "minimum")),
        (_prepare(max_bytes=True), ("/max_bytes", "type")),
        (_prepare(assembly=None), ("/assembly", "type")),
        ({"scope_id": "s", "query": "q" * 8193}, ("/query", "maxLength")),
        ({"scope_id": "s", "query": "  "}, ("/query", "pattern")),
        (_prepare(bootstrap_receipt_id=CANARY + " x"), ("/bootstrap_receipt_id", "anyOf")),
        (
            _prepare(
                assembly={
                    "format": "markdown",
                    "sections": [{"family": "memory", "limit": 1}, {"family": "memory", "limit": 1}],
                }
            ),
            ("/assembly/sections/1/family", "assembly_unique_families"),
        ),
    ],
    ids=[
        "unknown_key",
        "unknown_canary_key",
        "max_bytes_too_large",
        "max_bytes_too_small",
        "max_bytes_boolean",
        "assembly_null",
        "query_too_long",
        "query_blank",
        "bootstrap_receipt_id_with_a_space",
        "assembly_repeats_a_family",
    ],
)
async def test_prepare_requests_against_the_contract(
    http: httpx.AsyncClient, body: dict[str, object], expected: tuple[str, str]
) -> None:
    error = assert_error(await http.post(PREPARE, json=body), 422, "invalid_request")
    assert expected in _violations(error)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"scope_id": "s"}, {"path": "", "rule": "required", "property": "query"}),
        (_prepare(max_byte=100), {"path": "", "rule": "additionalProperties", "property": "max_byte"}),
        (
            _prepare(assembly={"format": "markdown", "sections": [{"family": "memory"}]}),
            {"path": "/assembly/sections/0", "rule": "required", "property": "limit"},
        ),
    ],
    ids=["missing_query", "misspelt_max_bytes", "nested_missing_limit"],
)
async def test_a_missing_or_unknown_property_is_named(
    http: httpx.AsyncClient, body: dict[str, object], expected: dict[str, str]
) -> None:
    """The violation says which property (``property``), not only the object that lacks or has it."""
    error = assert_error(await http.post(PREPARE, json=body), 422, "invalid_request")
    assert expected in error["details"]["violations"]


OVER_THE_CAP = {
    "format": "markdown",
    "sections": [{"family": "memory", "limit": 5}, {"family": "topic-memory", "limit": 4}],
}


async def test_an_assembly_over_the_cap_is_refused_after_the_scope_is_found(
    http: httpx.AsyncClient, scope_id: str
) -> None:
    """PowerContext's order: an unknown Scope is 404 before the entry cap's 422."""
    error = assert_error(await http.post(PREPARE, json=_prepare(assembly=OVER_THE_CAP)), 404, "scope_not_found")
    assert error["details"] is None
    body = {"scope_id": scope_id, "query": "q", "assembly": OVER_THE_CAP}
    error = assert_error(await http.post(PREPARE, json=body), 422, "invalid_request")
    assert ("/assembly/sections", "assembly_max_entries") in _violations(error)


async def test_the_request_gate_runs_once_per_prepare(
    http: httpx.AsyncClient, scope_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One pass of the request gate per prepare, also when a rule waits for the Scope lookup (the
    server runs in this process, so the gate's function can be counted)."""
    calls: list[object] = []
    real = gate.check_prepare_request

    def counted(body: object, **options: object) -> list[gate.Violation]:
        calls.append(body)
        return real(body, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(gate, "check_prepare_request", counted)
    assert (await http.post(PREPARE, json={"scope_id": scope_id, "query": "q"})).status_code == 200
    assert len(calls) == 1
    body = {"scope_id": scope_id, "query": "q", "assembly": OVER_THE_CAP}
    assert_error(await http.post(PREPARE, json=body), 422, "invalid_request")
    assert len(calls) == 2


async def test_a_2731_character_cjk_query_over_8192_bytes_is_accepted(http: httpx.AsyncClient, scope_id: str) -> None:
    query = "汉" * 2731
    assert len(query.encode()) > 8192
    response = await http.post(PREPARE, json={"scope_id": scope_id, "query": query, "bootstrap_receipt_id": None})
    assert response.status_code == 200, response.text


async def test_the_assembly_cap_follows_the_server_setting(
    serve: Callable[..., AbstractContextManager[str]],
) -> None:
    sections = [
        {"family": "memory", "limit": 8},
        {"family": "topic-memory", "limit": 8},
        {"family": "profile", "limit": 8},
    ]
    with serve(assembly_max_entries=26) as url:
        async with httpx.AsyncClient(base_url=url) as http:
            scope = await http.post("/v1/scopes", json={"title": "t", "summary": "s", "idempotency_key": "k"})
            body = {"scope_id": scope.json()["scope_id"], "query": "q", "assembly": {"sections": sections}}
            assert (await http.post(PREPARE, json=body)).status_code == 200


async def test_other_bodies_are_checked_against_their_definitions(http: httpx.AsyncClient, scope_id: str) -> None:
    cases = [
        ("POST", "/v1/scopes", {"title": CANARY, "summary": "s"}, ("", "required")),
        (
            "POST",
            f"/v1/scopes/{scope_id}/artifacts",
            {"family": "atomic-memory", "content": {"kind": "k"}, "x": CANARY},
            None,
        ),
        ("POST", f"/v1/scopes/{scope_id}/artifacts", {"family": "code", "content": {"text": CANARY}}, None),
        ("POST", f"/v1/scopes/{scope_id}/artifacts/import", {"items": []}, ("/items", "minItems")),
        ("PUT", f"/v1/scopes/{scope_id}/code", {"files": [{"path": "../etc/passwd", "content": CANARY}]}, None),
        (
            "POST",
            "/v1/atomic-memory/merges",
            {"scope_id": scope_id, "inputs": [], "content": {"kind": "k", "text": CANARY}},
            ("/inputs", "minItems"),
        ),
    ]
    for method, path, body, expected in cases:
        error = assert_error(await http.request(method, path, json=body), 422, "invalid_request")
        if expected is not None:
            assert expected in _violations(error)


async def test_import_of_mixed_families_is_refused_whole(http: httpx.AsyncClient, scope_id: str) -> None:
    items = [
        {"family": "atomic-memory", "content": {"kind": "fact", "text": CANARY}},
        {"family": "profile", "content": {"content": CANARY}},
    ]
    error = assert_error(
        await http.post(f"/v1/scopes/{scope_id}/artifacts/import", json={"items": items}), 422, "invalid_request"
    )
    assert _violations(error) == [("/items", "import_one_family")]


async def test_lifecycle_targets_must_be_atomic_memories(http: httpx.AsyncClient, scope_id: str) -> None:
    target = {"artifact": {"family": "topic-memory", "artifact_id": "art_x", "revision": 1}, "state_version": 0}
    response = await http.post(
        "/v1/atomic-memory/lifecycle", json={"scope_id": scope_id, "target": target, "state": "forgotten"}
    )
    error = assert_error(response, 422, "invalid_request")
    assert _violations(error) == [("/target/artifact/family", "atomic_memory_family")]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/v1/scopes?limit=0", ("/query/limit", "minimum")),
        ("/v1/scopes?limit=101", ("/query/limit", "maximum")),
        ("/v1/scopes?limit=ten", ("/query/limit", "type")),
        ("/v1/scopes?limit=1&limit=2", ("/query/limit", "duplicate_parameter")),
        ("/v1/scopes/s/artifacts/atomic-memory/a/revisions/0", ("/path/revision", "minimum")),
        ("/v1/scopes/s/artifacts/atomic-memory/a/revisions/one", ("/path/revision", "type")),
        ("/v1/scopes/s/artifacts/code/a", ("/path/family", "enum")),
        (
            "/v1/scopes/s/code/" + "a" * 64 + "/files/" + "b" * 64 + "?path=a.py&start_line=1",
            ("/query/end_line", "required"),
        ),
        (
            "/v1/scopes/s/code/xyz/files/" + "b" * 64 + "?path=a.py&start_line=1&end_line=2",
            ("/path/fingerprint", "pattern"),
        ),
    ],
    ids=[
        "limit_zero",
        "limit_over",
        "limit_text",
        "limit_twice",
        "revision_zero",
        "revision_text",
        "family_unknown",
        "end_line_missing",
        "fingerprint_malformed",
    ],
)
async def test_parameters_are_checked_against_their_schemas(
    http: httpx.AsyncClient, path: str, expected: tuple[str, str]
) -> None:
    """422, except a query parameter under /v1/scopes/ (not /v1/scopes itself): 400, as PowerContext answers."""
    status = 400 if path.startswith("/v1/scopes/") and expected[0].startswith("/query/") else 422
    error = assert_error(await http.get(path), status, "invalid_request")
    assert expected in _violations(error)


@pytest.mark.parametrize(
    "path",
    [
        "/v1/scopes?cursor=" + CANARY,
        "/v1/scopes?cursor=eyJhZnRlciI6MX0",
        "/v1/scopes/{scope}/artifacts/topic-memory?cursor=x",
    ],
    ids=["garbage", "wrong_shape", "artifacts_garbage"],
)
async def test_a_cursor_that_is_not_ours_is_400_invalid_cursor(
    http: httpx.AsyncClient, scope_id: str, path: str
) -> None:
    error = assert_error(await http.get(path.format(scope=scope_id)), 400, "invalid_cursor")
    assert error["details"] == {"field": "cursor", "reason": "cursor_malformed"}


async def test_read_code_ranges(http: httpx.AsyncClient, scope_id: str) -> None:
    hex64 = "a" * 64
    base = f"/v1/scopes/{scope_id}/code/{hex64}/files/{hex64}?path=a.py"
    for start, end in ((1, 201), (10, 9)):
        error = assert_error(await http.get(f"{base}&start_line={start}&end_line={end}"), 422, "invalid_request")
        assert _violations(error) == [("/query/end_line", "line_range")]
    assert_error(await http.get(f"{base}&start_line=1&end_line=200"), 404, "code_range_not_found")


async def test_oversized_bodies_are_413_before_being_read(serve: Callable[..., AbstractContextManager[str]]) -> None:
    limit = 65536
    oversized = json.dumps(_prepare(padding=CANARY * (limit // len(CANARY) + 1))).encode()

    async def chunks() -> AsyncIterator[bytes]:
        for start in range(0, len(oversized), 4096):
            yield oversized[start : start + 4096]

    with serve(max_body_bytes=limit) as url:
        async with httpx.AsyncClient(base_url=url) as http:
            declared = await http.post(PREPARE, content=oversized, headers=JSON_HEADERS)
            assert_error(declared, 413, "request_too_large")
            streamed = await http.post(PREPARE, content=chunks(), headers=JSON_HEADERS)
            assert "content-length" not in streamed.request.headers
            assert_error(streamed, 413, "request_too_large")
            within = json.dumps(_prepare()).encode()
            assert (await http.post(PREPARE, content=within, headers=JSON_HEADERS)).status_code == 404
