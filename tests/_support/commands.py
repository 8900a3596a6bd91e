"""Running pcreceipt's commands the way a user does: a fresh HOME, no flags the docs don't write.

``user_environment(home)`` is the test process's environment as a new user's shell would have it:
HOME is ``home``, no ``PCRECEIPT_*`` or ``XDG_*`` variable, and no virtualenv on PATH (the one
the tests run in included), so a command finds only what the docs tell the user to install.
``ServerProcess`` starts a server command in its own process group, waits for ``/health/ready``
and stops it with SIGINT (as Ctrl-C would), keeping what it printed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import typer

from _support import forked_cli

PCRECEIPT = str(Path(sys.executable).with_name("pcreceipt"))
DEFAULT_PORT = 8000


def user_environment(home: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    virtualenvs = {os.environ.get("VIRTUAL_ENV", ""), str(Path(sys.executable).parent.parent)} - {""}
    path = [
        entry
        for entry in os.environ.get("PATH", "").split(os.pathsep)
        if entry and not any(entry.startswith(venv) for venv in virtualenvs)
    ]
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PCRECEIPT_", "XDG_", "VIRTUAL_ENV", "NOX_", "PYTEST_", "PYTHONPATH"))
    }
    environment.update({"HOME": str(home), "PATH": os.pathsep.join(path)})
    environment.update(extra or {})
    return environment


def run(command: Sequence[str] | str, env: Mapping[str, str], cwd: Path | None = None, timeout: float = 60):
    """Run a command to the end; ``str`` commands go through bash, as a user types them. An argv
    that runs the installed ``pcreceipt`` is one forked child of ``forked_cli``'s server (a process
    of its own, the package's import paid once per test process, not once per command)."""
    if not isinstance(command, str) and command and command[0] == PCRECEIPT:
        return forked_cli.run_one(command[1:], env, cwd=cwd, timeout=timeout)
    shell = isinstance(command, str)
    argv: Sequence[str] | str = ["bash", "-c", command] if shell else command
    return subprocess.run(argv, env=dict(env), cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)


def sigint_as_a_terminal_sends_it() -> None:
    """A child's SIGINT disposition as a terminal's foreground job has it (``preexec_fn``): a test
    run started in the background by a shell without job control inherits SIGINT *ignored*, and a
    Python child would then never see Ctrl-C. Tests that send SIGINT start the child with this."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class ServerProcess:
    """A server command running until ``stop``; ``output`` holds its stdout and stderr afterwards.

    A thread drains the output while the server runs: a pipe nobody reads holds 64 KiB, and a
    server that logs every request would block on its next log line once it is full (the hosts'
    session server did, a few hundred requests in)."""

    def __init__(self, command: Sequence[str] | str, env: Mapping[str, str], cwd: Path | None = None) -> None:
        argv: Sequence[str] | str = ["bash", "-c", command] if isinstance(command, str) else command
        self.process = subprocess.Popen(
            argv,
            env=dict(env),
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
            preexec_fn=sigint_as_a_terminal_sends_it,
        )
        self.output = ""
        self._lines: list[str] = []
        self._drain = threading.Thread(target=self._read, daemon=True)
        self._drain.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.append(line)

    def wait_ready(self, url: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with urllib.request.urlopen(f"{url}/health/ready", timeout=2) as response:
                    if response.status == 200:
                        return True
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        return False

    def stop(self) -> str:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self._drain.join(timeout=30)
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.output = "".join(self._lines)
        return self.output


def command_tree(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every click command and group below ``command`` (the root too), with its path of names; the
    root loads its commands on first use, so groups are walked through ``list_commands``/``get_command``."""
    yield path, command
    if hasattr(command, "list_commands"):
        context = typer.Context(command)
        for name in sorted(command.list_commands(context)):
            yield from command_tree(command.get_command(context, name), (*path, name))
