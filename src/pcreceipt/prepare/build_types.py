"""The builder's inputs and outputs.

The builder is pure: ``build(BuildInput) -> Build``. Recall hands it ranked candidate lists;
it returns the injected text, the ordered origins with per-item size and truncation, what the
text cites (recorded by the renderer as it wrote each item's citation), and every exclusion event
it caused. The receipt assembler reads ``Build`` and nothing else of the builder; so can any
other observer of a prepare (the origins are the selected identities, in content order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pcreceipt.models import limits
from pcreceipt.store.records import ArtifactRef, CodeHit, HistoryFamily

if TYPE_CHECKING:
    from pcreceipt.prepare.render import Citation

EvidenceFamily = limits.EvidenceFamily
BuilderOmission = Literal[
    "duplicate", "blank", "family_limit", "entry_limit", "below_min_bytes", "no_fitting_truncation"
]
ShowField = limits.ContextAssemblyShowItems

DEFAULT_FAMILIES: tuple[HistoryFamily, ...] = ("atomic-memory", "topic-memory", "experience")
ENTRY_LIMIT = 8
"""The default form's item cap (history and code together), and the entries code may share with
an assembly when the server keeps the default assembly_max_entries."""
DEFAULT_FAMILY_LIMITS: Mapping[HistoryFamily, int] = {"atomic-memory": 16, "topic-memory": 8, "experience": 2}
"""The default form's per-family admission: Topic Memory 8 and Experience 2 (cut before fitting);
Atomic Memory's 16 is recall's candidate cap, so it never cuts."""
ENTRY_BODY_CAP_BYTES = 2000  # not a contract limit: the builder's body cap per entry
MIN_TRUNCATED_BODY_BYTES = 64
CODE_MAX_ITEMS = 4
TRUNCATION_MARK = "…"


@dataclass(frozen=True, slots=True)
class HistoryCandidate:
    """One history candidate: an exact Scope-qualified revision and its stored content (the
    builder renders it in the form the plan asks for). ``snippet``: a Topic Memory's part of its
    detail that the query matched (``prepare.snippet``), shown after its summary; None otherwise."""

    ref: ArtifactRef
    family: HistoryFamily
    content: Mapping[str, Any]
    snippet: str | None = None


@dataclass(frozen=True, slots=True)
class SectionPlan:
    family: HistoryFamily
    limit: int


@dataclass(frozen=True, slots=True)
class BuildPlan:
    """What to build.

    Default form (``assembly`` absent, ``markdown`` False): the JSON envelope over the three
    default families, interleaved by rank, each cut to its ``DEFAULT_FAMILY_LIMITS`` before
    fitting, ``entry_limit`` items in all. Markdown (any assembly): the request's sections in
    request order, each up to its limit; with code, history and code share ``entry_limit`` (the
    server's assembly_max_entries). An empty ``sections`` turns history off. ``scope_id`` is the
    current Scope (the envelope cites its items by short ``artifact_ref``).
    """

    scope_id: str
    max_bytes: int
    sections: tuple[SectionPlan, ...]
    include_code: bool
    markdown: bool = False
    show: tuple[ShowField, ...] = ()
    entry_limit: int = ENTRY_LIMIT


@dataclass(frozen=True, slots=True)
class BuildInput:
    """The plan and recall's ranked candidates; ``code_checked_at`` is when the code index the
    hits come from was made (the code citations' ``checked_at``)."""

    plan: BuildPlan
    history: Mapping[HistoryFamily, Sequence[HistoryCandidate]]
    code: Sequence[CodeHit]
    code_checked_at: str = ""


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

    ``items`` are the history origins followed by the code origins, in content order.
    ``citations`` are the identities ``content``'s items cite, in order, as the renderer recorded
    them while writing those items (``render.RenderedItem.citation``). ``received`` counts the
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
    "ENTRY_BODY_CAP_BYTES",
    "ENTRY_LIMIT",
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
