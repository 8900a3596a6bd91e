"""A Topic Memory's snippet (PowerContext 1.4.1's ``snippet``): shown only when the query matched
its detail, as the matched chunk compacted, or a 480-character window of it with ``…``.

The expected contents are written here from the rules (json.dumps, the layout's strings), not
taken from the renderer; the store-backed cases run on both engines.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from _support.receipts import prepare, runtime, scope
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.contract.content import CitedItem, parse_content
from pcreceipt.contract.forms import TRUST_TEXT
from pcreceipt.prepare.snippet import detail_chunks, excerpt, topic_snippets
from pcreceipt.prepare.verify import history_findings
from pcreceipt.store.protocol import Store

TOPIC_SECTION = {"sections": [{"family": "topic-memory", "limit": 2}]}


def add_topic(store: Store, scope_id: str, title: str, summary: str, detail: str) -> str:
    content = {"title": title, "summary": summary, "detail": detail}
    return store.create_artifact(scope_id, "topic-memory", content).ref.artifact_id


def envelope_of_one_topic(artifact_id: str, content: dict[str, str]) -> str:
    text = json.dumps(content, ensure_ascii=False, separators=(",", ":"))
    item = {
        "citation": {"artifact_ref": {"family": "topic-memory", "artifact_id": artifact_id, "revision": 1}},
        "content": text,
        "truncated": False,
        "kind": "topic-memory",
    }
    line = json.dumps({"trust": "untrusted_history", "items": [item]}, ensure_ascii=False, separators=(",", ":"))
    return TRUST_TEXT + "\n\nBEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1\n" + line + "\nEND_POWERCONTEXT_PREPARED_CONTEXT_V1"


def markdown_of_one_topic(scope_id: str, artifact_id: str, body: str) -> str:
    metadata = [
        f'Scope: "{scope_id}"',
        f'Artifact: family="topic-memory", id="{artifact_id}", revision=1',
        "Truncated: no",
    ]
    parts = [
        "# PowerContext historical context",
        TRUST_TEXT,
        "BEGIN_POWERCONTEXT_PREPARED_TEXT_V1",
        "## Topic Memory",
        "### Topic Memory 1",
        "\n".join("    " + line for line in metadata),
        "\n".join(">     " + line for line in body.split("\n")),
        "END_POWERCONTEXT_PREPARED_TEXT_V1",
    ]
    return "\n\n".join(parts)


def both_forms(store: Store, scope_id: str, query: str) -> tuple[dict[str, Any], dict[str, Any]]:
    rt = runtime(store)
    plain = prepare(rt, scope_id, query, include_receipt=True)
    markdown = prepare(rt, scope_id, query, include_receipt=True, assembly=TOPIC_SECTION)
    return plain, markdown


# -- store-backed, both forms ---------------------------------------------------------------------


def test_a_topic_whose_detail_matches_shows_the_compacted_detail_in_both_forms(store: Store) -> None:
    project = scope(store)
    detail = "The cache warms\n\n  on the first\trequest after a deploy.\n"
    tid = add_topic(store, project.scope_id, "Cache", "How the cache behaves.", detail)
    snippet = "The cache warms on the first request after a deploy."
    plain, markdown = both_forms(store, project.scope_id, "deploy")
    expected = {"title": "Cache", "summary": "How the cache behaves.", "snippet": snippet}
    assert plain["content"] == envelope_of_one_topic(tid, expected)
    body = f"Title: Cache\n\nSummary: How the cache behaves.\n\nSnippet: {snippet}"
    assert markdown["content"] == markdown_of_one_topic(project.scope_id, tid, body)
    for response in (plain, markdown):  # the byte rules hold with the snippet (prepare() runs the gate too)
        (selected,) = response["receipt"]["selected"]
        (item,) = parse_content(response["content"])
        assert selected["rendered_bytes"] == len(item.text.encode())


def test_a_topic_matched_by_its_title_and_summary_only_has_no_snippet(store: Store) -> None:
    project = scope(store)
    tid = add_topic(store, project.scope_id, "Deploy cache", "Warming after a deploy.", "Queues drain in order.")
    plain, markdown = both_forms(store, project.scope_id, "deploy")
    assert plain["content"] == envelope_of_one_topic(
        tid, {"title": "Deploy cache", "summary": "Warming after a deploy."}
    )
    body = "Title: Deploy cache\n\nSummary: Warming after a deploy."
    assert markdown["content"] == markdown_of_one_topic(project.scope_id, tid, body)


def test_a_query_needing_title_and_detail_together_shows_no_snippet(store: Store) -> None:
    """Round 0 requires every term; the detail alone holds only one of them, so it did not match."""
    project = scope(store)
    tid = add_topic(store, project.scope_id, "Cache", "Warming.", "The first request after a deploy is slow.")
    plain, _ = both_forms(store, project.scope_id, "cache deploy")
    assert plain["content"] == envelope_of_one_topic(tid, {"title": "Cache", "summary": "Warming."})


def test_a_long_detail_shows_a_480_character_window_around_the_match(store: Store) -> None:
    project = scope(store)
    words = [f"w{i}" for i in range(200)]  # "w0 w1 … w199": 889 characters
    words[120] = "zebra"
    detail = " ".join(words)
    tid = add_topic(store, project.scope_id, "Animals", "A list.", detail)
    start_of_match = detail.index("zebra")
    focus = (start_of_match + start_of_match + len("zebra")) // 2
    window = "…" + detail[focus - 239 : focus - 239 + 478] + "…"  # cut both sides: 478 + two marks
    assert len(window) == 480
    plain, markdown = both_forms(store, project.scope_id, "zebra")
    assert plain["content"] == envelope_of_one_topic(tid, {"title": "Animals", "summary": "A list.", "snippet": window})
    body = f"Title: Animals\n\nSummary: A list.\n\nSnippet: {window}"
    assert markdown["content"] == markdown_of_one_topic(project.scope_id, tid, body)


def test_the_snippet_is_the_matching_chunk_of_a_detail_of_several(store: Store) -> None:
    project = scope(store)
    first = "Alpha paragraph. " * 90  # 1 529 characters once trimmed: with the second over 1 800
    second = "The zebra crossing is\npainted weekly. " * 10  # 379 characters: a tail too long (>= 300) to join
    detail = first.strip() + "\n\n" + second.strip()
    assert detail_chunks(detail) == [first.strip(), second.strip()]
    tid = add_topic(store, project.scope_id, "Roads", "Road notes.", detail)
    plain, _ = both_forms(store, project.scope_id, "zebra")
    snippet = " ".join(second.split())
    assert plain["content"] == envelope_of_one_topic(
        tid, {"title": "Roads", "summary": "Road notes.", "snippet": snippet}
    )


# -- the pieces ------------------------------------------------------------------------------------


def test_a_match_near_the_start_keeps_the_start_and_marks_the_end_only() -> None:
    text = "zebra " + " ".join(f"w{i}" for i in range(200))
    assert excerpt("zebra", text) == text[:479] + "…"


def test_a_match_near_the_end_keeps_the_end_and_marks_the_start_only() -> None:
    text = " ".join(f"w{i}" for i in range(200)) + " zebra"
    assert excerpt("zebra", text) == "…" + text[-479:]


def test_no_term_in_a_long_chunk_centres_the_window() -> None:
    text = " ".join(f"w{i}" for i in range(200))
    middle = len(text) // 2
    assert excerpt("absent", text) == "…" + text[middle - 239 : middle + 239] + "…"


def test_the_densest_stretch_of_distinct_terms_is_shown() -> None:
    filler = " ".join(f"w{i}" for i in range(120))
    text = f"red {filler} red {filler} red blue {filler}"
    shown = excerpt("red blue", text)
    assert "red blue" in shown and shown.startswith("…") and shown.endswith("…")


def test_chunks_of_a_short_detail_and_of_an_overlong_sentence() -> None:
    assert detail_chunks("  one\n\n# Two\n- three  ") == ["one\n\n# Two\n- three"]
    sentence = "x" * 4000
    chunks = detail_chunks(sentence)
    assert [len(c) for c in chunks] == [1800, 1800, 720]
    assert chunks[0][-160:] == chunks[1][:160]


def test_snippets_follow_the_rounds_match_mode() -> None:
    details = ["red and blue", "only red here", "nothing"]
    assert topic_snippets("red blue", "all", details) == ["red and blue", None, None]
    assert topic_snippets("red blue", "any", details) == ["red and blue", "only red here", None]
    assert topic_snippets("blu", "prefix", details) == ["red and blue", None, None]
    assert topic_snippets("the", "any", details) == [None, None, None]  # no terms, no match


@settings(max_examples=150, deadline=None)
@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=1500), st.text(max_size=20))
def test_an_excerpt_is_a_run_of_the_compacted_text_within_480_characters(text: str, query: str) -> None:
    flat = " ".join(text.split())
    shown = excerpt(query, text)
    assert len(shown) <= 480
    assert shown.removeprefix("…").removesuffix("…") in flat
    if len(flat) <= 480:
        assert shown == flat


CACHE_DETAIL = "The cache warms on the first request after a deploy."


def cache_topic_items(store: Store) -> list[tuple[dict[str, Any], CitedItem, dict[str, Any]]]:
    """One topic whose detail the query matches, prepared in both forms: per form, its selected
    entry, its item in the content and the exact read a server answers for it."""
    project = scope(store)
    add_topic(store, project.scope_id, "Cache", "How the cache behaves.", CACHE_DETAIL)
    items = []
    for response in both_forms(store, project.scope_id, "deploy"):
        (selected,) = response["receipt"]["selected"]
        (cited,) = parse_content(response["content"])
        read = {
            "scope_id": project.scope_id,
            "family": "topic-memory",
            "artifact_id": selected["artifact_address"]["artifact"]["artifact_id"],
            "revision": 1,
            "content": {"title": "Cache", "summary": "How the cache behaves.", "detail": CACHE_DETAIL},
        }
        items.append((selected, cited, read))
    return items


def test_verify_accepts_a_snippet_the_stored_detail_gives_and_no_other(store: Store) -> None:
    """``pcreceipt verify --server`` (check 3): the exact revision renders to the body with a
    snippet only when that snippet is a run of its compacted detail."""
    for selected, cited, read in cache_topic_items(store):
        assert history_findings(0, selected, cited, read) == []
        other = {**read, "content": {**read["content"], "detail": "Queues drain in order."}}
        assert [f.check for f in history_findings(0, selected, cited, other)] == ["body"]


def test_verify_accepts_a_topic_with_a_snippet_cut_anywhere(store: Store) -> None:
    """A Topic Memory cut to fit may end anywhere: in its summary, in the text between the summary
    and the snippet (``\\n\\nSnippet: `` or ``","snippet":"``), or in the snippet. Each such cut of
    the body the stored revision renders to is accepted; a cut of another body is not (the soak
    found the middle case refused)."""
    for selected, cited, read in cache_topic_items(store):
        cut_selected = {**selected, "truncated": True}
        assert "Snippet: " in cited.body or '"snippet":"' in cited.body
        for end in range(1, len(cited.body)):
            cut = dataclasses.replace(cited, body=cited.body[:end] + "…", truncated=True)
            assert history_findings(0, cut_selected, cut, read) == [], (cited.form, cited.body[:end])
        wrong = dataclasses.replace(cited, body="Title: Queues…", truncated=True)
        assert [f.check for f in history_findings(0, cut_selected, wrong, read)] == ["body"]
