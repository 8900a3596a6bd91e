"""The official Node hosts (Pi, DSH, OpenCode, OpenClaw, ZCode, Kimi Code) run against ``pcreceipt serve``.

What is theirs and what is ours:

- The hosts' code is PowerContext 1.4.1's, from the sdist the ``powercontext_sdist`` fixture fetches
  at test time. ``bundle`` packs a TypeScript host's own modules with the pinned esbuild
  (``tests/hosts/tools``): client, Scope resolution, validator, capture, flush, statistics and
  diagnostics are the real code. Only the agent framework each plugin imports is left out
  (``external``) and replaced at run time by our stand-ins (``tests/hosts/drivers/standins``).
  ZCode and Kimi Code are plain ``.mjs`` hook scripts, run as their hosts run them (``run_hook``).
- The drivers (``tests/hosts/drivers/<host>.mjs``) are ours: each plays its agent host, firing the
  plugin's events in lifecycle order, and writes what the host did (injected text, diagnostics,
  command output) to a JSON file. ``run_driver`` runs one.
- ``World`` is what a test sets up through pcreceipt's HTTP API before a host runs: a Scope of its
  own, the host's binding keys bound to it (as ``scope bind`` does), one Atomic Memory, and the
  server's own prepare answers for the two prompts every host sends (``MATCHING_PROMPT`` and
  ``UNRELATED_PROMPT``), which the host must inject unchanged / not at all.
- ``envelope_items`` checks PowerContext's default content structure (the trust text, a blank line,
  the markers around one JSON line; the trust sentences are each implementation's own prose and are
  not compared) and returns its items; the Python hosts' content is read with it too.

Every host process gets a fresh HOME, so nothing of the machine's own configuration is read.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from _support.commands import user_environment
from _support.ports import free_port

TESTS = Path(__file__).resolve().parents[1]
TOOLS = TESTS / "hosts" / "tools"
DRIVERS = TESTS / "hosts" / "drivers"
STANDINS = DRIVERS / "standins"
ESBUILD = TOOLS / "node_modules" / ".bin" / "esbuild"

MEMORY_TEXT = "The billing API is deployed with a blue-green switch once the smoke suite passes."
MATCHING_PROMPT = "How is the billing API deployed?"
UNRELATED_PROMPT = "Which font suits headings?"

BEGIN = "BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1"
END = "END_POWERCONTEXT_PREPARED_CONTEXT_V1"
DEFAULT_MAX_BYTES = 8000

# -- bundling the TypeScript hosts


@dataclass(frozen=True)
class TsHost:
    """One TypeScript host: where its plugin is in the sdist, what to bundle, what the host provides."""

    name: str
    plugin: str  # the plugin's folder inside the sdist
    entries: Mapping[str, str]  # bundle name -> entry module, relative to the plugin folder
    externals: Sequence[str]  # the agent framework's packages (esbuild --external)
    standins: Mapping[str, str]  # an import specifier the bundle keeps -> our stand-in module


PI = TsHost(
    "pi",
    "integrations/pi/plugins/powercontext",
    {"extension": "extensions/powercontext.ts"},
    ["@earendil-works/*"],
    {"@earendil-works/pi-coding-agent": "pi-coding-agent.mjs"},
)
DSH = TsHost(
    "dsh",
    "integrations/dsh/plugins/powercontext",
    {"plugin": "src/index.ts"},
    ["@deepseek-ai/*"],
    {"@deepseek-ai/dsh-llm": "dsh.mjs", "@deepseek-ai/dsh-mcp-client": "dsh.mjs"},
)
OPENCODE = TsHost(
    "opencode",
    "integrations/opencode/plugins/powercontext",
    {"server": "src/index.ts", "tui": "src/tui.tsx"},
    ["@opencode-ai/*", "@opentui/*", "solid-js"],
    {"@opencode-ai/plugin": "opencode-plugin.mjs", "@opentui/solid": "solid.mjs", "solid-js": "solid.mjs"},
)
OPENCLAW = TsHost(
    "openclaw",
    "integrations/openclaw/plugins/memory-powercontext",
    {"plugin": "index.ts"},
    ["openclaw", "openclaw/*"],
    {
        f"openclaw/plugin-sdk/{module}": "openclaw.mjs"
        for module in ("plugin-entry", "routing", "string-coerce-runtime", "memory-core-host-runtime-core")
    },
)


def bundle(sdist: Path, host: TsHost, out: Path) -> Path:
    """Bundle ``host``'s own modules into ``out`` (one ``<entry>.mjs`` each) with its stand-ins beside them."""
    out.mkdir(parents=True, exist_ok=True)
    # The hosts' own runtime libraries (typebox) come from the pinned tools, found through NODE_PATH.
    environment = {**os.environ, "NODE_PATH": str(TOOLS / "node_modules")}
    for name, entry in host.entries.items():
        command = [
            str(ESBUILD),
            str(sdist / host.plugin / entry),
            "--bundle",
            "--platform=node",
            "--format=esm",
            "--target=node20",
            "--log-level=error",
            f"--outfile={out / f'{name}.mjs'}",
            *(f"--external:{package}" for package in host.externals),
        ]
        result = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=120, check=False)
        assert result.returncode == 0, f"esbuild {host.name}/{entry}:\n{result.stderr}"
    install_standins(out, host.standins)
    return out


def _package_name(specifier: str) -> tuple[str, str]:
    parts = specifier.split("/")
    size = 2 if specifier.startswith("@") else 1
    name = "/".join(parts[:size])
    rest = "/".join(parts[size:])
    return name, f"./{rest}" if rest else "."


def install_standins(directory: Path, standins: Mapping[str, str]) -> None:
    """``directory/node_modules/<package>``: every kept import resolves to a re-export of our stand-in."""
    packages: dict[str, dict[str, str]] = {}
    for specifier, module in standins.items():
        name, subpath = _package_name(specifier)
        packages.setdefault(name, {})[subpath] = module
    for name, subpaths in packages.items():
        root = directory / "node_modules" / name
        root.mkdir(parents=True, exist_ok=True)
        exports: dict[str, dict[str, str]] = {}
        for index, (subpath, module) in enumerate(sorted(subpaths.items())):
            file = f"standin-{index}.mjs"
            (root / file).write_text(f"export * from {json.dumps((STANDINS / module).as_uri())}\n")
            exports[subpath] = {"default": f"./{file}"}
        manifest = {"name": name, "version": "0.0.0-standin", "type": "module", "exports": exports}
        (root / "package.json").write_text(json.dumps(manifest, indent=2) + "\n")


# -- running hosts


def host_environment(home: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """A new user's environment (``user_environment``) with no PowerContext variable of the machine's."""
    environment = {
        key: value for key, value in user_environment(home).items() if not key.startswith(("POWERCONTEXT_", "NODE_"))
    }
    environment.update(extra or {})
    return environment


def run_driver(
    driver: str,
    bundle_dir: Path,
    scenario: Mapping[str, Any],
    home: Path,
    env: Mapping[str, str] | None = None,
    timeout: float = 90,
) -> dict[str, Any]:
    """Run ``drivers/<driver>.mjs`` over a bundle; what the host did, as the driver wrote it."""
    home.mkdir(parents=True, exist_ok=True)
    result_file = home / f"{driver}-{uuid.uuid4().hex}.json"
    command = ["node", str(DRIVERS / f"{driver}.mjs"), str(bundle_dir), str(result_file)]
    completed = subprocess.run(
        command,
        input=json.dumps(scenario),
        env=host_environment(home, env),
        cwd=scenario.get("cwd"),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert completed.returncode == 0 and result_file.exists(), (
        f"{driver} driver failed ({completed.returncode}):\n{completed.stdout}\n{completed.stderr}"
    )
    observed: dict[str, Any] = json.loads(result_file.read_text())
    observed["stderr"] = completed.stderr
    return observed


@dataclass
class HookRun:
    stdout: str
    stderr: str
    returncode: int
    seconds: float

    @property
    def output(self) -> dict[str, Any]:
        lines = [line for line in self.stdout.splitlines() if line.strip()]
        assert len(lines) == 1, f"a hook prints one JSON line, got {self.stdout!r}"
        value: dict[str, Any] = json.loads(lines[0])
        return value

    @property
    def diagnostics(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.stderr.splitlines() if line.strip()]


def run_hook(
    script: Path,
    event: Mapping[str, Any] | None,
    home: Path,
    env: Mapping[str, str] | None = None,
    args: Sequence[str] = (),
    cwd: Path | None = None,
    timeout: float = 30,
) -> HookRun:
    """Run a ``.mjs`` hook or script with node as its host does: the event JSON on stdin."""
    home.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    completed = subprocess.run(
        ["node", str(script), *args],
        input=json.dumps(event) if event is not None else "",
        env=host_environment(home, env),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    return HookRun(completed.stdout, completed.stderr, completed.returncode, time.monotonic() - started)


def copy_plugin(sdist: Path, plugin: str, destination: Path) -> Path:
    """An installed copy of a plugin folder (installers copy it and add their settings file)."""
    shutil.copytree(sdist / plugin, destination, ignore=shutil.ignore_patterns("tests"))
    return destination


def stopped_server_url() -> str:
    """The URL of a server that is not running: a free loopback port nothing listens on."""
    return f"http://127.0.0.1:{free_port()}"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


# -- the world a host meets: a Scope, bindings, one memory, the server's own answers


@dataclass
class World:
    url: str
    scope_id: str
    workspace: Path
    memory: dict[str, Any]  # {family, artifact_id, revision}
    expected: dict[str, dict[str, Any]]  # prompt -> the server's prepare answer for it
    prepares: int = 0  # prepares made in the Scope, ours and the host's
    ready: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def content(self, prompt: str) -> str:
        answer = self.expected[prompt]
        assert answer["status"] == "ready", answer
        content: str = answer["content"]
        return content

    def count_host_prepares(self, prompts: Sequence[str]) -> None:
        """Book the host's prepares of these prompts (the same queries as ours, so the same statuses)."""
        for prompt in prompts:
            self.prepares += 1
            self.ready += self.expected[prompt]["status"] == "ready"


def call(url: str, method: str, path: str, body: Any = None, expect: int | None = 200) -> httpx.Response:
    response = httpx.request(method, f"{url}{path}", json=body, timeout=30)
    if expect is not None:
        assert response.status_code == expect, f"{method} {path}: {response.status_code} {response.text}"
    return response


def make_world(
    url: str,
    workspace: Path,
    binding_keys: Sequence[Mapping[str, str]],
    prompts: Sequence[str] = (MATCHING_PROMPT, UNRELATED_PROMPT),
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> World:
    """A Scope of the test's own with the host's keys bound to it, the memory, and the server's answers."""
    workspace.mkdir(parents=True, exist_ok=True)
    token = uuid.uuid4().hex
    scope = call(
        url,
        "POST",
        "/v1/scopes",
        {"title": f"host test {token[:8]}", "summary": "A host test", "idempotency_key": token},
        expect=201,
    ).json()
    scope_id = scope["scope_id"]
    for key in binding_keys:
        bound = call(url, "PUT", "/v1/scope-bindings", {"key": dict(key), "scope_id": scope_id}).json()
        assert bound == {"key": dict(key), "scope_id": scope_id}
    created = call(
        url,
        "POST",
        f"/v1/scopes/{scope_id}/artifacts",
        {"family": "atomic-memory", "content": {"kind": "decision", "text": MEMORY_TEXT}},
        expect=201,
    ).json()
    memory = {"family": "atomic-memory", "artifact_id": created["artifact_id"], "revision": created["revision"]}
    world = World(url=url, scope_id=scope_id, workspace=workspace, memory=memory, expected={})
    for prompt in prompts:
        answer = prepare(world, prompt, max_bytes)
        world.expected[prompt] = answer
    assert world.expected[prompts[0]]["status"] == "ready", world.expected
    assert all(world.expected[prompt]["status"] == "empty" for prompt in prompts[1:]), world.expected
    return world


def prepare(world: World, query: str, max_bytes: int = DEFAULT_MAX_BYTES) -> dict[str, Any]:
    answer: dict[str, Any] = call(
        world.url, "POST", "/v1/context/prepare", {"scope_id": world.scope_id, "query": query, "max_bytes": max_bytes}
    ).json()
    world.prepares += 1
    world.ready += answer["status"] == "ready"
    return answer


def stats(world: World, period: str = "30d") -> dict[str, Any]:
    body = {"selection": {"mode": "exact", "scope_ids": [world.scope_id]}, "period": period}
    answer: dict[str, Any] = call(world.url, "POST", "/v1/stats", body).json()
    return answer


# -- PowerContext's content structure


def envelope_items(content: str) -> list[dict[str, Any]]:
    """The items of PowerContext's default content: trust text, BEGIN marker, one JSON line, END marker."""
    trust, marker, rest = content.partition(f"\n\n{BEGIN}\n")
    assert marker and trust.strip(), f"no {BEGIN} after a trust text: {content!r}"
    line, newline, end = rest.partition("\n")
    assert newline and end == END, f"the envelope is one line followed by {END} and nothing else: {rest!r}"
    envelope = json.loads(line)
    assert list(envelope) == ["trust", "items"] and envelope["trust"] == "untrusted_history", envelope
    items: list[dict[str, Any]] = envelope["items"]
    assert all(list(item) == ["citation", "content", "truncated", "kind"] for item in items), items
    return items


def assert_recall_statistics(world: World, answer: Mapping[str, Any]) -> None:
    """``get_stats`` for exactly the World's Scope counts every prepare made in it, ours and the host's."""
    assert answer["selection"] == {"mode": "exact", "scope_ids": [world.scope_id]}, answer["selection"]
    assert answer["scope_ids"] == [world.scope_id]
    totals = answer["recall"]["totals"]
    assert (totals["preparations"], totals["ready_preparations"]) == (world.prepares, world.ready), totals
