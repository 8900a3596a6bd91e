"""Which Scope an operation with ``x-pcreceipt-scope`` source ``resolved`` works on.

``resolve_scope_binding`` and ``get_default_scope`` do not name their Scope by id in a path or
a body field the grant check can read before anything else: the Scope comes out of a lookup.
``target`` finds it (an explicit id without touching the store; else the first bound key in
list order; else the default), ``authorization.authorize`` checks the grant on it, and ``read``
reads it once for the handler (``Call.scope``).

Decisions (``docs/decisions.md``, "Scope bindings and the default Scope"):
- An explicit Scope is treated like a path Scope: its grant is checked before it is looked up,
  so 403 reveals nothing and 404 ``scope_not_found`` only reaches a caller that may read it.
- A bound or default Scope can only be checked after the lookup; binding keys are host
  identifiers, not secrets, so a 403 there tells the caller only that a key it sent is bound.
- With no default set yet (the server could not reach its store when it started) the default is
  ensured here, on first need, so the default is never missing on a running server.
- A stored binding or default whose Scope does not exist answers 409
  ``scope_binding_target_missing`` with ``details.scope_id``: no fallback, as PowerContext does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pcreceipt.errors import ScopeBindingTargetMissing, ScopeNotFound
from pcreceipt.server.http.exchange import Call
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import BindingKey, Scope

NO_SCOPE_MESSAGE = "No such Scope."
NOTHING_BOUND_MESSAGE = "No binding key is bound and the default Scope was not allowed."


def binding_key(key: Mapping[str, Any]) -> BindingKey:
    """The store's key for a validated ``ScopeBindingKey``."""
    return BindingKey(integration=key["integration"], kind=key["kind"], external_id=key["external_id"])


def _default(store: Store) -> str:
    return store.default_scope_id() or store.ensure_default_scope()


def _from_binding_request(call: Call) -> tuple[str, bool]:
    body = call.body
    explicit = body.get("explicit_scope_id")
    if explicit is not None:
        return str(explicit), True
    store = call.services.store
    bound = store.bound_scope_id([binding_key(key) for key in body.get("binding_keys", [])])
    if bound is not None:
        return bound, False
    if not body.get("allow_default", True):
        raise ScopeNotFound(NOTHING_BOUND_MESSAGE)
    return _default(store), False


_TARGETS: dict[str, Callable[[Call], tuple[str, bool]]] = {
    "resolve_scope_binding": _from_binding_request,
    "get_default_scope": lambda call: (_default(call.services.store), False),
}


def target(call: Call) -> tuple[str, bool]:
    """(scope_id, explicit): the Scope the call resolves to, and whether the request named it.
    ``ScopeNotFound`` when nothing is bound and the default is not allowed."""
    return _TARGETS[call.operation.operation_id](call)


def read(call: Call, scope_id: str, *, explicit: bool) -> Scope:
    """The resolved Scope; 404 for an explicit id that does not exist, 409 for a stored one."""
    scope = call.services.store.get_scope(scope_id)
    if scope is None:
        if explicit:
            raise ScopeNotFound(NO_SCOPE_MESSAGE)
        raise ScopeBindingTargetMissing(scope_id)
    return scope
