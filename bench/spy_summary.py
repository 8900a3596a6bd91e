"""A summary of a py-spy ``--format raw`` recording (collapsed stacks: ``frame;frame;... count``):
the functions with the largest inclusive and own shares of the samples, idle threads left out.

    python bench/spy_summary.py bench/out/spy/new.txt --top 40
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

# Samples of threads waiting for work (the event loop's selector, idle pool threads) are not CPU.
IDLE = re.compile(r"\b(select|epoll_wait|_worker \(concurrent|wait \(threading|poll) ")


def _name(frame: str) -> str:
    """``function (file:line)`` without the line, so the lines of one function add up."""
    return re.sub(r":\d+\)$", ")", frame.strip())


def summarise(path: Path, top: int) -> str:
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        frames = [_name(f) for f in stack.split(";") if f.strip()]
        if not frames or IDLE.search(frames[-1] + " "):
            continue
        count = int(count_text)
        total += count
        for name in set(frames):
            inclusive[name] += count
        own[frames[-1]] += count
    lines = [f"{path.name}: {total} busy samples", "", "inclusive %  function"]
    lines += [f"{100 * n / total:10.1f}  {name}" for name, n in inclusive.most_common(top)]
    lines += ["", "own %       function"]
    lines += [f"{100 * n / total:10.1f}  {name}" for name, n in own.most_common(top)]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    print(summarise(args.path, args.top))


if __name__ == "__main__":
    main()
