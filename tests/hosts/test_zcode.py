"""ZCode's PowerContext hooks and scripts (its own ``.mjs`` files from the sdist) against ``pcreceipt serve``.

Each hook runs as ZCode runs it: ``node hooks/<hook>.mjs`` with the event JSON on stdin, the plugin's
data folder in ``ZCODE_PLUGIN_DATA`` and the server URL in ``POWERCONTEXT_ZCODE_SERVER_URL`` (the one
setting given). A session: ``SessionStart`` (startup), two ``UserPromptSubmit`` (resolve, prepare +
validator, capture with its strict 202 receipt check, pending receipts kept for Stop), ``Stop``,
``SessionStart`` (resume: a prepare of its own), ``scripts/doctor.mjs --prepare`` and
``scripts/status.mjs``; and, with boundary flushing switched on (ZCode's opt-in), a last ``Stop``
that flushes. The hooks report failures as JSON lines on stderr and record every attempt in
``ZCODE_PLUGIN_DATA/runtime``.
"""

from __future__ import annotations

import json
import subprocess
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from _support.hosts import Served
from _support.node_hosts import (
    MATCHING_PROMPT,
    UNRELATED_PROMPT,
    HookRun,
    World,
    assert_cites_the_memory,
    assert_source_captured,
    make_world,
    run_hook,
    sha256,
    stopped_server_url,
)

PLUGIN = "integrations/zcode/plugins/powercontext"


@pytest.fixture(scope="session")
def zcode_plugin(powercontext_sdist: Path) -> Path:
    return powercontext_sdist / PLUGIN


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

    def script(self, name: str, *args: str) -> HookRun:
        return run_hook(
            self.plugin / "scripts" / f"{name}.mjs", None, self.root / "home", self.env, args, cwd=self.workspace
        )

    def observations(self) -> list[dict[str, Any]]:
        records = [json.loads(path.read_text()) for path in (self.data / "runtime").glob("attempt-*.json")]
        return sorted(records, key=lambda record: record["started_at"])


def workspace_key(workspace: Path) -> dict[str, str]:
    return {"integration": "zcode", "kind": "workspace", "external_id": sha256(str(workspace))}


def wait_for_a_flush_lease() -> None:
    """ZCode's Stop takes a 5-second time-slot lease and declines one with less than a second left."""
    while (time.time() * 1000) % 5000 > 3000:
        time.sleep(0.05)


@pytest.fixture(scope="module")
def zcode_session(
    pcreceipt_server: Served, zcode_plugin: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, ZCode, dict[str, HookRun]]:
    zcode = ZCode(zcode_plugin, pcreceipt_server.url, tmp_path_factory.mktemp("zcode"))
    world = make_world(pcreceipt_server.url, zcode.workspace, [workspace_key(zcode.workspace)])
    runs = {
        "startup": zcode.hook("session_start", {"hookEventName": "SessionStart", "source": "startup"}),
        "matching": zcode.hook(
            "user_prompt_submit", {"hookEventName": "UserPromptSubmit", "turnId": "turn-1", "prompt": MATCHING_PROMPT}
        ),
        "unrelated": zcode.hook(
            "user_prompt_submit", {"hookEventName": "UserPromptSubmit", "turnId": "turn-2", "prompt": UNRELATED_PROMPT}
        ),
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
    return world, zcode, runs


def added_context(run: HookRun) -> tuple[dict[str, Any], str]:
    """The binding metadata ZCode always adds, and what follows it (the recalled context, if any)."""
    output = run.output["hookSpecificOutput"]
    assert output["hookEventName"] in ("UserPromptSubmit", "SessionStart")
    _, newline, rest = output["additionalContext"].partition("\n")
    assert newline, output
    binding, _, context = rest.partition("\n\n")
    return json.loads(binding), context


def test_zcode_binds_each_prompt_to_the_scope_of_its_workspace(
    zcode_session: tuple[World, ZCode, dict[str, HookRun]],
) -> None:
    world, zcode, runs = zcode_session
    for name in ("matching", "unrelated"):
        binding, _ = added_context(runs[name])
        assert binding["schema"] == "powercontext.zcode.request-binding.v1"
        assert (binding["scope_id"], binding["session_id"]) == (world.scope_id, zcode.session)


def test_zcode_adds_exactly_the_servers_content(zcode_session: tuple[World, ZCode, dict[str, HookRun]]) -> None:
    world, _, runs = zcode_session
    _, context = added_context(runs["matching"])
    content = world.content(MATCHING_PROMPT)
    assert context.endswith("\n\n" + content) and context.count(content) == 1


def test_zcode_adds_no_context_for_a_prompt_nothing_matches(
    zcode_session: tuple[World, ZCode, dict[str, HookRun]],
) -> None:
    world, _, runs = zcode_session
    assert world.expected[UNRELATED_PROMPT]["status"] == "empty"
    assert added_context(runs["unrelated"])[1] == ""


def test_the_content_zcode_adds_is_powercontexts_default_structure(
    zcode_session: tuple[World, ZCode, dict[str, HookRun]],
) -> None:
    world, _, _ = zcode_session
    assert_cites_the_memory(world, world.content(MATCHING_PROMPT))


def test_zcode_accepts_the_capture_receipts_and_keeps_them_pending(
    zcode_session: tuple[World, ZCode, dict[str, HookRun]],
) -> None:
    """Its strict check passed (202, ``accepted``, the Source echoed, a position), and both receipts wait for Stop."""
    world, zcode, runs = zcode_session
    prompts = {"matching": ("turn-1", MATCHING_PROMPT), "unrelated": ("turn-2", UNRELATED_PROMPT)}
    attempts = [record for record in zcode.observations() if record["event"] == "UserPromptSubmit"]
    assert len(attempts) == 2
    positions = []
    for attempt in attempts:
        capture = attempt["stages"]["capture"]
        assert (capture["state"], capture.get("http_status")) == ("accepted", 202), attempt
        positions.append(capture["source_position"])
    assert positions[0] < positions[1]
    for turn, prompt in prompts.values():
        source_id = "zcode-user-prompt:" + sha256("\0".join([world.scope_id, zcode.session, turn, prompt]))
        assert_source_captured(world, source_id, prompt)
    status = json.loads(runs["status"].stdout)
    assert status["pending"]["scopes"] == [
        {
            "scope_id": world.scope_id,
            "receipt_count": 2,
            "target_position": positions[1],
            "tracking_incomplete": False,
            "unknown_flush_paused": False,
        }
    ], status


def test_zcode_runs_its_session_without_a_diagnostic(zcode_session: tuple[World, ZCode, dict[str, HookRun]]) -> None:
    _, zcode, runs = zcode_session
    for name in ("startup", "matching", "unrelated", "stop", "resume"):
        assert (runs[name].returncode, runs[name].diagnostics) == (0, []), name
    stop = next(record for record in zcode.observations() if record["event"] == "Stop")
    assert stop["stages"]["flush"]["state"] == "skipped"
    assert stop["stages"]["flush"]["reason"] == "boundary_flush_disabled"
    assert runs["stop"].output == {}
    resume = next(record for record in zcode.observations() if record["event_source"] == "resume")
    assert resume["stages"]["scope"]["state"] == "resolved" and resume["stages"]["prepare"]["state"] in (
        "ready",
        "empty",
    )


def test_zcode_doctor_passes_its_checks(zcode_session: tuple[World, ZCode, dict[str, HookRun]]) -> None:
    world, _, runs = zcode_session
    doctor = runs["doctor"]
    report = json.loads(doctor.stdout)
    checks = report["checks"]
    assert doctor.returncode == 0, report
    assert checks["server"]["status"] == "ok" and checks["server"]["code"] == "ready"
    assert checks["protected_api"] == {"status": "ok", "code": "protected_api_reachable"}
    assert checks["scope_probe"]["status"] == "ok" and checks["scope_probe"]["scope_id"] == world.scope_id
    assert checks["prepare_probe"]["status"] == "ok"
    assert checks["runtime"]["status"] == "ok", checks["runtime"]


def test_zcode_boundary_flush_meets_a_providerless_server_as_powercontext_does(
    zcode_session: tuple[World, ZCode, dict[str, HookRun]],
) -> None:
    """With boundary flushing on, Stop flushes the pending Sources; a server without an inference
    provider answers 503 ``inference_unavailable``, which ZCode records as an unknown outcome of
    ``server_unavailable`` and keeps the receipts (paused) for an explicit retry."""
    world, zcode, runs = zcode_session
    stop = runs["boundary_stop"]
    assert stop.returncode == 0 and stop.output == {}
    assert stop.diagnostics == [{"component": "powercontext.zcode", "stage": "flush", "code": "server_unavailable"}]
    flush = [record for record in zcode.observations() if record["event"] == "Stop"][-1]["stages"]["flush"]
    assert (flush["state"], flush["code"], flush["http_status"]) == ("unknown", "server_unavailable", 503), flush
    (scope,) = json.loads(runs["boundary_status"].stdout)["pending"]["scopes"]
    assert (scope["scope_id"], scope["receipt_count"], scope["unknown_flush_paused"]) == (world.scope_id, 2, True)


def test_zcode_without_a_server_reports_it_unavailable_and_goes_on(zcode_plugin: Path, tmp_path: Path) -> None:
    zcode = ZCode(zcode_plugin, stopped_server_url(), tmp_path)
    run = zcode.hook(
        "user_prompt_submit", {"hookEventName": "UserPromptSubmit", "turnId": "turn-1", "prompt": MATCHING_PROMPT}
    )
    assert run.returncode == 0 and run.seconds < 4
    assert run.output == {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": ""}}
    assert run.diagnostics == [{"component": "powercontext.zcode", "stage": "scope", "code": "server_unavailable"}]
