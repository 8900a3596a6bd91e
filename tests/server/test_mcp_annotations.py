"""``tools/list`` at ``/mcp`` gives every tool PowerContext 1.4.1's annotations, tool by tool.

1.4.1 decides its tools' hints in its MCP server (``src/powercontext/server/mcp.py``): module-level
sets of operationIds and an if/elif chain in ``_annotate_mcp_component`` that assigns a
``ToolAnnotations`` per class, leaving every other tool without annotations. This test reads that
file (and the operation table it names constants from) out of the 1.4.1 sdist at run time, evaluates
the chain for each operationId with a small interpreter of the few expression forms it uses, and
compares the result with our served ``tools/list`` for every tool both serve. An expression form the
interpreter does not know fails the test instead of guessing, so a changed 1.4.1 cannot pass
silently. Our side is the raw JSON-RPC answer, so an absent ``annotations`` key is told apart from
an empty one.
"""

from __future__ import annotations

import ast
import json
import tarfile
from collections.abc import Mapping
from typing import Any

import httpx
import pytest
from _support.powercontext import shared_archive

MCP_MODULE = "src/powercontext/server/mcp.py"
OPERATIONS_MODULE = "src/powercontext/http/_generated/operations.py"
HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
SSE_ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def _read(archive: tarfile.TarFile, name: str) -> str:
    (member,) = (m for m in archive.getmembers() if m.name.split("/", 1)[-1] == name)
    extracted = archive.extractfile(member)
    assert extracted is not None
    return extracted.read().decode("utf-8")


class Derivation:
    """1.4.1's annotation rule, evaluated from its source for one operationId at a time."""

    def __init__(self, mcp_source: str, operations_source: str) -> None:
        self.operation_ids = self._operation_constants(ast.parse(operations_source))
        module = ast.parse(mcp_source)
        self.sets: dict[str, frozenset[str]] = {}
        for node in module.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                value = node.value
                if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "frozenset":
                    (argument,) = value.args
                    self.sets[node.targets[0].id] = frozenset(self._members(argument))
        (self.function,) = (
            node for node in module.body if isinstance(node, ast.FunctionDef) and node.name == "_annotate_mcp_component"
        )
        self.served = self.sets["_MCP_OPERATION_IDS"]

    @staticmethod
    def _operation_constants(module: ast.Module) -> dict[str, str]:
        constants: dict[str, str] = {}
        for node in module.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                for keyword in node.value.keywords:
                    if keyword.arg == "operation_id" and isinstance(keyword.value, ast.Constant):
                        (target,) = node.targets
                        assert isinstance(target, ast.Name)
                        constants[target.id] = keyword.value.value
        return constants

    def _string(self, node: ast.expr) -> str:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Attribute) and node.attr == "operation_id" and isinstance(node.value, ast.Name):
            return self.operation_ids[node.value.id]
        raise AssertionError(f"1.4.1's MCP code uses a form this test does not read: {ast.unparse(node)}")

    def _members(self, node: ast.expr) -> list[str]:
        if isinstance(node, ast.Set):
            return [self._string(element) for element in node.elts]
        if isinstance(node, ast.Name):
            return list(self.sets[node.id])
        raise AssertionError(f"1.4.1's MCP code uses a form this test does not read: {ast.unparse(node)}")

    def _value(self, node: ast.expr, operation_id: str) -> bool:
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.BoolOp):
            values = [self._value(value, operation_id) for value in node.values]
            return any(values) if isinstance(node.op, ast.Or) else all(values)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and ast.unparse(node.left) == "route.operation_id":
            (operator,), (right,) = node.ops, node.comparators
            if isinstance(operator, ast.In):
                return operation_id in self._members(right)
            if isinstance(operator, ast.Eq):
                return operation_id == self._string(right)
        raise AssertionError(f"1.4.1's MCP code uses a form this test does not read: {ast.unparse(node)}")

    @staticmethod
    def _assignment(body: list[ast.stmt]) -> ast.Call | None:
        for statement in body:
            if (
                isinstance(statement, ast.Assign)
                and ast.unparse(statement.targets[0]) == "component.annotations"
                and isinstance(statement.value, ast.Call)
            ):
                return statement.value
        return None

    def _decides(self, statement: ast.stmt) -> bool:
        """Whether an ``if`` chain assigns annotations on some branch."""
        while isinstance(statement, ast.If):
            if self._assignment(statement.body) is not None:
                return True
            if len(statement.orelse) != 1:
                return False
            statement = statement.orelse[0]
        return False

    def annotations(self, operation_id: str) -> dict[str, bool] | None:
        """The hints 1.4.1 gives ``operation_id``'s tool; None when it sets none."""
        chains = [statement for statement in self.function.body if self._decides(statement)]
        assert len(chains) == 1, "1.4.1's MCP code no longer has one if/elif chain deciding annotations"
        node: ast.stmt | None = chains[0]
        while isinstance(node, ast.If):
            if self._value(node.test, operation_id):
                call = self._assignment(node.body)
                assert call is not None and ast.unparse(call.func) == "ToolAnnotations"
                hints = {keyword.arg: self._value(keyword.value, operation_id) for keyword in call.keywords}
                assert set(hints) <= set(HINTS)
                return {key: hints[key] for key in HINTS if key in hints}
            node = node.orelse[0] if node.orelse else None
        return None


@pytest.fixture(scope="module")
def derivation(tmp_path_factory: pytest.TempPathFactory) -> Derivation:
    with tarfile.open(shared_archive(tmp_path_factory)) as archive:
        return Derivation(_read(archive, MCP_MODULE), _read(archive, OPERATIONS_MODULE))


def _served_tools(url: str) -> dict[str, Mapping[str, Any]]:
    """Our raw ``tools/list`` answer, tool by tool (the JSON as sent, so an absent key stays absent)."""
    request = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    answer = httpx.post(url + "/mcp/", json=request, headers=SSE_ACCEPT, timeout=30)
    assert answer.status_code == 200, answer.text
    (data,) = [line[len("data:") :] for line in answer.text.splitlines() if line.startswith("data:")]
    return {tool["name"]: tool for tool in json.loads(data)["result"]["tools"]}


def test_the_derivation_reads_what_1_4_1_says(derivation: Derivation) -> None:
    """The interpreter is checked against what 1.4.1's own tests assert of a few tools."""
    read = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}
    assert derivation.annotations("search_topic_memory") == read
    assert derivation.annotations("preview_atomic_memory_restoration") == read
    assert derivation.annotations("list_external_skills") == {**read, "openWorldHint": True}
    assert derivation.annotations("scan_external_skills") == dict.fromkeys(HINTS[:3], False) | {"openWorldHint": True}
    assert derivation.annotations("create_dream_run") == {
        "readOnlyHint": False,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": False,
    }
    assert derivation.annotations("remember_memory") is None
    assert derivation.annotations("create_scope") is None


def test_every_shared_tool_has_1_4_1s_annotations(server_url: str, derivation: Derivation) -> None:
    tools = _served_tools(server_url)
    shared = sorted(set(tools) & derivation.served)
    assert {"search_memory", "remember_memory", "list_atomic_memories", "replace_artifact"} <= set(shared)
    differ = {}
    for name in shared:
        expected = derivation.annotations(name)
        ours = tools[name].get("annotations")
        if ours != expected:
            differ[name] = {"pcreceipt": ours, "1.4.1": expected}
    assert differ == {}
    for name in shared:  # "unset" is the key's absence, not a null or an empty object
        if derivation.annotations(name) is None:
            assert "annotations" not in tools[name], name


# 1.4.1's create_mcp_server specialises one tool's body before projecting it: replace_artifact
# takes the Atomic Memory form only ("MCP exposes Replace only for Atomic Memory").
SPECIALISED_BODIES = {"replace_artifact": {"$ref": "#/components/schemas/ReplaceAtomicMemoryArtifactRequest"}}


def _body_fields(document: Mapping[str, Any], schema: Mapping[str, Any]) -> tuple[set[str], set[str]]:
    """(the top-level fields, the required ones) of a request body, references followed; a oneOf
    of object forms gives every form's fields and the fields every form requires (a oneOf beside
    the object's own properties only says which of them is needed, as FastMCP reads it)."""
    schemas = document["components"]["schemas"]
    while "$ref" in schema:
        schema = schemas[schema["$ref"].rsplit("/", 1)[-1]]
    if "oneOf" in schema and "properties" not in schema:
        forms = [_body_fields(document, form) for form in schema["oneOf"]]
        return set().union(*(fields for fields, _ in forms)), set.intersection(*(required for _, required in forms))
    return set(schema.get("properties", {})), set(schema.get("required", []))


def test_every_shared_tool_takes_1_4_1s_arguments(
    server_url: str, derivation: Derivation, powercontext_openapi: dict[str, Any]
) -> None:
    """Argument names and required ones, as FastMCP flattens 1.4.1's operation (parameters and
    top-level body fields side by side), for every tool both serve."""
    tools = _served_tools(server_url)
    shared = set(tools) & derivation.served
    parameters = powercontext_openapi["components"].get("parameters", {})
    differ = {}
    for item in powercontext_openapi["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict) or operation.get("operationId") not in shared:
                continue
            resolved = [
                parameters[p["$ref"].rsplit("/", 1)[-1]] if "$ref" in p else p for p in operation.get("parameters", [])
            ]
            names = {p["name"] for p in resolved}
            required = {p["name"] for p in resolved if p.get("required")}
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            body = SPECIALISED_BODIES.get(operation["operationId"], body)
            if body is not None:
                fields, needed = _body_fields(powercontext_openapi, body)
                names, required = names | fields, required | needed
            schema = tools[operation["operationId"]]["inputSchema"]
            ours = (set(schema["properties"]), set(schema.get("required", [])))
            if ours != (names, required):
                differ[operation["operationId"]] = {"pcreceipt": ours, "1.4.1": (names, required)}
    assert {"restore_atomic_memory", "preview_atomic_memory_restoration", "publish_artifact"} <= shared
    assert differ == {}
