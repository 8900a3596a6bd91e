"""The diff of two saved prepare responses that carry a Receipt (docs/receipt-diff.md).

``diff_responses(a, b)`` is pure: no I/O, no clock, and nothing from either response but its
Receipt and its ``content_bytes``. The same algorithm is the TypeScript package's
``diffReceipts(a, b)`` (codegen/ts/templates/receipt-diff.ts); the shared vectors in
tests/vectors/diff/ hold both to the same output, serialised byte for byte alike
(``json.dumps(diff, indent=2, ensure_ascii=False)`` = ``JSON.stringify(diff, null, 2)``). So the
output holds only strings, integers, booleans, null, lists and objects (never a float), and every
list is in a stated order that compares only integers and the contract's ASCII enums and digests.

The result has exactly four keys:

- ``selected``: ``added`` (in B, not in A; by B rank), ``removed`` (in A, not in B; by A rank) and
  ``moved`` (in both at different ranks; by B rank). Items are matched by exact identity: for
  history the Scope, family, artifact id and revision of ``artifact_address``; for code the whole
  ``code_evidence`` (Scope, fingerprint, path, file hash, line range, snippet hash). The same
  artifact at another revision is therefore one removal and one addition. A rank is the 1-based
  injection order.
- ``omitted``: per (family, reason) whose count differs, ``a``, ``b`` and ``delta`` (b - a; a
  group absent on one side counts 0), sorted by (family, reason).
- ``retrieval``: changed ``rounds``; ``searches`` per (round, family) cell whose groups differ;
  ``rerank_configs`` added and removed by configuration digest; ``reranks`` per group key whose
  count differs.
- ``bytes``: each side's ``content_bytes``, ``requested_max_bytes`` and ``truncated``, the deltas,
  and ``items``: identities selected on both sides whose ``rendered_bytes`` or ``truncated``
  differ.

A side without a Receipt (absent or null) raises ``ReceiptDiffError``: there is nothing to compare
it by. Inputs are expected to have passed the gate; a malformed Receipt also raises it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pcreceipt.errors import PcreceiptError

Key = tuple[Any, ...]


class ReceiptDiffError(PcreceiptError):
    """A side has no Receipt, or one the diff cannot read."""


def _history(address: Mapping[str, Any]) -> dict[str, Any]:
    artifact = address["artifact"]
    return {
        "scope_id": address["scope_id"],
        "artifact": {
            "family": artifact["family"],
            "artifact_id": artifact["artifact_id"],
            "revision": artifact["revision"],
        },
    }


CODE_FIELDS = ("scope_id", "fingerprint", "path", "file_sha256", "start_line", "end_line", "snippet_sha256")


def identity(item: Mapping[str, Any]) -> dict[str, Any]:
    """The item's kind and identity, as the Receipt states it, keys in the contract's order."""
    if "artifact_address" in item:
        return {"kind": item["kind"], "artifact_address": _history(item["artifact_address"])}
    code = item["code_evidence"]
    return {"kind": item["kind"], "code_evidence": {name: code[name] for name in CODE_FIELDS}}


def identity_key(item: Mapping[str, Any]) -> Key:
    if "artifact_address" in item:
        address = item["artifact_address"]
        artifact = address["artifact"]
        return ("history", address["scope_id"], artifact["family"], artifact["artifact_id"], artifact["revision"])
    code = item["code_evidence"]
    return ("code", *(code[name] for name in CODE_FIELDS))


def _ranked(selected: Sequence[Mapping[str, Any]]) -> dict[Key, tuple[int, Mapping[str, Any]]]:
    """Identity (with its occurrence number, should one repeat) -> (rank, item)."""
    out: dict[Key, tuple[int, Mapping[str, Any]]] = {}
    seen: dict[Key, int] = {}
    for rank, item in enumerate(selected, 1):
        key = identity_key(item)
        seen[key] = seen.get(key, 0) + 1
        out[(*key, seen[key])] = (rank, item)
    return out


def _entry(rank: int, item: Mapping[str, Any]) -> dict[str, Any]:
    return {"rank": rank, **identity(item), "rendered_bytes": item["rendered_bytes"], "truncated": item["truncated"]}


def diff_selected(a: Sequence[Mapping[str, Any]], b: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], list[Any]]:
    ranked_a, ranked_b = _ranked(a), _ranked(b)
    removed = [_entry(rank, item) for key, (rank, item) in ranked_a.items() if key not in ranked_b]
    added = [_entry(rank, item) for key, (rank, item) in ranked_b.items() if key not in ranked_a]
    moved: list[dict[str, Any]] = []
    items: list[dict[str, Any]] = []
    for key, (to, item) in ranked_b.items():
        if key not in ranked_a:
            continue
        start, before = ranked_a[key]
        if start != to:
            moved.append({**identity(item), "from": start, "to": to})
        if (before["rendered_bytes"], before["truncated"]) != (item["rendered_bytes"], item["truncated"]):
            items.append(
                {
                    **identity(item),
                    "a": {"rank": start, "rendered_bytes": before["rendered_bytes"], "truncated": before["truncated"]},
                    "b": {"rank": to, "rendered_bytes": item["rendered_bytes"], "truncated": item["truncated"]},
                }
            )
    return {"added": added, "removed": removed, "moved": moved}, items


def _counts(groups: Sequence[Mapping[str, Any]], fields: Sequence[str]) -> dict[Key, int]:
    out: dict[Key, int] = {}
    for group in groups:
        key = tuple(group[name] for name in fields)
        out[key] = out.get(key, 0) + group["count"]
    return out


def _count_deltas(
    a: Sequence[Mapping[str, Any]], b: Sequence[Mapping[str, Any]], fields: Sequence[str]
) -> list[dict[str, Any]]:
    counts_a, counts_b = _counts(a, fields), _counts(b, fields)
    out = []
    for key in sorted(set(counts_a) | set(counts_b)):
        before, after = counts_a.get(key, 0), counts_b.get(key, 0)
        if before != after:
            out.append({**dict(zip(fields, key, strict=True)), "a": before, "b": after, "delta": after - before})
    return out


SEARCH_CELL = ("round", "family")
SEARCH_GROUP = ("mode", "outcome", "fallback_reason")


def _search_cells(searches: Sequence[Mapping[str, Any]]) -> dict[Key, list[dict[str, Any]]]:
    cells: dict[Key, dict[Key, int]] = {}
    for group in searches:
        cell = cells.setdefault(tuple(group[name] for name in SEARCH_CELL), {})
        key = tuple(group[name] for name in SEARCH_GROUP)
        cell[key] = cell.get(key, 0) + group["count"]
    return {
        cell: [{**dict(zip(SEARCH_GROUP, key, strict=True)), "count": n} for key, n in sorted(groups.items())]
        for cell, groups in cells.items()
    }


def diff_searches(a: Sequence[Mapping[str, Any]], b: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    cells_a, cells_b = _search_cells(a), _search_cells(b)
    out = []
    for cell in sorted(set(cells_a) | set(cells_b)):
        before, after = cells_a.get(cell, []), cells_b.get(cell, [])
        if before != after:
            out.append({**dict(zip(SEARCH_CELL, cell, strict=True)), "a": before, "b": after})
    return out


def diff_rounds(a: Sequence[Mapping[str, Any]], b: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    def by_round(rounds: Sequence[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
        return {r["round"]: {"outcome": r["outcome"], "retained": r["retained"]} for r in rounds}

    rounds_a, rounds_b = by_round(a), by_round(b)
    return [
        {"round": n, "a": rounds_a.get(n), "b": rounds_b.get(n)}
        for n in sorted(set(rounds_a) | set(rounds_b))
        if rounds_a.get(n) != rounds_b.get(n)
    ]


def config_summary(config: Mapping[str, Any]) -> dict[str, Any]:
    """A rerank configuration by its digest, with what tells two apart at a glance (no floats:
    settings and timeouts stay behind the digest)."""
    prompt = config["prompt"]
    return {
        "config_id": config["config_id"],
        "policy_id": config["policy_id"],
        "model": config["model"],
        "prompt": None
        if prompt is None
        else {
            "scope_id": prompt["scope_id"],
            "key": prompt["key"],
            "selection": prompt["selection"],
            "selected_version": prompt["selected_version"],
            "compiled_digest": prompt["compiled_digest"],
        },
    }


def diff_configs(a: Sequence[Mapping[str, Any]], b: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    configs_a = {c["config_id"]: c for c in a}
    configs_b = {c["config_id"]: c for c in b}
    return {
        "added": [config_summary(configs_b[d]) for d in sorted(configs_b) if d not in configs_a],
        "removed": [config_summary(configs_a[d]) for d in sorted(configs_a) if d not in configs_b],
    }


def receipt_of(response: Any, side: str) -> Mapping[str, Any]:
    receipt = response.get("receipt") if isinstance(response, Mapping) else None
    if not isinstance(receipt, Mapping):
        raise ReceiptDiffError(f"{side}: the response carries no Receipt")
    return receipt


def _bytes_side(response: Mapping[str, Any], receipt: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "content_bytes": response["content_bytes"],
        "requested_max_bytes": receipt["requested_max_bytes"],
        "truncated": receipt["truncated"],
    }


def diff_responses(a: Any, b: Any) -> dict[str, Any]:
    """The diff from response ``a`` to response ``b`` (both with a Receipt); see the module doc."""
    receipt_a, receipt_b = receipt_of(a, "A"), receipt_of(b, "B")
    try:
        selected, items = diff_selected(receipt_a["selected"], receipt_b["selected"])
        retrieval_a, retrieval_b = receipt_a["retrieval"], receipt_b["retrieval"]
        side_a, side_b = _bytes_side(a, receipt_a), _bytes_side(b, receipt_b)
        return {
            "selected": selected,
            "omitted": _count_deltas(receipt_a["omitted"], receipt_b["omitted"], ("family", "reason")),
            "retrieval": {
                "rounds": diff_rounds(retrieval_a["rounds"], retrieval_b["rounds"]),
                "searches": diff_searches(retrieval_a["searches"], retrieval_b["searches"]),
                "rerank_configs": diff_configs(retrieval_a["rerank_configs"], retrieval_b["rerank_configs"]),
                "reranks": _count_deltas(
                    retrieval_a["reranks"], retrieval_b["reranks"], ("round", "config_id", "outcome", "fallback_reason")
                ),
            },
            "bytes": {
                "a": side_a,
                "b": side_b,
                "delta": {
                    "content_bytes": side_b["content_bytes"] - side_a["content_bytes"],
                    "requested_max_bytes": side_b["requested_max_bytes"] - side_a["requested_max_bytes"],
                },
                "items": items,
            },
        }
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise ReceiptDiffError(f"a Receipt the diff cannot read ({type(error).__name__})") from None


def is_empty(diff: Mapping[str, Any]) -> bool:
    """True when nothing changed but the Receipts' ids and timings."""
    selected, retrieval, sizes = diff["selected"], diff["retrieval"], diff["bytes"]
    return not (
        any(selected.values())
        or diff["omitted"]
        or retrieval["rounds"]
        or retrieval["searches"]
        or any(retrieval["rerank_configs"].values())
        or retrieval["reranks"]
        or any(sizes["delta"].values())
        or sizes["items"]
        or sizes["a"]["truncated"] != sizes["b"]["truncated"]
    )
