"""The handler of ``resolve_scope_selection`` (POST ``/v1/scopes/selection/resolve``, registered in
``server.handlers.HANDLERS``): a Scope selection resolved to the Scope descriptors it names, in
PowerContext 1.4.1's order and with its 404.

Decisions (``docs/decisions.md``, "Scope selection resolution"): the selection is the one
``get_stats`` takes and is resolved by the same code (``statistics.selected_scopes``): exact ids in
scope_id order (404 ``scope_not_found`` when one does not exist), a subtree breadth first from its
root, all in scope_id order. Authorisation is ``get_stats``'s (source ``selection``): read on the
named Scopes; ``all`` and a subtree's descendants list only what the token can read. One page,
``next_cursor`` null (1.4.1 does not page it).
"""

from __future__ import annotations

from collections.abc import Mapping

from pcreceipt.errors import ScopeNotFound
from pcreceipt.models import bodies
from pcreceipt.server.handlers import records
from pcreceipt.server.handlers.statistics import selected_scopes
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.server.http.store_errors import SCOPE_NOT_FOUND_MESSAGE


def resolve_scope_selection(call: Call[bodies.ResolveScopeSelectionRequest]) -> Reply:
    items = []
    for scope_id in selected_scopes(call, call.body["selection"]):
        scope = call.services.store.get_scope(scope_id)
        if scope is None:  # never: Scopes are not deleted once selected
            raise ScopeNotFound(SCOPE_NOT_FOUND_MESSAGE)
        items.append(records.scope_descriptor(scope))
    return Reply(200, {"items": items, "next_cursor": None})


SCOPE_SELECTION_HANDLERS: Mapping[str, Handler] = {"resolve_scope_selection": resolve_scope_selection}
