"""``pcreceipt import --scope S FILE.jsonl``: bulk-create artifacts, one CreateArtifactRequest per line.

Decisions:
- Every line is checked against the contract before anything is sent, so a bad line 9000 does
  not leave 8999 artifacts behind; violations name the line, the JSON Pointer, the rule and
  what is wrong. A line whose ``family`` names a known family is checked against that family's
  form (``gate.check_schema_deep``), so the path points at the field: ``/content/text:
  minLength``, not ``/: oneOf``.
- A file that cannot be read (missing, a directory, not UTF-8) is one line and exit status 2.
- Lines are sent in order through ``import_artifacts`` in batches that are each one server
  transaction: at most 1000 items, one family (a batch ends where the family changes), and at
  most ``BATCH_MAX_BYTES`` of JSON (half the server's default body limit).
- When a batch fails, the batches before it stay committed; the command says how many.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress

from pcreceipt.cli import paths
from pcreceipt.cli.common import (
    DEFAULT_URL,
    JsonOutput,
    ScopeOption,
    Token,
    Url,
    print_json,
    read_problem,
    run_client,
    wire,
)
from pcreceipt.client import ApiResponseError, AsyncClient
from pcreceipt.contract import gate
from pcreceipt.models import ArtifactReference, limits

BATCH_MAX_ITEMS = limits.IMPORT_ARTIFACTS_REQUEST_ITEMS_MAX_ITEMS
BATCH_MAX_BYTES = 4 * 1024 * 1024


def read_requests(path: Path) -> list[dict[str, Any]]:
    """The file's CreateArtifactRequests; exits 2 listing the lines that are not valid."""
    try:
        if path.is_dir():
            raise IsADirectoryError(path)
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        where = raw.count(b"\n", 0, exc.start) + 1
        typer.echo(f"error: cannot import {path}: it is not UTF-8 text (line {where})", err=True)
        raise typer.Exit(2) from None
    except OSError as exc:
        typer.echo(f"error: cannot import {path}: {read_problem(exc)}", err=True)
        raise typer.Exit(2) from None
    items: list[dict[str, Any]] = []
    problems: list[str] = []
    # JSON Lines ends a line at \n only (a JSON string may hold U+2028, which splitlines would cut)
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except ValueError:
            problems.append(f"line {number}: not JSON")
            continue
        violations = gate.check_schema_deep("CreateArtifactRequest", item)
        problems += [f"line {number}: {v}" for v in violations[:5]]
        items.append(item)
    if problems:
        typer.echo("\n".join(["error: the file has invalid lines", *problems[:50]]), err=True)
        raise typer.Exit(2)
    return items


def batches(items: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """Consecutive runs of one family, cut at BATCH_MAX_ITEMS items or BATCH_MAX_BYTES of JSON."""
    batch: list[dict[str, Any]] = []
    size = 0
    for item in items:
        item_size = len(json.dumps(item, ensure_ascii=False).encode("utf-8")) + 1
        full = len(batch) >= BATCH_MAX_ITEMS or (batch and size + item_size > BATCH_MAX_BYTES)
        if batch and (full or item["family"] != batch[0]["family"]):
            yield batch
            batch, size = [], 0
        batch.append(item)
        size += item_size
    if batch:
        yield batch


def import_file(
    scope: ScopeOption,
    file: Annotated[
        Path, typer.Argument(help="A JSON Lines file of CreateArtifactRequest objects.", callback=paths.input_file)
    ],
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Import artifacts from a JSON Lines file (one CreateArtifactRequest per line)."""
    items = read_requests(file)
    console = Console(stderr=True)

    async def work(client: AsyncClient) -> list[ArtifactReference]:
        created: list[ArtifactReference] = []
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("importing", total=len(items))
            for batch in batches(items):
                try:
                    response = await client.import_artifacts(scope, {"items": batch})
                except ApiResponseError:
                    console.print(f"imported {len(created)} of {len(items)} before the error")
                    raise
                created += response.created
                progress.advance(task, len(batch))
        return created

    created = run_client(url, token, work)
    if json_output:
        print_json({"created": [wire(ref) for ref in created]})
    else:
        typer.echo(f"imported {len(created)} artifacts")
