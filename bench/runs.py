"""One benchmark run at one corpus size: every server loaded, restarted, measured under the prepare
load (servers interleaved), then pcreceipt in process; or a server someone else runs.
"""

from __future__ import annotations

import asyncio
import shutil
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import corpus as corpus_module
import procstat
from inprocess import in_process
from loading import load, single_creates
from measure import dir_size_mb
from prepares import Target, concurrent, receipts_supported, sequential
from profiling import profile
from servers import Server, ServerSpec


@dataclass
class Options:
    queries: list[corpus_module.Query]
    warmup: int
    clients: int
    concurrent_requests: int
    seq_budget_s: float
    conc_budget_s: float
    load_budget_s: float
    profile_n: frozenset[int]
    out_dir: Path
    keep_data: bool = False
    restarts: int = 3


def cpu_seconds(target: Target) -> tuple[float, float | None]:
    """CPU seconds used so far by the server's process tree and by its own database server (seekdb),
    read from /proc: a cost per prepare that holds whatever else the machine does."""
    assert target.server is not None and target.server.process is not None
    pids = [target.server.process.pid]
    pids += procstat.children(pids[0])
    used = 0.0
    for pid in pids:
        try:
            used += procstat.cpu_seconds(pid)
        except (FileNotFoundError, ProcessLookupError):
            continue
    database = target.server.spec.database_pid
    return used, None if database is None else procstat.cpu_seconds(database)


async def workloads(targets: Sequence[Target], options: Options) -> None:
    """Receipt probe, the sequential and the concurrent phases, every server interleaved; the
    servers' CPU per prepare of the concurrent phase (each server's work is in its own processes,
    and seekdb serves only pcreceipt-oceanbase, so interleaving does not mix them)."""
    for target in targets:
        target.receipts = await receipts_supported(target, options.queries[0].text)
        target.result["receipts_supported"] = target.receipts
    seq = await sequential(targets, options.queries, options.warmup, options.seq_budget_s)
    measured = [t for t in targets if t.server is not None and t.server.process is not None]
    before = {t.name: cpu_seconds(t) for t in measured}
    conc = await concurrent(
        targets, options.queries, options.clients, options.concurrent_requests, options.conc_budget_s
    )
    for target in measured:
        (server_then, database_then), (server_now, database_now) = before[target.name], cpu_seconds(target)
        requests = conc[target.name]["requests"]
        if requests:
            conc[target.name]["server_cpu_ms_per_request"] = round(1000 * (server_now - server_then) / requests, 3)
            if database_now is not None and database_then is not None:
                database_ms = 1000 * (database_now - database_then) / requests
                conc[target.name]["database_cpu_ms_per_request"] = round(database_ms, 3)
    for target in targets:
        target.result["sequential"] = seq[target.name]
        target.result["concurrent"] = conc[target.name]
        s, c = seq[target.name]["plain"], conc[target.name]
        print(
            f"[{target.name}] seq p50 {s.get('p50_ms')} ms p99 {s.get('p99_ms')} ms; "
            f"{c['clients']} clients {c['requests_per_s']} req/s p99 {c.get('p99_ms')} ms",
            flush=True,
        )


def run_size(specs: Sequence[ServerSpec], n: int, items: Sequence[corpus_module.Item], options: Options) -> dict:
    """Every server at one N, each in a fresh data directory (deleted afterwards).

    Loading runs one server at a time; from the restart on, all servers are up together and
    the prepare phases interleave them.
    """
    targets: list[Target] = []
    try:
        for spec in specs:
            data = Path(tempfile.mkdtemp(prefix=f"bench-{spec.name}-{n}-"))
            log_path = options.out_dir / f"server-{spec.name}-{n}.log"
            log_path.unlink(missing_ok=True)
            server = Server(spec, data, log_path)
            target = Target(spec.name, server.port, server=server, data=data, result={"n": n})
            targets.append(target)
            target.result["cold_start_s"] = round(server.start(), 3)
            print(f"[{spec.name} n={n}] ready in {target.result['cold_start_s']} s; loading", flush=True)
            target.scope_id, loaded = asyncio.run(
                load(server.base_url, f"{spec.name}-{n}", items, options.load_budget_s)
            )
            target.result["load"] = loaded
            print(f"[{spec.name} n={n}] load: {loaded['rows']} rows at {loaded['rows_per_s']}/s", flush=True)
            target.result["rss_peak_load_mb"] = server.peak_rss_mb()
            server.stop()
        for target in targets:
            assert target.server is not None
            times = [target.server.start()]
            while len(times) < options.restarts and times[-1] < 30:  # repeat only the quick ones
                target.server.stop()
                times.append(target.server.start())
            target.result["restart_s"] = round(statistics.median(times), 3)
            target.result["restart_all_s"] = [round(t, 3) for t in times]
            print(f"[{target.name} n={n}] restart-to-ready {target.result['restart_all_s']} s", flush=True)
        asyncio.run(workloads(targets, options))
        for target in targets:
            assert target.server is not None and target.data is not None
            target.result["rss_peak_serve_mb"] = target.server.peak_rss_mb()
            if target.server.spec.single_creates:
                target.result["single_creates"] = asyncio.run(single_creates(target.server.base_url, 400))
            target.server.stop()
            rss = [v for v in (target.result["rss_peak_load_mb"], target.result["rss_peak_serve_mb"]) if v]
            target.result["rss_peak_mb"] = max(rss) if rss else None
            target.result["data_dir_mb"] = dir_size_mb(target.data)
        for target in targets:
            assert target.server is not None and target.data is not None
            if target.server.spec.in_process:
                print(f"[{target.name} n={n}] in-process gate share and profile", flush=True)
                target.result["in_process"] = in_process(target.data, target.scope_id, options.queries, options.warmup)
                if n in options.profile_n:
                    tag = f"{n // 1000}k"
                    target.result["profile_files"] = profile(
                        target.data, target.scope_id, options.queries, options.out_dir, tag
                    )
    finally:
        for target in targets:
            if target.server is not None:
                target.server.stop()
            if target.data is not None:
                if options.keep_data:
                    print(f"[{target.name} n={n}] data kept in {target.data} (Scope {target.scope_id})", flush=True)
                    target.result["data_dir"] = str(target.data)
                else:
                    shutil.rmtree(target.data, ignore_errors=True)
    return {t.name: t.result for t in targets}


def run_external(base_url: str, n: int, items: Sequence[corpus_module.Item], options: Options) -> dict[str, Any]:
    """A server someone else runs: load into a new Scope and run the workloads (no restart, no RSS)."""
    from urllib.parse import urlsplit

    parts = urlsplit(base_url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("--base-url must be a loopback address")
    target = Target("external", int(parts.port or 80), result={"n": n})
    label = f"external-{n}-{int(time.time())}"
    target.scope_id, target.result["load"] = asyncio.run(load(base_url, label, items, options.load_budget_s))
    asyncio.run(workloads([target], options))
    return target.result
