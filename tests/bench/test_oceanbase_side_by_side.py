"""Issue 30's benchmark pieces that run without a server: the OceanBase/SQLite goals and columns of
``summary.md`` (``bench/report.py``) and the bench-only "before" store of ``bench/ob_lock_bench.py``
(``bench/serve_upsert.py``). The measurements themselves run only by hand (``nox -s bench_ob``,
``nox -s bench_ob_locks``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import report  # noqa: E402
import run  # noqa: E402


def _server(p50: float, rps: float) -> dict[str, Any]:
    return {"sequential": {"plain": {"p50_ms": p50}}, "concurrent": {"requests_per_s": rps}}


def test_oceanbase_goals_are_judged_at_every_n_both_engines_ran() -> None:
    results = {
        "pcreceipt": {10_000: _server(10.0, 150.0), 100_000: _server(20.0, 100.0)},
        "pcreceipt-oceanbase": {10_000: _server(14.0, 120.0), 100_000: _server(40.0, 50.0)},
    }
    judged = {(g.name, g.value): g.met for g in report.oceanbase_goals(results)}
    assert judged == {
        ("ob_seq_p50_10000", 1.4): True,
        ("ob_conc_rps_10000", 0.8): True,
        ("ob_seq_p50_100000", 2.0): False,
        ("ob_conc_rps_100000", 0.5): False,
    }
    assert report.oceanbase_goals({"pcreceipt": results["pcreceipt"]}) == []


def test_summary_shows_the_oceanbase_to_sqlite_ratio_column() -> None:
    results = {"pcreceipt": {1000: _server(10.0, 150.0)}, "pcreceipt-oceanbase": {1000: _server(15.0, 60.0)}}
    meta = {
        "started": "2026-12-07 17:00:00",
        "source": "abc1234",
        "machine": "x86_64, 2 CPUs",
        "python": "3.11",
        "corpus": {"digest_1k": "0" * 16},
        "query_kinds": {"keyword": 1},
        "queries": 1,
        "loadavg": {"start": [0.5, 0.4, 0.3], "end": [0.6, 0.5, 0.4]},
    }
    goals = [{**vars(g), "met": g.met} for g in report.all_goals(results, 10_000)]
    text = report.markdown({"meta": meta, "results": results, "goals": goals})
    assert "| metric | pcreceipt 1k | pcreceipt-oceanbase 1k | OB÷SQLite 1k |" in text
    assert "| seq p50 | 10.00 | 15.00 | 1.500 |" in text
    assert "| OceanBase 4-client throughput ≥ 0.7× SQLite's (N=1000) | 0.400 | 0.7 | **no** |" in text
    assert "load average (1, 5, 15 min) [0.5, 0.4, 0.3] at the start" in text


def test_run_takes_oceanbase_beside_the_peer() -> None:
    args = run.parse_args(["--oceanbase", "--peer-command", "powercontext", "--n", "10000,100000"])
    assert args.oceanbase and args.peer_command == "powercontext"


def test_the_before_store_upserts_the_day_row_where_the_event_was_appended(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("sqlalchemy")
    import serve_upsert

    from pcreceipt.store.oceanbase.store import OceanBaseStore
    from pcreceipt.store.statistics import INSERT_RECALL_EVENT

    sent: list[tuple[str, tuple[Any, ...]]] = []
    monkeypatch.setattr(OceanBaseStore, "_run", lambda self, conn, sql, params=(): sent.append((sql, tuple(params))))
    store = object.__new__(serve_upsert.UpsertPerPrepare)  # no database: only the statement is looked at
    event = ("e" * 32, "scope", "2026-12-07", "estimator", 1, 1, 0, 0, 0)
    store._run(None, INSERT_RECALL_EVENT, event)
    store._run(None, "SELECT 1", ())
    assert sent == [(OceanBaseStore.UPSERT_RECALL_DAY, event[1:]), ("SELECT 1", ())]
    assert store.fold_recall_events() == 0
