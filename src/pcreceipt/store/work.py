"""Reads the work continuity operations need (``server.handlers.work``): a Source found by its id.

Work records (Work Contracts, Task Outcomes) are stored as content Sources through
``SourceRecords.capture_source``, so they share the Scope's one position sequence and its replay
and conflict rules; this module adds only the lookup their evidence checks and a Task Outcome's
Handoff Receipt link need. The SQL is the same on both engines.
"""

from __future__ import annotations

import json

from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.records import RecordNotFound, StoredSource
from pcreceipt.store.rows import as_str
from pcreceipt.store.sources import _origin, source_key


class WorkSourceReads(EngineHooks[ConnT, PreparedT]):
    """``find_source``: one Source of a Scope by the caller's id."""

    def find_source(self, scope_id: str, source_id: str) -> StoredSource | None:
        with self._reading() as conn:
            if self._first(conn, "SELECT 1 FROM scopes WHERE scope_id = ?", (scope_id,)) is None:
                raise RecordNotFound("the Scope does not exist", kind="scope")
            row = self._first(
                conn,
                "SELECT source_position, origin, source_id, content, metadata FROM sources"
                " WHERE scope_id = ? AND source_key = ?",
                (scope_id, source_key(source_id)),
            )
        if row is None or as_str(row[2]) != source_id:
            return None
        return StoredSource(
            position=int(row[0]),
            origin=_origin(as_str(row[1])),
            source_id=as_str(row[2]),
            content=None if row[3] is None else as_str(row[3]),
            metadata=None if row[4] is None else json.loads(as_str(row[4])),
        )
