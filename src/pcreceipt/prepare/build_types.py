"""The builder's inputs and outputs.

The builder is pure: ``build(BuildInput) -> Build``. Recall hands it ranked candidate lists;
it returns the injected text, the ordered origins with per-item size and truncation, what the
text cites (recorded by the renderer as it wrote each citation line), and every exclusion event
it caused. The receipt assembler reads ``Build`` and nothing else of the
builder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pcreceipt.models import limits
from pcreceipt.store.protocol import ArtifactRef, CodeHit, HistoryFamily

if TYPE_CHECKING:
    from pcreceipt.prepare.render import Citation

EvidenceFamily = limits.EvidenceFamily
BuilderOmission = Literal[
    "duplicate", "blank", "family_limit", "entry_limit", "below_min_bytes", "no_fitting_truncation"
]
ShowField = limits.ContextAssemblyShowItems

DEFAULT_FAMILIES: tuple[HistoryFamily, ...] = ("atomic-memory", "topic-memory", "experience")
DEFAULT_TOTAL_LIMIT = 8
DEFAULT_FAMILY_LIMITS: Mapping[HistoryFamily, int] = {"atomic-memory": 8, "topic-memory": 8, "experience": 2}
ENTRY_BODY_CAP_BYTES = 2000  # not a contract limit: the builder's body cap per entry
MIN_TRUNCATED_BODY_BYTES = 64
CODE_MAX_ITEMS = 4
TRUNCATION_MARK = "…"


@dataclass(frozen=True, slots=True)
class HistoryCandidate:
    """One history candidate: an exact Scope-qualified revision and its renderable body.

    ``recall_rank`` is the 1-based position in its family's merged list (rendered only when the
    assembly asks to show it; never in a Receipt).
    """

    ref: ArtifactRef
    family: HistoryFamily
    body: str
    recall_rank: int


@dataclass(frozen=True, slots=True)
class SectionPlan:
    family: HistoryFamily
    limit: int


@dataclass(frozen=True, slots=True)
class BuildPlan:
    """What to build.

    Default recall (``assembly`` absent): ``sections`` are the three default families with their
    default limits, ``interleave`` is True and ``total_limit`` is 8. Explicit assembly: the
    request's sections in request order, ``interleave`` False, ``total_limit`` the sum of the
    limits. An empty ``sections`` turns history off.
    """

    max_bytes: int
    sections: tuple[SectionPlan, ...]
    interleave: bool
    total_limit: int
    include_code: bool
    markdown: bool = False
    show: tuple[ShowField, ...] = ()


@dataclass(frozen=True, slots=True)
class BuildInput:
    plan: BuildPlan
    history: Mapping[HistoryFamily, Sequence[HistoryCandidate]]
    code: Sequence[CodeHit]


@dataclass(frozen=True, slots=True)
class CodeOrigin:
    """The final, possibly shortened, line range of an injected code item."""

    scope_id: str
    fingerprint: str
    path: str
    file_sha256: str
    start_line: int
    end_line: int
    snippet_sha256: str


@dataclass(frozen=True, slots=True)
class BuiltItem:
    """One injected item, in injection order."""

    kind: EvidenceFamily
    origin: ArtifactRef | CodeOrigin
    rendered_bytes: int
    truncated: bool


@dataclass(frozen=True, slots=True)
class OmissionEvent:
    family: EvidenceFamily
    reason: BuilderOmission


@dataclass(frozen=True, slots=True)
class Build:
    """The builder's result.

    ``items`` are the history origins followed by the code origins. ``citations`` are the
    identities ``content``'s citation lines state, in order, as the renderer recorded them while
    writing those lines (``render.ContentLayout.citations``). ``received`` counts the
    candidates the builder was handed per family; for each family
    ``received == selected + omissions`` (every candidate has exactly one fate).
    """

    content: str | None
    content_bytes: int
    items: tuple[BuiltItem, ...]
    omissions: tuple[OmissionEvent, ...]
    received: Mapping[EvidenceFamily, int]
    citations: tuple[Citation, ...]

    @property
    def history_origins(self) -> tuple[ArtifactRef, ...]:
        return tuple(i.origin for i in self.items if isinstance(i.origin, ArtifactRef))

    @property
    def code_origins(self) -> tuple[CodeOrigin, ...]:
        return tuple(i.origin for i in self.items if isinstance(i.origin, CodeOrigin))


__all__ = [
    "CODE_MAX_ITEMS",
    "DEFAULT_FAMILIES",
    "DEFAULT_FAMILY_LIMITS",
    "DEFAULT_TOTAL_LIMIT",
    "ENTRY_BODY_CAP_BYTES",
    "MIN_TRUNCATED_BODY_BYTES",
    "TRUNCATION_MARK",
    "Build",
    "BuildInput",
    "BuildPlan",
    "BuiltItem",
    "CodeHit",
    "CodeOrigin",
    "HistoryCandidate",
    "OmissionEvent",
    "SectionPlan",
]
