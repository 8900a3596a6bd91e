"""``pcreceipt host-validators`` hands out the generated stdlib-only file, and the file it writes
runs in a fresh virtual environment that has no pcreceipt (nothing but the standard library)."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

from typer.testing import CliRunner

from pcreceipt.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "generated" / "python" / "pcreceipt_host_validators.py"
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
