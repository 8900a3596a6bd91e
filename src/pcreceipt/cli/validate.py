"""``pcreceipt validate``: check a prepare request or a PreparedContext response against the contract."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from pcreceipt.cli import paths
from pcreceipt.cli.common import MAX_BYTES_RANGE, check_max_bytes, read_problem
from pcreceipt.contract import gate


def _read_json(source: str) -> Any:
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    return json.loads(text)


def validate(
    source: Annotated[
        str, typer.Argument(help="A JSON file, or - for standard input.", callback=paths.input_file_or_stdin)
    ],
    kind: Annotated[
        Literal["auto", "request", "response"], typer.Option(help="What the message is; auto guesses from its keys.")
    ] = "auto",
    max_bytes: Annotated[
        int | None, typer.Option(help=f"The max_bytes the request sent, {MAX_BYTES_RANGE} (responses).")
    ] = None,
    include_receipt: Annotated[
        bool | None, typer.Option("--include-receipt/--no-include-receipt", help="What the request said (responses).")
    ] = None,
    explain: Annotated[
        bool | None, typer.Option("--explain/--no-explain", help="What the request said (responses).")
    ] = None,
    assembly_max_entries: Annotated[
        int, typer.Option(help="The server's assembly_max_entries (requests).")
    ] = gate.DEFAULT_ASSEMBLY_MAX_ENTRIES,
) -> None:
    """Validate a prepare request or a PreparedContext response against the contract; exit 1 on violations."""
    check_max_bytes(max_bytes)
    try:
        message = _read_json(source)
    except (OSError, ValueError) as exc:
        typer.echo(f"error: cannot read {source}: {read_problem(exc)}", err=True)
        raise typer.Exit(2) from None
    if kind == "auto":
        kind = "response" if isinstance(message, dict) and "schema" in message else "request"
    if kind == "request":
        violations = gate.check_prepare_request(message, assembly_max_entries=assembly_max_entries)
    else:
        violations = gate.check_prepared_context(
            message, max_bytes=max_bytes, include_receipt=include_receipt, explain=explain
        )
    for violation in violations:
        typer.echo(str(violation))
    if violations:
        typer.echo(f"invalid {kind}: {len(violations)} violation(s)")
        raise typer.Exit(1)
    typer.echo(f"valid {kind}")
