"""``pcreceipt code``: index a directory as the Scope's code workspace, and query it.

``code status``, ``code search`` and ``code read`` send PowerContext's code query (``status``,
``explore``, ``read``); ``read`` names the file version and workspace it expects, so a file
changed since the search is a clear ``code_changed`` instead of other lines.

The files are collected with ``cli.workspace.collect_workspace`` (git's own listing in a
worktree, .gitignore rules elsewhere; binaries, huge files and escaping symlinks skipped and
counted). The upload is text: bytes that are not UTF-8 are replaced (U+FFFD), as the indexer
does for lines. The whole workspace is one request, so it must fit the server's body limit.
A directory with no indexable file is refused (exit 2, nothing sent) unless ``--allow-empty``:
indexing replaces the Scope's workspace, so a wrong path would otherwise silently empty it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from pcreceipt.cli import paths
from pcreceipt.cli.common import DEFAULT_URL, JsonOutput, ScopeOption, Token, Url, print_json, run_client, wire
from pcreceipt.cli.workspace import collect_workspace
from pcreceipt.client import AsyncClient
from pcreceipt.models import CodeQueryResult, CodeStatus, CodeWorkspace, limits

code_app = typer.Typer(no_args_is_help=True, help="Code workspaces.")


@code_app.command("index")
def index(
    scope: ScopeOption,
    path: Annotated[Path, typer.Argument(help="The workspace directory.", callback=paths.input_dir)],
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


def _query(url: str, token: str | None, scope: str, body: dict[str, object]) -> CodeQueryResult | CodeStatus:
    async def work(client: AsyncClient) -> CodeQueryResult | CodeStatus:
        return await client.query_code(scope, body)

    return run_client(url, token, work)


@code_app.command("status")
def status(scope: ScopeOption, url: Url = DEFAULT_URL, token: Token = None, json_output: JsonOutput = False) -> None:
    """Whether the Scope has an indexed workspace, and which."""
    answer = _query(url, token, scope, {"operation": {"kind": "status"}})
    if json_output:
        print_json(wire(answer))
        return
    data = wire(answer)
    if data["status"] != "ready":
        typer.echo("no code workspace indexed (run: pcreceipt code index)")
        return
    build = data["last_build"]
    typer.echo(f"ready: fingerprint {data['fingerprint']}, {build['files']} file(s), {build['lines']} lines")


def _print_items(result: CodeQueryResult) -> None:
    """Each range with the file version and workspace fingerprint in full: what ``code read`` takes."""
    data = wire(result)
    if data["items"]:
        typer.echo(f"workspace fingerprint {data['fingerprint']} (code read --fingerprint)")
    for item in data["items"]:
        typer.echo(f"{item['path']}:{item['start_line']}-{item['end_line']} (--file {item['file_sha256']})")
        for line in item["content"].splitlines():
            typer.echo(f"    {line}")
    if data["status"] == "partial":
        typer.echo("(cut to fit --max-bytes)")


SHA256 = re.compile(r"[0-9a-f]{64}")
MaxBytes = Annotated[int, typer.Option("--max-bytes", help="The most bytes the answer may take (512 to 32768).")]


@code_app.command("search")
def search(
    scope: ScopeOption,
    query: Annotated[str, typer.Argument(help="Text to look for in the indexed lines.")],
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
    limit: Annotated[int, typer.Option("--limit", help="At most this many ranges.")] = 5,
    path_prefix: Annotated[str | None, typer.Option("--path-prefix", help="Only under this directory.")] = None,
    max_bytes: MaxBytes = limits.CODE_QUERY_REQUEST_MAX_BYTES_DEFAULT,
) -> None:
    """Full-text search of the current workspace (PowerContext's explore)."""
    operation: dict[str, object] = {"kind": "explore", "query": query, "limit": limit}
    if path_prefix is not None:
        operation["path_prefix"] = path_prefix
    answer = _query(url, token, scope, {"operation": operation, "max_bytes": max_bytes})
    if json_output:
        print_json(wire(answer))
    elif isinstance(answer, CodeQueryResult):
        _print_items(answer)


@code_app.command("read")
def read(
    scope: ScopeOption,
    path: Annotated[str, typer.Argument(help="The repository-relative path.")],
    lines: Annotated[str, typer.Argument(help="START-END, inclusive (at most 200 lines).")],
    file_sha256: Annotated[str, typer.Option("--file", help="The file version (from a search).")],
    fingerprint: Annotated[str, typer.Option("--fingerprint", help="The workspace fingerprint (from status).")],
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
    max_bytes: MaxBytes = limits.CODE_QUERY_REQUEST_MAX_BYTES_DEFAULT,
) -> None:
    """Read a line range of a file of the current workspace."""
    for option, value in (("--file", file_sha256), ("--fingerprint", fingerprint)):
        if not SHA256.fullmatch(value):
            typer.echo(
                f"error: {option} takes a full sha256, 64 hex digits as `pcreceipt code search` prints it; "
                f"got {value!r} ({len(value)} characters)",
                err=True,
            )
            raise typer.Exit(2)
    start, _, end = lines.partition("-")
    if not (start.isdigit() and end.isdigit()):
        typer.echo("error: LINES is START-END, e.g. 10-40", err=True)
        raise typer.Exit(2)
    operation = {
        "kind": "read",
        "path": path,
        "file_sha256": file_sha256,
        "start_line": int(start),
        "end_line": int(end),
    }
    body = {"operation": operation, "expected_fingerprint": fingerprint, "max_bytes": max_bytes}
    answer = _query(url, token, scope, body)
    if json_output:
        print_json(wire(answer))
    elif isinstance(answer, CodeQueryResult):
        _print_items(answer)
