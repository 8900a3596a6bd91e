"""Hermes' work, Handoff and review tools, run by its memory provider's own code against pcreceipt on each engine.

Hermes imports the plugin package and, when the model calls one of the provider's tools, calls
``provider.handle_tool_call(name, args)``; the provider adds the session's Scope and sends the
operation (``operations.OPERATION_TOOL_MAP``), and hands the model a JSON string: the server's
answer, or its own failure object ``{"error", "code", "status"}`` for a 404, 409, 412 or 422.
The tools exercised are every work, Handoff and review tool of the provider that pcreceipt serves:
``powercontext_create_work_contract``, ``_handoff_current_work``, ``_commit_handoff``,
``_continue_handoff``, ``_acknowledge_handoff``, ``_record_task_outcome``, ``_finalize_handoff``,
``_propose_experience``, ``_propose_skill``, ``_list_candidates``, ``_get_candidate``,
``_revise_candidate``, ``_approve_candidate``, ``_reject_candidate``, ``_get_experience``,
``_get_skill``. Its generative tools (``_prepare_handoff``, ``_activate_handoff``, ``_generate_*``) and its
external Skill tools need a model and a registry: ``test_hermes_generation.py``.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support import pyhost_sessions
from _support.candidates import EXPERIENCE, SKILL, cited_source
from _support.hosts import Served
from _support.node_hosts import World, call
from _support.pyhost_sessions import HermesTools

OBJECTIVE = "Retire the legacy audit exporter."
CHECKS = {"live_state": "confirmed", "capability": "confirmed", "authorization": "confirmed"}


def claim(text: str) -> dict[str, Any]:
    return {"text": text, "basis": "declared", "evidence": []}


CONTRACT = {
    "schema": "powercontext.work-contract.v1",
    "trust": "untrusted_input",
    "objective": OBJECTIVE,
    "facts": [claim("The exporter still runs weekly.")],
    "in_scope": ["The exporter and its cron entry."],
    "exclusions": ["The audit database."],
    "completion_criteria": ["No job references the exporter."],
    "authorization_notes": [],
    "open_questions": [],
}
CURRENT = {
    "schema": "powercontext.current-work-handoff.v1",
    "trust": "untrusted_input",
    "objective": OBJECTIVE,
    "state": [claim("The cron entry is removed; the package is not.")],
    "disposition": "continuable",
    "next_action": claim("Remove the exporter package."),
    "omissions": [],
}
OUTCOME = {
    "schema": "powercontext.task-outcome.v1",
    "trust": "untrusted_observation",
    "objective": OBJECTIVE,
    "status": "partial",
    "summary": "The cron entry is gone; the package remains.",
    "observations": [claim("No job references the exporter.")],
    "checks": [],
    "produced_artifacts": [],
    "remaining_work": ["Remove the exporter package."],
}


@pytest.fixture(scope="module")
def hermes_tools(
    pcreceipt_server: Served, hermes_package: ModuleType, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, dict[str, Any]]:
    root: Path = tmp_path_factory.mktemp("hermes-tools")
    with pyhost_sessions.hermes_tools(hermes_package, root, pcreceipt_server.url) as (world, tools, session_id):
        answers = _session(tools, world, session_id)
    return world, answers


def _session(tools: HermesTools, world: World, session_id: str) -> dict[str, Any]:
    with httpx.Client(base_url=world.url, timeout=30) as http:
        source = cited_source(http, world.scope_id)
    tools.call("contract", "create_work_contract", {"source_id": f"{session_id}-contract", "contract": CONTRACT})
    current = tools.call("current", "handoff_current_work", {"source_id": f"{session_id}-current", "handoff": CURRENT})
    committed = tools.call("commit", "commit_handoff", {"handoff": current["handoff"]})
    tools.call("replay", "commit_handoff", {"handoff": current["handoff"]})
    tools.call("latest", "continue_handoff", {"selection": "latest"})
    tools.call("exact", "continue_handoff", {"selection": "exact", "revision": committed["reference"]})
    acknowledgement = {
        "source_id": f"{session_id}-receipt",
        "receiver": "hermes-reviewer",
        "status": "accepted",
        "selection": "exact",
        "revision": committed["reference"],
        "receiver_checks": CHECKS,
    }
    tools.call("acknowledge", "acknowledge_handoff", acknowledgement)
    tools.call("outcome", "record_task_outcome", {"source_id": f"{session_id}-outcome", "outcome": OUTCOME})
    statement = {"text": "The cron entry is removed.", "citations": [{"kind": "source", "source_ref": source}]}
    draft = {
        "objective": OBJECTIVE,
        "state": [statement],
        "disposition": "blocked",
        "next_action": None,
        "omissions": [],
    }
    finalized = tools.call("finalize", "finalize_handoff", {"draft": draft})
    tools.call("commit_finalized", "commit_handoff", {"handoff": finalized})
    tools.call("stale", "commit_handoff", {"handoff": current["handoff"]})
    missing = {"family": "handoff", "artifact_id": "handoff", "revision": 9}
    tools.call("missing", "continue_handoff", {"selection": "exact", "revision": missing})
    refs = {"source_refs": [source], "artifact_refs": []}
    experience = tools.call("propose_experience", "propose_experience", {"proposal": EXPERIENCE, **refs})
    skill = tools.call("propose_skill", "propose_skill", {"proposal": SKILL, **refs})
    tools.call("list", "list_candidates", {"status": "pending"})
    tools.call("get", "get_candidate", {"candidate_id": experience["candidate_id"]})
    revised = {**EXPERIENCE, "lesson": "Regenerate the lock file after every packaging-tool bump."}
    revise = {"candidate_id": experience["candidate_id"], "expected_version": 1, "proposal": revised, **refs}
    tools.call("revise", "revise_candidate", revise)
    tools.call(
        "approve_stale", "approve_candidate", {"candidate_id": experience["candidate_id"], "expected_version": 1}
    )
    approved = tools.call(
        "approve", "approve_candidate", {"candidate_id": experience["candidate_id"], "expected_version": 2}
    )
    reject = {"candidate_id": skill["candidate_id"], "expected_version": 1, "reason": "Too narrow."}
    tools.call("reject", "reject_candidate", reject)
    tools.call("get_experience", "get_experience", {"artifact": approved["result_artifact"]})
    tools.call("get_unknown", "get_candidate", {"candidate_id": "cand-" + "0" * 32})
    return tools.answers


def reference(revision: int) -> dict[str, Any]:
    return {"family": "handoff", "artifact_id": "handoff", "revision": revision}


def test_the_work_tools_record_the_contract_the_receipt_and_the_outcome(
    hermes_tools: tuple[World, dict[str, Any]],
) -> None:
    world, answers = hermes_tools
    contract, outcome = answers["contract"], answers["outcome"]
    assert contract["kind"] == "work-contract" and contract["content_digest"].startswith("sha256:"), contract
    assert outcome["kind"] == "task-outcome" and outcome["position"] > contract["position"], outcome
    acknowledged = answers["acknowledge"]
    assert acknowledged["resolution"]["selected_revision"] == reference(1), acknowledged
    assert acknowledged["receipt"]["kind"] == "handoff-receipt"
    assert answers["current"]["handoff"]["scope_id"] == world.scope_id  # the provider's resolved Scope


def test_the_handoff_commits_once_replays_and_continues(hermes_tools: tuple[World, dict[str, Any]]) -> None:
    _, answers = hermes_tools
    assert answers["commit"]["reference"] == reference(1), answers["commit"]
    assert answers["replay"] == answers["commit"]
    for selection in ("latest", "exact"):
        resolved = answers[selection]
        assert resolved["status"] == "resolved" and resolved["selection"] == selection, resolved
        assert resolved["selected_revision"] == reference(1) and resolved["content"]["objective"] == OBJECTIVE
    assert answers["finalize"]["schema"] == "powercontext.prepared-handoff.v1"
    assert answers["finalize"]["base"] == reference(1)
    assert answers["commit_finalized"]["reference"] == reference(2), answers["commit_finalized"]


def test_a_stale_commit_and_an_unknown_revision_are_hermes_failures(hermes_tools: tuple[World, dict[str, Any]]) -> None:
    world, answers = hermes_tools
    assert answers["stale"] == {"error": answers["stale"]["error"], "code": "conflict", "status": 409}
    assert answers["missing"]["code"] == "not_found" and answers["missing"]["status"] == 404, answers["missing"]
    latest = call(world.url, "POST", "/v1/handoff/continue", {"scope_id": world.scope_id, "selection": "latest"})
    assert latest.json()["selected_revision"] == reference(2)  # the stale commit wrote nothing


def test_the_review_tools_revise_approve_and_reject(hermes_tools: tuple[World, dict[str, Any]]) -> None:
    world, answers = hermes_tools
    experience, skill = answers["propose_experience"], answers["propose_skill"]
    assert experience["status"] == skill["status"] == "pending" and experience["version"] == 1, experience
    listed = {c["candidate_id"] for c in answers["list"]["candidates"]}
    assert listed == {experience["candidate_id"], skill["candidate_id"]}
    assert EXPERIENCE.items() <= answers["get"]["proposal"].items(), answers["get"]
    assert answers["revise"]["version"] == 2 and answers["revise"]["status"] == "pending", answers["revise"]
    assert answers["approve_stale"]["code"] == "conflict" and answers["approve_stale"]["status"] == 409
    assert answers["approve"]["status"] == "approved", answers["approve"]
    assert answers["reject"]["status"] == "rejected", answers["reject"]
    assert answers["get_experience"]["content"]["lesson"].startswith("Regenerate the lock file after every")
    assert answers["get_unknown"]["code"] == "not_found" and answers["get_unknown"]["status"] == 404
    pending = call(world.url, "POST", "/v1/candidates/list", {"scope_id": world.scope_id, "status": "pending"})
    assert pending.json()["candidates"] == []
