"""What only DSH's PowerContext plugin does (its common lifecycle checks are ``test_lifecycle.py``'s).

DSH appends a Scope-routing message to every model step, records each automatic stage for
``/pc``, logs successes at ``debug``, has ``/pc remember`` and ``/pc search``, and its ``/pc doctor``
also reads ``/openapi.json`` for PowerContext's operationIds.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from _support import memory_tools
from _support.host_table import DSH_ROUTING, Sessions, logged
from _support.node_hosts import call
from _support.node_sessions import DSH_REMEMBER, DSH_SEARCH

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


def command_json(observed: dict[str, Any], command: str) -> tuple[str, Any]:
    result = observed["commands"][command]
    return result["kind"], json.loads(result["text"])


def test_dsh_routes_every_step_to_the_scope_and_appends_only_that_when_nothing_matches(
    host_sessions: Sessions,
) -> None:
    session = host_sessions.session("dsh")
    for turn in session.observed["turns"]:
        routing = [message for message in turn["appended"] if message["section"] == DSH_ROUTING]
        assert len(routing) == 1 and json.dumps(session.world.scope_id) in routing[0]["text"]
    unrelated = session.observed["turns"][1]
    assert [message["section"] for message in unrelated["appended"]] == [DSH_ROUTING]


def test_dsh_logs_each_capture_and_prepare(host_sessions: Sessions) -> None:
    observed = host_sessions.session("dsh").observed
    captured = [event for event in logged(observed, "debug") if event.get("event") == "capture_content_source"]
    assert (
        captured
        == [{"component": "powercontext.dsh", "event": "capture_content_source", "outcome": "ok", "status": 202}] * 2
    )
    outcomes = [(event["event"], event["outcome"]) for event in logged(observed, "debug")]
    assert outcomes.count(("context_prepare", "ready")) == 1 and outcomes.count(("context_prepare", "empty")) == 1


def test_dsh_status_records_every_automatic_stage(host_sessions: Sessions) -> None:
    """``/pc`` shows the last attempt of this session: the unrelated prompt's, all stages as expected."""
    text = host_sessions.session("dsh").observed["commands"][""]["text"]
    automatic = json.loads(text.split("\nautomatic=", 1)[1])
    states = {stage: value["state"] for stage, value in automatic["stages"].items()}
    assert states == {
        "scope": "resolved",
        "prepare": "empty",
        "capture": "accepted",
        "flush": "skipped",
        "injection": "skipped",
    }, automatic


def served(url: str, method: str, path: str) -> bool:
    """Whether the server routes ``method path`` at all: an unrouted request is 404/405 without a domain code."""
    answer = httpx.request(method, f"{url}{path}", json={} if method == "POST" else None, timeout=10)
    if answer.status_code not in (404, 405):
        return True
    code = answer.json().get("error", {}).get("code")
    return code is not None and code not in ("not_found", "method_not_allowed")


def test_dsh_doctor_checks_pass(host_sessions: Sessions) -> None:
    """Every HTTP check of ``/pc doctor`` passes; its contract check finds each operation the server
    serves declared under PowerContext's operationId, and misses only operations it does not serve."""
    session = host_sessions.session("dsh")
    _, report = command_json(session.observed, "doctor")
    checks = report["checks"]
    states = {name: check["state"] for name, check in checks.items() if name not in ("routes", "mcp_catalog")}
    assert states == dict.fromkeys(
        ["configuration", "liveness", "readiness", "capabilities", "scope", "prepare"], "ok"
    ), checks
    assert checks["capabilities"]["code"] == "extraction_disabled"
    assert checks["prepare"]["code"] in ("ready", "empty")
    url = session.world.url
    unserved = sorted(
        operation for operation, (method, path) in DOCTOR_OPERATIONS.items() if not served(url, method, path)
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


def test_dsh_without_a_server_appends_nothing_and_pc_says_so(host_sessions: Sessions) -> None:
    observed = host_sessions.offline("dsh").runs
    (turn,) = observed["turns"]
    assert turn["kind"] == "enter" and turn["appended"] == []
    assert observed["commands"][""]["kind"] == "error"


def test_dsh_remember_then_search_finds_the_note_first(host_sessions: Sessions) -> None:
    """``/pc remember`` stores an agent note in the workspace's Scope; ``/pc search`` finds it first."""
    session = host_sessions.session("dsh")
    world, observed = session.world, session.observed
    kind, remembered = command_json(observed, DSH_REMEMBER)
    assert kind == "success" and remembered["ok"] is True and remembered["status"] == 200, remembered
    (record,) = remembered["data"]["records"]
    assert record["kind"] == "agent-note" and record["text"] == memory_tools.TOOL_TEXT
    kind, found = command_json(observed, DSH_SEARCH)
    assert kind == "success" and found["ok"] is True, found
    assert found["data"]["hits"][0]["memory"]["artifact"] == record["artifact"]
    path = f"/v1/scopes/{world.scope_id}/artifacts/atomic-memory/{record['artifact']['artifact_id']}"
    assert call(world.url, "GET", path).json()["content"]["text"] == memory_tools.TOOL_TEXT
