"""`pcreceipt validate` as a host's CI pipeline would run it: a real subprocess, exit codes, stdout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from _support.vectors import VECTOR_ROOT


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pcreceipt", "validate", *args], input=stdin, capture_output=True, text=True
    )


def test_valid_response_file_exits_zero(tmp_path: Path) -> None:
    data = json.loads((VECTOR_ROOT / "response" / "full" / "receipt.json").read_text(encoding="utf-8"))["data"]
    path = tmp_path / "response.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run(str(path), "--max-bytes", "32768", "--include-receipt")
    assert result.returncode == 0, result.stdout
    assert "valid response" in result.stdout


def test_invalid_request_on_stdin_exits_one_without_echoing_content() -> None:
    canary = "CANARY-7f3a-never-echo"
    result = run("-", stdin=json.dumps({"scope_id": "s", "query": canary, "max_bytes": 40000}))
    assert result.returncode == 1
    assert "/max_bytes: maximum — must be at most 32768" in result.stdout
    assert canary not in result.stdout + result.stderr


def test_unreadable_input_exits_two(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    assert run(str(path)).returncode == 2


def test_receipt_without_the_flag_is_rejected(tmp_path: Path) -> None:
    data = json.loads((VECTOR_ROOT / "response" / "ready" / "receipt.json").read_text(encoding="utf-8"))["data"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run(str(path), "--no-include-receipt")
    assert result.returncode == 1 and "receipt_requires_flag" in result.stdout
