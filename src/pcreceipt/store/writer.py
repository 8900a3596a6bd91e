"""Artifact writes with their vectors: embed the searchable text, then commit both together.

Every write path (HTTP handlers, bulk import, the demo, tests) goes through ``ArtifactWriter``
so that a searchable revision is stored with its embedding under the current embedding profile
whenever an embedder is configured. An embedding failure never fails a write: the revision is
committed without a vector and ``reembed`` backfills it later (``pcreceipt reembed``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pcreceipt.inference import Embedder, InferenceError, InferenceErrorKind
from pcreceipt.store.protocol import Store
from pcreceipt.store.publication_records import Publication
from pcreceipt.store.records import (
    SEARCHABLE_FAMILIES,
    ArtifactFamily,
    ArtifactRef,
    AtomicMemoryHead,
    CandidateRecord,
    EmbeddingRow,
    NewArtifact,
    RevisionRecord,
    SourceRef,
)
from pcreceipt.store.restoration_records import MemoryNode, RestorationChanged, RestorationPlan, RestorationResult
from pcreceipt.store.text import normalize_content, searchable_text

REEMBED_BATCH = 64
RESTORE_ATTEMPTS = 3  # not a contract limit: plans one restoration makes before its conflict stands


def embedding_text(family: ArtifactFamily, content: Mapping[str, Any]) -> str | None:
    """The text a searchable family's vector is computed from; None for unsearchable families."""
    if family not in SEARCHABLE_FAMILIES:
        return None
    text = searchable_text(family, normalize_content(family, content))
    return f"{text.title}\n{text.body}".strip()


class ArtifactWriter:
    """Writes artifacts through one store, embedding searchable ones with one embedder (or none)."""

    def __init__(self, store: Store, embedder: Embedder | None) -> None:
        self.store = store
        self.embedder = embedder

    def _embeddings(self, family: ArtifactFamily, contents: Sequence[Mapping[str, Any]]) -> list[EmbeddingRow | None]:
        return self._try_embeddings(family, contents)[0]

    def _try_embeddings(
        self, family: ArtifactFamily, contents: Sequence[Mapping[str, Any]]
    ) -> tuple[list[EmbeddingRow | None], InferenceError | None]:
        """The rows (None where there is no vector) and the provider's error, if it failed. The
        texts are only worked out when there is an embedder to send them to (without one, every
        write stores no vector and the store checks the content itself)."""
        rows: list[EmbeddingRow | None] = [None] * len(contents)
        if self.embedder is None or family not in SEARCHABLE_FAMILIES or not self.store.vector_search_available:
            return rows, None
        texts = [embedding_text(family, c) for c in contents]
        wanted = [i for i, t in enumerate(texts) if t]
        if not wanted:
            return rows, None
        try:
            vectors = self.embedder.embed([texts[i] or "" for i in wanted])
        except InferenceError as error:
            return rows, error
        for i, vector in zip(wanted, vectors, strict=True):
            rows[i] = EmbeddingRow(self.embedder.profile, vector)
        return rows, None

    def create(
        self,
        scope_id: str,
        family: ArtifactFamily,
        content: Mapping[str, Any],
        *,
        prompt_key: str | None = None,
        artifact_id: str | None = None,
    ) -> RevisionRecord:
        (embedding,) = self._embeddings(family, [content])
        return self.store.create_artifact(
            scope_id, family, content, prompt_key=prompt_key, artifact_id=artifact_id, embedding=embedding
        )

    def create_many(
        self, scope_id: str, family: ArtifactFamily, items: Sequence[tuple[Mapping[str, Any], str | None]]
    ) -> list[RevisionRecord]:
        """One family's artifacts in one transaction (bulk import)."""
        embeddings = self._embeddings(family, [content for content, _ in items])
        batch = [
            NewArtifact(content=content, prompt_key=key, embedding=embedding)
            for (content, key), embedding in zip(items, embeddings, strict=True)
        ]
        return self.store.create_artifacts(scope_id, family, batch)

    def replace(
        self,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        content: Mapping[str, Any],
        *,
        expected_revision: int,
    ) -> RevisionRecord:
        (embedding,) = self._embeddings(family, [content])
        return self.store.replace_artifact(
            scope_id, family, artifact_id, content, expected_revision=expected_revision, embedding=embedding
        )

    def approve_candidate(self, scope_id: str, candidate_id: str, expected_version: int) -> CandidateRecord:
        """Approve a candidate, an Experience with its proposal's vector (read from the version named:
        versions are immutable, so the vector is that proposal's whatever races the approval)."""
        preview = self.store.get_candidate(scope_id, candidate_id)
        embedding = None
        if preview is not None and preview.family == "experience" and preview.version == expected_version:
            (embedding,) = self._embeddings("experience", [preview.proposal])
        return self.store.approve_candidate(scope_id, candidate_id, expected_version, embedding=embedding)

    def merge(
        self,
        scope_id: str,
        inputs: Sequence[tuple[str, int, int]],
        content: Mapping[str, Any],
        *,
        source_refs: Sequence[SourceRef] = (),
        artifact_refs: Sequence[ArtifactRef] = (),
    ) -> list[AtomicMemoryHead]:
        (embedding,) = self._embeddings("atomic-memory", [content])
        return self.store.merge_atomic_memories(
            scope_id, inputs, content, embedding=embedding, source_refs=source_refs, artifact_refs=artifact_refs
        )

    def restore(
        self, plan: RestorationPlan, *, endpoint: MemoryNode | None = None, attempts: int = RESTORE_ATTEMPTS
    ) -> RestorationResult:
        """Commit a restoration plan with the vectors of the contents it makes active. When the
        memories changed in between, plan again (at most ``attempts`` plans in all; then, or at
        once with a preview's ``endpoint``, the conflict stands): a restoration that another one
        already did is then a plan with nothing to write."""
        for attempt in range(attempts):
            active = [write for write in plan.writes if write.state == "active"]
            rows = self._embeddings("atomic-memory", [write.content for write in active])
            embeddings = {write.artifact_id: row for write, row in zip(active, rows, strict=True)}
            try:
                return self.store.commit_atomic_restoration(plan, embeddings, endpoint=endpoint)
            except RestorationChanged:
                if endpoint is not None or attempt == attempts - 1:
                    raise
            plan = self.store.plan_atomic_restoration(
                plan.scope_id, plan.artifact_id, operation=plan.operation, revision=plan.revision
            )
        raise AssertionError("unreachable: the last attempt returns or raises")

    def publish(self, source: ArtifactRef, target_scope_id: str, idempotency_key: str) -> Publication:
        """Publish one exact revision into another Scope, its copy embedded like any write."""
        record = self.store.publication_source(source, target_scope_id)
        (embedding,) = self._embeddings(source.family, [record.content])
        return self.store.publish_artifact(record, target_scope_id, idempotency_key, embedding=embedding)

    def commit_extraction(
        self,
        scope_id: str,
        *,
        after: int,
        through: int,
        extracted: int | None,
        contents: Sequence[Mapping[str, Any]],
    ) -> list[RevisionRecord] | None:
        """Atomic memories extracted from the content Source at ``extracted``, embedded first, then
        committed with the cursor's move from ``after`` to ``through`` (``Store.commit_extraction``:
        None, nothing written, when the cursor has moved since)."""
        embeddings = self._embeddings("atomic-memory", contents)
        items = [NewArtifact(content=c, embedding=e) for c, e in zip(contents, embeddings, strict=True)]
        return self.store.commit_extraction(scope_id, after=after, through=through, extracted=extracted, memories=items)

    def reembed(self, *, limit: int = 1_000_000) -> ReembedResult:
        """Backfill vectors for searchable heads that have none under the current profile, up to
        ``limit``. Stops at the first provider failure (nothing is half-done: each vector is stored
        on its own) and then counts what is still missing within ``limit``."""
        if self.embedder is None or not self.store.vector_search_available:
            return ReembedResult(embedded=0, not_embedded=0, failure=None)
        done = 0
        failure: InferenceError | None = None
        while done < limit and failure is None:
            missing = self.store.artifacts_missing_embedding(self.embedder.profile, min(REEMBED_BATCH, limit - done))
            stored = 0
            for family in dict.fromkeys(record.ref.family for record in missing):
                batch = [record for record in missing if record.ref.family == family]
                rows, failure = self._try_embeddings(family, [r.content for r in batch])
                for record, row in zip(batch, rows, strict=True):
                    if row is not None:
                        self.store.put_embedding(record.ref, row)
                        stored += 1
                if failure is not None:
                    break
            if stored == 0:
                break
            done += stored
        remaining = 0
        if done < limit:
            remaining = len(self.store.artifacts_missing_embedding(self.embedder.profile, limit - done))
        return ReembedResult(embedded=done, not_embedded=remaining, failure=failure.kind if failure else None)


@dataclass(frozen=True, slots=True)
class ReembedResult:
    """What ``reembed`` did: vectors stored, searchable heads (within the limit) still without one,
    and the provider's error class when it stopped on a failure."""

    embedded: int
    not_embedded: int
    failure: InferenceErrorKind | None
