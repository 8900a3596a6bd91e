"""The pure builder: PowerContext 1.4.1's selection rules (HOSTS.md §3.1–§3.3), the fates and
their counts, and the invariants every build holds (checked on every build of this file)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.contract.content import parse_content
from pcreceipt.contract.forms import CODE_CAUTION, CODE_HEADING, TRUST_TEXT
from pcreceipt.prepare.build import build
from pcreceipt.prepare.build_types import (
    DEFAULT_FAMILIES,
    DEFAULT_FAMILY_LIMITS,
    Build,
    BuildInput,
    BuildPlan,
    CodeOrigin,
    EvidenceFamily,
    HistoryCandidate,
    SectionPlan,
)
from pcreceipt.store.records import ArtifactRef, CodeHit, HistoryFamily

History = dict[HistoryFamily, list[HistoryCandidate]]
MARK = "…"
TITLES = {"atomic-memory": "Memory", "topic-memory": "Topic Memory", "experience": "Experience", "profile": "Profile"}
# The fixed parts of each form, written from HOSTS.md §3 (not taken from the renderer).
ENVELOPE_BASE = len(
    (
        TRUST_TEXT
        + "\n\nBEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1\n"
        + '{"trust":"untrusted_history","items":[]}'
        + "\nEND_POWERCONTEXT_PREPARED_CONTEXT_V1"
    ).encode()
)
MARKDOWN_BASE = len(
    "\n\n".join(
        [
            "# PowerContext historical context",
            TRUST_TEXT,
            "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1",
            "END_POWERCONTEXT_PREPARED_TEXT_V1",
        ]
    ).encode()
)
CODE_BASE = len(
    "\n\n".join([CODE_HEADING, CODE_CAUTION, "BEGIN_POWERCONTEXT_CODE_V1", "END_POWERCONTEXT_CODE_V1"]).encode()
)


# -- helpers -------------------------------------------------------------------------------------


def cand(
    family: HistoryFamily, artifact_id: str, text: str = "body", *, scope_id: str = "s1", revision: int = 1
) -> HistoryCandidate:
    content: dict[str, object] = {
        "atomic-memory": {"text": text},
        "topic-memory": {"title": text, "summary": "summary"},
        "experience": {"situation": text, "action": "a", "outcome": "o", "lesson": "l"},
        "profile": {"content": text},
    }[family]
    return HistoryCandidate(ArtifactRef(scope_id, family, artifact_id, revision), family, content)


def memories(*artifact_ids: str, text: str = "body") -> list[HistoryCandidate]:
    return [cand("atomic-memory", a, text) for a in artifact_ids]


def default_plan(max_bytes: int = 8000, *, include_code: bool = False) -> BuildPlan:
    sections = tuple(SectionPlan(f, DEFAULT_FAMILY_LIMITS[f]) for f in DEFAULT_FAMILIES)
    return BuildPlan("s1", max_bytes, sections, include_code=include_code)


def markdown_plan(
    sections: Sequence[tuple[HistoryFamily, int]],
    max_bytes: int = 8000,
    *,
    include_code: bool = False,
    entry_limit: int = 8,
) -> BuildPlan:
    planned = tuple(SectionPlan(f, limit) for f, limit in sections)
    return BuildPlan("s1", max_bytes, planned, include_code=include_code, markdown=True, entry_limit=entry_limit)


def hit(path: str, start: int, lines: Sequence[str], *, scope_id: str = "s1") -> CodeHit:
    return CodeHit(scope_id, "f" * 64, path, "a" * 64, start, start + len(lines) - 1, tuple(lines))


def run(
    plan: BuildPlan,
    history: Mapping[HistoryFamily, Sequence[HistoryCandidate]] | None = None,
    code: Sequence[CodeHit] = (),
) -> Build:
    inp = BuildInput(plan, history or {}, code, "2026-05-01T09:30:00.000Z")
    result = build(inp)
    check_invariants(inp, result)
    return result


def ids(result: Build) -> list[str]:
    return [ref.artifact_id for ref in result.history_origins]


def fates(result: Build) -> list[tuple[EvidenceFamily, str]]:
    return [(event.family, event.reason) for event in result.omissions]


def check_invariants(inp: BuildInput, result: Build) -> None:
    """Everything that must hold for any input."""
    plan = inp.plan
    assert result.content_bytes <= plan.max_bytes
    if result.content is None:
        assert result.content_bytes == 0 and not result.items and not result.citations
        return
    content = result.content
    assert result.items and content.strip() and result.content_bytes == len(content.encode())

    # conservation per family
    accepted = Counter(item.kind for item in result.items)
    omitted = Counter(event.family for event in result.omissions)
    assert set(accepted) | set(omitted) <= set(result.received)
    for family, received in result.received.items():
        assert received == accepted[family] + omitted[family], family
    expected: dict[EvidenceFamily, int] = {s.family: len(inp.history.get(s.family, ())) for s in plan.sections}
    if plan.include_code:
        expected["code"] = len(inp.code)
    assert dict(result.received) == expected

    # order and caps
    kinds = [item.kind for item in result.items]
    assert kinds == sorted(kinds, key=lambda kind: kind == "code")
    n_code = accepted["code"]
    n_history = len(kinds) - n_code
    assert n_code <= 4 and len({item.origin for item in result.items}) == len(result.items)
    if plan.markdown:
        for section in plan.sections:
            assert accepted[section.family] <= section.limit
        if n_code:
            assert n_history <= plan.entry_limit - n_code
    else:
        assert n_history + n_code <= 8 and accepted["experience"] <= 2 and accepted["topic-memory"] <= 8

    # the content read back: one item per selected item, in order, with its size and flag
    cited = parse_content(content)
    assert len(cited) == len(result.items)
    for item, read in zip(result.items, cited, strict=True):
        assert read.kind == item.kind and read.truncated == item.truncated
        assert len(read.text.encode()) == item.rendered_bytes
        if isinstance(item.origin, CodeOrigin):
            assert read.code is not None and read.code["end_line"] == item.origin.end_line
            assert hashlib.sha256(read.body.encode()).hexdigest() == item.origin.snippet_sha256
        else:
            ref = item.origin
            assert read.artifact == (ref.family, ref.artifact_id, ref.revision)
            short = not plan.markdown and ref.scope_id == plan.scope_id
            assert read.scope_id == (None if short else ref.scope_id)
            assert len(read.body.encode()) <= 2000
            if item.truncated:
                assert read.body.endswith(MARK) and len(read.body.encode()) >= 64
    assert [tuple(c) for c in result.citations][: len(result.history_origins)] == [
        (o.scope_id, o.family, o.artifact_id, o.revision) for o in result.history_origins
    ]

    # the sum rule: content_bytes = Σ rendered_bytes + the form's fixed parts and joints
    sizes = sum(item.rendered_bytes for item in result.items)
    overhead = 0
    if n_history and plan.markdown:
        sections = len({item.kind for item in result.items if item.kind != "code"})
        headings = sum(len(f"## {TITLES[k]}".encode()) + 2 for k in dict.fromkeys(kinds) if k != "code")
        overhead += MARKDOWN_BASE + headings + 2 * n_history
        assert sections == len([k for k in dict.fromkeys(kinds) if k != "code"])
    elif n_history:
        overhead += ENVELOPE_BASE + n_history - 1
    if n_code:
        overhead += CODE_BASE + 2 * n_code + (2 if n_history else 0)
        code_block = CODE_BASE + sum(item.rendered_bytes + 2 for item in result.items if item.kind == "code")
        assert code_block <= (plan.max_bytes // 2 if plan.sections else plan.max_bytes)
    assert result.content_bytes == sizes + overhead


# -- the default form: order, caps, the walk -----------------------------------------------------


def test_families_interleave_by_rank() -> None:
    history: History = {
        "atomic-memory": memories("m0", "m1", "m2"),
        "topic-memory": [cand("topic-memory", "t0"), cand("topic-memory", "t1")],
        "experience": [cand("experience", "e0"), cand("experience", "e1"), cand("experience", "e2")],
    }
    result = run(default_plan(), history)
    assert ids(result) == ["m0", "t0", "e0", "m1", "t1", "e1", "m2"]
    assert fates(result) == [("experience", "family_limit")]


def test_at_most_eight_items_then_entry_limit() -> None:
    result = run(default_plan(), {"atomic-memory": memories(*(f"m{i}" for i in range(12)))})
    assert ids(result) == [f"m{i}" for i in range(8)]
    assert fates(result) == [("atomic-memory", "entry_limit")] * 4


def test_experience_is_cut_to_two_before_fitting() -> None:
    """A first experience dropped for the budget does not let the third one in: the cut to two
    comes before any fitting (HOSTS.md §3.1)."""
    small = [cand("experience", "e1"), cand("experience", "e2")]
    room = run(default_plan(), {"experience": small[:1]}).content_bytes
    result = run(default_plan(room), {"experience": [cand("experience", "e0", "x" * 9000), *small]})
    assert ids(result) == ["e1"]
    assert fates(result) == [("experience", "family_limit"), ("experience", "no_fitting_truncation")]


def test_a_candidate_that_does_not_fit_is_skipped_and_the_walk_goes_on() -> None:
    history: History = {"atomic-memory": [cand("atomic-memory", "m0", "short"), *memories("m1")]}
    history["atomic-memory"].insert(1, cand("atomic-memory", "big", "é" * 30))  # 60 bytes: under the minimum
    first = run(default_plan(), {"atomic-memory": history["atomic-memory"][:1]})
    room = first.content_bytes + 1 + first.items[0].rendered_bytes  # a comma and one more item like m0
    result = run(default_plan(room), history)
    assert ids(result) == ["m0", "m1"]
    assert fates(result) == [("atomic-memory", "below_min_bytes")]


def test_duplicates_and_blanks_are_filtered_before_the_cut() -> None:
    history: History = {
        "experience": [cand("experience", "e0"), cand("experience", "e0"), cand("experience", "e1")],
        "atomic-memory": [cand("atomic-memory", "m0", "  \n "), cand("atomic-memory", "m1")],
    }
    result = run(default_plan(), history)
    assert ids(result) == ["m1", "e0", "e1"]
    assert sorted(fates(result)) == [("atomic-memory", "blank"), ("experience", "duplicate")]


def test_identity_is_scope_qualified_and_revision_exact() -> None:
    history: History = {
        "atomic-memory": [
            cand("atomic-memory", "m0"),
            cand("atomic-memory", "m0", scope_id="s2"),
            cand("atomic-memory", "m0", revision=2),
        ]
    }
    result = run(default_plan(), history)
    assert len(result.items) == 3
    assert result.content is not None and result.content.count('"artifact_ref"') == 2


@pytest.mark.parametrize(("scope_id", "artifact_id", "revision"), [("", "m0", 1), ("s1", "m 0", 1), ("s1", "m0", 0)])
def test_an_identity_a_citation_cannot_carry_is_blank(scope_id: str, artifact_id: str, revision: int) -> None:
    history: History = {"atomic-memory": [cand("atomic-memory", artifact_id, scope_id=scope_id, revision=revision)]}
    assert fates(run(default_plan(), history)) == [("atomic-memory", "blank")]


# -- the default form: the 2000-byte cap, the 64-byte minimum, the byte search -------------------


@pytest.mark.parametrize(
    ("unit", "count", "kept_bytes"),
    [("x", 2000, 2000), ("x", 2001, 1997), ("中", 700, 1995), ("😀", 600, 1996), ("é", 1000, 2000), ("é", 1001, 1996)],
)
def test_content_over_2000_bytes_is_cut_to_1997_bytes_and_the_ellipsis(unit: str, count: int, kept_bytes: int) -> None:
    text = unit * count
    result = run(default_plan(32768), {"atomic-memory": [cand("atomic-memory", "m0", text)]})
    (item,) = parse_content(result.content)
    capped = len(text.encode()) > 2000
    assert item.truncated == capped == result.items[0].truncated
    assert item.body == (text[: kept_bytes // len(unit.encode())] + MARK if capped else text)
    assert len(item.body.removesuffix(MARK).encode()) == kept_bytes


def item_room(text: str, max_bytes: int) -> Build:
    return run(default_plan(max_bytes), {"atomic-memory": [cand("atomic-memory", "m0", text)]})


def test_the_largest_fitting_cut_is_kept() -> None:
    text = "".join(chr(0x41 + i % 26) + ("é" if i % 7 == 0 else "") for i in range(600))
    whole = item_room(text, 32768)
    for max_bytes in range(whole.content_bytes - 1, whole.content_bytes - 700, -37):
        result = item_room(text, max_bytes)
        if not result.items:
            continue
        (item,) = parse_content(result.content)
        kept = item.body.removesuffix(MARK)
        assert item.truncated and text.startswith(kept) and len(item.body.encode()) >= 64
        one_more = text[: len(kept) + 1]
        if len(one_more.encode()) + len(MARK.encode()) >= len(text.encode()):
            continue  # a cut stays shorter than the whole text: b ≤ len − 1
        longer = result.content.replace(
            json.dumps(item.body, ensure_ascii=False), json.dumps(one_more + MARK, ensure_ascii=False)
        )
        assert len(longer.encode()) > max_bytes  # the search found the largest cut


def test_under_64_bytes_a_content_is_never_cut() -> None:
    text = "n" * 63
    whole = item_room(text, 32768)
    result = item_room(text, whole.content_bytes - 1)
    assert result.content is None and fates(result) == [("atomic-memory", "below_min_bytes")]


def test_no_cut_of_64_bytes_fits() -> None:
    text = "n" * 300
    smallest = item_room("n" * 60 + MARK, 32768)  # the size a 64-byte cut takes
    result = item_room(text, smallest.content_bytes - 1)
    assert result.content is None and fates(result) == [("atomic-memory", "no_fitting_truncation")]
    assert item_room(text, smallest.content_bytes).items[0].truncated


def test_escaping_is_measured() -> None:
    text = '"' * 100  # 200 bytes once escaped
    whole = item_room(text, 32768)
    result = item_room(text, whole.content_bytes - 1)
    (item,) = parse_content(result.content)
    assert item.truncated and result.content_bytes <= whole.content_bytes - 1


# -- Markdown: sections, limits, ranks, budget ----------------------------------------------------


def test_sections_are_filled_in_request_order() -> None:
    history: History = {
        "atomic-memory": memories("m0", "m1"),
        "experience": [cand("experience", "e0"), cand("experience", "e1")],
        "profile": [cand("profile", "p0")],
    }
    result = run(markdown_plan([("experience", 2), ("profile", 1), ("atomic-memory", 2)]), history)
    assert ids(result) == ["e0", "e1", "p0", "m0", "m1"]
    assert result.content is not None
    headings = [part for part in result.content.split("\n\n") if part.startswith("#")]
    assert headings == [
        "# PowerContext historical context",
        "## Experience",
        "### Experience 1",
        "### Experience 2",
        "## Profile",
        "### Profile 1",
        "## Memory",
        "### Memory 1",
        "### Memory 2",
    ]


def test_a_section_stops_at_its_limit() -> None:
    result = run(markdown_plan([("atomic-memory", 1)]), {"atomic-memory": memories("m0", "m1", "m2")})
    assert ids(result) == ["m0"] and fates(result) == [("atomic-memory", "family_limit")] * 2


def test_markdown_experience_is_not_cut_before_fitting() -> None:
    """Unlike the default form, a section walks past a dropped item and fits the next one."""
    small = [cand("experience", "e1"), cand("experience", "e2")]
    plan = markdown_plan([("experience", 2)])
    room = run(plan, {"experience": small[:1]}).content_bytes
    result = run(
        markdown_plan([("experience", 2)], room), {"experience": [cand("experience", "e0", "x" * 9000), *small]}
    )
    assert ids(result) == ["e1"]
    assert fates(result) == [("experience", "below_min_bytes"), ("experience", "no_fitting_truncation")]


def test_an_unfilled_section_leaves_its_bytes_to_the_next() -> None:
    history: History = {"atomic-memory": [], "profile": [cand("profile", "p0", "P" * 1500)]}
    result = run(markdown_plan([("atomic-memory", 6), ("profile", 1)], 2200), history)
    assert ids(result) == ["p0"] and not result.items[0].truncated


def test_markdown_bodies_are_capped_at_2000_bytes_without_splitting_an_escape() -> None:
    text = "ab\t" * 900  # every TAB is a six-byte escape unit
    result = run(markdown_plan([("atomic-memory", 1)], 32768), {"atomic-memory": [cand("atomic-memory", "m0", text)]})
    (item,) = parse_content(result.content)
    assert item.truncated and len(item.body.encode()) <= 2000
    kept = item.body.removesuffix(MARK)
    assert ("ab\\u0009" * 900).startswith(kept) and kept.endswith(("a", "b", "\\u0009"))
    assert len((kept + "\\u0009" + MARK).encode()) > 2000 or len((kept + "a" + MARK).encode()) > 2000


def test_sections_none_is_no_history() -> None:
    result = run(BuildPlan("s1", 8000, (), include_code=False, markdown=True), {})
    assert result.content is None and dict(result.received) == {}


# -- code (§3.3) ---------------------------------------------------------------------------------


def code_lines(n: int, width: int = 30) -> list[str]:
    return [f"line_{i:03d} = {'x' * width}" for i in range(n)]


def test_code_comes_after_history_and_takes_at_most_half_the_budget() -> None:
    history: History = {"atomic-memory": memories("m0", "m1")}
    result = run(default_plan(2000, include_code=True), history, [hit("a.py", 1, code_lines(60))])
    assert [item.kind for item in result.items] == ["atomic-memory", "atomic-memory", "code"]
    assert result.items[-1].truncated
    assert result.content is not None and result.content.index("BEGIN_POWERCONTEXT_CODE_V1") > result.content.index(
        "END_POWERCONTEXT_PREPARED_CONTEXT_V1"
    )


def test_code_alone_may_use_the_whole_budget() -> None:
    plan = BuildPlan("s1", 2000, (), include_code=True, markdown=True)
    result = run(plan, {}, [hit("a.py", 1, code_lines(60))])
    assert result.content is not None and result.content_bytes > 1000


def test_code_takes_entries_from_history() -> None:
    hits = [hit(f"f{i}.py", 1, ["x = 1"]) for i in range(6)]
    result = run(
        default_plan(32768, include_code=True), {"atomic-memory": memories(*(f"m{i}" for i in range(8)))}, hits
    )
    assert Counter(item.kind for item in result.items) == {"atomic-memory": 4, "code": 4}
    assert fates(result).count(("code", "family_limit")) == 2
    assert fates(result).count(("atomic-memory", "entry_limit")) == 4


def test_markdown_with_code_shares_the_servers_entry_cap() -> None:
    hits = [hit(f"f{i}.py", 1, ["x = 1"]) for i in range(2)]
    plan = markdown_plan([("atomic-memory", 8), ("profile", 8)], 32768, include_code=True, entry_limit=12)
    history: History = {"atomic-memory": memories(*(f"m{i}" for i in range(8))), "profile": [cand("profile", "p0")]}
    result = run(plan, history, hits)
    assert Counter(item.kind for item in result.items) == {"atomic-memory": 8, "profile": 1, "code": 2}
    tight = markdown_plan([("atomic-memory", 8), ("profile", 8)], 32768, include_code=True, entry_limit=8)
    assert Counter(item.kind for item in run(tight, history, hits).items) == {"atomic-memory": 6, "code": 2}


def test_a_cut_code_range_reports_its_final_range_and_hash() -> None:
    lines = code_lines(50)
    result = run(default_plan(2400, include_code=True), {}, [hit("a.py", 11, lines)])
    (item,) = result.items
    assert isinstance(item.origin, CodeOrigin) and item.truncated
    kept = item.origin.end_line - 10
    assert 0 < kept < 50
    assert item.origin.snippet_sha256 == hashlib.sha256("\n".join(lines[:kept]).encode()).hexdigest()


def test_code_that_fits_no_line_is_dropped_and_history_keeps_the_budget() -> None:
    result = run(default_plan(600, include_code=True), {"atomic-memory": memories("m0")}, [hit("a.py", 1, ["y" * 900])])
    assert ids(result) == ["m0"] and fates(result) == [("code", "no_fitting_truncation")]


@pytest.mark.parametrize("lines", [["   ", ""], []])
def test_a_hit_without_text_or_with_a_wrong_range_is_blank(lines: list[str]) -> None:
    bad = CodeHit("s1", "f" * 64, "a.py", "a" * 64, 1, 2, tuple(lines))
    assert fates(run(default_plan(include_code=True), {}, [bad])) == [("code", "blank")]


def test_a_repeated_hit_is_a_duplicate() -> None:
    same = hit("a.py", 1, ["x = 1"])
    assert fates(run(default_plan(include_code=True), {}, [same, same])) == [("code", "duplicate")]


@pytest.mark.parametrize(
    "inp",
    [
        BuildInput(markdown_plan([("profile", 1), ("profile", 1)]), {}, ()),
        BuildInput(default_plan(), {"profile": [cand("profile", "p0")]}, ()),
        BuildInput(default_plan(), {"atomic-memory": [cand("topic-memory", "t0")]}, ()),
        BuildInput(default_plan(), {}, (hit("a.py", 1, ["x"]),)),
    ],
)
def test_input_contradicting_the_plan_is_rejected(inp: BuildInput) -> None:
    with pytest.raises(ValueError):
        build(inp)


# -- properties ----------------------------------------------------------------------------------

TEXTS = st.one_of(
    st.text(st.characters(codec="utf-8"), max_size=40),
    st.builds(
        lambda unit, n: unit * n, st.sampled_from(["x", "é", "中", "😀", "\t", '"', "\u2028"]), st.integers(1, 1400)
    ),
)
FAMILY = st.sampled_from(["atomic-memory", "topic-memory", "experience", "profile"])


@st.composite
def inputs(draw: st.DrawFn) -> BuildInput:
    markdown = draw(st.booleans())
    candidates = draw(
        st.lists(
            st.tuples(
                FAMILY if markdown else st.sampled_from(DEFAULT_FAMILIES),
                st.integers(0, 9),
                TEXTS,
                st.sampled_from(["s1", "s2"]),
            ),
            max_size=20,
        )
    )
    history: History = {}
    for family, n, text, scope_id in candidates:
        history.setdefault(family, []).append(cand(family, f"{family[0]}{n}", text, scope_id=scope_id))
    include_code = draw(st.booleans())
    max_bytes = draw(st.sampled_from([512, 700, 1200, 3000, 8000, 32768]))
    if markdown:
        families = draw(st.lists(FAMILY, unique=True, max_size=4))
        limits = [(f, draw(st.integers(1, 2 if f == "experience" else 8))) for f in families]
        plan = markdown_plan(limits, max_bytes, include_code=include_code, entry_limit=draw(st.sampled_from([8, 26])))
        history = {f: c for f, c in history.items() if f in families}
    else:
        plan = default_plan(max_bytes, include_code=include_code)
    code: list[CodeHit] = []
    if include_code:
        for i in range(draw(st.integers(0, 6))):
            code.append(hit(f"f{i % 4}.py", 1, code_lines(draw(st.integers(1, 60)), draw(st.integers(0, 90)))))
    return BuildInput(plan, history, code, "t")


@settings(max_examples=300, deadline=None)
@given(inp=inputs())
def test_every_build_holds_the_invariants(inp: BuildInput) -> None:
    check_invariants(inp, build(inp))
