"""External Skills and canonical Skill packages in the store, the same on every engine (migration 23).

- ``external_skill_registrations``: the Scope's registry projection, PowerContext 1.4.1's
  rebuildable snapshot. A scan replaces the Scope's rows of the configured host in one
  transaction under the Scope's writer lock, so of two racing scans one's rows stand whole.
- ``skill_packages``: canonical package archives by (Scope, archive digest), written once; a
  second write of the same digest is a no-op (the bytes are the digest's). Besides uploads and
  imports, the package of every text Skill proposal (``_canonical_skill_in``) is stored here.
- ``skill_package_sources``: the immutable Source evidence of a package, by 1.4.1's Source names:
  ``external-skill-snapshot`` (an import or fork; id ``ext_skill_<sha256>`` of the registration's
  provider, agent kind, host, identity, fingerprint and the mode) and ``skill-package-upload``
  (``propose_skill_package``; id ``skill_pkg_<tree digest>``), each written once per id.

An import or upload writes the package, its Source and (unless a fork) the pending candidate in one
transaction under the Scope's writer lock; two racing ones of one package each propose their own
candidate over the one package and Source, as 1.4.1's do.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pcreceipt.store import skill_package
from pcreceipt.store.hooks import ConnT, EngineHooks, PreparedT
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import ArtifactRef, CandidateRecord, InvalidCandidate, SourceRef
from pcreceipt.store.rows import to_json

SNAPSHOT_SOURCE = "external-skill-snapshot"
"""The Source name of an external Skill snapshot (PowerContext 1.4.1's)."""
UPLOAD_SOURCE = "skill-package-upload"
"""The Source name of an uploaded Skill package (PowerContext 1.4.1's)."""
PACKAGE_SOURCES = (SNAPSHOT_SOURCE, UPLOAD_SOURCE)


def _text(value: Any) -> str:
    return bytes(value).decode("utf-8") if isinstance(value, (bytes, bytearray, memoryview)) else str(value)


class ExternalSkillRecords(EngineHooks[ConnT, PreparedT]):
    """The registry projection, stored packages and import snapshots over an engine's hooks."""

    if TYPE_CHECKING:  # provided by CandidateReviews, beside which every engine has this

        def _create_candidate_in(
            self,
            conn: ConnT,
            scope_id: str,
            family: str,
            proposal: Mapping[str, Any],
            *,
            source_refs: Sequence[SourceRef],
            artifact_refs: Sequence[ArtifactRef],
            target: ArtifactRef | None,
            reason: str | None,
        ) -> CandidateRecord: ...

    def replace_external_skills(self, scope_id: str, host_id: str, registrations: Sequence[Mapping[str, Any]]) -> None:
        """The Scope's registrations of ``host_id`` become exactly ``registrations`` (RecordNotFound
        for an unknown Scope)."""

        def work(conn: ConnT) -> None:
            self._lock_scope(conn, scope_id)
            self._run(
                conn, "DELETE FROM external_skill_registrations WHERE scope_id = ? AND host_id = ?", (scope_id, host_id)
            )
            for registration in registrations:
                self._run(
                    conn,
                    """INSERT INTO external_skill_registrations (scope_id, external_skill_id, host_id, name,
                                                                 registration)
                       VALUES (?, ?, ?, ?, ?)""",
                    (scope_id, registration["external_skill_id"], host_id, registration["name"],
                     to_json(dict(registration))),
                )  # fmt: skip

        self._transact(work)

    def external_skills(self, scope_id: str) -> list[dict[str, Any]]:
        """The Scope's registrations by name, then identity."""
        with self._reading() as conn:
            rows = self._all(
                conn,
                "SELECT registration FROM external_skill_registrations WHERE scope_id = ?"
                " ORDER BY name, external_skill_id",
                (scope_id,),
            )
        return [json.loads(_text(row[0])) for row in rows]

    def external_skill(self, scope_id: str, external_skill_id: str) -> dict[str, Any] | None:
        with self._reading() as conn:
            row = self._first(
                conn,
                "SELECT registration FROM external_skill_registrations WHERE scope_id = ? AND external_skill_id = ?",
                (scope_id, external_skill_id),
            )
        return None if row is None else dict(json.loads(_text(row[0])))

    def _store_package(self, conn: ConnT, scope_id: str, reference: Mapping[str, Any], manifest: Mapping[str, Any],
                       archive: bytes, now: str) -> None:  # fmt: skip
        digest = reference["archive_digest"]
        found = self._first(
            conn, "SELECT 1 FROM skill_packages WHERE scope_id = ? AND archive_digest = ?", (scope_id, digest)
        )
        if found is None:
            self._run(
                conn,
                """INSERT INTO skill_packages (scope_id, archive_digest, reference, manifest, archive, created_at)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (scope_id, digest, to_json(dict(reference)), to_json(dict(manifest)), archive, now),
            )

    def _canonical_skill_in(self, conn: ConnT, scope_id: str, proposal: Mapping[str, Any]) -> dict[str, Any]:
        """A managed Skill proposal as stored, package-backed, as 1.4.1 keeps every proposed Skill: a
        text proposal (no ``package``) becomes its one-file package (``skill_package.from_proposal``),
        stored here once, and the package's cached content; a proposal naming a package must name one
        the Scope holds and carry exactly its cached content (``InvalidCandidate("package")``
        otherwise, 1.4.1's refusal). Text that is no standard package is ``InvalidCandidate("proposal")``
        (the handlers refuse it first, with the rule that failed)."""
        named = proposal.get("package")
        if named is None:
            try:
                package = skill_package.from_proposal(proposal)
            except skill_package.PackageRefused:
                raise InvalidCandidate("proposal") from None
            self._store_package(conn, scope_id, package.reference, package.manifest(), package.archive, utc_now())
            return package.skill_content()
        row = self._first(
            conn,
            "SELECT reference, archive FROM skill_packages WHERE scope_id = ? AND archive_digest = ?",
            (scope_id, str(named.get("archive_digest"))),
        )
        if row is None:
            raise InvalidCandidate("package")
        try:
            cached = skill_package.cached_content(json.loads(_text(row[0])), bytes(row[1]))
        except skill_package.PackageRefused:
            raise InvalidCandidate("package") from None
        if cached != dict(proposal):
            raise InvalidCandidate("package")
        return cached

    def propose_package_candidate(
        self,
        scope_id: str,
        *,
        source: SourceRef,
        evidence: Mapping[str, Any],
        manifest: Mapping[str, Any],
        archive: bytes,
        proposal: Mapping[str, Any] | None,
        target: ArtifactRef | None = None,
        reason: str | None,
    ) -> CandidateRecord | None:
        """Store the package (``evidence["package"]``) and its Source (each once) and, with
        ``proposal``, a pending managed Skill candidate citing that Source (and ``target``, listed in
        its artifact evidence), together (RecordNotFound for an unknown Scope)."""
        now = utc_now()

        def work(conn: ConnT) -> CandidateRecord | None:
            self._lock_scope(conn, scope_id)
            self._store_package(conn, scope_id, evidence["package"], manifest, archive, now)
            if self._package_source(conn, scope_id, source) is None:
                self._run(
                    conn,
                    "INSERT INTO skill_package_sources (scope_id, source_name, source_id, evidence, created_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (scope_id, source.source_type, source.source_id, to_json(dict(evidence)), now),
                )
            if proposal is None:
                return None
            return self._create_candidate_in(
                conn, scope_id, "skill", proposal, source_refs=[source],
                artifact_refs=[] if target is None else [target], target=target, reason=reason,
            )  # fmt: skip

        return self._transact(work)

    def _package_source(self, conn: ConnT, scope_id: str, source: SourceRef) -> dict[str, Any] | None:
        if source.source_type not in PACKAGE_SOURCES:
            return None
        row = self._first(
            conn,
            "SELECT evidence FROM skill_package_sources WHERE scope_id = ? AND source_name = ? AND source_id = ?",
            (scope_id, source.source_type, source.source_id),
        )
        return None if row is None else dict(json.loads(_text(row[0])))

    def skill_package(self, scope_id: str, archive_digest: str) -> tuple[dict[str, Any], bytes] | None:
        """A stored package's manifest and canonical archive, None when the Scope lacks it."""
        with self._reading() as conn:
            row = self._first(
                conn,
                "SELECT manifest, archive FROM skill_packages WHERE scope_id = ? AND archive_digest = ?",
                (scope_id, archive_digest),
            )
        if row is None:
            return None
        return dict(json.loads(_text(row[0]))), bytes(row[1])

    def package_source(self, scope_id: str, source: SourceRef) -> dict[str, Any] | None:
        with self._reading() as conn:
            return self._package_source(conn, scope_id, source)


__all__ = ["PACKAGE_SOURCES", "SNAPSHOT_SOURCE", "UPLOAD_SOURCE", "ExternalSkillRecords"]
