"""The receipt diff core (pcreceipt.contract.diff) on the shared vectors and its invariants."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.contract import gate
from pcreceipt.contract.diff import ReceiptDiffError, diff_responses, is_empty

DIFF_VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "diff"
VECTORS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(DIFF_VECTORS.glob("*.json"))]
KINDS = {"added", "removed", "moved", "revision", "omitted", "search", "rerank", "bytes", "identical", "code"}
KINDS |= {"rounds", "truncation"}
TOP_KEYS = ["selected", "omitted", "retrieval", "bytes"]


def text(diff: Any) -> str:
    """The serialisation both implementations share (TypeScript: JSON.stringify(diff, null, 2))."""
    return json.dumps(diff, indent=2, ensure_ascii=False)


def test_every_kind_of_change_has_a_vector() -> None:
    assert {v["id"].removeprefix("diff/") for v in VECTORS} == KINDS
    assert all(v["source"] in {"real", "edited"} for v in VECTORS)


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector(vector: dict[str, Any]) -> None:
    got = diff_responses(vector["a"], vector["b"])
    assert list(got) == TOP_KEYS
    assert list(got["selected"]) == ["added", "removed", "moved"]
    assert text(got) == text(vector["expected"])


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_sides_pass_the_gate(vector: dict[str, Any]) -> None:
    for side in ("a", "b"):
        response = vector[side]
        assert gate.check_prepared_context(response, include_receipt=True) == [], (vector["id"], side)


def by_id(name: str) -> dict[str, Any]:
    return next(v for v in VECTORS if v["id"] == f"diff/{name}")


def test_identical_is_empty_and_every_other_vector_is_not() -> None:
    for vector in VECTORS:
        assert is_empty(vector["expected"]) == (vector["id"] == "diff/identical"), vector["id"]


def test_a_revision_change_is_one_removal_and_one_addition() -> None:
    selected = by_id("revision")["expected"]["selected"]
    [added], [removed] = selected["added"], selected["removed"]
    old, new = removed["artifact_address"], added["artifact_address"]
    assert old["scope_id"] == new["scope_id"]
    assert old["artifact"]["artifact_id"] == new["artifact"]["artifact_id"]
    assert new["artifact"]["revision"] == old["artifact"]["revision"] + 1


def test_code_ranges_are_matched_by_the_whole_evidence() -> None:
    selected = by_id("code")["expected"]["selected"]
    assert [e["kind"] for e in selected["added"] + selected["removed"]] == ["code"] * 4
    paths = lambda entries: [e["code_evidence"]["path"] for e in entries]  # noqa: E731
    assert paths(selected["added"]) == paths(selected["removed"])


def test_the_same_artifact_id_in_another_scope_is_another_identity() -> None:
    a = copy.deepcopy(by_id("identical")["a"])
    b = copy.deepcopy(a)
    b["receipt"]["selected"][0]["artifact_address"]["scope_id"] = "scp_elsewhere"
    selected = diff_responses(a, b)["selected"]
    assert [e["rank"] for e in selected["added"]] == [1] and [e["rank"] for e in selected["removed"]] == [1]


def test_changed_rendering_of_the_same_identity_is_a_bytes_item() -> None:
    a = by_id("identical")["a"]
    b = copy.deepcopy(a)
    b["receipt"]["selected"][0]["rendered_bytes"] += 5
    b["receipt"]["selected"][0]["truncated"] = True
    diff = diff_responses(a, b)
    [item] = diff["bytes"]["items"]
    assert (item["a"]["rendered_bytes"] + 5, item["b"]["truncated"]) == (item["b"]["rendered_bytes"], True)
    assert not any(diff["selected"].values())


def test_changed_expansion_rounds() -> None:
    a = by_id("identical")["a"]
    b = copy.deepcopy(a)
    rounds = b["receipt"]["retrieval"]["rounds"]
    rounds[:] = [*rounds[:1], {"round": 1, "outcome": "expansion_failed", "retained": False}]
    got = diff_responses(a, b)["retrieval"]["rounds"]
    before = {r["round"]: r for r in a["receipt"]["retrieval"]["rounds"]}
    assert got and all(r["round"] >= 1 for r in got)
    assert got[0]["b"] == {"outcome": "expansion_failed", "retained": False}
    assert got[0]["a"] == ({k: before[1][k] for k in ("outcome", "retained")} if 1 in before else None)


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        ({"content_bytes": 0}, {"receipt": {}}, "A: the response carries no Receipt"),
        ({"receipt": {}, "content_bytes": 0}, {"receipt": None}, "B: the response carries no Receipt"),
        ([], {}, "A: the response carries no Receipt"),
        ({"receipt": {}, "content_bytes": 0}, {"receipt": {}, "content_bytes": 0}, "a Receipt the diff cannot read"),
    ],
)
def test_missing_or_unreadable_receipts(a: Any, b: Any, message: str) -> None:
    with pytest.raises(ReceiptDiffError, match=message):
        diff_responses(a, b)


# -- invariants ------------------------------------------------------------------------------------

RESPONSES = [v[side] for v in VECTORS for side in ("a", "b")]


def _shuffled(response: dict[str, Any], order: list[int]) -> dict[str, Any]:
    out = copy.deepcopy(response)
    selected = out["receipt"]["selected"]
    out["receipt"]["selected"] = [selected[i % len(selected)] for i in dict.fromkeys(order)] if selected else []
    return out


responses = st.sampled_from(RESPONSES)
orders = st.lists(st.integers(min_value=0, max_value=12), max_size=12)


@settings(max_examples=60, deadline=None)
@given(responses, orders)
def test_a_response_against_itself_is_empty(response: dict[str, Any], order: list[int]) -> None:
    response = _shuffled(response, order)
    assert is_empty(diff_responses(response, response))


@settings(max_examples=80, deadline=None)
@given(responses, orders, responses, orders)
def test_swapping_sides_swaps_the_diff(a: dict[str, Any], p: list[int], b: dict[str, Any], q: list[int]) -> None:
    a, b = _shuffled(a, p), _shuffled(b, q)
    forward, backward = diff_responses(a, b), diff_responses(b, a)
    assert forward["selected"]["added"] == backward["selected"]["removed"]
    assert forward["selected"]["removed"] == backward["selected"]["added"]
    swap = lambda m: {**{k: v for k, v in m.items() if k not in {"from", "to"}}, "from": m["to"], "to": m["from"]}  # noqa: E731
    assert sorted(map(text, forward["selected"]["moved"])) == sorted(
        text(swap(m)) for m in backward["selected"]["moved"]
    )
    assert [(o["family"], o["reason"], o["a"], o["b"], o["delta"]) for o in forward["omitted"]] == [
        (o["family"], o["reason"], o["b"], o["a"], -o["delta"]) for o in backward["omitted"]
    ]
    configs = forward["retrieval"]["rerank_configs"], backward["retrieval"]["rerank_configs"]
    assert configs[0]["added"] == configs[1]["removed"] and configs[0]["removed"] == configs[1]["added"]
    assert forward["bytes"]["delta"] == {k: -v for k, v in backward["bytes"]["delta"].items()}
    assert is_empty(forward) == is_empty(backward)
    # Every identity is accounted for once: kept (moved or not), added or removed.
    kept = len(b["receipt"]["selected"]) - len(forward["selected"]["added"])
    assert kept == len(a["receipt"]["selected"]) - len(forward["selected"]["removed"])
    assert len(forward["selected"]["moved"]) <= kept
