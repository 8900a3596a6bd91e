"""``bench/run.py --scale``: the plan it parses and the goals it judges (no server is started;
the benchmark itself runs only by hand: ``nox -s bench -- --scale 1m``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import run  # noqa: E402
import scale  # noqa: E402


def test_1m_is_100_scopes_of_10k_plus_one_of_100k() -> None:
    plan = scale.parse_plan("1m")
    assert (plan.small_scopes, plan.small_n, plan.big_n, plan.reference_n) == (100, 10_000, 100_000, 1000)
    assert plan.total == 1_100_000
    assert scale.parse_plan(" 1M ") == plan


def test_a_custom_plan_and_a_reference_no_larger_than_the_big_scope() -> None:
    plan = scale.parse_plan("2x50+200")
    assert (plan.small_scopes, plan.small_n, plan.big_n, plan.total) == (2, 50, 200, 300)
    assert plan.reference_n == 200
    assert scale.parse_plan("3x10+5000").reference_n == 1000


@pytest.mark.parametrize("text", ["", "1g", "10x", "0x10+100", "2x0+100", "2x10+0", "2x10-100", "x10+100"])
def test_a_bad_plan_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="--scale"):
        scale.parse_plan(text)


def test_run_takes_the_scale_option() -> None:
    assert run.parse_args(["--scale", "1m"]).scale == "1m"
    assert run.parse_args([]).scale is None


def result(rows_per_s: float, ratios: dict[str, float], rss: float, restart: float) -> dict:
    return {
        "load": {"rows_per_s": rows_per_s},
        "p50_ratio_to_reference": ratios,
        "rss_peak_mib": rss,
        "restart_s": restart,
    }


def test_goals_are_judged_on_the_worst_scope_and_each_limit() -> None:
    met = {g.name: g.met for g in scale.scale_goals(result(10_000, {"a": 1.2, "b": 5.0}, 500, 5.0))}
    assert met == {"load_rows_s": True, "p50_ratio": True, "rss": True, "restart": True}
    missed = scale.scale_goals(result(9_999, {"a": 1.2, "b": 5.01}, 500.1, 5.01))
    assert {g.name: g.met for g in missed} == {"load_rows_s": False, "p50_ratio": False, "rss": False, "restart": False}
    assert next(g for g in missed if g.name == "p50_ratio").value == 5.01
    unknown = scale.scale_goals({"p50_ratio_to_reference": {}})
    assert all(g.met is None for g in unknown)
