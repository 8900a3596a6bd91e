"""What a Receipt costs a prepare: the with ÷ without ratio over HTTP and in process, and the
Receipt path stage by stage.

One SQLite data directory with ``--n`` corpus items (bulk import through a ``pcreceipt serve``;
``--data DIR`` keeps it, so a second run measures the same store), then, in one run:

1. **HTTP**: every query sent with and without ``include_receipt`` on one keep-alive connection,
   alternating which goes first (``prepares.sequential``): the p50 ratio and the median of the
   per-query ratios;
2. **in process**, after the server stopped: ``PrepareRuntime.prepare`` then what the server does
   with the answer (the reply gate on the fields, ``Prepared.wire()``), both variants interleaved,
   in wall time and in thread CPU time (on a shared machine the CPU time is the steadier);
3. **stages**: the inputs of every ``assemble_receipt`` call of phase 2 are kept, and each part
   of the Receipt path is timed on them (thread CPU time, median over the queries of the best
   of ``--repeat``):
   assembly of the dict, the JSON Schema check, the semantic rules, the wire serialisation, the
   splice into the response; and, for comparison, the checks that are not on the hot path
   (reading the citations back out of the content, the whole-response gate).

Prints one JSON object with the load average before and after each phase. A measurement for
docs/performance.md, not a test: nothing is asserted.

    python bench/receipt_overhead.py --n 10000 --data /tmp/rcpt-10k
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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus as corpus_module
from inprocess import open_runtime
from loading import load
from prepares import MAX_BYTES, Target, sequential
from servers import Server, pcreceipt_spec
from stats import percentile


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


async def http_phase(data: Path, n: int, queries: Sequence[corpus_module.Query], warmup: int) -> dict[str, Any]:
    server = Server(pcreceipt_spec(), data, data.parent / f"{data.name}-server.log")
    scope_file = data / "bench-scope-id"
    try:
        server.start()
        if scope_file.is_file():
            scope_id = scope_file.read_text()
        else:
            scope_id, loaded = await load(server.base_url, "receipt-overhead", corpus_module.corpus(n), 1800)
            scope_file.write_text(scope_id)
            print(f"loaded {loaded}", file=sys.stderr, flush=True)
        target = Target("pcreceipt", server.port, scope_id=scope_id, receipts=True)
        before = loadavg()
        result = (await sequential([target], queries, warmup, 600))["pcreceipt"]
        after = loadavg()
    finally:
        server.stop()
    return {
        "scope_id": scope_id,
        "loadavg_before": before,
        "loadavg_after": after,
        "plain": result["plain"],
        "with_receipt": result["with_receipt"],
        "p50_ratio": result["receipt_p50_ratio"],
        "pair_ratio_median": result["receipt_pair_ratio_median"],
    }


def in_process_phase(data: Path, scope_id: str, queries: Sequence[corpus_module.Query], warmup: int) -> tuple:
    """Both variants per query (order alternating); returns the summary and the kept assembler inputs."""
    from pcreceipt.contract import gate
    from pcreceipt.prepare import runtime as runtime_module

    captured: list[dict[str, Any]] = []
    real = runtime_module.assemble_receipt

    def keeping(**kwargs: Any) -> Any:
        captured.append(kwargs)
        return real(**kwargs)

    runtime_module.assemble_receipt = keeping  # type: ignore[assignment]
    parts, runtime = open_runtime(data)
    samples: dict[bool, list[float]] = {False: [], True: []}
    cpu: dict[bool, list[float]] = {False: [], True: []}
    dropped = 0
    before = loadavg()
    try:
        for index, query in enumerate([*queries[:warmup], *queries]):
            for receipt in (True, False) if index % 2 else (False, True):
                request: dict[str, Any] = {"scope_id": scope_id, "query": query.text, "max_bytes": MAX_BYTES}
                if receipt:
                    request["include_receipt"] = True
                t0, c0 = time.perf_counter(), time.thread_time()
                prepared = runtime.prepare(request, request_id=f"bench{index:012d}")
                violations = gate.check_prepared_context(
                    prepared.fields, max_bytes=MAX_BYTES, include_receipt=receipt, explain=False
                )
                prepared.wire()
                elapsed, used = time.perf_counter() - t0, time.thread_time() - c0
                if violations:
                    raise RuntimeError(f"gate violations in the benchmark: {violations[:3]}")
                if receipt and prepared.receipt is None:
                    dropped += 1
                if index >= warmup:
                    samples[receipt].append(elapsed)
                    cpu[receipt].append(used)
    finally:
        parts.close()
        runtime_module.assemble_receipt = real  # type: ignore[assignment]
    after = loadavg()
    summary: dict[str, Any] = {"loadavg_before": before, "loadavg_after": after, "dropped": dropped}
    for clock, measured in (("wall", samples), ("cpu", cpu)):
        plain = percentile(measured[False], 50) * 1000
        with_receipt = percentile(measured[True], 50) * 1000
        pairs = [w / p for w, p in zip(measured[True], measured[False], strict=True) if p > 0]
        summary[clock] = {
            "plain_p50_ms": round(plain, 3),
            "with_receipt_p50_ms": round(with_receipt, 3),
            "p50_ratio": round(with_receipt / plain, 4),
            "pair_ratio_median": round(statistics.median(pairs), 4),
        }
    return summary, captured[warmup:]


def best_of(repeat: int, fn: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.thread_time()
        fn()
        best = min(best, time.thread_time() - t0)
    return best


def time_parts(kwargs: dict[str, Any], timed: Callable[[str, Callable[[], Any]], Any]) -> int:
    """Each part of the Receipt path on one kept input; returns the Receipt's size in bytes."""
    from pcreceipt.contract import gate
    from pcreceipt.contract.digests import wire_bytes
    from pcreceipt.prepare import receipt as receipt_module
    from pcreceipt.prepare.plan import PreparePlan
    from pcreceipt.prepare.reply import Prepared

    build, max_bytes = kwargs["build"], kwargs["max_bytes"]
    content = build.content
    checked = timed("assemble_receipt (all of it)", lambda: receipt_module.assemble_receipt(**kwargs))
    body = dict(checked.body)
    timed("identities (recorded citations)", lambda: receipt_module.check_identities(build))
    timed("schema (PreparedContextReceipt)", lambda: gate.check_schema("PreparedContextReceipt", body))
    timed(
        "semantic rules (given the bytes)",
        lambda: gate.check_receipt_semantics(
            body, content=content, content_bytes=build.content_bytes, max_bytes=max_bytes, serialised=checked.wire
        ),
    )
    timed("wire serialisation of the Receipt", lambda: wire_bytes(body))
    plan = PreparePlan.from_request({"scope_id": "s", "query": kwargs["query"], "include_receipt": True})
    fields = {
        "schema": "powercontext.prepared-context.v1",
        "status": "ready" if content is not None else "empty",
        "content": content,
        "content_bytes": build.content_bytes,
    }
    timed("response bytes, plain", lambda: Prepared(plan, fields).wire())
    timed("response bytes, Receipt spliced in", lambda: Prepared(plan, fields, checked).wire())
    whole = {**fields, "receipt": body}
    timed("off the hot path: citations read back from content", lambda: gate.check_cited(content, body["selected"]))
    timed(
        "off the hot path: whole-response gate",
        lambda: gate.check_prepared_context(whole, max_bytes=max_bytes, include_receipt=True),
    )
    return len(checked.wire)


def stage_phase(inputs: Sequence[dict[str, Any]], repeat: int) -> dict[str, Any]:
    """Each part of the Receipt path on the kept inputs: median µs (thread CPU time) over the queries."""
    parts: dict[str, list[float]] = {}

    def timed(name: str, fn: Callable[[], Any]) -> Any:
        parts.setdefault(name, []).append(best_of(repeat, fn) * 1e6)
        return fn()

    before = loadavg()
    sizes = [time_parts(kwargs, timed) for kwargs in inputs]
    after = loadavg()
    return {
        "loadavg_before": before,
        "loadavg_after": after,
        "receipts": len(inputs),
        "receipt_bytes_p50": int(statistics.median(sizes)) if sizes else None,
        "median_us": {name: round(statistics.median(values), 1) for name, values in parts.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10000, help="corpus items loaded [10000]")
    parser.add_argument("--queries", type=int, default=300, help="queries [300]")
    parser.add_argument("--warmup", type=int, default=30, help="warm-up queries [30]")
    parser.add_argument("--repeat", type=int, default=5, help="best of this many per stage and query [5]")
    parser.add_argument("--data", type=Path, help="data directory to keep and reuse (loaded once)")
    parser.add_argument("--no-http", action="store_true", help="skip the HTTP phase (the store must be loaded)")
    args = parser.parse_args()
    queries = corpus_module.queries(args.queries)
    with tempfile.TemporaryDirectory(prefix="pcreceipt-receipt-bench-") as work:
        data = args.data or Path(work) / "data"
        data.mkdir(parents=True, exist_ok=True)
        report: dict[str, Any] = {"n": args.n, "queries": len(queries), "cpus": os.cpu_count()}
        if args.no_http:
            scope_id = (data / "bench-scope-id").read_text()
        else:
            report["http"] = asyncio.run(http_phase(data, args.n, queries, args.warmup))
            scope_id = report["http"]["scope_id"]
        report["in_process"], inputs = in_process_phase(data, scope_id, queries, args.warmup)
        report["stages"] = stage_phase(inputs, args.repeat)
    print(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
