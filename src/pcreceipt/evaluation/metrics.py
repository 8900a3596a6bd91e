"""``pcreceipt eval``'s metrics: pure functions of labelled queries and prepare answers.

Per query (``query_metrics``), from the answer's Receipt:

- **matches**: an expected ``art_x`` matches a selected history item whose artifact id is
  ``art_x`` (any revision, any Scope); ``art_x@3`` only revision 3; a code expectation matches a
  selected code item of the same path whose line range *overlaps* it (docs/decisions.md). The
  rank is the 1-based injection position of the first matching item.
- **recall** = matched expectations / expectations (None without expectations; 0.0 for a
  prepare that failed, since it injected nothing; None when the answer has no Receipt, since
  what it injected cannot be told).
- **precision** = selected items matching some expectation / selected items (None when nothing
  was selected or there is no Receipt).
- **classes**: ``budget_omission`` (an omitted group for ``below_min_bytes`` or
  ``no_fitting_truncation``), ``not_retrieved_expected_family`` (``not_retrieved`` for a family an
  expected item belongs to; an artifact whose family is unknown counts for every history family),
  ``inference_fallback`` (a search with a fallback reason, or a rerank that did not select),
  ``expansion_ran`` (a round after round 0).

Summaries (``summarize``) average over the queries where a value is defined, with a percentile
bootstrap interval (``bootstrap_ci``, fixed seed). ``paired`` compares two runs query by query.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from pcreceipt.contract.forms import HISTORY_FAMILIES
from pcreceipt.evaluation.load import ArtifactExpectation, Case, CodeExpectation, Expectation

BUDGET_REASONS = frozenset({"below_min_bytes", "no_fitting_truncation"})
CLASSES = ("budget_omission", "not_retrieved_expected_family", "inference_fallback", "expansion_ran")
SEED = 16
RESAMPLES = 2000  # not a contract limit: bootstrap resamples
CONFIDENCE = 0.95


# ------------------------------------------------------------------------------------- matching


def identity(item: Mapping[str, Any]) -> str:
    """A selected item's exact identity as text: ``art_x@3`` or ``path:10-40``."""
    if "artifact_address" in item:
        artifact = item["artifact_address"]["artifact"]
        return f"{artifact['artifact_id']}@{artifact['revision']}"
    evidence = item["code_evidence"]
    return f"{evidence['path']}:{evidence['start_line']}-{evidence['end_line']}"


def matches(expectation: Expectation, item: Mapping[str, Any]) -> bool:
    """Whether a Receipt's selected item satisfies an expectation."""
    if isinstance(expectation, ArtifactExpectation):
        if "artifact_address" not in item:
            return False
        artifact = item["artifact_address"]["artifact"]
        if artifact["artifact_id"] != expectation.artifact_id:
            return False
        return expectation.revision is None or artifact["revision"] == expectation.revision
    if "code_evidence" not in item:
        return False
    evidence = item["code_evidence"]
    return bool(
        evidence["path"] == expectation.path
        and evidence["start_line"] <= expectation.end_line
        and expectation.start_line <= evidence["end_line"]
    )


def expected_families(expected: Iterable[Expectation], families: Mapping[str, str]) -> set[str]:
    """The families the expected items belong to (every history family for an unknown artifact)."""
    found: set[str] = set()
    for expectation in expected:
        if isinstance(expectation, CodeExpectation):
            found.add("code")
        elif expectation.artifact_id in families:
            found.add(families[expectation.artifact_id])
        else:
            found.update(HISTORY_FAMILIES)
    return found


# ------------------------------------------------------------------------------------- per query


def query_metrics(
    case: Case,
    response: Mapping[str, Any] | None,
    error: Mapping[str, Any] | None = None,
    families: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """One query's record for report.json (``response`` is the prepare's JSON, or None on ``error``)."""
    labels = [e.label for e in case.expected]
    record: dict[str, Any] = {
        "id": case.id,
        "query": case.query,
        "expected": labels,
        "selected_expected": [],
        "missing_expected": labels,
        "recall": None,
        "precision": None,
        "status": None,
        "bytes": {"used": None, "requested": None},
        "truncated": None,
        "selected": [],
        "omitted": [],
        "fallbacks": [],
        "rounds": 0,
        "retained_rounds": 0,
        "classes": dict.fromkeys(CLASSES, False),
        "receipt_present": False,
        "receipt": None,
        "error": dict(error) if error is not None else None,
        "score": case.score,
    }
    if response is None:
        record["recall"] = 0.0 if case.expected else None
        return record
    record["status"] = response.get("status")
    receipt = response.get("receipt")
    record["bytes"] = {"used": response.get("content_bytes"), "requested": None}
    if not isinstance(receipt, Mapping):
        return record  # the Receipt was dropped: what was injected cannot be told by identity
    selected: Sequence[Mapping[str, Any]] = receipt["selected"]
    found: list[dict[str, Any]] = []
    for expectation in case.expected:
        rank = next((n for n, item in enumerate(selected, 1) if matches(expectation, item)), None)
        if rank is not None:
            item = selected[rank - 1]
            found.append(
                {
                    "expected": expectation.label,
                    "rank": rank,
                    "identity": identity(item),
                    "truncated": item["truncated"],
                }
            )
    hits = sum(any(matches(e, item) for e in case.expected) for item in selected)
    searches = receipt["retrieval"]["searches"]
    reranks = receipt["retrieval"]["reranks"]
    rounds = receipt["retrieval"]["rounds"]
    fallbacks = [
        {
            "round": s["round"],
            "family": s["family"],
            "mode": s["mode"],
            "reason": s["fallback_reason"],
            "count": s["count"],
        }
        for s in searches
        if s["fallback_reason"] != "none"
    ] + [
        {
            "round": r["round"],
            "family": "rerank",
            "mode": r["outcome"],
            "reason": r["fallback_reason"],
            "count": r["count"],
        }
        for r in reranks
        if r["outcome"] != "selected"
    ]
    omitted = [{"family": g["family"], "reason": g["reason"], "count": g["count"]} for g in receipt["omitted"]]
    wanted = expected_families(case.expected, families or {})
    record.update(
        {
            "selected_expected": found,
            "missing_expected": [e for e in labels if e not in {f["expected"] for f in found}],
            "recall": len(found) / len(case.expected) if case.expected else None,
            "precision": hits / len(selected) if selected else None,
            "bytes": {"used": receipt["used_bytes"], "requested": receipt["requested_max_bytes"]},
            "truncated": receipt["truncated"],
            "selected": [
                {
                    "rank": n,
                    "kind": item["kind"],
                    "identity": identity(item),
                    "bytes": item["rendered_bytes"],
                    "truncated": item["truncated"],
                }
                for n, item in enumerate(selected, 1)
            ],
            "omitted": omitted,
            "fallbacks": fallbacks,
            "rounds": len(rounds),
            "retained_rounds": sum(bool(r["retained"]) for r in rounds),
            "classes": {
                "budget_omission": any(g["reason"] in BUDGET_REASONS for g in omitted),
                "not_retrieved_expected_family": any(
                    g["reason"] == "not_retrieved" and g["family"] in wanted for g in omitted
                ),
                "inference_fallback": bool(fallbacks),
                "expansion_ran": any(r["round"] >= 1 for r in rounds),
            },
            "receipt_present": True,
            "receipt": dict(receipt),
        }
    )
    return record


# ------------------------------------------------------------------------------------- statistics


def mean(values: Sequence[float]) -> float | None:
    return float(sum(values) / len(values)) if values else None


def bootstrap_ci(
    values: Sequence[float], *, seed: int = SEED, resamples: int = RESAMPLES
) -> tuple[float, float] | None:
    """A 95% percentile bootstrap interval of the mean (None for no values). Deterministic (fixed
    seed); widened to hold the mean itself, which resampling noise can put outside for tiny samples."""
    if not values:
        return None
    data = np.asarray(values, dtype=float)
    point = float(data.mean())
    if data.size == 1 or bool(np.all(data == data[0])):
        return point, point
    rng = np.random.default_rng(seed)
    means = data[rng.integers(0, data.size, size=(resamples, data.size))].mean(axis=1)
    tail = (1 - CONFIDENCE) / 2
    low, high = (float(v) for v in np.quantile(means, [tail, 1 - tail]))
    return min(low, point), max(high, point)


def estimate(values: Sequence[float]) -> dict[str, Any]:
    """``{"mean", "ci": [low, high], "n"}`` of the values (mean and ci None when there are none)."""
    ci = bootstrap_ci(values)
    return {"mean": mean(values), "ci": None if ci is None else [ci[0], ci[1]], "n": len(values)}


def _defined(records: Iterable[Mapping[str, Any]], key: str) -> list[float]:
    return [float(r[key]) for r in records if r[key] is not None]


def summarize(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One run's summary; independent of the order of ``records``."""
    records = sorted(records, key=lambda r: str(r["id"]))
    errors = Counter(
        "transport" if r["error"]["kind"] == "transport" else f"http_{r['error'].get('status')}"
        for r in records
        if r["error"] is not None
    )
    answered = [r for r in records if r["error"] is None]
    omitted: Counter[tuple[str, str]] = Counter()
    for r in records:
        for group in r["omitted"]:
            omitted[(group["family"], group["reason"])] += group["count"]
    classes: dict[str, Any] = {}
    with_receipt = [r for r in records if r["receipt_present"]]
    for name in CLASSES:
        inside = [r for r in with_receipt if r["classes"][name]]
        outside = [r for r in with_receipt if not r["classes"][name]]
        entry: dict[str, Any] = {
            "queries": len(inside),
            "recall_with": mean(_defined(inside, "recall")),
            "recall_without": mean(_defined(outside, "recall")),
        }
        if any(r["score"] is not None for r in records):
            entry.update(
                {
                    "scored_with": len(_defined(inside, "score")),
                    "scored_without": len(_defined(outside, "score")),
                    "score_with": mean(_defined(inside, "score")),
                    "score_without": mean(_defined(outside, "score")),
                }
            )
        classes[name] = entry
    used = [float(r["bytes"]["used"]) for r in answered if r["bytes"]["used"] is not None]
    return {
        "queries": len(records),
        "answered": len(answered),
        "errors": dict(sorted(errors.items())),
        "receipt_missing": sum(1 for r in answered if not r["receipt_present"]),
        "empty": sum(1 for r in answered if r["status"] == "empty"),
        "recall_at_injected": estimate(_defined(records, "recall")),
        "precision": estimate(_defined(records, "precision")),
        "bytes_used": estimate(used),
        "scores": estimate(_defined(records, "score")),
        "classes": classes,
        "omitted": [
            {"family": family, "reason": reason, "count": count} for (family, reason), count in sorted(omitted.items())
        ],
    }


def paired(a: Sequence[Mapping[str, Any]], b: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Run b minus run a, per query id present in both with a defined recall in both; overall mean
    differences of recall and of bytes used with bootstrap intervals."""
    by_id = {r["id"]: r for r in a}
    rows: list[dict[str, Any]] = []
    for right in sorted(b, key=lambda r: str(r["id"])):
        left = by_id.get(right["id"])
        if left is None or left["recall"] is None or right["recall"] is None:
            continue
        bytes_a, bytes_b = left["bytes"]["used"], right["bytes"]["used"]
        rows.append(
            {
                "id": right["id"],
                "recall_a": left["recall"],
                "recall_b": right["recall"],
                "recall_diff": right["recall"] - left["recall"],
                "bytes_a": bytes_a,
                "bytes_b": bytes_b,
                "bytes_diff": None if bytes_a is None or bytes_b is None else bytes_b - bytes_a,
                "budget_omission_a": left["classes"]["budget_omission"],
                "budget_omission_b": right["classes"]["budget_omission"],
            }
        )
    recall_diffs = [float(r["recall_diff"]) for r in rows]
    byte_diffs = [float(r["bytes_diff"]) for r in rows if r["bytes_diff"] is not None]
    return {
        "pairs": len(rows),
        "better": sum(d > 0 for d in recall_diffs),
        "worse": sum(d < 0 for d in recall_diffs),
        "same": sum(d == 0 for d in recall_diffs),
        "recall_diff": estimate(recall_diffs),
        "bytes_diff": estimate(byte_diffs),
        "queries": rows,
    }
