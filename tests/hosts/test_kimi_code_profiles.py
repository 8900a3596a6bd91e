"""Kimi Code's doctor with its recommended and full MCP profiles, run by its own script against pcreceipt
on each engine.

The installer writes the profile the user chose into ``powercontext.json``; ``scripts/doctor.mjs
--mcp`` initializes an MCP session at ``/mcp/``, lists the tools and checks that every tool of the
profile (``profiles.json``) is there, reporting ``expected_tools`` and the comma-separated
``missing_tools``. pcreceipt serves every tool of both profiles (the last ones to land were
``activate_handoff`` and the external-skill tools), so the doctor finds none missing and passes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _support.hosts import Served
from _support.node_hosts import make_world
from _support.node_sessions import KIMI_PLUGIN, KimiCode, workspace_key


def profile_tools(sdist: Path, profile: str) -> list[str]:
    profiles = json.loads((sdist / KIMI_PLUGIN / "profiles.json").read_text())["profiles"]
    tools: list[str] = profiles[profile]
    return tools


def doctor(sdist: Path, url: str, root: Path, profile: str, **settings_: Any) -> dict[str, Any]:
    kimi = KimiCode(sdist, url, root)
    make_world(url, kimi.workspace, [workspace_key("kimi-code", kimi.workspace)])
    settings_file = kimi.plugin / "powercontext.json"
    settings = json.loads(settings_file.read_text())
    settings_file.write_text(json.dumps({**settings, "profile": profile, **settings_}, indent=2) + "\n")
    run = kimi.script("doctor", "--cwd", str(kimi.workspace), "--session-id", kimi.session, "--mcp")
    report: dict[str, Any] = json.loads(run.stdout)
    return report


@pytest.mark.parametrize("profile", ["recommended", "full"])
def test_the_doctor_finds_every_tool_of_the_profile(
    profile: str, pcreceipt_server: Served, powercontext_sdist: Path, tmp_path: Path
) -> None:
    report = doctor(powercontext_sdist, pcreceipt_server.url, tmp_path, profile)
    discovery = report["checks"]["mcp_discovery"]
    tools = profile_tools(powercontext_sdist, profile)
    assert discovery["checks"]["expected_tools"] == str(len(tools)), discovery
    missing = [name for name in discovery["checks"]["missing_tools"].split(", ") if name]
    assert missing == [] and discovery["status"] == "ok", discovery
    assert report["checks"]["server"]["status"] == "ok", report["checks"]


def test_a_doctor_pointed_at_an_unknown_scope_reports_it_as_its_own_failure(
    pcreceipt_server: Served, powercontext_sdist: Path, tmp_path: Path
) -> None:
    """The installed ``scope_id`` names no Scope (deleted, or another server's): resolve answers 404, and
    the doctor shows its own failure for the Scope while the server and the tools still check out."""
    unknown = "scp_" + "a" * 26
    report = doctor(powercontext_sdist, pcreceipt_server.url, tmp_path, "minimal", scope_id=unknown)
    checks = report["checks"]
    assert checks["scope"] == {"status": "failed", "detail": "not_found"}, checks
    assert checks["server"]["status"] == "ok" and checks["mcp_discovery"]["status"] == "ok", checks
