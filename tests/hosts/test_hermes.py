"""What only Hermes' own memory provider does (its common lifecycle checks are ``test_lifecycle.py``'s).

Hermes loads the plugin directory as a package and drives ``PowerContextMemoryProvider`` through
its memory-provider interface (HOSTS.md §1.11), in its own process; the provider is configured by
its own ``save_config`` (the server's URL, everything else default). It captures each turn
(``sync_turn``) and prepares the next one in a background queue (``queue_prefetch``), reads
capabilities at session end, answers ``/pc status`` and ``/pc scope``, mirrors Hermes' built-in
memory into Atomic Memory, and gives the model memory tools of its own. It reports failures as
WARNING records on its own logger. A relay records every call.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.host_table import Sessions
from _support.hosts import Served
from _support.pyhost_sessions import PySession, hermes_records, hermes_user, setup_hermes
from _support.pyhosts import (
    BIND,
    CAPABILITIES,
    CAPTURE,
    CLEAR,
    FLUSH,
    PREPARE,
    RESOLVE,
    Oracle,
    only,
    session_key,
    word,
    workspace_key,
)
from _support.relay import Call, Relay, dead_url


def hermes_session(sessions: Sessions) -> PySession:
    session: PySession = sessions.session("hermes")
    return session


def test_initialize_resolves_the_default_scope(host_sessions: Sessions) -> None:
    session = hermes_session(host_sessions)
    runs, extra = session.runs, session.extra
    assert extra["available"] and extra["system_block"].strip()
    assert [(call.route, call.status) for call in runs["init"]] == [(RESOLVE, 200)]
    (resolve,) = runs["init"]
    keys = [session_key("hermes", session.session_id), workspace_key("hermes", session.host.workspace)]
    assert resolve.request == {"explicit_scope_id": None, "binding_keys": keys}
    assert resolve.answer["scope_id"] == extra["active_scope"] == session.default_scope


def test_each_turn_is_captured_with_hermes_id_and_content(host_sessions: Sessions) -> None:
    session = hermes_session(host_sessions)
    capture = only(session.runs["turn"], CAPTURE)
    source_id = capture.request["source_id"]
    assert source_id.startswith("hermes-turn:") and len(source_id) == len("hermes-turn:") + 24
    assert capture.request == {
        "scope_id": session.default_scope,
        "source_id": source_id,
        "content": f"[user]\n{session.prompt}\n\n[assistant]\n{session.extra['answer']}",
        "metadata": {"kind": "hermes-turn", "session_id": session.session_id},
    }


def test_the_next_turn_gets_the_context_prepared_in_the_background(host_sessions: Sessions) -> None:
    session = hermes_session(host_sessions)
    background = only(session.runs["turn"], PREPARE)
    assert background.status == 200 and background.request["query"] == session.extra["next_prompt"]
    injected, calls = session.runs["next_recall"]
    assert background.answer["status"] == "ready"  # the next prompt names the stored memory's words too
    assert calls == []  # served from what queue_prefetch prepared
    assert injected.endswith(background.answer["content"])


def test_a_prompt_matching_nothing_is_one_prepare(host_sessions: Sessions) -> None:
    _, calls = hermes_session(host_sessions).runs["miss"]
    assert [(call.route, call.status) for call in calls] == [(PREPARE, 200)]


def test_status_reads_liveness_and_readiness(host_sessions: Sessions) -> None:
    session = hermes_session(host_sessions)
    text, calls = session.runs["status"]
    assert [(call.route, call.status) for call in calls] == [("GET /health/live", 200), ("GET /health/ready", 200)]
    status = json.loads(text)
    assert status["scope_id"] == session.default_scope and status["session_id"] == session.session_id
    assert status["liveness"] == {"status": "ok"} and status["readiness"]["status"] == "ready"


def test_session_end_reads_capabilities_and_flushes_only_when_the_server_extracts_memory(
    host_sessions: Sessions,
) -> None:
    end = hermes_session(host_sessions).runs["end"]
    assert [(call.route, call.status) for call in end] == [(CAPABILITIES, 200)]
    assert end[0].answer["memory_extraction"] is False  # no provider: nothing to flush into memory
    assert FLUSH not in [call.route for call in end]


@pytest.fixture(scope="module")
def user_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with hermes_user(tmp_path_factory.mktemp("hermes-user")) as home:
        yield home


def test_pc_scope_binds_and_clears_the_workspace(
    pcreceipt_server: Served, hermes_package: ModuleType, user_home: Path, tmp_path: Path
) -> None:
    oracle = Oracle(pcreceipt_server.url)
    chosen, default = oracle.new_scope("Hermes workspace"), oracle.default_scope_id()
    with Relay(pcreceipt_server.url) as relay:
        host = setup_hermes(hermes_package, tmp_path, relay)
        provider = host.provider()
        host.initialize(provider, f"hermes-{uuid.uuid4().hex}")
        try:
            bound, calls = host.calls(lambda: provider.handle_slash_command(f"scope bind {chosen}"))
            assert json.loads(bound) == {"status": "bound", "scope_id": chosen}
            assert [(call.route, call.status) for call in calls] == [(BIND, 200)]
            assert calls[0].request == {"key": workspace_key("hermes", host.workspace), "scope_id": chosen}
            _, calls = host.calls(lambda: provider.prefetch(f"{word()}?"))
            assert only(calls, PREPARE).request["scope_id"] == chosen
            cleared, calls = host.calls(lambda: provider.handle_slash_command("scope clear"))
            assert json.loads(cleared) == {"status": "cleared"}
            assert [(call.route, call.status) for call in calls] == [(CLEAR, 200), (RESOLVE, 200)]
            assert calls[1].answer["scope_id"] == default
        finally:
            provider.shutdown()


def test_without_a_server_initialize_raises_and_hermes_runs_without_the_provider(
    hermes_package: ModuleType, user_home: Path, tmp_path: Path
) -> None:
    host = setup_hermes(hermes_package, tmp_path, relay=None, url=dead_url())
    provider = host.provider()
    with pytest.raises(hermes_package.client.PowerContextTransportError):
        host.initialize(provider, f"hermes-{uuid.uuid4().hex}")
    provider.shutdown()


def test_a_server_lost_mid_session_is_reported_only_as_unavailable(host_sessions: Sessions) -> None:
    diagnostics = host_sessions.offline("hermes").runs["diagnostics"]
    assert {event["outcome"] for event in diagnostics} == {"server_unavailable"}


# -- Hermes' built-in memory, mirrored; and the provider's memory tools


@dataclass
class Mirror:
    scope_id: str
    first: str  # the text Hermes' memory tool added
    second: str  # what Hermes replaced it with
    add: list[Call]
    replace: list[Call]
    remove: list[Call]
    tools: dict[str, Any]
    diagnostics: list[dict[str, Any]]


@pytest.fixture(scope="module")
def mirror(
    pcreceipt_server: Served,
    hermes_package: ModuleType,
    user_home: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Mirror]:
    """Hermes' own memory tool adds an entry, replaces it and removes it (``on_memory_write`` with
    ``metadata.old_text``, as Hermes calls it); the provider mirrors each into Atomic Memory in its
    background queue. Then the model uses the provider's tools: remember, search, get, retire."""
    oracle = Oracle(pcreceipt_server.url)
    first = f"The {word()} service keeps its runbook in the {word()} folder."
    second = first.replace("runbook", "runbook and its alerts")
    with hermes_records() as records, Relay(pcreceipt_server.url) as relay:
        host = setup_hermes(hermes_package, tmp_path_factory.mktemp(f"hermes-mirror-{pcreceipt_server.engine}"), relay)
        provider = host.provider()
        host.initialize(provider, f"hermes-{uuid.uuid4().hex}")

        def write(action: str, content: str, old_text: str | None = None) -> None:
            metadata = {"old_text": old_text} if old_text else None
            provider.on_memory_write(action, "memory", content, metadata)
            provider._wait_for_background()

        _, add = host.calls(lambda: write("add", first))
        _, replace = host.calls(lambda: write("replace", second, first))
        _, remove = host.calls(lambda: write("remove", "", second))
        told = f"Deploys of the {word()} app wait for the {word()} check."
        tools: dict[str, Any] = {}
        tools["remember"] = json.loads(
            provider.handle_tool_call("powercontext_remember", {"kind": "decision", "text": told})
        )
        tools["search"] = json.loads(
            provider.handle_tool_call("powercontext_search_memory", {"query": told, "mode": "fts"})
        )
        reference = tools["remember"]["records"][0]["artifact"]
        tools["get"] = json.loads(provider.handle_tool_call("powercontext_get_memory", {"reference": reference}))
        citation = {"artifact": reference, "state_version": tools["remember"]["records"][0]["state_version"]}
        tools["retire"] = json.loads(provider.handle_tool_call("powercontext_retire_memory", {"reference": citation}))
        tools["told"] = told
        listing = {"include_inactive": True, "limit": 100}
        tools["list"] = json.loads(provider.handle_tool_call("powercontext_list_memory_entries", listing))
        scope_id = provider._scope_id
        provider.shutdown()
    assert oracle.default_scope_id() == scope_id
    yield Mirror(scope_id, first, second, add, replace, remove, tools, records.diagnostics())


def _mirrored(mirror: Mirror) -> str:
    (remembered,) = [call for call in mirror.add if call.path == "/v1/memory/remember"]
    assert remembered.status == 200, remembered.answer
    (record,) = remembered.answer["records"]
    return str(record["artifact"]["artifact_id"])


def test_an_added_hermes_memory_is_remembered_once(mirror: Mirror, pcreceipt_server: Served) -> None:
    (remembered,) = [call for call in mirror.add if call.path == "/v1/memory/remember"]
    assert remembered.request["text"] == mirror.first and remembered.request["kind"] == "hermes-memory"
    artifact_id = _mirrored(mirror)
    base = f"{pcreceipt_server.url}/v1/scopes/{mirror.scope_id}/artifacts/atomic-memory/{artifact_id}"
    assert httpx.get(base + "/revisions/1").json()["content"]["text"] == mirror.first


def test_a_replaced_hermes_memory_is_revised_with_the_servers_etag(mirror: Mirror, pcreceipt_server: Served) -> None:
    artifact_id = _mirrored(mirror)
    (put,) = [call for call in mirror.replace if call.method == "PUT"]
    headers = {name.lower(): value for name, value in put.request_headers.items()}
    assert put.status == 200 and headers["if-match"] == '"revision:1"', put
    assert put.answer["revision"] == 2 and put.answer["content"]["text"] == mirror.second
    assert all(call.status < 400 for call in mirror.replace), [(c.method, c.path, c.status) for c in mirror.replace]
    assert any(call.path.endswith(f"/{artifact_id}/state") for call in mirror.replace)


def test_a_removed_hermes_memory_is_forgotten(mirror: Mirror, pcreceipt_server: Served) -> None:
    artifact_id = _mirrored(mirror)
    (lifecycle,) = [call for call in mirror.remove if call.path == "/v1/atomic-memory/lifecycle"]
    assert lifecycle.status == 200 and lifecycle.request["state"] == "forgotten", lifecycle.answer
    assert lifecycle.request["target"]["artifact"] == {
        "family": "atomic-memory",
        "artifact_id": artifact_id,
        "revision": 2,
    }
    state = httpx.get(f"{pcreceipt_server.url}/v1/scopes/{mirror.scope_id}/artifacts/atomic-memory/{artifact_id}/state")
    assert state.json()["state"] == "forgotten"


def test_the_providers_memory_tools_remember_search_read_and_forget(mirror: Mirror) -> None:
    tools = mirror.tools
    (record,) = tools["remember"]["records"]
    assert tools["remember"]["changed"] is True and record["text"] == tools["told"]
    assert tools["search"]["hits"][0]["memory"]["artifact"] == record["artifact"]
    assert tools["get"]["content"]["text"] == tools["told"] and tools["get"]["revision"] == 1
    assert tools["retire"]["changed"] is True and tools["retire"]["records"][0]["state"] == "forgotten"


def test_mirroring_and_tools_report_no_diagnostics(mirror: Mirror) -> None:
    assert mirror.diagnostics == []


def test_the_providers_list_tool_shows_both_memories_forgotten(mirror: Mirror) -> None:
    """``powercontext_list_memory_entries`` (the server's ``list_memory_entries``), with inactive ones."""
    listed = mirror.tools["list"]
    assert "error" not in listed, listed
    by_id = {entry["artifact"]["artifact_id"]: entry for entry in listed["entries"]}
    mirrored, told = _mirrored(mirror), mirror.tools["remember"]["records"][0]["artifact"]["artifact_id"]
    assert by_id[mirrored]["state"] == "forgotten" and by_id[mirrored]["text"] == mirror.second
    assert by_id[told]["state"] == "forgotten" and by_id[told]["text"] == mirror.tools["told"]
