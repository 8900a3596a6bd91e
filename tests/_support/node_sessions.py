"""One session of each official Node host against ``pcreceipt serve``, and each without a server.

Every function here runs a host's own code (``_support.node_hosts``: bundles, drivers, hook
scripts) with the one setting a user gives it, the server URL, and returns what the host did:

- Pi (``drivers/pi.mjs``): two turns, each ``before_agent_start`` (resolve, prepare + the
  extension's validator, capture) and ``agent_end`` (flush), ``session_shutdown``, then ``/pc``,
  ``/pc stats``, ``/pc doctor``. Settings: ``POWERCONTEXT_PI_BASE_URL``, and
  ``POWERCONTEXT_PI_DIAGNOSTICS`` (a file) so what Pi reports can be read.
- OpenCode (``drivers/opencode.mjs``): ``session.created`` (resolve, bind the session key), two user
  messages through ``chat.message`` and ``experimental.chat.messages.transform``, the TUI's status
  slot and ``/pc``, ``/pc stats``, ``/pc capabilities``, ``/pc doctor``. Setting:
  ``POWERCONTEXT_OPENCODE_BASE_URL``; reports through ``client.app.log``.
- DSH (``drivers/dsh.mjs``): the plugin applied with its ``baseUrl``; two model steps through the
  ``agent/pre-step`` middleware (a Scope-routing message, then the prepared context); ``/pc``,
  ``/pc stats``, ``/pc capabilities``, ``/pc doctor``, ``/pc remember``, ``/pc search``. Reports
  to the Cordis logger: failures at ``warn``, successes at ``debug``.
- OpenClaw (``drivers/openclaw.mjs``): the plugin registered with its ``endpoint``; two turns of
  ``before_prompt_build`` (resolve with the session, project and agent keys in that order, prepare,
  ``prependContext``) and ``agent_end`` (the turn's transcript captured), ``before_compaction`` and
  ``session_end`` (capabilities; flush only if extraction is on), then ``/pc status``.
- ZCode: ``node hooks/<hook>.mjs`` with the event on stdin, ``ZCODE_PLUGIN_DATA`` and
  ``POWERCONTEXT_ZCODE_SERVER_URL``: ``SessionStart``, two ``UserPromptSubmit``, ``Stop``,
  ``SessionStart`` (resume), ``scripts/doctor.mjs --prepare``, ``scripts/status.mjs``; then, with
  boundary flushing switched on (its opt-in), a last ``Stop`` that flushes.
- Kimi Code: the plugin copied as an installation with the ``powercontext.json`` its installer
  writes (server URL, no Scope, prompt capture on, no token, the minimal profile);
  ``hooks/user_prompt_submit.mjs`` twice, ``scripts/doctor.mjs --runtime`` and ``--mcp``,
  ``scripts/status.mjs``.

Each session works in a ``World`` of its own: a Scope with the host's binding key bound to it
(OpenClaw: only its agent key; the others: the workspace key), one memory, the server's answers.
"""

from __future__ import annotations

import json
import subprocess
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _support import memory_tools
from _support.hosts import Offline
from _support.node_hosts import (
    MATCHING_PROMPT,
    UNRELATED_PROMPT,
    HookRun,
    World,
    copy_plugin,
    make_world,
    run_driver,
    run_hook,
    sha256,
)

PROMPTS = [MATCHING_PROMPT, UNRELATED_PROMPT]
PI_SYSTEM_PROMPT = "You are a careful coding agent."
PI_SESSION = "pi-session-0001"
DSH_SESSION = "dsh-session-0001"
DSH_REMEMBER = "remember " + memory_tools.TOOL_TEXT
DSH_SEARCH = "search " + memory_tools.TOOL_QUERY
OPENCLAW_SESSION = "openclaw-session-0001"
OPENCLAW_SESSION_KEY = "agent:main:main"
ZCODE_PLUGIN = "integrations/zcode/plugins/powercontext"
KIMI_PLUGIN = "integrations/kimi-code/plugins/powercontext"


@dataclass
class NodeSession:
    """A host's session: the World it met and what it did (the driver's observations, or hook runs by name)."""

    world: World
    observed: dict[str, Any]
    host: Any = None  # ZCode | KimiCode: the installation, for what it recorded on disk


def workspace_key(integration: str, workspace: Path) -> dict[str, str]:
    return {"integration": integration, "kind": "workspace", "external_id": sha256(str(workspace))}


def _world(url: str, root: Path, integration: str) -> World:
    workspace = (root / "workspace").resolve()
    return make_world(url, workspace, [workspace_key(integration, workspace)])


# -- the driven hosts


def run_pi(
    bundle_dir: Path, url: str, root: Path, prompts: list[str], commands: list[str], tool_calls: Any = None
) -> dict[str, Any]:
    workspace = root / "workspace"
    workspace.mkdir(parents=True, exist_ok=True)
    diagnostics = root / "diagnostics.jsonl"
    scenario = {
        "cwd": str(workspace),
        "session_id": PI_SESSION,
        "system_prompt": PI_SYSTEM_PROMPT,
        "prompts": prompts,
        "commands": commands,
        **({"tool_calls": tool_calls} if tool_calls else {}),
    }
    env = {"POWERCONTEXT_PI_BASE_URL": url}
    if not tool_calls:
        env["POWERCONTEXT_PI_DIAGNOSTICS"] = str(diagnostics)
    observed = run_driver("pi", bundle_dir, scenario, root / "home", env)
    lines = diagnostics.read_text().splitlines() if diagnostics.exists() else []
    observed["diagnostics"] = [json.loads(line) for line in lines]
    return observed


def pi_session(bundle_dir: Path, url: str, root: Path) -> NodeSession:
    world = _world(url, root, "pi")
    observed = run_pi(bundle_dir, url, root, PROMPTS, ["", "stats", "doctor"])
    world.count_host_prepares(PROMPTS)
    return NodeSession(world, observed)


def run_opencode(
    bundle_dir: Path,
    url: str,
    root: Path,
    session: str,
    prompts: list[str],
    commands: list[str],
    tool_calls: Any = None,
) -> dict[str, Any]:
    workspace = root / "workspace"
    workspace.mkdir(parents=True, exist_ok=True)
    scenario = {"cwd": str(workspace), "session_id": session, "prompts": prompts, "commands": commands}
    if tool_calls:
        scenario["tool_calls"] = tool_calls
    return run_driver("opencode", bundle_dir, scenario, root / "home", {"POWERCONTEXT_OPENCODE_BASE_URL": url})


def opencode_session(bundle_dir: Path, url: str, root: Path) -> NodeSession:
    world = _world(url, root, "opencode")
    world.extra["session"] = session = f"ses_{uuid.uuid4().hex}"
    observed = run_opencode(bundle_dir, url, root, session, PROMPTS, ["", "stats", "capabilities", "doctor"])
    world.count_host_prepares(PROMPTS)
    return NodeSession(world, observed)


def run_dsh(bundle_dir: Path, url: str, root: Path, prompts: list[str], commands: list[str]) -> dict[str, Any]:
    workspace = root / "workspace"
    workspace.mkdir(parents=True, exist_ok=True)
    scenario = {
        "config": {"baseUrl": url},
        "cwd": str(workspace),
        "session_id": DSH_SESSION,
        "system_prompt": "You are DSH.",
        "prompts": prompts,
        "commands": commands,
    }
    return run_driver("dsh", bundle_dir, scenario, root / "home")


def dsh_session(bundle_dir: Path, url: str, root: Path) -> NodeSession:
    world = _world(url, root, "dsh")
    commands = ["", "stats", "capabilities", "doctor", DSH_REMEMBER, DSH_SEARCH]
    observed = run_dsh(bundle_dir, url, root, PROMPTS, commands)
    world.count_host_prepares(PROMPTS)
    return NodeSession(world, observed)


def run_openclaw(
    bundle_dir: Path, url: str, root: Path, agent: str, prompts: list[str], tool_calls: Any = None
) -> dict[str, Any]:
    scenario: dict[str, Any] = {
        "plugin_config": {"endpoint": url},
        "agent_id": agent,
        "session_id": OPENCLAW_SESSION,
        "session_key": OPENCLAW_SESSION_KEY,
        "prompts": prompts,
    }
    scenario.update({"tool_calls": tool_calls} if tool_calls else {"commands": ["status"]})
    return run_driver("openclaw", bundle_dir, scenario, root / "home")


def openclaw_world(url: str, root: Path) -> World:
    """Only the agent key is bound: resolution takes the first bound key of session, project, agent."""
    agent = f"agent-{uuid.uuid4().hex[:12]}"
    world = make_world(url, root / "workspace", [{"integration": "openclaw", "kind": "agent", "external_id": agent}])
    world.extra["agent"] = agent
    return world


def openclaw_session(bundle_dir: Path, url: str, root: Path) -> NodeSession:
    world = openclaw_world(url, root)
    observed = run_openclaw(bundle_dir, url, root, world.extra["agent"], PROMPTS)
    world.count_host_prepares(PROMPTS)
    return NodeSession(world, observed)


# -- the hook-script hosts


class ZCode:
    """One ZCode installation: its plugin folder, its data folder and environment, one session."""

    def __init__(self, plugin: Path, url: str, root: Path) -> None:
        self.plugin = plugin
        self.root = root
        self.workspace = (root / "workspace").resolve()
        self.workspace.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "init", "-q", str(self.workspace)], check=True)  # ZCode's workspace is a repository
        self.data = root / "data"
        self.session = f"zcode-{uuid.uuid4().hex[:16]}"
        self.env = {
            "POWERCONTEXT_ZCODE_SERVER_URL": url,
            "ZCODE_PLUGIN_DATA": str(self.data),
            "ZCODE_PLUGIN_ROOT": str(plugin),
        }

    def hook(self, name: str, event: dict[str, Any], **env: str) -> HookRun:
        payload = {"sessionId": self.session, "cwd": str(self.workspace), **event}
        return run_hook(self.plugin / "hooks" / f"{name}.mjs", payload, self.root / "home", {**self.env, **env})

    def prompt(self, turn: str, prompt: str) -> HookRun:
        event = {"hookEventName": "UserPromptSubmit", "turnId": turn, "prompt": prompt}
        return self.hook("user_prompt_submit", event)

    def script(self, name: str, *args: str) -> HookRun:
        return run_hook(
            self.plugin / "scripts" / f"{name}.mjs", None, self.root / "home", self.env, args, cwd=self.workspace
        )

    def observations(self) -> list[dict[str, Any]]:
        records = [json.loads(path.read_text()) for path in (self.data / "runtime").glob("attempt-*.json")]
        return sorted(records, key=lambda record: record["started_at"])


def wait_for_a_flush_lease() -> None:
    """ZCode's Stop takes a 5-second time-slot lease and declines one with less than a second left."""
    while (time.time() * 1000) % 5000 > 3000:
        time.sleep(0.05)


def zcode_session(sdist: Path, url: str, root: Path) -> NodeSession:
    zcode = ZCode(sdist / ZCODE_PLUGIN, url, root)
    world = make_world(url, zcode.workspace, [workspace_key("zcode", zcode.workspace)])
    runs = {
        "startup": zcode.hook("session_start", {"hookEventName": "SessionStart", "source": "startup"}),
        "matching": zcode.prompt("turn-1", MATCHING_PROMPT),
        "unrelated": zcode.prompt("turn-2", UNRELATED_PROMPT),
        "stop": zcode.hook("stop", {"hookEventName": "Stop", "stopHookActive": False}),
        "resume": zcode.hook("session_start", {"hookEventName": "SessionStart", "source": "resume"}),
        "doctor": zcode.script("doctor", "--prepare"),
        "status": zcode.script("status", "--cwd", str(zcode.workspace), "--session-id", zcode.session),
    }
    wait_for_a_flush_lease()
    runs["boundary_stop"] = zcode.hook(
        "stop", {"hookEventName": "Stop", "stopHookActive": False}, POWERCONTEXT_ZCODE_BOUNDARY_FLUSH="1"
    )
    runs["boundary_status"] = zcode.script("status", "--cwd", str(zcode.workspace), "--session-id", zcode.session)
    return NodeSession(world, runs, zcode)


class KimiCode:
    """One Kimi Code installation of the plugin, pointed at ``url``, and one session in a workspace."""

    def __init__(self, sdist: Path, url: str, root: Path) -> None:
        self.root = root
        self.plugin = copy_plugin(sdist, KIMI_PLUGIN, root / "kimi-plugin")
        settings = {
            "server_url": url,
            "scope_id": None,
            "capture_prompts": True,
            "use_token": False,
            "profile": "minimal",
        }
        (self.plugin / "powercontext.json").write_text(json.dumps(settings, indent=2) + "\n")
        self.workspace = (root / "workspace").resolve()
        self.workspace.mkdir(parents=True, exist_ok=True)
        self.session = f"kimi-{uuid.uuid4().hex[:16]}"
        self.env = {"KIMI_CODE_HOME": str(root / "kimi-home")}

    def prompt(self, prompt: str) -> HookRun:
        event = {
            "hook_event_name": "UserPromptSubmit",
            "session_id": self.session,
            "cwd": str(self.workspace),
            "prompt": prompt,
        }
        return run_hook(self.plugin / "hooks" / "user_prompt_submit.mjs", event, self.root / "home", self.env)

    def script(self, name: str, *args: str) -> HookRun:
        return run_hook(
            self.plugin / "scripts" / f"{name}.mjs", None, self.root / "home", self.env, args, cwd=self.workspace
        )

    def observations(self) -> list[dict[str, Any]]:
        folder = self.root / "kimi-home" / "powercontext" / "runtime"
        records = [json.loads(path.read_text()) for path in folder.glob("attempt-*.json")]
        return sorted(records, key=lambda record: record["started_at"])


def kimi_code_session(sdist: Path, url: str, root: Path) -> NodeSession:
    kimi = KimiCode(sdist, url, root)
    world = make_world(url, kimi.workspace, [workspace_key("kimi-code", kimi.workspace)])
    session = ("--cwd", str(kimi.workspace), "--session-id", kimi.session)
    runs = {
        "matching": kimi.prompt(MATCHING_PROMPT),
        "unrelated": kimi.prompt(UNRELATED_PROMPT),
        "doctor": kimi.script("doctor", *session, "--runtime"),
        "status": kimi.script("status", *session),
        "doctor_mcp": kimi.script("doctor", *session, "--mcp"),
    }
    return NodeSession(world, runs, kimi)


# -- the model's memory tools: Pi and OpenCode share ``memory_tools.SESSION_CALLS``; OpenClaw has its own


def shared_tool_session(host: str, bundle_dir: Path, url: str, root: Path) -> tuple[World, list[dict[str, Any]]]:
    """Pi's or OpenCode's model runs ``memory_tools.SESSION_CALLS`` through the tools' own code."""
    world = _world(url, root, host)
    calls = memory_tools.SESSION_CALLS
    if host == "pi":
        observed = run_pi(bundle_dir, url, root, [], [], tool_calls=calls)
    else:
        observed = run_opencode(bundle_dir, url, root, f"ses_{uuid.uuid4().hex}", [], [], tool_calls=calls)
    results: list[dict[str, Any]] = observed["tool_results"]
    assert len(results) == len(calls)
    return world, results


# -- without a server: one matching prompt against a port nothing listens on


def offline(host: str, code: Path, url: str, root: Path) -> Offline:
    """Run ``host`` (``code``: its bundle, or the sdist for the hook-script hosts) against a stopped server."""
    if host in ("zcode", "kimi-code"):
        scripted = ZCode(code / ZCODE_PLUGIN, url, root) if host == "zcode" else KimiCode(code, url, root)
        run = (
            scripted.prompt("turn-1", MATCHING_PROMPT)
            if isinstance(scripted, ZCode)
            else scripted.prompt(MATCHING_PROMPT)
        )
        return Offline(run.output, run.seconds, run.diagnostics, {"run": run})
    if host == "pi":
        observed = run_pi(code, url, root, [MATCHING_PROMPT], ["stats"])
        reports, injected = observed["diagnostics"], None  # Pi's only element is the system prompt (its own test)
    elif host == "opencode":
        observed = run_opencode(code, url, root, "ses_offline", [MATCHING_PROMPT], [""])
        reports = [json.loads(entry["message"]) for entry in observed["logs"] if entry["level"] == "warn"]
        parts = [part["text"] for part in observed["turns"][0]["parts"] if part.get("synthetic")]
        injected = parts[0] if parts else None
    elif host == "dsh":
        observed = run_dsh(code, url, root, [MATCHING_PROMPT], [""])
        reports = [json.loads(entry["line"]) for entry in observed["logs"] if entry["level"] == "warn"]
        contexts = [
            message["text"] for message in observed["turns"][0]["appended"] if message["section"] == "PowerContext"
        ]
        injected = contexts[0] if contexts else None
    else:
        observed = run_openclaw(code, url, root, "agent-offline", [MATCHING_PROMPT])
        reports = [json.loads(entry["message"]) for entry in observed["logs"] if entry["level"] == "warn"]
        injected = observed["turns"][0]["prepend"]
    (turn,) = observed["turns"]
    return Offline(injected, turn["ms"] / 1000, reports, observed)
