"""The prepare load over HTTP: the sequential phase (every query once per server, servers
interleaved) and the concurrent phase (keep-alive clients, alternating blocks), and what each
answer says (statuses, errors, whether the probed target made it into the content).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import corpus as corpus_module
from rawhttp import RawConnection
from servers import Server
from stats import percentile, summary

MAX_BYTES = 8000


def prepare_body(scope_id: str, query: str, receipt: bool) -> bytes:
    body: dict[str, Any] = {"scope_id": scope_id, "query": query, "max_bytes": MAX_BYTES}
    if receipt:
        body["include_receipt"] = True
    return json.dumps(body, ensure_ascii=False).encode()


@dataclass
class Outcomes:
    statuses: Counter[str] = field(default_factory=Counter)
    errors: Counter[int] = field(default_factory=Counter)
    by_kind: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    hits: Counter[str] = field(default_factory=Counter)
    hit_targets: Counter[str] = field(default_factory=Counter)
    ready_by_kind: Counter[str] = field(default_factory=Counter)

    def record(self, query: corpus_module.Query, status: int, data: bytes, seconds: float) -> None:
        if status != 200:
            self.errors[status] += 1
            return
        response = json.loads(data)
        self.statuses[response["status"]] += 1
        self.by_kind[query.kind].append(seconds)
        content = response.get("content") or ""
        if response["status"] == "ready":
            self.ready_by_kind[query.kind] += 1
        if query.probe is not None:
            self.hit_targets[query.kind] += 1
            if query.probe in content:
                self.hits[query.kind] += 1

    def as_json(self) -> dict[str, Any]:
        return {
            "statuses": dict(self.statuses),
            "errors": dict(self.errors),
            "by_kind": {k: summary(v) for k, v in sorted(self.by_kind.items())},
            "ready_by_kind": dict(self.ready_by_kind),
            "target_in_content": {k: f"{self.hits[k]}/{n}" for k, n in sorted(self.hit_targets.items())},
        }


@dataclass
class Target:
    """One server under test: where it listens, its Scope, and what it supports."""

    name: str
    port: int
    scope_id: str = ""
    receipts: bool = False
    server: Server | None = None
    data: Path | None = None
    result: dict[str, Any] = field(default_factory=dict)


async def receipts_supported(target: Target, query: str) -> bool:
    connection = RawConnection(target.port)
    try:
        status, data = await connection.post("/v1/context/prepare", prepare_body(target.scope_id, query, True))
    finally:
        await connection.close()
    return status == 200 and "receipt" in json.loads(data)


def _alternate(items: Sequence[Any], flip: int) -> list[Any]:
    return list(reversed(items)) if flip % 2 else list(items)


async def sequential(
    targets: Sequence[Target], queries: Sequence[corpus_module.Query], warmup: int, budget_s: float
) -> dict[str, dict[str, Any]]:
    """Warm-up, then every query once per server, the servers interleaved query by query (their
    order alternating), so noise from other processes on the machine falls on all of them alike.
    A server with receipts gets each query with and without ``include_receipt``, alternating
    which goes first."""
    connections = {t.name: RawConnection(t.port) for t in targets}
    plain: dict[str, list[float]] = defaultdict(list)
    with_receipt: dict[str, list[float]] = defaultdict(list)
    pair_ratios: dict[str, list[float]] = defaultdict(list)
    outcomes = {t.name: Outcomes() for t in targets}
    try:
        for query in queries[:warmup]:
            for target in targets:
                for receipt in (False, True) if target.receipts else (False,):
                    body = prepare_body(target.scope_id, query.text, receipt)
                    await connections[target.name].post("/v1/context/prepare", body)
        deadline = time.perf_counter() + budget_s
        for index, query in enumerate(queries):
            if time.perf_counter() > deadline:
                break
            for target in _alternate(targets, index):
                timings: dict[bool, float] = {}
                for receipt in _alternate((False, True) if target.receipts else (False,), index // 2):
                    body = prepare_body(target.scope_id, query.text, receipt)
                    t0 = time.perf_counter()
                    status, data = await connections[target.name].post("/v1/context/prepare", body)
                    timings[receipt] = elapsed = time.perf_counter() - t0
                    (with_receipt if receipt else plain)[target.name].append(elapsed)
                    if not receipt:
                        outcomes[target.name].record(query, status, data, elapsed)
                if target.receipts:
                    pair_ratios[target.name].append(timings[True] / timings[False])
    finally:
        for connection in connections.values():
            await connection.close()
    out: dict[str, dict[str, Any]] = {}
    for target in targets:
        name = target.name
        result: dict[str, Any] = {"plain": summary(plain[name]), **outcomes[name].as_json()}
        if target.receipts and plain[name]:
            result["with_receipt"] = summary(with_receipt[name])
            result["receipt_p50_ratio"] = round(percentile(with_receipt[name], 50) / percentile(plain[name], 50), 4)
            result["receipt_pair_ratio_median"] = round(statistics.median(pair_ratios[name]), 4)
        out[name] = result
    return out


async def concurrent_block(
    target: Target, queries: Sequence[corpus_module.Query], clients: int, total: int, offset: int, budget_s: float
) -> tuple[list[float], Counter[int], float]:
    """``clients`` keep-alive connections issuing prepares back to back until ``total`` or the budget."""
    latencies: list[float] = []
    errors: Counter[int] = Counter()
    issued = 0
    deadline = time.perf_counter() + budget_s

    async def client(start: int) -> None:
        nonlocal issued
        connection = RawConnection(target.port)
        try:
            position = start
            while issued < total and time.perf_counter() < deadline:
                issued += 1
                query = queries[position % len(queries)]
                position += clients
                body = prepare_body(target.scope_id, query.text, False)
                t0 = time.perf_counter()
                status, _ = await connection.post("/v1/context/prepare", body)
                latencies.append(time.perf_counter() - t0)
                if status != 200:
                    errors[status] += 1
        finally:
            await connection.close()

    started = time.perf_counter()
    await asyncio.gather(*(client(offset + i * 37) for i in range(clients)))
    return latencies, errors, time.perf_counter() - started


async def concurrent(
    targets: Sequence[Target],
    queries: Sequence[corpus_module.Query],
    clients: int,
    total: int,
    budget_s: float,
    blocks: int = 4,
) -> dict[str, dict[str, Any]]:
    """The concurrent phase in ``blocks`` alternating blocks per server (same noise for all)."""
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, Counter[int]] = defaultdict(Counter)
    seconds: dict[str, float] = defaultdict(float)
    for block in range(blocks):
        for target in _alternate(targets, block):
            got, failed, took = await concurrent_block(
                target, queries, clients, total // blocks, block * 101, budget_s / blocks
            )
            latencies[target.name] += got
            errors[target.name].update(failed)
            seconds[target.name] += took
    return {
        t.name: {
            "clients": clients,
            "requests": len(latencies[t.name]),
            "errors": dict(errors[t.name]),
            "seconds": round(seconds[t.name], 3),
            "requests_per_s": round(len(latencies[t.name]) / seconds[t.name], 1) if seconds[t.name] else None,
            **summary(latencies[t.name]),
        }
        for t in targets
    }
