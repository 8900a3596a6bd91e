"""What the kernel says about the processes of a run (Linux /proc, read from outside the server):
CPU seconds per process, a process's children, the machine's busy time, and which process holds
the server end of each client connection. Nothing here asks the server anything, so the API and
its responses stay as they are.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a live process has used (``/proc/<pid>/stat`` fields 14 and 15)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (comm) ": field 3 is fields[0]
    return (int(fields[11]) + int(fields[12])) / TICKS


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return sorted(int(child) for child in path.read_text().split()) if path.exists() else []


def command_line(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()


def machine_ticks() -> tuple[int, int]:
    """(busy, total) clock ticks of all CPUs since boot (``/proc/stat``; idle and iowait count as not busy)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    total = sum(values[:8])  # user nice system idle iowait irq softirq steal (guest is inside user)
    return total - values[3] - values[4], total


def _server_sockets(port: int) -> dict[int, int]:
    """Established IPv4 connections whose local port is ``port``: remote port -> socket inode."""
    out: dict[int, int] = {}
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        parts = line.split()
        local, remote, state, inode = parts[1], parts[2], parts[3], int(parts[9])
        if state == "01" and int(local.split(":")[1], 16) == port:
            out[int(remote.split(":")[1], 16)] = inode
    return out


def connection_owners(port: int, client_ports: Iterable[int], pids: Iterable[int]) -> dict[int, int | None]:
    """For each client port, the pid (among ``pids``) holding the server end of its connection."""
    inode_owner: dict[int, int] = {}
    for pid in pids:
        fd_dir = Path(f"/proc/{pid}/fd")
        for fd in fd_dir.iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inode_owner[int(target[8:-1])] = pid
    sockets = _server_sockets(port)
    return {p: inode_owner.get(sockets.get(p, -1)) for p in client_ports}
