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
from pcreceipt.errors import InvalidCursor, InvalidRequest, SourceNotFound
from pcreceipt.models import bodies, limits
from pcreceipt.server.handlers.common import store_of
from pcreceipt.server.handlers.sources import RESERVED_CONTENT_SCHEMA, reserved_content
from pcreceipt.server.http.cursor import decode_cursor, encode_cursor
from pcreceipt.server.http.cursor import signing as _signing
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.source_view_records import SourceView

SOURCE_TYPE = limits.SOURCE_RECORD_TYPE_ENUM[0]
SOURCE_NOT_FOUND_MESSAGE = "The requested Source was not found."
NOT_I_JSON_MESSAGE = "A Source's content is I-JSON: integers within ±(2**53 - 1), finite numbers."
PAGE_BUDGET_BYTES = 4 * 1024 * 1024  # not a contract limit: 1.4.1's bound on one page's Source JSON


def source_record(scope_id: str, view: SourceView) -> dict[str, Any]:
    return {
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


def create_source(call: Call[bodies.CreateSourceRequest]) -> Reply:
    scope_id, content = call.path["scope_id"], call.body["content"]
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
    view = store_of(call).create_source(scope_id, content)
    location = f"/v1/scopes/{quote(scope_id, safe='')}/sources/{SOURCE_TYPE}/{quote(view.source_id, safe='')}"
    return Reply(201, source_record(scope_id, view), {"Location": location})


SOURCE_RECORD_HANDLERS: Mapping[str, Handler] = {
    "create_source": create_source,
    "get_source": get_source,
    "list_sources": list_sources,
}
