"""Hermes' own memory provider (PowerContext 1.4.1's sdist) through its session lifecycle against pcreceipt serve.

Hermes loads the plugin directory as a package and drives ``PowerContextMemoryProvider`` through
its memory-provider interface (HOSTS.md §1.11); so does this test: the provider is configured by
its own setup step (``save_config`` writes ``$HERMES_HOME/powercontext/config.json`` with the
server's URL, everything else default), then ``initialize`` (resolve), ``system_prompt_block``,
``prefetch`` before a turn (prepare), ``sync_turn`` and ``queue_prefetch`` after it (capture and
the next turn's prepare, in the provider's background queue), ``on_session_end`` (capabilities,
and a flush only when the server extracts memory) and ``/pc status`` and ``/pc scope``. A relay
between provider and server records every call; the provider reports failures as WARNING log
records on its own logger, which the test collects. The session runs in the server's default
Scope, where a memory was stored first through pcreceipt's API.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.hosts import Served
from _support.pyhosts import (
    BIND,
    CAPABILITIES,
    CAPTURE,
    CLEAR,
    FLUSH,
    PLUGINS,
    PREPARE,
    RESOLVE,
    Oracle,
    memory_item,
    only,
    prepared_items,
    session_key,
    word,
    workspace_key,
)
from _support.relay import Call, Relay, dead_url

PACKAGE = "hermes_plugins_powercontext"


@pytest.fixture(scope="module")
def hermes(powercontext_sdist: Path) -> Iterator[ModuleType]:
    """The plugin directory imported as a package, the way Hermes' plugin loader imports it."""
    root = powercontext_sdist / PLUGINS["hermes"]
    spec = importlib.util.spec_from_file_location(PACKAGE, root / "__init__.py", submodule_search_locations=[str(root)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = module
    spec.loader.exec_module(module)
    yield module
    for name in [name for name in sys.modules if name == PACKAGE or name.startswith(PACKAGE + ".")]:
        del sys.modules[name]


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def diagnostics(self) -> list[dict[str, Any]]:
        """The provider's failure diagnostics: one JSON object per WARNING record."""
        return [json.loads(r.getMessage()) for r in self.records if r.levelno >= logging.WARNING]


@pytest.fixture(scope="module")
def user_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A user with no PowerContext settings of their own (the provider also reads the environment and HOME)."""
    home = tmp_path_factory.mktemp("hermes-user")
    with pytest.MonkeyPatch.context() as patch:
        for name in [name for name in os.environ if name.startswith(("POWERCONTEXT_", "HERMES_"))]:
            patch.delenv(name)
        patch.setenv("HOME", str(home))
        yield home


@pytest.fixture(scope="module")
def records(hermes: ModuleType) -> Iterator[Records]:
    handler = Records()
    logger = logging.getLogger(PACKAGE)
    logger.addHandler(handler)
    level, logger.level = logger.level, logging.DEBUG
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


@dataclass
class Hermes:
    module: ModuleType
    url: str  # where the provider is pointed: the relay's URL
    relay: Relay | None
    home: Path  # $HERMES_HOME
    workspace: Path

    def provider(self) -> Any:
        """A provider as Hermes' setup wizard leaves it: ``save_config`` writes the URL, a new provider reads it."""
        cls = self.module.PowerContextMemoryProvider
        cls().save_config({"base_url": self.url}, str(self.home))
        return cls()

    def initialize(self, provider: Any, session_id: str) -> None:
        provider.initialize(
            session_id,
            hermes_home=str(self.home),
            platform="cli",
            agent_context="primary",
            agent_identity="default",
            cwd=str(self.workspace),
        )

    def calls(self, action: Any) -> tuple[Any, list[Call]]:
        assert self.relay is not None
        mark = self.relay.mark()
        return action(), self.relay.since(mark)


def setup(module: ModuleType, root: Path, relay: Relay | None, url: str | None = None) -> Hermes:
    (root / "workspace").mkdir()
    url = url or (relay.url if relay else "")
    return Hermes(module=module, url=url, relay=relay, home=root / "hermes-home", workspace=root / "workspace")


@dataclass
class Session:
    hermes: Hermes
    oracle: Oracle
    session_id: str
    default_scope: str
    artifact_id: str
    memory: str
    prompt: str
    answer: str
    next_prompt: str
    available: bool
    init: list[Call]
    active_scope: str
    system_block: str
    recall: tuple[str, list[Call]]
    turn: list[Call]
    next_recall: tuple[str, list[Call]]
    miss: tuple[str, list[Call]]
    status: tuple[str, list[Call]]
    end: list[Call]
    diagnostics: list[dict[str, Any]]


@pytest.fixture(scope="module")
def session(
    pcreceipt_server: Served,
    hermes: ModuleType,
    user_home: Path,
    records: Records,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Session]:
    oracle = Oracle(pcreceipt_server.url)
    default_scope = oracle.default_scope_id()
    city, room = word(), word()
    memory = f"The {city} office holds its planning meeting in the {room} room."
    artifact_id = oracle.remember(default_scope, memory)
    records.records.clear()
    with Relay(pcreceipt_server.url) as relay:
        host = setup(hermes, tmp_path_factory.mktemp(f"hermes-{pcreceipt_server.engine}"), relay)
        provider = host.provider()
        available = provider.is_available()
        session_id = f"hermes-{uuid.uuid4().hex}"
        _, init = host.calls(lambda: host.initialize(provider, session_id))
        active_scope = json.loads(provider.handle_slash_command("scope status"))["active_scope_id"]
        prompt, answer = f"Where does the {city} office plan, {room}?", "In its usual room."
        next_prompt = f"And who books the {room} room in {city}?"
        recall = host.calls(lambda: provider.prefetch(prompt, session_id=session_id))

        def after_turn() -> None:
            provider.sync_turn(prompt, answer, session_id=session_id)
            provider.queue_prefetch(next_prompt, session_id=session_id)
            # Hermes' next turn comes after the user reads the answer; here the provider's own
            # background queue is drained instead of waiting an arbitrary time.
            provider._wait_for_background()

        _, turn = host.calls(after_turn)
        next_recall = host.calls(lambda: provider.prefetch(next_prompt, session_id=session_id))
        miss = host.calls(lambda: provider.prefetch(f"{word()} {word()}?", session_id=session_id))
        status = host.calls(lambda: provider.handle_slash_command("status"))
        _, end = host.calls(lambda: provider.on_session_end([{"role": "user", "content": prompt}]))
        provider.shutdown()
        yield Session(
            hermes=host,
            oracle=oracle,
            session_id=session_id,
            default_scope=default_scope,
            artifact_id=artifact_id,
            memory=memory,
            prompt=prompt,
            answer=answer,
            next_prompt=next_prompt,
            available=available,
            init=init,
            active_scope=active_scope,
            system_block=provider.system_prompt_block(),
            recall=recall,
            turn=turn,
            next_recall=next_recall,
            miss=miss,
            status=status,
            end=end,
            diagnostics=records.diagnostics(),
        )


def test_initialize_resolves_the_default_scope(session: Session) -> None:
    assert session.available and session.system_block.strip()
    assert [(call.route, call.status) for call in session.init] == [(RESOLVE, 200)]
    (resolve,) = session.init
    keys = [session_key("hermes", session.session_id), workspace_key("hermes", session.hermes.workspace)]
    assert resolve.request == {"explicit_scope_id": None, "binding_keys": keys}
    assert resolve.answer["scope_id"] == session.active_scope == session.default_scope


def test_prefetch_injects_the_servers_content_unchanged(session: Session) -> None:
    injected, calls = session.recall
    assert [(call.route, call.status) for call in calls] == [(PREPARE, 200)]
    (prepare,) = calls
    assert prepare.request == {"scope_id": session.default_scope, "query": session.prompt, "max_bytes": 8000}
    again = session.oracle.post("/v1/context/prepare", prepare.request).json()
    assert again == prepare.answer and again["status"] == "ready"
    host_text, content = injected[: -len(again["content"])], injected[-len(again["content"]) :]
    assert content == again["content"] and host_text.strip()  # Hermes' own heading, then the content unchanged
    assert session.memory in content


def test_the_injected_content_is_powercontexts_default_format_citing_the_memory(session: Session) -> None:
    _, calls = session.recall
    item = memory_item(prepared_items(only(calls, PREPARE).answer["content"]), session.artifact_id)
    assert (item["content"], item["truncated"], item["kind"]) == (session.memory, False, "atomic-memory")


def test_each_turn_is_captured_as_a_source_the_server_kept(session: Session) -> None:
    capture = only(session.turn, CAPTURE)
    source_id = capture.request["source_id"]
    assert source_id.startswith("hermes-turn:") and len(source_id) == len("hermes-turn:") + 24
    assert capture.request == {
        "scope_id": session.default_scope,
        "source_id": source_id,
        "content": f"[user]\n{session.prompt}\n\n[assistant]\n{session.answer}",
        "metadata": {"kind": "hermes-turn", "session_id": session.session_id},
    }
    assert capture.status == 202
    assert capture.answer == {
        "status": "accepted",
        "source": {"name": "content", "source_id": source_id},
        "position": capture.answer["position"],
    }
    replay = session.oracle.post("/v1/sources/content", capture.request)
    assert replay.status_code == 202 and replay.json() == capture.answer
    edited = session.oracle.post("/v1/sources/content", {**capture.request, "content": "[user]\nsomething else"})
    assert edited.status_code == 409 and edited.json()["error"]["code"] == "source_conflict"


def test_the_next_turn_gets_the_context_prepared_in_the_background(session: Session) -> None:
    background = only(session.turn, PREPARE)
    assert background.status == 200 and background.request["query"] == session.next_prompt
    injected, calls = session.next_recall
    assert background.answer["status"] == "ready"  # the next prompt names the stored memory's words too
    assert calls == []  # served from what queue_prefetch prepared
    assert injected.endswith(background.answer["content"])


def test_a_prompt_matching_nothing_recalls_nothing(session: Session) -> None:
    injected, calls = session.miss
    assert injected == ""
    assert [(call.route, call.status) for call in calls] == [(PREPARE, 200)]
    assert calls[0].answer["status"] == "empty"


def test_status_reads_liveness_and_readiness(session: Session) -> None:
    text, calls = session.status
    assert [(call.route, call.status) for call in calls] == [("GET /health/live", 200), ("GET /health/ready", 200)]
    status = json.loads(text)
    assert status["scope_id"] == session.default_scope and status["session_id"] == session.session_id
    assert status["liveness"] == {"status": "ok"} and status["readiness"]["status"] == "ready"


def test_session_end_reads_capabilities_and_flushes_only_when_the_server_extracts_memory(session: Session) -> None:
    assert [(call.route, call.status) for call in session.end] == [(CAPABILITIES, 200)]
    assert session.end[0].answer["memory_extraction"] is False  # no provider: nothing to flush into memory
    assert FLUSH not in [call.route for call in session.end]


def test_the_session_produced_no_diagnostics(session: Session) -> None:
    assert session.diagnostics == []
    calls = session.init + session.recall[1] + session.turn + session.next_recall[1] + session.miss[1]
    calls += session.status[1] + session.end
    assert [call.route for call in calls if call.status >= 400] == []


def test_pc_scope_binds_and_clears_the_workspace(
    pcreceipt_server: Served, hermes: ModuleType, user_home: Path, tmp_path: Path
) -> None:
    oracle = Oracle(pcreceipt_server.url)
    chosen, default = oracle.new_scope("Hermes workspace"), oracle.default_scope_id()
    with Relay(pcreceipt_server.url) as relay:
        host = setup(hermes, tmp_path, relay)
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
    hermes: ModuleType, user_home: Path, tmp_path: Path
) -> None:
    host = setup(hermes, tmp_path, relay=None, url=dead_url())
    provider = host.provider()
    with pytest.raises(hermes.client.PowerContextTransportError):
        host.initialize(provider, f"hermes-{uuid.uuid4().hex}")
    provider.shutdown()


def test_a_server_lost_mid_session_fails_open_and_is_reported_as_unavailable(
    pcreceipt_server: Served, hermes: ModuleType, user_home: Path, records: Records, tmp_path: Path
) -> None:
    relay = Relay(pcreceipt_server.url)
    host = setup(hermes, tmp_path, relay)
    provider = host.provider()
    host.initialize(provider, f"hermes-{uuid.uuid4().hex}")
    records.records.clear()
    relay.close()
    try:
        assert provider.prefetch("Where were we?") == ""
        provider.sync_turn("Where were we?", "Let me check.")
        provider.on_session_end([])  # waits for the queued capture, then capabilities and flush fail too
    finally:
        provider.shutdown()
    diagnostics = records.diagnostics()
    assert diagnostics[0] == {
        "component": "powercontext.hermes",
        "event": "context_prepare",
        "outcome": "server_unavailable",
        "recovery": "powercontext doctor",
    }
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
    hermes: ModuleType,
    user_home: Path,
    records: Records,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Mirror]:
    """Hermes' own memory tool adds an entry, replaces it and removes it (``on_memory_write`` with
    ``metadata.old_text``, as Hermes calls it); the provider mirrors each into Atomic Memory in its
    background queue. Then the model uses the provider's tools: remember, search, get, retire."""
    oracle = Oracle(pcreceipt_server.url)
    first = f"The {word()} service keeps its runbook in the {word()} folder."
    second = first.replace("runbook", "runbook and its alerts")
    records.records.clear()
    with Relay(pcreceipt_server.url) as relay:
        host = setup(hermes, tmp_path_factory.mktemp(f"hermes-mirror-{pcreceipt_server.engine}"), relay)
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
