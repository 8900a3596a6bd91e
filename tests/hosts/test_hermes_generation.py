"""Hermes' generative and external Skill tools, run by its memory provider's own code against pcreceipt
with a model (the fake provider) and a Skill registry directory, on each engine.

The model calls the provider's tools (``provider.handle_tool_call``; each answer is the JSON string
the model reads: the server's answer, or the provider's failure ``{"error", "code", "status"}``):
``powercontext_capture_source`` of a work log, ``_prepare_handoff`` from it, ``_finalize_handoff``,
``_commit_handoff``, ``_continue_handoff``; ``_activate_handoff`` at a boundary Source (generated),
the same boundary again (ignored); ``_generate_experience`` and ``_generate_skill`` from captured
Sources; ``_scan_external_skills``, ``_list_external_skills``, ``_resolve_external_skill`` and
``_import_external_skill`` as a fork (the model adapts the registry's package); the inbox listed and
the forked Skill approved and read with ``_get_skill``.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from _support import pyhost_sessions
from _support.generative_hosts import (
    BOUNDARY_LOG,
    HANDOFF_LOG,
    LESSON_LOG,
    OBJECTIVE,
    REGISTRY_SKILL,
    SKILL_LOG,
    reference,
)
from _support.hosts import Served
from _support.node_hosts import World
from _support.pyhost_sessions import HermesTools

Run = tuple[World, dict[str, Any]]


@pytest.fixture(scope="module")
def hermes_generation(
    generating_server: Served, hermes_package: ModuleType, tmp_path_factory: pytest.TempPathFactory
) -> Run:
    root: Path = tmp_path_factory.mktemp("hermes-generation")
    with pyhost_sessions.hermes_tools(hermes_package, root, generating_server.url) as (world, tools, session_id):
        _session(tools, session_id)
    return world, tools.answers


def _capture(tools: HermesTools, label: str, session_id: str, content: str) -> dict[str, Any]:
    captured: dict[str, Any] = tools.call(
        label, "capture_source", {"source_id": f"{session_id}-{label}", "content": content}
    )
    return captured


def _session(tools: HermesTools, session_id: str) -> None:
    log = _capture(tools, "log", session_id, HANDOFF_LOG)
    cited = [{"kind": "source", "source_ref": log["source"]}]
    draft = tools.call("prepared", "prepare_handoff", {"objective": OBJECTIVE, "evidence": cited})
    finalized = tools.call("finalized", "finalize_handoff", {"draft": draft})
    tools.call("committed", "commit_handoff", {"handoff": finalized})
    tools.call("continued", "continue_handoff", {"selection": "latest"})
    boundary = _capture(tools, "boundary", session_id, BOUNDARY_LOG)
    activation = {"boundary_source": boundary["source"], "objective": OBJECTIVE, "evidence": cited}
    tools.call("activated", "activate_handoff", activation)
    tools.call("ignored", "activate_handoff", activation)
    lesson = _capture(tools, "lesson", session_id, LESSON_LOG)
    refs = {"source_refs": [lesson["source"]], "artifact_refs": []}
    tools.call("experience", "generate_experience", refs)
    skill_log = _capture(tools, "skill_log", session_id, SKILL_LOG)
    skill_refs = {"origin": "source", "source_refs": [skill_log["source"]], "artifact_refs": []}
    tools.call("skill", "generate_skill", skill_refs)
    tools.call("scanned", "scan_external_skills", {})
    listed = tools.call("listed", "list_external_skills", {})
    registration = listed["skills"][0]["registration"]
    exact = {"external_skill_id": registration["external_skill_id"], "fingerprint": registration["fingerprint"]}
    tools.call("resolved", "resolve_external_skill", exact)
    forked = tools.call("forked", "import_external_skill", {**exact, "mode": "fork", "reason": "Adapt it."})
    tools.call("pending", "list_candidates", {"status": "pending", "family": "skill"})
    approve = {"candidate_id": forked["candidate"]["candidate_id"], "expected_version": 1}
    approved = tools.call("approved", "approve_candidate", approve)
    tools.call("skill_read", "get_skill", {"artifact": approved["result_artifact"]})


def test_a_prepared_handoff_is_finalized_committed_and_continued(hermes_generation: Run) -> None:
    world, answers = hermes_generation
    cited = [{"kind": "source", "source_ref": answers["log"]["source"]}]
    prepared = answers["prepared"]
    assert prepared["objective"] == OBJECTIVE and prepared["generation"] is None, prepared
    assert prepared["state"] == [{"text": "Retries back off exponentially up to five attempts.", "citations": cited}]
    assert answers["finalized"]["scope_id"] == world.scope_id, answers["finalized"]
    assert answers["committed"]["reference"] == reference(1), answers["committed"]
    continued = answers["continued"]
    assert continued["status"] == "resolved" and continued["content"]["state"] == prepared["state"], continued


def test_a_boundary_generates_once(hermes_generation: Run) -> None:
    _, answers = hermes_generation
    activated, ignored = answers["activated"], answers["ignored"]
    assert activated["status"] == "generated" and activated["draft"]["disposition"] == "blocked", activated
    assert activated["current_position"] == answers["boundary"]["position"]
    assert ignored["status"] == "ignored" and ignored["draft"] is None, ignored


def test_generated_candidates_wait_for_review(hermes_generation: Run) -> None:
    _, answers = hermes_generation
    experience, skill = answers["experience"], answers["skill"]
    assert experience["status"] == "pending", experience
    assert experience["candidate"]["proposal"]["action"] == "Moved the sender onto its own worker pool."
    assert experience["candidate"]["source_refs"] == [answers["lesson"]["source"]]
    assert skill["status"] == "pending" and skill["candidate"]["proposal"]["name"] == "webhook-replay", skill


def test_an_external_skill_is_forked_by_the_model_and_approved(hermes_generation: Run) -> None:
    _, answers = hermes_generation
    [registration] = answers["scanned"]["registrations"]
    assert registration["name"] == REGISTRY_SKILL and answers["scanned"]["skipped"] == 0
    assert answers["resolved"]["status"] == "available", answers["resolved"]
    forked = answers["forked"]
    assert forked["status"] == "pending", forked
    proposal = forked["candidate"]["proposal"]
    assert proposal["package"]["file_count"] == 1 and proposal["validation"] == [], proposal  # its own text's package
    assert proposal["instructions"].endswith("## Validation\n\n- the packaging check passes"), proposal
    assert forked["candidate"]["source_refs"][0]["name"] == "external-skill-snapshot"
    pending = {c["candidate_id"] for c in answers["pending"]["candidates"]}
    assert pending == {forked["candidate"]["candidate_id"], answers["skill"]["candidate"]["candidate_id"]}
    assert answers["approved"]["status"] == "approved", answers["approved"]
    assert answers["skill_read"]["content"] == proposal  # approved as proposed, package and all
