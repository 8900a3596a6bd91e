"""Access decisions in PowerContext 1.4.1's terms over pcreceipt's token grants (one model).

A token is the Principal ``{type: service, id: token id}``; its grants are its active Bindings
(``store.access_records``). An action on a resource is decided by the same grant test every
request's authorisation uses (``Principal.may``), so what ``check_access`` and the access
listings say is what a request gets:

- ``scope.read`` on a Scope: read on it; ``scope.contribute``: write; ``scope.review``,
  ``scope.delegate`` and ``scope.admin``: admin (pcreceipt's review and Binding management need
  admin on the Scope). A grant on ``*`` covers every Scope; the Scope ``*`` is that wildcard.
- ``server.admin`` on the server: admin on ``*``; ``server.observe``: any valid token (the
  operations 1.4.1 guards with it, capabilities and server info, are open to every token here).
- Artifact resources: pcreceipt shares no Artifact Family, so one is 422
  ``invalid_access_request`` (1.4.1's answer for a family it does not register).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pcreceipt.errors import AccessCursorStale, AccessInvalidRequest, Forbidden, RuntimeNotReady
from pcreceipt.server.http import access_audit
from pcreceipt.server.http.credentials import Principal
from pcreceipt.server.http.exchange import Call
from pcreceipt.store.access_records import TOKEN_SUBJECT, AccessBindingRecord, Party
from pcreceipt.store.records import ALL_SCOPES, GrantAccess

SCOPE_ACTIONS: dict[str, GrantAccess] = {
    "scope.read": "read",
    "scope.contribute": "write",
    "scope.review": "admin",
    "scope.delegate": "admin",
    "scope.admin": "admin",
}
SERVER_ACTIONS = ("server.observe", "server.admin")
ALLOWED_BY_BINDING = "role-binding"
ALLOWED_TO_ANY_TOKEN = "authenticated"
DENIED = "no-matching-binding"
FORBIDDEN_MESSAGE = "The Principal is not authorized for this operation."


@dataclass(frozen=True, slots=True)
class Decision:
    allowed: bool
    reason_code: str


def require_token(call: Call) -> Principal:
    """The caller; 503 ``runtime_not_ready`` in local single-user mode (no Principal)."""
    if call.principal.local:
        raise RuntimeNotReady()
    return call.principal


def deployment_id(call: Call) -> str:
    """The server resource's id: the store's server_id, the same for every server over one database."""
    return call.services.store.server_id()


def principal_party(principal: Principal) -> Party:
    token = principal.token
    assert token is not None
    return Party(TOKEN_SUBJECT, token.token_id, token.name)


def party_json(party: Party) -> dict[str, Any]:
    body: dict[str, Any] = {"type": party.type, "id": party.id}
    if party.description is not None:
        body["description"] = party.description
    return body


def server_resource(call: Call) -> dict[str, Any]:
    return {"type": "server", "deployment_id": deployment_id(call)}


def binding_resource(call: Call, binding: AccessBindingRecord) -> dict[str, Any]:
    if binding.resource_type == "server":
        return server_resource(call)
    return {"type": "scope", "scope_id": binding.scope_id}


def binding_json(call: Call, binding: AccessBindingRecord) -> dict[str, Any]:
    return {
        "binding_id": binding.binding_id,
        "subject": party_json(binding.subject),
        "resource": binding_resource(call, binding),
        "role": binding.role,
        "granted_by": party_json(binding.granted_by),
        "reason": binding.reason,
        "created_at": binding.created_at,
        "expires_at": binding.expires_at,
        "state": binding.state,
        "version": binding.version,
        "policy_revision": binding.policy_revision,
        "idempotency_key": binding.idempotency_key,
        "revoked_at": binding.revoked_at,
        "revoked_by": None if binding.revoked_by is None else party_json(binding.revoked_by),
    }


def resource_key(resource: Mapping[str, Any]) -> str:
    """1.4.1's canonical key of a server or Scope resource (its listing order)."""
    fields = {name: resource[name] for name in ("type", "deployment_id", "scope_id") if name in resource}
    return json.dumps(fields, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def check_server(call: Call, resource: Mapping[str, Any]) -> None:
    if resource["deployment_id"] != deployment_id(call):
        raise AccessInvalidRequest()


def decide(call: Call, principal: Principal, action: str, resource: Mapping[str, Any]) -> Decision:
    """The decision on ``action`` over ``resource``; 422 for a pair the contract does not allow."""
    kind = resource["type"]
    if kind == "server":
        check_server(call, resource)
        if action == "server.observe":
            return Decision(True, ALLOWED_TO_ANY_TOKEN)
        if action == "server.admin":
            return _granted(principal.may(ALL_SCOPES, "admin"))
        raise AccessInvalidRequest()
    if kind == "scope":
        needed = SCOPE_ACTIONS.get(action)
        if needed is None:
            raise AccessInvalidRequest()
        return _granted(principal.may(resource["scope_id"], needed))
    raise AccessInvalidRequest()  # an Artifact resource: no family is shared here


def _granted(allowed: bool) -> Decision:
    return Decision(True, ALLOWED_BY_BINDING) if allowed else Decision(False, DENIED)


def require_admin(call: Call, principal: Principal, resource: Mapping[str, Any]) -> None:
    """403 unless the caller administers ``resource`` (admin on the Scope, or on ``*`` for the
    server); 422 for an Artifact resource or another deployment."""
    action = "server.admin" if resource["type"] == "server" else "scope.admin"
    if not decide(call, principal, action, resource).allowed:
        access_audit.record_resource(call, action, resource, allowed=False)
        raise Forbidden(FORBIDDEN_MESSAGE)


# -- cursors of the access listings


def _sign(call: Call, payload: bytes) -> str:
    return hmac.new(call.services.store.cursor_secret(), payload, "sha256").hexdigest()


def encode_access_cursor(call: Call, after: str, revision: str, query: Mapping[str, Any]) -> str:
    """An access listing's cursor: signed with the store's cursor key, bound to the caller, the
    listing's query and the policy revision it was issued under (1.4.1's rule: a cursor from
    before a Binding changed is 409 ``access_cursor_stale``)."""
    body = {"after": after, "revision": revision, "query": _query_digest(call, query)}
    payload = json.dumps(body, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=") + "." + _sign(call, payload)


def decode_access_cursor(call: Call, cursor: str, revision: str, query: Mapping[str, Any]) -> str:
    """The key a page starts after; 422 ``invalid_access_request`` for a cursor this server did not
    sign for this caller and query, 409 ``access_cursor_stale`` for one of an older policy revision."""
    encoded, _, signature = cursor.partition(".")
    try:
        payload = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
        body = json.loads(payload.decode("utf-8"))
    except (binascii.Error, UnicodeError, ValueError):
        raise AccessInvalidRequest() from None
    if not hmac.compare_digest(signature, _sign(call, payload)) or not isinstance(body, dict):
        raise AccessInvalidRequest()
    if body.get("query") != _query_digest(call, query) or not isinstance(body.get("after"), str):
        raise AccessInvalidRequest()
    if body.get("revision") != revision:
        raise AccessCursorStale()
    return str(body["after"])


def _query_digest(call: Call, query: Mapping[str, Any]) -> str:
    bound = {"principal": principal_party(call.principal).id, **query}
    encoded = json.dumps(bound, ensure_ascii=False, separators=(",", ":"), sort_keys=True, default=str)
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()
