"""Pi's generative, review and external Skill tools, run by its extension's own code against pcreceipt
with a model (the fake provider) and a Skill registry directory, on each engine.

The model's session (``_support.generative_hosts.generative_session``, then what only Pi has): a
Handoff prepared from a Source the tool captured, finalized, committed and continued; a boundary
activated (a generated draft), the same boundary again (ignored), that draft finalized, committed
and continued exactly; an Experience and a Skill generated, a Source with nothing to learn; the
inbox listed, the Experience candidate read, revised, approved at its new version and read as an
Experience; the Skill candidate rejected; then the registry scanned, listed, resolved at its
fingerprint and imported, that candidate approved and read as a Skill. Each result is the tool's
``details``: ``{ok, data}`` or the extension's own failure; the text the model reads is checked to be
exactly that result as JSON, flagged an error when it is not ok.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _support.generative_hosts import OBJECTIVE, REGISTRY_SKILL, Script, generative_session, reference
from _support.hosts import Served
from _support.node_hosts import PI, TsHost, World, call, make_world
from _support.node_sessions import run_pi, workspace_key

REVISED_LESSON = "Run webhook delivery on a worker pool of its own."
REASON = "Replaying dead letters needs an owner first."

Run = tuple[World, Script, list[dict[str, Any]]]


def pi_script() -> Script:
    script = generative_session()
    experience = script.ref("experience", "data.candidate.candidate_id")
    script.add(
        "revised",
        "pc_review_revise",
        candidate_id=experience,
        expected_version=script.ref("read", "data.version"),
        proposal={
            "situation": "Webhook deliveries timed out during the nightly batch.",
            "action": "Moved the sender onto its own worker pool.",
            "outcome": "No delivery timed out the next night.",
            "lesson": REVISED_LESSON,
        },
        source_refs=[script.ref("lesson", "data.source")],
        artifact_refs=[],
        reason="Say what to do, not what to avoid.",
    )
    revised = script.ref("revised", "data.version")
    script.add("approved", "pc_review_approve", candidate_id=experience, expected_version=revised)
    script.add("stale", "pc_review_approve", candidate_id=experience, expected_version=1)
    skill = script.ref("skill", "data.candidate.candidate_id")
    script.add("rejected", "pc_review_reject", candidate_id=skill, expected_version=1, reason=REASON)
    script.add("experience_read", "pc_experience_get", artifact=script.ref("approved", "data.result_artifact"))
    script.add("scanned", "pc_external_scan")
    script.add("listed", "pc_external_list")
    exact = {
        "external_skill_id": script.ref("listed", "data.skills.0.registration.external_skill_id"),
        "fingerprint": script.ref("listed", "data.skills.0.registration.fingerprint"),
    }
    script.add("resolved", "pc_external_resolve", **exact)
    script.add("imported", "pc_external_import", **exact, mode="import", reason="The team uses it.")
    imported = script.ref("imported", "data.candidate.candidate_id")
    script.add("import_approved", "pc_review_approve", candidate_id=imported, expected_version=1)
    script.add("skill_read", "pc_skill_get", artifact=script.ref("import_approved", "data.result_artifact"))
    return script


@pytest.fixture(scope="module")
def pi_generation(
    generating_server: Served, ts_bundle: Callable[[TsHost], Path], tmp_path_factory: pytest.TempPathFactory
) -> Run:
    root: Path = tmp_path_factory.mktemp("pi-generation")
    workspace = (root / "workspace").resolve()
    world = make_world(generating_server.url, workspace, [workspace_key("pi", workspace)])
    script = pi_script()
    observed = run_pi(ts_bundle(PI), generating_server.url, root, [], [], tool_calls=script.calls)
    # what the model reads is the text content: the same result as JSON, flagged an error when not ok
    for details, shown in zip(observed["tool_results"], observed["tool_texts"], strict=True):
        assert json.loads(shown["text"]) == details and shown["is_error"] is (not details["ok"]), shown
    return world, script, observed["tool_results"]


def test_a_prepared_handoff_is_finalized_committed_and_continued(pi_generation: Run) -> None:
    world, script, results = pi_generation
    log = script.result(results, "log")
    assert log["ok"] is True and log["data"]["status"] == "accepted", log
    cited = [{"kind": "source", "source_ref": log["data"]["source"]}]
    prepared = script.result(results, "prepared")
    assert prepared["ok"] is True, prepared
    assert prepared["data"]["objective"] == OBJECTIVE
    state = [{"text": "Retries back off exponentially up to five attempts.", "citations": cited}]
    assert prepared["data"]["state"] == state
    assert prepared["data"]["next_action"] == {"text": "Add jitter to the backoff.", "citations": cited}
    finalized = script.result(results, "finalized")
    assert finalized["ok"] is True and finalized["data"]["schema"] == "powercontext.prepared-handoff.v1", finalized
    assert finalized["data"]["scope_id"] == world.scope_id and finalized["data"]["base"] is None
    committed = script.result(results, "committed")
    assert committed["ok"] is True and committed["data"]["reference"] == reference(1), committed
    continued = script.result(results, "continued")
    assert continued["ok"] is True and continued["data"]["selected_revision"] == reference(1), continued
    assert continued["data"]["content"]["state"] == prepared["data"]["state"]


def test_a_boundary_generates_once_and_its_draft_commits(pi_generation: Run) -> None:
    _, script, results = pi_generation
    activated, ignored = script.result(results, "activated"), script.result(results, "ignored")
    assert activated["ok"] is True and activated["data"]["status"] == "generated", activated
    assert activated["data"]["draft"]["disposition"] == "blocked"
    assert ignored["ok"] is True and ignored["data"]["status"] == "ignored", ignored
    assert ignored["data"]["draft"] is None
    finalized = script.result(results, "finalized_activation")
    assert finalized["ok"] is True and finalized["data"]["base"] == reference(1), finalized
    committed = script.result(results, "committed_activation")
    assert committed["ok"] is True and committed["data"]["reference"] == reference(2), committed
    exact = script.result(results, "continued_exact")
    assert exact["ok"] is True and exact["data"]["selection"] == "exact", exact
    assert exact["data"]["content"]["disposition"] == "blocked"


def test_generated_candidates_wait_for_review_and_nothing_to_learn_is_a_no_op(pi_generation: Run) -> None:
    _, script, results = pi_generation
    experience, skill = script.result(results, "experience"), script.result(results, "skill")
    assert experience["ok"] is True and experience["data"]["status"] == "pending", experience
    candidate = experience["data"]["candidate"]
    assert candidate["proposal"]["lesson"] == "Keep webhook delivery off the batch worker pool."
    assert candidate["source_refs"] == [script.result(results, "lesson")["data"]["source"]]
    assert skill["ok"] is True and skill["data"]["candidate"]["proposal"]["name"] == "webhook-replay", skill
    no_op = script.result(results, "no_op")
    assert no_op["ok"] is True and no_op["data"] == {"status": "no_op", "candidate": None}, no_op
    pending = script.result(results, "pending")
    assert [c["candidate_id"] for c in pending["data"]["candidates"]] == [candidate["candidate_id"]], pending
    read = script.result(results, "read")
    assert read["ok"] is True and read["data"]["proposal"] == candidate["proposal"], read


def test_review_revises_approves_and_rejects_through_the_tools(pi_generation: Run) -> None:
    world, script, results = pi_generation
    revised, approved = script.result(results, "revised"), script.result(results, "approved")
    assert revised["ok"] is True and revised["data"]["version"] == 2, revised
    assert revised["data"]["proposal"]["lesson"] == REVISED_LESSON
    assert approved["ok"] is True and approved["data"]["status"] == "approved", approved
    stale = script.result(results, "stale")
    assert stale["ok"] is False and stale["status"] == 409, stale
    rejected = script.result(results, "rejected")
    assert rejected["ok"] is True and rejected["data"]["status"] == "rejected", rejected
    read = script.result(results, "experience_read")
    assert read["ok"] is True and read["data"]["content"]["lesson"] == REVISED_LESSON, read
    skill = script.result(results, "skill")["data"]["candidate"]["candidate_id"]
    history = call(world.url, "POST", "/v1/candidates/get", {"scope_id": world.scope_id, "candidate_id": skill})
    assert history.json()["status"] == "rejected"


def test_an_external_skill_is_scanned_resolved_imported_and_approved(pi_generation: Run) -> None:
    _, script, results = pi_generation
    scanned = script.result(results, "scanned")
    assert scanned["ok"] is True, scanned
    [registration] = scanned["data"]["registrations"]
    assert registration["name"] == REGISTRY_SKILL
    listed = script.result(results, "listed")
    assert listed["ok"] is True and [s["registration"] for s in listed["data"]["skills"]] == [registration], listed
    resolved = script.result(results, "resolved")
    assert resolved["ok"] is True and resolved["data"]["status"] == "available", resolved
    assert resolved["data"]["entrypoint"].endswith(f"/{REGISTRY_SKILL}/SKILL.md")
    imported = script.result(results, "imported")
    assert imported["ok"] is True and imported["data"]["status"] == "pending", imported
    proposal = imported["data"]["candidate"]["proposal"]
    assert proposal["name"] == REGISTRY_SKILL and proposal["package"]["file_count"] == 2
    approved = script.result(results, "import_approved")
    assert approved["ok"] is True and approved["data"]["result_artifact"]["family"] == "skill", approved
    read = script.result(results, "skill_read")
    assert read["ok"] is True and read["data"]["content"]["package"] == proposal["package"], read
