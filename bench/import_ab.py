"""Bulk import rate of two (or more) source trees side by side, interleaved batch by batch.

Each variant is a ``src`` directory (e.g. an export of an older commit: ``git archive REF src |
tar -x -C DIR``) served by its own fresh ``pcreceipt serve`` (``PYTHONPATH`` set to that
directory, its own data directory and HOME) on 127.0.0.1. Every variant gets the same request
bodies: batches of 1000 Atomic Memories of the scale corpus (``corpus.atomic_memories``, the
stream ``--scale`` loads), into one Scope each. Batch ``i`` goes to the variants in a rotating
order, so noise from other processes on the shared machine falls on all of them alike.

Per variant: rows/s over the import requests' wall time, and the server's CPU seconds during
them (``/proc/<pid>/stat``: user + system, read from outside, a figure that depends less on how
busy the machine is). The ratios are against the first variant, both as totals and as the median
of the per-batch ratios. The load average is recorded before and after. A benchmark, not a test.

    python bench/import_ab.py --variant old=/tmp/old/src --variant new=src --batches 16
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import procstat
from loading import import_bodies
from rawhttp import RawConnection
from servers import HOST, Server, ServerSpec


def variant_spec(name: str, src: Path) -> ServerSpec:
    def command(data: Path, port: int) -> list[str]:
        serve = ["serve", "--host", HOST, "--port", str(port), "--data-dir", str(data)]
        return [sys.executable, "-m", "pcreceipt", *serve]

    def environment(data: Path) -> dict[str, str]:
        home = data / "home"
        home.mkdir(exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PCRECEIPT_")}
        return {**env, "HOME": str(home), "PYTHONPATH": str(src.resolve())}

    return ServerSpec(name, command, environment, lambda data: data)


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def start_spy(server: Server, out: Path) -> subprocess.Popen[bytes]:
    """py-spy sampling the server (native frames too) into ``out/<variant>.txt`` (collapsed stacks)
    until it gets SIGINT (``PY_SPY``: its path; default ``py-spy`` on PATH)."""
    assert server.process is not None
    out.mkdir(parents=True, exist_ok=True)
    command = [os.environ.get("PY_SPY", "py-spy"), "record", "--pid", str(server.process.pid), "--native",
               "--format", "raw", "--rate", "200", "--output", str(out / f"{server.spec.name}.txt")]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)  # let it attach
    return process


async def run(
    variants: list[tuple[str, Path]], batches: int, warmup: int, skip: int, spy: Path | None = None
) -> dict[str, Any]:
    loads = import_bodies(warmup + batches, skip)
    with tempfile.TemporaryDirectory(prefix="pcr-import-ab-") as tmp:
        servers = []
        try:
            for name, src in variants:
                data = Path(tmp) / name
                data.mkdir()
                server = Server(variant_spec(name, src), data, Path(tmp) / f"{name}.log")
                server.start()
                servers.append(server)
            scopes = []
            for server in servers:
                connection = RawConnection(server.port, timeout=600)
                body = json.dumps({"title": "import ab", "summary": "A/B.", "idempotency_key": "import-ab"}).encode()
                status, answer = await connection.post("/v1/scopes", body)
                if status not in (200, 201):
                    raise RuntimeError(f"{server.spec.name}: create_scope answered {status}")
                scopes.append((connection, json.loads(answer)["scope_id"]))
            samples: dict[str, list[tuple[float, float, int]]] = {name: [] for name, _ in variants}
            spies = [start_spy(server, spy) for server in servers] if spy is not None else []
            before = uptime()
            for index, body in enumerate(loads):
                order = list(range(len(servers)))
                shift = index % len(order)
                for k in order[shift:] + order[:shift]:
                    server, (connection, scope_id) = servers[k], scopes[k]
                    assert server.process is not None
                    cpu0 = procstat.cpu_seconds(server.process.pid)
                    t0 = time.perf_counter()
                    status, answer = await connection.post(f"/v1/scopes/{scope_id}/artifacts/import", body)
                    wall = time.perf_counter() - t0
                    cpu = procstat.cpu_seconds(server.process.pid) - cpu0
                    if status != 201:
                        raise RuntimeError(f"{server.spec.name}: import answered {status}: {answer[:300]!r}")
                    if index >= warmup:
                        samples[server.spec.name].append((wall, cpu, len(json.loads(answer)["created"])))
            after = uptime()
            for process in spies:
                process.send_signal(signal.SIGINT)
                process.wait(timeout=120)
            for connection, _ in scopes:
                await connection.close()
        finally:
            for server in servers:
                server.stop()
    return report(samples, before, after)


def report(samples: dict[str, list[tuple[float, float, int]]], before: str, after: str) -> dict[str, Any]:
    names = list(samples)
    base = names[0]
    out: dict[str, Any] = {"uptime_before": before, "uptime_after": after, "variants": {}}
    for name in names:
        rows = sum(n for _, _, n in samples[name])
        wall = sum(w for w, _, _ in samples[name])
        cpu = sum(c for _, c, _ in samples[name])
        entry: dict[str, Any] = {
            "rows": rows,
            "rows_per_s": round(rows / wall, 1),
            "server_cpu_us_per_row": round(cpu / rows * 1e6, 1),
            "batch_wall_ms_median": round(statistics.median(w for w, _, _ in samples[name]) * 1e3, 1),
        }
        if name != base:
            pairs = list(zip(samples[base], samples[name], strict=True))
            entry["rows_per_s_ratio"] = round(entry["rows_per_s"] / out["variants"][base]["rows_per_s"], 3)
            entry["cpu_per_row_ratio"] = round(
                entry["server_cpu_us_per_row"] / out["variants"][base]["server_cpu_us_per_row"], 3
            )
            entry["per_batch_wall_ratio_median"] = round(statistics.median(b[0] / a[0] for a, b in pairs), 3)
        out["variants"][name] = entry
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", required=True, help="NAME=SRC_DIR (the first is the base)")
    parser.add_argument("--batches", type=int, default=16, help="measured batches of 1000 per variant")
    parser.add_argument("--warmup", type=int, default=2, help="batches sent first and not measured")
    parser.add_argument("--skip", type=int, default=0, help="batches of the corpus stream to skip first")
    parser.add_argument("--spy", type=Path, help="record each server with py-spy into this directory")
    args = parser.parse_args()
    variants = []
    for spec in args.variant:
        name, _, src = spec.partition("=")
        if not name or not src or not (Path(src) / "pcreceipt").is_dir():
            parser.error(f"--variant takes NAME=SRC_DIR with a pcreceipt package in SRC_DIR, not {spec!r}")
        variants.append((name, Path(src)))
    print(json.dumps(asyncio.run(run(variants, args.batches, args.warmup, args.skip, args.spy)), indent=2))


if __name__ == "__main__":
    main()
