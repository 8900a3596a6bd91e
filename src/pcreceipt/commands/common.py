"""What every client command shares: connection options, running a coroutine, output, errors.

Output is concise human text by default; ``--json`` prints the server's JSON instead (the
parsed model dumped back with the keys it had on the wire). Errors go to stderr with the
server's error code and request id; exit status 1 for an API error, 2 when the server cannot
be reached.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Coroutine
from typing import Annotated, Any, TypeVar

import typer
from pydantic import BaseModel

from pcreceipt.client import ApiResponseError, AsyncClient, ClientError, TransportError

DEFAULT_URL = "http://127.0.0.1:8000"
T = TypeVar("T")

Url = Annotated[str, typer.Option("--url", envvar="PCRECEIPT_URL", help="The server's base URL.")]
Token = Annotated[
    str | None, typer.Option("--token", envvar="PCRECEIPT_TOKEN", help="A bearer token.", show_default=False)
]
JsonOutput = Annotated[bool, typer.Option("--json", help="Print the server's JSON instead of text.")]
ScopeOption = Annotated[str, typer.Option("--scope", help="The Scope id.")]
CURRENT_KEYS = ("current_revision", "current_state_version", "current_etag")


def wire(model: BaseModel) -> Any:
    """A parsed response as it was on the wire (aliases, and exactly the keys the server sent)."""
    return model.model_dump(mode="json", by_alias=True, exclude_unset=True)


def print_json(value: Any) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, indent=2))


def _explain(error: ApiResponseError) -> str:
    lines = [f"error: {error.code or 'unknown_error'} (HTTP {error.status}): {error.message or 'no error body'}"]
    details = error.details or {}
    if details.get("reason"):
        lines.append(f"  reason: {details['reason']}")
    current = [f"{key.removeprefix('current_')} {details[key]}" for key in CURRENT_KEYS if key in details]
    if current:
        lines.append(f"  current: {', '.join(current)}")
    for violation in details.get("violations", []):
        lines.append(f"  {violation.get('path') or '/'}: {violation.get('rule')}")
    if error.request_id:
        lines.append(f"  request id: {error.request_id}")
    return "\n".join(lines)


def run_client(url: str, token: str | None, work: Callable[[AsyncClient], Awaitable[T]]) -> T:
    """Open a client, run ``work`` with it, close it; API and transport errors exit with a message."""

    async def session() -> T:
        async with AsyncClient(url, token=token) as client:
            return await work(client)

    return run(session(), url)


def run(coroutine: Coroutine[Any, Any, T], url: str) -> T:
    try:
        return asyncio.run(coroutine)
    except ApiResponseError as error:
        typer.echo(_explain(error), err=True)
        raise typer.Exit(1) from None
    except TransportError:
        typer.echo(f"error: cannot reach the server at {url}", err=True)
        raise typer.Exit(2) from None
    except ClientError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
