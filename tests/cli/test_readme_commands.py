"""The README's commands, copied from README.md and run exactly as written, in a fresh HOME.

The repository's files (what git tracks or would track) are copied to a scratch clone, so the
commands meet what a user's clone holds and not this checkout's virtualenvs or caches. Each
command is taken from README.md itself, so an edit to the README is what gets tested:
- the first of the two commands (set up, seed a sample project, print a Receipt);
- ``.venv/bin/nox -s serve``, which must serve on 127.0.0.1:8000 with no further option;
- the one line that puts ``pcreceipt`` on PATH, then ``pcreceipt --version``, ``pcreceipt token
  list`` and ``pcreceipt serve`` with no flag.
The second of the two commands (``nox -s ci compat hosts``) is what ``.ci/run`` runs; it is not run
from inside itself. The installs share one pip cache within this module, as a user's do.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from _support.commands import DEFAULT_PORT, ServerProcess, run, user_environment
from _support.ports import port_is_free

pytestmark = [pytest.mark.slow, pytest.mark.venv, pytest.mark.serial]  # fresh virtualenvs; serves on 8000

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
INSTALL_TIMEOUT = 600


def _shell_lines() -> list[str]:
    blocks = re.findall(r"^```sh\n(.*?)^```", README, flags=re.MULTILINE | re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if line and not line.startswith("#")]


def _readme_line(ending: str) -> str:
    matches = [line for line in _shell_lines() if line.endswith(ending)]
    assert len(matches) == 1, f"README.md has {len(matches)} shell lines ending with {ending!r}"
    return matches[0]


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files a clone of this repository holds, in a scratch directory."""
    target = tmp_path_factory.mktemp("clone")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


@pytest.fixture(scope="module")
def user_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    home = tmp_path_factory.mktemp("home")
    cache = tmp_path_factory.mktemp("pip-cache")
    return user_environment(home, {"PIP_CACHE_DIR": str(cache)})


@pytest.fixture(scope="module")
def demo_ran(clone: Path, user_env: dict[str, str]) -> Iterator[str]:
    result = run(_readme_line("nox -s demo"), user_env, cwd=clone, timeout=INSTALL_TIMEOUT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    yield result.stdout


def test_the_first_command_prints_a_prepared_context_with_its_receipt(demo_ran: str) -> None:
    assert "PreparedContext Receipt v1" in demo_ran
    assert "Selected (injection order)" in demo_ran


def _serves_on_the_default_port(command: str, env: dict[str, str], cwd: Path, timeout: float) -> str:
    assert port_is_free(DEFAULT_PORT), "port 8000 (the documented default) is taken on this machine"
    server = ServerProcess(command, env, cwd=cwd)
    try:
        ready = server.wait_ready(f"http://127.0.0.1:{DEFAULT_PORT}", timeout=timeout)
    finally:
        output = server.stop()
    assert ready, output[-3000:]
    assert "Traceback" not in output
    return output


def test_nox_serve_serves_with_no_options(clone: Path, user_env: dict[str, str], demo_ran: str) -> None:
    assert "`.venv/bin/nox -s serve`" in README
    output = _serves_on_the_default_port(".venv/bin/nox -s serve", user_env, clone, INSTALL_TIMEOUT)
    home = Path(user_env["HOME"])
    assert f"store          SQLite {home / '.local/share/pcreceipt/pcreceipt.db'}" in output


def test_the_path_line_gives_the_pcreceipt_command(clone: Path, user_env: dict[str, str], demo_ran: str) -> None:
    line = _readme_line('export PATH="$PWD/.venv/bin:$PATH"')
    commands = f"{line} && command -v pcreceipt && pcreceipt --version && pcreceipt token list"
    checked = run(commands, user_env, clone, INSTALL_TIMEOUT)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.splitlines()[0] == str(clone / ".venv/bin/pcreceipt")
    assert "no tokens" in checked.stdout
    output = _serves_on_the_default_port(f"{line} && pcreceipt serve", user_env, clone, 60)
    assert f"serving http://127.0.0.1:{DEFAULT_PORT}" in output
