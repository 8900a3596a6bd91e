"""The health probes."""

from __future__ import annotations

from collections.abc import Mapping

from pcreceipt.models import limits
from pcreceipt.server.handlers.common import (
    HEALTH_PROBE_SCOPE,
    log,
    store_of,
)
from pcreceipt.server.http.exchange import Call, Handler, Reply

#: what access decisions cover, as 1.4.1's readiness describes it: every resource type a Binding can
#: name, and every Artifact Family by name (each enabled: pcreceipt serves them all)
ACCESS_COVERAGE = {
    "access_resource_kinds": ",".join(limits.ACCESS_RESOURCE_TYPE_ENUM),
    "access_artifact_families": ",".join(f"{f}:enabled" for f in sorted(limits.TAGGABLE_ARTIFACT_FAMILY_ENUM)),
}


def get_liveness(call: Call[None]) -> Reply:
    return Reply(200, {"status": "ok"})


def get_readiness(call: Call[None]) -> Reply:
    """Ready when the store answers one cheap read; otherwise ``not_ready`` (503). The checks are
    named as PowerContext 1.4.1 names a deployment's (``runtime``, ``database``, its background
    processing and its access checks), with pcreceipt's values: the store is the database, no
    background processing runs, and tokens are the access provider."""
    try:
        store_of(call).get_scope(HEALTH_PROBE_SCOPE)
        answered = True
    except Exception as exc:
        log.warning("readiness probe failed request_id=%s type=%s", call.request_id, type(exc).__name__)
        answered = False
    tokens = call.services.settings.tokens_required
    provider = ("ready" if answered else "not_ready") if tokens else "disabled"
    checks = {
        "runtime": "ready",
        "database": "ready" if answered else "unavailable",
        "artifact_processing_supervisor": "disabled",
        "access_mode": "enforced" if tokens else "disabled",
        "authentication_provider": provider,
        "access_provider": provider,
        **ACCESS_COVERAGE,
    }
    return (
        Reply(200, {"status": "ready", "checks": checks})
        if answered
        else Reply(503, {"status": "not_ready", "checks": checks})
    )


HANDLERS: Mapping[str, Handler] = {
    "get_liveness": get_liveness,
    "get_readiness": get_readiness,
}
