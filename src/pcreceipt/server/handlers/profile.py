"""The Profile policy operations (registered in ``server.handlers.HANDLERS``):
``get_profile_policy``, in PowerContext 1.4.1's shapes. Storage is ``store.profiles``.

Decisions (``docs/decisions.md``, "Profile, prompts and Topic Memory processing"):
- A Scope has no policy until the first put: reading it is 404 ``profile_policy_not_found``
  (1.4.1's code), after the Scope itself was found (pcreceipt answers ``scope_not_found`` for an
  unknown Scope on every Scope-bound operation; 1.4.1 reads the policy without the Scope).
- ``pending_candidate_id`` is always null: pcreceipt generates no Profile, so nothing waits for
  review.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pcreceipt.errors import ProfilePolicyNotFound
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.profile_records import ProfilePolicy


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


PROFILE_HANDLERS: Mapping[str, Handler] = {
    "get_profile_policy": get_profile_policy,
}
