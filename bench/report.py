"""The report: goals judged against the peer, ``summary.md`` as Markdown, and the source measured."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Goal:
    name: str
    text: str
    value: float | None
    limit: float
    higher_is_better: bool
    note: str = ""

    @property
    def met(self) -> bool | None:
        if self.value is None:
            return None
        return self.value >= self.limit if self.higher_is_better else self.value <= self.limit


def _get(results: dict[str, dict[int, dict]], server: str, n: int | None, *path: str) -> Any:
    value: Any = results.get(server, {}).get(n) if n is not None else None
    for key in path:
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def _ratio(a: Any, b: Any) -> float | None:
    return round(a / b, 4) if isinstance(a, int | float) and isinstance(b, int | float) and b else None


def goals(results: dict[str, dict[int, dict]], goal_n: int) -> list[Goal]:
    ours = results.get("pcreceipt", {})
    peer = results.get("powercontext", {})
    common = sorted(set(ours) & set(peer))
    n = goal_n if goal_n in common else (common[-1] if common else None)
    n_ours = goal_n if goal_n in ours else (max(ours) if ours else None)
    note = "" if n == goal_n else f"(at N={n})"
    note_ours = "" if n_ours == goal_n else f"(at N={n_ours})"
    p = "pcreceipt"
    q = "powercontext"
    smallest, largest = (min(ours), max(ours)) if ours else (None, None)
    return [
        Goal(
            "seq_p50",
            f"sequential p50 at {goal_n // 1000}k ≤ 0.25× the peer's",
            _ratio(
                _get(results, p, n, "sequential", "plain", "p50_ms"),
                _get(results, q, n, "sequential", "plain", "p50_ms"),
            ),
            0.25,
            False,
            note,
        ),
        Goal(
            "conc_rps",
            "4-client throughput ≥ 5× the peer's",
            _ratio(
                _get(results, p, n, "concurrent", "requests_per_s"), _get(results, q, n, "concurrent", "requests_per_s")
            ),
            5,
            True,
            note,
        ),
        Goal(
            "conc_p99",
            "4-client p99 ≤ 0.1× the peer's",
            _ratio(_get(results, p, n, "concurrent", "p99_ms"), _get(results, q, n, "concurrent", "p99_ms")),
            0.1,
            False,
            note,
        ),
        Goal(
            "bulk_load",
            "bulk load ≥ 20× the peer's rows/s",
            _ratio(_get(results, p, n, "load", "rows_per_s"), _get(results, q, n, "load", "rows_per_s")),
            20,
            True,
            note,
        ),
        Goal(
            "restart",
            f"restart-to-ready with {goal_n // 1000}k ≤ 2 s (seconds)",
            _get(results, p, n_ours, "restart_s"),
            2,
            False,
            note_ours,
        ),
        Goal(
            "rss",
            "peak RSS ≤ 0.5× the peer's",
            _ratio(_get(results, p, n, "rss_peak_mb"), _get(results, q, n, "rss_peak_mb")),
            0.5,
            False,
            note,
        ),
        Goal(
            "receipt",
            "receipt overhead at p50 ≤ 5% (with/without − 1)",
            _minus_one(_get(results, p, n_ours, "sequential", "receipt_p50_ratio")),
            0.05,
            False,
            note_ours,
        ),
        Goal(
            "gate",
            "gate ≤ 3% of prepare time (plain requests)",
            _get(results, p, n_ours, "in_process", "plain", "gate_share_of_prepare"),
            0.03,
            False,
            note_ours,
        ),
        Goal(
            "scaling",
            "p50 at the largest N within 3× of p50 at the smallest N",
            _ratio(
                _get(results, p, largest, "sequential", "plain", "p50_ms"),
                _get(results, p, smallest, "sequential", "plain", "p50_ms"),
            ),
            3,
            False,
            f"(N={largest} vs N={smallest})",
        ),
    ]


OCEANBASE = "pcreceipt-oceanbase"


def oceanbase_goals(results: dict[str, dict[int, dict]]) -> list[Goal]:
    """Issue 30's goals for pcreceipt on OceanBase against pcreceipt on SQLite, at every N both ran."""
    out = []
    for n in sorted(set(results.get("pcreceipt", {})) & set(results.get(OCEANBASE, {}))):
        seq = ("sequential", "plain", "p50_ms")
        rps = ("concurrent", "requests_per_s")
        at = f"(N={n})"
        out += [
            Goal(
                f"ob_seq_p50_{n}",
                "OceanBase sequential p50 ≤ 1.5× SQLite's",
                _ratio(_get(results, OCEANBASE, n, *seq), _get(results, "pcreceipt", n, *seq)),
                1.5,
                False,
                at,
            ),
            Goal(
                f"ob_conc_rps_{n}",
                "OceanBase 4-client throughput ≥ 0.7× SQLite's",
                _ratio(_get(results, OCEANBASE, n, *rps), _get(results, "pcreceipt", n, *rps)),
                0.7,
                True,
                at,
            ),
        ]
    return out


def all_goals(results: dict[str, dict[int, dict]], goal_n: int) -> list[Goal]:
    """The goals against the peer (when pcreceipt ran on SQLite) and OceanBase's against SQLite."""
    return (goals(results, goal_n) if "pcreceipt" in results else []) + oceanbase_goals(results)


def _minus_one(value: Any) -> float | None:
    return round(value - 1, 4) if isinstance(value, int | float) else None


def _fmt(value: Any, digits: int = 1) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def markdown(report: dict[str, Any]) -> str:
    results: dict[str, dict[int, dict]] = report["results"]
    servers = list(results)
    lines = [
        "# Prepare benchmark",
        "",
        f"{report['meta']['started']} · pcreceipt {report['meta']['source']} · {report['meta']['machine']} · "
        f"Python {report['meta']['python']} · "
        f"corpus digest {report['meta']['corpus']['digest_1k']} · {len(report['meta']['query_kinds'])} query kinds, "
        f"{report['meta']['queries']} queries"
        + (
            f" · load average (1, 5, 15 min) {report['meta']['loadavg']['start']} at the start, "
            f"{report['meta']['loadavg']['end']} at the end"
            if "loadavg" in report["meta"]
            else ""
        ),
        "",
        "Latencies are client-side over keep-alive HTTP on 127.0.0.1, in ms. Loading runs one server at a time;",
        "the prepare phases run with every server up, interleaved query by query (sequential) or block by block",
        "(4 clients), so noise from other processes falls on all servers alike. Absolute figures on a shared",
        "2-core machine move by 2× between runs; compare within a run.",
        "",
        "## Figures",
        "",
    ]
    rows = [
        ("load rows/s", ("load", "rows_per_s"), 0),
        ("load mode", ("load", "mode"), 0),
        ("cold start s", ("cold_start_s",), 2),
        ("restart-to-ready s (median)", ("restart_s",), 2),
        ("seq p50", ("sequential", "plain", "p50_ms"), 2),
        ("seq p90", ("sequential", "plain", "p90_ms"), 2),
        ("seq p99", ("sequential", "plain", "p99_ms"), 2),
        ("seq p50 with receipt", ("sequential", "with_receipt", "p50_ms"), 2),
        ("receipt p50 ratio", ("sequential", "receipt_p50_ratio"), 3),
        ("4 clients req/s", ("concurrent", "requests_per_s"), 1),
        ("4 clients p50", ("concurrent", "p50_ms"), 2),
        ("4 clients p99", ("concurrent", "p99_ms"), 2),
        ("4 clients: server CPU ms per prepare", ("concurrent", "server_cpu_ms_per_request"), 2),
        ("4 clients: seekdb CPU ms per prepare", ("concurrent", "database_cpu_ms_per_request"), 2),
        ("peak RSS MiB", ("rss_peak_mb",), 1),
        ("data dir MiB", ("data_dir_mb",), 1),
        ("in-process prepare p50", ("in_process", "plain", "prepare", "p50_ms"), 2),
        ("in-process prepare+receipt p50", ("in_process", "with_receipt", "prepare", "p50_ms"), 2),
        ("gate share (plain)", ("in_process", "plain", "gate_share_of_prepare"), 4),
        ("gate share (receipt)", ("in_process", "with_receipt", "gate_share_of_prepare"), 4),
        ("single creates/s (4 clients)", ("single_creates", "rows_per_s"), 1),
    ]
    if OCEANBASE in results:
        rows.append(("seekdb RSS MiB (after the N)", ("seekdb_rss_mb",), 1))
    sizes = sorted({n for s in servers for n in results[s]})
    peer_ratio = "powercontext" in results and "pcreceipt" in results
    ob_ratio = OCEANBASE in results and "pcreceipt" in results
    header = ["metric"]
    for n in sizes:
        header += [f"{s} {n // 1000}k" for s in servers if n in results[s]]
        if peer_ratio:
            header.append(f"ratio {n // 1000}k")
        if ob_ratio:
            header.append(f"OB÷SQLite {n // 1000}k")
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for label, path, digits in rows:
        cells = [label]
        for n in sizes:
            values = [_get(results, s, n, *path) for s in servers if n in results[s]]
            cells += [_fmt(v, digits) for v in values]
            for other, shown in (("powercontext", peer_ratio), (OCEANBASE, ob_ratio)):
                if shown:
                    mine, theirs = ("pcreceipt", other) if other == "powercontext" else (other, "pcreceipt")
                    ratio = _ratio(_get(results, mine, n, *path), _get(results, theirs, n, *path))
                    cells.append(_fmt(ratio, 3) if isinstance(ratio, float) else "–")
        lines.append("| " + " | ".join(cells) + " |")
    notes = ["Ratios are pcreceipt ÷ peer."] if peer_ratio else []
    if ob_ratio:
        notes.append("OB÷SQLite is pcreceipt on OceanBase (loopback seekdb) ÷ pcreceipt on SQLite.")
    lines += ["", *notes, ""]
    if report.get("goals"):
        lines += ["## Goals", "", "| goal | value | limit | met |", "|---|---|---|---|"]
        for goal in report["goals"]:
            met = {True: "yes", False: "**no**", None: "not measured"}[goal["met"]]
            lines.append(f"| {goal['text']} {goal['note']} | {_fmt(goal['value'], 3)} | {goal['limit']} | {met} |")
        lines.append("")
    lines += ["## Per query kind (sequential, without receipt)", ""]
    lines += ["| server | N | kind | p50 ms | p99 ms | ready | target in content |", "|---|---|---|---|---|---|---|"]
    for s in servers:
        for n in sorted(results[s]):
            seq = results[s][n].get("sequential", {})
            for kind, stats in seq.get("by_kind", {}).items():
                lines.append(
                    f"| {s} | {n} | {kind} | {_fmt(stats.get('p50_ms'), 2)} | {_fmt(stats.get('p99_ms'), 2)} | "
                    f"{seq.get('ready_by_kind', {}).get(kind, 0)}/{stats.get('n', 0)} | "
                    f"{seq.get('target_in_content', {}).get(kind, '–')} |"
                )
    lines.append("")
    if report.get("plot"):
        lines += [f"![latency vs N]({report['plot']})", ""]
    return "\n".join(lines)


def source_revision() -> str:
    """The pcreceipt source measured: ``git describe --dirty`` of this checkout, or BENCH_SOURCE."""
    if "BENCH_SOURCE" in os.environ:
        return os.environ["BENCH_SOURCE"]
    try:
        return subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
