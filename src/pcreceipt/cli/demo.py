"""`pcreceipt demo`: seed a sample project on an embedded SQLite store, prepare, show the Receipt.

Runs in-process against a real SQLite file (a temporary directory unless ``--data-dir`` is
given): two Scopes (one referencing the other), atomic memories, topic memories, experiences,
a profile, and a small code workspace (the sample service's files, shipped in the same JSON
so the demo prints the same Receipt whatever version of pcreceipt runs it). It then prints the
prepared content and a human view of its Receipt.
"""

from __future__ import annotations

import json
import tempfile
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.panel import Panel

from pcreceipt.cli import paths
from pcreceipt.cli.receipt_view import plain, print_content, print_receipt
from pcreceipt.compose import compose
from pcreceipt.config import Settings
from pcreceipt.store.protocol import Store

DEMO_QUERY = "Why did we choose SQLite, and how is a Receipt validated before it is attached?"


def sample_project() -> dict[str, Any]:
    """The sample project's artifacts (``demo_project.json`` beside this module)."""
    text = resources.files("pcreceipt.cli").joinpath("demo_project.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def seed(store: Store) -> str:
    """Create the sample Scopes and artifacts; returns the current Scope's id."""
    shared, _ = store.create_scope(
        title="Shared infrastructure",
        summary="Conventions shared by every service.",
        idempotency_key="demo-shared",
        parent_scope_id=None,
        context_references=[],
        external_references=[],
    )
    project, _ = store.create_scope(
        title="Payments service",
        summary="The payments service and its context runtime.",
        idempotency_key="demo-payments",
        parent_scope_id=None,
        context_references=[shared.scope_id],
        external_references=[],
    )
    project_data = sample_project()
    for memory in project_data["shared_memories"]:
        store.create_artifact(shared.scope_id, "atomic-memory", memory)
    for memory in project_data["project_memories"]:
        store.create_artifact(project.scope_id, "atomic-memory", memory)
    for topic in project_data["topics"]:
        store.create_artifact(project.scope_id, "topic-memory", topic)
    for experience in project_data["experiences"]:
        store.create_artifact(project.scope_id, "experience", experience)
    store.create_artifact(
        project.scope_id, "profile", {"content": project_data["profile"], "restored_from_revision": None}
    )
    workspace = sorted((path, text.encode("utf-8")) for path, text in project_data["workspace"].items())
    store.index_workspace(project.scope_id, workspace, 0)
    return project.scope_id


def run_demo(data_dir: Path | None, *, show_content: bool = True, console: Console | None = None) -> dict[str, Any]:
    console = console or Console()
    with tempfile.TemporaryDirectory(prefix="pcreceipt-demo-") as tmp:
        directory = data_dir or Path(tmp)
        directory.mkdir(parents=True, exist_ok=True)
        parts = compose(Settings(data_dir=directory))
        try:
            scope_id = seed(parts.store)
            request = {
                "scope_id": scope_id,
                "query": DEMO_QUERY,
                "max_bytes": 4000,  # not a contract limit: the demo prepare's own budget
                "include_code": True,
                "include_receipt": True,
            }
            response = parts.runtime.prepare(request, request_id="0" * 16).as_json()
        finally:
            parts.close()
    console.print(Panel(plain(DEMO_QUERY), title="query", expand=False))
    if show_content and response["content"] is not None:
        print_content(response, console)
    print_receipt(response, console, json_hint=False)
    return response


def demo(
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="Keep the demo store here (default: a temporary directory).",
            show_default=False,
            callback=paths.directory,
        ),
    ] = None,
    hide_content: Annotated[bool, typer.Option("--hide-content", help="Print only the Receipt.")] = False,
) -> None:
    """Seed a sample project on an embedded SQLite store, prepare context, and print its Receipt."""
    response = run_demo(data_dir, show_content=not hide_content)
    if "receipt" not in response:
        raise typer.Exit(1)
