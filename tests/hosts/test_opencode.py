"""OpenCode's PowerContext plugin (its own server and TUI modules, bundled) against ``pcreceipt serve``.

The driver plays OpenCode (``drivers/opencode.mjs``): ``session.created`` (the plugin resolves the
session's Scope and binds the session key to it), two user messages through ``chat.message`` and
``experimental.chat.messages.transform``, then the TUI: the status slot (statistics for today and
30 days) and ``/pc``, ``/pc stats``, ``/pc capabilities``, ``/pc doctor``. The only setting given is
``POWERCONTEXT_OPENCODE_BASE_URL``; the plugin reports through ``client.app.log``.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from _support import memory_tools
from _support.hosts import Served
from _support.node_hosts import (
    BEGIN,
    MATCHING_PROMPT,
    OPENCODE,
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


@pytest.fixture(scope="session")
def opencode_bundle(powercontext_sdist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bundle(powercontext_sdist, OPENCODE, tmp_path_factory.mktemp("opencode-bundle"))


def run_opencode(
    bundle_dir: Path, url: str, root: Path, session: str, prompts: list[str], commands: list[str]
) -> dict[str, Any]:
    workspace = root / "workspace"
    workspace.mkdir(parents=True, exist_ok=True)
    scenario = {"cwd": str(workspace), "session_id": session, "prompts": prompts, "commands": commands}
    return run_driver("opencode", bundle_dir, scenario, root / "home", {"POWERCONTEXT_OPENCODE_BASE_URL": url})


@pytest.fixture(scope="module")
def opencode_session(
    pcreceipt_server: Served, opencode_bundle: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, dict[str, Any]]:
    root = tmp_path_factory.mktemp("opencode")
    workspace = (root / "workspace").resolve()
    key = {"integration": "opencode", "kind": "workspace", "external_id": sha256(str(workspace))}
    world = make_world(pcreceipt_server.url, workspace, [key])
    session = f"ses_{uuid.uuid4().hex}"
    world.extra["session"] = session
    observed = run_opencode(
        opencode_bundle,
        pcreceipt_server.url,
        root,
        session,
        [MATCHING_PROMPT, UNRELATED_PROMPT],
        ["", "stats", "capabilities", "doctor"],
    )
    world.count_host_prepares([MATCHING_PROMPT, UNRELATED_PROMPT])
    return world, observed


def synthetic(turn: dict[str, Any]) -> list[str]:
    return [part["text"] for part in turn["parts"] if part.get("synthetic")]


def command_json(observed: dict[str, Any], command: str) -> dict[str, Any]:
    result = observed["commands"][command]
    assert result["title"] == "PowerContext", result
    value: dict[str, Any] = json.loads(result["message"])
    return value


def test_opencode_binds_its_session_to_the_resolved_scope(opencode_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = opencode_session
    session_key = {"integration": "opencode", "kind": "session", "external_id": world.extra["session"]}
    resolved = call(world.url, "POST", "/v1/scope-bindings/resolve", {"binding_keys": [session_key]}).json()
    assert resolved["scope_id"] == world.scope_id
    assert f"scope={world.scope_id}" in observed["commands"][""]["message"].splitlines()


def test_opencode_adds_exactly_the_servers_content(opencode_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = opencode_session
    (part,) = synthetic(observed["turns"][0])
    content = world.content(MATCHING_PROMPT)
    assert part.endswith("\n\n" + content) and part.count(content) == 1
    assert observed["turns"][0]["parts"][0]["text"] == MATCHING_PROMPT  # the user's own part is untouched


def test_opencode_adds_nothing_for_a_prompt_nothing_matches(opencode_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = opencode_session
    assert world.expected[UNRELATED_PROMPT]["status"] == "empty"
    unrelated = observed["turns"][1]
    assert synthetic(unrelated) == [] and all(BEGIN not in part["text"] for part in unrelated["parts"])


def test_the_content_opencode_adds_is_powercontexts_default_structure(
    opencode_session: tuple[World, dict[str, Any]],
) -> None:
    world, _ = opencode_session
    assert_cites_the_memory(world, world.content(MATCHING_PROMPT))


def test_opencode_captures_every_user_message_as_a_source(opencode_session: tuple[World, dict[str, Any]]) -> None:
    world, _ = opencode_session
    for sequence, prompt in enumerate([MATCHING_PROMPT, UNRELATED_PROMPT], start=1):
        message = f"msg_{sequence:04d}"
        source_id = "opencode-user-prompt:" + sha256(
            "\0".join([world.scope_id, world.extra["session"], message, prompt])
        )
        assert_source_captured(world, source_id, prompt)


def test_opencode_logs_no_failure(opencode_session: tuple[World, dict[str, Any]]) -> None:
    _, observed = opencode_session
    assert [entry for entry in observed["logs"] if entry["level"] != "debug"] == []
    prepared = [json.loads(entry["message"]) for entry in observed["logs"]]
    assert [(event["event"], event["outcome"]) for event in prepared] == [
        ("context_prepare", "ready"),
        ("context_prepare", "empty"),
    ]


def test_opencode_status_line_shows_the_token_savings(opencode_session: tuple[World, dict[str, Any]]) -> None:
    _, observed = opencode_session
    assert observed["status"]["loaded"].startswith("●PC online · "), observed["status"]


def test_opencode_stats_command_reads_the_scopes_statistics(
    opencode_session: tuple[World, dict[str, Any]], powercontext_models: ModuleType
) -> None:
    world, observed = opencode_session
    result = command_json(observed, "stats")
    assert result["ok"] is True and result["status"] == 200, result
    powercontext_models.ScopedStats.model_validate(result["data"])
    assert_recall_statistics(world, result["data"])


def test_opencode_capabilities_and_doctor_commands(
    opencode_session: tuple[World, dict[str, Any]], powercontext_models: ModuleType
) -> None:
    _, observed = opencode_session
    capabilities = command_json(observed, "capabilities")
    assert capabilities["ok"] is True, capabilities
    assert powercontext_models.Capabilities.model_validate(capabilities["data"]).memory_extraction is False
    doctor = command_json(observed, "doctor")
    assert doctor["ok"] is True, doctor
    assert doctor["data"]["live"]["data"] == {"status": "ok"}
    assert doctor["data"]["ready"]["data"]["status"] == "ready"


def test_opencode_without_a_server_goes_on_and_shows_it_offline(opencode_bundle: Path, tmp_path: Path) -> None:
    observed = run_opencode(opencode_bundle, stopped_server_url(), tmp_path, "ses_offline", [MATCHING_PROMPT], [""])
    (turn,) = observed["turns"]
    assert synthetic(turn) == [] and turn["ms"] < 6000
    assert observed["status"]["loaded"].endswith("powercontext doctor"), observed["status"]
    assert observed["commands"][""]["title"] == "PowerContext error"
    failed = [json.loads(entry["message"]) for entry in observed["logs"] if entry["level"] == "warn"]
    assert failed == [{"event": "turn_prepare", "outcome": "failed"}]


# -- the model's memory tools (pc_remember, pc_search, pc_memory_*: ``_support.memory_tools``)


@pytest.fixture(scope="module")
def opencode_tools(
    pcreceipt_server: Served, opencode_bundle: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, list[dict[str, Any]]]:
    root = tmp_path_factory.mktemp("opencode-tools")
    workspace = (root / "workspace").resolve()
    key = {"integration": "opencode", "kind": "workspace", "external_id": sha256(str(workspace))}
    world = make_world(pcreceipt_server.url, workspace, [key])
    scenario = {
        "cwd": str(workspace),
        "session_id": f"ses_{uuid.uuid4().hex}",
        "prompts": [],
        "commands": [],
        "tool_calls": memory_tools.SESSION_CALLS,
    }
    env = {"POWERCONTEXT_OPENCODE_BASE_URL": pcreceipt_server.url}
    observed = run_driver("opencode", opencode_bundle, scenario, root / "home", env)
    results: list[dict[str, Any]] = observed["tool_results"]
    assert len(results) == len(memory_tools.SESSION_CALLS)
    return world, results


def test_opencode_remember_stores_the_text_in_the_sessions_scope(
    opencode_tools: tuple[World, list[dict[str, Any]]],
) -> None:
    memory_tools.assert_remembered(*opencode_tools)


def test_opencode_search_finds_what_it_remembered_first(opencode_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_found_first(opencode_tools[1])


def test_opencode_reads_and_revises_with_the_servers_etag(opencode_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_revised_with_the_etag(*opencode_tools)


def test_opencode_forgets_with_the_state_it_read(opencode_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_forgotten(*opencode_tools)


def test_opencode_reads_a_past_revision_without_a_write_etag(
    opencode_tools: tuple[World, list[dict[str, Any]]],
) -> None:
    memory_tools.assert_past_revision_read(opencode_tools[1])


def test_opencode_revising_a_stale_revision_is_a_conflict_it_reports(
    opencode_tools: tuple[World, list[dict[str, Any]]],
) -> None:
    memory_tools.assert_stale_revise_refused(opencode_tools[1])


def test_opencode_lists_the_inventory_page_by_page(opencode_tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_listed(*opencode_tools)
