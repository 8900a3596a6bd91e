"""The Handoff boundary of each Scope, the same on every engine (table ``handoff_boundaries``, the
migration "Handoff activation boundaries" of each engine): the Source position of the last boundary
at which ``activate_handoff`` generated a draft (PowerContext 1.4.1's ``handoff-participant-boundary``
trigger state). A Scope without a row has had none (position 0).

Moving it is a compare-and-set decided by the write's own row count, never by a read before it: the
first move inserts with the engine's insert-or-ignore (``INSERT_HANDOFF_BOUNDARY``: 0 rows when a
racer's row is there), a later one updates ``WHERE boundary_position = expected`` (always to a greater
position, so the row changes and OceanBase, which counts rows changed, counts it). Of K moves from
one position exactly one lands, on one process or on many over one database.
"""

from __future__ import annotations

from typing import ClassVar

from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT

_SELECT = "SELECT boundary_position FROM handoff_boundaries WHERE scope_id = ?"
_UPDATE = "UPDATE handoff_boundaries SET boundary_position = ? WHERE scope_id = ? AND boundary_position = ?"


class HandoffBoundaries(EngineHooks[ConnT, PreparedT]):
    """``handoff_boundary`` and ``advance_handoff_boundary`` over the engine hooks."""

    INSERT_HANDOFF_BOUNDARY: ClassVar[str]
    """Insert a ``handoff_boundaries`` row (scope_id, position); an existing row stays and the
    statement counts 0 rows."""

    def handoff_boundary(self, scope_id: str) -> int:
        """The position of the Scope's last generating boundary (0: none yet)."""
        with self._reading() as conn:
            row = self._first(conn, _SELECT, (scope_id,))
        return 0 if row is None else int(row[0])

    def advance_handoff_boundary(self, scope_id: str, expected: int, position: int) -> bool:
        """Move the boundary from ``expected`` to ``position`` (greater); False, with nothing
        written, when it is no longer ``expected`` (a racer moved it first)."""
        if position <= expected:
            raise ValueError("a boundary only moves forward")

        def work(conn: ConnT) -> bool:
            if expected == 0:
                return self._affected(conn, self.INSERT_HANDOFF_BOUNDARY, (scope_id, position)) == 1
            return self._affected(conn, _UPDATE, (position, scope_id, expected)) == 1

        return self._transact(work)
