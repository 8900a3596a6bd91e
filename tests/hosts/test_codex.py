"""What only Codex's own plugin does (its common lifecycle checks are ``test_lifecycle.py``'s).

Configured as its README says and nothing more: its ``.mcp.json`` names the server (the hooks
derive the REST base from it). SessionStart resolves, binds the session and asks for the bootstrap
package (disabled unless opted in), Stop shows the Scope's token savings, PreToolUse pins MCP calls
to the session's Scope, and flush-on-capture is an opt-in. A relay records every call.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from _support.host_table import Sessions
from _support.hosts import Served
from _support.pyhost_sessions import Codex, PySession, install_codex
from _support.pyhosts import (
    BIND,
    BOOTSTRAP,
    CAPTURE,
    CLEAR,
    FLUSH,
    PREPARE,
    RESOLVE,
    STATS,
    Oracle,
    only,
    run_script,
    savings_line_agrees,
    session_key,
    workspace_key,
)
from _support.relay import Relay


def codex(sessions: Sessions) -> tuple[PySession, Codex]:
    session = sessions.session("codex")
    return session, session.host


def test_session_start_resolves_the_default_scope_binds_the_session_and_skips_bootstrap(
    host_sessions: Sessions,
) -> None:
    session, host = codex(host_sessions)
    run, calls = session.runs["start"]
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")  # bootstrap is off: nothing injected, nothing said
    assert [(call.route, call.status) for call in calls] == [(RESOLVE, 200), (BIND, 200), (BOOTSTRAP, 200)]
    resolve, bind, bootstrap = calls
    keys = [session_key("codex", session.session_id), workspace_key("codex", host.workspace)]
    assert resolve.request == {"explicit_scope_id": None, "binding_keys": keys}
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


def test_an_enabled_bootstrap_with_nothing_eligible_injects_nothing(host_sessions: Sessions, tmp_path: Path) -> None:
    """Opted in, the package goes through the hook's strict validator; nothing is eligible, so it is empty."""
    enabled = codex(host_sessions)[1].with_settings(tmp_path / "home", POWERCONTEXT_CODEX_BOOTSTRAP_CONTEXT="true")
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


def test_an_enabled_bootstrap_injects_a_tagged_memory_once(host_sessions: Sessions, tmp_path: Path) -> None:
    """Opted in with a memory tagged bootstrap-context: the hook's strict validator accepts the
    package, it injects it, records it injected, and its next prepare names the receipt, which
    leaves the delivered memory out."""
    session, host = codex(host_sessions)
    enabled = host.with_settings(tmp_path / "home", POWERCONTEXT_CODEX_BOOTSTRAP_CONTEXT="true")
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


def test_each_prompt_is_captured_with_codexs_id_and_metadata(host_sessions: Sessions) -> None:
    session = codex(host_sessions)[0]
    run, calls = session.runs["recall"]
    capture = only(calls, CAPTURE)
    assert "systemMessage" not in (run.output or {})  # the hook's receipt check passed
    assert capture.request["source_id"].startswith("codex-user-prompt:")
    assert capture.request["content"] == session.prompt
    assert capture.request["metadata"]["origin"] == "codex"
    assert capture.request["metadata"]["session_id"] == session.session_id


def test_stop_shows_the_scopes_token_savings(host_sessions: Sessions) -> None:
    session = codex(host_sessions)[0]
    run, calls = session.runs["stop"]
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


def test_the_mcp_tool_hook_pins_calls_to_the_sessions_scope(host_sessions: Sessions) -> None:
    session, host = codex(host_sessions)
    event: dict[str, object] = {
        "session_id": session.session_id,
        "cwd": str(host.workspace),
        "hook_event_name": "PreToolUse",
        "tool_name": "mcp__powercontext__search_memory",
        "tool_input": {"scope_id": "scp_somewhere_else", "query": "canary"},
    }
    run, calls = host.hook("bind_tools.py", event)
    assert [(call.route, call.status) for call in calls] == [(RESOLVE, 200)]
    decision = run.output["hookSpecificOutput"]
    assert decision["permissionDecision"] == "allow"
    assert decision["updatedInput"] == {"scope_id": session.default_scope, "query": "canary"}


def test_flush_on_capture_reports_the_unprocessed_source_like_powercontext_without_a_provider(
    host_sessions: Sessions, tmp_path: Path
) -> None:
    """The opt-in flush: with the prompt pending and no provider, 503 ``inference_unavailable``; the turn goes on."""
    session, host = codex(host_sessions)
    flushing = host.with_settings(tmp_path / "home", POWERCONTEXT_CODEX_FLUSH_ON_CAPTURE="true")
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
        host = install_codex(powercontext_sdist, tmp_path, relay)
        script, cwd = host.plugin / "scripts" / "scope_binding.py", str(host.workspace)
        bound = run_script(script, ["--cwd", cwd, "--bind-scope", chosen], env=host.env(), cwd=host.workspace)
        assert (bound.returncode, bound.stdout) == (0, f"{chosen}\n"), bound.stderr
        session_id = str(uuid.uuid4())
        run, calls = host.session_start(session_id)
        assert run.returncode == 0 and calls[0].answer["scope_id"] == chosen
        assert calls[1].request == {"key": session_key("codex", session_id), "scope_id": chosen}
        mark = relay.mark()
        cleared = run_script(script, ["--cwd", cwd, "--clear-scope"], env=host.env(), cwd=host.workspace)
        assert (cleared.returncode, cleared.stdout) == (0, f"{default}\n"), cleared.stderr
        clear = relay.since(mark)[0]
        assert clear.route == CLEAR and clear.request == {"key": workspace_key("codex", host.workspace)}
        assert clear.answer == {"cleared": True}


def test_a_stopped_server_never_blocks_codex(host_sessions: Sessions) -> None:
    """Started with the server, then resumed, prompted and stopped without it (one home each: diagnostics
    are throttled): silently no recall, and Stop never asks Codex to block."""
    runs = host_sessions.offline("codex").runs
    assert (runs["started"].returncode, runs["started"].stdout, runs["started"].stderr) == (0, "", "")
    assert runs["resumed"].returncode == 0 and runs["resumed"].stdout == ""
    assert (runs["prompted"].returncode, runs["prompted"].stdout, runs["prompted"].stderr) == (0, "", "")
    stopped = runs["stopped"]
    assert stopped.returncode == 0 and stopped.output["continue"] is True
    (event,) = [json.loads(line) for line in stopped.output["systemMessage"].splitlines()]
    assert (event["outcome"], event["recovery"]) == ("server_unavailable", "powercontext doctor")
    assert (runs["homes"]["stop"] / ".local" / "state" / "powercontext" / "codex-diagnostics.json").exists()
