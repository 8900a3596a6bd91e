"""The house rules a later change could quietly break: module sizes, the package's top level, the
store's layers (records below the role protocols; prepare holding its role only), the contract
layer below prepare, and the generated per-operation code (typed handler bodies, the client's methods)."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 800
MAX_TOP_LEVEL_MODULES = 10
# Generated output, and the generated validators each release keeps (codegen/baseline/validators-<version>/).
GENERATED = ("generated/", "src/pcreceipt/_gen/", "tests/vectors/", "codegen/baseline/")


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
        and name not in ("src/pcreceipt/models.py", "src/pcreceipt/contract/gate.py")
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


# What the contract layer may import of pcreceipt: itself, the generated facts, the error root.
CONTRACT_MAY_IMPORT = ("pcreceipt.contract", "pcreceipt.models", "pcreceipt.errors")
# TypeScript templates that port no Python module: the package's barrel and the declaration of the
# ajv code generated at build time.
NOT_PORTS = {"index.ts", "schema-validators.d.ts"}
COUNTERPART = "// Python counterpart: "


def test_the_contract_layer_imports_nothing_above_it() -> None:
    """``contract/`` (the gate, the reader of a rendered content, the wire constants of the forms,
    digests, the diagnostic and the diff) imports nothing of prepare, the store, the server or the
    CLI; ``prepare/`` imports it, never the reverse."""
    found = _package_imports("contract")
    assert {"src/pcreceipt/contract/gate.py", "src/pcreceipt/contract/content.py"} <= found.keys()
    above = {
        name: sorted(m for m in imported if not m.startswith(CONTRACT_MAY_IMPORT)) for name, imported in found.items()
    }
    assert {name: m for name, m in above.items() if m} == {}
    render = _imports(ROOT / "src/pcreceipt/prepare/render.py")
    assert "pcreceipt.contract.forms" in render
    assert not (ROOT / "src/pcreceipt/gate.py").exists() and not (ROOT / "src/pcreceipt/prepare/citations.py").exists()


def test_each_typescript_port_has_exactly_one_python_counterpart_in_the_contract_layer() -> None:
    """Every hand-written TypeScript module of the host package names, on its first line, the one
    module of ``contract/`` it ports; no two name the same one."""
    templates = sorted((ROOT / "codegen/ts/templates").glob("*.ts"))
    ports = [p for p in templates if p.name not in NOT_PORTS]
    assert len(ports) >= 5
    named = {}
    for path in ports:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(COUNTERPART), path.name
        named[path.name] = first.removeprefix(COUNTERPART)
    assert all(n.startswith("src/pcreceipt/contract/") and (ROOT / n).is_file() for n in named.values()), named
    assert len(set(named.values())) == len(named), named


def test_the_host_kit_generator_reads_only_the_contract_layer() -> None:
    """The Python hosts' file is built from ``contract/`` alone (and the hand-written host kit)."""
    import sys

    sys.path.insert(0, str(ROOT / "codegen" / "python"))
    try:
        import host_validators
    finally:
        sys.path.remove(str(ROOT / "codegen" / "python"))
    paths = [path for path, _ in host_validators.SOURCES]
    assert paths and all(path.startswith("src/pcreceipt/contract/") for path in paths), paths


def test_every_handler_declares_its_operations_request_body() -> None:
    """Item 3's rule: a handler reads its body as the operation's generated TypedDict
    (``Call[bodies.X]``, X the request model; ``Call[None]`` without a body), so mypy checks
    what it reads; a handler registered for the wrong operation, or typed loosely, fails here."""
    import typing

    from pcreceipt.models import BY_ID, bodies
    from pcreceipt.server.handlers import HANDLERS

    assert set(HANDLERS) == set(BY_ID)
    wrong = {}
    for operation_id, handler in HANDLERS.items():
        model = BY_ID[operation_id].request_model
        expected = type(None) if model is None else getattr(bodies, model)
        (declared,) = typing.get_args(typing.get_type_hints(handler)["call"]) or (None,)
        if declared != expected:
            wrong[operation_id] = declared
    assert wrong == {}


def test_the_client_has_the_generated_method_of_every_operation() -> None:
    """Item 3's other half: the client's operation methods are the generated ones (a hand-written
    override keeps the generated signature's arguments and adds keywords only)."""
    import inspect

    from pcreceipt.client import AsyncClient
    from pcreceipt.models import OPERATIONS, OperationMethods

    assert issubclass(AsyncClient, OperationMethods)
    for operation in OPERATIONS:
        generated = inspect.signature(getattr(OperationMethods, operation.operation_id))
        served = inspect.signature(getattr(AsyncClient, operation.operation_id))
        assert (
            list(generated.parameters)[: len(generated.parameters)]
            == list(served.parameters)[: len(generated.parameters)]
        ), operation.operation_id
        extra = list(served.parameters.values())[len(generated.parameters) :]
        assert all(p.kind is p.KEYWORD_ONLY and p.default is not p.empty for p in extra), operation.operation_id
    hand_written = {name for name in vars(AsyncClient) if name in {op.operation_id for op in OPERATIONS}}
    assert hand_written == {"prepare_context"}
