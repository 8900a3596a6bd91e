"""The local commands (serve, token, reembed) exactly as the README and docs write them.

Each runs the installed ``pcreceipt`` script in a fresh HOME with no ``--data-dir``: the way a
new user runs it. A bad environment (a data directory that is a file or cannot be written, an
OceanBase server that does not answer) gives one line on stderr and exit status 2, never a
traceback, and never the database password.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from _support.commands import PCRECEIPT, run, user_environment
from _support.ports import free_port

from pcreceipt.config import load_settings
from pcreceipt.store.oceanbase.seekdb import SeekdbServer

UNREACHABLE = "oceanbase://root:pa55-CANARY@127.0.0.1:1/pcreceipt"


def _one_error_line(result: object, *expected: str) -> str:
    stderr = result.stderr  # type: ignore[attr-defined]
    assert result.returncode == 2, (result.returncode, stderr)  # type: ignore[attr-defined]
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    for text in expected:
        assert text in lines[0], lines[0]
    return str(lines[0])


def test_settings_without_a_data_dir_option_use_the_per_user_directory(tmp_path: Path) -> None:
    settings = load_settings(environ={"HOME": str(tmp_path)}, overrides={"data_dir": None, "port": None})
    assert settings.port == 8000
    assert settings.data_dir.name == "pcreceipt"


def test_token_list_in_a_fresh_home_uses_the_per_user_store(tmp_path: Path) -> None:
    env = user_environment(tmp_path)
    listed = run([PCRECEIPT, "token", "list"], env)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.strip() == "no tokens"
    assert (tmp_path / ".local" / "share" / "pcreceipt" / "pcreceipt.db").is_file()
    as_json = run([PCRECEIPT, "token", "list", "--json"], env)
    assert json.loads(as_json.stdout) == {"items": []}


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_on_a_taken_port_is_one_line_and_no_banner(tmp_path: Path, workers: str) -> None:
    """The socket is bound before anything says the server serves (decisions: "serve binds first")."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run([PCRECEIPT, "serve", "--port", str(port), "--workers", workers], user_environment(tmp_path))
    line = _one_error_line(result, f"error: cannot listen on 127.0.0.1:{port}: the port is already in use")
    assert "serving" not in result.stdout + result.stderr and "startup complete" not in result.stdout + line


def test_serve_with_a_data_dir_that_is_a_file_says_so(tmp_path: Path) -> None:
    in_the_way = tmp_path / "not-a-dir"
    in_the_way.write_text("x")
    result = run([PCRECEIPT, "serve", "--data-dir", str(in_the_way)], user_environment(tmp_path))
    _one_error_line(result, f"error: Invalid value for '--data-dir': {in_the_way} is a file, not a directory")
    assert in_the_way.read_text() == "x"


@pytest.mark.parametrize("command", [["serve"], ["token", "list"], ["reembed"]])
def test_an_unwritable_data_dir_is_one_line(tmp_path: Path, command: list[str]) -> None:
    # /sys refuses new entries even to root, so this holds whoever runs the tests
    result = run([PCRECEIPT, *command, "--data-dir", "/sys/pcreceipt-test"], user_environment(tmp_path))
    _one_error_line(result, "/sys/pcreceipt-test", "not writable")


@pytest.mark.parametrize(
    "command", [["serve"], ["token", "list"], ["token", "create", "--scope", "*", "--grant", "read"]]
)
def test_an_unreachable_oceanbase_names_host_port_and_cause_never_the_password(
    tmp_path: Path, command: list[str]
) -> None:
    # serve binds its port first: a free one, not the default (the serial tests' 8000)
    env = user_environment(tmp_path, {"PCRECEIPT_STORE_URL": UNREACHABLE, "PCRECEIPT_PORT": str(free_port())})
    result = run([PCRECEIPT, *command], env)
    line = _one_error_line(result, "OceanBase 127.0.0.1:1/pcreceipt", "ConnectionRefusedError")
    assert "CANARY" not in result.stdout + result.stderr
    assert "root" not in line


@pytest.mark.parametrize("command", [["serve"], ["token", "list"], ["reembed"]])
def test_help_names_the_real_defaults(tmp_path: Path, command: list[str]) -> None:
    result = run([PCRECEIPT, *command, "--help"], user_environment(tmp_path, {"COLUMNS": "160"}))
    assert result.returncode == 0, result.stderr
    assert "Data directory [default: ~/.local/share/pcreceipt]." in result.stdout
    if command == ["serve"]:
        assert "Bind address [default: 127.0.0.1]." in result.stdout
        assert "Port [default: 8000]." in result.stdout


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("PCRECEIPT_EMBEDDING_MODE", "bogus", "setting embedding.mode must be one of auto, fts, vector, hybrid"),
        ("PCRECEIPT_RERANK_KIND", "foo", "setting rerank.kind must be one of none, model, lexical"),
        ("PCRECEIPT_REQUIRE_TOKENS", "maybe", "setting require_tokens must be true or false"),
        ("PCRECEIPT_PORT", "abc", "setting port must be a whole number"),
    ],
)
def test_a_setting_its_type_cannot_hold_is_refused(tmp_path: Path, variable: str, value: str, message: str) -> None:
    result = run([PCRECEIPT, "token", "list"], user_environment(tmp_path, {variable: value}))
    _one_error_line(result, f"error: {message}")


def test_a_provider_key_variable_that_is_not_set_is_one_line(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[embedding]\nbase_url = "http://127.0.0.1:9/v1"\napi_key_env = "PCR_TEST_UNSET_KEY"\n')
    for command in (["serve", "--port", str(free_port())], ["reembed"]):
        result = run([PCRECEIPT, *command, "--config", str(config)], user_environment(tmp_path))
        _one_error_line(
            result, "embedding.api_key_env names the environment variable PCR_TEST_UNSET_KEY, which is not set"
        )


def test_a_config_file_that_cannot_be_read_says_why(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("x = [")
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'x = "\xe9"')
    env = user_environment(tmp_path)
    _one_error_line(run([PCRECEIPT, "token", "list", "--config", str(broken)], env), "is not valid TOML")
    _one_error_line(run([PCRECEIPT, "token", "list", "--config", str(latin)], env), "is not UTF-8 text")
    _one_error_line(
        run([PCRECEIPT, "token", "list", "--config", str(tmp_path / "none.toml")], env), "none.toml does not exist"
    )


def test_a_sqlite_store_url_with_three_slashes_is_absolute_and_without_them_relative(tmp_path: Path) -> None:
    """docs/configuration.md's forms (docs/decisions.md): the path is the URL's, as in file:///."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    absolute = tmp_path / "abs" / "x.db"
    for url, expected in (
        (f"sqlite://{absolute}", absolute),  # sqlite:///tmp/.../x.db
        (f"sqlite:///{tmp_path / 'sqlalchemy.db'}", tmp_path / "sqlalchemy.db"),  # SQLAlchemy's four slashes
        ("sqlite:rel/x.db", cwd / "rel" / "x.db"),
    ):
        result = run([PCRECEIPT, "token", "list"], user_environment(tmp_path, {"PCRECEIPT_STORE_URL": url}), cwd=cwd)
        assert result.returncode == 0, (url, result.stderr)
        assert expected.is_file(), url
    assert sorted(p.relative_to(cwd).as_posix() for p in cwd.rglob("*.db")) == ["rel/x.db"]
    refused = run(
        [PCRECEIPT, "token", "list"], user_environment(tmp_path, {"PCRECEIPT_STORE_URL": "sqlite://host/x.db"}), cwd=cwd
    )
    _one_error_line(refused, "error: a sqlite store URL names no host", "sqlite:///absolute/path.db")


def test_a_relative_data_dir_is_under_the_current_directory(tmp_path: Path) -> None:
    """``--data-dir demo-store`` (docs/receipt-diff.md) is ./demo-store for every command, never /demo-store."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    env = user_environment(tmp_path)
    demo = run([PCRECEIPT, "demo", "--data-dir", "demo-store", "--hide-content"], env, cwd=cwd)
    assert demo.returncode == 0, demo.stderr
    listed = run([PCRECEIPT, "token", "list", "--data-dir", "demo-store"], env, cwd=cwd)
    assert listed.returncode == 0, listed.stderr
    assert sorted(p.relative_to(cwd).as_posix() for p in cwd.rglob("*.db")) == ["demo-store/pcreceipt.db"]
    assert not Path("/demo-store").exists()


def test_a_refused_oceanbase_login_says_what_to_check(seekdb_server: SeekdbServer, tmp_path: Path) -> None:
    """MySQL's 1045 in words, naming the URL's user (what the database refused), never its password."""
    url = f"oceanbase://pcreceipt_nobody:pa55-CANARY@127.0.0.1:{seekdb_server.port}/pcreceipt"
    result = run([PCRECEIPT, "token", "list"], user_environment(tmp_path, {"PCRECEIPT_STORE_URL": url}), timeout=120)
    line = _one_error_line(
        result,
        f"error: cannot open the store (OceanBase 127.0.0.1:{seekdb_server.port}/pcreceipt): oceanbase engine error "
        "(1045, access denied: the server refused the user and password); the URL gives user 'pcreceipt_nobody': "
        "check the user and password in PCRECEIPT_STORE_URL",
    )
    assert "CANARY" not in result.stdout + line
