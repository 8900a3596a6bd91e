"""The handlers of PowerContext 1.4.1's access API over pcreceipt's one access model: a token is
the Principal, its grants are its Bindings (``store.access``; decisions in
``server.http.access_decisions``; docs/security.md, "The access model").

Decisions (docs/decisions.md, "Access Bindings are token grants"):
- Every operation needs a valid token (``x-pcreceipt-scope`` access none: the handler decides
  what the token may see). A server in local single-user mode has no Principal and answers 503
  ``runtime_not_ready``, as 1.4.1 answers every access operation with access control disabled.
- Four roles can be bound, each a grant level: ``scope.viewer`` (read), ``scope.contributor``
  (write), ``scope.admin`` (admin) on a Scope or the Scope ``*``, and ``server.admin`` (admin on
  ``*``) on the server. ``list_access_roles`` lists exactly these, with what they allow here (the
  nesting admin ⊇ write ⊇ read included); the other 1.4.1 roles, and Artifact sharing, are not
  offered (``artifact_families`` is empty, ``resource_kinds`` server and scope).
- Listing Bindings needs admin on the management resource: on the Scope for a Scope (its
  Bindings), on ``*`` for the server (every Binding). Changing one needs admin on its resource.
- A Binding's subject is a stored, unrevoked token; its Scope need not exist (1.4.1 does not look
  it up). Revoke and replace are compare-and-swap on ``version`` (``store.access``): 409
  ``binding-version``; an idempotency key reused with another request is 409 ``idempotency-key``.
  An unknown Binding is 404 ``access_binding_not_found`` only to admin on ``*`` (403 otherwise).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from pcreceipt.errors import (
    AccessBindingNotFound,
    AccessBindingVersionConflict,
    AccessIdempotencyConflict,
    AccessInvalidRequest,
    Forbidden,
    ResourceFilterLimitExceeded,
)
from pcreceipt.models import bodies, limits
from pcreceipt.server.http import access_audit
from pcreceipt.server.http.access_decisions import (
    FORBIDDEN_MESSAGE,
    SCOPE_ACTIONS,
    SERVER_ACTIONS,
    binding_json,
    binding_resource,
    check_server,
    decide,
    decode_access_cursor,
    encode_access_cursor,
    party_json,
    principal_party,
    require_admin,
    require_token,
    resource_key,
    server_resource,
)
from pcreceipt.server.http.credentials import Principal
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.access_records import (
    ROLE_RESOURCE,
    TOKEN_SUBJECT,
    AccessAuditRecord,
    AccessBindingRecord,
    AccessConflict,
    AuditQuery,
    NewBinding,
    Party,
)
from pcreceipt.store.ids import utc_instant, utc_now
from pcreceipt.store.records import ALL_SCOPES

MAX_RESOURCE_KEYS = limits.ACCESS_PROVIDER_CAPABILITIES_MAX_DIRECT_RESOURCE_KEYS_MAXIMUM
"""The most resources one list_access_resources covers (1.4.1's bound of max_direct_resource_keys)."""
ROLE_DESCRIPTORS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("scope.viewer", "scope", ("scope.read",)),
    ("scope.contributor", "scope", ("scope.contribute", "scope.read")),
    ("scope.admin", "scope", ("scope.admin", "scope.contribute", "scope.delegate", "scope.read", "scope.review")),
    ("server.admin", "server", ("server.admin", "server.observe")),
)
"""The roles a Binding can give, in 1.4.1's role order, with the actions each allows here."""


def get_access_principal(call: Call[None]) -> Reply:
    principal = require_token(call)
    body = {
        "principal": party_json(principal_party(principal)),
        "mode": "enforced",
        "resource_kinds": ["server", "scope"],
        "provider_capabilities": {
            "safe_resource_filtering": True,
            "multi_requirement_check": True,
            "relationship_management": True,
            "group_subjects": False,
            "multi_principal": True,
            "max_direct_resource_keys": MAX_RESOURCE_KEYS,
        },
        "artifact_families": [],
    }
    return Reply(200, body)


def list_access_roles(call: Call[bodies.ListAccessRolesRequest]) -> Reply:
    require_token(call)
    resource_type = call.body.get("resource_type")
    if call.body.get("family") is not None:
        raise AccessInvalidRequest()  # no Artifact Family is shared here
    items = [
        {
            "role": role,
            "resource_type": kind,
            "cardinality": "many_per_resource",
            "actions": list(actions),
            "artifact_families": [],
            "assignable_subject_types": [TOKEN_SUBJECT],
            "system_managed": False,
        }
        for role, kind, actions in ROLE_DESCRIPTORS
        if resource_type is None or resource_type == kind
    ]
    return Reply(200, {"items": items})


def list_access_resources(call: Call[bodies.ListAccessResourcesRequest]) -> Reply:
    principal = require_token(call)
    body = call.body
    action, kind = body["action"], body["resource_type"]
    if body.get("family") is not None or kind == "artifact":
        raise AccessInvalidRequest()
    if kind == "server":
        if action not in SERVER_ACTIONS:
            raise AccessInvalidRequest()
        resource = server_resource(call)
        resources = [resource] if decide(call, principal, action, resource).allowed else []
    else:
        needed = SCOPE_ACTIONS.get(action)
        if needed is None:
            raise AccessInvalidRequest()
        resources = _visible_scopes(call, needed)
    ordered = sorted(resources, key=resource_key)
    revision = call.services.store.access_policy_revision()
    query = {"listing": "list_access_resources", "action": action, "resource_type": kind}
    cursor = body.get("cursor")
    if cursor is not None:
        after = decode_access_cursor(call, cursor, revision, query)
        ordered = [resource for resource in ordered if resource_key(resource) > after]
    limit = body.get("limit", limits.LIST_ACCESS_RESOURCES_REQUEST_LIMIT_DEFAULT)
    items = ordered[:limit]
    next_cursor = encode_access_cursor(call, resource_key(items[-1]), revision, query) if len(ordered) > limit else None
    return Reply(200, {"items": items, "total": len(resources), "next_cursor": next_cursor})


def _visible_scopes(call: Call, needed: Any) -> list[dict[str, Any]]:
    """The existing Scopes the caller holds ``needed`` on (every Scope with it on ``*``)."""
    principal = call.principal
    token = principal.token
    assert token is not None
    if principal.may(ALL_SCOPES, needed):
        among = None
    else:
        among = frozenset(grant.scope_id for grant in token.grants if principal.may(grant.scope_id, needed))
    scopes = call.services.store.list_scopes(limit=MAX_RESOURCE_KEYS + 1, after=None, among=among)
    if len(scopes) > MAX_RESOURCE_KEYS:
        raise ResourceFilterLimitExceeded()
    return [{"type": "scope", "scope_id": scope.scope_id} for scope in scopes]


def _subject(value: Mapping[str, Any] | None) -> Party | None:
    return None if value is None else Party(value["type"], value["id"])


def list_access_bindings(call: Call[bodies.ListAccessBindingsRequest]) -> Reply:
    principal = require_token(call)
    body = call.body
    resource = body["management_resource"]
    if resource["type"] == "server":
        check_server(call, resource)
    require_admin(call, principal, resource)
    scope_id = resource["scope_id"] if resource["type"] == "scope" else None
    subject = body.get("subject")
    query = {
        "listing": "list_access_bindings",
        "scope_id": scope_id,
        "subject": None if subject is None else [subject["type"], subject["id"]],
        "role": body.get("role"),
        "state": body.get("state"),
    }
    store = call.services.store
    revision = store.access_policy_revision()
    cursor = body.get("cursor")
    after = None if cursor is None else decode_access_cursor(call, cursor, revision, query)
    limit = body.get("limit", limits.LIST_ACCESS_BINDINGS_REQUEST_LIMIT_DEFAULT)
    found = store.list_access_bindings(
        scope_id=scope_id,
        subject=_subject(subject),
        role=body.get("role"),
        state=body.get("state"),
        after=after,
        limit=limit + 1,
    )
    items = found[:limit]
    next_cursor = encode_access_cursor(call, items[-1].binding_id, revision, query) if len(found) > limit else None
    return Reply(200, {"items": [binding_json(call, binding) for binding in items], "next_cursor": next_cursor})


ACCESS_HANDLERS: Mapping[str, Handler] = {
    "get_access_principal": get_access_principal,
    "list_access_roles": list_access_roles,
    "list_access_resources": list_access_resources,
    "list_access_bindings": list_access_bindings,
}


# -- Binding changes (create, revoke, replace)


def _expiry(value: str | None) -> str | None:
    """``expires_at`` in the store's UTC form; 422 unless it is later than now (1.4.1's rule)."""
    if value is None:
        return None
    stored = _moment(value)
    if stored <= utc_now():
        raise AccessInvalidRequest()
    return stored


def _token_subject(call: Call, subject: Mapping[str, Any]) -> Party:
    """The Binding's subject: a stored, unrevoked token (type service); 422 otherwise. A group is
    refused as 1.4.1 refuses one when its provider binds no groups."""
    if subject["type"] != TOKEN_SUBJECT:
        raise AccessInvalidRequest()
    token = call.services.store.get_token(subject["id"])
    if token is None or token.revoked_at is not None:
        raise AccessInvalidRequest()
    return Party(TOKEN_SUBJECT, token.token_id)


def _resource_fields(call: Call, resource: Mapping[str, Any], role: str) -> tuple[Any, str | None]:
    """The (resource type, Scope id) of a Binding of ``role``; 422 for a role that cannot be bound
    on the resource (an Artifact resource, another deployment, a role without a grant level)."""
    if resource["type"] == "server":
        check_server(call, resource)
    if ROLE_RESOURCE.get(role) != resource["type"]:
        raise AccessInvalidRequest()
    return resource["type"], resource.get("scope_id")


def _request_sha(fields: Mapping[str, Any]) -> str:
    encoded = json.dumps(fields, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


CREATED = "binding-created"
REVOKED = "binding-revoked"
"""The reason codes of Binding change events (1.4.1's)."""


def _actor(principal: Principal) -> Party:
    """Who changes a Binding, as the Binding records it (id and type: a name is display only)."""
    party = principal_party(principal)
    return Party(party.type, party.id)


def _conflict(error: AccessConflict) -> Exception:
    return AccessIdempotencyConflict() if error.code == "idempotency-key" else AccessBindingVersionConflict()


def create_access_binding(call: Call[bodies.CreateAccessBindingRequest]) -> Reply:
    principal = require_token(call)
    body = call.body
    kind, scope_id = _resource_fields(call, body["resource"], body["role"])
    if body["subject"]["type"] != TOKEN_SUBJECT:
        raise AccessInvalidRequest()
    expires_at = _expiry(body.get("expires_at"))
    require_admin(call, principal, body["resource"])
    subject = _token_subject(call, body["subject"])
    fields = {
        "subject": [subject.type, subject.id],
        "resource": [kind, scope_id],
        "role": body["role"],
        "reason": body.get("reason"),
        "expires_at": expires_at,
    }
    new = NewBinding(
        subject=subject,
        resource_type=kind,
        scope_id=scope_id,
        role=body["role"],
        reason=body.get("reason"),
        expires_at=expires_at,
        idempotency_key=body["idempotency_key"],
        request_sha=_request_sha(fields),
    )
    try:
        binding = call.services.store.create_access_binding(new, _actor(principal))
    except AccessConflict as error:
        raise _conflict(error) from None
    access_audit.record(call, [access_audit.record_change(call, binding, reason=CREATED)])
    return Reply(201, binding_json(call, binding))


def _managed_binding(call: Call, binding_id: str) -> AccessBindingRecord:
    """The Binding the caller administers; 404 ``access_binding_not_found`` only to admin on ``*``
    (anyone else learns nothing: 403), 403 for a Binding on a resource it does not administer."""
    principal = call.principal
    binding = call.services.store.get_access_binding(binding_id)
    if binding is None:
        if principal.may(ALL_SCOPES, "admin"):
            raise AccessBindingNotFound()
        access_audit.record_resource(call, "server.admin", server_resource(call), allowed=False)
        raise Forbidden(FORBIDDEN_MESSAGE)
    require_admin(call, principal, binding_resource(call, binding))
    return binding


def revoke_access_binding(call: Call[bodies.RevokeAccessBindingRequest]) -> Reply:
    principal = require_token(call)
    body = call.body
    _managed_binding(call, body["binding_id"])
    try:
        revoked = call.services.store.revoke_access_binding(
            body["binding_id"], body["expected_version"], _actor(principal), body["idempotency_key"]
        )
    except AccessConflict as error:
        raise _conflict(error) from None
    event = access_audit.record_change(call, revoked, reason=REVOKED, expected_version=body["expected_version"])
    access_audit.record(call, [event])
    return Reply(200, binding_json(call, revoked))


def replace_access_binding(call: Call[bodies.ReplaceAccessBindingRequest]) -> Reply:
    principal = require_token(call)
    body = call.body
    current = _managed_binding(call, body["binding_id"])
    replacement = body["replacement"]
    if replacement["subject"]["type"] != TOKEN_SUBJECT:
        raise AccessInvalidRequest()
    expires_at = _expiry(replacement.get("expires_at"))
    subject = _token_subject(call, replacement["subject"])
    fields = {
        "binding_id": body["binding_id"],
        "expected_version": body["expected_version"],
        "subject": [subject.type, subject.id],
        "reason": replacement.get("reason"),
        "expires_at": expires_at,
    }
    new = NewBinding(
        subject=subject,
        resource_type=current.resource_type,
        scope_id=current.scope_id,
        role=current.role,
        reason=replacement.get("reason"),
        expires_at=expires_at,
        idempotency_key=body["idempotency_key"],
        request_sha=_request_sha(fields),
    )
    try:
        previous, created = call.services.store.replace_access_binding(
            body["binding_id"], body["expected_version"], new, _actor(principal)
        )
    except AccessConflict as error:
        raise _conflict(error) from None
    events = [
        access_audit.record_change(call, previous, reason=REVOKED, expected_version=body["expected_version"]),
        access_audit.record_change(call, created, reason=CREATED),
    ]
    access_audit.record(call, events)
    return Reply(200, {"previous": binding_json(call, previous), "current": binding_json(call, created)})


# -- the audit


def _moment(value: str) -> str:
    moment = datetime.fromisoformat(value)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return utc_instant(moment)


def _event_json(call: Call, event: AccessAuditRecord) -> dict[str, Any]:
    principal = party_json(event.principal)
    resource = server_resource(call) if event.scope_id is None else {"type": "scope", "scope_id": event.scope_id}
    return {
        "cursor": event.cursor,
        "event_id": event.event_id,
        "occurred_at": event.occurred_at,
        "request_id": event.request_id,
        "transport": event.transport,
        "operation": event.operation,
        "principal": principal,
        "actor": None,
        "action": event.action,
        "resource": resource,
        "allowed": event.allowed,
        "reason_code": event.reason_code,
        "policy_revision": event.policy_revision,
        "matched_subject": principal if event.reason_code == access_audit.ALLOWED else None,
        "binding_id": event.binding_id,
        "target": None if event.target is None else party_json(event.target),
        "role": event.role,
        "expected_version": event.expected_version,
        "result_version": event.result_version,
    }


def list_access_audit(call: Call[bodies.ListAccessAuditRequest]) -> Reply:
    principal = require_token(call)
    body = call.body
    resource = body["resource"]
    if resource["type"] == "server":
        check_server(call, resource)
    window = body.get("time_range")
    start = end = None
    if window is not None:
        start, end = _moment(window["start"]), _moment(window["end"])
        if start >= end:
            raise AccessInvalidRequest()
    require_admin(call, principal, resource)
    subject = body.get("subject")
    result = body.get("result")
    scope_id = resource["scope_id"] if resource["type"] == "scope" else None
    query = {
        "listing": "list_access_audit",
        "scope_id": scope_id,
        "action": body.get("action"),
        "subject": None if subject is None else [subject["type"], subject["id"]],
        "result": result,
        "time_range": [start, end],
    }
    store = call.services.store
    revision = store.access_policy_revision()
    cursor = body.get("cursor")
    after = None
    if cursor is not None:
        decoded = decode_access_cursor(call, cursor, revision, query)
        if not decoded.isdigit():
            raise AccessInvalidRequest()
        after = int(decoded)
    limit = body.get("limit", limits.LIST_ACCESS_AUDIT_REQUEST_LIMIT_DEFAULT)
    found = store.list_access_audit(
        AuditQuery(
            scope_id=scope_id,
            action=body.get("action"),
            principal=_subject(subject),
            allowed=None if result is None else result == "allowed",
            start=start,
            end=end,
            after=after,
            limit=limit + 1,
        )
    )
    items = found[:limit]
    next_cursor = encode_access_cursor(call, str(items[-1].cursor), revision, query) if len(found) > limit else None
    return Reply(200, {"items": [_event_json(call, event) for event in items], "next_cursor": next_cursor})


# -- check_access


def check_access(call: Call[bodies.AccessCheckRequest]) -> Reply:
    """Each requirement decided exactly as a request's authorisation decides it (``decide``:
    the token's grants through ``Principal.may``), in order, then combined (all or any). A pair the
    contract does not allow (an action on another resource type, an Artifact resource, another
    deployment) is 422 for the whole check, before any decision. Refusals are audited."""
    principal = require_token(call)
    requirements = call.body["requirements"]
    decisions = [decide(call, principal, r["action"], r["resource"]) for r in requirements]
    combined = all if call.body["match"] == "all" else any
    refused = [
        access_audit.new_event(
            call,
            requirement["action"],
            requirement["resource"].get("scope_id"),
            False,
            decision.reason_code,
        )
        for requirement, decision in zip(requirements, decisions, strict=True)
        if not decision.allowed
    ]
    access_audit.record(call, refused)
    body = {
        "allowed": combined(decision.allowed for decision in decisions),
        "decisions": [{"allowed": d.allowed, "reason_code": d.reason_code} for d in decisions],
    }
    return Reply(200, body)


ACCESS_CHANGE_HANDLERS: Mapping[str, Handler] = {
    "create_access_binding": create_access_binding,
    "revoke_access_binding": revoke_access_binding,
    "replace_access_binding": replace_access_binding,
    "list_access_audit": list_access_audit,
    "check_access": check_access,
}
ACCESS_HANDLERS = {**ACCESS_HANDLERS, **ACCESS_CHANGE_HANDLERS}
