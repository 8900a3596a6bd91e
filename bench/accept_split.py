"""How 4 keep-alive connections opened at once split over the 2 workers of ``serve --workers 2``,
with asyncio's own event loop in the workers against pcreceipt's (``server.workers.OneAcceptEventLoop``,
which accepts one connection per wake-up).

Both servers run the workers' app through uvicorn's command line on one fresh SQLite store, side
by side; rounds alternate between them. Each round opens four connections at once, sends three
prepares on each, and reads from /proc which worker holds each connection (``procstat``).
Prints one JSON object: how often each split (4+0, 3+1, 2+2) came up per loop.

    python bench/accept_split.py --rounds 40
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

import procstat
from rawhttp import RawConnection
from servers import HOST, Server, ServerSpec, pcreceipt_spec

from pcreceipt.server.workers import WORKER_LOOP, WORKER_OPTIONS

CLIENTS = 4
LOOPS = {"asyncio": "asyncio", "pcreceipt": WORKER_LOOP}


def uvicorn_spec(name: str, loop: str) -> ServerSpec:
    def command(data: Path, port: int) -> list[str]:
        app = ["pcreceipt.server.workers:worker_app", "--factory", "--workers", "2", "--loop", loop]
        options = ["--host", HOST, "--port", str(port), "--no-access-log", "--timeout-worker-healthcheck", "30"]
        return [sys.executable, "-m", "uvicorn", *app, *options]

    def environment(data: Path) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PCRECEIPT_")}
        overrides = {"data_dir": str(data), "host": HOST, "port": 0, "require_tokens": False}
        env[WORKER_OPTIONS] = json.dumps({"config": None, "overrides": overrides})
        return env

    return ServerSpec(name, command, environment, lambda data: data)


async def one_round(server: Server, scope_id: str) -> str:
    assert server.process is not None
    workers = [p for p in procstat.children(server.process.pid) if "spawn_main" in procstat.command_line(p)]
    connections = [RawConnection(server.port) for _ in range(CLIENTS)]
    body = json.dumps({"scope_id": scope_id, "query": "how are connections accepted"}).encode()

    async def client(connection: RawConnection) -> None:
        for _ in range(3):
            await connection.post("/v1/context/prepare", body)

    try:
        await asyncio.gather(*(client(c) for c in connections))
        ports = [c.writer.get_extra_info("sockname")[1] for c in connections if c.writer is not None]
        owners = Counter(procstat.connection_owners(server.port, ports, workers).values())
    finally:
        for connection in connections:
            await connection.close()
    return "+".join(str(owners[p]) for p in sorted(workers, key=lambda p: -owners[p]))


async def measure(rounds: int, work: Path) -> dict[str, object]:
    data = work / "data"
    data.mkdir()
    setup = Server(pcreceipt_spec(), data, work / "setup.log")  # migrations and the default Scope
    setup.start()
    try:
        with urllib.request.urlopen(f"{setup.base_url}/v1/scopes/default", timeout=30) as response:
            scope_id = json.loads(response.read())["scope_id"]
    finally:
        setup.stop()
    servers = [Server(uvicorn_spec(name, loop), data, work / f"{name}.log") for name, loop in LOOPS.items()]
    splits: dict[str, Counter[str]] = {s.spec.name: Counter() for s in servers}
    try:
        for server in servers:
            server.start()
        time.sleep(3)  # ready means one worker is: give the second its start-up
        load_before = os.getloadavg()
        for index in range(rounds):
            for server in servers if index % 2 == 0 else reversed(servers):
                splits[server.spec.name][await one_round(server, scope_id)] += 1
        load_after = os.getloadavg()
    finally:
        for server in servers:
            server.stop()
    return {
        "rounds": rounds,
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load_after],
        "splits": {name: dict(sorted(got.items())) for name, got in splits.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pcreceipt-accept-split-") as work:
        print(json.dumps(asyncio.run(measure(args.rounds, Path(work))), indent=2))


if __name__ == "__main__":
    main()
