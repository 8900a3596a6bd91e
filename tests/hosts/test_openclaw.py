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
from _support import memory_tools
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
    call,
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


# -- the model's memory tools (powercontext_memory_store, _search, _get, _revise, _retire)

TOOL = "powercontext_memory_"
TOOL_CALLS = [
    {"name": TOOL + "store", "params": {"text": memory_tools.TOOL_TEXT, "kind": "decision"}},
    {"name": TOOL + "search", "params": {"query": memory_tools.TOOL_QUERY}},
    {"name": TOOL + "get", "params": {"path": "$result:1.results.0.path"}},
    {
        "name": TOOL + "revise",
        "params": {"citation": "$result:0.citation", "text": memory_tools.REVISED_TEXT, "kind": "decision"},
    },
    {"name": TOOL + "retire", "params": {"citation": "$result:3.citation"}},
    {"name": TOOL + "search", "params": {"query": memory_tools.TOOL_QUERY}},
    {
        "name": TOOL + "revise",
        "params": {"citation": "$result:0.citation", "text": memory_tools.TOOL_TEXT, "kind": "decision"},
    },
]


@pytest.fixture(scope="module")
def openclaw_tools(
    pcreceipt_server: Served, openclaw_bundle: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, list[dict[str, Any]]]:
    """A private session's model stores, finds, reads, revises and forgets a memory through the
    plugin's own tools (their citations carry the exact references), then revises a stale citation."""
    root = tmp_path_factory.mktemp("openclaw-tools")
    agent = f"agent-{uuid.uuid4().hex[:12]}"
    key = {"integration": "openclaw", "kind": "agent", "external_id": agent}
    world = make_world(pcreceipt_server.url, root / "workspace", [key])
    scenario = {
        "plugin_config": {"endpoint": pcreceipt_server.url},
        "agent_id": agent,
        "session_id": SESSION,
        "session_key": SESSION_KEY,
        "prompts": [],
        "tool_calls": TOOL_CALLS,
    }
    results: list[dict[str, Any]] = run_driver("openclaw", openclaw_bundle, scenario, root / "home")["tool_results"]
    assert len(results) == len(TOOL_CALLS)
    return world, results


def test_openclaw_store_then_search_finds_the_memory_first(openclaw_tools: tuple[World, list[dict[str, Any]]]) -> None:
    world, results = openclaw_tools
    stored, found = results[0], results[1]
    assert stored["status"] == "stored" and stored["changed"] is True, stored
    (record,) = stored["records"]
    assert record["text"] == memory_tools.TOOL_TEXT and record["artifact"]["revision"] == 1
    first = found["results"][0]
    assert first["snippet"] == memory_tools.TOOL_TEXT and first["citation"] == stored["citation"], found
    path = f"/v1/scopes/{world.scope_id}/artifacts/atomic-memory/{record['artifact']['artifact_id']}/revisions/1"
    assert call(world.url, "GET", path).json()["content"]["text"] == memory_tools.TOOL_TEXT


def test_openclaw_get_reads_the_cited_revision(openclaw_tools: tuple[World, list[dict[str, Any]]]) -> None:
    _, results = openclaw_tools
    read = results[2]
    assert read["text"] == memory_tools.TOOL_TEXT and "unavailable" not in read, read


def test_openclaw_revise_and_retire_change_the_memory_on_the_server(
    openclaw_tools: tuple[World, list[dict[str, Any]]],
) -> None:
    world, results = openclaw_tools
    revised, retired, search = results[3], results[4], results[5]
    artifact_id = results[0]["records"][0]["artifact"]["artifact_id"]
    assert revised["status"] == "revised", revised
    assert revised["artifact"] == {"family": "atomic-memory", "artifact_id": artifact_id, "revision": 2}
    assert retired["status"] == "forgotten" and retired["changed"] is True, retired
    assert retired["records"][0]["state"] == "forgotten" and retired["records"][0]["artifact"]["revision"] == 2
    assert all(memory_tools.TOOL_TEXT not in hit["snippet"] for hit in search["results"])
    base = f"/v1/scopes/{world.scope_id}/artifacts/atomic-memory/{artifact_id}"
    assert call(world.url, "GET", base).json()["content"]["text"] == memory_tools.REVISED_TEXT
    assert call(world.url, "GET", base + "/state").json()["state"] == "forgotten"


def test_openclaw_revising_a_stale_citation_is_a_conflict(openclaw_tools: tuple[World, list[dict[str, Any]]]) -> None:
    _, results = openclaw_tools
    stale = results[6]
    assert stale["status"] == "conflict" and stale["code"] == "conflict", stale
