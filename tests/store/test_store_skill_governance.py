"""Managed Skill governance in the store (every engine): the initial governance of an approved
Skill, PowerContext 1.4.1's transitions and refusals in its order, the generation compared and set
(K racing transitions at one generation: exactly one wins), revisions left as they were, a retired
Skill refusing a new revision, migration 26 giving Skills approved before it the initial row, and
a property over any sequence of transitions."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
from _support import seekdb
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.store.oceanbase import schema as oceanbase_schema
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ArtifactRef, CapturedSource, SourceRef, StoreError
from pcreceipt.store.skill_governance import (
    GenerationStale,
    GovernanceNotFound,
    InvalidLifecycle,
    InvalidReplacement,
    SkillGovernanceRecord,
    check_transition,
)
from pcreceipt.store.sqlite import SQLiteStore
from pcreceipt.store.sqlite import schema as sqlite_schema

SKILL = {"name": "release-check", "description": "Check a release.", "instructions": "Run it.", "validation": ["ok"]}
SCHEMAS = {"sqlite": sqlite_schema, "oceanbase": oceanbase_schema}
STATES = ("active", "deprecated", "retired")


def approved_skill(store: Store, scope_id: str, target: ArtifactRef | None = None) -> ArtifactRef:
    source_id = uuid.uuid4().hex
    store.capture_source(scope_id, CapturedSource(source_id, "how a release is checked", None))
    candidate = store.create_candidate(
        scope_id,
        "skill",
        SKILL,
        source_refs=[SourceRef("content", source_id)],
        artifact_refs=[] if target is None else [target],
        target=target,
        reason=None,
    )
    result = store.approve_candidate(scope_id, candidate.candidate_id, 1).result
    assert result is not None
    return result


def test_an_approved_skill_starts_active_at_generation_zero(store: Store, scope_id: str) -> None:
    ref = approved_skill(store, scope_id)
    assert store.skill_governance(scope_id) == {
        ref.artifact_id: SkillGovernanceRecord(ref.artifact_id, "active", None, 0)
    }
    approved_skill(store, scope_id, target=ref)  # a new revision keeps the identity's governance
    assert store.skill_governance(scope_id)[ref.artifact_id].governance_generation == 0


def test_transitions_compare_and_set_the_generation(store: Store, scope_id: str) -> None:
    old, new = approved_skill(store, scope_id), approved_skill(store, scope_id)
    before = store.managed_skill_heads(scope_id)
    state, head = store.transition_skill_lifecycle(scope_id, old.artifact_id, 0, "deprecated", new.artifact_id)
    assert (state, head) == (SkillGovernanceRecord(old.artifact_id, "deprecated", new.artifact_id, 1), 1)
    with pytest.raises(GenerationStale):
        store.transition_skill_lifecycle(scope_id, old.artifact_id, 0, "active", None)
    state, _ = store.transition_skill_lifecycle(scope_id, old.artifact_id, 1, "active", None)
    assert state == SkillGovernanceRecord(old.artifact_id, "active", None, 2)
    state, _ = store.transition_skill_lifecycle(scope_id, old.artifact_id, 2, "active", None)
    assert state.governance_generation == 3  # the same state still moves the generation, as in 1.4.1
    assert store.managed_skill_heads(scope_id) == before  # no revision or package byte changed
    assert store.skill_governance(scope_id)[old.artifact_id] == state


def test_refusals_follow_1_4_1s_order(store: Store, scope_id: str) -> None:
    skill, other = approved_skill(store, scope_id), approved_skill(store, scope_id)
    with pytest.raises(GovernanceNotFound):
        store.transition_skill_lifecycle(scope_id, "skill_missing", 0, "deprecated", None)
    with pytest.raises(InvalidLifecycle):  # a forbidden transition is refused before the generation
        store.transition_skill_lifecycle(scope_id, skill.artifact_id, 9, "deprecated", skill.artifact_id)
    with pytest.raises(GovernanceNotFound):
        store.transition_skill_lifecycle(scope_id, skill.artifact_id, 0, "deprecated", "skill_missing")
    with pytest.raises(InvalidReplacement):
        store.transition_skill_lifecycle(scope_id, skill.artifact_id, 0, "active", other.artifact_id)
    with pytest.raises(GenerationStale):
        store.transition_skill_lifecycle(scope_id, skill.artifact_id, 7, "deprecated", other.artifact_id)
    store.transition_skill_lifecycle(scope_id, other.artifact_id, 0, "retired", None)
    with pytest.raises(InvalidLifecycle):
        store.transition_skill_lifecycle(scope_id, skill.artifact_id, 0, "deprecated", other.artifact_id)
    with pytest.raises(InvalidLifecycle):
        store.transition_skill_lifecycle(scope_id, other.artifact_id, 1, "active", None)
    with pytest.raises(InvalidLifecycle):
        store.transition_skill_lifecycle(scope_id, other.artifact_id, 1, "deprecated", None)
    state, _ = store.transition_skill_lifecycle(scope_id, other.artifact_id, 1, "retired", None)
    assert state.governance_generation == 2
    assert store.skill_governance(scope_id)[skill.artifact_id].governance_generation == 0


def test_a_retired_skill_takes_no_new_revision(store: Store, scope_id: str) -> None:
    skill = approved_skill(store, scope_id)
    store.transition_skill_lifecycle(scope_id, skill.artifact_id, 0, "retired", None)
    with pytest.raises(InvalidLifecycle):
        approved_skill(store, scope_id, target=skill)
    assert [s.ref for s in store.managed_skill_heads(scope_id)] == [skill]


def test_racing_transitions_at_one_generation_have_one_winner(store: Store, scope_id: str) -> None:
    skill = approved_skill(store, scope_id)
    barrier, results = threading.Barrier(6), []

    def racer(state: str) -> None:
        barrier.wait()
        try:
            results.append(store.transition_skill_lifecycle(scope_id, skill.artifact_id, 0, state, None)[0])
        except GenerationStale:
            results.append(None)

    threads = [threading.Thread(target=racer, args=(STATES[n % 2],)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    winners = [r for r in results if r is not None]
    assert len(results) == 6 and len(winners) == 1
    assert store.skill_governance(scope_id)[skill.artifact_id] == winners[0]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.sampled_from(STATES), st.booleans()), max_size=8))
def test_any_sequence_of_transitions_keeps_the_rules(store: Store, scope_id: str, steps: list[Any]) -> None:
    skill = approved_skill(store, scope_id)
    current = store.skill_governance(scope_id)[skill.artifact_id]
    for state, stale in steps:
        generation = current.governance_generation + (1 if stale else 0)
        try:
            check_transition(current.lifecycle_state, state)
            allowed = not stale
        except InvalidLifecycle:
            allowed = False
        try:
            current, _ = store.transition_skill_lifecycle(scope_id, skill.artifact_id, generation, state, None)
            assert allowed and current.lifecycle_state == state
        except StoreError:
            assert not allowed
        assert store.skill_governance(scope_id)[skill.artifact_id] == current


def _open(engine: str, workdir: Path, database: str) -> Any:
    if engine == "sqlite":
        return SQLiteStore(workdir / "store.db")
    from pcreceipt.store.oceanbase.store import OceanBaseStore

    server = seekdb.current()
    assert server is not None
    return OceanBaseStore(server.url(database))


def test_migration_gives_earlier_skills_the_initial_governance(engine_name: str, tmp_path: Path) -> None:
    database = f"governance_old_{uuid.uuid4().hex[:12]}"
    schema = SCHEMAS[engine_name]
    previous = tuple(m for m in schema.MIGRATIONS if "Skill governance" not in m.name)
    assert len(previous) == len(schema.MIGRATIONS) - 1
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(schema, "MIGRATIONS", previous)
        old = _open(engine_name, tmp_path, database)
        try:
            scope, _ = old.create_scope(
                title="Old", summary="Before governance", idempotency_key="old", parent_scope_id=None,
                context_references=[], external_references=[],
            )  # fmt: skip

            def write(conn: Any) -> None:
                for artifact_id, revision in (("skill_a", 1), ("skill_a", 2), ("skill_b", 1)):
                    old._run(
                        conn,
                        """INSERT INTO managed_skills (scope_id, artifact_id, revision, content, source_refs,
                                                       artifact_refs, created_at) VALUES (?, ?, ?, ?, '[]', '[]', ?)""",
                        (scope.scope_id, artifact_id, revision, '{"name": "n"}', "2026-01-01T00:00:00.000Z"),
                    )

            old._transact(write)
        finally:
            old.close()
    store = _open(engine_name, tmp_path, database)
    try:
        assert store.skill_governance(scope.scope_id) == {
            "skill_a": SkillGovernanceRecord("skill_a", "active", None, 0),
            "skill_b": SkillGovernanceRecord("skill_b", "active", None, 0),
        }
        state, head = store.transition_skill_lifecycle(scope.scope_id, "skill_a", 0, "deprecated", "skill_b")
        assert (state.governance_generation, head) == (1, 2)
    finally:
        store.close()
