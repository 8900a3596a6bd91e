"""The prompt catalogue: PowerContext 1.4.1's sixteen prompt keys, which of them pcreceipt runs,
and each key's availability as ``get_capabilities`` and ``get_prompt_configuration`` report it.

pcreceipt runs four built-in prompts whose text a Scope's prompt artifact (custom mode)
replaces:
``memory.rerank`` (prepare's model reranker, ``prepare.rerank``), ``atomic_memory.extract``
(``flush_memory``'s extraction, ``prepare.extraction``), ``handoff.generate`` (the generated
Handoff drafts of ``prepare_handoff`` and ``activate_handoff``, ``prepare.handoff_generation``)
and ``profile.generate`` (``flush_profile``'s Profile, ``prepare.profile_generation``).
Experience and Skill generation (``prepare.generation``) run fixed prompts no artifact replaces.
Every other key names a prompt
of a PowerContext operation pcreceipt does not run.

Availability (1.4.1's ``PromptRegistry`` values; docs/decisions.md, "Prompt catalogue"):

- a key pcreceipt runs: ``supported`` when its component runs, else ``disabled`` with
  ``operation_disabled`` (turned off by configuration) or ``provider_not_configured``;
- ``experience.generate`` / ``skill.generate``: ``unsupported`` (``injected_component``) while
  the generator runs, since a custom prompt would not apply; else ``disabled`` /
  ``provider_not_configured``;
- any other key: ``disabled``, ``provider_not_configured`` without a generation provider (what
  1.4.1 answers without one) and ``operation_disabled`` with one (pcreceipt never runs it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from pcreceipt.models import limits
from pcreceipt.prepare.extraction import BUILTIN_EXTRACT_PROMPT, EXTRACT_PROMPT_KEY
from pcreceipt.prepare.handoff_generation import BUILTIN_HANDOFF_PROMPT, HANDOFF_PROMPT_KEY
from pcreceipt.prepare.profile_generation import BUILTIN_PROFILE_PROMPT, PROFILE_PROMPT_KEY
from pcreceipt.prepare.rerank import (
    BUILTIN_PROMPT_VERSION,
    BUILTIN_RERANK_PROMPT,
    PROMPT_DEFINITION_VERSION,
    RERANK_PROMPT_KEY,
)

PROMPT_KEYS: Final = limits.PROMPT_CATALOGUE_KEY_ENUM
BUILTIN_TEXTS: Final[Mapping[str, str]] = {
    RERANK_PROMPT_KEY: BUILTIN_RERANK_PROMPT,
    EXTRACT_PROMPT_KEY: BUILTIN_EXTRACT_PROMPT,
    HANDOFF_PROMPT_KEY: BUILTIN_HANDOFF_PROMPT,
    PROFILE_PROMPT_KEY: BUILTIN_PROFILE_PROMPT,
}
"""The built-in instructions of the prompts pcreceipt runs, by key."""
FIXED_GENERATION_KEYS: Final = frozenset({"experience.generate", "skill.generate"})

Status = limits.PromptCapabilityStatus
Reason = Literal["operation_disabled", "provider_not_configured", "injected_component"]


@dataclass(frozen=True, slots=True)
class Availability:
    """What the runtime's configuration says of the prompted components.

    ``rerank`` / ``extract`` / ``handoff`` / ``profile``: None when the component runs, else why not;
    ``generation``: a generation provider (base URL and model) is configured; ``generator``:
    Experience and Skill generation runs."""

    rerank: Reason | None
    extract: Reason | None
    generation: bool
    generator: bool
    handoff: Reason | None = "provider_not_configured"
    profile: Reason | None = "provider_not_configured"


@dataclass(frozen=True, slots=True)
class KeyStatus:
    status: Status
    reason: Reason | None


def key_status(key: str, available: Availability) -> KeyStatus:
    """One key's status and reason (module docstring)."""
    if key in BUILTIN_TEXTS:
        reasons = {
            RERANK_PROMPT_KEY: available.rerank,
            EXTRACT_PROMPT_KEY: available.extract,
            HANDOFF_PROMPT_KEY: available.handoff,
            PROFILE_PROMPT_KEY: available.profile,
        }
        reason = reasons[key]
        return KeyStatus("supported", None) if reason is None else KeyStatus("disabled", reason)
    if key in FIXED_GENERATION_KEYS and available.generator:
        return KeyStatus("unsupported", "injected_component")
    return KeyStatus("disabled", "operation_disabled" if available.generation else "provider_not_configured")


def definition_version(key: str) -> str:
    return f"pcreceipt.prompt.{key}.v{PROMPT_DEFINITION_VERSION}"


def builtin_version(key: str) -> str:
    return f"pcreceipt.{key}.v{BUILTIN_PROMPT_VERSION}"


def capability(key: str, available: Availability) -> dict[str, object]:
    """One key's entry of ``get_capabilities``' ``prompts`` map (``PromptCapability``)."""
    state = key_status(key, available)
    return {
        "status": state.status,
        "reason": state.reason,
        "definition_version": definition_version(key),
        "builtin_version": builtin_version(key),
        "builtin_profile": None,
    }


def capabilities(available: Availability) -> dict[str, dict[str, object]]:
    """The whole ``prompts`` map: every key of the catalogue."""
    return {key: capability(key, available) for key in PROMPT_KEYS}
