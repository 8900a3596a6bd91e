"""Sources: captured content, Working Notes and artifact lineage, one position sequence per Scope.

A Source is immutable. Every Source of a Scope has a position: 1, 2, 3, ... in the order the
Scope's writers committed them (table ``sources``, migration 6 of each engine). The Memory
extraction cursor (``source_cursors``) says how far extraction got.

Decisions:
- Three origins share the sequence. ``content`` is captured content (``capture_content_source``)
  and is what Memory extraction reads; ``working_note`` is a captured Working Note, evidence that
  is never extracted; ``lineage`` is the record every artifact write leaves (create, import,
  replace, and the profile or prompt a create appends to), as PowerContext's create and replace
  do: it names the revision it made, stores no text of its own (its text is the revision's
  content, whose estimated tokens it keeps) and is never extracted. A merge writes none: its
  revision derives from its inputs (``derived_from``).
- The next position is the Scope's highest plus one, taken inside the write transaction after
  the Scope's writers are serialised (SQLite: one writer at a time; OceanBase: the Scope row
  lock every write takes first), so positions are unique and increase in commit order across
  threads and processes; the primary key (scope_id, position) would refuse a duplicate anyway.
- A Source is found by its id through ``source_key``, the SHA-256 hex of the id (ids are up to
  256 characters; the key is short and the same on both engines). ``identity_digest`` covers the
  origin, the content and the metadata (absent metadata counts as ``{}``, as in PowerContext),
  so a replay stores nothing and answers the first position, while other content or metadata
  under the id is a ``SourceIdentityConflict`` (a content Source and a Working Note never share an id).
- ``tokens`` is the ``character:weighted`` estimate of the Source's text, computed once when it
  is stored, so statistics never re-read Source text.
- Flushing without a generation model: a window of up to ``window`` Sources past the cursor
  moves the cursor to its end when none of them is captured content, and otherwise stays (the
  server answers 503 inference_unavailable), as a provider-less PowerContext 1.4.1 does.
- Flushing with one (``prepare.extraction``): ``pending_sources`` reads the window, and
  ``commit_extraction`` (``store.engine``) writes one content Source's memories and moves the
  cursor past it in one transaction, only if the cursor is still where the flush read it.
  ``source_extractions`` (migration 7) links each extracted revision to its Source's position,
  so the memory's ``sources`` name the captured Source and statistics trace it to that Source's
  tokens; an extracted revision records no lineage Source of its own.
- A merge may name its own Source evidence (``source_refs``): each must be a captured content
  Source of the Scope (type ``content``, the only type served); another type, an unknown id, a Working Note or
  another write's lineage Source is ``RefusedReference`` (PowerContext refuses the last two as
  evidence of a new revision). The references
  are kept as given in ``revision_lineage`` (migration 11), not as lineage Sources.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import (
    ArtifactRef,
    CapturedSource,
    FlushWindow,
    InvalidRecord,
    PendingSource,
    RecordNotFound,
    RefusedReference,
    SourceIdentityConflict,
    SourceOrigin,
    SourceRef,
    SourceWindow,
)
from pcreceipt.store.rows import as_str, to_json

SOURCE_ID_PREFIX = "src_"
SOURCE_TYPE = "content"
"""The one Source type pcreceipt stores and serves: every Source is named ``content`` by its id."""
INSERT_SOURCE = """INSERT INTO sources (scope_id, source_position, source_key, source_id, origin, content, metadata,
                                        identity_digest, tokens, target_family, target_artifact_id, target_revision,
                                        created_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
INSERT_SOURCE_VALUE = "INSERT INTO source_values (scope_id, source_position, content_json) VALUES (?, ?, ?)"
"""A Source's JSON value, kept beside its text (``list_sources`` reads a value Source back as an object)."""
INSERT_LINEAGE_SOURCE = """INSERT INTO sources (scope_id, source_position, source_key, source_id, origin, content,
                                metadata, identity_digest, tokens, target_family, target_artifact_id,
                                target_revision, created_at)
                           VALUES (?, ?, ?, ?, 'lineage', NULL, NULL, ?, ?, ?, ?, ?, ?)"""
"""``INSERT_SOURCE`` for a lineage Source with its constant columns in the statement (the rows of
``SourceRecords._insert_lineage``), for a driver that binds a None dearly (SQLite's)."""
_EXTRACTED_ORIGIN: SourceOrigin = "content"
INSERT_EXTRACTION = """INSERT INTO source_extractions (scope_id, source_position, ordinal, family, artifact_id,
                                                       revision)
                       VALUES (?, ?, ?, ?, ?, ?)"""


_ORIGINS: dict[str, SourceOrigin] = {
    "content": "content",
    "working_note": "working_note",
    "lineage": "lineage",
    "observation": "observation",  # store.source_observations
    "skill_usage": "skill_usage",
}


def _origin(value: str) -> SourceOrigin:
    if value not in _ORIGINS:
        raise InvalidRecord("a stored Source has an unknown origin")
    return _ORIGINS[value]


def estimate_tokens(text: str) -> int:
    """The ``character:weighted`` v1 estimate: ceil((ASCII characters + 4 × other characters) / 4)."""
    other = len(text) - len(text.encode("ascii", "ignore"))
    units = len(text) + 3 * other
    return -(-units // 4)


def source_key(source_id: str) -> str:
    """The SHA-256 hex a Source is looked up by."""
    return hashlib.sha256(source_id.encode("utf-8")).hexdigest()


def identity_digest(origin: SourceOrigin, content: str, metadata: Mapping[str, Any] | None) -> str:
    """What a replay must repeat: origin, content and metadata (absent metadata is ``{}``)."""
    payload = {"origin": origin, "content": content, "metadata": dict(metadata or {})}
    text = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


_TEXT = json.JSONEncoder(ensure_ascii=False)


def lineage_identity_digest(family: str, artifact_id: str, revision: int) -> str:
    """``identity_digest("lineage", "", {"target": [family, artifact_id, revision]})``, the same
    text written out around the three values (a bulk import records one per row: the generic
    sorted ``json.dumps`` of a nested payload costs several times this)."""
    if type(family) is not str or type(artifact_id) is not str or type(revision) is not int:
        return identity_digest("lineage", "", {"target": [family, artifact_id, revision]})
    target = _TEXT.encode(family) + "," + _TEXT.encode(artifact_id) + "," + int.__repr__(revision)
    text = '{"content":"","metadata":{"target":[' + target + ']},"origin":"lineage"}'
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def append_source(
    hooks: EngineHooks[Any, Any],
    conn: Any,
    scope_id: str,
    row: tuple[str, str, str, str, str, int, str],
) -> int:
    """Insert a Source at the Scope's next position (the caller holds the Scope's write lock) and
    return that position. ``row`` is (source_key, source_id, origin, content, identity_digest,
    tokens, created_at): a Source with no metadata and no target (an observation, a Skill usage)."""
    key, source_id, origin, text, digest, tokens, now = row
    position = high_watermark(hooks, conn, scope_id) + 1
    values = (scope_id, position, key, source_id, origin, text, None, digest, tokens, None, None, None, now)
    hooks._run(conn, INSERT_SOURCE, values)
    return position


def new_source_id() -> str:
    """``src_`` + 32 lowercase hex characters: the id of a lineage Source."""
    return SOURCE_ID_PREFIX + secrets.token_hex(16)


def high_watermark(hooks: EngineHooks[ConnT, PreparedT], conn: ConnT, scope_id: str) -> int:
    """The Scope's highest Source position (0 without Sources)."""
    row = hooks._first(conn, "SELECT max(source_position) FROM sources WHERE scope_id = ?", (scope_id,))
    return 0 if row is None or row[0] is None else int(row[0])


def sources_after(
    hooks: EngineHooks[ConnT, PreparedT], conn: ConnT, scope_id: str, after: int, window: int
) -> tuple[PendingSource, ...]:
    """The Scope's Sources at positions ``after + 1`` to ``after + window`` (at least one), in
    position order: what a flush past a cursor reads (Memory extraction's and the Profile's)."""
    rows = hooks._all(
        conn,
        "SELECT source_position, origin, source_id, content, metadata FROM sources"
        " WHERE scope_id = ? AND source_position > ? AND source_position <= ? ORDER BY source_position",
        (scope_id, after, after + max(window, 1)),
    )
    return tuple(
        PendingSource(
            position=int(row[0]),
            origin=_origin(as_str(row[1])),
            source_id=as_str(row[2]),
            content=None if row[3] is None else as_str(row[3]),
            metadata=None if row[4] is None else json.loads(as_str(row[4])),
        )
        for row in rows
    )


class SourceRecords(EngineHooks[ConnT, PreparedT]):
    """``capture_source``, ``flush_sources`` and the lineage Sources of artifact writes."""

    UPSERT_SOURCE_CURSOR: ClassVar[str]
    """Insert a ``source_cursors`` row (scope_id, processed); on an existing Scope set ``processed``."""

    # -- positions

    def _high_watermark(self, conn: ConnT, scope_id: str) -> int:
        return high_watermark(self, conn, scope_id)

    def _cursor(self, conn: ConnT, scope_id: str) -> int:
        row = self._first(conn, "SELECT processed FROM source_cursors WHERE scope_id = ?", (scope_id,))
        return 0 if row is None else int(row[0])

    # -- capture

    def capture_source(self, scope_id: str, source: CapturedSource, *, replay_only: bool = False) -> int | None:
        origin: SourceOrigin = "working_note" if source.working_note else "content"
        try:
            digest = identity_digest(origin, source.content, source.metadata)
            metadata = None if source.metadata is None else to_json(dict(source.metadata))
        except ValueError:
            raise InvalidRecord("the metadata holds a number JSON cannot state") from None
        tokens = estimate_tokens(source.content)
        now = utc_now()

        def work(conn: ConnT) -> int | None:
            self._lock_scope(conn, scope_id)
            key = source_key(source.source_id)
            row = self._first(
                conn,
                "SELECT source_position, identity_digest FROM sources WHERE scope_id = ? AND source_key = ?",
                (scope_id, key),
            )
            if row is not None:
                if as_str(row[1]) != digest:
                    raise SourceIdentityConflict("the Source id holds other content")
                return int(row[0])
            if replay_only:
                return None
            position = self._high_watermark(conn, scope_id) + 1
            self._run(
                conn,
                INSERT_SOURCE,
                (scope_id, position, key, source.source_id, origin, source.content, metadata, digest, tokens,
                 None, None, None, now),
            )  # fmt: skip
            return position

        return self._transact(work)

    # -- lineage

    def _lineage_rows(self, conn: ConnT, records: Sequence[tuple[ArtifactRef, str]], now: str) -> None:
        """Record one lineage Source per (revision, content JSON), at the Scope's next positions
        (inside the caller's transaction, after its Scope lock)."""
        if not records:
            return
        next_position: dict[str, int] = {}
        rows = []
        for ref, content_json in records:
            if ref.scope_id not in next_position:
                next_position[ref.scope_id] = self._high_watermark(conn, ref.scope_id) + 1
            position = next_position[ref.scope_id]
            next_position[ref.scope_id] = position + 1
            source_id = new_source_id()
            digest = lineage_identity_digest(ref.family, ref.artifact_id, ref.revision)
            rows.append(
                (ref.scope_id, position, source_key(source_id), source_id, digest,
                 estimate_tokens(content_json), ref.family, ref.artifact_id, ref.revision, now)
            )  # fmt: skip
        self._insert_lineage(conn, rows)

    def _insert_lineage(self, conn: ConnT, rows: Sequence[tuple[Any, ...]]) -> None:
        """Insert lineage Sources given as ``INSERT_LINEAGE_SOURCE``'s bound values. Here through
        ``INSERT_SOURCE`` with the constant columns bound too (a driver that rewrites a many-row
        insert needs every value of its ``VALUES`` bound); the SQLite engine overrides this."""
        self._run_many(conn, INSERT_SOURCE, [(*row[:4], "lineage", None, None, *row[4:]) for row in rows])

    def _check_named_sources(self, conn: ConnT, scope_id: str, refs: Sequence[SourceRef]) -> None:
        """Every named Source is a content Source of the Scope (inside the caller's transaction)."""
        for index, ref in enumerate(refs):
            row = None
            if ref.source_type == SOURCE_TYPE:
                row = self._first(
                    conn,
                    "SELECT origin FROM sources WHERE scope_id = ? AND source_key = ?",
                    (scope_id, source_key(ref.source_id)),
                )
            if row is None:
                raise RefusedReference(
                    "a named Source does not exist in the Scope",
                    field="source_refs",
                    index=index,
                    rule="source_not_found",
                )
            if as_str(row[0]) != "content":
                raise RefusedReference(
                    "a Working Note or lineage Source cannot be evidence",
                    field="source_refs",
                    index=index,
                    rule="source_not_eligible",
                )

    def lineage_sources(self, refs: Sequence[ArtifactRef]) -> dict[ArtifactRef, tuple[str, ...]]:
        """The ids of the Sources behind each revision, by position: the lineage Source its write
        recorded, or the content Source a flush extracted it from (a merge result, or a revision
        written before migration 6, has none)."""
        found: dict[ArtifactRef, list[str]] = {ref: [] for ref in refs}
        if not refs:
            return {}
        with self._reading() as conn:
            for ref in dict.fromkeys(refs):
                key = (ref.scope_id, ref.family, ref.artifact_id, ref.revision)
                rows = self._all(
                    conn,
                    f"SELECT source_position, source_id FROM {self.LINEAGE_SOURCES} WHERE scope_id = ?"
                    " AND target_family = ? AND target_artifact_id = ? AND target_revision = ? AND origin = 'lineage'",
                    key,
                )
                rows += self._all(
                    conn,
                    "SELECT s.source_position, s.source_id FROM source_extractions e JOIN sources s"
                    " ON s.scope_id = e.scope_id AND s.source_position = e.source_position"
                    " WHERE e.scope_id = ? AND e.family = ? AND e.artifact_id = ? AND e.revision = ?",
                    key,
                )
                found[ref] = [as_str(row[1]) for row in sorted(rows, key=lambda row: int(row[0]))]
        return {ref: tuple(ids) for ref, ids in found.items()}

    # -- flush

    def pending_sources(self, scope_id: str, window: int) -> SourceWindow:
        with self._snapshot_reading() as conn:
            if self._first(conn, "SELECT 1 FROM scopes WHERE scope_id = ?", (scope_id,)) is None:
                raise RecordNotFound("the Scope does not exist", kind="scope")
            cursor = self._cursor(conn, scope_id)
            high = self._high_watermark(conn, scope_id)
            pending = sources_after(self, conn, scope_id, cursor, window)
        return SourceWindow(cursor, high, pending)

    def _record_extraction(self, conn: ConnT, scope_id: str, position: int, refs: Sequence[ArtifactRef]) -> None:
        """Link each extracted revision to the content Source at ``position`` (inside the caller's transaction)."""
        rows = [
            (scope_id, position, ordinal, ref.family, ref.artifact_id, ref.revision) for ordinal, ref in enumerate(refs)
        ]
        if rows:
            self._run_many(conn, INSERT_EXTRACTION, rows)

    def flush_sources(self, scope_id: str, window: int) -> FlushWindow:
        def work(conn: ConnT) -> FlushWindow:
            self._lock_scope(conn, scope_id)
            cursor = self._cursor(conn, scope_id)
            high = self._high_watermark(conn, scope_id)
            if cursor >= high:
                return FlushWindow(cursor, cursor, high, needs_extraction=False)
            through = min(cursor + max(window, 1), high)
            extracted = self._first(
                conn,
                "SELECT 1 FROM sources WHERE scope_id = ? AND source_position > ? AND source_position <= ?"
                " AND origin = ? LIMIT 1",
                (scope_id, cursor, through, _EXTRACTED_ORIGIN),
            )
            if extracted is not None:
                return FlushWindow(cursor, cursor, high, needs_extraction=True)
            self._run(conn, self.UPSERT_SOURCE_CURSOR, (scope_id, through))
            return FlushWindow(cursor, through, high, needs_extraction=False)

        return self._transact(work)
