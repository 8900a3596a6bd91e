"""The contract gate: compiled JSON Schema validators, then the rules JSON Schema cannot say
(``contract.semantics``), in that order; every check of a message goes through here.

Every request body is checked before it is used and every response before it is sent. A
violation is reported as a JSON Pointer, a rule id (a JSON Schema keyword or one of
``SEMANTIC_RULES``) and a message built from schema names only, never from submitted values,
so violations are safe to log and to return.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

import jsonschema_rs

from pcreceipt.contract.digests import utf8
from pcreceipt.contract.semantics import (
    DEFAULT_ASSEMBLY_MAX_ENTRIES,
    DEFAULT_MAX_BYTES,
    RECEIPT_MAX_BYTES,
    SEMANTIC_RULES,
    Violation,
    check_cited,
    check_receipt_semantics,
    check_request_semantics,
    check_response_semantics,
    check_standalone_receipt_semantics,
    format_violation,
    pointer,
    receipt_linkage,
)

__all__ = [
    "DEFAULT_ASSEMBLY_MAX_ENTRIES",
    "DEFAULT_MAX_BYTES",
    "RECEIPT_MAX_BYTES",
    "SCHEMA_RULES",
    "SEMANTIC_RULES",
    "Violation",
    "check_cited",
    "check_prepare_request",
    "check_prepared_context",
    "check_receipt",
    "check_receipt_semantics",
    "check_schema",
    "check_schema_deep",
    "contract_document",
    "describe_rule",
    "discriminated_branch",
    "format_violation",
    "mcp_catalogue",
    "openapi_document",
    "pointer",
    "receipt_linkage",
    "validator",
    "well_formed",
]

_SAFE_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


# What a schema keyword means when only the rule id is known (a server's error details carry a
# JSON Pointer and a rule id, not the limits).
SCHEMA_RULES: dict[str, str] = {
    "minLength": "is too short",
    "maxLength": "is too long",
    "minimum": "is too small",
    "maximum": "is too large",
    "exclusiveMinimum": "is too small",
    "exclusiveMaximum": "is too large",
    "minItems": "has too few items",
    "maxItems": "has too many items",
    "pattern": "does not have the required form",
    "format": "is not in the required format",
    "required": "lacks a required property",
    "additionalProperties": "has a property the contract does not define",
    "unevaluatedProperties": "has a property the contract does not define",
    "type": "has the wrong type",
    "enum": "is not one of the allowed values",
    "const": "is not the required value",
    "oneOf": "matches none of the allowed forms",
    "anyOf": "matches none of the allowed forms",
    "not": "has a form that is not allowed here",
    "uniqueItems": "repeats an item",
}


def describe_rule(rule: str) -> str:
    """What a rule id means, for a violation known only by its path and rule."""
    return SEMANTIC_RULES.get(rule) or SCHEMA_RULES.get(rule) or "breaks a rule of the contract"


def _describe(error: Any) -> list[tuple[str, str, str | None]]:
    """(rule, message, property) of a jsonschema_rs error, without echoing any instance value: one
    per property for an object with several unknown ones."""
    keyword = str(error.schema_path[-1]) if error.schema_path else "schema"
    kind = error.kind
    if isinstance(kind, jsonschema_rs.ValidationErrorKind.Required):
        name = kind.property if isinstance(kind.property, str) and _SAFE_NAME.match(kind.property) else None
        return [(keyword, f"missing required property {kind.property!r}", name)]
    if isinstance(
        kind,
        (
            jsonschema_rs.ValidationErrorKind.AdditionalProperties,
            jsonschema_rs.ValidationErrorKind.UnevaluatedProperties,
        ),
    ):
        names = [n for n in getattr(kind, "unexpected", []) if isinstance(n, str)]
        safe = [n for n in names if _SAFE_NAME.match(n)]
        named: list[tuple[str, str, str | None]] = [(keyword, f"unknown property {n!r}", n) for n in safe]
        if len(safe) < len(names) or not names:  # a key that is not a plain name is never echoed
            named.append((keyword, "unknown property (an unexpected key)", None))
        return named
    described = _DESCRIPTIONS.get(type(kind).__name__)
    return [(keyword, described(kind) if described is not None else f"violates {keyword}", None)]


def _count(n: Any, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _listed(values: Any, limit: int = 8) -> str:
    shown = [json.dumps(v, ensure_ascii=False) for v in list(values)[:limit]]
    return ", ".join(shown) + (", …" if len(list(values)) > limit else "")


# Descriptions of JSON Schema failures, from the schema's own limits (never the submitted value).
_DESCRIPTIONS: dict[str, Any] = {
    "MinLength": lambda k: f"must be at least {_count(k.limit, 'character')} long",
    "MaxLength": lambda k: f"must be at most {_count(k.limit, 'character')} long",
    "Minimum": lambda k: f"must be at least {k.limit}",
    "Maximum": lambda k: f"must be at most {k.limit}",
    "ExclusiveMinimum": lambda k: f"must be greater than {k.limit}",
    "ExclusiveMaximum": lambda k: f"must be less than {k.limit}",
    "MinItems": lambda k: f"must hold at least {_count(k.limit, 'item')}",
    "MaxItems": lambda k: f"must hold at most {_count(k.limit, 'item')}",
    "MinProperties": lambda k: f"must hold at least {_count(k.limit, 'property')}",
    "MaxProperties": lambda k: f"must hold at most {_count(k.limit, 'property')}",
    "Type": lambda k: f"must be of type {' or '.join(str(t) for t in k.types)}",
    "Enum": lambda k: f"must be one of {_listed(k.options)}",
    "Constant": lambda k: f"must be {json.dumps(k.expected_value, ensure_ascii=False)}",
    "Pattern": lambda k: f"must match the pattern {k.pattern}",
    "Format": lambda k: f"must be a valid {k.format}",
    "UniqueItems": lambda k: "must not repeat an item",
    "OneOfNotValid": lambda k: "matches none of the allowed forms",
    "OneOfMultipleValid": lambda k: "matches more than one of the allowed forms",
    "AnyOf": lambda k: "matches none of the allowed forms",
    "Not": lambda k: "has a form that is not allowed here",
    "FalseSchema": lambda k: "is not allowed here",
    "MultipleOf": lambda k: f"must be a multiple of {k.multiple_of}",
}


@cache
def contract_document() -> dict[str, Any]:
    text = resources.files("pcreceipt._gen").joinpath("contract.schema.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


@cache
def openapi_document() -> dict[str, Any]:
    text = resources.files("pcreceipt._gen").joinpath("openapi.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


@cache
def mcp_catalogue() -> dict[str, Any]:
    """The MCP tool catalogue generated from the OpenAPI document (``codegen/mcp_catalogue.py``):
    ``tools`` (name, method, path, description, inputSchema, outputSchema, annotations, arguments,
    body, etag_envelope) and ``excluded_operations``."""
    text = resources.files("pcreceipt._gen").joinpath("mcp_tools.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


@cache
def validator(definition: str) -> Any:
    """A compiled validator for one definition of the contract, or a subschema of one given as
    ``Definition/json/pointer`` (cached per process). It carries only the definitions the one asked
    for reaches: compiling against all of ``$defs`` cost about 6 ms per definition, the reachable
    ones (4 on average, 34 at most) about 0.25 ms, and every process compiles each one it uses."""
    doc = contract_document()
    if definition.split("/", 1)[0] not in doc["$defs"]:
        raise KeyError(definition)
    schema: dict[str, Any] = {"$schema": doc["$schema"], "$ref": f"#/$defs/{definition}"}
    return jsonschema_rs.validator_for({**schema, "$defs": definitions_reached(schema)}, validate_formats=True)


def definitions_reached(schema: Any) -> dict[str, Any]:
    """The contract definitions, by name, that the ``$ref`` chains inside ``schema`` lead to: what
    a validator compiled for ``schema`` needs as its ``$defs``."""
    definitions = contract_document()["$defs"]
    names = set().union(*(reachable_definitions(name) for name in _referenced(schema)))
    return {name: definitions[name] for name in sorted(names)}


_DEFINITION_REF = "#/$defs/"


@cache
def reachable_definitions(name: str) -> frozenset[str]:
    """``name`` and every contract definition its ``$ref`` chains lead to (the contract refers only
    inside its own ``$defs``: ``#/$defs/Name`` or a pointer below one)."""
    definitions = contract_document()["$defs"]
    reached: set[str] = set()
    waiting = [name]
    while waiting:
        current = waiting.pop()
        if current not in reached:
            reached.add(current)
            waiting += _referenced(definitions[current])
    return frozenset(reached)


def _referenced(node: Any) -> list[str]:
    """The definitions the ``$ref`` keywords anywhere inside ``node`` name."""
    if isinstance(node, list):
        return [name for item in node for name in _referenced(item)]
    if not isinstance(node, dict):
        return []
    found = [name for value in node.values() for name in _referenced(value)]
    target = node.get("$ref")
    if isinstance(target, str):
        if not target.startswith(_DEFINITION_REF):
            raise ValueError(f"the contract refers outside its $defs: {target}")
        found.append(target[len(_DEFINITION_REF) :].split("/", 1)[0])
    return found


def discriminated_branch(definition: str, instance: Any) -> str | None:
    """For a ``oneOf`` definition with a ``discriminator``, the branch (``Definition/oneOf/i``)
    whose discriminator property is the ``const`` ``instance`` carries; otherwise None."""
    schema = contract_document()["$defs"][definition]
    name = schema.get("discriminator", {}).get("propertyName")
    if name is None or not isinstance(instance, dict):
        return None
    for i, branch in enumerate(schema.get("oneOf", [])):
        if branch.get("properties", {}).get(name, {}).get("const", object()) == instance.get(name):
            return f"{definition}/oneOf/{i}"
    return None


def check_schema_deep(definition: str, instance: Any, base: Sequence[str | int] = ()) -> list[Violation]:
    """``check_schema``, but where a discriminated ``oneOf`` fails for an instance that names one
    of its branches (an artifact request whose ``family`` is known), the violations of that
    branch: ``/content/text: minLength`` rather than ``/: oneOf``."""
    violations = check_schema(definition, instance, base)
    schema = contract_document()["$defs"][definition]
    name = schema.get("discriminator", {}).get("propertyName")
    if not violations or name is None or not isinstance(instance, dict) or name not in instance:
        return violations
    branch = discriminated_branch(definition, instance)
    if branch is None:
        known = [b["properties"][name]["const"] for b in schema["oneOf"]]
        return [Violation(pointer([*base, name]), "oneOf", f"must be one of {_listed(known)}")]
    return check_schema(branch, instance, base) or violations


def check_schema(definition: str, instance: Any, base: Sequence[str | int] = ()) -> list[Violation]:
    """Schema violations of ``instance`` against one contract definition."""
    compiled = validator(definition)
    try:
        if compiled.is_valid(instance):
            return []
    except UnicodeEncodeError:  # a lone surrogate: validate the text as UTF-8 carries it (U+FFFD)
        instance = well_formed(instance)
        if compiled.is_valid(instance):
            return []
    out = []
    for error in compiled.iter_errors(instance):
        path = pointer([*base, *error.instance_path])
        out += [Violation(path, rule, message, name) for rule, message, name in _describe(error)]
    return out


def well_formed(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings and keys replaced by U+FFFD."""
    if isinstance(value, str):
        return utf8(value).decode("utf-8")
    if isinstance(value, list):
        return [well_formed(v) for v in value]
    if isinstance(value, dict):
        return {well_formed(k): well_formed(v) for k, v in value.items()}
    return value


# --------------------------------------------------------------------------------------------
# Requests and responses: the schema, then the semantic rules


def check_prepare_request(request: Any, *, assembly_max_entries: int = DEFAULT_ASSEMBLY_MAX_ENTRIES) -> list[Violation]:
    """Schema and semantic rules of a prepare request, with the server's ``assembly_max_entries``."""
    return check_schema("PrepareContextRequest", request) or check_request_semantics(
        request, assembly_max_entries=assembly_max_entries
    )


def check_prepared_context(
    response: Any,
    *,
    max_bytes: int | None = None,
    include_receipt: bool | None = None,
    explain: bool | None = None,
) -> list[Violation]:
    """Schema and semantic rules of a PreparedContext.

    ``max_bytes``, ``include_receipt`` and ``explain`` are what the request said, when known
    (a host validator knows max_bytes; the server knows all three).
    """
    violations = check_schema("PreparedContext", response)
    if violations or not isinstance(response, Mapping):
        return violations
    return check_response_semantics(response, max_bytes=max_bytes, include_receipt=include_receipt, explain=explain)


def check_receipt(
    receipt: Any, *, content: str | None, content_bytes: int, max_bytes: int | None, serialised: bytes | None = None
) -> list[Violation]:
    """A standalone Receipt against the response it will be attached to (used before attaching).

    ``serialised``: the Receipt's wire bytes when the caller already has them (they are what the
    byte budget is measured on; otherwise they are computed here)."""
    violations = check_schema("PreparedContextReceipt", receipt)
    if violations:
        return violations
    return check_standalone_receipt_semantics(
        receipt, content=content, content_bytes=content_bytes, max_bytes=max_bytes, serialised=serialised
    )
