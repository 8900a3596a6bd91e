"""``pcreceipt topic add``, ``experience add`` and ``profile set``: the other history families."""

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
from pcreceipt.client import AsyncClient, Versioned
from pcreceipt.models import ArtifactCollectionItem, ArtifactCreated, limits

topic_app = typer.Typer(no_args_is_help=True, help="Topic memories.")
experience_app = typer.Typer(no_args_is_help=True, help="Experiences.")
profile_app = typer.Typer(no_args_is_help=True, help="The Scope's profile snapshot.")


def _create(scope: str, family: str, content: dict[str, Any], url: str, token: str | None, json_output: bool) -> None:
    async def work(client: AsyncClient) -> Versioned[ArtifactCreated]:
        return await client.create_artifact(scope, {"family": family, "content": content})

    created = run_client(url, token, work)
    if json_output:
        print_json(wire(created.value))
    elif created.value.revision == 1:
        typer.echo(created.value.artifact_id)
    else:
        typer.echo(f"{created.value.artifact_id} revision {created.value.revision}")


@topic_app.command("list")
def list_topics(
    scope: ScopeOption,
    limit: ListLimit = None,
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """List the Scope's topic memories: id, revision and title."""

    async def work(client: AsyncClient) -> int:
        async def page(size: int, cursor: str | None) -> tuple[list[ArtifactCollectionItem], Any]:
            answer = await client.list_artifacts(scope, "topic-memory", limit=size, cursor=cursor)
            return answer.items, answer.next_cursor

        items = paged(page, limits.LIST_ARTIFACTS_LIMIT_MAXIMUM, limit)
        return await print_listing(items, _listed_topic, wire, json_output, "no topic memories")

    with interruptible():
        run_client(url, token, work)


def _listed_topic(item: ArtifactCollectionItem) -> str:
    return f"{item.artifact_id}  r{item.revision}  {one_line(item.title or '')}"


@topic_app.command("add")
def add_topic(
    scope: ScopeOption,
    title: Annotated[str, typer.Option(help="The topic title.")],
    summary: Annotated[str, typer.Option(help="The topic summary.")],
    detail: Annotated[str, typer.Option(help="The topic detail.")],
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Add a topic memory."""
    _create(scope, "topic-memory", {"title": title, "summary": summary, "detail": detail}, url, token, json_output)


@experience_app.command("add")
def add_experience(
    scope: ScopeOption,
    situation: Annotated[str, typer.Option(help="The situation.")],
    action: Annotated[str, typer.Option(help="What was done.")],
    outcome: Annotated[str, typer.Option(help="What happened.")],
    lesson: Annotated[str, typer.Option(help="What to do next time.")],
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Add an experience."""
    content = {"situation": situation, "action": action, "outcome": outcome, "lesson": lesson}
    _create(scope, "experience", content, url, token, json_output)


@profile_app.command("set")
def set_profile(
    scope: ScopeOption,
    text: Annotated[str, typer.Argument(help="The profile text.")],
    url: Url = DEFAULT_URL,
    token: Token = None,
    json_output: JsonOutput = False,
) -> None:
    """Commit a new profile snapshot (the next revision of the Scope's one profile)."""
    _create(scope, "profile", {"content": text}, url, token, json_output)
