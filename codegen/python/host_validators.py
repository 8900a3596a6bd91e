"""pcreceipt_host_validators.py: one stdlib-only Python file for the hosts that run their hooks
with a plain ``python3`` (Codex, Claude Code, WorkBuddy), generated from schemas/ and from the
contract layer's own source (src/pcreceipt/contract/).

The file holds, in this order:

- the contract facts the rules use (``limits``: from codegen/facts.py, never typed here);
- the contract layer's rule code, extracted verbatim (by name, with the ast module) from
  src/pcreceipt/contract/ (digests, forms, content, semantics, gate, diagnostic) and from nothing
  else: one source for the server and the hosts. Three mechanical rewrites keep
  the code running on Python 3.9 (``zip(..., strict=True)`` -> ``zip(...)`` where the lengths
  are already known equal, ``dataclass(slots=True)`` -> ``dataclass()``, a ``pairwise``
  fallback); the generator fails if anything else would need one;
- the prepare messages' JSON Schema, annotation-stripped, with each ``pattern`` translated to an
  equivalent Python regular expression (ECMA-262 semantics, as jsonschema-rs and ajv use);
- codegen/python/host_kit.py: a JSON Schema 2020-12 evaluator for exactly the keywords that
  schema uses (the generator fails on any other keyword) and the public API.

Used by generate.py (``render_host_validators``).
"""

from __future__ import annotations

import ast
import json
import pprint
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = Path(__file__).resolve().parent / "host_kit.py"
FILE_NAME = "pcreceipt_host_validators.py"
# The messages a host validates: everything they reference comes along.
ROOTS = ("PreparedContext", "PrepareContextRequest")
# What the evaluator implements (codegen/python/host_kit.py, _evaluate).
SUPPORTED = frozenset(
    {
        "$ref",
        "type",
        "const",
        "enum",
        "minLength",
        "maxLength",
        "pattern",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minItems",
        "maxItems",
        "uniqueItems",
        "items",
        "required",
        "properties",
        "additionalProperties",
        "allOf",
        "anyOf",
        "oneOf",
        "not",
        "if",
        "then",
        "else",
        "unevaluatedProperties",
    }
)
# Keywords that never change a verdict: dropped from the embedded schema.
ANNOTATIONS = frozenset(
    {"description", "title", "default", "examples", "$comment", "deprecated", "x-pcreceipt-limits", "discriminator"}
)
# The contract layer's code, by module (in dependency order) and top-level name.
SOURCES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("src/pcreceipt/contract/digests.py", ("utf8", "sha256_digest", "wire_dumps")),
    (
        "src/pcreceipt/contract/forms.py",
        (
            "HISTORY_FAMILIES",
            "SEPARATOR",
            "CONTEXT_BEGIN",
            "CONTEXT_END",
            "TEXT_BEGIN",
            "TEXT_END",
            "CODE_BEGIN",
            "CODE_END",
            "METADATA_INDENT",
            "BODY_PREFIX",
            "CODE_INDENT",
            "UNASSESSED_CONFIDENCE",
            "SECTION_TITLES",
            "CODE_CITATION_KEYS",
            "_LINE_BOUNDARY_ESCAPES",
            "envelope_dumps",
            "ascii_json",
        ),
    ),
    (
        "src/pcreceipt/contract/content.py",
        (
            "Form",
            "_TITLE_FAMILY",
            "_ASCII_STRING",
            "_SCOPE_LINE",
            "_ARTIFACT_LINE",
            "_RANK_LINE",
            "_CONFIDENCE_LINE",
            "_TRUNCATED_LINES",
            "_HEADING_PREFIXES",
            "_MARKERS",
            "_STRUCTURE_STARTS",
            "_BLANK_START",
            "_OTHER_LINE_BREAKS",
            "CitedItem",
            "parse_content",
            "_prose",
            "_opening",
            "_envelope",
            "_reference",
            "_positive",
            "_envelope_item",
            "_ascii_string",
            "_markdown",
            "_markdown_item",
            "_code",
            "_code_citation",
            "_code_item",
        ),
    ),
    (
        "src/pcreceipt/contract/semantics.py",
        (
            "RECEIPT_MAX_BYTES",
            "DEFAULT_MAX_BYTES",
            "DEFAULT_ASSEMBLY_MAX_ENTRIES",
            "SEMANTIC_RULES",
            "CODE_IDENTITY_FIELDS",
            "CODE_CITED_FIELDS",
            "Violation",
            "format_violation",
            "pointer",
            "_v",
            "check_request_semantics",
            "_strictly_sorted",
            "check_response_semantics",
            "_cites",
            "check_cited",
            "receipt_linkage",
            "check_receipt_semantics",
        ),
    ),
    (
        "src/pcreceipt/contract/gate.py",
        (
            "SCHEMA_RULES",
            "describe_rule",
            "well_formed",
            "check_prepare_request",
            "check_prepared_context",
        ),
    ),
    ("src/pcreceipt/contract/diagnostic.py", ("Request", "request_facts", "recall_diagnostic")),
)
INPUTS = (*(path for path, _ in SOURCES), "codegen/python/host_kit.py", "codegen/python/host_validators.py")

PRELUDE = '''
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Optional, Union, cast

try:
    from itertools import pairwise
except ImportError:  # Python 3.9

    def pairwise(iterable: Any) -> Any:  # type: ignore[no-redef]
        items = list(iterable)
        return zip(items, items[1:])


HistoryFamily = str
EvidenceFamily = str


class ContentFormError(ValueError):
    """The content is not in a rendered form (the message names the part, never its text)."""
'''

# ECMA-262 WhiteSpace and LineTerminator: what \\s means to jsonschema-rs and ajv (Python's \\s
# also takes U+001C..U+001F and U+0085, and misses U+FEFF).
ECMA_SPACE = "\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
ECMA_ESCAPES = {"s": f"[{ECMA_SPACE}]", "S": f"[^{ECMA_SPACE}]", "d": "[0-9]", "D": "[^0-9]"}
ECMA_CLASS_ESCAPES = {"d": "0-9"}


def translate_pattern(pattern: str) -> str:
    """An ECMA-262 ``pattern`` as a Python regular expression that matches the same strings,
    for the constructs the contract uses; anything else stops the generator."""
    out: list[str] = []
    in_class = False
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            nxt = pattern[i + 1 : i + 2]
            if nxt == "u" and re.fullmatch(r"[0-9A-Fa-f]{4}", pattern[i + 2 : i + 6]):
                out.append(pattern[i : i + 6])
                i += 6
                continue
            if nxt == "x" and re.fullmatch(r"[0-9A-Fa-f]{2}", pattern[i + 2 : i + 4]):
                out.append(pattern[i : i + 4])
                i += 4
                continue
            if in_class and nxt in ECMA_CLASS_ESCAPES:
                out.append(ECMA_CLASS_ESCAPES[nxt])
            elif not in_class and nxt in ECMA_ESCAPES:
                out.append(ECMA_ESCAPES[nxt])
            elif nxt and not nxt.isalnum():
                out.append("\\" + nxt)
            else:
                raise SystemExit(f"{FILE_NAME}: pattern {pattern!r}: escape \\{nxt} is not supported")
            i += 2
            continue
        if in_class:
            if char == "]":
                in_class = False
            elif char == "[":
                raise SystemExit(f"{FILE_NAME}: pattern {pattern!r}: nested class")
            out.append(char)
        elif char == "[":
            in_class = True
            out.append(char)
            if pattern[i + 1 : i + 2] == "^":
                out.append("^")
                i += 1
        elif char == "$":
            out.append(r"\Z")
        elif char == ".":
            out.append("[^\\n\\r\\u2028\\u2029]")
        elif char == "(" and pattern[i + 1 : i + 2] == "?":
            raise SystemExit(f"{FILE_NAME}: pattern {pattern!r}: group syntax (? is not supported")
        else:
            out.append(char)
        i += 1
    if in_class:
        raise SystemExit(f"{FILE_NAME}: pattern {pattern!r}: unterminated class")
    translated = "".join(out)
    re.compile(translated)
    return translated


def _strip(schema: Any, where: str, refs: set[str], patterns: dict[str, str]) -> Any:
    """A schema without its annotations; collects the definitions it references and its
    patterns; stops on any keyword the evaluator does not implement."""
    if not isinstance(schema, dict):
        raise SystemExit(f"{FILE_NAME}: {where}: a boolean schema is not supported")
    out: dict[str, Any] = {}
    for keyword, arg in schema.items():
        at = f"{where}/{keyword}"
        if keyword in ANNOTATIONS:
            continue
        if keyword not in SUPPORTED:
            raise SystemExit(f"{FILE_NAME}: {at}: the host evaluator does not support {keyword!r}")
        if keyword == "properties":
            out[keyword] = {name: _strip(sub, f"{at}/{name}", refs, patterns) for name, sub in arg.items()}
        elif keyword in ("allOf", "anyOf", "oneOf"):
            out[keyword] = [_strip(sub, f"{at}/{i}", refs, patterns) for i, sub in enumerate(arg)]
        elif keyword in ("items", "not", "if", "then", "else"):
            out[keyword] = _strip(arg, at, refs, patterns)
        elif keyword == "additionalProperties":
            out[keyword] = False if arg is False else _strip(arg, at, refs, patterns)
        elif keyword == "unevaluatedProperties":
            if arg is not False:
                raise SystemExit(f"{FILE_NAME}: {at}: only unevaluatedProperties: false is supported")
            out[keyword] = False
        elif keyword == "$ref":
            if not isinstance(arg, str) or not arg.startswith("#/$defs/"):
                raise SystemExit(f"{FILE_NAME}: {at}: only local #/$defs/ references are supported")
            refs.add(arg.removeprefix("#/$defs/"))
            out[keyword] = arg
        else:
            if keyword == "pattern":
                patterns[arg] = translate_pattern(arg)
            out[keyword] = arg
    return out


def embedded_schema(schema_doc: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """(definitions reachable from ROOTS, annotation-stripped, by name; {pattern: Python regex})."""
    defs = schema_doc["$defs"]
    todo: list[str] = list(ROOTS)
    done: dict[str, Any] = {}
    patterns: dict[str, str] = {}
    while todo:
        name = todo.pop()
        if name in done:
            continue
        refs: set[str] = set()
        done[name] = _strip(defs[name], f"#/$defs/{name}", refs, patterns)
        todo += sorted(refs)
    return {name: done[name] for name in sorted(done)}, dict(sorted(patterns.items()))


def _segment(lines: list[str], node: ast.stmt) -> str:
    """A top-level statement's source, with its decorators and the comment lines just above."""
    start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])]) - 1
    while start > 0 and lines[start - 1].startswith("#"):
        start -= 1
    assert node.end_lineno is not None
    return "".join(lines[start : node.end_lineno])


def _top_level_name(node: ast.stmt) -> str | None:
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        return node.name
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    return None


def extract(path: str, names: tuple[str, ...]) -> str:
    """The named top-level definitions of one module, in source order."""
    text = (ROOT / path).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    found: dict[str, str] = {}
    for node in ast.parse(text).body:
        name = _top_level_name(node)
        if name in names and name not in found:
            found[name] = _segment(lines, node)
    missing = [n for n in names if n not in found]
    if missing:
        raise SystemExit(f"{FILE_NAME}: {path} no longer defines {missing} at top level")
    chunks = list(found.values())  # source order
    return f"# -- from {path}\n\n\n" + "\n\n\n".join(c.rstrip("\n") for c in chunks) + "\n"


def _py39(code: str) -> str:
    """The three rewrites for Python 3.9 (see the module docstring)."""
    code = re.sub(r",\s*strict=True\)", ")", code)
    code = code.replace("@dataclass(frozen=True, slots=True)", "@dataclass(frozen=True)")
    return code


def _limits_class(code: str, facts: dict[str, Any]) -> str:
    names = sorted(set(re.findall(r"\blimits\.([A-Za-z_][A-Za-z0-9_]*)", code)))
    unknown = [n for n in names if n not in facts]
    if unknown:
        raise SystemExit(f"{FILE_NAME}: the rules use limits {unknown} the contract facts do not state")
    values = {n: tuple(facts[n]) if isinstance(facts[n], list) else facts[n] for n in names}
    body = "".join(f"    {n} = {values[n]!r}\n" for n in names)
    return (
        'class limits:\n    """The contract facts the rules below use (codegen/facts.py, from schemas/)."""\n\n' + body
    )


def _template(defs: dict[str, Any], patterns: dict[str, str]) -> str:
    text = TEMPLATE.read_text(encoding="utf-8")
    body = text.split("# host-kit: end imports\n", 1)[1]
    schema = (
        "DEFS: dict[str, Any] = " + pprint.pformat(defs, width=110, sort_dicts=False) + "\n"
        "# Each `pattern` of DEFS, as the equivalent Python regular expression (ECMA-262 semantics).\n"
        "PATTERNS: dict[str, str] = " + pprint.pformat(patterns, width=110, sort_dicts=False) + "\n"
    )
    start, end = "# host-kit: schema\n", "# host-kit: end schema\n"
    if start not in body or end not in body:
        raise SystemExit(f"{TEMPLATE}: the schema markers are missing")
    head, rest = body.split(start, 1)
    tail = rest.split(end, 1)[1]
    intro = "# The annotation-free JSON Schema 2020-12 definitions of the prepare messages (schemas/).\n"
    return "# -- from codegen/python/host_kit.py\n" + head + intro + schema + tail


def _check(text: str) -> None:
    """Stdlib only, Python 3.9 syntax, no 3.10 keyword left."""
    tree = ast.parse(text, feature_version=(3, 9))
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            modules = [node.module or ""]
        for module in modules:
            top = module.split(".", 1)[0]
            if top != "__future__" and top not in sys.stdlib_module_names:
                raise SystemExit(f"{FILE_NAME}: imports {module!r}, which is not in the standard library")
        if isinstance(node, ast.Call) and any(k.arg in ("strict", "slots") for k in node.keywords):
            raise SystemExit(f"{FILE_NAME}: a strict=/slots= argument is left (Python 3.10+)")


def render_host_validators(
    schema_doc: dict[str, Any], facts: dict[str, Any], header: str, versions: tuple[str, str]
) -> str:
    """The file's text. ``facts``: contract fact name -> value; ``header``: its first line(s);
    ``versions``: the contract's version (OpenAPI ``info.version``) and pcreceipt's release."""
    defs, patterns = embedded_schema(schema_doc)
    rules = "\n\n".join(_py39(extract(path, names)) for path, names in SOURCES)
    docstring = (
        '"""pcreceipt\'s validators of the prepare messages for a host hook: Python 3.9+, standard\n'
        "library only, one file to copy next to the hook.\n\n"
        "validate_prepared_context(response, request=None) is the default check of a prepare response;\n"
        "validate_prepared_context_with_receipt(response, request=None) is for a host that sent\n"
        "include_receipt: true. Both return {ok, violations: [{path, rule}]}: a JSON Pointer and a rule\n"
        "id (a JSON Schema keyword or a semantic rule id of pcreceipt's gate), never a value from the\n"
        "message. recall_diagnostic(response, request=None) gives a body-free record of an empty or\n"
        "truncated recall (else None) for the host's log. CONTRACT_VERSION is the contract these\n"
        "validators were generated from (get_server_info's api_contract_version is its major.minor);\n"
        "`pcreceipt host-validators --check DIR` compares a vendored copy with a server's. See\n"
        "docs/hosts.md in pcreceipt.\n"
        '"""\n'
    )
    contract, release = versions
    constants = (
        f"CONTRACT_VERSION = {json.dumps(contract)}\n"
        '"""The contract (OpenAPI info.version) this file was generated from."""\n'
        f"PCRECEIPT_VERSION = {json.dumps(release)}\n"
        '"""The pcreceipt release that generated it."""\n'
    )
    text = (
        header
        + docstring
        + PRELUDE
        + "\n\n"
        + constants
        + "\n\n"
        + _limits_class(rules, facts)
        + "\n\n"
        + rules
        + "\n\n"
        + _template(defs, patterns)
    )
    text = re.sub(r"\n{4,}", "\n\n\n", text)
    _check(text)
    return text
