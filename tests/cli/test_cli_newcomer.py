"""The CLI as a newcomer meets it (issue 12): stored text shown as it is, help that can be acted
on, listing what is stored, and one clear line for every error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from pcreceipt.cli import demo
from pcreceipt.cli.main import app

# Rich console markup, an emoji code and brackets a naive view would eat; ``[/]`` with nothing
# open makes rich raise a MarkupError.
HOSTILE = "close [/] first, use [bold]x[/bold] for list[int], cite [1] :warning:"


@pytest.fixture
def cli(server_url: str) -> CliRunner:
    return CliRunner(env={"PCRECEIPT_URL": server_url, "PCRECEIPT_TOKEN": None, "COLUMNS": "200"})


def run(cli: CliRunner, *args: str, code: int = 0) -> Result:
    result = cli.invoke(app, list(args))
    assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
    return result


def out(cli: CliRunner, *args: str) -> str:
    return run(cli, *args).stdout.strip()


@pytest.fixture
def scope(cli: CliRunner) -> str:
    return out(cli, "scope", "create", "--title", "Newcomer", "--summary", "A CLI test Scope")


# -- 1. stored text is shown as it is -------------------------------------------------------------


def test_memory_show_prints_stored_text_as_it_is(cli: CliRunner, scope: str) -> None:
    memory = out(cli, "memory", "add", "--scope", scope, "--kind", "fact", f"Markup: {HOSTILE}")
    assert out(cli, "memory", "show", "--scope", scope, memory).endswith(f"Markup: {HOSTILE}")


def test_prepare_show_content_prints_stored_text_as_it_is(cli: CliRunner, scope: str) -> None:
    out(cli, "memory", "add", "--scope", scope, "--kind", "fact", f"Markup: {HOSTILE}")
    shown = out(cli, "context", "prepare", "--scope", scope, "--query", "markup", "--show-content", "--include-receipt")
    assert f'"content":"Markup: {HOSTILE}","truncated":false,"kind":"atomic-memory"' in shown
    assert "\nBEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1\n" in shown


def test_the_demo_prints_stored_text_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    original = demo.sample_project

    def sample_project() -> dict[str, Any]:
        data = original()
        data["project_memories"].insert(0, {"kind": "decision", "text": f"We chose SQLite; {HOSTILE}"})
        return data

    monkeypatch.setattr(demo, "sample_project", sample_project)
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["demo"])
    assert result.exit_code == 0, (result.stdout, result.exception)
    assert f'"content":"We chose SQLite; {HOSTILE}"' in result.stdout
    assert "\nBEGIN_POWERCONTEXT_PREPARED_CONTEXT_V1\n" in result.stdout


# -- 4. import errors ------------------------------------------------------------------------------


def test_import_of_a_directory_is_one_line(cli: CliRunner, scope: str, tmp_path: Path) -> None:
    result = run(cli, "import", "--scope", scope, str(tmp_path), code=2)
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"error: Invalid value for 'FILE': {tmp_path} is a directory, not a file; see "), line


def test_import_of_a_file_that_is_not_utf8_is_one_line(cli: CliRunner, scope: str, tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    good = json.dumps({"family": "atomic-memory", "content": {"kind": "fact", "text": "fine"}})
    path.write_bytes(good.encode() + b"\n" + '{"family": "caf\u00e9"}'.encode("latin-1") + b"\n")
    result = run(cli, "import", "--scope", scope, str(path), code=2)
    assert result.stderr == f"error: cannot import {path}: it is not UTF-8 text (line 2)\n"


def test_import_names_the_field_that_is_wrong(cli: CliRunner, scope: str, tmp_path: Path) -> None:
    path = tmp_path / "items.jsonl"
    lines = [
        {"family": "atomic-memory", "content": {"kind": "fact", "text": ""}},
        {"family": "topic-memory", "content": {"title": "t", "summary": "s"}},
        {"family": "code", "content": {}},
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    stderr = run(cli, "import", "--scope", scope, str(path), code=2).stderr
    assert "line 1: /content/text: minLength — must be at least 1 character long" in stderr
    assert "line 2: /content: required — missing required property 'detail'" in stderr
    assert 'line 3: /family: oneOf — must be one of "atomic-memory"' in stderr
    assert "/: oneOf" not in stderr


# -- 5. --url without a scheme ---------------------------------------------------------------------


def test_url_without_a_scheme_means_http(server_url: str) -> None:
    bare = server_url.removeprefix("http://")
    result = CliRunner(env={"PCRECEIPT_URL": None}).invoke(app, ["scope", "list", "--url", bare])
    assert result.exit_code == 0, result.stderr


def test_url_with_another_scheme_is_one_line() -> None:
    result = CliRunner(env={"PCRECEIPT_URL": None}).invoke(app, ["scope", "list", "--url", "ftp://127.0.0.1:1"])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(
        "error: Invalid value for '--url' (env var: 'PCRECEIPT_URL'): 'ftp://127.0.0.1:1' is not an "
    )
    assert "http:// or https:// URL; give one like http://127.0.0.1:8000" in line


def test_verify_server_without_a_scheme_means_http(cli: CliRunner, scope: str, server_url: str, tmp_path: Path) -> None:
    out(cli, "memory", "add", "--scope", scope, "--kind", "fact", "Verification reads every identity back.")
    response = out(
        cli, "context", "prepare", "--scope", scope, "--query", "verification", "--include-receipt", "--json"
    )
    path = tmp_path / "response.json"
    path.write_text(response, encoding="utf-8")
    result = run(cli, "verify", str(path), "--server", server_url.removeprefix("http://"))
    assert "against the server" in result.stdout


# -- 6. messages -----------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["context", "prepare", "--scope", "s", "--query", "q"], ["validate", "-"]])
def test_an_out_of_range_max_bytes_states_the_range(command: list[str]) -> None:
    result = CliRunner().invoke(app, [*command, "--max-bytes", "99999"], input="{}")
    assert result.exit_code == 2
    assert result.stderr == "error: --max-bytes must be in the range 512–32768 (bytes); got 99999\n"


def test_validate_and_verify_print_violations_the_same_way(tmp_path: Path) -> None:
    request = tmp_path / "request.json"
    request.write_text(json.dumps({"scope_id": "s", "query": "q", "max_bytes": 99999}), encoding="utf-8")
    validated = CliRunner().invoke(app, ["validate", str(request)])
    assert validated.exit_code == 1
    assert "/max_bytes: maximum — must be at most 32768" in validated.stdout

    response = tmp_path / "response.json"
    response.write_text(json.dumps({"schema": "x", "status": "ready", "content": None}), encoding="utf-8")
    validated = CliRunner().invoke(app, ["validate", str(response)])
    verified = CliRunner().invoke(app, ["verify", str(response)])
    assert validated.exit_code == verified.exit_code == 1
    line = "/: required — missing required property 'content_bytes'"
    assert line in validated.stdout.splitlines() and line in verified.stdout.splitlines()


def test_a_bad_choice_is_worded_without_pydantic() -> None:
    result = CliRunner().invoke(app, ["validate", "--kind", "nope", "-"], input="{}", env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert "'nope' is not one of 'auto', 'request', 'response'" in result.stderr
    assert "Value error" not in result.stderr
    result = CliRunner().invoke(app, ["validate", "--max-bytes", "many", "-"], input="{}", env={"COLUMNS": "200"})
    assert "must be a valid integer" in result.stderr and "Input should be" not in result.stderr


def test_a_server_violation_is_described(cli: CliRunner, scope: str) -> None:
    result = run(cli, "memory", "add", "--scope", scope, "--kind", " ", "text", code=1)
    assert "  /content/kind: pattern — does not have the required form" in result.stderr


def test_a_server_violation_names_the_missing_property(cli: CliRunner, scope: str, tmp_path: Path) -> None:
    assembly = tmp_path / "assembly.json"
    assembly.write_text(json.dumps({"format": "markdown", "sections": [{"family": "memory"}]}), encoding="utf-8")
    result = run(cli, "context", "prepare", "--scope", scope, "--query", "q", "--assembly", str(assembly), code=1)
    assert "  /assembly/sections/0: required — lacks a required property: limit" in result.stderr.splitlines()


@pytest.mark.parametrize(
    ("arguments", "expected", "command"),
    [
        (["serve", "--bogus"], "error: No such option: --bogus", "pcreceipt serve"),
        (["nosuch"], "error: No such command 'nosuch'", "pcreceipt"),
        (["serve", "--port", "abc"], "error: Invalid value for '--port': must be a valid integer", "pcreceipt serve"),
        (["memory", "add"], "error: Missing argument 'TEXT'", "pcreceipt memory add"),
    ],
)
def test_a_usage_error_is_one_line_naming_the_help(arguments: list[str], expected: str, command: str) -> None:
    result = CliRunner().invoke(app, arguments, prog_name="pcreceipt", env={"COLUMNS": "200"})
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(expected) and line.endswith(f"; see '{command} --help'"), line
    assert "Traceback" not in result.output and "Usage:" not in result.output
