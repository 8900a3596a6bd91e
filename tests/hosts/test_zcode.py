"""What only ZCode's PowerContext hooks and scripts do (its common lifecycle checks are ``test_lifecycle.py``'s).

ZCode adds binding metadata to every prompt, checks each capture's 202 receipt strictly and keeps
the receipts pending for Stop, records every attempt in ``ZCODE_PLUGIN_DATA/runtime``, has a doctor
and a status script, and flushes at Stop only when boundary flushing is switched on (its opt-in).
"""

from __future__ import annotations

import json

from _support.host_table import Sessions, hook_context


def test_zcode_binds_each_prompt_to_its_session(host_sessions: Sessions) -> None:
    session = host_sessions.session("zcode")
    for name in ("matching", "unrelated"):
        binding, _ = hook_context(session.observed[name])
        assert binding["schema"] == "powercontext.zcode.request-binding.v1"
        assert (binding["scope_id"], binding["session_id"]) == (session.world.scope_id, session.host.session)


def test_zcode_accepts_the_capture_receipts_and_keeps_them_pending(host_sessions: Sessions) -> None:
    """Its strict check passed (202, ``accepted``, the Source echoed, a position), and both receipts wait for Stop."""
    session = host_sessions.session("zcode")
    world, zcode = session.world, session.host
    attempts = [record for record in zcode.observations() if record["event"] == "UserPromptSubmit"]
    assert len(attempts) == 2
    positions = []
    for attempt in attempts:
        capture = attempt["stages"]["capture"]
        assert (capture["state"], capture.get("http_status")) == ("accepted", 202), attempt
        positions.append(capture["source_position"])
    assert positions[0] < positions[1]
    status = json.loads(session.observed["status"].stdout)
    assert status["pending"]["scopes"] == [
        {
            "scope_id": world.scope_id,
            "receipt_count": 2,
            "target_position": positions[1],
            "tracking_incomplete": False,
            "unknown_flush_paused": False,
        }
    ], status


def test_zcode_stop_skips_the_flush_and_resume_prepares(host_sessions: Sessions) -> None:
    session = host_sessions.session("zcode")
    zcode, runs = session.host, session.observed
    stop = next(record for record in zcode.observations() if record["event"] == "Stop")
    assert stop["stages"]["flush"]["state"] == "skipped"
    assert stop["stages"]["flush"]["reason"] == "boundary_flush_disabled"
    assert runs["stop"].output == {}
    resume = next(record for record in zcode.observations() if record["event_source"] == "resume")
    assert resume["stages"]["scope"]["state"] == "resolved" and resume["stages"]["prepare"]["state"] in (
        "ready",
        "empty",
    )


def test_zcode_doctor_passes_its_checks(host_sessions: Sessions) -> None:
    session = host_sessions.session("zcode")
    doctor = session.observed["doctor"]
    report = json.loads(doctor.stdout)
    checks = report["checks"]
    assert doctor.returncode == 0, report
    assert checks["server"]["status"] == "ok" and checks["server"]["code"] == "ready"
    assert checks["protected_api"] == {"status": "ok", "code": "protected_api_reachable"}
    assert checks["scope_probe"]["status"] == "ok" and checks["scope_probe"]["scope_id"] == session.world.scope_id
    assert checks["prepare_probe"]["status"] == "ok"
    assert checks["runtime"]["status"] == "ok", checks["runtime"]


def test_zcode_boundary_flush_meets_a_providerless_server_as_powercontext_does(host_sessions: Sessions) -> None:
    """With boundary flushing on, Stop flushes the pending Sources; a server without an inference
    provider answers 503 ``inference_unavailable``, which ZCode records as an unknown outcome of
    ``server_unavailable`` and keeps the receipts (paused) for an explicit retry."""
    session = host_sessions.session("zcode")
    zcode, runs = session.host, session.observed
    stop = runs["boundary_stop"]
    assert stop.returncode == 0 and stop.output == {}
    assert stop.diagnostics == [{"component": "powercontext.zcode", "stage": "flush", "code": "server_unavailable"}]
    flush = [record for record in zcode.observations() if record["event"] == "Stop"][-1]["stages"]["flush"]
    assert (flush["state"], flush["code"], flush["http_status"]) == ("unknown", "server_unavailable", 503), flush
    (scope,) = json.loads(runs["boundary_status"].stdout)["pending"]["scopes"]
    assert (scope["scope_id"], scope["receipt_count"], scope["unknown_flush_paused"]) == (
        session.world.scope_id,
        2,
        True,
    )


def test_zcode_without_a_server_exits_0(host_sessions: Sessions) -> None:
    assert host_sessions.offline("zcode").runs["run"].returncode == 0
