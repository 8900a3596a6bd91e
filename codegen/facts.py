"""Contract facts: every limit, default, cap and vocabulary of the contract, as named constants.

``contract_facts(api)`` walks the bundled OpenAPI document and ``render_limits_py`` writes
``src/pcreceipt/_gen/limits.py`` (imported as ``pcreceipt.models.limits``); the naming scheme is
in codegen/README.md ("Contract facts"). ``strip_limits_extension`` removes the
``x-pcreceipt-limits`` extension before a document goes to a validator compiler that refuses
unknown keywords (ajv in strict mode). Used by ``generate.py``.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

HTTP_METHODS = ("get", "put", "post", "delete", "patch")
# The keywords that state a fact, and the suffix each gives a constant's name.
FACT_KEYWORDS = {
    "minimum": "MINIMUM",
    "maximum": "MAXIMUM",
    "exclusiveMinimum": "EXCLUSIVE_MINIMUM",
    "exclusiveMaximum": "EXCLUSIVE_MAXIMUM",
    "minLength": "MIN_LENGTH",
    "maxLength": "MAX_LENGTH",
    "minItems": "MIN_ITEMS",
    "maxItems": "MAX_ITEMS",
    "default": "DEFAULT",
    "const": "CONST",
    "enum": "ENUM",
}
# The extension by which a definition states a limit that no JSON Schema keyword can (a server
# setting's range, a size of the serialized message): {name: {keyword: value, "description": ...}}.
LIMITS_EXTENSION = "x-pcreceipt-limits"


class Fact(NamedTuple):
    """One fact: where the contract states it, the words of its name, its keyword and value."""

    source: str
    words: tuple[str, ...]
    keyword: str
    value: Any
    description: str | None = None

    @property
    def name(self) -> str:
        return "_".join(w.upper() for w in self.words) + "_" + FACT_KEYWORDS[self.keyword]

    @property
    def alias(self) -> str:
        """The ``Literal`` type alias of an enum: the words in PascalCase."""
        return "".join(w[:1].upper() + w[1:] for w in self.words)


def name_words(name: str) -> tuple[str, ...]:
    """``PrepareContextRequest`` -> (Prepare, Context, Request); ``max_bytes`` -> (max, bytes);
    ``If-None-Match`` -> (If, None, Match)."""
    words: list[str] = []
    for part in re.split(r"[_\-]", name):
        words += [w for w in re.split(r"(?<=[a-z0-9])(?=[A-Z])", part) if w]
    return tuple(words)


def _is_scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool)) or (
        isinstance(value, list) and all(isinstance(v, (str, int, float, bool)) for v in value)
    )


def schema_facts(schema: Any, words: tuple[str, ...], source: str) -> list[Fact]:
    """The facts of one schema and of the schemas inside it (properties, items, a map's values,
    the non-null branches of anyOf); never through a $ref (a definition states its own facts),
    never inside if/then/else/allOf/oneOf/not (conditional narrowings, not facts of their own)."""
    if not isinstance(schema, dict):
        return []
    out = [
        Fact(source, words, keyword, schema[keyword])
        for keyword in FACT_KEYWORDS
        if keyword in schema and _is_scalar(schema[keyword])
    ]
    for name, sub in schema.get("properties", {}).items():
        out += schema_facts(sub, words + name_words(name), f"{source}/properties/{name}")
    if isinstance(schema.get("items"), dict):
        out += schema_facts(schema["items"], (*words, "items"), f"{source}/items")
    if isinstance(schema.get("additionalProperties"), dict):
        out += schema_facts(schema["additionalProperties"], (*words, "values"), f"{source}/additionalProperties")
    for i, branch in enumerate(schema.get("anyOf", [])):
        out += schema_facts(branch, words, f"{source}/anyOf/{i}")
    for name, stated in schema.get(LIMITS_EXTENSION, {}).items():
        at = f"{source}/{LIMITS_EXTENSION}/{name}"
        unknown = set(stated) - set(FACT_KEYWORDS) - {"description"}
        if unknown:
            raise SystemExit(f"{at}: {LIMITS_EXTENSION} states unknown keywords {sorted(unknown)}")
        for keyword in FACT_KEYWORDS:
            if keyword in stated:
                out.append(Fact(at, words + name_words(name), keyword, stated[keyword], stated.get("description")))
    return out


def contract_facts(api: dict[str, Any]) -> list[Fact]:
    """Every fact of the bundled contract: definitions by name, then operation parameters in
    document order. Two facts with one name stop the generator (the scheme must stay unambiguous)."""
    facts: list[Fact] = []
    for name, schema in api["components"]["schemas"].items():
        facts += schema_facts(schema, name_words(name), f"#/components/schemas/{name}")
    for path, item in api["paths"].items():
        for method in HTTP_METHODS:
            op = item.get(method)
            for i, param in enumerate([] if op is None else op.get("parameters", [])):
                if "$ref" in param:
                    continue  # shared parameters are $refs to definitions, which state their facts
                source = f"#/paths/{path.replace('~', '~0').replace('/', '~1')}/{method}/parameters/{i}/schema"
                words = name_words(op["operationId"]) + name_words(param["name"])
                facts += schema_facts(param["schema"], words, source)
    seen: dict[str, str] = {}
    for fact in facts:
        if fact.name in seen:
            raise SystemExit(f"contract facts {seen[fact.name]} and {fact.source} would both be named {fact.name}")
        seen[fact.name] = fact.source
    return facts


def py_literal(value: Any) -> str:
    if isinstance(value, list):
        items = [py_literal(v) for v in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(value)


def render_limits_py(facts: list[Fact], file_header: str) -> str:
    """The module's text; ``file_header`` is the generated-file header line(s) it starts with."""
    lines = [
        file_header,
        '"""Every limit, default, constant and vocabulary the contract states, one named constant each.',
        "",
        "Import it as ``from pcreceipt.models import limits``. A constant's name is the schema path in",
        "UPPER_SNAKE_CASE plus the keyword: ``PrepareContextRequest.max_bytes`` ``maximum`` is",
        "``PREPARE_CONTEXT_REQUEST_MAX_BYTES_MAXIMUM``; an enum is a tuple (``..._ENUM``) and a",
        "``Literal`` alias named by the path in PascalCase (``OmissionReason``). The full scheme:",
        'codegen/README.md, "Contract facts".',
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final, Literal",
    ]
    section = described = None
    for fact in facts:
        definition = fact.source.split("/properties/", 1)[0].split(f"/{LIMITS_EXTENSION}/", 1)[0]
        if definition != section:
            section = definition
            lines += ["", f"# {definition}"]
        if fact.description and fact.source != described:
            described = fact.source
            lines.append(f"# {fact.description}")
        if fact.keyword == "enum":
            values = ", ".join(py_literal(v) for v in fact.value)
            lines.append(f"{fact.alias} = Literal[{values}]")
            lines.append(f"{fact.name}: Final[tuple[{fact.alias}, ...]] = {py_literal(fact.value)}")
        else:
            lines.append(f"{fact.name}: Final = {py_literal(fact.value)}")
    return "\n".join(lines) + "\n"


def strip_limits_extension(node: Any) -> Any:
    """``node`` without the ``x-pcreceipt-limits`` annotations (the ajv validators refuse unknown
    keywords in strict mode, and no validator or type needs them)."""
    if isinstance(node, dict):
        return {k: strip_limits_extension(v) for k, v in node.items() if k != LIMITS_EXTENSION}
    if isinstance(node, list):
        return [strip_limits_extension(v) for v in node]
    return node
