"""The blocks of the docs that a real run or a generated file decides, rewritten between markers.

    python codegen/docs_blocks.py           # rewrite them (nox -s docs)
    python codegen/docs_blocks.py --check   # exit 1 when a block differs from what it is made of

- README.md, ``demo``: what ``COLUMNS=120 pcreceipt demo --hide-content`` prints, run in a fresh
  HOME (the ``pcreceipt`` beside this Python). Receipt ids, Scope and artifact ids, the content
  digest (the content names the artifacts) and stage timings change from run to run; ``normalise``
  takes them out, so ``--check`` (and tests/cli/test_docs_blocks.py) compare everything else.
- docs/mcp.md, ``mcp-tools``: the MCP tool list, from the generated catalogue
  (src/pcreceipt/_gen/mcp_tools.json).

A block sits between ``<!-- generated: NAME (codegen/docs_blocks.py) -->`` and
``<!-- end generated: NAME -->``; everything between them is replaced.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "src" / "pcreceipt" / "_gen" / "mcp_tools.json"
DEMO_COMMAND = ["demo", "--hide-content"]
DEMO_COLUMNS = "120"
# what a run decides on its own: replaced by a name before two runs are compared
VARYING = (
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<receipt-id>"),
    (re.compile(r"scp_[a-z0-9]{26}"), "<scope>"),
    (re.compile(r"art_[0-9a-f]{32}"), "<artifact>"),
    (re.compile(r"(content\s+)sha256:[0-9a-f]{64}"), r"\1<content-digest>"),
    (re.compile(r"\b\d+\.\d\d\b"), "<ms>"),
)
# the table and panel borders rich draws (their widths follow the varying values)
BORDERS = re.compile(r"[\s\u2500-\u257f]+")


def marker(name: str) -> tuple[str, str]:
    return f"<!-- generated: {name} (codegen/docs_blocks.py) -->\n", f"<!-- end generated: {name} -->"


def block(text: str, name: str) -> str:
    """The text between a block's markers."""
    start, end = marker(name)
    if text.count(start) != 1 or text.count(end) != 1:
        raise SystemExit(f"expected one {start.strip()} and one {end} marker")
    return text.split(start, 1)[1].split(end, 1)[0]


def with_block(text: str, name: str, body: str) -> str:
    start, end = marker(name)
    before = text.split(start, 1)[0]
    after = text.split(end, 1)[1]
    return before + start + body + end + after


def normalise(output: str) -> list[list[str]]:
    """A demo's output as its lines' words, without what changes from run to run or the borders."""
    for pattern, name in VARYING:
        output = pattern.sub(name, output)
    return [[word for word in BORDERS.split(line) if word] for line in output.strip("\n").splitlines()]


def demo_environment(home: Path) -> dict[str, str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("PCRECEIPT_", "XDG_"))}
    environment.update({"HOME": str(home), "COLUMNS": DEMO_COLUMNS})
    return environment


def run_demo(pcreceipt: str = str(Path(sys.executable).with_name("pcreceipt"))) -> str:
    """One run of the demo in a fresh HOME; its standard output."""
    with tempfile.TemporaryDirectory(prefix="pcreceipt-docs-") as home:
        done = subprocess.run(
            [pcreceipt, *DEMO_COMMAND],
            env=demo_environment(Path(home)),
            cwd=home,
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
    return "\n".join(line.rstrip() for line in done.stdout.splitlines()) + "\n"


def demo_block(output: str) -> str:
    return f"```text\n{output}```\n"


def demo_in(text: str) -> str:
    """The demo output a README block holds (without its fence)."""
    inner = block(text, "demo")
    return inner.removeprefix("```text\n").removesuffix("```\n")


def mcp_tools_block() -> str:
    catalogue = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    tools = catalogue["tools"]
    keys = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
    rows = [
        "| tool | HTTP operation | read-only | destructive | idempotent | open world |",
        "|---|---|---|---|---|---|",
    ]
    for tool in tools:
        hints = tool["annotations"] or {}
        marks = [{True: "yes", False: "no"}.get(hints.get(key), "") for key in keys]
        rows.append(f"| `{tool['name']}` | {tool['method']} `{tool['path']}` | {' | '.join(marks)} |")
    return f"{len(tools)} tools:\n\n" + "\n".join(rows) + "\n"


BLOCKS: dict[str, tuple[Path, Callable[[], str]]] = {
    "demo": (ROOT / "README.md", lambda: demo_block(run_demo())),
    "mcp-tools": (ROOT / "docs" / "mcp.md", mcp_tools_block),
}


def differs(name: str, text: str, fresh: str) -> bool:
    if name == "demo":
        return normalise(demo_in(text)) != normalise(fresh.removeprefix("```text\n").removesuffix("```\n"))
    return block(text, name) != fresh


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a block differs; write nothing")
    args = parser.parse_args()
    stale = []
    for name, (path, make) in BLOCKS.items():
        text = path.read_text(encoding="utf-8")
        fresh = make()
        if args.check:
            if differs(name, text, fresh):
                stale.append(f"{path.relative_to(ROOT)}: {name}")
        elif block(text, name) != fresh:
            path.write_text(with_block(text, name, fresh), encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}: {name}")
    for line in stale:
        print(f"differs from a fresh run: {line} (python codegen/docs_blocks.py rewrites it)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
