"""``pcreceipt serve --workers N`` as a user runs it: a fresh HOME, no --data-dir, a real process tree.

On both engines, two workers serve one store: a memory written through one request is recalled
by prepares answered by both workers (each worker logs its process id on its access log line,
so the log shows who answered), the default Scope exists exactly once, and SIGTERM to the
parent stops every worker. A worker count below 1 is one line on stderr and exit status 2.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from _support.commands import PCRECEIPT, ServerProcess, run, user_environment
from _support.engines import ENGINES
from _support.ports import free_port
from _support.seekdb import oceanbase_url

READY_SECONDS = 120
CLIENTS = 6
ROUNDS = 30
FACT = "The staging database is rotated every Thursday at noon"
WORKER_STARTED = re.compile(r"Started server process \[(\d+)\]")
PREPARE_ANSWERED = re.compile(r"pcreceipt\.access \[(\d+)\] POST /v1/context/prepare 200 ")


def _call(url: str, method: str = "GET", body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status  # a zombie has stopped


def _children(pid: int) -> set[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return {int(child) for child in path.read_text().split()} if path.exists() else set()


@pytest.mark.parametrize("workers", ["0", "-1"])
def test_fewer_than_one_worker_is_one_line(tmp_path: Path, workers: str) -> None:
    result = run([PCRECEIPT, "serve", "--workers", workers, "--port", str(free_port())], user_environment(tmp_path))
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [f"error: --workers must be 1 or more (got {workers})"]


@pytest.mark.parametrize("engine", ENGINES)
def test_two_workers_share_one_store_and_stop_together(
    engine: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    extra = {}
    if engine == "oceanbase":
        request.getfixturevalue("seekdb_server")
        extra["PCRECEIPT_STORE_URL"] = oceanbase_url(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    log = tmp_path / "serve.log"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    # exec: the process the test signals is pcreceipt itself; its output goes to a file read while it runs
    command = f"exec {PCRECEIPT} serve --workers 2 --port {port} > {log} 2>&1"
    server = ServerProcess(command, user_environment(home, extra))
    parent = server.process.pid
    try:
        assert server.wait_ready(url, READY_SECONDS), log.read_text()
        deadline = time.monotonic() + READY_SECONDS  # ready means one worker is; wait for both
        while len(WORKER_STARTED.findall(log.read_text())) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        workers = {int(pid) for pid in WORKER_STARTED.findall(log.read_text())}
        assert len(workers) == 2, log.read_text()
        assert workers <= _children(parent)

        default = _call(f"{url}/v1/scopes/default")
        scope_id = default["scope_id"]
        _call(f"{url}/v1/memory/remember", "POST", {"scope_id": scope_id, "kind": "fact", "text": FACT})
        prepare = {"scope_id": scope_id, "query": "when is the staging database rotated"}
        with ThreadPoolExecutor(CLIENTS) as pool:
            for _ in range(ROUNDS):
                answers = list(pool.map(lambda _: _call(f"{url}/v1/context/prepare", "POST", prepare), range(CLIENTS)))
                assert all(FACT in json.dumps(answer) for answer in answers), answers[0]
                if len(set(PREPARE_ANSWERED.findall(log.read_text()))) >= 2:
                    break
        answered = {int(pid) for pid in PREPARE_ANSWERED.findall(log.read_text())}
        assert answered == workers, log.read_text()[-4000:]

        scopes = _call(f"{url}/v1/scopes")["items"]
        assert [scope["scope_id"] for scope in scopes] == [scope_id]  # a fresh store: the default Scope, once
    finally:
        os.kill(parent, signal.SIGTERM)  # the parent alone, as a service manager stops it
        try:
            stopped = server.process.wait(timeout=60) == 0
        finally:
            server.stop()  # only if SIGTERM did not stop it: SIGINT, then SIGKILL, to the group
    output = log.read_text()
    assert stopped, output[-4000:]
    assert not [pid for pid in workers if _alive(pid)], output[-4000:]
    assert "Traceback" not in output
    assert output.count("serving http://127.0.0.1:") == 1  # the banner: once, from the parent


def test_help_and_readme_name_the_workers_option(tmp_path: Path) -> None:
    result = run([PCRECEIPT, "serve", "--help"], user_environment(tmp_path, {"COLUMNS": "160"}))
    assert result.returncode == 0, result.stderr
    assert "--workers" in result.stdout and "[default: 1]" in result.stdout
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "[--workers 1]" in readme


def test_workers_share_one_tcp_listener_and_get_thirty_seconds_to_answer_the_liveness_ping(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """uvicorn kills a worker that does not answer its supervisor's ping in time and starts another;
    a new worker answers only once Python has started and imported the app, which took longer than
    uvicorn's default 5 s on a loaded machine (every replacement was killed the same way). The
    socket the workers share is declared TCP (see ``tests/server/test_workers_listener.py``)."""
    from pcreceipt.cli import serve as serve_module
    from pcreceipt.config import load_settings
    from pcreceipt.server.http import workers as workers_module

    captured: dict[str, Any] = {}

    class Supervisor:
        def __init__(self, config: Any, sockets: list[socket.socket]) -> None:
            captured.update(config=config, sockets=sockets)

        def run(self) -> None:
            captured["port"] = captured["sockets"][0].getsockname()[1]  # still open while the supervisor runs

    monkeypatch.setattr(workers_module, "Multiprocess", Supervisor)
    monkeypatch.setenv(serve_module.WORKER_OPTIONS, "")  # _serve_workers sets it; undone after the test
    port = free_port()
    settings = load_settings(environ={}, overrides={"data_dir": tmp_path / "data", "port": port})
    bound = workers_module.bind_listener(settings.host, port)
    serve_module._serve_workers(settings, None, 2, bound)
    config, (listener,) = captured["config"], captured["sockets"]
    assert captured["port"] == port  # the socket serve bound, before the banner
    assert config.app == "pcreceipt.server.http.workers:worker_app" and config.factory and config.workers == 2
    assert config.timeout_worker_healthcheck == workers_module.WORKER_HEALTHCHECK_SECONDS == 30
    assert config.loop == "pcreceipt.server.http.accept:BalancedAcceptLoop"
    assert listener.proto == socket.IPPROTO_TCP
    assert listener.fileno() == -1  # closed once the supervisor returned
