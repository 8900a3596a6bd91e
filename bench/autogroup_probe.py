"""How much CPU one new session gets on this machine with 1 busy process, with 2 busy processes,
and 2 sessions of 1 busy process each (Linux autogroup scheduling, ``/proc/sys/kernel/sched_autogroup_enabled``).

With autogroups on, the scheduler shares the CPUs fairly between *sessions* first, then between the
processes of a session: on a machine whose cores other sessions keep busy, a session's share does
not grow with the number of processes in it. ``pcreceipt serve --workers 2`` is one session (its
workers are the children of one process), so this says what a second worker can get here.
Variants interleaved; prints one JSON object.

    python bench/autogroup_probe.py --seconds 4 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

SPIN = "import sys, time\nend = time.time() + float(sys.argv[1])\nwhile time.time() < end:\n    pass\n"


def session(spinners: int, seconds: float) -> subprocess.Popen[bytes]:
    """A new session (setsid) whose one process runs ``spinners`` busy processes for ``seconds``."""
    code = (
        "import subprocess, sys\n"
        f"ps = [subprocess.Popen([sys.executable, '-c', {SPIN!r}, '{seconds}']) for _ in range({spinners})]\n"
        "[p.wait() for p in ps]\n"
    )
    return subprocess.Popen([sys.executable, "-c", code], start_new_session=True)


def cores_used(sessions: int, spinners: int, seconds: float) -> float:
    before = os.times()
    started = time.monotonic()
    for process in [session(spinners, seconds) for _ in range(sessions)]:
        process.wait()
    wall = time.monotonic() - started
    after = os.times()
    return (after.children_user + after.children_system - before.children_user - before.children_system) / wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    variants = {"1 session x 1 process": (1, 1), "1 session x 2 processes": (1, 2), "2 sessions x 1 process": (2, 1)}
    got: dict[str, list[float]] = {name: [] for name in variants}
    load_before = os.getloadavg()
    for index in range(args.rounds):
        names = list(variants) if index % 2 == 0 else list(reversed(variants))
        for name in names:
            got[name].append(round(cores_used(*variants[name], args.seconds), 2))
    autogroup = Path("/proc/sys/kernel/sched_autogroup_enabled")
    print(
        json.dumps(
            {
                "cpus": os.cpu_count(),
                "autogroup_enabled": autogroup.read_text().strip() if autogroup.exists() else None,
                "loadavg_before": [round(x, 2) for x in load_before],
                "loadavg_after": [round(x, 2) for x in os.getloadavg()],
                "cores_used": got,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
