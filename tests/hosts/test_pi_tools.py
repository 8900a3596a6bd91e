"""Pi's Handoff and review tools, run by its extension's own code against pcreceipt on each engine:
``pc_handoff_finalize`` of a draft citing a captured Source, ``pc_handoff_commit`` of what finalize
returned, ``pc_handoff_continue`` of the latest; then the review inbox: ``pc_review_list``,
``pc_review_get`` and ``pc_review_approve`` of a pending Experience candidate, and the same
approval again (a replay, answered with the one decision). Each result is the tool's ``details``: ``{ok, data}`` or the
extension's own failure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.candidates import cited_source, pending_candidate
from _support.host_table import Sessions
from _support.hosts import Served
from _support.node_hosts import PI, World, make_world
from _support.node_sessions import run_pi, workspace_key

OBJECTIVE = "Finish the lock-file fix and tag the release."


@pytest.fixture(scope="module")
def pi_tools(
    pcreceipt_server: Served, host_sessions: Sessions, tmp_path_factory: pytest.TempPathFactory
) -> tuple[World, dict[str, Any], list[dict[str, Any]]]:
    root: Path = tmp_path_factory.mktemp("pi-tools")
    workspace = (root / "workspace").resolve()
    world = make_world(pcreceipt_server.url, workspace, [workspace_key("pi", workspace)])
    with httpx.Client(base_url=pcreceipt_server.url, timeout=30) as http:
        source = cited_source(http, world.scope_id)
        candidate = pending_candidate(http, world.scope_id, "experience")
    statement = {"text": "The lock file is regenerated.", "citations": [{"kind": "source", "source_ref": source}]}
    draft = {
        "objective": OBJECTIVE,
        "state": [statement],
        "disposition": "continuable",
        "next_action": None,
        "omissions": [],
    }
    approve = {"candidate_id": "$result:4.data.candidate_id", "expected_version": "$result:4.data.version"}
    tool_calls = [
        {"name": "pc_handoff_finalize", "params": {"draft": draft}},  # 0
        {"name": "pc_handoff_commit", "params": {"handoff": "$result:0.data"}},  # 1
        {"name": "pc_handoff_continue", "params": {"selection": "latest"}},  # 2
        {"name": "pc_review_list", "params": {"family": "experience"}},  # 3
        {"name": "pc_review_get", "params": {"candidate_id": "$result:3.data.candidates.0.candidate_id"}},  # 4
        {"name": "pc_review_approve", "params": approve},  # 5
        {"name": "pc_review_approve", "params": approve},  # 6: the same approval again
    ]
    observed = run_pi(host_sessions.bundles(PI), pcreceipt_server.url, root, [], [], tool_calls=tool_calls)
    results: list[dict[str, Any]] = observed["tool_results"]
    assert len(results) == len(tool_calls)
    return world, candidate, results


def test_a_finalized_handoff_is_committed_and_continued(
    pi_tools: tuple[World, dict[str, Any], list[dict[str, Any]]],
) -> None:
    world, _, results = pi_tools
    finalized, committed, continued = results[0], results[1], results[2]
    assert finalized["ok"] is True, finalized
    assert finalized["data"]["schema"] == "powercontext.prepared-handoff.v1"
    assert finalized["data"]["scope_id"] == world.scope_id  # the extension resolved its workspace's Scope
    assert committed["ok"] is True and committed["data"]["reference"]["revision"] == 1, committed
    assert continued["ok"] is True and continued["data"]["selection"] == "latest", continued
    assert continued["data"]["content"]["objective"] == OBJECTIVE
    assert continued["data"]["selected_revision"] == committed["data"]["reference"]


def test_the_review_inbox_lists_reads_and_approves_once(
    pi_tools: tuple[World, dict[str, Any], list[dict[str, Any]]],
) -> None:
    _, candidate, results = pi_tools
    listed, read, approved, again = results[3], results[4], results[5], results[6]
    assert listed["ok"] is True, listed
    assert [c["candidate_id"] for c in listed["data"]["candidates"]] == [candidate["candidate_id"]]
    assert read["ok"] is True and read["data"]["status"] == "pending" and read["data"]["version"] == 1, read
    assert approved["ok"] is True and approved["data"]["status"] == "approved", approved
    assert approved["data"]["result_artifact"]["family"] == "experience"
    assert again["ok"] is True and again["data"] == approved["data"], again  # a replay: the same decision, once
