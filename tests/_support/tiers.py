"""The bad-input and race tiers' parts: the served operations, refusals checked in full, and a
store dump that shows whether a request wrote anything.

- ``served_operations(document)``: every operation of an OpenAPI document (the one the server
  serves at ``/openapi.json``), with its path, method and parameters resolved, so a tier that
  parametrises over them covers a new operation without being edited.
- ``refusal_problems(response, ...)``: why ``response`` is not a proper refusal: a 4xx (of the
  expected status), the request id, the error envelope of the contract (``gate``), a code of the
  closed set the document declares (``ErrorCode``), and nothing internal in it (no traceback, file
  path, SQL, exception class name, the server's data directory, or the canary the request carried).
- ``store_dump(engine, workdir)``: every row of every table of the store behind a tier's server,
  read on a connection of its own (the engine's own driver), to compare before and after.
- request parts both tiers build: ``new_memory``, ``memory_input``, ``binding_key``,
  ``bootstrap_request``.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from _support.seekdb import oceanbase_connection
from _support.servers import CANARY, REQUEST_ID_HEADER
from pcreceipt.contract import gate

METHODS = ("get", "put", "post", "delete", "patch")


@dataclass(frozen=True)
class ServedOperation:
    operation_id: str
    method: str  # upper case
    path: str  # the template, "/v1/scopes/{scope_id}"
    parameters: tuple[dict[str, Any], ...]  # resolved: name, in, required, schema
    body: dict[str, Any] | None  # the JSON request body's schema, resolved at the top
    raw: dict[str, Any] = field(repr=False, hash=False, compare=False)

    def params(self, where: str) -> list[dict[str, Any]]:
        return [p for p in self.parameters if p["in"] == where]

    @property
    def state_changing(self) -> bool:
        """Writes by method, or by the operation's own declaration (a POST whose MCP effect is a
        read, ``x-pcreceipt-mcp.effect`` ``read`` or ``external-read``, is a read)."""
        if self.method == "GET":
            return False
        return self.raw.get("x-pcreceipt-mcp", {}).get("effect") not in READ_EFFECTS


READ_EFFECTS = frozenset({"read", "external-read"})
"""The MCP effects (``codegen/mcp_catalogue.py``'s classes) of operations that change nothing."""


def resolve(document: Mapping[str, Any], node: Any) -> Any:
    """``node`` with a local ``$ref`` at its top followed (sibling keywords kept)."""
    while isinstance(node, Mapping) and "$ref" in node:
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def served_operations(document: Mapping[str, Any]) -> list[ServedOperation]:
    operations = []
    for path, item in document["paths"].items():
        for method in METHODS:
            operation = item.get(method)
            if not operation:
                continue
            parameters = tuple(resolve(document, p) for p in operation.get("parameters", ()))
            parameters = tuple({**p, "schema": resolve(document, p.get("schema", {}))} for p in parameters)
            body = None
            if "requestBody" in operation:
                content = resolve(document, operation["requestBody"])["content"]
                body = resolve(document, content["application/json"]["schema"])
            operations.append(
                ServedOperation(operation["operationId"], method.upper(), path, parameters, body, operation)
            )
    return sorted(operations, key=lambda op: op.operation_id)


def bundled_operations() -> list[ServedOperation]:
    """The operations of the document the server serves (``gate.openapi_document``, the bytes of
    ``GET /openapi.json``): for parametrising at collection time."""
    return served_operations(gate.openapi_document())


def error_codes(document: Mapping[str, Any]) -> frozenset[str]:
    """The closed set of error codes the document declares."""
    return frozenset(document["components"]["schemas"]["ErrorCode"]["enum"])


# What a refusal must never show: a traceback, a source file or a path of the machine, SQL, a
# driver's or Python's exception class name.
_INTERNAL = [
    re.compile(r"Traceback|File \""),
    re.compile(r"\.py\b|site-packages|/(?:tmp|home|usr|work|var|proc|etc)/"),
    re.compile(r"\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE TABLE|WHERE)\b"),
    re.compile(r"sqlite|sqlean|pymysql|sqlalchemy|oceanbase", re.I),
    re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception|Warning)\b"),
]


def internal_text(text: str, *, extra: tuple[str, ...] = ()) -> list[str]:
    """The pieces of ``text`` that are internal (empty when there are none)."""
    found = [m.group(0) for pattern in _INTERNAL for m in pattern.finditer(text)]
    return found + [secret for secret in (CANARY, *extra) if secret and secret in text]


def refusal_problems(
    response: httpx.Response,
    codes: frozenset[str],
    *,
    status: tuple[int, ...] = (),
    code: tuple[str, ...] = (),
    violation: str | None = None,
    secrets: tuple[str, ...] = (),
) -> list[str]:
    """Why ``response`` is not a proper refusal ([] when it is one).

    ``status``/``code``: the accepted statuses and codes (any 4xx, any code of ``codes`` when
    empty); ``violation``: a JSON pointer an ``invalid_request``'s violations must name (``_names``)."""
    problems = []
    if not 400 <= response.status_code < 500:
        problems.append(f"status {response.status_code}, not a 4xx")
    elif status and response.status_code not in status:
        problems.append(f"status {response.status_code}, expected {status}")
    request_id = response.headers.get(REQUEST_ID_HEADER, "")
    if not re.fullmatch(r"[0-9a-f]{16}", request_id):
        problems.append(f"request id {request_id!r}")
    shown = response.text + "\n" + "\n".join(f"{k}: {v}" for k, v in response.headers.items())
    leaked = internal_text(shown, extra=secrets)
    if leaked:
        problems.append(f"internal text {leaked[:5]}")
    try:
        body = json.loads(response.content)
    except ValueError:
        return [*problems, f"body is not JSON: {response.text[:200]!r}"]
    violations = gate.check_schema("ErrorEnvelope", body)
    if violations:
        return [*problems, f"not the error envelope ({[str(v) for v in violations][:3]}): {response.text[:200]}"]
    got = body["error"]["code"]
    if got not in codes:
        problems.append(f"code {got!r} outside the closed set")
    elif code and got not in code:
        problems.append(f"code {got!r}, expected {code}")
    if violation is not None and got == "invalid_request":
        named = (body["error"].get("details") or {}).get("violations", [])
        if not any(_names(v, violation) for v in named):
            problems.append(f"violations {named} do not name {violation}")
    if response.status_code == 405 and "allow" not in response.headers:
        problems.append("405 without Allow")
    return problems


#: Tables that are the server's, not any Scope's: the cursor-signing key is created on first need,
#: whichever request needs it first (a refused listing's cursor check may).
SERVER_TABLES = frozenset({"cursor_keys"})


def _names(violation: Mapping[str, Any], pointer: str) -> bool:
    """Whether ``violation`` is at ``pointer``, or at a union (``oneOf``/``anyOf``) containing it: a
    value that matches no branch is reported where the branches part."""
    path = str(violation.get("path"))
    union = violation.get("rule") in ("oneOf", "anyOf") and pointer.startswith(path + "/")
    return path == pointer or union


def store_dump(engine: str, workdir: Path) -> dict[str, list[str]]:
    """Every row of every (non-virtual) table of ``workdir``'s store but ``SERVER_TABLES``, each
    table's rows sorted."""
    dump = _sqlite_dump(workdir) if engine == "sqlite" else _oceanbase_dump(workdir)
    return {table: rows for table, rows in dump if table not in SERVER_TABLES}


def _sqlite_dump(workdir: Path) -> Iterator[tuple[str, list[str]]]:
    import sqlean  # type: ignore[import-untyped]

    conn = sqlean.connect(str(workdir / "store.db"), isolation_level=None)
    try:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name"
            )
        ]
        for table in tables:
            yield table, sorted(repr(tuple(row)) for row in conn.execute(f'SELECT * FROM "{table}"'))
    finally:
        conn.close()


def _oceanbase_dump(workdir: Path) -> Iterator[tuple[str, list[str]]]:
    with oceanbase_connection(workdir) as conn, conn.cursor() as cursor:
        cursor.execute("SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'")
        tables = sorted(row[0] for row in cursor.fetchall())
        for table in tables:
            cursor.execute(f"SELECT * FROM `{table}`")
            yield table, sorted(repr(tuple(row)) for row in cursor.fetchall())


def dump_difference(before: Mapping[str, list[str]], after: Mapping[str, list[str]]) -> dict[str, Any]:
    """The tables whose rows differ, with the rows only one side has (a few of each)."""
    changed = {}
    for table in sorted(set(before) | set(after)):
        old, new = set(before.get(table, ())), set(after.get(table, ()))
        if old != new:
            changed[table] = {"gone": sorted(old - new)[:3], "new": sorted(new - old)[:3]}
    return changed


# --- request parts both tiers build ---------------------------------------------------------------


def new_memory(http: httpx.Client, scope_id: str, text: str) -> str:
    """A new Atomic Memory (``text`` plus a unique suffix) in ``scope_id``; its id."""
    created = http.post(
        f"/v1/scopes/{scope_id}/artifacts",
        json={"family": "atomic-memory", "content": {"kind": "fact", "text": f"{text} {uuid.uuid4().hex[:8]}"}},
    )
    assert created.status_code == 201, created.text
    return str(created.json()["artifact_id"])


def memory_input(memory: str) -> dict[str, Any]:
    """A lifecycle target or merge input: revision 1 of ``memory`` at state version 0."""
    return {"artifact": {"family": "atomic-memory", "artifact_id": memory, "revision": 1}, "state_version": 0}


def binding_key(integration: str) -> dict[str, str]:
    """A Scope binding key of its own."""
    return {"integration": integration, "kind": "workspace", "external_id": uuid.uuid4().hex}


def bootstrap_request(scope_id: str, event_id: str | None = None, **fields: Any) -> dict[str, Any]:
    """An enabled session-start bootstrap request for one host event (``fields`` change or add keys)."""
    request: dict[str, Any] = {
        "scope_id": scope_id,
        "enabled": True,
        "profile": "powercontext.scope-bootstrap.v1",
        "lifecycle": "startup",
        "integration": "claude-code",
        "max_bytes": 4096,
    }
    if event_id is not None:
        request["event_id"] = event_id
    return {**request, **fields}
