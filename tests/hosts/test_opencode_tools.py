"""OpenCode's Handoff and review tools, run by its plugin's own code against pcreceipt on each engine.

The model's tools (``tool_calls``, each through the plugin's ``tool[name].execute`` in the session
the plugin bound): ``pc_handoff_finalize`` of a draft citing a captured Source, ``pc_handoff_commit``
of what finalize returned (and a replay, and a stale commit after a newer revision),
``pc_handoff_continue`` of the latest, the exact and the prepared Handoff; ``pc_review_list`` and
``pc_review_get`` of candidates created over HTTP. Each result is the JSON the tool hands the model:
``{ok, status, data}`` or the plugin's own failure ``{ok: false, code, message, status}``.

OpenCode gives the model no acknowledgement tool and no review mutations ("Candidate-review
mutations are not model tools in this host"); a human decides through the TUI's
``/pc review approve|reject`` command, which the same session runs last (each command's alert).
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.candidates import cited_source, pending_candidate
from _support.host_table import Sessions
from _support.hosts import Served
from _support.node_hosts import OPENCODE, World, call, make_world
from _support.node_sessions import run_opencode, workspace_key

OBJECTIVE = "Move the nightly report to the new scheduler."
MISSING = "cand-" + "0" * 32


def draft(source: dict[str, str], disposition: str) -> dict[str, Any]:
    statement = {"text": "The scheduler entry is written.", "citations": [{"kind": "source", "source_ref": source}]}
    return {
        "objective": OBJECTIVE,
        "state": [statement],
        "disposition": disposition,
        "next_action": None,
        "omissions": [],
    }


def reference(revision: int) -> dict[str, Any]:
    return {"family": "handoff", "artifact_id": "handoff", "revision": revision}


@pytest.fixture(scope="module")
def opencode_tools(
    pcreceipt_server: Served, host_sessions: Sessions, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, dict[str, dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    root: Path = tmp_path_factory.mktemp("opencode-tools")
    workspace = (root / "workspace").resolve()
    world = make_world(pcreceipt_server.url, workspace, [workspace_key("opencode", workspace)])
    with httpx.Client(base_url=pcreceipt_server.url, timeout=30) as http:
        source = cited_source(http, world.scope_id)
        candidates = {
            name: pending_candidate(http, world.scope_id, family)
            for name, family in (("approve", "experience"), ("reject", "skill"))
        }
    tool_calls = [
        {"name": "pc_handoff_finalize", "params": {"draft": draft(source, "continuable")}},  # 0
        {"name": "pc_handoff_commit", "params": {"handoff": "$result:0.data"}},  # 1
        {"name": "pc_handoff_commit", "params": {"handoff": "$result:0.data"}},  # 2: a replay
        {"name": "pc_handoff_continue", "params": {"selection": "latest"}},  # 3
        {"name": "pc_handoff_continue", "params": {"selection": "exact", "revision": "$result:1.data.reference"}},  # 4
        {"name": "pc_handoff_continue", "params": {"selection": "prepared", "prepared": "$result:0.data"}},  # 5
        {"name": "pc_handoff_finalize", "params": {"draft": draft(source, "blocked")}},  # 6: on revision 1
        {"name": "pc_handoff_commit", "params": {"handoff": "$result:6.data"}},  # 7
        {"name": "pc_handoff_commit", "params": {"handoff": "$result:0.data"}},  # 8: its base is stale now
        {"name": "pc_handoff_continue", "params": {"selection": "exact", "revision": reference(9)}},  # 9
        {"name": "pc_review_list", "params": {}},  # 10
        {"name": "pc_review_list", "params": {"family": "skill"}},  # 11
        {"name": "pc_review_get", "params": {"candidate_id": candidates["approve"]["candidate_id"]}},  # 12
        {"name": "pc_review_get", "params": {"candidate_id": MISSING}},  # 13
    ]
    approve, reject = candidates["approve"]["candidate_id"], candidates["reject"]["candidate_id"]
    commands = [
        f"review approve {approve} 1",
        f"review reject {reject} 1 Too specific to one branch",
        f"review approve {reject} 1",  # already decided: the human's stale command
        "review",
    ]
    observed = run_opencode(
        host_sessions.bundles(OPENCODE),
        pcreceipt_server.url,
        root,
        f"ses_{uuid.uuid4().hex}",
        [],
        commands,
        tool_calls=tool_calls,
    )
    results: list[dict[str, Any]] = observed["tool_results"]
    assert len(results) == len(tool_calls)
    return world, candidates, results, observed["commands"]


Run = tuple[World, dict[str, dict[str, Any]], list[dict[str, Any]], dict[str, Any]]


def test_a_finalized_handoff_commits_once_and_replays(opencode_tools: Run) -> None:
    world, _, results, _ = opencode_tools
    finalized, committed, replayed = results[0], results[1], results[2]
    assert finalized["ok"] is True and finalized["status"] == 200, finalized
    assert finalized["data"]["schema"] == "powercontext.prepared-handoff.v1"
    assert finalized["data"]["scope_id"] == world.scope_id and finalized["data"]["base"] is None
    assert committed["ok"] is True and committed["data"]["reference"] == reference(1), committed
    assert committed["data"]["content"]["objective"] == OBJECTIVE
    assert replayed["ok"] is True and replayed["data"] == committed["data"], replayed


def test_continuation_reads_the_latest_the_exact_and_the_prepared_handoff(opencode_tools: Run) -> None:
    _, _, results, _ = opencode_tools
    latest, exact, prepared = results[3], results[4], results[5]
    for resolved, selection in ((latest, "latest"), (exact, "exact"), (prepared, "prepared")):
        assert resolved["ok"] is True, resolved
        assert resolved["data"]["status"] == "resolved" and resolved["data"]["selection"] == selection
        assert resolved["data"]["content"]["objective"] == OBJECTIVE
    assert latest["data"]["selected_revision"] == exact["data"]["selected_revision"] == reference(1)


def test_a_stale_commit_and_a_missing_revision_are_the_plugins_failures(opencode_tools: Run) -> None:
    world, _, results, _ = opencode_tools
    assert results[6]["data"]["base"] == reference(1), results[6]
    assert results[7]["ok"] is True and results[7]["data"]["reference"] == reference(2), results[7]
    stale, missing = results[8], results[9]
    assert stale["ok"] is False and stale["status"] == 409 and stale["code"] == "revision_conflict", stale
    assert missing["ok"] is False and missing["status"] == 404 and missing["code"] == "artifact_not_found", missing
    latest = call(world.url, "POST", "/v1/handoff/continue", {"scope_id": world.scope_id, "selection": "latest"})
    assert latest.json()["content"]["disposition"] == "blocked"  # the stale commit wrote nothing


def test_the_review_tools_list_and_read_candidates(opencode_tools: Run) -> None:
    _, candidates, results, _ = opencode_tools
    pending, skills, read, unknown = results[10], results[11], results[12], results[13]
    assert pending["ok"] is True, pending
    listed = {c["candidate_id"] for c in pending["data"]["candidates"]}
    assert listed == {c["candidate_id"] for c in candidates.values()}  # the tool asks for pending ones
    assert [c["candidate_id"] for c in skills["data"]["candidates"]] == [candidates["reject"]["candidate_id"]]
    assert read["ok"] is True and read["data"]["status"] == "pending" and read["data"]["version"] == 1, read
    assert read["data"]["proposal"] == candidates["approve"]["proposal"]
    assert unknown["ok"] is False and unknown["status"] == 404 and unknown["code"] == "candidate_not_found", unknown


def alert(commands: dict[str, Any], command: str) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(commands[command]["message"])
    return answer


def test_the_humans_review_commands_approve_reject_and_refuse_a_stale_decision(opencode_tools: Run) -> None:
    world, candidates, _, commands = opencode_tools
    approve, reject = candidates["approve"]["candidate_id"], candidates["reject"]["candidate_id"]
    approved = alert(commands, f"review approve {approve} 1")
    assert approved["ok"] is True and approved["data"]["status"] == "approved", approved
    assert approved["data"]["result_artifact"]["family"] == "experience"
    rejected = alert(commands, f"review reject {reject} 1 Too specific to one branch")
    assert rejected["ok"] is True and rejected["data"]["status"] == "rejected", rejected
    stale = alert(commands, f"review approve {reject} 1")
    assert stale["ok"] is False and stale["status"] == 409, stale
    assert alert(commands, "review")["data"]["candidates"] == []  # nothing pending is left
    body = {"scope_id": world.scope_id, "candidate_id": reject}
    assert call(world.url, "POST", "/v1/candidates/get", body).json()["status"] == "rejected"
