"""The checks every official host's session must pass, written once, made for each host in ``HOSTS``.

Each host's session (``_support.host_table``: its own code, run the way its host runs it, with only
the server URL given) sends a prompt that matches the session's memory and one that matches
nothing. The server's own answer is the oracle: the Node hosts meet a Scope of the test's own
bound to their key (``World``: our prepare of the same prompt); the Python hosts work in the
server's default Scope behind a recording relay (the prepare they made, replayed). A check that
reads a feature only some hosts have (a statistics command, a relay) is made for exactly those.
What only one host does is in that host's ``test_<host>.py``.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from _support import memory_tools
from _support.host_table import HOSTS, MATCHING, UNRELATED, Host, Sessions, hosts_with, replayed, view
from _support.hosts import Served
from _support.node_hosts import BEGIN, World, assert_recall_statistics, call, envelope_items
from _support.node_sessions import shared_tool_session
from _support.pyhosts import PREPARE, PREPARED_SCHEMA, only


def each(hosts: list[Host]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("host", hosts, ids=str)


def session_of(sessions: Sessions, host: Host) -> Any:
    return sessions.session(host.name)


@each(hosts_with(lambda host: host.resolved is not None))
def test_the_host_works_in_the_scope_its_keys_resolve_to(host_sessions: Sessions, host: Host) -> None:
    """Its status (``/pc``), its binding metadata, or its resolve on the wire names the session's Scope."""
    session = session_of(host_sessions, host)
    assert host.resolved is not None
    resolved = host.resolved(session)
    assert resolved and all(scope_id == view(host, session).scope_id for scope_id in resolved), resolved


@each(list(HOSTS))
def test_a_matching_prompt_gets_exactly_the_servers_content(host_sessions: Sessions, host: Host) -> None:
    """What the host gives its model is its own wrapper, then the server's content byte for byte, once."""
    session = session_of(host_sessions, host)
    seen = view(host, session)
    injected = host.injected(session, MATCHING)
    assert injected is not None and injected.count(seen.content) == 1, (injected, seen.content)
    wrapper, _, trailer = injected.partition(seen.content)
    assert trailer == host.closes, trailer
    assert wrapper.startswith(host.opens) and wrapper.endswith(host.joins), wrapper
    if host.bare:
        assert wrapper == "", wrapper
    if host.prose:
        assert wrapper.strip(), wrapper
    assert seen.memory_text not in wrapper
    assert all(tag.strip() not in seen.content for tag in (host.opens, host.closes) if tag.strip())
    assert seen.memory_text in seen.content


@each(hosts_with(lambda host: host.relayed))
def test_the_hosts_prepare_is_answered_with_that_content(host_sessions: Sessions, host: Host) -> None:
    """On the wire: the matching prompt's calls, the prepare request (the Scope, the query, 8000 bytes),
    and the server's answer to exactly that request asked again."""
    session = session_of(host_sessions, host)
    run, calls = session.runs["recall"]
    if host.name != "hermes":
        assert run.returncode == 0
        if host.quiet_recall:
            assert run.stderr == "", run.stderr
    assert [call.route for call in calls] == list(host.recall_routes)
    prepare = only(calls, PREPARE)
    assert prepare.request == {"scope_id": session.default_scope, "query": session.query, "max_bytes": 8000}
    assert prepare.status == 200 and prepare.answer["status"] == "ready"
    assert replayed(session) == prepare.answer  # the same request gets the same content from the server


@each(list(HOSTS))
def test_a_prompt_matching_nothing_gets_nothing(host_sessions: Sessions, host: Host) -> None:
    session = session_of(host_sessions, host)
    seen = view(host, session)
    assert seen.unrelated == {"schema": PREPARED_SCHEMA, "status": "empty", "content": None, "content_bytes": 0}
    assert host.injected(session, UNRELATED) == host.no_context
    added = host.added(session, UNRELATED)
    assert BEGIN not in added and seen.memory_text not in added, added
    if host.miss_outcomes is not None:
        assert host.miss_outcomes(session) == ["empty"]  # reported, and not as a failure


@each(list(HOSTS))
def test_the_content_is_powercontexts_default_structure_citing_the_memory(host_sessions: Sessions, host: Host) -> None:
    """The markers, the one-line envelope, the citation objects (the trust text is each one's own prose);
    in a Scope of the test's own the memory is the only item."""
    session = session_of(host_sessions, host)
    seen = view(host, session)
    injected = host.injected(session, MATCHING)
    assert injected is not None and BEGIN in injected
    items = envelope_items(seen.content)
    cited = [item for item in items if item["citation"] == {"artifact_ref": seen.memory}]
    assert cited == [
        {
            "citation": {"artifact_ref": seen.memory},
            "content": seen.memory_text,
            "truncated": False,
            "kind": "atomic-memory",
        }
    ], items
    if seen.own_scope:
        assert items == cited, items


@each(hosts_with(lambda host: host.captured is not None))
def test_every_captured_prompt_is_a_source_the_server_kept(host_sessions: Sessions, host: Host) -> None:
    """Stored under the host's id: the same id with other content is 409 ``source_conflict``, the Scope's
    inventory counts a Source pending extraction; on the wire, 202 ``accepted`` at a position, a replay
    of the host's request lands on the same position, and later captures get later positions."""
    session = session_of(host_sessions, host)
    seen = view(host, session)
    assert host.captured is not None
    captured = host.captured(session)
    assert captured
    positions = []
    for source in captured:
        if source.call is not None:
            assert source.call.status == 202
            assert source.call.answer == {
                "status": "accepted",
                "source": {"name": "content", "source_id": source.source_id},
                "position": source.call.answer["position"],
            }
            positions.append(source.call.answer["position"])
            replay = call(seen.url, "POST", "/v1/sources/content", source.call.request, expect=202)
            assert replay.json() == source.call.answer
        # the host's own request where the relay recorded it, with other content
        sent = source.call.request if source.call is not None else {"scope_id": seen.scope_id}
        conflicting = {**sent, "source_id": source.source_id, "content": source.content + " (changed)"}
        answer = call(seen.url, "POST", "/v1/sources/content", conflicting, expect=409).json()
        assert answer["error"]["code"] == "source_conflict", answer
    assert positions == sorted(set(positions))
    stats = call(seen.url, "POST", "/v1/stats", {"selection": {"mode": "exact", "scope_ids": [seen.scope_id]}}).json()
    assert stats["inventory"]["sources"]["memory_pending"] >= 1, stats["inventory"]


@each(list(HOSTS))
def test_the_session_reports_no_failure(host_sessions: Sessions, host: Host) -> None:
    """Nothing reported as failed but what a provider-less PowerContext 1.4.1 also causes; every hook exits 0;
    no relayed call answered >= 400."""
    session = session_of(host_sessions, host)
    assert host.failures(session) == list(host.allowed_failures)


@each(list(HOSTS))
def test_without_a_server_the_host_injects_nothing_reports_it_unavailable_and_goes_on(
    host_sessions: Sessions, host: Host
) -> None:
    """A port nothing listens on, or the relay closed mid-session: the turn finishes (within the host's
    budget), nothing is injected, and ``server_unavailable`` is reported once (later reports are throttled)."""
    offline = host_sessions.offline(host.name)
    assert offline.injected == host.offline_injected, offline.injected
    if host.offline_seconds is not None:
        assert offline.seconds < host.offline_seconds, offline.seconds
    assert offline.reports == list(host.offline_reports)


# -- the /pc commands some hosts have


@each(hosts_with(lambda host: "stats" in host.commands))
def test_the_stats_command_reads_the_scopes_statistics(
    host_sessions: Sessions, host: Host, powercontext_models: ModuleType
) -> None:
    """Every prepare made in the session's Scope, ours and the host's, parsed with the official client's model."""
    session = session_of(host_sessions, host)
    assert host.command is not None
    result = host.command(session, "stats")
    assert result["ok"] is True and result["status"] == 200, result
    powercontext_models.ScopedStats.model_validate(result["data"])
    assert_recall_statistics(session.world, result["data"])


@each(hosts_with(lambda host: "capabilities" in host.commands))
def test_the_capabilities_command_says_extraction_is_off(
    host_sessions: Sessions, host: Host, powercontext_models: ModuleType
) -> None:
    session = session_of(host_sessions, host)
    assert host.command is not None
    result = host.command(session, "capabilities")
    assert result["ok"] is True, result
    assert powercontext_models.Capabilities.model_validate(result["data"]).memory_extraction is False


@each(hosts_with(lambda host: "doctor" in host.commands))
def test_the_doctor_command_finds_the_server_live_and_ready(host_sessions: Sessions, host: Host) -> None:
    session = session_of(host_sessions, host)
    assert host.command is not None
    result = host.command(session, "doctor")
    assert result["ok"] is True, result
    report = result if "live" in result else result["data"]  # OpenCode's doctor wraps its report in ``data``
    assert report["live"]["data"] == {"status": "ok"}
    assert report["ready"]["data"]["status"] == "ready"


# -- the model's memory tools (pc_remember, pc_search, pc_memory_*: ``_support.memory_tools``)

TOOL_HOSTS = hosts_with(lambda host: host.memory_tools)


@pytest.fixture(scope="module", params=TOOL_HOSTS, ids=str)
def tools(
    request: pytest.FixtureRequest,
    pcreceipt_server: Served,
    host_sessions: Sessions,
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[World, list[dict[str, Any]]]:
    host: Host = request.param
    assert host.bundle is not None
    root = tmp_path_factory.mktemp(f"{host.name}-tools")
    return shared_tool_session(host.name, host_sessions.bundles(host.bundle), pcreceipt_server.url, root)


def test_remember_stores_the_text_in_the_bound_scope(tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_remembered(*tools)


def test_search_finds_what_it_remembered_first(tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_found_first(tools[1])


def test_it_reads_and_revises_with_the_servers_etag(tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_revised_with_the_etag(*tools)


def test_it_forgets_with_the_state_it_read(tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_forgotten(*tools)


def test_it_reads_a_past_revision_without_a_write_etag(tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_past_revision_read(tools[1])


def test_revising_a_stale_revision_is_a_conflict_it_reports(tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_stale_revise_refused(tools[1])


def test_it_lists_the_inventory_page_by_page(tools: tuple[World, list[dict[str, Any]]]) -> None:
    memory_tools.assert_listed(*tools)
