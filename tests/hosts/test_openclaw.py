"""What only OpenClaw's memory-powercontext plugin does (its common lifecycle checks are ``test_lifecycle.py``'s).

It defers its flush while capabilities say extraction is off, answers ``/pc status``, and gives the
model tools of its own (``powercontext_memory_store``, ``_search``, ``_get``, ``_revise``,
``_retire``) whose results carry citations with the exact references.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _support import memory_tools
from _support.host_table import Sessions, logged
from _support.hosts import Served
from _support.node_hosts import OPENCLAW, World, call
from _support.node_sessions import openclaw_world, run_openclaw


def test_openclaw_defers_flush_while_extraction_is_off(host_sessions: Sessions) -> None:
    """Capabilities say ``memory_extraction: false``, so neither compaction nor session end flushes —
    as against PowerContext without a provider."""
    observed = host_sessions.session("openclaw").observed
    deferred = [message for message in logged(observed, "debug") if "flush deferred" in message]
    assert len(deferred) == 2, observed["logs"]


def test_openclaw_status_command_finds_the_server_ready(host_sessions: Sessions) -> None:
    result = host_sessions.session("openclaw").observed["commands"]["status"]
    assert not result.get("isError"), result
    assert "Memory extraction: disabled." in result["text"].splitlines()


def test_openclaw_status_command_without_a_server_is_an_error(host_sessions: Sessions) -> None:
    assert host_sessions.offline("openclaw").runs["commands"]["status"]["isError"] is True


# -- the model's memory tools

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
    pcreceipt_server: Served, host_sessions: Sessions, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, list[dict[str, Any]]]:
    """A private session's model stores, finds, reads, revises and forgets a memory through the
    plugin's own tools, then revises a stale citation."""
    root: Path = tmp_path_factory.mktemp("openclaw-tools")
    world = openclaw_world(pcreceipt_server.url, root)
    observed = run_openclaw(
        host_sessions.bundles(OPENCLAW), pcreceipt_server.url, root, world.extra["agent"], [], tool_calls=TOOL_CALLS
    )
    results: list[dict[str, Any]] = observed["tool_results"]
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
