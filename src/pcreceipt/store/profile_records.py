"""The records of Profile policies (``store.profiles``): a policy and the conflict. Like
``records``, it imports no store module, so the role protocols can name them."""

from __future__ import annotations

from dataclasses import dataclass

from pcreceipt.models import limits
from pcreceipt.store.records import StoreError

ActivationMode = limits.ProfileActivationMode


@dataclass(frozen=True, slots=True)
class ProfilePolicy:
    """One Scope's Profile policy (PowerContext 1.4.1's ``ProfilePolicy``): ``version`` starts at 1
    and grows by one with each replacement."""

    scope_id: str
    generation_enabled: bool
    activation_mode: ActivationMode
    pending_candidate_id: str | None
    version: int
    updated_at: str


class PolicyConflict(StoreError):
    """A replacement's ``expected_version`` is not the policy's current version (0 when there is
    none), or a racer changed it first."""

    def __init__(self) -> None:
        super().__init__("the expected Profile policy version is not the current one")
