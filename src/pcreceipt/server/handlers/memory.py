"""The handlers of the hosts' memory tools: ``remember_memory``, ``search_memory`` and
``search_atomic_memory`` (registered in ``server.handlers.HANDLERS``), in PowerContext 1.4.1's shapes.

Decisions (``docs/decisions.md``, "Memory over HTTP"):
- Remember creates a new active Atomic Memory through the artifact writer (embedded when an
  embedder is configured), so it records a lineage Source at the Scope's next position like every
  artifact write; no text is de-duplicated. ``reason`` is accepted and not stored; a non-null
  ``expected_revision`` is refused (422) before anything is written.
- Search reads active Atomic Memory only: full text (any query term, the store's ranking) and,
  when the mode and the server allow, the nearest vectors; each hit scores the sum over its
  channels of ``1 / (60 + rank)`` (ranks from 1, equal weights) and names its channels.
  ``auto`` is hybrid with an embedder and vector search, else text; ``vector``/``hybrid``
  without them are 422 (rule ``embedder_required``), and a failing embedder is 503 for them
  while ``auto`` falls back to text. ``search_atomic_memory`` is the same search with
  PowerContext's atomic-memory request (mode ``text`` by default).
- Filters (``kind``; ``tag_filter`` or ``tags``/``tag_match``, matched by key as tags are, ``all``
  by default) apply before ranks and the limit: each channel then reads every searchable memory
  of the Scope it matches, keeps the admitted ones and ranks those from 1. A refused filter tag
  is 422 at its index; an empty ``tags`` list filters nothing.
- ``list_atomic_memories`` and ``list_memory_entries`` are one listing of heads in artifact id
  order (states, kind, tags; signed cursors of ``server.http.cursor``, bound to every filter).
  ``get_memory_entry``: a citation is 422 ``legacy_memory_operation_unsupported``, a target 404
  (nothing was ever migrated from legacy Memory collections).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from pcreceipt.errors import InferenceUnavailable, LegacyEntryNotFound, LegacyMemoryOperationUnsupported
from pcreceipt.inference import InferenceError
from pcreceipt.models import bodies, limits
from pcreceipt.server.handlers import records
from pcreceipt.server.handlers.common import invalid
from pcreceipt.server.http.cursor import decode_cursor, encode_cursor, signing
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import AtomicMemoryHead, Hit, LifecycleState
from pcreceipt.store.tags import InvalidTag, normalize_tags

ATOMIC_MEMORY: Final = "atomic-memory"
ATOMIC_MEMORY_SCHEMA = limits.ATOMIC_MEMORY_CONTENT_SCHEMA_CONST
RRF_K = 60
TEXT, VECTOR, HYBRID = limits.ATOMIC_MEMORY_SEARCH_MODE_ENUM
BY_TEXT, BY_VECTOR = limits.ATOMIC_MEMORY_SEARCH_HIT_MATCHED_BY_ITEMS_ENUM
BOTH = [BY_TEXT, BY_VECTOR]
ALL = limits.TAG_FILTER_MATCH_DEFAULT


def remember_memory(call: Call[bodies.RememberMemoryRequest]) -> Reply:
    body = call.body
    if body.get("expected_revision") is not None:
        raise invalid(
            "/expected_revision",
            "legacy_precondition_unsupported",
            "expected_revision is a legacy collection precondition; omit it or send null.",
        )
    content = {"schema": ATOMIC_MEMORY_SCHEMA, "kind": body["kind"], "text": body["text"]}
    record = call.services.writer.create(body["scope_id"], ATOMIC_MEMORY, content)
    head = AtomicMemoryHead(
        ref=record.ref,
        kind=record.content["kind"],
        text=record.content["text"],
        state="active",
        state_version=0,
        merged_into_id=None,
    )
    return Reply(200, {"changed": True, "records": [records.atomic_memory_record(head)]})


def _channels(call: Call, mode: str) -> tuple[bool, bool]:
    """Whether to search full text and vectors; ``auto`` takes vectors when it can."""
    can_embed = call.services.writer.embedder is not None and call.services.store.vector_search_available
    if mode in (VECTOR, HYBRID) and not can_embed:
        raise invalid(
            "/mode",
            "embedder_required",
            "Vector and hybrid search need an embedder, and none is configured.",
        )
    if mode == "auto":
        return True, can_embed
    return mode != VECTOR, mode != "fts"


def query_vector(call: Call, query: str, *, required: bool) -> list[float] | None:
    embedder = call.services.writer.embedder
    assert embedder is not None
    try:
        (vector,) = embedder.embed([query])
    except InferenceError:
        if required:
            raise InferenceUnavailable("The embedder did not answer; vector search is unavailable.") from None
        return None
    return vector


def fuse(channels: Sequence[tuple[str, Sequence[Hit]]], limit: int) -> list[tuple[Hit, float, list[str]]]:
    """Reciprocal rank fusion: each hit scores the sum over the channels that found it of
    ``1 / (60 + rank)`` (ranks from 1); best first, ties in the order first seen."""
    scores: dict[tuple[str, int], float] = {}
    hits: dict[tuple[str, int], Hit] = {}
    matched: dict[tuple[str, int], list[str]] = {}
    for name, ranked in channels:
        for rank, hit in enumerate(ranked, start=1):
            key = (hit.ref.artifact_id, hit.ref.revision)
            hits.setdefault(key, hit)
            scores[key] = scores.get(key, 0.0) + 1.0 / (RRF_K + rank)
            matched.setdefault(key, []).append(name)
    order = sorted(scores, key=lambda key: -scores[key])
    return [(hits[key], scores[key], matched[key]) for key in order[:limit]]


def _active_head(store: Store, scope_id: str, hit: Hit) -> AtomicMemoryHead | None:
    """The hit's memory when it is still the active head (a search and a concurrent lifecycle
    change may cross)."""
    head = store.get_atomic_memory_head(scope_id, hit.ref.artifact_id)
    if head is None or head.state != "active" or head.ref.revision != hit.ref.revision:
        return None
    return head


def filtered_hits(hits: Sequence[Hit], kind: str | None, tagged: set[str] | None) -> list[Hit]:
    """The Atomic Memory hits of ``kind`` (None: any) among the ``tagged`` ids (None: any), in order
    (``search_memory``, ``search_atomic_memory`` and ``search_artifacts`` filter so)."""
    return [
        hit
        for hit in hits
        if (kind is None or hit.content.get("kind") == kind) and (tagged is None or hit.ref.artifact_id in tagged)
    ]


def tagged_ids(call: Call, scope_id: str, tags: Sequence[str], match: str, pointer: str) -> set[str]:
    """Ids of the Scope's atomic memories the tag filter admits; 422 at the first refused tag
    (``pointer``: the tags' JSON pointer in the request)."""
    try:
        normalize_tags(tags)
    except InvalidTag as refused:
        raise invalid(f"{pointer}/{refused.index}", refused.rule, "A filter tag is refused.") from None
    return call.services.store.tagged_artifact_ids(scope_id, ATOMIC_MEMORY, tags, match)


def _search(
    call: Call, requested: str, limit: int, *, kind: str | None = None, tagged: set[str] | None = None
) -> Reply:
    """Both searches: the channels the mode names, each list filtered (``kind``, the ``tagged``
    ids) before it is ranked (so a filter searches every active memory of the Scope), then fused
    and cut."""
    body = call.body
    scope_id, query = body["scope_id"], body["query"]
    use_text, use_vector = _channels(call, requested)
    store = call.services.store
    filtered = kind is not None or tagged is not None
    depth = max(limit, store.count_searchable(scope_id, ATOMIC_MEMORY)) if filtered else limit
    channels: list[tuple[str, Sequence[Hit]]] = []
    none_tagged = tagged == set()  # the filter admits nothing: no channel needs to search
    if use_text:
        hits = [] if none_tagged else store.search_text(scope_id, ATOMIC_MEMORY, query, depth, match="any")
        channels.append((BY_TEXT, filtered_hits(hits, kind, tagged)))
    if use_vector:
        vector = query_vector(call, query, required=requested != "auto")
        embedder = call.services.writer.embedder
        if vector is not None and embedder is not None:
            hits = [] if none_tagged else store.search_vector(scope_id, ATOMIC_MEMORY, vector, embedder.profile, depth)
            channels.append((BY_VECTOR, filtered_hits(hits, kind, tagged)))
    used = [name for name, _ in channels]
    mode = HYBRID if used == BOTH else (VECTOR if used == [BY_VECTOR] else TEXT)
    found: list[dict[str, Any]] = []
    for hit, score, matched_by in fuse(channels, limit):
        head = _active_head(store, scope_id, hit)
        if head is not None:
            found.append({"memory": records.atomic_memory_record(head), "score": score, "matched_by": matched_by})
    return Reply(200, {"mode": mode, "hits": found})


def search_memory(call: Call[bodies.SearchMemoryRequest]) -> Reply:
    body = call.body
    limit = int(body.get("limit", limits.SEARCH_MEMORY_REQUEST_LIMIT_DEFAULT))  # JSON Schema's integer admits 1.0
    tag_filter = body.get("tag_filter")
    tagged = None
    if tag_filter is not None:
        match = tag_filter.get("match", limits.TAG_FILTER_MATCH_DEFAULT)
        tagged = tagged_ids(call, body["scope_id"], tag_filter["tags"], match, "/tag_filter/tags")
    return _search(call, body.get("mode", limits.SEARCH_MEMORY_REQUEST_MODE_DEFAULT), limit, tagged=tagged)


def search_atomic_memory(call: Call[bodies.SearchAtomicMemoryRequest]) -> Reply:
    body = call.body
    limit = int(body.get("limit", limits.SEARCH_ATOMIC_MEMORY_REQUEST_LIMIT_DEFAULT))
    mode = body.get("mode", limits.SEARCH_ATOMIC_MEMORY_REQUEST_MODE_DEFAULT)
    tags = body.get("tags") or []
    tagged = tagged_ids(call, body["scope_id"], tags, body.get("tag_match", ALL), "/tags") if tags else None
    return _search(call, "fts" if mode == TEXT else mode, limit, kind=body.get("kind"), tagged=tagged)


ACTIVE_ONLY: Final = ("active",)
EVERY_STATE: Final = tuple(limits.ATOMIC_MEMORY_STATE_ENUM)


def _list_heads(
    call: Call, states: Sequence[str], kind: str | None, limit: int, tag_filter: tuple[list[str], str] | None = None
) -> tuple[list[bodies.AtomicMemoryRecord], str | None]:
    """One page of heads and its next cursor. Both listings are one listing (as in PowerContext):
    a cursor is bound to the Scope, the sorted states, the kind and the tag filter (its keys,
    sorted, and its match), so either operation continues the other's cursor for the same
    selection. A tag filter admits heads by the artifact's tags before the limit: the store's
    pages are read on until the page is full or the listing ends."""
    scope_id = call.body["scope_id"]
    tagged: set[str] | None = None
    tag_keys: list[str] | None = None
    match: str | None = None
    if tag_filter is not None:
        tags, match, pointer = *tag_filter, "/tags" if "tags" in call.body else "/tag_filter/tags"
        tagged = tagged_ids(call, scope_id, tags, match, pointer)
        tag_keys = sorted(normalize_tags(tags))
    bound = {"listing": "atomic-memory", "scope": scope_id, "states": sorted(states), "kind": kind}
    if tag_keys is not None:
        bound |= {"tags": tag_keys, "tag_match": match}
    cursor = call.body.get("cursor")
    after = decode_cursor(*signing(call), cursor, **bound) if cursor is not None else None
    wanted = cast("list[LifecycleState]", list(states))
    heads: list[AtomicMemoryHead] = []
    while len(heads) <= limit:
        batch = call.services.store.list_atomic_memory_heads(
            scope_id, states=wanted, kind=kind, limit=limit + 1, after=after
        )
        heads.extend(head for head in batch if tagged is None or head.ref.artifact_id in tagged)
        if len(batch) <= limit:
            break
        after = batch[-1].ref.artifact_id
    page = heads[:limit]
    more = len(heads) > limit
    next_cursor = encode_cursor(*signing(call), page[-1].ref.artifact_id, **bound) if more else None
    return [records.atomic_memory_record(head) for head in page], next_cursor


def list_atomic_memories(call: Call[bodies.ListAtomicMemoryRequest]) -> Reply:
    body = call.body
    limit = int(body.get("limit", limits.LIST_ATOMIC_MEMORY_REQUEST_LIMIT_DEFAULT))
    tags = body.get("tags") or []
    tag_filter = (list(tags), body.get("tag_match", ALL)) if tags else None
    items, next_cursor = _list_heads(call, body.get("states", ACTIVE_ONLY), body.get("kind"), limit, tag_filter)
    return Reply(200, {"items": items, "next_cursor": next_cursor})


def list_memory_entries(call: Call[bodies.ListMemoryEntriesRequest]) -> Reply:
    body = call.body
    limit = int(body.get("limit", limits.LIST_MEMORY_ENTRIES_REQUEST_LIMIT_DEFAULT))
    states = EVERY_STATE if body.get("include_inactive", False) else ACTIVE_ONLY
    requested = body.get("tag_filter")
    tag_filter = None
    if requested is not None:
        tag_filter = (list(requested["tags"]), requested.get("match", limits.TAG_FILTER_MATCH_DEFAULT))
    entries, next_cursor = _list_heads(call, states, None, limit, tag_filter)
    return Reply(200, {"entries": entries, "next_cursor": next_cursor})


def get_memory_entry(call: Call[bodies.GetMemoryEntryRequest]) -> Reply:
    """A citation is refused; a target names a legacy entry, and pcreceipt never held legacy
    Memory collections, so no entry was migrated: 404 ``not_found``, 1.4.1's code (the endpoint has answered
    ``scope_not_found`` already for a Scope that does not exist)."""
    body = call.body
    if ("target" in body) == ("citation" in body):
        raise invalid("", "target_or_citation", "Send exactly one of target and citation.")
    if "citation" in body:
        raise LegacyMemoryOperationUnsupported(
            "Exact legacy Memory citations cannot be read; read the exact Atomic Memory revision instead.",
            {"violations": [{"path": "/citation", "rule": "legacy_citation_unsupported"}]},
        )
    raise LegacyEntryNotFound("No Atomic Memory was migrated from this legacy Memory entry.")


MEMORY_HANDLERS: Mapping[str, Handler] = {
    "remember_memory": remember_memory,
    "search_memory": search_memory,
    "search_atomic_memory": search_atomic_memory,
    "list_atomic_memories": list_atomic_memories,
    "list_memory_entries": list_memory_entries,
    "get_memory_entry": get_memory_entry,
}
