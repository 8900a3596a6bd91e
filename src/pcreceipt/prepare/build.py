"""The pure builder: ranked candidates in, bounded injected context out.

``build(BuildInput) -> Build`` performs no I/O. The text format is ``pcreceipt.prepare.render``'s.

Decisions (the rules the builder implements):

1. Candidate order. Default recall (``plan.interleave``): families interleaved in section order
   by rank, M0, T0, E0, M1, T1, E1, … (an exhausted list is skipped). Explicit assembly: section
   by section in plan order, each list in rank order. Code candidates (only with
   ``plan.include_code``) come after all history, in rank order.
2. Every candidate handed in gets exactly one fate, checked in this precedence:
   ``duplicate`` (its exact identity was already seen, whether the earlier candidate was
   accepted or not; history identity = the ArtifactRef, code identity = (scope_id, fingerprint,
   path, file_sha256, start_line, end_line) of the original hit) → ``blank`` (nothing renderable
   after cleaning and stripping, or an identity a citation cannot carry: empty scope_id, an
   artifact_id outside 1–128 printable ASCII, revision < 1; for code an empty scope_id or path,
   start_line < 1 or a line count that disagrees with the range) → ``family_limit`` (the
   section already accepted its limit; code: ``CODE_MAX_ITEMS``) → ``entry_limit`` (history
   already holds ``plan.total_limit`` items) → the budget: accepted whole, accepted truncated,
   or dropped as ``below_min_bytes`` / ``no_fitting_truncation``. A dropped candidate never stops
   the loop. ``received`` counts the candidates handed in per family: every planned section's
   family (0 when its list is empty or absent) and ``code`` when code was requested; for each
   family ``received == accepted + omissions``.
3. Bodies over ``ENTRY_BODY_CAP_BYTES`` UTF-8 bytes are first cut on a character boundary so that
   the prefix plus ``TRUNCATION_MARK`` fits the cap; such an item is ``truncated``.
4. Budget truncation of history. Let *room* be the UTF-8 size of the longest body prefix (cut
   between code points; bodies are well-formed, so no surrogate is ever split) whose fragment,
   with the mark appended, keeps the whole content within the limit (binary search; the
   rendered size grows with the prefix). Full body fits → accepted. Else room ≥
   ``MIN_TRUNCATED_BODY_BYTES`` → accepted, truncated to that prefix plus the mark. Else a body
   itself shorter than the minimum (it can never be truncated) → ``no_fitting_truncation``;
   otherwise → ``below_min_bytes``.
5. Fit is always measured on the whole rendered content (preamble, markers, headings, every
   accepted item and separator) and never exceeds ``plan.max_bytes``. Nothing accepted → content
   None, content_bytes 0.
6. Code. With history accepted, code may add at most ``max_bytes // 2`` bytes (the whole budget
   otherwise). History is built first within ``max_bytes - reserve``, where reserve =
   min(max_bytes // 2, the bytes the first ``CODE_MAX_ITEMS`` distinct renderable hits would add
   whole, numbered as if history were full), so history cannot starve code. A code item that
   does not fit loses whole lines from its end (binary search; at least one line stays); its
   end_line is recomputed, snippet_sha256 is the SHA-256 hex of the kept lines joined with "\\n"
   (UTF-8; a lone surrogate is hashed as its surrogatepass bytes) and it is ``truncated``. No
   line fits → ``no_fitting_truncation``. Code items follow the history items after one blank
   line, inside the same envelope.
7. ``BuiltItem.rendered_bytes`` is the UTF-8 size of the item's fragment (citation line,
   annotation line if any, body lines). Their sum plus separators, headings and the envelope
   equals ``content_bytes``.

Inputs that contradict the plan are programming errors and raise ValueError: two sections of one
family, a non-empty history list without a section, a candidate filed under another family, or
code hits without ``include_code``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from pcreceipt.digests import sha256_hex
from pcreceipt.prepare.build_types import (
    CODE_MAX_ITEMS,
    ENTRY_BODY_CAP_BYTES,
    MIN_TRUNCATED_BODY_BYTES,
    TRUNCATION_MARK,
    Build,
    BuilderOmission,
    BuildInput,
    BuildPlan,
    BuiltItem,
    CodeHit,
    CodeOrigin,
    EvidenceFamily,
    HistoryCandidate,
    OmissionEvent,
)
from pcreceipt.prepare.render import (
    ITEM_SEPARATOR,
    ContentLayout,
    Fragment,
    annotation_line,
    clean_body,
    code_fragment,
    history_fragment,
    section_heading,
    utf8_size,
)
from pcreceipt.store.protocol import ArtifactRef, HistoryFamily

_CITABLE_ARTIFACT_ID = re.compile(r"[\x21-\x7e]{1,128}")

CodeIdentity = tuple[str, str, str, str, int, int]


def build(inp: BuildInput) -> Build:
    """Build the injected context for ``inp`` (see the module docstring for every rule)."""
    _check_input(inp)
    plan = inp.plan
    progress = _Progress(ContentLayout(markdown=plan.markdown))
    reserve = min(plan.max_bytes // 2, _code_need(plan, inp.code))
    _build_history(plan, _history_order(plan, inp.history), progress, limit=plan.max_bytes - reserve)
    code_share = plan.max_bytes // 2 if progress.items else plan.max_bytes
    _build_code(plan, inp.code, progress, limit=min(plan.max_bytes, progress.layout.size + code_share))
    content = progress.layout.render()
    return Build(
        content=content,
        content_bytes=progress.layout.size,
        items=tuple(progress.items),
        omissions=tuple(progress.omissions),
        received=_received(inp),
        citations=progress.layout.citations,
    )


def _check_input(inp: BuildInput) -> None:
    planned = [section.family for section in inp.plan.sections]
    if len(set(planned)) != len(planned):
        raise ValueError("a family may have at most one section")
    for family, candidates in inp.history.items():
        if candidates and family not in planned:
            raise ValueError(f"history candidates for {family!r}, which has no section")
        if any(c.family != family or c.ref.family != family for c in candidates):
            raise ValueError(f"a candidate filed under {family!r} belongs to another family")
    if inp.code and not inp.plan.include_code:
        raise ValueError("code candidates without include_code")


def _received(inp: BuildInput) -> dict[EvidenceFamily, int]:
    received: dict[EvidenceFamily, int] = {s.family: len(inp.history.get(s.family, ())) for s in inp.plan.sections}
    if inp.plan.include_code:
        received["code"] = len(inp.code)
    return received


def _history_order(
    plan: BuildPlan, history: Mapping[HistoryFamily, Sequence[HistoryCandidate]]
) -> list[HistoryCandidate]:
    lists = [history.get(section.family, ()) for section in plan.sections]
    if not plan.interleave:
        return [candidate for candidates in lists for candidate in candidates]
    depth = max((len(candidates) for candidates in lists), default=0)
    return [candidates[rank] for rank in range(depth) for candidates in lists if rank < len(candidates)]


@dataclass(slots=True)
class _Progress:
    """What the build has decided so far."""

    layout: ContentLayout
    items: list[BuiltItem] = field(default_factory=list)
    omissions: list[OmissionEvent] = field(default_factory=list)
    accepted: Counter[EvidenceFamily] = field(default_factory=Counter)
    seen: set[ArtifactRef | CodeIdentity] = field(default_factory=set)

    @property
    def next_number(self) -> int:
        return len(self.items) + 1

    def first_sighting(self, identity: ArtifactRef | CodeIdentity) -> bool:
        """Record ``identity``; False when it was seen before."""
        if identity in self.seen:
            return False
        self.seen.add(identity)
        return True

    def omit(self, family: EvidenceFamily, reason: BuilderOmission) -> None:
        self.omissions.append(OmissionEvent(family, reason))

    def accept(self, placement: _Placement) -> None:
        self.layout.append(placement.fragment)
        self.accepted[placement.fragment.section] += 1
        self.items.append(
            BuiltItem(
                kind=placement.fragment.section,
                origin=placement.origin,
                rendered_bytes=utf8_size(placement.fragment.text),
                truncated=placement.truncated,
            )
        )

    def settle(self, family: EvidenceFamily, fate: _Placement | BuilderOmission) -> None:
        if isinstance(fate, _Placement):
            self.accept(fate)
        else:
            self.omit(family, fate)


@dataclass(frozen=True, slots=True)
class _Placement:
    """An accepted item: its fragment, its (final) origin, and whether anything was cut."""

    fragment: Fragment
    origin: ArtifactRef | CodeOrigin
    truncated: bool


def _last_fitting(low: int, high: int, fits: Callable[[int], bool]) -> int | None:
    """The largest n in [low, high] with ``fits(n)``, for ``fits`` true up to a point and false
    after it; None when ``fits(low)`` is false or the range is empty."""
    best = None
    while low <= high:
        middle = (low + high) // 2
        if fits(middle):
            best, low = middle, middle + 1
        else:
            high = middle - 1
    return best


# -- history -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Body:
    """A cleaned body, already cut to the entry cap when ``capped`` (rendered with the mark)."""

    text: str
    capped: bool

    @property
    def rendered(self) -> str:
        return self.text + TRUNCATION_MARK if self.capped else self.text


def _capped_body(raw: str) -> _Body:
    text = clean_body(raw)
    if utf8_size(text) <= ENTRY_BODY_CAP_BYTES:
        return _Body(text, capped=False)
    return _Body(_utf8_prefix(text, ENTRY_BODY_CAP_BYTES - utf8_size(TRUNCATION_MARK)), capped=True)


def _utf8_prefix(text: str, max_bytes: int) -> str:
    """The longest prefix of ``text`` within ``max_bytes`` UTF-8 bytes, never splitting a code point."""
    return text.encode("utf-8")[:max_bytes].decode("utf-8", "ignore")


def _citable(ref: ArtifactRef) -> bool:
    return bool(ref.scope_id) and ref.revision >= 1 and _CITABLE_ARTIFACT_ID.fullmatch(ref.artifact_id) is not None


def _build_history(plan: BuildPlan, candidates: Sequence[HistoryCandidate], progress: _Progress, limit: int) -> None:
    section_limits = {section.family: section.limit for section in plan.sections}
    for candidate in candidates:
        body = _capped_body(candidate.body)
        fate: _Placement | BuilderOmission
        if not progress.first_sighting(candidate.ref):
            fate = "duplicate"
        elif not body.text or not _citable(candidate.ref):
            fate = "blank"
        elif progress.accepted[candidate.family] >= section_limits[candidate.family]:
            fate = "family_limit"
        elif len(progress.items) >= plan.total_limit:
            fate = "entry_limit"
        else:
            fate = _fit_history(plan, candidate, body, progress, limit)
        progress.settle(candidate.family, fate)


def _fit_history(
    plan: BuildPlan, candidate: HistoryCandidate, body: _Body, progress: _Progress, limit: int
) -> _Placement | BuilderOmission:
    annotation = annotation_line(plan.show, candidate.recall_rank)

    def placement(text: str, truncated: bool) -> _Placement:
        fragment = history_fragment(
            progress.next_number, candidate.family, candidate.ref, text, truncated=truncated, annotation=annotation
        )
        return _Placement(fragment, candidate.ref, truncated)

    def fits(place: _Placement) -> bool:
        return progress.layout.size_with(place.fragment) <= limit

    whole = placement(body.rendered, body.capped)
    if fits(whole):
        return whole
    kept = _last_fitting(0, len(body.text) - 1, lambda n: fits(placement(body.text[:n] + TRUNCATION_MARK, True)))
    if kept is not None and utf8_size(body.text[:kept]) >= MIN_TRUNCATED_BODY_BYTES:
        return placement(body.text[:kept] + TRUNCATION_MARK, True)
    return "no_fitting_truncation" if utf8_size(body.text) < MIN_TRUNCATED_BODY_BYTES else "below_min_bytes"


# -- code ----------------------------------------------------------------------------------------


def _code_identity(hit: CodeHit) -> CodeIdentity:
    return (hit.scope_id, hit.fingerprint, hit.path, hit.file_sha256, hit.start_line, hit.end_line)


def _code_renderable(hit: CodeHit) -> bool:
    return (
        bool(hit.scope_id and hit.path)
        and hit.start_line >= 1
        and len(hit.lines) == hit.end_line - hit.start_line + 1
        and any(line.strip() for line in hit.lines)
    )


def _code_fragment(plan: BuildPlan, number: int, recall_rank: int, hit: CodeHit, kept_lines: int) -> Fragment:
    """The hit's first ``kept_lines`` lines as item ``number``."""
    return code_fragment(
        number,
        hit.scope_id,
        hit.path,
        hit.start_line,
        hit.lines[:kept_lines],
        truncated=kept_lines < len(hit.lines),
        annotation=annotation_line(plan.show, recall_rank),
    )


def _code_origin(hit: CodeHit, kept_lines: int) -> CodeOrigin:
    """The final range of the hit's first ``kept_lines`` lines, and the hash of that snippet."""
    snippet = "\n".join(hit.lines[:kept_lines])
    return CodeOrigin(
        scope_id=hit.scope_id,
        fingerprint=hit.fingerprint,
        path=hit.path,
        file_sha256=hit.file_sha256,
        start_line=hit.start_line,
        end_line=hit.start_line + kept_lines - 1,
        snippet_sha256=sha256_hex(snippet.encode("utf-8", "surrogatepass")),
    )


def _likely_code(hits: Sequence[CodeHit]) -> Iterator[tuple[int, CodeHit]]:
    """(recall_rank, hit) of the first ``CODE_MAX_ITEMS`` distinct, renderable hits."""
    seen: set[CodeIdentity] = set()
    for rank, hit in enumerate(hits, start=1):
        if len(seen) == CODE_MAX_ITEMS:
            return
        if _code_identity(hit) not in seen and _code_renderable(hit):
            seen.add(_code_identity(hit))
            yield rank, hit


def _code_need(plan: BuildPlan, hits: Sequence[CodeHit]) -> int:
    """Bytes the likely code items would add whole after a full history (the code reservation)."""
    fragments = [
        _code_fragment(plan, plan.total_limit + index, rank, hit, len(hit.lines))
        for index, (rank, hit) in enumerate(_likely_code(hits), start=1)
    ]
    if not fragments:
        return 0
    heading = utf8_size(section_heading("code")) if plan.markdown else 0
    return heading + sum(utf8_size(ITEM_SEPARATOR) + utf8_size(fragment.text) for fragment in fragments)


def _build_code(plan: BuildPlan, hits: Sequence[CodeHit], progress: _Progress, limit: int) -> None:
    for rank, hit in enumerate(hits, start=1):
        fate: _Placement | BuilderOmission
        if not progress.first_sighting(_code_identity(hit)):
            fate = "duplicate"
        elif not _code_renderable(hit):
            fate = "blank"
        elif progress.accepted["code"] >= CODE_MAX_ITEMS:
            fate = "family_limit"
        else:
            fate = _fit_code(plan, rank, hit, progress, limit)
            # a cut range can be exactly an item already placed (b.py:1-2 cut to b.py:1-1)
            if isinstance(fate, _Placement) and fate.truncated and not progress.first_sighting(_origin_identity(fate)):
                fate = "duplicate"
        progress.settle("code", fate)


def _origin_identity(placement: _Placement) -> CodeIdentity:
    origin = placement.origin
    assert isinstance(origin, CodeOrigin)
    return (origin.scope_id, origin.fingerprint, origin.path, origin.file_sha256, origin.start_line, origin.end_line)


def _fit_code(
    plan: BuildPlan, rank: int, hit: CodeHit, progress: _Progress, limit: int
) -> _Placement | BuilderOmission:
    def fragment(kept_lines: int) -> Fragment:
        return _code_fragment(plan, progress.next_number, rank, hit, kept_lines)

    def fits(kept_lines: int) -> bool:
        return progress.layout.size_with(fragment(kept_lines)) <= limit

    # Whole first: a cut item's citation is longer (" (truncated)"), so sizes only grow with
    # the number of kept lines among cut items.
    kept = len(hit.lines) if fits(len(hit.lines)) else _last_fitting(1, len(hit.lines) - 1, fits)
    if kept is None:
        return "no_fitting_truncation"
    return _Placement(fragment(kept), _code_origin(hit, kept), truncated=kept < len(hit.lines))


__all__ = ["build"]
