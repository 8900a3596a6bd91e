"""A schema's bounds, one past each: the values the bad-input tier sends to break one rule at a time.

Every schema here is read against the document the server serves (``gate.openapi_document()``),
so a ``$ref`` resolves as the gate resolves it.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Iterator
from typing import Any

import jsonschema_rs

from _support.servers import CANARY
from _support.tiers import resolve
from pcreceipt.contract import gate

DOCUMENT = gate.openapi_document()


def one_past_string(schema: dict[str, Any]) -> list[tuple[str, str]]:
    cases = []
    if "maxLength" in schema:
        cases.append(("maxLength", (CANARY * (schema["maxLength"] // len(CANARY) + 2))[: schema["maxLength"] + 1]))
    if schema.get("minLength", 0) > 0:
        cases.append(("minLength", "x" * (schema["minLength"] - 1)))
    return cases


def one_past_number(schema: dict[str, Any]) -> list[tuple[str, int]]:
    cases = []
    if "maximum" in schema:
        cases.append(("maximum", schema["maximum"] + 1))
    if "exclusiveMaximum" in schema:
        cases.append(("exclusiveMaximum", schema["exclusiveMaximum"]))
    if "minimum" in schema:
        cases.append(("minimum", schema["minimum"] - 1))
    if "exclusiveMinimum" in schema:
        cases.append(("exclusiveMinimum", schema["exclusiveMinimum"]))
    return cases


def branch_of(schema: dict[str, Any], value: Any) -> dict[str, Any] | None:
    """The branch of a ``oneOf``/``anyOf`` that ``value`` (valid) satisfies, null aside."""
    branches = [resolve(DOCUMENT, b) for b in schema.get("oneOf", []) + schema.get("anyOf", [])]
    if value is None:  # an absent optional property: its first non-null branch
        return next((b for b in branches if b.get("type") != "null"), None)
    return next((b for b in branches if b.get("type") != "null" and valid(b, value)), None)


def body_bounds(schema: Any, value: Any, pointer: str = "") -> Iterator[tuple[str, str, Any]]:
    """(pointer, rule, one-past value) for every bound reachable in ``value`` (the valid body),
    and for optional scalar properties ``value`` lacks."""
    schema = resolve(DOCUMENT, schema)
    if "oneOf" in schema or "anyOf" in schema:
        branch = branch_of(schema, value)
        if branch is not None:
            yield from body_bounds(
                {**branch, **{k: v for k, v in schema.items() if k not in ("oneOf", "anyOf")}}, value, pointer
            )
        return
    kind = schema.get("type")
    if kind == "string" or (isinstance(value, str) and kind is None):
        for rule, past in one_past_string(schema):
            yield pointer, rule, past
    elif kind == "integer":
        for rule, past in one_past_number(schema):
            yield pointer, rule, past
    elif kind == "array" and isinstance(value, list):
        if "maxItems" in schema and value:
            yield pointer, "maxItems", [copy.deepcopy(value[0]) for _ in range(schema["maxItems"] + 1)]
        if schema.get("minItems", 0) > 0:
            yield pointer, "minItems", value[: schema["minItems"] - 1]
        if value and "items" in schema:
            yield from body_bounds(schema["items"], value[0], f"{pointer}/0")
    elif kind == "object" and isinstance(value, dict):
        for name, sub in schema.get("properties", {}).items():
            if name in value:
                yield from body_bounds(sub, value[name], f"{pointer}/{name}")
            else:
                sub = resolve(DOCUMENT, sub)
                if sub.get("type") in ("string", "integer"):
                    yield from body_bounds(sub, None, f"{pointer}/{name}")


def set_pointer(body: Any, pointer: str, value: Any) -> Any:
    body = copy.deepcopy(body)
    parts = pointer.split("/")[1:]
    target = body
    for part in parts[:-1]:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if isinstance(target, list):
        target[int(parts[-1])] = value
    else:
        target[parts[-1]] = value
    return body


@functools.lru_cache(maxsize=512)
def _validator(schema: str) -> Any:
    return jsonschema_rs.Draft202012Validator({"components": DOCUMENT["components"], **json.loads(schema)})


def valid(schema: dict[str, Any], value: Any) -> bool:
    """Whether ``value`` is valid for ``schema``, judged as the gate judges: patterns are ECMA-262
    regular expressions, so ``\\S`` finds U+001E non-blank where Python's ``re`` calls it space."""
    try:
        return bool(_validator(json.dumps(schema, sort_keys=True)).is_valid(value))
    except ValueError:  # not a JSON value at all (schemathesis' negative mode sends raw bytes too)
        return False


def wire_valid(schema: dict[str, Any], raw: Any) -> bool:
    """Whether a path or query value as sent (text) is valid for its parameter's schema."""
    values = raw if isinstance(raw, list) else [raw]
    if len(values) != 1:
        return False
    value = values[0]
    if schema.get("type") == "integer":
        try:
            value = int(str(value), 10)
        except ValueError:
            return False
    return isinstance(value, (str, int)) and valid(schema, value)
