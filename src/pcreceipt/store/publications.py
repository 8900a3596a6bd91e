"""Artifact publication, the same on every engine: one exact revision copied into another Scope
as a new, independent artifact (``publish_artifact``; table ``artifact_publications``, migration
14 of each engine).

The rule (PowerContext 1.4.1's, read from its publication code):

- Atomic Memory is refused before anything is read (``PublicationUnsupported``: its family-owned
  state cannot be created whole in the target); both Scopes must exist (RecordNotFound
  ``scope``); the source revision must exist (``artifact``); profile and prompt are refused too.
- One publication per (target Scope, idempotency key): the same key again with the same source
  answers the first publication, unchanged (no second copy); with another source it is
  ``PublicationConflict``. Decided under the target Scope's writer lock, so of K racers with one
  key exactly one copy is made.
- The copy is revision 1 of a new artifact ``pub_<26 base32 characters>`` with the source
  revision's content, indexed for search when its family is searchable, with no lineage Source
  and no tags (1.4.1 copies neither). ``content_digest`` is the SHA-256 (hex) of the content's
  canonical JSON.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from typing import Any

from pcreceipt.contract.digests import canonical_digest
from pcreceipt.store.hooks import ConnT, PreparedT, RevisionHooks
from pcreceipt.store.ids import utc_now
from pcreceipt.store.publication_records import Publication, PublicationConflict, PublicationUnsupported
from pcreceipt.store.records import (
    ArtifactFamily,
    ArtifactRef,
    EmbeddingRow,
    RecordNotFound,
    RevisionRecord,
)
from pcreceipt.store.rows import REVISION_SELECT, as_str, record_from_row

_CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"
_UNPUBLISHABLE = frozenset({"atomic-memory", "profile", "prompt"})
_PUBLICATION_SELECT = """
    SELECT source_scope_id, source_family, source_artifact_id, source_revision,
           target_scope_id, target_family, target_artifact_id, target_revision, content_digest
    FROM artifact_publications WHERE target_scope_id = ? AND idempotency_sha = ?"""


def publication_artifact_id() -> str:
    """A new target identity: ``pub_`` and 128 random bits in 26 Crockford base32 characters."""
    value = int.from_bytes(secrets.token_bytes(16), "big")
    return "pub_" + "".join(_CROCKFORD[(value >> shift) & 31] for shift in range(125, -1, -5))


def publication_digest(content: Mapping[str, Any]) -> str:
    return canonical_digest(content).removeprefix("sha256:")


def _key_sha(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class ArtifactPublications(RevisionHooks[ConnT, PreparedT]):
    """``publication_source`` and ``publish_artifact`` over the engine hooks."""

    def _publication_scopes(self, conn: ConnT, scope_ids: tuple[str, str]) -> None:
        for scope_id in scope_ids:
            if self._first(conn, "SELECT 1 FROM scopes WHERE scope_id = ?", (scope_id,)) is None:
                raise RecordNotFound("the Scope does not exist", kind="scope")

    def publication_source(self, source: ArtifactRef, target_scope_id: str) -> RevisionRecord:
        """The exact source revision to publish, after the family and both Scopes are checked
        (PublicationUnsupported, RecordNotFound ``scope`` or ``artifact``)."""
        if source.family == "atomic-memory":
            raise PublicationUnsupported(source.family)
        with self._snapshot_reading() as conn:
            self._publication_scopes(conn, (source.scope_id, target_scope_id))
            row = self._first(
                conn,
                REVISION_SELECT + " WHERE r.scope_id = ? AND r.family = ? AND r.artifact_id = ? AND r.revision = ?",
                (source.scope_id, source.family, source.artifact_id, source.revision),
            )
        if row is None:
            raise RecordNotFound("the source revision does not exist", kind="artifact")
        record = record_from_row(row)
        if source.family in _UNPUBLISHABLE:
            raise PublicationUnsupported(source.family)
        return record

    def publish_artifact(
        self,
        record: RevisionRecord,
        target_scope_id: str,
        idempotency_key: str,
        *,
        embedding: EmbeddingRow | None = None,
    ) -> Publication:
        """Copy ``record`` (from ``publication_source``) into the target Scope under the key, or
        answer the key's earlier publication of the same source (PublicationConflict for another)."""
        source = record.ref
        family: ArtifactFamily = source.family
        prepared = self._prepare_write(target_scope_id, family, record.content, embedding)
        digest = publication_digest(record.content)
        key_sha = _key_sha(idempotency_key)
        now = utc_now()

        def work(conn: ConnT) -> Publication:
            self._lock_scope(conn, target_scope_id)
            earlier = self._first(conn, _PUBLICATION_SELECT, (target_scope_id, key_sha))
            if earlier is not None:
                found = Publication(
                    ArtifactRef(as_str(earlier[0]), as_str(earlier[1]), as_str(earlier[2]), int(earlier[3])),  # type: ignore[arg-type]
                    ArtifactRef(as_str(earlier[4]), as_str(earlier[5]), as_str(earlier[6]), int(earlier[7])),  # type: ignore[arg-type]
                    as_str(earlier[8]),
                )
                if found.source != source:
                    raise PublicationConflict("the idempotency key published another source")
                return found
            artifact_id = publication_artifact_id()
            self._insert_artifact(conn, target_scope_id, family, artifact_id, None)
            copied = self._add_revision(conn, target_scope_id, family, artifact_id, 1, prepared, now, lineage=False)
            self._run(
                conn,
                """INSERT INTO artifact_publications (target_scope_id, idempotency_sha, idempotency_key,
                       source_scope_id, source_family, source_artifact_id, source_revision,
                       target_family, target_artifact_id, target_revision, content_digest, created_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    target_scope_id,
                    key_sha,
                    idempotency_key,
                    source.scope_id,
                    source.family,
                    source.artifact_id,
                    source.revision,
                    family,
                    artifact_id,
                    1,
                    digest,
                    now,
                ),
            )
            return Publication(source, copied.ref, digest)

        return self._transact(work)
