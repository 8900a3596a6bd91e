"""The docs' generated blocks against what they are made of (codegen/docs_blocks.py writes them):

- README.md's demo sample against ``pcreceipt demo`` run now as a user runs it (fresh HOME, the
  command the README names), compared in everything a run does not decide on its own (receipt
  id, Scope and artifact ids, the content digest and stage timings are taken out);
- docs/mcp.md's tool list against the generated MCP catalogue;
- docs/configuration.md against the variables the client commands read.
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from types import SimpleNamespace

from _support.commands import PCRECEIPT, run, user_environment

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


# the generator's own functions (codegen/ is not a package): what it writes is what is checked
docs_blocks = SimpleNamespace(**runpy.run_path(str(ROOT / "codegen" / "docs_blocks.py")))


def _demo_command() -> str:
    """The command the README says its sample is a run of."""
    text = README.read_text(encoding="utf-8")
    named = re.findall(r"real run of `([^`]+)`", text)
    assert len(named) == 1, named
    return named[0]


def test_the_readme_demo_sample_is_what_the_demo_prints_now(tmp_path: Path) -> None:
    command = _demo_command()
    columns, program, *arguments = command.split()
    assert columns == f"COLUMNS={docs_blocks.DEMO_COLUMNS}" and program == "pcreceipt"
    assert arguments == docs_blocks.DEMO_COMMAND
    home = tmp_path / "home"
    home.mkdir()
    done = run([PCRECEIPT, *arguments], user_environment(home, {"COLUMNS": docs_blocks.DEMO_COLUMNS}), cwd=home)
    assert done.returncode == 0, done.stderr
    shown = docs_blocks.demo_in(README.read_text(encoding="utf-8"))
    now = docs_blocks.normalise(done.stdout)
    assert docs_blocks.normalise(shown) == now, "README.md's demo sample is stale: run `nox -s docs`"
    # what is compared: the verdict line, the query digest, every row of every table
    words = [word for line in now for word in line]
    assert "sha256:8e42fa13d3042013a6488b980f27a782a1fa7c2097d908e786e302b331827e52" in words
    assert {"Selected", "Omitted", "Retrieval", "Stages"} <= set(words)
    assert words.count("<ms>") >= 3 and "<content-digest>" in words


def test_the_normalisation_takes_out_only_what_a_run_decides() -> None:
    def line(receipt: str, artifact: str, ms: str, used: str, count: str) -> str:
        return f"│ receipt {receipt} │ bytes {used}/4000 │ art_{artifact * 32}@1 │ {ms} │ {count} │"

    one = line("935c899a-1b34-4040-9a83-bf23474aac5c", "a", " 2.32", "4000", "3")
    other = line("11111111-2222-4040-9a83-bf23474aac5c", "b", "10.25", "4000", "3")
    assert docs_blocks.normalise(one) == docs_blocks.normalise(other)
    assert docs_blocks.normalise(one) != docs_blocks.normalise(other.replace("4000/", "3959/"))
    assert docs_blocks.normalise(one) != docs_blocks.normalise(other.replace("│ 3 │", "│ 2 │"))


def test_the_mcp_tool_list_is_the_generated_catalogue() -> None:
    page = (ROOT / "docs" / "mcp.md").read_text(encoding="utf-8")
    shown = docs_blocks.block(page, "mcp-tools")
    assert shown == docs_blocks.mcp_tools_block(), "docs/mcp.md's tool list is stale: run `nox -s docs`"
    names = re.findall(r"^\| `([a-z_]+)` \|", shown, flags=re.MULTILINE)
    assert f"{len(names)} tools:" in shown and "remember_memory" in names
    # no count of this server's tools outside the block (PowerContext's own count may be quoted)
    assert re.findall(r"(?<!1\.4\.1's )\b\d+ tools\b", page.replace(shown, "")) == []


def test_every_variable_the_commands_read_is_in_configuration_md() -> None:
    """The client commands' own variables (typer ``envvar=``) are documented with the settings."""
    sources = (ROOT / "src" / "pcreceipt" / "cli").glob("*.py")
    read = {name for path in sources for name in re.findall(r'envvar="(PCRECEIPT_\w+)"', path.read_text("utf-8"))}
    assert {"PCRECEIPT_URL", "PCRECEIPT_TOKEN"} <= read
    page = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert {name for name in read if not re.search(rf"^\| {name} \|", page, flags=re.MULTILINE)} == set()
