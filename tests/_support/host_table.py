"""The ten official hosts as data: how each runs, and how to read what it did; one session of each, cached.

``HOSTS`` has one ``Host`` per official host. An entry says how the host's session and its run
without a server are made (``_support.node_sessions`` for the Node hosts, ``_support.pyhost_sessions``
for the Python ones) and how to read a session: what the host gave its model for each prompt
(``injected``, ``added``), the Sources it captured, what it reported as a failure, the Scope it
says it resolved, and which of the shared features (a statistics command, a doctor, a capabilities
command, a relay) it has. ``tests/hosts/test_lifecycle.py`` makes every common check once, over
every entry that has the feature; a new host is one entry here, plus its runner and driver.

``Sessions`` runs each host's session at most once per engine (the first test that asks) and keeps
it for every test that reads it, shared and host-specific alike.

Prompt indexes: ``MATCHING`` (0) is the prompt that matches the session's memory, ``UNRELATED``
(1) the one that matches nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from _support import node_sessions as node
from _support import pyhost_sessions as py
from _support.hosts import Offline, Served
from _support.node_hosts import (
    DSH,
    MATCHING_PROMPT,
    MEMORY_TEXT,
    OPENCLAW,
    OPENCODE,
    PI,
    UNRELATED_PROMPT,
    HookRun,
    TsHost,
    sha256,
    stopped_server_url,
)
from _support.pyhosts import CAPTURE, FAILURE_OUTCOMES, PREPARE, RESOLVE, only
from _support.relay import Call, Relay

MATCHING, UNRELATED = 0, 1
OPENCLAW_OPEN, OPENCLAW_CLOSE = "<powercontext_memory>", "</powercontext_memory>"
DSH_CONTEXT, DSH_ROUTING = "PowerContext", "PowerContext Scope routing"


@dataclass(frozen=True)
class Captured:
    """A Source the host captured: its id and content, and (relayed hosts) the request and answer on the wire."""

    source_id: str
    content: str
    call: Call | None = None


@dataclass(frozen=True)
class Setup:
    """What a host's run is given: the server's URL, a directory of its own, the host's code (its
    bundle, or the unpacked sdist), Hermes' imported plugin package, and a recording relay to the
    server that lasts as long as the sessions do."""

    url: str
    root: Path
    code: Path
    sdist: Path
    hermes: ModuleType
    relay: Callable[[], Relay]


@dataclass(frozen=True)
class Host:
    name: str
    runtime: str  # "node" | "python"
    bundle: TsHost | None  # a TypeScript host's bundle; None for hook scripts and Python
    run: Callable[[Setup], Any]  # its session: a node_sessions.NodeSession or a pyhost_sessions.PySession
    run_offline: Callable[[Setup], Offline]  # one prompt with no server behind it
    # what the host gave its model for a prompt: the element carrying recalled context (None when it
    # added none), and everything it added for that prompt
    injected: Callable[[Any, int], str | None]
    added: Callable[[Any, int], str]
    captured: Callable[[Any], list[Captured]] | None  # None: its captures are checked its own way
    failures: Callable[[Any], list[Any]]  # what the session reported as a failure
    resolved: Callable[[Any], list[str]] | None  # the Scope ids the host says it resolved, wherever it says so
    # how the injected element wraps the server's content: wrapper = opens … joins, then content, then closes
    opens: str = ""
    joins: str = ""
    closes: str = ""
    bare: bool = False  # the content alone, no wrapper
    prose: bool = False  # a wrapper of the host's own prose
    no_context: str | None = None  # what ``injected`` is for a prompt nothing matches
    allowed_failures: tuple[Any, ...] = ()  # the only failures a provider-less PowerContext 1.4.1 also causes
    # without a server: what it gave its model (``Offline.injected``), the turn's budget (seconds), its reports
    offline_injected: Any = None
    offline_seconds: float | None = None
    offline_reports: tuple[Mapping[str, Any], ...] = ()
    # features some hosts have
    command: Callable[[Any, str], Any] | None = None  # a /pc command's result object ("stats", "doctor", ...)
    commands: frozenset[str] = frozenset()  # which of "stats", "doctor", "capabilities" give a JSON result
    relayed: bool = False  # behind the recording relay (the Python hosts): its calls are checked on the wire
    recall_routes: tuple[str, ...] = ()  # the calls of the matching prompt, in order
    quiet_recall: bool = False  # the matching prompt's hook writes nothing on stderr
    miss_outcomes: Callable[[Any], list[str]] | None = None  # the outcomes reported for the unrelated prompt
    memory_tools: bool = False  # the ``memory_tools.SESSION_CALLS`` tools (pc_remember, pc_search, pc_memory_*)

    def __str__(self) -> str:
        return self.name


# -- readers of the Node hosts' sessions (``node.NodeSession``)


def _turn(session: node.NodeSession, index: int) -> dict[str, Any]:
    turn: dict[str, Any] = session.observed["turns"][index]
    return turn


def _pi_injected(session: node.NodeSession, index: int) -> str | None:
    """Pi appends to the system prompt; what it added for the matching prompt is what the
    unrelated prompt's system prompt lacks. (For the unrelated one ``added`` is checked.)"""
    if index == UNRELATED:
        return None
    before, after = _turn(session, UNRELATED)["system_prompt"], _turn(session, MATCHING)["system_prompt"]
    assert before.startswith(node.PI_SYSTEM_PROMPT)
    assert after.startswith(before), (before, after)
    return str(after[len(before) :])


def _pi_added(session: node.NodeSession, index: int) -> str:
    prompt = _turn(session, index)["system_prompt"]
    assert prompt.startswith(node.PI_SYSTEM_PROMPT)
    return str(prompt[len(node.PI_SYSTEM_PROMPT) :])


def synthetic(turn: dict[str, Any]) -> list[str]:
    return [part["text"] for part in turn["parts"] if part.get("synthetic")]


def _opencode_injected(session: node.NodeSession, index: int) -> str | None:
    turn = _turn(session, index)
    assert turn["parts"][0]["text"] == [MATCHING_PROMPT, UNRELATED_PROMPT][index]  # the user's own part is untouched
    parts = synthetic(turn)
    assert len(parts) <= 1, parts
    return parts[0] if parts else None


def _dsh_injected(session: node.NodeSession, index: int) -> str | None:
    turn = _turn(session, index)
    assert turn["kind"] == "enter"
    contexts = [message["text"] for message in turn["appended"] if message["section"] == DSH_CONTEXT]
    assert len(contexts) <= 1, contexts
    return contexts[0] if contexts else None


def _openclaw_injected(session: node.NodeSession, index: int) -> str | None:
    prepend: str | None = _turn(session, index)["prepend"]
    return prepend


def hook_context(run: HookRun) -> tuple[dict[str, Any], str]:
    """ZCode's and Kimi Code's hook output: the binding metadata they always add, and the recalled context."""
    output = run.output
    if "hookSpecificOutput" in output:  # ZCode
        output = output["hookSpecificOutput"]
        assert output["hookEventName"] in ("UserPromptSubmit", "SessionStart")
        text = output["additionalContext"]
    else:  # Kimi Code
        text = output["message"]
    _, newline, rest = text.partition("\n")
    assert newline, output
    binding, _, context = rest.partition("\n\n")
    return json.loads(binding), context


def _script_injected(session: node.NodeSession, index: int) -> str:
    return hook_context(session.observed[["matching", "unrelated"][index]])[1]


def _script_added(session: node.NodeSession, index: int) -> str:
    run: HookRun = session.observed[["matching", "unrelated"][index]]
    return run.stdout


def _node_sources(kind: str, turns: Callable[[node.NodeSession], list[tuple[str, ...]]]) -> Callable[..., Any]:
    """Captured Sources whose ids the host derives as ``<kind>:sha256(scope, session, turn, prompt)``."""

    def read(session: node.NodeSession) -> list[Captured]:
        return [
            Captured(f"{kind}:" + sha256("\0".join([session.world.scope_id, *parts])), parts[-1])
            for parts in turns(session)
        ]

    return read


def _numbered(session_id: Callable[[node.NodeSession], str], turn: Callable[[int], str]) -> Callable[..., Any]:
    return lambda session: [
        (session_id(session), turn(number), prompt)
        for number, prompt in enumerate([MATCHING_PROMPT, UNRELATED_PROMPT], start=1)
    ]


def _openclaw_sources(session: node.NodeSession) -> list[Captured]:
    """``agent_end`` captures the turn's last user message; ``before_compaction`` captures the same
    transcript again under the same id (an idempotent replay, no failure)."""
    opaque_session = sha256(node.OPENCLAW_SESSION)
    contents = [f"User: {prompt}" for prompt in [MATCHING_PROMPT, UNRELATED_PROMPT]]
    agent = session.world.extra["agent"]
    return [Captured("openclaw-turn-" + sha256("\0".join([agent, opaque_session, c])), c) for c in contents]


def logged(observed: dict[str, Any], *levels: str) -> list[Any]:
    """The log entries at these levels (DSH's are JSON lines under ``line``, the others' text under ``message``)."""
    return [
        json.loads(entry["line"]) if "line" in entry else entry["message"]
        for entry in observed["logs"]
        if entry["level"] in levels
    ]


def _script_failures(*names: str) -> Callable[[node.NodeSession], list[Any]]:
    def read(session: node.NodeSession) -> list[Any]:
        runs = session.observed
        return [
            (name, runs[name].returncode, runs[name].diagnostics)
            for name in names
            if (runs[name].returncode, runs[name].diagnostics) != (0, [])
        ]

    return read


def _pc_scope_lines(text: str) -> list[str]:
    return [line.removeprefix("scope=") for line in text.splitlines() if line.startswith("scope=")]


def _pi_command(session: node.NodeSession, command: str) -> Any:
    (note,) = session.observed["commands"][command]
    message = note["message"]
    if command == "":
        assert note["level"] == "info" and isinstance(message, str)
        return message
    assert note["level"] == "info", note
    result = json.loads(message)
    assert isinstance(result, dict), result
    return result


def _opencode_command(session: node.NodeSession, command: str) -> Any:
    result = session.observed["commands"][command]
    if command == "":
        return result["message"]
    assert result["title"] == "PowerContext", result
    value: dict[str, Any] = json.loads(result["message"])
    return value


def _dsh_command(session: node.NodeSession, command: str) -> Any:
    result = session.observed["commands"][command]
    assert result["kind"] == "success", result
    return result["text"] if command == "" else json.loads(result["text"])


# -- readers of the Python hosts' sessions (``py.PySession``)


def _recall(session: py.PySession) -> tuple[Any, list[Call]]:
    exchange: tuple[Any, list[Call]] = session.runs["recall"]
    return exchange


def _py_context(run: HookRun, *, whole: bool) -> str | None:
    """The hook's ``additionalContext``; ``whole``: the output is nothing but it (WorkBuddy)."""
    if run.output is None:
        return None
    context = run.output["hookSpecificOutput"].get("additionalContext")
    answer = {"hookEventName": "UserPromptSubmit", "additionalContext": context}
    if whole:
        assert run.output == {"hookSpecificOutput": answer}, run.output
    else:
        assert run.output["hookSpecificOutput"] == answer, run.output
    return str(context)


def _py_injected(whole: bool) -> Callable[[py.PySession, int], str | None]:
    return lambda session, index: _py_context(session.runs[["recall", "miss"][index]][0], whole=whole)


def _py_added(session: py.PySession, index: int) -> str:
    return str(session.runs[["recall", "miss"][index]][0].stdout)


def _hermes_injected(session: py.PySession, index: int) -> str:
    injected: str = session.runs[["recall", "miss"][index]][0]
    return injected


def _relayed_captures(*runs: str) -> Callable[[py.PySession], list[Captured]]:
    def read(session: py.PySession) -> list[Captured]:
        calls = [only(session.runs[run][1], CAPTURE) for run in runs]
        return [Captured(call.request["source_id"], call.request["content"], call) for call in calls]

    return read


def _hermes_captures(session: py.PySession) -> list[Captured]:
    call = only(session.runs["turn"], CAPTURE)
    return [Captured(call.request["source_id"], call.request["content"], call)]


def _hook_failures(*names: str, diagnostics_file: bool, all_messages: bool) -> Callable[[py.PySession], list[Any]]:
    """Failure outcomes on stderr or in ``systemMessage``, a diagnostics (throttle) file, a call answered >= 400."""

    def read(session: py.PySession) -> list[Any]:
        runs = [session.runs[name][0] for name in names]
        failed: list[Any] = [("exit", run.returncode) for run in runs if run.returncode != 0]
        said = [event for run in runs for event in run.events]
        messages = [line for run in runs for line in (run.output or {}).get("systemMessage", "").splitlines()]
        said += [json.loads(line) for line in messages if all_messages or line.startswith("{")]
        failed += [event for event in said if event.get("outcome") in FAILURE_OUTCOMES]
        if diagnostics_file and session.host.diagnostics_file().exists():
            failed.append("diagnostics file")
        calls = [call for run in session.runs.values() for call in run[1]]
        return failed + [call.route for call in calls if call.status >= 400]

    return read


def _hermes_failures(session: py.PySession) -> list[Any]:
    runs = session.runs
    calls = runs["init"] + runs["recall"][1] + runs["turn"] + runs["next_recall"][1] + runs["miss"][1]
    calls += runs["status"][1] + runs["end"]
    return list(session.extra["diagnostics"]) + [call.route for call in calls if call.status >= 400]


def _py_resolved(run: str) -> Callable[[py.PySession], list[str]]:
    def read(session: py.PySession) -> list[str]:
        calls = session.runs[run] if run == "init" else session.runs[run][1]
        return [str(call.answer["scope_id"]) for call in calls if call.route == RESOLVE]

    return read


def _event_outcomes(only_with_outcome: bool) -> Callable[[py.PySession], list[str]]:
    def read(session: py.PySession) -> list[str]:
        events = session.runs["miss"][0].events
        return [event["outcome"] for event in events if not only_with_outcome or "outcome" in event]

    return read


UNAVAILABLE = {"outcome": "server_unavailable", "recovery": "powercontext doctor"}


def _node_unavailable(component: str, event: str) -> dict[str, str]:
    return {"component": component, "event": event, **UNAVAILABLE}


HOSTS: tuple[Host, ...] = (
    Host(
        "pi",
        "node",
        PI,
        run=lambda s: node.pi_session(s.code, s.url, s.root),
        run_offline=lambda s: node.offline("pi", s.code, stopped_server_url(), s.root),
        injected=_pi_injected,
        added=_pi_added,
        captured=_node_sources("pi-user-prompt", _numbered(lambda s: node.PI_SESSION, str)),
        failures=lambda s: s.observed["diagnostics"],
        resolved=lambda s: _pc_scope_lines(_pi_command(s, "")),
        prose=True,
        # agent_end flushes the pending Sources; without an inference provider that is 503
        # inference_unavailable, reported once (diagnostics are throttled per outcome)
        allowed_failures=(
            {
                "component": "powercontext.pi",
                "event": "flush_memory",
                "outcome": "server_unavailable",
                "http_status": 503,
                "error_code": "inference_unavailable",
                "recovery": "powercontext doctor",
            },
        ),
        offline_seconds=3,
        offline_reports=(_node_unavailable("powercontext.pi", "context_prepare"),),
        command=_pi_command,
        commands=frozenset({"stats", "doctor"}),
        memory_tools=True,
    ),
    Host(
        "opencode",
        "node",
        OPENCODE,
        run=lambda s: node.opencode_session(s.code, s.url, s.root),
        run_offline=lambda s: node.offline("opencode", s.code, stopped_server_url(), s.root),
        injected=_opencode_injected,
        added=lambda s, i: "".join(part["text"] for part in _turn(s, i)["parts"]),
        captured=_node_sources(
            "opencode-user-prompt", _numbered(lambda s: s.world.extra["session"], lambda n: f"msg_{n:04d}")
        ),
        failures=lambda s: [entry for entry in s.observed["logs"] if entry["level"] != "debug"],
        resolved=lambda s: _pc_scope_lines(_opencode_command(s, "")),
        joins="\n\n",
        offline_seconds=6,
        offline_reports=({"event": "turn_prepare", "outcome": "failed"},),
        command=_opencode_command,
        commands=frozenset({"stats", "doctor", "capabilities"}),
        memory_tools=True,
    ),
    Host(
        "dsh",
        "node",
        DSH,
        run=lambda s: node.dsh_session(s.code, s.url, s.root),
        run_offline=lambda s: node.offline("dsh", s.code, stopped_server_url(), s.root),
        injected=_dsh_injected,
        added=lambda s, i: "".join(message["text"] for message in _turn(s, i)["appended"]),
        captured=_node_sources("dsh-user-prompt", _numbered(lambda s: node.DSH_SESSION, str)),
        failures=lambda s: logged(s.observed, "warn"),
        resolved=lambda s: _pc_scope_lines(_dsh_command(s, "")),
        joins="\n\n",
        offline_seconds=4,
        offline_reports=(_node_unavailable("powercontext.dsh", "scope_resolve"),),
        command=_dsh_command,
        commands=frozenset({"stats", "capabilities"}),
    ),
    Host(
        "openclaw",
        "node",
        OPENCLAW,
        run=lambda s: node.openclaw_session(s.code, s.url, s.root),
        run_offline=lambda s: node.offline("openclaw", s.code, stopped_server_url(), s.root),
        injected=_openclaw_injected,
        added=lambda s, i: _turn(s, i)["prepend"] or "",
        captured=_openclaw_sources,
        failures=lambda s: logged(s.observed, "warn", "error"),
        resolved=None,  # it does not say; what it injects is the bound Scope's
        opens=OPENCLAW_OPEN + "\n",  # without an ``assembly`` its memory tags, escaping only those tags
        joins="\n",
        closes="\n" + OPENCLAW_CLOSE,
        offline_seconds=3,
        # later failures (capture, compaction, session end) share the outcome and are throttled away
        offline_reports=(_node_unavailable("powercontext.openclaw", "context_prepare"),),
    ),
    Host(
        "zcode",
        "node",
        None,
        run=lambda s: node.zcode_session(s.code, s.url, s.root),
        run_offline=lambda s: node.offline("zcode", s.code, stopped_server_url(), s.root),
        injected=_script_injected,
        added=_script_added,
        captured=_node_sources("zcode-user-prompt", _numbered(lambda s: s.host.session, lambda n: f"turn-{n}")),
        failures=_script_failures("startup", "matching", "unrelated", "stop", "resume"),
        resolved=lambda s: [hook_context(s.observed[name])[0]["scope_id"] for name in ("matching", "unrelated")],
        joins="\n\n",
        no_context="",
        offline_injected={"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": ""}},
        offline_seconds=4,
        offline_reports=({"component": "powercontext.zcode", "stage": "scope", "code": "server_unavailable"},),
    ),
    Host(
        "kimi-code",
        "node",
        None,
        run=lambda s: node.kimi_code_session(s.code, s.url, s.root),
        run_offline=lambda s: node.offline("kimi-code", s.code, stopped_server_url(), s.root),
        injected=_script_injected,
        added=_script_added,
        captured=None,  # its Source ids are its own; its receipts are checked (test_kimi_code.py)
        failures=_script_failures("matching", "unrelated"),
        resolved=lambda s: [hook_context(s.observed[name])[0]["scope_id"] for name in ("matching", "unrelated")],
        joins="\n\n",
        no_context="",
        offline_injected={},
        offline_seconds=4,
        offline_reports=(
            {
                "component": "powercontext.kimi_code",
                "event": "hook",
                "outcome": "server_unavailable",
                "recovery": "powercontext doctor kimi-code",
            },
        ),
    ),
    Host(
        "codex",
        "python",
        None,
        run=lambda s: py.codex_session(s.url, s.code, s.root, s.relay()),
        run_offline=lambda s: py.codex_offline(s.url, s.code, s.root),
        injected=_py_injected(whole=False),
        added=_py_added,
        captured=_relayed_captures("recall", "miss"),
        failures=_hook_failures("start", "recall", "miss", "stop", diagnostics_file=True, all_messages=False),
        resolved=_py_resolved("start"),
        bare=True,
        offline_reports=(UNAVAILABLE,),
        relayed=True,
        recall_routes=(RESOLVE, PREPARE, CAPTURE),
        quiet_recall=True,
        miss_outcomes=_event_outcomes(only_with_outcome=False),
    ),
    Host(
        "claude-code",
        "python",
        None,
        run=lambda s: py.claude_code_session(s.url, s.code, s.root, s.relay()),
        run_offline=lambda s: py.claude_code_offline(s.url, s.code, s.root),
        injected=_py_injected(whole=False),
        added=_py_added,
        captured=_relayed_captures("recall"),
        failures=_hook_failures("start", "recall", "miss", diagnostics_file=True, all_messages=True),
        resolved=_py_resolved("start"),
        bare=True,
        offline_reports=(UNAVAILABLE,),
        relayed=True,
        recall_routes=(RESOLVE, PREPARE, CAPTURE),
        quiet_recall=True,
        miss_outcomes=_event_outcomes(only_with_outcome=False),
    ),
    Host(
        "workbuddy",
        "python",
        None,
        run=lambda s: py.workbuddy_session(s.url, s.code, s.root, s.relay()),
        run_offline=lambda s: py.workbuddy_offline(s.url, s.code, s.root),
        injected=_py_injected(whole=True),
        added=_py_added,
        captured=_relayed_captures("recall"),
        failures=_hook_failures("recall", "miss", diagnostics_file=False, all_messages=False),
        resolved=_py_resolved("recall"),
        bare=True,
        no_context="",  # it always answers with an additionalContext, empty when there is nothing
        offline_injected={"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": ""}},
        offline_reports=({"outcome": "server_unavailable"},),
        relayed=True,
        recall_routes=(RESOLVE, PREPARE, CAPTURE),
        miss_outcomes=_event_outcomes(only_with_outcome=True),
    ),
    Host(
        "hermes",
        "python",
        None,
        run=lambda s: py.hermes_session(s.url, s.hermes, s.root, s.relay()),
        run_offline=lambda s: py.hermes_offline(s.url, s.hermes, s.root),
        injected=_hermes_injected,
        added=_hermes_injected,
        captured=_hermes_captures,
        failures=_hermes_failures,
        resolved=_py_resolved("init"),
        prose=True,  # Hermes' own heading, then the content unchanged
        no_context="",
        offline_injected="",
        offline_reports=(_node_unavailable("powercontext.hermes", "context_prepare"),),
        relayed=True,
        recall_routes=(PREPARE,),
    ),
)
BY_NAME = {host.name: host for host in HOSTS}


def hosts_with(feature: Callable[[Host], object]) -> list[Host]:
    return [host for host in HOSTS if feature(host)]


# -- what every session is read as by the shared checks


@dataclass(frozen=True)
class View:
    url: str  # the server's
    scope_id: str  # the Scope the host worked in
    memory: dict[str, Any]  # the memory the matching prompt recalls: {family, artifact_id, revision}
    memory_text: str
    content: str  # the server's content for the matching prompt's query
    unrelated: dict[str, Any]  # the server's prepare answer for the unrelated prompt
    own_scope: bool  # the Scope is the test's own (so the memory is its only item)


def view(host: Host, session: Any) -> View:
    if host.runtime == "node":
        world = session.world
        return View(
            world.url,
            world.scope_id,
            world.memory,
            MEMORY_TEXT,
            world.content(MATCHING_PROMPT),
            world.expected[UNRELATED_PROMPT],
            True,
        )
    memory = {"family": "atomic-memory", "artifact_id": session.artifact_id, "revision": 1}
    miss = session.runs["miss"][1]
    return View(
        session.oracle.url,
        session.default_scope,
        memory,
        session.memory,
        str(replayed(session)["content"]),
        only(miss, PREPARE).answer,
        False,
    )


def replayed(session: py.PySession) -> dict[str, Any]:
    """The server's answer to exactly the prepare request the host made for the matching prompt (asked once)."""
    if "replayed" not in session.extra:
        request = only(_recall(session)[1], PREPARE).request
        session.extra["replayed"] = session.oracle.post("/v1/context/prepare", request).json()
    answer: dict[str, Any] = session.extra["replayed"]
    return answer


# -- the sessions, run once per engine


@dataclass
class Sessions:
    server: Served
    sdist: Path
    factory: pytest.TempPathFactory
    bundles: Callable[[TsHost], Path]
    hermes: ModuleType
    offline_runs: dict[str, Offline]
    """The runs without a server, shared by both engines' ``Sessions`` (no server: no engine)."""
    stack: ExitStack = field(default_factory=ExitStack)
    done: dict[str, Any] = field(default_factory=dict)

    def session(self, name: str) -> Any:
        if name not in self.done:
            self.done[name] = self._run(BY_NAME[name])
        return self.done[name]

    def offline(self, name: str) -> Offline:
        if name not in self.offline_runs:
            self.offline_runs[name] = self._offline(BY_NAME[name])
        return self.offline_runs[name]

    def _setup(self, host: Host, name: str) -> Setup:
        code = self.bundles(host.bundle) if host.bundle else self.sdist
        root = self.factory.mktemp(f"{name}-{self.server.engine}")
        relay = lambda: self.stack.enter_context(Relay(self.server.url))  # noqa: E731
        return Setup(self.server.url, root, code, self.sdist, self.hermes, relay)

    def _run(self, host: Host) -> Any:
        return host.run(self._setup(host, host.name))

    def _offline(self, host: Host) -> Offline:
        return host.run_offline(self._setup(host, f"{host.name}-offline"))

    def close(self) -> None:
        self.stack.close()
