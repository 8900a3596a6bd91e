"""Prepare benchmark: pcreceipt against a peer with the same prepare API, on one deterministic corpus.

Per server and corpus size N (``bench/corpus.py``; default N = 1k, 10k, 100k; the peer only up to
``--peer-max-n``, 10k), in a fresh data directory on 127.0.0.1:

1. start the server, create a Scope, load the corpus through the public API: the bulk
   ``import_artifacts`` operation when the server has it (batches of 1000, one family each),
   else one ``POST /v1/scopes/{id}/artifacts`` per artifact from 4 concurrent clients;
2. stop it and start it again: restart-to-ready time (exec until ``/health/ready`` answers 200;
   the median of ``--restarts`` restarts, repeated only while a restart takes under 30 s);
3. from here on every server is up and the phases interleave them (query by query, or block
   by block), so noise from other processes on a shared machine falls on all of them alike;
4. sequential prepare (warm-up, then every query once; with and without ``include_receipt``
   interleaved in the same loop when the server supports receipts), p50/p90/p99;
5. 4 concurrent clients (keep-alive connections, 4 alternating blocks): requests/s, p50/p99;
6. peak RSS (``VmHWM`` of the server process and its children), data-dir size;
7. pcreceipt only, after the server stopped: the same prepare run in-process on the same
   store, timing ``gate.check_prepare_request`` and ``gate.check_prepared_context`` against
   ``PrepareRuntime.prepare`` (the gate's share), and at ``--profile-n`` a pyinstrument and
   a cProfile profile of the prepare hot path.

Writes ``bench/out/report.json``, ``bench/out/summary.md`` and ``bench/out/latency.png``.
Every loop is bounded in count and in time. Timings are only compared within one run; the
machine is shared and noisy, so nothing here is a test.

    python bench/run.py --quick                           # smoke run: pcreceipt at 1k
    python bench/run.py                                   # pcreceipt at 1k, 10k and 100k
    python bench/run.py --peer-command PATH/bin/powercontext  # plus PowerContext (or: nox -s bench_peer)
    python bench/run.py --base-url http://127.0.0.1:8765 --n 1000  # any loopback server with the prepare API
    python bench/run.py --oceanbase --n 10000,100000 --peer-command PATH/bin/powercontext  # or: nox -s bench_ob

``--oceanbase`` adds a third server, ``pcreceipt-oceanbase``: ``pcreceipt serve`` on a database of a
loopback seekdb this run starts from the installed ``pylibseekdb`` (``pcreceipt.store.oceanbase.seekdb``,
a fresh database per N), loaded and measured like the others in the same interleaving; the report
then has its ratios to pcreceipt on SQLite and issue 30's goals (p50 ≤ 1.5×, 4-client throughput
≥ 0.7×) at every N both have. Steps 6 and 7 stay SQLite-only (the data directory is SQLite's);
seekdb's own RSS is reported beside it.

This file is the entry point (options, the report's assembly); each job has its module:
``corpus`` (the corpus and queries), ``servers`` (start, stop, readiness) and ``peer`` (the
PowerContext side), ``loading`` (step 1), ``prepares`` (steps 4 and 5, over ``rawhttp``),
``measure`` (step 6), ``inprocess`` and ``profiling`` (step 7), ``runs`` (one N, in this order),
``report`` (goals, ``summary.md``) and ``plot`` (``latency.png``). The benchmark imports pcreceipt
and nothing from ``tests/``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus as corpus_module
from peer import peer_spec
from plot import plot
from report import all_goals, markdown, source_revision
from runs import Options, run_external, run_size
from servers import OCEANBASE, ServerSpec, pcreceipt_oceanbase_spec, pcreceipt_spec

OUT = Path(__file__).resolve().parent / "out"


def summarize(path: Path, goal_n: int) -> int:
    """Rewrite summary.md and latency.png from a report.json (JSON turned the N keys into strings)."""
    report = json.loads(path.read_text())
    results = {s: {int(n): r for n, r in by_n.items()} for s, by_n in report["results"].items()}
    report["results"] = results
    report["goals"] = [{**vars(g), "met": g.met} for g in all_goals(results, goal_n)]
    report["plot"] = plot(results, path.parent / "latency.png")
    (path.parent / "summary.md").write_text(markdown(report))
    print(f"wrote {path.parent / 'summary.md'}")
    return 0


def run_scale(args: argparse.Namespace) -> int:
    import scale

    scale.parse_plan(args.scale)  # refuse a bad plan before the corpus is built
    args.out.mkdir(parents=True, exist_ok=True)
    meta = {
        "started": time.strftime("%Y-%m-%d %H:%M:%S"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "source": source_revision(),
        "queries": args.queries,
        "args": {k: str(v) for k, v in vars(args).items()},
    }
    queries = corpus_module.queries(args.queries)
    budget = float("inf") if args.scale_budget is None else args.scale_budget
    return scale.main(args.scale, queries, args.warmup, args.restarts, args.out, meta, args.keep_data, budget)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="pcreceipt prepare benchmark (see the module docstring).")
    parser.add_argument("--n", default="1000,10000,100000", help="comma-separated corpus sizes [1000,10000,100000]")
    parser.add_argument("--quick", action="store_true", help="N=1000, 100 queries: a smoke run of the whole pipeline")
    parser.add_argument("--peer-command", help="the peer's CLI (`powercontext`), to run it side by side")
    parser.add_argument("--peer-max-n", type=int, default=10000, help="largest N loaded into the peer [10000]")
    parser.add_argument("--base-url", help="benchmark this already running loopback server instead")
    parser.add_argument("--no-pcreceipt", action="store_true", help="skip pcreceipt (peer only)")
    parser.add_argument(
        "--oceanbase",
        action="store_true",
        help="also pcreceipt on a loopback seekdb started for the run (needs the seekdb extra), side by side",
    )
    parser.add_argument("--queries", type=int, default=300, help="number of queries [300]")
    parser.add_argument("--warmup", type=int, default=30, help="warm-up requests per variant [30]")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--concurrent-requests", type=int, default=800, help="requests in the concurrent phase")
    parser.add_argument("--seq-budget", type=float, default=300, help="seconds at most for the sequential loop")
    parser.add_argument("--conc-budget", type=float, default=90, help="seconds at most for the concurrent loop")
    parser.add_argument("--load-budget", type=float, default=1800, help="seconds at most for a one-by-one load")
    parser.add_argument("--profile-n", default="10000", help="comma-separated N to profile in-process at [10000]")
    parser.add_argument("--restarts", type=int, default=3, help="restarts timed per server (median reported) [3]")
    parser.add_argument("--keep-data", action="store_true", help="keep the data directories (for experiments)")
    parser.add_argument("--goal-n", type=int, default=10000, help="N at which the goals are judged")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--scale",
        metavar="PLAN",
        help="scale run instead (bench/scale.py): 1m = 100 Scopes of 10k + one of 100k, "
        "or SCOPESxSIZE+BIG; options used: --queries, --warmup, --restarts, --out, --keep-data",
    )
    parser.add_argument(
        "--scale-budget",
        type=float,
        default=None,
        metavar="SECONDS",
        help="--scale: start no new Scope's load after this many seconds (the figures are then "
        "those of the size reached; default: no limit)",
    )
    parser.add_argument(
        "--summarize",
        type=Path,
        metavar="REPORT",
        help="only rewrite summary.md and latency.png (next to REPORT) from a report.json",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.summarize:
        return summarize(args.summarize, args.goal_n)
    if args.scale:
        return run_scale(args)
    if args.quick:
        args.n, args.queries, args.concurrent_requests, args.profile_n = "1000", 100, 200, "1000"
    sizes = sorted({int(x) for x in args.n.split(",") if x.strip()})
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    load_at_start = [round(x, 2) for x in os.getloadavg()]
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"building the corpus (N up to {max(sizes)}) and {args.queries} queries", flush=True)
    everything = corpus_module.corpus(max(sizes))
    options = Options(
        queries=corpus_module.queries(args.queries),
        warmup=args.warmup,
        clients=args.clients,
        concurrent_requests=args.concurrent_requests,
        seq_budget_s=args.seq_budget,
        conc_budget_s=args.conc_budget,
        load_budget_s=args.load_budget,
        profile_n=frozenset(int(x) for x in args.profile_n.split(",") if x.strip()),
        out_dir=args.out,
        keep_data=args.keep_data,
        restarts=args.restarts,
    )
    results: dict[str, dict[int, dict]] = {}
    if args.base_url:
        results["external"] = {sizes[0]: run_external(args.base_url, sizes[0], everything[: sizes[0]], options)}
    else:
        with contextlib.ExitStack() as stack:
            specs: list[tuple[ServerSpec, int]] = []
            if not args.no_pcreceipt:
                specs.append((pcreceipt_spec(), max(sizes)))
            seekdb = None
            if args.oceanbase:
                from pcreceipt.store.oceanbase.seekdb import start_seekdb

                workdir = stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-seekdb-"))
                print("starting a loopback seekdb for pcreceipt-oceanbase", flush=True)
                seekdb = stack.enter_context(start_seekdb(Path(workdir)))
                specs.append((pcreceipt_oceanbase_spec(seekdb), max(sizes)))
            if args.peer_command:
                specs.append((peer_spec(args.peer_command), args.peer_max_n))
            for n in sizes:
                run = run_size([s for s, limit in specs if n <= limit], n, everything[:n], options)
                for name, result in run.items():
                    if name == OCEANBASE and seekdb is not None:
                        result["seekdb_rss_mb"] = round(seekdb.rss_bytes() / 2**20, 1)
                        result["data_dir_mb"] = None  # its data is in seekdb, not in the data directory
                    results.setdefault(name, {})[n] = result
    report: dict[str, Any] = {
        "meta": {
            "started": started,
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}",
            "python": platform.python_version(),
            "source": source_revision(),
            "corpus": corpus_module.fingerprint(),
            "queries": len(options.queries),
            "query_kinds": dict(Counter(q.kind for q in options.queries)),
            "args": {k: str(v) for k, v in vars(args).items()},
            "loadavg": {"start": load_at_start, "end": [round(x, 2) for x in os.getloadavg()]},
        },
        "results": results,
    }
    report["goals"] = [{**vars(g), "met": g.met} for g in all_goals(results, args.goal_n)]
    report["plot"] = plot(results, args.out / "latency.png")
    (args.out / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False, default=str))
    (args.out / "summary.md").write_text(markdown(report))
    print(f"wrote {args.out / 'report.json'} and {args.out / 'summary.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
