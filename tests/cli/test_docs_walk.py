"""A newcomer's walk through README.md and every page of docs/: each page's commands and snippets
run as written, in order, in a fresh HOME and an empty working directory, against real servers
started as the page says.

- A shell block (``sh``, ``bash``, ``shell``, ``console``) and a ``python`` block run unless the
  Markdown marks it, right before its fence, with ``<!-- docs-walk: skip: REASON -->``; the reason
  must say where the block is run instead or why it cannot run here. A new block therefore either
  runs or says why not: ``test_every_block_runs_or_says_why_not`` holds that without running
  anything.
- Servers: a command ``pcreceipt serve ...`` (after ``$`` in a console block, or a line of a shell
  block) starts that server in the page's HOME; a page whose prose starts the server instead
  names it right before the block with ``<!-- docs-walk: server: COMMAND -->``, and the command
  must be written in the page's text. A server starts where the page starts it; the commands
  between servers run in one bash process (variables carry over to the next), with the directory
  holding ``pcreceipt`` first on PATH (the README's one line). A block without a language that
  opens with ``$`` or a command is a shell block too.
- What is checked: every command exits 0; in a console block, every line the page shows after a
  command is in what it printed (stdout and stderr, as a terminal shows them), in order, with
  ``…`` standing for anything and what a run decides on its own (ids, digests, tokens, times,
  cursors, table widths) named first (``VARYING``); an HTTP status line and an error envelope's
  ``code`` must be the ones shown, and a success shows no error envelope; what a server command's
  block shows (but lines cut with ``…``) is in what the server printed. The terminal is 120
  columns wide (``COLUMNS``), as the pages' samples were printed.
The install commands, seekdb and the multi-server deployment have tests of their own, named in
the skip marks; docs/decisions.md ("The docs walk") says why.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from _support.commands import PCRECEIPT, ServerProcess, run, user_environment
from _support.ports import port_is_free

pytestmark = [pytest.mark.slow, pytest.mark.serial]  # the pages serve on 8000, 8765 and 8766

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))]
SHELLS = {"sh", "bash", "shell", "console"}
RUN = SHELLS | {"python"}
MARK = re.compile(r"^<!-- docs-walk: (skip|server|file|output)(?:: (.+?))? -->$")
FENCE = re.compile(r"^```(\w*)\s*$")
SERVE = re.compile(r"^(?:[A-Z_]+=\S+\s+)*pcreceipt serve\b")
PAGE_TIMEOUT = 600
COLUMNS = "120"  # the terminal width the pages' samples were printed in
SHELL_WORDS = ("pcreceipt ", "curl ", "nox ", "python3 ", ".venv/bin/", "npm ")


@dataclass
class Command:
    text: str
    shown: list[str] = field(default_factory=list)  # what the page shows it printing (console)
    block: int = 0  # the block's first line in the page


@dataclass
class Block:
    line: int
    language: str
    body: str
    skip: str | None = None
    servers: list[str] = field(default_factory=list)
    file: str | None = None  # the block is this file's content, written into the working directory
    output: bool = False  # the block is what the block before it printed

    def commands(self) -> list[Command]:
        if self.file is not None:
            return [Command(f"cat > {shlex.quote(self.file)} <<'WALKED'\n{self.body}WALKED", block=self.line)]
        if self.language == "python":
            return [Command(f"python - <<'PYTHON'\n{self.body}PYTHON", block=self.line)]
        lines = self.body.splitlines()
        commands: list[Command] = []
        index = 0
        while index < len(lines):
            line = lines[index]
            index += 1
            console = self.language == "console"
            if console and not line.startswith("$ "):
                if commands:
                    commands[-1].shown.append(line)
                continue
            text = line[2:] if console else line
            if not console and (not text.strip() or text.lstrip().startswith("#")):
                continue
            while text.endswith("\\") and index < len(lines):
                text += "\n" + lines[index]
                index += 1
            commands.append(Command(text, block=self.line))
        return commands


def blocks(page: str) -> list[Block]:
    found: list[Block] = []
    marks: list[tuple[str, str]] = []
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        mark = MARK.match(line)
        if mark:
            marks.append((mark.group(1), (mark.group(2) or "").strip()))
            continue
        fence = FENCE.match(line)
        if not fence:
            if line.strip():
                marks = []
            continue
        start = index
        while index < len(lines) and not lines[index].startswith("```"):
            index += 1
        body = "".join(f"{text}\n" for text in lines[start:index])
        index += 1
        skip = next((reason for kind, reason in marks if kind == "skip"), None)
        servers = [command for kind, command in marks if kind == "server"]
        file = next((name for kind, name in marks if kind == "file"), None)
        output = any(kind == "output" for kind, _ in marks)
        found.append(Block(start, fence.group(1) or _untagged(body), body, skip, servers, file, output))
        marks = []
    return found


def _untagged(body: str) -> str:
    """A block without a language is a shell session when it reads like one."""
    first = body.lstrip("\n").split("\n", 1)[0]
    if first.startswith("$ "):
        return "console"
    return "sh" if first.startswith(SHELL_WORDS) else ""


def _server_command(command: str) -> str | None:
    text = re.sub(r"\s+#.*$", "", command).strip()
    if not SERVE.match(text):
        return None
    return text.removesuffix("&").strip()


def _port(command: str) -> int:
    words = shlex.split(command)
    return int(words[words.index("--port") + 1]) if "--port" in words else 8000


def _runs(block: Block) -> bool:
    return block.file is not None or (block.language in RUN and block.skip is None)


def test_every_block_runs_or_says_why_not() -> None:
    kinds: dict[str, int] = {}
    for page in PAGES:
        text = (ROOT / page).read_text(encoding="utf-8")
        for block in blocks(page):
            if block.output:
                assert not _runs(block), f"{page}:{block.line}: an output block is not run"
            if block.file is not None:
                assert block.skip is None, f"{page}:{block.line}: a file the walk writes is not skipped"
            elif block.language in RUN:
                kinds[(block.skip and "skipped") or "run"] = kinds.get((block.skip and "skipped") or "run", 0) + 1
                if block.skip is not None:
                    assert len(block.skip.split()) >= 3, f"{page}:{block.line}: say why the block does not run"
            else:
                assert block.skip is None and not block.servers, f"{page}:{block.line}: a mark on a block never run"
            for server in block.servers:
                assert f"`{server}`" in text, f"{page}: the server `{server}` is not written in the page"
    assert kinds["run"] > kinds["skipped"] > 0, kinds


def test_a_shell_block_without_a_mark_cannot_escape(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "text\n\n<!-- docs-walk: skip: needs a real cluster here -->\n\n```sh\nfalse\n```\n\n"
        "prose\n\n```console\n$ echo a \\\n  b\nshown\n```\n"
    )
    found = blocks(str(page))  # an absolute path: ROOT / it is itself
    assert [(b.language, b.skip) for b in found] == [("sh", "needs a real cluster here"), ("console", None)]
    commands = found[1].commands()
    assert [(c.text, c.shown) for c in commands] == [("echo a \\\n  b", ["shown"])]


# what a run decides on its own, named before the page's sample is compared with it
VARYING = (
    (re.compile(r"scp_[a-z0-9]{26}"), "<scope>"),
    (re.compile(r"art_[0-9a-f]{32}"), "<artifact>"),
    (re.compile(r"bcr_[0-9a-f]{32}"), "<delivery>"),
    (re.compile(r"cand_[0-9a-f]{32}"), "<candidate>"),
    (re.compile(r"pcr_[0-9a-f]{16}_[A-Za-z0-9_-]+"), "<token>"),
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<uuid>"),
    (re.compile(r"\b[0-9a-f]{16,64}\b"), "<hex>"),
    (re.compile(r"\d{4}-\d\d-\d\dT[\d:.]+Z"), "<time>"),
    (re.compile(r'"next_cursor":"[^"]+"'), '"next_cursor":"<cursor>"'),
    (re.compile(r"[\s\u2500-\u257f]+"), " "),  # spacing and table borders, whose widths follow the ids
)


def _flat(text: str) -> str:
    for pattern, name in VARYING:
        text = pattern.sub(name, text)
    return text.strip()


def _check_shown(where: str, shown: list[str], output: str) -> None:
    """Every line the page shows is in what the command printed, in order; ``…`` stands for anything."""
    printed = _flat(output)
    position = 0
    for line in shown:
        if not line.strip():
            continue
        pieces = [re.escape(piece.strip()) for piece in _flat(line).split("…")]
        found = re.compile(".*?".join(pieces)).search(printed, position)
        missing = f"{where}: the page shows\n{line}\nwhich the run did not print (after what matched)"
        assert found, f"{missing}:\n{output[-2500:]}"
        position = found.end()


def _check_console(page: str, command: Command, output: str) -> None:
    where = f"{page}:{command.block}: {command.text.splitlines()[0]}"
    _check_shown(where, command.shown, output)
    shown = "\n".join(command.shown)
    status = re.search(r"^HTTP/1\.1 (\d{3})", shown, flags=re.MULTILINE)
    if status:
        got = re.search(r"^HTTP/1\.1 (\d{3})", output, flags=re.MULTILINE)
        assert got and got.group(1) == status.group(1), f"{where}: the page shows {status.group(0)}\n{output[:600]}"
    if not shown.strip():
        return
    codes = re.findall(r'"error":\s*\{"code":\s*"(\w+)"', shown)
    got_codes = re.findall(r'"error":\s*\{"code":\s*"(\w+)"', output)
    assert got_codes == codes, f"{where}: the page shows error codes {codes}, the run printed:\n{output[:800]}"


def _check_server(page: str, command: Command, output: str) -> None:
    for line in command.shown:
        if line.strip() and "…" not in line:
            assert line.strip() in output, f"{page}: `{command.text}` printed no {line.strip()!r}:\n{output[:1500]}"


# the shell's variables, carried from one stretch of a page to the next (a server starts between them)
STATE = ".docs-walk-state"
SAVE_STATE = f"declare -p | grep -v '^declare -[a-zA-Z]*r' > {STATE}"


def _run_stretch(page: str, stretch: list[Command], environment: dict[str, str], work: Path) -> list[str]:
    """Commands in one bash process, after the variables the page set before; what each printed."""
    lines = [f"[ -f {STATE} ] && source {STATE} 2>/dev/null"]
    for number, command in enumerate(stretch):
        walked = f"{{\n{command.text}\n}} 2>&1"  # what it prints on either stream, as a terminal shows it
        lines += [f"printf '\\n@@walk {number}@@\\n'", walked, f"printf '\\n@@rc {number} %s@@\\n' $?"]
    done = run("\n".join([*lines, SAVE_STATE]) + "\n", environment, cwd=work, timeout=PAGE_TIMEOUT)
    output = done.stdout + done.stderr
    printed_by = []
    for number, command in enumerate(stretch):
        part = re.search(rf"@@walk {number}@@\n(.*?)\n@@rc {number} (\d+)@@", done.stdout, flags=re.DOTALL)
        assert part, f"{page}:{command.block}: `{command.text}` did not finish:\n{output[-3000:]}"
        printed, status = part.group(1), int(part.group(2))
        failed = f"{page}:{command.block}: `{command.text}` exited {status}"
        assert status == 0, f"{failed}:\n{printed[-2000:]}\n{done.stderr[-2000:]}"
        if command.shown:
            _check_console(page, command, printed)
        printed_by.append(printed)
    return printed_by


def walk(page: str, tmp_path: Path) -> list[tuple[Command, str]]:
    home = tmp_path / "home"
    work = tmp_path / "work"
    home.mkdir()
    work.mkdir()
    path = str(Path(PCRECEIPT).parent)
    environment = user_environment(home)
    environment["PATH"] = f"{path}:{environment['PATH']}"
    environment["COLUMNS"] = COLUMNS
    runnable = [block for block in blocks(page) if _runs(block)]
    assert runnable, f"{page} has nothing to walk"
    commands = [
        command
        for block in runnable
        for command in [Command(server, block=block.line) for server in block.servers] + block.commands()
    ]
    servers: list[tuple[Command, ServerProcess]] = []
    printed_by: list[tuple[Command, str]] = []
    stretch: list[Command] = []
    outputs = _outputs(page)
    try:
        for command in [*commands, None]:
            serve = None if command is None else _server_command(command.text)
            if command is not None and serve is None:
                stretch.append(command)
                continue
            printed_by += zip(stretch, _run_stretch(page, stretch, environment, work), strict=True)
            stretch = []
            if command is None or serve is None:
                break
            if any(serve == _server_command(earlier.text) for earlier, _ in servers):
                continue  # the page names the running server again
            assert port_is_free(_port(serve)), f"{page}: port {_port(serve)} (the page's) is taken on this machine"
            process = ServerProcess(serve, environment, cwd=work)
            servers.append((command, process))
            assert process.wait_ready(f"http://127.0.0.1:{_port(serve)}", 60), process.stop()[-2000:]
    finally:
        stopped = [(command, process.stop()) for command, process in servers]  # every one, before a check fails
        for command, printed in stopped:
            assert "Traceback" not in printed, printed[-3000:]
            _check_server(page, command, printed)
    for block, shown in outputs:
        printed = "\n".join(text for command, text in printed_by if command.block == block.line)
        _check_shown(f"{page}:{block.line}: the output shown after it", shown, printed)
    return printed_by


def _outputs(page: str) -> list[tuple[Block, list[str]]]:
    """Each output block, with the runnable block right before it."""
    found = blocks(page)
    pairs = []
    for before, block in pairwise(found):
        if block.output:
            assert _runs(before), f"{page}:{block.line}: an output block follows a block the walk runs"
            pairs.append((before, block.body.splitlines()))
    return pairs


def _walked(page: str) -> Any:
    """A page to walk, marked ``oceanbase`` when a block it runs starts seekdb or names an OceanBase URL."""
    run = [b for b in blocks(page) if _runs(b)]
    seekdb = any("seekdb start" in b.body or "oceanbase://" in b.body for b in run)
    return pytest.param(page, marks=[pytest.mark.oceanbase] if seekdb else [])


@pytest.mark.parametrize("page", [_walked(p) for p in PAGES if any(_runs(b) for b in blocks(p))])
def test_the_page_runs_as_written(page: str, tmp_path: Path) -> None:
    walk(page, tmp_path)


def _imported(page: str) -> set[str]:
    """The files a page's commands give ``pcreceipt import`` (a page's other .jsonl files, such as
    the fixtures docs/hosts.md gives ``pcreceipt validate``, hold other messages)."""
    commands = [c.text for block in blocks(page) if _runs(block) for c in block.commands()]
    return {word for text in commands if text.startswith("pcreceipt import ") for word in shlex.split(text)[2:]}


def test_every_import_line_the_docs_show_is_valid_against_the_contract() -> None:
    from pcreceipt.contract import gate

    lines = [
        (page, block.line, line)
        for page in PAGES
        for block in blocks(page)
        if block.file is not None and block.file in _imported(page)
        for line in block.body.splitlines()
    ]
    assert any(page == "README.md" for page, _, _ in lines)  # the page documenting `pcreceipt import`
    for page, number, line in lines:
        assert gate.check_schema_deep("CreateArtifactRequest", json.loads(line)) == [], f"{page}:{number}"


HOST_DIRECTORIES = {
    "Codex": "codex",
    "Claude Code": "claude-code",
    "WorkBuddy": "workbuddy",
    "ZCode": "zcode",
    "Kimi Code": "kimi-code",
    "Pi": "pi",
    "DSH": "dsh",
    "OpenCode": "opencode",
    "OpenClaw": "openclaw",
    "Hermes": "hermes",
}


def test_hosts_md_names_the_token_setting_each_host_s_plugin_reads(powercontext_sdist: Path) -> None:
    """Every name the token table of docs/hosts.md gives a host is in that host's own plugin code."""
    page = (ROOT / "docs" / "hosts.md").read_text(encoding="utf-8")
    table = page.split("| host | token setting |", 1)[1].split("\n\n", 1)[0]
    rows = dict(re.findall(r"^\| ([A-Za-z ]+) \| (.+) \|$", table, flags=re.MULTILINE))
    assert set(rows) == set(HOST_DIRECTORIES)
    for host, setting in rows.items():
        names = [n for n in re.findall(r"`([^`]+)`", setting) if not n.startswith(("Bearer", "pcr_", "$", "."))]
        names = [n.split(":")[0].strip('"') for n in names]
        assert names, host
        plugin = powercontext_sdist / "integrations" / HOST_DIRECTORIES[host]
        code = "\n".join(
            path.read_text(encoding="utf-8", errors="replace")
            for path in plugin.rglob("*")
            if path.is_file() and path.suffix in {".py", ".ts", ".mjs", ".js", ".json"} and "test" not in path.name
        )
        missing = [name for name in names if name not in code]
        assert missing == [], f"{host}: {missing} not in {plugin.relative_to(powercontext_sdist)}"
