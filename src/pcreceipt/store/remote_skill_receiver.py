"""What a remote Skill target's Receiver does to the store (PowerContext 1.4.1's reconcile and
Receipt), over the tables of ``store.remote_skills`` (no new table: a publication's observed columns
hold what a Receipt records).

A Receiver is known only by its target credential: the store finds the active target whose
credential digest is the one presented (a revoked target has none), locks its Scope (the writer
lock every remote target change takes, so a Receipt, a reconcile and a publish or unpublish of one
publication are serial on every engine and every server over one database), finds it again under
the lock, and records the Receiver's version, fingerprint and the time (the target's liveness,
which never changes its generation). Observations and Receipts never change a publication's
generation: that is the server's desired state; they write only its observed columns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pcreceipt.store.hooks import ConnT, PreparedT
from pcreceipt.store.remote_skill_records import (
    ACTIVE,
    INVALID_TARGET_CREDENTIAL,
    INVALID_TARGET_STATE,
    PUBLICATION_GENERATION_CONFLICT,
    Liveness,
    Receipt,
    RemoteSkillTarget,
    RemoteTargetRefused,
)
from pcreceipt.store.remote_skills import _PUBLICATION_COLUMNS, _TARGET_COLUMNS, RemoteSkillTargetRecords, _publication
from pcreceipt.store.remote_skills import _target as _target_of

#: The observed columns a Receipt or an observation writes (and compares).
_OBSERVED = ("observed_revision", "observed_tree_digest", "observed_generation", "state", "last_error_code")
#: The states that record a success at the observed generation (a later failure at it changes nothing).
_SUCCEEDED = ("current", "unpublished")


def _receipt_observation(publication: Mapping[str, Any], receipt: Receipt) -> dict[str, Any]:
    """The observed columns after ``receipt`` (1.4.1's): a failure records its state and code and
    keeps what was observed installed; a succeeded install the revision and digest installed; a
    succeeded removal their absence."""
    generation = publication["generation"]
    if not receipt.succeeded:
        return {
            "observed_revision": publication["observed_revision"],
            "observed_tree_digest": publication["observed_tree_digest"],
            "observed_generation": generation,
            "state": receipt.failure_state,
            "last_error_code": receipt.error_code,
        }
    installed = receipt.operation == "install"
    return {
        "observed_revision": receipt.revision if installed else None,
        "observed_tree_digest": receipt.observed_tree_digest if installed else None,
        "observed_generation": generation,
        "state": "current" if installed else "unpublished",
        "last_error_code": None,
    }


class RemoteSkillReceiverRecords(RemoteSkillTargetRecords[ConnT, PreparedT]):
    """The Receiver's reads and writes, beside the publisher's (``RemoteSkillTargetRecords``)."""

    def _target_by_credential(self, conn: ConnT, credential_sha256: str) -> RemoteSkillTarget | None:
        row = self._first(
            conn,
            f"SELECT {_TARGET_COLUMNS} FROM remote_skill_targets WHERE credential_sha256 = ? AND state = ?",
            (credential_sha256, ACTIVE),
        )
        return None if row is None else _target_of(row)

    def remote_skill_target_by_credential(self, credential_sha256: str) -> RemoteSkillTarget | None:
        """The active target whose credential has this SHA-256, or None (unknown or revoked)."""
        with self._reading() as conn:
            return self._target_by_credential(conn, credential_sha256)

    def remote_skill_publication(self, scope_id: str, target_id: str, artifact_id: str) -> dict[str, Any] | None:
        """The target's publication of the Skill (1.4.1's ``RemoteSkillPublication``), or None."""
        with self._reading() as conn:
            return self._publication_in(conn, scope_id, target_id, artifact_id)

    def _authenticated(self, conn: ConnT, credential_sha256: str, liveness: Liveness) -> RemoteSkillTarget:
        """The active target of the credential, found again under its Scope's writer lock, with the
        Receiver's liveness recorded; ``RemoteTargetRefused(invalid_target_credential)`` otherwise."""
        located = self._target_by_credential(conn, credential_sha256)
        if located is None:
            raise RemoteTargetRefused(INVALID_TARGET_CREDENTIAL)
        self._lock_scope(conn, located.scope_id)
        target = self._target_by_credential(conn, credential_sha256)
        if target is None:  # revoked while the lock was awaited
            raise RemoteTargetRefused(INVALID_TARGET_CREDENTIAL)
        self._run(
            conn,
            """UPDATE remote_skill_targets SET receiver_version = ?, environment_fingerprint = ?, last_seen_at = ?,
                   updated_at = ? WHERE scope_id = ? AND target_id = ?""",
            (liveness.receiver_version, liveness.environment_fingerprint, liveness.now, liveness.now,
             target.scope_id, target.target_id),
        )  # fmt: skip
        return target

    def _observe(
        self, conn: ConnT, publication: dict[str, Any], observed: Mapping[str, Any], now: str
    ) -> dict[str, Any]:
        """Write the observed columns at the publication's generation and answer the publication as
        stored. Under the Scope's lock that generation is the current one; the guarded update's row
        count still decides (``RemoteTargetRefused(publication_generation_conflict)`` when it
        changed nothing, so a write that lost the generation never answers as recorded)."""
        keys = (publication["scope_id"], publication["target_id"], publication["artifact_id"])
        changed = self._affected(
            conn,
            "UPDATE remote_skill_publications SET " + ", ".join(f"{name} = ?" for name in _OBSERVED)
            + ", observed_at = ?, updated_at = ? WHERE scope_id = ? AND target_id = ? AND artifact_id = ?"
            " AND generation = ?",
            (*(observed[name] for name in _OBSERVED), now, now, *keys, publication["generation"]),
        )  # fmt: skip
        if changed != 1:
            raise RemoteTargetRefused(PUBLICATION_GENERATION_CONFLICT)
        found = self._publication_in(conn, *keys)
        assert found is not None  # just updated
        return found

    def reconcile_remote_skills(
        self, credential_sha256: str, liveness: Liveness, blocked: Mapping[str, str]
    ) -> tuple[RemoteSkillTarget, list[dict[str, Any]]]:
        """The credential's target and its publications by artifact id, after recording the
        Receiver's liveness and, on each publication whose Receiver observation was refused
        (``blocked``: artifact id to 1.4.1's code), that refusal (state ``drifted`` for ``drifted``,
        else ``conflict``; the code as ``last_error_code``) at its generation."""

        def work(conn: ConnT) -> tuple[RemoteSkillTarget, list[dict[str, Any]]]:
            target = self._authenticated(conn, credential_sha256, liveness)
            rows = self._all(
                conn,
                f"SELECT {_PUBLICATION_COLUMNS} FROM remote_skill_publications"
                " WHERE scope_id = ? AND target_id = ? ORDER BY artifact_id",
                (target.scope_id, target.target_id),
            )
            publications = []
            for publication in (_publication(row) for row in rows):
                code = blocked.get(publication["artifact_id"])
                if code is not None:
                    observed = {name: publication[name] for name in _OBSERVED} | {
                        "observed_generation": publication["generation"],
                        "state": "drifted" if code == "drifted" else "conflict",
                        "last_error_code": code,
                    }
                    publication = self._observe(conn, publication, observed, liveness.now)
                publications.append(publication)
            return target, publications

        return self._transact(work)

    def record_remote_skill_receipt(
        self, credential_sha256: str, liveness: Liveness, receipt: Receipt
    ) -> tuple[bool, bool, dict[str, Any]]:
        """Apply a Receipt to the credential's target's publication of its Skill, 1.4.1's rules:
        ``(accepted, stale, publication)``. An earlier generation is stale (nothing recorded); the
        current one is recorded unless it changes nothing, or it is a failure after a success at
        that generation (the success stands). ``RemoteTargetRefused``: invalid_target_credential,
        invalid_target_state (no publication; another operation, family, revision or digest than
        the desired ones), publication_generation_conflict (a later generation)."""

        def work(conn: ConnT) -> tuple[bool, bool, dict[str, Any]]:
            target = self._authenticated(conn, credential_sha256, liveness)
            publication = self._publication_in(conn, target.scope_id, target.target_id, receipt.artifact_id)
            if publication is None:
                raise RemoteTargetRefused(INVALID_TARGET_STATE)
            if receipt.generation < publication["generation"]:
                return False, True, publication
            if receipt.generation > publication["generation"]:
                raise RemoteTargetRefused(PUBLICATION_GENERATION_CONFLICT)
            wanted = "install" if publication["desired_state"] == "published" else "unpublish"
            desired = (wanted, "skill", publication["desired_revision"], publication["desired_tree_digest"])
            named = (receipt.operation, receipt.family, receipt.revision, receipt.expected_tree_digest)
            installed_other = receipt.succeeded and wanted == "install" and receipt.observed_tree_digest != desired[3]
            if named != desired or installed_other:
                raise RemoteTargetRefused(INVALID_TARGET_STATE)
            observed = _receipt_observation(publication, receipt)
            if all(publication[name] == observed[name] for name in _OBSERVED):
                return True, False, publication
            succeeded_before = (
                publication["observed_generation"] == publication["generation"] and publication["state"] in _SUCCEEDED
            )
            if not receipt.succeeded and succeeded_before:
                return True, False, publication
            return True, False, self._observe(conn, publication, observed, liveness.now)

        return self._transact(work)


__all__ = ["RemoteSkillReceiverRecords"]
