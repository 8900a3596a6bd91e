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

    python bench/cli_startup.py --runs 10
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()

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
        finally:
            server.stop()

    base_wall, base_cpu = next(iter(results.values()))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {args.runs} runs each, medians")
    print(f"{'command':<42} {'wall s':>7} {'cpu s':>7} {'wall/base':>9} {'cpu/base':>9}")
    for name, (wall, cpu) in results.items():
        print(f"{name:<42} {wall:7.3f} {cpu:7.3f} {wall / base_wall:9.2f} {cpu / base_cpu:9.2f}")


if __name__ == "__main__":
    main()
