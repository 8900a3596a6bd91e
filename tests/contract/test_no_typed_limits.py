"""No contract limit or vocabulary is typed by hand: hand-written code reads them from
``pcreceipt.models.limits`` (generated from schemas/), so a schema change cannot leave a stale
copy behind.

The scan reads every hand-written module under src/pcreceipt (everything but ``_gen``) as an AST:

- a number literal equal to a contract number of 100 or more is flagged;
- a smaller number (0, 2, 8 and 64 mean too many unrelated things to flag them all) is flagged
  where it is named after the limit it equals: bound to a name, or a dict key, that holds the
  word the contract names it by (``MAX_VIOLATIONS = 64`` is ``ERROR_DETAILS_VIOLATIONS_MAX_ITEMS``,
  ``CAPS = {"selected": 32}`` is ``PREPARED_CONTEXT_RECEIPT_SELECTED_MAX_ITEMS``);
- a ``Literal[...]`` or a tuple, list, set or frozenset of strings whose values equal a contract
  enumeration is flagged;
- a string literal equal to an identifier the contract states (a schema or policy id such as
  ``powercontext.prepared-context.v1``, as a const, a default or an enumeration's value) is flagged.

An unrelated use is exempted on its own line, with a reason a reviewer reads:
``# not a contract limit: <why>`` (numbers) or ``# not a contract vocabulary: <why>``. The only
exemptions by structure: an HTTP status code where one is obviously meant (the first argument
of a ``Reply``/``Response`` call, a ``status``/``status_code`` keyword, a comparison with a name
that says ``status``), and 1000 or 1024 as a factor of a unit conversion.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pcreceipt.models import limits

SRC = Path(__file__).resolve().parents[2] / "src" / "pcreceipt"
DISTINCTIVE_FROM = 100
# The keyword suffixes of generated names, longest first (EXCLUSIVE_MINIMUM before MINIMUM).
KEYWORD_SUFFIXES = (
    "EXCLUSIVE_MINIMUM",
    "EXCLUSIVE_MAXIMUM",
    "MIN_LENGTH",
    "MAX_LENGTH",
    "MIN_ITEMS",
    "MAX_ITEMS",
    "MINIMUM",
    "MAXIMUM",
    "DEFAULT",
    "CONST",
)
# Words too generic to say which limit a small number is (``DEFAULT_TOTAL_LIMIT = 8`` is no
# AssemblySection.limit).
GENERIC_WORDS = frozenset({"LIMIT", "ITEMS", "COUNT", "ROUND", "VALUES", "MATCH"})
# The keywords whose small numbers are caps worth naming (a minimum of 0 or 1 says nothing).
CAP_SUFFIXES = ("_MAXIMUM", "_MAX_ITEMS", "_MAX_LENGTH", "_DEFAULT")
# Unit factors: a number multiplied or divided by one of these is a conversion (ms, KiB).
UNIT_FACTORS = frozenset({1000, 1024})
EXEMPTION = re.compile(r"#\s*not a contract (limit|vocabulary):\s*\S")
STATUS_NAME = re.compile(r"status", re.IGNORECASE)
RESPONSE_CALL = re.compile(r"Reply|Response")


def contract_numbers() -> dict[float, list[str]]:
    """Every number the contract states, with the names of the constants that hold it."""
    out: dict[float, list[str]] = {}
    for name, value in vars(limits).items():
        if name.isupper() and isinstance(value, (int, float)) and not isinstance(value, bool):
            out.setdefault(value, []).append(name)
    return out


def limit_word(constant: str) -> str:
    """The word a constant's schema path ends with: ``ERROR_DETAILS_VIOLATIONS_MAX_ITEMS`` -> VIOLATIONS."""
    suffix = next(s for s in KEYWORD_SUFFIXES if constant.endswith("_" + s))
    return constant.removesuffix("_" + suffix).rsplit("_", 1)[-1]


def words(name: str) -> set[str]:
    return {w.upper() for w in re.split(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])", name) if w}


SCHEMA_ID = re.compile(r"^(powercontext|pcreceipt)\.[a-z0-9.-]+\.v[0-9]+$")


def contract_identifiers() -> dict[str, list[str]]:
    """Every schema or policy id the contract states (``powercontext.….v1``), with the constants
    that hold it."""
    out: dict[str, list[str]] = {}
    for name, value in vars(limits).items():
        if not name.isupper():
            continue
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, str) and SCHEMA_ID.match(item):
                out.setdefault(item, []).append(name)
    return out


def contract_vocabularies() -> dict[frozenset[str], list[str]]:
    """Every enumeration of two or more strings, by its value set."""
    out: dict[frozenset[str], list[str]] = {}
    for name, value in vars(limits).items():
        if name.endswith("_ENUM") and len(value) > 1:
            out.setdefault(frozenset(value), []).append(name)
    return out


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def _number(node: ast.AST) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return node.value
    return None


def _strings(node: ast.AST) -> frozenset[str] | None:
    """The string values of a Literal subscript's slice or a tuple/list/set display, if all strings."""
    elements: list[ast.expr]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        elements = list(node.elts)
    else:
        return None
    values = [e.value for e in elements if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return frozenset(values) if len(values) == len(elements) and len(values) > 1 else None


def _target_names(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        targets = [node.target]
    else:
        return []
    names = []
    for target in targets:
        if isinstance(target, ast.Name):
            names.append(target.id)
        elif isinstance(target, ast.Attribute):
            names.append(target.attr)
    return names


def _is_status(node: ast.AST) -> bool:
    value = _number(node)
    return value is not None and 100 <= value < 600


def _named_numbers(tree: ast.AST) -> dict[int, set[str]]:
    """For each number literal bound to a name (``X = 8``, ``x: int = 8``) or held under a dict
    key (``{"selected": 32}``): the words of that name or key."""
    out: dict[int, set[str]] = {}
    for node in ast.walk(tree):
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if value is not None and _number(value) is not None:
            out[id(value)] = set().union(*(words(name) for name in _target_names(node)))
        if isinstance(node, ast.Dict):
            for key, item in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and isinstance(key.value, str) and _number(item) is not None:
                    out[id(item)] = words(key.value)
    return out


def _unit_factors(tree: ast.AST) -> set[int]:
    """ids of 1000 and 1024 where they convert a unit (``seconds * 1000``, ``4 * 1024 * 1024``)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div, ast.FloorDiv)):
            out |= {id(o) for o in (node.left, node.right) if _number(o) in UNIT_FACTORS}
    return out


def _status_uses(tree: ast.AST) -> set[int]:
    """ids of number nodes that are plainly HTTP status codes: the first argument of a reply or
    response constructor, a ``status``/``status_code`` keyword, a comparison with a status."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if node.args and RESPONSE_CALL.search(ast.unparse(node.func)) and _is_status(node.args[0]):
                out.add(id(node.args[0]))
            out |= {id(k.value) for k in node.keywords if k.arg in {"status", "status_code"} and _is_status(k.value)}
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(STATUS_NAME.search(ast.unparse(o)) for o in operands if _number(o) is None):
                out |= {id(o) for o in operands if _is_status(o)}
    return out


def scan(source: str, path: str = "<snippet>") -> list[Finding]:
    """The typed contract limits and vocabularies of one module's source."""
    numbers = contract_numbers()
    vocabularies = contract_vocabularies()
    identifiers = contract_identifiers()
    tree = ast.parse(source)
    lines = source.splitlines()
    exempt = {i + 1 for i, text in enumerate(lines) if EXEMPTION.search(text)}
    statuses = _status_uses(tree) | _unit_factors(tree)
    in_literals = _literal_parts(tree)
    named = _named_numbers(tree)
    findings: list[Finding] = []
    for node in ast.walk(tree):
        value = _number(node)
        line = getattr(node, "lineno", 0)
        if value is not None and value in numbers and line not in exempt and id(node) not in statuses:
            name_words = named.get(id(node), set()) - GENERIC_WORDS
            word_named = [
                c for c in numbers[value] if value >= 2 and c.endswith(CAP_SUFFIXES) and limit_word(c) in name_words
            ]
            if value >= DISTINCTIVE_FROM or word_named:
                names = ", ".join(word_named or numbers[value])
                findings.append(Finding(path, line, f"{value!r} is a contract limit ({names}): use limits.…"))
        typed_id = isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in identifiers
        if typed_id and line not in exempt and id(node) not in in_literals:
            text = str(node.value)  # type: ignore[attr-defined]
            names = ", ".join(identifiers[text])
            findings.append(Finding(path, line, f"{text!r} is a contract identifier ({names}): use limits.…"))
        if isinstance(node, ast.Subscript) and ast.unparse(node.value).endswith("Literal"):
            inner = node.slice
            values = _strings(inner) if isinstance(inner, ast.Tuple) else None
            if values in vocabularies and line not in exempt:
                names = ", ".join(vocabularies[values])
                findings.append(Finding(path, line, f"Literal[...] redeclares {names}: use the limits alias"))
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) and id(node) not in in_literals:
            values = _strings(node)
            if values in vocabularies and line not in exempt:
                names = ", ".join(vocabularies[values])
                findings.append(Finding(path, line, f"a collection redeclares {names}: use limits.…_ENUM"))
    return findings


def _literal_parts(tree: ast.AST) -> set[int]:
    """ids of the nodes inside a ``Literal[...]``: its slice and the slice's values (the vocabulary
    check reads those as a whole, so neither a value nor the tuple is checked again)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and ast.unparse(node.value).endswith("Literal"):
            out.add(id(node.slice))
            if isinstance(node.slice, ast.Tuple):
                out.update(id(e) for e in node.slice.elts)
            else:
                out.add(id(node.slice))
    return out


def hand_written_modules() -> Iterator[Path]:
    for path in sorted(SRC.rglob("*.py")):
        if "_gen" not in path.relative_to(SRC).parts:
            yield path


# --------------------------------------------------------------------------------------------


def test_no_hand_written_module_types_a_contract_limit_or_vocabulary() -> None:
    findings = [
        finding
        for path in hand_written_modules()
        for finding in scan(path.read_text(encoding="utf-8"), str(path.relative_to(SRC.parent)))
    ]
    assert not findings, "typed contract facts (import them from pcreceipt.models.limits):\n" + "\n".join(
        str(f) for f in findings
    )


def test_the_scan_sees_every_module() -> None:
    names = {p.relative_to(SRC).as_posix() for p in hand_written_modules()}
    assert {"contract/gate.py", "config.py", "prepare/receipt.py", "server/handlers/artifacts.py"} <= names
    assert not any(name.startswith("_gen/") for name in names)


def test_a_typed_receipt_budget_is_flagged() -> None:
    findings = scan(
        "RECEIPT_BYTES = 8192\n"
    )  # BYTES: the Receipt budget's word (RECEIPT alone also names a Handoff receipt's bound)
    assert [(f.line, f.what.split(" ", 1)[0]) for f in findings] == [(1, "8192")]
    assert "PREPARED_CONTEXT_RECEIPT_SERIALIZED_BYTES_MAXIMUM" in findings[0].what


def test_a_typed_default_inside_an_expression_is_flagged() -> None:
    snippet = "def f(request):\n    return int(request.get('max_bytes', 8000))\n"
    assert [f.line for f in scan(snippet)] == [2]


def test_a_small_limit_is_flagged_only_when_named_after_it() -> None:
    snippet = textwrap.dedent(
        """
        CAPS = {"selected": 32, "omitted": 16, "atomic-memory": 16}
        MAX_VIOLATIONS = 64
        width = 64
        DEFAULT_TOTAL_LIMIT = 8
        assembly_max_entries: int = 8
        """
    )
    assert sorted(f.line for f in scan(snippet)) == [2, 2, 3, 6]


def test_an_exemption_needs_a_reason() -> None:
    assert scan("CACHE_KIB = 65536  # not a contract limit: SQLite's page cache size\n") == []
    assert len(scan("CACHE_KIB = 65536  # not a contract limit:\n")) == 1
    assert len(scan("CACHE_KIB = 65536  # noqa\n")) == 1


def test_http_status_codes_are_not_limits() -> None:
    snippet = textwrap.dedent(
        """
        def handler():
            ok = 200 <= response.status_code < 300
            return Reply(200, {})
        LINES = 200
        """
    )
    assert [f.line for f in scan(snippet)] == [5]


def test_unit_factors_are_not_limits_but_a_bare_thousand_is() -> None:
    snippet = "elapsed = seconds * 1000\nBUFFER = 4 * 1024 * 1024\nBATCH = 1000\n"
    assert [f.line for f in scan(snippet)] == [3]


def test_a_typed_schema_id_is_flagged() -> None:
    """A schema id typed by hand (five were, before the scan read strings)."""
    source = 'SCHEMA = "powercontext.prepared-context-receipt.v1"\nOTHER = "powercontext.not-ours.v1"\n'
    found = scan(source)
    assert [f.line for f in found] == [1]
    assert "PREPARED_CONTEXT_RECEIPT_SCHEMA_CONST" in found[0].what
    assert scan('KEY = "powercontext.prepared-context.v1"  # not a contract vocabulary: a test\n') == []


def test_a_redeclared_vocabulary_is_flagged() -> None:
    snippet = textwrap.dedent(
        """
        from typing import Literal
        Outcome = Literal["completed", "not_run", "failed"]
        FAMILIES = ("atomic-memory", "topic-memory", "experience", "profile")
        Partial = Literal["completed", "failed"]
        """
    )
    found = scan(snippet)
    assert [f.line for f in found] == [3, 4]
    assert "SEARCH_GROUP_OUTCOME_ENUM" in found[0].what
    assert "HISTORY_FAMILY_ENUM" in found[1].what


def test_the_generated_limits_state_what_the_schemas_say() -> None:
    from pcreceipt.models import PrepareContextRequest

    field = PrepareContextRequest.model_fields["max_bytes"]
    assert field.default == limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT == 8000
    assert limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_MINIMUM == 512
    assert limits.PREPARED_CONTEXT_RECEIPT_SERIALIZED_BYTES_MAXIMUM == 8192
    assert limits.CODE_RANGE_LINES_MAX_ITEMS == 200
    assert limits.OMISSION_REASON_ENUM[0] == "duplicate"
    assert limits.LIST_SCOPES_LIMIT_DEFAULT == 50
