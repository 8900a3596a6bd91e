"""The storage protocol behind recall, exact reads and writes, as roles.

Engines (SQLite, OceanBase) implement ``Store``, the union of the role protocols below, each one
part of the job (Scopes, artifacts, code, tokens, Sources, statistics, and ``RecallReads``: what a
prepare reads). The records they speak in are ``pcreceipt.store.records``. Nothing above this
module knows which engine it talks to. The protocol speaks in contract terms (Scopes, artifact revisions, heads,
lifecycle states, code workspaces) and never in engine terms (rowids, FTS tables, indexes).

Rules every engine keeps:
- Revisions are immutable. A write either commits completely (revision, head, search index,
  vector) or not at all.
- Only *active* heads of atomic memories, and the current heads of other families, are
  searchable. Every revision stays readable by ``get_revision`` forever.
- Search calls are bounded by ``limit`` and return hits in rank order (best first); ranks and
  scores are internal and never leave the runtime.
- Conflicts raise ``WriteConflict``; missing things raise ``RecordNotFound``; invalid input
  raises ``InvalidRecord``; an engine that cannot be reached raises ``StoreUnavailable``;
  vector calls on an engine without vector search raise ``VectorSearchUnavailable``.
- API tokens are stored as their SHA-256 digest only (the token itself never reaches the
  store), with per-Scope grants; a revoked token keeps its row (``revoked_at``) and is never
  deleted, so its id is never reused.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol, runtime_checkable

from pcreceipt.store.publication_records import Publication
from pcreceipt.store.records import (
    ArtifactFamily,
    ArtifactRef,
    AtomicMemoryHead,
    BindingKey,
    BootstrapItem,
    BootstrapReceipt,
    BootstrapReceiptState,
    CapturedSource,
    CodeFile,
    CodeHit,
    EmbeddingRow,
    FlushWindow,
    HandoffRevision,
    HistoryFamily,
    Hit,
    LifecycleState,
    NewArtifact,
    RevisionRecord,
    Scope,
    ScopeCounts,
    ScopeFilters,
    SourceRef,
    SourceWindow,
    StoredSource,
    TaggedArtifact,
    TextMatch,
    TextSearch,
    TokenGrant,
    TokenRecord,
    Workspace,
)
from pcreceipt.store.restoration_records import MemoryNode, RestorationOperation, RestorationPlan, RestorationResult
from pcreceipt.store.service_roles import (
    AccessControl,
    Candidates,
    ConnectorCheckpointRecords,
    DreamRunRecords,
    ExternalSkills,
    HandoffBoundaryRecords,
    ProfilePolicyRecords,
    RemoteSkillTargets,
    SkillGovernanceRoles,
    SourceViewReads,
)


class StoreLifecycle(Protocol):
    """The store as a whole: its engine, its identity, closing, the integrity check."""

    engine: str  # "sqlite" or "oceanbase"

    def close(self) -> None: ...

    def server_id(self) -> str:
        """The deployment's identity: generated once, when the store's schema was created, and the
        same for every server on this database."""
        ...

    def cursor_secret(self) -> bytes:
        """The key that signs list cursors: 32 random bytes, created at its first use and the
        same for every server on this database; never served."""
        ...

    def check_integrity(self) -> list[str]:
        """Problems found in the stored data (content-free descriptions); empty when consistent:
        every head has its revisions, exactly the searchable heads are indexed, vectors belong to
        searchable heads, and the current workspaces' chunks are indexed."""
        ...


class ScopeLookup(Protocol):
    """One Scope by id (recall and the write API both read it)."""

    def get_scope(self, scope_id: str) -> Scope | None: ...


class RecallReads(ScopeLookup, Protocol):
    """What a prepare reads, and all it reads (``pcreceipt.prepare`` takes this, not ``Store``): bounded
    searches over searchable heads, the profile, the current code, bootstrap exclusions, one pinned
    connection for them all."""

    vector_search_available: bool

    def pinned_connection(self) -> AbstractContextManager[None]:
        """A block whose statements on this thread share one connection (a networked engine checks
        out, and pings, one pooled connection for all of them instead of one per read or write). It
        changes no result: each read is still its own statement or snapshot and each write its own
        transaction, and a statement that fails leaves the next one the connection, or a fresh one
        when the failure lost it. Blocks nest (the inner one joins the outer); an engine with one
        connection per thread may do nothing."""
        ...

    def has_searchable(self, scope_id: str, family: HistoryFamily) -> bool:
        """Whether the family has any searchable head in the Scope (an existence check, O(1) with
        the engine's index; recall asks it before searching a family whose reader needs a head)."""
        ...

    def has_searchable_many(self, keys: Sequence[tuple[str, HistoryFamily]]) -> list[bool]:
        """``has_searchable`` for each (scope_id, family) of ``keys``, in order, in one read (one
        round trip on a networked engine instead of one per key)."""
        ...

    def search_text(
        self, scope_id: str, family: HistoryFamily, query: str, limit: int, *, match: TextMatch = "any"
    ) -> list[Hit]:
        """Searchable heads matching the query's terms (combined per ``match``), best first. Stop words
        and punctuation are not terms; a query without terms finds nothing."""
        ...

    def search_text_many(self, searches: Sequence[TextSearch]) -> list[list[Hit]]:
        """``search_text`` for each search, in order, with exactly its results: one statement on a
        networked engine (one round trip for a recall round's families and Scopes)."""
        ...

    def search_vector(
        self, scope_id: str, family: HistoryFamily, vector: Sequence[float], profile: str, limit: int
    ) -> list[Hit]:
        """Nearest searchable heads by cosine distance; [] when the profile has no vectors yet.
        InvalidRecord when the vector's dimension is not the profile's."""
        ...

    def read_profile(self, scope_id: str) -> Hit | None:
        """The Scope's committed profile snapshot, if any."""
        ...

    def query_current_code(self, scope_id: str, query: str, limit: int) -> tuple[Workspace | None, list[CodeHit]]:
        """``get_workspace`` and ``query_code`` together, from one consistent read (one statement
        when a window matches, instead of two on a networked engine)."""
        ...

    def bootstrap_exclusions(self, scope_id: str, receipt_id: str, *, since: str) -> list[BootstrapItem]:
        """The Atomic Memory items delivered untruncated by ``receipt_id`` when it is a receipt of
        ``scope_id`` recorded ``injected`` and created at or after ``since``; [] otherwise."""
        ...


class Scopes(ScopeLookup, Protocol):
    """Creating, listing and updating Scopes; the default Scope and Scope bindings (``pcreceipt.store.bindings``)."""

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
        """Create a Scope, or return the one created with the same idempotency key (created=False)."""
        ...

    def list_scopes(
        self,
        *,
        limit: int,
        after: str | None,
        filters: ScopeFilters | None = None,
        among: frozenset[str] | None = None,
    ) -> list[Scope]:
        """Scopes in scope_id order, strictly after ``after``: only those ``filters`` admit, and
        only those in ``among`` when it is given."""
        ...

    def update_scope(
        self,
        scope_id: str,
        *,
        expected_version: int,
        title: str,
        summary: str,
        parent_scope_id: str | None,
        context_references: Sequence[str],
        external_references: Sequence[Mapping[str, str]],
    ) -> Scope:
        """The Scope as updated, its version one more than ``expected_version``."""
        ...

    def ensure_default_scope(self) -> str:
        """The default Scope's id; creates ``Default`` (idempotency key ``powercontext.default-scope.v1``)
        and points the default at it when no default is set. Exactly one Scope is created however
        many callers race on one database."""
        ...

    def default_scope_id(self) -> str | None:
        """The Scope id the default names (it may no longer exist), or None when unset."""
        ...

    def set_default_scope(self, scope_id: str) -> None:
        """Point the default at an existing Scope; RecordNotFound when it does not exist."""
        ...

    def bound_scope_id(self, keys: Sequence[BindingKey]) -> str | None:
        """The Scope id bound to the first of ``keys``, in their order, that has a binding; None when none has."""
        ...

    def set_scope_binding(self, key: BindingKey, scope_id: str) -> None:
        """Bind ``key`` to an existing Scope (the last write wins); RecordNotFound when it does not exist."""
        ...

    def clear_scope_binding(self, key: BindingKey) -> bool:
        """Remove the binding of ``key``; whether there was one."""
        ...


class Artifacts(Protocol):
    """Artifact revisions and heads, lifecycle, merges, tags (``pcreceipt.store.tags``) and embeddings."""

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
        """Commit revision 1 of a new artifact (the engine assigns the id unless given).

        Profile is one snapshot per Scope: creating a profile when one exists appends a revision
        to the existing one. Likewise a prompt is one artifact per (Scope, prompt_key). A given
        ``artifact_id`` that already names an artifact (or differs from the existing profile or
        prompt) is a WriteConflict. ``prompt_key`` is required for prompts and refused otherwise.
        """
        ...

    def create_artifacts(
        self, scope_id: str, family: ArtifactFamily, items: Sequence[NewArtifact]
    ) -> list[RevisionRecord]:
        """Bulk import: ``create_artifact`` for each item, in order, all in one transaction."""
        ...

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
        """Commit the next revision; WriteConflict when the head is not ``expected_revision``
        or (atomic memory) the memory is not active."""
        ...

    def get_head(self, scope_id: str, family: ArtifactFamily, artifact_id: str) -> RevisionRecord | None:
        """The current revision (for atomic memory: whatever its lifecycle state)."""
        ...

    def get_revision(
        self, scope_id: str, family: ArtifactFamily, artifact_id: str, revision: int
    ) -> RevisionRecord | None:
        """Exactly that revision, whatever the lifecycle; never a newer head or a merge target."""
        ...

    def get_revisions(self, refs: Sequence[ArtifactRef]) -> dict[ArtifactRef, RevisionRecord]:
        """``get_revision`` of each ref, read together in one snapshot: by ref, without the ones the
        store lacks."""
        ...

    def get_atomic_memory_head(self, scope_id: str, artifact_id: str) -> AtomicMemoryHead | None: ...

    def list_heads(
        self, scope_id: str, family: ArtifactFamily, *, limit: int, after: str | None
    ) -> list[RevisionRecord]:
        """The head revision of each artifact of the family in the Scope, whatever its lifecycle
        state, in artifact_id order (code points, as ``list_scopes``), strictly after ``after``,
        at most ``limit`` (none when ``limit`` is not positive)."""
        ...

    def list_revisions(
        self, scope_id: str, family: ArtifactFamily, artifact_id: str, *, through: int, limit: int
    ) -> list[RevisionRecord]:
        """The artifact's revisions numbered ``through`` and below, newest first, at most ``limit``
        (none when ``limit`` is not positive or the artifact does not exist)."""
        ...

    def list_atomic_memory_heads(
        self,
        scope_id: str,
        *,
        states: Collection[LifecycleState],
        kind: str | None,
        limit: int,
        after: str | None,
    ) -> list[AtomicMemoryHead]:
        """The Scope's Atomic Memory heads in one of ``states`` (and of ``kind`` when given), in
        artifact_id order strictly after ``after``, at most ``limit``, read in one snapshot."""
        ...

    def find_prompt(self, scope_id: str, prompt_key: str) -> RevisionRecord | None:
        """The head revision of the Scope's prompt for ``prompt_key``, if any."""
        ...

    def change_lifecycle(
        self, scope_id: str, artifact_id: str, *, revision: int, state_version: int, state: LifecycleState
    ) -> list[AtomicMemoryHead]:
        """forgotten (from active) or retired (a merge result, from active); returns the changed head.
        Increments state_version and makes the memory unsearchable. A memory already in ``state``
        at the given revision and state_version changes nothing: ``[]``. WriteConflict on a stale
        revision or state_version or a transition that is not allowed; InvalidRecord when
        ``state`` is neither forgotten nor retired."""
        ...

    def merge_atomic_memories(
        self,
        scope_id: str,
        inputs: Sequence[tuple[str, int, int]],
        content: Mapping[str, Any],
        *,
        embedding: EmbeddingRow | None = None,
        source_refs: Sequence[SourceRef] = (),
        artifact_refs: Sequence[ArtifactRef] = (),
    ) -> list[AtomicMemoryHead]:
        """Merge >= 2 active memories ``(artifact_id, revision, state_version)`` into a new one;
        the inputs become ``merged`` with ``merged_into_id``. Returns the inputs' heads in input
        order, then the new memory's head. ``source_refs`` (content Sources of the Scope) become
        the new revision's Source lineage; ``artifact_refs`` (revisions of the Scope) follow the
        inputs in its artifact lineage, each exact revision once. RecordNotFound (``reference``)
        when an artifact reference names a revision the Scope lacks; RefusedReference for a Source
        the Scope lacks, a Working Note or a lineage Source, or an artifact reference to another
        revision of an input."""
        ...

    def plan_atomic_restoration(
        self, scope_id: str, artifact_id: str, *, operation: RestorationOperation, revision: int | None
    ) -> RestorationPlan:
        """What restoring ``artifact_id`` (``store.restoration``) would do, read in one snapshot,
        writing nothing. RecordNotFound (``artifact``) for an unknown memory or ``revision``;
        RestorationRefused for a retired memory, an ``undo_merge`` with a revision, or a merge path
        or merge inputs not as the merge left them."""
        ...

    def commit_atomic_restoration(
        self,
        plan: RestorationPlan,
        embeddings: Mapping[str, EmbeddingRow | None],
        *,
        endpoint: MemoryNode | None = None,
    ) -> RestorationResult:
        """Write ``plan`` in one transaction if a plan made now under the Scope's writer lock is the
        same (else RestorationChanged, nothing written) and, with a preview's ``endpoint``, the merge
        path still ends there (else PreviewEndpointMoved). ``embeddings``: the vectors of the contents the
        plan makes active, by artifact_id."""
        ...

    def publication_source(self, source: ArtifactRef, target_scope_id: str) -> RevisionRecord:
        """The exact revision ``publish_artifact`` would copy (``store.publications``), after its
        family (PublicationUnsupported: atomic memory first, profile and prompt once read) and both
        Scopes (RecordNotFound ``scope``) are checked; RecordNotFound ``artifact`` when missing."""
        ...

    def publish_artifact(
        self,
        record: RevisionRecord,
        target_scope_id: str,
        idempotency_key: str,
        *,
        embedding: EmbeddingRow | None = None,
    ) -> Publication:
        """Copy ``record`` into the target Scope as revision 1 of a new artifact, once per
        (target Scope, key): the key again answers its first publication when the source is the
        same, PublicationConflict when it is not."""
        ...

    def count_searchable(self, scope_id: str, family: HistoryFamily) -> int:
        """How many searchable heads the family has in the Scope (0 means no searchable head)."""
        ...

    def artifact_tags(self, scope_id: str, family: ArtifactFamily, artifact_id: str) -> list[str] | None:
        """The artifact's tags (display text, in the UTF-8 order of their keys); None when the
        artifact does not exist. Tags belong to the logical artifact, whatever its revision or state."""
        ...

    def replace_artifact_tags(
        self,
        scope_id: str,
        family: ArtifactFamily,
        artifact_id: str,
        tags: Mapping[str, str],
        *,
        precondition: Callable[[list[str]], bool],
    ) -> list[str]:
        """Make ``tags`` ({key: display text} from ``tags.normalize_tags``) the whole tag set when
        ``precondition(current tags)`` holds, checked inside the write (``tags.TagsChanged`` when it
        does not); the new tags. RecordNotFound when the Scope or the artifact does not exist."""
        ...

    def query_artifact_tags(
        self,
        scope_id: str,
        keys: Sequence[str],
        match: str,
        families: Sequence[str],
        *,
        include_inactive: bool,
        after: tuple[str, str] | None,
        limit: int,
    ) -> list[TaggedArtifact]:
        """Up to ``limit`` of the Scope's artifacts of ``families`` carrying every tag key of ``keys``
        (``match`` ``all``) or one at least (``any``), in (family, artifact_id) order after ``after``;
        only active ones unless ``include_inactive``; each with its head revision and tag set."""
        ...

    def tagged_artifact_ids(self, scope_id: str, family: ArtifactFamily, tags: Sequence[str], match: str) -> set[str]:
        """Ids of the Scope's artifacts of ``family`` carrying all of ``tags`` (``match`` ``all``) or
        any of them (``any``), compared by key (NFC, case folded), whatever their lifecycle state."""
        ...

    def bind_artifact_handle(self, scope_id: str, family: str, key: str, artifact_id: str, revision: int) -> bool:
        """Bind the Scope-local handle (family, key) once and for ever to the exact revision: True
        when this call bound it, False when it was bound to that revision already;
        ``handles.HandleTaken`` when it is bound to another revision; RecordNotFound when the Scope
        (kind ``scope``) or the revision (kind ``artifact``) does not exist (``store.handles``)."""
        ...

    def resolve_artifact_handle(self, scope_id: str, family: str, key: str) -> tuple[str, int] | None:
        """The (artifact_id, revision) the handle is bound to, or None when it is not bound."""
        ...

    def artifacts_missing_embedding(self, profile: str, limit: int) -> list[RevisionRecord]:
        """Searchable heads without a vector for ``profile`` (for backfill)."""
        ...

    def put_embedding(self, ref: ArtifactRef, embedding: EmbeddingRow) -> None:
        """Store (or overwrite) the vector of a searchable head. RecordNotFound when the revision does
        not exist; WriteConflict when it is not (or no longer) a searchable head."""
        ...


class CodeWorkspaces(Protocol):
    """Indexing a code workspace and reading it back exactly."""

    def index_workspace(self, scope_id: str, files: Sequence[tuple[str, bytes]], skipped: int) -> Workspace:
        """Replace the Scope's current workspace with these (path, bytes) files. Earlier file
        contents stay readable by exact read (content-addressed)."""
        ...

    def get_workspace(self, scope_id: str) -> Workspace | None: ...

    def query_code(self, scope_id: str, query: str, limit: int) -> list[CodeHit]:
        """Line ranges of the current workspace matching the query, best first."""
        ...

    def code_file(self, scope_id: str, fingerprint: str, path: str) -> CodeFile | None:
        """The file at ``path`` in the Scope's workspace ``fingerprint``; None when it holds none."""
        ...

    def read_code(
        self, scope_id: str, fingerprint: str, path: str, file_sha256: str, start_line: int, end_line: int
    ) -> CodeHit | None:
        """Exactly that range of that file version, from any workspace the Scope ever indexed; None
        when the workspace, path or file hash is unknown or the range is outside the file.
        InvalidRecord when the range is not 1-based, ordered and at most 200 lines."""
        ...


class Tokens(Protocol):
    """API tokens (the token itself is never stored, only its digest)."""

    def create_token(
        self, *, token_id: str, token_sha256: str, name: str | None, grants: Sequence[TokenGrant]
    ) -> TokenRecord:
        """Store a new token with its grants, stamped with the creation time. InvalidRecord per
        ``check_token``; WriteConflict when the id or the digest is already stored (revoked included)."""
        ...

    def get_token(self, token_id: str) -> TokenRecord | None:
        """The token with that id, revoked or not (callers refuse revoked tokens)."""
        ...

    def list_tokens(self) -> list[TokenRecord]:
        """Every token, revoked included, by creation time then id."""
        ...

    def revoke_token(self, token_id: str) -> TokenRecord:
        """Mark the token revoked (idempotent: a second revoke keeps the first ``revoked_at``) and
        return it. RecordNotFound when no token has that id."""
        ...


class BootstrapReceipts(Protocol):
    """Bootstrap delivery receipts."""

    def bootstrap_receipt_for_event(self, event_key: str) -> BootstrapReceipt | None:
        """The receipt stored for a host event, or None."""
        ...

    def create_bootstrap_receipt(self, receipt: BootstrapReceipt) -> tuple[BootstrapReceipt, bool]:
        """Store ``receipt`` unless a receipt for its ``event_key`` exists; (the stored one, created).
        RecordNotFound when its Scope does not exist."""
        ...

    def record_bootstrap_delivery(
        self, scope_id: str, receipt_id: str, outcome: BootstrapReceiptState
    ) -> tuple[BootstrapReceipt | None, bool]:
        """Move a pending receipt of ``scope_id`` to ``outcome`` atomically; (the receipt as it now
        is, whether this call moved it). (None, False) when the Scope holds no such receipt."""
        ...

    def purge_bootstrap_receipts(self, before: str) -> int:
        """Delete the receipts (and their items) created before ``before``; how many."""
        ...


class Sources(Protocol):
    """Captured Sources and their extraction (``pcreceipt.store.sources``)."""

    def capture_source(self, scope_id: str, source: CapturedSource, *, replay_only: bool = False) -> int | None:
        """Store the Source at the Scope's next position and return it; a Source already stored
        under its id with the same content and metadata returns its position (nothing written).
        SourceIdentityConflict when the id holds other content or metadata; RecordNotFound when the Scope
        does not exist. ``replay_only``: never store, return None when the id is not stored."""
        ...

    def latest_handoff(self, scope_id: str) -> HandoffRevision | None:
        """The Scope's latest committed Handoff revision, or None; RecordNotFound when the Scope
        does not exist."""
        ...

    def handoff_revision(self, scope_id: str, revision: int) -> HandoffRevision | None:
        """Exactly that committed Handoff revision of the Scope, or None."""
        ...

    def commit_handoff(
        self,
        scope_id: str,
        content: Mapping[str, Any],
        base: int | None,
        source_refs: Sequence[tuple[str, str]],
        artifact_refs: Sequence[tuple[str, str, int]],
    ) -> tuple[HandoffRevision, bool]:
        """Commit ``content`` as the Scope's next Handoff revision, in one transaction: when the
        latest revision holds the same content it is answered unchanged (False); otherwise ``base``
        must be the latest revision (None: there is none), else HandoffBaseConflict."""
        ...

    def find_source(self, scope_id: str, source_id: str) -> StoredSource | None:
        """The Scope's Source with that id (any origin), or None; RecordNotFound when the Scope
        does not exist."""
        ...

    def lineage_sources(self, refs: Sequence[ArtifactRef]) -> dict[ArtifactRef, tuple[str, ...]]:
        """For each revision, the ids of the Sources behind it, in position order: the lineage
        Source its write recorded, or the content Source a flush extracted it from (none for a
        merge result or a revision written before Sources existed)."""
        ...

    def pending_sources(self, scope_id: str, window: int) -> SourceWindow:
        """The next ``window`` Sources past the Scope's extraction cursor, with the cursor and the
        highest position (read only). RecordNotFound when the Scope does not exist."""
        ...

    def commit_extraction(
        self, scope_id: str, *, after: int, through: int, extracted: int | None, memories: Sequence[NewArtifact]
    ) -> list[RevisionRecord] | None:
        """In one transaction: create ``memories`` (active Atomic Memory, revision 1 each, no lineage
        Source of their own) as extracted from the content Source at position ``extracted``, and
        move the cursor from ``after`` to ``through``. None, with nothing written, when the cursor
        is no longer ``after`` (another flush moved it): a Source is extracted once. RecordNotFound
        when the Scope does not exist; InvalidRecord for content the store does not take."""
        ...

    def flush_sources(self, scope_id: str, window: int) -> FlushWindow:
        """Move the Scope's extraction cursor past the next ``window`` Sources when none of them
        needs extraction (captured content does; lineage Sources and Working Notes do not).
        RecordNotFound when the Scope does not exist."""
        ...


class Statistics(Protocol):
    """Per-Scope counters (``pcreceipt.store.statistics``)."""

    def record_preparation(
        self, scope_id: str, day: str, *, ready: bool, selected: Sequence[ArtifactRef], recalled_tokens: int
    ) -> None:
        """Count one prepare of ``scope_id`` on ``day``: ready or not; comparable when it is ready,
        selected at least one artifact, and each traces back (its lineage) to stored Sources;
        then the Sources' estimated tokens (each distinct Source once) and ``recalled_tokens``.
        An appended event: nothing shared with another prepare is updated in place."""
        ...

    def fold_recall_events(self) -> int:
        """Fold the appended prepare events into the day rows; how many this call folded (each
        event exactly once across every store on the database)."""
        ...

    def scope_statistics(self, scope_ids: Sequence[str], first_day: str, last_day: str) -> dict[str, ScopeCounts]:
        """The counts of each Scope (read in one snapshot), its prepare counters from ``first_day``
        to ``last_day`` (both included, ``YYYY-MM-DD``)."""
        ...


@runtime_checkable
class Store(
    StoreLifecycle,
    RecallReads,
    Scopes,
    Artifacts,
    CodeWorkspaces,
    Tokens,
    AccessControl,
    BootstrapReceipts,
    Sources,
    Statistics,
    Candidates,
    ExternalSkills,
    ConnectorCheckpointRecords,
    HandoffBoundaryRecords,
    DreamRunRecords,
    ProfilePolicyRecords,
    RemoteSkillTargets,
    SourceViewReads,
    SkillGovernanceRoles,
    Protocol,
):
    """Everything an engine implements: the union of the roles above and of ``store.service_roles``.
    Code that needs one role takes that role (``pcreceipt.prepare`` takes ``RecallReads``); the
    server and the CLI hold a ``Store``."""
