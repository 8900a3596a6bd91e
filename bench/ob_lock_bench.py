"""Three servers over one OceanBase, every client on the SAME Scope: prepares/s and row-lock waits,
before and after prepare statistics stopped upserting the Scope's day row (issue 30).

Starts a loopback seekdb from the installed ``pylibseekdb`` (``pcreceipt.store.oceanbase.seekdb``)
with one database, and six ``pcreceipt serve`` processes on it:

- "after": three servers of this checkout (a prepare appends one ``recall_events`` row; each
  server folds the events into ``recall_daily`` every ``FOLD_EVERY`` prepares it records);
- "before": three servers started through ``bench/serve_upsert.py``, a bench-only launcher whose
  OceanBase store upserts the Scope's ``recall_daily`` row for the day on every prepare, as
  pcreceipt did before commit 1bff8ee (nothing in the product can switch this on).

The corpus (``bench/corpus.py``, ``--n`` items) is loaded once through ``import_artifacts`` into one
Scope; every server prepares for that Scope. Then ``--blocks`` rounds, each running the "before"
and the "after" trio one after the other (their order alternating, so the machine's noise falls on
both alike): in a block, each of the three servers has ``--clients`` keep-alive clients (12 by
default) sending prepares back to back until ``--requests`` in all or ``--block-seconds``.

Lock waits are read from the database. seekdb 1.4.0.0 has no ``GV$OB_SQL_AUDIT``, ``GV$SYSSTAT``
or ``GV$OB_LOCKS`` (error 1146), and the wait columns of ``V$OB_PLAN_CACHE_PLAN_STAT``
(``APPLICATION_WAIT_TIME``, ``CONCURRENCY_WAIT_TIME``) stay 0 across a 1.5 s row-lock wait; what it
does show is ``oceanbase.V$OB_LOCKS``, the locks held and requested now: a row whose ``REQUEST``
is not ``NONE`` (``BLOCK`` = 1 on the holder's side) is a transaction waiting for a row lock, and
``CTIME`` is how long it has waited so far (µs). A sampler thread reads it every ``--sample-ms``
during each block and reports: the share of samples that saw a waiter, the distinct waits seen
(transaction and row) and their summed wait (the largest ``CTIME`` seen of each: a lower bound,
as a wait shorter than the sampling interval can go unseen). Beside it, from
``V$OB_PLAN_CACHE_PLAN_STAT``, each block's executions and mean elapsed time of the statistics
write (``INSERT INTO recall_daily ...`` before, ``INSERT INTO recall_events ...`` after), whose
elapsed time includes any lock wait.

Prints one JSON object (and writes it to ``--out``). Nothing is asserted; a measurement for
docs/performance.md, to be run on a quiet machine:

    python bench/ob_lock_bench.py --n 10000 --blocks 6 --requests 1200
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus as corpus_module
from loading import load
from prepares import prepare_body
from rawhttp import RawConnection
from report import source_revision
from servers import HOST, Server, ServerSpec, pcreceipt_spec
from stats import summary

from pcreceipt.store.oceanbase.seekdb import SeekdbServer, create_database, start_seekdb

DATABASE = "lockbench"
VARIANTS = ("before", "after")
STATISTICS_WRITE = {"before": "INSERT INTO recall_daily", "after": "INSERT INTO recall_events"}
WAITERS = "SELECT TRANS_ID, ID3, CTIME FROM oceanbase.V$OB_LOCKS WHERE REQUEST <> 'NONE'"
PLAN_STAT = (
    "SELECT QUERY_SQL, EXECUTIONS, ELAPSED_TIME FROM oceanbase.V$OB_PLAN_CACHE_PLAN_STAT"
    " WHERE QUERY_SQL LIKE 'INSERT INTO recall_daily%' OR QUERY_SQL LIKE 'INSERT INTO recall_events%'"
)


def server_spec(variant: str, url: str) -> ServerSpec:
    """ "after": ``python -m pcreceipt serve``; "before": the same through ``serve_upsert.py``."""
    base = pcreceipt_spec()
    launcher = [sys.executable, str(Path(__file__).resolve().parent / "serve_upsert.py")]

    def command(data: Path, port: int) -> list[str]:
        serve = ["serve", "--host", HOST, "--port", str(port), "--data-dir", str(data)]
        return [*launcher, *serve] if variant == "before" else [sys.executable, "-m", "pcreceipt", *serve]

    def environment(data: Path) -> dict[str, str]:
        return {**base.environment(data), "PCRECEIPT_STORE_URL": url}

    return ServerSpec(variant, command, environment, base.cwd)


class LockSampler:
    """Reads ``V$OB_LOCKS`` every ``interval_s`` on its own connection while running."""

    def __init__(self, seekdb: SeekdbServer, interval_s: float) -> None:
        self.connection = seekdb.connect()
        self.interval_s = interval_s
        self.samples = 0
        self.samples_with_waiter = 0
        self.waits: dict[tuple[Any, Any], int] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _run(self) -> None:
        with self.connection.cursor() as cursor:
            while not self._stop.is_set():
                cursor.execute(WAITERS)
                rows = cursor.fetchall()
                self.samples += 1
                self.samples_with_waiter += bool(rows)
                for trans_id, row, waited_us in rows:
                    key = (trans_id, row)
                    self.waits[key] = max(self.waits.get(key, 0), int(waited_us or 0))
                self._stop.wait(self.interval_s)

    def __enter__(self) -> LockSampler:
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def result(self) -> dict[str, Any]:
        return {
            "samples": self.samples,
            "samples_with_waiter": self.samples_with_waiter,
            "waits_seen": len(self.waits),
            "wait_ms_seen": round(sum(self.waits.values()) / 1000, 1),
        }


def plan_stat(seekdb: SeekdbServer) -> dict[str, tuple[int, int]]:
    """Per statistics write (its statement's start): executions and elapsed µs, summed over plans."""
    out: dict[str, tuple[int, int]] = {}
    connection = seekdb.connect(DATABASE)
    try:
        with connection.cursor() as cursor:
            cursor.execute(PLAN_STAT)
            for query, executions, elapsed in cursor.fetchall():
                key = next(v for v in STATISTICS_WRITE.values() if str(query).startswith(v))
                before = out.get(key, (0, 0))
                out[key] = (before[0] + int(executions), before[1] + int(elapsed))
    finally:
        connection.close()
    return out


async def block(
    servers: Sequence[Server], scope_id: str, queries: Sequence[corpus_module.Query], args: argparse.Namespace, at: int
) -> dict[str, Any]:
    """``args.clients`` keep-alive clients per server, all on ``scope_id``, until the count or the time."""
    latencies: list[float] = []
    errors: Counter[int] = Counter()
    issued = 0
    deadline = time.perf_counter() + args.block_seconds

    async def client(server: Server, start: int) -> None:
        nonlocal issued
        connection = RawConnection(server.port)
        position = start
        try:
            while issued < args.requests and time.perf_counter() < deadline:
                issued += 1
                query = queries[position % len(queries)]
                position += 7
                t0 = time.perf_counter()
                status, _ = await connection.post("/v1/context/prepare", prepare_body(scope_id, query.text, False))
                latencies.append(time.perf_counter() - t0)
                if status != 200:
                    errors[status] += 1
        finally:
            await connection.close()

    clients = [client(s, at + 31 * i + 5 * k) for i, s in enumerate(servers) for k in range(args.clients)]
    started = time.perf_counter()
    await asyncio.gather(*clients)
    seconds = time.perf_counter() - started
    return {"requests": len(latencies), "errors": dict(errors), "seconds": seconds, "latencies": latencies}


def merge(variant: str, blocks: list[dict[str, Any]]) -> dict[str, Any]:
    requests = sum(b["requests"] for b in blocks)
    seconds = sum(b["seconds"] for b in blocks)
    locks = [b["locks"] for b in blocks]
    executions = sum(b["write"][0] for b in blocks)
    elapsed_us = sum(b["write"][1] for b in blocks)
    samples = sum(x["samples"] for x in locks)
    return {
        "servers": 3,
        "requests": requests,
        "errors": dict(sum((Counter(b["errors"]) for b in blocks), Counter())),
        "seconds": round(seconds, 3),
        "prepares_per_s": round(requests / seconds, 1) if seconds else None,
        "prepares_per_s_by_block": [round(b["requests"] / b["seconds"], 1) for b in blocks],
        **summary([x for b in blocks for x in b["latencies"]]),
        "lock_waits": {
            "source": "oceanbase.V$OB_LOCKS, REQUEST <> 'NONE', sampled",
            "samples": samples,
            "share_of_samples_with_a_waiter": round(sum(x["samples_with_waiter"] for x in locks) / samples, 4)
            if samples
            else None,
            "waits_seen": sum(x["waits_seen"] for x in locks),
            "wait_ms_seen": round(sum(x["wait_ms_seen"] for x in locks), 1),
            "waits_seen_per_1000_prepares": round(1000 * sum(x["waits_seen"] for x in locks) / requests, 2)
            if requests
            else None,
        },
        "statistics_write": {
            "statement": STATISTICS_WRITE[variant] + " ...",
            "source": "oceanbase.V$OB_PLAN_CACHE_PLAN_STAT (elapsed includes lock waits)",
            "executions": executions,
            "mean_elapsed_ms": round(elapsed_us / executions / 1000, 3) if executions else None,
        },
    }


async def measure(args: argparse.Namespace, seekdb: SeekdbServer, work: Path) -> dict[str, Any]:
    create_database(seekdb, DATABASE)
    url = seekdb.url(DATABASE)
    servers: dict[str, list[Server]] = {v: [] for v in VARIANTS}
    try:
        for variant in VARIANTS:
            for index in range(3):
                data = work / f"{variant}-{index}"
                data.mkdir()
                server = Server(server_spec(variant, url), data, work / f"{variant}-{index}.log")
                servers[variant].append(server)
                server.start()
        print(f"6 servers ready on {url}; loading {args.n} items", file=sys.stderr, flush=True)
        scope_id, loaded = await load(servers["after"][0].base_url, "lock-bench", corpus_module.corpus(args.n), 1800)
        queries = corpus_module.queries()
        for variant in VARIANTS:  # warm-up: every server has answered prepares for the Scope
            warm = argparse.Namespace(**{**vars(args), "requests": 12 * args.clients, "block_seconds": 60})
            await block(servers[variant], scope_id, queries, warm, 0)
        load_before = os.getloadavg()
        results: dict[str, list[dict[str, Any]]] = {v: [] for v in VARIANTS}
        for index in range(args.blocks):
            for variant in VARIANTS if index % 2 == 0 else reversed(VARIANTS):
                stat_before = plan_stat(seekdb).get(STATISTICS_WRITE[variant], (0, 0))
                with LockSampler(seekdb, args.sample_ms / 1000) as sampler:
                    got = await block(servers[variant], scope_id, queries, args, index * 101)
                stat_after = plan_stat(seekdb).get(STATISTICS_WRITE[variant], (0, 0))
                got["locks"] = sampler.result()
                got["write"] = (stat_after[0] - stat_before[0], stat_after[1] - stat_before[1])
                results[variant].append(got)
                print(
                    f"block {index} {variant}: {got['requests'] / got['seconds']:.1f} prepares/s, "
                    f"{got['locks']['waits_seen']} lock waits seen",
                    file=sys.stderr,
                    flush=True,
                )
        load_after = os.getloadavg()
    finally:
        for group in servers.values():
            for server in group:
                server.stop()
    merged = {v: merge(v, results[v]) for v in VARIANTS}
    rates = [merged[v]["prepares_per_s"] for v in VARIANTS]
    return {
        "started": time.strftime("%Y-%m-%d %H:%M:%S"),
        "source": source_revision(),
        "cpus": os.cpu_count(),
        "n": args.n,
        "loaded": loaded,
        "clients_per_server": args.clients,
        "blocks": args.blocks,
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
        "results": merged,
        "after_to_before_prepares_per_s": round(rates[1] / rates[0], 3) if all(rates) else None,
        "p50_ms_after_to_before": round(merged["after"]["p50_ms"] / merged["before"]["p50_ms"], 3)
        if merged["before"].get("p50_ms")
        else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10000, help="corpus items loaded into the one Scope [10000]")
    parser.add_argument("--blocks", type=int, default=6, help="rounds of one block per variant [6]")
    parser.add_argument("--requests", type=int, default=1200, help="prepares per block, over all 3 servers [1200]")
    parser.add_argument("--block-seconds", type=float, default=60, help="a block's time limit [60]")
    parser.add_argument("--clients", type=int, default=4, help="keep-alive clients per server [4]")
    parser.add_argument("--sample-ms", type=float, default=20, help="V$OB_LOCKS sampling interval [20]")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "out" / "ob_locks.json")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pcreceipt-ob-locks-") as work:
        print("starting a loopback seekdb", file=sys.stderr, flush=True)
        with start_seekdb(Path(work) / "seekdb") as seekdb:
            report = asyncio.run(measure(args, seekdb, Path(work)))
    text = json.dumps(report, indent=2)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
