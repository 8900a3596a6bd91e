"""Latency statistics of the benchmark: nearest-rank percentiles and a summary of a sample."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def percentile(samples: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty sample."""
    ordered = sorted(samples)
    rank = max(1, round(q / 100 * len(ordered) + 0.5 - 1e-9))
    return ordered[min(rank, len(ordered)) - 1]


def summary(samples_s: Sequence[float]) -> dict[str, float | int]:
    if not samples_s:
        return {"n": 0}
    ms = [s * 1000 for s in samples_s]
    return {
        "n": len(ms),
        "p50_ms": round(percentile(ms, 50), 3),
        "p90_ms": round(percentile(ms, 90), 3),
        "p99_ms": round(percentile(ms, 99), 3),
        "mean_ms": round(statistics.fmean(ms), 3),
        "max_ms": round(max(ms), 3),
    }
