"""pcreceipt only, after its server stopped: the runtime in this process on the same store, timing
the gate's share of a prepare, recall rounds and the runtime's own stage timings per query kind.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import corpus as corpus_module
from prepares import MAX_BYTES
from stats import summary


def open_runtime(data: Path) -> tuple[Any, Any]:
    """The composition (close it when done) and its prepare runtime, as the server builds them."""
    from pcreceipt.compose import compose
    from pcreceipt.config import load_settings

    parts = compose(load_settings(environ={}, overrides={"data_dir": data}))
    return parts, parts.runtime


def in_process(data: Path, scope_id: str, queries: Sequence[corpus_module.Query], warmup: int) -> dict[str, Any]:
    """The runtime in this process on the server's store: gate time vs prepare time, per request.

    Both variants run for every query, alternating which goes first (as over HTTP). The Receipt
    of the receipt variant also gives, per query kind, how many recall rounds ran and the
    runtime's own stage timings.
    """
    from pcreceipt.contract import gate

    parts, runtime = open_runtime(data)
    timings: dict[bool, dict[str, list[float]]] = {v: defaultdict(list) for v in (False, True)}
    by_kind: dict[str, list[float]] = defaultdict(list)
    rounds: dict[str, Counter[int]] = defaultdict(Counter)
    stages: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    try:
        for index, query in enumerate([*queries[:warmup], *queries]):
            measured = index >= warmup
            for receipt in (True, False) if index % 2 else (False, True):
                request: dict[str, Any] = {"scope_id": scope_id, "query": query.text, "max_bytes": MAX_BYTES}
                if receipt:
                    request["include_receipt"] = True
                t0 = time.perf_counter()
                violations = gate.check_prepare_request(request)
                t1 = time.perf_counter()
                response = runtime.prepare(request, request_id=f"bench{index:012d}").as_json()
                t2 = time.perf_counter()
                violations += gate.check_prepared_context(
                    response, max_bytes=MAX_BYTES, include_receipt=receipt, explain=False
                )
                t3 = time.perf_counter()
                if violations:
                    raise RuntimeError(f"gate violations in the benchmark: {violations[:3]}")
                if receipt and "receipt" not in response:
                    raise RuntimeError("a Receipt was dropped during the benchmark")
                if not measured:
                    continue
                timings[receipt]["request_gate"].append(t1 - t0)
                timings[receipt]["prepare"].append(t2 - t1)
                timings[receipt]["response_gate"].append(t3 - t2)
                if receipt:
                    rounds[query.kind][len(response["receipt"]["retrieval"]["rounds"])] += 1
                    for stage in response["receipt"]["stages"]:
                        stages[query.kind][stage["stage"]].append(stage["duration_ms"])
                else:
                    by_kind[query.kind].append(t2 - t1)
    finally:
        parts.close()
    out: dict[str, Any] = {}
    for receipt, samples in timings.items():
        gate_total = sum(samples["request_gate"]) + sum(samples["response_gate"])
        out["with_receipt" if receipt else "plain"] = {
            "prepare": summary(samples["prepare"]),
            "request_gate": summary(samples["request_gate"]),
            "response_gate": summary(samples["response_gate"]),
            "gate_share_of_prepare": round(gate_total / (gate_total + sum(samples["prepare"])), 4),
        }
    out["prepare_by_kind"] = {k: summary(v) for k, v in sorted(by_kind.items())}
    out["rounds_by_kind"] = {k: dict(sorted(v.items())) for k, v in sorted(rounds.items())}
    out["stage_mean_ms_by_kind"] = {
        kind: {stage: round(statistics.fmean(v), 3) for stage, v in sorted(per.items())}
        for kind, per in sorted(stages.items())
    }
    return out
