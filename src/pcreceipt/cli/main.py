"""The pcreceipt command line.

Every command lives in its own module and is imported only when it runs (or its own ``--help``
is asked for): ``pcreceipt --version`` and ``pcreceipt --help`` import typer and this module,
not the contract's models, the gate, the client or the server (``LazyGroup``; a test checks
the ``sys.modules`` of such a process). The top-level help lists each command with the one-line
help kept in ``COMMANDS``; ``tests/cli/test_cli_help.py`` checks it against the command itself.
"""

from __future__ import annotations

import importlib
import sys
from typing import Annotated, Any, NamedTuple

import typer

from pcreceipt.cli import helpstyle


class Entry(NamedTuple):
    """Where a command is defined (``module:attribute``, a function or a typer app) and its help."""

    target: str
    help: str


COMMANDS: dict[str, Entry] = {
    "serve": Entry("pcreceipt.cli.serve:serve", "Run the HTTP server."),
    "import": Entry(
        "pcreceipt.cli.importing:import_file",
        "Import artifacts from a JSON Lines file (one CreateArtifactRequest per line).",
    ),
    "verify": Entry(
        "pcreceipt.cli.verify:verify",
        "Verify a saved prepare response with a Receipt: gate, digests, byte counts and citations (offline), and\n"
        "with --server that every selected identity still reads back to the injected content. Exit 1 on any problem.",
    ),
    "reembed": Entry(
        "pcreceipt.cli.reembed:reembed",
        "Embed searchable artifacts that have no vector under the current embedding profile.",
    ),
    "host-validators": Entry(
        "pcreceipt.cli.host_validators:host_validators",
        "Print or write pcreceipt_host_validators.py: stdlib-only validators and recall diagnostic for host hooks.",
    ),
    "demo": Entry(
        "pcreceipt.cli.demo:demo",
        "Seed a sample project on an embedded SQLite store, prepare context, and print its Receipt.",
    ),
    "validate": Entry(
        "pcreceipt.cli.validate:validate",
        "Validate prepare requests and PreparedContext responses against the contract: one JSON message, a JSON\n"
        "Lines file or a directory of them. Exit 1 on violations, 2 on input that cannot be read.",
    ),
    "scope": Entry("pcreceipt.cli.scope:scope_app", "Scopes."),
    "memory": Entry("pcreceipt.cli.memory:memory_app", "Atomic memories."),
    "topic": Entry("pcreceipt.cli.families:topic_app", "Topic memories."),
    "experience": Entry("pcreceipt.cli.families:experience_app", "Experiences."),
    "profile": Entry("pcreceipt.cli.families:profile_app", "The Scope's profile snapshot."),
    "code": Entry("pcreceipt.cli.code:code_app", "Code workspaces."),
    "context": Entry("pcreceipt.cli.context:context_app", "Prepared context."),
    "token": Entry("pcreceipt.cli.token:token_app", "API tokens (on the local store; no server needed)."),
    "seekdb": Entry(
        "pcreceipt.cli.seekdb:seekdb_app",
        "A local loopback-only OceanBase-protocol server (seekdb) for PCRECEIPT_STORE_URL.",
    ),
    "receipt": Entry("pcreceipt.cli.receipt_diff:receipt_app", "Work with saved Receipts."),
    "eval": Entry(
        "pcreceipt.cli.evaluate:eval_app",
        "Recall of labelled queries, from Receipts: pcreceipt eval INPUT.jsonl (see docs/eval.md).",
    ),
}


def load_command(name: str) -> Any:
    """The click command ``name`` as typer builds it (importing its module now)."""
    module_name, _, attribute = COMMANDS[name].target.partition(":")
    found = getattr(importlib.import_module(module_name), attribute)
    command: Any
    if isinstance(found, typer.Typer):
        helpstyle.finish(found)
        command = typer.main.get_group(found)
    else:
        single = typer.Typer(add_completion=False)
        single.command(name, cls=helpstyle.Command)(found)
        command = typer.main.get_command(single)
    command.name = name
    return command


class LazyGroup(helpstyle.Group):
    """The root group: commands are built on first use; its own help lists them from ``COMMANDS``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in COMMANDS:
            return None
        if cmd_name not in self.commands:
            if self._listing:  # this group's own help: the name and its help are enough
                return helpstyle.Command(name=cmd_name, help=COMMANDS[cmd_name].help)
            self.commands[cmd_name] = load_command(cmd_name)
        return self.commands[cmd_name]

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


app = typer.Typer(
    cls=LazyGroup, no_args_is_help=True, add_completion=False, help="pcreceipt: explainable prepared context."
)


def _print_version(value: bool) -> None:
    if value:
        from importlib import metadata

        typer.echo(f"pcreceipt {metadata.version('pcreceipt')}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_print_version, is_eager=True),
    ] = False,
) -> None:
    """pcreceipt: explainable prepared context."""


helpstyle.finish(app)


def main() -> None:
    """The ``pcreceipt`` entry point. A setting found wrong only when a provider is built (an
    ``api_key_env`` naming an unset variable, say) is one line and exit status 2, like the rest.
    (``pcreceipt.config`` is looked up only then: a command that never loaded it raised none.)"""
    try:
        app()
    except Exception as error:
        config = sys.modules.get("pcreceipt.config")
        if config is None or not isinstance(error, config.SettingsError):
            raise
        typer.echo(f"error: {error}", err=True)
        raise SystemExit(2) from None
