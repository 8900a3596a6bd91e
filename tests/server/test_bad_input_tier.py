"""The bad-input tier: every served operation, refused properly, and nothing written by a refusal.

The operations are those of the document the server serves (``GET /openapi.json``; the test of
coverage fails when the served document and the tier's parametrisation differ, or an operation
lacks a valid request to break). Per operation, on SQLite and on OceanBase, one valid request
(built by ``_support.bad_input_bases.BASES``; sent last, it must succeed, so each probe breaks
exactly one thing) is broken one way at a time:

- every path id: an encoded slash (``%2F``), an encoded traversal (``..%2F..%2Fetc%2Fpasswd``), a
  NUL (``%00``), a non-UTF-8 byte (``%FF``), one past its schema's bound;
- the query: an unknown parameter, ``tag_match=bad``, and per declared parameter one past each
  bound, a wrong type, a NUL and a non-UTF-8 byte;
- the body: non-UTF-8 bytes, a raw NUL, wrong content types, a body declared one byte past the
  server's limit (``Settings.max_body_bytes``), and one past every bound of the request schema
  (maxLength, minLength, maxItems, minItems, maximum, minimum) on the valid body;
- the route: another method on the operation's path, and an unknown sub-route.

Every answer must be a 4xx in the error envelope with a code of the closed set the document
declares, and show nothing internal (``_support.tiers.refusal_problems``); the store's every
table is the same after the operation's probes as before (``store_dump``). Then schemathesis'
negative mode (fixed seed, ``PCRECEIPT_BAD_INPUT_EXAMPLES`` per operation, default 6) generates
more requests per operation with a body or query parameters against the SQLite server; those that
break the path, query or body schema (``_breaks_the_contract``) are checked the same way.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

import httpx
import pytest
import requests
from _support import fuzzing
from _support.bad_input_bases import BASES, SOURCE_FILE, Base, Tier, topic_base
from _support.bounds import body_bounds, one_past_number, one_past_string, set_pointer, valid, wire_valid
from _support.engines import ENGINES, open_engine_store
from _support.servers import running
from _support.tiers import (
    ServedOperation,
    bundled_operations,
    dump_difference,
    error_codes,
    internal_text,
    refusal_problems,
    served_operations,
    store_dump,
)
from hypothesis import HealthCheck, Phase, given, settings
from jsonschema import Draft202012Validator
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult
from schemathesis import GenerationMode
from schemathesis.core import NOT_SET

from pcreceipt.config import Settings
from pcreceipt.contract import gate
from pcreceipt.server.app import create_app

OPERATIONS = bundled_operations()
EXAMPLES = int(os.environ.get("PCRECEIPT_BAD_INPUT_EXAMPLES", "6"))
DOCUMENT = gate.openapi_document()
CODES = error_codes(DOCUMENT)
MIB = 1024 * 1024


@pytest.fixture(scope="module", params=ENGINES)
def tier(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Tier]:
    engine = str(request.param)
    if engine == "oceanbase":
        request.getfixturevalue("seekdb_server")
    workdir = tmp_path_factory.mktemp(f"bad-input-{engine}")
    store = open_engine_store(engine, workdir)
    settings = Settings(data_dir=workdir)
    try:
        with running(create_app(settings, store=store)) as url, httpx.Client(base_url=url, timeout=60) as http:
            created = http.post(
                "/v1/scopes", json={"title": "bad input", "summary": "the tier's Scope", "idempotency_key": "tier"}
            )
            assert created.status_code == 201, created.text
            scope_id = created.json()["scope_id"]
            indexed = http.put(
                f"/v1/scopes/{scope_id}/code",
                json={"files": [{"path": "src/tier.py", "content": SOURCE_FILE.decode()}]},
            )
            assert indexed.status_code == 200, indexed.text
            yield Tier(
                engine,
                workdir,
                settings,
                url,
                http,
                scope_id,
                indexed.json()["fingerprint"],
                hashlib.sha256(SOURCE_FILE).hexdigest(),
            )
    finally:
        store.close()


#: Operations that read no artifact: a NUL in an unpatterned artifact id is refused like any other (1.4.1).
NO_ARTIFACT_LOOKUP = {"get_memory_entry_tags", "replace_memory_entry_tags"}


# --- probes ---------------------------------------------------------------------------------------


@dataclass
class Probe:
    """One broken request and what its refusal must be."""

    name: str
    method: str
    path: str  # percent-encoded as sent
    query: str = ""  # percent-encoded as sent
    headers: dict[str, str] = field(default_factory=dict)
    content: bytes | None = None
    status: tuple[int, ...] = ()
    code: tuple[str, ...] = ()
    violation: str | None = None


PARAMETER = (400, 422)  # a refused parameter: 400 under /v1/scopes/, 422 elsewhere (HOSTS.md §2.1)
NOT_FOUND_OR_INVALID = (400, 404, 422)


def _fill(operation: ServedOperation, values: dict[str, str]) -> str:
    path = operation.path
    for name, value in values.items():
        path = path.replace("{" + name + "}", value)
    return path


def _path_values(tier: Tier, base: Base) -> dict[str, str]:
    return {"scope_id": tier.scope_id, **base.path}


def probes(operation: ServedOperation, tier: Tier, base: Base) -> list[Probe]:
    values = _path_values(tier, base)
    path = _fill(operation, values)
    query = urlencode(base.query)
    headers = {**base.headers}
    content = None if base.body is None else json.dumps(base.body).encode()
    if content is not None:
        headers["Content-Type"] = "application/json"
    join = "&" if query else ""

    def probe(name: str, **changes: Any) -> Probe:
        fields: dict[str, Any] = {"method": operation.method, "path": path, "query": query, "headers": headers}
        fields["content"] = content
        return Probe(name, **{**fields, **changes})

    found: list[Probe] = []
    # path ids: a NUL after an artifact id is an artifact that does not exist (PowerContext's 404)
    for parameter in operation.params("path"):
        name, valid, schema = parameter["name"], values[parameter["name"]], parameter["schema"]
        # an id whose schema has no pattern takes NUL and names no artifact (404, as PowerContext 1.4.1's tag
        # operations answer); where the schema's pattern refuses it, it is a 422, as 1.4.1's artifact reads answer
        nul: dict[str, Any] = {}
        if name == "artifact_id" and operation.operation_id not in NO_ARTIFACT_LOOKUP:
            nul = (
                {"status": (422,), "code": ("invalid_request",)}
                if "pattern" in schema
                else {"status": (404,), "code": ("artifact_not_found",)}
            )
        broken = [
            ("slash", f"{valid}%2Fx", {}),
            ("traversal", "..%2F..%2Fetc%2Fpasswd", {}),
            ("nul", f"{valid}%00", nul),
            ("non_utf8", f"{valid}%FF", {}),
        ]
        if schema.get("type") == "integer":
            broken += [(rule, str(past), {}) for rule, past in one_past_number(schema)]
        elif "maxLength" in schema:  # only the upper bound: an empty segment is another route, not an empty id
            broken.append(("maxLength", quote((valid + "x" * schema["maxLength"])[: schema["maxLength"] + 1]), {}))
        for kind, segment, expected in broken:
            path_ = _fill(operation, {**values, name: segment})
            found.append(probe(f"path:{name}:{kind}", path=path_, **{"status": NOT_FOUND_OR_INVALID, **expected}))
    # query
    for extra in ("pcreceipt_unknown=1", "tag_match=bad"):
        found.append(
            probe(
                f"query:{extra}",
                query=query + join + extra,
                status=PARAMETER,
                code=("invalid_request",),
            )
        )
    for parameter in operation.params("query"):
        name, schema = parameter["name"], parameter["schema"]
        others = urlencode({k: v for k, v in base.query.items() if k != name})
        sep = "&" if others else ""
        pasts: list[tuple[str, Any]] = (
            [*one_past_number(schema), ("type", "abc")] if schema.get("type") == "integer" else one_past_string(schema)
        )
        for rule, past in pasts:
            found.append(
                probe(
                    f"query:{name}:{rule}",
                    query=others + sep + urlencode({name: past}),
                    status=PARAMETER,
                    violation=f"/query/{name}",
                )
            )
        # a NUL where the schema refuses it (a free-text filter may hold one); non-UTF-8 bytes are never text
        if schema.get("type") == "integer" or not Draft202012Validator(schema).is_valid("x\x00"):
            found.append(probe(f"query:{name}:nul", query=others + sep + f"{name}=x%00", status=PARAMETER))
        found.append(probe(f"query:{name}:non_utf8", query=others + sep + f"{name}=x%FF", status=PARAMETER))
    # body
    if operation.body is not None:
        limit = tier.settings.max_body_bytes
        found += [
            probe(
                "body:non_utf8", content=b'{"scope_id": "\xff\xfe caf\xe9"}', status=(400,), code=("invalid_request",)
            ),
            probe("body:raw_nul", content=b'{"scope_id": "a\x00b"}', status=(400, 422)),
            probe("body:text_plain", headers={**headers, "Content-Type": "text/plain"}, status=(400, 415, 422)),
            probe(
                "body:form",
                headers={**headers, "Content-Type": "application/x-www-form-urlencoded"},
                status=(400, 415, 422),
            ),
            probe(
                "body:no_content_type",
                headers={k: v for k, v in headers.items() if k != "Content-Type"},
                status=(400, 415, 422),
            ),
            probe(
                "body:declared_past_limit",
                headers={**headers, "Content-Length": str(limit + 1)},
                content=b"",
                status=(413,),
                code=("request_too_large",),
            ),
        ]
        for pointer, rule, past in body_bounds(operation.body, base.body):
            found.append(
                probe(
                    f"body:{pointer}:{rule}",
                    content=json.dumps(set_pointer(base.body, pointer, past)).encode(),
                    status=(422,),
                    code=("invalid_request",),
                    violation=pointer,
                )
            )
    # routes: a method no template of this path serves, and a sub-route no template matches
    others = sorted(set(ROUTE_METHODS) - _routed(path))[:2]
    found += [probe(f"route:method:{method}", method=method, status=(405,)) for method in others]
    if not _routed(path + "/pcreceipt-unknown"):
        found.append(probe("route:unknown_subroute", path=path + "/pcreceipt-unknown", status=(404,)))
    return found


ROUTE_METHODS = ("GET", "PUT", "POST", "DELETE", "PATCH")
TEMPLATES = [
    (re.compile("^" + re.sub(r"\\{[^/]+?\\}", "[^/]+", re.escape(template)) + "$"), item)
    for template, item in DOCUMENT["paths"].items()
]


def _routed(path: str) -> set[str]:
    """The methods some template of the document serves at the concrete ``path``."""
    return {m.upper() for pattern, item in TEMPLATES if pattern.match(path) for m in item if m.upper() in ROUTE_METHODS}


def send(http: httpx.Client, probe: Probe) -> httpx.Response:
    target = f"{http.base_url}".rstrip("/") + probe.path + (f"?{probe.query}" if probe.query else "")
    if probe.name == "body:declared_past_limit":
        return _declared(target, probe)
    request = http.build_request(probe.method, target, headers=probe.headers, content=probe.content)
    if "Content-Type" not in probe.headers:
        request.headers.pop("Content-Type", None)
    return http.send(request)


def _declared(target: str, probe: Probe) -> httpx.Response:
    """A request whose head declares a body past the limit, sent on a raw socket (no body follows)."""
    url = httpx.URL(target)
    head = f"{probe.method} {url.raw_path.decode()} HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "".join(
        f"{k}: {v}\r\n" for k, v in probe.headers.items()
    )
    with socket.create_connection((url.host, url.port), timeout=10) as sock:
        sock.sendall(head.encode() + b"Connection: close\r\n\r\n")
        received = b""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            data = sock.recv(65536)
            if not data:
                break
            received += data
    status_line, _, rest = received.partition(b"\r\n")
    raw_headers, _, body = rest.partition(b"\r\n\r\n")
    parsed = [tuple(line.decode("latin-1").split(":", 1)) for line in raw_headers.split(b"\r\n") if b":" in line]
    return httpx.Response(
        int(status_line.split(b" ")[1]),
        headers=[(k.strip(), v.strip()) for k, v in parsed],
        content=body,
        request=httpx.Request(probe.method, target),
    )


def _check(tier: Tier, probes_: list[Probe]) -> list[str]:
    problems = []
    for probe in probes_:
        response = send(tier.http, probe)
        found = refusal_problems(
            response,
            CODES,
            status=probe.status,
            code=probe.code,
            violation=probe.violation,
            secrets=(str(tier.workdir),),
        )
        if found:
            target = probe.path + (f"?{probe.query}" if probe.query else "")
            problems.append(f"{probe.name} {probe.method} {target}: {'; '.join(found)}")
    return problems


# --- tests ----------------------------------------------------------------------------------------


def test_the_tier_covers_every_served_operation(tier: Tier) -> None:
    served = served_operations(tier.http.get("/openapi.json").json())
    assert [op.operation_id for op in served] == [op.operation_id for op in OPERATIONS]
    assert sorted(BASES) == [op.operation_id for op in served], "an operation without a valid request to break"


@pytest.mark.parametrize("operation", OPERATIONS, ids=[op.operation_id for op in OPERATIONS])
def test_bad_input_is_refused_in_the_envelope_and_writes_nothing(tier: Tier, operation: ServedOperation) -> None:
    base = BASES[operation.operation_id](tier)
    found = probes(operation, tier, base)
    assert len(found) >= 3, "every operation has cases"
    before = store_dump(tier.engine, tier.workdir)
    problems = _check(tier, found)
    changed = dump_difference(before, store_dump(tier.engine, tier.workdir))
    # the valid request, set up afresh (a probe the server wrongly accepted may have used the first
    # one's base), succeeds: each probe broke one thing only
    fresh = BASES[operation.operation_id](tier)
    control = tier.http.request(
        operation.method,
        _fill(operation, _path_values(tier, fresh)),
        params=fresh.query,
        headers=fresh.headers,
        json=fresh.body,
    )
    if control.status_code != fresh.ok:
        problems.append(f"control: the valid request answered {control.status_code}: {control.text[:300]}")
    assert not problems and not changed, "\n".join(problems) + (f"\nthe store changed: {changed}" if changed else "")


def test_unknown_routes_and_methods_answer_in_the_envelope(tier: Tier) -> None:
    cases = [
        Probe("unknown", "GET", "/v1/pcreceipt-unknown", status=(404,)),
        Probe("unknown_post", "POST", "/v1/pcreceipt-unknown", content=b"{}", status=(404,)),
        Probe("unknown_version", "GET", "/v2/scopes", status=(404,)),
        Probe("scope_subroute", "GET", f"/v1/scopes/{tier.scope_id}/pcreceipt-unknown", status=(404,)),
        # the encoded slashes stay inside the id: the path is create_artifact's, which GET does not take
        Probe("traversal", "GET", "/v1/scopes/..%2F..%2Fetc%2Fpasswd/artifacts", status=(404, 405)),
        Probe("delete_scope", "DELETE", f"/v1/scopes/{tier.scope_id}", status=(405,)),
        Probe("patch_scopes", "PATCH", "/v1/scopes", status=(405,)),
        Probe("get_prepare", "GET", "/v1/context/prepare", status=(405,)),
    ]
    before = store_dump(tier.engine, tier.workdir)
    problems = _check(tier, cases)
    assert dump_difference(before, store_dump(tier.engine, tier.workdir)) == {}
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("tier", ["sqlite"], indirect=True)
def test_a_body_one_byte_past_the_limit_is_refused_and_one_at_it_is_read(tier: Tier) -> None:
    """Real bytes: a body of exactly ``max_body_bytes`` reaches validation (refused for what it says,
    not for its size); one byte more is 413 ``request_too_large``."""
    limit = tier.settings.max_body_bytes
    prefix = json.dumps({"scope_id": tier.scope_id, "kind": "fact", "text": "x"}).encode()[:-1]
    at_limit = prefix + b" " * (limit - len(prefix) - 1) + b"}"
    assert len(at_limit) == limit
    path = "/v1/memory/remember"
    before = store_dump(tier.engine, tier.workdir)
    read = tier.http.post(path, content=at_limit, headers={"Content-Type": "application/json"})
    assert read.status_code == 200, read.text[:300]  # whitespace is JSON: the body is a valid request
    past = tier.http.post(path, content=at_limit + b" ", headers={"Content-Type": "application/json"})
    problems = refusal_problems(past, CODES, status=(413,), code=("request_too_large",))
    assert not problems, problems
    changed = dump_difference(before, store_dump(tier.engine, tier.workdir))
    assert set(changed) >= {"artifacts"}  # the one at the limit was stored, and only it
    assert len(changed["artifacts"]["new"]) == 1


def test_the_default_body_limit_is_16_mib() -> None:
    """The issue: the body limit becomes 16 MiB by default, and stays configurable."""
    assert Settings().max_body_bytes == 16 * MIB
    assert Settings(max_body_bytes=64 * 1024).max_body_bytes == 64 * 1024


#: Operations with a body or query parameters, which generated values reliably break; an operation
#: whose only input is its path ids has the targeted path probes above (a generated path id is
#: mostly valid text, or not sendable as one segment).
GENERATED = [op for op in OPERATIONS if op.params("query") or op.body is not None]


@pytest.fixture(scope="module")
def generated(tier: Tier) -> dict[str, Any]:
    schema = fuzzing.load(f"{tier.url}/openapi.json")
    return {result.ok().definition.raw["operationId"]: result.ok() for result in schema.get_all_operations()}


@pytest.mark.parametrize("tier", ["sqlite"], indirect=True)
@pytest.mark.parametrize("operation", GENERATED, ids=[op.operation_id for op in GENERATED])
def test_generated_bad_input_is_refused_in_the_envelope(
    tier: Tier, generated: dict[str, Any], operation: ServedOperation
) -> None:
    """Schemathesis' negative mode on the operation (fixed seed): every answer a proper refusal."""
    problems: list[str] = []
    count = [0]
    before = store_dump(tier.engine, tier.workdir)

    strategy = generated[operation.operation_id].as_strategy(generation_mode=GenerationMode.NEGATIVE)

    def call(case: Any) -> None:
        if not _breaks_the_contract(operation, case):
            return  # negative only in headers or cookies (a local-mode server reads no credential), or not at all
        count[0] += 1
        sent = case.call(base_url=tier.url, session=session)
        headers = [(name, value) for name, values in sent.headers.items() for value in values]
        response = httpx.Response(sent.status_code, headers=headers, content=sent.content)
        found = refusal_problems(response, CODES, secrets=(str(tier.workdir),))
        if found:
            sent_body = (sent.request.body or b"")[:300]
            problems.append(
                f"{sent.request.method} {sent.request.url} headers={dict(sent.request.headers)} body={sent_body!r}: "
                + "; ".join(found)
            )

    with requests.Session() as session:
        # negative mode may spend a small budget on header-only mutations (which part it mutates
        # depends on the strategy's shared state), so a run that broke nothing draws again, more
        for examples in (EXAMPLES, 4 * EXAMPLES, 16 * EXAMPLES):
            settings(
                max_examples=examples,
                deadline=None,
                database=None,
                derandomize=True,
                suppress_health_check=list(HealthCheck),
                phases=[Phase.explicit, Phase.generate],
            )(given(case=strategy)(call))()
            if count[0]:
                break
    assert count[0] > 0, "no generated request broke the contract"
    changed = dump_difference(before, store_dump(tier.engine, tier.workdir))
    assert not problems and not changed, "\n".join(problems[:20]) + (
        f"\nthe store changed: {changed}" if changed else ""
    )


def _breaks_the_contract(operation: ServedOperation, case: Any) -> bool:
    """Whether the generated ``case`` violates the operation's path, query or body schema (negative
    mode also mutates headers only, and may draw a value that is valid after all)."""
    for where, given_ in (("path", case.path_parameters or {}), ("query", case.query or {})):
        declared = {p["name"]: p for p in operation.params(where)}
        if set(given_) - set(declared):
            return True
        for name, parameter in declared.items():
            if name not in given_:
                if parameter.get("required"):
                    return True
            elif not wire_valid(parameter["schema"], given_[name]):
                return True
    if operation.body is None:
        return False
    body = case.body
    if body is NOT_SET:
        return True
    return not (case.media_type in (None, "application/json") and valid(operation.body, body))


# --- MCP: the same operations as tools ----------------------------------------------------------


def _tool_refusal_problems(result: CallToolResult, secrets: tuple[str, ...]) -> list[str]:
    """Why an MCP tool result is not a proper refusal: an error result whose text names a 4xx and
    carries the error envelope with a code of the closed set, and nothing internal."""
    if not result.isError:
        return [f"not an error: {str(result.structuredContent)[:200]}"]
    (item,) = result.content
    text = item.text if item.type == "text" else ""
    status = re.search(r"HTTP error (\d{3}): ", text)
    problems = [] if status and 400 <= int(status.group(1)) < 500 else [f"not a 4xx: {text[:200]}"]
    # the tool's name is in the text by design ("Error calling tool '<name>'"): not internal
    leaked = internal_text(text.split(" - ", 1)[-1], extra=secrets)
    if leaked:
        problems.append(f"internal text {leaked[:5]}")
    try:
        envelope = json.loads(text.split(" - ", 1)[1])
    except (IndexError, ValueError):
        return [*problems, f"no error envelope: {text[:200]}"]
    if gate.check_schema("ErrorEnvelope", envelope) != [] or envelope["error"]["code"] not in CODES:
        problems.append(f"not the error envelope of a closed code: {text[:200]}")
    return problems


@pytest.mark.anyio
async def test_mcp_tools_refuse_bad_arguments_in_the_envelope_and_write_nothing(tier: Tier) -> None:
    """Every MCP tool called with an unknown argument and none of its required ones, and
    replace_artifact on a Topic Memory (PowerContext's tool takes Atomic Memory only): refused as
    errors in the envelope, and the store unchanged."""
    topic = topic_base(tier).body["artifact"]
    topic_etag = tier.etag(f"/v1/scopes/{tier.scope_id}/artifacts/topic-memory/{topic['artifact_id']}")
    before = store_dump(tier.engine, tier.workdir)
    problems = []
    async with (
        streamable_http_client(f"{tier.url}/mcp/") as (read, write, _),
        ClientSession(read, write) as client,
    ):
        await client.initialize()
        tools = (await client.list_tools()).tools
        assert tools, "MCP serves no tool"
        for tool in tools:
            result = await client.call_tool(tool.name, {"pcreceipt_unknown": "1"})
            problems += [
                f"{tool.name} unknown argument: {p}" for p in _tool_refusal_problems(result, (str(tier.workdir),))
            ]
        replaced = await client.call_tool(
            "replace_artifact",
            {
                "scope_id": tier.scope_id,
                "family": "topic-memory",
                "artifact_id": topic["artifact_id"],
                "If-Match": topic_etag,
                "content": {"title": "Replaced", "summary": "through MCP", "detail": "replaced"},
            },
        )
        problems += [f"replace_artifact topic-memory: {p}" for p in _tool_refusal_problems(replaced, ())]
    changed = dump_difference(before, store_dump(tier.engine, tier.workdir))
    assert not problems and not changed, "\n".join(problems) + (f"\nthe store changed: {changed}" if changed else "")


# --- integral numbers: 1.0 is an integer -----------------------------------------------------------


def _integer_fields(schema: dict[str, Any], body: dict[str, Any]) -> dict[str, float]:
    """The body's top-level integer fields as floats of the same value (JSON Schema 2020-12 counts
    1.0 as an integer, as PowerContext 1.4.1's models do): the base's own value, else the default."""
    floats = {}
    for name, prop in (schema.get("properties") or {}).items():
        if prop.get("type") == "integer" or (isinstance(prop.get("type"), list) and "integer" in prop["type"]):
            value = body.get(name, prop.get("default"))
            if isinstance(value, int) and not isinstance(value, bool):
                floats[name] = float(value)
    return floats


INTEGRAL = [
    op
    for op in OPERATIONS
    if op.body is not None and any("integer" in str(p.get("type")) for p in (op.body.get("properties") or {}).values())
]


@pytest.mark.parametrize("tier", ["sqlite"], indirect=True)
@pytest.mark.parametrize("operation", INTEGRAL, ids=[op.operation_id for op in INTEGRAL])
def test_an_integer_field_sent_as_an_integral_float_is_read_as_the_integer(
    tier: Tier, operation: ServedOperation
) -> None:
    """``"limit": 20.0`` is the integer 20 to the schema, so the operation answers as it answers 20
    (a handler slicing with the float had answered 500)."""
    fresh = BASES[operation.operation_id](tier)
    assert operation.body is not None and isinstance(fresh.body, dict)
    floats = _integer_fields(operation.body, fresh.body)
    answer = tier.http.request(
        operation.method,
        _fill(operation, _path_values(tier, fresh)),
        params=fresh.query,
        headers=fresh.headers,
        json={**fresh.body, **floats},
    )
    assert answer.status_code == fresh.ok, (floats, answer.text[:300])
