"""The pure builder: ranked candidates in, bounded injected context out.

``build(BuildInput) -> Build`` performs no I/O. The text forms are ``pcreceipt.prepare.render``'s;
the selection rules are PowerContext 1.4.1's (HOSTS.md §3.1–§3.3):

1. Code first (only with ``plan.include_code``). At most ``min(CODE_MAX_ITEMS, entry_limit // 2)``
   items (``entry_limit`` when history is off), within ``max_bytes // 2`` (all of ``max_bytes``
   when history is off), measured on the code block alone. A hit that does not fit whole loses
   lines from its end until it does (its ``end_line`` and snippet hash follow; it is truncated);
   no line fits → ``no_fitting_truncation``. History then gets ``max_bytes - code - 2`` bytes and
   ``entry_limit - code items`` entries.
2. Default form (envelope). Each family's list is filtered (``duplicate``, then ``blank``), then
   cut to its ``DEFAULT_FAMILY_LIMITS`` (``family_limit``: Topic Memory 8, Experience 2) before
   anything is fitted; the lists are interleaved by rank, M1, T1, E1, M2, T2, E2, M3, …; the walk
   keeps at most the entry cap (``entry_limit`` the rest) and fits each candidate in turn: a
   candidate that does not fit is dropped and the walk goes on.
3. Envelope fitting (on the item's content string, measured on the whole rendered content): over
   ``ENTRY_BODY_CAP_BYTES`` it is first cut to the cap (the first cap − 3 bytes, a split character
   dropped, + ``…``; truncated). Fits → kept. Else a content under ``MIN_TRUNCATED_BODY_BYTES`` →
   ``below_min_bytes``. Else the largest byte budget b in [64, min(cap, len − 1)] whose cut (the
   first b − 3 bytes + ``…``) is at least 64 bytes and fits (binary search) → kept, truncated;
   none → ``no_fitting_truncation``.
4. Markdown. Sections one after the other, in request order, each over its family's list: a
   section that has its limit (``family_limit``) or the history entry cap (``entry_limit``) stops
   taking items; ``duplicate`` and ``blank`` candidates are skipped without a rank; every other
   candidate takes the section's next recall rank, then is fitted: the whole normalised body if
   it is at most the cap and fits, else the largest number of units whose prefix + ``…`` is at
   most the cap and fits (binary search); none → ``no_fitting_truncation``; a best body under 64
   bytes → ``below_min_bytes``.
5. Identities: history = the ArtifactRef; code = (scope_id, fingerprint, path, file_sha256,
   start_line, end_line) of the hit. ``blank`` also covers an identity a citation cannot carry
   (empty scope_id, artifact_id outside 1–128 printable ASCII, revision < 1; for code an empty
   scope_id or path, start_line < 1, a line count that disagrees with the range, no non-blank
   line).
6. Every candidate handed in gets exactly one fate; ``received`` counts them per family (every
   planned section's family, and ``code`` when code was requested), so for each family
   ``received == accepted + omissions``. The content never exceeds ``plan.max_bytes``; nothing
   accepted → content None, content_bytes 0.

Inputs that contradict the plan are programming errors and raise ValueError: two sections of one
family, a non-empty history list without a section, a candidate filed under another family, or
code hits without ``include_code``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

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
    SEPARATOR_BYTES,
    CodeCitation,
    Layout,
    RenderedItem,
    code_item,
    envelope_content,
    envelope_item,
    join_content,
    markdown_body,
    markdown_item,
    markdown_units,
    snippet_sha256,
    utf8_prefix,
    utf8_size,
)
from pcreceipt.store.records import ArtifactRef, HistoryFamily

_CITABLE_ARTIFACT_ID = re.compile(r"[\x21-\x7e]{1,128}")
_MARK_BYTES = utf8_size(TRUNCATION_MARK)

CodeIdentity = tuple[str, str, str, str, int, int]


def build(inp: BuildInput) -> Build:
    """Build the injected context for ``inp`` (see the module docstring for every rule)."""
    _check_input(inp)
    plan = inp.plan
    progress = _Progress()
    code = Layout("code")
    if plan.include_code:
        _build_code(plan, inp.code, inp.code_checked_at, progress, code)
    code_items = len(progress.items)
    history = Layout("markdown" if plan.markdown else "envelope")
    budget = plan.max_bytes - (code.size + SEPARATOR_BYTES if code.items else 0)
    cap = plan.entry_limit - code_items
    if plan.markdown:
        _build_markdown(plan, inp.history, progress, history, budget, cap)
    else:
        _build_envelope(plan, inp.history, progress, history, budget, cap)
    content = join_content(history.render(), code.render())
    items = progress.items[code_items:] + progress.items[:code_items]
    rendered = history.items + code.items
    return Build(
        content=content,
        content_bytes=0 if content is None else utf8_size(content),
        items=tuple(items),
        omissions=tuple(progress.omissions),
        received=_received(inp),
        citations=tuple(item.citation for item in rendered),
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


@dataclass(slots=True)
class _Progress:
    """What the build has decided so far: accepted items (in the order they were accepted: code,
    then history), omissions, and every identity seen."""

    items: list[BuiltItem] = field(default_factory=list)
    omissions: list[OmissionEvent] = field(default_factory=list)
    accepted: Counter[EvidenceFamily] = field(default_factory=Counter)
    seen: set[ArtifactRef | CodeIdentity] = field(default_factory=set)

    def first_sighting(self, identity: ArtifactRef | CodeIdentity) -> bool:
        """Record ``identity``; False when it was seen before."""
        if identity in self.seen:
            return False
        self.seen.add(identity)
        return True

    def omit(self, family: EvidenceFamily, reason: BuilderOmission) -> None:
        self.omissions.append(OmissionEvent(family, reason))

    def settle(self, family: EvidenceFamily, fate: _Placement | BuilderOmission, layout: Layout) -> None:
        if isinstance(fate, str):
            self.omit(family, fate)
            return
        layout.append(fate.item)
        self.accepted[family] += 1
        self.items.append(BuiltItem(family, fate.origin, fate.item.size, fate.truncated))


@dataclass(frozen=True, slots=True)
class _Placement:
    """An accepted item: its rendered text, its (final) origin, and whether anything was cut."""

    item: RenderedItem
    origin: ArtifactRef | CodeOrigin
    truncated: bool


def _last_fitting(low: int, high: int, fits: Callable[[int], bool]) -> int | None:
    """The largest n in [low, high] with ``fits(n)``, for ``fits`` true up to a point and false
    after it; None when no n fits or the range is empty."""
    best = None
    while low <= high:
        middle = (low + high) // 2
        if fits(middle):
            best, low = middle, middle + 1
        else:
            high = middle - 1
    return best


def _citable(ref: ArtifactRef) -> bool:
    return bool(ref.scope_id) and ref.revision >= 1 and _CITABLE_ARTIFACT_ID.fullmatch(ref.artifact_id) is not None


def _first_fate(progress: _Progress, candidate: HistoryCandidate, body: str) -> BuilderOmission | None:
    """``duplicate`` or ``blank`` when the candidate cannot be rendered at all, else None."""
    if not progress.first_sighting(candidate.ref):
        return "duplicate"
    if not body.strip() or not _citable(candidate.ref):
        return "blank"
    return None


# -- the envelope --------------------------------------------------------------------------------


def _cut(text: str, budget: int) -> str:
    """PowerContext's byte cut: the first ``budget - 3`` bytes (a split character dropped) + ``…``."""
    return utf8_prefix(text, budget - _MARK_BYTES) + TRUNCATION_MARK


def _build_envelope(
    plan: BuildPlan,
    history: Mapping[HistoryFamily, Sequence[HistoryCandidate]],
    progress: _Progress,
    layout: Layout,
    budget: int,
    cap: int,
) -> None:
    admitted: list[list[tuple[HistoryCandidate, str]]] = []
    for section in plan.sections:
        kept: list[tuple[HistoryCandidate, str]] = []
        for candidate in history.get(section.family, ()):
            text = envelope_content(candidate.family, candidate.content, candidate.snippet)
            fate = _first_fate(progress, candidate, text)
            if fate is None and len(kept) >= section.limit:
                fate = "family_limit"
            if fate is None:
                kept.append((candidate, text))
            else:
                progress.omit(candidate.family, fate)
        admitted.append(kept)
    depth = max((len(kept) for kept in admitted), default=0)
    order = [kept[rank] for rank in range(depth) for kept in admitted if rank < len(kept)]
    for candidate, text in order:
        if len(layout.items) >= cap:
            progress.omit(candidate.family, "entry_limit")
        else:
            progress.settle(candidate.family, _fit_envelope(plan, candidate, text, layout, budget), layout)


def _fit_envelope(
    plan: BuildPlan, candidate: HistoryCandidate, text: str, layout: Layout, budget: int
) -> _Placement | BuilderOmission:
    def placement(content: str, truncated: bool) -> _Placement:
        item = envelope_item(
            candidate.family, candidate.ref, content, truncated=truncated, current_scope_id=plan.scope_id
        )
        return _Placement(item, candidate.ref, truncated)

    def fits(place: _Placement) -> bool:
        return layout.size_with(place.item) <= budget

    size = utf8_size(text)
    capped = size > ENTRY_BODY_CAP_BYTES
    whole = placement(_cut(text, ENTRY_BODY_CAP_BYTES) if capped else text, capped)
    if fits(whole):
        return whole
    if size < MIN_TRUNCATED_BODY_BYTES:
        return "below_min_bytes"
    best: _Placement | None = None
    low, high = MIN_TRUNCATED_BODY_BYTES, min(size, ENTRY_BODY_CAP_BYTES, size - 1)
    while low <= high:
        middle = (low + high) // 2
        cut = _cut(text, middle)
        if utf8_size(cut) < MIN_TRUNCATED_BODY_BYTES:
            low = middle + 1
            continue
        shorter = placement(cut, True)
        if fits(shorter):
            best, low = shorter, middle + 1
        else:
            high = middle - 1
    return best if best is not None else "no_fitting_truncation"


# -- Markdown ------------------------------------------------------------------------------------


def _build_markdown(
    plan: BuildPlan,
    history: Mapping[HistoryFamily, Sequence[HistoryCandidate]],
    progress: _Progress,
    layout: Layout,
    budget: int,
    cap: int,
) -> None:
    for section in plan.sections:
        rank = 0
        for candidate in history.get(section.family, ()):
            body = markdown_body(candidate.family, candidate.content, candidate.snippet)
            if progress.accepted[section.family] >= section.limit:
                progress.omit(candidate.family, "family_limit")
            elif len(layout.items) >= cap:
                progress.omit(candidate.family, "entry_limit")
            elif (skipped := _first_fate(progress, candidate, body)) is not None:
                progress.omit(candidate.family, skipped)
            else:
                rank += 1
                number = progress.accepted[section.family] + 1
                fate = _fit_markdown(plan, candidate, body, rank, layout, budget, number)
                progress.settle(candidate.family, fate, layout)


def _fit_markdown(
    plan: BuildPlan,
    candidate: HistoryCandidate,
    body: str,
    rank: int,
    layout: Layout,
    budget: int,
    number: int,
) -> _Placement | BuilderOmission:
    units = markdown_units(body)

    def placement(text: str, truncated: bool) -> _Placement:
        item = markdown_item(
            candidate.family, number, candidate.ref, text, truncated=truncated, show=plan.show, recall_rank=rank
        )
        return _Placement(item, candidate.ref, truncated)

    def fitting(text: str, truncated: bool) -> _Placement | None:
        if utf8_size(text) > ENTRY_BODY_CAP_BYTES:
            return None
        place = placement(text, truncated)
        return place if layout.size_with(place.item) <= budget else None

    whole = fitting("".join(units), False)
    if whole is not None:
        return whole
    kept = _last_fitting(0, len(units) - 1, lambda n: fitting("".join(units[:n]) + TRUNCATION_MARK, True) is not None)
    if kept is None:
        return "no_fitting_truncation"
    text = "".join(units[:kept]) + TRUNCATION_MARK
    if utf8_size(text) < MIN_TRUNCATED_BODY_BYTES:
        return "below_min_bytes"
    return placement(text, True)


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


def _build_code(plan: BuildPlan, hits: Sequence[CodeHit], checked_at: str, progress: _Progress, layout: Layout) -> None:
    history_on = bool(plan.sections)
    limit = min(CODE_MAX_ITEMS, plan.entry_limit // 2 if history_on else plan.entry_limit)
    budget = plan.max_bytes // 2 if history_on else plan.max_bytes
    for hit in hits:
        fate: _Placement | BuilderOmission
        if not progress.first_sighting(_code_identity(hit)):
            fate = "duplicate"
        elif not _code_renderable(hit):
            fate = "blank"
        elif progress.accepted["code"] >= limit:
            fate = "family_limit"
        else:
            fate = _fit_code(hit, checked_at, layout, budget)
            # a cut range can be exactly an item already placed (b.py:1-2 cut to b.py:1-1)
            if isinstance(fate, _Placement) and fate.truncated and not progress.first_sighting(_origin_identity(fate)):
                fate = "duplicate"
        progress.settle("code", fate, layout)


def _origin_identity(placement: _Placement) -> CodeIdentity:
    origin = placement.origin
    assert isinstance(origin, CodeOrigin)
    return (origin.scope_id, origin.fingerprint, origin.path, origin.file_sha256, origin.start_line, origin.end_line)


def _code_placement(hit: CodeHit, checked_at: str, kept_lines: int) -> _Placement:
    """The hit's first ``kept_lines`` lines: its final range, snippet hash and rendered item."""
    lines = hit.lines[:kept_lines]
    truncated = kept_lines < len(hit.lines)
    citation = CodeCitation(
        scope_id=hit.scope_id,
        fingerprint=hit.fingerprint,
        path=hit.path,
        file_sha256=hit.file_sha256,
        start_line=hit.start_line,
        end_line=hit.start_line + kept_lines - 1,
        snippet_sha256=snippet_sha256(lines),
    )
    return _Placement(code_item(citation, checked_at, lines, truncated=truncated), CodeOrigin(*citation), truncated)


def _fit_code(hit: CodeHit, checked_at: str, layout: Layout, budget: int) -> _Placement | BuilderOmission:
    def fits(kept_lines: int) -> bool:
        return layout.size_with(_code_placement(hit, checked_at, kept_lines).item) <= budget

    # Whole first: a cut range's citation says "truncated":true, shorter than false, so sizes
    # grow with the kept lines only among cut ranges (which is what the search runs over).
    kept = len(hit.lines) if fits(len(hit.lines)) else _last_fitting(1, len(hit.lines) - 1, fits)
    if kept is None:
        return "no_fitting_truncation"
    return _code_placement(hit, checked_at, kept)


__all__ = ["build"]
