"""Loading the corpus through the public API: a Scope, then bulk ``import_artifacts`` batches when
the server has the operation, else one create per artifact from concurrent clients.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

import corpus as corpus_module
import httpx
from stats import summary

BATCH_ITEMS = 1000
BATCH_BYTES = 4 * 1024 * 1024


async def create_scope(http: httpx.AsyncClient, label: str) -> str:
    body = {"title": f"bench {label}", "summary": "Benchmark corpus.", "idempotency_key": f"bench-{label}"}
    response = await http.post("/v1/scopes", json=body)
    response.raise_for_status()
    return str(response.json()["scope_id"])


def import_batches(items: Iterable[corpus_module.Item]) -> Iterable[list[dict[str, Any]]]:
    """Per-family buffers flushed at 1000 items or 4 MiB (each batch is one family)."""
    buffers: dict[str, list[dict[str, Any]]] = defaultdict(list)
    sizes: Counter[str] = Counter()
    for item in items:
        request = item.request()
        size = len(json.dumps(request, ensure_ascii=False).encode()) + 1
        family = item.family
        if buffers[family] and (len(buffers[family]) >= BATCH_ITEMS or sizes[family] + size > BATCH_BYTES):
            yield buffers.pop(family)
            sizes[family] = 0
        buffers[family].append(request)
        sizes[family] += size
    for family in sorted(buffers):
        if buffers[family]:
            yield buffers[family]


def import_bodies(count: int, skip: int) -> list[bytes]:
    """``count`` request bodies of the bulk import (1000 Atomic Memories each, the scale corpus),
    after the first ``skip`` batches' worth."""
    items = list(corpus_module.atomic_memories((skip + count) * 1000))[skip * 1000 :]
    return [
        json.dumps({"items": batch}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        for batch in import_batches(items)
    ]


async def load_bulk(http: httpx.AsyncClient, scope_id: str, items: Sequence[corpus_module.Item]) -> dict[str, Any]:
    started = time.perf_counter()
    loaded = 0
    batches = 0
    for batch in import_batches(items):
        response = await http.post(f"/v1/scopes/{scope_id}/artifacts/import", json={"items": batch}, timeout=600)
        if response.status_code != 201:
            raise RuntimeError(f"import failed with HTTP {response.status_code}: {response.text[:300]}")
        loaded += len(response.json()["created"])
        batches += 1
    seconds = time.perf_counter() - started
    return {
        "mode": "bulk import",
        "rows": loaded,
        "batches": batches,
        "seconds": round(seconds, 3),
        "rows_per_s": round(loaded / seconds, 1),
    }


async def load_one_by_one(
    http: httpx.AsyncClient, scope_id: str, items: Sequence[corpus_module.Item], clients: int, budget_s: float
) -> dict[str, Any]:
    """One create per artifact from ``clients`` concurrent workers, stopping at the time budget."""
    queue = list(reversed(items))
    latencies: list[float] = []
    errors: Counter[int] = Counter()
    deadline = time.perf_counter() + budget_s

    async def worker() -> None:
        while queue and time.perf_counter() < deadline:
            item = queue.pop()
            t0 = time.perf_counter()
            response = await http.post(f"/v1/scopes/{scope_id}/artifacts", json=item.request(), timeout=120)
            latencies.append(time.perf_counter() - t0)
            if response.status_code != 201:
                errors[response.status_code] += 1

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(clients)))
    seconds = time.perf_counter() - started
    loaded = len(latencies) - sum(errors.values())
    return {
        "mode": f"one by one, {clients} clients",
        "rows": loaded,
        "complete": loaded == len(items),
        "errors": dict(errors),
        "seconds": round(seconds, 3),
        "rows_per_s": round(loaded / seconds, 1) if seconds else None,
        "create": summary(latencies),
    }


async def load(base_url: str, label: str, items: Sequence[corpus_module.Item], budget_s: float) -> tuple[str, dict]:
    limits = httpx.Limits(max_connections=8)
    async with httpx.AsyncClient(base_url=base_url, timeout=60, limits=limits) as http:
        scope_id = await create_scope(http, label)
        probe = await http.post(f"/v1/scopes/{scope_id}/artifacts/import", json={"items": []})
        if probe.status_code not in (201, 422):  # 422: the bulk operation exists and refused an empty batch
            return scope_id, await load_one_by_one(http, scope_id, items, 4, budget_s)
        return scope_id, await load_bulk(http, scope_id, items)


async def single_creates(base_url: str, count: int) -> dict[str, Any]:
    """One-by-one creates into a separate Scope (the peer's only write path), for a like-for-like rate."""
    async with httpx.AsyncClient(base_url=base_url, timeout=60) as http:
        scope_id = await create_scope(http, "single-creates")
        items = corpus_module.corpus(count)
        return await load_one_by_one(http, scope_id, items, 4, 60)
