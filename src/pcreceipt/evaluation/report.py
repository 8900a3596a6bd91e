"""``report.json`` and ``report.md`` of ``pcreceipt eval``.

report.json: ``runs[]`` (name, url, overrides, ``summary`` and ``queries[]``), ``comparisons[]``
(each later run against the first, paired by query id), and at the top level ``queries`` and
``summary`` of the first run (so ``summary.recall_at_injected`` answers for a single run).
report.md is the same in tables, with the plots linked.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pcreceipt.evaluation.metrics import CLASSES, paired, query_metrics, summarize
from pcreceipt.evaluation.run import Outcome, Run
from pcreceipt.models import limits

REPORT_SCHEMA = "pcreceipt.eval-report.v1"
DEFAULT_MAX_BYTES = limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT
CLASS_TITLES = {
    "budget_omission": "any budget omission",
    "not_retrieved_expected_family": "not_retrieved for an expected family",
    "inference_fallback": "inference fallback",
    "expansion_ran": "expansion ran",
}


def build_report(
    source: str, runs: Sequence[Run], outcomes: Mapping[str, Sequence[Outcome]], families: Mapping[str, str]
) -> dict[str, Any]:
    """The whole report as JSON-ready data."""
    run_reports: list[dict[str, Any]] = []
    for run in runs:
        records = [query_metrics(o.case, o.response, o.error, families) for o in outcomes[run.name]]
        for outcome, record in zip(outcomes[run.name], records, strict=True):
            record["attempts"] = outcome.attempts
            if record["bytes"]["requested"] is None:
                request = outcome.case.prepare_request(run.overrides)
                record["bytes"]["requested"] = request.get("max_bytes", DEFAULT_MAX_BYTES)
        run_reports.append(
            {
                "name": run.name,
                "url": run.url,
                "overrides": run.overrides,
                "summary": summarize(records),
                "queries": records,
            }
        )
    first = run_reports[0]
    comparisons = [
        {"a": first["name"], "b": other["name"], **paired(first["queries"], other["queries"])}
        for other in run_reports[1:]
    ]
    return {
        "schema": REPORT_SCHEMA,
        "input": source,
        "run": first["name"],
        "summary": first["summary"],
        "queries": first["queries"],
        "runs": run_reports,
        "comparisons": comparisons,
    }


def _number(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _estimate(value: Mapping[str, Any], digits: int = 3) -> str:
    if value["mean"] is None:
        return "–"
    low, high = value["ci"]
    return f"{value['mean']:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell).replace("|", "\\|") for cell in row) + " |" for row in rows]
    return [*lines, ""]


def render_markdown(report: Mapping[str, Any], plots: Sequence[str]) -> str:
    """report.md: summary, omission classes, score join, comparisons, per-query details."""
    runs = report["runs"]
    lines = [f"# pcreceipt eval: {report['input']}", ""]
    lines += [
        "Recall at injection: the share of a query's expected items that the prepare injected (by exact "
        "identity, from its Receipt). Intervals are 95% bootstrap intervals of the mean.",
        "",
        "## Runs",
        "",
    ]
    rows = []
    for run in runs:
        s = run["summary"]
        errors = ", ".join(f"{k} {v}" for k, v in s["errors"].items()) or "0"
        rows.append(
            [
                run["name"],
                s["queries"],
                errors,
                s["receipt_missing"],
                s["empty"],
                _estimate(s["recall_at_injected"]),
                _estimate(s["precision"]),
                _number(s["bytes_used"]["mean"], 0),
            ]
        )
    lines += _table(
        ["run", "queries", "errors", "Receipt missing", "empty", "recall at injection", "precision", "mean bytes"],
        rows,
    )
    lines += ["## Omission classes", "", "Queries in each class, and mean recall with / without it.", ""]
    rows = []
    for run in runs:
        for name in CLASSES:
            c = run["summary"]["classes"][name]
            rows.append(
                [run["name"], CLASS_TITLES[name], c["queries"], _number(c["recall_with"]), _number(c["recall_without"])]
            )
    lines += _table(["run", "class", "queries", "recall with", "recall without"], rows)
    if any("score_with" in run["summary"]["classes"][CLASSES[0]] for run in runs):
        lines += ["## Scores joined with omission classes", ""]
        rows = []
        for run in runs:
            for name in CLASSES:
                c = run["summary"]["classes"][name]
                if "score_with" in c:
                    rows.append(
                        [
                            run["name"],
                            CLASS_TITLES[name],
                            c["scored_with"],
                            _number(c["score_with"]),
                            c["scored_without"],
                            _number(c["score_without"]),
                        ]
                    )
        lines += _table(
            ["run", "class", "scored with", "mean score with", "scored without", "mean score without"], rows
        )
    if report["comparisons"]:
        lines += ["## Comparisons", "", "Paired by query: b minus a.", ""]
        rows = [
            [
                c["a"],
                c["b"],
                c["pairs"],
                c["better"],
                c["worse"],
                c["same"],
                _estimate(c["recall_diff"]),
                _estimate(c["bytes_diff"], 0),
            ]
            for c in report["comparisons"]
        ]
        lines += _table(["a", "b", "pairs", "b better", "b worse", "same", "recall diff", "bytes diff"], rows)
    lines += ["## Omitted (all queries)", ""]
    for run in runs:
        queries = run["summary"]["queries"]
        rows = [[g["family"], g["reason"], _omitted_count(g, queries)] for g in run["summary"]["omitted"]]
        if rows:
            lines += [f"**{run['name']}**", "", *_table(["family", "reason", "how many"], rows)]
    if plots:
        lines += ["## Plots", ""] + [f"![{Path(p).stem}]({p})" for p in plots] + [""]
    lines += ["## Queries", ""]
    for run in runs:
        rows = []
        for q in run["queries"]:
            ranks = ", ".join(str(f["rank"]) for f in q["selected_expected"]) or "–"
            flags = [CLASS_TITLES[name] for name in CLASSES if q["classes"][name]]
            if q["error"] is not None:
                flags.insert(0, f"error: {q['error']['kind']} {q['error']['status'] or ''}".strip())
            elif not q["receipt_present"]:
                flags.insert(0, "Receipt missing")
            rows.append(
                [
                    q["id"],
                    f"{len(q['selected_expected'])}/{len(q['expected'])}",
                    _number(q["recall"], 2),
                    ranks,
                    f"{_number(q['bytes']['used'], 0)}/{_number(q['bytes']['requested'], 0)}",
                    "; ".join(flags),
                ]
            )
        lines += [f"**{run['name']}**", ""]
        lines += _table(["id", "found", "recall", "ranks", "bytes", "notes"], rows)
    return "\n".join(lines)


def _omitted_count(group: Mapping[str, Any], queries: int) -> str:
    """An omission group's count in words: items left out, except ``not_retrieved``, which a Receipt
    counts once per prepare (the family had no candidate at all), so its sum is a number of queries."""
    if group["reason"] == "not_retrieved":
        return f"no candidate at all in {group['count']} of {queries} queries"
    return f"{group['count']} item(s) left out"


def write_report(out: Path, report: Mapping[str, Any], plots: Sequence[str]) -> tuple[Path, Path]:
    """Write report.json and report.md into ``out``; their paths."""
    out.mkdir(parents=True, exist_ok=True)
    json_path, md_path = out / "report.json", out / "report.md"
    json_path.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    md_path.write_text(render_markdown(report, plots), encoding="utf-8")
    return json_path, md_path
