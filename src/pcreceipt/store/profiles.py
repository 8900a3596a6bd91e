"""Profile policies, the same on every engine: one row per Scope (table ``profile_policies``,
migration 19 of each engine), PowerContext 1.4.1's ``get_profile_policy`` and
``put_profile_policy``.

The rule (1.4.1's, read from its Profile service and policy repository):

- A Scope has no policy until the first put; reading one then is ``None`` (the API's 404
  ``profile_policy_not_found``).
- A put is a compare-and-set on ``expected_version``: 0 creates the policy (version 1) and only
  when there is none; N > 0 replaces version N with N + 1. Anything else is ``PolicyConflict``
  and nothing changes. A replacement sets ``generation_enabled`` and ``activation_mode`` and keeps
  ``pending_candidate_id``; ``updated_at`` is the write's time.
- The decision is the write's own row count, never a read before it: the create is the engine's
  insert-or-ignore (``INSERT_PROFILE_POLICY``: 0 rows when a racer's row exists), a replacement an
  ``UPDATE … WHERE version = N`` (0 rows when a racer moved it; the version always changes, so
  OceanBase's rows-changed count is 1 for the winner). Of K puts from one version exactly one
  wins, on one process or many over one database.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pcreceipt.models import limits
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.profile_records import ActivationMode, PolicyConflict, ProfilePolicy

SELECT_POLICY = """SELECT scope_id, generation_enabled, activation_mode, pending_candidate_id, version, updated_at
    FROM profile_policies WHERE scope_id = ?"""
_UPDATE = """UPDATE profile_policies SET generation_enabled = ?, activation_mode = ?, version = version + 1,
    updated_at = ? WHERE scope_id = ? AND version = ?"""


def _text(value: Any) -> str:
    return bytes(value).decode("utf-8") if isinstance(value, (bytes, bytearray, memoryview)) else str(value)


def policy_row(row: Any) -> ProfilePolicy:
    mode = _text(row[2])
    assert mode in limits.PROFILE_ACTIVATION_MODE_ENUM
    return ProfilePolicy(
        scope_id=_text(row[0]),
        generation_enabled=bool(row[1]),
        activation_mode=mode,
        pending_candidate_id=None if row[3] is None else _text(row[3]),
        version=int(row[4]),
        updated_at=_text(row[5]),
    )


class ProfilePolicies(EngineHooks[ConnT, PreparedT]):
    """``profile_policy`` and ``put_profile_policy`` over the engine hooks."""

    INSERT_PROFILE_POLICY: ClassVar[str]
    """Insert a ``profile_policies`` row (scope_id, generation_enabled, activation_mode,
    updated_at) at version 1 with no pending candidate; an existing row stays and the statement
    counts 0 rows."""

    def profile_policy(self, scope_id: str) -> ProfilePolicy | None:
        """The Scope's policy; None before the first put."""
        with self._reading() as conn:
            row = self._first(conn, SELECT_POLICY, (scope_id,))
        return None if row is None else policy_row(row)

    def put_profile_policy(
        self, scope_id: str, *, generation_enabled: bool, activation_mode: ActivationMode, expected_version: int
    ) -> ProfilePolicy:
        """Create (``expected_version`` 0) or replace (the current version) the Scope's policy;
        PolicyConflict otherwise, with nothing written."""
        enabled = 1 if generation_enabled else 0

        def work(conn: ConnT) -> ProfilePolicy:
            now = utc_now()
            if expected_version == 0:
                written = self._affected(conn, self.INSERT_PROFILE_POLICY, (scope_id, enabled, activation_mode, now))
            else:
                written = self._affected(conn, _UPDATE, (enabled, activation_mode, now, scope_id, expected_version))
            if written != 1:
                raise PolicyConflict()
            row = self._first(conn, SELECT_POLICY, (scope_id,))
            assert row is not None
            return policy_row(row)

        return self._transact(work)
