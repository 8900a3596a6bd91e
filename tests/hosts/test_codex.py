"""Codex's own plugin (PowerContext 1.4.1's sdist) through its automatic session lifecycle against pcreceipt serve.

The plugin is configured as its README says and nothing more: its ``.mcp.json`` names the server
(the hooks derive the REST base from it); every ``POWERCONTEXT_CODEX_*`` setting is its default.
Each hook is its script run with Codex's JSON event on stdin (HOSTS.md §1.2): SessionStart
(resolve, bind the session, bootstrap disabled), UserPromptSubmit (resolve, prepare, capture),
Stop (resolve, two statistics windows) and PreToolUse (the Scope pinned on MCP calls). A relay
between the hooks and the server records every call. The session runs in the Scope a zero-config
host gets, the server's default Scope, where a memory was stored first through pcreceipt's API.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from _support.hosts import Served
from _support.pyhosts import (
    BIND,
    BOOTSTRAP,
    CAPTURE,
    CLEAR,
    FAILURE_OUTCOMES,
    FLUSH,
    PREPARE,
    RESOLVE,
    STATS,
    HookRun,
    Oracle,
    host_environment,
    install_plugin,
    memory_item,
    only,
    prepared_items,
    run_hook,
    run_script,
    savings_line_agrees,
    session_key,
    word,
    workspace_key,
)
from _support.relay import Call, Relay


def point_at(plugin: Path, url: str) -> None:
    """What the README says to change: the MCP URL in the plugin's ``.mcp.json`` (the hooks' only endpoint source)."""
    path = plugin / ".mcp.json"
    configuration = json.loads(path.read_text())
    configuration["mcpServers"]["powercontext"]["url"] = f"{url}/mcp/"
    path.write_text(json.dumps(configuration, indent=2))


def codex_session_key(session_id: str) -> dict[str, str]:
    return session_key("codex", session_id)


def codex_workspace_key(workspace: Path) -> dict[str, str]:
    return workspace_key("codex", workspace)


@dataclass
class Codex:
    """One installed plugin talking to the server through ``relay``; ``hook`` runs one event."""

    plugin: Path
    relay: Relay
    root: Path
    workspace: Path
    home: Path
    settings: dict[str, str] = field(default_factory=dict)

    def env(self, home: Path | None = None) -> dict[str, str]:
        return host_environment(
            home or self.home, PLUGIN_ROOT=str(self.plugin), PLUGIN_DATA=str(self.root / "data"), **self.settings
        )

    def hook(self, script: str, event: dict[str, object], home: Path | None = None) -> tuple[HookRun, list[Call]]:
        mark = self.relay.mark()
        run = run_hook(self.plugin / "hooks" / script, event, env=self.env(home), cwd=self.workspace)
        return run, self.relay.since(mark)

    def session_start(self, session_id: str, source: str = "startup", **kw: Path) -> tuple[HookRun, list[Call]]:
        event = {
            "session_id": session_id,
            "transcript_path": None,
            "cwd": str(self.workspace),
            "hook_event_name": "SessionStart",
            "model": "gpt-5-codex",
            "source": source,
        }
        return self.hook("session_binding.py", event, **kw)

    def prompt(self, session_id: str, prompt: str, **kw: Path) -> tuple[HookRun, list[Call]]:
        event = {
            "session_id": session_id,
            "turn_id": uuid.uuid4().hex,
            "transcript_path": None,
            "cwd": str(self.workspace),
            "hook_event_name": "UserPromptSubmit",
            "model": "gpt-5-codex",
            "prompt": prompt,
        }
        return self.hook("recall.py", event, **kw)

    def stop(self, session_id: str, **kw: Path) -> tuple[HookRun, list[Call]]:
        event = {
            "session_id": session_id,
            "turn_id": uuid.uuid4().hex,
            "cwd": str(self.workspace),
            "hook_event_name": "Stop",
            "stop_hook_active": False,
            "last_assistant_message": "Done.",
        }
        return self.hook("token_savings.py", event, **kw)

    def diagnostics_file(self, home: Path | None = None) -> Path:
        return (home or self.home) / ".local" / "state" / "powercontext" / "codex-diagnostics.json"


def install(sdist: Path, root: Path, relay: Relay) -> Codex:
    plugin = install_plugin(sdist, "codex", root)
    point_at(plugin, relay.url)
    workspace = root / "workspace"
    workspace.mkdir()
    return Codex(plugin=plugin, relay=relay, root=root, workspace=workspace, home=root / "home")


@dataclass
class Session:
    codex: Codex
    oracle: Oracle
    session_id: str
    default_scope: str
    artifact_id: str
    memory: str
    prompt: str
    start: tuple[HookRun, list[Call]]
    recall: tuple[HookRun, list[Call]]
    miss: tuple[HookRun, list[Call]]
    stop: tuple[HookRun, list[Call]]


@pytest.fixture(scope="module")
def session(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Session]:
    """One Codex session: start, a prompt that matches a stored memory, one that matches nothing, Stop."""
    oracle = Oracle(pcreceipt_server.url)
    default_scope = oracle.default_scope_id()
    service, pool = word(), word()
    memory = f"Deploys of the {service} service go through the {pool} canary pool."
    artifact_id = oracle.remember(default_scope, memory)
    with Relay(pcreceipt_server.url) as relay:
        codex = install(powercontext_sdist, tmp_path_factory.mktemp(f"codex-{pcreceipt_server.engine}"), relay)
        session_id = str(uuid.uuid4())
        prompt = f"How do deploys of the {service} service reach {pool}?"
        yield Session(
            codex=codex,
            oracle=oracle,
            session_id=session_id,
            default_scope=default_scope,
            artifact_id=artifact_id,
            memory=memory,
            prompt=prompt,
            start=codex.session_start(session_id),
            recall=codex.prompt(session_id, prompt),
            miss=codex.prompt(session_id, f"{word()} {word()}?"),
            stop=codex.stop(session_id),
        )


def test_session_start_resolves_the_default_scope_binds_the_session_and_skips_bootstrap(session: Session) -> None:
    run, calls = session.start
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")  # bootstrap is off: nothing injected, nothing said
    assert [(call.route, call.status) for call in calls] == [(RESOLVE, 200), (BIND, 200), (BOOTSTRAP, 200)]
    resolve, bind, bootstrap = calls
    keys = [codex_session_key(session.session_id), codex_workspace_key(session.codex.workspace)]
    assert resolve.request == {"explicit_scope_id": None, "binding_keys": keys}
    assert resolve.answer["scope_id"] == session.default_scope
    assert bind.request == bind.answer == {"key": keys[0], "scope_id": session.default_scope}
    assert {k: bootstrap.request[k] for k in ("scope_id", "enabled", "lifecycle", "integration")} == {
        "scope_id": session.default_scope,
        "enabled": False,
        "lifecycle": "startup",
        "integration": "codex",
    }
    answer = bootstrap.answer
    assert (answer["status"], answer["reason"], answer["receipt"]["state"]) == ("skipped", "disabled", "skipped")
    # the session binding is the server's now: the session key alone resolves, without the default
    stored = session.oracle.resolve([keys[0]], allow_default=False)
    assert stored.status_code == 200 and stored.json()["scope_id"] == session.default_scope


def opted_in(session: Session, tmp_path: Path) -> Codex:
    """The session's Codex with a home of its own whose settings opt in to the bootstrap package."""
    codex = session.codex
    return Codex(
        plugin=codex.plugin,
        relay=codex.relay,
        root=codex.root,
        workspace=codex.workspace,
        home=tmp_path / "home",
        settings={"POWERCONTEXT_CODEX_BOOTSTRAP_CONTEXT": "true"},
    )


def test_an_enabled_bootstrap_with_nothing_eligible_injects_nothing(session: Session, tmp_path: Path) -> None:
    """Opted in, the package goes through the hook's strict validator; nothing is eligible, so it is empty."""
    enabled = opted_in(session, tmp_path)
    run, calls = enabled.session_start(str(uuid.uuid4()))
    assert (run.returncode, run.stdout) == (0, "")
    assert [(call.route, call.status) for call in calls] == [(RESOLVE, 200), (BIND, 200), (BOOTSTRAP, 200)]
    bootstrap = calls[-1]
    assert (bootstrap.request["enabled"], bootstrap.request["max_bytes"]) == (True, 4096)
    answer = bootstrap.answer
    assert (answer["status"], answer["reason"], answer["receipt"]["state"]) == (
        "empty",
        "no_eligible_context",
        "skipped",
    )
    assert [(e["outcome"], e["receipt_state"]) for e in run.events] == [("empty", "skipped")]  # not a failure
    assert not enabled.diagnostics_file().exists()


def test_an_enabled_bootstrap_injects_a_tagged_memory_once(session: Session, tmp_path: Path) -> None:
    """Opted in with a memory tagged bootstrap-context: the hook's strict validator accepts the
    package, it injects it, records it injected, and its next prepare names the receipt, which
    leaves the delivered memory out."""
    enabled = opted_in(session, tmp_path)
    session.oracle.tag(session.default_scope, session.artifact_id, ["bootstrap-context"])
    try:
        session_id = str(uuid.uuid4())
        run, calls = enabled.session_start(session_id)
        assert run.returncode == 0
        bootstrap = only(calls, BOOTSTRAP)
        answer = bootstrap.answer
        assert (answer["status"], answer["receipt"]["state"]) == ("ready", "pending")
        assert [item["artifact"]["artifact_id"] for item in answer["items"]] == [session.artifact_id]
        assert run.output["hookSpecificOutput"]["additionalContext"] == answer["content"]
        assert session.memory in answer["content"]
        claim = only(calls, "POST /v1/context/bootstrap/receipts")
        assert claim.answer == {"receipt_id": answer["receipt"]["receipt_id"], "state": "injected"}
        recalled, prompt_calls = enabled.prompt(session_id, session.prompt)
        assert recalled.returncode == 0
        prepare = only(prompt_calls, PREPARE)
        assert prepare.request["bootstrap_receipt_id"] == answer["receipt"]["receipt_id"]
        assert session.artifact_id not in json.dumps(prepare.answer)
    finally:
        session.oracle.tag(session.default_scope, session.artifact_id, [])


def test_a_matching_prompt_gets_the_servers_content_injected_unchanged(session: Session) -> None:
    run, calls = session.recall
    assert run.returncode == 0 and run.stderr == ""
    assert [call.route for call in calls][:2] == [RESOLVE, PREPARE]
    prepare = only(calls, PREPARE)
    assert prepare.request == {"scope_id": session.default_scope, "query": session.prompt, "max_bytes": 8000}
    assert prepare.status == 200 and prepare.answer["status"] == "ready"
    again = session.oracle.post("/v1/context/prepare", prepare.request).json()
    assert again == prepare.answer  # the same request gets the same content from the server
    injected = {"hookEventName": "UserPromptSubmit", "additionalContext": again["content"]}
    assert run.output["hookSpecificOutput"] == injected  # (what else the hook said: the diagnostics test)
    assert session.memory in again["content"]


def test_the_injected_content_is_powercontexts_default_format_citing_the_memory(session: Session) -> None:
    run, _ = session.recall
    content = run.output["hookSpecificOutput"]["additionalContext"]
    item = memory_item(prepared_items(content), session.artifact_id)
    assert item == {
        "citation": item["citation"],
        "content": session.memory,
        "truncated": False,
        "kind": "atomic-memory",
    }


def test_each_prompt_is_captured_as_a_source_the_server_kept(session: Session) -> None:
    run, calls = session.recall
    assert [call.route for call in calls] == [RESOLVE, PREPARE, CAPTURE]
    capture = only(calls, CAPTURE)
    assert capture.status == 202 and "systemMessage" not in (run.output or {})  # the hook's receipt check passed
    source_id = capture.request["source_id"]
    assert source_id.startswith("codex-user-prompt:") and capture.request["content"] == session.prompt
    assert capture.request["metadata"]["origin"] == "codex"
    assert capture.request["metadata"]["session_id"] == session.session_id
    assert capture.answer == {
        "status": "accepted",
        "source": {"name": "content", "source_id": source_id},
        "position": capture.answer["position"],
    }
    replay = session.oracle.post("/v1/sources/content", capture.request)
    assert replay.status_code == 202 and replay.json() == capture.answer  # stored: a replay lands on its position
    edited = session.oracle.post("/v1/sources/content", {**capture.request, "content": session.prompt + " (edited)"})
    assert edited.status_code == 409 and edited.json()["error"]["code"] == "source_conflict"
    later = only(session.miss[1], CAPTURE)
    assert later.status == 202 and later.answer["position"] > capture.answer["position"]


def test_a_prompt_matching_nothing_injects_nothing(session: Session) -> None:
    run, calls = session.miss
    assert run.returncode == 0 and run.output is None  # no additionalContext, no systemMessage
    assert only(calls, PREPARE).answer == {
        "schema": "powercontext.prepared-context.v1",
        "status": "empty",
        "content": None,
        "content_bytes": 0,
    }
    assert [event["outcome"] for event in run.events] == ["empty"]


def test_stop_shows_the_scopes_token_savings(session: Session) -> None:
    run, calls = session.stop
    assert run.returncode == 0 and run.stderr == ""
    assert [(call.route, call.status) for call in calls] == [(RESOLVE, 200), (STATS, 200), (STATS, 200)]
    today, month = calls[1:]
    selection = {"mode": "exact", "scope_ids": [session.default_scope]}
    assert (today.request, month.request) == (
        {"selection": selection, "period": "today"},
        {**today.request, "period": "30d"},
    )
    totals = today.answer["recall"]["totals"]
    assert totals["preparations"] >= 2 and totals["ready_preparations"] >= 1  # this session's two prepares count
    assert set(run.output) == {"continue", "systemMessage"} and run.output["continue"] is True
    product, today_part, month_part = run.output["systemMessage"].split(" · ")
    assert product == "PowerContext" and today_part.endswith(" today") and month_part.endswith(" in 30d")
    assert savings_line_agrees(today_part, totals)
    assert savings_line_agrees(month_part, month.answer["recall"]["totals"])


def test_the_session_produced_no_diagnostics(session: Session) -> None:
    runs = [session.start[0], session.recall[0], session.miss[0], session.stop[0]]
    assert all(run.returncode == 0 for run in runs)
    said = [event for run in runs for event in run.events]
    messages = [line for run in runs for line in (run.output or {}).get("systemMessage", "").splitlines()]
    said += [json.loads(line) for line in messages if line.startswith("{")]  # the savings line is plain text
    assert [event for event in said if event.get("outcome") in FAILURE_OUTCOMES] == []
    assert not session.codex.diagnostics_file().exists()  # no failure outcome was ever emitted (or throttled)
    calls = session.start[1] + session.recall[1] + session.miss[1] + session.stop[1]
    assert [call.route for call in calls if call.status >= 400] == []


def test_the_mcp_tool_hook_pins_calls_to_the_sessions_scope(session: Session) -> None:
    event = {
        "session_id": session.session_id,
        "cwd": str(session.codex.workspace),
        "hook_event_name": "PreToolUse",
        "tool_name": "mcp__powercontext__search_memory",
        "tool_input": {"scope_id": "scp_somewhere_else", "query": "canary"},
    }
    run, calls = session.codex.hook("bind_tools.py", event)
    assert [(call.route, call.status) for call in calls] == [(RESOLVE, 200)]
    decision = run.output["hookSpecificOutput"]
    assert decision["permissionDecision"] == "allow"
    assert decision["updatedInput"] == {"scope_id": session.default_scope, "query": "canary"}


def test_flush_on_capture_reports_the_unprocessed_source_like_powercontext_without_a_provider(
    session: Session, tmp_path: Path
) -> None:
    """The opt-in flush: with the prompt pending and no provider, 503 ``inference_unavailable``; the turn goes on."""
    codex = session.codex
    flushing = Codex(
        plugin=codex.plugin,
        relay=codex.relay,
        root=codex.root,
        workspace=codex.workspace,
        home=tmp_path / "home",
        settings={"POWERCONTEXT_CODEX_FLUSH_ON_CAPTURE": "true"},
    )
    run, calls = flushing.prompt(session.session_id, session.prompt)
    assert run.returncode == 0
    assert [(call.route, call.status) for call in calls] == [
        (RESOLVE, 200),
        (PREPARE, 200),
        (CAPTURE, 202),
        (FLUSH, 503),
    ]
    assert calls[-1].answer["error"]["code"] == "inference_unavailable"
    assert run.output["hookSpecificOutput"]["additionalContext"] == calls[1].answer["content"]  # still injected
    (event,) = [json.loads(line) for line in run.output["systemMessage"].splitlines()]
    assert {k: event[k] for k in ("event", "outcome", "http_status", "error_code")} == {
        "event": "flush_memory",
        "outcome": "server_unavailable",
        "http_status": 503,
        "error_code": "inference_unavailable",
    }


def test_a_users_workspace_binding_routes_new_sessions_until_cleared(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path: Path
) -> None:
    oracle = Oracle(pcreceipt_server.url)
    chosen, default = oracle.new_scope("Codex workspace"), oracle.default_scope_id()
    with Relay(pcreceipt_server.url) as relay:
        codex = install(powercontext_sdist, tmp_path, relay)
        script = codex.plugin / "scripts" / "scope_binding.py"
        bound = run_script(
            script, ["--cwd", str(codex.workspace), "--bind-scope", chosen], env=codex.env(), cwd=codex.workspace
        )
        assert (bound.returncode, bound.stdout) == (0, f"{chosen}\n"), bound.stderr
        session_id = str(uuid.uuid4())
        run, calls = codex.session_start(session_id)
        assert run.returncode == 0 and calls[0].answer["scope_id"] == chosen
        assert calls[1].request == {"key": codex_session_key(session_id), "scope_id": chosen}
        mark = relay.mark()
        cleared = run_script(
            script, ["--cwd", str(codex.workspace), "--clear-scope"], env=codex.env(), cwd=codex.workspace
        )
        assert (cleared.returncode, cleared.stdout) == (0, f"{default}\n"), cleared.stderr
        clear = relay.since(mark)[0]
        assert clear.route == CLEAR and clear.request == {"key": codex_workspace_key(codex.workspace)}
        assert clear.answer == {"cleared": True}


def test_a_stopped_server_never_blocks_codex_and_is_reported_as_unavailable(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path: Path
) -> None:
    relay = Relay(pcreceipt_server.url)
    codex = install(powercontext_sdist, tmp_path, relay)
    session_id = str(uuid.uuid4())
    started, _ = codex.session_start(session_id)
    assert (started.returncode, started.stdout, started.stderr) == (0, "", "")
    relay.close()  # the server goes away mid-session

    homes = {name: tmp_path / name for name in ("resume", "prompt", "stop")}  # one each: diagnostics are throttled
    resumed, _ = codex.session_start(session_id, source="resume", home=homes["resume"])
    assert resumed.returncode == 0 and resumed.stdout == ""
    assert [(e["outcome"], e.get("recovery")) for e in resumed.events] == [
        ("server_unavailable", "powercontext doctor")
    ]

    prompted, _ = codex.prompt(session_id, "Where were we?", home=homes["prompt"])
    assert (prompted.returncode, prompted.stdout, prompted.stderr) == (0, "", "")  # no Scope: silently no recall

    stopped, _ = codex.stop(session_id, home=homes["stop"])
    assert stopped.returncode == 0 and stopped.output["continue"] is True  # never asks Codex to block
    (event,) = [json.loads(line) for line in stopped.output["systemMessage"].splitlines()]
    assert (event["outcome"], event["recovery"]) == ("server_unavailable", "powercontext doctor")
    assert codex.diagnostics_file(homes["stop"]).exists()
