"""What a store engine must provide to the engine-neutral core (``EngineHooks``).

``EngineHooks`` declares every hook as an abstract method with its contract, plus the few
statement helpers every flow uses. The core's operations are built on it: ``engine.StoreEngine``
(Scopes, revisions, lifecycle, reads), ``code.CodeWorkspaces`` (code workspaces) and
``api_tokens.ApiTokens`` (API tokens). An engine subclasses ``StoreEngine`` and implements:

- transactions over its handle ``ConnT``: ``_transact`` (one write transaction, maybe retried),
  ``_reading`` (a read), ``_snapshot_reading`` (a read-only snapshot);
- statement hooks: ``_run``, ``_affected`` (a write's own row count), ``_run_many``, ``_all``,
  ``_first``, ``_insert_id``. Every statement the core passes is written with qmark (``?``)
  placeholders and no literal ``?`` or ``%``; an engine whose driver uses another style translates it here;
- ``_lock_scope``: serialise the Scope's writers for this transaction (an engine whose write
  transactions are already serial only checks the Scope exists when ``required``);
- statements keyed differently per engine: ``_scope_by_key`` / ``_insert_scope`` (the
  idempotency key), ``_singleton_head`` / ``_insert_artifact`` (the profile and keyed prompts);
- ``_prepare_write`` and ``create_artifacts``: content preparation and batch creation;
- the search indexes: ``_index`` / ``_unindex`` (full text and vectors);
- code search: ``_insert_blobs``, ``_add_code_chunks`` / ``_drop_code_chunks`` and
  ``_code_query``, plus the upsert statements ``UPSERT_WORKSPACE``, ``INSERT_WORKSPACE_FILES``
  ``UPSERT_CURRENT_WORKSPACE`` and ``INSERT_CURSOR_KEY`` (class attributes: the engines differ only in upsert syntax).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from pcreceipt.store.records import (
    ArtifactFamily,
    ArtifactRef,
    EmbeddingRow,
    NewArtifact,
    RevisionRecord,
    Scope,
    SourceRef,
)
from pcreceipt.store.rows import PreparedContent, batches, placeholders

if TYPE_CHECKING:
    from pcreceipt.store.code import FileEntry

ConnT = TypeVar("ConnT")
PreparedT = TypeVar("PreparedT", bound=PreparedContent)
ResultT = TypeVar("ResultT")


class EngineHooks(ABC, Generic[ConnT, PreparedT]):
    """An engine's part of the contract; ``ConnT`` is its handle on one open transaction,
    ``PreparedT`` its prepared content."""

    _vector_dimensions: int | None
    """The one dimension every embedding must have, when configured."""

    UPSERT_WORKSPACE: ClassVar[str]
    """Insert a ``workspaces`` row (scope_id, fingerprint, files, lines, skipped, indexed_at); on an
    existing (scope_id, fingerprint) update only ``skipped`` and ``indexed_at``."""
    INSERT_WORKSPACE_FILES: ClassVar[str]
    """Insert a ``workspace_files`` row (scope_id, fingerprint, path, file_sha256); an existing row
    (the same fingerprint holds the same files) stays."""
    UPSERT_CURRENT_WORKSPACE: ClassVar[str]
    """Insert or update the Scope's ``current_workspaces`` row (scope_id, fingerprint)."""
    INSERT_CURSOR_KEY: ClassVar[str]
    """Insert the ``cursor_keys`` row (key_slot 1, secret); an existing row stays (the first
    writer's key wins)."""
    LINEAGE_SOURCES: ClassVar[str]
    """The ``FROM`` item of a read of lineage Sources by their target revision: ``sources``, on
    its ``sources_by_target`` index. SQLite names the index (``INDEXED BY``): without table
    statistics its planner took the primary key's Scope prefix instead and read every Source of
    the Scope, once per prepare (docs/decisions.md, "Lineage reads and SQLite's planner")."""

    # -- transactions

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

    # -- statements (qmark placeholders)

    @abstractmethod
    def _run(self, conn: ConnT, sql: str, params: Sequence[Any] = ()) -> None:
        """Execute one statement."""

    @abstractmethod
    def _affected(self, conn: ConnT, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one INSERT, UPDATE or DELETE and return how many rows it wrote: what a write
        decided under concurrency is read from this, never from a read before it."""

    @abstractmethod
    def _run_many(self, conn: ConnT, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Execute one statement for each parameter row."""

    @abstractmethod
    def _all(self, conn: ConnT, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Every result row of one statement."""

    @abstractmethod
    def _first(self, conn: ConnT, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first result row of one statement, or None."""

    @abstractmethod
    def _insert_id(self, conn: ConnT, sql: str, params: Sequence[Any]) -> int:
        """Execute one INSERT and return the new row's auto-increment key."""

    # -- Scopes and artifacts

    @abstractmethod
    def _scope_by_key(self, conn: ConnT, idempotency_key: str) -> Any:
        """The ``SCOPE_SELECT`` row of the Scope created under this idempotency key, or None."""

    @abstractmethod
    def _insert_scope(self, conn: ConnT, scope: Scope, idempotency_key: str) -> None:
        """Insert the new Scope's row under its idempotency key."""

    @abstractmethod
    def _lock_scope(self, conn: ConnT, scope_id: str, *, required: bool = True) -> bool:
        """Serialise the Scope's writers for this transaction; RecordNotFound when ``required``
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
    def create_artifacts(
        self, scope_id: str, family: ArtifactFamily, items: Sequence[NewArtifact]
    ) -> list[RevisionRecord]:
        """Create every item in order in one transaction: all of them or none."""

    @abstractmethod
    def _prepare_write(
        self, scope_id: str, family: ArtifactFamily, content: Mapping[str, Any], embedding: EmbeddingRow | None
    ) -> PreparedT:
        """A write's content prepared outside the transaction (and whatever its vector needs first);
        InvalidRecord for content or an embedding the store does not take."""

    # -- search indexes

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

    # -- code search

    @abstractmethod
    def _insert_blobs(self, conn: ConnT, entries: Sequence[FileEntry]) -> None:
        """Keep the files' contents (content-addressed ``code_blobs``); a blob already kept stays."""

    @abstractmethod
    def _drop_code_chunks(self, conn: ConnT, scope_id: str, files: Sequence[tuple[str, str]]) -> None:
        """Take the chunks of these (path, file_sha256) pairs out of the Scope's code search index."""

    @abstractmethod
    def _add_code_chunks(self, conn: ConnT, scope_id: str, chunks: Sequence[tuple[FileEntry, int, int]]) -> None:
        """Index these (file, start_line, end_line) windows for the Scope's code search, in order."""

    @abstractmethod
    def _code_query(self, scope_id: str, query: str, candidates: int) -> tuple[str, list[Any]] | None:
        """The statement (and its parameters) ranking the Scope's code chunks for ``query``, best
        first: rows of (path, file_sha256, start_line, end_line, then the Scope's current workspace:
        fingerprint, files, lines, skipped, indexed_at), at most ``candidates``; one row whose chunk
        columns are NULL when nothing matched, no row when the Scope has no current workspace; None
        when the query has no terms. One statement, so chunks and workspace are one consistent read."""

    # -- helpers every flow uses

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

    def _in_batches(self, conn: ConnT, select: str, values: Sequence[Any], tail: str = "") -> list[Any]:
        """The rows of ``select ... IN (<values>) tail`` (``select`` ends just before ``IN``), run
        once per batch of values so no statement binds too many."""
        rows: list[Any] = []
        for batch in batches(values):
            rows.extend(self._all(conn, f"{select} IN ({placeholders(len(batch))}){tail}", batch))
        return rows

    def _consistency_problems(self, conn: ConnT, checks: Sequence[tuple[str, str]]) -> list[str]:
        """``"<count> <description>"`` for every check that counts offending rows."""
        problems: list[str] = []
        for description, query in checks:
            count = int(self._first(conn, query)[0])
            if count:
                problems.append(f"{count} {description}")
        return problems


class RevisionHooks(EngineHooks[ConnT, PreparedT]):
    """The hooks plus the core's revision commit, for a part of the core that writes revisions
    (publication, restoration, candidate approval). ``engine.StoreEngine`` implements
    ``_add_revision``; this declares it once for the parts it is mixed with."""

    @abstractmethod
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
        lineage: bool = True,
        named: tuple[tuple[SourceRef, ...], tuple[ArtifactRef, ...]] | None = None,
    ) -> RevisionRecord:
        """Insert an immutable revision as the new head (``engine.StoreEngine._add_revision``)."""
