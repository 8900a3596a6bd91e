"""The two servers of the live diff: PowerContext 1.4.1 and ``pcreceipt serve``, each a real process on
127.0.0.1 with SQLite in its own temporary directory, started together once per session.

PowerContext's CLI comes from ``PCRECEIPT_PCDIFF_PEER`` (``nox -s pcdiff`` installs
``powercontext[ops,cli,client]==1.4.1`` into its own virtualenv at session time and sets it);
pcreceipt's from the virtualenv running the tests. Each server gets a clean environment: its own
HOME, none of its product's ``*_`` variables, and PowerContext its own ``POWERCONTEXT_HOME`` and
workspace (``--no-env-file``), so neither reads anything of the machine's.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from _support.ports import free_port

PEER_ENVIRONMENT_VARIABLE = "PCRECEIPT_PCDIFF_PEER"
# ``PCRECEIPT_PCDIFF_AGAINST=powercontext``: compare PowerContext with a second PowerContext instead of
# with pcreceipt -- the harness's own check: then every comparison but the allowances must pass.
AGAINST_ENVIRONMENT_VARIABLE = "PCRECEIPT_PCDIFF_AGAINST"
PEER = "powercontext"
OURS = "pcreceipt"
SECOND_PEER = "powercontext-2"
HOST = "127.0.0.1"
READY_TIMEOUT_S = 180.0  # the peer alone takes ~10 s on an idle 2-core machine; the machine is shared


def peer_executable() -> Path:
    value = os.environ.get(PEER_ENVIRONMENT_VARIABLE, "")
    path = Path(value)
    if not value or not path.is_file():
        raise RuntimeError(
            f"{PEER_ENVIRONMENT_VARIABLE} must name PowerContext 1.4.1's `powercontext` CLI (got {value!r}); "
            "`nox -s pcdiff` installs it and sets the variable"
        )
    return path


def _environment(home: Path) -> dict[str, str]:
    environment = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PCRECEIPT_", "POWERCONTEXT_", "XDG_", "PYTEST_", "NOX_"))
    }
    environment["HOME"] = str(home)
    return environment


@dataclass
class Server:
    """One server process; ``log`` keeps what it printed (shown when it fails to start)."""

    name: str
    url: str
    process: subprocess.Popen[bytes]
    log: Path

    def output_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _spawn(name: str, command: Sequence[str], env: dict[str, str], cwd: Path, port: int, log: Path) -> Server:
    with log.open("wb") as sink:
        process = subprocess.Popen(list(command), env=env, cwd=cwd, stdout=sink, stderr=subprocess.STDOUT)
    return Server(name, f"http://{HOST}:{port}", process, log)


def _wait_ready(servers: Sequence[Server]) -> None:
    pending = list(servers)
    deadline = time.monotonic() + READY_TIMEOUT_S
    while pending:
        for server in list(pending):
            if server.process.poll() is not None:
                raise RuntimeError(f"{server.name} exited with {server.process.returncode}:\n{server.output_tail()}")
            try:
                with urllib.request.urlopen(f"{server.url}/health/ready", timeout=2) as response:
                    if response.status == 200:
                        pending.remove(server)
            except (urllib.error.URLError, OSError):
                pass
        if pending and time.monotonic() > deadline:
            tails = "\n".join(f"--- {s.name}:\n{s.output_tail()}" for s in pending)
            raise RuntimeError(f"not ready after {READY_TIMEOUT_S:.0f} s: {[s.name for s in pending]}\n{tails}")
        if pending:
            time.sleep(0.2)


def write_external_skill(root: Path) -> Path:
    """``root`` holding one external Skill package, the one the official client check's external
    Skills group expects (``tests/compat/skill_client_check.py``); both servers get it."""
    package = root / "release-check"
    package.mkdir(parents=True, exist_ok=True)
    manifest = "---\nname: release-check\ndescription: Check a release branch.\n---\n\nRun the tests.\n"
    (package / "SKILL.md").write_text(manifest, encoding="utf-8")
    return root


def start_peer(directory: Path, executable: Path, name: str = PEER) -> Server:
    home, workspace, state = directory / "home", directory / "workspace", directory / "powercontext-home"
    for path in (home, workspace, state):
        path.mkdir(parents=True, exist_ok=True)
    env = _environment(home)
    env["POWERCONTEXT_HOME"] = str(state)
    env["POWERCONTEXT_SERVER_WORKSPACE"] = str(workspace)
    write_external_skill(workspace / ".agents" / "skills")  # 1.4.1's default Codex target of the workspace
    port = free_port()
    command = [str(executable), "server", "run", "--host", HOST, "--port", str(port), "--no-env-file"]
    return _spawn(name, command, env, workspace, port, directory / "server.log")


def start_ours(directory: Path) -> Server:
    home, data = directory / "home", directory / "data"
    for path in (home, data):
        path.mkdir(parents=True, exist_ok=True)
    env = _environment(home)
    port = free_port()
    executable = Path(sys.executable).with_name("pcreceipt")
    command = [str(executable), "serve", "--host", HOST, "--port", str(port), "--data-dir", str(data)]
    command += ["--external-skills-dir", str(write_external_skill(directory / "external-skills"))]
    return _spawn(OURS, command, env, directory, port, directory / "server.log")


@dataclass
class Side:
    """One server as the tests see it: its name, URL and an HTTP client (JSON, no redirects)."""

    name: str
    url: str
    http: httpx.Client
    ids: dict[str, str] = field(default_factory=dict)  # corpus label -> this server's id

    def fresh_client(self) -> httpx.Client:
        """A client of its own (for a request after which the peer may drop the connection)."""
        return httpx.Client(base_url=self.url, timeout=30.0)


@contextmanager
def running_pair(directory: Path) -> Iterator[tuple[Side, Side]]:
    """Both servers, started together, ready; ``(peer, ours)``. Stopped when the block ends."""
    executable = peer_executable()
    against = os.environ.get(AGAINST_ENVIRONMENT_VARIABLE, OURS)
    if against not in (OURS, PEER):
        raise RuntimeError(f"{AGAINST_ENVIRONMENT_VARIABLE} must be {OURS!r} or {PEER!r}, not {against!r}")
    second = (
        start_ours(directory / OURS) if against == OURS else start_peer(directory / "second", executable, SECOND_PEER)
    )
    servers = [start_peer(directory / PEER, executable), second]
    clients: list[httpx.Client] = []
    try:
        _wait_ready(servers)
        sides = []
        for server in servers:
            client = httpx.Client(base_url=server.url, timeout=30.0)
            clients.append(client)
            sides.append(Side(server.name, server.url, client))
        yield sides[0], sides[1]
    finally:
        for client in clients:
            client.close()
        for server in servers:
            server.stop()
