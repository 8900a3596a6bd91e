"""``pcreceipt code status|search|read`` against a live server (PowerContext's code query)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from typer.testing import CliRunner

from pcreceipt.cli.main import app


def test_code_status_search_and_read(server_url: str, tmp_path: Path) -> None:
    cli = CliRunner(env={"PCRECEIPT_URL": server_url, "PCRECEIPT_TOKEN": None})
    scope = cli.invoke(app, ["scope", "create", "--title", "Code", "--summary", "CLI code query"]).stdout.strip()
    source = "".join(f"def route_{n}():\n    return {n}\n" for n in range(60))
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "routes.py").write_text(source)

    before = cli.invoke(app, ["code", "status", "--scope", scope])
    assert before.exit_code == 0 and "no code workspace indexed" in before.stdout
    assert cli.invoke(app, ["code", "index", "--scope", scope, str(tmp_path)]).exit_code == 0
    status = json.loads(cli.invoke(app, ["code", "status", "--scope", scope, "--json"]).stdout)
    assert status["status"] == "ready"

    found = cli.invoke(app, ["code", "search", "--scope", scope, "route_33", "--limit", "1"])
    assert found.exit_code == 0, found.stderr
    assert "src/routes.py:" in found.stdout and "    def route_33():" in found.stdout
    file_sha256 = hashlib.sha256(source.encode()).hexdigest()
    # what search prints is what read takes: the file version and the fingerprint in full
    assert f"(--file {file_sha256})" in found.stdout
    assert f"workspace fingerprint {status['fingerprint']}" in found.stdout

    common = ["--scope", scope, "--file", file_sha256, "--fingerprint", status["fingerprint"]]
    read = cli.invoke(app, ["code", "read", *common, "src/routes.py", "3-4", "--json"])
    assert json.loads(read.stdout)["items"][0]["content"] == "def route_1():\n    return 1\n"
    stale = cli.invoke(app, ["code", "read", *common[:2], "--file", "0" * 64, *common[4:], "src/routes.py", "1-2"])
    assert stale.exit_code == 1 and "error: code_changed (HTTP 409)" in stale.stderr
    short = cli.invoke(
        app, ["code", "read", *common[:2], "--file", file_sha256[:12], *common[4:], "src/routes.py", "1-2"]
    )
    assert short.exit_code == 2 and short.stderr.count("error:") == 1
    assert short.stderr.startswith("error: --file takes a full sha256, 64 hex digits"), short.stderr
    bad = cli.invoke(app, ["code", "read", *common, "src/routes.py", "three"])
    assert bad.exit_code == 2 and "START-END" in bad.stderr


def test_a_route_the_server_lacks_says_so(server_url: str) -> None:
    """A 404 of a path the server serves nothing at reads as a server of another version."""
    result = CliRunner().invoke(app, ["code", "status", "--scope", "s", "--url", server_url + "/elsewhere"])
    assert result.exit_code == 1
    assert "error: not_found (HTTP 404): No operation is served at this path." in result.stderr
    assert "does not serve this operation" in result.stderr
