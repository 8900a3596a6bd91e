"""The CLI as a newcomer meets it (issue 12): stored text shown as it is, help that can be acted
on, listing what is stored, and one clear line for every error."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner, Result

from pcreceipt import demo
from pcreceipt.cli import app

# Rich console markup, an emoji code and brackets a naive view would eat; ``[/]`` with nothing
# open makes rich raise a MarkupError.
HOSTILE = "close [/] first, use [bold]x[/bold] for list[int], cite [1] :warning:"


@pytest.fixture
def cli(server_url: str) -> CliRunner:
    return CliRunner(env={"PCRECEIPT_URL": server_url, "PCRECEIPT_TOKEN": None, "COLUMNS": "200"})


def run(cli: CliRunner, *args: str, code: int = 0) -> Result:
    result = cli.invoke(app, list(args))
    assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
    return result


def out(cli: CliRunner, *args: str) -> str:
    return run(cli, *args).stdout.strip()


@pytest.fixture
def scope(cli: CliRunner) -> str:
    return out(cli, "scope", "create", "--title", "Newcomer", "--summary", "A CLI test Scope")


# -- 1. stored text is shown as it is -------------------------------------------------------------


def test_memory_show_prints_stored_text_as_it_is(cli: CliRunner, scope: str) -> None:
    memory = out(cli, "memory", "add", "--scope", scope, "--kind", "fact", f"Markup: {HOSTILE}")
    assert out(cli, "memory", "show", "--scope", scope, memory).endswith(f"Markup: {HOSTILE}")


def test_prepare_show_content_prints_stored_text_as_it_is(cli: CliRunner, scope: str) -> None:
    out(cli, "memory", "add", "--scope", scope, "--kind", "fact", f"Markup: {HOSTILE}")
    shown = out(cli, "context", "prepare", "--scope", scope, "--query", "markup", "--show-content", "--include-receipt")
    assert f"| Markup: {HOSTILE}" in shown
    assert "citation line [n] (family" in shown
    assert "[1] atomic-memory" in shown


def test_the_demo_prints_stored_text_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    original = demo.sample_project

    def sample_project() -> dict[str, Any]:
        data = original()
        data["project_memories"].insert(0, {"kind": "decision", "text": f"We chose SQLite; {HOSTILE}"})
        return data

    monkeypatch.setattr(demo, "sample_project", sample_project)
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["demo"])
    assert result.exit_code == 0, (result.stdout, result.exception)
    assert f"| We chose SQLite; {HOSTILE}" in result.stdout
    assert "citation line [n] (family" in result.stdout
