"""OpenClaw's memory-powercontext plugin (its own code, bundled) through a private session against ``pcreceipt serve``.

The driver plays the OpenClaw gateway (``drivers/openclaw.mjs``): the plugin registers with its one
setting, ``endpoint``; two turns each run ``before_prompt_build`` (resolve with the session, project
and agent keys in that order, prepare + the plugin's check, ``prependContext``) and ``agent_end``
(the turn's transcript captured as a Source); then ``before_compaction`` (capture again, capabilities,
flush only if extraction is on) and ``session_end`` (capabilities, the same rule); then ``/pc status``.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from _support.hosts import Served
from _support.node_hosts import (
    BEGIN,
    MATCHING_PROMPT,
    OPENCLAW,
    UNRELATED_PROMPT,
    World,
    assert_cites_the_memory,
    assert_source_captured,
    bundle,
    make_world,
    run_driver,
    sha256,
    stopped_server_url,
)

SESSION = "openclaw-session-0001"
SESSION_KEY = "agent:main:main"
OPEN, CLOSE = "<powercontext_memory>", "</powercontext_memory>"


@pytest.fixture(scope="session")
def openclaw_bundle(powercontext_sdist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bundle(powercontext_sdist, OPENCLAW, tmp_path_factory.mktemp("openclaw-bundle"))


def run_openclaw(bundle_dir: Path, url: str, root: Path, agent: str, prompts: list[str]) -> dict[str, Any]:
    scenario = {
        "plugin_config": {"endpoint": url},
        "agent_id": agent,
        "session_id": SESSION,
        "session_key": SESSION_KEY,
        "prompts": prompts,
        "commands": ["status"],
    }
    return run_driver("openclaw", bundle_dir, scenario, root / "home")


@pytest.fixture(scope="module")
def openclaw_session(
    pcreceipt_server: Served, openclaw_bundle: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, dict[str, Any]]:
    root = tmp_path_factory.mktemp("openclaw")
    agent = f"agent-{uuid.uuid4().hex[:12]}"
    # Only the agent key is bound: resolution takes the first bound key of session, project, agent.
    world = make_world(
        pcreceipt_server.url, root / "workspace", [{"integration": "openclaw", "kind": "agent", "external_id": agent}]
    )
    world.extra["agent"] = agent
    observed = run_openclaw(openclaw_bundle, pcreceipt_server.url, root, agent, [MATCHING_PROMPT, UNRELATED_PROMPT])
    world.count_host_prepares([MATCHING_PROMPT, UNRELATED_PROMPT])
    return world, observed


def logged(observed: dict[str, Any], *levels: str) -> list[str]:
    return [entry["message"] for entry in observed["logs"] if entry["level"] in levels]


def test_openclaw_prepends_exactly_the_servers_content(openclaw_session: tuple[World, dict[str, Any]]) -> None:
    """Without an ``assembly`` OpenClaw wraps the content in its memory tags (escaping only those tags)."""
    world, observed = openclaw_session
    prepend = observed["turns"][0]["prepend"]
    content = world.content(MATCHING_PROMPT)
    assert OPEN not in content and CLOSE not in content
    assert prepend.startswith(OPEN + "\n") and prepend.endswith("\n" + content + "\n" + CLOSE), prepend
    assert prepend.count(content) == 1


def test_openclaw_prepends_nothing_for_a_prompt_nothing_matches(openclaw_session: tuple[World, dict[str, Any]]) -> None:
    world, observed = openclaw_session
    assert world.expected[UNRELATED_PROMPT]["status"] == "empty"
    assert observed["turns"][1]["prepend"] is None


def test_the_content_openclaw_prepends_is_powercontexts_default_structure(
    openclaw_session: tuple[World, dict[str, Any]],
) -> None:
    world, observed = openclaw_session
    assert BEGIN in observed["turns"][0]["prepend"]
    assert_cites_the_memory(world, world.content(MATCHING_PROMPT))


def test_openclaw_captures_each_turns_transcript_as_a_source(openclaw_session: tuple[World, dict[str, Any]]) -> None:
    """``agent_end`` captures the turn's last user message; ``before_compaction`` captures the same
    transcript again under the same id (an idempotent replay, no failure)."""
    world, _ = openclaw_session
    opaque_session = sha256(SESSION)
    for prompt in [MATCHING_PROMPT, UNRELATED_PROMPT]:
        content = f"User: {prompt}"
        source_id = "openclaw-turn-" + sha256("\0".join([world.extra["agent"], opaque_session, content]))
        assert_source_captured(world, source_id, content)


def test_openclaw_defers_flush_while_extraction_is_off_and_reports_no_failure(
    openclaw_session: tuple[World, dict[str, Any]],
) -> None:
    """Capabilities say ``memory_extraction: false``, so neither compaction nor session end flushes —
    as against PowerContext without a provider — and nothing is reported at warn or error."""
    _, observed = openclaw_session
    assert logged(observed, "warn", "error") == []
    deferred = [message for message in logged(observed, "debug") if "flush deferred" in message]
    assert len(deferred) == 2, observed["logs"]


def test_openclaw_status_command_finds_the_server_ready(openclaw_session: tuple[World, dict[str, Any]]) -> None:
    _, observed = openclaw_session
    result = observed["commands"]["status"]
    assert not result.get("isError"), result
    assert "Memory extraction: disabled." in result["text"].splitlines()


def test_openclaw_without_a_server_reports_it_unavailable_and_goes_on(openclaw_bundle: Path, tmp_path: Path) -> None:
    observed = run_openclaw(openclaw_bundle, stopped_server_url(), tmp_path, "agent-offline", [MATCHING_PROMPT])
    (turn,) = observed["turns"]
    assert turn["prepend"] is None and turn["ms"] < 3000
    # Later failures (capture, compaction, session end) share the outcome and are throttled away.
    assert [json.loads(message) for message in logged(observed, "warn")] == [
        {
            "component": "powercontext.openclaw",
            "event": "context_prepare",
            "outcome": "server_unavailable",
            "recovery": "powercontext doctor",
        }
    ]
    assert observed["commands"]["status"]["isError"] is True
