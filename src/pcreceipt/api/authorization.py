"""Which Scopes a request touches, and the one authorisation hook every operation goes through.

``x-pcreceipt-scope`` in the OpenAPI document (the operation table's ``scope_source`` and
``scope_references``) says where the Scope id is: in the path, in the body, or nowhere; prepare
also touches the Scopes its Scope references. Authorisation itself is not implemented yet:
``authorize`` is a no-op that a later change fills in (bearer tokens mapped to per-Scope grants).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from starlette.requests import Request

from pcreceipt.api.exchange import Call

Access = Literal["none", "read", "write", "admin"]


def touched_scopes(call: Call) -> tuple[str, ...]:
    """The Scope ids the call reads or writes, the call's own Scope first (store lookups for references)."""
    operation = call.operation
    if operation.scope_source == "path":
        own = str(call.path["scope_id"])
    elif operation.scope_source == "body":
        own = str(call.body["scope_id"])
    else:
        return ()
    if not operation.scope_references:
        return (own,)
    scope = call.services.store.get_scope(own)
    references = tuple(scope.context_references) if scope is not None else ()
    return (own, *references)


def authorize(request: Request, scope_ids: Sequence[str], access: Access) -> None:
    """Raise ``Unauthorized`` or ``Forbidden`` when the request may not touch ``scope_ids``.

    Local single-user mode: everything is allowed. Called in a worker thread, before the handler.
    """
    del request, scope_ids, access
