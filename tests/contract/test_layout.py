"""The house rules a later change could quietly break: module sizes, the package's top level, and
the store's layers (records below the role protocols; prepare holding its role only)."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 800
MAX_TOP_LEVEL_MODULES = 10
GENERATED = ("generated/", "src/pcreceipt/_gen/", "tests/vectors/")


def _hand_written() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.py", "*.ts", "*.mjs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [name for name in listed if not name.startswith(GENERATED) and (ROOT / name).is_file()]


def test_no_hand_written_module_is_over_800_lines() -> None:
    names = _hand_written()
    assert any(name.startswith("src/pcreceipt/prepare/") for name in names)
    too_long = {
        name: lines
        for name in names
        if (lines := len((ROOT / name).read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert too_long == {}


def test_the_package_has_at_most_ten_top_level_modules() -> None:
    modules = sorted(p.name for p in (ROOT / "src" / "pcreceipt").glob("*.py"))
    assert "__init__.py" in modules
    assert len(modules) <= MAX_TOP_LEVEL_MODULES, modules


def test_the_generated_python_is_private_to_the_package() -> None:
    # generated/python/ holds only the standalone host file (no bindings of the package)
    assert sorted(p.name for p in (ROOT / "generated" / "python").glob("*.py")) == ["pcreceipt_host_validators.py"]
    assert (ROOT / "src" / "pcreceipt" / "_gen" / "models.py").is_file()
    outside = [
        name
        for name in _hand_written()
        if name.startswith("src/pcreceipt/")
        and name not in ("src/pcreceipt/models.py", "src/pcreceipt/gate.py")
        and any(
            line.lstrip().startswith(("from pcreceipt._gen", "import pcreceipt._gen"))
            for line in (ROOT / name).read_text(encoding="utf-8").splitlines()
        )
    ]
    assert outside == []


def _imports(path: Path) -> set[str]:
    """The pcreceipt modules a module imports (``from X import`` and ``import X``), at any depth."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pcreceipt"):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("pcreceipt"))
    return found


def test_the_store_records_import_nothing_of_the_store() -> None:
    """``store/records.py`` is the domain: plain data every layer imports, so it imports no engine,
    protocol or store module (a cycle through it would tie the domain to an engine)."""
    imported = _imports(ROOT / "src/pcreceipt/store/records.py")
    assert "pcreceipt.errors" in imported
    assert {name for name in imported if name.startswith("pcreceipt.store")} == set()
    assert not (ROOT / "src/pcreceipt/store/scope_protocol.py").exists()


def test_prepare_reads_the_store_through_its_role_only() -> None:
    """``prepare/`` holds a ``RecallReads`` (what a prepare reads), never the whole ``Store``."""
    holders = []
    for path in sorted((ROOT / "src/pcreceipt/prepare").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "pcreceipt.store.protocol":
                names = {alias.name for alias in node.names}
                if "Store" in names:
                    holders.append(path.name)
    assert holders == []
    runtime = (ROOT / "src/pcreceipt/prepare/runtime.py").read_text(encoding="utf-8")
    assert "store: RecallReads" in runtime


def test_prepare_raises_no_http_errors() -> None:
    """``prepare/`` speaks in its own and the store's errors; what a client is answered is decided
    in one place (``pcreceipt.server.http.store_errors.api_error``), so no API error is imported here."""
    imported = set()
    for path in sorted((ROOT / "src/pcreceipt/prepare").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "pcreceipt.errors":
                imported.update(alias.name for alias in node.names)
    assert imported == {"PcreceiptError"}


def _package_imports(package: str) -> dict[str, set[str]]:
    return {
        path.relative_to(ROOT).as_posix(): _imports(path)
        for path in sorted((ROOT / "src/pcreceipt" / package).rglob("*.py"))
    }


def test_the_server_machinery_never_imports_the_handlers() -> None:
    """``server/http`` is below ``server/handlers``: the machinery serves any handler table."""
    found = {
        name: sorted(m for m in imported if m.startswith("pcreceipt.server.handlers"))
        for name, imported in _package_imports("server/http").items()
    }
    assert len(found) > 10
    assert {name: m for name, m in found.items() if m} == {}


def test_prepare_imports_nothing_of_the_server() -> None:
    """``prepare/`` (the bootstrap package's builder too) sits below the server."""
    found = {
        name: sorted(m for m in imported if m.startswith("pcreceipt.server"))
        for name, imported in _package_imports("prepare").items()
    }
    assert "src/pcreceipt/prepare/bootstrap.py" in found
    assert {name: m for name, m in found.items() if m} == {}
