"""Prepare over HTTP with the real runtime: the wire shape hosts check, and the Receipt on request."""

from __future__ import annotations

import hashlib
import json
import uuid

import httpx
import pytest
from _support.servers import assert_request_id

from pcreceipt.client import AsyncClient
from pcreceipt.contract import gate
from pcreceipt.contract.digests import wire_bytes
from pcreceipt.contract.forms import TRUST_TEXT
from pcreceipt.models import HistorySelectedItem

pytestmark = pytest.mark.anyio

FOUR_KEYS = ["schema", "status", "content", "content_bytes"]


async def _seeded_scope(client: AsyncClient, references: list[str] | None = None) -> str:
    scope = await client.create_scope(
        {
            "title": "Payments",
            "summary": "Prepare tests",
            "idempotency_key": uuid.uuid4().hex,
            "context_references": references or [],
        }
    )
    for text in ("We chose SQLite as the embedded default store.", "The build uses Bazel."):
        await client.create_artifact(
            scope.scope_id, {"family": "atomic-memory", "content": {"kind": "decision", "text": text}}
        )
    return scope.scope_id


def _check_host_rules(body: dict[str, object], max_bytes: int) -> None:
    """What the official host validators check on the default path."""
    assert list(body) == FOUR_KEYS
    assert body["schema"] == "powercontext.prepared-context.v1"
    content = body["content"]
    assert isinstance(content, str) and content.strip() and body["status"] == "ready"
    assert body["content_bytes"] == len(content.encode("utf-8")) <= max_bytes


async def test_the_official_clients_default_body_returns_exactly_four_keys(
    http: httpx.AsyncClient, client: AsyncClient
) -> None:
    scope_id = await _seeded_scope(client)
    wire_body = {
        "scope_id": scope_id,
        "query": "SQLite",
        "max_bytes": 8000,
        "include_code": False,
        "bootstrap_receipt_id": None,
    }
    response = await http.post("/v1/context/prepare", json=wire_body)
    assert response.status_code == 200 and response.headers["content-type"] == "application/json"
    assert_request_id(response)
    body = json.loads(response.content)
    _check_host_rules(body, 8000)
    assert "SQLite" in body["content"]
    assert response.content == wire_bytes(body)  # the one wire serialisation


async def test_the_default_form_is_powercontexts_envelope_and_any_assembly_its_markdown(
    http: httpx.AsyncClient, client: AsyncClient
) -> None:
    scope_id = await _seeded_scope(client)
    request = {"scope_id": scope_id, "query": "SQLite", "max_bytes": 8000}
    envelope = (await http.post("/v1/context/prepare", json=request)).json()
    lines = envelope["content"].split("\n")
    assert lines[:2] == TRUST_TEXT.split("\n") and lines[3] == "BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1"
    assert lines[-1] == "END_POWERCONTEXT_PREPARED_CONTEXT_V1" and len(lines) == 6
    (item,) = json.loads(lines[4])["items"]
    assert list(item) == ["citation", "content", "truncated", "kind"] and list(item["citation"]) == ["artifact_ref"]
    assert item["content"] == "We chose SQLite as the embedded default store."
    markdown = (await http.post("/v1/context/prepare", json={**request, "assembly": {}})).json()
    parts = markdown["content"].split("\n\n")
    assert parts[:3] == ["# PowerContext historical context", TRUST_TEXT, "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1"]
    assert parts[3:5] == ["## Memory", "### Memory 1"] and parts[-1] == "END_POWERCONTEXT_PREPARED_TEXT_V1"
    artifact_id = item["citation"]["artifact_ref"]["artifact_id"]
    assert parts[5].split("\n") == [
        f'    Scope: "{scope_id}"',
        f'    Artifact: family="atomic-memory", id="{artifact_id}", revision=1',
        "    Truncated: no",
    ]
    empty = (await http.post("/v1/context/prepare", json={**request, "assembly": {"sections": []}})).json()
    assert empty == {
        "schema": "powercontext.prepared-context.v1",
        "status": "empty",
        "content": None,
        "content_bytes": 0,
    }


@pytest.mark.parametrize("receipt_id", ["bcr_5b276ee74758465eb2d0ffaa2bed671d", "unknown", "~" * 64])
async def test_a_bootstrap_receipt_id_is_accepted_and_changes_nothing(
    http: httpx.AsyncClient, client: AsyncClient, receipt_id: str
) -> None:
    scope_id = await _seeded_scope(client)
    request = {"scope_id": scope_id, "query": "SQLite", "max_bytes": 8000, "bootstrap_receipt_id": None}
    plain = await http.post("/v1/context/prepare", json=request)
    named = await http.post("/v1/context/prepare", json={**request, "bootstrap_receipt_id": receipt_id})
    assert plain.status_code == named.status_code == 200 and plain.content == named.content


@pytest.mark.parametrize("flag", [{}, {"include_receipt": False}, {"include_receipt": None}, {"explain": True}])
async def test_without_the_flag_there_is_no_receipt(
    http: httpx.AsyncClient, client: AsyncClient, flag: dict[str, object]
) -> None:
    scope_id = await _seeded_scope(client)
    response = await http.post(
        "/v1/context/prepare", json={"scope_id": scope_id, "query": "Bazel", "max_bytes": 1024, **flag}
    )
    _check_host_rules(response.json(), 1024)


async def test_include_receipt_adds_a_valid_receipt(http: httpx.AsyncClient, client: AsyncClient) -> None:
    scope_id = await _seeded_scope(client)
    request = {"scope_id": scope_id, "query": "SQLite", "include_receipt": True}
    response = await http.post("/v1/context/prepare", json=request)
    body = response.json()
    assert list(body) == [*FOUR_KEYS, "receipt"]
    assert gate.check_prepared_context(body, max_bytes=8000, include_receipt=True, explain=False) == []
    receipt = body["receipt"]
    assert receipt["content_digest"] == "sha256:" + hashlib.sha256(body["content"].encode()).hexdigest()
    serialized = wire_bytes(receipt)
    assert serialized in response.content and len(serialized) <= gate.RECEIPT_MAX_BYTES

    # progressive inspection: every selected identity is an exact read
    for item in receipt["selected"]:
        address = item["artifact_address"]
        artifact = address["artifact"]
        exact = await client.get_artifact_revision(
            address["scope_id"], artifact["family"], artifact["artifact_id"], artifact["revision"]
        )
        assert exact.content.model_dump()["text"] in body["content"]


async def test_the_client_parses_a_receipt_strictly(client: AsyncClient) -> None:
    scope_id = await _seeded_scope(client)
    prepared = await client.prepare_context({"scope_id": scope_id, "query": "Bazel"}, include_receipt=True)
    assert prepared.status == "ready" and prepared.receipt is not None
    assert prepared.receipt.used_bytes == prepared.content_bytes
    plain = await client.prepare_context(
        {"scope_id": scope_id, "query": "Bazel", "include_receipt": True}, include_receipt=False
    )
    assert plain.receipt is None


async def test_referenced_scopes_are_searched(client: AsyncClient) -> None:
    shared = await _seeded_scope(client)
    own = (
        await client.create_scope(
            {
                "title": "Own",
                "summary": "References shared",
                "idempotency_key": uuid.uuid4().hex,
                "context_references": [shared],
            }
        )
    ).scope_id
    prepared = await client.prepare_context({"scope_id": own, "query": "Bazel"}, include_receipt=True)
    assert prepared.status == "ready" and prepared.receipt is not None
    scopes = {
        item.artifact_address.scope_id for item in prepared.receipt.selected if isinstance(item, HistorySelectedItem)
    }
    assert scopes == {shared}
