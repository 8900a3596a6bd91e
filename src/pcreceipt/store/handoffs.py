"""Committed Handoffs: one revision sequence per Scope (table ``handoff_revisions``, migration 12 of
each engine), read and committed by ``server.handlers.handoffs``.

Decisions (``docs/decisions.md``, "Handoffs"):
- A Scope has one Handoff lifecycle (PowerContext 1.4.1's singleton: family ``handoff``, artifact
  id ``handoff``), so a revision is named by (Scope, revision). It is kept in its own table, not
  among the artifact revisions: no artifact operation serves the family, and a Handoff is never
  searched or prepared.
- The content is stored as its compact JSON (1.4.1's runtime form); the lineage (the Sources and
  artifact revisions its state and next action cite) as JSON arrays beside it.
- A commit runs in one write transaction after the Scope's writers are serialised (the Scope lock
  every write takes): the latest revision is read, a commit of the latest's very content answers it
  unchanged, any other commit must name the latest as its base (else ``HandoffBaseConflict``) and
  takes the next revision. So of commits racing from one base exactly one writes, on either engine
  and across servers over one database; the primary key (Scope, revision) would refuse a second.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import HandoffBaseConflict, HandoffRevision, RecordNotFound
from pcreceipt.store.rows import as_str

_SELECT = "SELECT revision, content, source_refs, artifact_refs, created_at FROM handoff_revisions WHERE scope_id = ?"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _revision(scope_id: str, row: Sequence[Any]) -> HandoffRevision:
    sources = json.loads(as_str(row[2]))
    artifacts = json.loads(as_str(row[3]))
    return HandoffRevision(
        scope_id=scope_id,
        revision=int(row[0]),
        content=json.loads(as_str(row[1])),
        source_refs=tuple((str(kind), str(source_id)) for kind, source_id in sources),
        artifact_refs=tuple((str(family), str(artifact_id), int(number)) for family, artifact_id, number in artifacts),
        created_at=as_str(row[4]),
    )


class HandoffRecords(EngineHooks[ConnT, PreparedT]):
    """``latest_handoff``, ``handoff_revision`` and ``commit_handoff``."""

    def _latest_handoff(self, conn: ConnT, scope_id: str) -> HandoffRevision | None:
        row = self._first(conn, _SELECT + " ORDER BY revision DESC LIMIT 1", (scope_id,))
        return None if row is None else _revision(scope_id, row)

    def latest_handoff(self, scope_id: str) -> HandoffRevision | None:
        with self._reading() as conn:
            if self._first(conn, "SELECT 1 FROM scopes WHERE scope_id = ?", (scope_id,)) is None:
                raise RecordNotFound("the Scope does not exist", kind="scope")
            return self._latest_handoff(conn, scope_id)

    def handoff_revision(self, scope_id: str, revision: int) -> HandoffRevision | None:
        with self._reading() as conn:
            row = self._first(conn, _SELECT + " AND revision = ?", (scope_id, revision))
        return None if row is None else _revision(scope_id, row)

    def commit_handoff(
        self,
        scope_id: str,
        content: Mapping[str, Any],
        base: int | None,
        source_refs: Sequence[tuple[str, str]],
        artifact_refs: Sequence[tuple[str, str, int]],
    ) -> tuple[HandoffRevision, bool]:
        text = _compact(content)
        sources = _compact([list(ref) for ref in source_refs])
        artifacts = _compact([list(ref) for ref in artifact_refs])
        now = utc_now()

        def work(conn: ConnT) -> tuple[HandoffRevision, bool]:
            self._lock_scope(conn, scope_id)
            latest = self._latest_handoff(conn, scope_id)
            if latest is not None and _compact(latest.content) == text:
                return latest, False
            if base != (None if latest is None else latest.revision):
                raise HandoffBaseConflict("the base is not the latest committed Handoff revision")
            revision = 1 if latest is None else latest.revision + 1
            self._run(
                conn,
                "INSERT INTO handoff_revisions (scope_id, revision, content, source_refs, artifact_refs, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (scope_id, revision, text, sources, artifacts, now),
            )
            return _revision(scope_id, (revision, text, sources, artifacts, now)), True

        return self._transact(work)
