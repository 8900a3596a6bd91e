"""Access Bindings as the store keeps them: the one model of what a token may do.

A token is a Principal (``{type: service, id: token_id}``); what it may do is the set of its
active, unexpired Bindings, each one of four roles on a Scope (or the Scope ``*``) or on the
server. A Binding's role is a grant level (``ROLE_ACCESS``): ``scope.viewer`` read,
``scope.contributor`` write, ``scope.admin`` admin, and ``server.admin`` admin on ``*``. A token
grant written before (``read|write|admin`` on a Scope or ``*``) is the Binding ``GRANT_ROLE``
names, on the Scope resource, except admin on ``*``, which is ``server.admin``
(docs/decisions.md, "Access Bindings are token grants").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pcreceipt.models import limits
from pcreceipt.store.records import ALL_SCOPES, GrantAccess, StoreError, TokenGrant

ResourceType = Literal["server", "scope"]
BindingState = limits.AccessBindingState

ROLE_ACCESS: dict[str, GrantAccess] = {
    "scope.viewer": "read",
    "scope.contributor": "write",
    "scope.admin": "admin",
    "server.admin": "admin",
}
"""The roles a Binding can give, each the grant level it is (server.admin: on ``*``)."""
ROLE_RESOURCE: dict[str, ResourceType] = {
    "scope.viewer": "scope",
    "scope.contributor": "scope",
    "scope.admin": "scope",
    "server.admin": "server",
}
GRANT_ROLE: dict[GrantAccess, str] = {"read": "scope.viewer", "write": "scope.contributor", "admin": "scope.admin"}
TOKEN_SUBJECT = "service"
"""The Principal type of every token."""
GRANT_IDEMPOTENCY_KEY = "pcreceipt.token-grant"
"""The idempotency key of a Binding made from a token grant (``token create``, migration)."""


@dataclass(frozen=True, slots=True)
class Party:
    """A Principal or subject by type and id (``description`` is display only)."""

    type: str
    id: str
    description: str | None = None


TOKEN_CLI = Party("service", "pcreceipt-token-cli", "pcreceipt token create")
"""Who grants the Bindings a token is created with."""


@dataclass(frozen=True, slots=True)
class AccessBindingRecord:
    """One stored Binding (``scope_id`` None for the server resource)."""

    binding_id: str
    subject: Party
    resource_type: ResourceType
    scope_id: str | None
    role: str
    granted_by: Party
    reason: str | None
    created_at: str
    expires_at: str | None
    state: BindingState
    version: int
    policy_revision: str
    idempotency_key: str
    revoked_at: str | None = None
    revoked_by: Party | None = None

    def active_at(self, now: str) -> bool:
        return self.state == "active" and (self.expires_at is None or self.expires_at > now)

    def grant(self) -> TokenGrant:
        """The token grant the Binding is."""
        target = ALL_SCOPES if self.resource_type == "server" else self.scope_id
        assert target is not None
        return TokenGrant(target, ROLE_ACCESS[self.role])


@dataclass(frozen=True, slots=True)
class NewBinding:
    """What ``create_access_binding`` is asked to store."""

    subject: Party
    resource_type: ResourceType
    scope_id: str | None
    role: str
    reason: str | None
    expires_at: str | None
    idempotency_key: str
    request_sha: str


def grant_binding_fields(grant: TokenGrant) -> tuple[ResourceType, str | None, str]:
    """The (resource type, Scope id, role) of the Binding a token grant is."""
    if grant.scope_id == ALL_SCOPES and grant.access == "admin":
        return "server", None, "server.admin"
    return "scope", grant.scope_id, GRANT_ROLE[grant.access]


def strongest_grants(bindings: list[AccessBindingRecord], now: str) -> tuple[TokenGrant, ...]:
    """A token's grants: its active Bindings' grants, the strongest per target, in target order."""
    rank = {"read": 1, "write": 2, "admin": 3}
    best: dict[str, GrantAccess] = {}
    for binding in bindings:
        if binding.active_at(now):
            grant = binding.grant()
            held = best.get(grant.scope_id)
            if held is None or rank[grant.access] > rank[held]:
                best[grant.scope_id] = grant.access
    return tuple(TokenGrant(target, best[target]) for target in sorted(best))


class AccessConflict(StoreError):
    """A Binding change that was valid against an earlier state: ``code`` is PowerContext's
    (``binding-version``: not the active Binding at that version; ``idempotency-key``: the key
    names another request)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class AccessAuditRecord:
    """One recorded decision: who, which operation, which action on which resource (a Scope, or the
    server when ``scope_id`` is None), allowed or not, when; for a Binding change also the Binding,
    its subject and role and the versions. Never a request body. ``cursor`` is set once stored."""

    event_id: str
    occurred_at: str
    request_id: str | None
    transport: str
    operation: str
    principal: Party
    action: str
    scope_id: str | None
    allowed: bool
    reason_code: str
    policy_revision: str | None = None
    binding_id: str | None = None
    target: Party | None = None
    role: str | None = None
    expected_version: int | None = None
    result_version: int | None = None
    cursor: int | None = None


@dataclass(frozen=True, slots=True)
class AuditQuery:
    """What ``list_access_audit`` selects: every event (``scope_id`` None) or one Scope's, with
    1.4.1's filters (``start`` inclusive, ``end`` exclusive), after a cursor."""

    scope_id: str | None
    action: str | None = None
    principal: Party | None = None
    allowed: bool | None = None
    start: str | None = None
    end: str | None = None
    after: int | None = None
    limit: int = limits.LIST_ACCESS_AUDIT_REQUEST_LIMIT_DEFAULT
