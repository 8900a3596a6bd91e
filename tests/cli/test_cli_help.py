"""Every command's --help can be acted on (issue 12): real defaults, flags without a value
placeholder, usage lines a person can type, and ``pcreceipt --version``."""

from __future__ import annotations

import re
from enum import Enum
from importlib import metadata
from typing import Any

import pytest
import typer
from _support.commands import command_tree
from typer.core import TyperOption
from typer.testing import CliRunner

from pcreceipt.cli import main as cli_main
from pcreceipt.cli.main import app

COMMANDS = list(command_tree(typer.main.get_command(app)))


def _help(path: tuple[str, ...]) -> str:
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, [*path, "--help"])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_every_command_is_walked() -> None:
    names = {" ".join(path) for path, _ in COMMANDS}
    assert {"serve", "memory add", "context prepare", "validate", "verify", "import"} <= names


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) or "pcreceipt" for p, _ in COMMANDS])
def test_help_can_be_acted_on(path: tuple[str, ...], command: Any) -> None:
    text = _help(path)
    assert "<bool>" not in text, "a flag takes no value"
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert not re.search(r"\{[^}]*\}", usage), usage
    for line in text.splitlines():
        assert not re.search(r" \.\s*(│|$)", line), f"help text lost its end: {line!r}"
    for param in command.params:
        if not isinstance(param, TyperOption) or param.is_flag or param.default is None or param.hidden:
            continue
        default = param.default.value if isinstance(param.default, Enum) else param.default
        assert f"[default: {default}]" in text, f"{param.opts[0]} does not show its default"


def test_serve_help_shows_its_real_defaults() -> None:
    text = _help(("serve",))
    assert "[default: 127.0.0.1]" in text and "[default: 8000]" in text


def test_usage_names_arguments_in_capitals() -> None:
    assert re.search(r"memory add \[OPTIONS\] TEXT\s*$", _help(("memory", "add")), re.M)
    assert re.search(r"memory merge \[OPTIONS\] ID ID\.\.\. TEXT\s*$", _help(("memory", "merge")), re.M)


def test_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"pcreceipt {metadata.version('pcreceipt')}\n"


def test_the_top_level_help_lists_each_command_with_its_own_help() -> None:
    """``pcreceipt --help`` lists the commands without importing them (``cli.main.COMMANDS``):
    the list is the root's, in order, and each listed help is the command's own."""
    root = typer.main.get_command(app)
    assert list(cli_main.COMMANDS) == root.list_commands(typer.Context(root))
    loaded = {path[0]: command.help for path, command in COMMANDS if len(path) == 1}
    assert {name: entry.help for name, entry in cli_main.COMMANDS.items()} == loaded
    text = _help(())
    for name in cli_main.COMMANDS:
        assert re.search(rf"^│ {re.escape(name)} ", text, re.M), name
