"""A real OceanBase seekdb server for tests: the binary inside the installed ``pylibseekdb`` wheel.

``start_seekdb(workdir)`` launches it as a loopback-only TCP server in ``workdir`` on a free port
and returns once ``SELECT 1`` answers; ``SeekdbServer.stop()`` ends it (SIGTERM, then SIGKILL
after a grace period). Used by the session fixture in ``tests/engines.py`` and by
``bench/oceanbase_bench.py``; runnable by hand too::

    python tests/seekdb.py /tmp/seekdb-dir      # start, print the URL, stop on Enter

Facts it relies on (seekdb 1.4.0.0 from pylibseekdb 1.4.0.post1):
- The binary listens on ``0.0.0.0:PORT`` and has no listen-address option. An LD_PRELOAD shim,
  compiled here with gcc into ``workdir`` at start (no binary is committed), rewrites a
  ``bind()`` to INADDR_ANY / in6addr_any into 127.0.0.1 / ::1, so the server is loopback-only.
- ``--nodaemon`` keeps it in the foreground, so the ``Popen`` child *is* the server; on Linux the
  child also gets ``PR_SET_PDEATHSIG`` so a killed test run never leaves it behind.
- ``TELEMETRY_ENABLED=false`` stops its telemetry report (it would try to reach the network);
  ``--log-level ERROR`` keeps its log at a few KB instead of ~25 MB per start.
- User ``root`` with an empty password; ``time_zone`` is fixed to UTC at initialisation.

Nothing here skips: when the server cannot start, ``SeekdbStartError`` says why.
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

READY_TIMEOUT_SECONDS = 120.0
STOP_TIMEOUT_SECONDS = 60.0
MEMORY_BUDGET = "2G"
LOG_DISK_SIZE = "2G"
USER = "root"

_SHIM_SOURCE = r"""
/* LD_PRELOAD shim: a bind() to INADDR_ANY becomes 127.0.0.1, to in6addr_any becomes ::1. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>
int bind(int fd, const struct sockaddr *addr, socklen_t len) {
    static int (*real_bind)(int, const struct sockaddr *, socklen_t);
    if (!real_bind) real_bind = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "bind");
    if (addr && addr->sa_family == AF_INET && len >= sizeof(struct sockaddr_in)) {
        struct sockaddr_in a; memcpy(&a, addr, sizeof a);
        if (a.sin_addr.s_addr == htonl(INADDR_ANY)) a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        return real_bind(fd, (struct sockaddr *)&a, sizeof a);
    }
    if (addr && addr->sa_family == AF_INET6 && len >= sizeof(struct sockaddr_in6)) {
        struct sockaddr_in6 a; memcpy(&a, addr, sizeof a);
        if (!memcmp(&a.sin6_addr, &in6addr_any, sizeof a.sin6_addr)) a.sin6_addr = in6addr_loopback;
        return real_bind(fd, (struct sockaddr *)&a, sizeof a);
    }
    return real_bind(fd, addr, len);
}
"""


class SeekdbStartError(RuntimeError):
    """The seekdb server could not be started here; the message says why."""


@dataclass
class SeekdbServer:
    """A running seekdb server on 127.0.0.1:``port``."""

    base_dir: Path
    port: int
    process: subprocess.Popen[bytes]
    host: str = "127.0.0.1"
    user: str = USER
    password: str = ""
    _stopped: bool = field(default=False, repr=False)

    @property
    def pid(self) -> int:
        return self.process.pid

    def url(self, database: str) -> str:
        """``oceanbase://root:@127.0.0.1:PORT/database`` for ``pcreceipt.store.open_store``."""
        credentials = f"{quote(self.user, safe='')}:{quote(self.password, safe='')}"
        return f"oceanbase://{credentials}@{self.host}:{self.port}/{database}"

    def connect(self, database: str | None = None) -> object:
        """A plain autocommit pymysql connection (for tests that poke at the server directly)."""
        import pymysql

        return pymysql.connect(
            host=self.host,
            port=self.port,
            user=self.user,
            password=self.password,
            database=database,
            charset="utf8mb4",
            autocommit=True,
            connect_timeout=5,
        )

    def rss_bytes(self) -> int:
        """The server process's resident set size."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise SeekdbStartError("the seekdb process has no VmRSS")

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after ``STOP_TIMEOUT_SECONDS``; idempotent."""
        if self._stopped:
            return
        self._stopped = True
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> SeekdbServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def seekdb_binary() -> Path:
    """The ``seekdb`` executable shipped inside the installed ``pylibseekdb`` package."""
    spec = importlib.util.find_spec("pylibseekdb")
    if spec is None or spec.origin is None:
        raise SeekdbStartError("the pylibseekdb package is not installed (pip install -e '.[test]')")
    binary = Path(spec.origin).resolve().parent / "seekdb"
    if not binary.is_file() or not os.access(binary, os.X_OK):
        raise SeekdbStartError(f"pylibseekdb has no executable seekdb binary at {binary}")
    return binary


def build_loopback_shim(directory: Path) -> Path:
    """Compile the bind() shim into ``directory`` with gcc."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        raise SeekdbStartError("gcc is needed to build the loopback bind() shim for seekdb")
    source = directory / "bind_loopback.c"
    shim = directory / "bind_loopback.so"
    source.write_text(_SHIM_SOURCE)
    built = subprocess.run(
        [compiler, "-shared", "-fPIC", "-O2", "-o", str(shim), str(source), "-ldl"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if built.returncode != 0:
        raise SeekdbStartError(f"compiling the loopback shim failed: {built.stderr.strip()[-2000:]}")
    return shim


def free_loopback_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _die_with_parent() -> None:
    """In the child before exec: SIGTERM it when the test process dies (Linux ``prctl``)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _tail(path: Path, limit: int = 3000) -> str:
    try:
        return path.read_text(errors="replace")[-limit:]
    except OSError:
        return ""


def wait_ready(server: SeekdbServer, timeout: float = READY_TIMEOUT_SECONDS) -> float:
    """Poll ``SELECT 1`` until it answers; seconds waited. SeekdbStartError if the process died."""
    import pymysql

    started = time.monotonic()
    last: BaseException | None = None
    while time.monotonic() - started < timeout:
        if server.process.poll() is not None:
            raise SeekdbStartError(
                f"seekdb exited with status {server.process.returncode} before it was ready:\n"
                + _tail(server.base_dir / "seekdb.out")
                + _tail(server.base_dir / "log" / "seekdb.log")
            )
        try:
            conn = pymysql.connect(
                host=server.host, port=server.port, user=server.user, password=server.password, connect_timeout=2
            )
            try:
                with conn.cursor() as cursor:
                    cursor.execute("SELECT 1")
            finally:
                conn.close()
            return time.monotonic() - started
        except pymysql.MySQLError as error:  # connection refused until SQL is up
            last = error
            time.sleep(0.1)
    raise SeekdbStartError(f"seekdb was not ready on 127.0.0.1:{server.port} after {timeout:.0f} s: {last!r}")


def start_seekdb(workdir: Path, *, port: int | None = None, memory_budget: str = MEMORY_BUDGET) -> SeekdbServer:
    """Start a loopback-only seekdb with its data in ``workdir``; returns once it answers SQL."""
    if not sys.platform.startswith("linux"):
        raise SeekdbStartError(f"the seekdb binary in pylibseekdb runs on Linux only, not {sys.platform}")
    binary = seekdb_binary()
    workdir = Path(workdir).resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    shim = build_loopback_shim(workdir)
    base_dir = workdir / "seekdb"
    port = port or free_loopback_port()
    command = [
        str(binary),
        "--nodaemon",
        "--base-dir",
        str(base_dir),
        "--port",
        str(port),
        "--parameter",
        f"memory_budget={memory_budget}",
        "--parameter",
        f"log_disk_size={LOG_DISK_SIZE}",
        "--variable",
        "time_zone=+00:00",
        "--log-level",
        "ERROR",
    ]
    environment = {**os.environ, "TELEMETRY_ENABLED": "false", "LD_PRELOAD": str(shim)}
    base_dir.mkdir(parents=True, exist_ok=True)
    with open(base_dir / "seekdb.out", "ab") as output:
        try:
            process = subprocess.Popen(
                command,
                env=environment,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                preexec_fn=_die_with_parent,
            )
        except OSError as error:
            raise SeekdbStartError(f"seekdb could not be executed: {error}") from error
    server = SeekdbServer(base_dir=base_dir, port=port, process=process)
    try:
        wait_ready(server)
    except BaseException:
        server.stop()
        raise
    return server


if __name__ == "__main__":
    with start_seekdb(Path(sys.argv[1])) as running:
        print(running.url("test"), "pid", running.pid, flush=True)
        with contextlib.suppress(EOFError, KeyboardInterrupt):
            input("press Enter to stop\n")
