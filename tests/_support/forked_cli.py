"""Many ``pcreceipt`` invocations, each a real process, without paying the import each time.

``run_many(cases, env)`` hands the cases to a fork server: ONE process per test process, started
the way a user's shell starts the script (the virtualenv's interpreter, the first call's ``env``
from ``commands.user_environment``), that imports the installed ``pcreceipt`` console script's
entry point and every module of the package once, then serves every later call, forking a child
per case. The child does what the script does: its environment is the call's ``env`` (set before
anything of the command runs; nothing of pcreceipt reads the environment at import), ``sys.argv``
is the command line, standard input is empty, the entry point runs, and an exception nobody
caught prints Python's traceback and exits 1, as the interpreter does. A case may ask to run as an
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


_server: subprocess.Popen[bytes] | None = None
_server_errors: Any = None


def _fork_server(env: Mapping[str, str]) -> subprocess.Popen[bytes]:
    """The test process's one fork server, started on first use (and again if it died)."""
    global _server, _server_errors
    if _server is None or _server.poll() is not None:
        _server_errors = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the server
        pipe = subprocess.PIPE
        command = [sys.executable, __file__]
        _server = subprocess.Popen(command, stdin=pipe, stdout=pipe, stderr=_server_errors, env=dict(env))
        atexit.register(_server.kill)
    return _server


def _server_stderr() -> str:
    _server_errors.seek(0)
    return str(_server_errors.read().decode("utf-8", "replace"))


def run_many(cases: Sequence[Mapping[str, Any]], env: Mapping[str, str], timeout: float = 20) -> list[Outcome]:
    """Each case is ``{"argv": [...], "as_nobody": bool}``; outcomes in the same order."""
    server = _fork_server(env)
    assert server.stdin is not None and server.stdout is not None
    request = {"cases": list(cases), "timeout": timeout, "env": dict(env)}
    server.stdin.write(json.dumps(request).encode() + b"\n")
    server.stdin.flush()
    ready, _, _ = select.select([server.stdout], [], [], 60 + timeout * len(cases))
    answer = server.stdout.readline() if ready else b""
    if not answer:
        server.kill()
        raise AssertionError(f"the fork server gave no answer: {_server_stderr()}")
    return [Outcome(**row) for row in json.loads(answer)]


def _child(entry: Any, argv: list[str], env: Mapping[str, str], out: Path, err: Path, as_nobody: bool) -> None:
    os.setsid()
    os.environ.clear()
    os.environ.update(env)
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
    os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
    sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - the child's own stdin
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    if as_nobody and os.geteuid() == 0:
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
    sys.argv = ["pcreceipt", *argv]
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
            _child(entry, case["argv"], request["env"], out, err, case.get("as_nobody", False))
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
