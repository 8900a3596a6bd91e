"""``pcreceipt verify RESPONSE.json``: check a saved prepare response that carries a Receipt.

The checks are ``pcreceipt.prepare.verify``'s (its docstring lists them): offline always (the
gate, which reads the content's items back and compares them with ``selected``, and the code
snippet hashes), and with ``--server URL``
the exact reads of every selected identity, which this command performs
(``GET /v1/scopes/{scope}/artifacts/{family}/{id}/revisions/{rev}`` for history, ``read_code``
of the path and line range for code) before handing what came back to those checks.

Every problem is one line, printed as ``validate`` prints a violation (``gate.format_violation``):
``path: check — what failed``, with a JSON Pointer into the response, never a value from the
response or the store. Exit status 0 when everything holds, 1 otherwise; 2, with one ``error:``
line, when the file cannot be read as JSON (as for every command's unreadable input).
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from pcreceipt.cli import paths
from pcreceipt.cli.common import MAX_BYTES_RANGE, Token, check_max_bytes, checked_server_url, read_problem, wire
from pcreceipt.client import ApiResponseError, AsyncClient, ClientError, TransportError
from pcreceipt.contract.content import CitedItem
from pcreceipt.models import limits
from pcreceipt.prepare.verify import (
    Finding,
    Offline,
    code_findings,
    history_findings,
    item_path,
    verify_offline,
)

READ_CODE_MAX_LINES = limits.CODE_RANGE_LINES_MAX_ITEMS
READS_AT_ONCE = 8  # exact reads in flight against the server (a Receipt selects a few dozen items at most)


# -- against a server ----------------------------------------------------------------------------


async def _check_history(
    client: AsyncClient, index: int, item: Mapping[str, Any], cited: CitedItem | None
) -> list[Finding]:
    address = item["artifact_address"]
    artifact = address["artifact"]
    wanted = (address["scope_id"], artifact["family"], artifact["artifact_id"], artifact["revision"])
    path = item_path(index, "artifact_address")
    try:
        revision = await client.get_artifact_revision(*wanted)
    except ApiResponseError as error:
        if error.status == 404:
            return [Finding(path, "exact_read", "the exact revision no longer exists (HTTP 404)")]
        return [Finding(path, "exact_read", f"the exact read failed: HTTP {error.status} {error.code or ''}".strip())]
    return history_findings(index, item, cited, wire(revision))


async def _check_code(
    client: AsyncClient, index: int, item: Mapping[str, Any], cited: CitedItem | None
) -> list[Finding]:
    code = item["code_evidence"]
    path = item_path(index, "code_evidence")
    lines: list[str] = []
    start, end = code["start_line"], code["end_line"]
    for first in range(start, end + 1, READ_CODE_MAX_LINES):
        last = min(end, first + READ_CODE_MAX_LINES - 1)
        try:
            chunk = await client.read_code(
                code["scope_id"],
                code["fingerprint"],
                code["file_sha256"],
                path=code["path"],
                start_line=first,
                end_line=last,
            )
        except ApiResponseError as error:
            status = "no longer exists (HTTP 404)" if error.status == 404 else f"failed: HTTP {error.status}"
            return [Finding(path, "exact_read", f"the exact code read {status}")]
        evidence = chunk.evidence
        same = (evidence.scope_id, evidence.fingerprint, evidence.path, evidence.file_sha256) == (
            code["scope_id"],
            code["fingerprint"],
            code["path"],
            code["file_sha256"],
        )
        if not same or len(chunk.lines) != last - first + 1:
            return [Finding(path, "exact_read", "the exact code read answered another file or range")]
        lines += chunk.lines
    return code_findings(index, item, cited, lines)


async def verify_against_server(client: AsyncClient, offline: Offline) -> list[Finding]:
    """The exact reads of checks 4–5 (``prepare.verify``), ``READS_AT_ONCE`` selected items at a
    time; the findings in the items' order."""
    reads = asyncio.Semaphore(READS_AT_ONCE)

    async def check(index: int, item: Mapping[str, Any]) -> list[Finding]:
        cited = offline.items[index] if offline.items is not None else None
        async with reads:
            if "artifact_address" in item:
                return await _check_history(client, index, item, cited)
            return await _check_code(client, index, item, cited)

    checked = await asyncio.gather(*(check(index, item) for index, item in enumerate(offline.selected)))
    return [finding for findings in checked for finding in findings]


# -- the command ---------------------------------------------------------------------------------


def _read(source: str) -> Any:
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    return json.loads(text)


def _fail(findings: Sequence[Finding]) -> None:
    for finding in findings:
        typer.echo(str(finding))
    typer.echo(f"verify: FAILED ({len(findings)} problem(s))")
    raise typer.Exit(1)


def verify(
    response_file: Annotated[
        str,
        typer.Argument(
            metavar="RESPONSE.json",
            help="A saved prepare response, or - for standard input.",
            callback=paths.input_file_or_stdin,
        ),
    ],
    max_bytes: Annotated[
        int | None,
        typer.Option(
            "--max-bytes",
            help=f"The max_bytes the request sent, {MAX_BYTES_RANGE} (checked when given).",
            show_default=False,
        ),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            help="Also exact-read every selected identity from this server (http://HOST:PORT; HOST:PORT works too).",
            show_default=False,
            callback=paths.server_url,
        ),
    ] = None,
    token: Token = None,
) -> None:
    """Verify a saved prepare response with a Receipt: gate, digests, byte counts and citations (offline), and
    with --server that every selected identity still reads back to the injected content. Exit 1 on any problem."""
    check_max_bytes(max_bytes)
    if server is not None:
        server = checked_server_url(server, "--server")
    try:
        response = _read(response_file)
    except (OSError, ValueError) as exc:
        typer.echo(f"error: cannot read {response_file}: {read_problem(exc)}", err=True)
        raise typer.Exit(2) from None
    offline = verify_offline(response, max_bytes=max_bytes)
    findings = list(offline.findings)
    if server is not None and offline.selected:

        async def against_server() -> list[Finding]:
            async with AsyncClient(server, token=token) as client:
                return await verify_against_server(client, offline)

        try:
            findings += asyncio.run(against_server())
        except TransportError:
            findings.append(Finding("", "server", f"cannot reach the server at {server}"))
        except ClientError as error:
            findings.append(Finding("", "server", f"the server's answer does not fit the contract: {error}"))
    if findings:
        _fail(findings)
    where = " and against the server" if server is not None else " (offline)"
    typer.echo(f"verify: OK: {len(offline.selected)} selected item(s) match the content{where}")
