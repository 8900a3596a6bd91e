"""Sources read back whole, the same on every engine: PowerContext 1.4.1's ``get_source`` and
``list_sources`` over the one ``sources`` table (``store.sources`` writes it).

Decisions (docs/decisions.md, "Source records"):
- Every origin is served, as 1.4.1 serves every Source of its journal: captured content and
  Working Notes with their text (a JSON string), an artifact write's lineage Source with the
  content of the revision it names (a JSON object: 1.4.1 stores the write's content in that
  Source; pcreceipt keeps it once, in the revision, and reads it from there).
- ``create_source`` stores a content Source under a new server id (``src_`` + 32 hex, the form
  of every server-made Source id) at the Scope's next position, taken under the Scope's writer
  lock like every Source write. Its text (what Memory extraction reads, as for a capture) is the
  content itself when it is a string, else its RFC 8785 JSON; a content that is not a string is
  kept as sent in ``source_values`` (migration 20), which the reads prefer, so it reads back as
  the JSON value it was.
- A Source is found by the SHA-256 of its id (``source_key``) and the id compared exactly.
- Only content Sources are served, as 1.4.1's reads serve its ``content`` type alone: an observed
  Source (``store.source_observations``) and a Skill usage observation (``store.skill_usage``)
  each have keys no content id has, so ``get_source`` never finds them, and ``list_sources``
  skips them (their positions stay taken in the sequence).
- A listing reads positions ``(after, through]`` in ascending order, ``through`` being the
  Scope's highest position when its first page was read (``source_high_watermark``), so a page
  never shows a Source written after the listing began.
"""

from __future__ import annotations

import json
from typing import Any

from pcreceipt.contract.digests import canonical_json
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import InvalidRecord, RecordNotFound
from pcreceipt.store.rows import as_str
from pcreceipt.store.source_view_records import SourceView, SourceViewPage
from pcreceipt.store.sources import (
    INSERT_SOURCE,
    INSERT_SOURCE_VALUE,
    estimate_tokens,
    identity_digest,
    new_source_id,
    source_key,
)

_SELECT = """SELECT s.source_position, s.source_id, s.origin, s.content, r.content, v.content_json
    FROM sources s LEFT JOIN revisions r
        ON r.scope_id = s.scope_id AND r.family = s.target_family AND r.artifact_id = s.target_artifact_id
        AND r.revision = s.target_revision
    LEFT JOIN source_values v ON v.scope_id = s.scope_id AND v.source_position = s.source_position"""


def _view(row: Any) -> SourceView:
    origin = as_str(row[2])
    if origin == "lineage":
        if row[4] is None:
            raise InvalidRecord("a lineage Source names a revision that does not exist")
        content: Any = json.loads(as_str(row[4]))
    elif row[5] is not None:
        content = json.loads(as_str(row[5]))
    else:
        content = as_str(row[3])
    return SourceView(position=int(row[0]), source_id=as_str(row[1]), content=content)


class SourceViews(EngineHooks[ConnT, PreparedT]):
    """``source_view``, ``source_high_watermark``, ``list_source_views`` and ``create_source``."""

    def _require_scope(self, conn: ConnT, scope_id: str) -> None:
        if self._first(conn, "SELECT 1 FROM scopes WHERE scope_id = ?", (scope_id,)) is None:
            raise RecordNotFound("the Scope does not exist", kind="scope")

    def source_view(self, scope_id: str, source_id: str) -> SourceView | None:
        with self._snapshot_reading() as conn:
            self._require_scope(conn, scope_id)
            row = self._first(
                conn, _SELECT + " WHERE s.scope_id = ? AND s.source_key = ?", (scope_id, source_key(source_id))
            )
        if row is None or as_str(row[1]) != source_id:
            return None
        return _view(row)

    def source_high_watermark(self, scope_id: str) -> int:
        with self._reading() as conn:
            self._require_scope(conn, scope_id)
            row = self._first(conn, "SELECT max(source_position) FROM sources WHERE scope_id = ?", (scope_id,))
        return 0 if row is None or row[0] is None else int(row[0])

    def list_source_views(self, scope_id: str, *, after: int, through: int, limit: int) -> SourceViewPage:
        with self._snapshot_reading() as conn:
            self._require_scope(conn, scope_id)
            rows = self._all(
                conn,
                _SELECT + " WHERE s.scope_id = ? AND s.source_position > ? AND s.source_position <= ?"
                " AND s.origin NOT IN ('observation', 'skill_usage') ORDER BY s.source_position LIMIT ?",
                (scope_id, after, through, limit + 1),
            )
        return SourceViewPage(tuple(_view(row) for row in rows[:limit]), len(rows) > limit)

    def _append_content(self, conn: ConnT, scope_id: str, source_id: str, content: Any) -> SourceView:
        """Insert ``content`` as a content Source at the Scope's next position (inside the caller's
        transaction, after its Scope lock)."""
        value = None if isinstance(content, str) else canonical_json(content).decode("utf-8")
        text = content if value is None else value
        row = self._first(conn, "SELECT max(source_position) FROM sources WHERE scope_id = ?", (scope_id,))
        position = 1 if row is None or row[0] is None else int(row[0]) + 1
        digest, tokens = identity_digest("content", text, None), estimate_tokens(text)
        self._run(
            conn,
            INSERT_SOURCE,
            (scope_id, position, source_key(source_id), source_id, "content", text, None, digest, tokens,
             None, None, None, utc_now()),
        )  # fmt: skip
        if value is not None:
            self._run(conn, INSERT_SOURCE_VALUE, (scope_id, position, value))
        return SourceView(position=position, source_id=source_id, content=content)

    def create_source(self, scope_id: str, content: Any) -> SourceView:
        canonical_json(content)  # a value outside I-JSON fails here, before the transaction opens
        source_id = new_source_id()

        def work(conn: ConnT) -> SourceView:
            self._lock_scope(conn, scope_id)
            return self._append_content(conn, scope_id, source_id, content)

        return self._transact(work)
