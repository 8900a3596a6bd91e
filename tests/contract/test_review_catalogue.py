"""The review operations' MCP tools against PowerContext 1.4.1's: the same tool names and HTTP
paths, the same arguments (its request body's top-level fields, flattened as FastMCP does), the same
required arguments, and the annotations 1.4.1's MCP server gives them (read-only reads; proposals
and generations neither read-only, destructive nor idempotent; review decisions destructive and idempotent)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "src" / "pcreceipt" / "_gen" / "mcp_tools.json"
READS = {
    "get_experience",
    "get_skill",
    "list_managed_skills",
    "list_candidates",
    "get_candidate",
    "get_candidate_history",
}
PROPOSALS = {"propose_experience", "propose_skill", "generate_experience", "generate_skill"}
DECISIONS = {"approve_candidate", "reject_candidate", "revise_candidate"}
HINTS = (
    {name: (True, False, True) for name in READS}
    | {name: (False, False, False) for name in PROPOSALS}
    | {name: (False, True, True) for name in DECISIONS}
)
"""1.4.1's ``server/mcp.py``: (readOnlyHint, destructiveHint, idempotentHint) per tool."""


def _tools() -> dict[str, dict[str, Any]]:
    return {tool["name"]: tool for tool in json.loads(CATALOGUE.read_text(encoding="utf-8"))["tools"]}


def _request_schema(openapi: dict[str, Any], operation: dict[str, Any]) -> dict[str, Any]:
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return dict(openapi["components"]["schemas"][ref.rsplit("/", 1)[-1]])


def _operations(openapi: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    return {
        operation["operationId"]: (path, operation)
        for path, item in openapi["paths"].items()
        for operation in item.values()
        if isinstance(operation, dict) and operation.get("operationId") in HINTS
    }


@pytest.mark.parametrize("name", sorted(HINTS))
def test_the_tool_takes_what_powercontext_s_takes(name: str, powercontext_openapi: dict[str, Any]) -> None:
    path, operation = _operations(powercontext_openapi)[name]
    theirs = _request_schema(powercontext_openapi, operation)
    tool = _tools()[name]
    assert (tool["method"], tool["path"]) == ("POST", path)
    assert set(tool["inputSchema"]["properties"]) == set(theirs["properties"])
    assert set(tool["inputSchema"].get("required", [])) == set(theirs.get("required", []))
    hints = tool["annotations"]
    assert (hints["readOnlyHint"], hints["destructiveHint"], hints["idempotentHint"]) == HINTS[name]
    assert hints["openWorldHint"] is False
