"""The prepare handler: the request parsed once into a plan over the Scope authorisation read."""

from __future__ import annotations

from collections.abc import Mapping

from pcreceipt.errors import (
    ScopeNotFound,
)
from pcreceipt.models import bodies
from pcreceipt.prepare.plan import PreparePlan
from pcreceipt.server.handlers.statistics import record_prepare
from pcreceipt.server.http import resolution
from pcreceipt.server.http.checks import report_deferred
from pcreceipt.server.http.exchange import Call, Handler, Reply


def prepare_context(call: Call[bodies.PrepareContextRequest]) -> Reply:
    """The request parsed once into a plan, over the Scope authorisation already read; the reply
    body is the runtime's ``Prepared`` (its Receipt already checked and serialised). The prepare
    is counted in the Scope's statistics (``statistics.record_prepare``, which never fails it)."""
    if call.scope is None:
        raise ScopeNotFound(resolution.NO_SCOPE_MESSAGE)
    report_deferred(call)
    plan = PreparePlan.from_request(call.body)
    with call.services.store.pinned_connection():  # the run's reads and the statistics share one connection
        prepared = call.services.runtime.run(plan, call.scope, request_id=call.request_id)
        record_prepare(call, plan, prepared)
    return Reply(200, prepared)


HANDLERS: Mapping[str, Handler] = {
    "prepare_context": prepare_context,
}
