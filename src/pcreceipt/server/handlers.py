"""One handler per operation of the contract, keyed by operation id (``HANDLERS``).

Handlers run in a worker thread with a validated ``Call`` (parameters and body already checked
against the contract) and return a ``Reply`` whose body the server gates before sending. They
speak to the store in contract terms and let store errors propagate: ``store_errors`` maps them.
Checks that need the stored state or one operation's parameters (the replace content's family
in the path, the read_code line range) live here, next to the operation they belong to; body
and reply checks are in ``checks``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, TypeVar

from pcreceipt import gate
from pcreceipt.errors import (
    ArtifactNotFound,
    BadRequest,
    CodeRangeNotFound,
    CodeWorkspaceNotFound,
    InvalidCursor,
    InvalidRequest,
    PreconditionRequired,
    ScopeNotFound,
    StaleETag,
)
from pcreceipt.models import limits
from pcreceipt.prepare.plan import PreparePlan
from pcreceipt.server import code_query, records, resolution
from pcreceipt.server.checks import CONTENT_DEFINITIONS, report_deferred
from pcreceipt.server.cursor import decode_cursor, encode_cursor, filters_digest
from pcreceipt.server.cursor import signing as _signing
from pcreceipt.server.exchange import Call, Handler, Reply
from pcreceipt.server.memory import MEMORY_HANDLERS
from pcreceipt.server.service_handlers import SERVICE_HANDLERS
from pcreceipt.server.sources import SOURCE_HANDLERS
from pcreceipt.server.statistics import STATISTICS_HANDLERS, record_prepare
from pcreceipt.server.store_errors import ARTIFACT_NOT_FOUND_MESSAGE
from pcreceipt.server.tags import TAG_HANDLERS
from pcreceipt.server.topic_memory import TOPIC_MEMORY_HANDLERS
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import (
    ArtifactFamily,
    ArtifactRef,
    RecordNotFound,
    RevisionRecord,
    ScopeFilters,
    SourceRef,
    WriteConflict,
)
from pcreceipt.store.tags import InvalidTag, normalize_tags, tag_key

log = logging.getLogger("pcreceipt.server")
_T = TypeVar("_T")

ATOMIC_MEMORY_SCHEMA = limits.ATOMIC_MEMORY_CONTENT_SCHEMA_CONST
READ_CODE_MAX_LINES = limits.CODE_RANGE_LINES_MAX_ITEMS
HEALTH_PROBE_SCOPE = "__health__"
TAGGED_SCAN = 200  # not a contract limit: how many heads one read of a tag-filtered listing takes


def _invalid(path: str, rule: str, message: str) -> InvalidRequest:
    return InvalidRequest(message, {"violations": [{"path": path, "rule": rule}]})


def _store(call: Call) -> Store:
    return call.services.store


def _found(value: _T | None) -> _T:
    """The artifact or revision read; ``ArtifactNotFound`` when there is none (the endpoint has
    already answered ``scope_not_found`` for a Scope that does not exist)."""
    if value is None:
        raise ArtifactNotFound(ARTIFACT_NOT_FOUND_MESSAGE)
    return value


def stored_content(family: str, content: Mapping[str, Any], pointer: str = "/content") -> dict[str, Any]:
    """The content as written: the schema's defaults filled in (atomic memory names its schema
    first). An atomic memory's ``creation`` is the server's to maintain (PowerContext refuses it
    in writes): a write may leave it out or send null, which stores nothing."""
    if family == "atomic-memory":
        written = {key: value for key, value in content.items() if key != "creation"}
        if content.get("creation") is not None:
            raise _invalid(
                f"{pointer}/creation", "creation_maintained_by_server", "content.creation is maintained by the server."
            )
        return {"schema": ATOMIC_MEMORY_SCHEMA, **written}
    return dict(content)


# -- context


def prepare_context(call: Call) -> Reply:
    """The request parsed once into a plan, over the Scope authorisation already read; the reply
    body is the runtime's ``Prepared`` (its Receipt already checked and serialised). The prepare
    is counted in the Scope's statistics (``statistics.record_prepare``, which never fails it)."""
    if call.scope is None:
        raise ScopeNotFound(resolution.NO_SCOPE_MESSAGE)
    report_deferred(call)
    plan = PreparePlan.from_request(call.body)
    with call.services.store.pinned_connection():  # the run's reads and the statistics share one connection
        prepared = call.services.runtime.run(plan, call.scope, request_id=call.request_id)
        record_prepare(call, plan, prepared)
    return Reply(200, prepared)


# -- Scopes


def create_scope(call: Call) -> Reply:
    body = call.body
    scope, _created = _store(call).create_scope(
        title=body["title"],
        summary=body["summary"],
        idempotency_key=body["idempotency_key"],
        parent_scope_id=body.get("parent_scope_id"),
        context_references=body.get("context_references", []),
        external_references=body.get("external_references", []),
    )
    return Reply(201, records.scope_descriptor(scope), {"Location": records.scope_location(scope.scope_id)})


SCOPE_FILTERS = (
    "query",
    "query_field",
    "parent_scope_id",
    "external_reference_kind",
    "binding_integration",
    "binding_kind",
)


def scope_filters(query: Mapping[str, Any]) -> ScopeFilters:
    """``list_scopes``' filters from its query parameters: ``query`` without its surrounding
    whitespace (blank is no query); ``query`` and ``query_field`` come together or not at all."""
    raw = query.get("query")
    text = (raw.strip() or None) if raw is not None else None
    field = query.get("query_field")
    if (text is None) != (field is None):
        raise InvalidRequest(
            "query and query_field are given together or not at all.",
            {"field": "query", "reason": "query_without_query_field"},
        )
    return ScopeFilters(
        query=text,
        query_field=field,
        parent_scope_id=query.get("parent_scope_id"),
        external_reference_kind=query.get("external_reference_kind"),
        binding_integration=query.get("binding_integration"),
        binding_kind=query.get("binding_kind"),
    )


def list_scopes(call: Call) -> Reply:
    """Only the Scopes the caller may read (all of them in local mode or with a read grant on
    ``*``) that the filters admit; the cursor is bound to the filters."""
    limit = int(call.query["limit"])
    filters = scope_filters(call.query)
    digest = filters_digest({name: getattr(filters, name) for name in SCOPE_FILTERS})
    cursor = call.query.get("cursor")
    after = decode_cursor(*_signing(call), cursor, listing="scopes", filters=digest) if cursor is not None else None
    scopes = _store(call).list_scopes(limit=limit + 1, after=after, filters=filters, among=call.principal.readable)
    page = scopes[:limit]
    more = len(scopes) > limit
    next_cursor = encode_cursor(*_signing(call), page[-1].scope_id, listing="scopes", filters=digest) if more else None
    return Reply(200, {"items": [records.scope_descriptor(s) for s in page], "next_cursor": next_cursor})


def get_scope(call: Call) -> Reply:
    scope = _store(call).get_scope(call.path["scope_id"])
    if scope is None:
        raise ScopeNotFound(resolution.NO_SCOPE_MESSAGE)
    return Reply(200, records.scope_descriptor(scope))


def update_scope(call: Call) -> Reply:
    """PUT: the body replaces the descriptor (an absent parent or list clears it); the store checks
    the version, then the links (``pcreceipt.store.scope_update``)."""
    body = call.body
    scope = _store(call).update_scope(
        call.path["scope_id"],
        expected_version=body["expected_version"],
        title=body["title"],
        summary=body["summary"],
        parent_scope_id=body.get("parent_scope_id"),
        context_references=body.get("context_references", []),
        external_references=body.get("external_references", []),
    )
    return Reply(200, records.scope_descriptor(scope))


# -- the default Scope and Scope bindings (the Scope of a resolution is read by authorisation)


def _resolved(call: Call) -> Reply:
    """The Scope ``authorization.authorize`` resolved and read (``server.resolution``)."""
    assert call.scope is not None, "a resolved operation reaches its handler with its Scope"
    return Reply(200, records.scope_descriptor(call.scope))


def get_default_scope(call: Call) -> Reply:
    return _resolved(call)


def resolve_scope_binding(call: Call) -> Reply:
    return _resolved(call)


def set_default_scope(call: Call) -> Reply:
    store = _store(call)
    scope_id = call.body["scope_id"]
    try:
        store.set_default_scope(scope_id)
    except RecordNotFound:
        raise ScopeNotFound(resolution.NO_SCOPE_MESSAGE) from None
    scope = store.get_scope(scope_id)
    if scope is None:  # Scopes are never deleted; kept for a store that would
        raise ScopeNotFound(resolution.NO_SCOPE_MESSAGE)
    return Reply(200, records.scope_descriptor(scope))


def set_scope_binding(call: Call) -> Reply:
    """Upsert; the answer echoes the key as sent and the Scope."""
    key, scope_id = call.body["key"], call.body["scope_id"]
    try:
        _store(call).set_scope_binding(resolution.binding_key(key), scope_id)
    except RecordNotFound:
        raise ScopeNotFound(resolution.NO_SCOPE_MESSAGE) from None
    return Reply(200, {"key": dict(key), "scope_id": scope_id})


def clear_scope_binding(call: Call) -> Reply:
    return Reply(200, {"cleared": _store(call).clear_scope_binding(resolution.binding_key(call.body["key"]))})


# -- artifacts


def _lineage(call: Call, *revisions: RevisionRecord) -> records.Lineage:
    return _store(call).lineage_sources([r.ref for r in revisions])


def _created_reply(call: Call, record: RevisionRecord) -> Reply:
    headers = {"Location": records.artifact_location(record.ref), "ETag": records.artifact_etag(record.ref.revision)}
    return Reply(201, records.artifact_created(record, _lineage(call, record)), headers)


def create_artifact(call: Call) -> Reply:
    body = call.body
    family = body["family"]
    record = call.services.writer.create(
        call.path["scope_id"], family, stored_content(family, body["content"]), prompt_key=body.get("prompt_key")
    )
    return _created_reply(call, record)


def import_artifacts(call: Call) -> Reply:
    """All items in one transaction. The store imports one family per transaction, so a mixed
    batch is refused rather than committed in parts (clients split batches at family changes)."""
    items = call.body["items"]
    family = items[0]["family"]
    if any(item["family"] != family for item in items):
        raise _invalid("/items", "import_one_family", "An import holds artifacts of one family.")
    new = [
        (stored_content(family, i["content"], f"/items/{n}/content"), i.get("prompt_key")) for n, i in enumerate(items)
    ]
    created = call.services.writer.create_many(call.path["scope_id"], family, new)
    return Reply(201, {"created": [r.ref.reference() for r in created]})


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
            raise _invalid("/query/tag_match", "requires_tag", "tag_match needs at least one tag.")
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


def list_artifacts(call: Call) -> Reply:
    scope_id, family = call.path["scope_id"], call.path["family"]
    limit = int(call.query["limit"])
    cursor = call.query.get("cursor")
    tag_filter = _listing_tags(call)
    bound = {"listing": "artifacts", "scope": scope_id, "family": family}
    if tag_filter is not None:  # a cursor continues the listing with the same filter only
        bound["filters"] = filters_digest({"tags": sorted({tag_key(t) for t in tag_filter[0]}), "match": tag_filter[1]})
    after = decode_cursor(*_signing(call), cursor, **bound) if cursor is not None else None
    store = _store(call)
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


def list_artifact_revisions(call: Call) -> Reply:
    """Newest first from the head at the first page (the snapshot), which the cursor carries with
    the next revision to list as its ``after`` (``"<snapshot>:<next>"``), bound to the artifact."""
    scope_id, family, artifact_id = call.path["scope_id"], call.path["family"], call.path["artifact_id"]
    limit = int(call.query["limit"])
    bound = {"listing": "revisions", "scope": scope_id, "family": family, "artifact": artifact_id}
    store = _store(call)
    head = _found(store.get_head(scope_id, family, artifact_id))
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


def get_artifact(call: Call) -> Reply:
    path = call.path
    record = _found(_store(call).get_head(path["scope_id"], path["family"], path["artifact_id"]))
    etag = records.artifact_etag(record.ref.revision)
    if_none_match = call.headers.get("If-None-Match")
    if if_none_match is not None and _etag_listed(if_none_match, etag):
        return Reply(304, None, {"ETag": etag})
    return Reply(200, records.artifact_revision(record, _lineage(call, record)), {"ETag": etag})


def _stale_etag(provided: str, current_revision: int) -> StaleETag:
    return StaleETag(provided, records.artifact_etag(current_revision))


def replace_artifact(call: Call) -> Reply:
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
    store = _store(call)
    expected = records.etag_revision(if_match)
    if expected is None:
        raise _stale_etag(if_match, _found(store.get_head(scope_id, family, artifact_id)).ref.revision)
    try:
        record = call.services.writer.replace(
            scope_id, family, artifact_id, stored_content(family, content), expected_revision=expected
        )
    except WriteConflict:
        head = _found(store.get_head(scope_id, family, artifact_id))
        if head.ref.revision != expected:
            raise _stale_etag(if_match, head.ref.revision) from None
        raise
    etag = records.artifact_etag(record.ref.revision)
    return Reply(200, records.artifact_revision(record, _lineage(call, record)), {"ETag": etag})


def get_artifact_revision(call: Call) -> Reply:
    p = call.path
    record = _found(_store(call).get_revision(p["scope_id"], p["family"], p["artifact_id"], p["revision"]))
    return Reply(200, records.artifact_revision(record, _lineage(call, record)))


# -- atomic memory lifecycle


def get_atomic_memory_state(call: Call) -> Reply:
    """ETag ``"revision:N:state:V"``; a matching If-None-Match is 304 with no body (PowerContext's)."""
    head = _found(_store(call).get_atomic_memory_head(call.path["scope_id"], call.path["artifact_id"]))
    etag = records.atomic_memory_state_etag(head.ref.revision, head.state_version)
    if_none_match = call.headers.get("If-None-Match")
    if if_none_match is not None and _etag_listed(if_none_match, etag):
        return Reply(304, None, {"ETag": etag})
    return Reply(200, records.atomic_memory_state(head), {"ETag": etag})


def _atomic_memory_target(reference: Mapping[str, Any], pointer: str) -> tuple[str, int]:
    if reference["family"] != "atomic-memory":
        raise _invalid(pointer, "atomic_memory_family", "Lifecycle operations take atomic memories only.")
    return reference["artifact_id"], reference["revision"]


def change_atomic_memory_lifecycle(call: Call) -> Reply:
    """A repeated change that the store reports as nothing changed answers ``changed: false``
    with the memory's current record (as PowerContext does)."""
    body = call.body
    store = _store(call)
    target = body["target"]
    artifact_id, revision = _atomic_memory_target(target["artifact"], "/target/artifact/family")
    heads = store.change_lifecycle(
        body["scope_id"], artifact_id, revision=revision, state_version=target["state_version"], state=body["state"]
    )
    changed = bool(heads)
    if not changed:
        heads = [_found(store.get_atomic_memory_head(body["scope_id"], artifact_id))]
    return Reply(200, {"changed": changed, "records": [records.atomic_memory_record(h) for h in heads]})


def merge_atomic_memories(call: Call) -> Reply:
    body = call.body
    inputs = []
    for index, item in enumerate(body["inputs"]):
        artifact_id, revision = _atomic_memory_target(item["artifact"], f"/inputs/{index}/artifact/family")
        inputs.append((artifact_id, revision, item["state_version"]))
    scope_id = body["scope_id"]
    source_refs = [SourceRef(r["name"], r["source_id"]) for r in body.get("source_refs") or ()]
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


# -- code workspaces


def get_code_workspace(call: Call) -> Reply:
    workspace = _store(call).get_workspace(call.path["scope_id"])
    if workspace is None:
        raise CodeWorkspaceNotFound("The Scope has no indexed code workspace.")
    return Reply(200, records.code_workspace(workspace))


def index_code_workspace(call: Call) -> Reply:
    files = call.body["files"]
    paths = [f["path"] for f in files]
    if len(set(paths)) != len(paths):
        raise _invalid("/files", "unique_paths", "Each file path appears once.")
    uploads = [(f["path"], f["content"].encode("utf-8")) for f in files]
    workspace = _store(call).index_workspace(call.path["scope_id"], uploads, call.body.get("skipped", 0))
    return Reply(200, records.code_workspace(workspace))


def read_code(call: Call) -> Reply:
    p, q = call.path, call.query
    start_line, end_line = q["start_line"], q["end_line"]
    if end_line < start_line or end_line - start_line >= READ_CODE_MAX_LINES:
        raise _invalid("/query/end_line", "line_range", "end_line is at least start_line and at most start_line + 199.")
    hit = _store(call).read_code(p["scope_id"], p["fingerprint"], q["path"], p["file_sha256"], start_line, end_line)
    if hit is None:
        raise CodeRangeNotFound("The Scope never indexed that workspace, file or line range.")
    return Reply(200, records.code_range(hit))


# -- service


def get_liveness(call: Call) -> Reply:
    return Reply(200, {"status": "ok"})


def get_readiness(call: Call) -> Reply:
    """Ready when the store answers one cheap read; any failure is ``not_ready`` (503)."""
    try:
        _store(call).get_scope(HEALTH_PROBE_SCOPE)
    except Exception as exc:
        log.warning("readiness probe failed request_id=%s type=%s", call.request_id, type(exc).__name__)
        return Reply(503, {"status": "not_ready", "checks": {"store": "unavailable"}})
    return Reply(200, {"status": "ready", "checks": {"store": "ok"}})


HANDLERS: Mapping[str, Handler] = {
    "prepare_context": prepare_context,
    "create_scope": create_scope,
    "update_scope": update_scope,
    "list_scopes": list_scopes,
    "get_scope": get_scope,
    "get_default_scope": get_default_scope,
    "set_default_scope": set_default_scope,
    "resolve_scope_binding": resolve_scope_binding,
    "set_scope_binding": set_scope_binding,
    "clear_scope_binding": clear_scope_binding,
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
    "get_code_workspace": get_code_workspace,
    "index_code_workspace": index_code_workspace,
    "query_code": code_query.query_code,
    "read_code": read_code,
    "get_liveness": get_liveness,
    "get_readiness": get_readiness,
    **SERVICE_HANDLERS,
    **SOURCE_HANDLERS,
    **MEMORY_HANDLERS,
    **TOPIC_MEMORY_HANDLERS,
    **TAG_HANDLERS,
    **STATISTICS_HANDLERS,
}
