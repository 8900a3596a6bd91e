"""BENCH ONLY: ``pcreceipt serve`` whose OceanBase store records a prepare's statistics as pcreceipt
did before issue 30 (commit 1bff8ee): one upsert of the Scope's ``recall_daily`` row for the day per
prepare, a row every server preparing for that Scope locks in turn. ``bench/ob_lock_bench.py`` runs
it as the "before" servers; no setting, flag or code path of the product reaches this file.

    python bench/serve_upsert.py serve --port PORT   # the arguments of `pcreceipt serve`
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from pcreceipt.store.oceanbase import store as oceanbase_store
from pcreceipt.store.statistics import INSERT_RECALL_EVENT


class UpsertPerPrepare(oceanbase_store.OceanBaseStore):
    """The OceanBase store with the old statistics write: where ``record_preparation`` appends its
    event (event id, then the day row's key and counters), the day row is upserted with those
    counters instead; and no fold (the old code had none, and these servers must not fold the
    "after" servers' events)."""

    def _run(self, conn: Any, sql: str, params: Sequence[Any] = ()) -> None:
        if sql == INSERT_RECALL_EVENT:
            sql, params = self.UPSERT_RECALL_DAY, tuple(params)[1:]
        super()._run(conn, sql, params)

    def fold_recall_events(self) -> int:
        return 0


def main() -> None:
    # ``open_store`` imports the class from the module when it opens an oceanbase:// URL
    oceanbase_store.OceanBaseStore = UpsertPerPrepare  # type: ignore[misc]
    from pcreceipt.cli.main import main as pcreceipt

    sys.argv = ["pcreceipt", *sys.argv[1:]]
    pcreceipt()


if __name__ == "__main__":
    main()
