"""How long the ``pcreceipt`` command takes before it does anything: ``--version``, ``--help`` and
a client command (``scope list`` against a real ``pcreceipt serve`` on loopback), each run
``--runs`` times as a user runs it (the installed script, a new process each time).

Per command: the median wall time and the median CPU time (user + system, of the child), and
the ratio of each to the baseline, the old ``import pcreceipt.cli.main`` cost: before commands
were loaded on first use, importing the CLI imported every command module, which is what the
baseline process does (``import pcreceipt.cli.main`` and each module ``cli.main.COMMANDS``
names). A ratio below 1 is the share of that cost a command still pays. Wall time depends on
what else the machine runs (the load average is printed); CPU time much less. A benchmark, not
a test: nothing is asserted.

With ``--memories N``, N atomic memories are imported into one Scope first (``pcreceipt import``,
1,000 a request, as a user would) and ``pcreceipt memory list`` over them is timed too: the
seconds to its first printed line and to its end.

    python bench/cli_startup.py --runs 10 [--memories 20000]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from servers import Server, pcreceipt_spec

PCRECEIPT = str(Path(sys.executable).with_name("pcreceipt"))
BASELINE = (
    "import importlib, pcreceipt.cli.main as m; "
    "[importlib.import_module(e.target.partition(':')[0]) for e in m.COMMANDS.values()]"
)


def timed(argv: list[str]) -> tuple[float, float]:
    """(wall seconds, child CPU seconds) of one run of ``argv`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def medians(argv: list[str], runs: int) -> tuple[float, float]:
    timed(argv)  # warm the file cache
    samples = [timed(argv) for _ in range(runs)]
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def seed(url: str, count: int, where: Path) -> str:
    """A new Scope holding ``count`` atomic memories (imported as a user imports them); its id."""
    created = subprocess.run(
        [PCRECEIPT, "scope", "create", "--title", "Listing", "--summary", "bench", "--url", url],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    scope = created.stdout.strip()
    lines = (
        json.dumps({"family": "atomic-memory", "content": {"kind": "fact", "text": f"memory number {n}"}})
        for n in range(count)
    )
    (where / "memories.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    subprocess.run(
        [PCRECEIPT, "import", "--scope", scope, str(where / "memories.jsonl"), "--url", url],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
    )  # fmt: skip
    return scope


def listing(argv: list[str]) -> tuple[float, float, int]:
    """(seconds to the first line, seconds to the end, lines) of one run of a listing command."""
    started = time.perf_counter()
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as process:
        assert process.stdout is not None
        first = process.stdout.readline()
        first_s = time.perf_counter() - started
        rest = process.stdout.read()
    return first_s, time.perf_counter() - started, bool(first) + rest.count(b"\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--memories", type=int, default=0, help="also time memory list over this many")
    args = parser.parse_args()
    listed: list[tuple[float, float, int]] = []

    with tempfile.TemporaryDirectory(prefix="pcreceipt-cli-startup-") as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        server = Server(pcreceipt_spec(), data, Path(tmp) / "server.log")
        server.start()
        try:
            commands = {
                "baseline: old import pcreceipt.cli.main": [sys.executable, "-c", BASELINE],
                "pcreceipt --version": [PCRECEIPT, "--version"],
                "pcreceipt --help": [PCRECEIPT, "--help"],
                "pcreceipt scope list (server)": [PCRECEIPT, "scope", "list", "--url", server.base_url],
            }
            results = {name: medians(argv, args.runs) for name, argv in commands.items()}
            if args.memories:
                scope = seed(server.base_url, args.memories, Path(tmp))
                memory_list = [PCRECEIPT, "memory", "list", "--scope", scope, "--url", server.base_url]
                listed = [listing(memory_list) for _ in range(3)]
        finally:
            server.stop()

    base_wall, base_cpu = next(iter(results.values()))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {args.runs} runs each, medians")
    print(f"{'command':<42} {'wall s':>7} {'cpu s':>7} {'wall/base':>9} {'cpu/base':>9}")
    for name, (wall, cpu) in results.items():
        print(f"{name:<42} {wall:7.3f} {cpu:7.3f} {wall / base_wall:9.2f} {cpu / base_cpu:9.2f}")
    if listed:
        first = statistics.median(run[0] for run in listed)
        whole = statistics.median(run[1] for run in listed)
        print(f"memory list of {args.memories} (3 runs, medians): first line {first:.3f} s, "
              f"all {listed[0][2]} lines {whole:.3f} s")  # fmt: skip


if __name__ == "__main__":
    main()
