"""BENCH ONLY: ``pcreceipt serve`` whose OceanBase store records a prepare's statistics as pcreceipt
did before issue 30 (commit 1bff8ee): one upsert of the Scope's ``recall_daily`` row for the day per
prepare, a row every server preparing for that Scope locks in turn. ``bench/ob_lock_bench.py`` runs
it as the "before" servers; no setting, flag or code path of the product reaches this file.

    python bench/serve_upsert.py serve --port PORT   # the arguments of `pcreceipt serve`
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from pcreceipt.store.oceanbase import store as oceanbase_store
from pcreceipt.store.records import ArtifactRef
from pcreceipt.store.statistics import ESTIMATOR


class UpsertPerPrepare(oceanbase_store.OceanBaseStore):
    """The OceanBase store with the old ``record_preparation``: the day row upserted in place."""

    def record_preparation(
        self, scope_id: str, day: str, *, ready: bool, selected: Sequence[ArtifactRef], recalled_tokens: int
    ) -> None:
        comparable, baseline = False, 0
        if ready and selected:
            with self._reading() as conn:
                comparable, baseline = self._lineage_tokens(conn, selected)
        row = (
            scope_id,
            day,
            ESTIMATOR,
            1,
            int(ready),
            int(comparable),
            baseline if comparable else 0,
            recalled_tokens if comparable else 0,
        )
        self._transact(lambda conn: self._run(conn, self.UPSERT_RECALL_DAY, row))


def main() -> None:
    # ``open_store`` imports the class from the module when it opens an oceanbase:// URL
    oceanbase_store.OceanBaseStore = UpsertPerPrepare  # type: ignore[misc]
    from pcreceipt.cli.main import main as pcreceipt

    sys.argv = ["pcreceipt", *sys.argv[1:]]
    pcreceipt()


if __name__ == "__main__":
    main()
