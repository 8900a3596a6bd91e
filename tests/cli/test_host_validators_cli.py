"""``pcreceipt host-validators`` hands out the generated stdlib-only file, and the file it writes
runs in a fresh virtual environment that has no pcreceipt (nothing but the standard library)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import venv
from pathlib import Path

from _support.ports import free_port
from typer.testing import CliRunner

from pcreceipt.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "generated" / "python" / "pcreceipt_host_validators.py"
CONTRACT = json.loads((ROOT / "schemas" / "openapi.json").read_text(encoding="utf-8"))["info"]["version"]
MAJOR_MINOR = CONTRACT.rsplit(".", 1)[0]
READY = {"schema": "powercontext.prepared-context.v1", "status": "ready", "content": "héllo", "content_bytes": 6}


def test_it_prints_the_generated_file() -> None:
    result = CliRunner().invoke(app, ["host-validators"])
    assert result.exit_code == 0, result.output
    assert result.stdout == GENERATED.read_text(encoding="utf-8")


def test_it_writes_into_a_directory_or_a_path(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["host-validators", "--output", str(tmp_path)])
    assert result.exit_code == 0, result.output
    written = tmp_path / "pcreceipt_host_validators.py"
    assert written.read_text(encoding="utf-8") == GENERATED.read_text(encoding="utf-8")
    other = tmp_path / "hooks" / "validators.py"
    assert CliRunner().invoke(app, ["host-validators", "-o", str(other)]).exit_code == 0
    assert other.read_text(encoding="utf-8") == written.read_text(encoding="utf-8")
    # a missing path that is not a .py file is a directory to create, never a file of that name
    fresh = tmp_path / "new" / "hooks"
    assert CliRunner().invoke(app, ["host-validators", "-o", str(fresh)]).exit_code == 0
    assert (fresh / "pcreceipt_host_validators.py").read_text(encoding="utf-8") == written.read_text(encoding="utf-8")
    blocked = tmp_path / "plain-file"
    blocked.write_text("x", encoding="utf-8")
    for target in (blocked, blocked / "sub"):  # the file in the way is what the error names, and why
        result = CliRunner().invoke(app, ["host-validators", "-o", str(target)])
        assert result.exit_code == 2 and "Traceback" not in result.output
        (line,) = result.stderr.splitlines()
        assert line.startswith(
            f"error: Invalid value for '--output' / '-o': {blocked} is a file, not a directory; "
            "a path ending in .py names the file itself"
        ), line
    assert blocked.read_text(encoding="utf-8") == "x"


def test_the_written_file_runs_in_a_fresh_venv_without_pcreceipt(tmp_path: Path) -> None:
    CliRunner().invoke(app, ["host-validators", "-o", str(tmp_path)])
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    script = (
        "import importlib.util, json, sys\n"
        "assert importlib.util.find_spec('pcreceipt') is None\n"
        "import pcreceipt_host_validators as h\n"
        "response = json.loads(sys.argv[1])\n"
        "print(json.dumps([h.validate_prepared_context(response, {'scope_id': 's', 'query': 'q', 'max_bytes': 6}),\n"
        "                  h.validate_prepared_context(response, 5), h.recall_diagnostic(response)]))\n"
    )
    result = subprocess.run(
        [str(python), "-c", script, json.dumps(READY)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    ok, over, diagnostic = json.loads(result.stdout)
    assert ok == {"ok": True, "violations": []}
    assert over == {"ok": False, "violations": [{"path": "/content_bytes", "rule": "content_within_max_bytes"}]}
    assert diagnostic is None
    assert sys.executable != str(python)


BASELINE = ROOT / "codegen" / "baseline"
PREVIOUS = BASELINE / "validators-0.2.0"


def _check(*args: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(app, ["host-validators", "--check", *args])
    assert "Traceback" not in result.output
    return result.exit_code, (result.stdout + result.stderr).splitlines()


def test_check_tells_whether_the_vendored_copies_match(tmp_path: Path) -> None:
    """Bytes for the host kit, the embedded CONTRACT_VERSION for a vendored TypeScript package."""
    vendored = tmp_path / "hooks"
    assert CliRunner().invoke(app, ["host-validators", "-o", str(vendored)]).exit_code == 0
    package = vendored / "node_modules" / "@pcreceipt" / "contract"
    shutil.copytree(ROOT / "generated" / "ts" / "dist", package / "dist")
    shutil.copy(ROOT / "generated" / "ts" / "package.json", package / "package.json")
    status, (line,) = _check(str(vendored))
    assert status == 0 and line.count(": matches") == 2 and f"speaks contract {CONTRACT}" in line, line
    # the previous release's TypeScript package, vendored beside the current host kit
    shutil.rmtree(package)
    shutil.copytree(PREVIOUS / "contract", vendored / "contract")
    status, (line,) = _check(str(vendored))
    assert status == 1 and "contract (@pcreceipt/contract) has no CONTRACT_VERSION" in line, line
    assert f"host kit) is contract {CONTRACT}: matches" in line
    # the previous release's host kit; then the current one edited by hand
    shutil.rmtree(vendored / "contract")
    kit = vendored / "pcreceipt_host_validators.py"
    shutil.copy(PREVIOUS / "pcreceipt_host_validators.py", kit)
    status, (line,) = _check(str(vendored))
    assert status == 1 and f"{kit} (host kit) has no CONTRACT_VERSION" in line and "does not match" in line, line
    kit.write_text(GENERATED.read_text(encoding="utf-8") + "# a local edit\n", encoding="utf-8")
    status, (line,) = _check(str(vendored))
    assert status == 1 and f"is contract {CONTRACT} but not the bytes this pcreceipt ships" in line, line
    kit.unlink()
    status, (line,) = _check(str(vendored))
    assert status == 1 and "holds no pcreceipt_host_validators.py and no @pcreceipt/contract package" in line, line


def test_check_refuses_what_is_not_a_directory_in_one_line(tmp_path: Path) -> None:
    a_file = tmp_path / "file.py"
    a_file.write_text("x", encoding="utf-8")
    for target, why in ((tmp_path / "missing", "does not exist"), (a_file, "is a file, not a directory")):
        status, lines = _check(str(target))
        assert status == 2 and len(lines) == 1, lines
        assert lines[0].startswith(f"error: Invalid value for '--check': {target} {why}"), lines


def test_check_against_a_running_server_compares_contract_versions(server_url: str, tmp_path: Path) -> None:
    assert CliRunner().invoke(app, ["host-validators", "-o", str(tmp_path / "now")]).exit_code == 0
    status, (line,) = _check(str(tmp_path / "now"), "--server", server_url)
    assert status == 0 and f"(the server at {server_url} speaks contract {MAJOR_MINOR})" in line, line
    shutil.copytree(PREVIOUS, tmp_path / "old")
    status, (line,) = _check(str(tmp_path / "old"), "--server", server_url)
    assert status == 1 and line.count("does not match") == 2, line
    dead = f"http://127.0.0.1:{free_port()}"
    status, lines = _check(str(tmp_path / "now"), "--server", dead)
    assert status == 2 and lines == [f"error: cannot reach the server at {dead}"]
