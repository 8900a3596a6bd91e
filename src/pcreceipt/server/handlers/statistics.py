"""Statistics: ``get_stats`` (registered in ``server.handlers.HANDLERS``) and the counting of prepares.

Decisions (``docs/decisions.md``, "Capture, flush and statistics"):
- ``record_prepare`` runs in the prepare handler after the answer is built: every prepare past
  the early-empty step (an assembly with no sections and no code, where nothing is recalled)
  adds one to its Scope's row of the current UTC day (``Services.clock``), with the artifact
  revisions the content injects (``Prepared.selected``) traced to their Sources by the store.
  ``recalled_tokens`` is the estimate of the whole content. Any failure is logged (its type,
  never content) and swallowed: statistics never fail a prepare.
- ``get_stats`` answers PowerContext's ``ScopedStats`` exactly: the selection as asked, the
  Scopes counted, ``as_of``, the sums over the Scopes and each Scope's own. Periods are whole
  UTC days ending today (``today`` 1, ``7d`` 7, ``30d`` 30), one daily row each, oldest first.
  Model usage, candidates and recurrence are zero (pcreceipt counts no provider calls and has
  no candidates or Experience recurrence). ``Cache-Control: no-store``.
- Which Scopes: ``exact`` in scope_id order, each must exist (404 ``scope_not_found`` for the
  first missing one, in request order); ``subtree`` the root (404 when missing) and its
  descendants by parent link, breadth-first, children in scope_id order; ``all`` every Scope in
  scope_id order. With a token, ``all`` and a subtree's descendants keep only the Scopes it may
  read (exact Scopes and the root were checked by ``authorization``).
"""

from __future__ import annotations

import logging
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, date, timedelta
from typing import Any

from pcreceipt.errors import ScopeNotFound
from pcreceipt.models import bodies, limits
from pcreceipt.prepare.plan import PreparePlan
from pcreceipt.prepare.reply import Prepared
from pcreceipt.server.http.exchange import Call, Handler, Reply
from pcreceipt.store.ids import utc_instant
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import ArtifactRef, RecallDay, Scope, ScopeCounts
from pcreceipt.store.sources import estimate_tokens

log = logging.getLogger("pcreceipt.server")

PERIOD_DAYS: Mapping[limits.StatsPeriod, int] = {"today": 1, "7d": 7, "30d": 30}
ESTIMATOR = {
    "estimator_id": limits.TOKEN_ESTIMATOR_PROFILE_ESTIMATOR_ID_ENUM[0],
    "version": limits.TOKEN_ESTIMATOR_PROFILE_VERSION_ENUM[0],
}
TIMEZONE = limits.RESOLVED_USAGE_PERIOD_TIMEZONE_ENUM[0]
RECALL_COUNTERS = (
    "preparations",
    "ready_preparations",
    "comparable_preparations",
    "baseline_tokens",
    "recalled_tokens",
)
_LIST_PAGE = 500  # not a contract limit: the page size the handler reads Scopes in
_ZERO_USAGE = {"requests": 0, "input_tokens": 0, "output_tokens": 0}


# -- recording


def record_prepare(call: Call, plan: PreparePlan, prepared: Prepared) -> None:
    """Count one prepare on its Scope's current UTC day (never raises)."""
    if not plan.build.sections and not plan.include_code:
        return
    try:
        ready = prepared.fields.get("status") == "ready"
        content = prepared.fields.get("content")
        recalled = estimate_tokens(content) if ready and isinstance(content, str) else 0
        day = call.services.clock().astimezone(UTC).date().isoformat()
        injected = tuple(origin for origin in prepared.selected if isinstance(origin, ArtifactRef))  # not code
        call.services.store.record_preparation(
            plan.scope_id, day, ready=ready, selected=injected, recalled_tokens=recalled
        )
    except Exception as exc:
        log.warning("prepare statistics not recorded request_id=%s type=%s", call.request_id, type(exc).__name__)


# -- selecting Scopes


def _every_scope(store: Store) -> list[Scope]:
    scopes: list[Scope] = []
    after: str | None = None
    while True:
        page = store.list_scopes(limit=_LIST_PAGE, after=after)
        scopes.extend(page)
        if len(page) < _LIST_PAGE:
            return scopes
        after = page[-1].scope_id


def _subtree(scopes: Sequence[Scope], root: str) -> list[str]:
    children: dict[str, list[str]] = defaultdict(list)
    for scope in scopes:
        if scope.parent_scope_id is not None:
            children[scope.parent_scope_id].append(scope.scope_id)
    found, seen, pending = [root], {root}, deque([root])
    while pending:
        for child in children.get(pending.popleft(), []):
            if child not in seen:
                seen.add(child)
                found.append(child)
                pending.append(child)
    return found


def selected_scopes(call: Call, selection: Mapping[str, Any]) -> list[str]:
    """The Scope ids a selection counts, in answer order; ScopeNotFound for a missing named Scope."""
    store = call.services.store
    readable = call.principal.readable
    mode = selection["mode"]
    if mode == "exact":
        for scope_id in selection["scope_ids"]:
            if store.get_scope(scope_id) is None:
                raise ScopeNotFound("The Scope does not exist.")
        return sorted(selection["scope_ids"])
    scopes = _every_scope(store)
    if mode == "subtree":
        root = selection["root_scope_id"]
        if not any(scope.scope_id == root for scope in scopes):
            raise ScopeNotFound("The Scope does not exist.")
        ids = _subtree(scopes, root)
        return [root, *(s for s in ids[1:] if readable is None or s in readable)]
    return [scope.scope_id for scope in scopes if readable is None or scope.scope_id in readable]


# -- the answer


def _days(first: date, last: date) -> list[str]:
    return [(first + timedelta(days=offset)).isoformat() for offset in range((last - first).days + 1)]


def _recall_value(rows: Iterable[Mapping[str, int]]) -> dict[str, int]:
    totals = {name: 0 for name in RECALL_COUNTERS}
    for row in rows:
        for name in RECALL_COUNTERS:
            totals[name] += row[name]
    return {**totals, "token_reduction": totals["baseline_tokens"] - totals["recalled_tokens"]}


def _recall(period: dict[str, Any], days: list[str], rows: Iterable[RecallDay]) -> dict[str, Any]:
    by_day = {row.day: row for row in rows}
    values: list[dict[str, int]] = []
    for day in days:
        row = by_day.get(day)
        values.append(_recall_value([{name: 0 if row is None else getattr(row, name) for name in RECALL_COUNTERS}]))
    daily = [{"date": day, **value} for day, value in zip(days, values, strict=True)]
    return {"period": period, "estimator": dict(ESTIMATOR), "totals": _recall_value(values), "daily": daily}


def _usage(period: dict[str, Any], days: list[str]) -> dict[str, Any]:
    zero = {"generation": dict(_ZERO_USAGE), "embedding": dict(_ZERO_USAGE)}
    daily = [{"date": day, **{k: dict(v) for k, v in zero.items()}, "by_purpose": []} for day in days]
    return {"period": period, "totals": zero, "by_purpose": [], "daily": daily}


def _memory_entries(memories: Iterable[tuple[str, str, int]]) -> dict[str, Any]:
    by_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for kind, state, total in memories:
        by_kind[kind][0 if state == "active" else 1] += total
    kinds = [
        {"kind": kind, "total": active + inactive, "active": active, "inactive": inactive}
        for kind, (active, inactive) in sorted(by_kind.items())
    ]
    return {
        "total": sum(k["total"] for k in kinds),
        "active": sum(k["active"] for k in kinds),
        "inactive": sum(k["inactive"] for k in kinds),
        "by_kind": kinds,
    }


def _inventory(counts: Sequence[ScopeCounts]) -> dict[str, Any]:
    families: dict[str, int] = defaultdict(int)
    for scope in counts:
        for family, total in scope.artifacts:
            families[family] += total
    sources = sum(scope.sources for scope in counts)
    processed = sum(scope.processed for scope in counts)
    return {
        "sources": {"total": sources, "memory_processed": processed, "memory_pending": sources - processed},
        "artifacts": {
            "total": sum(families.values()),
            "by_family": [{"family": family, "total": total} for family, total in sorted(families.items())],
        },
        "candidates": {"total": 0, "pending": 0, "approved": 0, "rejected": 0, "by_family": []},
        "memory": {"entries": _memory_entries(m for scope in counts for m in scope.memories)},
    }


def _recurrence() -> dict[str, Any]:
    return {
        "selected": 0,
        "recurred": 0,
        "avoided": 0,
        "unknown": 0,
        "unlinked_handoff_citations": 0,
        "needing_review": 0,
        "top_revisions": [],
    }


def get_stats(call: Call[bodies.GetStatsRequest]) -> Reply:
    body = call.body
    preset: limits.StatsPeriod = body.get("period", limits.GET_STATS_REQUEST_PERIOD_DEFAULT)
    scope_ids = selected_scopes(call, body["selection"])
    now = call.services.clock().astimezone(UTC)
    last = now.date()
    first = last - timedelta(days=PERIOD_DAYS[preset] - 1)
    period = {"preset": preset, "start_date": first.isoformat(), "end_date": last.isoformat(), "timezone": TIMEZONE}
    days = _days(first, last)
    counts = call.services.store.scope_statistics(scope_ids, days[0], days[-1])
    by_scope = [
        {
            "scope_id": scope_id,
            "inventory": _inventory([counts[scope_id]]),
            "usage": _usage(period, days),
            "recall": _recall(period, days, counts[scope_id].recall),
            "recurrence": _recurrence(),
        }
        for scope_id in scope_ids
    ]
    answer = {
        "selection": body["selection"],
        "scope_ids": scope_ids,
        "as_of": utc_instant(now),
        "inventory": _inventory([counts[scope_id] for scope_id in scope_ids]),
        "usage": _usage(period, days),
        "recall": _recall(period, days, _summed_days(counts[scope_id].recall for scope_id in scope_ids)),
        "by_scope": by_scope,
    }
    return Reply(200, answer, {"Cache-Control": "no-store"})


def _summed_days(per_scope: Iterable[Iterable[RecallDay]]) -> list[RecallDay]:
    sums: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(RECALL_COUNTERS, 0))
    for rows in per_scope:
        for row in rows:
            for name in RECALL_COUNTERS:
                sums[row.day][name] += getattr(row, name)
    return [RecallDay(day=day, **values) for day, values in sums.items()]


STATISTICS_HANDLERS: Mapping[str, Handler] = {"get_stats": get_stats}
