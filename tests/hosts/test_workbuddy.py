"""What only WorkBuddy's own plugin does (its common lifecycle checks are ``test_lifecycle.py``'s).

WorkBuddy has one hook, UserPromptSubmit: resolve, prepare, capture, and always an
``additionalContext``. It is handed the session's joined prompt, each turn in ``<user_query>``, and
recalls with the last one; the whole prompt is captured. ``POWERCONTEXT_WORKBUDDY_SERVER_URL``
names the server. A relay records every call.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from _support.host_table import Sessions
from _support.hosts import Served
from _support.pyhost_sessions import install_workbuddy, joined
from _support.pyhosts import (
    BIND,
    CAPTURE,
    CLEAR,
    PREPARE,
    RESOLVE,
    Oracle,
    only,
    run_script,
    session_key,
    word,
    workspace_key,
)
from _support.relay import Relay


def test_the_hook_resolves_with_its_keys_and_recalls_with_the_last_turn(host_sessions: Sessions) -> None:
    session = host_sessions.session("workbuddy")
    run, calls = session.runs["recall"]
    resolve = calls[0]
    keys = [session_key("workbuddy", session.session_id), workspace_key("workbuddy", session.host.workspace)]
    assert resolve.route == RESOLVE and resolve.request == {"explicit_scope_id": None, "binding_keys": keys}
    assert resolve.status == 200
    assert only(calls, PREPARE).request["query"] == session.query
    (reduction,) = [event for event in run.events if event.get("event") == "query_reduction"]
    assert (reduction["source"], reduction["truncated"]) == ("user_query", False)


def test_the_whole_prompt_is_captured_with_workbuddys_id_and_metadata(host_sessions: Sessions) -> None:
    session = host_sessions.session("workbuddy")
    capture = only(session.runs["recall"][1], CAPTURE)
    assert capture.request["source_id"].startswith("workbuddy-user-prompt:")
    assert capture.request["content"] == session.prompt
    assert capture.request["metadata"] == {
        "origin": "workbuddy",
        "event": "user_prompt_submit",
        "cwd": str(session.host.workspace),
        "session_id": session.session_id,
    }


def test_a_users_workspace_binding_routes_the_hook_until_cleared(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path: Path
) -> None:
    oracle = Oracle(pcreceipt_server.url)
    chosen, default = oracle.new_scope("WorkBuddy workspace"), oracle.default_scope_id()
    with Relay(pcreceipt_server.url) as relay:
        workbuddy = install_workbuddy(powercontext_sdist, tmp_path, relay)
        script, cwd = workbuddy.plugin / "scripts" / "workspace_scope.py", str(workbuddy.workspace)
        mark = relay.mark()
        bound = run_script(script, ["--cwd", cwd, "--bind-scope", chosen], env=workbuddy.env(), cwd=workbuddy.workspace)
        assert (bound.returncode, bound.stdout) == (0, f"{chosen}\n"), bound.stderr
        assert [call.route for call in relay.since(mark)] == [BIND]
        run, calls = workbuddy.prompt(str(uuid.uuid4()), joined(f"{word()}?"))
        assert run.returncode == 0 and only(calls, PREPARE).request["scope_id"] == chosen
        mark = relay.mark()
        cleared = run_script(script, ["--cwd", cwd, "--clear-scope"], env=workbuddy.env(), cwd=workbuddy.workspace)
        assert (cleared.returncode, cleared.stdout) == (0, f"{default}\n"), cleared.stderr
        clear = relay.since(mark)[0]
        assert clear.route == CLEAR and clear.request == {"key": workspace_key("workbuddy", workbuddy.workspace)}
        assert clear.answer == {"cleared": True}


def test_a_stopped_server_never_blocks_workbuddy(host_sessions: Sessions) -> None:
    runs = host_sessions.offline("workbuddy").runs
    first = runs["first"]
    assert first.returncode == 0 and first.output["hookSpecificOutput"]["additionalContext"] == ""
    assert runs["run"].returncode == 0
