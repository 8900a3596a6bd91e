"""The statements a store sends while a block runs, on either engine: SQLite's trace hook on the
calling thread's connection, or SQLAlchemy's ``before_cursor_execute`` on OceanBase's engine. For
tests that hold a read to a fixed number of statements (``touching`` counts those naming a table,
so transaction control and Scope locks do not count)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event

from pcreceipt.store.protocol import Store


@contextmanager
def recorded(store: Store) -> Iterator[list[str]]:
    """The statements ``store`` sends (from this thread, on SQLite) while the block runs."""
    statements: list[str] = []
    if store.engine == "oceanbase":
        engine: Any = store._engine  # type: ignore[attr-defined]

        def record(_conn: object, _cursor: object, statement: str, *_: object) -> None:
            statements.append(statement)

        event.listen(engine, "before_cursor_execute", record)
        try:
            yield statements
        finally:
            event.remove(engine, "before_cursor_execute", record)
        return
    conn: Any = store._connection()  # type: ignore[attr-defined]
    conn.set_trace_callback(statements.append)
    try:
        yield statements
    finally:
        conn.set_trace_callback(None)


def touching(statements: list[str], table: str) -> list[str]:
    """The statements that name ``table`` (as a whole word)."""
    named = re.compile(rf"\b{re.escape(table)}\b")
    return [statement for statement in statements if named.search(statement)]
