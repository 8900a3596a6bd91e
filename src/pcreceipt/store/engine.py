"""Engine-neutral orchestration shared by the store engines (SQLite, OceanBase).

``StoreEngine`` implements the parts of the ``Store`` contract whose logic does not depend on the
SQL dialect: Scope creation and reads, committing revisions (``_add_revision`` /
``_append_revision``), an artifact's first revision, ``replace_artifact``, the atomic-memory
lifecycle and merge, head reads, workspace bookkeeping, API tokens and the consistency checks both
engines run. The module-level functions are the shared value rules: row builders that turn result
rows into contract records, content serialisation, vector packing, and the checks made before a
transaction opens. Each engine subclasses ``StoreEngine`` and keeps only what is truly its own:
connection and transaction management, schema and migrations, full-text and vector SQL, and error
translation.

Shared SQL is written with qmark (``?``) placeholders and no literal ``?`` or ``%``; an engine
whose driver uses another style translates it in its statement hooks.

What an engine must provide (each is an abstract method with its contract):

- transactions over its handle ``ConnT``: ``_transact`` (one write transaction, maybe retried),
  ``_reading`` (a read), ``_snapshot_reading`` (a read-only snapshot);
- statement hooks: ``_run``, ``_run_many``, ``_all``, ``_first``, ``_insert_id``;
- ``_lock_scope``: serialise the Scope's writers for this transaction (an engine whose write
  transactions are already serial only checks the Scope exists when ``required``);
- dialect-specific statements: ``_scope_by_key`` / ``_insert_scope`` / ``_check_scope_links``,
  ``_singleton_head`` / ``_insert_artifact`` (the engines key singletons differently),
  ``_code_file``, ``_store_workspace`` / ``_set_current_workspace``, ``_token_records``;
- ``_prepare_write`` and ``create_artifacts``: content preparation and batch creation;
- the search index: ``_index`` / ``_unindex`` (full text and vectors) and
  ``_replace_code_chunks`` (code search).
"""

from __future__ import annotations

import json
import math
import struct
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from pcreceipt.digests import canonical_digest
from pcreceipt.store import rules
from pcreceipt.store.codeindex import file_sha256, split_lines, workspace_fingerprint
from pcreceipt.store.ids import new_artifact_id, new_scope_id, utc_now
from pcreceipt.store.protocol import (
    SEARCHABLE_FAMILIES,
    ArtifactFamily,
    ArtifactRef,
    AtomicMemoryHead,
    CodeHit,
    ConflictError,
    EmbeddingRow,
    HistoryFamily,
    Hit,
    InvalidInputError,
    LifecycleState,
    NewArtifact,
    NotFoundError,
    RevisionRecord,
    Scope,
    TokenGrant,
    TokenRecord,
    Workspace,
    check_token,
)
from pcreceipt.store.text import normalize_content

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

# -- consistency checks both engines run (description, ``SELECT count(*)`` of offending rows)

SEARCHABLE_HEAD = "(a.family IN ('topic-memory', 'experience') OR (a.family = 'atomic-memory' AND a.state = 'active'))"
TOKENS_WITHOUT_GRANT: tuple[str, str] = (
    "API tokens without a grant",
    """SELECT count(*) FROM api_tokens t
       WHERE NOT EXISTS (SELECT 1 FROM api_token_grants g WHERE g.token_id = t.token_id)""",
)
REVISIONS_NOT_ONE_TO_HEAD: tuple[str, str] = (
    "artifacts whose revisions are not exactly 1..head",
    """SELECT count(*) FROM artifacts a WHERE a.head_revision != (
           SELECT count(*) FROM revisions r WHERE r.scope_id = a.scope_id AND r.family = a.family
           AND r.artifact_id = a.artifact_id AND r.revision BETWEEN 1 AND a.head_revision)
       OR EXISTS (SELECT 1 FROM revisions r WHERE r.scope_id = a.scope_id AND r.family = a.family
           AND r.artifact_id = a.artifact_id AND r.revision > a.head_revision)""",
)
REVISIONS_WITHOUT_ARTIFACT: tuple[str, str] = (
    "revisions without an artifact head",
    """SELECT count(*) FROM revisions r WHERE NOT EXISTS (SELECT 1 FROM artifacts a
           WHERE a.scope_id = r.scope_id AND a.family = r.family AND a.artifact_id = r.artifact_id)""",
)
SEARCHABLE_HEADS_UNINDEXED: tuple[str, str] = (
    "searchable heads missing from the search index",
    f"""SELECT count(*) FROM artifacts a {HEAD_JOIN}
        WHERE {SEARCHABLE_HEAD}
        AND NOT EXISTS (SELECT 1 FROM search_docs d WHERE d.revision_pk = r.revision_pk)""",
)
SEARCH_ENTRIES_NOT_HEADS: tuple[str, str] = (
    "search entries that are not searchable heads",
    f"""SELECT count(*) FROM search_docs d WHERE NOT EXISTS (
            SELECT 1 FROM artifacts a {HEAD_JOIN} WHERE r.revision_pk = d.revision_pk AND {SEARCHABLE_HEAD})""",
)
ATOMIC_LIFECYCLE_INCONSISTENT: tuple[str, str] = (
    "atomic memories with an inconsistent lifecycle",
    """SELECT count(*) FROM artifacts a WHERE a.family = 'atomic-memory' AND (
           a.state NOT IN ('active', 'forgotten', 'merged', 'retired') OR a.state_version < 0
           OR (a.state = 'merged') != (a.merged_into_id IS NOT NULL)
           OR (a.state = 'merged' AND NOT EXISTS (SELECT 1 FROM artifacts m WHERE m.scope_id = a.scope_id
               AND m.family = 'atomic-memory' AND m.artifact_id = a.merged_into_id AND m.is_merge_result = 1)))""",
)


# -- values and rows


def vector_blob(vector: Sequence[float]) -> bytes:
    """float32 bytes of a non-empty vector of finite components.

    Packing refuses finite values beyond float32's range, so the components' sum (in doubles)
    can only be non-finite when a component is inf or NaN: one C-speed check instead of a
    Python loop over every component.
    """
    try:
        blob = struct.pack(f"<{len(vector)}f", *vector)
    except (struct.error, OverflowError, TypeError):
        raise InvalidInputError("a vector's components must be float32 numbers") from None
    if not vector or not math.isfinite(sum(vector)):
        raise InvalidInputError("a vector needs at least one component, all finite")
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
        raise InvalidInputError("content must be a JSON object of JSON values") from None
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
    """The Scope ``create_scope`` asks for (no id yet); InvalidInputError for bad external references."""
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
    """The Scope already created under the idempotency key; ConflictError when it differs from ``wanted``."""
    existing = scope_from_row(row)
    if existing != replace(wanted, scope_id=existing.scope_id):
        raise ConflictError("the idempotency key was used for a different Scope", reason="idempotency_key_reused")
    return existing


def to_json(value: Any) -> str:
    """The store's compact JSON text (UTF-8, no NaN)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


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
    derived_from, prompt_key."""
    return RevisionRecord(
        ref=ArtifactRef(
            scope_id=as_str(row[0]),
            family=cast(ArtifactFamily, as_str(row[1])),
            artifact_id=as_str(row[2]),
            revision=int(row[3]),
        ),
        content=json.loads(row[4]),
        content_digest=as_str(row[5]),
        created_at=as_opt_str(row[6]),
        derived_from=tuple(ArtifactRef(*ref) for ref in json.loads(row[7])),
        prompt_key=row[8],
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


def new_token_record(
    token_id: str, token_sha256: str, name: str | None, grants: Sequence[TokenGrant], now: str
) -> TokenRecord:
    """The record ``create_token`` stores and returns (grants in Scope order)."""
    return TokenRecord(
        token_id=token_id,
        name=name,
        token_sha256=token_sha256,
        grants=tuple(sorted(grants, key=lambda grant: grant.scope_id)),
        created_at=now,
    )


@dataclass(frozen=True, slots=True)
class FileEntry:
    """One file of a workspace being indexed: its path, content digest, bytes and lines."""

    path: str
    file_sha256: str
    data: bytes
    lines: list[str]


def plan_workspace(
    scope_id: str, files: Sequence[tuple[str, bytes]], skipped: int
) -> tuple[Workspace, list[FileEntry]]:
    """``index_workspace``'s checked files and the Workspace they make (before any transaction)."""
    rules.check_workspace_paths([path for path, _ in files])
    entries = [FileEntry(path, file_sha256(data), data, split_lines(data)) for path, data in files]
    fingerprint = workspace_fingerprint([(entry.path, entry.file_sha256) for entry in entries])
    workspace = Workspace(
        scope_id=scope_id,
        fingerprint=fingerprint,
        files=len(entries),
        lines=sum(len(entry.lines) for entry in entries),
        skipped=skipped,
        indexed_at=utc_now(),
    )
    return workspace, entries


def token_records(rows: Sequence[Sequence[Any]], grants: Mapping[str, Sequence[TokenGrant]]) -> list[TokenRecord]:
    """Records of ``api_tokens`` rows (token_id, token_sha256, name, created_at, revoked_at) with
    each token's grants."""
    return [
        TokenRecord(
            token_id=as_str(row[0]),
            token_sha256=as_str(row[1]),
            name=row[2],
            grants=tuple(grants[as_str(row[0])]),
            created_at=as_str(row[3]),
            revoked_at=as_opt_str(row[4]),
        )
        for row in rows
    ]


# -- orchestration


class PreparedContent(Protocol):
    """A write's content after normalisation, serialised and digested outside the transaction."""

    @property
    def content(self) -> dict[str, Any]: ...

    @property
    def content_json(self) -> str: ...

    @property
    def content_digest(self) -> str: ...


ConnT = TypeVar("ConnT")
PreparedT = TypeVar("PreparedT", bound=PreparedContent)
ResultT = TypeVar("ResultT")


class StoreEngine(ABC, Generic[ConnT, PreparedT]):
    """The engine-neutral write flows; ``ConnT`` is the engine's handle on one open transaction,
    ``PreparedT`` its prepared content. Every flow here runs inside a transaction the engine opened."""

    revision_select: ClassVar[str]
    """The engine's ``SELECT`` of revision rows (``record_from_row``'s columns) joined to
    ``artifacts a`` as ``revisions r``; callers append the ``WHERE`` clause."""

    _vector_dimensions: int | None
    """The one dimension every embedding must have, when configured."""

    # -- what an engine must provide

    @abstractmethod
    def create_artifacts(
        self, scope_id: str, family: ArtifactFamily, items: Sequence[NewArtifact]
    ) -> list[RevisionRecord]:
        """Create every item in order in one transaction: all of them or none."""

    @abstractmethod
    def _transact(self, work: Callable[[ConnT], ResultT]) -> ResultT:
        """Run ``work`` in one write transaction: committed when it returns, rolled back on any error
        (an engine may retry it whole after a lost race)."""

    @abstractmethod
    def _reading(self) -> AbstractContextManager[ConnT]:
        """A connection for a read outside any write transaction."""

    @abstractmethod
    def _snapshot_reading(self) -> AbstractContextManager[ConnT]:
        """One read-only transaction: every statement sees the same snapshot."""

    @abstractmethod
    def _prepare_write(
        self, scope_id: str, family: ArtifactFamily, content: Mapping[str, Any], embedding: EmbeddingRow | None
    ) -> PreparedT:
        """A write's content prepared outside the transaction (and whatever its vector needs first);
        InvalidInputError for content or an embedding the store does not take."""

    @abstractmethod
    def _token_records(self, conn: ConnT, where: str, parameters: Sequence[Any]) -> list[TokenRecord]:
        """The tokens (with their grants) of ``api_tokens`` rows matching ``where`` (qmark
        placeholders; empty for all), in (created_at, token_id) order."""

    @abstractmethod
    def _run(self, conn: ConnT, sql: str, params: Sequence[Any] = ()) -> None:
        """Execute one statement (qmark placeholders)."""

    @abstractmethod
    def _run_many(self, conn: ConnT, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Execute one statement for each parameter row (qmark placeholders)."""

    @abstractmethod
    def _all(self, conn: ConnT, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every result row of one statement (qmark placeholders)."""

    @abstractmethod
    def _first(self, conn: ConnT, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first result row of one statement, or None (qmark placeholders)."""

    @abstractmethod
    def _insert_id(self, conn: ConnT, sql: str, params: Sequence[Any]) -> int:
        """Execute one INSERT and return the new row's auto-increment key (qmark placeholders)."""

    @abstractmethod
    def _scope_by_key(self, conn: ConnT, idempotency_key: str) -> Any:
        """The ``SCOPE_SELECT`` row of the Scope created under this idempotency key, or None."""

    @abstractmethod
    def _check_scope_links(self, conn: ConnT, scope: Scope) -> None:
        """NotFoundError unless the parent and every context reference exist; InvalidInputError for
        duplicate or self references."""

    @abstractmethod
    def _insert_scope(self, conn: ConnT, scope: Scope, idempotency_key: str) -> None:
        """Insert the new Scope's row under its idempotency key."""

    @abstractmethod
    def _lock_scope(self, conn: ConnT, scope_id: str, *, required: bool = True) -> bool:
        """Serialise the Scope's writers for this transaction; NotFoundError when ``required``
        and the Scope does not exist."""

    @abstractmethod
    def _singleton_head(
        self, conn: ConnT, scope_id: str, family: ArtifactFamily, prompt_key: str | None
    ) -> tuple[str, int] | None:
        """(artifact_id, head_revision) of the Scope's profile or keyed prompt; None otherwise."""

    @abstractmethod
    def _insert_artifact(
        self, conn: ConnT, scope_id: str, family: ArtifactFamily, artifact_id: str, prompt_key: str | None
    ) -> None:
        """Insert a new ``artifacts`` row at head revision 1 (atomic memory: active, state version 0)."""

    @abstractmethod
    def _index(
        self,
        conn: ConnT,
        revision_pk: int,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        prepared: PreparedT,
    ) -> None:
        """Put a searchable head revision into the full-text (and, with a vector, the vector) index."""

    @abstractmethod
    def _unindex(self, conn: ConnT, scope_id: str, family: str, artifact_id: str) -> None:
        """Take the artifact's current head out of the search indexes."""

    @abstractmethod
    def _store_workspace(self, conn: ConnT, workspace: Workspace, entries: Sequence[FileEntry]) -> None:
        """Keep the workspace's blobs (content-addressed), its row and its file list."""

    @abstractmethod
    def _replace_code_chunks(self, conn: ConnT, scope_id: str, entries: Sequence[FileEntry]) -> None:
        """Make the Scope's code search index cover exactly these files."""

    @abstractmethod
    def _code_file(self, conn: ConnT, scope_id: str, fingerprint: str, path: str, file_sha256: str) -> Any:
        """The (content, line_count) row of that file version in that workspace of the Scope, or None."""

    @abstractmethod
    def _set_current_workspace(self, conn: ConnT, scope_id: str, fingerprint: str) -> None:
        """Insert or update the Scope's current workspace pointer."""

    # -- scopes

    def create_scope(
        self,
        *,
        title: str,
        summary: str,
        idempotency_key: str,
        parent_scope_id: str | None,
        context_references: Sequence[str],
        external_references: Sequence[Mapping[str, str]],
    ) -> tuple[Scope, bool]:
        """Create a Scope, or return the one created with the same idempotency key (created=False).

        The same key with any different field is a ConflictError. The parent and every context
        reference must exist (NotFoundError); references must be unique (InvalidInputError).
        """
        wanted = requested_scope(
            title=title,
            summary=summary,
            parent_scope_id=parent_scope_id,
            context_references=context_references,
            external_references=external_references,
        )

        def work(conn: ConnT) -> tuple[Scope, bool]:
            row = self._scope_by_key(conn, idempotency_key)
            if row is not None:
                return reused_scope(row, wanted), False
            scope = replace(wanted, scope_id=new_scope_id())
            self._check_scope_links(conn, scope)
            self._insert_scope(conn, scope, idempotency_key)
            return scope, True

        return self._transact(work)

    def get_scope(self, scope_id: str) -> Scope | None:
        with self._reading() as conn:
            row = self._first(conn, SCOPE_SELECT + " WHERE scope_id = ?", (scope_id,))
        return None if row is None else scope_from_row(row)

    def list_scopes(self, *, limit: int, after: str | None) -> list[Scope]:
        """Scopes in scope_id order, strictly after ``after``."""
        if limit <= 0:
            return []
        with self._reading() as conn:
            rows = self._all(conn, SCOPE_SELECT + " WHERE scope_id > ? ORDER BY scope_id LIMIT ?", (after or "", limit))
        return [scope_from_row(row) for row in rows]

    # -- revisions

    def create_artifact(
        self,
        scope_id: str,
        family: ArtifactFamily,
        content: Mapping[str, Any],
        *,
        prompt_key: str | None = None,
        artifact_id: str | None = None,
        embedding: EmbeddingRow | None = None,
    ) -> RevisionRecord:
        item = NewArtifact(content=content, prompt_key=prompt_key, artifact_id=artifact_id, embedding=embedding)
        return self.create_artifacts(scope_id, family, [item])[0]

    def _prepare_vector(self, family: str, embedding: EmbeddingRow) -> Vector:
        if family not in SEARCHABLE_FAMILIES:
            raise InvalidInputError("only searchable families take an embedding")
        if self._vector_dimensions is not None and len(embedding.vector) != self._vector_dimensions:
            raise InvalidInputError("the vector's dimension is not the configured vector dimension")
        return Vector(embedding.profile, vector_blob(embedding.vector), len(embedding.vector))

    def _head_revision(self, conn: ConnT, scope_id: str, family: str, artifact_id: str) -> int | None:
        row = self._first(
            conn,
            "SELECT head_revision FROM artifacts WHERE scope_id = ? AND family = ? AND artifact_id = ?",
            (scope_id, family, artifact_id),
        )
        return None if row is None else int(row[0])

    def _prompt_key(self, conn: ConnT, scope_id: str, family: str, artifact_id: str) -> str | None:
        row = self._first(
            conn,
            "SELECT prompt_key FROM artifacts WHERE scope_id = ? AND family = ? AND artifact_id = ?",
            (scope_id, family, artifact_id),
        )
        return None if row is None else cast("str | None", row[0])

    def _insert_new(
        self, conn: ConnT, scope_id: str, family: ArtifactFamily, item: NewArtifact, prepared: PreparedT, now: str
    ) -> RevisionRecord:
        """Revision 1 of a new artifact, or the next revision of the Scope's profile / keyed prompt."""
        singleton = self._singleton_head(conn, scope_id, family, item.prompt_key)
        if singleton is not None:
            existing_id, head_revision = singleton
            if item.artifact_id not in (None, existing_id):
                raise ConflictError(
                    f"the Scope already has this {family} under another artifact_id", reason="already_exists"
                )
            return self._append_revision(
                conn, scope_id, family, existing_id, head_revision + 1, prepared, now, prompt_key=item.prompt_key
            )
        artifact_id = item.artifact_id or new_artifact_id()
        if self._head_revision(conn, scope_id, family, artifact_id) is not None:
            raise ConflictError("the artifact_id is already taken", reason="already_exists")
        self._insert_artifact(conn, scope_id, family, artifact_id, item.prompt_key)
        return self._add_revision(conn, scope_id, family, artifact_id, 1, prepared, now, prompt_key=item.prompt_key)

    def _append_revision(
        self,
        conn: ConnT,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        revision: int,
        prepared: PreparedT,
        now: str,
        *,
        prompt_key: str | None,
    ) -> RevisionRecord:
        """Move the head to a new revision; the old revision leaves the search index."""
        self._unindex(conn, scope_id, family, artifact_id)
        self._run(
            conn,
            "UPDATE artifacts SET head_revision = ? WHERE scope_id = ? AND family = ? AND artifact_id = ?",
            (revision, scope_id, family, artifact_id),
        )
        return self._add_revision(conn, scope_id, family, artifact_id, revision, prepared, now, prompt_key=prompt_key)

    def _add_revision(
        self,
        conn: ConnT,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        revision: int,
        prepared: PreparedT,
        now: str,
        *,
        prompt_key: str | None = None,
        derived_from: tuple[ArtifactRef, ...] = (),
    ) -> RevisionRecord:
        """Insert an immutable revision (the new head) and index it when its family is searchable."""
        derived_json = to_json([[ref.scope_id, ref.family, ref.artifact_id, ref.revision] for ref in derived_from])
        revision_pk = self._insert_id(
            conn,
            """INSERT INTO revisions (scope_id, family, artifact_id, revision, content, content_digest, created_at,
                                      derived_from)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                scope_id,
                family,
                artifact_id,
                revision,
                prepared.content_json,
                prepared.content_digest,
                now,
                derived_json,
            ),
        )
        if family in SEARCHABLE_FAMILIES:
            self._index(conn, revision_pk, scope_id, family, artifact_id, prepared)
        return RevisionRecord(
            ref=ArtifactRef(scope_id=scope_id, family=family, artifact_id=artifact_id, revision=revision),
            content=prepared.content,
            content_digest=prepared.content_digest,
            created_at=now,
            derived_from=derived_from,
            prompt_key=prompt_key,
        )

    def replace_artifact(
        self,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        content: Mapping[str, Any],
        *,
        expected_revision: int,
        embedding: EmbeddingRow | None = None,
    ) -> RevisionRecord:
        """Commit the next revision; ConflictError when the head is not ``expected_revision``
        or (atomic memory) the memory is not active; NotFoundError for an unknown artifact."""
        prepared = self._prepare_write(scope_id, family, content, embedding)
        now = utc_now()
        return self._transact(
            lambda conn: self._replace_head(
                conn, scope_id, family, artifact_id, prepared, now, expected_revision=expected_revision
            )
        )

    def _replace_head(
        self,
        conn: ConnT,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        prepared: PreparedT,
        now: str,
        *,
        expected_revision: int,
    ) -> RevisionRecord:
        """``replace_artifact`` inside its transaction."""
        self._lock_scope(conn, scope_id, required=False)
        if family == "atomic-memory":
            row = self._first(conn, ATOMIC_HEAD_SELECT, (scope_id, artifact_id))
            if row is None:
                raise NotFoundError("the artifact does not exist")
            rules.check_replaceable(lifecycle_view(row), expected_revision=expected_revision)
            head_revision = int(row[2])
        else:
            found = self._head_revision(conn, scope_id, family, artifact_id)
            if found is None:
                raise NotFoundError("the artifact does not exist")
            if found != expected_revision:
                raise ConflictError("stale revision", reason="stale_revision", current_revision=found)
            head_revision = found
        prompt_key = self._prompt_key(conn, scope_id, family, artifact_id)
        return self._append_revision(
            conn, scope_id, family, artifact_id, head_revision + 1, prepared, now, prompt_key=prompt_key
        )

    # -- atomic memory lifecycle

    def change_lifecycle(
        self, scope_id: str, artifact_id: str, *, revision: int, state_version: int, state: LifecycleState
    ) -> list[AtomicMemoryHead]:
        """forgotten (from active) or retired (a merge result, from active); returns the changed head."""
        rules.check_requestable_state(state)
        return self._transact(
            lambda conn: self._change_lifecycle_in(
                conn, scope_id, artifact_id, revision=revision, state_version=state_version, state=state
            )
        )

    def merge_atomic_memories(
        self,
        scope_id: str,
        inputs: Sequence[tuple[str, int, int]],
        content: Mapping[str, Any],
        *,
        embedding: EmbeddingRow | None = None,
    ) -> list[AtomicMemoryHead]:
        """Merge >= 2 active memories of the Scope into a new one whose revision 1 derives from them."""
        rules.check_merge_inputs(inputs)
        prepared = self._prepare_write(scope_id, "atomic-memory", content, embedding)
        now = utc_now()
        return self._transact(lambda conn: self._merge_in(conn, scope_id, inputs, prepared, now))

    def _change_lifecycle_in(
        self, conn: ConnT, scope_id: str, artifact_id: str, *, revision: int, state_version: int, state: LifecycleState
    ) -> list[AtomicMemoryHead]:
        """``change_lifecycle`` inside its transaction."""
        self._lock_scope(conn, scope_id, required=False)
        view = self._require_atomic_view(conn, scope_id, artifact_id)
        rules.check_expected(view, revision=revision, state_version=state_version)
        rules.check_lifecycle_change(view, state)
        self._set_state(conn, scope_id, artifact_id, state, view.state_version + 1, merged_into_id=None)
        return [self._atomic_head(conn, scope_id, artifact_id)]

    def _merge_in(
        self, conn: ConnT, scope_id: str, inputs: Sequence[tuple[str, int, int]], prepared: PreparedT, now: str
    ) -> list[AtomicMemoryHead]:
        """``merge_atomic_memories`` inside its transaction (inputs already checked)."""
        self._lock_scope(conn, scope_id)
        views = [self._require_atomic_view(conn, scope_id, artifact_id) for artifact_id, _, _ in inputs]
        for view, (_, revision, state_version) in zip(views, inputs, strict=True):
            rules.check_merge_input(view, revision=revision, state_version=state_version)
        result_id = new_artifact_id()
        self._run(
            conn,
            """INSERT INTO artifacts (scope_id, family, artifact_id, head_revision, state, state_version,
                                      is_merge_result)
               VALUES (?, 'atomic-memory', ?, 1, 'active', 0, 1)""",
            (scope_id, result_id),
        )
        derived = tuple(ArtifactRef(scope_id, "atomic-memory", artifact_id, rev) for artifact_id, rev, _ in inputs)
        self._add_revision(conn, scope_id, "atomic-memory", result_id, 1, prepared, now, derived_from=derived)
        for view, (artifact_id, _, _) in zip(views, inputs, strict=True):
            self._set_state(conn, scope_id, artifact_id, "merged", view.state_version + 1, merged_into_id=result_id)
        return [self._atomic_head(conn, scope_id, artifact_id) for artifact_id in [*(i[0] for i in inputs), result_id]]

    def _require_atomic_view(self, conn: ConnT, scope_id: str, artifact_id: str) -> rules.LifecycleView:
        row = self._first(conn, ATOMIC_HEAD_SELECT, (scope_id, artifact_id))
        if row is None:
            raise NotFoundError("the atomic memory does not exist")
        return lifecycle_view(row)

    def _set_state(
        self,
        conn: ConnT,
        scope_id: str,
        artifact_id: str,
        state: LifecycleState,
        state_version: int,
        *,
        merged_into_id: str | None,
    ) -> None:
        """Record a lifecycle change; a memory that is no longer active leaves the search index."""
        self._run(
            conn,
            """UPDATE artifacts SET state = ?, state_version = ?, merged_into_id = ?
               WHERE scope_id = ? AND family = 'atomic-memory' AND artifact_id = ?""",
            (state, state_version, merged_into_id, scope_id, artifact_id),
        )
        if state != "active":
            self._unindex(conn, scope_id, "atomic-memory", artifact_id)

    def _atomic_head(self, conn: ConnT, scope_id: str, artifact_id: str) -> AtomicMemoryHead:
        return atomic_head_from_row(self._first(conn, ATOMIC_HEAD_SELECT, (scope_id, artifact_id)))

    # -- artifacts: reads

    def get_head(self, scope_id: str, family: ArtifactFamily, artifact_id: str) -> RevisionRecord | None:
        """The current revision (for atomic memory: whatever its lifecycle state)."""
        with self._reading() as conn:
            row = self._first(
                conn,
                self.revision_select + " WHERE r.scope_id = ? AND r.family = ? AND r.artifact_id = ?"
                " AND r.revision = a.head_revision",
                (scope_id, family, artifact_id),
            )
        return None if row is None else record_from_row(row)

    def list_heads(
        self, scope_id: str, family: ArtifactFamily, *, limit: int, after: str | None
    ) -> list[RevisionRecord]:
        """Up to ``limit`` current heads of ``family`` in the Scope, by artifact_id, strictly after ``after``."""
        with self._reading() as conn:
            rows = self._all(
                conn,
                self.revision_select + " WHERE r.scope_id = ? AND r.family = ? AND r.artifact_id > ?"
                " AND r.revision = a.head_revision ORDER BY r.artifact_id LIMIT ?",
                (scope_id, family, after or "", limit),
            )
        return [record_from_row(row) for row in rows]

    def get_revision(
        self, scope_id: str, family: ArtifactFamily, artifact_id: str, revision: int
    ) -> RevisionRecord | None:
        """Exactly that revision, whatever the lifecycle; never a newer head or a merge target."""
        with self._reading() as conn:
            row = self._first(
                conn,
                self.revision_select
                + " WHERE r.scope_id = ? AND r.family = ? AND r.artifact_id = ? AND r.revision = ?",
                (scope_id, family, artifact_id, revision),
            )
        return None if row is None else record_from_row(row)

    def get_atomic_memory_head(self, scope_id: str, artifact_id: str) -> AtomicMemoryHead | None:
        with self._reading() as conn:
            row = self._first(conn, ATOMIC_HEAD_SELECT, (scope_id, artifact_id))
        return None if row is None else atomic_head_from_row(row)

    def read_profile(self, scope_id: str) -> Hit | None:
        """The Scope's committed profile snapshot, if any."""
        with self._reading() as conn:
            row = self._first(
                conn,
                self.revision_select
                + " WHERE r.scope_id = ? AND r.family = 'profile' AND r.revision = a.head_revision",
                (scope_id,),
            )
        if row is None:
            return None
        record = record_from_row(row)
        return Hit(ref=record.ref, content=record.content)

    # -- search bookkeeping

    def count_searchable(self, scope_id: str, family: HistoryFamily) -> int:
        """How many searchable heads the family has in the Scope (0 means no searchable head)."""
        with self._reading() as conn:
            row = self._first(
                conn, "SELECT count(*) FROM search_docs WHERE scope_id = ? AND family = ?", (scope_id, family)
            )
        return int(row[0])

    def _require_searchable_head(self, conn: ConnT, ref: ArtifactRef, row: Any) -> None:
        """``put_embedding``'s check of its search-doc row (doc_id, revision, ...) against ``ref``:
        NotFoundError for a revision that never existed, ConflictError for one that is not the
        searchable head."""
        if row is None or int(row[1]) != ref.revision:
            head = self._head_revision(conn, ref.scope_id, ref.family, ref.artifact_id)
            if head is None or ref.revision > head or ref.revision < 1:
                raise NotFoundError("the revision does not exist")
            raise ConflictError(
                "the revision is not a searchable head", reason="not_searchable_head", current_revision=head
            )

    # -- code workspaces

    def index_workspace(self, scope_id: str, files: Sequence[tuple[str, bytes]], skipped: int) -> Workspace:
        """Make these files the Scope's current workspace (blobs are kept forever, content-addressed)."""
        workspace, entries = plan_workspace(scope_id, files, skipped)
        return self._transact(lambda conn: self._index_workspace_in(conn, workspace, entries))

    def _index_workspace_in(self, conn: ConnT, workspace: Workspace, entries: Sequence[FileEntry]) -> Workspace:
        """``index_workspace`` inside its transaction."""
        self._lock_scope(conn, workspace.scope_id)
        self._store_workspace(conn, workspace, entries)
        self._replace_code_chunks(conn, workspace.scope_id, entries)
        self._set_current_workspace(conn, workspace.scope_id, workspace.fingerprint)
        return workspace

    def read_code(
        self, scope_id: str, fingerprint: str, path: str, file_sha256: str, start_line: int, end_line: int
    ) -> CodeHit | None:
        """Exactly that range of that file version, from any workspace the Scope ever indexed."""
        rules.check_read_range(start_line, end_line)
        if not rules.is_fingerprint(fingerprint):
            return None
        with self._reading() as conn:
            row = self._code_file(conn, scope_id, fingerprint, path, file_sha256)
        if row is None or end_line > int(row[1]):
            return None
        lines = tuple(split_lines(bytes(row[0]))[start_line - 1 : end_line])
        return CodeHit(scope_id, fingerprint, path, file_sha256, start_line, end_line, lines)

    def _blob_lines(self, conn: ConnT, sha: str) -> list[str]:
        row = self._first(conn, "SELECT content FROM code_blobs WHERE file_sha256 = ?", (sha,))
        return split_lines(bytes(row[0]))

    # -- maintenance

    def _consistency_problems(self, conn: ConnT, checks: Sequence[tuple[str, str]]) -> list[str]:
        """``"<count> <description>"`` for every check that counts offending rows."""
        problems: list[str] = []
        for description, query in checks:
            count = int(self._first(conn, query)[0])
            if count:
                problems.append(f"{count} {description}")
        return problems

    # -- tokens

    def create_token(
        self, *, token_id: str, token_sha256: str, name: str | None, grants: Sequence[TokenGrant]
    ) -> TokenRecord:
        check_token(token_id, token_sha256, name, grants)
        record = new_token_record(token_id, token_sha256, name, grants, utc_now())
        return self._transact(lambda conn: self._insert_token(conn, record, grants))

    def get_token(self, token_id: str) -> TokenRecord | None:
        with self._snapshot_reading() as conn:
            found = self._token_records(conn, "WHERE token_id = ?", (token_id,))
        return found[0] if found else None

    def list_tokens(self) -> list[TokenRecord]:
        with self._snapshot_reading() as conn:
            return self._token_records(conn, "", ())

    def revoke_token(self, token_id: str) -> TokenRecord:
        found = self._transact(lambda conn: self._revoke_in(conn, token_id))
        if not found:
            raise NotFoundError("no token has that id")
        return found[0]

    def _revoke_in(self, conn: ConnT, token_id: str) -> list[TokenRecord]:
        self._run(
            conn,
            "UPDATE api_tokens SET revoked_at = ? WHERE token_id = ? AND revoked_at IS NULL",
            (utc_now(), token_id),
        )
        return self._token_records(conn, "WHERE token_id = ?", (token_id,))

    def _insert_token(self, conn: ConnT, record: TokenRecord, grants: Sequence[TokenGrant]) -> TokenRecord:
        """``create_token`` inside its transaction."""
        taken = self._first(
            conn,
            "SELECT 1 FROM api_tokens WHERE token_id = ? OR token_sha256 = ?",
            (record.token_id, record.token_sha256),
        )
        if taken is not None:
            raise ConflictError("the token id or digest is already stored", reason="already_exists")
        self._run(
            conn,
            "INSERT INTO api_tokens (token_id, token_sha256, name, created_at) VALUES (?, ?, ?, ?)",
            (record.token_id, record.token_sha256, record.name, record.created_at),
        )
        self._run_many(
            conn,
            "INSERT INTO api_token_grants (token_id, scope_id, access) VALUES (?, ?, ?)",
            [(record.token_id, grant.scope_id, grant.access) for grant in grants],
        )
        return record
