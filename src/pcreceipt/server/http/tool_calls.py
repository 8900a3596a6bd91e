"""One MCP tool call: its flat arguments back into the operation's HTTP request, through the
operation's own endpoint, and the HTTP answer as a tool result.

Arguments go where the catalogue says (path, query, header or body field). Values become text as an
HTTP client would write them (an integer in decimal, a boolean as ``true``/``false``, a list as a
repeated query parameter; null leaves the parameter out). An argument the catalogue does not know
goes into the body, where the body check refuses it like any undeclared field; an operation without
a body refuses it here, with the same ``invalid_request`` shape. A parameter argument whose schema is
a ``const`` (the catalogue's ``x-pcreceipt-mcp.only``: ``replace_artifact`` writes Atomic Memory
only, as PowerContext 1.4.1's tool does) with any other value is refused here too, before the
operation runs: 422 ``invalid_request``, rule ``const`` at ``/path/family``; nothing is written.
The request is built as an ASGI scope with the MCP request's own request id, its ``Authorization``
header and its client address.

Results (``docs/decisions.md``, "MCP"):
- A 2xx answer: its JSON as ``structuredContent`` and the same JSON (compact, as HTTP sends it) as
  one text item; a document (``get_handoff_report``'s Markdown) as one text item alone.
  ``get_artifact`` and ``replace_artifact`` answer ``{artifact, etag, status_code}``
  (a conditional ``get_artifact`` 304: ``artifact`` null).
- Any other status: ``isError`` with one text item ``Error calling tool '<tool>': HTTP error
  <status>: <reason> - <the error envelope as JSON>`` (PowerContext's prefix; its body is a Python
  repr, ours is JSON so a client can parse it). A 304 of another operation is an error too, as
  PowerContext's client treats every non-2xx status.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any
from urllib.parse import quote, urlencode

import mcp.types as types
from starlette.requests import Request
from starlette.responses import Response

from pcreceipt.contract.digests import wire_bytes
from pcreceipt.errors import InternalError, InvalidRequest
from pcreceipt.server.http.endpoint import PathEndpoint
from pcreceipt.server.http.middleware import new_request_id

log = logging.getLogger("pcreceipt.server")
JSON = b"application/json"


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """One tool of the generated catalogue."""

    name: str
    method: str
    path: str
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any] | None
    annotations: dict[str, bool] | None  # None: the tool has no annotations (1.4.1 sets none for it)
    arguments: Mapping[str, Mapping[str, str]]
    has_body: bool
    etag_envelope: bool

    @classmethod
    def of(cls, tool: Mapping[str, Any]) -> ToolSpec:
        return cls(
            name=tool["name"],
            method=tool["method"],
            path=tool["path"],
            description=tool["description"],
            input_schema=tool["inputSchema"],
            output_schema=tool["outputSchema"],
            annotations=tool["annotations"],
            arguments=tool["arguments"],
            has_body=tool["body"],
            etag_envelope=tool["etag_envelope"],
        )


@dataclass
class HttpRequest:
    """The parts of the HTTP request a tool call stands for."""

    path: dict[str, str]
    query: list[tuple[str, str]]
    headers: dict[str, str]
    body: dict[str, Any] | None


def _text(value: Any) -> str | None:
    """A scalar argument as HTTP text; None for anything else."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return str(value)
    return None


def _latin1(text: str) -> bool:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def _violation(location: str, name: str, rule: str) -> dict[str, str]:
    return {"path": f"/{location}/{name}" if location else f"/{name}", "rule": rule}


def split_arguments(spec: ToolSpec, arguments: Mapping[str, Any]) -> HttpRequest:
    """The HTTP request ``arguments`` stand for; ``InvalidRequest`` when one cannot be written as HTTP."""
    request = HttpRequest(path={}, query=[], headers={}, body={} if spec.has_body else None)
    violations: list[dict[str, str]] = []
    for argument, value in arguments.items():
        target = spec.arguments.get(argument)
        if target is None or target["in"] == "body":
            if request.body is None:
                violations.append(_violation("", argument, "additionalProperties"))
            else:
                request.body[target["name"] if target else argument] = value
            continue
        location, name = target["in"], target["name"]
        only = spec.input_schema["properties"].get(argument, {})
        if "const" in only and value != only["const"]:
            violations.append(_violation(location, name, "const"))  # the tool takes only that value
            continue
        if value is None:
            continue  # null: the parameter is not sent
        if location == "query" and isinstance(value, list):
            texts = [_text(item) for item in value]
            if all(text is not None for text in texts):
                request.query += [(name, text) for text in texts if text is not None]
                continue
        text = _text(value)
        if location == "header" and text is not None and not _latin1(text):
            text = None  # an HTTP header cannot carry it
        if text is None or (location == "path" and isinstance(value, bool | float)):
            violations.append(_violation(location, name, "type"))
        elif location == "path":
            request.path[name] = text
        elif location == "query":
            request.query.append((name, text))
        else:
            request.headers[name] = text
    if violations:
        raise InvalidRequest("A tool argument is invalid.", {"violations": violations})
    return request


def _concrete_path(template: str, values: Mapping[str, str]) -> str:
    path = template
    for name, value in values.items():
        path = path.replace("{" + name + "}", quote(value, safe=""))
    return path


def _scope(spec: ToolSpec, request: HttpRequest, outer: Request | None) -> dict[str, Any]:
    headers = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in request.headers.items()]
    if request.body is not None:
        headers.append((b"content-type", JSON))
    if outer is not None and "authorization" in outer.headers:
        headers.append((b"authorization", outer.headers["authorization"].encode("latin-1")))
    outer_scope: Mapping[str, Any] = outer.scope if outer is not None else {}
    request_id = outer_scope.get("state", {}).get("request_id") or new_request_id()
    path = _concrete_path(spec.path, request.path)
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": spec.method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode("latin-1", "replace"),
        "root_path": "",
        "query_string": urlencode(request.query).encode("ascii"),
        "headers": headers,
        "path_params": request.path,
        "client": outer_scope.get("client"),
        "server": outer_scope.get("server"),
        "state": {"request_id": request_id, "transport": "mcp"},
    }


def _body_bytes(body: dict[str, Any] | None) -> bytes:
    """The JSON body as a client would send it. ASCII escapes, so a string Python holds but UTF-8
    cannot (a lone surrogate) reaches the body check, which refuses it as over HTTP."""
    if body is None:
        return b""
    try:
        return json.dumps(body, ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode("ascii")
    except (ValueError, RecursionError):
        raise InvalidRequest(
            "The tool arguments are not a JSON body.", {"violations": [{"path": "", "rule": "json_syntax"}]}
        ) from None


async def _respond(spec: ToolSpec, endpoint: PathEndpoint, request: HttpRequest, outer: Request | None) -> Response:
    body = _body_bytes(request.body)
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return await endpoint.handle(Request(_scope(spec, request, outer), receive))


def error_result(name: str, message: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=message)], isError=True)


def _http_error(name: str, status: int, body: bytes) -> types.CallToolResult:
    try:
        reason = HTTPStatus(status).phrase
    except ValueError:
        reason = "Unknown"
    shown = body.decode("utf-8", "replace") if body else "null"
    return error_result(name, f"Error calling tool '{name}': HTTP error {status}: {reason} - {shown}")


def _result(spec: ToolSpec, response: Response) -> types.CallToolResult:
    status = response.status_code
    body = bytes(response.body)
    if spec.etag_envelope and (200 <= status < 300 or status == 304) and "etag" in response.headers:
        structured: Any = {
            "artifact": None if status == 304 or not body else json.loads(body),
            "etag": response.headers["etag"],
            "status_code": status,
        }
        text = wire_bytes(structured).decode("utf-8")
    elif 200 <= status < 300:
        document = not response.headers.get("content-type", "application/json").startswith("application/json")
        structured = json.loads(body) if body and not document else None
        text = body.decode("utf-8") if body else ""
    else:
        return _http_error(spec.name, status, body)
    content = [types.TextContent(type="text", text=text)] if text else []
    return types.CallToolResult(content=content, structuredContent=structured, isError=False)


async def call_tool(
    spec: ToolSpec, endpoint: PathEndpoint, arguments: Mapping[str, Any], outer: Request | None
) -> types.CallToolResult:
    """The tool result of one call of ``spec`` with ``arguments``, answered by the operation's endpoint."""
    try:
        request = split_arguments(spec, arguments)
        return _result(spec, await _respond(spec, endpoint, request, outer))
    except InvalidRequest as exc:
        return _http_error(spec.name, exc.status, wire_bytes(exc.envelope()))
    except Exception as exc:  # the endpoint answers every error itself; this is the last resort
        log.error("MCP tool call failed tool=%s type=%s", spec.name, type(exc).__name__)
        failure = InternalError("An unexpected error occurred.")
        return _http_error(spec.name, failure.status, wire_bytes(failure.envelope()))
