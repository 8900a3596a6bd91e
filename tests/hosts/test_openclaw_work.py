"""OpenClaw's six work tools, run by the memory-powercontext plugin's own code against pcreceipt on
each engine: a Work Contract, the current-work Handoff, its commit (and a replay, and a stale
commit), continuation of the latest and of the exact revision, the receiver's acknowledgement,
and the task outcome. Each tool result is what the plugin hands the model (``details``): the
server's answer, or the plugin's own failure object when the server refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _support.host_table import Sessions
from _support.hosts import Served
from _support.node_hosts import OPENCLAW, World, call
from _support.node_sessions import openclaw_world, run_openclaw

TOOL = "powercontext_"
OBJECTIVE = "Move the billing export to the new queue."


def claim(text: str) -> dict[str, Any]:
    return {"text": text, "basis": "declared", "evidence": []}


CONTRACT = {
    "schema": "powercontext.work-contract.v1",
    "trust": "untrusted_input",
    "objective": OBJECTIVE,
    "facts": [claim("The export runs nightly at 02:00 UTC.")],
    "in_scope": ["The export job and its queue binding."],
    "exclusions": ["The invoice templates."],
    "completion_criteria": ["The export reads from the new queue in staging."],
    "authorization_notes": [],
    "open_questions": ["Who owns the old queue?"],
}
CURRENT = {
    "schema": "powercontext.current-work-handoff.v1",
    "trust": "untrusted_input",
    "objective": OBJECTIVE,
    "state": [claim("The queue binding is written; staging is not switched yet.")],
    "disposition": "continuable",
    "next_action": claim("Switch staging to the new queue."),
    "omissions": ["Load figures were not kept."],
}
OUTCOME = {
    "schema": "powercontext.task-outcome.v1",
    "trust": "untrusted_observation",
    "objective": OBJECTIVE,
    "status": "partial",
    "summary": "The binding is in place; the switch is left.",
    "observations": [claim("Staging still reads the old queue.")],
    "checks": [{"name": "unit tests", "status": "passed", "basis": "declared", "evidence": []}],
    "produced_artifacts": [],
    "remaining_work": ["Switch staging to the new queue."],
}
CHECKS = {
    "live_state": "confirmed",
    "capability": "confirmed",
    "authorization": "confirmed",
}  # accepting needs all three
TOOL_CALLS = [
    {"name": TOOL + "work_contract_create", "params": {"contract": CONTRACT}},  # 0
    {"name": TOOL + "handoff_current_work", "params": {"handoff": CURRENT}},  # 1
    {"name": TOOL + "handoff_commit", "params": {"handoff": "$result:1.handoff"}},  # 2
    {"name": TOOL + "handoff_commit", "params": {"handoff": "$result:1.handoff"}},  # 3: a replay
    {"name": TOOL + "handoff_continue", "params": {"selection": "latest"}},  # 4
    {"name": TOOL + "handoff_continue", "params": {"selection": "exact", "revision": "$result:2.reference"}},  # 5
    {
        "name": TOOL + "handoff_acknowledge",
        "params": {
            "receiver": "openclaw-reviewer",
            "status": "accepted",
            "selection": "exact",
            "revision": "$result:2.reference",
            "receiver_checks": CHECKS,
        },
    },  # 6
    {"name": TOOL + "task_outcome", "params": {"outcome": OUTCOME}},  # 7
    {"name": TOOL + "handoff_current_work", "params": {"handoff": {**CURRENT, "disposition": "blocked"}}},  # 8
    {"name": TOOL + "handoff_commit", "params": {"handoff": "$result:8.handoff"}},  # 9: on revision 1
    {"name": TOOL + "handoff_commit", "params": {"handoff": "$result:1.handoff"}},  # 10: its base is stale now
    {
        "name": TOOL + "handoff_continue",
        "params": {"selection": "exact", "revision": {"family": "handoff", "artifact_id": "handoff", "revision": 9}},
    },  # 11
]


@pytest.fixture(scope="module")
def work_tools(
    pcreceipt_server: Served, host_sessions: Sessions, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, list[dict[str, Any]]]:
    root: Path = tmp_path_factory.mktemp("openclaw-work")
    world = openclaw_world(pcreceipt_server.url, root)
    observed = run_openclaw(
        host_sessions.bundles(OPENCLAW), pcreceipt_server.url, root, world.extra["agent"], [], tool_calls=TOOL_CALLS
    )
    results: list[dict[str, Any]] = observed["tool_results"]
    assert len(results) == len(TOOL_CALLS)
    return world, results


def reference(revision: int) -> dict[str, Any]:
    return {"family": "handoff", "artifact_id": "handoff", "revision": revision}


def test_the_contract_and_the_outcome_are_recorded_as_sources(work_tools: tuple[World, list[dict[str, Any]]]) -> None:
    _, results = work_tools
    contract, outcome = results[0], results[7]
    assert contract["kind"] == "work-contract" and contract["content_digest"].startswith("sha256:"), contract
    assert outcome["kind"] == "task-outcome" and outcome["position"] > contract["position"], outcome
    assert contract["source"]["source_id"].startswith("openclaw-work-contract-")  # the plugin's own identity


def test_the_current_work_handoff_commits_once_and_replays(work_tools: tuple[World, list[dict[str, Any]]]) -> None:
    world, results = work_tools
    prepared, committed, replayed = results[1], results[2], results[3]
    assert prepared["handoff"]["schema"] == "powercontext.prepared-handoff.v1", prepared
    assert prepared["handoff"]["scope_id"] == world.scope_id and prepared["handoff"]["base"] is None
    assert committed["reference"] == reference(1), committed
    assert committed["content"]["objective"] == OBJECTIVE and committed["content"]["disposition"] == "continuable"
    assert replayed == committed  # the same prepared Handoff again changes nothing


def test_continuation_resolves_the_latest_and_the_exact_revision(
    work_tools: tuple[World, list[dict[str, Any]]],
) -> None:
    _, results = work_tools
    latest, exact = results[4], results[5]
    for resolved, selection in ((latest, "latest"), (exact, "exact")):
        assert resolved["status"] == "resolved" and resolved["trust"] == "untrusted_history", resolved
        assert resolved["selection"] == selection and resolved["selected_revision"] == reference(1)
        assert resolved["content"] == results[2]["content"]


def test_the_acknowledgement_records_the_receivers_checks(work_tools: tuple[World, list[dict[str, Any]]]) -> None:
    _, results = work_tools
    acknowledged = results[6]
    assert "resolution" in acknowledged, acknowledged
    assert acknowledged["resolution"]["selected_revision"] == reference(1), acknowledged
    assert acknowledged["receipt"]["kind"] == "handoff-receipt", acknowledged


def test_a_stale_commit_and_a_missing_revision_are_the_plugins_failures(
    work_tools: tuple[World, list[dict[str, Any]]],
) -> None:
    world, results = work_tools
    assert results[9]["reference"] == reference(2), results[9]
    assert results[10]["status"] == "conflict" and results[10]["code"] == "conflict", results[10]
    assert results[11]["status"] == "not_found", results[11]
    latest = call(world.url, "POST", "/v1/handoff/continue", {"scope_id": world.scope_id, "selection": "latest"})
    assert latest.json()["content"]["disposition"] == "blocked"  # the stale commit wrote nothing
