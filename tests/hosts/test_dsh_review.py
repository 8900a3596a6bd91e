"""DSH's ``/pc review`` (and ``/pc flush``), run by the PowerContext DSH plugin's own command handler
against pcreceipt on each engine.

The user types the commands (``drivers/dsh.mjs`` runs the registered ``pc`` command's handler with
the session's header): ``/pc review`` lists the pending candidates of the Scope the plugin resolves
for its workspace, ``/pc review approve <id> <version>`` and ``/pc review reject <id> <version>
<reason>`` decide them. Each answer is the command's ``{kind, text}``; the text is the plugin's
tool result ``{ok, status, data}`` or its own failure ``{ok: false, code, message, status}``.
``/pc skills scan`` on this server, which has no registry directory, scans an empty registry
(``test_dsh_skills.py`` scans one).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.candidates import pending_candidate
from _support.host_table import Sessions
from _support.hosts import Served
from _support.node_hosts import DSH, World, call, make_world
from _support.node_sessions import run_dsh, workspace_key

MISSING = "cand-" + "0" * 32
REASON = "Duplicates the existing release check."


@pytest.fixture(scope="module")
def dsh_review(
    pcreceipt_server: Served, host_sessions: Sessions, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    root: Path = tmp_path_factory.mktemp("dsh-review")
    workspace = (root / "workspace").resolve()
    world = make_world(pcreceipt_server.url, workspace, [workspace_key("dsh", workspace)])
    with httpx.Client(base_url=pcreceipt_server.url, timeout=30) as http:
        candidates = {"experience": pending_candidate(http, world.scope_id, "experience")}
        candidates["skill"] = pending_candidate(http, world.scope_id, "skill")
    experience, skill = candidates["experience"]["candidate_id"], candidates["skill"]["candidate_id"]
    commands = {
        "pending": "review",
        "approve": f"review approve {experience} 1",
        "again": f"review approve {experience} 1",  # the same approval again
        "reject": f"review reject {skill} 1 {REASON}",
        "stale": f"review approve {skill} 1",  # already rejected
        "unknown": f"review approve {MISSING} 1",
        "usage": "review approve",
        "after": "review ",  # nothing pending is left (the plugin trims what the user typed)
        "flush": "flush",
        "scan": "skills scan",
    }
    observed = run_dsh(host_sessions.bundles(DSH), pcreceipt_server.url, root, [], list(commands.values()))
    answers = {label: observed["commands"][command] for label, command in commands.items()}
    return world, candidates, answers


Run = tuple[World, dict[str, dict[str, Any]], dict[str, dict[str, Any]]]


def result(answers: dict[str, dict[str, Any]], label: str) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(answers[label]["text"])
    return parsed


def test_pc_review_lists_the_pending_candidates_of_the_workspaces_scope(dsh_review: Run) -> None:
    _, candidates, answers = dsh_review
    assert answers["pending"]["kind"] == "success", answers["pending"]
    listed = result(answers, "pending")["data"]["candidates"]
    assert {c["candidate_id"] for c in listed} == {c["candidate_id"] for c in candidates.values()}
    assert {c["status"] for c in listed} == {"pending"}
    assert result(answers, "after")["data"]["candidates"] == []


def test_pc_review_approves_once_and_rejects_with_the_reason(dsh_review: Run) -> None:
    world, candidates, answers = dsh_review
    approved, again, rejected = result(answers, "approve"), result(answers, "again"), result(answers, "reject")
    assert answers["approve"]["kind"] == "success" and approved["data"]["status"] == "approved", approved
    assert approved["data"]["result_artifact"]["family"] == "experience"
    assert again["ok"] is True and again["data"] == approved["data"], again  # a replay: the one decision
    assert rejected["ok"] is True and rejected["data"]["status"] == "rejected", rejected
    body = {"scope_id": world.scope_id, "candidate_id": candidates["skill"]["candidate_id"]}
    history = call(world.url, "POST", "/v1/candidates/get", body).json()
    assert history["status"] == "rejected"


def test_a_stale_or_unknown_decision_is_the_plugins_failure(dsh_review: Run) -> None:
    _, _, answers = dsh_review
    stale, unknown = result(answers, "stale"), result(answers, "unknown")
    assert answers["stale"]["kind"] == "error" and stale["ok"] is False and stale["status"] == 409, stale
    assert stale["message"].startswith("PowerContext operation conflicts with the current state")
    assert answers["unknown"]["kind"] == "error" and unknown["status"] == 404, unknown
    assert (unknown["code"], unknown["error_code"]) == ("not_found", "candidate_not_found"), unknown
    assert answers["usage"] == {"kind": "error", "text": "Usage: /pc review approve <candidate_id> <expected_version>"}


def test_pc_flush_with_pending_sources_and_no_provider_is_the_plugins_unavailable(dsh_review: Run) -> None:
    """The candidates' cited Sources are pending and the server has no model: 503
    ``inference_unavailable``, as 1.4.1 answers (HOSTS.md W5); the plugin tells the user to continue."""
    _, _, answers = dsh_review
    flushed = result(answers, "flush")
    assert answers["flush"]["kind"] == "error" and flushed["ok"] is False, flushed
    assert (flushed["code"], flushed["status"]) == ("unavailable", 503), flushed
    world = dsh_review[0]
    direct = call(world.url, "POST", "/v1/memory/flush", {"scope_id": world.scope_id}, expect=503)
    assert direct.json()["error"]["code"] == "inference_unavailable", direct.text


def test_pc_skills_scan_without_a_registry_directory_is_an_empty_snapshot(dsh_review: Run) -> None:
    _, _, answers = dsh_review
    scanned = result(answers, "scan")
    assert answers["scan"]["kind"] == "success" and scanned["ok"] is True, scanned
    assert scanned["data"] == {"registrations": [], "skipped": 0}, scanned
