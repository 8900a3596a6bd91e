"""The access audit: every decision that refuses, and every decision that grants a write, is
appended to ``access_audit`` (``store.access.AccessAudit``) as it is made: the token (principal),
the operation, the action on its resource (a Scope, or the server), allowed or not, when, the
request id and the transport. Never a body, a query or a token.

Recorded: the request authorisation's refusals and granted writes (``authorization.authorize``:
operations whose ``x-pcreceipt-scope`` access is write or admin, one event per Scope checked at
that level); the access API's refusals (``access_decisions.require_admin``) and its Binding
changes (with the Binding, its subject and role, and the versions). Not recorded: reads that are
allowed, 401s (no Principal was established) and local single-user mode (no Principal).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from pcreceipt.server.http.exchange import Call
from pcreceipt.store.access_records import TOKEN_SUBJECT, AccessAuditRecord, AccessBindingRecord, Party
from pcreceipt.store.ids import utc_now
from pcreceipt.store.records import ALL_SCOPES, GrantAccess

GRANT_ACTION: dict[GrantAccess, str] = {"read": "scope.read", "write": "scope.contribute", "admin": "scope.admin"}
ALLOWED = "role-binding"
DENIED = "no-matching-binding"


def scope_decision(scope_id: str, access: GrantAccess) -> tuple[str, str | None]:
    """The (action, Scope id) a grant check is in 1.4.1's terms: admin on ``*`` is ``server.admin``
    on the server (Scope id None); any other check the Scope action on the Scope (``*`` included)."""
    if scope_id == ALL_SCOPES and access == "admin":
        return "server.admin", None
    return GRANT_ACTION[access], scope_id


def new_event(
    call: Call, action: str, scope_id: str | None, allowed: bool, reason: str, **extra: Any
) -> AccessAuditRecord:
    token = call.principal.token
    assert token is not None
    return AccessAuditRecord(
        event_id="aev_" + secrets.token_hex(16),
        occurred_at=utc_now(),
        request_id=call.request_id,
        transport=call.transport,
        operation=call.operation.operation_id,
        principal=Party(TOKEN_SUBJECT, token.token_id),
        action=action,
        scope_id=scope_id,
        allowed=allowed,
        reason_code=reason,
        **extra,
    )


def record(call: Call, events: Iterable[AccessAuditRecord]) -> None:
    if not call.principal.local:
        call.services.store.append_access_audit(list(events))


def record_checks(call: Call, scope_ids: Iterable[str], access: GrantAccess, *, allowed: bool) -> None:
    """A request's grant checks at ``access``: one event per Scope."""
    events = []
    for scope_id in scope_ids:
        action, target = scope_decision(scope_id, access)
        events.append(new_event(call, action, target, allowed, ALLOWED if allowed else DENIED))
    record(call, events)


def record_resource(call: Call, action: str, resource: Mapping[str, Any], *, allowed: bool) -> None:
    """An access API decision on a server or Scope resource."""
    scope_id = resource["scope_id"] if resource["type"] == "scope" else None
    record(call, [new_event(call, action, scope_id, allowed, ALLOWED if allowed else DENIED)])


def record_change(
    call: Call, binding: AccessBindingRecord, *, reason: str, expected_version: int | None = None
) -> AccessAuditRecord:
    """The event of one Binding change (created or revoked)."""
    action = "server.admin" if binding.resource_type == "server" else "scope.admin"
    return new_event(
        call,
        action,
        binding.scope_id,
        True,
        reason,
        policy_revision=binding.policy_revision,
        binding_id=binding.binding_id,
        target=binding.subject,
        role=binding.role,
        expected_version=expected_version,
        result_version=binding.version,
    )
