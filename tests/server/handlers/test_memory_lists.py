"""list_atomic_memories, list_memory_entries, get_memory_entry and list_artifact_revisions over real
HTTP on every engine: answers parsed with PowerContext 1.4.1's own closed models, heads in artifact
id order by state and kind, revisions newest first from a snapshot, signed cursors bound to their
listing (forged 400, expired 410), tag filters refused."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.clock import Clock
from _support.servers import assert_error, new_scope

from pcreceipt.server.http.cursor import CURSOR_TTL_SECONDS

LIST = "/v1/atomic-memory/list"
ENTRIES = "/v1/memory/entries/list"
ENTRY = "/v1/memory/entries/get"

CLOCK_START = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def remember(http: httpx.Client, scope_id: str, text: str, kind: str = "fact") -> dict[str, Any]:
    response = http.post("/v1/memory/remember", json={"scope_id": scope_id, "kind": kind, "text": text})
    assert response.status_code == 200, response.text
    return dict(response.json()["records"][0])


def forget(http: httpx.Client, scope_id: str, record: dict[str, Any]) -> None:
    target = {"artifact": record["artifact"], "state_version": record["state_version"]}
    response = http.post(
        "/v1/atomic-memory/lifecycle", json={"scope_id": scope_id, "target": target, "state": "forgotten"}
    )
    assert response.status_code == 200, response.text


def merge(http: httpx.Client, scope_id: str, *records: dict[str, Any]) -> dict[str, Any]:
    inputs = [{"artifact": r["artifact"], "state_version": r["state_version"]} for r in records]
    body = {"scope_id": scope_id, "inputs": inputs, "content": {"kind": "fact", "text": "merged"}}
    response = http.post("/v1/atomic-memory/merges", json=body)
    assert response.status_code == 200, response.text
    return dict(response.json()["records"][-1])


def listing(http: httpx.Client, path: str, key: str, **fields: Any) -> list[dict[str, Any]]:
    """Every page of a listing, following next_cursor."""
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        response = http.post(path, json={**fields, "cursor": cursor})
        assert response.status_code == 200, response.text
        body = response.json()
        items += body[key]
        cursor = body["next_cursor"]
        if cursor is None:
            return items


def ids(records: list[dict[str, Any]]) -> list[str]:
    return [r["artifact"]["artifact_id"] for r in records]


@pytest.fixture
def populated(http: httpx.Client) -> tuple[str, dict[str, dict[str, Any]]]:
    """A Scope with active facts and a decision, a forgotten memory, two merged inputs and their
    merge result (retired: no, a merge result is active)."""
    scope_id = new_scope(http)
    made = {
        name: remember(http, scope_id, f"memory {name}", kind)
        for name, kind in [
            ("a", "fact"),
            ("b", "decision"),
            ("c", "fact"),
            ("d", "fact"),
            ("e", "fact"),
            ("f", "fact"),
        ]
    }
    forget(http, scope_id, made["c"])
    made["merged"] = merge(http, scope_id, made["d"], made["e"])
    return scope_id, made


def test_heads_by_state_and_kind_in_artifact_id_order(
    http: httpx.Client, populated: tuple[str, dict[str, dict[str, Any]]], powercontext_models: ModuleType
) -> None:
    scope_id, made = populated
    response = http.post(LIST, json={"scope_id": scope_id})
    assert response.status_code == 200
    page = powercontext_models.ListAtomicMemoryResponse.model_validate_json(response.content)
    assert page.next_cursor is None
    active = sorted(made[n]["artifact"]["artifact_id"] for n in ["a", "b", "f", "merged"])
    assert ids(response.json()["items"]) == active
    assert {r["state"] for r in response.json()["items"]} == {"active"}

    everything = listing(http, LIST, "items", scope_id=scope_id, states=["merged", "forgotten", "active"], limit=2)
    assert ids(everything) == sorted(r["artifact"]["artifact_id"] for r in made.values())
    states = {r["artifact"]["artifact_id"]: r["state"] for r in everything}
    assert states[made["c"]["artifact"]["artifact_id"]] == "forgotten"
    merged_into = {r["artifact"]["artifact_id"]: r["merged_into_id"] for r in everything}
    assert merged_into[made["d"]["artifact"]["artifact_id"]] == made["merged"]["artifact"]["artifact_id"]

    facts = listing(http, LIST, "items", scope_id=scope_id, kind="fact", limit=1)
    assert ids(facts) == sorted(made[n]["artifact"]["artifact_id"] for n in ["a", "f", "merged"])
    assert listing(http, LIST, "items", scope_id=scope_id, states=["retired"]) == []
    assert listing(http, LIST, "items", scope_id=scope_id, kind="nothing of this kind") == []


def test_memory_entries_is_the_same_listing(
    http: httpx.Client, populated: tuple[str, dict[str, dict[str, Any]]], powercontext_models: ModuleType
) -> None:
    scope_id, made = populated
    response = http.post(ENTRIES, json={"scope_id": scope_id, "limit": 1})
    assert response.status_code == 200
    parsed = powercontext_models.ListMemoryEntriesResponse.model_validate_json(response.content)
    assert len(parsed.entries) == 1 and parsed.next_cursor
    active = listing(http, ENTRIES, "entries", scope_id=scope_id, limit=3)
    assert ids(active) == ids(listing(http, LIST, "items", scope_id=scope_id))
    every = listing(http, ENTRIES, "entries", scope_id=scope_id, include_inactive=True, limit=3)
    assert ids(every) == sorted(r["artifact"]["artifact_id"] for r in made.values())
    # the same selection is the same listing: its cursors continue either operation
    first = http.post(ENTRIES, json={"scope_id": scope_id, "limit": 1}).json()
    rest = http.post(LIST, json={"scope_id": scope_id, "cursor": first["next_cursor"]})
    assert rest.status_code == 200
    assert ids(first["entries"] + rest.json()["items"]) == ids(active)


def _tampered(cursor: str, **changes: Any) -> str:
    payload, signature = cursor.split(".")
    value = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    value.update(changes)
    raw = json.dumps(value, sort_keys=True, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=") + "." + signature


def test_cursors_are_signed_bound_and_expire(
    http: httpx.Client, populated: tuple[str, dict[str, dict[str, Any]]], clock: Clock
) -> None:
    scope_id, _ = populated
    cursor = http.post(LIST, json={"scope_id": scope_id, "limit": 1}).json()["next_cursor"]
    assert cursor
    # altered (a later start, a later expiry) or made up: not this server's signature
    for forged in [_tampered(cursor, after="zzz"), _tampered(cursor, expires_at=2**40), "abc", "a.b", cursor + "x"]:
        error = assert_error(http.post(LIST, json={"scope_id": scope_id, "cursor": forged}), 400, "invalid_cursor")
        assert error["details"] == {"field": "cursor", "reason": "cursor_malformed"}
    # genuine, but of other filters or another listing
    other = {"scope_id": scope_id, "cursor": cursor}
    for request in [{**other, "kind": "fact"}, {**other, "states": ["active", "forgotten"]}]:
        error = assert_error(http.post(LIST, json=request), 400, "invalid_cursor")
        assert error["details"] == {"field": "cursor", "reason": "cursor_mismatch"}
    assert_error(http.post(ENTRIES, json={**other, "include_inactive": True}), 400, "invalid_cursor")
    assert_error(
        http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory", params={"cursor": cursor}), 400, "invalid_cursor"
    )
    elsewhere = new_scope(http, "elsewhere")
    assert_error(http.post(LIST, json={"scope_id": elsewhere, "cursor": cursor}), 400, "invalid_cursor")
    # valid until the hour is up, then gone
    clock.now += timedelta(seconds=CURSOR_TTL_SECONDS - 1)
    assert http.post(LIST, json=other).status_code == 200
    clock.now += timedelta(seconds=1)
    error = assert_error(http.post(LIST, json=other), 410, "cursor_expired")
    assert error["details"] is None


def test_list_artifacts_and_scopes_cursors_are_signed_and_expire(http: httpx.Client, clock: Clock) -> None:
    scope_id = new_scope(http)
    for n in range(3):
        remember(http, scope_id, f"memory {n}")
    path = f"/v1/scopes/{scope_id}/artifacts/atomic-memory"
    cursor = http.get(path, params={"limit": 1}).json()["next_cursor"]
    assert http.get(path, params={"limit": 1, "cursor": cursor}).status_code == 200
    forged = _tampered(cursor, after="art_0")
    assert_error(http.get(path, params={"cursor": forged}), 400, "invalid_cursor")
    new_scope(http, "second")
    scopes_cursor = http.get("/v1/scopes", params={"limit": 1}).json()["next_cursor"]
    assert scopes_cursor
    assert_error(http.get("/v1/scopes", params={"cursor": cursor}), 400, "invalid_cursor")
    clock.now += timedelta(seconds=CURSOR_TTL_SECONDS)
    assert_error(http.get(path, params={"cursor": cursor}), 410, "cursor_expired")
    assert_error(http.get("/v1/scopes", params={"cursor": scopes_cursor}), 410, "cursor_expired")


def test_bad_requests_are_clear_4xx(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    for body, path in [
        ({"scope_id": scope_id, "tags": [" x"]}, "/tags/0"),
        ({"scope_id": scope_id, "states": []}, None),
        ({"scope_id": scope_id, "states": ["active", "active"]}, None),
        ({"scope_id": scope_id, "states": ["deleted"]}, None),
        ({"scope_id": scope_id, "limit": 0}, None),
        ({"scope_id": scope_id, "limit": 101}, None),
    ]:
        error = assert_error(http.post(LIST, json=body), 422, "invalid_request")
        if path:
            assert [violation["path"] for violation in error["details"]["violations"]] == [path]
    assert http.post(LIST, json={"scope_id": scope_id, "tags": [], "tag_match": "any"}).status_code == 200
    error = assert_error(
        http.post(ENTRIES, json={"scope_id": scope_id, "tag_filter": {"tags": ["x", "X"]}}), 422, "invalid_request"
    )
    assert [violation["path"] for violation in error["details"]["violations"]] == ["/tag_filter/tags/1"]
    assert http.post(ENTRIES, json={"scope_id": scope_id, "tag_filter": None}).json() == {
        "entries": [],
        "next_cursor": None,
    }
    for path in [LIST, ENTRIES]:
        assert_error(http.post(path, json={"scope_id": "scp_missing"}), 404, "scope_not_found")


def test_memory_entry_reads(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    target = {"type": "memory_entry", "family": "memory", "artifact_id": "mem_1", "entry_id": "e1"}
    assert_error(http.post(ENTRY, json={"scope_id": scope_id, "target": target}), 404, "not_found")
    assert_error(http.post(ENTRY, json={"scope_id": "scp_missing", "target": target}), 404, "scope_not_found")
    error = assert_error(
        http.post(ENTRY, json={"scope_id": scope_id, "citation": {"artifact_id": "mem_1", "revision": 3}}),
        422,
        "legacy_memory_operation_unsupported",
    )
    assert error["details"]["violations"] == [{"path": "/citation", "rule": "legacy_citation_unsupported"}]
    for body in [{"scope_id": scope_id}, {"scope_id": scope_id, "target": target, "citation": {}}]:
        assert_error(http.post(ENTRY, json=body), 422, "invalid_request")
    assert_error(
        http.post(ENTRY, json={"scope_id": scope_id, "target": {**target, "family": "atomic-memory"}}),
        422,
        "invalid_request",
    )


def test_revisions_newest_first_from_a_snapshot(http: httpx.Client) -> None:
    """list_artifact_revisions: newest first, no contents; a revision written while paging is not
    listed (the cursor keeps the first page's head); the cursor is bound to the artifact."""
    scope_id = new_scope(http)
    created = http.post(
        f"/v1/scopes/{scope_id}/artifacts", json={"family": "atomic-memory", "content": {"kind": "k", "text": "v1"}}
    ).json()
    path = f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{created['artifact_id']}"
    for n in range(2, 5):
        put = http.put(
            path, json={"content": {"kind": "k", "text": f"v{n}"}}, headers={"If-Match": f'"revision:{n - 1}"'}
        )
        assert put.status_code == 200, put.text
    first = http.get(f"{path}/revisions", params={"limit": 2}).json()
    assert [i["revision"] for i in first["items"]] == [4, 3] and "content" not in first["items"][0]
    put = http.put(path, json={"content": {"kind": "k", "text": "v5"}}, headers={"If-Match": '"revision:4"'})
    assert put.status_code == 200
    rest = http.get(f"{path}/revisions", params={"limit": 2, "cursor": first["next_cursor"]}).json()
    assert [i["revision"] for i in rest["items"]] == [2, 1] and rest["next_cursor"] is None
    assert [i["revision"] for i in http.get(f"{path}/revisions").json()["items"]] == [5, 4, 3, 2, 1]
    other = http.post(
        f"/v1/scopes/{scope_id}/artifacts", json={"family": "atomic-memory", "content": {"kind": "k", "text": "o"}}
    ).json()
    other_path = f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{other['artifact_id']}/revisions"
    assert_error(http.get(other_path, params={"cursor": first["next_cursor"]}), 400, "invalid_cursor")
    assert_error(http.get(f"{path}/revisions", params={"cursor": "x.y"}), 400, "invalid_cursor")
    assert_error(http.get(f"{path}x/revisions"), 404, "artifact_not_found")
    assert_error(http.get(f"{path}/revisions", params={"limit": 0}), 400, "invalid_request")


def tag(http: httpx.Client, scope_id: str, artifact_id: str, tags: list[str]) -> None:
    path = f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/tags"
    etag = http.get(path).headers["etag"]
    assert http.put(path, json={"tags": tags}, headers={"If-Match": etag}).status_code == 200


def test_tag_filters_admit_before_the_limit_and_bind_the_cursor(http: httpx.Client) -> None:
    """Ten memories, every third tagged ``Release`` and every other ``docs``: the filter picks by
    key (case folded) before the page limit, pages of one reach every admitted memory, and the
    cursor of one filter does not continue another."""
    scope_id = new_scope(http)
    made = [remember(http, scope_id, f"tagged memory {n}")["artifact"]["artifact_id"] for n in range(10)]
    for n, artifact_id in enumerate(made):
        tags = (["Release"] if n % 3 == 0 else []) + (["docs"] if n % 2 == 0 else [])
        if tags:
            tag(http, scope_id, artifact_id, tags)
    release = sorted(a for n, a in enumerate(made) if n % 3 == 0)
    either = sorted(a for n, a in enumerate(made) if n % 3 == 0 or n % 2 == 0)
    both = sorted(a for n, a in enumerate(made) if n % 6 == 0)

    def walk(path: str, body: dict[str, Any], key: str) -> list[str]:
        seen, cursor = [], None
        while True:
            page = http.post(path, json={**body, "limit": 1, **({"cursor": cursor} if cursor else {})}).json()
            seen += [item["artifact"]["artifact_id"] for item in page[key]]
            cursor = page["next_cursor"]
            if cursor is None:
                return seen

    assert walk(LIST, {"scope_id": scope_id, "tags": ["release"]}, "items") == release
    assert walk(LIST, {"scope_id": scope_id, "tags": ["RELEASE", "docs"], "tag_match": "any"}, "items") == either
    assert walk(LIST, {"scope_id": scope_id, "tags": ["Release", "Docs"]}, "items") == both
    assert walk(ENTRIES, {"scope_id": scope_id, "tag_filter": {"tags": ["release"]}}, "entries") == release
    first = http.post(LIST, json={"scope_id": scope_id, "tags": ["release"], "limit": 1}).json()
    other = {"scope_id": scope_id, "tags": ["docs"], "limit": 1, "cursor": first["next_cursor"]}
    assert_error(http.post(LIST, json=other), 400, "invalid_cursor")
    unfiltered = {"scope_id": scope_id, "limit": 1, "cursor": first["next_cursor"]}
    assert_error(http.post(LIST, json=unfiltered), 400, "invalid_cursor")
    same = {"scope_id": scope_id, "tag_filter": {"tags": ["RELEASE"]}, "limit": 1, "cursor": first["next_cursor"]}
    assert http.post(ENTRIES, json=same).json()["entries"][0]["artifact"]["artifact_id"] == release[1]
