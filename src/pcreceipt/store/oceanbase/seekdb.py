"""A local OceanBase-protocol server: the seekdb binary shipped in the ``pylibseekdb`` wheel, loopback only.

``pcreceipt seekdb start|stop|status`` (``pcreceipt.cli.seekdb``) runs it as a daemon for a
user; the test suite and the OceanBase benchmark run it as a child of their own process
(``start_seekdb(workdir)``). Either way it is the same server, started the same way.

Layout of a data directory ``D``::

    D/bind_loopback.c, D/bind_loopback.so   the bind() shim, rebuilt at every start
    D/server/                               seekdb's base directory (its data, logs, seekdb.out)
    D/seekdb.json                           {"pid", "port"} of the daemon ``start`` left running
    D/seekdb.lock                           held (flock) while ``start_daemon`` starts it

Decisions (seekdb 1.4.0.0 from pylibseekdb 1.4.0.post1):
- Loopback only. The binary listens on ``0.0.0.0:PORT`` and has no listen-address option, and
  its ``root`` account has an empty password, so it must never be reachable from the network.
  An LD_PRELOAD shim, compiled here with gcc (no binary is committed), rewrites a ``bind()`` to
  INADDR_ANY / in6addr_any into 127.0.0.1 / ::1. No shim, no server: a failed build refuses to
  start. Once the server answers, its listening sockets are read back from ``/proc``; one on a
  non-loopback address stops it and fails the start.
- ``--nodaemon`` keeps the binary in the foreground, so the process we spawn *is* the server and
  its pid is the one to signal. As a child (``detach=False``) it also gets ``PR_SET_PDEATHSIG``, so
  a killed test run never leaves it behind; as a daemon (``detach=True``) it gets its own session
  instead, and outlives the command that started it.
- ``TELEMETRY_ENABLED=false`` stops its telemetry report (it would try to reach the network);
  ``--log-level ERROR`` keeps its log at a few KB instead of ~25 MB per start; memory budget and
  log disk are 2 GB each; ``time_zone`` is UTC.
- Ready means ``SELECT 1`` answers as ``root``. A daemon's pid counts as running only while
  ``/proc/PID`` is alive (not a zombie) and its command line names this data directory's server,
  so a stale ``seekdb.json`` or a reused pid is never mistaken for the server.
- Stop: SIGTERM, then SIGKILL after ``STOP_TIMEOUT_SECONDS``.

Every failure is ``SeekdbError`` with a one-line message.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import importlib
import importlib.util
import ipaddress
import json
import os
import platform
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from pcreceipt.errors import PcreceiptError

DEFAULT_PORT = 2881
DEFAULT_DATABASE = "pcreceipt"
HOST = "127.0.0.1"
USER = "root"
READY_TIMEOUT_SECONDS = 120.0
STOP_TIMEOUT_SECONDS = 60.0
MEMORY_BUDGET = "2G"
LOG_DISK_SIZE = "2G"
STATE_FILE = "seekdb.json"
LOCK_FILE = "seekdb.lock"
SERVER_DIR = "server"
OUTPUT_FILE = "seekdb.out"
INSTALL_HINT = "pip install 'pcreceipt[seekdb]'"

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


class SeekdbError(PcreceiptError, RuntimeError):
    """seekdb could not be started, found or stopped here; the one-line message says why."""


@dataclass
class SeekdbServer:
    """A seekdb server on 127.0.0.1:``port`` whose data lives in ``data_dir``.

    ``process`` is set when this Python process spawned it as a child; a daemon found through
    ``seekdb.json`` has only its ``pid``.
    """

    data_dir: Path
    port: int
    pid: int
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    host: str = HOST
    user: str = USER
    password: str = ""
    _stopped: bool = field(default=False, repr=False)

    @property
    def base_dir(self) -> Path:
        return self.data_dir / SERVER_DIR

    @property
    def output_file(self) -> Path:
        return self.base_dir / OUTPUT_FILE

    def url(self, database: str = DEFAULT_DATABASE) -> str:
        """``oceanbase://root@127.0.0.1:PORT/database``, the store URL of ``database`` on this server."""
        credentials = quote(self.user, safe="")
        if self.password:
            credentials += ":" + quote(self.password, safe="")
        return f"oceanbase://{credentials}@{self.host}:{self.port}/{database}"

    def connect(self, database: str | None = None, *, timeout: float = 5) -> Any:
        """A plain autocommit pymysql connection."""
        pymysql = _pymysql()
        return pymysql.connect(
            host=self.host,
            port=self.port,
            user=self.user,
            password=self.password,
            database=database,
            charset="utf8mb4",
            autocommit=True,
            connect_timeout=timeout,
        )

    def is_running(self) -> bool:
        if self.process is not None:
            return self.process.poll() is None
        return _is_server_process(self.pid, self.base_dir)

    def rss_bytes(self) -> int:
        """The server process's resident set size."""
        for line in _read_text(Path(f"/proc/{self.pid}/status")).splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise SeekdbError(f"the seekdb process {self.pid} is not running")

    def listening_addresses(self) -> list[tuple[str, int]]:
        """(address, port) of every TCP socket the server listens on, read from ``/proc``."""
        return listening_addresses(self.pid)

    def stop(self, timeout: float = STOP_TIMEOUT_SECONDS) -> None:
        """SIGTERM, then SIGKILL after ``timeout`` seconds; idempotent."""
        if self._stopped:
            return
        self._stopped = True
        if self.process is not None:
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGTERM)
                try:
                    self.process.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
            return
        if not self.is_running():
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGTERM)
        if not _wait_until(lambda: not self.is_running(), timeout):
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            _wait_until(lambda: not self.is_running(), 10)

    def __enter__(self) -> SeekdbServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _pymysql() -> Any:
    try:
        return importlib.import_module("pymysql")
    except ModuleNotFoundError:
        raise SeekdbError(f"pymysql is not installed: {INSTALL_HINT}") from None


def _read_text(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def _wait_until(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def _is_server_process(pid: int, base_dir: Path) -> bool:
    """``pid`` is alive (not a zombie) and is the seekdb server of ``base_dir``."""
    stat = _read_text(Path(f"/proc/{pid}/stat"))
    if not stat or stat.rpartition(")")[2].split()[:1] in (["Z"], ["X"]):
        return False
    try:
        arguments = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return str(base_dir).encode() in arguments and b"--base-dir" in arguments


def seekdb_binary() -> Path:
    """The ``seekdb`` executable shipped inside the installed ``pylibseekdb`` package."""
    if not sys.platform.startswith("linux") or platform.machine() != "x86_64":
        raise SeekdbError(
            f"the seekdb binary in pylibseekdb runs on Linux x86-64 only, not {sys.platform} {platform.machine()}"
        )
    spec = importlib.util.find_spec("pylibseekdb")
    if spec is None or spec.origin is None:
        raise SeekdbError(f"the seekdb binary is not installed (the pylibseekdb package): {INSTALL_HINT}")
    binary = Path(spec.origin).resolve().parent / "seekdb"
    if not binary.is_file() or not os.access(binary, os.X_OK):
        raise SeekdbError(f"pylibseekdb has no executable seekdb binary at {binary}")
    return binary


def build_loopback_shim(directory: Path) -> Path:
    """Compile the bind() shim into ``directory`` with gcc (or cc)."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        raise SeekdbError("gcc is needed to build the loopback-only bind() shim for seekdb; install gcc")
    source = directory / "bind_loopback.c"
    shim = directory / "bind_loopback.so"
    source.write_text(_SHIM_SOURCE)
    try:
        built = subprocess.run(
            [compiler, "-shared", "-fPIC", "-O2", "-o", str(shim), str(source), "-ldl"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SeekdbError(f"compiling the loopback shim failed: {type(error).__name__}") from None
    if built.returncode != 0:
        last = (built.stderr.strip().splitlines() or ["no output"])[-1]
        raise SeekdbError(f"compiling the loopback shim with {compiler} failed: {last}")
    return shim


def free_loopback_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def check_port_free(port: int) -> None:
    """SeekdbError unless ``port`` can be bound on 127.0.0.1 (nothing listens on it, here or on every address)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((HOST, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise SeekdbError(f"port {port} is already in use on {HOST}; choose another with --port") from None
            cause = error.strerror or type(error).__name__
            raise SeekdbError(f"port {port} cannot be used on {HOST} ({cause}); choose another with --port") from None


def _socket_inodes(pid: int) -> set[str]:
    inodes: set[str] = set()
    with contextlib.suppress(OSError):
        for entry in os.scandir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                target = os.readlink(entry.path)
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
    return inodes


def _proc_address(hexaddress: str) -> str:
    """An address of ``/proc/net/tcp{,6}`` (32-bit words in host order, little-endian here)."""
    raw = bytes.fromhex(hexaddress)
    native = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
    return str(ipaddress.ip_address(native))


def listening_addresses(pid: int) -> list[tuple[str, int]]:
    """(address, port) of every TCP socket in LISTEN state that process ``pid`` holds."""
    inodes = _socket_inodes(pid)
    found: list[tuple[str, int]] = []
    for table in ("tcp", "tcp6"):
        for line in _read_text(Path(f"/proc/{pid}/net/{table}")).splitlines()[1:]:
            columns = line.split()
            if len(columns) > 9 and columns[3] == "0A" and columns[9] in inodes:
                address, port = columns[1].split(":")
                found.append((_proc_address(address), int(port, 16)))
    return sorted(found)


def is_loopback(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped.is_loopback
    return ip.is_loopback


def _die_with_parent() -> None:
    """In the child before exec: SIGTERM it when its parent dies (Linux ``prctl``)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def wait_ready(server: SeekdbServer, timeout: float = READY_TIMEOUT_SECONDS) -> float:
    """Poll ``SELECT 1`` until it answers; seconds waited. SeekdbError if the process ended first."""
    pymysql = _pymysql()
    started = time.monotonic()
    last = "no answer"
    while time.monotonic() - started < timeout:
        if not server.is_running():
            status = server.process.returncode if server.process is not None else "unknown"
            raise SeekdbError(
                f"seekdb exited (status {status}) before it was ready; see {server.output_file}"
                f" and {server.base_dir / 'log'}"
            )
        try:
            conn = server.connect(timeout=2)
            try:
                with conn.cursor() as cursor:
                    cursor.execute("SELECT 1")
            finally:
                conn.close()
            return time.monotonic() - started
        except pymysql.MySQLError as error:  # connection refused until SQL is up
            last = f"{type(error).__name__} {error.args[:1]}"
            time.sleep(0.2)
    raise SeekdbError(f"seekdb was not ready on {HOST}:{server.port} after {timeout:.0f} s ({last})")


def _check_loopback_only(server: SeekdbServer) -> None:
    exposed = [f"{address}:{port}" for address, port in server.listening_addresses() if not is_loopback(address)]
    if exposed:
        raise SeekdbError(f"seekdb listened on a non-loopback address ({', '.join(exposed)}); stopped it")


def start_seekdb(
    data_dir: Path,
    *,
    port: int | None = None,
    memory_budget: str = MEMORY_BUDGET,
    detach: bool = False,
    timeout: float = READY_TIMEOUT_SECONDS,
    on_spawned: Callable[[SeekdbServer], None] | None = None,
) -> SeekdbServer:
    """Start a loopback-only seekdb with its data in ``data_dir``; returns once it answers SQL.

    ``detach=False``: a child of this process that dies with it. ``detach=True``: a daemon in its
    own session, recorded in ``data_dir/seekdb.json``. ``port`` defaults to a free one.
    ``on_spawned`` is called once the process runs, before the wait for SQL.
    """
    binary = seekdb_binary()
    _pymysql()
    data_dir = Path(data_dir).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    port = port or free_loopback_port()
    check_port_free(port)
    shim = build_loopback_shim(data_dir)
    base_dir = data_dir / SERVER_DIR
    base_dir.mkdir(parents=True, exist_ok=True)
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
    placement: dict[str, Any] = {"start_new_session": True} if detach else {"preexec_fn": _die_with_parent}
    with open(base_dir / OUTPUT_FILE, "ab") as output:
        try:
            process = subprocess.Popen(
                command,
                cwd=base_dir,
                env=environment,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                **placement,
            )
        except OSError as error:
            raise SeekdbError(f"seekdb could not be executed: {error.strerror or type(error).__name__}") from None
    server = SeekdbServer(data_dir=data_dir, port=port, pid=process.pid, process=process)
    if detach:
        write_state(server)
    try:
        if on_spawned is not None:
            on_spawned(server)
        wait_ready(server, timeout)
        _check_loopback_only(server)
    except BaseException:
        server.stop()
        if detach:
            clear_state(data_dir)
        raise
    return server


def create_database(server: SeekdbServer, database: str = DEFAULT_DATABASE) -> None:
    """``CREATE DATABASE IF NOT EXISTS`` (utf8mb4), so the server's URL works as it is printed."""
    pymysql = _pymysql()
    try:
        conn = server.connect()
        try:
            with conn.cursor() as cursor:
                cursor.execute(f"CREATE DATABASE IF NOT EXISTS `{database}` DEFAULT CHARACTER SET utf8mb4")
        finally:
            conn.close()
    except pymysql.MySQLError as error:
        raise SeekdbError(f"seekdb answered but creating the database {database} failed: {error.args[:1]}") from None


# -- the daemon ``pcreceipt seekdb`` manages


def start_daemon(
    data_dir: Path,
    port: int = DEFAULT_PORT,
    *,
    timeout: float = READY_TIMEOUT_SECONDS,
    on_spawned: Callable[[SeekdbServer], None] | None = None,
) -> SeekdbServer:
    """Start ``data_dir``'s server as a daemon and create ``DEFAULT_DATABASE`` on it.

    Refused while that server runs, or while another start for ``data_dir`` is in progress.
    """
    data_dir = Path(data_dir).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    with open(data_dir / LOCK_FILE, "a+b") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SeekdbError(f"another start of seekdb for {data_dir} is in progress") from None
        running = running_server(data_dir)
        if running is not None:
            raise SeekdbError(
                f"seekdb is already running on {running.host}:{running.port} (pid {running.pid}) for {data_dir}"
            )
        server = start_seekdb(data_dir, port=port, detach=True, timeout=timeout, on_spawned=on_spawned)
        try:
            create_database(server)
        except BaseException:
            server.stop()
            clear_state(data_dir)
            raise
        return server


def write_state(server: SeekdbServer) -> None:
    state = {"pid": server.pid, "port": server.port}
    path = server.data_dir / STATE_FILE
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(state) + "\n")
    temporary.replace(path)


def clear_state(data_dir: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        (data_dir / STATE_FILE).unlink()


def running_server(data_dir: Path) -> SeekdbServer | None:
    """The daemon ``start`` left running in ``data_dir``, or None (a stale state file is removed)."""
    data_dir = Path(data_dir).resolve()
    path = data_dir / STATE_FILE
    try:
        state = json.loads(path.read_text())
        server = SeekdbServer(data_dir=data_dir, port=int(state["port"]), pid=int(state["pid"]))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        clear_state(data_dir)
        return None
    if not server.is_running():
        clear_state(data_dir)
        return None
    return server


def stop_server(data_dir: Path, timeout: float = STOP_TIMEOUT_SECONDS) -> SeekdbServer | None:
    """Stop the daemon of ``data_dir``; the server that was stopped, or None if none was running."""
    server = running_server(data_dir)
    if server is None:
        return None
    server.stop(timeout)
    if server.is_running():
        raise SeekdbError(f"seekdb (pid {server.pid}) did not stop, even after SIGKILL")
    clear_state(server.data_dir)
    return server
