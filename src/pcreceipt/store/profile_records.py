"""The records of Profile policies (``store.profiles``) and Profile flushes (``store.profile_flush``). Like
``records``, it imports no store module, so the role protocols can name them."""

from __future__ import annotations

from dataclasses import dataclass

from pcreceipt.models import limits
from pcreceipt.store.records import ArtifactRef, PendingSource, StoreError

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


@dataclass(frozen=True, slots=True)
class ProfileHead:
    """The Scope's current Profile: its exact revision and its text."""

    ref: ArtifactRef
    content: str


@dataclass(frozen=True, slots=True)
class ProfileWindow:
    """What a Profile flush reads in one snapshot (``Store.profile_window``): the policy (None
    before the first put), the Profile cursor, the Scope's highest Source position, the Sources
    past the cursor (at most the window asked for) and the current Profile (None before the first)."""

    policy: ProfilePolicy | None
    cursor: int
    high_watermark: int
    sources: tuple[PendingSource, ...]
    head: ProfileHead | None


@dataclass(frozen=True, slots=True)
class ProfileCommit:
    """What ``Store.commit_profile_flush`` did: ``committed`` False when the policy, the cursor or
    the Profile changed since the flush read them (nothing written); ``cursor`` the Profile cursor
    after it; ``artifact`` the revision it wrote (None when it wrote none)."""

    committed: bool
    cursor: int
    artifact: ArtifactRef | None
