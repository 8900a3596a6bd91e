"""How ``--help`` reads: real defaults, flags that read as flags, usage lines a person can type.

typer's rich help reads help text as console markup, so a help string such as ``Port
[default: 8000].`` loses its ``[default: 8000]`` and prints ``Port .``; it labels flags
``<bool>``; and it writes a required argument as ``{text}`` in the usage line. ``finish(app)``
gives every command and group of a typer app (recursively, whoever registered them) classes
that:

- escape every help text, so it prints exactly as written;
- show no value placeholder for a flag (``--json``, not ``--json <bool>``);
- name arguments in capitals, as a usage line traditionally does: ``pcreceipt memory add
  [OPTIONS] TEXT``, with ``[NAME]`` for an optional one and ``NAME...`` for a repeated one;
- word a bad value the way a person would: typer converts values with pydantic and passes its
  message on (``Value error, 'x' is not one of ...``, ``Input should be a valid integer, unable
  to parse string as an integer``); the pydantic wording is replaced (``must be a valid
  integer``);
- report a usage error (an unknown option or command, a bad or missing value) as one line on
  stderr, ``error: <what>; see 'pcreceipt serve --help'``, with click's exit status 2, instead of
  a usage block and a framed box; a command given no arguments still prints its help.

Call it once, after every command is registered (the end of ``pcreceipt.cli``).
"""

from __future__ import annotations

import re
import sys
from typing import Any, NoReturn

import typer
from rich.markup import escape
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

_PYDANTIC_PREFIX = re.compile(r"^(?:Value error|Assertion failed), ")
_PYDANTIC_INPUT = re.compile(r"^Input should be (?P<what>[^,]*)(?:,.*)?$", re.S)


def plain_message(message: str) -> str:
    """A value error without pydantic's wording: no ``Value error, `` prefix, and ``Input should
    be X, unable to ...`` as ``must be X``."""
    message = _PYDANTIC_PREFIX.sub("", message)
    return _PYDANTIC_INPUT.sub(r"must be \g<what>", message)


def _parse_args(parse: Any, ctx: Any, args: list[str]) -> list[str]:
    try:
        result: list[str] = parse(ctx, args)
    except typer.BadParameter as error:
        error.message = plain_message(error.message)
        raise
    return result


def _escape_help(command: TyperCommand | TyperGroup) -> None:
    """Once, when the command is built: help texts print as written."""
    if command.rich_markup_mode != "rich":
        return
    command.help = escape(command.help) if command.help else command.help
    command.short_help = escape(command.short_help) if command.short_help else command.short_help
    for param in command.params:
        if isinstance(param, TyperArgument | TyperOption) and param.help:
            param.help = escape(param.help)


def _placeholders(params: list[Any]) -> list[Any]:
    """Flags take no value placeholder; arguments are named in capitals (idempotent)."""
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
        elif isinstance(param, TyperArgument) and param.metavar is None and param.name:
            param.metavar = param.name.upper()
    return params


class Command(TyperCommand):
    """A command whose help prints as written (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _escape_help(self)

    def get_params(self, ctx: Any) -> list[Any]:
        # the --help option is made here, on first use, so placeholders are settled here too
        return _placeholders(super().get_params(ctx))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return _parse_args(super().parse_args, ctx, args)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                name = param.metavar or (param.name or "").upper()
                if param.nargs != 1 and "..." not in name:
                    name += "..."
                pieces.append(name if param.required else f"[{name}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


class Group(TyperGroup):
    """A group whose help prints as written (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _escape_help(self)

    def get_params(self, ctx: Any) -> list[Any]:
        return _placeholders(super().get_params(ctx))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return _parse_args(super().parse_args, ctx, args)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if not kwargs.get("standalone_mode", True):
            return super().main(*args, **kwargs)
        _run(self, args, kwargs)


# click's exception classes, wherever this typer takes click from (its own copy since 0.2x, the
# click package before): ``typer.BadParameter`` is click's, and its bases are the rest.
_ClickException: Any = next(cls for cls in typer.BadParameter.__mro__ if cls.__name__ == "ClickException")
_UsageError: Any = next(cls for cls in typer.BadParameter.__mro__ if cls.__name__ == "UsageError")
_NoArgsIsHelp: Any = getattr(sys.modules[_UsageError.__module__], "NoArgsIsHelpError", ())


def _usage_line(error: Any) -> str:
    command = error.ctx.command_path if error.ctx is not None else "pcreceipt"
    return f"error: {error.format_message().rstrip('.')}; see '{command} --help'"


def _run(group: TyperGroup, args: tuple[Any, ...], kwargs: dict[str, Any]) -> NoReturn:
    """``main`` in standalone mode, with click's errors reported as one line."""
    try:
        outcome = TyperGroup.main(group, *args, **{**kwargs, "standalone_mode": False})
    except _NoArgsIsHelp:
        TyperGroup.main(group, *args, **{**kwargs, "standalone_mode": True})
        raise  # not reached: standalone mode exits
    except _UsageError as error:
        typer.echo(_usage_line(error), err=True)
        sys.exit(error.exit_code)
    except _ClickException as error:
        typer.echo(f"error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except typer.Abort:
        typer.echo("Aborted.", err=True)
        sys.exit(1)
    # not standalone, click returns an ``Exit``'s status, or the command's value (None)
    sys.exit(outcome if isinstance(outcome, int) else 0)


def _unset(cls: Any, default: type) -> bool:
    # typer marks an unset class with a placeholder object, or fills in its own base class
    return not isinstance(cls, type) or cls is default


def finish(app: typer.Typer) -> None:
    """Give ``app``, its commands and its sub-apps (recursively) the classes above, unless one chose its own."""
    if _unset(app.info.cls, TyperGroup):
        app.info.cls = Group
    for command in app.registered_commands:
        if _unset(command.cls, TyperCommand):
            command.cls = Command
    for group in app.registered_groups:
        if _unset(group.cls, TyperGroup):
            group.cls = Group
        if group.typer_instance is not None:
            finish(group.typer_instance)
