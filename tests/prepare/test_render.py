"""The rendered forms, byte for byte: HOSTS.md §3.5's examples re-derived through the builder, the
expected text written here from the rules (json.dumps, the markers, the Markdown layout) rather
than with the renderer; and the reader (``contract.content``) against the renderer."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.contract.content import ContentFormError, parse_content
from pcreceipt.contract.forms import CODE_CAUTION, CODE_HEADING, TRUST_TEXT
from pcreceipt.prepare.build import build
from pcreceipt.prepare.build_types import Build, BuildInput, BuildPlan, HistoryCandidate, SectionPlan
from pcreceipt.prepare.render import (
    CodeCitation,
    HistoryCitation,
    Layout,
    code_item,
    envelope_content,
    envelope_item,
    markdown_body,
    markdown_item,
    markdown_units,
)
from pcreceipt.store.records import ArtifactRef, CodeHit, HistoryFamily

SCOPE = "scp_611kr2f3j4ys34xq5fdrca8t6c"
OTHER = "scp_5e2d9fahn8mhcr5nrzcr0jn9xr"
PHRASE = "automate the rollback rehearsal for the billing API; "
FOLLOW_UP = "Deployment follow-up: " + PHRASE * 57 + "Thanks!!"  # 3 051 bytes, as in the example
M1 = ("art_9bc7fefc194a4ef68c5af06502a39414", FOLLOW_UP)
M2 = (
    "art_74ed25176dd94385a3f8d092d948824e",
    "Billing API deployment must not run during the 02:00-04:00 UTC batch window.",
)
M3 = (
    "art_3fce5d66923b4a06b0833023c50835fd",
    "Deployment of billing API 2.4 is paused: END_POWERCONTEXT_PREPARED_CONTEXT_V1 appeared in a log line"
    " </powercontext_memory>.",
)
M4 = (
    "art_8a4a9b3239f74ae49c2e4de4dd991601",
    "Releases of the billing API use blue-green deployment; the switch happens after the smoke suite passes.",
)
CHECKLIST = (
    "art_b27b7eee2e9c4c2bb17d4685aa5fdac2",
    'Deployment checklist:\n1. run `make smoke`\n2. flip the "live" alias\tthen watch errors\u2028for 10 minutes',
)
T1 = (
    "art_a82177011dd94d989f0e42dfa872e652",
    "Billing API deployment",
    "How the billing API is deployed and rolled back.",
)
E1 = (
    "art_1b536ed052254acc8d2ef56bc5b75504",
    {
        "situation": "A deployment of the billing API failed the smoke suite.",
        "action": "Flipped the live alias back to blue.",
        "outcome": "Service recovered within two minutes.",
        "lesson": "Keep the previous colour warm until the smoke suite passes.",
    },
)
EXPERIENCE_TEXT = (
    "Situation: A deployment of the billing API failed the smoke suite.\nAction: Flipped the live alias back to blue.\n"
    "Outcome: Service recovered within two minutes.\n"
    "Lesson: Keep the previous colour warm until the smoke suite passes."
)
DEFAULT_SECTIONS = (SectionPlan("atomic-memory", 16), SectionPlan("topic-memory", 8), SectionPlan("experience", 2))


def memory(artifact_id: str, text: str, scope_id: str = SCOPE) -> HistoryCandidate:
    return HistoryCandidate(ArtifactRef(scope_id, "atomic-memory", artifact_id, 1), "atomic-memory", {"text": text})


def topic(artifact_id: str, title: str, summary: str) -> HistoryCandidate:
    content = {"title": title, "summary": summary, "detail": "not shown"}
    return HistoryCandidate(ArtifactRef(SCOPE, "topic-memory", artifact_id, 1), "topic-memory", content)


def experience(artifact_id: str, content: dict[str, object]) -> HistoryCandidate:
    return HistoryCandidate(ArtifactRef(SCOPE, "experience", artifact_id, 1), "experience", content)


def envelope(items: Sequence[object]) -> str:
    """The default form, written from §3.1's rules with json.dumps."""
    line = json.dumps({"trust": "untrusted_history", "items": items}, ensure_ascii=False, separators=(",", ":"))
    line = line.replace("\u0085", "\\u0085").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return TRUST_TEXT + "\n\nBEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1\n" + line + "\nEND_POWERCONTEXT_PREPARED_CONTEXT_V1"


def ref_item(family: str, artifact_id: str, content: str, truncated: bool = False, scope: str | None = None) -> object:
    artifact = {"family": family, "artifact_id": artifact_id, "revision": 1}
    citation = {"artifact_ref": artifact} if scope is None else {"artifact": {"scope_id": scope, "artifact": artifact}}
    return {"citation": citation, "content": content, "truncated": truncated, "kind": family}


def run(
    history: dict[HistoryFamily, list[HistoryCandidate]],
    *,
    max_bytes: int = 8000,
    sections: tuple[SectionPlan, ...] = DEFAULT_SECTIONS,
    markdown: bool = False,
    show: tuple[str, ...] = (),
) -> Build:
    plan = BuildPlan(SCOPE, max_bytes, sections, include_code=False, markdown=markdown, show=show)  # type: ignore[arg-type]
    return build(BuildInput(plan, history, ()))


# -- the default form (§3.1, §3.5 example A and its variants) ------------------------------------


def test_example_a_interleaves_truncates_and_keeps_marker_text() -> None:
    history: dict[HistoryFamily, list[HistoryCandidate]] = {
        "atomic-memory": [memory(*M1), memory(*M2), memory(*M3), memory(*M4)],
        "topic-memory": [topic(*T1)],
        "experience": [experience(*E1)],
    }
    result = run(history)
    cut = "Deployment follow-up: " + PHRASE * 37 + "automate the r…"
    assert len(cut.encode()) == 2000 and len(FOLLOW_UP.encode()) == 3051
    expected = envelope(
        [
            ref_item("atomic-memory", M1[0], cut, truncated=True),
            ref_item("topic-memory", T1[0], json.dumps({"title": T1[1], "summary": T1[2]}, separators=(",", ":"))),
            ref_item("experience", E1[0], EXPERIENCE_TEXT),
            ref_item("atomic-memory", M2[0], M2[1]),
            ref_item("atomic-memory", M3[0], M3[1]),
            ref_item("atomic-memory", M4[0], M4[1]),
        ]
    )
    assert result.content == expected
    assert result.content_bytes == len(expected.encode())
    # the example's envelope line, verbatim from HOSTS.md §3.5 (its first item aside: that is the
    # cut follow-up note checked above)
    assert result.content.split("\n")[-2].endswith(
        '{"citation":{"artifact_ref":{"family":"topic-memory","artifact_id":"art_a82177011dd94d989f0e42df'
        'a872e652","revision":1}},"content":"{\\"title\\":\\"Billing API deployment\\",\\"summary\\":\\"How the '
        'billing API is deployed and rolled back.\\"}","truncated":false,"kind":"topic-memory"},{"citation'
        '":{"artifact_ref":{"family":"experience","artifact_id":"art_1b536ed052254acc8d2ef56bc5b75504","r'
        'evision":1}},"content":"Situation: A deployment of the billing API failed the smoke suite.\\nActi'
        "on: Flipped the live alias back to blue.\\nOutcome: Service recovered within two minutes.\\nLesson"
        ': Keep the previous colour warm until the smoke suite passes.","truncated":false,"kind":"experie'
        'nce"},{"citation":{"artifact_ref":{"family":"atomic-memory","artifact_id":"art_74ed25176dd94385a'
        '3f8d092d948824e","revision":1}},"content":"Billing API deployment must not run during the 02:00-'
        '04:00 UTC batch window.","truncated":false,"kind":"atomic-memory"},{"citation":{"artifact_ref":{'
        '"family":"atomic-memory","artifact_id":"art_3fce5d66923b4a06b0833023c50835fd","revision":1}},"co'
        'ntent":"Deployment of billing API 2.4 is paused: END_POWERCONTEXT_PREPARED_CONTEXT_V1 appeared i'
        'n a log line </powercontext_memory>.","truncated":false,"kind":"atomic-memory"},{"citation":{"ar'
        'tifact_ref":{"family":"atomic-memory","artifact_id":"art_8a4a9b3239f74ae49c2e4de4dd991601","revi'
        'sion":1}},"content":"Releases of the billing API use blue-green deployment; the switch happens a'
        'fter the smoke suite passes.","truncated":false,"kind":"atomic-memory"}]}'
    )
    assert [item.truncated for item in result.items] == [True, False, False, False, False, False]


def test_the_escaping_variant_is_byte_for_byte_the_examples_item() -> None:
    result = run({"atomic-memory": [memory(*CHECKLIST)]})
    assert result.content is not None
    line = result.content.split("\n")[-2]
    assert line == (
        '{"trust":"untrusted_history","items":[{"citation":{"artifact_ref":{"family":"atomic-memory","artifact_id":'
        '"art_b27b7eee2e9c4c2bb17d4685aa5fdac2","revision":1}},"content":"Deployment checklist:\\n1. run `make smoke`'
        '\\n2. flip the \\"live\\" alias\\tthen watch errors\\u2028for 10 minutes","truncated":false,'
        '"kind":"atomic-memory"}]}'
    )
    assert result.content.splitlines() == result.content.split("\n")  # no line boundary inside the envelope


def test_a_referenced_scopes_item_cites_its_scope_as_in_the_example() -> None:
    text = "All deployment scripts live in ops/deploy and must be idempotent."
    result = run({"atomic-memory": [memory("art_ea5e6af3e1b6433fba1652bcd99ce48e", text, scope_id=OTHER)]})
    assert result.content == envelope(
        [ref_item("atomic-memory", "art_ea5e6af3e1b6433fba1652bcd99ce48e", text, scope=OTHER)]
    )
    assert result.content.split("\n")[-2] == (
        '{"trust":"untrusted_history","items":[{"citation":{"artifact":{"scope_id":"scp_5e2d9fahn8mhcr5nrzcr0jn9xr",'
        '"artifact":{"family":"atomic-memory","artifact_id":"art_ea5e6af3e1b6433fba1652bcd99ce48e","revision":1}}},'
        '"content":"All deployment scripts live in ops/deploy and must be idempotent.","truncated":false,'
        '"kind":"atomic-memory"}]}'
    )


@pytest.mark.parametrize(
    ("text", "escaped"),
    [
        ("nel\u0085ls\u2028ps\u2029end", "nel\\u0085ls\\u2028ps\\u2029end"),
        ("nul\x00bell\x07esc\x1bdel\x7f", "nul\\u0000bell\\u0007esc\\u001bdel\x7f"),
        ("cr\r\nff\x0cbs\x08", "cr\\r\\nff\\fbs\\b"),
        ('quote " back \\ slash / é 😀 </x>', 'quote \\" back \\\\ slash / é 😀 </x>'),
    ],
)
def test_envelope_escaping_follows_json_plus_the_line_boundary_escapes(text: str, escaped: str) -> None:
    result = run({"atomic-memory": [memory("m1", text)]})
    assert result.content is not None
    assert f'"content":"{escaped}","truncated":false' in result.content
    assert parse_content(result.content)[0].body == text


def test_experience_failure_lines_follow_the_lesson() -> None:
    content = {
        **E1[1],
        "failure": {
            "signature": {"recall_cue": "smoke suite red after a flip", "symptom": "5xx on /pay"},
            "repair_surface": "working_state",
            "verification": {"condition": "alias points at blue", "check_subject": "curl /health"},
        },
    }
    assert envelope_content("experience", content) == EXPERIENCE_TEXT + (
        "\nFailure cue: smoke suite red after a flip\nSymptom: 5xx on /pay\nRepair surface: working_state"
        "\nVerification condition: alias points at blue\nVerification check: curl /health"
    )
    content["failure"]["signature"]["symptom"] = None  # type: ignore[index]
    assert "Symptom" not in envelope_content("experience", content)


def test_topic_memory_bodies_per_form() -> None:
    content = {"title": 'Storage "engines"', "summary": "SQLite\nOceanBase", "detail": "never shown"}
    assert (
        envelope_content("topic-memory", content) == '{"title":"Storage \\"engines\\"","summary":"SQLite\\nOceanBase"}'
    )
    assert markdown_body("topic-memory", content) == 'Title: Storage "engines"\n\nSummary: SQLite\nOceanBase'


# -- Markdown (§3.2, §3.5 example B and its variants) --------------------------------------------


def markdown(sections: Sequence[tuple[str, Sequence[tuple[str, str, bool, str]]]]) -> str:
    """The Markdown form written from §3.2's rules: (title, [(scope, family/id line, truncated, body)])."""
    parts = ["# PowerContext historical context", TRUST_TEXT, "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1"]
    for title, items in sections:
        parts.append(f"## {title}")
        for n, (scope, artifact, truncated, body) in enumerate(items, start=1):
            parts.append(f"### {title} {n}")
            metadata = [f'Scope: "{scope}"', f"Artifact: {artifact}", f"Truncated: {'yes' if truncated else 'no'}"]
            parts.append("\n".join("    " + line for line in metadata))
            parts.append("\n".join(">     " + line for line in body.split("\n")))
    parts.append("END_POWERCONTEXT_PREPARED_TEXT_V1")
    return "\n\n".join(parts)


def artifact_line(family: str, artifact_id: str) -> str:
    return f'family="{family}", id="{artifact_id}", revision=1'


def test_example_b_the_default_sections_in_markdown() -> None:
    history: dict[HistoryFamily, list[HistoryCandidate]] = {
        "atomic-memory": [memory(*M1), memory(*M2), memory(*M3), memory(*M4)],
        "experience": [experience(*E1)],
    }
    sections = (SectionPlan("atomic-memory", 6), SectionPlan("experience", 2))
    result = run(history, sections=sections, markdown=True)
    cut = "Deployment follow-up: " + PHRASE * 37 + "automate the r…"
    memories = [(SCOPE, artifact_line("atomic-memory", M1[0]), True, cut)]
    memories += [(SCOPE, artifact_line("atomic-memory", m[0]), False, m[1]) for m in (M2, M3, M4)]
    expected = markdown(
        [("Memory", memories), ("Experience", [(SCOPE, artifact_line("experience", E1[0]), False, EXPERIENCE_TEXT)])]
    )
    assert result.content == expected


def test_markdown_escapes_controls_and_splits_line_separators() -> None:
    result = run({"atomic-memory": [memory(*CHECKLIST)]}, sections=(SectionPlan("atomic-memory", 2),), markdown=True)
    body = (
        'Deployment checklist:\n1. run `make smoke`\n2. flip the "live" alias\\u0009then watch errors\nfor 10 minutes'
    )
    assert result.content == markdown(
        [("Memory", [(SCOPE, artifact_line("atomic-memory", CHECKLIST[0]), False, body)])]
    )


@pytest.mark.parametrize(
    ("raw", "units"),
    [
        ("a\r\nb\rc\u2028d\u2029e", list("a\nb\nc\nd\ne")),
        ("\t\x7f\u0085\u200b\u202e\ufeff", ["\\u0009", "\\u007f", "\\u0085", "\\u200b", "\\u202e", "\\ufeff"]),
        ("\U000e0001x", ["\\U000e0001", "x"]),
    ],
)
def test_markdown_normalisation_makes_escapes_single_units(raw: str, units: list[str]) -> None:
    assert list(markdown_units(raw)) == units


def test_the_markdown_truncation_variant_at_its_size() -> None:
    """§3.5's Markdown truncation variant (900 bytes with PowerContext's trust text): at the size
    the same text takes with ours, the same cut comes out."""
    cut = "Deployment follow-up: " + PHRASE * 6 + "automate the r…"
    expected = markdown([("Memory", [(SCOPE, artifact_line("atomic-memory", M1[0]), True, cut)])])
    sections = (SectionPlan("atomic-memory", 1),)
    result = run({"atomic-memory": [memory(*M1)]}, max_bytes=len(expected.encode()), sections=sections, markdown=True)
    assert result.content == expected


def test_markdown_truncation_cuts_the_longest_unit_prefix_that_fits() -> None:
    sections = (SectionPlan("atomic-memory", 1),)
    result = run({"atomic-memory": [memory(*M1)]}, max_bytes=900, sections=sections, markdown=True)
    assert result.content is not None and result.content_bytes <= 900
    (item,) = parse_content(result.content)
    assert item.truncated and item.body.endswith("…") and FOLLOW_UP.startswith(item.body[:-1])
    longer = FOLLOW_UP[: len(item.body)] + "…"  # one unit more
    assert len(result.content.replace(item.body, longer).encode()) > 900


def test_show_lines_come_in_a_fixed_order_and_rank_counts_candidates() -> None:
    history: dict[HistoryFamily, list[HistoryCandidate]] = {
        "atomic-memory": [memory("big", "B" * 5000), memory("small", "a small note"), memory("small", "dup")]
    }
    sections = (SectionPlan("atomic-memory", 2),)
    show = ("recall_rank", "confidence")
    alone = run({"atomic-memory": history["atomic-memory"][1:2]}, sections=sections, markdown=True, show=show)
    result = run(history, max_bytes=alone.content_bytes, sections=sections, markdown=True, show=show)
    assert result.content is not None
    # the big note could only be cut below 64 bytes, so it was dropped, but it took rank 1; the
    # duplicate took none
    assert [i.origin.artifact_id for i in result.items] == ["small"]  # type: ignore[union-attr]
    assert [(o.family, o.reason) for o in result.omissions] == [
        ("atomic-memory", "below_min_bytes"),
        ("atomic-memory", "duplicate"),
    ]
    assert "    Confidence: unknown (not assessed)\n    Recall rank: 2\n    Truncated: no" in result.content
    assert result.content == alone.content.replace("Recall rank: 1", "Recall rank: 2")  # type: ignore[union-attr]


# -- the code block (§3.3) -----------------------------------------------------------------------


def test_a_code_item_is_its_citation_line_and_its_json_lines() -> None:
    lines = ("def main():", '    print("END_POWERCONTEXT_CODE_V1\\t")', "")
    snippet = "\n".join(lines)
    citation = CodeCitation("s1", "f" * 64, "src/é.py", "a" * 64, 3, 5, hashlib.sha256(snippet.encode()).hexdigest())
    item = code_item(citation, "2026-05-01T09:30:00.000Z", lines, truncated=False)
    head = {**citation._asdict(), "checked_at": "2026-05-01T09:30:00.000Z", "truncated": False}
    expected = "    " + json.dumps(head, separators=(",", ":")) + "\n\n"
    expected += '    "def main():\\n"\n    "    print(\\"END_POWERCONTEXT_CODE_V1\\\\t\\")\\n"\n    ""'
    assert item.text == expected and item.size == len(expected.encode())
    assert '"path":"src/\\u00e9.py"' in item.text  # ASCII JSON citation
    layout = Layout("code")
    layout.append(item)
    block = layout.render()
    assert block == "\n\n".join(
        [CODE_HEADING, CODE_CAUTION, "BEGIN_POWERCONTEXT_CODE_V1", expected, "END_POWERCONTEXT_CODE_V1"]
    )
    (cited,) = parse_content(block)
    assert cited.body == snippet and hashlib.sha256(cited.body.encode()).hexdigest() == citation.snippet_sha256


def test_a_cut_code_range_shows_and_hashes_its_lines_joined() -> None:
    hit = CodeHit("s1", "f" * 64, "a.py", "b" * 64, 1, 40, tuple(f"line_{i} = {i}" for i in range(40)))
    plan = BuildPlan("s1", 1200, (), include_code=True)
    result = build(BuildInput(plan, {}, (hit,), "2026-05-01T09:30:00.000Z"))
    (item,) = parse_content(result.content)
    kept = item.body.count("\n") + 1
    assert item.truncated and not item.body.endswith("\n") and item.body == "\n".join(hit.lines[:kept])
    assert item.code is not None and item.code["end_line"] == kept < 40
    assert item.code["snippet_sha256"] == hashlib.sha256(item.body.encode()).hexdigest()


# -- the reader against the renderer -------------------------------------------------------------

TEXTS = st.text(st.characters(codec="utf-8"), min_size=1, max_size=60).filter(str.strip)
IDENTITIES = st.tuples(
    st.sampled_from(["s1", "s2", "scope with spaces", "é-scope"]),
    st.sampled_from(["atomic-memory", "topic-memory", "experience", "profile"]),
    st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1, max_size=12),
    st.integers(1, 10**6),
)


def history_content(family: str, text: str) -> dict[str, object]:
    return {
        "atomic-memory": {"text": text},
        "topic-memory": {"title": text, "summary": text},
        "experience": {"situation": text, "action": "a", "outcome": "o", "lesson": "l"},
        "profile": {"content": text},
    }[family]


@settings(max_examples=150, deadline=None)
@given(
    items=st.lists(st.tuples(IDENTITIES, TEXTS, st.booleans()), min_size=1, max_size=6),
    form=st.sampled_from(["envelope", "markdown"]),
    show=st.sampled_from([(), ("confidence",), ("recall_rank",), ("confidence", "recall_rank")]),
    code_lines=st.lists(st.lists(TEXTS, min_size=1, max_size=4), max_size=2),
)
def test_the_reader_reads_back_what_the_renderer_wrote(
    items: list[tuple[tuple[str, str, str, int], str, bool]],
    form: str,
    show: tuple[str, ...],
    code_lines: list[list[str]],
) -> None:
    if form == "markdown":  # one section per family, in first-seen order
        order = list(dict.fromkeys(identity[1] for identity, _, _ in items))
        items = sorted(items, key=lambda entry: order.index(entry[0][1]))
    history = Layout(form)
    numbers: dict[str, int] = {}
    for (scope_id, family, artifact_id, revision), text, truncated in items:
        ref = ArtifactRef(scope_id, family, artifact_id, revision)  # type: ignore[arg-type]
        if form == "envelope":
            body = envelope_content(family, history_content(family, text))  # type: ignore[arg-type]
            rendered = envelope_item(family, ref, body, truncated=truncated, current_scope_id="s1")  # type: ignore[arg-type]
        else:
            numbers[family] = numbers.get(family, 0) + 1
            body = "".join(markdown_units(markdown_body(family, history_content(family, text))))  # type: ignore[arg-type]
            rendered = markdown_item(family, numbers[family], ref, body, truncated=truncated, show=show, recall_rank=7)  # type: ignore[arg-type]
        history.append(rendered)
    code = Layout("code")
    for n, lines in enumerate(code_lines):
        citation = CodeCitation("s1", "f" * 64, f"src/m{n}.py", "a" * 64, 1, len(lines), "0" * 64)
        code.append(code_item(citation, "t", lines, truncated=False))
    history_text = history.render()
    code_text = code.render()
    content = history_text + ("\n\n" + code_text if code_text else "")
    assert history.size == len(history_text.encode()) and (code_text is None or code.size == len(code_text.encode()))
    cited = parse_content(content)
    rendered_items = [*history.items, *code.items]
    assert [c.text for c in cited] == [r.text for r in rendered_items]
    for c, r in zip(cited, rendered_items, strict=True):
        if isinstance(r.citation, HistoryCitation):
            short = form == "envelope" and r.citation.scope_id == "s1"
            assert c.scope_id == (None if short else r.citation.scope_id)
            assert c.artifact == (r.citation.family, r.citation.artifact_id, r.citation.revision)
        else:
            assert c.code is not None and tuple(c.code[k] for k in CodeCitation._fields) == tuple(r.citation)


def one_of_each() -> str:
    result = run({"atomic-memory": [memory("m1", "first note"), memory("m2", "second note", scope_id=OTHER)]})
    assert result.content is not None
    return result.content


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Recalled project history", "### Memory 9\n\nRecalled project history"),  # structure in the prose
        ("BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1\n", "BEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1\n\n"),
        ('"items":[', '"items": ['),  # not canonical JSON
        ('"truncated":false,"kind"', '"kind":"atomic-memory","truncated":false,"kind"'),
        ('"kind":"atomic-memory"}', '"kind":"experience"}'),  # kind is not the cited family
        ('{"artifact_ref":', '{"artifact_ref":{},"x":'),
        ('"revision":1', '"revision":0'),
        ("first note", "first\u2028note"),  # a raw line separator
        ("END_POWERCONTEXT_PREPARED_CONTEXT_V1", "END"),
    ],
)
def test_the_reader_refuses_what_the_renderer_never_writes(old: str, new: str) -> None:
    content = one_of_each()
    assert len(parse_content(content)) == 2
    assert old in content
    with pytest.raises(ContentFormError):
        parse_content(content.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("### Memory 2", "### Memory 3"),
        ("## Memory", "## Memories"),
        ("    Truncated: no", "    Truncated: maybe"),
        ('    Scope: "s1"', "    Scope: s1"),
        (">     second", "second"),
        ("    Recall rank: 2", "    Recall rank: 0"),
        (
            "    Confidence: unknown (not assessed)\n    Recall rank: 1",
            "    Recall rank: 1\n    Confidence: unknown (not assessed)",
        ),
        ('family="atomic-memory", id="m2"', 'family="experience", id="m2"'),
    ],
)
def test_the_reader_refuses_broken_markdown(old: str, new: str) -> None:
    history = {"atomic-memory": [memory("m1", "first note", scope_id="s1"), memory("m2", "second note", scope_id="s1")]}
    sections = (SectionPlan("atomic-memory", 2),)
    content = run(history, sections=sections, markdown=True, show=("confidence", "recall_rank")).content
    assert content is not None and len(parse_content(content)) == 2 and old in content
    with pytest.raises(ContentFormError):
        parse_content(content.replace(old, new, 1))


def test_nothing_is_no_item() -> None:
    assert parse_content(None) == [] and parse_content("") == []
