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
  must be written in the page's text. Servers start first, in page order; the rest runs in one
  bash process per page (variables carry over), with the directory holding ``pcreceipt`` first on
  PATH (the README's one line).
- What is checked: every command exits 0; in a console block, when the page shows an HTTP status
  line the command prints the same status, an error envelope's ``code`` the same code, and a
  success no error envelope at all; what a server command's block shows (but lines cut with ``…``)
  is in what the server printed.
The install commands, seekdb and the multi-server deployment have tests of their own, named in
the skip marks; docs/decisions.md ("The docs walk") says why.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from _support.commands import PCRECEIPT, ServerProcess, run, user_environment
from _support.ports import port_is_free

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))]
SHELLS = {"sh", "bash", "shell", "console"}
RUN = SHELLS | {"python"}
MARK = re.compile(r"^<!-- docs-walk: (skip|server|file): (.+?) -->$")
FENCE = re.compile(r"^```(\w*)\s*$")
SERVE = re.compile(r"^(?:[A-Z_]+=\S+\s+)*pcreceipt serve\b")
PAGE_TIMEOUT = 600


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
            marks.append((mark.group(1), mark.group(2).strip()))
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
        found.append(Block(start, fence.group(1), body, skip, servers, file))
        marks = []
    return found


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


def _check_console(page: str, command: Command, output: str) -> None:
    where = f"{page}:{command.block}: {command.text.splitlines()[0]}"
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


def walk(page: str, tmp_path: Path) -> list[tuple[Command, str]]:
    home = tmp_path / "home"
    work = tmp_path / "work"
    home.mkdir()
    work.mkdir()
    path = str(Path(PCRECEIPT).parent)
    environment = user_environment(home)
    environment["PATH"] = f"{path}:{environment['PATH']}"
    runnable = [block for block in blocks(page) if _runs(block)]
    assert runnable, f"{page} has nothing to walk"
    servers: list[tuple[Command, ServerProcess]] = []
    script: list[Command] = []
    printed_by: list[tuple[Command, str]] = []
    for block in runnable:
        started = [Command(command, block=block.line) for command in block.servers]
        for command in started + block.commands():
            serve = _server_command(command.text)
            if serve is None:
                script.append(command)
                continue
            if any(serve == _server_command(earlier.text) for earlier, _ in servers):
                continue  # the page names the running server again
            assert port_is_free(_port(serve)), f"{page}: port {_port(serve)} (the page's) is taken on this machine"
            process = ServerProcess(serve, environment, cwd=work)
            servers.append((command, process))
            assert process.wait_ready(f"http://127.0.0.1:{_port(serve)}", 60), process.stop()[-2000:]
    try:
        lines = []
        for number, command in enumerate(script):
            lines += [f"printf '\\n@@walk {number}@@\\n'", command.text, f"printf '\\n@@rc {number} %s@@\\n' $?"]
        done = run("\n".join(lines) + "\n", environment, cwd=work, timeout=PAGE_TIMEOUT)
        output = done.stdout + done.stderr
        for number, command in enumerate(script):
            part = re.search(rf"@@walk {number}@@\n(.*?)\n@@rc {number} (\d+)@@", done.stdout, flags=re.DOTALL)
            assert part, f"{page}:{command.block}: `{command.text}` did not finish:\n{output[-3000:]}"
            printed, status = part.group(1), int(part.group(2))
            failed = f"{page}:{command.block}: `{command.text}` exited {status}"
            assert status == 0, f"{failed}:\n{printed[-2000:]}\n{done.stderr[-2000:]}"
            printed_by.append((command, printed))
            if command.shown:
                _check_console(page, command, printed)
    finally:
        for command, process in servers:
            printed = process.stop()
            assert "Traceback" not in printed, printed[-3000:]
            _check_server(page, command, printed)
    return printed_by


@pytest.mark.parametrize("page", [p for p in PAGES if any(_runs(b) for b in blocks(p))])
def test_the_page_runs_as_written(page: str, tmp_path: Path) -> None:
    walk(page, tmp_path)


def test_every_import_line_the_docs_show_is_valid_against_the_contract() -> None:
    from pcreceipt import gate

    lines = [
        (page, block.line, line)
        for page in PAGES
        for block in blocks(page)
        if block.file is not None and block.file.endswith(".jsonl")
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
