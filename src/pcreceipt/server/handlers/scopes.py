"""Scopes, the default Scope and Scope bindings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pcreceipt.errors import (
    InvalidRequest,
    ScopeNotFound,
)
from pcreceipt.models import bodies
from pcreceipt.server.handlers import records
from pcreceipt.server.handlers.common import (
    store_of,
)
from pcreceipt.server.http import resolution
from pcreceipt.server.http.cursor import decode_cursor, encode_cursor, filters_digest
from pcreceipt.server.http.cursor import signing as _signing
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.records import (
    RecordNotFound,
    ScopeFilters,
)


def _external(references: list[bodies.ExternalReference] | None) -> list[dict[str, str]]:
    """The store's form of a body's external references (absent: none)."""
    return [{"kind": reference["kind"], "value": reference["value"]} for reference in references or ()]


def create_scope(call: Call[bodies.CreateScopeRequest]) -> Reply:
    body = call.body
    scope, _created = store_of(call).create_scope(
        title=body["title"],
        summary=body["summary"],
        idempotency_key=body["idempotency_key"],
        parent_scope_id=body.get("parent_scope_id"),
        context_references=body.get("context_references", []),
        external_references=_external(body.get("external_references")),
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


def list_scopes(call: Call[None]) -> Reply:
    """Only the Scopes the caller may read (all of them in local mode or with a read grant on
    ``*``) that the filters admit; the cursor is bound to the filters."""
    limit = int(call.query["limit"])
    filters = scope_filters(call.query)
    digest = filters_digest({name: getattr(filters, name) for name in SCOPE_FILTERS})
    cursor = call.query.get("cursor")
    after = decode_cursor(*_signing(call), cursor, listing="scopes", filters=digest) if cursor is not None else None
    scopes = store_of(call).list_scopes(limit=limit + 1, after=after, filters=filters, among=call.principal.readable)
    page = scopes[:limit]
    more = len(scopes) > limit
    next_cursor = encode_cursor(*_signing(call), page[-1].scope_id, listing="scopes", filters=digest) if more else None
    return Reply(200, {"items": [records.scope_descriptor(s) for s in page], "next_cursor": next_cursor})


def get_scope(call: Call[None]) -> Reply:
    scope = store_of(call).get_scope(call.path["scope_id"])
    if scope is None:
        raise ScopeNotFound(resolution.NO_SCOPE_MESSAGE)
    return Reply(200, records.scope_descriptor(scope))


def update_scope(call: Call[bodies.UpdateScopeRequest]) -> Reply:
    """PUT: the body replaces the descriptor (an absent parent or list clears it); the store checks
    the version, then the links (``pcreceipt.store.scope_update``)."""
    body = call.body
    scope = store_of(call).update_scope(
        call.path["scope_id"],
        expected_version=body["expected_version"],
        title=body["title"],
        summary=body["summary"],
        parent_scope_id=body.get("parent_scope_id"),
        context_references=body.get("context_references", []),
        external_references=_external(body.get("external_references")),
    )
    return Reply(200, records.scope_descriptor(scope))


def _resolved(call: Call) -> Reply:
    """The Scope ``authorization.authorize`` resolved and read (``server.http.resolution``)."""
    assert call.scope is not None, "a resolved operation reaches its handler with its Scope"
    return Reply(200, records.scope_descriptor(call.scope))


def get_default_scope(call: Call[None]) -> Reply:
    return _resolved(call)


def resolve_scope_binding(call: Call[bodies.ResolveScopeBindingRequest]) -> Reply:
    return _resolved(call)


def set_default_scope(call: Call[bodies.SetDefaultScopeRequest]) -> Reply:
    store = store_of(call)
    scope_id = call.body["scope_id"]
    try:
        store.set_default_scope(scope_id)
    except RecordNotFound:
        raise ScopeNotFound(resolution.NO_SCOPE_MESSAGE) from None
    scope = store.get_scope(scope_id)
    if scope is None:  # Scopes are never deleted; kept for a store that would
        raise ScopeNotFound(resolution.NO_SCOPE_MESSAGE)
    return Reply(200, records.scope_descriptor(scope))


def set_scope_binding(call: Call[bodies.ScopeBinding]) -> Reply:
    """Upsert; the answer echoes the key as sent and the Scope."""
    key, scope_id = call.body["key"], call.body["scope_id"]
    try:
        store_of(call).set_scope_binding(resolution.binding_key(key), scope_id)
    except RecordNotFound:
        raise ScopeNotFound(resolution.NO_SCOPE_MESSAGE) from None
    return Reply(200, {"key": dict(key), "scope_id": scope_id})


def clear_scope_binding(call: Call[bodies.ClearScopeBindingRequest]) -> Reply:
    return Reply(200, {"cleared": store_of(call).clear_scope_binding(resolution.binding_key(call.body["key"]))})


HANDLERS: Mapping[str, Handler] = {
    "create_scope": create_scope,
    "update_scope": update_scope,
    "list_scopes": list_scopes,
    "get_scope": get_scope,
    "get_default_scope": get_default_scope,
    "set_default_scope": set_default_scope,
    "resolve_scope_binding": resolve_scope_binding,
    "set_scope_binding": set_scope_binding,
    "clear_scope_binding": clear_scope_binding,
}
