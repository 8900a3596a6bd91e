"""Listings at scale, as a user runs them: ``pcreceipt memory list`` over 20,000 memories on both
engines pages through the server's cursor (one request per 100 memories, never one per memory),
prints everything in artifact id order, and stops cleanly on Ctrl-C mid-listing; ``topic list``
and ``scope list`` page the same way.

The Scope is seeded through the store's bulk import (``create_artifacts``, 1,000 a transaction),
not 20,000 HTTP calls. The commands reach a real server over loopback through ``Relay``, which
counts their requests and, for the Ctrl-C test, holds the listing after its third page so the
SIGINT arrives at a known point (no sleep).
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from _support.commands import PCRECEIPT, run, sigint_as_a_terminal_sends_it, user_environment
from _support.relay import Relay
from _support.servers import running

from pcreceipt.config import Settings
from pcreceipt.models import limits
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import NewArtifact

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

MEMORIES = 20_000
BATCH = 1_000
PAGE = limits.LIST_ATOMIC_MEMORY_REQUEST_LIMIT_MAXIMUM
FORGOTTEN = 3  # a few memories in another lifecycle state: the listing shows every state


def _scope(store: Store, title: str) -> str:
    scope, _ = store.create_scope(
        title=title,
        summary="listing at scale",
        idempotency_key=title,
        parent_scope_id=None,
        context_references=[],
        external_references=[],
    )
    return scope.scope_id


@pytest.fixture
def large_scope(engine_store: Store, tmp_path: Path) -> Iterator[tuple[str, list[str], Relay]]:
    """A Scope of 20,000 atomic memories behind a relay to a real server: (scope, ids in order, relay)."""
    scope_id = _scope(engine_store, "Large")
    ids: list[str] = []
    for start in range(0, MEMORIES, BATCH):
        items = [
            NewArtifact(content={"kind": "fact", "text": f"memory number {n:05d}"}) for n in range(start, start + BATCH)
        ]
        ids += [record.ref.artifact_id for record in engine_store.create_artifacts(scope_id, "atomic-memory", items)]
    for artifact_id in ids[:FORGOTTEN]:
        head = engine_store.get_atomic_memory_head(scope_id, artifact_id)
        assert head is not None
        engine_store.change_lifecycle(
            scope_id, artifact_id, revision=head.ref.revision, state_version=head.state_version, state="forgotten"
        )
    with running(create_app(Settings(data_dir=tmp_path), store=engine_store)) as url, Relay(url) as relay:
        yield scope_id, sorted(ids), relay


def test_memory_list_of_20000_pages_prints_all_in_order_and_stops_on_ctrl_c(
    large_scope: tuple[str, list[str], Relay], tmp_path: Path
) -> None:
    scope_id, ids, relay = large_scope
    env = user_environment(tmp_path)
    listing = [PCRECEIPT, "memory", "list", "--scope", scope_id, "--url", relay.url]

    result = run(listing, env, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert [line.split("  ")[0] for line in lines] == ids  # every memory, once, in artifact id order
    assert sum(" forgotten " in line for line in lines) == FORGOTTEN
    assert all(line.split()[1] == "r1" and "memory number " in line for line in lines)
    calls = relay.calls
    assert {call.route for call in calls} == {"POST /v1/atomic-memory/list"}
    assert len(calls) == math.ceil(MEMORIES / PAGE)  # pages, not memories

    relay.hold_from(3)  # three pages answered, then the listing waits on the fourth
    process = subprocess.Popen(
        listing,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_as_a_terminal_sends_it,
    )
    try:
        assert relay.holding.wait(timeout=120), "the listing never asked for its fourth page"
        os.kill(process.pid, signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        relay.release()
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, stderr
    assert stderr == "interrupted\n"  # one line, no traceback
    assert [line.split("  ")[0] for line in stdout.splitlines()] == ids[: 3 * PAGE]


def test_topic_list_and_scope_list_page_too(engine_store: Store, tmp_path: Path) -> None:
    scope_id = _scope(engine_store, "Topics")
    for extra in range(limits.LIST_SCOPES_LIMIT_MAXIMUM):  # with the Scope above, more than one page
        _scope(engine_store, f"Scope {extra:03d}")
    topics = limits.LIST_ARTIFACTS_LIMIT_MAXIMUM * 2 + 5
    items = [NewArtifact(content={"title": f"topic {n:03d}", "summary": "s", "detail": "d"}) for n in range(topics)]
    created = engine_store.create_artifacts(scope_id, "topic-memory", items)
    titles = {record.ref.artifact_id: f"topic {n:03d}" for n, record in enumerate(created)}
    env = user_environment(tmp_path)
    with running(create_app(Settings(data_dir=tmp_path), store=engine_store)) as url, Relay(url) as relay:
        listed = run([PCRECEIPT, "topic", "list", "--scope", scope_id, "--url", relay.url], env)
        assert listed.returncode == 0, listed.stderr
        lines = listed.stdout.splitlines()
        assert lines == [f"{i}  r1  {titles[i]}" for i in sorted(titles)]
        assert len(relay.calls) == math.ceil(topics / limits.LIST_ARTIFACTS_LIMIT_MAXIMUM)

        mark = relay.mark()
        scopes = run([PCRECEIPT, "scope", "list", "--url", relay.url, "--json"], env)
        assert scopes.returncode == 0, scopes.stderr
        # printed item by item, it reads exactly as the whole answer printed at once
        assert scopes.stdout == json.dumps(json.loads(scopes.stdout), indent=2, ensure_ascii=False) + "\n"
        listed_scopes = json.loads(scopes.stdout)["items"]
        expected = [s.scope_id for s in engine_store.list_scopes(limit=1000, after=None)]
        assert [s["scope_id"] for s in listed_scopes] == expected
        assert len(relay.since(mark)) == math.ceil(len(expected) / limits.LIST_SCOPES_LIMIT_MAXIMUM)


def test_an_empty_listing(tmp_path: Path, server_url: str) -> None:
    env = user_environment(tmp_path)
    scope = run([PCRECEIPT, "scope", "create", "--title", "Empty", "--summary", "s", "--url", server_url], env)
    assert scope.returncode == 0, scope.stderr
    listing = ["--scope", scope.stdout.strip(), "--url", server_url]
    for family, empty in (("memory", "no memories"), ("topic", "no topic memories")):
        text = run([PCRECEIPT, family, "list", *listing], env)
        assert (text.returncode, text.stdout, text.stderr) == (0, f"{empty}\n", "")
        as_json = run([PCRECEIPT, family, "list", *listing, "--json"], env)
        assert (as_json.returncode, as_json.stdout) == (0, json.dumps({"items": []}, indent=2) + "\n")
