"""OpenCode's generative tools and the human's review and Skill commands, run by its plugin's own code
against pcreceipt with a model (the fake provider) and a Skill registry directory, on each engine.

The model's tools (``_support.generative_hosts.generative_session``): a Handoff prepared from a
Source the tool captured, finalized, committed and continued; a boundary activated (a generated
draft), the same boundary again (ignored), that draft finalized, committed and continued exactly; an
Experience and a Skill generated, a Source with nothing to learn; the inbox listed and the
Experience candidate read. Each result is the JSON the tool hands the model: ``{ok, status, data}``
or the plugin's own failure. OpenCode gives the model no review mutation and no external Skill
tool; the human decides and scans through the TUI's ``/pc`` command, run last in the same session:
``/pc review approve`` of the generated Experience, ``/pc review reject`` of the generated Skill (ids
typed back from what the tools returned), ``/pc skills scan`` of the registry, and ``/pc review``
(nothing pending is left). Each command's answer is its alert's JSON.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _support.generative_hosts import OBJECTIVE, REGISTRY_SKILL, Script, generative_session, reference
from _support.hosts import Served
from _support.node_hosts import OPENCODE, TsHost, World, call, make_world
from _support.node_sessions import run_opencode, workspace_key

REASON = "Replaying dead letters needs an owner first."

Run = tuple[World, Script, list[dict[str, Any]], dict[str, dict[str, Any]]]


def commands(script: Script) -> dict[str, str]:
    experience = "{" + script.ref("experience", "data.candidate.candidate_id") + "}"
    version = "{" + script.ref("read", "data.version") + "}"
    skill = "{" + script.ref("skill", "data.candidate.candidate_id") + "}"
    return {
        "approve": f"review approve {experience} {version}",
        "reject": f"review reject {skill} 1 {REASON}",
        "stale": f"review approve {skill} 1",  # already rejected
        "scan": "skills scan",
        "usage": "skills",
        "after": "review",
    }


@pytest.fixture(scope="module")
def opencode_generation(
    generating_server: Served, ts_bundle: Callable[[TsHost], Path], tmp_path_factory: pytest.TempPathFactory
) -> Run:
    root: Path = tmp_path_factory.mktemp("opencode-generation")
    workspace = (root / "workspace").resolve()
    world = make_world(generating_server.url, workspace, [workspace_key("opencode", workspace)])
    script = generative_session()
    typed = commands(script)
    observed = run_opencode(
        ts_bundle(OPENCODE),
        generating_server.url,
        root,
        f"ses_{uuid.uuid4().hex}",
        [],
        list(typed.values()),
        tool_calls=script.calls,
    )
    alerts = {label: observed["commands"][command] for label, command in typed.items()}
    return world, script, observed["tool_results"], alerts


def alert(alerts: dict[str, dict[str, Any]], label: str) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(alerts[label]["message"])
    return answer


def test_a_prepared_handoff_is_finalized_committed_and_continued(opencode_generation: Run) -> None:
    world, script, results, _ = opencode_generation
    log = script.result(results, "log")
    assert log["ok"] is True and log["status"] == 202, log
    cited = [{"kind": "source", "source_ref": log["data"]["source"]}]
    prepared = script.result(results, "prepared")
    assert prepared["ok"] is True and prepared["status"] == 200, prepared
    assert prepared["data"]["objective"] == OBJECTIVE
    assert prepared["data"]["omissions"] == [{"text": "No load test was run.", "citation": cited[0]}]
    assert prepared["data"]["next_action"] == {"text": "Add jitter to the backoff.", "citations": cited}
    finalized = script.result(results, "finalized")
    assert finalized["ok"] is True and finalized["data"]["scope_id"] == world.scope_id, finalized
    committed = script.result(results, "committed")
    assert committed["ok"] is True and committed["data"]["reference"] == reference(1), committed
    continued = script.result(results, "continued")
    assert continued["ok"] is True and continued["data"]["status"] == "resolved", continued
    assert continued["data"]["content"]["objective"] == OBJECTIVE


def test_a_boundary_generates_once_and_its_draft_commits(opencode_generation: Run) -> None:
    _, script, results, _ = opencode_generation
    activated, ignored = script.result(results, "activated"), script.result(results, "ignored")
    assert activated["ok"] is True and activated["data"]["status"] == "generated", activated
    boundary = script.result(results, "boundary")["data"]
    assert activated["data"]["boundary_source"] == boundary["source"]
    assert activated["data"]["current_position"] == boundary["position"]
    assert ignored["ok"] is True and ignored["data"]["status"] == "ignored", ignored
    assert ignored["data"]["previous_position"] == boundary["position"]
    committed = script.result(results, "committed_activation")
    assert committed["ok"] is True and committed["data"]["reference"] == reference(2), committed
    exact = script.result(results, "continued_exact")
    assert exact["ok"] is True and exact["data"]["selected_revision"] == reference(2), exact


def test_generated_candidates_are_listed_and_read_by_the_model(opencode_generation: Run) -> None:
    _, script, results, _ = opencode_generation
    experience, skill = script.result(results, "experience"), script.result(results, "skill")
    assert experience["ok"] is True and experience["data"]["status"] == "pending", experience
    proposal = skill["data"]["candidate"]["proposal"] if skill["ok"] is True else {}
    assert proposal.get("validation") == [] and proposal["package"]["file_count"] == 1, skill  # package-backed
    assert proposal["instructions"].endswith("## Validation\n\n- the dead-letter queue is empty"), skill
    no_op = script.result(results, "no_op")
    assert no_op["ok"] is True and no_op["data"] == {"status": "no_op", "candidate": None}, no_op
    candidate = experience["data"]["candidate"]
    pending = script.result(results, "pending")
    assert [c["candidate_id"] for c in pending["data"]["candidates"]] == [candidate["candidate_id"]], pending
    read = script.result(results, "read")
    assert read["ok"] is True and read["data"]["status"] == "pending" and read["data"]["version"] == 1, read
    assert read["data"]["proposal"]["situation"] == "Webhook deliveries timed out during the nightly batch."


def test_the_human_approves_and_rejects_what_the_model_generated(opencode_generation: Run) -> None:
    world, _, _, alerts = opencode_generation
    approved, rejected = alert(alerts, "approve"), alert(alerts, "reject")
    assert approved["ok"] is True and approved["data"]["status"] == "approved", approved
    assert approved["data"]["result_artifact"]["family"] == "experience"
    assert rejected["ok"] is True and rejected["data"]["status"] == "rejected", rejected
    stale = alert(alerts, "stale")
    assert stale["ok"] is False and stale["status"] == 409, stale
    assert alert(alerts, "after")["data"]["candidates"] == []
    artifact = approved["data"]["result_artifact"]
    read = call(world.url, "POST", "/v1/experience/get", {"scope_id": world.scope_id, "artifact": artifact})
    assert read.json()["content"]["lesson"] == "Keep webhook delivery off the batch worker pool."


def test_pc_skills_scan_reads_the_registry_directory(opencode_generation: Run) -> None:
    world, _, _, alerts = opencode_generation
    scanned = alert(alerts, "scan")
    assert scanned["ok"] is True and scanned["status"] == 200, scanned
    [registration] = scanned["data"]["registrations"]
    assert registration["name"] == REGISTRY_SKILL and scanned["data"]["skipped"] == 0
    assert alerts["usage"]["message"] == "Usage: /pc skills scan"
    listed = call(world.url, "POST", "/v1/external-skills/list", {"scope_id": world.scope_id}).json()
    assert [s["registration"] for s in listed["skills"]] == [registration]
