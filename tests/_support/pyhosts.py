"""The Python official hosts' (Codex, Claude Code, WorkBuddy, Hermes) hook runs, and the server as oracle.

- ``install_plugin(sdist, host)``: a copy of one host's plugin directory from PowerContext 1.4.1's
  sdist (fetched at test time), so a test can write the plugin's own endpoint file (Codex's
  ``.mcp.json``) without touching the shared unpacked sdist.
- ``run_hook(script, event, env=…, cwd=…)``: one hook invocation as the host makes it: a new
  process running the hook script with the hook's JSON event on stdin; its exit code, stdout (the
  hook's answer to the host) and stderr (where these hooks write their diagnostic events).
  The interpreter is this test run's (the plugins' own small dependencies, pydantic-settings for
  Codex, are in the ``test`` extra); Codex would start the same script under ``uv run``.
- ``host_environment(home, …)``: a user's environment with a fresh HOME and none of the hosts'
  own variables (``POWERCONTEXT_*``, ``CLAUDE_*``, ``CODEX_*``, ``PLUGIN_*``, ``HERMES_*``), so
  every setting is its default unless the test names it.
- ``Oracle(url)``: pcreceipt's own API, called straight (not through a host), to set data up
  and to learn what the server answers to exactly the request a host made.
- ``session_key`` / ``workspace_key``: the binding keys a host sends (HOSTS.md §1.2).
- ``savings_line_agrees(message_part, totals)``: whether one window of a host's token-savings
  line says what the statistics say (no data / saved / cost and the amount).
- ``only(calls, route)`` and the routes the hosts call automatically (``Relay`` records them).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import string
import subprocess
import sys
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from _support.commands import user_environment
from _support.relay import Call

HOOK_SECONDS = 30
PLUGINS = {
    "codex": "integrations/codex/plugins/powercontext",
    "claude-code": "integrations/claude-code/plugins/powercontext",
    "workbuddy": "integrations/workbuddy/plugins/powercontext",
    "hermes": "integrations/hermes/plugins/powercontext",
}
_HOST_VARIABLES = ("POWERCONTEXT_", "CLAUDE_", "CODEX_", "PLUGIN_", "HERMES_")
PREPARED_SCHEMA = "powercontext.prepared-context.v1"
RESOLVE = "POST /v1/scope-bindings/resolve"
BIND = "PUT /v1/scope-bindings"
CLEAR = "POST /v1/scope-bindings/clear"
BOOTSTRAP = "POST /v1/context/bootstrap"
PREPARE = "POST /v1/context/prepare"
CAPTURE = "POST /v1/sources/content"
FLUSH = "POST /v1/memory/flush"
STATS = "POST /v1/stats"
CAPABILITIES = "GET /v1/capabilities"
# The outcomes the hosts' diagnostics classify failures into (HOSTS.md §1.0); anything else is not a failure.
FAILURE_OUTCOMES = frozenset(
    {
        "authentication_failed",
        "authorization_denied",
        "delivery_failed",
        "invalid_response",
        "server_unavailable",
        "version_mismatch",
    }
)


def word(length: int = 10) -> str:
    """A made-up lower-case word no other test's data contains."""
    return "".join(random.choices(string.ascii_lowercase, k=length))


def session_key(integration: str, session_id: str) -> dict[str, str]:
    return {"integration": integration, "kind": "session", "external_id": session_id}


def workspace_key(integration: str, workspace: Path) -> dict[str, str]:
    """The hosts' workspace binding key: the SHA-256 of the workspace's real path (HOSTS.md §1.2)."""
    digest = hashlib.sha256(os.fsencode(workspace.resolve())).hexdigest()
    return {"integration": integration, "kind": "workspace", "external_id": digest}


def install_plugin(sdist: Path, host: str, destination: Path) -> Path:
    target = destination / "powercontext"
    shutil.copytree(sdist / PLUGINS[host], target)
    return target


def host_environment(home: Path, **extra: str) -> dict[str, str]:
    home.mkdir(parents=True, exist_ok=True)
    environment = {k: v for k, v in user_environment(home).items() if not k.startswith(_HOST_VARIABLES)}
    environment.update(extra)
    return environment


@dataclass(frozen=True)
class HookRun:
    returncode: int
    stdout: str
    stderr: str

    @property
    def output(self) -> Any:
        """The hook's answer to its host (one JSON document on stdout), or None when it printed nothing."""
        text = self.stdout.strip()
        return json.loads(text) if text else None

    @property
    def events(self) -> list[dict[str, Any]]:
        """The diagnostic events the hook wrote to stderr (one JSON object a line)."""
        return [json.loads(line) for line in self.stderr.splitlines() if line.strip()]


def run_hook(
    script: Path, event: Mapping[str, Any], *, env: Mapping[str, str], cwd: Path, args: Sequence[str] = ()
) -> HookRun:
    done = subprocess.run(
        [sys.executable, str(script), *args],
        input=json.dumps(event),
        env=dict(env),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=HOOK_SECONDS,
        check=False,
    )
    return HookRun(done.returncode, done.stdout, done.stderr)


def run_script(script: Path, args: Sequence[str], *, env: Mapping[str, str], cwd: Path) -> HookRun:
    """A plugin's user script (bind/clear a Scope), as the user runs it from a shell."""
    done = subprocess.run(
        [sys.executable, str(script), *args],
        env=dict(env),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=HOOK_SECONDS,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    return HookRun(done.returncode, done.stdout, done.stderr)


class Oracle:
    """pcreceipt's HTTP API, called directly."""

    def __init__(self, url: str) -> None:
        self.url = url

    def post(self, path: str, body: Any) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=30)

    def default_scope_id(self) -> str:
        answer = httpx.get(self.url + "/v1/scopes/default", timeout=30)
        assert answer.status_code == 200, answer.text
        return str(answer.json()["scope_id"])

    def new_scope(self, title: str) -> str:
        body = {"title": title, "summary": f"{title} (host test)", "idempotency_key": uuid.uuid4().hex}
        answer = self.post("/v1/scopes", body)
        assert answer.status_code == 201, answer.text
        return str(answer.json()["scope_id"])

    def remember(self, scope_id: str, text: str, kind: str = "fact") -> str:
        """A new Atomic Memory in ``scope_id``; its artifact id."""
        body = {"family": "atomic-memory", "content": {"kind": kind, "text": text}}
        answer = self.post(f"/v1/scopes/{scope_id}/artifacts", body)
        assert answer.status_code == 201, answer.text
        return str(answer.json()["artifact_id"])

    def tag(self, scope_id: str, artifact_id: str, tags: list[str]) -> None:
        """Replace an Atomic Memory's tags, with the tag ETag read first."""
        path = f"{self.url}/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/tags"
        etag = httpx.get(path, timeout=30).headers["ETag"]
        answer = httpx.put(path, json={"tags": tags}, headers={"If-Match": etag}, timeout=30)
        assert answer.status_code == 200, answer.text

    def resolve(self, keys: list[dict[str, str]], *, allow_default: bool) -> httpx.Response:
        return self.post("/v1/scope-bindings/resolve", {"binding_keys": keys, "allow_default": allow_default})

    def stats(self, scope_id: str, period: str) -> httpx.Response:
        return self.post("/v1/stats", {"selection": {"mode": "exact", "scope_ids": [scope_id]}, "period": period})


def savings_line_agrees(part: str, totals: Mapping[str, int]) -> bool:
    """One window of a host's savings line (e.g. ``saved 12 today``) against ``recall.totals``."""
    if totals["comparable_preparations"] == 0:
        return part.startswith("no data ")
    reduction = totals["token_reduction"]
    verb = "saved" if reduction >= 0 else "cost"
    if not part.startswith(f"{verb} "):
        return False
    amount = part.split(" ")[1]
    return amount == str(abs(reduction)) if abs(reduction) < 1000 else amount[-1] in "km"


def only(calls: list[Call], route: str) -> Call:
    found = [call for call in calls if call.route == route]
    assert len(found) == 1, [call.route for call in calls]
    return found[0]
