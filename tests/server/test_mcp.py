"""MCP at /mcp and /mcp/, driven by the official ``mcp`` client against ``pcreceipt serve`` (a real
process on loopback, token mode, SQLite).

Every tool call must answer exactly as its HTTP operation does (same pipeline: authentication,
checks, grants, handler, gate): the structured result of a read equals the HTTP JSON of the same
request, errors carry the HTTP status and the error code, and nothing is a 500.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.ports import free_port
from _support.seekdb import SeekdbServer, oceanbase_url
from _support.tokens import auth, clean_environment, issue, make_scope, serve_subprocess
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from pcreceipt.config import Settings
from pcreceipt.contract import gate
from pcreceipt.models import OPERATIONS
from pcreceipt.server.http.mcp_server import INSTRUCTIONS, SERVER_NAME
from pcreceipt.store.sqlite import SQLiteStore

pytestmark = pytest.mark.anyio
SSE_ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
}


@dataclass
class McpServer:
    url: str
    admin: str  # admin on every Scope
    writer: str  # write on ``granted`` only
    granted: str
    other: str
    log: Path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[McpServer]:
    data = tmp_path_factory.mktemp("mcp") / "data"
    data.mkdir()
    store = SQLiteStore(data / "pcreceipt.db")
    try:
        granted, other = make_scope(store, "granted").scope_id, make_scope(store, "other").scope_id
        admin = issue(store, [("*", "admin")])
        writer = issue(store, [(granted, "write")])
    finally:
        store.close()
    port = free_port()
    with serve_subprocess(data, port, "--require-tokens") as process:
        yield McpServer(f"http://127.0.0.1:{port}", admin, writer, granted, other, process.log)
    assert "Traceback" not in process.output()


@asynccontextmanager
async def session(url: str, token: str | None) -> AsyncIterator[ClientSession]:
    async with (
        httpx.AsyncClient(headers=auth(token), timeout=30) as http,
        streamable_http_client(url, http_client=http) as (read, write, _),
        ClientSession(read, write) as client,
    ):
        await client.initialize()
        yield client


def structured(result: CallToolResult) -> Any:
    assert not result.isError, result.content
    (item,) = result.content
    assert item.type == "text" and json.loads(item.text) == result.structuredContent
    return result.structuredContent


def error_text(result: CallToolResult, status: int, code: str) -> str:
    assert result.isError and result.structuredContent is None
    (item,) = result.content
    assert item.type == "text"
    assert f"HTTP error {status}: " in item.text, item.text
    envelope = json.loads(item.text.split(" - ", 1)[1])
    assert gate.check_schema("ErrorEnvelope", envelope) == []
    assert envelope["error"]["code"] == code, item.text
    return item.text


@pytest.mark.parametrize("path", ["/mcp", "/mcp/"])
async def test_initialize_and_list_the_generated_catalogue(server: McpServer, path: str) -> None:
    async with (
        httpx.AsyncClient(headers=auth(server.admin), timeout=30) as http,
        streamable_http_client(server.url + path, http_client=http) as (read, write, _),
        ClientSession(read, write) as client,
    ):
        init = await client.initialize()
        assert init.serverInfo.name == SERVER_NAME
        assert init.capabilities.tools is not None
        assert init.instructions == INSTRUCTIONS
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    generated = {tool["name"]: tool for tool in gate.mcp_catalogue()["tools"]}
    assert set(tools) == set(generated)
    assert {"remember_memory", "search_memory", "get_artifact_revision"} <= set(tools)
    assert "prepare_context" not in tools and "flush_memory" not in tools
    for name, tool in tools.items():
        assert tool.inputSchema == generated[name]["inputSchema"]
        assert tool.outputSchema == generated[name]["outputSchema"]
        listed = None if tool.annotations is None else tool.annotations.model_dump(exclude_none=True)
        assert listed == generated[name]["annotations"]
    assert tools["search_memory"].annotations.readOnlyHint is True  # type: ignore[union-attr]
    assert tools["remember_memory"].annotations is None  # 1.4.1 sets none for it


async def test_memory_write_search_and_the_artifact_cycle_with_its_etag(server: McpServer) -> None:
    text = "The MCP transport stores and finds this exact memory."
    scope = server.granted
    async with session(server.url + "/mcp/", server.writer) as client:
        remembered = structured(
            await client.call_tool("remember_memory", {"scope_id": scope, "kind": "fact", "text": text})
        )
        (record,) = remembered["records"]
        assert remembered["changed"] is True and record["text"] == text
        ref = record["artifact"]
        found = structured(
            await client.call_tool(
                "search_memory", {"scope_id": scope, "query": "transport stores exact", "mode": "fts"}
            )
        )
        assert [hit["memory"]["text"] for hit in found["hits"]] == [text]
        address = {"scope_id": scope, "family": "atomic-memory", "artifact_id": ref["artifact_id"]}
        head = structured(await client.call_tool("get_artifact", address))
        assert head["status_code"] == 200 and head["etag"] == '"revision:1"'
        assert head["artifact"]["content"]["text"] == text
        same = structured(await client.call_tool("get_artifact", {**address, "If-None-Match": head["etag"]}))
        assert same == {"artifact": None, "etag": head["etag"], "status_code": 304}
        content = {"kind": "fact", "text": "The MCP transport replaced it."}
        replaced = structured(
            await client.call_tool("replace_artifact", {**address, "If-Match": head["etag"], "content": content})
        )
        assert replaced["status_code"] == 200 and replaced["etag"] == '"revision:2"'
        assert replaced["artifact"]["revision"] == 2
        stale = await client.call_tool("replace_artifact", {**address, "If-Match": head["etag"], "content": content})
        error_text(stale, 412, "revision_conflict")
        missing = await client.call_tool("replace_artifact", {**address, "content": content})
        error_text(missing, 428, "precondition_required")
        first = structured(await client.call_tool("get_artifact_revision", {**address, "revision": 1}))
    # the tool's answer is the HTTP answer of the same request, byte for byte as JSON
    path = f"/v1/scopes/{scope}/artifacts/atomic-memory/{ref['artifact_id']}/revisions/1"
    over_http = httpx.get(server.url + path, headers=auth(server.writer))
    assert over_http.status_code == 200 and over_http.json() == first
    assert first["content"]["text"] == text


async def test_replace_artifact_writes_atomic_memory_only(server: McpServer) -> None:
    """The tool's schema takes family atomic-memory only (as PowerContext 1.4.1's tool), and the
    server holds it: a Topic Memory replaced over MCP is refused before anything is written (422
    invalid_request, rule const at /path/family), its If-Match right and its content valid; over
    HTTP the same replace is the operation's own and commits revision 2."""
    scope = server.granted
    topic = {"title": "MCP family", "summary": "Which families MCP replaces.", "detail": "Atomic only."}
    made = httpx.post(
        f"{server.url}/v1/scopes/{scope}/artifacts",
        json={"family": "topic-memory", "content": topic},
        headers=auth(server.writer),
    )
    assert made.status_code == 201, made.text
    artifact_id = made.json()["artifact_id"]
    address = {"scope_id": scope, "family": "topic-memory", "artifact_id": artifact_id}
    changed = {**topic, "detail": "Replaced over MCP."}
    async with session(server.url + "/mcp", server.writer) as client:
        schema = next(t for t in (await client.list_tools()).tools if t.name == "replace_artifact").inputSchema
        assert schema["properties"]["family"]["const"] == "atomic-memory"
        head = structured(await client.call_tool("get_artifact", address))  # reading any family stays open
        assert head["etag"] == '"revision:1"'
        refused = await client.call_tool("replace_artifact", {**address, "If-Match": head["etag"], "content": changed})
    text = error_text(refused, 422, "invalid_request")
    envelope = json.loads(text.split(" - ", 1)[1])
    assert envelope["error"]["details"]["violations"] == [{"path": "/path/family", "rule": "const"}]
    path = f"{server.url}/v1/scopes/{scope}/artifacts/topic-memory/{artifact_id}"
    unchanged = httpx.get(path, headers=auth(server.writer))
    assert unchanged.headers["etag"] == '"revision:1"' and unchanged.json()["content"] == topic
    over_http = httpx.put(path, json={"content": changed}, headers={**auth(server.writer), "If-Match": '"revision:1"'})
    assert over_http.status_code == 200 and over_http.json()["revision"] == 2


async def test_lifecycle_merge_and_capture(server: McpServer) -> None:
    scope = server.granted
    async with session(server.url + "/mcp", server.writer) as client:
        refs = []
        for text in ("Lifecycle one is about anchovies.", "Lifecycle two is about anchovies too."):
            out = structured(
                await client.call_tool("remember_memory", {"scope_id": scope, "kind": "fact", "text": text})
            )
            refs.append(out["records"][0]["artifact"])
        state = structured(
            await client.call_tool(
                "get_atomic_memory_state", {"scope_id": scope, "artifact_id": refs[0]["artifact_id"]}
            )
        )
        assert state["state"] == "active"
        merged = structured(
            await client.call_tool(
                "merge_atomic_memories",
                {
                    "scope_id": scope,
                    "inputs": [{"artifact": ref, "state_version": 0} for ref in refs],
                    "content": {"kind": "fact", "text": "Both lifecycles are about anchovies."},
                },
            )
        )
        assert merged["changed"] is True
        merged_ids = {ref["artifact_id"] for ref in refs}
        (result,) = [record for record in merged["records"] if record["artifact"]["artifact_id"] not in merged_ids]
        target = {"artifact": result["artifact"], "state_version": result["state_version"]}
        forgotten = structured(
            await client.call_tool(
                "change_atomic_memory_lifecycle", {"scope_id": scope, "target": target, "state": "forgotten"}
            )
        )
        assert [record["state"] for record in forgotten["records"]] == ["forgotten"]
        found = structured(
            await client.call_tool("search_memory", {"scope_id": scope, "query": "anchovies", "mode": "fts"})
        )
        assert found["hits"] == []
        captured = structured(
            await client.call_tool(
                "capture_content_source",
                {"scope_id": scope, "source_id": "mcp-test:1", "content": "captured over MCP", "metadata": {}},
            )
        )
        assert captured["status"] == "accepted"


async def test_scopes_and_bindings(server: McpServer) -> None:
    async with session(server.url + "/mcp/", server.admin) as client:
        created = structured(
            await client.call_tool(
                "create_scope", {"title": "Over MCP", "summary": "made by a tool", "idempotency_key": "mcp-1"}
            )
        )
        scope_id = created["scope_id"]
        assert structured(await client.call_tool("get_scope", {"scope_id": scope_id}))["title"] == "Over MCP"
        listed = structured(await client.call_tool("list_scopes", {"limit": 100}))
        assert scope_id in {item["scope_id"] for item in listed["items"]}
        key = {"integration": "mcp-test", "kind": "workspace", "external_id": "w1"}
        structured(await client.call_tool("set_scope_binding", {"key": key, "scope_id": scope_id}))
        resolved = structured(
            await client.call_tool("resolve_scope_binding", {"explicit_scope_id": None, "binding_keys": [key]})
        )
        assert resolved["scope_id"] == scope_id
        cleared = structured(await client.call_tool("clear_scope_binding", {"key": key}))
        assert cleared == {"cleared": True}


async def test_the_handoff_report_tool_answers_json_or_markdown(server: McpServer) -> None:
    """get_handoff_report's tool declares no output schema (as 1.4.1's): JSON is structured, Markdown is text only."""
    selection = {"mode": "exact", "scope_ids": [server.granted]}
    async with session(server.url + "/mcp/", server.writer) as client:
        answer = structured(await client.call_tool("get_handoff_report", {"selection": selection}))
        assert answer["report"]["scopes"][0]["status"] == "no_handoff" and answer["markdown"] is None
        markdown = await client.call_tool("get_handoff_report", {"selection": selection, "format": "markdown"})
        assert not markdown.isError and markdown.structuredContent is None
        (item,) = markdown.content
        assert item.type == "text" and item.text.startswith("# Handoff Report\n")
        error_text(
            await client.call_tool("get_handoff_report", {"selection": {"mode": "exact", "scope_ids": [server.other]}}),
            403,
            "forbidden",
        )


async def test_a_scope_outside_the_tokens_grants_is_an_error_result(server: McpServer) -> None:
    async with session(server.url + "/mcp", server.writer) as client:
        refused = await client.call_tool("search_memory", {"scope_id": server.other, "query": "anything"})
        error_text(refused, 403, "forbidden")
        refused = await client.call_tool("remember_memory", {"scope_id": server.other, "kind": "fact", "text": "x"})
        error_text(refused, 403, "forbidden")
        refused = await client.call_tool("create_scope", {"title": "t", "summary": "s", "idempotency_key": "k"})
        error_text(refused, 403, "forbidden")


@pytest.mark.parametrize("path", ["/mcp", "/mcp/"])
@pytest.mark.parametrize("token", [None, "pcr_0000000000000000_" + "A" * 43, "not-a-token"])
def test_no_or_a_wrong_token_is_401_before_any_json_rpc(server: McpServer, path: str, token: str | None) -> None:
    response = httpx.post(server.url + path, json=INITIALIZE, headers={**SSE_ACCEPT, **auth(token)})
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "unauthorized"
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


async def test_the_official_client_cannot_start_without_a_token(server: McpServer) -> None:
    with pytest.raises(BaseException) as caught:
        async with session(server.url + "/mcp/", None):
            pass
    assert "401" in repr(caught.value.exceptions if isinstance(caught.value, BaseExceptionGroup) else caught.value)


async def test_bad_arguments_are_error_results_never_500(server: McpServer) -> None:
    scope = server.granted
    async with session(server.url + "/mcp/", server.admin) as client:
        missing = error_text(await client.call_tool("search_memory", {"scope_id": scope}), 422, "invalid_request")
        violations = json.loads(missing.split(" - ", 1)[1])["error"]["details"]["violations"]
        assert {"path": "", "rule": "required", "property": "query"} in violations
        error_text(await client.call_tool("search_memory", {"scope_id": scope, "query": ""}), 422, "invalid_request")
        error_text(
            await client.call_tool("search_memory", {"scope_id": scope, "query": "q", "limit": "x"}),
            422,
            "invalid_request",
        )
        error_text(await client.call_tool("get_scope", {"scope_id": {"a": 1}}), 422, "invalid_request")
        error_text(await client.call_tool("get_scope", {"scope_id": scope, "extra": 1}), 422, "invalid_request")
        error_text(await client.call_tool("get_scope", {}), 422, "invalid_request")
        address = {"scope_id": scope, "family": "atomic-memory", "artifact_id": "art_x"}
        error_text(
            await client.call_tool("get_artifact", {**address, "If-None-Match": "\u20ac"}), 422, "invalid_request"
        )
        error_text(await client.call_tool("list_scopes", {"limit": [1, 2]}), 422, "invalid_request")
        error_text(await client.call_tool("get_scope", {"scope_id": "scp_missing"}), 404, "scope_not_found")
        text = error_text(
            await client.call_tool(
                "get_artifact_revision",
                {"scope_id": scope, "family": "atomic-memory", "artifact_id": "art_x", "revision": "one"},
            ),
            422,
            "invalid_request",
        )
        assert text.startswith("Error calling tool 'get_artifact_revision': HTTP error 422: Unprocessable Entity - ")
        unknown = await client.call_tool("no_such_tool", {})
        assert unknown.isError
        # the server is still fine
        assert structured(await client.call_tool("get_scope", {"scope_id": scope}))["scope_id"] == scope


def test_an_oversized_request_is_413_before_the_sdk_reads_it(server: McpServer) -> None:
    padding = "x" * (Settings().max_body_bytes + 70 * 1024)
    call = {
        "jsonrpc": "2.0",
        "id": 9,
        "method": "tools/call",
        "params": {"name": "get_scope", "arguments": {"p": padding}},
    }
    response = httpx.post(server.url + "/mcp/", json=call, headers={**SSE_ACCEPT, **auth(server.admin)})
    assert response.status_code == 413 and response.json()["error"]["code"] == "request_too_large"


def test_other_methods_are_405(server: McpServer) -> None:
    for path in ("/mcp", "/mcp/"):
        response = httpx.get(server.url + path, headers=auth(server.admin))
        assert response.status_code == 405 and response.headers["Allow"] == "POST"


def test_every_tool_is_an_operation_the_server_routes() -> None:
    served = {operation.operation_id for operation in OPERATIONS}
    assert {tool["name"] for tool in gate.mcp_catalogue()["tools"]} <= served


async def test_memory_tools_on_oceanbase(seekdb_server: SeekdbServer, tmp_path: Path) -> None:
    """The Kimi Code minimal profile's three tools and the ETag cycle, on a server whose store is OceanBase."""
    data = tmp_path / "data"
    data.mkdir()
    env = {**clean_environment(tmp_path / "home"), "PCRECEIPT_STORE_URL": oceanbase_url(tmp_path)}
    port = free_port()
    text = "OceanBase keeps this memory for the MCP tools."
    with serve_subprocess(data, port, env=env) as process:
        async with session(f"http://127.0.0.1:{port}/mcp", None) as client:
            scope = structured(await client.call_tool("resolve_scope_binding", {}))["scope_id"]
            remembered = structured(
                await client.call_tool("remember_memory", {"scope_id": scope, "kind": "fact", "text": text})
            )
            ref = remembered["records"][0]["artifact"]
            found = structured(
                await client.call_tool("search_memory", {"scope_id": scope, "query": "OceanBase keeps", "mode": "fts"})
            )
            assert [hit["memory"]["text"] for hit in found["hits"]] == [text]
            address = {"scope_id": scope, "family": "atomic-memory", "artifact_id": ref["artifact_id"]}
            head = structured(await client.call_tool("get_artifact", address))
            content = {"kind": "fact", "text": "OceanBase replaced it."}
            replaced = structured(
                await client.call_tool("replace_artifact", {**address, "If-Match": head["etag"], "content": content})
            )
            assert replaced["etag"] == '"revision:2"'
            first = structured(await client.call_tool("get_artifact_revision", {**address, "revision": 1}))
            assert first["content"]["text"] == text
    assert "Traceback" not in process.output()


async def test_tool_calls_are_decided_and_audited_by_the_access_model(server: McpServer) -> None:
    """A Binding granted and revoked over HTTP applies to the next tool call, and the tool call's
    refusal is in the access audit with transport mcp."""
    writer_id = server.writer.split("_")[1]
    scope = {"type": "scope", "scope_id": server.other}
    with httpx.Client(base_url=server.url, headers=auth(server.admin), timeout=30) as admin:
        granted = admin.post(
            "/v1/access/bindings/create",
            json={
                "subject": {"type": "service", "id": writer_id},
                "resource": scope,
                "role": "scope.contributor",
                "idempotency_key": "mcp-grant",
            },
        )
        assert granted.status_code == 201, granted.text
        async with session(server.url + "/mcp", server.writer) as client:
            remembered = await client.call_tool(
                "remember_memory", {"scope_id": server.other, "kind": "fact", "text": "bound"}
            )
            assert not remembered.isError
            revoke = {"binding_id": granted.json()["binding_id"], "expected_version": 1, "idempotency_key": "mcp"}
            assert admin.post("/v1/access/bindings/revoke", json=revoke).status_code == 200
            refused = await client.call_tool(
                "remember_memory", {"scope_id": server.other, "kind": "fact", "text": "revoked"}
            )
            error_text(refused, 403, "forbidden")
        events = admin.post(
            "/v1/access/audit/list",
            json={"resource": scope, "subject": {"type": "service", "id": writer_id}, "result": "denied"},
        ).json()["items"]
    assert [(e["transport"], e["operation"], e["action"]) for e in events][-1:] == [
        ("mcp", "remember_memory", "scope.contribute")
    ]
