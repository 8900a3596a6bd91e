"""``pcreceipt eval``'s PNG plots (matplotlib, Agg backend: no display needed).

- ``recall.png``: recall at injection per run, with its bootstrap interval;
- ``omission_classes.png``: the share of queries in each omission class, per run;
- ``paired_diff.png``: per comparison, the histogram of per-query recall differences (b - a).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from pcreceipt.evaluation.metrics import CLASSES
from pcreceipt.evaluation.report import CLASS_TITLES

DPI = 100  # not a contract limit: PNG resolution


def _wrapped(title: str) -> str:
    """A tick label on two lines, split near its middle space."""
    spaces = [n for n, c in enumerate(title) if c == " "]
    if not spaces:
        return title
    cut = min(spaces, key=lambda n: abs(n - len(title) / 2))
    return title[:cut] + "\n" + title[cut + 1 :]


def _recall(report: Mapping[str, Any], path: Path) -> None:
    runs = report["runs"]
    names = [run["name"] for run in runs]
    means = [run["summary"]["recall_at_injected"]["mean"] or 0.0 for run in runs]
    low = [m - (run["summary"]["recall_at_injected"]["ci"] or [m, m])[0] for m, run in zip(means, runs, strict=True)]
    high = [(run["summary"]["recall_at_injected"]["ci"] or [m, m])[1] - m for m, run in zip(means, runs, strict=True)]
    figure, axes = plt.subplots(figsize=(max(5.0, 1.8 * len(runs)), 3.6))
    axes.bar(names, means, yerr=[low, high], capsize=6, color="#4c72b0")
    axes.set_ylim(0, 1.05)
    axes.set_ylabel("recall at injection")
    axes.set_title("Recall at injection (95% bootstrap CI)")
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    plt.close(figure)


def _classes(report: Mapping[str, Any], path: Path) -> None:
    runs = report["runs"]
    figure, axes = plt.subplots(figsize=(7.0, 3.8))
    width = 0.8 / max(1, len(runs))
    for index, run in enumerate(runs):
        total = max(1, run["summary"]["queries"] - run["summary"]["receipt_missing"])
        shares = [run["summary"]["classes"][name]["queries"] / total for name in CLASSES]
        axes.bar([c + index * width for c in range(len(CLASSES))], shares, width, label=run["name"])
    axes.set_xticks([c + 0.4 - width / 2 for c in range(len(CLASSES))])
    axes.set_xticklabels([_wrapped(CLASS_TITLES[name]) for name in CLASSES], fontsize=8)
    axes.set_ylim(0, 1.05)
    axes.set_ylabel("share of queries")
    axes.set_title("Omission classes")
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    plt.close(figure)


def _paired(report: Mapping[str, Any], path: Path) -> None:
    comparisons = report["comparisons"]
    figure, axes = plt.subplots(figsize=(6.0, 3.6))
    for comparison in comparisons:
        diffs = [row["recall_diff"] for row in comparison["queries"]]
        axes.hist(
            diffs,
            bins=[x / 10 - 0.05 for x in range(-10, 12)],
            alpha=0.6,
            label=f"{comparison['b']} − {comparison['a']}",
        )
    axes.set_xlabel("per-query recall difference")
    axes.set_ylabel("queries")
    axes.set_title("Paired recall differences")
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    plt.close(figure)


def write_plots(out: Path, report: Mapping[str, Any]) -> list[str]:
    """Write the PNGs into ``out``; their file names (relative to ``out``)."""
    out.mkdir(parents=True, exist_ok=True)
    written = ["recall.png", "omission_classes.png"]
    _recall(report, out / written[0])
    _classes(report, out / written[1])
    if report["comparisons"]:
        written.append("paired_diff.png")
        _paired(report, out / written[2])
    return written
