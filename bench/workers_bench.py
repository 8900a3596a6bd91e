"""4-client prepare throughput of ``pcreceipt serve --workers 1`` against ``--workers 2``.

One SQLite data directory with ``--n`` corpus items (bulk import through the 1-worker server),
then both servers run side by side on that store (each on its own port) and take the same
concurrent prepare load in alternating blocks (``prepares.concurrent``), so machine noise falls
on both alike. Prints one JSON object: each server's requests/s and latency summary, the ratio,
and the load average before and after (this is a measurement for docs/performance.md, not a
test: the goal, ≥ 1.6× on a 2-core machine, is reported, never asserted).

    python bench/workers_bench.py --n 2000 --requests 2400
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path

import corpus as corpus_module
from loading import load
from prepares import Target, concurrent
from servers import HOST, Server, ServerSpec

CLIENTS = 4


def workers_spec(workers: int) -> ServerSpec:
    def command(data: Path, port: int) -> list[str]:
        serve = ["serve", "--host", HOST, "--port", str(port), "--data-dir", str(data), "--workers", str(workers)]
        return [sys.executable, "-m", "pcreceipt", *serve]

    def environment(data: Path) -> dict[str, str]:
        return {k: v for k, v in os.environ.items() if not k.startswith("PCRECEIPT_")}

    return ServerSpec(f"workers={workers}", command, environment, lambda data: data)


async def measure(n: int, requests: int, budget_s: float, work: Path) -> dict[str, object]:
    data = work / "data"
    data.mkdir()
    one = Server(workers_spec(1), data, work / "workers-1.log")
    two = Server(workers_spec(2), data, work / "workers-2.log")
    try:
        one.start()
        scope_id, loaded = await load(one.base_url, "workers-bench", corpus_module.corpus(n), budget_s)
        two.start()
        queries = corpus_module.queries()
        targets = [Target(s.spec.name, s.port, scope_id=scope_id, server=s) for s in (one, two)]
        await concurrent(targets, queries, CLIENTS, CLIENTS * 40, budget_s)  # warm-up: every worker started
        load_before = os.getloadavg()
        results = await concurrent(targets, queries, CLIENTS, requests, budget_s)
        load_after = os.getloadavg()
    finally:
        one.stop()
        two.stop()
    rates = [results[t.name]["requests_per_s"] for t in targets]
    ratio = round(rates[1] / rates[0], 2) if all(rates) else None
    return {
        "n": n,
        "loaded": loaded,
        "clients": CLIENTS,
        "cpus": os.cpu_count(),
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
        "results": results,
        "ratio_2_to_1": ratio,
        "goal_1_6_met": ratio is not None and ratio >= 1.6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="corpus items loaded")
    parser.add_argument("--requests", type=int, default=2400, help="prepares per server (all blocks)")
    parser.add_argument("--budget", type=float, default=300.0, help="seconds per phase at most")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pcreceipt-workers-bench-") as work:
        report = asyncio.run(measure(args.n, args.requests, args.budget, Path(work)))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
