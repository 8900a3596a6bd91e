"""A model's memory session through a host's own memory tools, and what the server must show after it.

Pi and OpenCode expose the same tool names (``pc_remember``, ``pc_search``, ``pc_memory_get``,
``pc_memory_revise``, ``pc_memory_state``, ``pc_memory_retire``, ``pc_memory_list``); each driver runs ``SESSION_CALLS``
in order through the tools' own code, and reports every tool's result object (``{ok, status,
etag?, data}`` or ``{ok: false, code, status}``). A parameter ``"$result:<i>.<path>"`` stands for
a value of the i-th result, so the session revises and forgets exactly what it remembered, with the
ETag and ``state_version`` the tools read, as a model following the tools' descriptions would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx

from _support.node_hosts import World

TOOL_TEXT = "Release notes are drafted in the changelog folder before each tagged build."
REVISED_TEXT = "Release notes are drafted in the changelog folder and reviewed before each tagged build."
TOOL_QUERY = "changelog release notes"
REMEMBERED = "$result:0.data.records.0.artifact"

SESSION_CALLS: list[dict[str, Any]] = [
    {"name": "pc_remember", "params": {"kind": "decision", "text": TOOL_TEXT, "reason": "The user asked to keep it."}},
    {"name": "pc_search", "params": {"query": TOOL_QUERY, "mode": "fts"}},
    {"name": "pc_memory_get", "params": {"artifact": REMEMBERED}},
    {
        "name": "pc_memory_revise",
        "params": {"artifact": REMEMBERED, "if_match": "$result:2.etag", "kind": "decision", "text": REVISED_TEXT},
    },
    {"name": "pc_memory_state", "params": {"artifact_id": "$result:0.data.records.0.artifact.artifact_id"}},
    {
        "name": "pc_memory_retire",
        "params": {"artifact": "$result:4.data.artifact", "state_version": "$result:4.data.state_version"},
    },
    {"name": "pc_search", "params": {"query": TOOL_QUERY, "mode": "fts"}},
    {"name": "pc_memory_get", "params": {"artifact": REMEMBERED}},
    {
        "name": "pc_memory_revise",
        "params": {"artifact": REMEMBERED, "if_match": "$result:2.etag", "kind": "decision", "text": TOOL_TEXT},
    },
    {"name": "pc_memory_list", "params": {}},
    {"name": "pc_memory_list", "params": {"include_inactive": True, "limit": 1}},
    {
        "name": "pc_memory_list",
        "params": {"include_inactive": True, "limit": 1, "cursor": "$result:10.data.next_cursor"},
    },
]


def _artifact_path(world: World, artifact_id: str) -> str:
    return f"{world.url}/v1/scopes/{world.scope_id}/artifacts/atomic-memory/{artifact_id}"


def assert_remembered(world: World, results: Sequence[dict[str, Any]]) -> None:
    remembered = results[0]
    assert remembered["ok"] is True and remembered["status"] == 200, remembered
    (record,) = remembered["data"]["records"]
    assert remembered["data"]["changed"] is True and record["text"] == TOOL_TEXT and record["state"] == "active"
    stored = httpx.get(_artifact_path(world, record["artifact"]["artifact_id"]) + "/revisions/1")
    assert stored.status_code == 200 and stored.json()["content"]["text"] == TOOL_TEXT


def assert_found_first(results: Sequence[dict[str, Any]]) -> None:
    search = results[1]
    assert search["ok"] is True, search
    assert search["data"]["mode"] == "text"
    first = search["data"]["hits"][0]
    assert first["memory"]["text"] == TOOL_TEXT and first["matched_by"] == ["text"]


def assert_revised_with_the_etag(world: World, results: Sequence[dict[str, Any]]) -> None:
    read, revised = results[2], results[3]
    assert read["ok"] is True and read["etag"] == '"revision:1"' and read["data"]["content"]["text"] == TOOL_TEXT
    assert revised["ok"] is True and revised["etag"] == '"revision:2"', revised
    assert revised["data"]["revision"] == 2 and revised["data"]["content"]["text"] == REVISED_TEXT
    assert revised["data"]["artifacts"] == [results[0]["data"]["records"][0]["artifact"]]
    head = httpx.get(_artifact_path(world, revised["data"]["artifact_id"]))
    assert head.json()["revision"] == 2 and head.headers["etag"] == '"revision:2"'


def assert_forgotten(world: World, results: Sequence[dict[str, Any]]) -> None:
    state, retired, search = results[4], results[5], results[6]
    assert state["ok"] is True and state["data"]["state"] == "active" and state["data"]["artifact"]["revision"] == 2
    assert state["etag"] == f'"revision:2:state:{state["data"]["state_version"]}"'
    assert retired["ok"] is True and retired["data"]["changed"] is True, retired
    (record,) = retired["data"]["records"]
    assert record["state"] == "forgotten" and record["state_version"] == state["data"]["state_version"] + 1
    forgotten_id = record["artifact"]["artifact_id"]
    assert all(hit["memory"]["artifact"]["artifact_id"] != forgotten_id for hit in search["data"]["hits"])
    served = httpx.get(_artifact_path(world, forgotten_id) + "/state")
    assert served.json()["state"] == "forgotten"


def assert_past_revision_read(results: Sequence[dict[str, Any]]) -> None:
    past = results[7]
    assert past["ok"] is True and "etag" not in past, past
    assert past["data"]["revision"] == 1 and past["data"]["content"]["text"] == TOOL_TEXT


def assert_stale_revise_refused(results: Sequence[dict[str, Any]]) -> None:
    stale = results[8]
    assert stale["ok"] is False and stale["status"] == 412 and stale["code"] == "revision_conflict", stale


def assert_listed(world: World, results: Sequence[dict[str, Any]]) -> None:
    """The inventory lists active memories only unless asked; a page of one continues by its cursor."""
    active, first, second = results[9], results[10], results[11]
    forgotten_id = results[0]["data"]["records"][0]["artifact"]["artifact_id"]
    assert active["ok"] is True, active
    assert [item["artifact"] for item in active["data"]["items"]] == [world.memory]
    assert all(item["state"] == "active" for item in active["data"]["items"])
    assert first["ok"] is True and second["ok"] is True, (first, second)
    assert len(first["data"]["items"]) == 1 and first["data"]["next_cursor"], first
    both = first["data"]["items"] + second["data"]["items"]
    assert sorted(item["artifact"]["artifact_id"] for item in both) == sorted(
        [world.memory["artifact_id"], forgotten_id]
    )
    (forgotten,) = [item for item in both if item["artifact"]["artifact_id"] == forgotten_id]
    assert forgotten["state"] == "forgotten" and forgotten["artifact"]["revision"] == 2
    assert second["data"]["next_cursor"] is None
