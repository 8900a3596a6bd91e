"""Path, query and header parameters, checked against their schemas in the bundled OpenAPI document.

Decisions:
- The schemas come from ``gate.openapi_document()``, so a parameter's bounds live in one place
  (``schemas/openapi.json``); references are resolved against the contract's ``$defs``.
- Values arrive as text. A parameter whose schema is an integer must be plain decimal digits
  (optionally signed) and is converted before the schema check; a query parameter whose schema
  is an array is the parameter repeated (``tag=a&tag=b``), checked as the list of its values;
  anything else stays a string.
- The query is checked as strictly as a body, on every operation: a parameter the operation
  does not declare (violation ``/query``, ``additionalProperties``: the name is the client's and is
  never echoed) or one given twice that is not a list (``duplicate_parameter``: which value counts would be a guess)
  is 422 ``invalid_request``, as PowerContext 1.4.1 answers its listings' unknown or repeated
  parameters, and only once every declared parameter is valid (PowerContext checks the declared
  values first).
- A missing required *header* is not refused here: its meaning belongs to the operation
  (a missing ``If-Match`` on replace is 428 precondition_required, not 422).
- Violations point at ``/<location>/<name>`` (e.g. ``/query/limit``) and carry the schema
  keyword, never the value.
- The status is 422, except when a query parameter is among the violations of an operation
  whose path is under ``/v1/scopes/``: 400, as PowerContext answers there (``list_scopes`` itself,
  at ``/v1/scopes``, stays 422, as in PowerContext).
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

import jsonschema_rs
from starlette.datastructures import Headers, QueryParams

from pcreceipt.contract import gate
from pcreceipt.errors import BadRequest, InvalidRequest
from pcreceipt.models import Operation

Location = Literal["path", "query", "header"]
_INTEGER = re.compile(r"^-?[0-9]{1,10}$")
_COMPONENT_REF = "#/components/schemas/"
SCOPED_RESOURCES = "/v1/scopes/"


@dataclass(frozen=True, slots=True)
class ParameterSpec:
    """One declared parameter with its compiled schema."""

    name: str
    location: Location
    required: bool
    integer: bool
    array: bool
    default: Any
    validator: Any


@dataclass(frozen=True, slots=True)
class Parameters:
    """An operation's validated parameters by location (headers keyed by their declared name)."""

    path: dict[str, Any]
    query: dict[str, Any]
    headers: dict[str, str]


def _rewrite_refs(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {
            key: (
                "#/$defs/" + value[len(_COMPONENT_REF) :]
                if key == "$ref" and isinstance(value, str) and value.startswith(_COMPONENT_REF)
                else _rewrite_refs(value)
            )
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [_rewrite_refs(item) for item in schema]
    return schema


def _resolve(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> Mapping[str, Any]:
    while "$ref" in schema:
        schema = defs[str(schema["$ref"]).rsplit("/", 1)[-1]]
    return schema


def _declared(operation: Operation) -> list[dict[str, Any]]:
    document = gate.openapi_document()
    entry = document["paths"][operation.path][operation.method.lower()]
    out = []
    for parameter in entry.get("parameters", []):
        if "$ref" in parameter:
            parameter = document["components"]["parameters"][parameter["$ref"].rsplit("/", 1)[-1]]
        out.append(parameter)
    return out


@cache
def parameter_specs(operation: Operation) -> tuple[ParameterSpec, ...]:
    """The operation's parameters, compiled once per process."""
    contract = gate.contract_document()
    defs = contract["$defs"]
    specs = []
    for parameter in _declared(operation):
        schema = _rewrite_refs(parameter["schema"])
        resolved = _resolve(schema, defs)
        compiled = jsonschema_rs.validator_for(
            {"$schema": contract["$schema"], **schema, "$defs": gate.definitions_reached(schema)}
        )
        specs.append(
            ParameterSpec(
                name=parameter["name"],
                location=parameter["in"],
                required=bool(parameter.get("required", False)),
                integer=resolved.get("type") == "integer",
                array=resolved.get("type") == "array",
                default=resolved.get("default"),
                validator=compiled,
            )
        )
    return tuple(specs)


def _violation(location: Location, name: str, rule: str) -> dict[str, str]:
    return {"path": gate.pointer([location, name]), "rule": rule}


def _check(spec: ParameterSpec, raw: str) -> tuple[Any, str | None]:
    """(converted value, violated rule or None)."""
    value: Any = raw
    if spec.integer:
        if not _INTEGER.match(raw):
            return None, "type"
        value = int(raw)
    broken = _broken_rule(spec, value)
    return (value, None) if broken is None else (None, broken)


def _broken_rule(spec: ParameterSpec, value: Any) -> str | None:
    """The schema keyword ``value`` breaks first, or None when it is valid."""
    if spec.validator.is_valid(value):
        return None
    error = next(iter(spec.validator.iter_errors(value)))
    return str(error.schema_path[-1]) if error.schema_path else "schema"


def not_utf8(query_string: bytes) -> set[str]:
    """The names of the query parameters one of whose values is not UTF-8 once percent-decoded (the
    parsed query holds U+FFFD there, which no client sent)."""
    names: set[str] = set()
    for pair in query_string.split(b"&"):
        name, _, value = pair.partition(b"=")
        try:
            urllib.parse.unquote_to_bytes(value.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError:
            names.add(urllib.parse.unquote_plus(name.decode("latin-1"), errors="replace"))
    return names


def parse_parameters(
    operation: Operation,
    path_params: Mapping[str, str],
    query: QueryParams,
    headers: Headers,
    query_string: bytes = b"",
) -> Parameters:
    """The operation's parameters, typed and validated; ``InvalidRequest`` (422) on any violation
    (``BadRequest``, 400, for a declared query value under ``/v1/scopes/``, as PowerContext 1.4.1)."""
    out = Parameters(path={}, query={}, headers={})
    violations: list[dict[str, str]] = []
    strict: list[dict[str, str]] = []  # the query's own shape: a parameter not declared, or repeated
    specs = parameter_specs(operation)
    declared = {spec.name for spec in specs if spec.location == "query"}
    # a declared value that is not UTF-8 (an undeclared name is refused below, its name not echoed)
    violations += [_violation("query", name, "utf8") for name in sorted(not_utf8(query_string) & declared)]
    if any(name not in declared for name in query):
        strict.append({"path": "/query", "rule": "additionalProperties"})
    for spec in specs:
        raw: str | None
        if spec.location == "path":
            raw = path_params.get(spec.name)
        elif spec.location == "query" and spec.array:  # a list: the parameter repeated, in order
            listed = query.getlist(spec.name)
            broken = _broken_rule(spec, listed) if listed else None
            if broken is not None:
                violations.append(_violation("query", spec.name, broken))
            elif listed:
                out.query[spec.name] = listed
            continue
        elif spec.location == "query":
            values = query.getlist(spec.name)
            if len(values) > 1:
                strict.append(_violation("query", spec.name, "duplicate_parameter"))
                continue
            raw = values[0] if values else None
        else:
            raw = headers.get(spec.name)
        target = {"path": out.path, "query": out.query, "header": out.headers}[spec.location]
        if raw is None:
            if spec.required and spec.location != "header":
                violations.append(_violation(spec.location, spec.name, "required"))
            elif spec.default is not None:
                target[spec.name] = spec.default
            continue
        value, rule = _check(spec, raw)
        if rule is not None:
            violations.append(_violation(spec.location, spec.name, rule))
        else:
            target[spec.name] = value
    if violations:
        details = {"violations": violations[:64]}
        if operation.path.startswith(SCOPED_RESOURCES) and any(v["path"].startswith("/query/") for v in violations):
            raise BadRequest("A query parameter is invalid.", details)
        raise InvalidRequest("A request parameter is invalid.", details)
    if strict:
        raise InvalidRequest(
            "The query names a parameter the operation does not declare, or one twice.", {"violations": strict[:64]}
        )
    return out
