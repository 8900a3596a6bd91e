"""The handlers of PowerContext 1.4.1's Source record operations: ``get_source`` and
``list_sources`` (registered in ``server.handlers.HANDLERS``). Storage is ``store.source_views``.

Decisions (``docs/decisions.md``, "Source records"):
- A Source is served as ``{scope_id, source_type: content, source_id, content, position,
  content_digest}``; ``content_digest`` is ``sha256:`` and the SHA-256 hex of the content's
  RFC 8785 JSON, as 1.4.1 computes it. ``receipt_identity`` (1.4.1's attestation of an
  enforced-mode Handoff Receipt Source) is never sent: pcreceipt has no such attestation.
- ``get_source`` of an id the Scope lacks is 404 ``source_not_found`` (details null, 1.4.1's
  code and message); an unknown Scope is 404 ``scope_not_found`` (the endpoint's rule for every
  Scope-bound operation).
- ``create_source`` (201, with ``Location``) stores a new content Source under a server id;
  every create is a new Source (1.4.1's request has no key to replay), pending for Memory
  extraction like a capture. Refused before the Scope is looked up, as 1.4.1 refuses them: a
  string that is empty or only white space (rule ``pattern`` at ``/content``), a handoff receipt,
  as an object or as its JSON text (rule ``reserved_schema``, the rule of ``capture_content_source``),
  and a value outside I-JSON (rule ``i_json``: its RFC 8785 digest has no form for it).
- ``create_subject_source`` (201): the rule is ``store.subject_sources``'s. Authorisation beyond
  the route's write on the business Scope is decided inside the write, once the binding is read
  and before anything is written: binding a new subject needs admin on ``*`` (1.4.1's
  ``server.admin``), an existing binding write on its Scope (``scope.contribute``); else 403.
  Errors in 1.4.1's codes: 409 ``subject_scope_conflict`` (details ``{kind: subject_scope}``),
  422 ``distinct_scopes_required`` (details ``{field: scope_id, reason:
  distinct_scopes_required}``), 409 ``scope_binding_target_missing``, 404 ``scope_not_found``.
  1.4.1 also turns on Profile generation for a new subject Scope; pcreceipt has no Profile
  policy, so that part is not done.
- ``list_sources``: positions ascending from the snapshot the first page fixed; a page ends at
  ``limit`` Sources or before the Source that would take its JSON past 4 MiB (at least one
  Source a page), as 1.4.1's does. The cursor (``server.http.cursor``: signed, an hour) carries
  ``"<through>:<after>"`` and is bound to the Scope; one naming positions the Scope does not
  have is 400 ``invalid_cursor`` (``cursor_malformed``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

import rfc8785

from pcreceipt.contract.digests import canonical_digest, wire_bytes
from pcreceipt.errors import (
    DistinctScopesRequired,
    Forbidden,
    InvalidCursor,
    InvalidRequest,
    ScopeBindingTargetMissing,
    ScopeNotFound,
    SourceNotFound,
)
from pcreceipt.errors import SubjectScopeConflict as SubjectScopeConflictError
from pcreceipt.models import bodies, limits
from pcreceipt.server.handlers.common import store_of
from pcreceipt.server.handlers.sources import RESERVED_CONTENT_SCHEMA, reserved_content
from pcreceipt.server.http.cursor import decode_cursor, encode_cursor
from pcreceipt.server.http.cursor import signing as _signing
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.records import ALL_SCOPES, BindingKey, RecordNotFound
from pcreceipt.store.source_view_records import SourceView
from pcreceipt.store.subject_records import SameSubjectScope, SubjectBindingTargetMissing, SubjectBoundElsewhere
from pcreceipt.store.subject_sources import SUBJECT_INTEGRATION

SOURCE_TYPE = limits.SOURCE_RECORD_TYPE_ENUM[0]
SOURCE_NOT_FOUND_MESSAGE = "The requested Source was not found."
SUBJECT_TYPE = limits.CREATE_SUBJECT_SOURCE_RESPONSE_SUBJECT_TYPE_ENUM[0]
SCOPE_NOT_FOUND_MESSAGE = "The Scope does not exist."
SUBJECT_CONFLICT_MESSAGE = "The stable identity already names different durable state."
SUBJECT_FORBIDDEN_MESSAGE = (
    "The token lacks the grant this request needs: admin on * to bind a new subject, else write on its Scope."
)
NOT_I_JSON_MESSAGE = "A Source's content is I-JSON: integers within ±(2**53 - 1), finite numbers."
PAGE_BUDGET_BYTES = 4 * 1024 * 1024  # not a contract limit: 1.4.1's bound on one page's Source JSON


def source_record(scope_id: str, view: SourceView) -> dict[str, Any]:
    return {
        "receipt_identity": None,  # pcreceipt attests no Handoff Receipt identity (1.4.1 sends null then too)
        "scope_id": scope_id,
        "source_type": SOURCE_TYPE,
        "source_id": view.source_id,
        "content": view.content,
        "position": view.position,
        "content_digest": canonical_digest(view.content),
    }


def get_source(call: Call[None]) -> Reply:
    scope_id, source_id = call.path["scope_id"], call.path["source_id"]
    view = store_of(call).source_view(scope_id, source_id)
    if view is None:
        raise SourceNotFound(SOURCE_NOT_FOUND_MESSAGE)
    return Reply(200, source_record(scope_id, view))


def _window(after: str, high: int) -> tuple[int, int]:
    """The snapshot and the last position listed that a cursor names (a signed cursor always names
    them well for its Scope; this guards the parse)."""
    through, _, last = after.partition(":")
    if not (through.isdigit() and last.isdigit() and 0 <= int(last) <= int(through) <= high):
        raise InvalidCursor("cursor_malformed")
    return int(through), int(last)


def list_sources(call: Call[None]) -> Reply:
    scope_id = call.path["scope_id"]
    limit = int(call.query["limit"])
    cursor = call.query.get("cursor")
    bound = {"listing": "sources", "scope": scope_id}
    store = store_of(call)
    high = store.source_high_watermark(scope_id)
    if cursor is None:
        through, last = high, 0
    else:
        through, last = _window(decode_cursor(*_signing(call), cursor, **bound), high)
    page = store.list_source_views(scope_id, after=last, through=through, limit=limit)
    items: list[dict[str, Any]] = []
    size = 0
    more = page.more
    for view in page.items:
        item = source_record(scope_id, view)
        item_size = len(wire_bytes(item))
        if items and size + item_size > PAGE_BUDGET_BYTES:
            more = True
            break
        items.append(item)
        size += item_size
    next_cursor = None
    if more and items:
        next_cursor = encode_cursor(*_signing(call), f"{through}:{items[-1]['position']}", **bound)
    return Reply(200, {"items": items, "next_cursor": next_cursor})


def _refused(rule: str, message: str) -> InvalidRequest:
    return InvalidRequest(message, {"violations": [{"path": "/content", "rule": rule}]})


def _check_content(content: Any) -> None:
    if isinstance(content, str) and not content.strip():
        raise _refused("pattern", "A Source's text must not be blank.")
    if isinstance(content, str):
        reserved = reserved_content(content)
    else:
        reserved = isinstance(content, dict) and content.get("schema") == RESERVED_CONTENT_SCHEMA
    if reserved:
        raise _refused("reserved_schema", "The content uses a server-reserved handoff receipt schema.")
    try:
        canonical_digest(content)
    except rfc8785.CanonicalizationError:
        raise _refused("i_json", NOT_I_JSON_MESSAGE) from None


def create_source(call: Call[bodies.CreateSourceRequest]) -> Reply:
    scope_id, content = call.path["scope_id"], call.body["content"]
    _check_content(content)
    view = store_of(call).create_source(scope_id, content)
    location = f"/v1/scopes/{quote(scope_id, safe='')}/sources/{SOURCE_TYPE}/{quote(view.source_id, safe='')}"
    return Reply(201, source_record(scope_id, view), {"Location": location})


def create_subject_source(call: Call[bodies.CreateSubjectSourceRequest]) -> Reply:
    body = call.body
    scope_id, content = call.path["scope_id"], body["content"]
    subject_type = body.get("subject_type", SUBJECT_TYPE)
    _check_content(content)
    principal = call.principal

    def authorize(subject_scope_id: str, new_binding: bool) -> None:
        allowed = principal.may(ALL_SCOPES, "admin") if new_binding else principal.may(subject_scope_id, "write")
        if not allowed:
            raise Forbidden(SUBJECT_FORBIDDEN_MESSAGE)

    key = BindingKey(SUBJECT_INTEGRATION, subject_type, body["subject_key"])
    try:
        written = store_of(call).create_subject_source(scope_id, key, body.get("subject_scope_id"), content, authorize)
    except RecordNotFound:
        raise ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE) from None
    except SubjectBoundElsewhere:
        raise SubjectScopeConflictError(SUBJECT_CONFLICT_MESSAGE, {"kind": "subject_scope"}) from None
    except SameSubjectScope:
        raise DistinctScopesRequired(
            "The request is invalid.", {"field": "scope_id", "reason": "distinct_scopes_required"}
        ) from None
    except SubjectBindingTargetMissing as missing:
        raise ScopeBindingTargetMissing(missing.scope_id) from None
    target = written.subject_scope_id
    answer = {
        "subject_key": body["subject_key"],
        "subject_type": subject_type,
        "subject_scope_id": target,
        "sources": [source_record(scope_id, written.business), source_record(target, written.subject)],
    }
    return Reply(201, answer)


SOURCE_RECORD_HANDLERS: Mapping[str, Handler] = {
    "create_source": create_source,
    "create_subject_source": create_subject_source,
    "get_source": get_source,
    "list_sources": list_sources,
}
