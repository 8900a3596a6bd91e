"""The legacy Memory collection operations over real HTTP on every engine: each valid request is
422 ``legacy_memory_operation_unsupported`` with PowerContext 1.4.1's details for its operation,
after request validation, looking up no Scope (but ``list_memory_changes``, which needs read on
its Scope) and writing nothing; any valid token may call the five 1.4.1 authorises with no grant."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.servers import assert_error, new_scope
from _support.tokens import token_server
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.contract import gate
from pcreceipt.server.handlers.legacy_memory import REFUSALS

CITATION = {"artifact_id": "mem_legacy", "entry_id": "e-1", "entry_version_id": "v-1"}
TAGS = "/v1/scopes/{scope}/artifacts/memory/mem_legacy/entries/e-1/tags"

Send = Callable[[httpx.Client, str], httpx.Response]

#: A valid request per operation, and the operation name 1.4.1 gives in its details.
REQUESTS: dict[str, tuple[Send, str]] = {
    "get_memory_capacity": (lambda h, s: h.post("/v1/memory/capacity", json={"scope_id": s}), "collection capacity"),
    "revise_memory_entry": (
        lambda h, s: h.post(
            "/v1/memory/entries/revise", json={"scope_id": s, "citation": CITATION, "kind": "fact", "text": "new"}
        ),
        "citation revise",
    ),
    "retire_memory_entry": (
        lambda h, s: h.post("/v1/memory/entries/retire", json={"scope_id": s, "citation": CITATION, "reason": None}),
        "citation retire",
    ),
    "list_memory_changes": (
        lambda h, s: h.post("/v1/memory/changes", json={"scope_id": s, "since_revision": 0}),
        "continuous collection changes",
    ),
    "get_memory_entry_tags": (lambda h, s: h.get(TAGS.format(scope=s)), "entry tags"),
    "replace_memory_entry_tags": (
        lambda h, s: h.put(TAGS.format(scope=s), json={"tags": ["legacy"]}, headers={"If-Match": '"t1"'}),
        "entry tags",
    ),
}
NO_SCOPE_LOOKUP = set(REQUESTS) - {"list_memory_changes"}


def assert_refused(response: httpx.Response, operation: str) -> dict[str, Any]:
    error = assert_error(response, 422, "legacy_memory_operation_unsupported")
    details = error["details"]
    assert set(details) == {"kind", "name", "operation", "alternatives", "instruction"}
    assert (details["kind"], details["name"], details["operation"]) == ("artifact_family", "memory", operation)
    return details


def snapshot(http: httpx.Client, scope_id: str) -> Any:
    states = ["active", "forgotten", "merged", "retired"]
    listed = http.post("/v1/atomic-memory/list", json={"scope_id": scope_id, "states": states, "limit": 100})
    assert listed.status_code == 200
    return listed.json()


@pytest.mark.parametrize("operation_id", list(REQUESTS))
def test_a_valid_request_is_refused_with_its_details_and_writes_nothing(http: httpx.Client, operation_id: str) -> None:
    scope_id = new_scope(http)
    remembered = http.post("/v1/memory/remember", json={"scope_id": scope_id, "kind": "fact", "text": "kept"})
    assert remembered.status_code == 200
    before = snapshot(http, scope_id)
    send, operation = REQUESTS[operation_id]
    details = assert_refused(send(http, scope_id), operation)
    assert details["alternatives"] == list(REFUSALS[operation_id].alternatives)
    assert snapshot(http, scope_id) == before


@pytest.mark.parametrize("operation_id", list(REQUESTS))
def test_an_unknown_scope(http: httpx.Client, operation_id: str) -> None:
    """1.4.1 looks up no Scope for five of them; list_memory_changes is Scope-bound here (404 first)."""
    send, operation = REQUESTS[operation_id]
    response = send(http, "scp_never_created")
    if operation_id in NO_SCOPE_LOOKUP:
        assert_refused(response, operation)
    else:
        assert_error(response, 404, "scope_not_found")


def test_request_validation_comes_first(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    bad = [
        http.post("/v1/memory/capacity", json={"scope_id": scope_id, "extra": 1}),
        http.post("/v1/memory/capacity", json={"scope_id": " "}),
        http.post("/v1/memory/entries/revise", json={"scope_id": scope_id, "kind": "fact", "text": "new"}),
        http.post(
            "/v1/memory/entries/revise", json={"scope_id": scope_id, "citation": CITATION, "kind": "", "text": "x"}
        ),
        http.post("/v1/memory/entries/retire", json={"scope_id": scope_id, "citation": "e-1"}),
        http.post("/v1/memory/entries/retire", json={"scope_id": scope_id, "citation": {}, "reason": "r" * 513}),
        http.post("/v1/memory/changes", json={"scope_id": scope_id, "since_revision": -1}),
        http.put(TAGS.format(scope=scope_id), json={"tags": "legacy"}),
        http.put(TAGS.format(scope=scope_id), json={"tags": ["legacy"], "other": True}),
    ]
    for response in bad:
        assert_error(response, 422, "invalid_request")


def test_if_match_is_not_required_and_if_none_match_changes_nothing(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    assert_refused(http.put(TAGS.format(scope=scope_id), json={"tags": []}), "entry tags")
    assert_refused(http.get(TAGS.format(scope=scope_id), headers={"If-None-Match": '"t1"'}), "entry tags")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    artifact_id=st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E, exclude_characters="/?#%."), min_size=1),
    entry_id=st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E, exclude_characters="/?#%."), min_size=1),
)
def test_any_entry_path_is_refused_alike(http: httpx.Client, artifact_id: str, entry_id: str) -> None:
    """The answer names no submitted value: the same details whatever the ids."""
    path = f"/v1/scopes/scp_any/artifacts/memory/{artifact_id[:128]}/entries/{entry_id[:128]}/tags"
    details = assert_refused(http.get(path), "entry tags")
    assert details == REFUSALS["get_memory_entry_tags"].error().details


def test_every_alternative_is_a_route_served() -> None:
    document = gate.openapi_document()
    templates = [
        (method.upper(), re.compile("^" + re.sub(r"\\{[^/]+?\\}", "[^/]+", re.escape(path)) + "$"))
        for path, item in document["paths"].items()
        for method in item
    ]
    for refusal in REFUSALS.values():
        for alternative in refusal.alternatives:
            method, _, path = alternative.partition(" ")
            assert any(m == method and pattern.match(path) for m, pattern in templates), alternative
        assert gate.check_schema("ErrorEnvelope", refusal.error().envelope()) == []


def test_grants(tmp_path: Path) -> None:
    """Five need only a valid token (1.4.1 checks no grant); list_memory_changes needs read on the Scope."""
    with token_server(tmp_path) as server:
        with server.client(server.issue([("*", "admin")])) as admin:
            scope_id = new_scope(admin)
        elsewhere = server.issue([("scp_other", "read")])
        reader = server.issue([(scope_id, "read")])
        for operation_id, (send, operation) in REQUESTS.items():
            with server.client(None) as anonymous:
                assert_error(send(anonymous, scope_id), 401, "unauthorized")
            with server.client(elsewhere) as other:
                if operation_id in NO_SCOPE_LOOKUP:
                    assert_refused(send(other, scope_id), operation)
                else:
                    assert_error(send(other, scope_id), 403, "forbidden")
            with server.client(reader) as allowed:
                assert_refused(send(allowed, scope_id), operation)
