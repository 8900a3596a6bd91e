"""4-client prepare throughput of ``pcreceipt serve --workers 1`` against ``--workers 2``, with
where the CPU goes.

One SQLite data directory with ``--n`` corpus items (bulk import through the 1-worker server),
then both servers run side by side on that store (each on its own port) and take the same
4-client keep-alive prepare load in alternating blocks, so machine noise falls on both alike.
Each block opens four new connections and, read from /proc (``procstat``; nothing is asked of
the server):

- which worker process holds each connection (the split, e.g. ``2+2`` or ``3+1``);
- CPU seconds used during the block by the bench client, the server's parent process and each
  worker, so the report has server CPU per prepare, a measure that does not depend on how busy
  the machine is, next to requests/s, which does;
- how busy the whole machine was (``/proc/stat``).

Prints one JSON object; the goal (2 workers ≥ 1.6× one worker on a 2-core machine) is reported,
never asserted (this is a measurement for docs/performance.md, not a test).

    python bench/workers_bench.py --n 2000 --requests 1600
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import corpus as corpus_module
import procstat
from loading import load
from prepares import prepare_body
from rawhttp import RawConnection
from servers import HOST, Server, ServerSpec
from stats import summary

CLIENTS = 4


def workers_spec(workers: int) -> ServerSpec:
    def command(data: Path, port: int) -> list[str]:
        serve = ["serve", "--host", HOST, "--port", str(port), "--data-dir", str(data), "--workers", str(workers)]
        return [sys.executable, "-m", "pcreceipt", *serve]

    def environment(data: Path) -> dict[str, str]:
        return {k: v for k, v in os.environ.items() if not k.startswith("PCRECEIPT_")}

    return ServerSpec(f"workers={workers}", command, environment, lambda data: data)


def server_pids(server: Server) -> tuple[int, list[int]]:
    """The parent and its worker processes (none with one worker: the parent serves)."""
    assert server.process is not None
    parent = server.process.pid
    workers = [pid for pid in procstat.children(parent) if "spawn_main" in procstat.command_line(pid)]
    return parent, workers


async def block(
    server: Server, scope_id: str, queries: Sequence[corpus_module.Query], total: int, offset: int, stagger_s: float
) -> dict[str, Any]:
    """``CLIENTS`` new keep-alive connections issuing prepares back to back until ``total``."""
    parent, workers = server_pids(server)
    pids = [parent, *workers]
    cpu_before = {pid: procstat.cpu_seconds(pid) for pid in pids}
    client_before = procstat.cpu_seconds(os.getpid())
    busy_before, ticks_before = procstat.machine_ticks()
    latencies: list[float] = []
    per_connection: Counter[int] = Counter()
    connections = [RawConnection(server.port) for _ in range(CLIENTS)]
    issued = 0
    errors: Counter[int] = Counter()

    async def client(index: int) -> None:
        nonlocal issued
        await asyncio.sleep(index * stagger_s)
        connection = connections[index]
        position = offset + index * 37
        while issued < total:
            issued += 1
            query = queries[position % len(queries)]
            position += CLIENTS
            t0 = time.perf_counter()
            status, _ = await connection.post("/v1/context/prepare", prepare_body(scope_id, query.text, False))
            latencies.append(time.perf_counter() - t0)
            per_connection[index] += 1
            if status != 200:
                errors[status] += 1

    started = time.perf_counter()
    try:
        await asyncio.gather(*(client(i) for i in range(CLIENTS)))
        seconds = time.perf_counter() - started
        client_ports = {
            i: c.writer.get_extra_info("sockname")[1] for i, c in enumerate(connections) if c.writer is not None
        }
        owners = procstat.connection_owners(server.port, client_ports.values(), pids)
    finally:
        for connection in connections:
            await connection.close()
    busy_after, ticks_after = procstat.machine_ticks()
    client_cpu = procstat.cpu_seconds(os.getpid()) - client_before
    cpu = {pid: procstat.cpu_seconds(pid) - cpu_before[pid] for pid in pids}
    by_owner: Counter[int | None] = Counter()
    requests_by_owner: Counter[int | None] = Counter()
    for index, port in client_ports.items():
        by_owner[owners[port]] += 1
        requests_by_owner[owners[port]] += per_connection[index]
    split = "+".join(str(by_owner[pid]) for pid in sorted(workers, key=lambda p: -by_owner[p])) if workers else "1"
    done = len(latencies)
    cpus = os.cpu_count() or 1
    server_cpu = sum(cpu.values())
    busy_cores = (busy_after - busy_before) / max(1, ticks_after - ticks_before) * cpus
    others = busy_cores - (server_cpu + client_cpu) / seconds
    return {
        "requests": done,
        "errors": dict(errors),
        "seconds": seconds,
        "split": split,
        "requests_by_worker": [requests_by_owner[pid] for pid in workers] if workers else [done],
        "cpu_parent_s": cpu[parent],
        "cpu_workers_s": [cpu[pid] for pid in workers],
        "cpu_client_s": client_cpu,
        "machine_busy": (busy_after - busy_before) / max(1, ticks_after - ticks_before),
        "other_cores": max(0.0, others),
        "latencies": latencies,
    }


async def wait_quiet(cores: float, max_wait_s: float) -> float:
    """Wait (at most ``max_wait_s``) until the machine's busy cores over one second are below ``cores``
    (nothing of the bench runs meanwhile); the last reading."""
    deadline = time.monotonic() + max_wait_s
    while True:
        busy_before, ticks_before = procstat.machine_ticks()
        await asyncio.sleep(1.0)
        busy_after, ticks_after = procstat.machine_ticks()
        used = (busy_after - busy_before) / max(1, ticks_after - ticks_before) * (os.cpu_count() or 1)
        if used < cores or time.monotonic() > deadline:
            return used


def quiet_ratio(one: list[dict[str, Any]], two: list[dict[str, Any]], cores: float) -> dict[str, Any]:
    """The 2 : 1 ratio over the rounds in which neither block had other processes using ``cores`` or more."""
    pairs = [(a, b) for a, b in zip(one, two, strict=True) if max(a["other_cores"], b["other_cores"]) < cores]
    if not pairs:
        return {"rounds": 0}
    rate = [sum(x["requests"] for x in side) / sum(x["seconds"] for x in side) for side in zip(*pairs, strict=True)]
    ratio = round(rate[1] / rate[0], 2)
    return {"rounds": len(pairs), "requests_per_s": [round(r, 1) for r in rate], "ratio_2_to_1": ratio}


def summarise(blocks: list[dict[str, Any]]) -> dict[str, Any]:
    requests = sum(b["requests"] for b in blocks)
    seconds = sum(b["seconds"] for b in blocks)
    server_cpu = sum(b["cpu_parent_s"] + sum(b["cpu_workers_s"]) for b in blocks)
    latencies = [x for b in blocks for x in b["latencies"]]
    by_split: dict[str, list[float]] = {}
    for b in blocks:
        by_split.setdefault(b["split"], []).append(b["requests"] / b["seconds"])
    return {
        "requests": requests,
        "errors": dict(sum((Counter(b["errors"]) for b in blocks), Counter())),
        "seconds": round(seconds, 3),
        "requests_per_s": round(requests / seconds, 1),
        **summary(latencies),
        "server_cpu_ms_per_request": round(1000 * server_cpu / requests, 3),
        "parent_cpu_ms_per_request": round(1000 * sum(b["cpu_parent_s"] for b in blocks) / requests, 3),
        "client_cpu_ms_per_request": round(1000 * sum(b["cpu_client_s"] for b in blocks) / requests, 3),
        "server_cores_used": round(server_cpu / seconds, 2),
        "client_cores_used": round(sum(b["cpu_client_s"] for b in blocks) / seconds, 2),
        "machine_busy_fraction": round(statistics.fmean(b["machine_busy"] for b in blocks), 2),
        "other_processes_cores": round(statistics.fmean(b["other_cores"] for b in blocks), 2),
        "splits": dict(Counter(b["split"] for b in blocks)),
        "requests_per_s_by_split": {k: round(statistics.fmean(v), 1) for k, v in sorted(by_split.items())},
        "blocks": [
            {
                "split": b["split"],
                "requests_per_s": round(b["requests"] / b["seconds"], 1),
                "requests_by_worker": b["requests_by_worker"],
                "cpu_workers_s": [round(x, 2) for x in b["cpu_workers_s"]],
                "cpu_parent_s": round(b["cpu_parent_s"], 3),
                "cpu_client_s": round(b["cpu_client_s"], 2),
                "machine_busy": round(b["machine_busy"], 2),
                "other_cores": round(b["other_cores"], 2),
            }
            for b in blocks
        ],
    }


async def measure(
    n: int,
    requests: int,
    blocks: int,
    stagger_s: float,
    budget_s: float,
    quiet: tuple[float, float],
    work: Path,
) -> dict[str, object]:
    data = work / "data"
    data.mkdir()
    one = Server(workers_spec(1), data, work / "workers-1.log")
    two = Server(workers_spec(2), data, work / "workers-2.log")
    servers = [one, two]
    try:
        one.start()
        scope_id, loaded = await load(one.base_url, "workers-bench", corpus_module.corpus(n), budget_s)
        two.start()
        time.sleep(2)  # ready means one worker is: give the second its start-up
        queries = corpus_module.queries()
        for server in servers:  # warm-up: every worker has answered prepares
            for index in range(4):
                await block(server, scope_id, queries, CLIENTS * 10, index * 11, stagger_s)
        results: dict[str, list[dict[str, Any]]] = {s.spec.name: [] for s in servers}
        load_before = os.getloadavg()
        waits = []
        for index in range(blocks):
            if quiet[1] > 0:
                waits.append(round(await wait_quiet(*quiet), 2))
            for server in servers if index % 2 == 0 else reversed(servers):
                results[server.spec.name].append(
                    await block(server, scope_id, queries, requests // blocks, index * 101, stagger_s)
                )
        load_after = os.getloadavg()
    finally:
        one.stop()
        two.stop()
    summaries = {name: summarise(got) for name, got in results.items()}
    rates = [summaries[s.spec.name]["requests_per_s"] for s in servers]
    cpu = [summaries[s.spec.name]["server_cpu_ms_per_request"] for s in servers]
    ratio = round(rates[1] / rates[0], 2) if all(rates) else None
    return {
        "n": n,
        "loaded": loaded,
        "clients": CLIENTS,
        "stagger_ms": stagger_s * 1000,
        "cpus": os.cpu_count(),
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
        "results": summaries,
        "ratio_2_to_1": ratio,
        "server_cpu_per_request_2_to_1": round(cpu[1] / cpu[0], 2),
        "goal_1_6_met": ratio is not None and ratio >= 1.6,
        "busy_cores_before_rounds": waits,
        f"quiet_rounds_other_cores_below_{quiet[0]}": quiet_ratio(
            results[one.spec.name], results[two.spec.name], quiet[0]
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="corpus items loaded")
    parser.add_argument("--requests", type=int, default=1600, help="prepares per server (all blocks)")
    parser.add_argument("--blocks", type=int, default=8, help="alternating blocks per server")
    parser.add_argument("--stagger-ms", type=float, default=0.0, help="delay between the clients' first requests")
    parser.add_argument("--quiet-cores", type=float, default=0.5, help="a quiet moment: other processes below this")
    parser.add_argument("--quiet-wait", type=float, default=0.0, help="seconds to wait for one before each round")
    parser.add_argument("--budget", type=float, default=300.0, help="seconds for the corpus load at most")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pcreceipt-workers-bench-") as work:
        report = asyncio.run(
            measure(
                args.n,
                args.requests,
                args.blocks,
                args.stagger_ms / 1000,
                args.budget,
                (args.quiet_cores, args.quiet_wait),
                Path(work),
            )
        )
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
