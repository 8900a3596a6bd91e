"""What the listing commands share: page through the server's cursor, print as pages arrive, stop on Ctrl-C.

A listing (``scope list``, ``memory list``, ``topic list``) asks for the contract's largest page
(100 items) and follows ``next_cursor``: one request per page, never one per item (``memory
list`` reads the kind, text and lifecycle state from ``list_atomic_memories``, which answers
them with the heads). Each page is printed before the next is asked for, so a large Scope
starts printing at once and memory stays flat. ``--json`` is printed the same way, item by item,
and reads exactly as ``{"items": [...]}`` printed at once would.

Ctrl-C stops a listing cleanly: what was printed stays printed, one line ``interrupted`` goes to
stderr, and the exit status is 130 (128 + SIGINT, as a shell reports it), never a traceback.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import typer

T = TypeVar("T")
INTERRUPTED_STATUS = 130
Fetch = Callable[[int, str | None], Awaitable[tuple[Sequence[T], Any]]]


def cursor_text(cursor: Any) -> str | None:
    """A page's ``next_cursor`` as the string to send back (the models wrap some in a RootModel)."""
    if cursor is None:
        return None
    return str(getattr(cursor, "root", cursor))


async def paged(fetch: Fetch[T], page_size: int, limit: int | None = None) -> AsyncIterator[T]:
    """Every item of a cursor listing, page after page, at most ``limit`` (all when None).
    ``fetch(size, cursor)`` asks for one page and answers its items and ``next_cursor``."""
    cursor: str | None = None
    left = limit
    while left is None or left > 0:
        items, next_cursor = await fetch(page_size if left is None else min(page_size, left), cursor)
        for item in items if left is None else items[:left]:
            yield item
        if left is not None:
            left -= len(items)
        cursor = cursor_text(next_cursor)
        if cursor is None:
            return


class JsonItems:
    """``{"items": [...]}`` printed one item at a time, exactly as ``print_json`` prints it whole."""

    def __init__(self) -> None:
        self.count = 0

    def add(self, value: Any) -> None:
        item = textwrap.indent(json.dumps(value, ensure_ascii=False, indent=2), "    ")
        typer.echo(('{\n  "items": [\n' if self.count == 0 else ",\n") + item, nl=False)
        self.count += 1

    def close(self) -> None:
        typer.echo('{\n  "items": []\n}' if self.count == 0 else "\n  ]\n}")


@contextmanager
def interruptible() -> Iterator[None]:
    """Ctrl-C inside the block: one line on stderr and exit status 130."""
    try:
        yield
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(INTERRUPTED_STATUS) from None


async def print_listing(
    items: AsyncIterator[T],
    show: Callable[[T], str],
    wire_form: Callable[[T], Any],
    json_output: bool,
    empty: str | None,
) -> int:
    """Print ``items`` as they come (a line each, or ``--json``; ``empty`` when there is none); the count."""
    as_json = JsonItems() if json_output else None
    count = 0
    async for item in items:
        if as_json is not None:
            as_json.add(wire_form(item))
        else:
            typer.echo(show(item))
        count += 1
    if as_json is not None:
        as_json.close()
    elif count == 0 and empty is not None:
        typer.echo(empty)
    return count
