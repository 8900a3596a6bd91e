"""``pcreceipt memory add|list|edit|show|forget|retire|merge``: atomic memories.

Every change that the contract guards reads the current state first and sends exactly what it
read (the ETag for edit, the revision and state version for forget/retire/merge), so a
concurrent change is refused by the server instead of being overwritten.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from pcreceipt.cli.common import (
    DEFAULT_URL,
    JsonOutput,
    ListLimit,
    ScopeOption,
    Token,
    Url,
    one_line,
    print_json,
    run_client,
    wire,
)
from pcreceipt.cli.listing import interruptible, paged, print_listing
from pcreceipt.client import AsyncClient
from pcreceipt.models import (
    ArtifactRevision,
    AtomicMemoryMutationResponse,
    AtomicMemoryRecord,
    AtomicMemoryStateView,
    limits,
)

FAMILY = "atomic-memory"
EVERY_STATE = list(limits.ATOMIC_MEMORY_STATE_ENUM)
memory_app = typer.Typer(no_args_is_help=True, help="Atomic memories.")

Kind = Annotated[str, typer.Option("--kind", help="What kind of memory, e.g. decision or fact.")]
ArtifactId = Annotated[str, typer.Argument(help="The memory's artifact id.")]
Text = Annotated[str, typer.Argument(help="The memory text.")]


def _input(state: AtomicMemoryStateView) -> dict[str, Any]:
    """The AtomicMemoryInput naming exactly the head and state version just read."""
    return {"artifact": wire(state.artifact), "state_version": state.state_version}


def _listed(record: AtomicMemoryRecord) -> str:
    data = wire(record)
    artifact = data["artifact"]
    return f"{artifact['artifact_id']}  r{artifact['revision']}  {data['state']:<9}  {one_line(data['text'])}"


def _show_revision(revision: ArtifactRevision, state: AtomicMemoryStateView | None) -> str:
    content = wire(revision.content)
    lifecycle = f" ({state.state}, state_version {state.state_version})" if state is not None else ""
    return (
        f"{revision.artifact_id} revision {revision.revision}{lifecycle}\nkind: {content['kind']}\n\n{content['text']}"
    )


def _show_mutation(verb: str, response: AtomicMemoryMutationResponse) -> str:
    if not response.changed:
        return "unchanged"
    return "\n".join(f"{verb} {r.artifact.artifact_id} -> {r.state}" for r in response.records)


@memory_app.command("add")
def add(
    scope: ScopeOption,
    kind: Kind,
    text: Text,
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Add an atomic memory."""

    async def work(client: AsyncClient) -> Any:
        created = await client.create_artifact(scope, {"family": FAMILY, "content": {"kind": kind, "text": text}})
        return created.value

    created = run_client(url, token, work)
    if json_output:
        print_json(wire(created))
    else:
        typer.echo(created.artifact_id)


@memory_app.command("edit")
def edit(
    scope: ScopeOption,
    artifact_id: ArtifactId,
    text: Text,
    kind: Annotated[str | None, typer.Option(help="A new kind [default: keep it].", show_default=False)] = None,
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Replace a memory's text with a new revision (guarded by the head's ETag)."""

    async def work(client: AsyncClient) -> ArtifactRevision:
        head = await client.get_artifact(scope, FAMILY, artifact_id)
        assert head is not None
        content = {"kind": kind or wire(head.value.content)["kind"], "text": text}
        replaced = await client.replace_artifact(
            scope, FAMILY, artifact_id, {"content": content}, expected_etag=head.etag
        )
        return replaced.value

    revision = run_client(url, token, work)
    if json_output:
        print_json(wire(revision))
    else:
        typer.echo(f"{revision.artifact_id} revision {revision.revision}")


@memory_app.command("list")
def list_(
    scope: ScopeOption,
    limit: ListLimit = None,
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """List the Scope's memories: id, revision, lifecycle state and the start of the text."""

    async def work(client: AsyncClient) -> int:
        async def page(size: int, cursor: str | None) -> tuple[list[AtomicMemoryRecord], Any]:
            request = {"scope_id": scope, "states": EVERY_STATE, "limit": size, "cursor": cursor}
            answer = await client.list_atomic_memories(request)
            return answer.items, answer.next_cursor

        records = paged(page, limits.LIST_ATOMIC_MEMORY_REQUEST_LIMIT_MAXIMUM, limit)
        return await print_listing(records, _listed, wire, json_output, "no memories")

    with interruptible():
        run_client(url, token, work)


@memory_app.command("show")
def show(
    scope: ScopeOption,
    artifact_id: ArtifactId,
    revision: Annotated[
        int | None, typer.Option(help="An exact revision [default: the head].", show_default=False)
    ] = None,
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Show a memory's head (with its lifecycle state) or an exact revision."""

    async def work(client: AsyncClient) -> tuple[ArtifactRevision, AtomicMemoryStateView | None]:
        if revision is not None:
            return await client.get_artifact_revision(scope, FAMILY, artifact_id, revision), None
        head = await client.get_artifact(scope, FAMILY, artifact_id)
        assert head is not None
        state = await client.get_atomic_memory_state(scope, artifact_id)
        return head.value, state.value

    found, state = run_client(url, token, work)
    if json_output:
        print_json(wire(found))
    else:
        typer.echo(_show_revision(found, state))


def _change_state(
    scope: str, artifact_id: str, state: str, verb: str, url: str, token: str | None, json_output: bool
) -> None:
    async def work(client: AsyncClient) -> AtomicMemoryMutationResponse:
        current = await client.get_atomic_memory_state(scope, artifact_id)
        request = {"scope_id": scope, "target": _input(current.value), "state": state}
        return await client.change_atomic_memory_lifecycle(request)

    response = run_client(url, token, work)
    if json_output:
        print_json(wire(response))
    else:
        typer.echo(_show_mutation(verb, response))


@memory_app.command("forget")
def forget(
    scope: ScopeOption,
    artifact_id: ArtifactId,
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Forget an active memory (its revisions stay readable by exact read)."""
    _change_state(scope, artifact_id, "forgotten", "forgot", url, token, json_output)


@memory_app.command("retire")
def retire(
    scope: ScopeOption,
    artifact_id: ArtifactId,
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Retire an active merge result."""
    _change_state(scope, artifact_id, "retired", "retired", url, token, json_output)


@memory_app.command("merge")
def merge(
    scope: ScopeOption,
    artifact_ids: Annotated[
        list[str], typer.Argument(metavar="ID ID... TEXT", help="Two or more memory ids, then the merged text.")
    ],
    kind: Kind,
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Merge two or more active memories into a new one with the given text."""
    if len(artifact_ids) < 3:
        typer.echo("error: give at least two memory ids and then the merged text", err=True)
        raise typer.Exit(2)
    *inputs, text = artifact_ids

    async def work(client: AsyncClient) -> AtomicMemoryMutationResponse:
        states = [(await client.get_atomic_memory_state(scope, artifact_id)).value for artifact_id in inputs]
        request = {
            "scope_id": scope,
            "inputs": [_input(state) for state in states],
            "content": {"kind": kind, "text": text},
        }
        return await client.merge_atomic_memories(request)

    response = run_client(url, token, work)
    if json_output:
        print_json(wire(response))
    else:
        typer.echo(response.records[-1].artifact.artifact_id)
