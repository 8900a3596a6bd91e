"""What a server costs besides time: peak resident memory of its process tree, size of its data directory."""

from __future__ import annotations

from pathlib import Path


def peak_rss_mb(pid: int) -> float | None:
    """Peak resident set (VmHWM) of a process plus its live children, in MiB (Linux)."""
    pids = [pid]
    try:
        import psutil

        pids += [c.pid for c in psutil.Process(pid).children(recursive=True)]
    except Exception:
        pass
    total_kb = 0
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total_kb += int(line.split()[1])
        except OSError:
            continue
    return round(total_kb / 1024, 1) if total_kb else None


def dir_size_mb(path: Path) -> float:
    return round(sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / (1024 * 1024), 1)
