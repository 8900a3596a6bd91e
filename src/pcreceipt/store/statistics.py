"""Statistics: per-Scope, per-UTC-day prepare counters and the inventory counts ``get_stats`` reads.

Decisions:
- A prepare's counters are one appended row of ``recall_events`` (migration 17): preparations,
  ready, comparable, baseline and recalled tokens, under a random event id. No prepare updates a
  row in place, so prepares on several servers for one busy Scope never wait on one another (the
  upsert of one ``recall_daily`` row per Scope and day they used to share serialised them).
- ``recall_daily`` (migration 6) holds one row per (Scope, UTC day, estimator): the folded sums.
  Every ``FOLD_EVERY``-th event a store records, it folds the events it sees into ``recall_daily``
  in one transaction: each event is deleted by its id and added only when that delete removed it
  (the engines' ``UPSERT_RECALL_DAY`` adds to the day's row), so two servers folding at once never
  count an event twice, and an event appended meanwhile waits for the next fold.
- A read (``scope_statistics``) sums both tables, so a count is visible as soon as its prepare
  returns, folded or not. An event is committed before the prepare's answer is sent: a crash loses
  no count (what it can lose is a prepare whose statistics write had not committed).
- Comparable (PowerContext's rule): a ready prepare that selected at least one artifact, each of
  which traces back to at least one stored Source. An artifact revision's Sources are its own
  lineage Sources (``store.sources``) or the content Source a flush extracted it from, and,
  recursively, those of the revisions it derives from: the inputs of a merge and, for revision
  n > 1, revision n − 1 (a replace or an appended profile or prompt supersedes the revision
  before it, as PowerContext's replace lineage names it).
  The baseline counts each distinct Source once; its tokens were estimated when it was stored.
- The lineage is read before the write, outside it, so a prepare holds the write lock for one
  statement only.
"""

from __future__ import annotations

import itertools
import json
import uuid
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.records import ArtifactRef, RecallDay, ScopeCounts
from pcreceipt.store.rows import as_str, batches, placeholders

ESTIMATOR = "character:weighted/1"
"""The estimator the counters were made with (its id and version), part of each row's key."""

HIGH_WATERMARKS = (
    "SELECT s.scope_id, (SELECT max(p.source_position) FROM sources p WHERE p.scope_id = s.scope_id)"
    " FROM scopes s WHERE s.scope_id IN ({marks})"
)
"""Each Scope's highest Source position: one ``max`` per Scope, which both engines answer from the
end of the primary key. (``max(...) ... GROUP BY scope_id`` read every Source of the Scope on SQLite.)"""

FOLD_EVERY = 250
"""A store folds the appended prepare events into ``recall_daily`` after every this many it
records: one write transaction of about this many deletes per fold, and a bounded events table."""

INSERT_RECALL_EVENT = (
    "INSERT INTO recall_events (event_id, scope_id, usage_date, estimator, preparations, ready_preparations,"
    " comparable_preparations, baseline_tokens, recalled_tokens) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_COUNTERS = "preparations, ready_preparations, comparable_preparations, baseline_tokens, recalled_tokens"

_Identity = tuple[str, str, str, int]
_SourceKey = tuple[str, int]


def _identity(ref: ArtifactRef) -> _Identity:
    return (ref.scope_id, ref.family, ref.artifact_id, ref.revision)


class StatisticsRecords(EngineHooks[ConnT, PreparedT]):
    """``record_preparation`` and ``scope_statistics`` over an engine's hooks."""

    UPSERT_RECALL_DAY: ClassVar[str]
    """Insert a ``recall_daily`` row (scope_id, usage_date, estimator, preparations,
    ready_preparations, comparable_preparations, baseline_tokens, recalled_tokens); on an existing
    key add each counter to the stored one."""
    ATOMIC_KIND: ClassVar[str]
    """The SQL expression of the ``kind`` of an atomic memory revision ``r`` (its content JSON)."""

    # -- recording

    def record_preparation(
        self, scope_id: str, day: str, *, ready: bool, selected: Sequence[ArtifactRef], recalled_tokens: int
    ) -> None:
        comparable, baseline = False, 0
        if ready and selected:
            with self._reading() as conn:
                comparable, baseline = self._lineage_tokens(conn, selected)
        event = (
            uuid.uuid4().hex,
            scope_id,
            day,
            ESTIMATOR,
            1,
            int(ready),
            int(comparable),
            baseline if comparable else 0,
            recalled_tokens if comparable else 0,
        )
        self._transact(lambda conn: self._run(conn, INSERT_RECALL_EVENT, event))
        if next(self._recorded_events) % FOLD_EVERY == 0:
            self.fold_recall_events()

    @property
    def _recorded_events(self) -> itertools.count[int]:
        counter: itertools.count[int] | None = getattr(self, "_recall_event_counter", None)
        if counter is None:
            counter = self._recall_event_counter = itertools.count(1)
        return counter

    def fold_recall_events(self) -> int:
        """Fold the appended prepare events into ``recall_daily``; how many this call folded (an
        event another store folded first is not counted here, nor twice anywhere)."""

        def fold(conn: ConnT) -> int:
            columns = f"event_id, scope_id, usage_date, estimator, {_COUNTERS}"
            events = self._all(conn, f"SELECT {columns} FROM recall_events")
            sums: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
            folded = 0
            for event_id, scope_id, day, estimator, *counters in events:
                if self._affected(conn, "DELETE FROM recall_events WHERE event_id = ?", (event_id,)) != 1:
                    continue  # another store's fold took it
                totals = sums[(as_str(scope_id), as_str(day), as_str(estimator))]
                for index, value in enumerate(counters):
                    totals[index] += int(value)
                folded += 1
            for key, totals in sums.items():
                self._run(conn, self.UPSERT_RECALL_DAY, (*key, *totals))
            return folded

        return self._transact(fold)

    def _lineage_tokens(self, conn: ConnT, selected: Sequence[ArtifactRef]) -> tuple[bool, int]:
        """(every selected revision has a Source behind it, the tokens of the distinct Sources)."""
        own: dict[_Identity, set[_SourceKey]] = {}
        parents: dict[_Identity, list[_Identity]] = {}
        tokens: dict[_SourceKey, int] = {}
        pending = {_identity(ref) for ref in selected}
        while pending:
            self._read_lineage(conn, pending, own, parents, tokens)
            pending = {parent for key in pending for parent in parents[key] if parent not in own}
        behind: dict[_Identity, set[_SourceKey]] = {}

        def sources_of(key: _Identity) -> set[_SourceKey]:
            found: set[_SourceKey] = set()
            stack, seen = [key], {key}
            while stack:
                current = stack.pop()
                found |= own.get(current, set())
                for parent in parents.get(current, []):
                    if parent not in seen:
                        seen.add(parent)
                        stack.append(parent)
            return found

        for ref in selected:
            behind[_identity(ref)] = sources_of(_identity(ref))
        if not all(behind.values()):
            return False, 0
        distinct = set().union(*behind.values())
        return True, sum(tokens[key] for key in distinct)

    def _read_lineage(
        self,
        conn: ConnT,
        keys: Iterable[_Identity],
        own: dict[_Identity, set[_SourceKey]],
        parents: dict[_Identity, list[_Identity]],
        tokens: dict[_SourceKey, int],
    ) -> None:
        """Each revision's own Sources and its parents (merge inputs, the revision before it)."""
        groups: dict[tuple[str, str], list[_Identity]] = defaultdict(list)
        for key in keys:
            own.setdefault(key, set())
            parents.setdefault(key, [(key[0], key[1], key[2], key[3] - 1)] if key[3] > 1 else [])
            groups[(key[0], key[1])].append(key)
        for (scope_id, family), members in groups.items():
            wanted = set(members)
            ids = sorted({key[2] for key in members})
            for batch in batches(ids):
                rows = self._all(
                    conn,
                    f"SELECT target_artifact_id, target_revision, source_position, tokens FROM {self.LINEAGE_SOURCES}"
                    " WHERE scope_id = ? AND origin = 'lineage' AND target_family = ? AND target_artifact_id IN"
                    f" ({placeholders(len(batch))})",
                    (scope_id, family, *batch),
                )
                rows += self._all(
                    conn,
                    "SELECT e.artifact_id, e.revision, s.source_position, s.tokens FROM source_extractions e"
                    " JOIN sources s ON s.scope_id = e.scope_id AND s.source_position = e.source_position"
                    f" WHERE e.scope_id = ? AND e.family = ? AND e.artifact_id IN ({placeholders(len(batch))})",
                    (scope_id, family, *batch),
                )
                for artifact_id, revision, position, estimate in rows:
                    key = (scope_id, family, as_str(artifact_id), int(revision))
                    if key in wanted:
                        own[key].add((scope_id, int(position)))
                        tokens[(scope_id, int(position))] = int(estimate)
                derived = self._all(
                    conn,
                    "SELECT artifact_id, revision, derived_from FROM revisions"
                    f" WHERE scope_id = ? AND family = ? AND artifact_id IN ({placeholders(len(batch))})"
                    " AND derived_from != '[]'",
                    (scope_id, family, *batch),
                )
                for artifact_id, revision, derived_from in derived:
                    key = (scope_id, family, as_str(artifact_id), int(revision))
                    if key in wanted:
                        parents[key].extend(_parents(as_str(derived_from)))

    # -- reading

    def scope_statistics(self, scope_ids: Sequence[str], first_day: str, last_day: str) -> dict[str, ScopeCounts]:
        unique = list(dict.fromkeys(scope_ids))
        sources: dict[str, int] = {}
        processed: dict[str, int] = {}
        artifacts: dict[str, list[tuple[str, int]]] = defaultdict(list)
        memories: dict[str, list[tuple[str, str, int]]] = defaultdict(list)
        recall: dict[str, list[RecallDay]] = defaultdict(list)
        with self._snapshot_reading() as conn:
            for batch in batches(unique):
                marks = placeholders(len(batch))
                for scope_id, high in self._all(conn, HIGH_WATERMARKS.format(marks=marks), batch):
                    if high is not None:
                        sources[as_str(scope_id)] = int(high)
                for scope_id, cursor in self._all(
                    conn, f"SELECT scope_id, processed FROM source_cursors WHERE scope_id IN ({marks})", batch
                ):
                    processed[as_str(scope_id)] = int(cursor)
                for scope_id, family, total in self._all(
                    conn,
                    f"SELECT scope_id, family, count(*) FROM artifacts WHERE scope_id IN ({marks})"
                    " GROUP BY scope_id, family",
                    batch,
                ):
                    artifacts[as_str(scope_id)].append((as_str(family), int(total)))
                for scope_id, kind, state, total in self._all(
                    conn,
                    f"""SELECT a.scope_id, {self.ATOMIC_KIND} AS kind, a.state, count(*)
                        FROM artifacts a JOIN revisions r ON r.scope_id = a.scope_id AND r.family = a.family
                          AND r.artifact_id = a.artifact_id AND r.revision = a.head_revision
                        WHERE a.family = 'atomic-memory' AND a.scope_id IN ({marks})
                        GROUP BY a.scope_id, {self.ATOMIC_KIND}, a.state""",
                    batch,
                ):
                    memories[as_str(scope_id)].append((as_str(kind), as_str(state), int(total)))
                for row in self._all(
                    conn,
                    """SELECT scope_id, usage_date, preparations, ready_preparations, comparable_preparations,
                              baseline_tokens, recalled_tokens
                       FROM recall_daily WHERE estimator = ? AND usage_date >= ? AND usage_date <= ?"""
                    f" AND scope_id IN ({marks})",
                    (ESTIMATOR, first_day, last_day, *batch),
                ):
                    recall[as_str(row[0])].append(_recall_day(row))
                for row in self._all(
                    conn,
                    f"""SELECT scope_id, usage_date, sum(preparations), sum(ready_preparations),
                               sum(comparable_preparations), sum(baseline_tokens), sum(recalled_tokens)
                        FROM recall_events WHERE estimator = ? AND usage_date >= ? AND usage_date <= ?
                          AND scope_id IN ({marks}) GROUP BY scope_id, usage_date""",
                    (ESTIMATOR, first_day, last_day, *batch),
                ):
                    recall[as_str(row[0])].append(_recall_day(row))
        return {
            scope_id: ScopeCounts(
                sources=sources.get(scope_id, 0),
                processed=min(processed.get(scope_id, 0), sources.get(scope_id, 0)),
                artifacts=tuple(sorted(artifacts[scope_id])),
                memories=tuple(sorted(memories[scope_id])),
                recall=_by_day(recall[scope_id]),
            )
            for scope_id in unique
        }


def _by_day(parts: Sequence[RecallDay]) -> tuple[RecallDay, ...]:
    """One ``RecallDay`` per day, in day order: a day's folded row and its unfolded events added."""
    days: dict[str, RecallDay] = {}
    for part in parts:
        seen = days.get(part.day)
        days[part.day] = (
            part
            if seen is None
            else RecallDay(
                day=part.day,
                preparations=seen.preparations + part.preparations,
                ready_preparations=seen.ready_preparations + part.ready_preparations,
                comparable_preparations=seen.comparable_preparations + part.comparable_preparations,
                baseline_tokens=seen.baseline_tokens + part.baseline_tokens,
                recalled_tokens=seen.recalled_tokens + part.recalled_tokens,
            )
        )
    return tuple(days[day] for day in sorted(days))


def _recall_day(row: Any) -> RecallDay:
    return RecallDay(
        day=as_str(row[1]),
        preparations=int(row[2]),
        ready_preparations=int(row[3]),
        comparable_preparations=int(row[4]),
        baseline_tokens=int(row[5]),
        recalled_tokens=int(row[6]),
    )


def _parents(derived_from: str) -> list[_Identity]:
    return [(str(s), str(f), str(a), int(r)) for s, f, a, r in json.loads(derived_from)]
