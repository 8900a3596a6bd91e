"""``pcreceipt validate``: check prepare requests and PreparedContext responses against the contract.

What SOURCE may be:

- ``-`` or a JSON file (any name not ending in ``.jsonl``): one message, printed as before: each
  violation as ``path: rule — description`` (``gate.format_violation``), then ``valid KIND`` or
  ``invalid KIND: N violation(s)``;
- a JSON Lines file (``.jsonl``): one message a line, read a line at a time (a file of any size
  is never held in memory); lines end at ``\\n`` only, as JSON Lines says, and a line of nothing but
  JSON whitespace is skipped (line numbers still count it);
- a directory: every ``.json`` (one message) and ``.jsonl`` file under it, recursively, in the
  order of their paths below the directory compared name by name (code points, the same on every
  machine); names beginning with ``.`` are skipped, and so are symbolic links to directories.

With a JSON Lines file or a directory, every violation of every message is one line prefixed by
where the message is, ``FILE:LINE: `` in a JSON Lines file and ``FILE: `` for a ``.json`` file (the
file is the message), and a last line sums up: ``F file(s), N message(s) checked: I invalid, V
violation(s)``. A message is a prepare request, a response, or a record of both,
``{"request": {...}, "response": {...}}`` (exactly those two keys): the request is checked as a
request, and the response against what that request said (its ``max_bytes``, the contract's
8000 when absent; ``include_receipt`` and ``explain``, false when absent), violations pointing into
the record (``/response/content_bytes``). ``--max-bytes``, ``--include-receipt`` and ``--explain``
say what the request said for a bare response (not checked when not given).

Exit status: 0 when every message is valid, 1 when any violation was found, 2 when the input is
unusable: SOURCE cannot be read, holds no message, or a file or line in it cannot be read as JSON
(``error: cannot read FILE:LINE: why`` on stderr; the other messages are still checked and
reported, so one run shows everything, and 2 wins over 1).
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from pcreceipt.cli import paths
from pcreceipt.cli.common import MAX_BYTES_RANGE, check_max_bytes, read_problem
from pcreceipt.contract import gate

Kind = Literal["auto", "request", "response"]
PAIR = "request/response pair"
PAIR_KEYS = frozenset({"request", "response"})
JSON_SUFFIX, JSONL_SUFFIX = ".json", ".jsonl"
JSON_WHITESPACE = " \t\r\n"


@dataclass(frozen=True, slots=True)
class Said:
    """What the request said, as far as it is known (None: unknown, not checked)."""

    max_bytes: int | None = None
    include_receipt: bool | None = None
    explain: bool | None = None


@dataclass(frozen=True, slots=True)
class Message:
    """One message of the input: where it is (``FILE:LINE`` or ``FILE``) and its JSON value, or
    why it could not be read."""

    where: str
    value: Any = None
    problem: str | None = None


# -- judging one message ---------------------------------------------------------------------------


def is_pair(value: Any) -> bool:
    return isinstance(value, Mapping) and set(value) == PAIR_KEYS


def said_by(request: Any) -> Said:
    """What a recorded request said: its values, the contract's defaults when absent, unknown when
    a value has the wrong type (the request's own check reports it)."""
    if not isinstance(request, Mapping):
        return Said()
    max_bytes = request.get("max_bytes", gate.DEFAULT_MAX_BYTES)
    include_receipt = request.get("include_receipt")  # omitted, null and false are equivalent
    explain = request.get("explain", False)
    return Said(
        max_bytes if isinstance(max_bytes, int) and not isinstance(max_bytes, bool) else None,
        bool(include_receipt) if include_receipt is None or isinstance(include_receipt, bool) else None,
        explain if isinstance(explain, bool) else None,
    )


def _under(base: str, violations: list[gate.Violation]) -> list[gate.Violation]:
    return [dataclasses.replace(v, path=base + v.path) for v in violations]


def judge(value: Any, kind: Kind, said: Said, assembly_max_entries: int) -> tuple[str, list[gate.Violation]]:
    """What the message is (``request``, ``response`` or a pair) and its violations."""
    if is_pair(value):
        request, response = value["request"], value["response"]
        of_request = gate.check_prepare_request(request, assembly_max_entries=assembly_max_entries)
        known = said_by(request)
        of_response = gate.check_prepared_context(
            response, max_bytes=known.max_bytes, include_receipt=known.include_receipt, explain=known.explain
        )
        return PAIR, _under("/request", of_request) + _under("/response", of_response)
    if kind == "auto":
        kind = "response" if isinstance(value, Mapping) and "schema" in value else "request"
    if kind == "request":
        return kind, gate.check_prepare_request(value, assembly_max_entries=assembly_max_entries)
    return kind, gate.check_prepared_context(
        value, max_bytes=said.max_bytes, include_receipt=said.include_receipt, explain=said.explain
    )


# -- reading many ----------------------------------------------------------------------------------


def jsonl_messages(path: Path, shown: str) -> Iterator[Message]:
    """The messages of a JSON Lines file, a line at a time."""
    try:
        lines = path.open("rb")
    except OSError as exc:
        yield Message(shown, problem=read_problem(exc))
        return
    with lines:
        for number, raw in enumerate(lines, start=1):  # binary lines end at b"\n" only
            where = f"{shown}:{number}"
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                yield Message(where, problem="it is not UTF-8 text")
                continue
            if not text.strip(JSON_WHITESPACE):
                continue
            try:
                yield Message(where, json.loads(text))
            except json.JSONDecodeError as exc:
                yield Message(where, problem=f"it is not JSON (column {exc.colno}: {exc.msg})")


def json_message(path: Path, shown: str) -> Message:
    try:
        return Message(shown, json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError) as exc:
        return Message(shown, problem=read_problem(exc))


def fixture_files(root: Path) -> Iterator[tuple[Path, str | None]]:
    """Every ``.json`` and ``.jsonl`` file under ``root`` in path order, or an unlistable directory
    with why (hidden names and symbolic links to directories are left out; a broken link is kept, so
    reading it says so)."""
    found: list[tuple[tuple[str, ...], Path, str | None]] = []

    def walk(directory: Path, parts: tuple[str, ...]) -> None:
        try:
            entries = list(os.scandir(directory))
        except OSError as exc:
            found.append((parts, directory, read_problem(exc)))
            return
        for entry in entries:
            if entry.name.startswith("."):
                continue
            path, named = Path(entry.path), (*parts, entry.name)
            if entry.is_dir(follow_symlinks=False):
                walk(path, named)
            elif path.suffix.lower() in (JSON_SUFFIX, JSONL_SUFFIX) and (entry.is_file() or entry.is_symlink()):
                found.append((named, path, None))

    walk(root, ())
    for _, path, problem in sorted(found, key=lambda item: item[0]):
        yield path, problem


def file_messages(path: Path) -> Iterator[Message]:
    """The messages of one file: a line each in a JSON Lines file, the whole file otherwise."""
    if path.suffix.lower() == JSONL_SUFFIX:
        return jsonl_messages(path, str(path))
    return iter([json_message(path, str(path))])


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}(s)"


def validate_many(source: Path, kind: Kind, said: Said, assembly_max_entries: int) -> int:
    """Check every message of a JSON Lines file or a directory, print, and return the exit status."""
    files = checked = invalid = violations = unreadable = 0
    found = fixture_files(source) if source.is_dir() else iter([(source, None)])
    for path, problem in found:
        files += problem is None
        for message in file_messages(path) if problem is None else [Message(str(path), problem=problem)]:
            if message.problem is not None:
                unreadable += 1
                typer.echo(f"error: cannot read {message.where}: {message.problem}", err=True)
                continue
            checked += 1
            _, broken = judge(message.value, kind, said, assembly_max_entries)
            for violation in broken:
                typer.echo(f"{message.where}: {violation}")
            invalid += bool(broken)
            violations += len(broken)
    if files + unreadable == 0:
        typer.echo(f"error: nothing to check: {source} holds no .json or .jsonl file", err=True)
        return 2
    if checked + unreadable == 0:
        typer.echo(f"error: nothing to check: {source} holds no message", err=True)
        return 2
    summary = f"{_plural(files, 'file')}, {_plural(checked, 'message')} checked: {invalid} invalid, "
    summary += _plural(violations, "violation")
    typer.echo(summary + (f", {unreadable} unreadable" if unreadable else ""))
    return 2 if unreadable else 1 if violations else 0


# -- the command -----------------------------------------------------------------------------------


def _read_json(source: str) -> Any:
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    return json.loads(text)


def validate(
    source: Annotated[
        str,
        typer.Argument(
            help="A JSON file (one message), a JSON Lines file (.jsonl, one message a line), a directory of "
            "them (every .json and .jsonl file under it), or - for standard input. A message is a request, "
            'a response, or {"request": ..., "response": ...}, the response judged by that request.',
            callback=paths.input_path_or_stdin,
        ),
    ],
    kind: Annotated[
        Kind, typer.Option(help="What each message is; auto guesses from its keys (a response has schema).")
    ] = "auto",
    max_bytes: Annotated[
        int | None, typer.Option(help=f"The max_bytes the request sent, {MAX_BYTES_RANGE} (bare responses).")
    ] = None,
    include_receipt: Annotated[
        bool | None,
        typer.Option("--include-receipt/--no-include-receipt", help="What the request said (bare responses)."),
    ] = None,
    explain: Annotated[
        bool | None, typer.Option("--explain/--no-explain", help="What the request said (bare responses).")
    ] = None,
    assembly_max_entries: Annotated[
        int, typer.Option(help="The server's assembly_max_entries (requests).")
    ] = gate.DEFAULT_ASSEMBLY_MAX_ENTRIES,
) -> None:
    """Validate prepare requests and PreparedContext responses against the contract: one JSON message, a JSON
    Lines file or a directory of them. Exit 1 on violations, 2 on input that cannot be read."""
    check_max_bytes(max_bytes)
    said = Said(max_bytes, include_receipt, explain)
    if source != "-" and (Path(source).is_dir() or Path(source).suffix.lower() == JSONL_SUFFIX):
        raise typer.Exit(validate_many(Path(source), kind, said, assembly_max_entries))
    try:
        message = _read_json(source)
    except (OSError, ValueError) as exc:
        typer.echo(f"error: cannot read {source}: {read_problem(exc)}", err=True)
        raise typer.Exit(2) from None
    judged, violations = judge(message, kind, said, assembly_max_entries)
    for violation in violations:
        typer.echo(str(violation))
    if violations:
        typer.echo(f"invalid {judged}: {len(violations)} violation(s)")
        raise typer.Exit(1)
    typer.echo(f"valid {judged}")
