"""Two processes (here: two threads, two connections) opening one fresh SQLite file at the same moment.

SQLite answers a journal-mode change with SQLITE_BUSY at once, without its busy handler, when
another connection holds the lock; before the open retried it, about half of such races failed
with StoreUnavailable. Thirty races, each must open both stores.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from pcreceipt.store.sqlite import SQLiteStore

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

RACES = 30


def test_two_openers_of_one_fresh_file_both_open(tmp_path: Path) -> None:
    failures: list[str] = []
    for race in range(RACES):
        path = tmp_path / f"race-{race}" / "store.db"
        path.parent.mkdir()
        barrier = threading.Barrier(2)

        def open_once(target: Path = path, gate: threading.Barrier = barrier) -> None:
            try:
                gate.wait(timeout=30)
                SQLiteStore(target).close()
            except Exception as error:  # reported below, on the test's thread
                failures.append(repr(error))

        threads = [threading.Thread(target=open_once) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert failures == []
