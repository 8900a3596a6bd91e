"""The pytest-xdist scheduler the root conftest installs (``_support.xdist_scheduler``), driven directly
with two fake workers over a suite written to a temporary folder: what a worker is sent first."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from _support.xdist_scheduler import SERIAL_GROUP
from _support.xdist_scheduler import make as pytest_xdist_make_scheduler


class Worker:
    """What the scheduler needs of a pytest-xdist worker: it is sent indexes into its collection."""

    def __init__(self, name: str, collection: list[str]) -> None:
        self.gateway = SimpleNamespace(id=name)
        self.collection = collection
        self.sent: list[str] = []
        self.shutting_down = False

    def send_runtest_some(self, indexes: list[int]) -> None:
        self.sent += [self.collection[i] for i in indexes]

    def shutdown(self) -> None:
        self.shutting_down = True


def _config(root: Path, dist: str = "loadfile") -> Any:
    options = {"dist": dist, "tx": ["2*popen"]}
    return SimpleNamespace(
        rootpath=root,
        getoption=options.__getitem__,
        getvalue=options.__getitem__,
        option=SimpleNamespace(loadscopereorder=True),
    )


def _suite(root: Path) -> list[str]:
    """Modules of many tests, one ``long`` module and two ``serial`` ones, with few tests each."""
    modules = {
        "test_many.py": ("", 30),
        "test_more.py": ("", 20),
        "test_long.py": ("pytestmark = pytest.mark.long\n", 2),
        "test_port_a.py": ("pytestmark = [pytest.mark.serial]\n", 1),
        "test_port_b.py": ("pytestmark = pytest.mark.serial\n", 1),
        "test_few.py": ("", 3),
    }
    collection = []
    for name, (mark, count) in modules.items():
        (root / name).write_text(f"import pytest\n\n{mark}\n", encoding="utf-8")
        collection += [f"{name}::test_{i}" for i in range(count)]
    return collection


def _first_units(root: Path) -> tuple[list[str], list[str]]:
    collection = _suite(root)
    scheduler = pytest_xdist_make_scheduler(_config(root), None)
    workers = [Worker("gw0", collection), Worker("gw1", collection)]
    for worker in workers:
        scheduler.add_node(worker)
        scheduler.add_node_collection(worker, collection)
    scheduler.schedule()
    first = [next(iter(scheduler.assigned_work[w])) for w in workers]
    return first, [unit for w in workers for unit in scheduler.assigned_work[w]]


def test_the_serial_unit_and_long_modules_are_handed_out_first(tmp_path: Path) -> None:
    first, assigned = _first_units(tmp_path)
    assert first == [SERIAL_GROUP, "test_long.py"]
    # then pytest-xdist's own order: the most tests first
    assert assigned.index("test_many.py") < assigned.index("test_more.py")


def test_serial_modules_share_one_unit(tmp_path: Path) -> None:
    collection = _suite(tmp_path)
    scheduler = pytest_xdist_make_scheduler(_config(tmp_path), None)
    units = {scheduler._split_scope(nodeid) for nodeid in collection}
    assert units == {"test_many.py", "test_more.py", "test_long.py", "test_few.py", SERIAL_GROUP}


@pytest.mark.parametrize("dist", ["load", "worksteal", "no"])
def test_other_distributions_keep_pytest_xdist_s_scheduler(tmp_path: Path, dist: str) -> None:
    assert pytest_xdist_make_scheduler(_config(tmp_path, dist), None) is None
