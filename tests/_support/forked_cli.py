"""Many ``pcreceipt`` invocations, each a real process, without paying the import each time.

``run_many(cases, env)`` hands the cases to a fork server: one process per test process (and per
value of the few variables a library under the command line reads at import,
``IMPORT_TIME_VARIABLES``), started the way a user's shell starts the script (the virtualenv's
interpreter, the first call's ``env`` from ``commands.user_environment``), that imports the
installed ``pcreceipt`` console script's entry point and every module of the package once, then
serves every later call, forking a child per case. The child does what the script does: its
environment is the call's ``env`` (set before anything of the command runs; nothing of pcreceipt
reads the environment at import), its working directory the case's, ``sys.argv`` the command
line, standard input the case's text or empty, the entry point runs, and an exception nobody
caught prints Python's traceback and exits 1, as the interpreter does. ``run_one`` is one such
run reported as ``subprocess.run`` reports one (``commands.run`` uses it for every ``pcreceipt``
command line). A case may ask to run as an
unprivileged user (``as_nobody``): how a test run by root meets "permission denied" (root reads
and writes whatever the mode bits say). A child still running after ``timeout`` seconds is killed
and reported with exit status -9.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

NOBODY = 65534


@dataclass(frozen=True)
class Outcome:
    argv: list[str]
    status: int
    stdout: str
    stderr: str


#: What the libraries under the command line read from the environment when they are imported
#: (typer's rich output); a fork server is started per distinct value of these, so a child never
#: meets an import made under another environment.
IMPORT_TIME_VARIABLES = (
    "TERMINAL_WIDTH",
    "_TYPER_FORCE_DISABLE_TERMINAL",
    "GITHUB_ACTIONS",
    "FORCE_COLOR",
    "PY_COLORS",
    "TYPER_USE_RICH",
    "TYPER_STANDARD_TRACEBACK",
    "_TYPER_STANDARD_TRACEBACK",
)


@dataclass
class _Server:
    process: subprocess.Popen[bytes]
    errors: Any
    lock: threading.Lock

    def stderr(self) -> str:
        self.errors.seek(0)
        return str(self.errors.read().decode("utf-8", "replace"))

    def stop(self) -> None:
        """End of input ends the server; one that does not end in 10 s is killed."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
        self.errors.close()


_servers: dict[tuple[str | None, ...], _Server] = {}
_servers_lock = threading.Lock()


def _fork_server(env: Mapping[str, str]) -> _Server:
    """The test process's fork server for ``env``'s import-time variables, started on first use (and
    again if it died)."""
    key = tuple(env.get(name) for name in IMPORT_TIME_VARIABLES)
    with _servers_lock:
        server = _servers.get(key)
        if server is None or server.process.poll() is not None:
            errors = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the server
            pipe = subprocess.PIPE
            command = [sys.executable, __file__]
            process = subprocess.Popen(command, stdin=pipe, stdout=pipe, stderr=errors, env=dict(env))
            if not _servers:
                atexit.register(_stop_all)
            server = _servers[key] = _Server(process, errors, threading.Lock())
        return server


def _stop_all() -> None:
    while _servers:
        _servers.popitem()[1].stop()


def run_many(cases: Sequence[Mapping[str, Any]], env: Mapping[str, str], timeout: float = 20) -> list[Outcome]:
    """Each case is ``{"argv": [...]}`` with optionally ``"as_nobody": bool``, ``"cwd": str`` and
    ``"stdin": str`` (else standard input is empty); outcomes in the same order."""
    server = _fork_server(env)
    process = server.process
    assert process.stdin is not None and process.stdout is not None
    request = {"cases": list(cases), "timeout": timeout, "env": dict(env)}
    with server.lock:
        process.stdin.write(json.dumps(request).encode() + b"\n")
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], 60 + timeout * len(cases))
        answer = process.stdout.readline() if ready else b""
    if not answer:
        process.kill()
        raise AssertionError(f"the fork server gave no answer: {server.stderr()}")
    return [Outcome(**row) for row in json.loads(answer)]


def run_one(
    argv: Sequence[str], env: Mapping[str, str], cwd: Path | None = None, stdin: str | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """One command line (without the program name) as ``subprocess.run`` would report it; a run
    still going after ``timeout`` seconds raises ``subprocess.TimeoutExpired``, as there."""
    case: dict[str, Any] = {"argv": list(argv)}
    if cwd is not None:
        case["cwd"] = str(cwd)
    if stdin is not None:
        case["stdin"] = stdin
    (outcome,) = run_many([case], env, timeout)
    if outcome.status == -9:
        raise subprocess.TimeoutExpired(["pcreceipt", *argv], timeout, outcome.stdout, outcome.stderr)
    return subprocess.CompletedProcess(["pcreceipt", *argv], outcome.status, outcome.stdout, outcome.stderr)


def _child(entry: Any, case: Mapping[str, Any], env: Mapping[str, str], out: Path, err: Path) -> None:
    os.setsid()
    os.environ.clear()
    os.environ.update(env)
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again
    if "cwd" in case:
        os.chdir(case["cwd"])
    if "stdin" in case:
        given = out.with_suffix(".in")
        given.write_text(case["stdin"], encoding="utf-8")
        os.dup2(os.open(given, os.O_RDONLY), 0)
        given.unlink()
    else:
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
    os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
    sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - the child's own stdin
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    if case.get("as_nobody", False) and os.geteuid() == 0:
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
    sys.argv = ["pcreceipt", *case["argv"]]
    status = 1
    try:
        entry()
        status = 0
    except SystemExit as exit_:
        code = exit_.code
        status = code if isinstance(code, int) else (0 if code is None else 1)
        if isinstance(code, str):
            print(code, file=sys.stderr)
    except BaseException:  # what the interpreter does with an uncaught exception
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def _main() -> None:
    (point,) = [e for e in metadata.entry_points(group="console_scripts") if e.name == "pcreceipt"]
    entry = point.load()
    # The commands load their modules on first use; a child that turns into `nobody` may not read the
    # interpreter's own library (here under /root), so every module is imported before the forks.
    import importlib
    import pkgutil

    import pcreceipt

    for module in pkgutil.walk_packages(pcreceipt.__path__, "pcreceipt."):
        if not module.name.endswith(".__main__"):  # that one runs the command line
            importlib.import_module(module.name)
    for line in sys.stdin.buffer:
        print(json.dumps(_serve(entry, json.loads(line))), flush=True)


def _serve(entry: Any, request: Mapping[str, Any]) -> list[dict[str, Any]]:
    scratch = Path(request["env"].get("TMPDIR", "/tmp"))
    results = []
    for number, case in enumerate(request["cases"]):
        out, err = (scratch / f".forked-cli-{os.getpid()}-{number}.{name}" for name in ("out", "err"))
        pid = os.fork()
        if pid == 0:
            _child(entry, case, request["env"], out, err)
        deadline = time.monotonic() + request["timeout"]
        status = -9
        while True:
            done, wait_status = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(wait_status)
                break
            if time.monotonic() > deadline:
                os.killpg(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                break
            time.sleep(0.005)
        texts = [path.read_text(encoding="utf-8", errors="replace") for path in (out, err)]
        out.unlink()
        err.unlink()
        results.append({"argv": case["argv"], "status": status, "stdout": texts[0], "stderr": texts[1]})
    return results


if __name__ == "__main__":
    _main()
