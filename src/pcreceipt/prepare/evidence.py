"""Request-local execution evidence, recorded while recall runs.

One ``Evidence`` object belongs to one prepare call (no globals, nothing shared between
requests). Recall appends what actually happened: every search call with its real mode,
outcome and fallback cause; every round's outcome; every rerank invocation with the complete
configuration it ran with; every stage's duration; and the exclusion events recall itself
causes (the cross-Scope admission cap and rerank cuts). The receipt assembler reads it after
the builder returns; nothing here is ever re-run to fill a Receipt.

Nothing in this module holds query text, bodies, prompts or model output.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal

from pcreceipt.contract.digests import canonical_digest
from pcreceipt.models import limits
from pcreceipt.prepare.build_types import EvidenceFamily
from pcreceipt.store.records import ArtifactRef
from pcreceipt.telemetry import TRACER

SearchMode = limits.SearchMode
SearchOutcome = limits.SearchGroupOutcome
FallbackReason = limits.SearchGroupFallbackReason
RoundOutcome = limits.RecallRoundOutcome
RerankOutcome = limits.RerankGroupOutcome
RerankFallback = limits.RerankGroupFallbackReason
RecallOmission = Literal["family_limit", "rerank_not_selected", "duplicate"]

RERANK_CONFIG_RECORD_VERSION = "pcreceipt.rerank-config-record.v1"


@dataclass(frozen=True, slots=True)
class SearchCall:
    round: int
    family: EvidenceFamily
    mode: SearchMode
    outcome: SearchOutcome
    fallback_reason: FallbackReason


@dataclass(frozen=True, slots=True)
class RoundRecord:
    round: int
    outcome: RoundOutcome
    retained: bool


@dataclass(frozen=True, slots=True)
class PromptIdentity:
    """The prompt actually bound to a rerank invocation (never re-read afterwards)."""

    scope_id: str
    key: str
    definition_version: int
    builtin_version: int
    selection: limits.RerankPromptIdentitySelection
    selected_version: int
    compiled_digest: str
    artifact: ArtifactRef | None

    def as_json(self) -> dict[str, Any]:
        address = None if self.artifact is None else self.artifact.address()
        return {
            "scope_id": self.scope_id,
            "key": self.key,
            "definition_version": self.definition_version,
            "builtin_version": self.builtin_version,
            "selection": self.selection,
            "selected_version": self.selected_version,
            "compiled_digest": self.compiled_digest,
            "artifact_address": address,
        }


@dataclass(frozen=True, slots=True)
class RerankConfigEvidence:
    """Everything that determined one rerank invocation, minus content and credentials.

    ``algorithm`` names a deterministic reranker's algorithm and version; it is part of the
    digested record (and of ``policy_id``), and is None for model rerankers.
    """

    policy_id: str
    model: str | None
    effective_settings: Mapping[str, Any]
    timeout_seconds: float
    max_requests: int
    prompt: PromptIdentity | None
    non_deterministic: bool
    algorithm: str | None = None

    def record(self) -> dict[str, Any]:
        """The versioned record whose RFC 8785 canonical JSON is digested into config_digest."""
        return {
            "record": RERANK_CONFIG_RECORD_VERSION,
            "policy_id": self.policy_id,
            "model": self.model,
            "algorithm": self.algorithm,
            "effective_settings": dict(self.effective_settings),
            "timeout_seconds": self.timeout_seconds,
            "max_requests": self.max_requests,
            "prompt": None if self.prompt is None else self.prompt.as_json(),
        }

    @property
    def digest(self) -> str:
        return canonical_digest(self.record())


@dataclass(frozen=True, slots=True)
class RerankCall:
    round: int
    config: RerankConfigEvidence | None  # None: the reranker could not supply its evidence
    outcome: RerankOutcome
    fallback_reason: RerankFallback


@dataclass(slots=True)
class RoundScratch:
    """What one round produced before it is committed or abandoned."""

    retrieved: Counter[str] = field(default_factory=Counter)
    omissions: Counter[tuple[str, str]] = field(default_factory=Counter)


@dataclass(slots=True)
class Evidence:
    """The execution evidence of one prepare call."""

    searches: list[SearchCall] = field(default_factory=list)
    rounds: list[RoundRecord] = field(default_factory=list)
    reranks: list[RerankCall] = field(default_factory=list)
    stage_ms: dict[str, float] = field(default_factory=dict)
    stage_runs: Counter[str] = field(default_factory=Counter)
    requested: list[EvidenceFamily] = field(default_factory=list)
    retrieved: Counter[str] = field(default_factory=Counter)
    omissions: Counter[tuple[str, str]] = field(default_factory=Counter)
    expansion_model_invoked: bool = False
    degraded: FallbackReason | None = None
    scratch: RoundScratch = field(default_factory=RoundScratch)

    # -- recording

    def search(
        self,
        round_: int,
        family: EvidenceFamily,
        mode: SearchMode,
        outcome: SearchOutcome = "completed",
        fallback_reason: FallbackReason = "none",
    ) -> None:
        self.searches.append(SearchCall(round_, family, mode, outcome, fallback_reason))
        if fallback_reason in limits.DEGRADATION_REASON_ENUM and self.degraded is None:
            self.degraded = fallback_reason

    def rerank(self, call: RerankCall) -> None:
        self.reranks.append(call)

    def candidates(self, family: EvidenceFamily, count: int) -> None:
        """``count`` candidates of ``family`` were handed over by the current round."""
        if count:
            self.scratch.retrieved[family] += count

    def omit(self, family: EvidenceFamily, reason: RecallOmission, count: int = 1) -> None:
        if count:
            self.scratch.omissions[(family, reason)] += count

    def commit_round(self, round_: int) -> None:
        """The round completed: its candidates and omission events join the final build."""
        self.rounds.append(RoundRecord(round_, "completed", True))
        self.retrieved.update(self.scratch.retrieved)
        self.omissions.update(self.scratch.omissions)
        self.scratch = RoundScratch()

    def abandon_round(self, round_: int) -> None:
        """The expansion round failed: its pool and omission counts are dropped; its calls stay."""
        self.rounds.append(RoundRecord(round_, "expansion_failed", False))
        self.scratch = RoundScratch()

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Time one run of a runtime stage, and trace it as an OpenTelemetry span of the same name
        (no attributes: spans are content-free). Without a configured SDK the span is a no-op."""
        start = time.perf_counter()
        try:
            with TRACER.start_as_current_span(name):
                yield
        finally:
            self.stage_ms[name] = self.stage_ms.get(name, 0.0) + (time.perf_counter() - start) * 1000.0
            self.stage_runs[name] += 1

    # -- reading

    @property
    def non_deterministic(self) -> bool:
        model_rerank = any(c.config is None or c.config.non_deterministic for c in self.reranks)
        return self.expansion_model_invoked or model_rerank
