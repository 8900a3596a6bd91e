"""Store micro-benchmark: bulk insert rate and full-text / vector query latency at N memories.

Usage: python bench/store_bench.py [--n 100000] [--dim 384] [--scopes 10] [--batch 1000] [--queries 200]

Inserts N atomic memories (synthetic mixed English/Chinese text, each with a random vector of
``--dim`` dimensions) spread evenly over ``--scopes`` Scopes through ``create_artifacts`` in
batches of ``--batch`` (one transaction per batch), then times full-text and vector searches
(limit 16, the atomic-memory cap) in random Scopes. Vector generation is not timed. Not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from array import array
from collections.abc import Callable
from pathlib import Path

from pcreceipt.store.records import EmbeddingRow, NewArtifact, TextMatch
from pcreceipt.store.sqlite import SQLiteStore

PROFILE = "bench"
LIMIT = 16
# fmt: off
ENGLISH = (
    "deploy", "pipeline", "database", "migration", "cache", "latency", "retry", "budget", "review", "release",
    "rollback", "incident", "owner", "schema", "index", "query", "vector", "search", "token", "service", "queue",
    "worker", "config", "secret", "backup", "metric", "alert", "timeout", "client", "server", "storage", "replica",
    "shard", "cluster",
)
CHINESE = (
    "数据库", "部署", "流程", "缓存", "延迟", "重试", "审批", "发布", "回滚", "故障", "索引", "查询", "向量", "检索",
    "服务", "队列", "配置", "备份", "监控", "告警", "超时", "存储", "集群",
)
# fmt: on
FTS_QUERIES = {
    "english word": "rollback",
    "english question": "how do we handle the retry budget for the queue worker?",
    "chinese 2 chars": "部署",
    "chinese 3+ chars": "数据库",
    "mixed": "cache 延迟 timeout",
}


def memory_text(rng: random.Random) -> str:
    words = [rng.choice(ENGLISH) for _ in range(rng.randint(6, 14))]
    words += [rng.choice(CHINESE) for _ in range(rng.randint(2, 5))]
    rng.shuffle(words)
    return " ".join(words)


def random_vector(rng: random.Random, dim: int) -> array[float]:
    return array("f", (rng.random() - 0.5 for _ in range(dim)))


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered) * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms"


def timed(calls: int, call: Callable[[], object]) -> list[float]:
    samples = []
    for _ in range(calls):
        started = time.perf_counter()
        call()
        samples.append(time.perf_counter() - started)
    return samples


def fts_call(
    store: SQLiteStore, scope_ids: list[str], rng: random.Random, query: str, match: TextMatch
) -> Callable[[], object]:
    return lambda: store.search_text(rng.choice(scope_ids), "atomic-memory", query, LIMIT, match=match)


def bulk_insert(store: SQLiteStore, scope_ids: list[str], args: argparse.Namespace, rng: random.Random) -> float:
    """Insert ``args.n`` memories; returns the seconds spent inside ``create_artifacts``."""
    per_scope = args.n // len(scope_ids)
    spent = 0.0
    for scope_id in scope_ids:
        remaining = per_scope
        while remaining:
            size = min(args.batch, remaining)
            items = [
                NewArtifact(
                    content={"kind": "fact", "text": memory_text(rng)},
                    embedding=EmbeddingRow(PROFILE, random_vector(rng, args.dim)),
                )
                for _ in range(size)
            ]
            started = time.perf_counter()
            store.create_artifacts(scope_id, "atomic-memory", items)
            spent += time.perf_counter() - started
            remaining -= size
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--scopes", type=int, default=10)
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as workdir:
        path = Path(workdir) / "bench.db"
        store = SQLiteStore(path, vector_dimensions=args.dim)
        scope_ids = [
            store.create_scope(
                title=f"bench {n}",
                summary="benchmark",
                idempotency_key=f"bench-{n}",
                parent_scope_id=None,
                context_references=[],
                external_references=[],
            )[0].scope_id
            for n in range(args.scopes)
        ]
        spent = bulk_insert(store, scope_ids, args, rng)
        rows = args.n // args.scopes * args.scopes
        print(f"N={rows} memories, {args.scopes} Scopes ({rows // args.scopes} each), vectors dim {args.dim}")
        print(f"bulk insert: {rows / spent:,.0f} rows/s ({spent:.1f} s, batches of {args.batch}, text+FTS+vector)")
        print(f"database size: {sum(f.stat().st_size for f in Path(workdir).iterdir()) / 1e6:,.0f} MB")
        relaxed: tuple[TextMatch, ...] = ("all", "prefix")
        runs: list[tuple[str, str, TextMatch]] = [(name, query, "any") for name, query in FTS_QUERIES.items()]
        runs += [(f"question/{match}", FTS_QUERIES["english question"], match) for match in relaxed]
        for name, query, match in runs:
            samples = timed(args.queries, fts_call(store, scope_ids, rng, query, match))
            print(f"fts    {name:<17} {percentiles(samples)}")
        vectors = [list(random_vector(rng, args.dim)) for _ in range(args.queries)]
        samples = timed(
            args.queries,
            lambda: store.search_vector(rng.choice(scope_ids), "atomic-memory", vectors.pop(), PROFILE, LIMIT),
        )
        print(f"vector knn k={LIMIT:<11} {percentiles(samples)}")
        store.close()


if __name__ == "__main__":
    main()
