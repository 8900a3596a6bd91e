"""What only Claude Code's own plugin does (its common lifecycle checks are ``test_lifecycle.py``'s).

Configured as Claude Code configures it: the plugin's one user option, ``server_url``, reaches its
hooks as ``CLAUDE_PLUGIN_OPTION_SERVER_URL``; the status line is the command ``powercontext setup
claude-code`` writes (``statusline.py --server-url URL``). SessionStart resolves and asks for the
bootstrap package (disabled unless opted in; no session binding is stored), and the status line
shows the Scope's token savings. A relay records every call.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from _support.host_table import Sessions
from _support.hosts import Served
from _support.pyhost_sessions import install_claude_code
from _support.pyhosts import (
    BIND,
    BOOTSTRAP,
    CAPTURE,
    CLEAR,
    PREPARE,
    RESOLVE,
    STATS,
    Oracle,
    only,
    run_script,
    savings_line_agrees,
    session_key,
    word,
    workspace_key,
)
from _support.relay import Relay


def test_session_start_resolves_the_default_scope_and_skips_bootstrap(host_sessions: Sessions) -> None:
    session = host_sessions.session("claude-code")
    run, calls = session.runs["start"]
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")
    assert [(call.route, call.status) for call in calls] == [(RESOLVE, 200), (BOOTSTRAP, 200)]  # no binding stored
    resolve, bootstrap = calls
    keys = [session_key("claude-code", session.session_id), workspace_key("claude-code", session.host.workspace)]
    assert resolve.request == {"explicit_scope_id": None, "binding_keys": keys}
    assert {k: bootstrap.request[k] for k in ("scope_id", "enabled", "lifecycle", "integration")} == {
        "scope_id": session.default_scope,
        "enabled": False,
        "lifecycle": "startup",
        "integration": "claude-code",
    }
    answer = bootstrap.answer
    assert (answer["status"], answer["reason"], answer["receipt"]["state"]) == ("skipped", "disabled", "skipped")


def test_an_enabled_bootstrap_with_nothing_eligible_injects_nothing(host_sessions: Sessions, tmp_path: Path) -> None:
    """Opted in, the package goes through the hook's strict validator; nothing is eligible, so it is empty."""
    claude = host_sessions.session("claude-code").host
    enabled = claude.with_settings(tmp_path / "home", POWERCONTEXT_CLAUDE_BOOTSTRAP_CONTEXT="true")
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


def test_each_prompt_is_captured_with_claude_codes_id_and_metadata(host_sessions: Sessions) -> None:
    session = host_sessions.session("claude-code")
    run, calls = session.runs["recall"]
    capture = only(calls, CAPTURE)
    assert "systemMessage" not in (run.output or {})
    assert capture.request["source_id"].startswith("claude-code-user-prompt:")
    assert capture.request["content"] == session.prompt
    assert capture.request["metadata"] == {
        "origin": "claude-code",
        "event": "user_prompt_submit",
        "cwd": str(session.host.workspace),
        "session_id": session.session_id,
    }


def test_the_status_line_shows_the_scopes_token_savings(host_sessions: Sessions) -> None:
    session = host_sessions.session("claude-code")
    line, calls = session.runs["status"]
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


def test_a_users_workspace_binding_routes_the_session_until_cleared(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path: Path
) -> None:
    oracle = Oracle(pcreceipt_server.url)
    chosen, default = oracle.new_scope("Claude Code workspace"), oracle.default_scope_id()
    with Relay(pcreceipt_server.url) as relay:
        claude = install_claude_code(powercontext_sdist, tmp_path, relay)
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


def test_a_stopped_server_never_blocks_claude_code(host_sessions: Sessions) -> None:
    runs = host_sessions.offline("claude-code").runs
    assert (runs["started"].returncode, runs["started"].stdout, runs["started"].stderr) == (0, "", "")
    assert runs["resumed"].returncode == 0 and runs["resumed"].stdout == ""
    assert runs["diagnostics_file"].exists()
    assert (runs["prompted"].returncode, runs["prompted"].stdout, runs["prompted"].stderr) == (0, "", "")
    assert runs["line"] == "● PC offline · run powercontext doctor"
