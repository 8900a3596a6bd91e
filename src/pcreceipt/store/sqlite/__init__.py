"""The SQLite engine: one embedded database file, FTS5 full text and sqlite-vec vectors.

- ``store``: ``SQLiteStore``, the ``Store`` protocol over the engine-neutral core
  (``pcreceipt.store.engine``): transactions, statement hooks, full-text SQL and code search.
- ``schema``: the versioned migrations (``pcreceipt.store.migrations``) and this schema's
  consistency checks.
- ``connection``: connection set-up (``sqlean.py``, WAL, pragmas, sqlite-vec) and error
  translation.
- ``vectors``: the vector SQL (one vec0 table per embedding profile).

``SQLiteStore`` is re-exported here: the engine's dependencies are the runtime's own, so
importing the package never fails for a missing extra.
"""

from __future__ import annotations

from pcreceipt.store.sqlite.store import SQLiteStore

__all__ = ["SQLiteStore"]
