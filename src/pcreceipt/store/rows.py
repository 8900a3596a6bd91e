"""Engine-neutral values and rows: what both engines write and how their result rows become records.

- the shared ``SELECT`` texts (``SCOPE_SELECT``, ``REVISION_SELECT``, ``ATOMIC_HEAD_SELECT``),
  written with qmark (``?``) placeholders and no literal ``?`` or ``%``, so every engine can run
  them through its statement hooks;
- the checks and serialisation made before a write's transaction opens (content, vectors, the
  Scope asked for);
- row builders that turn result rows into the protocol's records (drivers may hand back bytes
  for text columns: ``as_str``).
"""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, cast

from pcreceipt.contract.digests import canonical_digest
from pcreceipt.store import rules
from pcreceipt.store.records import (
    ArtifactFamily,
    ArtifactRef,
    AtomicMemoryHead,
    Hit,
    InvalidRecord,
    LifecycleState,
    NewArtifact,
    RevisionRecord,
    Scope,
    SourceRef,
    WriteConflict,
)
from pcreceipt.store.text import normalize_content

MAX_VECTOR_HITS = 4096  # not a contract limit: sqlite-vec's largest k
"""The most hits one vector search returns, whatever ``limit`` asks (sqlite-vec's bound on ``k``)."""
BATCH = 500  # not a contract limit: the store's statement batch size
"""Rows per multi-row statement, and values per ``IN (...)`` list."""

REVISION_EXISTS = "SELECT 1 FROM revisions WHERE scope_id = ? AND family = ? AND artifact_id = ? AND revision = ?"
"""One row when the Scope has that exact revision of the artifact."""

HEAD_JOIN = (
    "JOIN revisions r ON r.scope_id = a.scope_id AND r.family = a.family AND r.artifact_id = a.artifact_id"
    " AND r.revision = a.head_revision"
)
SCOPE_SELECT = """
    SELECT scope_id, title, summary, parent_scope_id, context_references, external_references, version FROM scopes"""
ATOMIC_HEAD_SELECT = f"""
    SELECT a.scope_id, a.artifact_id, a.head_revision, a.state, a.state_version, a.merged_into_id,
           a.is_merge_result, r.content
    FROM artifacts a {HEAD_JOIN}
    WHERE a.scope_id = ? AND a.family = 'atomic-memory' AND a.artifact_id = ?"""

ATOMIC_HEADS_SELECT = f"""
    SELECT a.scope_id, a.artifact_id, a.head_revision, a.state, a.state_version, a.merged_into_id,
           a.is_merge_result, r.content
    FROM artifacts a {HEAD_JOIN}
    WHERE a.scope_id = ? AND a.family = 'atomic-memory'"""
"""``ATOMIC_HEAD_SELECT``'s columns for every Atomic Memory of a Scope; callers append ``AND`` terms."""

REVISION_SELECT = """
    SELECT r.scope_id, r.family, r.artifact_id, r.revision, r.content, r.content_digest, r.created_at,
           r.derived_from, a.prompt_key, l.sources, l.artifacts
    FROM revisions r JOIN artifacts a
      ON a.scope_id = r.scope_id AND a.family = r.family AND a.artifact_id = r.artifact_id
    LEFT JOIN revision_lineage l
      ON l.scope_id = r.scope_id AND l.family = r.family AND l.artifact_id = r.artifact_id
     AND l.revision = r.revision"""
"""Revision rows (``record_from_row``'s columns) with their artifact as ``a``; callers append the ``WHERE``."""


def placeholders(count: int) -> str:
    """``?, ?, ...``: one qmark per value of an ``IN`` list."""
    return ", ".join(["?"] * count)


def batches(values: Sequence[Any], size: int = BATCH) -> list[Sequence[Any]]:
    """``values`` cut into runs of at most ``size`` (none for no values)."""
    return [values[start : start + size] for start in range(0, len(values), size)]


# -- values


def vector_blob(vector: Sequence[float]) -> bytes:
    """float32 bytes of a non-empty vector of finite components.

    Packing refuses finite values beyond float32's range, so the components' sum (in doubles)
    can only be non-finite when a component is inf or NaN: one C-speed check instead of a
    Python loop over every component.
    """
    try:
        blob = struct.pack(f"<{len(vector)}f", *vector)
    except (struct.error, OverflowError, TypeError):
        raise InvalidRecord("a vector's components must be float32 numbers") from None
    if not vector or not math.isfinite(sum(vector)):
        raise InvalidRecord("a vector needs at least one component, all finite")
    return blob


@dataclass(frozen=True, slots=True)
class Vector:
    """An embedding checked and packed as float32."""

    profile: str
    blob: bytes
    dimensions: int


def serialize_content(family: ArtifactFamily, content: Mapping[str, Any]) -> tuple[dict[str, Any], str, str]:
    """A write's content normalised for its family, as (content, JSON text, canonical digest)."""
    normalized = normalize_content(family, content)
    try:
        digest = canonical_digest(normalized)
        content_json = to_json(normalized)
    except (TypeError, ValueError):
        raise InvalidRecord("content must be a JSON object of JSON values") from None
    return normalized, content_json, digest


def check_new_artifacts(family: ArtifactFamily, items: Sequence[NewArtifact]) -> None:
    """``create_artifacts``' checks of every item before anything is prepared."""
    for item in items:
        rules.check_prompt_key(family, item.prompt_key)
        if item.artifact_id is not None:
            rules.check_artifact_id(item.artifact_id)


def requested_scope(
    *,
    title: str,
    summary: str,
    parent_scope_id: str | None,
    context_references: Sequence[str],
    external_references: Sequence[Mapping[str, str]],
) -> Scope:
    """The Scope ``create_scope`` asks for (no id yet); InvalidRecord for bad external references."""
    rules.check_external_references(external_references)
    return Scope(
        scope_id="",
        title=title,
        summary=summary,
        parent_scope_id=parent_scope_id,
        context_references=tuple(context_references),
        external_references=tuple(dict(reference) for reference in external_references),
        version=1,
    )


def reused_scope(row: Sequence[Any], wanted: Scope) -> Scope:
    """The Scope already created under the idempotency key; WriteConflict when it differs from ``wanted``."""
    existing = scope_from_row(row)
    if existing != replace(wanted, scope_id=existing.scope_id):
        raise WriteConflict("the idempotency key was used for a different Scope", reason="idempotency_key_reused")
    return existing


_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def to_json(value: Any) -> str:
    """The store's compact JSON text (UTF-8, no NaN); one encoder made once (``json.dumps`` with
    options builds a new one per call)."""
    return _COMPACT.encode(value)


def as_str(value: Any) -> str:
    """A text column's value (drivers may hand back bytes)."""
    return value.decode("utf-8") if isinstance(value, bytes | bytearray) else str(value)


def as_opt_str(value: Any) -> str | None:
    return None if value is None else as_str(value)


def scope_from_row(row: Sequence[Any]) -> Scope:
    """A ``SCOPE_SELECT`` row."""
    return Scope(
        scope_id=as_str(row[0]),
        title=row[1],
        summary=row[2],
        parent_scope_id=as_opt_str(row[3]),
        context_references=tuple(json.loads(row[4])),
        external_references=tuple(json.loads(row[5])),
        version=int(row[6]),
    )


def record_from_row(row: Sequence[Any]) -> RevisionRecord:
    """A revision row: scope_id, family, artifact_id, revision, content, digest, created_at,
    derived_from, prompt_key, and the named lineage's sources and artifacts (null without one)."""
    scope_id = as_str(row[0])
    return RevisionRecord(
        ref=ArtifactRef(
            scope_id=scope_id,
            family=cast(ArtifactFamily, as_str(row[1])),
            artifact_id=as_str(row[2]),
            revision=int(row[3]),
        ),
        content=json.loads(row[4]),
        content_digest=as_str(row[5]),
        created_at=as_opt_str(row[6]),
        derived_from=tuple(ArtifactRef(*ref) for ref in json.loads(row[7])),
        prompt_key=row[8],
        source_refs=tuple(SourceRef(str(t), str(i)) for t, i in json.loads(row[9] or "[]")),
        lineage_artifacts=tuple(
            ArtifactRef(scope_id, cast(ArtifactFamily, str(f)), str(a), int(r))
            for f, a, r in json.loads(row[10] or "[]")
        ),
    )


def atomic_head_from_row(row: Sequence[Any]) -> AtomicMemoryHead:
    """An ``ATOMIC_HEAD_SELECT`` row."""
    content = json.loads(row[7])
    return AtomicMemoryHead(
        ref=ArtifactRef(
            scope_id=as_str(row[0]), family="atomic-memory", artifact_id=as_str(row[1]), revision=int(row[2])
        ),
        kind=content["kind"],
        text=content["text"],
        state=cast(LifecycleState, as_str(row[3])),
        state_version=int(row[4]),
        merged_into_id=as_opt_str(row[5]),
    )


def lifecycle_view(row: Sequence[Any]) -> rules.LifecycleView:
    """The lifecycle part of an ``ATOMIC_HEAD_SELECT`` row."""
    return rules.LifecycleView(
        revision=int(row[2]),
        state=cast(LifecycleState, as_str(row[3])),
        state_version=int(row[4]),
        is_merge_result=bool(row[6]),
    )


def hit_from_row(row: Sequence[Any]) -> Hit:
    """A row of scope_id, family, artifact_id, revision, content."""
    ref = ArtifactRef(
        scope_id=as_str(row[0]),
        family=cast(ArtifactFamily, as_str(row[1])),
        artifact_id=as_str(row[2]),
        revision=int(row[3]),
    )
    return Hit(ref=ref, content=json.loads(row[4]))


class PreparedContent(Protocol):
    """A write's content after normalisation, serialised and digested outside the transaction."""

    @property
    def content(self) -> dict[str, Any]: ...

    @property
    def content_json(self) -> str: ...

    @property
    def content_digest(self) -> str: ...


def first_revisions(
    scope_id: str, family: ArtifactFamily, ids: Sequence[str], prepared: Sequence[PreparedContent], now: str
) -> list[RevisionRecord]:
    """The records of revision 1 of artifacts a bulk write created, in the order of ``ids``."""
    return [
        RevisionRecord(
            ref=ArtifactRef(scope_id=scope_id, family=family, artifact_id=artifact_id, revision=1),
            content=row.content,
            content_digest=row.content_digest,
            created_at=now,
        )
        for artifact_id, row in zip(ids, prepared, strict=True)
    ]
