"""``pcreceipt code index``: upload a directory's indexable files as the Scope's code workspace.

The files are collected with ``cli.workspace.collect_workspace`` (git's own listing in a
worktree, .gitignore rules elsewhere; binaries, huge files and escaping symlinks skipped and
counted). The upload is text: bytes that are not UTF-8 are replaced (U+FFFD), as the indexer
does for lines. The whole workspace is one request, so it must fit the server's body limit.
A directory with no indexable file is refused (exit 2, nothing sent) unless ``--allow-empty``:
indexing replaces the Scope's workspace, so a wrong path would otherwise silently empty it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pcreceipt.cli.common import DEFAULT_URL, JsonOutput, ScopeOption, Token, Url, print_json, run_client, wire
from pcreceipt.cli.workspace import collect_workspace
from pcreceipt.client import AsyncClient
from pcreceipt.models import CodeWorkspace

code_app = typer.Typer(no_args_is_help=True, help="Code workspaces.")


@code_app.command("index")
def index(
    scope: ScopeOption,
    path: Annotated[Path, typer.Argument(help="The workspace directory.", exists=True, file_okay=False)],
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
    allow_empty: Annotated[
        bool,
        typer.Option(
            "--allow-empty", help="Index even when the directory has no indexable file (empties the workspace)."
        ),
    ] = False,
) -> None:
    """Index a directory as the Scope's current code workspace (it replaces the previous one)."""
    collected = collect_workspace(path)
    if not collected.files and not allow_empty:
        typer.echo(
            f"error: the directory has no indexable files ({collected.skipped} skipped); indexing it would "
            "replace the Scope's code workspace with an empty one. Pass --allow-empty to do that.",
            err=True,
        )
        raise typer.Exit(2)
    files = [{"path": name, "content": data.decode("utf-8", errors="replace")} for name, data in collected.files]

    async def work(client: AsyncClient) -> CodeWorkspace:
        return await client.index_code_workspace(scope, {"files": files, "skipped": collected.skipped})

    workspace = run_client(url, token, work)
    if json_output:
        print_json(wire(workspace))
    else:
        typer.echo(
            f"indexed {workspace.files} file(s) ({workspace.lines} lines, {workspace.skipped} skipped), "
            f"fingerprint {workspace.fingerprint}"
        )
