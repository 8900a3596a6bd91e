"""What every client command shares: connection options, running a coroutine, output, errors.

Output is concise human text by default; ``--json`` prints the server's JSON instead (the
parsed model dumped back with the keys it had on the wire). Errors go to stderr with the
server's error code and request id; exit status 1 for an API error, 2 when the server cannot
be reached or ``--url`` is not a server URL.

``--url`` may omit the scheme: ``127.0.0.1:8000`` means ``http://127.0.0.1:8000`` (a local
server speaks plain HTTP). Any scheme other than http or https is refused with one line.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Coroutine
from typing import Annotated, Any, TypeVar

import typer
from pydantic import BaseModel

from pcreceipt.cli import paths
from pcreceipt.client import ApiResponseError, AsyncClient, BadServerURL, ClientError, TransportError, server_url
from pcreceipt.errors import METHOD_RULE, ROUTE_RULE
from pcreceipt.models import limits

DEFAULT_URL = "http://127.0.0.1:8000"
T = TypeVar("T")

Url = Annotated[
    str,
    typer.Option(
        "--url",
        envvar="PCRECEIPT_URL",
        help="The server's base URL (HOST:PORT means http://HOST:PORT).",
        callback=paths.server_url,
    ),
]
Token = Annotated[
    str | None, typer.Option("--token", envvar="PCRECEIPT_TOKEN", help="A bearer token.", show_default=False)
]
JsonOutput = Annotated[bool, typer.Option("--json", help="Print the server's JSON instead of text.")]
ScopeOption = Annotated[str, typer.Option("--scope", help="The Scope id.")]
CURRENT_KEYS = ("current_revision", "current_state_version", "current_etag")


MAX_BYTES_MIN = limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_MINIMUM
MAX_BYTES_MAX = limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_MAXIMUM
MAX_BYTES_DEFAULT = limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT
MAX_BYTES_RANGE = f"{MAX_BYTES_MIN}–{MAX_BYTES_MAX}"


def check_max_bytes(value: int | None) -> None:
    """Exit 2 with one line stating the range when ``--max-bytes`` is outside the contract's."""
    if value is not None and not MAX_BYTES_MIN <= value <= MAX_BYTES_MAX:
        typer.echo(f"error: --max-bytes must be in the range {MAX_BYTES_RANGE} (bytes); got {value}", err=True)
        raise typer.Exit(2)


def read_problem(exc: Exception) -> str:
    """Why a file (or standard input) could not be read as text or JSON, in words."""
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "it is a directory, not a file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    if isinstance(exc, UnicodeDecodeError):
        return "it is not UTF-8 text"
    if isinstance(exc, json.JSONDecodeError):
        return f"it is not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
    if isinstance(exc, OSError) and exc.strerror:
        return str(exc.strerror)
    return type(exc).__name__


def wire(model: BaseModel) -> Any:
    """A parsed response as it was on the wire (aliases, and exactly the keys the server sent)."""
    return model.model_dump(mode="json", by_alias=True, exclude_unset=True)


def print_json(value: Any) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, indent=2))


def _unrouted(error: ApiResponseError) -> bool:
    """Whether the server took no route for the request (its violation ``route`` or ``method``)."""
    violations = (error.details or {}).get("violations", [])
    return any(v.get("rule") in (ROUTE_RULE, METHOD_RULE) for v in violations if isinstance(v, dict))


def _explain(error: ApiResponseError) -> str:
    from pcreceipt.contract import gate  # only an error needs it: a client command starts without the gate

    lines = [f"error: {error.code or 'unknown_error'} (HTTP {error.status}): {error.message or 'no error body'}"]
    if error.status in (404, 405) and (error.code is None or _unrouted(error)):
        lines.append("  the server does not serve this operation: is it another version of pcreceipt?")
    details = error.details or {}
    if details.get("reason"):
        lines.append(f"  reason: {details['reason']}")
    current = [f"{key.removeprefix('current_')} {details[key]}" for key in CURRENT_KEYS if key in details]
    if current:
        lines.append(f"  current: {', '.join(current)}")
    for violation in details.get("violations", []):
        rule = str(violation.get("rule"))
        described = gate.describe_rule(rule)
        if violation.get("property"):
            described += f": {violation['property']}"
        lines.append("  " + gate.format_violation(str(violation.get("path") or ""), rule, described))
    if error.request_id:
        lines.append(f"  request id: {error.request_id}")
    return "\n".join(lines)


def checked_server_url(url: str, option: str = "--url") -> str:
    """``server_url``, or exit 2 with one line naming the option."""
    try:
        return server_url(url)
    except BadServerURL as error:
        typer.echo(f"error: {option}: {error}", err=True)
        raise typer.Exit(2) from None


def run_client(url: str, token: str | None, work: Callable[[AsyncClient], Awaitable[T]]) -> T:
    """Open a client, run ``work`` with it, close it; API and transport errors exit with a message."""
    url = checked_server_url(url)

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


def one_line(text: str, width: int = 72) -> str:
    """A preview of stored text on one line: whitespace runs folded, cut at ``width`` with an ellipsis."""
    folded = " ".join(text.split())
    return folded if len(folded) <= width else folded[: width - 1] + "…"


ListLimit = Annotated[
    int | None, typer.Option(help="Show at most this many [default: all].", min=1, show_default=False)
]
