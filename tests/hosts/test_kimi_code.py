"""What only Kimi Code's PowerContext hook and scripts do (its common lifecycle checks are ``test_lifecycle.py``'s).

Kimi Code reads its settings only from the installed plugin's ``powercontext.json`` (written as its
installer writes it); its hook prints ``{"message": …}`` (binding metadata, then the recalled
context), records every attempt under ``KIMI_CODE_HOME``, and has doctor and status scripts.
"""

from __future__ import annotations

import json

from _support.host_table import Sessions, hook_context


def test_kimi_code_binds_each_prompt_to_its_workspace(host_sessions: Sessions) -> None:
    session = host_sessions.session("kimi-code")
    for name in ("matching", "unrelated"):
        binding, _ = hook_context(session.observed[name])
        assert binding["schema"] == "powercontext.kimi-code.request-binding.v1"
        assert (binding["scope_id"], binding["cwd"]) == (session.world.scope_id, str(session.host.workspace))


def test_kimi_code_accepts_the_capture_receipts(host_sessions: Sessions) -> None:
    """Its strict check passed: 202, ``accepted``, the Source it named echoed back, a position."""
    attempts = host_sessions.session("kimi-code").host.observations()
    assert len(attempts) == 2
    captures = [attempt["stages"]["capture"] for attempt in attempts]
    assert [capture["state"] for capture in captures] == ["accepted", "accepted"], captures
    assert 1 <= captures[0]["source_position"] < captures[1]["source_position"]
    stages = [{name: stage["state"] for name, stage in attempt["stages"].items()} for attempt in attempts]
    assert stages == [
        {"scope": "resolved", "prepare": "ready", "capture": "accepted", "injection": "emitted"},
        {"scope": "resolved", "prepare": "empty", "capture": "accepted", "injection": "skipped"},
    ]


def test_kimi_code_doctor_and_status_scripts(host_sessions: Sessions) -> None:
    session = host_sessions.session("kimi-code")
    world, runs = session.world, session.observed
    report = json.loads(runs["doctor"].stdout)
    checks = report["checks"]
    assert checks["settings"]["status"] == "ok"
    assert checks["server"]["status"] == "ok", checks
    assert checks["scope"]["status"] == "ok" and checks["scope"]["checks"]["scope_id"] == world.scope_id
    assert report["runtime"]["status"] == "observed", report["runtime"]
    status = json.loads(runs["status"].stdout)
    assert (status["status"], status["scope_id"], status["freshness"]) == ("observed", world.scope_id, "recent"), status
    assert status["stages"]["capture"]["state"] == "accepted", status


def test_kimi_code_doctor_discovers_the_minimal_profiles_mcp_tools(host_sessions: Sessions) -> None:
    """``doctor.mjs --mcp``: initialize (protocol 2025-03-26), notifications/initialized and tools/list
    at ``/mcp/``; the minimal profile's three tools (search_memory, remember_memory,
    get_artifact_revision) must all be listed."""
    runs = host_sessions.session("kimi-code").observed
    discovery = json.loads(runs["doctor_mcp"].stdout)["checks"]["mcp_discovery"]
    assert discovery["status"] == "ok", discovery
    assert discovery["checks"]["expected_tools"] == "3" and discovery["checks"]["missing_tools"] == ""


def test_kimi_code_without_a_server_exits_0(host_sessions: Sessions) -> None:
    assert host_sessions.offline("kimi-code").runs["run"].returncode == 0
