"""Managed Skill governance and usage (registered in ``server.handlers.HANDLERS``): PowerContext
1.4.1's ``update_skill_lifecycle`` and ``record_skill_usage``. The rules are the store's
(``pcreceipt.store.skill_governance``, ``pcreceipt.store.skill_usage``).

Decisions (``docs/decisions.md``, "Managed Skill lifecycle"):
- Refusals are 1.4.1's: 404 ``not_found`` (an unknown Skill or replacement: its governance
  repository's code, not ``artifact_not_found``); 422 ``invalid_lifecycle`` with 1.4.1's reason as the
  message; 422 ``invalid_request`` (no details) for a replacement on a state other than deprecated;
  409 ``generation_conflict`` for a stale generation, checked after every other rule.
- The answer is ``SkillGovernance`` with the Skill's head revision as ``artifact``.
- A usage observation is refused as 1.4.1 refuses it: 404 ``not_found`` (no such revision or task
  Source: its repositories' code), 422 ``invalid_request`` without details (another family, no
  package, another digest, a task Source reference 1.4.1's model refuses), 409 ``generation_conflict``
  (the observation id holds other fields: 1.4.1's stored-payload conflict); 201 with the Source's
  position, the same position for a repeat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from pcreceipt import errors
from pcreceipt.models import bodies
from pcreceipt.server.handlers.common import require_i_json
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store import skill_governance as governance
from pcreceipt.store.skill_usage import USAGE_SOURCE, UsageRefused

T = TypeVar("T")
NOT_FOUND_MESSAGE = "The requested value was not found."


def governed(work: Callable[[], T]) -> T:
    """``work()`` with the store's governance refusals answered as PowerContext 1.4.1 answers them."""
    try:
        return work()
    except governance.GovernanceNotFound:
        raise errors.GovernanceValueNotFound(NOT_FOUND_MESSAGE) from None
    except governance.GenerationStale:
        raise errors.GenerationConflict("The requested state is stale.") from None
    except governance.InvalidLifecycle as refused:
        raise errors.LifecycleRefused(refused.reason) from None
    except governance.InvalidReplacement:
        raise errors.InvalidRequest("The request is invalid.", None) from None


def update_skill_lifecycle(call: Call[bodies.UpdateSkillLifecycleRequest]) -> Reply:
    body = call.body
    scope_id, artifact_id = body["scope_id"], body["artifact_id"]
    store = call.services.store
    record, head = governed(
        lambda: store.transition_skill_lifecycle(
            scope_id,
            artifact_id,
            int(body["expected_generation"]),
            body["lifecycle_state"],
            body.get("replacement_artifact_id"),
        )
    )
    artifact = {"family": "skill", "artifact_id": artifact_id, "revision": head}
    return Reply(200, {"artifact": artifact, **record.wire()})


_USAGE_FIELDS = (
    "skill_ref", "package_digest", "target_id", "selected", "invoked", "validation", "outcome", "task_source",
    "environment_fingerprint",
)  # fmt: skip
"""What a usage Source holds: the observation but its id (1.4.1's SkillUsageSource, absent ones null)."""


def record_skill_usage(call: Call[bodies.RecordSkillUsageRequest]) -> Reply:
    body = call.body
    require_i_json(body, _USAGE_FIELDS, "A usage observation is I-JSON: integers within ±(2**53 - 1).")
    observation = {name: body.get(name) for name in _USAGE_FIELDS}
    try:
        position = call.services.store.record_skill_usage(body["scope_id"], body["observation_id"], observation)
    except UsageRefused as refused:
        if refused.reason == "not_found":
            raise errors.GovernanceValueNotFound(NOT_FOUND_MESSAGE) from None
        if refused.reason == "conflict":
            raise errors.GenerationConflict("The requested state is stale.") from None
        raise errors.InvalidRequest("The request is invalid.", None) from None
    source = {"name": USAGE_SOURCE, "source_id": body["observation_id"]}
    return Reply(201, {"status": "accepted", "source": source, "position": position})


SKILL_GOVERNANCE_HANDLERS: Mapping[str, Handler] = {
    "update_skill_lifecycle": update_skill_lifecycle,
    "record_skill_usage": record_skill_usage,
}
