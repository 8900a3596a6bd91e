"""Every operation pcreceipt serves is called through PowerContext's official client by ``nox -s compat``.

``tests/compat/official_client_check.py`` (run by ``nox -s compat``) drives a live server with
the official client, whose method names are the operationIds. Read statically here (that program
needs the official client installed; this test does not): every operationId of
``schemas/openapi.json`` is either called there as ``client.<operationId>(…)`` or named in its
``PCRECEIPT_ONLY`` — and those must be operations PowerContext 1.4.1 does not have (its OpenAPI,
from the sdist fetched at test time), so the official client cannot call them. A new operation
without a check fails here.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "tests" / "compat" / "official_client_check.py"
GROUPS = sorted((ROOT / "tests" / "compat").glob("*_client_check.py"))
"""The check's groups kept in modules of their own (``review_client_check.py``, …), read with it."""
OPENAPI = ROOT / "schemas" / "openapi.json"


def _trees() -> list[ast.Module]:
    """The check and the group modules beside it that it imports (``*_client_check.py``)."""
    return [ast.parse(path.read_text(encoding="utf-8")) for path in sorted({CHECK, *GROUPS})]


def _tree() -> ast.Module:
    return ast.Module(body=[node for module in _trees() for node in module.body], type_ignores=[])


def called() -> set[str]:
    """The official client's methods the check and its group modules call (``client.<name>(…)``)."""
    return {
        node.func.attr
        for tree in _trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "client"
    }


def pcreceipt_only() -> set[str]:
    for node in ast.walk(_tree()):
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["PCRECEIPT_ONLY"]:
            assert isinstance(node.value, ast.Call) and isinstance(node.value.args[0], ast.Set)
            return set(ast.literal_eval(node.value.args[0]))
    raise AssertionError("official_client_check.py names no PCRECEIPT_ONLY")


def served() -> set[str]:
    document = json.loads(OPENAPI.read_text(encoding="utf-8"))
    return {
        operation["operationId"]
        for path in document["paths"].values()
        for operation in path.values()
        if isinstance(operation, dict) and "operationId" in operation
    }


@pytest.fixture(scope="module")
def powercontext_operations(powercontext_sdist: Path) -> set[str]:
    text = (powercontext_sdist / "openapi" / "powercontext.yaml").read_text(encoding="utf-8")
    operations = set(re.findall(r"^\s*operationId:\s*['\"]?([A-Za-z0-9_]+)", text, flags=re.MULTILINE))
    assert len(operations) == 126  # HOSTS.md §0: the 1.4.1 OpenAPI's operations
    return operations


def test_every_served_operation_is_called_through_the_official_client() -> None:
    assert served() - called() - pcreceipt_only() == set()


def test_the_check_reads_what_it_should() -> None:
    # the reading above finds real calls, so an empty result cannot pass for coverage
    assert {"prepare_context", "resolve_scope_binding", "get_capabilities", "flush_memory"} <= called()
    assert pcreceipt_only() <= served()  # no stale exemption


def test_only_operations_powercontext_lacks_are_exempt(powercontext_operations: set[str]) -> None:
    assert pcreceipt_only() & powercontext_operations == set()


READERS = frozenset({"download_handoff_report"})
"""Official client methods that are not operations: a second reader of one (HOSTS.md §0: 127 methods)."""


def test_every_call_is_a_powercontext_operation(powercontext_operations: set[str]) -> None:
    assert called() - powercontext_operations - READERS == set()
