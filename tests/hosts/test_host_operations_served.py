"""Every operation and MCP tool the official hosts' own code names is served by pcreceipt, on each engine,
but for the gaps named below, which must only shrink.

What each host names is read from its plugin in PowerContext 1.4.1's sdist at run time
(``_support.host_references``: quoted operationIds and literal paths of its source, MCP tool names),
for the twelve plugin folders of ``integrations/*/plugins/*``. Then, against ``pcreceipt serve``:

- HTTP: each named operation is requested at its 1.4.1 method and path (a Scope that does not exist,
  an empty JSON body): an operation is served unless the answer is the router's own refusal, 404
  ``not_found`` (no route) or 405 (no such method). A validation or Scope error is the operation's
  own answer: it is routed.
- MCP: ``tools/list`` at ``/mcp/`` with the official ``mcp`` client; each named tool of 1.4.1's own
  MCP catalogue must be listed (a name outside that catalogue, such as a tool Codex binds for an
  operation 1.4.1 keeps off MCP, is printed, not required: 1.4.1 does not list it either).

``UNSERVED_OPERATIONS`` and ``UNSERVED_MCP_TOOLS`` name what 1.4.1 serves, some host's code names,
and pcreceipt does not serve yet (each with why). The tests print them. A gap not listed fails (a
host names something we do not serve: serve it, or list it with why); a listed entry that is served
now fails too, telling the integrator to remove it, so the lists only shrink. (``flush_profile``,
``submit_source_observation`` and ``search_artifacts`` are served by 1.4.1 but named by no host's own
code, only by the generated client catalogues, so they are not gaps here.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.host_references import (
    HostReferences,
    Operation,
    document_operations,
    mcp_catalogue,
    read_hosts,
    request_path,
)
from _support.hosts import Served
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

ABSENT_SCOPE = "scp_routecheck000000000000000000"
#: what a host's code names that is not served yet, with why (empty since Dream runs, Skill lifecycle
#: and usage and the remote Skill targets landed; an entry comes back only with a reason)
UNSERVED_OPERATIONS: dict[str, str] = {}
UNSERVED_MCP_TOOLS: dict[str, str] = {}
ANCHORS = {  # a few names each reader must find, so a reader that finds nothing cannot pass
    "pi/powercontext": ("operations", "prepare_handoff"),
    "opencode/powercontext": ("operations", "scan_external_skills"),
    "dsh/powercontext": ("mcp_tools", "list_dream_runs"),
    "codex/powercontext": ("mcp_tools", "update_skill_lifecycle"),
    "kimi-code/powercontext": ("mcp_tools", "search_memory"),
    "openclaw/memory-powercontext": ("operations", "get_atomic_memory_state"),
    "hermes/powercontext": ("operations", "revise_candidate"),
}

Named = dict[str, dict[str, set[str]]]  # name -> host -> files


@pytest.fixture(scope="module")
def references(
    powercontext_sdist: Path, powercontext_openapi: dict[str, Any]
) -> tuple[dict[str, Operation], list[HostReferences], set[str]]:
    operations = document_operations(powercontext_openapi)
    hosts = read_hosts(powercontext_sdist, operations)
    for host in hosts:
        if host.host in ANCHORS:
            table, name = ANCHORS[host.host]
            assert name in getattr(host, table), f"{host.host}: {name} not read from its plugin"
    unresolved = {f"{host.host}: {path}": files for host in hosts for path, files in host.unresolved.items()}
    print(f"\nliteral paths of no 1.4.1 path template: {unresolved}")
    # only documentation's wildcards ("/v1/skill/*" in MiniMax's skill references); anything else is a reader bug
    assert all(name.endswith("/*") for name in unresolved), unresolved
    return operations, hosts, mcp_catalogue(powercontext_sdist)


def named(hosts: list[HostReferences], table: str) -> Named:
    found: Named = {}
    for host in hosts:
        for name, files in getattr(host, table).items():
            found.setdefault(name, {})[host.host] = files
    return found


def router_refusal(http: httpx.Client, operation: Operation) -> str | None:
    """The router's refusal of a request to the operation (no route, no method), or None: it is served."""
    body = {} if operation.method in ("POST", "PUT", "PATCH") else None
    response = http.request(operation.method, request_path(operation.path, ABSENT_SCOPE), json=body)
    if response.status_code == 405:
        return f"405 (Allow: {response.headers.get('allow')})"
    if response.status_code == 404 and response.json()["error"]["code"] == "not_found":
        return "404 not_found"
    return None


def where(hosts: Mapping[str, set[str]]) -> str:
    return "; ".join(f"{host} ({', '.join(sorted(files))})" for host, files in sorted(hosts.items()))


def check(kind: str, gaps: Mapping[str, str], names: Named, expected: Mapping[str, str]) -> None:
    """Print the expected gaps; fail on a new gap, and on an expected one that is served now."""
    print(f"\n{kind} 1.4.1 serves and the hosts name, not served yet ({len(expected)}):")
    for name, why in sorted(expected.items()):
        print(f"  {name}: {why}; named by {', '.join(sorted(names.get(name, {})))}")
    new = {name: f"{answer}; named by {where(names[name])}" for name, answer in gaps.items() if name not in expected}
    assert not new, f"{kind} a host's code names and pcreceipt does not serve (serve it, or list it with why): {new}"
    served_now = sorted(set(expected) - set(gaps))
    assert not served_now, f"{kind} served now: remove them from the expected-unserved list: {served_now}"


def test_every_operation_a_hosts_code_names_is_routed(
    pcreceipt_server: Served, references: tuple[dict[str, Operation], list[HostReferences], set[str]]
) -> None:
    operations, hosts, _ = references
    names = named(hosts, "operations")
    with httpx.Client(base_url=pcreceipt_server.url, timeout=30) as http:
        refusals = {name: router_refusal(http, operations[name]) for name in sorted(names)}
    gaps = {name: refusal for name, refusal in refusals.items() if refusal is not None}
    print(f"\n{len(names)} operations named by the hosts' code; {len(names) - len(gaps)} routed")
    check("operations", gaps, names, UNSERVED_OPERATIONS)


async def listed_tools(url: str) -> set[str]:
    async with (
        httpx.AsyncClient(timeout=30) as http,
        streamable_http_client(f"{url}/mcp/", http_client=http) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        return {tool.name for tool in (await session.list_tools()).tools}


def test_every_mcp_tool_a_hosts_code_names_is_listed(
    pcreceipt_server: Served, references: tuple[dict[str, Operation], list[HostReferences], set[str]]
) -> None:
    _, hosts, catalogue = references
    names = named(hosts, "mcp_tools")
    outside = sorted(set(names) - catalogue)
    print(f"\nnamed as MCP tools but not in 1.4.1's MCP catalogue (not required): {outside}")
    listed = asyncio.run(listed_tools(pcreceipt_server.url))
    wanted = sorted(set(names) & catalogue)
    gaps = {name: "not in tools/list" for name in wanted if name not in listed}
    print(f"{len(wanted)} MCP tools of 1.4.1's catalogue named by the hosts' code; {len(wanted) - len(gaps)} listed")
    check("MCP tools", gaps, names, UNSERVED_MCP_TOOLS)
