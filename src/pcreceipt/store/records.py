"""The store's domain: the records it reads and writes, its errors, and the constants they use.

Everything here is plain data (frozen dataclasses, literals, exceptions) and imports nothing of the
store's engines or protocols; ``pcreceipt.store.protocol`` says what an engine does with them.
Modules above the store import their records from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from pcreceipt.errors import PcreceiptError
from pcreceipt.models import limits

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
class TaggedArtifact:
    """An artifact a tag query matched: its head revision and its whole tag set (key order)."""

    family: str
    artifact_id: str
    revision: int
    tags: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Hit:
    """One search hit: an exact revision and its content, in rank order within its list."""

    ref: ArtifactRef
    content: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class TextSearch:
    """One ``search_text`` call, to run with others in ``search_text_many``."""

    scope_id: str
    family: HistoryFamily
    query: str
    limit: int
    match: TextMatch = "any"


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


class HandoffBaseConflict(StoreError):
    """A Handoff commit whose base is not the Scope's latest committed Handoff revision."""


HANDOFF: Final = "handoff"
"""A committed Handoff's family, and its artifact id: a Scope has one Handoff lifecycle."""


@dataclass(frozen=True, slots=True)
class HandoffRevision:
    """One committed Handoff revision of a Scope (``Store.commit_handoff``): its content in
    PowerContext 1.4.1's runtime form and its lineage, the Sources (type, id) and the artifact
    revisions (family, id, revision) its state and next action cite, each once in citation order."""

    scope_id: str
    revision: int
    content: Mapping[str, Any]
    source_refs: tuple[tuple[str, str], ...]
    artifact_refs: tuple[tuple[str, str, int], ...]
    created_at: str


SourceOrigin = Literal["content", "working_note", "lineage", "observation", "skill_usage"]
"""How a Source came to be: captured content, a captured Working Note, or the lineage record of an
artifact write (its text is the revision's content; the revision is its target), or a managed
Skill usage observation (``store.skill_usage``)."""


@dataclass(frozen=True, slots=True)
class CapturedSource:
    """A Source a caller captures (``Store.capture_source``). ``metadata`` is stored as given
    (None when absent); for a Working Note it holds the note's kind, session and expiry."""

    source_id: str
    content: str
    metadata: Mapping[str, Any] | None
    working_note: bool = False


@dataclass(frozen=True, slots=True)
class StoredSource:
    """One stored Source found by its id (``Store.find_source``): its position, origin, and
    ``content`` and ``metadata`` as captured (None for a lineage Source, which stores no text)."""

    position: int
    origin: SourceOrigin
    source_id: str
    content: str | None
    metadata: Mapping[str, Any] | None


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


def served_content(record: RevisionRecord) -> dict[str, Any]:
    """The content as PowerContext serves it: an atomic memory's carries ``creation``, the merge
    it came from (a merge result's revision 1, which derives from its inputs) or null; an
    experience's carries ``failure``, null when it was written without one (1.4.1 serialises
    every field of its content model)."""
    content = dict(record.content)
    if record.ref.family == "atomic-memory":
        merged = [d.artifact_id for d in record.derived_from]
        content["creation"] = {"type": "merge", "input_artifact_ids": merged} if merged else None
    elif record.ref.family == "experience":
        content.setdefault("failure", None)
    return content


# -- Experience and Skill candidates (``pcreceipt.store.candidates``)

CandidateStatus = limits.CandidateStatus
ReviewedFamily = limits.ReviewedFamily


@dataclass(frozen=True, slots=True)
class CandidateRecord:
    """One version of a candidate with the head's review state (``history`` shows every version
    pending). ``artifact_refs``, ``target`` and ``result`` are revisions of the candidate's Scope."""

    scope_id: str
    candidate_id: str
    version: int
    family: ReviewedFamily
    status: CandidateStatus
    proposal: Mapping[str, Any]
    source_refs: tuple[SourceRef, ...]
    artifact_refs: tuple[ArtifactRef, ...]
    target: ArtifactRef | None
    reason: str | None
    result: ArtifactRef | None
    decision_reason: str | None


@dataclass(frozen=True, slots=True)
class SkillRevision:
    """One immutable managed Skill revision (``managed_skills``) with the evidence it was approved from."""

    ref: ArtifactRef
    content: Mapping[str, Any]
    source_refs: tuple[SourceRef, ...]
    artifact_refs: tuple[ArtifactRef, ...]


class UnknownCandidate(StoreError):
    """The Scope has no candidate of that id."""


class CandidateStale(StoreError):
    """The candidate is pending at another version than the one the request named."""

    def __init__(self, expected_version: int, current_version: int) -> None:
        super().__init__("the candidate version is stale")
        self.expected_version = expected_version
        self.current_version = current_version


class CandidateDecided(StoreError):
    """The candidate was already approved or rejected."""

    def __init__(self, status: str) -> None:
        super().__init__("the candidate is already decided")
        self.status = status


class TargetMoved(StoreError):
    """A candidate's target is no longer its artifact's head; ``current`` is the head."""

    def __init__(self, current: ArtifactRef) -> None:
        super().__init__("the candidate's target is not the current head")
        self.current = current


class InvalidCandidate(InvalidRecord):
    """A proposal the review rules refuse: ``field`` names what, ``reason`` is PowerContext's public
    reason when it has one (None: 1.4.1 gives no details)."""

    def __init__(self, field: str, reason: str | None = None) -> None:
        super().__init__(f"the candidate's {field} is refused")
        self.field = field
        self.reason = reason


@dataclass(frozen=True, slots=True)
class EvidenceText:
    """One exact evidence item as a generation model reads it: ``evidence_id`` names it
    (``source:<type>/<id>`` or ``artifact:<family>/<id>@<revision>``), ``text`` is its JSON, cut
    to ``MAX_EVIDENCE_CHARS`` (``truncated`` says so)."""

    evidence_id: str
    kind: Literal["source", "artifact"]
    text: str
    truncated: bool
