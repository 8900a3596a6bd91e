"""Everyday speed, structurally: ``pcreceipt --version`` and ``pcreceipt --help`` import typer and
the command table, not the contract's models, the gate, the client, the stores or the server; a
client command imports the client and its models, never the gate, the stores or the server.
(The times themselves are measured by ``bench/cli_startup.py``, not asserted.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from _support.commands import PCRECEIPT, user_environment

HEAVY = ("pcreceipt.contract.gate", "pcreceipt._gen.models", "pcreceipt.models", "pcreceipt.server", "pcreceipt.store")
SERVER_SIDE = (
    "pcreceipt.contract.gate",
    "pcreceipt.server",
    "pcreceipt.store",
    "pcreceipt.prepare",
    "uvicorn",
    "starlette",
)


def imported(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run the installed ``pcreceipt`` with ``-X importtime``: the modules its process imported."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", PCRECEIPT, *args],
        env=user_environment(tmp_path, {"COLUMNS": "100"}),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    modules = set(re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s+(\S+)$", result.stderr, re.M))
    assert "typer" in modules, result.stderr[-2000:]
    return result, modules


def within(modules: set[str], packages: tuple[str, ...]) -> set[str]:
    return {m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)}


@pytest.mark.parametrize("args", [["--version"], ["--help"]], ids=["version", "help"])
def test_version_and_help_import_nothing_heavy(tmp_path: Path, args: list[str]) -> None:
    result, modules = imported(tmp_path, *args)
    assert result.returncode == 0
    assert within(modules, (*HEAVY, "pcreceipt.client", "httpx", "pydantic")) == set()
    assert "pcreceipt.cli.main" in modules


def test_a_client_command_imports_the_client_only(tmp_path: Path) -> None:
    result, modules = imported(tmp_path, "scope", "list", "--url", "127.0.0.1:1")
    assert result.returncode == 2 and "error: cannot reach the server" in result.stderr
    assert {"pcreceipt.client", "pcreceipt.models", "pcreceipt.cli.common"} <= modules
    assert within(modules, SERVER_SIDE) == set()
    # (importlib.import_module, which loads the command's module, is not reported by -X importtime)
    assert within(modules, ("pcreceipt.cli",)) <= {
        f"pcreceipt.cli{m}" for m in ("", ".main", ".helpstyle", ".common", ".listing", ".paths")
    }


def test_the_server_and_a_local_command_build_no_client_model(tmp_path: Path) -> None:
    """A server validates with the gate and reads ``limits``: the ~480 pydantic classes of the
    client's models are never built in it, nor in a local command (``pcreceipt.models`` loads them on
    first use)."""
    result, modules = imported(tmp_path, "token", "list", "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 0, result.stderr[-2000:]
    assert "pcreceipt.models" in modules and "pcreceipt._gen.models" not in modules
    served = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import pcreceipt.server.app, pcreceipt.store.sqlite.store"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    loaded = set(re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s+(\S+)$", served.stderr, re.M))
    assert {"pcreceipt.server.app", "pcreceipt.models", "pcreceipt.contract.gate"} <= loaded
    assert within(loaded, ("pcreceipt._gen.models", "pcreceipt._gen.client_operations", "pcreceipt.client")) == set()
