"""Claude Code's own plugin (PowerContext 1.4.1's sdist) through its automatic lifecycle against pcreceipt serve.

Configured as Claude Code configures it: the plugin's one user option, ``server_url``, reaches its
hooks as ``CLAUDE_PLUGIN_OPTION_SERVER_URL``; the status line is the command ``powercontext setup
claude-code`` writes (``statusline.py --server-url URL``); every ``POWERCONTEXT_CLAUDE_*``
setting is its default. Each hook is its script run with Claude Code's JSON event on stdin
(HOSTS.md §1.3): SessionStart (resolve, bootstrap disabled; no session binding is stored),
UserPromptSubmit (resolve, prepare, capture) and the status line (resolve, two statistics
windows). A relay between plugin and server records every call; the session runs in the
server's default Scope, where a memory was stored first through pcreceipt's API.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
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
    HOOK_SECONDS,
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

ANSI = re.compile(r"\x1b\[[0-9;]*m")


@dataclass
class ClaudeCode:
    plugin: Path
    relay: Relay
    root: Path
    workspace: Path
    home: Path
    settings: dict[str, str] = field(default_factory=dict)

    def env(self, home: Path | None = None) -> dict[str, str]:
        return host_environment(
            home or self.home,
            CLAUDE_PLUGIN_ROOT=str(self.plugin),
            CLAUDE_PLUGIN_DATA=str(self.root / "data"),
            CLAUDE_PROJECT_DIR=str(self.workspace),
            CLAUDE_PLUGIN_OPTION_SERVER_URL=self.relay.url,
            **self.settings,
        )

    def hook(self, script: str, event: dict[str, object], home: Path | None = None) -> tuple[HookRun, list[Call]]:
        mark = self.relay.mark()
        run = run_hook(self.plugin / "hooks" / script, event, env=self.env(home), cwd=self.workspace)
        return run, self.relay.since(mark)

    def session_start(self, session_id: str, source: str = "startup", **kw: Path) -> tuple[HookRun, list[Call]]:
        event = {
            "session_id": session_id,
            "transcript_path": str(self.root / "transcript.jsonl"),
            "cwd": str(self.workspace),
            "hook_event_name": "SessionStart",
            "source": source,
        }
        return self.hook("session_start.py", event, **kw)

    def prompt(self, session_id: str, prompt: str, **kw: Path) -> tuple[HookRun, list[Call]]:
        event = {
            "session_id": session_id,
            "transcript_path": str(self.root / "transcript.jsonl"),
            "cwd": str(self.workspace),
            "permission_mode": "default",
            "hook_event_name": "UserPromptSubmit",
            "prompt": prompt,
        }
        return self.hook("user_prompt_submit.py", event, **kw)

    def status_line(self, session_id: str, home: Path | None = None) -> tuple[str, list[Call]]:
        """Claude Code's ``statusLine.command``: a plain command (no plugin variables), its status JSON on stdin."""
        status = {
            "hook_event_name": "Status",
            "session_id": session_id,
            "cwd": str(self.workspace),
            "model": {"id": "claude-sonnet-4-5", "display_name": "Sonnet 4.5"},
            "workspace": {"current_dir": str(self.workspace), "project_dir": str(self.workspace)},
        }
        command = [sys.executable, str(self.plugin / "scripts" / "statusline.py"), "--server-url", self.relay.url]
        mark = self.relay.mark()
        done = subprocess.run(
            command,
            input=json.dumps(status),
            env=host_environment(home or self.home),
            cwd=self.workspace,
            capture_output=True,
            text=True,
            timeout=HOOK_SECONDS,
            check=False,
        )
        line = ANSI.sub("", done.stdout).strip() if done.returncode == 0 else f"exit {done.returncode}: {done.stderr}"
        return line, self.relay.since(mark)

    def diagnostics_file(self, home: Path | None = None) -> Path:
        return (home or self.home) / ".local" / "state" / "powercontext" / "claude-code-diagnostics.json"


def install(sdist: Path, root: Path, relay: Relay) -> ClaudeCode:
    plugin = install_plugin(sdist, "claude-code", root)
    workspace = root / "workspace"
    workspace.mkdir()
    return ClaudeCode(plugin=plugin, relay=relay, root=root, workspace=workspace, home=root / "home")


@dataclass
class Session:
    claude: ClaudeCode
    oracle: Oracle
    session_id: str
    default_scope: str
    artifact_id: str
    memory: str
    prompt: str
    start: tuple[HookRun, list[Call]]
    recall: tuple[HookRun, list[Call]]
    miss: tuple[HookRun, list[Call]]
    status: tuple[str, list[Call]]


@pytest.fixture(scope="module")
def session(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Session]:
    oracle = Oracle(pcreceipt_server.url)
    default_scope = oracle.default_scope_id()
    library, version = word(), word()
    memory = f"The {library} library is pinned to the {version} release line."
    artifact_id = oracle.remember(default_scope, memory)
    with Relay(pcreceipt_server.url) as relay:
        claude = install(powercontext_sdist, tmp_path_factory.mktemp(f"claude-{pcreceipt_server.engine}"), relay)
        session_id = str(uuid.uuid4())
        prompt = f"Which {version} release is {library} pinned to?"
        yield Session(
            claude=claude,
            oracle=oracle,
            session_id=session_id,
            default_scope=default_scope,
            artifact_id=artifact_id,
            memory=memory,
            prompt=prompt,
            start=claude.session_start(session_id),
            recall=claude.prompt(session_id, prompt),
            miss=claude.prompt(session_id, f"{word()} {word()}?"),
            status=claude.status_line(session_id),
        )


def test_session_start_resolves_the_default_scope_and_skips_bootstrap(session: Session) -> None:
    run, calls = session.start
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")
    assert [(call.route, call.status) for call in calls] == [(RESOLVE, 200), (BOOTSTRAP, 200)]  # no binding stored
    resolve, bootstrap = calls
    keys = [session_key("claude-code", session.session_id), workspace_key("claude-code", session.claude.workspace)]
    assert resolve.request == {"explicit_scope_id": None, "binding_keys": keys}
    assert resolve.answer["scope_id"] == session.default_scope
    assert {k: bootstrap.request[k] for k in ("scope_id", "enabled", "lifecycle", "integration")} == {
        "scope_id": session.default_scope,
        "enabled": False,
        "lifecycle": "startup",
        "integration": "claude-code",
    }
    answer = bootstrap.answer
    assert (answer["status"], answer["reason"], answer["receipt"]["state"]) == ("skipped", "disabled", "skipped")


def test_an_enabled_bootstrap_with_nothing_eligible_injects_nothing(session: Session, tmp_path: Path) -> None:
    """Opted in, the package goes through the hook's strict validator; nothing is eligible, so it is empty."""
    claude = session.claude
    enabled = ClaudeCode(
        plugin=claude.plugin,
        relay=claude.relay,
        root=claude.root,
        workspace=claude.workspace,
        home=tmp_path / "home",
        settings={"POWERCONTEXT_CLAUDE_BOOTSTRAP_CONTEXT": "true"},
    )
    run, calls = enabled.session_start(str(uuid.uuid4()))
    assert (run.returncode, run.stdout) == (0, "")
    assert [(call.route, call.status) for call in calls] == [(RESOLVE, 200), (BOOTSTRAP, 200)]
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


def test_a_matching_prompt_gets_the_servers_content_injected_unchanged(session: Session) -> None:
    run, calls = session.recall
    assert run.returncode == 0 and run.stderr == ""
    assert [call.route for call in calls][:2] == [RESOLVE, PREPARE]
    prepare = only(calls, PREPARE)
    assert prepare.request == {"scope_id": session.default_scope, "query": session.prompt, "max_bytes": 8000}
    assert prepare.status == 200 and prepare.answer["status"] == "ready"
    again = session.oracle.post("/v1/context/prepare", prepare.request).json()
    assert again == prepare.answer
    injected = {"hookEventName": "UserPromptSubmit", "additionalContext": again["content"]}
    assert run.output["hookSpecificOutput"] == injected
    assert session.memory in again["content"]


def test_the_injected_content_is_powercontexts_default_format_citing_the_memory(session: Session) -> None:
    run, _ = session.recall
    content = run.output["hookSpecificOutput"]["additionalContext"]
    item = memory_item(prepared_items(content), session.artifact_id)
    assert (item["content"], item["truncated"], item["kind"]) == (session.memory, False, "atomic-memory")


def test_each_prompt_is_captured_as_a_source_the_server_kept(session: Session) -> None:
    run, calls = session.recall
    assert [call.route for call in calls] == [RESOLVE, PREPARE, CAPTURE]
    capture = only(calls, CAPTURE)
    assert capture.status == 202 and "systemMessage" not in (run.output or {})
    source_id = capture.request["source_id"]
    assert source_id.startswith("claude-code-user-prompt:") and capture.request["content"] == session.prompt
    assert capture.request["metadata"] == {
        "origin": "claude-code",
        "event": "user_prompt_submit",
        "cwd": str(session.claude.workspace),
        "session_id": session.session_id,
    }
    assert capture.answer == {
        "status": "accepted",
        "source": {"name": "content", "source_id": source_id},
        "position": capture.answer["position"],
    }
    replay = session.oracle.post("/v1/sources/content", capture.request)
    assert replay.status_code == 202 and replay.json() == capture.answer
    edited = session.oracle.post("/v1/sources/content", {**capture.request, "content": session.prompt + " (edited)"})
    assert edited.status_code == 409 and edited.json()["error"]["code"] == "source_conflict"


def test_a_prompt_matching_nothing_injects_nothing(session: Session) -> None:
    run, calls = session.miss
    assert run.returncode == 0 and run.output is None
    assert only(calls, PREPARE).answer["status"] == "empty"
    assert [event["outcome"] for event in run.events] == ["empty"]


def test_the_status_line_shows_the_scopes_token_savings(session: Session) -> None:
    line, calls = session.status
    assert [(call.route, call.status) for call in calls] == [(RESOLVE, 200), (STATS, 200), (STATS, 200)]
    today, month = calls[1:]
    selection = {"mode": "exact", "scope_ids": [session.default_scope]}
    assert today.request == {"selection": selection, "period": "today"}
    assert month.request == {"selection": selection, "period": "30d"}
    totals = today.answer["recall"]["totals"]
    assert totals["preparations"] >= 2 and totals["ready_preparations"] >= 1
    online, today_part, month_part = line.split(" · ")
    assert online == "● PC online" and today_part.endswith(" today") and month_part.endswith(" in 30d")
    assert savings_line_agrees(today_part, totals)
    assert savings_line_agrees(month_part, month.answer["recall"]["totals"])


def test_the_session_produced_no_diagnostics(session: Session) -> None:
    runs = [session.start[0], session.recall[0], session.miss[0]]
    assert all(run.returncode == 0 for run in runs)
    said = [event for run in runs for event in run.events]
    said += [json.loads(line) for run in runs for line in (run.output or {}).get("systemMessage", "").splitlines()]
    assert [event for event in said if event.get("outcome") in FAILURE_OUTCOMES] == []
    assert not session.claude.diagnostics_file().exists()
    calls = session.start[1] + session.recall[1] + session.miss[1] + session.status[1]
    assert [call.route for call in calls if call.status >= 400] == []


def test_a_users_workspace_binding_routes_the_session_until_cleared(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path: Path
) -> None:
    oracle = Oracle(pcreceipt_server.url)
    chosen, default = oracle.new_scope("Claude Code workspace"), oracle.default_scope_id()
    with Relay(pcreceipt_server.url) as relay:
        claude = install(powercontext_sdist, tmp_path, relay)
        script, cwd = claude.plugin / "scripts" / "workspace_scope.py", str(claude.workspace)
        mark = relay.mark()
        bound = run_script(script, ["--cwd", cwd, "--bind-scope", chosen], env=claude.env(), cwd=claude.workspace)
        assert (bound.returncode, bound.stdout) == (0, f"{chosen}\n"), bound.stderr
        assert [call.route for call in relay.since(mark)] == [BIND]
        run, calls = claude.prompt(str(uuid.uuid4()), f"{word()}?")
        assert run.returncode == 0 and only(calls, PREPARE).request["scope_id"] == chosen
        mark = relay.mark()
        cleared = run_script(script, ["--cwd", cwd, "--clear-scope"], env=claude.env(), cwd=claude.workspace)
        assert (cleared.returncode, cleared.stdout) == (0, f"{default}\n"), cleared.stderr
        clear = relay.since(mark)[0]
        assert clear.route == CLEAR and clear.request == {"key": workspace_key("claude-code", claude.workspace)}
        assert clear.answer == {"cleared": True}


def test_a_stopped_server_never_blocks_claude_code_and_is_reported_as_unavailable(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path: Path
) -> None:
    relay = Relay(pcreceipt_server.url)
    claude = install(powercontext_sdist, tmp_path, relay)
    session_id = str(uuid.uuid4())
    started, _ = claude.session_start(session_id)
    assert (started.returncode, started.stdout, started.stderr) == (0, "", "")
    relay.close()

    homes = {name: tmp_path / name for name in ("resume", "prompt", "status")}  # diagnostics are throttled per home
    resumed, _ = claude.session_start(session_id, source="resume", home=homes["resume"])
    assert resumed.returncode == 0 and resumed.stdout == ""
    assert [(e["outcome"], e.get("recovery")) for e in resumed.events] == [
        ("server_unavailable", "powercontext doctor")
    ]
    assert claude.diagnostics_file(homes["resume"]).exists()

    prompted, _ = claude.prompt(session_id, "Where were we?", home=homes["prompt"])
    assert (prompted.returncode, prompted.stdout, prompted.stderr) == (0, "", "")

    line, _ = claude.status_line(session_id, home=homes["status"])
    assert line == "● PC offline · run powercontext doctor"
