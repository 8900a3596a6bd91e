"""Storage engines behind one protocol (``pcreceipt.store.protocol``) and the URL that picks one.

``open_store(url)``: ``sqlite:///path/to.db`` opens the embedded SQLite engine (the file's
directory is created when missing; ``sqlite:////abs/path.db`` is absolute, as in SQLAlchemy).
Any other scheme is refused with ``StoreURLError``, whose message names the scheme but never
the rest of the URL (it may hold a password).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from pcreceipt.store.protocol import Store

SQLITE_PREFIX = "sqlite:///"


class StoreURLError(ValueError):
    """The store URL names no engine this build can open."""


def open_store(url: str) -> Store:
    """The store a URL names."""
    if url.startswith(SQLITE_PREFIX):
        path = Path(url[len(SQLITE_PREFIX) :])
        if not path.name:
            raise StoreURLError("a sqlite store URL names a file: sqlite:///path/to/file.db")
        path.parent.mkdir(parents=True, exist_ok=True)
        from pcreceipt.store.sqlite import SQLiteStore

        return SQLiteStore(path)
    scheme = urlsplit(url).scheme or "(none)"
    raise StoreURLError(f"unsupported store URL scheme {scheme!r}: use sqlite:///path/to/file.db")
