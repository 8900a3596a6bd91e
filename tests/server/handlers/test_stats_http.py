"""get_stats over real HTTP on every engine: PowerContext's ScopedStats parsed with its own closed
models, prepares counted per UTC day on an injected clock, the comparable rule and its token
estimate, selections (exact, subtree, all), and a statistics write that fails without failing
the prepare."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.clock import Clock
from _support.servers import assert_error, new_scope
from _support.tokens import issue, make_scope, token_server

from pcreceipt.store.protocol import Store
from pcreceipt.store.sources import estimate_tokens

STATS = "/v1/stats"
PREPARE = "/v1/context/prepare"

CLOCK_START = datetime(2026, 3, 1, 23, 59, 30, tzinfo=UTC)


def remember(http: httpx.Client, scope_id: str, text: str, kind: str = "fact") -> None:
    body = {"family": "atomic-memory", "content": {"kind": kind, "text": text}}
    assert http.post(f"/v1/scopes/{scope_id}/artifacts", json=body).status_code == 201


def stats(http: httpx.Client, selection: dict[str, Any], period: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"selection": selection} if period is None else {"selection": selection, "period": period}
    response = http.post(STATS, json=body)
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    return dict(response.json())


def exact(*scope_ids: str) -> dict[str, Any]:
    return {"mode": "exact", "scope_ids": list(scope_ids)}


def test_prepares_are_counted_per_utc_day_and_parse_as_the_official_model(
    http: httpx.Client, clock: Clock, powercontext_models: ModuleType
) -> None:
    scope_id = new_scope(http, "stats")
    remember(http, scope_id, "The store runs SQLite in WAL mode.", "decision")
    remember(http, scope_id, "数据库 uses WAL.", "fact")
    ready = http.post(PREPARE, json={"scope_id": scope_id, "query": "WAL mode"}).json()
    assert ready["status"] == "ready"
    http.post(PREPARE, json={"scope_id": scope_id, "query": "nothing matches zebra"})
    clock.now += timedelta(minutes=1)  # 2026-03-02, 00:00:30 UTC
    http.post(PREPARE, json={"scope_id": scope_id, "query": "WAL mode"})
    http.post(PREPARE, json={"scope_id": scope_id, "query": "WAL", "assembly": {"sections": []}})  # early empty

    answers = {period: stats(http, exact(scope_id), period) for period in ("today", "7d", "30d")}
    assert stats(http, exact(scope_id)) == {**answers["30d"], "as_of": stats(http, exact(scope_id))["as_of"]}
    for period, answer in answers.items():
        model = powercontext_models.ScopedStats.model_validate(answer)
        assert list(answer) == list(powercontext_models.ScopedStats.model_fields)
        assert model.as_of == clock.now
        days = {"today": 1, "7d": 7, "30d": 30}[period]
        for part in (answer["recall"], answer["usage"], answer["by_scope"][0]["recall"]):
            assert part["period"] == {
                "preset": period,
                "start_date": (clock.now.date() - timedelta(days=days - 1)).isoformat(),
                "end_date": "2026-03-02",
                "timezone": "UTC",
            }
            assert [row["date"] for row in part["daily"]] == sorted(row["date"] for row in part["daily"])
            assert len(part["daily"]) == days
    today, week = answers["today"]["recall"], answers["7d"]["recall"]
    assert today["totals"]["preparations"] == 1 and week["totals"]["preparations"] == 3
    assert week["totals"]["ready_preparations"] == 2 and week["totals"]["comparable_preparations"] == 2
    first_day = next(row for row in week["daily"] if row["date"] == "2026-03-01")
    assert (first_day["preparations"], first_day["ready_preparations"], first_day["comparable_preparations"]) == (
        2,
        1,
        1,
    )
    recalled = estimate_tokens(ready["content"])
    assert first_day["recalled_tokens"] == recalled and first_day["baseline_tokens"] > 0
    assert first_day["token_reduction"] == first_day["baseline_tokens"] - recalled
    assert week["estimator"] == {"estimator_id": "character:weighted", "version": "1"}
    inventory = answers["30d"]["inventory"]
    assert inventory["sources"] == {"total": 2, "memory_processed": 0, "memory_pending": 2}
    assert inventory["artifacts"] == {"total": 2, "by_family": [{"family": "atomic-memory", "total": 2}]}
    assert [k["kind"] for k in inventory["memory"]["entries"]["by_kind"]] == ["decision", "fact"]
    usage = answers["7d"]["usage"]
    assert usage["totals"]["generation"] == {"requests": 0, "input_tokens": 0, "output_tokens": 0}
    assert answers["7d"]["by_scope"][0]["recurrence"]["top_revisions"] == []


def test_selections(http: httpx.Client, powercontext_models: ModuleType) -> None:
    root = new_scope(http, "root")
    child_b = new_scope(http, "child-b", parent=root)
    child_a = new_scope(http, "child-a", parent=root)
    grandchild = new_scope(http, "grandchild", parent=child_b)
    outside = new_scope(http, "outside")
    for scope_id in (root, child_a, grandchild, outside):
        remember(http, scope_id, f"memory of {scope_id}")
        http.post(PREPARE, json={"scope_id": scope_id, "query": "memory"})
    tree = stats(http, {"mode": "subtree", "root_scope_id": root}, "today")
    powercontext_models.ScopedStats.model_validate(tree)
    assert tree["scope_ids"] == [root, *sorted([child_a, child_b]), grandchild]
    assert [entry["scope_id"] for entry in tree["by_scope"]] == tree["scope_ids"]
    assert tree["recall"]["totals"]["preparations"] == 3
    assert tree["inventory"]["artifacts"]["total"] == 3
    assert tree["recall"]["daily"][0]["preparations"] == 3
    picked = stats(http, exact(outside, root))
    assert picked["scope_ids"] == sorted([outside, root]) and picked["selection"] == exact(outside, root)
    everything = stats(http, {"mode": "all"})
    assert {root, child_a, child_b, grandchild, outside} <= set(everything["scope_ids"])
    assert everything["scope_ids"] == sorted(everything["scope_ids"])
    assert everything["recall"]["totals"]["preparations"] == 4
    missing = "scp_missing"
    assert_error(http.post(STATS, json={"selection": exact(root, missing)}), 404, "scope_not_found")
    assert_error(
        http.post(STATS, json={"selection": {"mode": "subtree", "root_scope_id": missing}}), 404, "scope_not_found"
    )


def test_bad_requests_and_get(http: httpx.Client) -> None:
    scope_id = new_scope(http, "bad")
    for body in (
        {"selection": exact(scope_id), "period": "1d"},
        {"selection": {"mode": "exact", "scope_ids": []}},
        {"selection": {"mode": "exact", "scope_ids": [scope_id, scope_id]}},
        {"selection": {"mode": "all", "scope_ids": [scope_id]}},
        {"selection": {"mode": "everything"}},
        {"period": "today"},
        {"selection": {"mode": "all"}, "extra": True},
    ):
        assert_error(http.post(STATS, json=body), 422, "invalid_request")
    assert http.get(STATS, params={"period": "today", "scope_id": scope_id}).status_code == 405


def test_a_failing_statistics_write_never_fails_a_prepare(
    http: httpx.Client, engine_store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    scope_id = new_scope(http, "fail-open")
    remember(http, scope_id, "The cache is warm.")
    body = {"scope_id": scope_id, "query": "cache"}
    expected = http.post(PREPARE, json=body)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the statistics table is gone")

    monkeypatch.setattr(engine_store, "record_preparation", broken)
    with caplog.at_level(logging.WARNING, logger="pcreceipt.server"):
        answer = http.post(PREPARE, json=body)
    assert answer.status_code == 200 and answer.json() == expected.json()
    assert any("prepare statistics not recorded" in r.getMessage() and "RuntimeError" in r.getMessage()
               for r in caplog.records)  # fmt: skip
    monkeypatch.undo()
    assert stats(http, exact(scope_id), "today")["recall"]["totals"]["preparations"] == 1


def test_a_token_counts_only_what_it_may_read(tmp_path: Path) -> None:
    with token_server(tmp_path) as server:
        root = make_scope(server.store, "root")
        mine = make_scope(server.store, "mine", parent=root.scope_id)
        hidden = make_scope(server.store, "hidden", parent=root.scope_id)
        token = issue(server.store, [(root.scope_id, "read"), (mine.scope_id, "read")])
        with server.client(token) as http:
            tree = http.post(STATS, json={"selection": {"mode": "subtree", "root_scope_id": root.scope_id}})
            assert tree.status_code == 200 and tree.json()["scope_ids"] == [root.scope_id, mine.scope_id]
            refused = http.post(STATS, json={"selection": exact(root.scope_id, hidden.scope_id)})
            assert_error(refused, 403, "forbidden")
            other = http.post(STATS, json={"selection": {"mode": "subtree", "root_scope_id": hidden.scope_id}})
            assert_error(other, 403, "forbidden")
            every = http.post(STATS, json={"selection": {"mode": "all"}})
            assert every.json()["scope_ids"] == sorted([root.scope_id, mine.scope_id])
