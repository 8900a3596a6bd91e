"""The MCP tool catalogue is the operation table minus a declared exclusion list, generated from schemas/.

PowerContext 1.4.1's MCP tool names (its ``tools/list``; protocol facts) must never be excluded, and
every operation 1.4.1 keeps out of MCP that pcreceipt serves must be excluded, so a host sees the
tools it would see on 1.4.1, as far as pcreceipt serves their operations.
"""

from __future__ import annotations

import copy
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest

from pcreceipt.contract import gate
from pcreceipt.models import OPERATIONS

ROOT = Path(__file__).resolve().parents[2]

# PowerContext 1.4.1's 56 MCP tools (HOSTS.md §1.12).
POWERCONTEXT_TOOLS = frozenset(
    [
        "acknowledge_handoff",
        "activate_handoff",
        "approve_candidate",
        "capture_content_source",
        "capture_working_note",
        "change_atomic_memory_lifecycle",
        "clear_scope_binding",
        "commit_handoff",
        "continue_handoff",
        "create_dream_run",
        "create_scope",
        "create_work_contract",
        "finalize_handoff",
        "generate_experience",
        "generate_skill",
        "get_artifact",
        "get_artifact_revision",
        "get_atomic_memory_state",
        "get_candidate",
        "get_candidate_history",
        "get_dream_run",
        "get_experience",
        "get_handoff_report",
        "get_memory_entry",
        "get_scope",
        "get_skill",
        "get_topic_memory",
        "handoff_current_work",
        "import_external_skill",
        "list_atomic_memories",
        "list_candidates",
        "list_dream_runs",
        "list_external_skills",
        "list_managed_skills",
        "list_memory_entries",
        "list_scopes",
        "merge_atomic_memories",
        "prepare_handoff_hint",
        "preview_atomic_memory_restoration",
        "propose_experience",
        "propose_skill",
        "publish_artifact",
        "query_code",
        "record_task_outcome",
        "reject_candidate",
        "remember_memory",
        "replace_artifact",
        "resolve_external_skill",
        "resolve_scope_binding",
        "restore_atomic_memory",
        "revise_candidate",
        "scan_external_skills",
        "search_atomic_memory",
        "search_memory",
        "search_topic_memory",
        "set_scope_binding",
    ]
)
# What 1.4.1 keeps out, named in the brief; each must stay out once served.
KEPT_OUT = frozenset(
    [
        "prepare_context",
        "prepare_bootstrap_context",
        "record_bootstrap_delivery",
        "flush_memory",
        "get_stats",
        "get_capabilities",
        "get_server_info",
        "get_liveness",
        "get_readiness",
        "get_artifact_tags",
        "replace_artifact_tags",
        "list_artifacts",
        "list_artifact_revisions",
        "update_scope",
        "create_artifact",
        "get_default_scope",
        "set_default_scope",
    ]
)
KIMI_MINIMAL = {"search_memory", "remember_memory", "get_artifact_revision"}


def _codegen() -> tuple[ModuleType, ModuleType]:
    sys.path.insert(0, str(ROOT / "codegen"))
    try:
        generate = _load("pcreceipt_codegen_generate", ROOT / "codegen" / "generate.py")
        catalogue = _load("pcreceipt_codegen_mcp", ROOT / "codegen" / "mcp_catalogue.py")
    finally:
        sys.path.remove(str(ROOT / "codegen"))
    return generate, catalogue


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tools() -> dict[str, dict[str, Any]]:
    return {tool["name"]: tool for tool in gate.mcp_catalogue()["tools"]}


def test_the_catalogue_is_the_served_operations_minus_the_declared_exclusions() -> None:
    served = {operation.operation_id for operation in OPERATIONS}
    declared = set(gate.openapi_document()["x-pcreceipt-mcp"]["excluded_operations"])
    assert set(_tools()) == served - declared
    assert set(gate.mcp_catalogue()["excluded_operations"]) == declared


def test_the_exclusions_match_powercontext() -> None:
    declared = set(gate.openapi_document()["x-pcreceipt-mcp"]["excluded_operations"])
    assert declared & POWERCONTEXT_TOOLS == set()
    assert declared >= KEPT_OUT
    served = {operation.operation_id for operation in OPERATIONS}
    assert served & POWERCONTEXT_TOOLS <= set(_tools())
    assert set(_tools()) >= KIMI_MINIMAL | {"remember_memory", "search_memory"}


def test_a_new_operation_becomes_a_tool_when_regenerated_and_an_excluded_one_does_not() -> None:
    generate, catalogue = _codegen()
    api, _ = generate.bundle(*generate.load_contract())
    grown = copy.deepcopy(api)
    template = copy.deepcopy(grown["paths"]["/v1/memory/search"]["post"])
    grown["paths"]["/v1/example/things"] = {"post": {**template, "operationId": "list_example_things"}}
    grown["paths"]["/v1/example/tags"] = {"get": {**template, "operationId": "get_artifact_tags"}}
    names = [tool["name"] for tool in catalogue.catalogue(grown)["tools"]]
    assert "list_example_things" in names and "get_artifact_tags" not in names
    assert names[: len(_tools())] == list(_tools())


def test_arguments_flatten_every_parameter_and_body_field() -> None:
    document = gate.openapi_document()
    for operation in OPERATIONS:
        tool = _tools().get(operation.operation_id)
        if tool is None:
            continue
        targets = {(target["in"], target["name"]) for target in tool["arguments"].values()}
        expected = {(parameter.location, parameter.name) for parameter in operation.parameters}
        if operation.request_model is not None:
            body = gate.contract_document()["$defs"][operation.request_model]
            expected |= {("body", name) for name in body["properties"]}
        assert targets == expected, operation.operation_id
        assert set(tool["inputSchema"]["properties"]) == set(tool["arguments"])
        assert tool["body"] == (operation.request_model is not None)
        entry = document["paths"][operation.path][operation.method.lower()]
        assert tool["description"].startswith(entry["summary"])


@pytest.mark.parametrize("name", sorted(_tools()))
def test_every_schema_is_valid_json_schema_and_closed(name: str) -> None:
    tool = _tools()[name]
    jsonschema.Draft202012Validator.check_schema(tool["inputSchema"])
    assert tool["inputSchema"]["type"] == "object" and tool["inputSchema"]["additionalProperties"] is False
    if tool["outputSchema"] is not None:
        jsonschema.Draft202012Validator.check_schema(tool["outputSchema"])
        assert tool["outputSchema"]["type"] == "object"
    assert "x-pcreceipt-limits" not in str(tool)


def test_annotations_are_the_declared_effect_class_or_none() -> None:
    document = gate.openapi_document()
    classes = {
        "read": (True, False, True, False),
        "external-read": (True, False, True, True),
        "write": (False, False, False, False),
        "external-write": (False, False, False, True),
        "idempotent-write": (False, False, True, False),
        "replacing-write": (False, True, True, False),
    }
    keys = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
    for tool in _tools().values():
        effect = document["paths"][tool["path"]][tool["method"].lower()].get("x-pcreceipt-mcp", {}).get("effect")
        expected = None if effect is None else dict(zip(keys, classes[effect], strict=True))
        assert tool["annotations"] == expected, tool["name"]
    assert _tools()["search_memory"]["annotations"]["readOnlyHint"] is True
    assert _tools()["list_atomic_memories"]["annotations"]["readOnlyHint"] is True  # a POST read
    assert _tools()["remember_memory"]["annotations"] is None
    assert _tools()["replace_artifact"]["annotations"]["destructiveHint"] is True


def test_an_unknown_effect_stops_the_generator() -> None:
    document = copy.deepcopy(gate.openapi_document())
    document["paths"]["/v1/memory/remember"]["post"]["x-pcreceipt-mcp"] = {"effect": "harmless"}
    _, catalogue = _codegen()
    with pytest.raises(SystemExit, match="effect 'harmless'"):
        catalogue.catalogue(document)


def test_a_search_example_validates_against_the_flat_input() -> None:
    schema = _tools()["search_memory"]["inputSchema"]
    jsonschema.validate({"scope_id": "scp_x", "query": "q", "mode": "fts", "limit": 3}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"scope_id": "scp_x"}, schema)
    replace = _tools()["replace_artifact"]
    assert replace["etag_envelope"] is True
    assert replace["outputSchema"]["required"] == ["artifact", "etag", "status_code"]
