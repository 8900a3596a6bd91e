"""Starting and stopping the servers under test, each a real process on 127.0.0.1.

``ServerSpec`` says how to start one server on a data directory (``pcreceipt_spec`` here, on SQLite
in that directory; ``pcreceipt_oceanbase_spec`` on a database of a loopback seekdb the bench started;
the peer's in ``peer.py``); ``Server`` runs it on a free port and times exec until ``/health/ready``.
The free port comes from pcreceipt itself (``pcreceipt.store.oceanbase.seekdb.free_loopback_port``).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from measure import peak_rss_mb

from pcreceipt.store.oceanbase.seekdb import SeekdbServer, create_database
from pcreceipt.store.oceanbase.seekdb import free_loopback_port as free_port

HOST = "127.0.0.1"
READY_TIMEOUT = 900.0  # PowerContext's restart grows with its data (about 28 s at 1k here)


def ready(base_url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base_url}/health/ready", timeout=1) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError, ValueError):
        return False


@dataclass
class ServerSpec:
    """How to start one server on a data directory."""

    name: str
    command: Callable[[Path, int], list[str]]
    environment: Callable[[Path], dict[str, str]]
    cwd: Callable[[Path], Path]
    in_process: bool = False  # pcreceipt on SQLite: the runtime can also run in this process on the same store
    single_creates: bool = False  # pcreceipt: also time one-by-one creates into a second Scope
    database_pid: int | None = None  # a database server of its own (seekdb): its CPU is reported too


def pcreceipt_spec() -> ServerSpec:
    def command(data: Path, port: int) -> list[str]:
        serve = ["serve", "--host", HOST, "--port", str(port), "--data-dir", str(data)]
        return [sys.executable, "-m", "pcreceipt", *serve]

    def environment(data: Path) -> dict[str, str]:
        return {k: v for k, v in os.environ.items() if not k.startswith("PCRECEIPT_")}

    return ServerSpec("pcreceipt", command, environment, lambda data: data, in_process=True, single_creates=True)


OCEANBASE = "pcreceipt-oceanbase"


def pcreceipt_oceanbase_spec(seekdb: SeekdbServer) -> ServerSpec:
    """``pcreceipt serve`` on a database of ``seekdb`` named after the data directory (created at
    the first start, reused by the restarts), so each N gets a fresh database on the same server."""
    sqlite = pcreceipt_spec()

    def environment(data: Path) -> dict[str, str]:
        database = "bench_" + re.sub(r"\W", "_", data.name)
        create_database(seekdb, database)
        return {**sqlite.environment(data), "PCRECEIPT_STORE_URL": seekdb.url(database)}

    return ServerSpec(OCEANBASE, sqlite.command, environment, sqlite.cwd, single_creates=True, database_pid=seekdb.pid)


class Server:
    """One server process; ``start`` returns the seconds from exec until ready."""

    def __init__(self, spec: ServerSpec, data: Path, log_path: Path) -> None:
        self.spec = spec
        self.data = data
        self.port = free_port()
        self.base_url = f"http://{HOST}:{self.port}"
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        cwd = self.spec.cwd(self.data)
        log = self.log_path.open("ab")
        started = time.perf_counter()
        self.process = subprocess.Popen(
            self.spec.command(self.data, self.port),
            env=self.spec.environment(self.data),
            cwd=cwd,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        deadline = started + READY_TIMEOUT
        while not ready(self.base_url):
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.spec.name} exited with {self.process.returncode}; see {self.log_path}")
            if time.perf_counter() > deadline:
                self.stop()
                raise RuntimeError(f"{self.spec.name} was not ready within {READY_TIMEOUT:.0f} s")
            time.sleep(0.01)
        return time.perf_counter() - started

    def peak_rss_mb(self) -> float | None:
        return None if self.process is None else peak_rss_mb(self.process.pid)

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
