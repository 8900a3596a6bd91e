"""``pcreceipt scope create|list``."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

import typer

from pcreceipt.cli.common import DEFAULT_URL, JsonOutput, Token, Url, print_json, run_client, wire
from pcreceipt.cli.listing import interruptible, paged, print_listing
from pcreceipt.client import AsyncClient
from pcreceipt.models import ScopeDescriptor, limits

scope_app = typer.Typer(no_args_is_help=True, help="Scopes.")


def describe(scope: ScopeDescriptor) -> str:
    references = f"  refs: {', '.join(r.root for r in scope.context_references)}" if scope.context_references else ""
    return f"{scope.scope_id}  {scope.title}{references}"


@scope_app.command("create")
def create(
    title: Annotated[str, typer.Option(help="The Scope title.")],
    summary: Annotated[str, typer.Option(help="What the Scope is about.")],
    key: Annotated[
        str | None,
        typer.Option(
            help="Idempotency key; the same key returns the same Scope [default: random].", show_default=False
        ),
    ] = None,
    ref: Annotated[
        list[str] | None, typer.Option("--ref", help="A Scope that prepare also searches (repeatable).")
    ] = None,
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Create a Scope (or return the one created with the same --key)."""
    body = {
        "title": title,
        "summary": summary,
        "idempotency_key": key or uuid.uuid4().hex,
        "context_references": list(ref or []),
    }

    async def work(client: AsyncClient) -> ScopeDescriptor:
        return await client.create_scope(body)

    scope = run_client(url, token, work)
    if json_output:
        print_json(wire(scope))
    else:
        typer.echo(scope.scope_id)


@scope_app.command("list")
def list_(url: Url = DEFAULT_URL, token: Token = None, json_output: JsonOutput = False) -> None:
    """List every Scope."""

    async def work(client: AsyncClient) -> int:
        async def page(size: int, cursor: str | None) -> tuple[list[ScopeDescriptor], Any]:
            answer = await client.list_scopes(limit=size, cursor=cursor)
            return answer.items, answer.next_cursor

        scopes = paged(page, limits.LIST_SCOPES_LIMIT_MAXIMUM)
        return await print_listing(scopes, describe, wire, json_output, None)

    with interruptible():
        run_client(url, token, work)
