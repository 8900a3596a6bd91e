"""Records of remote Agent Skill targets (``store.remote_skills``): PowerContext 1.4.1's
credential-bound Receivers that pull a Scope's managed Skills into one project installation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pcreceipt.errors import PcreceiptError
from pcreceipt.models import limits

#: The target states, 1.4.1's: pending (an enrollment code is outstanding), active (a Receiver holds
#: the credential), revoked (no code or credential works any more; the identity is kept).
PENDING, ACTIVE, REVOKED = limits.REMOTE_SKILL_TARGET_STATE_ENUM

#: The refusal codes, 1.4.1's: an enrollment code that is unknown, expired, already consumed, or
#: whose installation is already bound; a target that is missing or at another generation.
INVALID_ENROLLMENT = "invalid_enrollment"
INVALID_TARGET_STATE = "invalid_target_state"
#: A publication change at another publication generation (1.4.1's code).
PUBLICATION_GENERATION_CONFLICT = "publication_generation_conflict"
#: A Receiver's call whose target credential is unknown or revoked (1.4.1's code).
INVALID_TARGET_CREDENTIAL = "invalid_target_credential"


class RemoteTargetRefused(PcreceiptError):
    """A remote target change the target's current state refuses (``code``: one of the codes above).
    Nothing was written."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Installation:
    """What a Receiver says about itself when it enrolls (1.4.1's enrollment fields)."""

    installation_id: str
    receiver_version: str
    environment_fingerprint: str | None = None
    machine_hostname: str | None = None
    workspace_name: str | None = None


@dataclass(frozen=True, slots=True)
class Liveness:
    """What a Receiver says about itself on each call (1.4.1 records it on the target), and when."""

    receiver_version: str
    environment_fingerprint: str | None
    now: str


@dataclass(frozen=True, slots=True)
class Receipt:
    """A Receiver's Receipt for one action (1.4.1's fields, already checked for consistency)."""

    operation: str  # install or unpublish
    generation: int
    family: str
    artifact_id: str
    revision: int
    expected_tree_digest: str
    observed_tree_digest: str | None
    succeeded: bool
    failure_state: str | None
    error_code: str | None


@dataclass(frozen=True, slots=True)
class RemoteSkillTarget:
    """One remote target, credential-free: the stored digests of its enrollment code and credential
    never leave the store."""

    scope_id: str
    target_id: str
    display_name: str
    agent_kind: str
    installation_id: str | None
    state: str
    receiver_version: str | None
    environment_fingerprint: str | None
    machine_hostname: str | None
    workspace_name: str | None
    last_seen_at: str | None
    generation: int
    enrollment_expires_at: str | None
    created_at: str

    def body(self) -> dict[str, Any]:
        """1.4.1's ``RemoteSkillTarget`` (a project installation, delivered by the agent's pull)."""
        return {
            "scope_id": self.scope_id,
            "target_id": self.target_id,
            "display_name": self.display_name,
            "agent_kind": self.agent_kind,
            "installation_scope": "project",
            "delivery_mode": "agent_pull",
            "installation_id": self.installation_id,
            "state": self.state,
            "receiver_version": self.receiver_version,
            "environment_fingerprint": self.environment_fingerprint,
            "machine_hostname": self.machine_hostname,
            "workspace_name": self.workspace_name,
            "last_seen_at": self.last_seen_at,
            "generation": self.generation,
        }


__all__ = [
    "ACTIVE",
    "INVALID_ENROLLMENT",
    "INVALID_TARGET_CREDENTIAL",
    "INVALID_TARGET_STATE",
    "PENDING",
    "PUBLICATION_GENERATION_CONFLICT",
    "REVOKED",
    "Installation",
    "Liveness",
    "Receipt",
    "RemoteSkillTarget",
    "RemoteTargetRefused",
]
