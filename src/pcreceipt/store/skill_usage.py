"""Managed Skill usage evidence: one immutable ``skill-usage`` Source per observation, the same on
every engine (``sources``, origin ``skill_usage``: migration 27 of each engine).

Decisions (``docs/decisions.md``, "Managed Skill usage"):
- The observation names an exact managed Skill revision; 1.4.1's checks in 1.4.1's order inside
  the write transaction, after the Scope's writer lock: an unknown revision is
  ``UsageRefused("not_found")``; a revision of another family, a Skill without a package, or a
  ``package_digest`` other than ``sha256:`` and the package's tree digest ``UsageRefused("invalid")``;
  a ``task_source`` that is not a Source of the Scope (content, lineage, usage or a package
  Source) ``UsageRefused("not_found")``.
- The Source's id is the caller's ``observation_id`` and its type ``skill-usage`` (1.4.1's). It is
  stored in the Scope's one position sequence like every Source, its text the canonical JSON of
  the observation's fields (the JSON value is kept in ``source_values`` too, so ``list_sources``
  reads it back as an object). Its lookup key is the SHA-256 of a 0xFF byte and the id's UTF-8
  (no UTF-8 text holds that byte), so it never meets a content Source's key of the same id.
- A repeat of the same observation answers the first position and stores nothing; other fields
  under the same id is ``UsageRefused("conflict")`` (1.4.1 refuses a Source id holding another
  value), nothing written.
- It is evidence, never extracted into Memory and never a candidate's evidence (only content
  Sources are).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Literal

from pcreceipt.contract.digests import canonical_json
from pcreceipt.models import limits
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import SourceRef, StoreError
from pcreceipt.store.rows import as_str
from pcreceipt.store.sources import (
    INSERT_SOURCE_VALUE,
    SOURCE_TYPE,
    append_source,
    estimate_tokens,
    identity_digest,
    source_key,
)

USAGE_SOURCE: Final = "skill-usage"
"""1.4.1's Source type of a usage observation."""
USAGE_ORIGIN: Final = "skill_usage"
MAX_SOURCE_TYPE_CHARS: Final = limits.SOURCE_TYPE_REFERENCE_SOURCE_TYPE_MAX_LENGTH
MAX_SOURCE_ID_CHARS: Final = limits.SOURCE_TYPE_REFERENCE_SOURCE_ID_MAX_LENGTH
"""1.4.1's bounds of a Source reference's parts (its runtime model refuses longer ones)."""


class UsageRefused(StoreError):
    """A usage observation 1.4.1 refuses: ``not_found`` (404), ``invalid`` (422) or ``conflict`` (409)."""

    def __init__(self, reason: Literal["not_found", "invalid", "conflict"]) -> None:
        super().__init__(f"skill usage refused ({reason})")
        self.reason = reason


def usage_key(observation_id: str) -> str:
    """The lookup key of a usage Source: apart from every content Source's ``source_key``."""
    return hashlib.sha256(b"\xff" + observation_id.encode("utf-8")).hexdigest()


def check_reference_part(value: str, maximum: int) -> None:
    """1.4.1's Source reference part: not blank, trimmed, at most ``maximum`` characters."""
    if not value.strip() or value != value.strip() or len(value) > maximum:
        raise UsageRefused("invalid")


class SkillUsageRecords(EngineHooks[ConnT, PreparedT]):
    """``record_skill_usage`` over an engine's hooks."""

    if TYPE_CHECKING:  # provided by ExternalSkillRecords, beside which every engine has this

        def _package_source(self, conn: ConnT, scope_id: str, source: SourceRef) -> dict[str, Any] | None: ...

    def _source_exists(self, conn: ConnT, scope_id: str, ref: SourceRef) -> bool:
        """A content or usage Source of the Scope (by its key), or one of its package Sources."""
        if ref.source_type not in (SOURCE_TYPE, USAGE_SOURCE):
            return self._package_source(conn, scope_id, ref) is not None
        key = (source_key if ref.source_type == SOURCE_TYPE else usage_key)(ref.source_id)
        row = self._first(conn, "SELECT source_id FROM sources WHERE scope_id = ? AND source_key = ?", (scope_id, key))
        return row is not None and as_str(row[0]) == ref.source_id

    def _usage_skill(self, conn: ConnT, scope_id: str, skill_ref: Mapping[str, Any]) -> Mapping[str, Any]:
        """The named revision's content; UsageRefused when 1.4.1 refuses it."""
        family, artifact_id, revision = (
            str(skill_ref["family"]),
            str(skill_ref["artifact_id"]),
            int(skill_ref["revision"]),
        )
        if family != "skill":
            other = self._first(
                conn,
                "SELECT 1 FROM revisions WHERE scope_id = ? AND family = ? AND artifact_id = ? AND revision = ?",
                (scope_id, family, artifact_id, revision),
            )
            raise UsageRefused("not_found" if other is None else "invalid")
        row = self._first(
            conn,
            "SELECT content FROM managed_skills WHERE scope_id = ? AND artifact_id = ? AND revision = ?",
            (scope_id, artifact_id, revision),
        )
        if row is None:
            raise UsageRefused("not_found")
        return dict(json.loads(as_str(row[0])))

    def record_skill_usage(self, scope_id: str, observation_id: str, observation: Mapping[str, Any]) -> int:
        """Store one usage observation (its fields but the id) as a ``skill-usage`` Source, or find
        the same one stored before; its position (the module's rules)."""
        task = observation.get("task_source")
        if task is not None:
            check_reference_part(str(task["name"]), MAX_SOURCE_TYPE_CHARS)
            check_reference_part(str(task["source_id"]), MAX_SOURCE_ID_CHARS)
        text = canonical_json(dict(observation)).decode("utf-8")
        digest, tokens, now = identity_digest("content", text, {"type": USAGE_SOURCE}), estimate_tokens(text), utc_now()

        def work(conn: ConnT) -> int:
            self._lock_scope(conn, scope_id)
            content = self._usage_skill(conn, scope_id, observation["skill_ref"])
            package = content.get("package")
            if package is None or observation["package_digest"] != "sha256:" + str(package["tree_digest"]):
                raise UsageRefused("invalid")
            if task is not None and not self._source_exists(
                conn, scope_id, SourceRef(str(task["name"]), str(task["source_id"]))
            ):
                raise UsageRefused("not_found")
            key = usage_key(observation_id)
            row = self._first(
                conn,
                "SELECT source_position, identity_digest, source_id FROM sources WHERE scope_id = ? AND source_key = ?",
                (scope_id, key),
            )
            if row is not None:
                if as_str(row[1]) != digest or as_str(row[2]) != observation_id:
                    raise UsageRefused("conflict")
                return int(row[0])
            position = append_source(
                self, conn, scope_id, (key, observation_id, USAGE_ORIGIN, text, digest, tokens, now)
            )
            self._run(conn, INSERT_SOURCE_VALUE, (scope_id, position, text))
            return position

        return self._transact(work)
