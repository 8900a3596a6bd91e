"""The reference word tokenizer: the exact tokens SQLite's full-text index sees.

Engines that cannot run SQLite's FTS5 tokenizer themselves (OceanBase) index and query these
tokens instead of trusting their own parser, so every engine splits, case-folds and strips
diacritics identically (``café`` → ``cafe``, ``x\\u0301y`` → ``xy``, Devanagari vowel signs as
separators, and so on, down to SQLite's Unicode tables).

Decision: rather than re-implementing FTS5's ``unicode61`` in Python (its character classes and
diacritic table follow SQLite's Unicode version, not Python's), the tokens come from FTS5 itself:
an in-memory FTS5 table with the store's tokenizer (``FTS_TOKENIZER``, which the SQLite engine's
full-text tables use too) and an
``fts5vocab`` instance table that lists each token with its position. One in-memory connection
per thread; a call tokenizes a batch of texts in one insert and one select.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import sqlean  # type: ignore[import-untyped]

if TYPE_CHECKING:
    from sqlite3 import Connection

FTS_TOKENIZER = "unicode61 remove_diacritics 2"
"""The FTS5 tokenizer of every full-text index: the SQLite engine's tables and the reference tokens."""

_local = threading.local()


def _connection() -> Connection:
    conn: Connection | None = getattr(_local, "conn", None)
    if conn is None:
        conn = cast("Connection", sqlean.connect(":memory:", isolation_level=None, check_same_thread=False))
        conn.execute(f"CREATE VIRTUAL TABLE docs USING fts5 (text, tokenize='{FTS_TOKENIZER}')")
        conn.execute("CREATE VIRTUAL TABLE doc_tokens USING fts5vocab (docs, 'instance')")
        _local.conn = conn
    return conn


def word_tokens(texts: Sequence[str]) -> list[tuple[str, ...]]:
    """Each text's tokens in order, exactly as the SQLite engine's FTS5 tokenizer produces them."""
    if not texts:
        return []
    conn = _connection()
    conn.execute("BEGIN")
    try:
        conn.execute("DELETE FROM docs")
        conn.executemany("INSERT INTO docs (rowid, text) VALUES (?, ?)", enumerate(texts))
        rows = conn.execute("SELECT doc, term FROM doc_tokens ORDER BY doc, offset").fetchall()
    finally:
        conn.execute("ROLLBACK")
    tokens: list[list[str]] = [[] for _ in texts]
    for doc, term in rows:
        tokens[int(doc)].append(str(term))
    return [tuple(found) for found in tokens]
