"""``latency.png``: sequential p50 and p99 against corpus size, per server (needs matplotlib)."""

from __future__ import annotations

from pathlib import Path


def plot(results: dict[str, dict[int, dict]], path: Path) -> str | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for color, (server, by_n) in zip(("tab:blue", "tab:red", "tab:green"), results.items(), strict=False):
        sizes = sorted(n for n in by_n if "sequential" in by_n[n])
        if not sizes:
            continue
        for key, style in (("p50_ms", "-o"), ("p99_ms", "--^")):
            values = [by_n[n]["sequential"]["plain"][key] for n in sizes]
            ax.plot(sizes, values, style, color=color, label=f"{server} {key[:3]}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("corpus size N (artifacts)")
    ax.set_ylabel("sequential prepare latency (ms)")
    ax.set_title("prepare latency vs corpus size")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path.name
