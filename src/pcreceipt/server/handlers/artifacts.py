"""Artifacts: create, import, list, read, replace, revisions; the Atomic Memory lifecycle and merges."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from pcreceipt.contract import gate
from pcreceipt.errors import (
    BadRequest,
    InvalidCursor,
    InvalidRequest,
    PreconditionRequired,
    StaleETag,
)
from pcreceipt.models import bodies
from pcreceipt.server.handlers import records
from pcreceipt.server.handlers.common import (
    TAGGED_SCAN,
    found,
    invalid,
    store_of,
    stored_content,
)
from pcreceipt.server.http.checks import CONTENT_DEFINITIONS
from pcreceipt.server.http.cursor import decode_cursor, encode_cursor, filters_digest
from pcreceipt.server.http.cursor import signing as _signing
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import (
    ArtifactFamily,
    ArtifactRef,
    RevisionRecord,
    SourceRef,
    WriteConflict,
)
from pcreceipt.store.rules import ARTIFACT_ID
from pcreceipt.store.tags import InvalidTag, normalize_tags, tag_key


def _lineage(call: Call, *revisions: RevisionRecord) -> records.Lineage:
    return store_of(call).lineage_sources([r.ref for r in revisions])


def _created_reply(call: Call, record: RevisionRecord) -> Reply:
    headers = {"Location": records.artifact_location(record.ref), "ETag": records.artifact_etag(record.ref.revision)}
    return Reply(201, records.artifact_created(record, _lineage(call, record)), headers)


def create_artifact(call: Call[bodies.CreateArtifactRequest]) -> Reply:
    body = call.body
    family = body["family"]
    record = call.services.writer.create(
        call.path["scope_id"], family, stored_content(family, body["content"]), prompt_key=body.get("prompt_key")
    )
    return _created_reply(call, record)


def import_artifacts(call: Call[bodies.ImportArtifactsRequest]) -> Reply:
    """All items in one transaction. The store imports one family per transaction, so a mixed
    batch is refused rather than committed in parts (clients split batches at family changes)."""
    items = call.body["items"]
    family = items[0]["family"]
    if any(item["family"] != family for item in items):
        raise invalid("/items", "import_one_family", "An import holds artifacts of one family.")
    new = [
        (stored_content(family, i["content"], f"/items/{n}/content"), i.get("prompt_key")) for n, i in enumerate(items)
    ]
    created = call.services.writer.create_many(call.path["scope_id"], family, new)
    return Reply(201, {"created": [records.artifact_reference(r.ref) for r in created]})


def _etag_listed(header: str, etag: str) -> bool:
    """Whether an If-None-Match list names ``etag`` (weak comparison, as RFC 9110 says for it)."""
    candidates = [c.strip().removeprefix("W/") for c in header.split(",")]
    return "*" in candidates or etag in candidates


def _listing_tags(call: Call) -> tuple[list[str], str] | None:
    """``list_artifacts``' tag filter (``tag`` repeated, ``tag_match`` all or any), or None. A
    ``tag_match`` without a tag is 422 (PowerContext answers it so); a refused tag is 400 at
    ``/query/tag/<i>``, as any bad query parameter under ``/v1/scopes/``."""
    tags, match = call.query.get("tag"), call.query.get("tag_match")
    if tags is None:
        if match is not None:
            raise invalid("/query/tag_match", "requires_tag", "tag_match needs at least one tag.")
        return None
    try:
        normalize_tags(tags)
    except InvalidTag as refused:
        details = {"violations": [{"path": f"/query/tag/{refused.index}", "rule": refused.rule}]}
        raise BadRequest("A filter tag is refused.", details) from None
    return list(tags), match or "all"


def _tagged_heads(
    store: Store, scope_id: str, family: ArtifactFamily, tagged: set[str], *, limit: int, after: str | None
) -> list[RevisionRecord]:
    """Up to ``limit`` heads after ``after`` whose artifact is in ``tagged``, read in pages."""
    found: list[RevisionRecord] = []
    while len(found) < limit and tagged:
        heads = store.list_heads(scope_id, family, limit=TAGGED_SCAN, after=after)
        found.extend(head for head in heads if head.ref.artifact_id in tagged)
        if len(heads) < TAGGED_SCAN:
            break
        after = heads[-1].ref.artifact_id
    return found[:limit]


def list_artifacts(call: Call[None]) -> Reply:
    scope_id, family = call.path["scope_id"], call.path["family"]
    limit = int(call.query["limit"])
    cursor = call.query.get("cursor")
    tag_filter = _listing_tags(call)
    bound = {"listing": "artifacts", "scope": scope_id, "family": family}
    if tag_filter is not None:  # a cursor continues the listing with the same filter only
        bound["filters"] = filters_digest({"tags": sorted({tag_key(t) for t in tag_filter[0]}), "match": tag_filter[1]})
    after = decode_cursor(*_signing(call), cursor, **bound) if cursor is not None else None
    store = store_of(call)
    if tag_filter is None:
        heads = store.list_heads(scope_id, family, limit=limit + 1, after=after)
    else:
        tagged = store.tagged_artifact_ids(scope_id, family, *tag_filter)
        heads = _tagged_heads(store, scope_id, family, tagged, limit=limit + 1, after=after)
    page = heads[:limit]
    more = len(heads) > limit
    next_cursor = encode_cursor(*_signing(call), page[-1].ref.artifact_id, **bound) if more else None
    lineage = _lineage(call, *page)
    items = [records.artifact_collection_item(r, lineage) for r in page]
    return Reply(200, {"items": items, "next_cursor": next_cursor})


def list_artifact_revisions(call: Call[None]) -> Reply:
    """Newest first from the head at the first page (the snapshot), which the cursor carries with
    the next revision to list as its ``after`` (``"<snapshot>:<next>"``), bound to the artifact."""
    scope_id, family, artifact_id = call.path["scope_id"], call.path["family"], call.path["artifact_id"]
    limit = int(call.query["limit"])
    bound = {"listing": "revisions", "scope": scope_id, "family": family, "artifact": artifact_id}
    store = store_of(call)
    head = found(store.get_head(scope_id, family, artifact_id))
    cursor = call.query.get("cursor")
    if cursor is None:
        snapshot = start = head.ref.revision
    else:
        snapshot, start = _revision_position(decode_cursor(*_signing(call), cursor, **bound), head.ref.revision)
    revisions = store.list_revisions(scope_id, family, artifact_id, through=start, limit=limit + 1)
    page = revisions[:limit]
    more = len(revisions) > limit
    next_cursor = None
    if more:
        next_cursor = encode_cursor(*_signing(call), f"{snapshot}:{page[-1].ref.revision - 1}", **bound)
    lineage = _lineage(call, *page)
    return Reply(
        200, {"items": [records.artifact_collection_item(r, lineage) for r in page], "next_cursor": next_cursor}
    )


def _revision_position(after: str, head: int) -> tuple[int, int]:
    """The snapshot and the next revision a revisions cursor names (a signed cursor always names
    them well; this guards the parse)."""
    snapshot, _, start = after.partition(":")
    if not (snapshot.isdigit() and start.isdigit() and 1 <= int(start) < int(snapshot) <= head):
        raise InvalidCursor("cursor_malformed")
    return int(snapshot), int(start)


def get_artifact(call: Call[None]) -> Reply:
    path = call.path
    record = found(store_of(call).get_head(path["scope_id"], path["family"], path["artifact_id"]))
    etag = records.artifact_etag(record.ref.revision)
    if_none_match = call.headers.get("If-None-Match")
    if if_none_match is not None and _etag_listed(if_none_match, etag):
        return Reply(304, None, {"ETag": etag})
    return Reply(200, records.artifact_revision(record, _lineage(call, record)), {"ETag": etag})


def _stale_etag(provided: str, current_revision: int) -> StaleETag:
    return StaleETag(provided, records.artifact_etag(current_revision))


def replace_artifact(call: Call[bodies.ReplaceArtifactRequest]) -> Reply:
    """Commit the next revision when If-Match is the head's ETag, compared verbatim (strong).

    An ETag of ours names the revision the client saw; it goes to the store as
    ``expected_revision``, so a concurrent replace is caught by the store's own check and
    reported as 412 too. A conflict on the expected revision itself (e.g. a memory that is no
    longer active) stays a 409.
    """
    path = call.path
    scope_id, family, artifact_id = path["scope_id"], path["family"], path["artifact_id"]
    content = call.body["content"]
    violations = gate.check_schema(CONTENT_DEFINITIONS[family], content, base=["content"])
    if violations:
        raise InvalidRequest(
            "The content does not match the family in the path.", {"violations": [v.as_dict() for v in violations[:64]]}
        )
    if_match = call.headers.get("If-Match")
    if if_match is None:
        raise PreconditionRequired("If-Match with the artifact's current ETag is required.")
    store = store_of(call)
    expected = records.etag_revision(if_match)
    if expected is None:
        raise _stale_etag(if_match, found(store.get_head(scope_id, family, artifact_id)).ref.revision)
    try:
        record = call.services.writer.replace(
            scope_id, family, artifact_id, stored_content(family, content), expected_revision=expected
        )
    except WriteConflict:
        head = found(store.get_head(scope_id, family, artifact_id))
        if head.ref.revision != expected:
            raise _stale_etag(if_match, head.ref.revision) from None
        raise
    etag = records.artifact_etag(record.ref.revision)
    return Reply(200, records.artifact_revision(record, _lineage(call, record)), {"ETag": etag})


def get_artifact_revision(call: Call[None]) -> Reply:
    p = call.path
    record = found(store_of(call).get_revision(p["scope_id"], p["family"], p["artifact_id"], p["revision"]))
    return Reply(200, records.artifact_revision(record, _lineage(call, record)))


def get_atomic_memory_state(call: Call[None]) -> Reply:
    """ETag ``"revision:N:state:V"``; a matching If-None-Match is 304 with no body (PowerContext's).
    The id is looked up as given (contract 3.0.0, as PowerContext 1.4.1): one no artifact can have
    (not 1–128 printable ASCII) is 404 ``artifact_not_found`` before the store is read."""
    artifact_id = call.path["artifact_id"]
    possible = ARTIFACT_ID.fullmatch(artifact_id) is not None
    head = found(store_of(call).get_atomic_memory_head(call.path["scope_id"], artifact_id) if possible else None)
    etag = records.atomic_memory_state_etag(head.ref.revision, head.state_version)
    if_none_match = call.headers.get("If-None-Match")
    if if_none_match is not None and _etag_listed(if_none_match, etag):
        return Reply(304, None, {"ETag": etag})
    return Reply(200, records.atomic_memory_state(head), {"ETag": etag})


def _atomic_memory_target(reference: Mapping[str, Any], pointer: str) -> tuple[str, int]:
    if reference["family"] != "atomic-memory":
        raise invalid(pointer, "atomic_memory_family", "Lifecycle operations take atomic memories only.")
    return reference["artifact_id"], reference["revision"]


def change_atomic_memory_lifecycle(call: Call[bodies.AtomicMemoryLifecycleRequest]) -> Reply:
    """A repeated change that the store reports as nothing changed answers ``changed: false``
    with the memory's current record (as PowerContext does)."""
    body = call.body
    store = store_of(call)
    target = body["target"]
    artifact_id, revision = _atomic_memory_target(target["artifact"], "/target/artifact/family")
    heads = store.change_lifecycle(
        body["scope_id"], artifact_id, revision=revision, state_version=target["state_version"], state=body["state"]
    )
    changed = bool(heads)
    if not changed:
        heads = [found(store.get_atomic_memory_head(body["scope_id"], artifact_id))]
    return Reply(200, {"changed": changed, "records": [records.atomic_memory_record(h) for h in heads]})


def merge_atomic_memories(call: Call[bodies.MergeAtomicMemoryRequest]) -> Reply:
    body = call.body
    inputs = []
    for index, item in enumerate(body["inputs"]):
        artifact_id, revision = _atomic_memory_target(item["artifact"], f"/inputs/{index}/artifact/family")
        inputs.append((artifact_id, revision, item["state_version"]))
    scope_id = body["scope_id"]
    # the schema's other list form is the empty list (contract 2.0.0's), so every item is a SourceReference
    named = cast("list[bodies.SourceReference]", body.get("source_refs") or [])
    source_refs = [SourceRef(r["name"], r["source_id"]) for r in named]
    artifact_refs = [
        ArtifactRef(scope_id, r["family"], r["artifact_id"], r["revision"]) for r in body.get("artifact_refs") or ()
    ]
    heads = call.services.writer.merge(
        scope_id,
        inputs,
        stored_content("atomic-memory", body["content"]),
        source_refs=source_refs,
        artifact_refs=artifact_refs,
    )
    return Reply(200, {"changed": True, "records": [records.atomic_memory_record(h) for h in heads]})


HANDLERS: Mapping[str, Handler] = {
    "create_artifact": create_artifact,
    "import_artifacts": import_artifacts,
    "list_artifacts": list_artifacts,
    "get_artifact": get_artifact,
    "replace_artifact": replace_artifact,
    "get_artifact_revision": get_artifact_revision,
    "list_artifact_revisions": list_artifact_revisions,
    "get_atomic_memory_state": get_atomic_memory_state,
    "change_atomic_memory_lifecycle": change_atomic_memory_lifecycle,
    "merge_atomic_memories": merge_atomic_memories,
}
