"""The health probes."""

from __future__ import annotations

from collections.abc import Mapping

from pcreceipt.server.handlers.common import (
    HEALTH_PROBE_SCOPE,
    log,
    store_of,
)
from pcreceipt.server.http.exchange import Call, Handler, Reply


def get_liveness(call: Call[None]) -> Reply:
    return Reply(200, {"status": "ok"})


def get_readiness(call: Call[None]) -> Reply:
    """Ready when the store answers one cheap read; any failure is ``not_ready`` (503)."""
    try:
        store_of(call).get_scope(HEALTH_PROBE_SCOPE)
    except Exception as exc:
        log.warning("readiness probe failed request_id=%s type=%s", call.request_id, type(exc).__name__)
        return Reply(503, {"status": "not_ready", "checks": {"store": "unavailable"}})
    return Reply(200, {"status": "ready", "checks": {"store": "ok"}})


HANDLERS: Mapping[str, Handler] = {
    "get_liveness": get_liveness,
    "get_readiness": get_readiness,
}
