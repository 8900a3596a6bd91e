"""Kimi Code's PowerContext hook and scripts (its own ``.mjs`` files from the sdist) against ``pcreceipt serve``.

Kimi Code reads its settings only from the installed plugin's ``powercontext.json``, which PowerContext's
installer writes; so the plugin folder is copied as an installation and that file written with the
server URL (no Scope, prompt capture on, no token, the minimal profile). The hook runs as Kimi Code
runs it: ``node hooks/user_prompt_submit.mjs`` with the event JSON on stdin; it prints ``{"message": …}``
(the binding metadata, then the recalled context), reports failures as JSON lines on stderr and
records every attempt under ``KIMI_CODE_HOME``. Then ``scripts/doctor.mjs --runtime`` and
``scripts/status.mjs``.
"""

from __future__ import annotations

import json
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
    copy_plugin,
    make_world,
    run_hook,
    sha256,
    stopped_server_url,
)

PLUGIN = "integrations/kimi-code/plugins/powercontext"


class KimiCode:
    """One Kimi Code installation of the plugin, pointed at ``url``, and one session in a workspace."""

    def __init__(self, sdist: Path, url: str, root: Path) -> None:
        self.root = root
        self.plugin = copy_plugin(sdist, PLUGIN, root / "kimi-plugin")
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


@pytest.fixture(scope="module")
def kimi_session(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, KimiCode, dict[str, HookRun]]:
    kimi = KimiCode(powercontext_sdist, pcreceipt_server.url, tmp_path_factory.mktemp("kimi"))
    key = {"integration": "kimi-code", "kind": "workspace", "external_id": sha256(str(kimi.workspace))}
    world = make_world(pcreceipt_server.url, kimi.workspace, [key])
    runs = {
        "matching": kimi.prompt(MATCHING_PROMPT),
        "unrelated": kimi.prompt(UNRELATED_PROMPT),
        "doctor": kimi.script("doctor", "--cwd", str(kimi.workspace), "--session-id", kimi.session, "--runtime"),
        "status": kimi.script("status", "--cwd", str(kimi.workspace), "--session-id", kimi.session),
        "doctor_mcp": kimi.script("doctor", "--cwd", str(kimi.workspace), "--session-id", kimi.session, "--mcp"),
    }
    return world, kimi, runs


def message_parts(run: HookRun) -> tuple[dict[str, Any], str]:
    """The binding metadata Kimi Code always sends, and what follows it (the recalled context, if any)."""
    message = run.output["message"]
    _, newline, rest = message.partition("\n")
    assert newline, message
    binding, _, context = rest.partition("\n\n")
    return json.loads(binding), context


def test_kimi_code_binds_each_prompt_to_the_scope_of_its_workspace(
    kimi_session: tuple[World, KimiCode, dict[str, HookRun]],
) -> None:
    world, kimi, runs = kimi_session
    for name in ("matching", "unrelated"):
        binding, _ = message_parts(runs[name])
        assert binding["schema"] == "powercontext.kimi-code.request-binding.v1"
        assert (binding["scope_id"], binding["cwd"]) == (world.scope_id, str(kimi.workspace))


def test_kimi_code_adds_exactly_the_servers_content(kimi_session: tuple[World, KimiCode, dict[str, HookRun]]) -> None:
    world, _, runs = kimi_session
    _, context = message_parts(runs["matching"])
    content = world.content(MATCHING_PROMPT)
    assert context.endswith("\n\n" + content) and context.count(content) == 1


def test_kimi_code_adds_no_context_for_a_prompt_nothing_matches(
    kimi_session: tuple[World, KimiCode, dict[str, HookRun]],
) -> None:
    world, _, runs = kimi_session
    assert world.expected[UNRELATED_PROMPT]["status"] == "empty"
    assert message_parts(runs["unrelated"])[1] == ""


def test_the_content_kimi_code_adds_is_powercontexts_default_structure(
    kimi_session: tuple[World, KimiCode, dict[str, HookRun]],
) -> None:
    world, _, _ = kimi_session
    assert_cites_the_memory(world, world.content(MATCHING_PROMPT))


def test_kimi_code_accepts_the_capture_receipts(kimi_session: tuple[World, KimiCode, dict[str, HookRun]]) -> None:
    """Its strict check passed: 202, ``accepted``, the Source it named echoed back, a position."""
    _, kimi, _ = kimi_session
    attempts = kimi.observations()
    assert len(attempts) == 2
    captures = [attempt["stages"]["capture"] for attempt in attempts]
    assert [capture["state"] for capture in captures] == ["accepted", "accepted"], captures
    assert 1 <= captures[0]["source_position"] < captures[1]["source_position"]
    stages = [{name: stage["state"] for name, stage in attempt["stages"].items()} for attempt in attempts]
    assert stages == [
        {"scope": "resolved", "prepare": "ready", "capture": "accepted", "injection": "emitted"},
        {"scope": "resolved", "prepare": "empty", "capture": "accepted", "injection": "skipped"},
    ]


def test_kimi_code_reports_no_failure(kimi_session: tuple[World, KimiCode, dict[str, HookRun]]) -> None:
    _, _, runs = kimi_session
    for name in ("matching", "unrelated"):
        assert (runs[name].returncode, runs[name].diagnostics) == (0, []), name


def test_kimi_code_doctor_and_status_scripts(kimi_session: tuple[World, KimiCode, dict[str, HookRun]]) -> None:
    world, _, runs = kimi_session
    report = json.loads(runs["doctor"].stdout)
    checks = report["checks"]
    assert checks["settings"]["status"] == "ok"
    assert checks["server"]["status"] == "ok", checks
    assert checks["scope"]["status"] == "ok" and checks["scope"]["checks"]["scope_id"] == world.scope_id
    assert report["runtime"]["status"] == "observed", report["runtime"]
    status = json.loads(runs["status"].stdout)
    assert (status["status"], status["scope_id"], status["freshness"]) == ("observed", world.scope_id, "recent"), status
    assert status["stages"]["capture"]["state"] == "accepted", status


def test_kimi_code_doctor_discovers_the_minimal_profiles_mcp_tools(
    kimi_session: tuple[World, KimiCode, dict[str, HookRun]],
) -> None:
    """``doctor.mjs --mcp``: initialize (protocol 2025-03-26), notifications/initialized and tools/list
    at ``/mcp/``; the minimal profile's three tools (search_memory, remember_memory,
    get_artifact_revision) must all be listed."""
    _, _, runs = kimi_session
    discovery = json.loads(runs["doctor_mcp"].stdout)["checks"]["mcp_discovery"]
    assert discovery["status"] == "ok", discovery
    assert discovery["checks"]["expected_tools"] == "3" and discovery["checks"]["missing_tools"] == ""


def test_kimi_code_without_a_server_reports_it_unavailable_and_goes_on(
    powercontext_sdist: Path, tmp_path: Path
) -> None:
    kimi = KimiCode(powercontext_sdist, stopped_server_url(), tmp_path)
    run = kimi.prompt(MATCHING_PROMPT)
    assert run.returncode == 0 and run.seconds < 4
    assert run.output == {}
    assert run.diagnostics == [
        {
            "component": "powercontext.kimi_code",
            "event": "hook",
            "outcome": "server_unavailable",
            "recovery": "powercontext doctor kimi-code",
        }
    ]
