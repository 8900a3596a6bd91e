"""Codex's generative, review and external Skill MCP tools: its plugin's own ``PreToolUse`` hook
(``hooks/bind_tools.py``) pins each call to the session's Scope, then the call is made as Codex makes
it, over MCP at ``/mcp/`` of pcreceipt with a model (the fake provider) and a Skill registry, on each
engine.

The model names ``mcp__powercontext__<tool>`` with no Scope; the hook resolves the session's Scope
(its binding, set up by ``session_binding.py`` at SessionStart: the server's default Scope here) and
answers ``allow`` with the input Codex must send, which the test sends with the official ``mcp``
client. The tools: ``capture_content_source``, ``generate_experience``, ``generate_skill``,
``list_candidates``, ``approve_candidate`` and ``get_experience``; ``scan_external_skills``,
``list_external_skills``, ``resolve_external_skill``, ``import_external_skill``; a boundary
``activate_handoff`` (generated), ``finalize_handoff``, ``commit_handoff`` and ``continue_handoff``.
Each answer is what the tool call returns to the model: its text content, parsed.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.generative_hosts import BOUNDARY_LOG, LESSON_LOG, OBJECTIVE, REGISTRY_SKILL, SKILL_LOG
from _support.hosts import Served
from _support.pyhost_sessions import Codex, install_codex
from _support.relay import Relay
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

PREFIX = "mcp__powercontext__"
Run = tuple[str, dict[str, Any]]


class CodexTools:
    """Codex's MCP tool calls: the plugin's hook first, then the call with the input the hook allowed."""

    def __init__(self, host: Codex, session_id: str, mcp: ClientSession) -> None:
        self.host, self.session_id, self.mcp = host, session_id, mcp
        self.answers: dict[str, Any] = {}
        self.inputs: dict[str, dict[str, Any]] = {}

    async def call(self, label: str, tool: str, arguments: dict[str, Any]) -> Any:
        event = {
            "session_id": self.session_id,
            "cwd": str(self.host.workspace),
            "hook_event_name": "PreToolUse",
            "tool_name": PREFIX + tool,
            "tool_input": arguments,
        }
        run, _ = self.host.hook("bind_tools.py", event)
        decision = run.output["hookSpecificOutput"]
        assert decision["permissionDecision"] == "allow", decision
        self.inputs[label] = decision["updatedInput"]
        result = await self.mcp.call_tool(tool, decision["updatedInput"])
        answer = json.loads("".join(part.text for part in result.content if part.type == "text"))
        self.answers[label] = {"is_error": result.isError, "answer": answer}
        return answer


async def _session(tools: CodexTools, session_id: str) -> None:
    lesson = await tools.call(
        "lesson", "capture_content_source", {"source_id": f"{session_id}-lesson", "content": LESSON_LOG}
    )
    experience = await tools.call(
        "experience", "generate_experience", {"source_refs": [lesson["source"]], "artifact_refs": []}
    )
    skill_log = await tools.call(
        "skill_log", "capture_content_source", {"source_id": f"{session_id}-skill", "content": SKILL_LOG}
    )
    skill = {"origin": "source", "source_refs": [skill_log["source"]], "artifact_refs": []}
    await tools.call("skill", "generate_skill", skill)
    await tools.call("pending", "list_candidates", {"status": "pending", "family": "experience"})
    approve = {"candidate_id": experience["candidate"]["candidate_id"], "expected_version": 1}
    approved = await tools.call("approved", "approve_candidate", approve)
    await tools.call("experience_read", "get_experience", {"artifact": approved["result_artifact"]})
    await tools.call("scanned", "scan_external_skills", {})
    listed = await tools.call("listed", "list_external_skills", {})
    registration = listed["skills"][0]["registration"]
    exact = {"external_skill_id": registration["external_skill_id"], "fingerprint": registration["fingerprint"]}
    await tools.call("resolved", "resolve_external_skill", exact)
    await tools.call("imported", "import_external_skill", {**exact, "mode": "import"})
    boundary = await tools.call(
        "boundary", "capture_content_source", {"source_id": f"{session_id}-boundary", "content": BOUNDARY_LOG}
    )
    activation = {"boundary_source": boundary["source"], "objective": OBJECTIVE, "evidence": []}
    activated = await tools.call("activated", "activate_handoff", activation)
    finalized = await tools.call("finalized", "finalize_handoff", {"draft": activated["draft"]})
    await tools.call("committed", "commit_handoff", {"handoff": finalized})
    await tools.call("continued", "continue_handoff", {"selection": "latest"})


async def _run(host: Codex, session_id: str, url: str) -> dict[str, Any]:
    async with (
        httpx.AsyncClient(timeout=60) as http,
        streamable_http_client(f"{url}/mcp/", http_client=http) as (read, write, _),
        ClientSession(read, write) as mcp,
    ):
        await mcp.initialize()
        tools = CodexTools(host, session_id, mcp)
        await _session(tools, session_id)
    return {"answers": tools.answers, "inputs": tools.inputs}


@pytest.fixture(scope="module")
def codex_generation(
    generating_server: Served, powercontext_sdist: Path, tmp_path_factory: pytest.TempPathFactory
) -> Run:
    root: Path = tmp_path_factory.mktemp("codex-generation")
    with Relay(generating_server.url) as relay:
        host = install_codex(powercontext_sdist, root, relay)
        session_id = str(uuid.uuid4())
        started, calls = host.session_start(session_id)
        assert started.returncode == 0, started.stderr
        scope_id = calls[0].answer["scope_id"]
        return scope_id, asyncio.run(_run(host, session_id, generating_server.url))


def answer(run: Run, label: str) -> Any:
    called = run[1]["answers"][label]
    assert called["is_error"] is False, called
    return called["answer"]


def test_the_hook_pins_every_call_to_the_sessions_scope(codex_generation: Run) -> None:
    scope_id, observed = codex_generation
    assert {label: given["scope_id"] for label, given in observed["inputs"].items()} == dict.fromkeys(
        observed["inputs"], scope_id
    )


def test_generated_candidates_are_reviewed_over_mcp(codex_generation: Run) -> None:
    experience = answer(codex_generation, "experience")
    assert experience["status"] == "pending", experience
    assert experience["candidate"]["proposal"]["outcome"] == "No delivery timed out the next night."
    assert answer(codex_generation, "skill")["candidate"]["proposal"]["name"] == "webhook-replay"
    pending = answer(codex_generation, "pending")["candidates"]
    assert [c["candidate_id"] for c in pending] == [experience["candidate"]["candidate_id"]]
    assert answer(codex_generation, "approved")["status"] == "approved"
    read = answer(codex_generation, "experience_read")
    assert read["content"]["lesson"] == "Keep webhook delivery off the batch worker pool.", read


def test_an_external_skill_is_scanned_resolved_and_imported_over_mcp(codex_generation: Run) -> None:
    [registration] = answer(codex_generation, "scanned")["registrations"]
    assert registration["name"] == REGISTRY_SKILL
    assert answer(codex_generation, "resolved")["status"] == "available"
    imported = answer(codex_generation, "imported")
    assert imported["status"] == "pending" and imported["candidate"]["proposal"]["name"] == REGISTRY_SKILL, imported


def test_a_boundary_activation_is_finalized_committed_and_continued_over_mcp(codex_generation: Run) -> None:
    activated = answer(codex_generation, "activated")
    assert activated["status"] == "generated" and activated["draft"]["disposition"] == "blocked", activated
    committed = answer(codex_generation, "committed")
    continued = answer(codex_generation, "continued")
    assert continued["status"] == "resolved" and continued["selected_revision"] == committed["reference"], continued
