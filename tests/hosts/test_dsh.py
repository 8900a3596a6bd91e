"""DSH's PowerContext plugin (its own code, bundled) through DeepSeek Harness steps against ``pcreceipt serve``.

The driver plays DSH (``drivers/dsh.mjs``): the plugin is applied with the one setting a user gives,
its ``baseUrl``; two model steps run the ``agent/pre-step`` middleware (resolve, prepare + the
plugin's validator, capture; DSH appends a Scope-routing message and the prepared context); then
``/pc``, ``/pc stats``, ``/pc capabilities`` and ``/pc doctor`` (which also reads ``/openapi.json``
for PowerContext's operationIds). What the plugin reports goes to the Cordis logger: failures at
``warn``, successes at ``debug``.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support import memory_tools
from _support.hosts import Served
from _support.node_hosts import (
    BEGIN,
    DSH,
    MATCHING_PROMPT,
    MEMORY_TEXT,
    UNRELATED_PROMPT,
    World,
    assert_cites_the_memory,
    assert_recall_statistics,
    assert_source_captured,
    bundle,
    call,
    make_world,
    run_driver,
    sha256,
    stopped_server_url,
)

SESSION = "dsh-session-0001"
CONTEXT_SECTION = "PowerContext"
ROUTING_SECTION = "PowerContext Scope routing"

# The operations DSH's doctor requires the server's /openapi.json to declare (at PowerContext's paths).
DOCTOR_OPERATIONS = {
    "get_liveness": ("GET", "/health/live"),
    "get_readiness": ("GET", "/health/ready"),
    "get_capabilities": ("GET", "/v1/capabilities"),
    "resolve_scope_binding": ("POST", "/v1/scope-bindings/resolve"),
    "prepare_context": ("POST", "/v1/context/prepare"),
    "capture_content_source": ("POST", "/v1/sources/content"),
    "remember_memory": ("POST", "/v1/memory/remember"),
    "search_memory": ("POST", "/v1/memory/search"),
}


@pytest.fixture(scope="session")
def dsh_bundle(powercontext_sdist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bundle(powercontext_sdist, DSH, tmp_path_factory.mktemp("dsh-bundle"))


REMEMBER = "remember " + memory_tools.TOOL_TEXT
SEARCH = "search " + memory_tools.TOOL_QUERY


def run_dsh(bundle_dir: Path, url: str, root: Path, prompts: list[str], commands: list[str]) -> dict[str, Any]:
    workspace = root / "workspace"
    workspace.mkdir(parents=True, exist_ok=True)
    scenario = {
        "config": {"baseUrl": url},
        "cwd": str(workspace),
        "session_id": SESSION,
        "system_prompt": "You are DSH.",
        "prompts": prompts,
        "commands": commands,
    }
    return run_driver("dsh", bundle_dir, scenario, root / "home")


@pytest.fixture(scope="module")
def dsh_session(
    pcreceipt_server: Served, dsh_bundle: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, dict[str, Any]]:
    root = tmp_path_factory.mktemp("dsh")
    workspace = (root / "workspace").resolve()
    key = {"integration": "dsh", "kind": "workspace", "external_id": sha256(str(workspace))}
    world = make_world(pcreceipt_server.url, workspace, [key])
    observed = run_dsh(
        dsh_bundle,
        pcreceipt_server.url,
        root,
        [MATCHING_PROMPT, UNRELATED_PROMPT],
        ["", "stats", "capabilities", "doctor", REMEMBER, SEARCH],
    )
    world.count_host_prepares([MATCHING_PROMPT, UNRELATED_PROMPT])
    return world, observed


def logged(observed: dict[str, Any], level: str) -> list[dict[str, Any]]:
    return [json.loads(entry["line"]) for entry in observed["logs"] if entry["level"] == level]


def command_json(observed: dict[str, Any], command: str) -> tuple[str, Any]:
    result = observed["commands"][command]
    return result["kind"], json.loads(result["text"])


def test_dsh_resolves_the_scope_bound_to_its_workspace(dsh_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = dsh_session
    result = observed["commands"][""]
    assert result["kind"] == "success", result
    assert f"scope={world.scope_id}" in result["text"].splitlines()
    for turn in observed["turns"]:
        routing = [message for message in turn["appended"] if message["section"] == ROUTING_SECTION]
        assert len(routing) == 1 and json.dumps(world.scope_id) in routing[0]["text"]


def test_dsh_appends_exactly_the_servers_content(dsh_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = dsh_session
    matching = observed["turns"][0]
    assert matching["kind"] == "enter"
    (context,) = [message["text"] for message in matching["appended"] if message["section"] == CONTEXT_SECTION]
    content = world.content(MATCHING_PROMPT)
    assert context.endswith("\n\n" + content) and context.count(content) == 1
    assert MEMORY_TEXT not in context[: -len(content)]


def test_dsh_appends_no_context_for_a_prompt_nothing_matches(dsh_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = dsh_session
    unrelated = observed["turns"][1]
    assert world.expected[UNRELATED_PROMPT]["status"] == "empty"
    assert unrelated["kind"] == "enter"
    assert [message["section"] for message in unrelated["appended"]] == [ROUTING_SECTION]
    assert all(BEGIN not in message["text"] for message in unrelated["appended"])


def test_the_content_dsh_appends_is_powercontexts_default_structure(dsh_session: tuple[World, dict[str, Any]]) -> None:
    world, _ = dsh_session
    assert_cites_the_memory(world, world.content(MATCHING_PROMPT))


def test_dsh_captures_every_user_prompt_as_a_source(dsh_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = dsh_session
    for turn, prompt in enumerate([MATCHING_PROMPT, UNRELATED_PROMPT], start=1):
        source_id = "dsh-user-prompt:" + sha256("\0".join([world.scope_id, SESSION, str(turn), prompt]))
        assert_source_captured(world, source_id, prompt)
    captured = [event for event in logged(observed, "debug") if event.get("event") == "capture_content_source"]
    assert (
        captured
        == [{"component": "powercontext.dsh", "event": "capture_content_source", "outcome": "ok", "status": 202}] * 2
    )


def test_dsh_status_records_every_automatic_stage(dsh_session: tuple[World, dict[str, Any]]) -> None:
    """``/pc`` shows the last attempt of this session: the unrelated prompt's, all stages as expected."""
    _, observed = dsh_session
    text = observed["commands"][""]["text"]
    automatic = json.loads(text.split("\nautomatic=", 1)[1])
    states = {stage: value["state"] for stage, value in automatic["stages"].items()}
    assert states == {
        "scope": "resolved",
        "prepare": "empty",
        "capture": "accepted",
        "flush": "skipped",
        "injection": "skipped",
    }, automatic


def test_dsh_reports_no_failure(dsh_session: tuple[World, dict[str, Any]]) -> None:
    _, observed = dsh_session
    assert logged(observed, "warn") == []
    outcomes = [(event["event"], event["outcome"]) for event in logged(observed, "debug")]
    assert outcomes.count(("context_prepare", "ready")) == 1 and outcomes.count(("context_prepare", "empty")) == 1


def test_dsh_stats_command_reads_the_scopes_statistics(
    dsh_session: tuple[World, dict[str, Any]], powercontext_models: ModuleType
) -> None:
    world, observed = dsh_session
    kind, result = command_json(observed, "stats")
    assert kind == "success" and result["ok"] is True and result["status"] == 200, result
    powercontext_models.ScopedStats.model_validate(result["data"])
    assert_recall_statistics(world, result["data"])


def test_dsh_capabilities_command(dsh_session: tuple[World, dict[str, Any]], powercontext_models: ModuleType) -> None:
    _, observed = dsh_session
    kind, result = command_json(observed, "capabilities")
    assert kind == "success" and result["ok"] is True, result
    capabilities = powercontext_models.Capabilities.model_validate(result["data"])
    assert capabilities.memory_extraction is False


def served(url: str, method: str, path: str) -> bool:
    """Whether the server routes ``method path`` at all: an unrouted request is 404/405 without a domain code."""
    answer = httpx.request(method, f"{url}{path}", json={} if method == "POST" else None, timeout=10)
    if answer.status_code not in (404, 405):
        return True
    code = answer.json().get("error", {}).get("code")
    return code is not None and code not in ("not_found", "method_not_allowed")


def test_dsh_doctor_checks_pass(dsh_session: tuple[World, dict[str, Any]]) -> None:
    """Every HTTP check of ``/pc doctor`` passes; its contract check finds each operation the server
    serves declared under PowerContext's operationId, and misses only operations it does not serve."""
    world, observed = dsh_session
    _, report = command_json(observed, "doctor")
    checks = report["checks"]
    states = {name: check["state"] for name, check in checks.items() if name not in ("routes", "mcp_catalog")}
    assert states == dict.fromkeys(
        ["configuration", "liveness", "readiness", "capabilities", "scope", "prepare"], "ok"
    ), checks
    assert checks["capabilities"]["code"] == "extraction_disabled"
    assert checks["prepare"]["code"] in ("ready", "empty")
    unserved = sorted(
        operation for operation, (method, path) in DOCTOR_OPERATIONS.items() if not served(world.url, method, path)
    )
    routes = checks["routes"]
    if unserved:
        assert (routes["state"], routes["code"], sorted(routes["operations"])) == (
            "failed",
            "required_route_undeclared",
            unserved,
        ), routes
    else:
        assert (routes["state"], routes["code"]) == ("ok", "routes_declared"), routes


def test_dsh_without_a_server_reports_it_unavailable_and_goes_on(dsh_bundle: Path, tmp_path: Path) -> None:
    observed = run_dsh(dsh_bundle, stopped_server_url(), tmp_path, [MATCHING_PROMPT], [""])
    (turn,) = observed["turns"]
    assert turn["kind"] == "enter" and turn["appended"] == [] and turn["ms"] < 4000
    assert logged(observed, "warn") == [
        {
            "component": "powercontext.dsh",
            "event": "scope_resolve",
            "outcome": "server_unavailable",
            "recovery": "powercontext doctor",
        }
    ]
    assert observed["commands"][""]["kind"] == "error"


def test_dsh_remember_then_search_finds_the_note_first(dsh_session: tuple[World, dict[str, Any]]) -> None:
    """``/pc remember`` stores an agent note in the workspace's Scope; ``/pc search`` finds it first."""
    world, observed = dsh_session
    kind, remembered = command_json(observed, REMEMBER)
    assert kind == "success" and remembered["ok"] is True and remembered["status"] == 200, remembered
    (record,) = remembered["data"]["records"]
    assert record["kind"] == "agent-note" and record["text"] == memory_tools.TOOL_TEXT
    kind, found = command_json(observed, SEARCH)
    assert kind == "success" and found["ok"] is True, found
    assert found["data"]["hits"][0]["memory"]["artifact"] == record["artifact"]
    path = f"/v1/scopes/{world.scope_id}/artifacts/atomic-memory/{record['artifact']['artifact_id']}"
    assert call(world.url, "GET", path).json()["content"]["text"] == memory_tools.TOOL_TEXT
