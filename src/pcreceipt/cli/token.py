"""``pcreceipt token create|list|revoke``: API tokens, managed directly on the local store.

These commands do not talk to a server: they open the store that ``pcreceipt serve`` would use
(the same ``--data-dir`` / ``--config`` / ``PCRECEIPT_*`` settings) and change it in place, so
they work while a server runs (it reads tokens on every request: a revoke takes effect at once).

Decisions:
- ``create`` prints the token exactly once, alone on stdout (so ``TOKEN=$(pcreceipt token create
  ...)`` captures it); what was created goes to stderr. Only its SHA-256 digest is stored.
- A grant names an existing Scope or ``*`` (every Scope); an unknown Scope id is refused, so a
  typo cannot produce a token that silently grants nothing. ``--scope`` may repeat: each
  Scope gets the one ``--grant``.
- ``list`` shows ids, names, grants and dates, never a token or a digest.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

import typer

from pcreceipt.cli.local import ConfigOption, DataDirOption, local_store
from pcreceipt.server.http.credentials import new_token
from pcreceipt.store.records import ALL_SCOPES, RecordNotFound, StoreError, TokenGrant, TokenRecord

token_app = typer.Typer(no_args_is_help=True, help="API tokens (on the local store; no server needed).")

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def _grants(record: TokenRecord) -> str:
    return ", ".join(f"{grant.access} on {grant.scope_id}" for grant in record.grants)


def _as_json(record: TokenRecord) -> dict[str, object]:
    return {
        "token_id": record.token_id,
        "name": record.name,
        "grants": [{"scope_id": g.scope_id, "access": g.access} for g in record.grants],
        "created_at": record.created_at,
        "revoked_at": record.revoked_at,
    }


@token_app.command("create")
def create(
    scope: Annotated[
        list[str], typer.Option("--scope", help="A Scope id, or * for every Scope (repeatable).", show_default=False)
    ],
    grant: Annotated[
        Literal["read", "write", "admin"], typer.Option("--grant", help="read, write (includes read) or admin (all).")
    ],
    name: Annotated[str | None, typer.Option("--name", help="A label for the token.", show_default=False)] = None,
    data_dir: DataDirOption = None,
    config: ConfigOption = None,
    json_output: JsonFlag = False,
) -> None:
    """Create a token and print it once (only its digest is stored)."""
    with local_store(data_dir, config) as store:
        unknown = [s for s in dict.fromkeys(scope) if s != ALL_SCOPES and store.get_scope(s) is None]
        if unknown:
            typer.echo(f"error: no such Scope: {', '.join(unknown)}", err=True)
            raise typer.Exit(1)
        issued = new_token()
        try:
            record = store.create_token(
                token_id=issued.token_id,
                token_sha256=issued.token_sha256,
                name=name,
                grants=[TokenGrant(s, grant) for s in dict.fromkeys(scope)],
            )
        except StoreError as error:
            typer.echo(f"error: the token was not created: {error}", err=True)
            raise typer.Exit(1) from None
    if json_output:
        typer.echo(json.dumps({**_as_json(record), "token": issued.token}, ensure_ascii=False))
        return
    typer.echo(issued.token)
    typer.echo(f"created token {record.token_id} ({_grants(record)}); it is shown only this once", err=True)


@token_app.command("list")
def list_(data_dir: DataDirOption = None, config: ConfigOption = None, json_output: JsonFlag = False) -> None:
    """List tokens (ids, names, grants; never the tokens themselves)."""
    with local_store(data_dir, config) as store:
        records = store.list_tokens()
    if json_output:
        typer.echo(json.dumps({"items": [_as_json(r) for r in records]}, ensure_ascii=False))
        return
    if not records:
        typer.echo("no tokens")
    for record in records:
        state = f"revoked {record.revoked_at}" if record.revoked_at else "active"
        label = record.name if record.name is not None else "-"
        typer.echo(f"{record.token_id}  {label}  {_grants(record)}  created {record.created_at}  {state}")


@token_app.command("revoke")
def revoke(
    token_id: Annotated[str, typer.Argument(help="The token id (from `token list`).")],
    data_dir: DataDirOption = None,
    config: ConfigOption = None,
) -> None:
    """Revoke a token; it is refused from the next request on."""
    with local_store(data_dir, config) as store:
        try:
            record = store.revoke_token(token_id)
        except RecordNotFound:
            typer.echo("error: no token has that id", err=True)
            raise typer.Exit(1) from None
    typer.echo(f"revoked {record.token_id}")
