"""MCP on both servers, listed with the official ``mcp`` client at ``/mcp/``: every tool pcreceipt lists
whose operation PowerContext 1.4.1 also has is one PowerContext lists too, under the same name, with
the same argument names and the same required arguments; and a tool call answers in the same form
on both (``structuredContent`` plus one text item of the same JSON; an error as ``isError`` whose text
starts ``Error calling tool '<tool>': HTTP error <status>``)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
from _support.pcdiff.processes import Side
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult, Tool

# pcreceipt's own operations (no PowerContext operation of that name): not compared.
PCRECEIPT_ONLY = {"get_code_workspace", "read_code"}


async def _session_run(url: str, calls: list[tuple[str, dict[str, Any]]]) -> tuple[list[Tool], list[CallToolResult]]:
    async with (
        httpx.AsyncClient(timeout=30) as http,
        streamable_http_client(f"{url}/mcp/", http_client=http) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        tools = (await session.list_tools()).tools
        results = [await session.call_tool(name, arguments) for name, arguments in calls]
    return tools, results


def _shape(tool: Tool) -> tuple[set[str], set[str]]:
    schema = tool.inputSchema
    return set(schema.get("properties", {})), set(schema.get("required", []))


def test_pcreceipts_tools_are_powercontexts_tools_with_the_same_arguments(pair: tuple[Side, Side]) -> None:
    peer, ours = pair
    peer_tools, _ = asyncio.run(_session_run(peer.url, []))
    our_tools, _ = asyncio.run(_session_run(ours.url, []))
    theirs = {tool.name: tool for tool in peer_tools}
    differences = {}
    for tool in our_tools:
        if tool.name in PCRECEIPT_ONLY:
            continue
        if tool.name not in theirs:
            differences[tool.name] = "not listed by PowerContext"
            continue
        if _shape(tool) != _shape(theirs[tool.name]):
            differences[tool.name] = {"ours": _shape(tool), "powercontext": _shape(theirs[tool.name])}
    assert differences == {}, json.dumps(differences, default=sorted, indent=2)


def test_a_call_and_a_failed_call_answer_in_the_same_form(pair: tuple[Side, Side]) -> None:
    peer, ours = pair
    for side in (peer, ours):
        calls: list[tuple[str, dict[str, Any]]] = [
            ("list_scopes", {"limit": 5}),
            ("get_scope", {"scope_id": "scp_does_not_exist"}),
        ]
        _, (listed, missing) = asyncio.run(_session_run(side.url, calls))
        assert not listed.isError, (side.name, listed.content)
        (item,) = listed.content
        assert item.type == "text" and json.loads(item.text) == listed.structuredContent, side.name
        assert missing.isError, side.name
        (text,) = missing.content
        assert text.type == "text", side.name
        assert text.text.startswith("Error calling tool 'get_scope': HTTP error 404"), (side.name, text.text)
