"""The Python official hosts installed and driven as their hosts drive them, and one session of each.

Each host is its plugin copied out of PowerContext 1.4.1's sdist (``pyhosts.install_plugin``) and
configured only where its README says a user does: Codex's ``.mcp.json`` URL, Claude Code's
``server_url`` option (its status line gets ``--server-url`` as ``powercontext setup`` writes it),
``POWERCONTEXT_WORKBUDDY_SERVER_URL``, Hermes' ``base_url`` written by the provider's own
``save_config``. Every host talks to the server through a recording ``Relay``.

``codex_session``, ``claude_code_session``, ``workbuddy_session`` and ``hermes_session`` run one
session in the server's default Scope (where a memory of made-up words was stored first): a prompt
that matches it, one that matches nothing, and each host's own other events. The ``*_offline``
functions run a host that loses its server (the relay closed) and return what it did then.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from _support.hosts import Offline
from _support.node_hosts import World, make_world
from _support.pyhosts import (
    HOOK_SECONDS,
    PLUGINS,
    HookRun,
    Oracle,
    host_environment,
    install_plugin,
    run_hook,
    word,
    workspace_key,
)
from _support.relay import Call, Relay

ANSI = re.compile(r"\x1b\[[0-9;]*m")
Exchange = tuple[HookRun, list[Call]]


def _hook_event(workspace: Path, session_id: str, name: str, **fields: object) -> dict[str, object]:
    return {"session_id": session_id, "cwd": str(workspace), "hook_event_name": name, **fields}


# -- Codex


def point_at(plugin: Path, url: str) -> None:
    """What the README says to change: the MCP URL in the plugin's ``.mcp.json`` (the hooks' only endpoint source)."""
    path = plugin / ".mcp.json"
    configuration = json.loads(path.read_text())
    configuration["mcpServers"]["powercontext"]["url"] = f"{url}/mcp/"
    path.write_text(json.dumps(configuration, indent=2))


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

    def hook(self, script: str, event: dict[str, object], home: Path | None = None) -> Exchange:
        mark = self.relay.mark()
        run = run_hook(self.plugin / "hooks" / script, event, env=self.env(home), cwd=self.workspace)
        return run, self.relay.since(mark)

    def session_start(self, session_id: str, source: str = "startup", **kw: Path) -> Exchange:
        event = _hook_event(
            self.workspace, session_id, "SessionStart", transcript_path=None, model="gpt-5-codex", source=source
        )
        return self.hook("session_binding.py", event, **kw)

    def prompt(self, session_id: str, prompt: str, **kw: Path) -> Exchange:
        event = _hook_event(
            self.workspace,
            session_id,
            "UserPromptSubmit",
            turn_id=uuid.uuid4().hex,
            transcript_path=None,
            model="gpt-5-codex",
            prompt=prompt,
        )
        return self.hook("recall.py", event, **kw)

    def stop(self, session_id: str, **kw: Path) -> Exchange:
        event = _hook_event(
            self.workspace,
            session_id,
            "Stop",
            turn_id=uuid.uuid4().hex,
            stop_hook_active=False,
            last_assistant_message="Done.",
        )
        return self.hook("token_savings.py", event, **kw)

    def with_settings(self, home: Path, **settings: str) -> Codex:
        """This installation with a home of its own and these ``POWERCONTEXT_CODEX_*`` settings."""
        return Codex(self.plugin, self.relay, self.root, self.workspace, home, settings)

    def diagnostics_file(self, home: Path | None = None) -> Path:
        return (home or self.home) / ".local" / "state" / "powercontext" / "codex-diagnostics.json"


def install_codex(sdist: Path, root: Path, relay: Relay) -> Codex:
    plugin = install_plugin(sdist, "codex", root)
    point_at(plugin, relay.url)
    workspace = root / "workspace"
    workspace.mkdir()
    return Codex(plugin=plugin, relay=relay, root=root, workspace=workspace, home=root / "home")


# -- Claude Code


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

    def hook(self, script: str, event: dict[str, object], home: Path | None = None) -> Exchange:
        mark = self.relay.mark()
        run = run_hook(self.plugin / "hooks" / script, event, env=self.env(home), cwd=self.workspace)
        return run, self.relay.since(mark)

    def session_start(self, session_id: str, source: str = "startup", **kw: Path) -> Exchange:
        transcript = str(self.root / "transcript.jsonl")
        event = _hook_event(self.workspace, session_id, "SessionStart", transcript_path=transcript, source=source)
        return self.hook("session_start.py", event, **kw)

    def prompt(self, session_id: str, prompt: str, **kw: Path) -> Exchange:
        event = _hook_event(
            self.workspace,
            session_id,
            "UserPromptSubmit",
            transcript_path=str(self.root / "transcript.jsonl"),
            permission_mode="default",
            prompt=prompt,
        )
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

    def with_settings(self, home: Path, **settings: str) -> ClaudeCode:
        return ClaudeCode(self.plugin, self.relay, self.root, self.workspace, home, settings)

    def diagnostics_file(self, home: Path | None = None) -> Path:
        return (home or self.home) / ".local" / "state" / "powercontext" / "claude-code-diagnostics.json"


def install_claude_code(sdist: Path, root: Path, relay: Relay) -> ClaudeCode:
    plugin = install_plugin(sdist, "claude-code", root)
    workspace = root / "workspace"
    workspace.mkdir()
    return ClaudeCode(plugin=plugin, relay=relay, root=root, workspace=workspace, home=root / "home")


# -- WorkBuddy


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

    def prompt(self, session_id: str, prompt: str, url: str | None = None) -> Exchange:
        event = _hook_event(self.workspace, session_id, "UserPromptSubmit", prompt=prompt)
        mark = self.relay.mark()
        script = self.plugin / "hooks" / "workbuddy_powercontext_hook.py"
        run = run_hook(script, event, env=self.env(url), cwd=self.workspace)
        return run, self.relay.since(mark)


def install_workbuddy(sdist: Path, root: Path, relay: Relay) -> WorkBuddy:
    plugin = install_plugin(sdist, "workbuddy", root)
    workspace = root / "workspace"
    workspace.mkdir()
    return WorkBuddy(plugin=plugin, relay=relay, workspace=workspace, home=root / "home")


# -- Hermes: the plugin directory is a package Hermes imports; its provider runs in Hermes' process

HERMES_PACKAGE = "hermes_plugins_powercontext"


@contextmanager
def hermes_package(sdist: Path) -> Iterator[ModuleType]:
    """The plugin directory imported as a package, the way Hermes' plugin loader imports it."""
    root = sdist / PLUGINS["hermes"]
    spec = importlib.util.spec_from_file_location(
        HERMES_PACKAGE, root / "__init__.py", submodule_search_locations=[str(root)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[HERMES_PACKAGE] = module
    spec.loader.exec_module(module)
    try:
        yield module
    finally:
        for name in [name for name in sys.modules if name == HERMES_PACKAGE or name.startswith(HERMES_PACKAGE + ".")]:
            del sys.modules[name]


@contextmanager
def hermes_user(home: Path) -> Iterator[Path]:
    """A user with no PowerContext settings of their own (the provider also reads the environment and HOME)."""
    with pytest.MonkeyPatch.context() as patch:
        for name in [name for name in os.environ if name.startswith(("POWERCONTEXT_", "HERMES_"))]:
            patch.delenv(name)
        patch.setenv("HOME", str(home))
        yield home


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def diagnostics(self) -> list[dict[str, Any]]:
        """The provider's failure diagnostics: one JSON object per WARNING record."""
        return [json.loads(r.getMessage()) for r in self.records if r.levelno >= logging.WARNING]


@contextmanager
def hermes_records() -> Iterator[Records]:
    """The records of the provider's own logger, while this lasts."""
    handler = Records()
    logger = logging.getLogger(HERMES_PACKAGE)
    logger.addHandler(handler)
    level, logger.level = logger.level, logging.DEBUG
    try:
        yield handler
    finally:
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


def setup_hermes(module: ModuleType, root: Path, relay: Relay | None, url: str | None = None) -> Hermes:
    (root / "workspace").mkdir()
    url = url or (relay.url if relay else "")
    return Hermes(module=module, url=url, relay=relay, home=root / "hermes-home", workspace=root / "workspace")


class HermesTools:
    """The provider as Hermes holds it: ``call`` is a model tool call (``powercontext_<tool>``); each answer
    is parsed as the model reads it and kept under its label."""

    def __init__(self, provider: Any) -> None:
        self.provider = provider
        self.answers: dict[str, Any] = {}

    def call(self, label: str, tool: str, args: dict[str, Any]) -> Any:
        answer = json.loads(self.provider.handle_tool_call("powercontext_" + tool, args))
        self.answers[label] = answer
        return answer


@contextmanager
def hermes_tools(module: ModuleType, root: Path, url: str) -> Iterator[tuple[World, HermesTools, str]]:
    """Hermes' provider set up against ``url`` (no relay) in a workspace bound to a Scope of its own
    (``node_hosts.make_world``), initialized for a new session: the World, the tools and the session id."""
    with hermes_user(root / "user"):
        host = setup_hermes(module, root, None, url)
        session_id = f"hermes-{uuid.uuid4().hex}"
        world = make_world(url, host.workspace, [workspace_key("hermes", host.workspace)])
        provider = host.provider()
        host.initialize(provider, session_id)
        try:
            yield world, HermesTools(provider), session_id
        finally:
            provider.shutdown()


# -- one session of each, in the default Scope


@dataclass
class PySession:
    """One session of a Python host: the memory it must recall, the prompts, and every exchange by name
    (``recall`` and ``miss`` are the matching and the unrelated prompt; Hermes' exchanges hold the
    text it injected in place of a ``HookRun``)."""

    host: Any  # Codex | ClaudeCode | WorkBuddy | Hermes
    oracle: Oracle
    session_id: str
    default_scope: str
    artifact_id: str
    memory: str
    prompt: str  # what the host was given for the matching turn
    query: str  # what it must recall with
    runs: dict[str, Any]
    extra: dict[str, Any] = field(default_factory=dict)


def _remember(url: str, text: str) -> tuple[Oracle, str, str]:
    oracle = Oracle(url)
    default_scope = oracle.default_scope_id()
    return oracle, default_scope, oracle.remember(default_scope, text)


def codex_session(url: str, sdist: Path, root: Path, relay: Relay) -> PySession:
    """Start, a prompt that matches a stored memory, one that matches nothing, Stop."""
    service, pool = word(), word()
    memory = f"Deploys of the {service} service go through the {pool} canary pool."
    oracle, default_scope, artifact_id = _remember(url, memory)
    codex = install_codex(sdist, root, relay)
    session_id, prompt = str(uuid.uuid4()), f"How do deploys of the {service} service reach {pool}?"
    runs = {"start": codex.session_start(session_id), "recall": codex.prompt(session_id, prompt)}
    runs["miss"] = codex.prompt(session_id, f"{word()} {word()}?")
    runs["stop"] = codex.stop(session_id)
    return PySession(codex, oracle, session_id, default_scope, artifact_id, memory, prompt, prompt, runs)


def claude_code_session(url: str, sdist: Path, root: Path, relay: Relay) -> PySession:
    library, version = word(), word()
    memory = f"The {library} library is pinned to the {version} release line."
    oracle, default_scope, artifact_id = _remember(url, memory)
    claude = install_claude_code(sdist, root, relay)
    session_id, prompt = str(uuid.uuid4()), f"Which {version} release is {library} pinned to?"
    runs: dict[str, Any] = {"start": claude.session_start(session_id), "recall": claude.prompt(session_id, prompt)}
    runs["miss"] = claude.prompt(session_id, f"{word()} {word()}?")
    runs["status"] = claude.status_line(session_id)
    return PySession(claude, oracle, session_id, default_scope, artifact_id, memory, prompt, prompt, runs)


def workbuddy_session(url: str, sdist: Path, root: Path, relay: Relay) -> PySession:
    """WorkBuddy hands its hook the session's joined prompt; the hook recalls with the last turn."""
    report, owner = word(), word()
    memory = f"The weekly {report} report is owned by the {owner} team."
    oracle, default_scope, artifact_id = _remember(url, memory)
    workbuddy = install_workbuddy(sdist, root, relay)
    session_id, question = str(uuid.uuid4()), f"Who owns the {report} report, {owner}?"
    prompt = joined("Good morning.", question)
    runs = {"recall": workbuddy.prompt(session_id, prompt)}
    runs["miss"] = workbuddy.prompt(session_id, joined(question, f"{word()} {word()}?"))
    return PySession(workbuddy, oracle, session_id, default_scope, artifact_id, memory, prompt, question, runs)


def hermes_session(url: str, module: ModuleType, root: Path, relay: Relay) -> PySession:
    """``initialize``, ``prefetch`` (prepare), ``sync_turn`` + ``queue_prefetch`` (capture and the next
    turn's prepare, in the provider's background queue), a prefetch that matches nothing, ``/pc status``
    and ``on_session_end``."""
    city, room = word(), word()
    memory = f"The {city} office holds its planning meeting in the {room} room."
    oracle, default_scope, artifact_id = _remember(url, memory)
    with hermes_user(root / "user"), hermes_records() as records:
        host = setup_hermes(module, root, relay)
        provider = host.provider()
        available = provider.is_available()
        session_id = f"hermes-{uuid.uuid4().hex}"
        _, init = host.calls(lambda: host.initialize(provider, session_id))
        active_scope = json.loads(provider.handle_slash_command("scope status"))["active_scope_id"]
        prompt, answer = f"Where does the {city} office plan, {room}?", "In its usual room."
        next_prompt = f"And who books the {room} room in {city}?"
        runs: dict[str, Any] = {"recall": host.calls(lambda: provider.prefetch(prompt, session_id=session_id))}

        def after_turn() -> None:
            provider.sync_turn(prompt, answer, session_id=session_id)
            provider.queue_prefetch(next_prompt, session_id=session_id)
            # Hermes' next turn comes after the user reads the answer; here the provider's own
            # background queue is drained instead of waiting an arbitrary time.
            provider._wait_for_background()

        runs["turn"] = host.calls(after_turn)[1]
        runs["next_recall"] = host.calls(lambda: provider.prefetch(next_prompt, session_id=session_id))
        runs["miss"] = host.calls(lambda: provider.prefetch(f"{word()} {word()}?", session_id=session_id))
        runs["status"] = host.calls(lambda: provider.handle_slash_command("status"))
        runs["end"] = host.calls(lambda: provider.on_session_end([{"role": "user", "content": prompt}]))[1]
        runs["init"] = init
        provider.shutdown()
        extra = {
            "answer": answer,
            "next_prompt": next_prompt,
            "available": available,
            "active_scope": active_scope,
            "system_block": provider.system_prompt_block(),
            "diagnostics": records.diagnostics(),
        }
    return PySession(host, oracle, session_id, default_scope, artifact_id, memory, prompt, prompt, runs, extra)


# -- a server lost mid-session


def _unavailable(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The outcome and recovery of each reported event (the rest of an event is the hook's detail)."""
    return [{"outcome": event["outcome"], "recovery": event.get("recovery")} for event in events]


def _timed(action: Any) -> tuple[Any, float]:
    started = time.monotonic()
    return action(), time.monotonic() - started


def codex_offline(url: str, sdist: Path, root: Path) -> Offline:
    relay = Relay(url)
    codex = install_codex(sdist, root, relay)
    session_id = str(uuid.uuid4())
    started, _ = codex.session_start(session_id)
    relay.close()  # the server goes away mid-session
    homes = {name: root / name for name in ("resume", "prompt", "stop")}  # one each: diagnostics are throttled
    resumed, _ = codex.session_start(session_id, source="resume", home=homes["resume"])
    (prompted, _), seconds = _timed(lambda: codex.prompt(session_id, "Where were we?", home=homes["prompt"]))
    stopped, _ = codex.stop(session_id, home=homes["stop"])
    runs = {"started": started, "resumed": resumed, "prompted": prompted, "stopped": stopped, "homes": homes}
    return Offline(prompted.output, seconds, _unavailable(resumed.events), runs)


def claude_code_offline(url: str, sdist: Path, root: Path) -> Offline:
    relay = Relay(url)
    claude = install_claude_code(sdist, root, relay)
    session_id = str(uuid.uuid4())
    started, _ = claude.session_start(session_id)
    relay.close()
    homes = {name: root / name for name in ("resume", "prompt", "status")}  # diagnostics are throttled per home
    resumed, _ = claude.session_start(session_id, source="resume", home=homes["resume"])
    (prompted, _), seconds = _timed(lambda: claude.prompt(session_id, "Where were we?", home=homes["prompt"]))
    line, _ = claude.status_line(session_id, home=homes["status"])
    runs = {"started": started, "resumed": resumed, "prompted": prompted, "line": line, "homes": homes}
    runs["diagnostics_file"] = claude.diagnostics_file(homes["resume"])
    return Offline(prompted.output, seconds, _unavailable(resumed.events), runs)


def workbuddy_offline(url: str, sdist: Path, root: Path) -> Offline:
    relay = Relay(url)
    workbuddy = install_workbuddy(sdist, root, relay)
    session_id = str(uuid.uuid4())
    first, _ = workbuddy.prompt(session_id, joined(f"{word()}?"))
    relay.close()
    (run, _), seconds = _timed(lambda: workbuddy.prompt(session_id, joined("Hello?", f"{word()}?")))
    reports = [{"outcome": event["outcome"]} for event in run.events if "outcome" in event]
    return Offline(run.output, seconds, reports, {"first": first, "run": run})


def hermes_offline(url: str, module: ModuleType, root: Path) -> Offline:
    """Hermes loses the server after ``initialize``: prefetch, sync_turn and session end fail open."""
    relay = Relay(url)
    with hermes_user(root / "user"), hermes_records() as records:
        host = setup_hermes(module, root, relay)
        provider = host.provider()
        host.initialize(provider, f"hermes-{uuid.uuid4().hex}")
        records.records.clear()
        relay.close()
        try:
            injected, seconds = _timed(lambda: provider.prefetch("Where were we?"))
            provider.sync_turn("Where were we?", "Let me check.")
            provider.on_session_end([])  # waits for the queued capture, then capabilities and flush fail too
        finally:
            provider.shutdown()
        diagnostics = records.diagnostics()
        # the first report is the prepare's; how many later ones there are depends on throttling
        return Offline(injected, seconds, diagnostics[:1], {"diagnostics": diagnostics})
