"""Remote Agent Skill targets in the store, the same on every engine (the remote Skill migration).

- ``remote_skill_targets``: one row per target, keyed (Scope, target id). A pending target holds
  the SHA-256 of its enrollment code and the code's expiry; an active one the SHA-256 of its
  credential and its Receiver's installation; a revoked one neither. The codes and credentials
  themselves are never stored (the server shows each once). ``generation`` is the target's
  compare-and-swap counter: enrolling, renaming and revoking each add one, and a rename or revoke
  at another generation changes nothing.
- ``remote_skill_publications``: the desired and observed state of each managed Skill on each
  target (read with the targets; written by the publication operations).

Every write locks the target's Scope first (``_lock_scope``: SQLite's writers are serial anyway,
OceanBase locks the Scope's row), so the checks a write makes inside its transaction still hold
when it writes: of two enrollments with one code, or two renames or revokes at one generation,
exactly one changes the row; the other reads the changed row and is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from typing import Any

from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.remote_skill_records import (
    ACTIVE,
    INVALID_ENROLLMENT,
    INVALID_TARGET_STATE,
    PENDING,
    PUBLICATION_GENERATION_CONFLICT,
    REVOKED,
    Installation,
    RemoteSkillTarget,
    RemoteTargetRefused,
)
from pcreceipt.store.rows import placeholders

_TARGET_COLUMNS = (
    "scope_id, target_id, display_name, agent_kind, installation_id, state, receiver_version,"
    " environment_fingerprint, machine_hostname, workspace_name, last_seen_at, generation,"
    " enrollment_expires_at, created_at"
)
_TARGET_FIELDS = frozenset(field.name for field in fields(RemoteSkillTarget))
"""The columns a target's record shows (the digests of its code and credential are not among them)."""
_REVOKED: Mapping[str, Any] = {
    "state": REVOKED, "enrollment_sha256": None, "enrollment_expires_at": None, "credential_sha256": None,
}  # fmt: skip
"""What a revocation sets: the state, and no enrollment code or credential digest any more."""
_PUBLICATION_COLUMNS = (
    "scope_id, target_id, artifact_id, desired_state, desired_revision, desired_tree_digest, observed_revision,"
    " observed_tree_digest, observed_generation, state, last_error_code, observed_at, generation"
)


def _text(value: Any) -> Any:
    return bytes(value).decode("utf-8") if isinstance(value, (bytes, bytearray, memoryview)) else value


def _target(row: Any) -> RemoteSkillTarget:
    values = [_text(value) for value in row]
    values[11] = int(values[11])
    return RemoteSkillTarget(*values)


def _publication(row: Any) -> dict[str, Any]:
    names = [name.strip() for name in _PUBLICATION_COLUMNS.split(",")]
    body = {name: _text(value) for name, value in zip(names, row, strict=True)}
    for name in ("desired_revision", "observed_revision", "observed_generation", "generation"):
        if body[name] is not None:
            body[name] = int(body[name])
    return body


class RemoteSkillTargetRecords(EngineHooks[ConnT, PreparedT]):
    """Remote targets and their publications over an engine's hooks."""

    def _find_target(self, conn: ConnT, scope_id: str, target_id: str) -> RemoteSkillTarget | None:
        row = self._first(
            conn,
            f"SELECT {_TARGET_COLUMNS} FROM remote_skill_targets WHERE scope_id = ? AND target_id = ?",
            (scope_id, target_id),
        )
        return None if row is None else _target(row)

    def create_remote_skill_target(
        self, scope_id: str, target_id: str, agent_kind: str, display_name: str, enrollment_sha256: str, expires_at: str
    ) -> RemoteSkillTarget:
        """Store a pending target whose enrollment code has this digest (RecordNotFound: no Scope)."""
        now = utc_now()

        def work(conn: ConnT) -> RemoteSkillTarget:
            self._lock_scope(conn, scope_id)
            self._run(
                conn,
                """INSERT INTO remote_skill_targets (scope_id, target_id, display_name, agent_kind, state,
                       enrollment_sha256, enrollment_expires_at, generation, created_at, updated_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)""",
                (scope_id, target_id, display_name, agent_kind, PENDING, enrollment_sha256, expires_at, now, now),
            )
            found = self._find_target(conn, scope_id, target_id)
            assert found is not None  # just inserted
            return found

        return self._transact(work)

    def list_remote_skill_targets(
        self, scope_id: str, target_id: str | None, limit: int
    ) -> list[tuple[RemoteSkillTarget, list[dict[str, Any]]]]:
        """Up to ``limit`` of the Scope's targets (or the one named) in creation order, each with its
        publications by artifact id, read in one snapshot (two statements, however many targets)."""
        with self._snapshot_reading() as conn:
            named = "" if target_id is None else " AND target_id = ?"
            rows = self._all(
                conn,
                f"SELECT {_TARGET_COLUMNS} FROM remote_skill_targets WHERE scope_id = ?{named}"
                " ORDER BY created_at, target_id LIMIT ?",
                (scope_id, *(() if target_id is None else (target_id,)), limit),
            )
            targets = [_target(row) for row in rows]
            publications: dict[str, list[dict[str, Any]]] = {target.target_id: [] for target in targets}
            if targets:  # at most the listing's bound (200) of ids: one statement
                for row in self._all(
                    conn,
                    f"SELECT {_PUBLICATION_COLUMNS} FROM remote_skill_publications WHERE scope_id = ?"
                    f" AND target_id IN ({placeholders(len(publications))}) ORDER BY target_id, artifact_id",
                    (scope_id, *publications),
                ):
                    publication = _publication(row)
                    publications[publication["target_id"]].append(publication)
        return [(target, publications[target.target_id]) for target in targets]

    def enroll_remote_skill_target(
        self, enrollment_sha256: str, credential_sha256: str, installation: Installation, now: str
    ) -> RemoteSkillTarget:
        """Consume the pending target's enrollment code (by its digest) and bind the installation
        and the credential (by its digest): the target becomes active at generation 1.
        ``RemoteTargetRefused(invalid_enrollment)`` for a code that is unknown, consumed or expired
        at ``now``, or an installation already bound to a target of its Scope and agent kind."""

        def work(conn: ConnT) -> RemoteSkillTarget:
            located = self._first(
                conn, "SELECT scope_id FROM remote_skill_targets WHERE enrollment_sha256 = ?", (enrollment_sha256,)
            )
            if located is None:
                raise RemoteTargetRefused(INVALID_ENROLLMENT)
            scope_id = _text(located[0])
            self._lock_scope(conn, scope_id)
            row = self._first(
                conn,
                "SELECT target_id, agent_kind, state, generation, enrollment_expires_at FROM remote_skill_targets"
                " WHERE enrollment_sha256 = ?",
                (enrollment_sha256,),
            )
            if row is None:
                raise RemoteTargetRefused(INVALID_ENROLLMENT)
            target_id, agent_kind, state, generation, expires_at = (_text(value) for value in row)
            if state != PENDING or int(generation) != 0 or expires_at is None or expires_at <= now:
                raise RemoteTargetRefused(INVALID_ENROLLMENT)
            bound = self._first(
                conn,
                "SELECT 1 FROM remote_skill_targets WHERE scope_id = ? AND agent_kind = ? AND installation_id = ?",
                (scope_id, agent_kind, installation.installation_id),
            )
            if bound is not None:
                raise RemoteTargetRefused(INVALID_ENROLLMENT)
            changed = self._affected(
                conn,
                """UPDATE remote_skill_targets SET state = ?, enrollment_sha256 = NULL, enrollment_expires_at = NULL,
                       credential_sha256 = ?, installation_id = ?, receiver_version = ?, environment_fingerprint = ?,
                       machine_hostname = ?, workspace_name = ?, last_seen_at = ?, generation = 1, updated_at = ?
                   WHERE scope_id = ? AND target_id = ? AND state = ? AND generation = 0""",
                (ACTIVE, credential_sha256, installation.installation_id, installation.receiver_version,
                 installation.environment_fingerprint, installation.machine_hostname, installation.workspace_name,
                 now, now, scope_id, target_id, PENDING),
            )  # fmt: skip
            if changed != 1:
                raise RemoteTargetRefused(INVALID_ENROLLMENT)
            found = self._find_target(conn, scope_id, target_id)
            assert found is not None  # just updated
            return found

        return self._transact(work)

    def _advance_target(
        self,
        scope_id: str,
        target_id: str,
        expected_generation: int,
        changes: Mapping[str, Any],
        settled: Callable[[RemoteSkillTarget], bool],
    ) -> RemoteSkillTarget:
        """Set ``changes`` (column to value) on the target at ``expected_generation`` and add one to
        its generation, reading the target once, under its Scope's lock; a target ``settled``
        already at that generation is answered unchanged (nothing written). RecordNotFound for an
        unknown Scope, ``RemoteTargetRefused(invalid_target_state)`` for a missing target or
        another generation."""

        def work(conn: ConnT) -> RemoteSkillTarget:
            self._lock_scope(conn, scope_id)
            current = self._find_target(conn, scope_id, target_id)
            if current is None or current.generation != expected_generation:
                raise RemoteTargetRefused(INVALID_TARGET_STATE)
            if settled(current):
                return current
            sets = ", ".join(f"{column} = ?" for column in changes)
            changed = self._affected(
                conn,
                f"UPDATE remote_skill_targets SET {sets}, generation = generation + 1, updated_at = ?"
                " WHERE scope_id = ? AND target_id = ? AND generation = ?",
                (*changes.values(), utc_now(), scope_id, target_id, expected_generation),
            )
            if changed != 1:
                raise RemoteTargetRefused(INVALID_TARGET_STATE)
            shown = {name: value for name, value in changes.items() if name in _TARGET_FIELDS}
            return replace(current, generation=expected_generation + 1, **shown)

        return self._transact(work)

    def rename_remote_skill_target(
        self, scope_id: str, target_id: str, expected_generation: int, display_name: str
    ) -> RemoteSkillTarget:
        """Give the target at ``expected_generation`` a new display name (its identity, state and
        credential stay); the same name changes nothing and keeps the generation, as 1.4.1's."""
        return self._advance_target(
            scope_id, target_id, expected_generation, {"display_name": display_name},
            lambda current: current.display_name == display_name,
        )  # fmt: skip

    def revoke_remote_skill_target(self, scope_id: str, target_id: str, expected_generation: int) -> RemoteSkillTarget:
        """Revoke the target at ``expected_generation``: its enrollment code and credential stop
        working for good (their digests are dropped); its identity and publications stay. A
        revoked target at its generation is answered as it is, as 1.4.1's."""
        return self._advance_target(
            scope_id, target_id, expected_generation, _REVOKED, lambda current: current.state == REVOKED
        )

    # -- publications: the server's desired state per target and managed Skill

    def _publication_in(self, conn: ConnT, scope_id: str, target_id: str, artifact_id: str) -> dict[str, Any] | None:
        row = self._first(
            conn,
            f"SELECT {_PUBLICATION_COLUMNS} FROM remote_skill_publications"
            " WHERE scope_id = ? AND target_id = ? AND artifact_id = ?",
            (scope_id, target_id, artifact_id),
        )
        return None if row is None else _publication(row)

    def _active_target(self, conn: ConnT, scope_id: str, target_id: str) -> None:
        self._lock_scope(conn, scope_id)
        target = self._find_target(conn, scope_id, target_id)
        if target is None or target.state != ACTIVE:
            raise RemoteTargetRefused(INVALID_TARGET_STATE)

    def _desire(self, conn: ConnT, current: dict[str, Any], desired: tuple[Any, ...]) -> dict[str, Any]:
        """Set the publication's desired state (state, revision, tree digest) at its generation,
        pending delivery, one generation on."""
        changed = self._affected(
            conn,
            """UPDATE remote_skill_publications SET desired_state = ?, desired_revision = ?, desired_tree_digest = ?,
                   state = 'pending', last_error_code = NULL, generation = generation + 1, updated_at = ?
               WHERE scope_id = ? AND target_id = ? AND artifact_id = ? AND generation = ?""",
            (*desired, utc_now(), current["scope_id"], current["target_id"], current["artifact_id"],
             current["generation"]),
        )  # fmt: skip
        if changed != 1:
            raise RemoteTargetRefused(PUBLICATION_GENERATION_CONFLICT)
        found = self._publication_in(conn, current["scope_id"], current["target_id"], current["artifact_id"])
        assert found is not None  # just updated
        return found

    def publish_remote_skill(
        self, scope_id: str, target_id: str, artifact_id: str, revision: int, tree_digest: str,
        expected_generation: int | None,
    ) -> dict[str, Any]:  # fmt: skip
        """Make this exact Skill revision (its package's tree digest) the target's desired state.
        The first publication of a Skill on a target takes ``expected_generation`` None and starts
        at generation 0; later ones name the current generation. The same desired state answers the
        publication unchanged. ``RemoteTargetRefused``: invalid_target_state (the target is missing
        or not active), publication_generation_conflict (another generation)."""

        def work(conn: ConnT) -> dict[str, Any]:
            self._active_target(conn, scope_id, target_id)
            current = self._publication_in(conn, scope_id, target_id, artifact_id)
            if current is None:
                if expected_generation is not None:
                    raise RemoteTargetRefused(PUBLICATION_GENERATION_CONFLICT)
                self._run(
                    conn,
                    """INSERT INTO remote_skill_publications (scope_id, target_id, artifact_id, desired_state,
                           desired_revision, desired_tree_digest, state, generation, updated_at)
                       VALUES (?, ?, ?, 'published', ?, ?, 'pending', 0, ?)""",
                    (scope_id, target_id, artifact_id, revision, tree_digest, utc_now()),
                )
                created = self._publication_in(conn, scope_id, target_id, artifact_id)
                assert created is not None  # just inserted
                return created
            if expected_generation != current["generation"]:
                raise RemoteTargetRefused(PUBLICATION_GENERATION_CONFLICT)
            wanted = ("published", revision, tree_digest)
            if (current["desired_state"], current["desired_revision"], current["desired_tree_digest"]) == wanted:
                return current
            return self._desire(conn, current, wanted)

        return self._transact(work)

    def unpublish_remote_skill(
        self, scope_id: str, target_id: str, artifact_id: str, expected_generation: int
    ) -> dict[str, Any]:
        """Make the Skill's absence the target's desired state (claiming nothing about the target's
        files); an unpublished one answers unchanged. ``RemoteTargetRefused``: invalid_target_state
        (no active target or no publication), publication_generation_conflict (another generation)."""

        def work(conn: ConnT) -> dict[str, Any]:
            self._active_target(conn, scope_id, target_id)
            current = self._publication_in(conn, scope_id, target_id, artifact_id)
            if current is None:
                raise RemoteTargetRefused(INVALID_TARGET_STATE)
            if expected_generation != current["generation"]:
                raise RemoteTargetRefused(PUBLICATION_GENERATION_CONFLICT)
            if current["desired_state"] == "unpublished":
                return current
            return self._desire(
                conn, current, ("unpublished", current["desired_revision"], current["desired_tree_digest"])
            )

        return self._transact(work)


__all__ = ["RemoteSkillTargetRecords"]
