"""The pytest-xdist scheduler of ``--dist loadfile`` runs (the root ``conftest.py`` installs it):
pytest-xdist's file scheduler with two changes.

- Every module marked ``serial`` (it binds fixed ports) joins one work unit, ``SERIAL_GROUP``, so
  one worker runs them one after another while the others run the rest.
- That unit, then every module marked ``long`` (few tests that take long), is handed out first.
  pytest-xdist hands out the units with the most tests first, so these would otherwise start last
  and keep one worker busy after the others have finished.

Marks are read from the module's ``pytestmark`` with ast: the controller of an xdist run collects
nothing itself."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path
from typing import Any, cast

import pytest

SERIAL_GROUP = "serial"


@cache
def module_marks(path: Path) -> frozenset[str]:
    """The marks the test module at ``path`` sets in ``pytestmark``."""
    if not path.is_file():
        return frozenset()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets):
            value = cast(ast.Assign, node).value
            return frozenset(n.attr for n in ast.walk(value) if isinstance(n, ast.Attribute) and n.attr != "mark")
    return frozenset()


def serial_module(path: Path) -> bool:
    return "serial" in module_marks(path)


def make(config: pytest.Config, log: Any) -> Any:
    """The scheduler for ``--dist loadfile``; None (pytest-xdist's own) for any other ``--dist``."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    root = config.rootpath

    class FixedPortsTogether(LoadFileScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return SERIAL_GROUP if serial_module(root / module) else module

        def _assign_work_unit(self, node: Any) -> None:
            first = [unit for unit in self.workqueue if "long" in module_marks(root / unit)]
            if SERIAL_GROUP in self.workqueue:
                first.insert(0, SERIAL_GROUP)
            for unit in reversed(first):
                self.workqueue.move_to_end(unit, last=False)
            super()._assign_work_unit(node)

    return FixedPortsTogether(config, log)
