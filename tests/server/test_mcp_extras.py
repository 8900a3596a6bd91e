"""The restoration and publication tools over MCP (``/mcp``), driven by the official ``mcp`` client
against a local-mode server: each call answers as its HTTP operation does."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

pytestmark = pytest.mark.anyio


def _structured(result: CallToolResult) -> Any:
    assert not result.isError, result.content
    (item,) = result.content
    assert item.type == "text" and json.loads(item.text) == result.structuredContent
    return result.structuredContent


async def test_restore_and_publish_through_their_tools(server_url: str) -> None:
    async with httpx.AsyncClient(base_url=server_url, timeout=30) as http:
        scopes = []
        for title in ("mcp-extras-source", "mcp-extras-target"):
            created = await http.post("/v1/scopes", json={"title": title, "summary": "mcp", "idempotency_key": title})
            scopes.append(created.json()["scope_id"])
        source, target = scopes
        memory = (
            await http.post(
                f"/v1/scopes/{source}/artifacts",
                json={"family": "atomic-memory", "content": {"kind": "fact", "text": "Tools restore memories"}},
            )
        ).json()["artifact_id"]
        forget = {"artifact": {"family": "atomic-memory", "artifact_id": memory, "revision": 1}, "state_version": 0}
        forgotten = await http.post(
            "/v1/atomic-memory/lifecycle", json={"scope_id": source, "target": forget, "state": "forgotten"}
        )
        assert forgotten.status_code == 200, forgotten.text
        topic = (
            await http.post(
                f"/v1/scopes/{source}/artifacts",
                json={"family": "topic-memory", "content": {"title": "T", "summary": "S", "detail": "D"}},
            )
        ).json()["artifact_id"]
        async with (
            streamable_http_client(server_url + "/mcp/", http_client=http) as (read, write, _),
            ClientSession(read, write) as client,
        ):
            await client.initialize()
            target_memory = {"artifact_id": memory}
            preview = _structured(
                await client.call_tool(
                    "preview_atomic_memory_restoration", {"scope_id": source, "target": target_memory}
                )
            )
            assert preview["endpoint"] == {"artifact_id": memory, "revision": 1, "state_version": 1}
            arguments = {"scope_id": source, "target": target_memory, "preview_token": preview["preview_token"]}
            restored = _structured(await client.call_tool("restore_atomic_memory", arguments))
            assert restored["changed"] is True
            stale = await client.call_tool("restore_atomic_memory", arguments)
            assert stale.isError and "preview_stale" in stale.content[0].text  # type: ignore[union-attr]
            reference = {"family": "topic-memory", "artifact_id": topic, "revision": 1}
            published = _structured(
                await client.call_tool(
                    "publish_artifact",
                    {
                        "source": {"scope_id": source, "artifact": reference},
                        "target_scope_id": target,
                        "idempotency_key": "mcp",
                    },
                )
            )
            assert published["source"]["artifact"] == reference and published["target"]["scope_id"] == target
        state = await http.get(f"/v1/scopes/{source}/artifacts/atomic-memory/{memory}/state")
        assert state.json()["state"] == "active"
