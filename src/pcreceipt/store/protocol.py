"""The one storage protocol behind recall, exact reads and writes.

Engines (SQLite, OceanBase) implement ``Store``; nothing above this module knows which engine
it talks to. The protocol speaks in contract terms (Scopes, artifact revisions, heads,
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
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from pcreceipt.errors import PcreceiptError
from pcreceipt.models import limits
from pcreceipt.store.scope_protocol import ConnectionPinning, CurrentCode, ScopeUpdating, SearchProbing

HistoryFamily = limits.HistoryFamily
ArtifactFamily = limits.ArtifactFamily
LifecycleState = limits.AtomicMemoryState
TextMatch = Literal["all", "any", "prefix"]
"""How full-text query terms combine: every term, any term, or any term or term prefix."""
GrantAccess = Literal["read", "write", "admin"]
"""What a token may do in a Scope; each level includes the ones before it (admin ⊇ write ⊇ read)."""

GRANT_ACCESS: tuple[GrantAccess, ...] = ("read", "write", "admin")
ALL_SCOPES = "*"
"""The grant target that stands for every Scope, present and future."""

HISTORY_FAMILIES: tuple[HistoryFamily, ...] = limits.HISTORY_FAMILY_ENUM
SEARCHABLE_FAMILIES: tuple[HistoryFamily, ...] = ("atomic-memory", "topic-memory", "experience")


class StoreError(PcreceiptError):
    """Base of the store's errors. Messages never carry artifact bodies or query text."""


class RecordNotFound(StoreError):
    """The Scope, artifact, revision or token named does not exist; ``kind`` says which (the API
    answers ``scope_not_found`` or ``artifact_not_found`` by it; ``reference``, a merge's artifact
    reference naming a revision the Scope lacks, is ``not_found``)."""

    def __init__(self, message: str, *, kind: Literal["scope", "artifact", "token", "reference"]):
        super().__init__(message)
        self.kind = kind


ConflictReason = limits.ConflictReason
"""Which conflict a ``WriteConflict`` is; the API sends it as ``error.details.reason`` (the
closed enum ``ConflictReason`` of schemas/common.schema.json)."""


class WriteConflict(StoreError):
    """A write that was valid against an earlier state; ``reason`` says which conflict it is."""

    def __init__(
        self,
        message: str,
        *,
        reason: ConflictReason,
        current_revision: int | None = None,
        current_state_version: int | None = None,
    ):
        super().__init__(message)
        self.reason: ConflictReason = reason
        self.current_revision = current_revision
        self.current_state_version = current_state_version


class InvalidRecord(StoreError):
    """A write or read the store can never accept (bad ids, content, vectors or ranges)."""


class RefusedReference(InvalidRecord):
    """A merge's ``source_refs[index]`` or ``artifact_refs[index]`` (``field``) is refused; ``rule``
    says why: ``source_not_found`` (no such content Source in the Scope), ``source_not_eligible`` (a
    Working Note or another write's lineage Source, which cannot be evidence of a new revision) or
    ``merge_input_revision`` (another revision of a merge input)."""

    def __init__(
        self,
        message: str,
        *,
        field: Literal["source_refs", "artifact_refs"],
        index: int,
        rule: Literal["source_not_found", "source_not_eligible", "merge_input_revision"],
    ):
        super().__init__(message)
        self.field = field
        self.index = index
        self.rule = rule


class StoreUnavailable(StoreError):
    """The engine cannot serve now (closed, unreachable, busy, out of resources, newer schema)."""


class VectorSearchUnavailable(StoreError):
    """The engine has no vector search (e.g. the SQLite vector extension cannot be loaded).

    Recall treats it as "fall back to full text". Writes never raise it: an embedding given to a
    write is then not stored, and the artifact is backfilled once vectors are available.
    """


@dataclass(frozen=True, slots=True)
class Scope:
    scope_id: str
    title: str
    summary: str
    parent_scope_id: str | None
    context_references: tuple[str, ...]
    external_references: tuple[Mapping[str, str], ...]
    version: int


@dataclass(frozen=True, slots=True)
class ArtifactRef:
    """An exact revision within a Scope (the Receipt's ArtifactAddress)."""

    scope_id: str
    family: ArtifactFamily
    artifact_id: str
    revision: int

    def reference(self) -> dict[str, Any]:
        """The contract's ArtifactReference: the revision without its Scope."""
        return {"family": self.family, "artifact_id": self.artifact_id, "revision": self.revision}

    def address(self) -> dict[str, Any]:
        """The contract's ArtifactAddress: the reference qualified by its Scope."""
        return {"scope_id": self.scope_id, "artifact": self.reference()}


@dataclass(frozen=True, slots=True)
class SourceRef:
    """A Source a write names as its evidence: its type and id, as the request gave them."""

    source_type: str
    source_id: str


@dataclass(frozen=True, slots=True)
class RevisionRecord:
    """One immutable revision, as stored."""

    ref: ArtifactRef
    content: Mapping[str, Any]
    content_digest: str
    created_at: str | None
    derived_from: tuple[ArtifactRef, ...] = ()
    prompt_key: str | None = None
    source_refs: tuple[SourceRef, ...] = ()
    """Source evidence the write named itself (a merge's ``source_refs``), in the order given."""
    lineage_artifacts: tuple[ArtifactRef, ...] = ()
    """The artifact lineage the write named itself (a merge's inputs, then its ``artifact_refs``,
    each exact revision once); empty when the lineage is implied (``derived_from``, the previous
    revision)."""


@dataclass(frozen=True, slots=True)
class AtomicMemoryHead:
    """The head of an atomic memory: its current revision and lifecycle."""

    ref: ArtifactRef
    kind: str
    text: str
    state: LifecycleState
    state_version: int
    merged_into_id: str | None


@dataclass(frozen=True, slots=True)
class Hit:
    """One search hit: an exact revision and its content, in rank order within its list."""

    ref: ArtifactRef
    content: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Workspace:
    scope_id: str
    fingerprint: str
    files: int
    lines: int
    skipped: int
    indexed_at: str


@dataclass(frozen=True, slots=True)
class CodeHit:
    """A line range of an indexed file; ``lines`` are the range's text lines without newlines."""

    scope_id: str
    fingerprint: str
    path: str
    file_sha256: str
    start_line: int
    end_line: int
    lines: tuple[str, ...] = field(repr=False)


@dataclass(frozen=True, slots=True)
class CodeFile:
    """One file of an indexed workspace: its path, the sha256 of its bytes, and the bytes."""

    path: str
    file_sha256: str
    data: bytes = field(repr=False)


@dataclass(frozen=True, slots=True)
class EmbeddingRow:
    """A vector to store beside an artifact revision, with the profile that produced it."""

    profile: str
    vector: Sequence[float]


@dataclass(frozen=True, slots=True)
class NewArtifact:
    """One artifact to create (see ``Store.create_artifact`` for the fields' rules)."""

    content: Mapping[str, Any]
    prompt_key: str | None = None
    artifact_id: str | None = None
    embedding: EmbeddingRow | None = None


@dataclass(frozen=True, slots=True)
class TokenGrant:
    """One grant of a token: ``access`` on ``scope_id`` (a Scope id, or ``ALL_SCOPES``)."""

    scope_id: str
    access: GrantAccess


@dataclass(frozen=True, slots=True)
class TokenRecord:
    """A stored API token: never the token itself, only its SHA-256 hex digest."""

    token_id: str
    name: str | None
    token_sha256: str = field(repr=False)
    grants: tuple[TokenGrant, ...]
    created_at: str
    revoked_at: str | None = None


BootstrapReceiptState = limits.BootstrapDeliveryReceiptState
"""A bootstrap delivery receipt's state: pending, injected, skipped or failed."""


@dataclass(frozen=True, slots=True)
class BootstrapReceipt:
    """A stored bootstrap delivery receipt: content-free. ``event_key`` is the SHA-256 hex of the
    host event's identity (Scope, integration, lifecycle, event id), never the event id itself;
    ``request_digest`` covers the package-shaping request fields."""

    receipt_id: str
    scope_id: str
    event_key: str
    request_digest: str
    state: BootstrapReceiptState
    created_at: str
    items: tuple[BootstrapItem, ...] = ()


@dataclass(frozen=True, slots=True)
class BootstrapItem:
    """One item a ready bootstrap package delivered: its Scope-qualified revision, the digest of
    that revision's content and whether its body was cut (content-free)."""

    scope_id: str
    family: str
    artifact_id: str
    revision: int
    content_digest: str
    truncated: bool


class SourceIdentityConflict(StoreError):
    """A Source id of the Scope is already taken by a Source with other content or metadata."""


SourceOrigin = Literal["content", "working_note", "lineage"]
"""How a Source came to be: captured content, a captured Working Note, or the lineage record of an
artifact write (its text is the revision's content; the revision is its target)."""


@dataclass(frozen=True, slots=True)
class CapturedSource:
    """A Source a caller captures (``Store.capture_source``). ``metadata`` is stored as given
    (None when absent); for a Working Note it holds the note's kind, session and expiry."""

    source_id: str
    content: str
    metadata: Mapping[str, Any] | None
    working_note: bool = False


@dataclass(frozen=True, slots=True)
class FlushWindow:
    """What one flush did: the cursor before and after, the highest position, and whether the
    window held Sources that need extraction (then the cursor did not move)."""

    previous_cursor: int
    current_cursor: int
    high_watermark: int
    needs_extraction: bool


@dataclass(frozen=True, slots=True)
class PendingSource:
    """A Source past the extraction cursor: its position, origin and id; ``content`` and
    ``metadata`` as captured (None for a lineage Source, which stores no text)."""

    position: int
    origin: SourceOrigin
    source_id: str
    content: str | None
    metadata: Mapping[str, Any] | None


@dataclass(frozen=True, slots=True)
class SourceWindow:
    """The Sources past a Scope's extraction cursor (at most the window asked for), in position order."""

    cursor: int
    high_watermark: int
    sources: tuple[PendingSource, ...]


@dataclass(frozen=True, slots=True)
class RecallDay:
    """A Scope's prepare counters of one UTC day (``YYYY-MM-DD``)."""

    day: str
    preparations: int
    ready_preparations: int
    comparable_preparations: int
    baseline_tokens: int
    recalled_tokens: int


@dataclass(frozen=True, slots=True)
class ScopeCounts:
    """One Scope's stored counts: its highest Source position, the extraction cursor, artifacts
    per family, atomic memories per (kind, state), and the prepare counters of the days asked for."""

    sources: int
    processed: int
    artifacts: tuple[tuple[str, int], ...]
    memories: tuple[tuple[str, str, int], ...]
    recall: tuple[RecallDay, ...]


@dataclass(frozen=True, slots=True)
class BindingKey:
    """A host-owned key a Scope is bound to; matched exactly (``pcreceipt.store.bindings``)."""

    integration: str
    kind: str
    external_id: str


@dataclass(frozen=True, slots=True)
class ScopeFilters:
    """``list_scopes``' filters; every one given must hold (``pcreceipt.store.bindings``).

    ``query`` is a literal, case-sensitive substring of ``query_field`` (the two come together);
    ``external_reference_kind`` and ``binding_*`` ask for one reference or binding with that
    kind or integration (and, with ``external_reference_value`` / ``binding_external_id``
    queries, the same reference or binding must hold the substring).
    """

    query: str | None = None
    query_field: limits.ScopeQueryField | None = None
    parent_scope_id: str | None = None
    external_reference_kind: str | None = None
    binding_integration: str | None = None
    binding_kind: str | None = None


MAX_TOKEN_GRANTS = 1024  # not a contract limit: tokens are not in the contract


def check_token(token_id: str, token_sha256: str, name: str | None, grants: Sequence[TokenGrant]) -> None:
    """``InvalidRecord`` unless the token can be stored: an id of 1–64 printable ASCII, a
    64-hex digest, a name of at most 200 characters, and 1–1024 grants with a known access
    level, a non-blank target of at most 256 characters, and no target twice."""
    if not (1 <= len(token_id) <= 64 and token_id.isascii() and token_id.isprintable() and " " not in token_id):
        raise InvalidRecord("a token id is 1 to 64 printable ASCII characters")
    if len(token_sha256) != 64 or any(c not in "0123456789abcdef" for c in token_sha256):
        raise InvalidRecord("a token digest is 64 lowercase hex digits")
    if name is not None and len(name) > 200:  # not a contract limit: tokens are not in the contract
        raise InvalidRecord("a token name is at most 200 characters")
    if not 1 <= len(grants) <= MAX_TOKEN_GRANTS:
        raise InvalidRecord("a token has 1 to 1024 grants")
    targets = [grant.scope_id for grant in grants]
    if len(set(targets)) != len(targets):
        raise InvalidRecord("a token grants each Scope once")
    for grant in grants:
        if grant.access not in GRANT_ACCESS:
            raise InvalidRecord("a grant is read, write or admin")
        if not grant.scope_id.strip() or len(grant.scope_id) > limits.SCOPE_ID_MAX_LENGTH:
            raise InvalidRecord("a grant names a Scope id or *")


@runtime_checkable
class Store(ScopeUpdating, SearchProbing, ConnectionPinning, CurrentCode, Protocol):
    """What recall, exact reads and the write API need from an engine."""

    engine: str  # "sqlite" or "oceanbase"
    vector_search_available: bool

    # -- lifecycle of the store itself
    def close(self) -> None: ...

    # -- Scopes
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

    def get_scope(self, scope_id: str) -> Scope | None: ...

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

    # -- the default Scope and Scope bindings (``pcreceipt.store.bindings``)
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

    # -- artifacts
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

    # -- search (bounded, rank order, searchable heads only)
    def search_text(
        self, scope_id: str, family: HistoryFamily, query: str, limit: int, *, match: TextMatch = "any"
    ) -> list[Hit]:
        """Searchable heads matching the query's terms (combined per ``match``), best first. Stop words
        and punctuation are not terms; a query without terms finds nothing."""
        ...

    def search_vector(
        self, scope_id: str, family: HistoryFamily, vector: Sequence[float], profile: str, limit: int
    ) -> list[Hit]:
        """Nearest searchable heads by cosine distance; [] when the profile has no vectors yet.
        InvalidRecord when the vector's dimension is not the profile's."""
        ...

    def count_searchable(self, scope_id: str, family: HistoryFamily) -> int:
        """How many searchable heads the family has in the Scope (0 means no searchable head)."""
        ...

    # -- artifact tags (``pcreceipt.store.tags``)
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

    def tagged_artifact_ids(self, scope_id: str, family: ArtifactFamily, tags: Sequence[str], match: str) -> set[str]:
        """Ids of the Scope's artifacts of ``family`` carrying all of ``tags`` (``match`` ``all``) or
        any of them (``any``), compared by key (NFC, case folded), whatever their lifecycle state."""
        ...

    def has_searchable(self, scope_id: str, family: HistoryFamily) -> bool:
        """Whether the family has any searchable head in the Scope (an existence check, O(1) with
        the engine's index; recall asks it before searching a family whose reader needs a head)."""
        ...

    def read_profile(self, scope_id: str) -> Hit | None:
        """The Scope's committed profile snapshot, if any."""
        ...

    def artifacts_missing_embedding(self, profile: str, limit: int) -> list[RevisionRecord]:
        """Searchable heads without a vector for ``profile`` (for backfill)."""
        ...

    def put_embedding(self, ref: ArtifactRef, embedding: EmbeddingRow) -> None:
        """Store (or overwrite) the vector of a searchable head. RecordNotFound when the revision does
        not exist; WriteConflict when it is not (or no longer) a searchable head."""
        ...

    # -- code workspaces
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

    # -- API tokens (authorisation; the token itself is never stored, only its digest)
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

    # -- server identity and bootstrap receipts
    def server_id(self) -> str:
        """The deployment's identity: generated once, when the store's schema was created, and the
        same for every server on this database."""
        ...

    def cursor_secret(self) -> bytes:
        """The key that signs list cursors: 32 random bytes, created at its first use and the
        same for every server on this database; never served."""
        ...

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

    def bootstrap_exclusions(self, scope_id: str, receipt_id: str, *, since: str) -> list[BootstrapItem]:
        """The Atomic Memory items delivered untruncated by ``receipt_id`` when it is a receipt of
        ``scope_id`` recorded ``injected`` and created at or after ``since``; [] otherwise."""
        ...

    def purge_bootstrap_receipts(self, before: str) -> int:
        """Delete the receipts (and their items) created before ``before``; how many."""
        ...

    # -- Sources (``pcreceipt.store.sources``) and statistics (``pcreceipt.store.statistics``)
    def capture_source(self, scope_id: str, source: CapturedSource, *, replay_only: bool = False) -> int | None:
        """Store the Source at the Scope's next position and return it; a Source already stored
        under its id with the same content and metadata returns its position (nothing written).
        SourceIdentityConflict when the id holds other content or metadata; RecordNotFound when the Scope
        does not exist. ``replay_only``: never store, return None when the id is not stored."""
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

    def record_preparation(
        self, scope_id: str, day: str, *, ready: bool, selected: Sequence[ArtifactRef], recalled_tokens: int
    ) -> None:
        """Count one prepare of ``scope_id`` on ``day``: ready or not; comparable when it is ready,
        selected at least one artifact, and each traces back (its lineage) to stored Sources;
        then the Sources' estimated tokens (each distinct Source once) and ``recalled_tokens``."""
        ...

    def scope_statistics(self, scope_ids: Sequence[str], first_day: str, last_day: str) -> dict[str, ScopeCounts]:
        """The counts of each Scope (read in one snapshot), its prepare counters from ``first_day``
        to ``last_day`` (both included, ``YYYY-MM-DD``)."""
        ...

    # -- maintenance
    def check_integrity(self) -> list[str]:
        """Problems found in the stored data (content-free descriptions); empty when consistent:
        every head has its revisions, exactly the searchable heads are indexed, vectors belong to
        searchable heads, and the current workspaces' chunks are indexed."""
        ...
