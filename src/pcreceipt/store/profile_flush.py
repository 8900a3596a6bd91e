"""Profile flushes, the same on every engine: the Profile cursor (table ``profile_cursors``,
migration 29 of each engine) and the commit of one flush's outcome (PowerContext 1.4.1's
``flush_profile``; the flow is ``server.handlers.profile_flush``).

The rule (1.4.1's, read from its Profile service):

- ``profile_window`` reads in one snapshot what a flush decides on: the Scope's policy, its
  Profile cursor (0 before the first commit), its highest Source position, the Sources past the
  cursor (at most the window asked for) and the current Profile revision with its text.
- ``commit_profile_flush`` writes under the Scope's writer lock, and only while the cursor and
  the Profile head are those the flush read and the policy is still at the version it read (a
  compare-and-set whose own row count decides): the policy's version grows by one (1.4.1's commit
  replaces the policy row as its serialisation point, so ``put_profile_policy`` must then name the
  new version), the Profile takes its next revision when the flush generated one (revision 1 of
  artifact ``profile`` when the Scope has none; no lineage Source of its own: it names its
  evidence Sources and the artifacts it derives from, as an extraction does), and the cursor moves
  to ``through``. Anything else is ``committed`` False with nothing written: of K flushes that
  read one state, exactly one commits, on one process or many over one database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from pcreceipt.store.hooks import ConnT, PreparedT, RevisionHooks
from pcreceipt.store.ids import utc_now
from pcreceipt.store.profile_records import ProfileCommit, ProfileHead, ProfileWindow
from pcreceipt.store.profiles import SELECT_POLICY, policy_row
from pcreceipt.store.records import ArtifactRef, RecordNotFound, RevisionRecord, SourceRef, StoreError
from pcreceipt.store.rows import REVISION_SELECT, record_from_row
from pcreceipt.store.sources import high_watermark, sources_after

PROFILE_ARTIFACT_ID: Final = "profile"
"""The id of a Profile a flush creates (1.4.1's one Profile identity per Scope)."""
_CURSOR = "SELECT processed FROM profile_cursors WHERE scope_id = ?"
_BUMP_POLICY = "UPDATE profile_policies SET version = version + 1, updated_at = ? WHERE scope_id = ? AND version = ?"


class _Moved(StoreError):
    """A write inside the commit found the state moved: the transaction rolls back."""


class ProfileFlushes(RevisionHooks[ConnT, PreparedT]):
    """``profile_window`` and ``commit_profile_flush`` over the engine hooks."""

    def _profile_cursor(self, conn: ConnT, scope_id: str) -> int:
        row = self._first(conn, _CURSOR, (scope_id,))
        return 0 if row is None else int(row[0])

    def _profile_head_ref(self, conn: ConnT, scope_id: str) -> ArtifactRef | None:
        head = self._singleton_head(conn, scope_id, "profile", None)
        return None if head is None else ArtifactRef(scope_id, "profile", head[0], head[1])

    def profile_window(self, scope_id: str, window: int) -> ProfileWindow:
        """The flush's snapshot (module docstring); RecordNotFound for an unknown Scope."""
        with self._snapshot_reading() as conn:
            if self._first(conn, "SELECT 1 FROM scopes WHERE scope_id = ?", (scope_id,)) is None:
                raise RecordNotFound("the Scope does not exist", kind="scope")
            policy = self._first(conn, SELECT_POLICY, (scope_id,))
            cursor = self._profile_cursor(conn, scope_id)
            high = high_watermark(self, conn, scope_id)
            sources = sources_after(self, conn, scope_id, cursor, window) if cursor < high else ()
            current = self._profile_in(conn, scope_id)
        head = None if current is None else ProfileHead(current.ref, _content_text(current.content))
        return ProfileWindow(None if policy is None else policy_row(policy), cursor, high, sources, head)

    def _profile_in(self, conn: ConnT, scope_id: str) -> RevisionRecord | None:
        """The Scope's current Profile revision (``read_profile``'s, one statement), in the caller's read."""
        row = self._first(
            conn,
            REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = 'profile' AND r.revision = a.head_revision",
            (scope_id,),
        )
        return None if row is None else record_from_row(row)

    def commit_profile_flush(
        self,
        scope_id: str,
        *,
        policy_version: int,
        cursor: int,
        head: ArtifactRef | None,
        through: int,
        content: str | None,
        sources: Sequence[SourceRef],
        artifacts: Sequence[ArtifactRef],
    ) -> ProfileCommit:
        """Commit one flush (module docstring): the policy's version, the Profile's next revision
        when ``content`` is given, and the cursor's move from ``cursor`` to ``through``."""
        prepared = None if content is None else self._prepare_write(scope_id, "profile", {"content": content}, None)
        now = utc_now()

        def work(conn: ConnT) -> ProfileCommit:
            self._lock_scope(conn, scope_id)
            current = self._profile_cursor(conn, scope_id)
            if current != cursor or self._profile_head_ref(conn, scope_id) != head:
                return ProfileCommit(False, current, None)
            if self._affected(conn, _BUMP_POLICY, (now, scope_id, policy_version)) != 1:
                return ProfileCommit(False, current, None)
            written = None
            if prepared is not None:
                named = (tuple(sources), tuple(artifacts))
                if head is None:
                    self._insert_artifact(conn, scope_id, "profile", PROFILE_ARTIFACT_ID, None)
                    artifact_id, revision = PROFILE_ARTIFACT_ID, 1
                else:
                    artifact_id, revision = head.artifact_id, head.revision + 1
                    moved = self._affected(
                        conn,
                        "UPDATE artifacts SET head_revision = ? WHERE scope_id = ? AND family = 'profile'"
                        " AND artifact_id = ? AND head_revision = ?",
                        (revision, scope_id, artifact_id, head.revision),
                    )
                    if moved != 1:
                        raise _Moved()
                    self._unindex(conn, scope_id, "profile", artifact_id)
                record = self._add_revision(
                    conn, scope_id, "profile", artifact_id, revision, prepared, now, lineage=False, named=named
                )
                written = record.ref
            if (
                self._affected(
                    conn,
                    "UPDATE profile_cursors SET processed = ? WHERE scope_id = ? AND processed = ?",
                    (through, scope_id, cursor),
                )
                != 1
            ):
                if cursor != 0:
                    raise _Moved()
                self._run(conn, "INSERT INTO profile_cursors (scope_id, processed) VALUES (?, ?)", (scope_id, through))
            return ProfileCommit(True, through, written)

        try:
            return self._transact(work)
        except _Moved:
            with self._reading() as conn:
                return ProfileCommit(False, self._profile_cursor(conn, scope_id), None)


def _content_text(content: Any) -> str:
    """The text of a stored Profile content (``{"content": …}``)."""
    return str(content["content"]) if isinstance(content, Mapping) else ""
