"""get_source and list_sources over HTTP: 1.4.1's SourceRecord for every origin, its digest, 404
source_not_found, the snapshot a listing's cursor keeps, and the cursor's refusals."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
import rfc8785
from _support.servers import assert_error


@pytest.fixture
def http(server_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server_url, timeout=30) as client:
        yield client


@pytest.fixture
def scope(http: httpx.Client) -> str:
    created = http.post("/v1/scopes", json={"title": "sources", "summary": "s", "idempotency_key": uuid.uuid4().hex})
    assert created.status_code == 201, created.text
    return str(created.json()["scope_id"])


def _digest(content: Any) -> str:
    return "sha256:" + hashlib.sha256(rfc8785.dumps(content)).hexdigest()


def _capture(http: httpx.Client, scope: str, source_id: str, content: str) -> int:
    answer = http.post("/v1/sources/content", json={"scope_id": scope, "source_id": source_id, "content": content})
    assert answer.status_code == 202, answer.text
    return int(answer.json()["position"])


def _get(http: httpx.Client, scope: str, source_id: str) -> httpx.Response:
    return http.get(f"/v1/scopes/{scope}/sources/content/{quote(source_id, safe='')}")


def test_every_origin_is_served_as_a_source_record(http: httpx.Client, scope: str) -> None:
    written = http.post(
        f"/v1/scopes/{scope}/artifacts", json={"family": "atomic-memory", "content": {"kind": "fact", "text": "WAL."}}
    )
    assert written.status_code == 201, written.text
    lineage_id = written.json()["sources"][0]["source_id"]
    position = _capture(http, scope, "prompt / ü 1", "Why WAL?")
    note = http.post(
        "/v1/sources/working-notes",
        json={
            "scope_id": scope,
            "source_id": "note",
            "content": "looked",
            "session_id": "s",
            "note_kind": "inspection",
        },
    )
    assert note.status_code == 202, note.text
    captured = _get(http, scope, "prompt / ü 1")
    assert captured.status_code == 200, captured.text
    assert captured.json() == {
        "receipt_identity": None,  # no Handoff Receipt identity is attested here (1.4.1 sends null then too)
        "scope_id": scope,
        "source_type": "content",
        "source_id": "prompt / ü 1",
        "content": "Why WAL?",
        "position": position,
        "content_digest": _digest("Why WAL?"),
    }
    lineage = _get(http, scope, lineage_id).json()
    assert lineage["position"] == 1 and lineage["content"]["text"] == "WAL."
    assert lineage["content_digest"] == _digest(lineage["content"])
    assert _get(http, scope, "note").json()["content"] == "looked"
    listed = http.get(f"/v1/scopes/{scope}/sources").json()
    assert [item["source_id"] for item in listed["items"]] == [lineage_id, "prompt / ü 1", "note"]
    assert listed["next_cursor"] is None and listed["items"][1] == captured.json()


def test_what_is_not_there(http: httpx.Client, scope: str) -> None:
    assert_error(_get(http, scope, "never"), 404, "source_not_found")
    assert_error(_get(http, "scp_missing_sources", "never"), 404, "scope_not_found")
    assert_error(http.get("/v1/scopes/scp_missing_sources/sources"), 404, "scope_not_found")
    assert_error(http.get(f"/v1/scopes/{scope}/sources/lineage/x"), 422, "invalid_request")
    assert http.get(f"/v1/scopes/{scope}/sources").json() == {"items": [], "next_cursor": None}


def test_a_cursor_keeps_its_snapshot_and_its_scope(http: httpx.Client, scope: str) -> None:
    for n in range(3):
        _capture(http, scope, f"s{n}", f"text {n}")
    first = http.get(f"/v1/scopes/{scope}/sources", params={"limit": 2}).json()
    _capture(http, scope, "later", "after the first page")
    rest = http.get(f"/v1/scopes/{scope}/sources", params={"limit": 2, "cursor": first["next_cursor"]}).json()
    assert [item["source_id"] for item in rest["items"]] == ["s2"] and rest["next_cursor"] is None
    other = http.post("/v1/scopes", json={"title": "o", "summary": "o", "idempotency_key": uuid.uuid4().hex}).json()
    elsewhere = http.get(f"/v1/scopes/{other['scope_id']}/sources", params={"cursor": first["next_cursor"]})
    assert_error(elsewhere, 400, "invalid_cursor")
    forged = first["next_cursor"][:-2] + ("AA" if not first["next_cursor"].endswith("AA") else "BB")
    assert_error(http.get(f"/v1/scopes/{scope}/sources", params={"cursor": forged}), 400, "invalid_cursor")
    assert_error(http.get(f"/v1/scopes/{scope}/sources", params={"limit": 101}), 400, "invalid_request")


def test_a_page_stops_before_four_mebibytes(http: httpx.Client, scope: str) -> None:
    text = "x" * 190_000
    for n in range(25):
        _capture(http, scope, f"big{n}", text + str(n))
    seen: list[int] = []
    cursor = None
    while True:
        params: dict[str, Any] = {"limit": 100} | ({"cursor": cursor} if cursor else {})
        page = http.get(f"/v1/scopes/{scope}/sources", params=params)
        body = page.json()
        assert (
            sum(len(json.dumps(item, ensure_ascii=False, separators=(",", ":"))) for item in body["items"])
            <= 4 * 1024 * 1024
        )
        seen += [item["position"] for item in body["items"]]
        cursor = body["next_cursor"]
        if cursor is None:
            break
    assert seen == list(range(1, 26)) and len(body["items"]) < 25


def _create(http: httpx.Client, scope: str, body: Any) -> httpx.Response:
    return http.post(f"/v1/scopes/{scope}/sources", json=body)


def test_a_created_source_is_read_back_where_location_says(http: httpx.Client, scope: str) -> None:
    _capture(http, scope, "first", "captured first")
    value = {"event": "deploy", "steps": [1, 2.5, None], "ok": True}
    created = _create(http, scope, {"source_type": "content", "content": value})
    assert created.status_code == 201, created.text
    record = created.json()
    assert record["content"] == value and record["position"] == 2 and record["content_digest"] == _digest(value)
    assert record["source_id"].startswith("src_") and record["scope_id"] == scope
    assert created.headers["Location"] == f"/v1/scopes/{scope}/sources/content/{record['source_id']}"
    assert http.get(created.headers["Location"]).json() == record
    again = _create(http, scope, {"content": value})  # no key: every create is a new Source
    assert again.status_code == 201 and again.json()["source_id"] != record["source_id"]
    assert again.json()["position"] == 3
    for content in ("text", 7, None, [], {"schema": "something-else"}):
        assert _create(http, scope, {"content": content}).json()["content"] == content
    assert [item["position"] for item in http.get(f"/v1/scopes/{scope}/sources").json()["items"]] == list(range(1, 9))


def test_a_created_source_is_pending_for_extraction(http: httpx.Client, scope: str) -> None:
    """Without a generation model, a created Source is captured content: the flush cannot pass it."""
    assert _create(http, scope, {"content": {"fact": "WAL is on"}}).status_code == 201
    assert_error(http.post("/v1/memory/flush", json={"scope_id": scope}), 503, "inference_unavailable")


RECEIPT = {"schema": "powercontext.handoff-receipt.v1", "handoff": "x"}


@pytest.mark.parametrize(
    ("content", "rule"),
    [
        ("", "pattern"),
        (" \n\t", "pattern"),
        (RECEIPT, "reserved_schema"),
        (json.dumps(RECEIPT), "reserved_schema"),
        ({"n": 2**60}, "i_json"),
    ],
)
def test_refused_contents_write_nothing(http: httpx.Client, scope: str, content: Any, rule: str) -> None:
    error = assert_error(_create(http, scope, {"content": content}), 422, "invalid_request")
    assert error["details"]["violations"] == [{"path": "/content", "rule": rule}]
    assert http.get(f"/v1/scopes/{scope}/sources").json()["items"] == []


def test_bodies_and_scopes_refused(http: httpx.Client, scope: str) -> None:
    assert_error(_create(http, scope, {}), 422, "invalid_request")
    assert_error(_create(http, scope, {"content": "x", "source_type": "lineage"}), 422, "invalid_request")
    assert_error(_create(http, scope, {"content": "x", "source_id": "mine"}), 422, "invalid_request")
    assert_error(_create(http, "scp_missing_sources", {"content": "x"}), 404, "scope_not_found")


def _subject(http: httpx.Client, scope: str, body: dict[str, Any]) -> httpx.Response:
    return http.post(f"/v1/scopes/{scope}/subject-sources", json=body)


def test_a_subject_source_lands_in_both_scopes(http: httpx.Client, scope: str) -> None:
    key = uuid.uuid4().hex
    first = _subject(http, scope, {"subject_key": key, "content": {"likes": "tabs"}})
    assert first.status_code == 201, first.text
    body = first.json()
    target = body["subject_scope_id"]
    assert (body["subject_key"], body["subject_type"]) == (key, "user") and target != scope
    business, subject = body["sources"]
    assert (business["scope_id"], subject["scope_id"]) == (scope, target)
    assert business["source_id"] == subject["source_id"] and business["content"] == {"likes": "tabs"}
    assert _get(http, target, subject["source_id"]).json() == subject
    assert http.get(f"/v1/scopes/{target}").json()["title"] == "Subject"
    again = _subject(http, scope, {"subject_key": key, "subject_scope_id": target, "content": "again"}).json()
    assert again["subject_scope_id"] == target and [s["position"] for s in again["sources"]] == [2, 2]


def test_subject_refusals(http: httpx.Client, scope: str) -> None:
    key = uuid.uuid4().hex
    target = _subject(http, scope, {"subject_key": key, "content": "first"}).json()["subject_scope_id"]
    other = http.post("/v1/scopes", json={"title": "o", "summary": "o", "idempotency_key": uuid.uuid4().hex})
    moved = _subject(http, scope, {"subject_key": key, "subject_scope_id": other.json()["scope_id"], "content": "x"})
    assert assert_error(moved, 409, "subject_scope_conflict")["details"] == {"kind": "subject_scope"}
    itself = _subject(http, scope, {"subject_key": uuid.uuid4().hex, "subject_scope_id": scope, "content": "x"})
    details = assert_error(itself, 422, "distinct_scopes_required")["details"]
    assert details == {"field": "scope_id", "reason": "distinct_scopes_required"}
    missing = {"subject_key": uuid.uuid4().hex, "subject_scope_id": "scp_missing_subject", "content": "x"}
    assert_error(_subject(http, scope, missing), 404, "scope_not_found")
    assert_error(_subject(http, "scp_missing_business", {"subject_key": key, "content": "x"}), 404, "scope_not_found")
    blank = _subject(http, scope, {"subject_key": key, "content": " "})
    assert assert_error(blank, 422, "invalid_request")["details"]["violations"] == [
        {"path": "/content", "rule": "pattern"}
    ]
    assert_error(
        _subject(http, scope, {"subject_key": key, "subject_type": "team", "content": "x"}), 422, "invalid_request"
    )
    assert [s["position"] for s in http.get(f"/v1/scopes/{target}/sources").json()["items"]] == [1]
    assert [s["position"] for s in http.get(f"/v1/scopes/{scope}/sources").json()["items"]] == [1]
