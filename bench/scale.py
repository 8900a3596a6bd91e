"""``--scale``: one SQLite server loaded with many Atomic Memories over many Scopes (issue 17).

``python bench/run.py --scale 1m`` (or ``nox -s bench -- --scale 1m``) runs, on 127.0.0.1:

1. the plan: ``1m`` is 100 Scopes of 10k plus one Scope of 100k (1.1M Atomic Memories in all;
   a custom plan is ``SCOPESxSIZE+BIG``, e.g. ``2x50+200`` for a smoke run). The big Scope holds
   the first BIG Atomic Memories of the corpus stream (``corpus.atomic_memories``), so the
   queries' targets are in it; the small Scopes hold the next ones, 10k each;
2. each Scope's corpus is built just before its load (client CPU work, not counted in rows/s);
3. a fresh ``pcreceipt serve`` (its own data directory and HOME) is loaded through the bulk
   ``import_artifacts`` operation (``loading.load_bulk``): the big Scope first, then the small
   ones. rows/s = rows over the seconds spent in the import requests. ``--scale-budget SECONDS``
   starts no new Scope after that time (on a crowded machine): the figures are then those of
   the size reached, which the report states;
4. the server is stopped (database size on disk measured), then restarted ``--restarts`` times:
   restart-to-ready (median) is the goal's figure;
5. a second fresh server gets the first 1k Atomic Memories (the reference) and is restarted once;
6. the sequential prepare phase (``prepares.sequential``) runs against three targets
   interleaved query by query: the 1k reference, the big Scope and the first small Scope of the
   loaded server; p50/p99 of each, and the ratios to the 1k figures;
7. peak RSS (``VmHWM``) of the loaded server, in the load and in the serving process.

Writes ``scale-<plan>.json`` and ``scale-<plan>.md`` in ``--out`` (``bench/out/``). The load
average (``/proc/loadavg``) is recorded before and after. A benchmark, not a test.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import shutil
import statistics
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import corpus as corpus_module
import httpx
from loading import create_scope, load_bulk
from measure import dir_size_mb
from prepares import Target, sequential
from report import Goal
from servers import Server, ServerSpec, pcreceipt_spec

PRESETS = {"1m": "100x10000+100000"}
_PLAN = re.compile(r"^(\d+)x(\d+)\+(\d+)$")
REFERENCE_N = 1000
LOAD_GOAL_ROWS_S = 10_000
P50_GOAL_RATIO = 5.0
RSS_GOAL_MIB = 500.0
RESTART_GOAL_S = 5.0


@dataclass(frozen=True)
class Plan:
    name: str
    small_scopes: int
    small_n: int
    big_n: int
    reference_n: int = REFERENCE_N

    @property
    def total(self) -> int:
        return self.small_scopes * self.small_n + self.big_n


def parse_plan(text: str) -> Plan:
    """``1m`` or ``SCOPESxSIZE+BIG`` (e.g. ``2x50+200``); the big Scope must hold the reference's 1k."""
    spec = PRESETS.get(text.strip().lower(), text.strip().lower())
    match = _PLAN.match(spec)
    if match is None:
        raise ValueError(f"--scale takes {', '.join(PRESETS)} or SCOPESxSIZE+BIG, not {text!r}")
    scopes, size, big = (int(g) for g in match.groups())
    if scopes < 1 or size < 1 or big < 1:
        raise ValueError("--scale: every count must be at least 1")
    return Plan(text.strip().lower(), scopes, size, big, reference_n=min(REFERENCE_N, big))


def fresh_home_spec() -> ServerSpec:
    """pcreceipt's spec with HOME set to a directory inside the data directory (nothing of the
    user's home is read)."""
    base = pcreceipt_spec()

    def environment(data: Path) -> dict[str, str]:
        home = data / "home"
        home.mkdir(exist_ok=True)
        return {**base.environment(data), "HOME": str(home)}

    return ServerSpec("pcreceipt", base.command, environment, base.cwd)


def count_label(n: int) -> str:
    return f"{n // 1000}k" if n % 1000 == 0 else str(n)


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def scope_items(plan: Plan) -> Iterator[tuple[str, list[corpus_module.Item]]]:
    """(label, items) per Scope, the big one first, each built only when it is next to load."""
    stream = corpus_module.atomic_memories(plan.total)
    yield f"scale-big-{count_label(plan.big_n)}", list(itertools.islice(stream, plan.big_n))
    for index in range(plan.small_scopes):
        yield f"scale-{index:03d}", list(itertools.islice(stream, plan.small_n))


async def load_scopes(
    base_url: str, scopes: Iterable[tuple[str, Sequence[corpus_module.Item]]], budget_s: float = float("inf")
) -> dict[str, Any]:
    """Each Scope created, then bulk-imported; rows/s over the import requests' seconds (building
    the next Scope's corpus is not counted). No new Scope is started after ``budget_s`` seconds."""
    per_scope: list[dict[str, Any]] = []
    started = time.perf_counter()
    complete = True
    async with httpx.AsyncClient(base_url=base_url, timeout=600) as http:
        for label, items in scopes:
            if time.perf_counter() - started > budget_s:
                complete = False
                break
            scope_id = await create_scope(http, label)
            result = await load_bulk(http, scope_id, items)
            per_scope.append({"label": label, "scope_id": scope_id, **result})
            print(
                f"  {label}: {result['rows']} rows at {result['rows_per_s']}/s (load average {load_average()})",
                flush=True,
            )
    rows = sum(s["rows"] for s in per_scope)
    seconds = sum(s["seconds"] for s in per_scope)
    rates = [s["rows_per_s"] for s in per_scope[1:]] or [per_scope[0]["rows_per_s"]]
    return {
        "rows": rows,
        "complete": complete,
        "scopes_loaded": len(per_scope),
        "import_seconds": round(seconds, 3),
        "wall_seconds": round(time.perf_counter() - started, 3),
        "rows_per_s": round(rows / seconds, 1),
        "small_scope_rows_per_s_first_last": [rates[0], rates[-1]],
        "scopes": per_scope,
    }


def database_files(data: Path) -> dict[str, float]:
    return {f.name: round(f.stat().st_size / 2**20, 1) for f in sorted(data.rglob("*.db*")) if f.is_file()}


def cpu_seconds(server: Server) -> float | None:
    """User + system CPU seconds the server process has used so far (psutil, when installed)."""
    try:
        import psutil

        assert server.process is not None
        times = psutil.Process(server.process.pid).cpu_times()
    except Exception:
        return None
    return round(times.user + times.system, 3)


def restarts(server: Server, count: int) -> tuple[list[float], list[float | None]]:
    """Restart-to-ready seconds, and the CPU seconds the process used to get there (less
    sensitive to other processes on a shared machine than the wall time)."""
    times: list[float] = []
    cpu: list[float | None] = []
    for _ in range(max(1, count)):
        server.stop()
        times.append(round(server.start(), 3))
        cpu.append(cpu_seconds(server))
    return times, cpu


def run_scale(
    plan: Plan,
    queries: Sequence[corpus_module.Query],
    warmup: int,
    restart_count: int,
    out_dir: Path,
    keep_data: bool = False,
    load_budget_s: float = float("inf"),
) -> dict[str, Any]:
    result: dict[str, Any] = {
        "plan": asdict(plan),
        "total_rows_planned": plan.total,
        "load_average_before": load_average(),
    }
    spec = fresh_home_spec()
    data = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    ref_data = Path(tempfile.mkdtemp(prefix="bench-scale-ref-"))
    server = Server(spec, data, out_dir / f"server-scale-{plan.name}.log")
    reference = Server(spec, ref_data, out_dir / f"server-scale-{plan.name}-ref.log")
    for s in (server, reference):
        s.log_path.unlink(missing_ok=True)
    try:
        result["cold_start_s"] = round(server.start(), 3)
        print(f"[scale {plan.name}] loading (load average {load_average()})", flush=True)
        scopes = scope_items(plan)
        big_label, big = next(scopes)
        loaded = asyncio.run(load_scopes(server.base_url, itertools.chain([(big_label, big)], scopes), load_budget_s))
        result["load"] = loaded
        result["rss_peak_load_mib"] = server.peak_rss_mb()
        big_scope = loaded["scopes"][0]["scope_id"]
        small_scope = loaded["scopes"][min(1, len(loaded["scopes"]) - 1)]["scope_id"]
        print(
            f"[scale {plan.name}] {loaded['rows']} rows at {loaded['rows_per_s']}/s; "
            f"peak RSS {result['rss_peak_load_mib']} MiB",
            flush=True,
        )
        server.stop()
        result["database_files_mib"] = database_files(data)
        result["data_dir_mib"] = dir_size_mb(data)
        times, cpu = restarts(server, restart_count)
        result["restart_all_s"] = times
        result["restart_cpu_s"] = cpu
        result["restart_s"] = round(statistics.median(times), 3)
        print(f"[scale {plan.name}] restart-to-ready {times} s; data {result['data_dir_mib']} MiB", flush=True)

        reference.start()
        ref_loaded = asyncio.run(
            load_scopes(reference.base_url, [(f"scale-ref-{plan.reference_n}", big[: plan.reference_n])])
        )
        result["reference_load"] = {k: v for k, v in ref_loaded.items() if k != "scopes"}
        ref_times, ref_cpu = restarts(reference, restart_count)
        result["reference_restart_all_s"] = ref_times
        result["reference_restart_cpu_s"] = ref_cpu
        targets = [
            Target(f"{count_label(plan.reference_n)} reference", reference.port, ref_loaded["scopes"][0]["scope_id"]),
            Target(f"{count_label(loaded['rows'])} server, {count_label(plan.big_n)} Scope", server.port, big_scope),
            Target(
                f"{count_label(loaded['rows'])} server, {count_label(plan.small_n)} Scope", server.port, small_scope
            ),
        ]
        seq = asyncio.run(sequential(targets, queries, warmup, budget_s=600))
        result["sequential"] = seq
        ref_p50 = seq[targets[0].name]["plain"].get("p50_ms")
        result["p50_ratio_to_reference"] = {
            t.name: round(seq[t.name]["plain"]["p50_ms"] / ref_p50, 3) for t in targets[1:] if ref_p50
        }
        result["rss_peak_serve_mib"] = server.peak_rss_mb()
        result["rss_peak_reference_mib"] = reference.peak_rss_mb()
        for t in targets:
            p = seq[t.name]["plain"]
            print(f"[scale {plan.name}] {t.name}: p50 {p.get('p50_ms')} ms p99 {p.get('p99_ms')} ms", flush=True)
    finally:
        server.stop()
        reference.stop()
        if keep_data:
            result["data_dir"] = str(data)
        else:
            shutil.rmtree(data, ignore_errors=True)
        shutil.rmtree(ref_data, ignore_errors=True)
    rss = [v for v in (result.get("rss_peak_load_mib"), result.get("rss_peak_serve_mib")) if v]
    result["rss_peak_mib"] = max(rss) if rss else None
    result["load_average_after"] = load_average()
    return result


def scale_goals(result: dict[str, Any]) -> list[Goal]:
    ratios = list(result.get("p50_ratio_to_reference", {}).values())
    return [
        Goal(
            "load_rows_s",
            f"bulk load ≥ {LOAD_GOAL_ROWS_S:,} rows/s",
            result.get("load", {}).get("rows_per_s"),
            LOAD_GOAL_ROWS_S,
            True,
        ),
        Goal(
            "p50_ratio",
            f"prepare p50 ≤ {P50_GOAL_RATIO:g}× the 1k reference's (worst Scope)",
            max(ratios) if ratios else None,
            P50_GOAL_RATIO,
            False,
        ),
        Goal("rss", f"peak RSS ≤ {RSS_GOAL_MIB:g} MiB", result.get("rss_peak_mib"), RSS_GOAL_MIB, False),
        Goal("restart", f"restart to ready ≤ {RESTART_GOAL_S:g} s", result.get("restart_s"), RESTART_GOAL_S, False),
    ]


def markdown(report: dict[str, Any]) -> str:
    r = report["result"]
    plan = r["plan"]
    lines = [
        f"# Scale benchmark `--scale {plan['name']}` (SQLite)",
        "",
        f"- started {report['meta']['started']}, source {report['meta']['source']}, {report['meta']['machine']}",
        f"- load average before {r['load_average_before']}, after {r['load_average_after']}",
        f"- plan: {plan['small_scopes']} Scopes of {plan['small_n']:,} + one of {plan['big_n']:,} = "
        f"{r['total_rows_planned']:,} Atomic Memories; reference server: {plan['reference_n']:,}",
        "",
        "| goal | value | met |",
        "|---|---|---|",
    ]
    for goal in report["goals"]:
        met = {True: "yes", False: "**no**", None: "–"}[goal["met"]]
        lines.append(f"| {goal['text']} | {goal['value']} | {met} |")
    load = r.get("load", {})
    lines += [
        "",
        f"- load: {load.get('rows', 0):,} rows ({load.get('scopes_loaded')} Scopes; "
        f"{'complete' if load.get('complete') else 'stopped by --scale-budget'}) "
        f"in {load.get('import_seconds')} s of import requests "
        f"({load.get('rows_per_s')} rows/s; first and last small Scope "
        f"{load.get('small_scope_rows_per_s_first_last')} rows/s)",
        f"- database on disk: {r.get('data_dir_mib')} MiB ({r.get('database_files_mib')})",
        f"- restart to ready: {r.get('restart_all_s')} s (median {r.get('restart_s')}), CPU seconds to ready "
        f"{r.get('restart_cpu_s')}; the reference server: {r.get('reference_restart_all_s')} s, CPU "
        f"{r.get('reference_restart_cpu_s')}",
        f"- peak RSS: load {r.get('rss_peak_load_mib')} MiB, serving {r.get('rss_peak_serve_mib')} MiB, "
        f"reference {r.get('rss_peak_reference_mib')} MiB",
        "",
        "| target | p50 ms | p90 ms | p99 ms | p50 ÷ reference | statuses |",
        "|---|---|---|---|---|---|",
    ]
    for name, seq in r.get("sequential", {}).items():
        p = seq["plain"]
        ratio = r.get("p50_ratio_to_reference", {}).get(name, 1.0)
        lines.append(
            f"| {name} | {p.get('p50_ms')} | {p.get('p90_ms')} | {p.get('p99_ms')} | {ratio} | {seq.get('statuses')} |"
        )
    return "\n".join(lines) + "\n"


def main(
    scale: str,
    queries: Sequence[corpus_module.Query],
    warmup: int,
    restart_count: int,
    out_dir: Path,
    meta: dict[str, Any],
    keep_data: bool = False,
    load_budget_s: float = float("inf"),
) -> int:
    plan = parse_plan(scale)
    result = run_scale(plan, queries, warmup, restart_count, out_dir, keep_data, load_budget_s)
    report = {
        "meta": {**meta, "pid": os.getpid()},
        "result": result,
        "goals": [{**vars(g), "met": g.met} for g in scale_goals(result)],
    }
    stem = f"scale-{plan.name.replace('+', '_')}"
    (out_dir / f"{stem}.json").write_text(json.dumps(report, indent=1, ensure_ascii=False, default=str))
    (out_dir / f"{stem}.md").write_text(markdown(report))
    print(f"wrote {out_dir / (stem + '.json')} and {out_dir / (stem + '.md')}", flush=True)
    return 0
