"""The MCP tool catalogue, generated from the bundled OpenAPI document (``src/pcreceipt/_gen/mcp_tools.json``).

One tool per operation, named by its operationId, except the operations the document's
``x-pcreceipt-mcp.excluded_operations`` lists. A tool's input is one flat object: the path, query
and header parameters and the JSON body's top-level fields side by side, as FastMCP projects an
OpenAPI operation (a parameter whose name a body field also uses gets the suffix ``__<location>``).
Each argument records where it goes back to (``arguments``), so the server can rebuild the HTTP
request without a second description of the operation.

Annotations: an operation's ``x-pcreceipt-mcp.effect`` names one of ``EFFECTS``, the classes
PowerContext 1.4.1 annotates its tools by (a read, a read of the external Skill registry, a write,
a write into the registry, an idempotent write, a replacing write); the tool gets that class's four
hints. An operation that declares no effect gets no annotations at all, as 1.4.1 leaves most of its
writes (``annotations`` is null in the catalogue and absent from ``tools/list``). The hints follow
1.4.1, not the HTTP method: several of 1.4.1's reads are POSTs.

An operation's ``x-pcreceipt-mcp.only`` names the one value its tool takes for an argument
(``replace_artifact``: ``family`` ``atomic-memory``): that argument's schema is a ``const``, and the
server refuses any other value before the operation runs (``pcreceipt.server.http.tool_calls``).

Output: the success body's definition (with the definitions it references) as ``outputSchema``;
``get_artifact`` and ``replace_artifact`` answer ``{artifact, etag, status_code}``, because a
tool result has no headers to carry the content ETag that a later ``If-Match`` needs.
"""

from __future__ import annotations

from typing import Any

from facts import strip_limits_extension

EXTENSION = "x-pcreceipt-mcp"
COMPONENTS = "#/components/schemas/"
DEFS = "#/$defs/"
ETAG_ENVELOPE = {"get_artifact": [200, 304], "replace_artifact": [200]}
METHODS = ("get", "put", "delete", "post", "patch")
HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
EFFECTS: dict[str, tuple[bool, bool, bool, bool]] = {
    # name: (readOnlyHint, destructiveHint, idempotentHint, openWorldHint)
    "read": (True, False, True, False),
    "external-read": (True, False, True, True),
    "write": (False, False, False, False),
    "external-write": (False, False, False, True),
    "idempotent-write": (False, False, True, False),
    "replacing-write": (False, True, True, False),
}


def _local_refs(node: Any) -> Any:
    """``node`` with OpenAPI component references pointed at the tool schema's own ``$defs``."""
    if isinstance(node, dict):
        return {
            key: (
                DEFS + value[len(COMPONENTS) :]
                if key == "$ref" and isinstance(value, str) and value.startswith(COMPONENTS)
                else _local_refs(value)
            )
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_local_refs(item) for item in node]
    return node


def _referenced(node: Any, definitions: dict[str, Any], into: dict[str, Any]) -> None:
    """Every definition ``node`` references, transitively, added to ``into``."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(DEFS):
            name = ref[len(DEFS) :]
            if name not in into:
                into[name] = definitions[name]
                _referenced(definitions[name], definitions, into)
        for key, value in node.items():
            if key != "$ref":
                _referenced(value, definitions, into)
    elif isinstance(node, list):
        for item in node:
            _referenced(item, definitions, into)


def _closed(schema: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with the definitions it needs under ``$defs`` (sorted, so the output is stable)."""
    needed: dict[str, Any] = {}
    _referenced(schema, definitions, needed)
    return {**schema, "$defs": {name: needed[name] for name in sorted(needed)}} if needed else schema


def _parameters(api: dict[str, Any], op: dict[str, Any]) -> list[dict[str, Any]]:
    shared = api.get("components", {}).get("parameters", {})
    out = []
    for parameter in op.get("parameters", []):
        if "$ref" in parameter:
            parameter = shared[parameter["$ref"].rsplit("/", 1)[-1]]
        out.append(parameter)
    return out


def _input_schema(api: dict[str, Any], op: dict[str, Any], definitions: dict[str, Any]) -> tuple[Any, Any]:
    """(the flat input schema, where each argument goes: ``{argument: {"in": location, "name": name}}``)."""
    body_schema: dict[str, Any] = {}
    body = op.get("requestBody")
    if body is not None:
        ref = body["content"]["application/json"]["schema"]["$ref"]
        body_schema = definitions[ref[len(COMPONENTS) :]]
        if "properties" not in body_schema:
            raise SystemExit(f"{op['operationId']}: the request body must be an object with properties to flatten")
    body_fields = body_schema.get("properties", {})
    properties: dict[str, Any] = {}
    arguments: dict[str, Any] = {}
    required: list[str] = []
    for parameter in _parameters(api, op):
        name, location = parameter["name"], parameter["in"]
        argument = f"{name}__{location}" if name in body_fields else name
        schema = dict(parameter["schema"])
        if parameter.get("description"):
            schema = {"description": parameter["description"], **schema}
        properties[argument] = schema
        arguments[argument] = {"in": location, "name": name}
        if parameter.get("required"):
            required.append(argument)
    for name, schema in body_fields.items():
        properties[name] = schema
        arguments[name] = {"in": "body", "name": name}
    for argument, value in op.get(EXTENSION, {}).get("only", {}).items():
        described = properties[argument].get("description")
        properties[argument] = {**({"description": described} if described else {}), "const": value}
    required += body_schema.get("required", [])
    schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    return _closed(_local_refs(schema), definitions), arguments


def _output_schema(op: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any] | None:
    """None also when a success may be a document of another media type (get_handoff_report's
    Markdown): an MCP output schema would demand structured content for every answer, so the tool
    declares none, as PowerContext 1.4.1's does."""
    for status, response in op["responses"].items():
        if status.startswith("2") and set(response.get("content", {})) - {"application/json"}:
            return None
    models = []
    for status, response in sorted(op["responses"].items()):
        content = response.get("content", {}).get("application/json") if status.startswith("2") else None
        if content and content["schema"]["$ref"] not in models:
            models.append(content["schema"]["$ref"])
    if not models:
        return None
    body: dict[str, Any] = {"$ref": models[0]} if len(models) == 1 else {"anyOf": [{"$ref": m} for m in models]}
    statuses = ETAG_ENVELOPE.get(op["operationId"])
    if statuses is not None:
        artifact = {"anyOf": [body, {"type": "null"}]} if 304 in statuses else body
        schema: dict[str, Any] = {
            "type": "object",
            "description": "The HTTP answer: its JSON body (null for a 304), its ETag and its status.",
            "properties": {
                "artifact": artifact,
                "etag": {"type": "string", "description": "The HTTP ETag, to send unchanged as If-Match."},
                "status_code": {"type": "integer", "enum": statuses},
            },
            "required": ["artifact", "etag", "status_code"],
            "additionalProperties": False,
        }
    else:
        name = models[0][len(COMPONENTS) :]
        if len(models) != 1 or definitions[name].get("type", "object") != "object":
            raise SystemExit(f"{op['operationId']}: an MCP result must be one object definition")
        schema = {"type": "object", **definitions[name]}  # MCP wants an object at the root
    return _closed(_local_refs(schema), definitions)


def _annotations(op: dict[str, Any]) -> dict[str, bool] | None:
    """The tool's hints from the operation's declared effect; None when it declares none."""
    effect = op.get(EXTENSION, {}).get("effect")
    if effect is None:
        return None
    if effect not in EFFECTS:
        raise SystemExit(f"{op['operationId']}: x-pcreceipt-mcp.effect {effect!r} is not one of {sorted(EFFECTS)}")
    return dict(zip(HINTS, EFFECTS[effect], strict=True))


def catalogue(api: dict[str, Any]) -> dict[str, Any]:
    """The tool catalogue of the bundled OpenAPI document ``api``, in document order."""
    schemas = api["components"]["schemas"].items()
    definitions = {name: _local_refs(strip_limits_extension(schema)) for name, schema in schemas}
    excluded = set(api.get(EXTENSION, {}).get("excluded_operations", []))
    tools = []
    for path, item in api["paths"].items():
        for method in METHODS:
            op = item.get(method)
            if op is None or op["operationId"] in excluded:
                continue
            input_schema, arguments = _input_schema(api, op, definitions)
            tools.append(
                {
                    "name": op["operationId"],
                    "method": method.upper(),
                    "path": path,
                    "description": " ".join(part for part in (op.get("summary"), op.get("description")) if part),
                    "inputSchema": input_schema,
                    "outputSchema": _output_schema(op, definitions),
                    "annotations": _annotations(op),
                    "arguments": arguments,
                    "body": "requestBody" in op,
                    "etag_envelope": op["operationId"] in ETAG_ENVELOPE,
                }
            )
    return {
        "generated": "Generated from schemas/openapi.json by codegen/generate.py; do not edit. "
        "Regenerate with `nox -s generate`.",
        "excluded_operations": sorted(excluded),
        "tools": tools,
    }
