"""``pcreceipt context prepare``: ask a server for a prepared context and show its Receipt.

The human view prints the Receipt (identities, omissions, retrieval path, stages) and never the
injected bodies unless ``--show-content``; ``--json`` prints the raw response. The Receipt is
shown to a person only: it is never injected anywhere.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from pcreceipt.cli import paths
from pcreceipt.cli.common import (
    DEFAULT_URL,
    MAX_BYTES_DEFAULT,
    MAX_BYTES_RANGE,
    JsonOutput,
    ScopeOption,
    Token,
    Url,
    check_max_bytes,
    print_json,
    read_problem,
    run_client,
    wire,
)
from pcreceipt.cli.receipt_view import plain, print_content, print_receipt
from pcreceipt.client import AsyncClient

context_app = typer.Typer(no_args_is_help=True, help="Prepared context.")


@context_app.command("prepare")
def prepare(
    scope: ScopeOption,
    query: Annotated[str, typer.Option("--query", help="The turn's query.")],
    max_bytes: Annotated[
        int, typer.Option("--max-bytes", help=f"The content's UTF-8 budget in bytes, {MAX_BYTES_RANGE}.")
    ] = MAX_BYTES_DEFAULT,
    include_code: Annotated[bool, typer.Option("--include-code", help="Add code evidence.")] = False,
    assembly: Annotated[
        Path | None,
        typer.Option(
            "--assembly",
            help="A JSON file holding a ContextAssembly.",
            show_default=False,
            callback=paths.input_file,
        ),
    ] = None,
    include_receipt: Annotated[bool, typer.Option("--include-receipt", help="Ask for a Receipt.")] = False,
    show_content: Annotated[bool, typer.Option("--show-content", help="Also print the injected content.")] = False,
    json_output: JsonOutput = False,
    url: Url = DEFAULT_URL,
    token: Token = None,
) -> None:
    """Prepare context for a query; with --include-receipt, show why it holds what it holds."""
    check_max_bytes(max_bytes)
    request: dict[str, Any] = {"scope_id": scope, "query": query, "max_bytes": max_bytes}
    if include_code:
        request["include_code"] = True
    if include_receipt:
        request["include_receipt"] = True
    if assembly is not None:
        try:
            request["assembly"] = json.loads(assembly.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            typer.echo(f"error: cannot read the assembly file {assembly}: {read_problem(exc)}", err=True)
            raise typer.Exit(2) from None

    async def work(client: AsyncClient) -> Any:
        return wire(await client.prepare_context(request))

    response = run_client(url, token, work)
    if json_output:
        print_json(response)
        return
    console = Console()
    if show_content and response["content"] is not None:
        print_content(response, console)
    else:
        console.print(plain(f"status {response['status']}, {response['content_bytes']} bytes"))
    if include_receipt:
        print_receipt(response, console)
