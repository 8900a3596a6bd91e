"""What only OpenCode's PowerContext plugin does (its common lifecycle checks are ``test_lifecycle.py``'s).

It binds its session key to the Scope it resolved on ``session.created``, logs each prepare's
outcome at ``debug``, and shows the statistics in the TUI's status slot.
"""

from __future__ import annotations

import json

from _support.host_table import Sessions
from _support.node_hosts import call


def test_opencode_binds_its_session_to_the_resolved_scope(host_sessions: Sessions) -> None:
    world = host_sessions.session("opencode").world
    session_key = {"integration": "opencode", "kind": "session", "external_id": world.extra["session"]}
    resolved = call(world.url, "POST", "/v1/scope-bindings/resolve", {"binding_keys": [session_key]}).json()
    assert resolved["scope_id"] == world.scope_id


def test_opencode_logs_each_prepares_outcome(host_sessions: Sessions) -> None:
    observed = host_sessions.session("opencode").observed
    prepared = [json.loads(entry["message"]) for entry in observed["logs"]]
    assert [(event["event"], event["outcome"]) for event in prepared] == [
        ("context_prepare", "ready"),
        ("context_prepare", "empty"),
    ]


def test_opencode_status_line_shows_the_token_savings(host_sessions: Sessions) -> None:
    observed = host_sessions.session("opencode").observed
    assert observed["status"]["loaded"].startswith("●PC online · "), observed["status"]


def test_opencode_without_a_server_shows_it_offline(host_sessions: Sessions) -> None:
    observed = host_sessions.offline("opencode").runs
    assert observed["status"]["loaded"].endswith("powercontext doctor"), observed["status"]
    assert observed["commands"][""]["title"] == "PowerContext error"
