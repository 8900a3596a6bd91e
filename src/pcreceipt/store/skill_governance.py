"""Managed Skill governance: each managed Skill's lifecycle state, its replacement and a generation
compared and set by every explicit transition, the same on every engine (``skill_governance``,
migration 26 of each engine).

Decisions (``docs/decisions.md``, "Managed Skill lifecycle"):
- One row per managed Skill identity, written when its first revision is approved (``active``, no
  replacement, generation 0: PowerContext 1.4.1's initial head values); the migration gives every
  Skill approved before it that row. Revisions stay immutable: a transition changes this row only.
- A transition runs 1.4.1's checks in 1.4.1's order on the current row, under the Scope's writer
  lock: unknown Skill ``GovernanceNotFound``; leaving ``retired`` or going from anything but
  ``active``/``deprecated`` to ``active`` is ``InvalidLifecycle``; a replacement naming the Skill
  itself is ``InvalidLifecycle``, an unknown one ``GovernanceNotFound``, a retired one
  ``InvalidLifecycle``; a replacement on a state other than ``deprecated`` is ``InvalidReplacement``;
  only then is the generation compared (``GenerationStale`` when it is not the caller's) and set
  to the caller's plus one, even when the state stays the same (1.4.1 bumps it on every transition).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from pcreceipt.models import limits
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.records import StoreError
from pcreceipt.store.rows import as_opt_str, as_str

LifecycleState = limits.SkillLifecycleState
INITIAL_STATE: Final[LifecycleState] = "active"
_COLUMNS = "artifact_id, lifecycle_state, replacement_artifact_id, governance_generation"
INSERT_GOVERNANCE: Final = """INSERT INTO skill_governance (scope_id, artifact_id, lifecycle_state,
                                  replacement_artifact_id, governance_generation) VALUES (?, ?, 'active', NULL, 0)"""
"""The row of a managed Skill's first approved revision (1.4.1's initial values)."""


@dataclass(frozen=True, slots=True)
class SkillGovernanceRecord:
    """A managed Skill's governance: its state, its replacement and its generation."""

    artifact_id: str
    lifecycle_state: LifecycleState
    replacement_artifact_id: str | None
    governance_generation: int

    def wire(self) -> dict[str, Any]:
        return {
            "lifecycle_state": self.lifecycle_state,
            "replacement_artifact_id": self.replacement_artifact_id,
            "governance_generation": self.governance_generation,
        }


INITIAL_GOVERNANCE: Final = SkillGovernanceRecord("", INITIAL_STATE, None, 0)


class GovernanceNotFound(StoreError):
    """No managed Skill of that id in the Scope (1.4.1's governance repository: 404 not_found)."""


class GenerationStale(StoreError):
    """The caller's generation is not the current one (1.4.1: 409 generation_conflict)."""


class InvalidLifecycle(StoreError):
    """A transition 1.4.1 refuses (422 invalid_lifecycle); ``reason`` is its message."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InvalidReplacement(StoreError):
    """A replacement named on a state other than deprecated (1.4.1's model refuses it: 422 invalid_request)."""


def _record(row: Sequence[Any]) -> SkillGovernanceRecord:
    return SkillGovernanceRecord(
        artifact_id=as_str(row[0]),
        lifecycle_state=cast(LifecycleState, as_str(row[1])),
        replacement_artifact_id=as_opt_str(row[2]),
        governance_generation=int(row[3]),
    )


def check_transition(current: LifecycleState, requested: LifecycleState) -> None:
    """1.4.1's allowed transitions: retired is final; active is reached from active or deprecated."""
    if current == "retired" and requested != "retired":
        raise InvalidLifecycle("retired Artifact lifecycle is irreversible")
    if requested == "active" and current not in ("active", "deprecated"):
        raise InvalidLifecycle("requested Artifact lifecycle transition is not allowed")


class SkillGovernanceRecords(EngineHooks[ConnT, PreparedT]):
    """Managed Skill governance reads and transitions over an engine's hooks."""

    def _governance_row(self, conn: ConnT, scope_id: str, artifact_id: str) -> SkillGovernanceRecord | None:
        row = self._first(
            conn,
            f"SELECT {_COLUMNS} FROM skill_governance WHERE scope_id = ? AND artifact_id = ?",
            (scope_id, artifact_id),
        )
        return None if row is None else _record(row)

    def skill_governance(self, scope_id: str) -> dict[str, SkillGovernanceRecord]:
        """Every managed Skill's governance in the Scope, by artifact id."""
        with self._reading() as conn:
            rows = self._all(conn, f"SELECT {_COLUMNS} FROM skill_governance WHERE scope_id = ?", (scope_id,))
        return {record.artifact_id: record for record in map(_record, rows)}

    def transition_skill_lifecycle(
        self,
        scope_id: str,
        artifact_id: str,
        expected_generation: int,
        lifecycle_state: LifecycleState,
        replacement_artifact_id: str | None,
    ) -> tuple[SkillGovernanceRecord, int]:
        """Apply one explicit transition at ``expected_generation`` (the module's rules); the new
        governance and the Skill's head revision."""

        def work(conn: ConnT) -> tuple[SkillGovernanceRecord, int]:
            self._lock_scope(conn, scope_id, required=False)
            current = self._governance_row(conn, scope_id, artifact_id)
            if current is None:
                raise GovernanceNotFound("skill governance")
            check_transition(current.lifecycle_state, lifecycle_state)
            if replacement_artifact_id is not None:
                if replacement_artifact_id == artifact_id:
                    raise InvalidLifecycle("an Artifact cannot replace itself")
                replacement = self._governance_row(conn, scope_id, replacement_artifact_id)
                if replacement is None:
                    raise GovernanceNotFound("skill governance")
                if replacement.lifecycle_state == "retired":
                    raise InvalidLifecycle("a retired Artifact cannot be a replacement")
                if lifecycle_state != "deprecated":
                    raise InvalidReplacement("only a deprecated Artifact may name a replacement")
            moved = self._affected(
                conn,
                """UPDATE skill_governance SET lifecycle_state = ?, replacement_artifact_id = ?,
                                                governance_generation = ?
                   WHERE scope_id = ? AND artifact_id = ? AND governance_generation = ?""",
                (lifecycle_state, replacement_artifact_id, expected_generation + 1,
                 scope_id, artifact_id, expected_generation),
            )  # fmt: skip
            if moved != 1:
                raise GenerationStale("skill governance")
            head = self._first(
                conn,
                "SELECT max(revision) FROM managed_skills WHERE scope_id = ? AND artifact_id = ?",
                (scope_id, artifact_id),
            )
            generation = expected_generation + 1
            state = SkillGovernanceRecord(artifact_id, lifecycle_state, replacement_artifact_id, generation)
            return state, int(head[0])

        return self._transact(work)

    def _check_revisable(self, conn: ConnT, scope_id: str, artifact_id: str) -> None:
        """A retired managed Skill takes no new revision (1.4.1's ``invalid_lifecycle``)."""
        current = self._governance_row(conn, scope_id, artifact_id)
        if current is not None and current.lifecycle_state == "retired":
            raise InvalidLifecycle("frozen and retired Artifact identities cannot be revised")
