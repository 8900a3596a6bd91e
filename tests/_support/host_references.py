"""What each official host's code can call, read from its plugin in PowerContext 1.4.1's sdist at run time.

A host is a plugin folder ``integrations/<host>/plugins/<plugin>`` of the sdist. Its source is every
file under it but its tests, installed packages and built bundles (``tests``, ``node_modules``,
``lib``) and lock files. From that source:

- operations (HTTP): every quoted string that is an operationId of 1.4.1's OpenAPI document (the TS
  plugins' ``operationId: '…'`` and ``request('…')``, Hermes' tool map, Kimi Code's profiles), and
  every literal path (``"/v1/…"``, ``'/health/…'``, template literals and f-strings with their
  placeholders) that is one of the document's path templates (each of its methods). The TS plugins'
  generated ``OPERATIONS`` catalogue (``*.generated.ts``: every operation of the document) is not read
  as a reference: a host calls what its own code names.
- MCP tools: every ``mcp__powercontext__<tool>`` name, every operationId quoted in a file that builds
  tool names from that prefix (Codex's ``bind_tools.py``: the tools it binds to the session's
  Scope), Kimi Code's profiles (``profiles.json``: the tools it checks ``tools/list`` for), and DSH's
  ``mcp-operations.generated.ts``, the MCP catalogue its tool policy lets the model call — which is
  1.4.1's own MCP catalogue ("generated from the Server's public MCP catalog"; ``mcp_catalogue``).

A literal path that is none of the document's templates is kept apart (``unresolved``), so a reader
that stops matching cannot drop references silently. ``HostReferences`` keeps where each name was
read (the files), so a gap names the host and the file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SKIPPED_DIRECTORIES = frozenset({"tests", "node_modules", "lib", "__pycache__"})
SOURCE_SUFFIXES = frozenset({".ts", ".tsx", ".mjs", ".js", ".py", ".json", ".md", ".toml", ".yaml", ".yml"})
LOCK_FILES = frozenset({"pnpm-lock.yaml", "package-lock.json", "uv.lock", "pnpm-workspace.yaml"})
METHODS = ("get", "put", "post", "delete", "patch")

_QUOTED = re.compile(r"""["'`]([a-z][a-z0-9]*(?:_[a-z0-9]+)+)["'`]""")
_PATH = re.compile(r"""["'`](/(?:v1|health)/(?:[^"'`\s{}?#$]|\$?\{[^{}]*\})*)""")
_PLACEHOLDER = re.compile(r"\$?\{[^{}]*\}")
MCP_PREFIX = "mcp__powercontext__"
_MCP_TOOL = re.compile(MCP_PREFIX + r"([a-z][a-z0-9_]*[a-z0-9])")
_MCP_CATALOGUE_KEY = re.compile(r"""^\s*["']?([a-z][a-z0-9_]*)["']?\s*:\s*\{""", re.MULTILINE)
MCP_CATALOGUE = "mcp-operations.generated.ts"
KIMI_PROFILES = "profiles.json"


@dataclass(frozen=True)
class Operation:
    operation_id: str
    method: str  # upper case
    path: str  # the document's template


@dataclass
class HostReferences:
    host: str  # "<integration>/<plugin>"
    operations: dict[str, set[str]] = field(default_factory=dict)  # operationId -> files naming it
    mcp_tools: dict[str, set[str]] = field(default_factory=dict)  # tool -> files naming it
    unresolved: dict[str, set[str]] = field(default_factory=dict)  # a literal path of no 1.4.1 template -> files


def document_operations(document: Mapping[str, Any]) -> dict[str, Operation]:
    """Every operation of an OpenAPI document by operationId."""
    found: dict[str, Operation] = {}
    for path, item in document["paths"].items():
        for method in METHODS:
            if method in item:
                operation_id = item[method]["operationId"]
                found[operation_id] = Operation(operation_id, method.upper(), path)
    return found


def _segments(path: str) -> list[str | None]:
    """A path's segments, ``None`` for a placeholder (a template's ``{x}``, a literal's ``${…}``)."""
    return [None if _PLACEHOLDER.fullmatch(part) else part for part in path.strip("/").split("/")]


def matching_templates(path: str, templates: Iterable[str]) -> list[str]:
    """The document's path templates a literal path is: same length, each segment equal or a parameter on
    either side; of those, the closest ones. A template's literal segment met by the path's placeholder
    is a guess (``…/{family}/search`` for ``…/atomic-memory/${id}``) and ranks last; a path's literal
    segment met by a template's parameter ranks after an exact one (``/v1/scopes/default`` is not
    ``/v1/scopes/{scope_id}``)."""
    wanted = _segments(path)
    ranked: list[tuple[tuple[int, int], str]] = []
    for template in templates:
        have = _segments(template)
        if len(have) != len(wanted):
            continue
        pairs = list(zip(have, wanted, strict=True))
        if not all(h is None or w is None or h == w for h, w in pairs):
            continue
        guessed = sum(h is not None and w is None for h, w in pairs)
        generic = sum(h is None and w is not None for h, w in pairs)
        ranked.append(((guessed, generic), template))
    if not ranked:
        return []
    best = min(rank for rank, _ in ranked)
    return [template for rank, template in ranked if rank == best]


def source_files(plugin: Path) -> list[Path]:
    files = []
    for path in sorted(plugin.rglob("*")):
        relative = path.relative_to(plugin)
        if not path.is_file() or SKIPPED_DIRECTORIES.intersection(relative.parts[:-1]):
            continue
        if path.suffix in SOURCE_SUFFIXES and path.name not in LOCK_FILES:
            files.append(path)
    return files


def host_plugins(sdist: Path) -> list[Path]:
    return sorted(path for path in (sdist / "integrations").glob("*/plugins/*") if path.is_dir())


def _add(table: dict[str, set[str]], name: str, where: str) -> None:
    table.setdefault(name, set()).add(where)


def read_host(plugin: Path, operations: Mapping[str, Operation]) -> HostReferences:
    """What the plugin's own source names (see the module doc)."""
    host = HostReferences(f"{plugin.parent.parent.name}/{plugin.name}")
    by_path: dict[str, list[str]] = {}
    for operation in operations.values():
        by_path.setdefault(operation.path, []).append(operation.operation_id)
    for file in source_files(plugin):
        where = str(file.relative_to(plugin))
        text = file.read_text(encoding="utf-8", errors="replace")
        if file.name == MCP_CATALOGUE:
            for name in _MCP_CATALOGUE_KEY.findall(text):
                _add(host.mcp_tools, name, where)
            continue
        if file.name == KIMI_PROFILES:
            for tools in json.loads(text).get("profiles", {}).values():
                for name in tools:
                    _add(host.mcp_tools, name, where)
        for name in _MCP_TOOL.findall(text):
            _add(host.mcp_tools, name, where)
        if file.name.endswith(".generated.ts"):
            continue
        for name in _QUOTED.findall(text):
            if name in operations:
                _add(host.operations, name, where)
                if MCP_PREFIX in text:
                    _add(host.mcp_tools, name, where)
        for literal in _PATH.findall(text):
            templates = matching_templates(literal, by_path)
            if not templates:
                _add(host.unresolved, literal, where)
            for template in templates:
                for operation_id in by_path[template]:
                    _add(host.operations, operation_id, where)
    return host


def read_hosts(sdist: Path, operations: Mapping[str, Operation]) -> list[HostReferences]:
    return [read_host(plugin, operations) for plugin in host_plugins(sdist)]


def request_path(template: str, scope_id: str) -> str:
    """A concrete path for a template: the Scope given, a plain value for every other parameter."""
    values = {"scope_id": scope_id, "family": "atomic-memory", "revision": "1"}
    return re.sub(r"\{([^{}]+)\}", lambda m: values.get(m.group(1), "route-check"), template)


def mcp_catalogue(sdist: Path) -> set[str]:
    """1.4.1's MCP tools: DSH's catalogue, generated from the Server's public MCP catalogue."""
    (catalogue,) = (sdist / "integrations").glob(f"dsh/plugins/*/src/{MCP_CATALOGUE}")
    return set(_MCP_CATALOGUE_KEY.findall(catalogue.read_text(encoding="utf-8")))
