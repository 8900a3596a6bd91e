"""DSH's ``/pc skills scan``, run by the PowerContext DSH plugin's own command handler against
pcreceipt with an external Skill registry directory (``PCRECEIPT_EXTERNAL_SKILLS_DIR``), on each engine.

The user types the command (``drivers/dsh.mjs`` runs the registered ``pc`` command's handler with
the session's header); the plugin resolves its workspace's Scope and sends ``scan_external_skills``
for it. The answer is the command's ``{kind, text}``; the text is the plugin's tool result
``{ok, status, data}``: the registry snapshot the server took. A scan again finds the same package
at the same fingerprint; ``/pc skills`` alone is the plugin's usage line.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _support.generative_hosts import REGISTRY_SKILL
from _support.hosts import Served
from _support.node_hosts import DSH, TsHost, World, call, make_world
from _support.node_sessions import run_dsh, workspace_key

Run = tuple[World, dict[str, dict[str, Any]]]
COMMANDS = {"scan": "skills scan", "again": "skills scan ", "usage": "skills"}


@pytest.fixture(scope="module")
def dsh_skills(
    generating_server: Served, ts_bundle: Callable[[TsHost], Path], tmp_path_factory: pytest.TempPathFactory
) -> Run:
    root: Path = tmp_path_factory.mktemp("dsh-skills")
    workspace = (root / "workspace").resolve()
    world = make_world(generating_server.url, workspace, [workspace_key("dsh", workspace)])
    observed = run_dsh(ts_bundle(DSH), generating_server.url, root, [], list(COMMANDS.values()))
    return world, {label: observed["commands"][command] for label, command in COMMANDS.items()}


def result(answers: dict[str, dict[str, Any]], label: str) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(answers[label]["text"])
    return parsed


def test_pc_skills_scan_registers_the_registry_package_in_the_workspaces_scope(dsh_skills: Run) -> None:
    world, answers = dsh_skills
    assert answers["scan"]["kind"] == "success", answers["scan"]
    scanned = result(answers, "scan")
    assert scanned["ok"] is True and scanned["status"] == 200, scanned
    assert scanned["data"]["skipped"] == 0
    [registration] = scanned["data"]["registrations"]
    assert registration["name"] == REGISTRY_SKILL
    assert registration["external_skill_id"] == f"codex:user:registry/{REGISTRY_SKILL}"
    assert registration["locator"].endswith(f"/registry/{REGISTRY_SKILL}")
    listed = call(world.url, "POST", "/v1/external-skills/list", {"scope_id": world.scope_id}).json()
    assert [skill["registration"] for skill in listed["skills"]] == [registration]  # the plugin's Scope


def test_a_second_scan_finds_the_same_package_and_bare_skills_is_the_usage(dsh_skills: Run) -> None:
    _, answers = dsh_skills
    first, again = result(answers, "scan"), result(answers, "again")
    assert again["ok"] is True, again
    assert [r["fingerprint"] for r in again["data"]["registrations"]] == [
        r["fingerprint"] for r in first["data"]["registrations"]
    ]
    assert answers["usage"] == {"kind": "error", "text": "Usage: /pc skills scan"}
