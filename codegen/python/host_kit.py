"""The hand-written half of pcreceipt_host_validators.py: a JSON Schema evaluator and the public
API. codegen/python/host_validators.py inlines it into the generated file.

Standard library only, Python 3.9+. The block between the ``host-kit: imports`` markers is for
linters and tests only: the generator drops it and puts the contract layer's own code (extracted
by name from src/pcreceipt/contract/: the gate's semantic rules, the content reader, the recall
diagnostic) in the generated file instead, so the names it imports are defined there. ``DEFS``
and ``PATTERNS`` are filled in by the generator from schemas/.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

# host-kit: imports (dropped by the generator)
from pcreceipt.contract.diagnostic import Request, request_facts
from pcreceipt.contract.gate import (
    DEFAULT_ASSEMBLY_MAX_ENTRIES,
    SCHEMA_RULES,
    Violation,
    check_prepare_request,
    check_prepared_context,
    pointer,
    well_formed,
)

# host-kit: end imports

# host-kit: schema
# The annotation-free JSON Schema 2020-12 definitions of the prepare messages (schemas/).
DEFS: dict[str, Any] = {}
# Each `pattern` of DEFS, as the equivalent Python regular expression (ECMA-262 semantics).
PATTERNS: dict[str, str] = {}
# host-kit: end schema

_COMPILED: dict[str, Any] = {}
_TYPES = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "number": lambda v: _is_number(v),
    "integer": lambda v: _is_number(v) and (isinstance(v, int) or float(v).is_integer()),
}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _json_equal(a: Any, b: Any) -> bool:
    """Equality of two JSON values (true is not 1; 1 is 1.0)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if _is_number(a) and _is_number(b):
        return bool(a == b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(a[i], b[i]) for i in range(len(a)))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and bool(a == b)


def _valid(schema: Any, value: Any, path: tuple[Any, ...]) -> tuple[bool, set[str]]:
    errors: list[tuple[tuple[Any, ...], str]] = []
    evaluated = _evaluate(schema, value, path, errors)
    return not errors, evaluated


def _evaluate(schema: Mapping[str, Any], value: Any, path: tuple[Any, ...], errors: list[Any]) -> set[str]:
    """Append (instance path, keyword) for each failed keyword of ``schema`` the way
    jsonschema-rs reports it (a failed anyOf/oneOf/not is one error at the value; allOf, $ref,
    then/else report what failed inside them); return the property names evaluated at ``value``
    (for unevaluatedProperties)."""
    evaluated: set[str] = set()
    is_object = isinstance(value, dict)
    for keyword, arg in schema.items():
        if keyword == "$ref":
            evaluated |= _evaluate(DEFS[arg.rsplit("/", 1)[-1]], value, path, errors)
        elif keyword == "type":
            if not any(_TYPES[t](value) for t in ([arg] if isinstance(arg, str) else arg)):
                errors.append((path, keyword))
        elif keyword == "const":
            if not _json_equal(value, arg):
                errors.append((path, keyword))
        elif keyword == "enum":
            if not any(_json_equal(value, option) for option in arg):
                errors.append((path, keyword))
        elif keyword in ("minLength", "maxLength", "pattern"):
            if isinstance(value, str) and not _string_ok(keyword, arg, value):
                errors.append((path, keyword))
        elif keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            if _is_number(value) and not _number_ok(keyword, arg, value):
                errors.append((path, keyword))
        elif keyword in ("minItems", "maxItems", "uniqueItems", "items"):
            if isinstance(value, list):
                _array(keyword, arg, value, path, errors)
        elif keyword == "required":
            if is_object:
                errors.extend((path, keyword) for name in arg if name not in value)
        elif keyword == "properties":
            if is_object:
                for name, sub in arg.items():
                    if name in value:
                        _evaluate(sub, value[name], (*path, name), errors)
                        evaluated.add(name)
        elif keyword == "additionalProperties":
            if is_object:
                extra = [name for name in value if name not in schema.get("properties", {})]
                evaluated.update(extra)
                if arg is False and extra:
                    errors.append((path, keyword))
                elif isinstance(arg, dict):
                    for name in extra:
                        _evaluate(arg, value[name], (*path, name), errors)
        elif keyword == "allOf":
            for sub in arg:
                evaluated |= _evaluate(sub, value, path, errors)
        elif keyword in ("anyOf", "oneOf"):
            passed = [names for ok, names in (_valid(sub, value, path) for sub in arg) if ok]
            failed = not passed if keyword == "anyOf" else len(passed) != 1
            if failed:
                errors.append((path, keyword))
            else:
                for names in passed:
                    evaluated |= names
        elif keyword == "not":
            if _valid(arg, value, path)[0]:
                errors.append((path, keyword))
        elif keyword == "if":
            ok, names = _valid(arg, value, path)
            branch = schema.get("then" if ok else "else")
            if ok:
                evaluated |= names
            if branch is not None:
                evaluated |= _evaluate(branch, value, path, errors)
    if is_object and schema.get("unevaluatedProperties") is False and any(n not in evaluated for n in value):
        errors.append((path, "unevaluatedProperties"))
    return evaluated


def _string_ok(keyword: str, arg: Any, value: str) -> bool:
    if keyword == "minLength":
        return bool(len(value) >= arg)
    if keyword == "maxLength":
        return bool(len(value) <= arg)
    compiled = _COMPILED.get(arg)
    if compiled is None:
        compiled = _COMPILED[arg] = re.compile(PATTERNS[arg])
    return compiled.search(value) is not None


def _number_ok(keyword: str, arg: Any, value: Any) -> bool:
    if keyword == "minimum":
        return bool(value >= arg)
    if keyword == "maximum":
        return bool(value <= arg)
    if keyword == "exclusiveMinimum":
        return bool(value > arg)
    return bool(value < arg)


def _array(keyword: str, arg: Any, value: list[Any], path: tuple[Any, ...], errors: list[Any]) -> None:
    if keyword == "items":
        for i, item in enumerate(value):
            _evaluate(arg, item, (*path, i), errors)
    elif keyword == "uniqueItems":
        repeated = any(_json_equal(value[i], value[j]) for i in range(len(value)) for j in range(i))
        if arg and repeated:
            errors.append((path, keyword))
    elif (keyword == "minItems" and len(value) < arg) or (keyword == "maxItems" and len(value) > arg):
        errors.append((path, keyword))


def check_schema(definition: str, instance: Any, base: Any = ()) -> list[Violation]:
    """Schema violations of ``instance`` against one definition (``DEFS``), as the gate reports
    them: a JSON Pointer and the failed keyword. A lone surrogate counts as U+FFFD."""
    errors: list[tuple[tuple[Any, ...], str]] = []
    _evaluate(DEFS[definition], well_formed(instance), (), errors)
    return [
        Violation(pointer([*base, *path]), rule, SCHEMA_RULES.get(rule, "breaks a rule of the contract"))
        for path, rule in errors
    ]


# -- the public API ------------------------------------------------------------------------------


def _result(violations: list[Violation]) -> dict[str, Any]:
    """{ok, violations: [{path, rule}]}, duplicates merged, in the order found (the TypeScript
    package's ValidationResult)."""
    out: list[dict[str, str]] = []
    for v in violations:
        entry = {"path": v.path, "rule": v.rule}
        if entry not in out:
            out.append(entry)
    return {"ok": not out, "violations": out}


def validate_prepared_context_for(
    response: Any,
    *,
    max_bytes: int | None = None,
    include_receipt: bool | None = None,
    explain: bool | None = None,
) -> dict[str, Any]:
    """A PreparedContext against what the request said (None: not known, not checked): the JSON
    Schema check, then the gate's semantic rules. Returns {ok, violations: [{path, rule}]}."""
    violations = check_prepared_context(response, max_bytes=max_bytes, include_receipt=include_receipt, explain=explain)
    return _result(violations)


def validate_prepared_context(response: Any, request: Request = None) -> dict[str, Any]:
    """The strict default check of a prepare response for a host that did not ask for a Receipt:
    a receipt key fails (receipt_requires_flag), so does a reason unless the request set explain.
    ``request``: the body the host sent (or its max_bytes); content_bytes must not exceed it."""
    max_bytes, explain = request_facts(request)
    return validate_prepared_context_for(response, max_bytes=max_bytes, include_receipt=False, explain=explain)


def validate_prepared_context_with_receipt(response: Any, request: Request = None) -> dict[str, Any]:
    """For a host that sent include_receipt: true: the same rules, then the optional receipt (its
    schema and every Receipt rule). A response without a receipt is still valid: the server drops
    a Receipt it cannot build within its byte budget."""
    max_bytes, explain = request_facts(request)
    return validate_prepared_context_for(response, max_bytes=max_bytes, include_receipt=True, explain=explain)


def validate_prepare_context_request(
    request: Any, assembly_max_entries: int = DEFAULT_ASSEMBLY_MAX_ENTRIES
) -> dict[str, Any]:
    """A prepare request body, with the server's assembly_max_entries."""
    return _result(check_prepare_request(request, assembly_max_entries=assembly_max_entries))
