"""Pi's PowerContext extension (its own code, bundled) through a Pi session against ``pcreceipt serve``.

The driver plays Pi (``drivers/pi.mjs``): two turns — a prompt that matches the World's memory, then
one that matches nothing — each with ``before_agent_start`` (resolve, prepare + the extension's
validator, capture) and ``agent_end`` (flush of the captured Sources), ``session_shutdown``, then
the user's ``/pc``, ``/pc stats`` and ``/pc doctor``. The only setting given is the server URL
(``POWERCONTEXT_PI_BASE_URL``) and the diagnostics sink, so what Pi reports can be read.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from _support import memory_tools
from _support.hosts import Served
from _support.node_hosts import (
    BEGIN,
    MATCHING_PROMPT,
    MEMORY_TEXT,
    PI,
    UNRELATED_PROMPT,
    World,
    assert_cites_the_memory,
    assert_injected,
    assert_recall_statistics,
    assert_source_captured,
    bundle,
    make_world,
    run_driver,
    sha256,
    stopped_server_url,
)

SYSTEM_PROMPT = "You are a careful coding agent."
SESSION = "pi-session-0001"


@pytest.fixture(scope="session")
def pi_bundle(powercontext_sdist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bundle(powercontext_sdist, PI, tmp_path_factory.mktemp("pi-bundle"))


def run_pi(bundle_dir: Path, url: str, root: Path, prompts: list[str], commands: list[str]) -> dict[str, Any]:
    workspace = root / "workspace"
    workspace.mkdir(parents=True, exist_ok=True)
    diagnostics = root / "diagnostics.jsonl"
    scenario = {
        "cwd": str(workspace),
        "session_id": SESSION,
        "system_prompt": SYSTEM_PROMPT,
        "prompts": prompts,
        "commands": commands,
    }
    env = {"POWERCONTEXT_PI_BASE_URL": url, "POWERCONTEXT_PI_DIAGNOSTICS": str(diagnostics)}
    observed = run_driver("pi", bundle_dir, scenario, root / "home", env)
    lines = diagnostics.read_text().splitlines() if diagnostics.exists() else []
    observed["diagnostics"] = [json.loads(line) for line in lines]
    return observed


@pytest.fixture(scope="module")
def pi_session(
    pcreceipt_server: Served, pi_bundle: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, dict[str, Any]]:
    root = tmp_path_factory.mktemp("pi")
    workspace = (root / "workspace").resolve()
    key = {"integration": "pi", "kind": "workspace", "external_id": sha256(str(workspace))}
    world = make_world(pcreceipt_server.url, workspace, [key])
    observed = run_pi(
        pi_bundle, pcreceipt_server.url, root, [MATCHING_PROMPT, UNRELATED_PROMPT], ["", "stats", "doctor"]
    )
    world.count_host_prepares([MATCHING_PROMPT, UNRELATED_PROMPT])
    return world, observed


def command_result(observed: dict[str, Any], command: str) -> tuple[str, dict[str, Any] | str]:
    (note,) = observed["commands"][command]
    message = note["message"]
    try:
        return note["level"], json.loads(message)
    except json.JSONDecodeError:
        return note["level"], message


def test_pi_resolves_the_scope_bound_to_its_workspace(pi_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = pi_session
    level, message = command_result(observed, "")
    assert level == "info" and isinstance(message, str)
    assert f"scope={world.scope_id}" in message.splitlines()


def test_pi_injects_exactly_the_servers_content(pi_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = pi_session
    matching, unrelated = observed["turns"]
    assert unrelated["system_prompt"].startswith(SYSTEM_PROMPT)
    wrapper = assert_injected(world, unrelated["system_prompt"], matching["system_prompt"])
    assert wrapper.strip() and MEMORY_TEXT not in wrapper


def test_pi_injects_nothing_for_a_prompt_nothing_matches(pi_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = pi_session
    unrelated = observed["turns"][1]
    assert world.expected[UNRELATED_PROMPT]["status"] == "empty"
    assert MEMORY_TEXT not in unrelated["system_prompt"] and BEGIN not in unrelated["system_prompt"]


def test_the_content_pi_injects_is_powercontexts_default_structure(pi_session: tuple[World, dict[str, Any]]) -> None:
    world, _ = pi_session
    assert_cites_the_memory(world, world.content(MATCHING_PROMPT))


def test_pi_captures_every_prompt_as_a_source(pi_session: tuple[World, dict[str, Any]]) -> None:
    world, _ = pi_session
    for turn, prompt in enumerate([MATCHING_PROMPT, UNRELATED_PROMPT], start=1):
        source_id = "pi-user-prompt:" + sha256("\0".join([world.scope_id, SESSION, str(turn), prompt]))
        assert_source_captured(world, source_id, prompt)


def test_pi_reports_only_the_flush_a_providerless_powercontext_refuses(
    pi_session: tuple[World, dict[str, Any]],
) -> None:
    """``agent_end`` flushes the pending Sources; without an inference provider that is 503
    ``inference_unavailable``, which Pi reports as ``server_unavailable`` (once: its diagnostics
    are throttled per outcome) — and nothing else goes wrong."""
    _, observed = pi_session
    assert observed["diagnostics"] == [
        {
            "component": "powercontext.pi",
            "event": "flush_memory",
            "outcome": "server_unavailable",
            "http_status": 503,
            "error_code": "inference_unavailable",
            "recovery": "powercontext doctor",
        }
    ]


def test_pi_stats_command_reads_the_scopes_statistics(
    pi_session: tuple[World, dict[str, Any]], powercontext_models: ModuleType
) -> None:
    world, observed = pi_session
    level, result = command_result(observed, "stats")
    assert level == "info" and isinstance(result, dict), result
    assert result["ok"] is True and result["status"] == 200, result
    powercontext_models.ScopedStats.model_validate(result["data"])
    assert_recall_statistics(world, result["data"])


def test_pi_doctor_command_finds_the_server_live_and_ready(pi_session: tuple[World, dict[str, Any]]) -> None:
    _, observed = pi_session
    level, result = command_result(observed, "doctor")
    assert level == "info" and isinstance(result, dict), result
    assert result["ok"] is True
    assert result["live"]["data"] == {"status": "ok"}
    assert result["ready"]["data"]["status"] == "ready"


def test_pi_without_a_server_reports_it_unavailable_and_goes_on(pi_bundle: Path, tmp_path: Path) -> None:
    observed = run_pi(pi_bundle, stopped_server_url(), tmp_path, [MATCHING_PROMPT], ["stats"])
    (turn,) = observed["turns"]
    assert turn["system_prompt"].startswith(SYSTEM_PROMPT) and BEGIN not in turn["system_prompt"]
    assert turn["ms"] < 3000
    assert observed["diagnostics"] == [
        {
            "component": "powercontext.pi",
            "event": "context_prepare",
            "outcome": "server_unavailable",
            "recovery": "powercontext doctor",
        }
    ]
    level, result = command_result(observed, "stats")
    assert level == "error" and isinstance(result, dict) and result["code"] == "unavailable", result


# -- the model's memory tools (pc_remember, pc_search, pc_memory_*: ``_support.memory_tools``)


@pytest.fixture(scope="module")
def pi_tools(
    pcreceipt_server: Served, pi_bundle: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, list[dict[str, Any]]]:
    root = tmp_path_factory.mktemp("pi-tools")
    workspace = (root / "workspace").resolve()
    key = {"integration": "pi", "kind": "workspace", "external_id": sha256(str(workspace))}
    world = make_world(pcreceipt_server.url, workspace, [key])
    scenario = {
        "cwd": str(workspace),
        "session_id": SESSION,
        "system_prompt": SYSTEM_PROMPT,
        "prompts": [],
        "tool_calls": memory_tools.SESSION_CALLS,
    }
    observed = run_driver("pi", pi_bundle, scenario, root / "home", {"POWERCONTEXT_PI_BASE_URL": pcreceipt_server.url})
    results: list[dict[str, Any]] = observed["tool_results"]
    assert len(results) == len(memory_tools.SESSION_CALLS)
    return world, results


def test_pi_remember_stores_the_text_in_the_bound_scope(pi_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_remembered(*pi_tools)


def test_pi_search_finds_what_it_remembered_first(pi_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_found_first(pi_tools[1])


def test_pi_reads_and_revises_with_the_servers_etag(pi_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_revised_with_the_etag(*pi_tools)


def test_pi_forgets_with_the_state_it_read(pi_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_forgotten(*pi_tools)


def test_pi_reads_a_past_revision_without_a_write_etag(pi_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_past_revision_read(pi_tools[1])


def test_pi_revising_a_stale_revision_is_a_conflict_it_reports(pi_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_stale_revise_refused(pi_tools[1])


def test_pi_lists_the_inventory_page_by_page(pi_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_listed(*pi_tools)
