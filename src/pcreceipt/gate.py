"""The contract gate: compiled JSON Schema validators plus the rules JSON Schema cannot say.

Every request body is checked before it is used and every response before it is sent. A
violation is reported as a JSON Pointer, a rule id (a JSON Schema keyword or one of
``SEMANTIC_RULES``) and a message built from schema names only, never from submitted values,
so violations are safe to log and to return.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import Any

import jsonschema_rs

from pcreceipt.digests import sha256_digest, utf8, wire_dumps
from pcreceipt.models import limits
from pcreceipt.prepare.citations import CitedItem, ContentFormError, parse_content

RECEIPT_MAX_BYTES = limits.PREPARED_CONTEXT_RECEIPT_SERIALIZED_BYTES_MAXIMUM
DEFAULT_MAX_BYTES = limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT
DEFAULT_ASSEMBLY_MAX_ENTRIES = limits.CONTEXT_ASSEMBLY_MAX_ENTRIES_DEFAULT

# Semantic rules: the ones JSON Schema cannot express. Ids are stable; the TypeScript validators
# and tests/vectors use the same ids.
SEMANTIC_RULES: dict[str, str] = {
    "content_bytes_utf8": "content_bytes equals the UTF-8 length of content",
    "content_within_max_bytes": "content_bytes does not exceed the request's max_bytes",
    "reason_requires_explain": "reason appears only when the request set explain",
    "receipt_requires_flag": "receipt appears only when the request set include_receipt to true",
    "receipt_requested_max_bytes": "requested_max_bytes equals the request's max_bytes",
    "receipt_used_bytes": "used_bytes equals content_bytes and does not exceed requested_max_bytes",
    "receipt_content_digest": "content_digest is the sha256 of the UTF-8 bytes of content",
    "receipt_truncated": "truncated is true iff a selected item is truncated",
    "receipt_size": f"the serialized Receipt is at most {RECEIPT_MAX_BYTES} UTF-8 bytes",
    "receipt_non_deterministic": "non_deterministic is true when a model-backed rerank configuration ran",
    "selected_kind_family": "a history item's kind equals its artifact family",
    "selected_identity_unique": "no identity is selected twice",
    "code_line_range": "end_line is not before start_line",
    "rounds_sequence": "rounds are numbered 0, 1, 2 in order; round 0 completed; only the last may have failed",
    "round_reference": "every search and rerank group names a round that exists",
    "searches_order": "search groups are unique and sorted by (round, family, mode, outcome, fallback_reason)",
    "rerank_config_id": "config_id equals config_digest",
    "rerank_configs_order": "rerank configs are unique and sorted by config_digest",
    "rerank_config_resolves": "every rerank group's config_id resolves to exactly one config",
    "rerank_config_used": "every rerank config is referenced by a rerank group",
    "reranks_order": "rerank groups are unique and sorted by (round, config_id, outcome, fallback_reason)",
    "rerank_prompt_version": "selected_version matches the built-in version or the prompt artifact revision",
    "rerank_prompt_scope": "a prompt artifact lives in the Scope the prompt was resolved for",
    "omitted_order": "omitted groups are unique and sorted by (family, reason)",
    "not_retrieved_exclusive": "a family flagged not_retrieved has no selected item and no other omission",
    "content_form": "a content with a Receipt is in a rendered form (JSON envelope or Markdown, code block)",
    "selected_cited": "selected names, in order, exactly the items content cites",
    "selected_rendered_bytes": "rendered_bytes is the UTF-8 size of the item's text in content",
    "selected_truncated_cited": "truncated is the truncation content states for the item",
    "stages_unique": "each stage appears once",
    "assembly_unique_families": "assembly sections name distinct families",
    "assembly_max_entries": "the sum of assembly section limits does not exceed the server's assembly_max_entries",
}

CODE_IDENTITY_FIELDS = ("scope_id", "fingerprint", "path", "file_sha256", "start_line", "end_line")
CODE_CITED_FIELDS = (*CODE_IDENTITY_FIELDS, "snippet_sha256")
_SAFE_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: where (JSON Pointer), which rule, and a content-free explanation."""

    path: str
    rule: str
    message: str
    """What is wrong, in words (no path, no rule id, no submitted value)."""
    property: str | None = None
    """For ``required``/``additionalProperties``/``unevaluatedProperties``: the property's name (a
    safe one only, see ``_SAFE_NAME``), so an error names the field, not only the object."""

    def as_dict(self) -> dict[str, str]:
        named = {"property": self.property} if self.property is not None else {}
        return {"path": self.path, "rule": self.rule, **named}

    def __str__(self) -> str:
        return format_violation(self.path, self.rule, self.message)


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


def format_violation(path: str, rule: str, description: str) -> str:
    """One violation as one line, the way every command prints it: ``path: rule — description``."""
    return f"{path or '/'}: {rule} — {description}"


def pointer(parts: Iterable[str | int]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


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
    ``Definition/json/pointer`` (cached per process)."""
    doc = contract_document()
    if definition.split("/", 1)[0] not in doc["$defs"]:
        raise KeyError(definition)
    schema = {"$schema": doc["$schema"], "$ref": f"#/$defs/{definition}", "$defs": doc["$defs"]}
    return jsonschema_rs.validator_for(schema, validate_formats=True)


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


def _v(path: Sequence[str | int], rule: str) -> Violation:
    p = pointer(path)
    return Violation(p, rule, SEMANTIC_RULES[rule])


# --------------------------------------------------------------------------------------------
# Requests


def check_prepare_request(request: Any, *, assembly_max_entries: int = DEFAULT_ASSEMBLY_MAX_ENTRIES) -> list[Violation]:
    violations = check_schema("PrepareContextRequest", request)
    if violations:
        return violations
    assembly = request.get("assembly")
    if assembly is not None:
        sections = assembly.get("sections", [])
        seen: set[str] = set()
        for i, section in enumerate(sections):
            if section["family"] in seen:
                violations.append(_v(["assembly", "sections", i, "family"], "assembly_unique_families"))
            seen.add(section["family"])
        if sum(s["limit"] for s in sections) > assembly_max_entries:
            violations.append(_v(["assembly", "sections"], "assembly_max_entries"))
    return violations


# --------------------------------------------------------------------------------------------
# Responses


def _strictly_sorted(keys: list[tuple[Any, ...]]) -> bool:
    return all(a < b for a, b in pairwise(keys))


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
    content = response["content"]
    content_bytes = response["content_bytes"]
    if content is not None and len(utf8(content)) != content_bytes:
        violations.append(_v(["content_bytes"], "content_bytes_utf8"))
    if max_bytes is not None and content_bytes > max_bytes:
        violations.append(_v(["content_bytes"], "content_within_max_bytes"))
    if explain is not None and not explain and "reason" in response:
        violations.append(_v(["reason"], "reason_requires_explain"))
    if include_receipt is not None and not include_receipt and "receipt" in response:
        violations.append(_v(["receipt"], "receipt_requires_flag"))
    if "receipt" in response:
        violations += check_receipt_semantics(
            response["receipt"], content=content, content_bytes=content_bytes, max_bytes=max_bytes, base=["receipt"]
        )
        violations += check_cited(content, response["receipt"]["selected"])
    return violations


def _cites(item: CitedItem, selected: Mapping[str, Any], current_scope: str | None) -> bool:
    """Whether the content's ``item`` cites the selected entry (a short ``artifact_ref`` names the
    current Scope; a Scope-qualified citation never does)."""
    address = selected.get("artifact_address")
    if address is None:
        code = selected["code_evidence"]
        return item.code is not None and all(item.code[key] == code[key] for key in CODE_CITED_FIELDS)
    artifact = address["artifact"]
    scope_id: str = address["scope_id"]
    if item.artifact != (artifact["family"], artifact["artifact_id"], artifact["revision"]):
        return False
    if item.scope_id is None:
        return scope_id == current_scope
    return item.scope_id == scope_id and scope_id != current_scope


def check_cited(content: str | None, selected: Sequence[Mapping[str, Any]]) -> list[Violation]:
    """A Receipt's ``selected`` against the items its content cites (``prepare.citations``): the
    same identities in the same order, each item's ``rendered_bytes`` and ``truncated``. The
    current Scope, which a short ``artifact_ref`` names, is the Scope selected for the first one."""
    try:
        cited = parse_content(content)
    except ContentFormError:
        return [_v(["content"], "content_form")]
    if len(cited) != len(selected):
        return [_v(["receipt", "selected"], "selected_cited")]
    current = next(
        (
            s["artifact_address"]["scope_id"]
            for c, s in zip(cited, selected, strict=True)
            if c.scope_id is None and "artifact_address" in s
        ),
        None,
    )
    out: list[Violation] = []
    for i, (item, entry) in enumerate(zip(cited, selected, strict=True)):
        if not _cites(item, entry, current):
            out.append(_v(["receipt", "selected", i], "selected_cited"))
            continue
        if len(utf8(item.text)) != entry["rendered_bytes"]:
            out.append(_v(["receipt", "selected", i, "rendered_bytes"], "selected_rendered_bytes"))
        if item.truncated != entry["truncated"]:
            out.append(_v(["receipt", "selected", i, "truncated"], "selected_truncated_cited"))
    return out


def check_receipt(
    receipt: Any, *, content: str | None, content_bytes: int, max_bytes: int | None, serialised: bytes | None = None
) -> list[Violation]:
    """A standalone Receipt against the response it will be attached to (used before attaching).

    ``serialised``: the Receipt's wire bytes when the caller already has them (they are what the
    byte budget is measured on; otherwise they are computed here)."""
    violations = check_schema("PreparedContextReceipt", receipt)
    if violations:
        return violations
    if (content is None) != (receipt["content_digest"] is None):
        violations.append(_v(["content_digest"], "receipt_content_digest"))
        return violations
    return check_receipt_semantics(
        receipt, content=content, content_bytes=content_bytes, max_bytes=max_bytes, serialised=serialised
    )


def receipt_linkage(
    receipt: Mapping[str, Any],
    *,
    content: str | None,
    content_bytes: int,
    max_bytes: int | None,
    base: Sequence[str | int] = (),
) -> list[Violation]:
    """The rules that tie a Receipt to its response: budget, used bytes, content digest."""
    out: list[Violation] = []
    b = list(base)
    if max_bytes is not None and receipt["requested_max_bytes"] != max_bytes:
        out.append(_v([*b, "requested_max_bytes"], "receipt_requested_max_bytes"))
    if receipt["used_bytes"] != content_bytes or receipt["used_bytes"] > receipt["requested_max_bytes"]:
        out.append(_v([*b, "used_bytes"], "receipt_used_bytes"))
    if content is not None and receipt["content_digest"] != sha256_digest(utf8(content)):
        out.append(_v([*b, "content_digest"], "receipt_content_digest"))
    return out


def check_receipt_semantics(
    receipt: Mapping[str, Any],
    *,
    content: str | None,
    content_bytes: int,
    max_bytes: int | None,
    base: Sequence[str | int] = (),
    serialised: bytes | None = None,
) -> list[Violation]:
    """The Receipt rules beyond its schema. Assumes the Receipt is schema-valid. ``serialised``:
    its wire bytes, when the caller already has them."""
    out = receipt_linkage(receipt, content=content, content_bytes=content_bytes, max_bytes=max_bytes, base=base)
    b = list(base)
    selected = receipt["selected"]
    if receipt["truncated"] != any(item["truncated"] for item in selected):
        out.append(_v([*b, "truncated"], "receipt_truncated"))
    size = len(serialised) if serialised is not None else len(utf8(wire_dumps(receipt)))
    if size > RECEIPT_MAX_BYTES:
        out.append(_v(b, "receipt_size"))

    identities: set[tuple[Any, ...]] = set()
    for i, item in enumerate(selected):
        address = item.get("artifact_address")
        if address is not None and address["artifact"]["family"] != item["kind"]:
            out.append(_v([*b, "selected", i, "kind"], "selected_kind_family"))
        code = item.get("code_evidence")
        if code is not None and code["end_line"] < code["start_line"]:
            out.append(_v([*b, "selected", i, "code_evidence", "end_line"], "code_line_range"))
        identity: tuple[Any, ...]
        if address is not None:
            artifact = address["artifact"]
            identity = (address["scope_id"], artifact["family"], artifact["artifact_id"], artifact["revision"])
        else:
            identity = tuple(code[k] for k in CODE_IDENTITY_FIELDS)
        if identity in identities:
            out.append(_v([*b, "selected", i], "selected_identity_unique"))
        identities.add(identity)

    retrieval = receipt["retrieval"]
    rounds = retrieval["rounds"]
    numbers = [r["round"] for r in rounds]
    failed_not_last = any(r["outcome"] == "expansion_failed" for r in rounds[:-1])
    if numbers != list(range(len(rounds))) or rounds[0]["outcome"] != "completed" or failed_not_last:
        out.append(_v([*b, "retrieval", "rounds"], "rounds_sequence"))
    known_rounds = set(numbers)

    searches = retrieval["searches"]
    for i, group in enumerate(searches):
        if group["round"] not in known_rounds:
            out.append(_v([*b, "retrieval", "searches", i, "round"], "round_reference"))
    search_keys = [(g["round"], g["family"], g["mode"], g["outcome"], g["fallback_reason"]) for g in searches]
    if not _strictly_sorted(search_keys):
        out.append(_v([*b, "retrieval", "searches"], "searches_order"))

    configs = retrieval["rerank_configs"]
    digests = [c["config_digest"] for c in configs]
    for i, config in enumerate(configs):
        if config["config_id"] != config["config_digest"]:
            out.append(_v([*b, "retrieval", "rerank_configs", i, "config_id"], "rerank_config_id"))
        prompt = config["prompt"]
        if prompt is not None:
            address = prompt["artifact_address"]
            expected = prompt["builtin_version"] if address is None else address["artifact"]["revision"]
            if prompt["selected_version"] != expected:
                out.append(
                    _v([*b, "retrieval", "rerank_configs", i, "prompt", "selected_version"], "rerank_prompt_version")
                )
            if address is not None and address["scope_id"] != prompt["scope_id"]:
                out.append(
                    _v([*b, "retrieval", "rerank_configs", i, "prompt", "artifact_address"], "rerank_prompt_scope")
                )
    if not _strictly_sorted([(d,) for d in digests]):
        out.append(_v([*b, "retrieval", "rerank_configs"], "rerank_configs_order"))
    if any(c["non_deterministic"] for c in configs) and not receipt["non_deterministic"]:
        out.append(_v([*b, "non_deterministic"], "receipt_non_deterministic"))

    reranks = retrieval["reranks"]
    referenced: set[str] = set()
    for i, group in enumerate(reranks):
        if group["round"] not in known_rounds:
            out.append(_v([*b, "retrieval", "reranks", i, "round"], "round_reference"))
        if digests.count(group["config_id"]) != 1:
            out.append(_v([*b, "retrieval", "reranks", i, "config_id"], "rerank_config_resolves"))
        referenced.add(group["config_id"])
    for i, config in enumerate(configs):
        if config["config_digest"] not in referenced:
            out.append(_v([*b, "retrieval", "rerank_configs", i], "rerank_config_used"))
    rerank_keys = [(g["round"], g["config_id"], g["outcome"], g["fallback_reason"]) for g in reranks]
    if not _strictly_sorted(rerank_keys):
        out.append(_v([*b, "retrieval", "reranks"], "reranks_order"))

    omitted = receipt["omitted"]
    if not _strictly_sorted([(g["family"], g["reason"]) for g in omitted]):
        out.append(_v([*b, "omitted"], "omitted_order"))
    flagged = {g["family"] for g in omitted if g["reason"] == "not_retrieved"}
    if flagged:
        clash = any(g["family"] in flagged and g["reason"] != "not_retrieved" for g in omitted) or any(
            item["kind"] in flagged for item in selected
        )
        if clash:
            out.append(_v([*b, "omitted"], "not_retrieved_exclusive"))

    names = [s["stage"] for s in receipt["stages"]]
    if len(names) != len(set(names)):
        out.append(_v([*b, "stages"], "stages_unique"))
    return out
