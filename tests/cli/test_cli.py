"""The client commands of the CLI against the real server (in-process via CliRunner), and
``pcreceipt serve`` as a real subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from _support.ports import free_port
from _support.servers import readiness_checks
from typer.testing import CliRunner, Result

from pcreceipt.cli.main import app


@pytest.fixture
def cli(server_url: str) -> CliRunner:
    return CliRunner(env={"PCRECEIPT_URL": server_url, "PCRECEIPT_TOKEN": None})


def run(cli: CliRunner, *args: str, code: int = 0) -> Result:
    result = cli.invoke(app, list(args))
    assert result.exit_code == code, (result.stdout, result.stderr)
    return result


def out(cli: CliRunner, *args: str) -> str:
    return run(cli, *args).stdout.strip()


@pytest.fixture
def scope(cli: CliRunner) -> str:
    return out(cli, "scope", "create", "--title", "CLI", "--summary", "A CLI test Scope")


def test_scope_create_and_list(cli: CliRunner, scope: str) -> None:
    other = json.loads(
        out(cli, "scope", "create", "--title", "Ref", "--summary", "s", "--ref", scope, "--key", "cli-k", "--json")
    )
    assert other["context_references"] == [scope]
    assert (
        out(cli, "scope", "create", "--title", "Ref", "--summary", "s", "--ref", scope, "--key", "cli-k")
        == other["scope_id"]
    )
    listed = out(cli, "scope", "list")
    assert scope in listed and f"refs: {scope}" in listed
    assert {s["scope_id"] for s in json.loads(out(cli, "scope", "list", "--json"))["items"]} >= {
        scope,
        other["scope_id"],
    }


def test_memory_commands(cli: CliRunner, scope: str) -> None:
    memory = out(cli, "memory", "add", "--scope", scope, "--kind", "decision", "We chose SQLite.")
    assert (
        out(cli, "memory", "edit", "--scope", scope, memory, "We chose SQLite in WAL mode.") == f"{memory} revision 2"
    )
    shown = out(cli, "memory", "show", "--scope", scope, memory)
    assert shown.startswith(f"{memory} revision 2 (active, state_version 0)")
    assert "kind: decision" in shown and shown.endswith("We chose SQLite in WAL mode.")
    assert out(cli, "memory", "show", "--scope", scope, memory, "--revision", "1").endswith("We chose SQLite.")
    assert json.loads(out(cli, "memory", "show", "--scope", scope, memory, "--json"))["revision"] == 2
    assert out(cli, "memory", "forget", "--scope", scope, memory) == f"forgot {memory} -> forgotten"

    first = out(cli, "memory", "add", "--scope", scope, "--kind", "fact", "alpha")
    second = out(cli, "memory", "add", "--scope", scope, "--kind", "fact", "beta")
    merged = out(cli, "memory", "merge", "--scope", scope, first, second, "--kind", "fact", "alpha and beta")
    assert merged.startswith("art_")
    assert "merged" in out(cli, "memory", "show", "--scope", scope, first)
    assert out(cli, "memory", "retire", "--scope", scope, merged) == f"retired {merged} -> retired"


def test_other_families(cli: CliRunner, scope: str) -> None:
    topic = out(cli, "topic", "add", "--scope", scope, "--title", "Storage", "--summary", "SQLite", "--detail", "WAL")
    assert topic.startswith("art_")
    experience = ["--situation", "CI slow", "--action", "cache", "--outcome", "fast", "--lesson", "cache early"]
    assert out(cli, "experience", "add", "--scope", scope, *experience).startswith("art_")
    profile = out(cli, "profile", "set", "--scope", scope, "Python 3.11")
    assert out(cli, "profile", "set", "--scope", scope, "Python 3.12") == f"{profile} revision 2"


def test_code_index(cli: CliRunner, scope: str, tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("def main():\n    return 1\n", encoding="utf-8")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\x00\x00binary")
    result = out(cli, "code", "index", "--scope", scope, str(tmp_path))
    assert result.startswith("indexed 1 file(s) (2 lines, 1 skipped), fingerprint ")


def test_code_index_refuses_an_empty_directory_unless_allowed(
    cli: CliRunner, scope: str, tmp_path: Path, server_url: str
) -> None:
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "app.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "logo.png").write_bytes(b"\x89PNG\x00\x00binary")
    indexed = json.loads(out(cli, "code", "index", "--scope", scope, str(tmp_path / "project"), "--json"))

    refused = run(cli, "code", "index", "--scope", scope, str(tmp_path / "empty"), code=2)
    assert refused.stdout == ""
    assert refused.stderr.count("\n") == 1 and "no indexable files (1 skipped)" in refused.stderr
    assert "--allow-empty" in refused.stderr and str(tmp_path) not in refused.stderr
    assert httpx.get(f"{server_url}/v1/scopes/{scope}/code").json()["fingerprint"] == indexed["fingerprint"]

    emptied = json.loads(
        out(cli, "code", "index", "--scope", scope, str(tmp_path / "empty"), "--allow-empty", "--json")
    )
    assert (emptied["files"], emptied["skipped"]) == (0, 1)


def test_import_in_batches(cli: CliRunner, scope: str, tmp_path: Path) -> None:
    lines = [{"family": "atomic-memory", "content": {"kind": "fact", "text": f"fact {n}"}} for n in range(2100)]
    lines.insert(1500, {"family": "profile", "content": {"content": "A profile in the middle"}})
    path = tmp_path / "items.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n\n", encoding="utf-8")
    result = run(cli, "import", "--scope", scope, str(path), "--json")
    created = json.loads(result.stdout)["created"]
    assert len(created) == 2101 and created[1500]["family"] == "profile"
    assert len({c["artifact_id"] for c in created}) == 2101


def test_import_checks_every_line_before_sending(cli: CliRunner, scope: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    good = {"family": "atomic-memory", "content": {"kind": "fact", "text": "never imported"}}
    path.write_text(json.dumps(good) + "\n{oops\n" + json.dumps({"family": "code"}) + "\n", encoding="utf-8")
    result = run(cli, "import", "--scope", scope, str(path), code=2)
    assert "line 2: not JSON" in result.stderr and "line 3:" in result.stderr
    assert "never imported" not in out(cli, "scope", "list")


def test_errors_exit_with_the_code_and_request_id(cli: CliRunner, scope: str) -> None:
    result = run(cli, "memory", "show", "--scope", scope, "art_missing", code=1)
    assert "error: artifact_not_found (HTTP 404)" in result.stderr and "request id: " in result.stderr
    invalid = run(cli, "memory", "add", "--scope", scope, "--kind", " ", "text", code=1)
    assert "/content/kind: pattern" in invalid.stderr


def test_an_unreachable_server_exits_2() -> None:
    port = free_port()
    result = CliRunner().invoke(app, ["scope", "list", "--url", f"http://127.0.0.1:{port}"])
    assert result.exit_code == 2 and "cannot reach the server" in result.stderr


def _environment(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PCRECEIPT_")}
    env["HOME"] = str(tmp_path / "home")
    return env


def test_serve_runs_a_real_server_with_a_fresh_data_dir(tmp_path: Path) -> None:
    port = free_port()
    data_dir = tmp_path / "new" / "data"
    command = [sys.executable, "-m", "pcreceipt", "serve", "--port", str(port), "--data-dir", str(data_dir)]
    process = subprocess.Popen(command, env=_environment(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120  # a deadline for a loaded machine, not a timing check
        while True:
            try:
                ready = httpx.get(f"http://127.0.0.1:{port}/health/ready", timeout=1)
                break
            except httpx.TransportError:
                assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        assert ready.json() == {"status": "ready", "checks": readiness_checks()}
        assert (data_dir / "pcreceipt.db").is_file()
    finally:
        process.terminate()
        output, _ = process.communicate(timeout=10)
    assert process.returncode in (0, -15)  # uvicorn re-raises SIGTERM after a graceful shutdown
    assert b"GET /health/ready 200" in output and b"Application shutdown complete" in output


@pytest.mark.parametrize(
    ("arguments", "environment", "message"),
    [
        (["--host", "0.0.0.0"], {}, "non-loopback"),
        ([], {"PCRECEIPT_STORE_URL": "postgres://user:secret@db/x"}, "unsupported store URL scheme 'postgres'"),
        ([], {"PCRECEIPT_ASSEMBLY_MAX_ENTRIES": "99"}, "assembly_max_entries"),
    ],
    ids=["non_loopback", "unknown_store", "bad_setting"],
)
def test_serve_refuses_bad_configuration(
    tmp_path: Path, arguments: list[str], environment: dict[str, str], message: str
) -> None:
    command = [sys.executable, "-m", "pcreceipt", "serve", "--data-dir", str(tmp_path), "--port", str(free_port())]
    result = subprocess.run(
        [*command, *arguments],
        env={**_environment(tmp_path), **environment},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    assert message in result.stderr and "secret" not in result.stderr
