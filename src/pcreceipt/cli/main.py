"""The pcreceipt command line."""

from __future__ import annotations

import json
import sys
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from pcreceipt import gate
from pcreceipt.cli import helpstyle, paths
from pcreceipt.cli.code import code_app
from pcreceipt.cli.common import MAX_BYTES_RANGE, check_max_bytes, read_problem
from pcreceipt.cli.context import context_app
from pcreceipt.cli.evaluate import EvalGroup, eval_app
from pcreceipt.cli.families import experience_app, profile_app, topic_app
from pcreceipt.cli.host_validators import host_validators
from pcreceipt.cli.importing import import_file
from pcreceipt.cli.memory import memory_app
from pcreceipt.cli.receipt_diff import receipt_app
from pcreceipt.cli.reembed import reembed
from pcreceipt.cli.scope import scope_app
from pcreceipt.cli.seekdb import seekdb_app
from pcreceipt.cli.serve import serve
from pcreceipt.cli.token import token_app
from pcreceipt.cli.verify import verify
from pcreceipt.config import SettingsError

app = typer.Typer(no_args_is_help=True, add_completion=False, help="pcreceipt: explainable prepared context.")
app.command("serve")(serve)
app.command("import")(import_file)
app.command("verify")(verify)
app.command("reembed")(reembed)
app.command("host-validators")(host_validators)
for _name, _group in {
    "scope": scope_app,
    "memory": memory_app,
    "topic": topic_app,
    "experience": experience_app,
    "profile": profile_app,
    "code": code_app,
    "context": context_app,
    "token": token_app,
    "seekdb": seekdb_app,
    "receipt": receipt_app,
}.items():
    app.add_typer(_group, name=_name)
app.add_typer(eval_app, name="eval", cls=EvalGroup)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"pcreceipt {metadata.version('pcreceipt')}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_print_version, is_eager=True),
    ] = False,
) -> None:
    """pcreceipt: explainable prepared context."""


@app.command()
def demo(
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="Keep the demo store here (default: a temporary directory).",
            show_default=False,
            callback=paths.directory,
        ),
    ] = None,
    hide_content: Annotated[bool, typer.Option("--hide-content", help="Print only the Receipt.")] = False,
) -> None:
    """Seed a sample project on an embedded SQLite store, prepare context, and print its Receipt."""
    from pcreceipt.cli.demo import run_demo

    response = run_demo(data_dir, show_content=not hide_content)
    if "receipt" not in response:
        raise typer.Exit(1)


def _read_json(source: str) -> Any:
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    return json.loads(text)


@app.command()
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


helpstyle.finish(app)


def main() -> None:
    """The ``pcreceipt`` entry point. A setting found wrong only when a provider is built (an
    ``api_key_env`` naming an unset variable, say) is one line and exit status 2, like the rest."""
    try:
        app()
    except SettingsError as error:
        typer.echo(f"error: {error}", err=True)
        raise SystemExit(2) from None
