"""``pcreceipt.evaluation.metrics``: matching, per-query records, summaries and paired differences.

Pure functions on hand-made Receipts; hypothesis checks the invariants (recall and precision in
[0, 1], a summary independent of query order, an interval holding its estimate, a run paired
with itself differing by zero).
"""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.evaluation.load import ArtifactExpectation, Case, CodeExpectation, parse_case
from pcreceipt.evaluation.metrics import bootstrap_ci, matches, paired, query_metrics, summarize
from pcreceipt.evaluation.report import render_markdown

SCOPE = "scp_a"


def history(artifact_id: str, revision: int = 1, family: str = "atomic-memory", truncated: bool = False) -> dict:
    return {
        "kind": family,
        "rendered_bytes": 100,
        "truncated": truncated,
        "artifact_address": {
            "scope_id": SCOPE,
            "artifact": {"family": family, "artifact_id": artifact_id, "revision": revision},
        },
    }


def code(path: str, start: int, end: int) -> dict:
    return {
        "kind": "code",
        "rendered_bytes": 300,
        "truncated": False,
        "code_evidence": {
            "scope_id": SCOPE,
            "fingerprint": "f" * 64,
            "path": path,
            "file_sha256": "a" * 64,
            "start_line": start,
            "end_line": end,
            "snippet_sha256": "b" * 64,
        },
    }


def response(
    selected: list[dict],
    omitted: list[dict] | None = None,
    *,
    rounds: int = 1,
    searches: list[dict] | None = None,
    max_bytes: int = 4000,
) -> dict[str, Any]:
    used = sum(item["rendered_bytes"] for item in selected)
    return {
        "schema": "powercontext.prepared-context.v1",
        "status": "ready" if selected else "empty",
        "content": "x" * used if selected else None,
        "content_bytes": used,
        "receipt": {
            "requested_max_bytes": max_bytes,
            "used_bytes": used,
            "truncated": any(item["truncated"] for item in selected),
            "selected": selected,
            "omitted": omitted or [],
            "retrieval": {
                "rounds": [{"round": n, "outcome": "completed", "retained": True} for n in range(rounds)],
                "searches": searches or [],
                "rerank_configs": [],
                "reranks": [],
            },
        },
    }


def case(expected: list[Any], score: float | None = None, id: str = "q") -> Case:
    line = {"id": id, "scope_id": SCOPE, "query": "q", "expected": expected}
    if score is not None:
        line["score"] = score
    return parse_case(json.dumps(line))


def test_artifact_expectations_match_any_or_one_revision() -> None:
    assert matches(ArtifactExpectation("art_x"), history("art_x", 3))
    assert matches(ArtifactExpectation("art_x", 3), history("art_x", 3))
    assert not matches(ArtifactExpectation("art_x", 2), history("art_x", 3))
    assert not matches(ArtifactExpectation("art_y"), history("art_x", 3))
    assert not matches(ArtifactExpectation("art_x"), code("art_x", 1, 5))


def test_code_expectations_match_an_overlapping_range_of_the_same_path() -> None:
    wanted = CodeExpectation("a.py", 10, 20)
    assert matches(wanted, code("a.py", 1, 40))  # contains it
    assert matches(wanted, code("a.py", 1, 10))  # shares line 10 only
    assert matches(wanted, code("a.py", 20, 60))  # shares line 20 only
    assert matches(wanted, code("a.py", 12, 14))  # inside it
    assert not matches(wanted, code("a.py", 1, 9))
    assert not matches(wanted, code("a.py", 21, 60))
    assert not matches(wanted, code("b.py", 1, 40))
    assert not matches(wanted, history("a.py"))


def test_a_query_record_gives_ranks_recall_precision_and_classes() -> None:
    answer = response(
        [history("art_a"), history("art_z"), code("a.py", 1, 40), history("art_b", 2, "topic-memory")],
        [
            {"family": "atomic-memory", "reason": "below_min_bytes", "count": 2},
            {"family": "experience", "reason": "not_retrieved", "count": 1},
        ],
        rounds=2,
        searches=[
            {
                "round": 0,
                "family": "atomic-memory",
                "mode": "fts",
                "outcome": "completed",
                "fallback_reason": "inference_unavailable",
                "count": 1,
            }
        ],
    )
    record = query_metrics(
        case(["art_b@2", "art_a", {"path": "a.py", "start_line": 3, "end_line": 5}, "art_missing"]),
        answer,
        families={"art_b": "topic-memory", "art_a": "atomic-memory", "art_missing": "topic-memory"},
    )
    assert [(f["expected"], f["rank"]) for f in record["selected_expected"]] == [
        ("art_b@2", 4),
        ("art_a", 1),
        ("a.py:3-5", 3),
    ]
    assert record["missing_expected"] == ["art_missing"]
    assert record["recall"] == 0.75
    assert record["precision"] == 0.75
    assert record["bytes"] == {"used": 600, "requested": 4000}
    assert record["classes"] == {
        "budget_omission": True,
        "not_retrieved_expected_family": False,  # experience holds no expected item
        "inference_fallback": True,
        "expansion_ran": True,
    }
    assert record["retained_rounds"] == 2 and record["receipt_present"]


def test_not_retrieved_counts_for_an_expected_family_and_for_unknown_artifacts() -> None:
    answer = response([history("art_a")], [{"family": "experience", "reason": "not_retrieved", "count": 1}])
    known = query_metrics(case(["art_e"]), answer, families={"art_e": "experience"})
    other = query_metrics(case(["art_e"]), answer, families={"art_e": "topic-memory"})
    unknown = query_metrics(case(["art_e"]), answer, families={})
    assert known["classes"]["not_retrieved_expected_family"]
    assert not other["classes"]["not_retrieved_expected_family"]
    assert unknown["classes"]["not_retrieved_expected_family"]


def test_the_report_words_not_retrieved_as_queries_and_other_omissions_as_items() -> None:
    """A Receipt counts not_retrieved once per prepare (no candidate at all), so "not_retrieved 2"
    would read as two items: the report says what the sum is."""
    omitted = [
        {"family": "experience", "reason": "not_retrieved", "count": 1},
        {"family": "atomic-memory", "reason": "duplicate", "count": 3},
    ]
    records = [query_metrics(case(["art_a"], id=i), response([history("art_a")], omitted)) for i in "abc"]
    run = {"name": "default", "summary": summarize(records), "queries": records}
    markdown = render_markdown({"input": "in.jsonl", "runs": [run], "comparisons": []}, [])
    assert "| experience | not_retrieved | no candidate at all in 3 of 3 queries |" in markdown
    assert "| atomic-memory | duplicate | 9 item(s) left out |" in markdown


def test_errors_inject_nothing_and_a_dropped_receipt_is_counted_not_guessed() -> None:
    failed = query_metrics(case(["art_a"]), None, {"kind": "http", "status": 404, "code": "scope_not_found"})
    dropped = dict(response([history("art_a")]))
    del dropped["receipt"]
    lost = query_metrics(case(["art_a"]), dropped)
    assert failed["recall"] == 0.0 and failed["error"]["status"] == 404
    assert lost["recall"] is None and not lost["receipt_present"]
    summary = summarize([failed, lost, query_metrics(case(["art_a"], id="ok"), response([history("art_a")]))])
    assert summary["errors"] == {"http_404": 1}
    assert summary["receipt_missing"] == 1
    assert summary["recall_at_injected"]["n"] == 2 and summary["recall_at_injected"]["mean"] == 0.5


def test_scores_are_joined_to_the_omission_classes() -> None:
    budget = [{"family": "atomic-memory", "reason": "no_fitting_truncation", "count": 1}]
    records = [
        query_metrics(case(["art_a"], 0.2, "a"), response([history("art_b")], budget)),
        query_metrics(case(["art_a"], 0.4, "b"), response([history("art_b")], budget)),
        query_metrics(case(["art_a"], 1.0, "c"), response([history("art_a")])),
    ]
    joined = summarize(records)["classes"]["budget_omission"]
    assert joined["queries"] == 2 and joined["scored_with"] == 2 and joined["scored_without"] == 1
    assert math.isclose(joined["score_with"], 0.3) and joined["score_without"] == 1.0
    assert joined["recall_with"] == 0.0 and joined["recall_without"] == 1.0
    assert "score_with" not in summarize([query_metrics(case(["art_a"]), response([]))])["classes"]["expansion_ran"]
    run = {"name": "default", "summary": summarize(records), "queries": records}
    markdown = render_markdown({"input": "in.jsonl", "runs": [run], "comparisons": []}, [])
    assert "## Scores joined with omission classes" in markdown
    assert "| default | any budget omission | 2 | 0.300 | 1 | 1.000 |" in markdown


# ------------------------------------------------------------------------------------- properties

ids = st.sampled_from([f"art_{n}" for n in range(6)])
selected_items = st.lists(st.builds(history, ids, st.integers(1, 3)), max_size=6)
expectations = st.lists(st.one_of(ids, st.builds(lambda a, r: f"{a}@{r}", ids, st.integers(1, 3))), max_size=5)


@st.composite
def records(draw: st.DrawFn) -> list[dict[str, Any]]:
    count = draw(st.integers(1, 8))
    out = []
    for n in range(count):
        expected = draw(expectations)
        score = draw(st.none() | st.floats(0, 1))
        out.append(query_metrics(case(expected, score, f"q{n}"), response(draw(selected_items))))
    return out


@settings(max_examples=60, deadline=None)
@given(expectations, selected_items)
def test_recall_and_precision_are_in_the_unit_interval(expected: list[str], selected: list[dict]) -> None:
    record = query_metrics(case(expected), response(selected))
    for key in ("recall", "precision"):
        assert record[key] is None or 0.0 <= record[key] <= 1.0
    assert (record["recall"] is None) == (not set(expected))
    assert (record["precision"] is None) == (not selected)


@settings(max_examples=40, deadline=None)
@given(records(), st.randoms(use_true_random=False))
def test_a_summary_does_not_depend_on_query_order(runs: list[dict[str, Any]], rng: Any) -> None:
    shuffled = list(runs)
    rng.shuffle(shuffled)
    assert summarize(shuffled) == summarize(runs)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-1, 1, allow_nan=False), min_size=1, max_size=30))
def test_the_interval_contains_the_estimate(values: list[float]) -> None:
    ci = bootstrap_ci(values)
    assert ci is not None
    point = sum(values) / len(values)
    assert ci[0] <= point + 1e-12 and point - 1e-12 <= ci[1]
    assert bootstrap_ci(values) == ci  # a fixed seed: the same interval every time


@settings(max_examples=40, deadline=None)
@given(records())
def test_a_run_paired_with_itself_differs_by_zero(run: list[dict[str, Any]]) -> None:
    comparison = paired(run, run)
    assert comparison["worse"] == comparison["better"] == 0
    assert all(row["recall_diff"] == 0 for row in comparison["queries"])
    if comparison["pairs"]:
        assert comparison["recall_diff"]["mean"] == 0 and comparison["recall_diff"]["ci"] == [0.0, 0.0]
        assert comparison["bytes_diff"]["mean"] == 0


def test_no_values_have_no_interval() -> None:
    assert bootstrap_ci([]) is None
    assert bootstrap_ci([0.5]) == (0.5, 0.5)
