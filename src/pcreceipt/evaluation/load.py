"""Reading ``pcreceipt eval``'s input: JSONL, one labelled query per line.

    {"id": "q1", "scope_id": "scp_…", "query": "…", "max_bytes": 4000, "include_code": true,
     "assembly": {…}, "expected": ["art_…", "art_…@2", {"path": "a.py", "start_line": 3, "end_line": 9}],
     "score": 0.5}

``id``, ``scope_id``, ``query`` and ``expected`` are required; unknown keys are refused (a typo
would otherwise silently drop a label). Blank lines are skipped. Every problem is one line,
``FILE:LINE: what is wrong``; ``load_cases`` reports the first ten and raises ``InputError``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pcreceipt.errors import PcreceiptError

KEYS = frozenset({"id", "scope_id", "query", "max_bytes", "include_code", "assembly", "expected", "score"})
REQUIRED = ("id", "scope_id", "query", "expected")
_ARTIFACT = re.compile(r"^(?P<id>[!-?A-~]+?)(?:@(?P<revision>[1-9][0-9]*))?$")  # printable ASCII, no "@" in the id


class InputError(PcreceiptError):
    """The input file is not valid; ``problems`` holds one line each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems[0] if problems else "invalid input")
        self.problems = problems


@dataclass(frozen=True, slots=True)
class ArtifactExpectation:
    """``art_x`` (any revision) or ``art_x@3`` (revision 3 only)."""

    artifact_id: str
    revision: int | None = None

    @property
    def label(self) -> str:
        return self.artifact_id if self.revision is None else f"{self.artifact_id}@{self.revision}"


@dataclass(frozen=True, slots=True)
class CodeExpectation:
    """A line range of a file: matched by a selected code item of that path whose range overlaps."""

    path: str
    start_line: int
    end_line: int

    @property
    def label(self) -> str:
        return f"{self.path}:{self.start_line}-{self.end_line}"


Expectation = ArtifactExpectation | CodeExpectation


@dataclass(frozen=True, slots=True)
class Case:
    """One labelled query."""

    id: str
    scope_id: str
    query: str
    expected: tuple[Expectation, ...]
    request: dict[str, Any] = field(default_factory=dict)  # max_bytes, include_code, assembly when given
    score: float | None = None
    line: int = 0

    def prepare_request(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """The prepare body for this case under a variant's overrides, always asking for a Receipt."""
        return {"scope_id": self.scope_id, "query": self.query, **self.request, **overrides, "include_receipt": True}


def _expectation(value: Any, where: str) -> Expectation:
    if isinstance(value, str):
        match = _ARTIFACT.match(value)
        if match is None:
            raise ValueError(f'{where}: "{value}" is not an artifact id or ARTIFACT_ID@REVISION')
        revision = match.group("revision")
        return ArtifactExpectation(match.group("id"), int(revision) if revision else None)
    if isinstance(value, dict):
        if set(value) != {"path", "start_line", "end_line"}:
            raise ValueError(f"{where}: a code expectation has exactly path, start_line and end_line")
        path, start, end = value["path"], value["start_line"], value["end_line"]
        if not isinstance(path, str) or not path.strip():
            raise ValueError(f"{where}: path must be a non-empty string")
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in (start, end)):
            raise ValueError(f"{where}: start_line and end_line must be integers ≥ 1")
        if end < start:
            raise ValueError(f"{where}: end_line {end} is before start_line {start}")
        return CodeExpectation(path, start, end)
    raise ValueError(f"{where}: an expectation is an artifact id string or a {{path, start_line, end_line}} object")


def parse_case(text: str, line: int = 0) -> Case:
    """One input line as a Case; ValueError with the reason (without the line number)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg}, column {exc.colno})") from None
    if not isinstance(data, dict):
        raise ValueError("a line must be a JSON object")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r} (allowed: {', '.join(sorted(KEYS))})")
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise ValueError(f"missing {missing[0]!r}")
    for key in ("id", "scope_id", "query"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise ValueError(f"{key!r} must be a non-empty string")
    request: dict[str, Any] = {}
    if "max_bytes" in data:
        if not isinstance(data["max_bytes"], int) or isinstance(data["max_bytes"], bool):
            raise ValueError("'max_bytes' must be an integer")
        request["max_bytes"] = data["max_bytes"]
    if "include_code" in data:
        if not isinstance(data["include_code"], bool):
            raise ValueError("'include_code' must be true or false")
        request["include_code"] = data["include_code"]
    if "assembly" in data:
        if not isinstance(data["assembly"], dict):
            raise ValueError("'assembly' must be a JSON object (a ContextAssembly)")
        request["assembly"] = data["assembly"]
    if not isinstance(data["expected"], list):
        raise ValueError("'expected' must be a list")
    expected = tuple(_expectation(value, f"expected[{n}]") for n, value in enumerate(data["expected"]))
    score = data.get("score")
    if score is not None and (
        not isinstance(score, int | float) or isinstance(score, bool) or not math.isfinite(score)
    ):
        raise ValueError("'score' must be a finite number")
    return Case(
        data["id"],
        data["scope_id"],
        data["query"],
        tuple(dict.fromkeys(expected)),
        request,
        None if score is None else float(score),
        line,
    )


def parse_lines(lines: Iterable[str], name: str) -> list[Case]:
    """Every non-blank line as a Case; InputError listing ``NAME:LINE: reason`` for each bad one."""
    cases: list[Case] = []
    problems: list[str] = []
    first_line: dict[str, int] = {}
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            case = parse_case(text, number)
        except ValueError as exc:
            problems.append(f"{name}:{number}: {exc}")
            continue
        if case.id in first_line:
            problems.append(f"{name}:{number}: id {case.id!r} repeats line {first_line[case.id]}")
            continue
        first_line[case.id] = number
        cases.append(case)
    if not cases and not problems:
        problems.append(f"{name}: no queries (the file has no non-blank line)")
    if problems:
        raise InputError(problems)
    return cases


def load_cases(path: Path) -> list[Case]:
    """The file's cases; InputError (one line per problem) when it cannot be read or a line is bad."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InputError([f"{path}: it is not UTF-8 text"]) from None
    except OSError as exc:
        reason = "no such file" if isinstance(exc, FileNotFoundError) else (exc.strerror or type(exc).__name__)
        raise InputError([f"{path}: cannot read it: {reason}"]) from None
    return parse_lines(text.splitlines(), str(path))
