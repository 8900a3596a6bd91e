"""``pcreceipt seekdb start|status|stop`` as a user runs it: the installed script in a fresh HOME.

One daemon for the module, started by the real CLI in its default data directory (under the
fresh HOME) on a free port; ``pcreceipt serve`` (no ``--data-dir``) then runs on the URL
``start`` printed, and a write and a prepare go through it over HTTP. The last test stops the daemon, restarts it on the
same data and stops it again. The refusals (port in use, no gcc) never start a server.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from _support.commands import PCRECEIPT, ServerProcess, run, user_environment

from pcreceipt.store.oceanbase import seekdb

pytestmark = pytest.mark.oceanbase  # starts seekdb through `pcreceipt seekdb start`

START_TIMEOUT = seekdb.READY_TIMEOUT_SECONDS + 60


@dataclass
class Daemon:
    home: Path
    env: dict[str, str]
    port: int
    url: str

    @property
    def data_dir(self) -> Path:
        return self.home / ".local" / "share" / "pcreceipt" / "seekdb"


def pcreceipt(env: dict[str, str], *arguments: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    result: subprocess.CompletedProcess[str] = run([PCRECEIPT, *arguments], env, timeout=timeout)
    return result


def _one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and result.stdout == "", (result.returncode, result.stdout)
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def _non_loopback_addresses() -> list[str]:
    hostname = shutil.which("hostname")
    if hostname is None:
        return []
    result = subprocess.run([hostname, "-I"], capture_output=True, text=True, timeout=10, check=False)
    return [address for address in result.stdout.split() if not seekdb.is_loopback(address.split("%")[0])]


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    home = tmp_path_factory.mktemp("home")
    env = user_environment(home)
    port = seekdb.free_loopback_port()
    started = pcreceipt(env, "seekdb", "start", "--port", str(port), timeout=START_TIMEOUT)
    try:
        assert started.returncode == 0, started.stderr
        url = f"oceanbase://root@127.0.0.1:{port}/pcreceipt"
        assert started.stdout == f"PCRECEIPT_STORE_URL={url}\n"
        yield Daemon(home=home, env=env, port=port, url=url)
    finally:
        pcreceipt(env, "seekdb", "stop")
        leftover = seekdb.running_server(home / ".local" / "share" / "pcreceipt" / "seekdb")
        if leftover is not None:
            leftover.stop(timeout=10)


def test_status_reports_the_running_server_and_its_url(daemon: Daemon) -> None:
    result = pcreceipt(daemon.env, "seekdb", "status")
    assert result.returncode == 0, result.stderr
    state = json.loads((daemon.data_dir / "seekdb.json").read_text())
    assert state["port"] == daemon.port
    assert result.stdout.splitlines() == [
        f"seekdb is running on 127.0.0.1:{daemon.port} (pid {state['pid']}, data dir {daemon.data_dir})",
        f"PCRECEIPT_STORE_URL={daemon.url}",
    ]


def test_the_server_outlived_the_command_and_listens_on_loopback_only(daemon: Daemon) -> None:
    server = seekdb.running_server(daemon.data_dir)
    assert server is not None and server.is_running()
    assert os.getsid(server.pid) == server.pid  # its own session: no terminal or parent ends it
    listening = server.listening_addresses()
    assert ("127.0.0.1", daemon.port) in listening
    assert all(seekdb.is_loopback(address) for address, _ in listening), listening
    with socket.create_connection(("127.0.0.1", daemon.port), timeout=5):
        pass
    for address in _non_loopback_addresses():
        with pytest.raises(OSError), socket.create_connection((address, daemon.port), timeout=5):
            pass


def test_serve_on_the_printed_url_writes_and_prepares(daemon: Daemon) -> None:
    port = seekdb.free_loopback_port()
    base = f"http://127.0.0.1:{port}"
    env = {**daemon.env, "PCRECEIPT_STORE_URL": daemon.url, "PCRECEIPT_PORT": str(port)}
    server = ServerProcess([PCRECEIPT, "serve"], env)
    try:
        assert server.wait_ready(base, timeout=60), server.stop()
        client_env = {**daemon.env, "PCRECEIPT_URL": base}
        created = pcreceipt(client_env, "scope", "create", "--title", "seekdb", "--summary", "on seekdb", "--json")
        assert created.returncode == 0, created.stderr
        scope_id = json.loads(created.stdout)["scope_id"]
        note = "The team keeps its context in a local seekdb server"
        added = pcreceipt(client_env, "memory", "add", "--scope", scope_id, "--kind", "decision", note)
        assert added.returncode == 0, added.stderr
        prepared = pcreceipt(
            client_env,
            "context",
            "prepare",
            "--scope",
            scope_id,
            "--query",
            "where does the team keep its context",
            "--include-receipt",
            "--json",
        )
        assert prepared.returncode == 0, prepared.stderr
        response = json.loads(prepared.stdout)
        assert response["status"] == "ready" and note in response["content"]
        assert added.stdout.strip() in json.dumps(response["receipt"]["selected"])
    finally:
        output = server.stop()
    assert f"127.0.0.1:{daemon.port}/pcreceipt" in output  # the startup banner names the store
    running = seekdb.running_server(daemon.data_dir)
    assert running is not None
    conn = running.connect("pcreceipt")
    try:
        with conn.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM scopes WHERE scope_id = %s", (scope_id,))
            assert cursor.fetchone() == (1,)
    finally:
        conn.close()


def test_a_second_start_says_it_is_already_running(daemon: Daemon) -> None:
    result = pcreceipt(daemon.env, "seekdb", "start", "--port", str(seekdb.free_loopback_port()))
    assert f"seekdb is already running on 127.0.0.1:{daemon.port}" in _one_error_line(result)


def test_stop_then_restart_keeps_the_data_and_stop_is_idempotent(daemon: Daemon) -> None:
    pid = json.loads((daemon.data_dir / "seekdb.json").read_text())["pid"]
    stopped = pcreceipt(daemon.env, "seekdb", "stop", timeout=seekdb.STOP_TIMEOUT_SECONDS + 30)
    assert (stopped.returncode, stopped.stdout) == (0, f"stopped seekdb (pid {pid})\n"), stopped.stderr
    assert not (daemon.data_dir / "seekdb.json").exists()
    status = pcreceipt(daemon.env, "seekdb", "status")
    assert (status.returncode, status.stdout) == (3, f"seekdb is not running (data dir {daemon.data_dir})\n")
    again = pcreceipt(daemon.env, "seekdb", "stop")
    assert (again.returncode, again.stdout) == (0, f"seekdb is not running (data dir {daemon.data_dir})\n")

    restarted = pcreceipt(daemon.env, "seekdb", "start", "--port", str(daemon.port), timeout=START_TIMEOUT)
    assert restarted.returncode == 0 and restarted.stdout == f"PCRECEIPT_STORE_URL={daemon.url}\n", restarted.stderr
    server = seekdb.running_server(daemon.data_dir)
    assert server is not None
    conn = server.connect("pcreceipt")
    try:
        with conn.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM scopes")
            (scopes,) = cursor.fetchone()
    finally:
        conn.close()
    assert scopes >= 1  # what the serve test wrote survived the restart (0 when run alone)
    final = pcreceipt(daemon.env, "seekdb", "stop", timeout=seekdb.STOP_TIMEOUT_SECONDS + 30)
    assert final.returncode == 0 and final.stdout.startswith("stopped seekdb"), final.stderr
    assert not server.is_running()


def test_start_on_a_port_in_use_fails_with_one_line(tmp_path: Path) -> None:
    env = user_environment(tmp_path / "home")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = pcreceipt(env, "seekdb", "start", "--data-dir", str(tmp_path / "db"), "--port", str(port))
    assert _one_error_line(result) == f"error: port {port} is already in use on 127.0.0.1; choose another with --port"
    assert not (tmp_path / "db" / "seekdb.json").exists()


def test_start_without_gcc_refuses_with_one_line(tmp_path: Path) -> None:
    env = user_environment(tmp_path / "home", {"PATH": str(tmp_path / "empty-path")})
    result = pcreceipt(
        env, "seekdb", "start", "--data-dir", str(tmp_path / "db"), "--port", str(seekdb.free_loopback_port())
    )
    assert "gcc is needed to build the loopback-only bind() shim" in _one_error_line(result)
    assert not (tmp_path / "db" / "server").exists()
