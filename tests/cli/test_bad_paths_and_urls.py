"""Every path-like and URL-like option of every command, given a value it cannot use: one
``error:`` line naming the option, a non-zero exit, never a traceback.

The commands and their options come from the command tree itself (typer's click commands), so a
new command or option is driven without anyone listing it here. A path-like option is one typed
``Path``, or a text argument or option that names a file (``.json`` metavar, "file" in its help);
a URL-like one is named ``--url`` or ``--server``. Each must declare what it names with one of
``pcreceipt.cli.paths``' callbacks (an input file, an output file, a directory we write in, ...),
and gets the bad values for that kind: a file where a directory belongs and the other way round,
a path that is missing or lies under a file, and one the user may not read or write (the
command then runs as an unprivileged user, root being allowed everything); a URL with a port out
of range, a host under ``.invalid`` (RFC 6761: never resolves) and a scheme we do not speak.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer
from _support.commands import command_tree, user_environment
from _support.forked_cli import run_many

from pcreceipt.cli import paths
from pcreceipt.cli.main import app

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)


@dataclass(frozen=True)
class Param:
    command: tuple[str, ...]
    param: Any

    @property
    def label(self) -> str:
        return f"{' '.join(self.command)} {self.param.opts[0]}"

    @property
    def is_option(self) -> bool:
        return self.param.param_type_name == "option"

    @property
    def callback(self) -> Any:
        return getattr(self.param.callback, "__wrapped__", self.param.callback)


COMMANDS = [(path, c) for path, c in command_tree(typer.main.get_command(app)) if not hasattr(c, "list_commands")]
PARAMS = [Param(path, param) for path, command in COMMANDS for param in command.params]


def _annotation(param: Any) -> Any:
    return param.type_descriptor.annotation


def _is_path_like(param: Any) -> bool:
    if Path in (_annotation(param), *typing.get_args(_annotation(param))):
        return True
    metavar, help_text = param.metavar or "", (param.help or "").lower()
    names_a_file = re.search(r"\.jsonl?$", metavar) or re.search(r"\ban? (\w+ )?file\b|standard input", help_text)
    return _annotation(param) is str and names_a_file is not None


def _is_url_like(param: Any) -> bool:
    return any(opt in ("--url", "--server") for opt in param.opts)


PATH_PARAMS = [p for p in PARAMS if _is_path_like(p.param)]
URL_PARAMS = [p for p in PARAMS if _is_url_like(p.param)]


def test_the_walk_finds_the_options_the_issue_names() -> None:
    labels = {p.label for p in PATH_PARAMS + URL_PARAMS}
    for expected in (
        "demo --data-dir",
        "seekdb start --data-dir",
        "scope list --url",
        "context prepare --url",
        "eval run --url",
        "eval sample --url",
        "verify --server",
        "host-validators --output",
        "serve --config",
        "code index path",
        "verify response_file",
        "validate source",
    ):
        assert expected in labels, sorted(labels)


@pytest.mark.parametrize("param", PATH_PARAMS + URL_PARAMS, ids=lambda p: p.label)
def test_every_path_and_url_option_declares_what_it_names(param: Param) -> None:
    kinds = paths.URL_KINDS if param in URL_PARAMS else paths.PATH_KINDS
    assert param.callback in kinds, f"{param.label} has no pcreceipt.cli.paths callback"


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """A tree an unprivileged user can walk (tmp_path's root is root's alone)."""
    root = Path(tempfile.mkdtemp(prefix="pcreceipt-bad-paths-"))
    root.chmod(0o755)
    (root / "dir").mkdir()
    (root / "file.json").write_text("{}\n", encoding="utf-8")
    (root / "locked-dir").mkdir(mode=0o000)
    (root / "locked-dir").chmod(0o000)
    (root / "locked.json").write_text("{}\n", encoding="utf-8")
    (root / "locked.json").chmod(0o000)
    yield root
    (root / "locked-dir").chmod(0o755)
    shutil.rmtree(root)


def _bad_paths(kind: str, root: Path) -> list[tuple[str, str, bool]]:
    """(case, value, run as an unprivileged user) for a path option of ``kind``."""
    under_a_file = (str(root / "file.json" / "sub"), False)
    if kind == "input file":
        return [("a directory", str(root / "dir"), False), ("missing", str(root / "missing.json"), False),
                ("no permission", str(root / "locked.json"), True)]  # fmt: skip
    if kind == "input file or directory":
        return [("missing", str(root / "missing.json"), False), ("under a file", *under_a_file),
                ("no permission", str(root / "locked.json"), True),
                ("no permission to list", str(root / "locked-dir"), True)]  # fmt: skip
    if kind == "input directory":
        return [("a file", str(root / "file.json"), False), ("missing", str(root / "missing"), False),
                ("no permission", str(root / "locked-dir"), True)]  # fmt: skip
    if kind == "output file":
        return [("a directory", str(root / "dir"), False), ("under a file", *under_a_file),
                ("no permission", str(root / "locked-dir" / "out.json"), True)]  # fmt: skip
    # a directory we write in ("directory"), or a .py file or a directory ("output file or directory")
    return [("a file", str(root / "file.json"), False), ("under a file", *under_a_file),
            ("no permission", str(root / "locked-dir" / "sub"), True)]  # fmt: skip


BAD_URLS = [("port out of range", "127.0.0.1:99999"), ("unresolvable host", "http://pcreceipt-test.invalid:8000"),
            ("a scheme we do not speak", "ftp://127.0.0.1:8000")]  # fmt: skip


def _filler(param: Any, root: Path) -> str:
    """A value that passes for a required parameter other than the one under test."""
    kind = paths.PATH_KINDS.get(getattr(param.callback, "__wrapped__", None), "")
    if kind == "input file":
        return str(root / "file.json")
    if kind:
        return str(root / "dir")
    choices = typing.get_args(_annotation(param))
    if choices and all(isinstance(choice, str) for choice in choices):
        return str(choices[0])
    return "1" if _annotation(param) is int else "x"


def _argv(target: Param, value: str | None, root: Path) -> list[str]:
    """The command line of ``target``'s command with ``value`` for it (None: left out) and a value
    that passes for every other required parameter."""
    command = dict(COMMANDS)[target.command]
    options: list[str] = []
    arguments: list[str] = []
    for param in command.params:
        if param is target.param:
            if value is None:
                continue
            given = value
        elif param.required:
            given = _filler(param, root)
        else:
            continue
        if param.param_type_name == "option":
            options += [param.opts[0], given]
        else:
            arguments.append(given)
    return [*target.command, *options, "--", *arguments] if arguments else [*target.command, *options]


def _cases(root: Path) -> list[tuple[Param, str, dict[str, Any]]]:
    cases = []
    for param in PATH_PARAMS:
        for name, value, as_nobody in _bad_paths(paths.PATH_KINDS[param.callback], root):
            cases.append((param, name, {"argv": _argv(param, value, root), "as_nobody": as_nobody}))
    for param in URL_PARAMS:
        for name, value in BAD_URLS:
            cases.append((param, name, {"argv": _argv(param, value, root), "as_nobody": False}))
    return cases


def test_bad_paths_and_urls_are_one_error_line(scratch: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    cases = _cases(scratch)
    assert len(cases) >= 3 * (len(PATH_PARAMS) + len(URL_PARAMS))
    environment = user_environment(home, {"TMPDIR": str(tmp_path), "COLUMNS": "400"})
    outcomes = run_many([case for _, _, case in cases], environment)
    failures = []
    for (param, name, _), outcome in zip(cases, outcomes, strict=True):
        errors = [line for line in outcome.stderr.splitlines() if line.startswith("error:")]
        named = param.param.opts[0] if param.is_option else (param.param.metavar or param.param.name.upper())
        problems = [
            "exit 0" if outcome.status == 0 else "",
            "killed after the timeout" if outcome.status == -9 else "",
            f"{len(errors)} error lines" if len(errors) != 1 else "",
            "a traceback" if "Traceback" in outcome.stdout + outcome.stderr else "",
            f"the error does not name {named}" if errors and named not in errors[0] else "",
        ]
        if any(problems):
            failures.append(f"{param.label} ({name}): {', '.join(p for p in problems if p)}\n"
                            f"  argv {outcome.argv}\n  stderr {outcome.stderr[-600:]!r}")  # fmt: skip
    assert not failures, "\n".join(failures)


def test_runs_as_an_unprivileged_user_meet_permission_denied(scratch: Path, tmp_path: Path) -> None:
    """The no-permission cases really are refused for permission (not for a missing path)."""
    home = tmp_path / "home"
    home.mkdir()
    config = next(p for p in PATH_PARAMS if p.label == "serve --config")
    data_dir = next(p for p in PATH_PARAMS if p.label == "demo --data-dir")
    cases = [
        {"argv": _argv(config, str(scratch / "locked.json"), scratch), "as_nobody": True},
        {"argv": _argv(data_dir, str(scratch / "locked-dir" / "sub"), scratch), "as_nobody": True},
    ]
    outcomes = run_many(cases, user_environment(home, {"TMPDIR": str(tmp_path)}))
    for outcome in outcomes:
        assert outcome.status == 2, outcome
        # typer's own Path check says "is not readable" before ours runs
        assert "is not readable" in outcome.stderr or "permission denied" in outcome.stderr, outcome
    assert os.stat(scratch / "locked.json").st_mode & 0o777 == 0


ENVIRONMENT_PATHS = [
    ("PCRECEIPT_DATA_DIR", "{root}/file.json", "not a directory"),
    ("PCRECEIPT_DATA_DIR", "{root}/file.json/sub", "not a directory"),
    ("PCRECEIPT_CONFIG", "{root}/dir", "is a directory"),
    ("PCRECEIPT_STORE_URL", "sqlite://{root}/dir", "which is a directory, not a database file"),
    ("PCRECEIPT_STORE_URL", "sqlite://{root}/file.json/x.db", "file.json is a file"),
    ("PCRECEIPT_URL", "127.0.0.1:99999", "out of range"),
    ("PCRECEIPT_URL", "http://pcreceipt-test.invalid:8000", "does not resolve"),
]


def _reading(variable: str, root: Path) -> list[list[str]]:
    """The commands that read ``variable``."""
    if variable == "PCRECEIPT_URL":
        return [_argv(p, None, root) for p in URL_PARAMS if p.param.envvar == "PCRECEIPT_URL"]
    local = [["token", "list"], ["serve", "--port", "1"]]
    if variable == "PCRECEIPT_DATA_DIR":
        return [*local, ["reembed"], ["seekdb", "status"], ["seekdb", "stop"], ["seekdb", "start"]]
    return local if variable == "PCRECEIPT_STORE_URL" else [*local, ["reembed"]]


@pytest.mark.parametrize(("variable", "value", "expected"), ENVIRONMENT_PATHS)
def test_a_bad_path_or_url_in_the_environment_is_one_line(
    scratch: Path, tmp_path: Path, variable: str, value: str, expected: str
) -> None:
    """The same values through ``PCRECEIPT_*``, for every command that reads the variable (the local
    commands, seekdb's default directory, the client commands' URL): one line, exit 2."""
    home = tmp_path / "home"
    home.mkdir()
    environment = user_environment(home, {variable: value.format(root=scratch), "TMPDIR": str(tmp_path)})
    outcomes = run_many([{"argv": argv} for argv in _reading(variable, scratch)], environment)
    for outcome in outcomes:
        errors = [line for line in outcome.stderr.splitlines() if line.startswith("error:")]
        assert outcome.status == 2 and len(errors) == 1 and expected in errors[0].lower(), outcome
        assert "Traceback" not in outcome.stdout + outcome.stderr, outcome
