"""WorkBuddy's own plugin (PowerContext 1.4.1's sdist) through its automatic lifecycle against pcreceipt serve.

WorkBuddy has one hook, UserPromptSubmit (HOSTS.md §1.4): resolve, prepare, capture, and always an
``additionalContext`` (empty when there is nothing to inject). It is configured as its README
says: ``POWERCONTEXT_WORKBUDDY_SERVER_URL`` names the server, everything else is its default.
WorkBuddy hands the hook the session's joined prompt, each turn wrapped in ``<user_query>``; the
hook recalls with the last one. A relay between hook and server records every call; the hook runs
in the server's default Scope, where a memory was stored first through pcreceipt's API. The hook
never reports a capture failure, so what the server kept is checked by replaying the capture.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from _support.hosts import Served
from _support.pyhosts import (
    BIND,
    CAPTURE,
    CLEAR,
    FAILURE_OUTCOMES,
    PREPARE,
    RESOLVE,
    HookRun,
    Oracle,
    host_environment,
    install_plugin,
    memory_item,
    only,
    prepared_items,
    run_hook,
    run_script,
    session_key,
    word,
    workspace_key,
)
from _support.relay import Call, Relay


def joined(*turns: str) -> str:
    """WorkBuddy's prompt: every user turn of the session, each in its own ``<user_query>`` element."""
    return "\n".join(f"<user_query>\n{turn}\n</user_query>" for turn in turns)


@dataclass
class WorkBuddy:
    plugin: Path
    relay: Relay
    workspace: Path
    home: Path

    def env(self, url: str | None = None) -> dict[str, str]:
        return host_environment(self.home, POWERCONTEXT_WORKBUDDY_SERVER_URL=url or self.relay.url)

    def prompt(self, session_id: str, prompt: str, url: str | None = None) -> tuple[HookRun, list[Call]]:
        event = {
            "session_id": session_id,
            "cwd": str(self.workspace),
            "hook_event_name": "UserPromptSubmit",
            "prompt": prompt,
        }
        mark = self.relay.mark()
        script = self.plugin / "hooks" / "workbuddy_powercontext_hook.py"
        run = run_hook(script, event, env=self.env(url), cwd=self.workspace)
        return run, self.relay.since(mark)


def install(sdist: Path, root: Path, relay: Relay) -> WorkBuddy:
    plugin = install_plugin(sdist, "workbuddy", root)
    workspace = root / "workspace"
    workspace.mkdir()
    return WorkBuddy(plugin=plugin, relay=relay, workspace=workspace, home=root / "home")


@dataclass
class Session:
    workbuddy: WorkBuddy
    oracle: Oracle
    session_id: str
    default_scope: str
    artifact_id: str
    memory: str
    question: str
    prompt: str
    recall: tuple[HookRun, list[Call]]
    miss: tuple[HookRun, list[Call]]


@pytest.fixture(scope="module")
def session(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Session]:
    oracle = Oracle(pcreceipt_server.url)
    default_scope = oracle.default_scope_id()
    report, owner = word(), word()
    memory = f"The weekly {report} report is owned by the {owner} team."
    artifact_id = oracle.remember(default_scope, memory)
    with Relay(pcreceipt_server.url) as relay:
        workbuddy = install(powercontext_sdist, tmp_path_factory.mktemp(f"workbuddy-{pcreceipt_server.engine}"), relay)
        session_id = str(uuid.uuid4())
        question = f"Who owns the {report} report, {owner}?"
        prompt = joined("Good morning.", question)
        yield Session(
            workbuddy=workbuddy,
            oracle=oracle,
            session_id=session_id,
            default_scope=default_scope,
            artifact_id=artifact_id,
            memory=memory,
            question=question,
            prompt=prompt,
            recall=workbuddy.prompt(session_id, prompt),
            miss=workbuddy.prompt(session_id, joined(question, f"{word()} {word()}?")),
        )


def test_the_hook_resolves_the_default_scope_and_recalls_with_the_last_turn(session: Session) -> None:
    run, calls = session.recall
    assert [call.route for call in calls][:2] == [RESOLVE, PREPARE]
    resolve = calls[0]
    keys = [session_key("workbuddy", session.session_id), workspace_key("workbuddy", session.workbuddy.workspace)]
    assert resolve.request == {"explicit_scope_id": None, "binding_keys": keys}
    assert resolve.status == 200 and resolve.answer["scope_id"] == session.default_scope
    prepare = only(calls, PREPARE)
    assert prepare.request == {"scope_id": session.default_scope, "query": session.question, "max_bytes": 8000}
    (reduction,) = [event for event in run.events if event.get("event") == "query_reduction"]
    assert (reduction["source"], reduction["truncated"]) == ("user_query", False)


def test_a_matching_prompt_gets_the_servers_content_injected_unchanged(session: Session) -> None:
    run, calls = session.recall
    assert run.returncode == 0
    prepare = only(calls, PREPARE)
    assert prepare.status == 200 and prepare.answer["status"] == "ready"
    again = session.oracle.post("/v1/context/prepare", prepare.request).json()
    assert again == prepare.answer
    assert run.output == {
        "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": again["content"]}
    }
    assert session.memory in again["content"]


def test_the_injected_content_is_powercontexts_default_format_citing_the_memory(session: Session) -> None:
    run, _ = session.recall
    content = run.output["hookSpecificOutput"]["additionalContext"]
    item = memory_item(prepared_items(content), session.artifact_id)
    assert (item["content"], item["truncated"], item["kind"]) == (session.memory, False, "atomic-memory")


def test_the_whole_prompt_is_captured_as_a_source_the_server_kept(session: Session) -> None:
    _, calls = session.recall
    assert [call.route for call in calls] == [RESOLVE, PREPARE, CAPTURE]
    capture = only(calls, CAPTURE)
    source_id = capture.request["source_id"]
    assert source_id.startswith("workbuddy-user-prompt:") and capture.request["content"] == session.prompt
    assert capture.request["metadata"] == {
        "origin": "workbuddy",
        "event": "user_prompt_submit",
        "cwd": str(session.workbuddy.workspace),
        "session_id": session.session_id,
    }
    assert capture.status == 202
    assert capture.answer == {
        "status": "accepted",
        "source": {"name": "content", "source_id": source_id},
        "position": capture.answer["position"],
    }
    replay = session.oracle.post("/v1/sources/content", capture.request)
    assert replay.status_code == 202 and replay.json() == capture.answer
    edited = session.oracle.post("/v1/sources/content", {**capture.request, "content": session.prompt + " (edited)"})
    assert edited.status_code == 409 and edited.json()["error"]["code"] == "source_conflict"


def test_a_prompt_matching_nothing_injects_an_empty_context(session: Session) -> None:
    run, calls = session.miss
    assert run.returncode == 0
    assert run.output == {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": ""}}
    assert only(calls, PREPARE).answer["status"] == "empty"
    assert [event["outcome"] for event in run.events if "outcome" in event] == ["empty"]


def test_the_hook_produced_no_diagnostics(session: Session) -> None:
    runs = [session.recall[0], session.miss[0]]
    assert all(run.returncode == 0 for run in runs)
    assert [e for run in runs for e in run.events if e.get("outcome") in FAILURE_OUTCOMES] == []
    assert [call.route for call in session.recall[1] + session.miss[1] if call.status >= 400] == []


def test_a_users_workspace_binding_routes_the_hook_until_cleared(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path: Path
) -> None:
    oracle = Oracle(pcreceipt_server.url)
    chosen, default = oracle.new_scope("WorkBuddy workspace"), oracle.default_scope_id()
    with Relay(pcreceipt_server.url) as relay:
        workbuddy = install(powercontext_sdist, tmp_path, relay)
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


def test_a_stopped_server_never_blocks_workbuddy_and_is_reported_as_unavailable(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path: Path
) -> None:
    relay = Relay(pcreceipt_server.url)
    workbuddy = install(powercontext_sdist, tmp_path, relay)
    session_id = str(uuid.uuid4())
    first, _ = workbuddy.prompt(session_id, joined(f"{word()}?"))
    assert first.returncode == 0 and first.output["hookSpecificOutput"]["additionalContext"] == ""
    relay.close()
    run, _ = workbuddy.prompt(session_id, joined("Hello?", f"{word()}?"))
    assert run.returncode == 0
    assert run.output == {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": ""}}
    assert [event["outcome"] for event in run.events if "outcome" in event] == ["server_unavailable"]
