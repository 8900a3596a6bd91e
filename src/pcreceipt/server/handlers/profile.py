"""The Profile policy operations (registered in ``server.handlers.HANDLERS``):
``get_profile_policy`` and ``put_profile_policy``, in PowerContext 1.4.1's shapes. Storage is
``store.profiles``.

Decisions (``docs/decisions.md``, "Profile, prompts and Topic Memory processing"):
- A Scope has no policy until the first put: reading it is 404 ``profile_policy_not_found``
  (1.4.1's code), after the Scope itself was found (pcreceipt answers ``scope_not_found`` for an
  unknown Scope on every Scope-bound operation; 1.4.1 reads the policy without the Scope).
- A put is the store's compare-and-set on ``expected_version`` (0 creates, the current version
  replaces); anything else, including losing a race, is 1.4.1's 409 ``idempotency_conflict``
  with ``details.kind`` ``profile_policy``, nothing written.
- ``pending_candidate_id`` is always null: pcreceipt creates no Profile candidate
  (``flush_profile`` writes Profiles only under an ``automatic`` policy), so nothing waits for
  review. A committed flush raises the policy's version (``store.profile_flush``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pcreceipt.errors import ProfilePolicyNotFound
from pcreceipt.models import bodies
from pcreceipt.server.handlers.artifact_handles import IdempotencyConflict
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.profile_records import PolicyConflict, ProfilePolicy

CONFLICT_MESSAGE = "The expected Profile policy version is not the current one."


def policy_body(policy: ProfilePolicy) -> dict[str, Any]:
    return {
        "scope_id": policy.scope_id,
        "generation_enabled": policy.generation_enabled,
        "activation_mode": policy.activation_mode,
        "pending_candidate_id": policy.pending_candidate_id,
        "version": policy.version,
        "updated_at": policy.updated_at,
    }


def get_profile_policy(call: Call[None]) -> Reply:
    policy = call.services.store.profile_policy(str(call.path["scope_id"]))
    if policy is None:
        raise ProfilePolicyNotFound("The requested Profile policy was not found.")
    return Reply(200, policy_body(policy))


def put_profile_policy(call: Call[bodies.PutProfilePolicyRequest]) -> Reply:
    body = call.body
    try:
        policy = call.services.store.put_profile_policy(
            str(call.path["scope_id"]),
            generation_enabled=body["generation_enabled"],
            activation_mode=body.get("activation_mode", "automatic"),
            expected_version=body["expected_version"],
        )
    except PolicyConflict:
        raise IdempotencyConflict(CONFLICT_MESSAGE, {"kind": "profile_policy"}) from None
    return Reply(200, policy_body(policy))


PROFILE_HANDLERS: Mapping[str, Handler] = {
    "get_profile_policy": get_profile_policy,
    "put_profile_policy": put_profile_policy,
}
