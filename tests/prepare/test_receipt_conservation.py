"""``receipt.check_conservation`` (one pass per input) agrees with the rule as the contract states
it, family by family, on any counts: handed over by the retained rounds = selected + omissions
other than ``not_retrieved``, and what the builder received = handed over - recall's own cuts."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.prepare.receipt import ReceiptFailure, check_conservation

FAMILIES = ("atomic-memory", "topic-memory", "experience", "code")
REASONS = ("duplicate", "family_limit", "below_min_bytes", "not_retrieved", "budget")
small = st.integers(min_value=0, max_value=3)


def stated_rule(
    retrieved: Counter[str],
    recall_cuts: Counter[tuple[str, str]],
    selected: list[str],
    received: dict[str, int],
    counts: Counter[tuple[str, str]],
) -> bool:
    """The rule, written the slow and obvious way (family by family, sums over every group)."""
    families = set(retrieved) | set(selected) | {f for f, _ in counts} | set(received)
    for family in families:
        omitted = sum(n for (f, r), n in counts.items() if f == family and r != "not_retrieved")
        cut = sum(n for (f, _), n in recall_cuts.items() if f == family)
        handed = retrieved[family]
        if handed != selected.count(family) + omitted or received.get(family, 0) != handed - cut:
            return False
    return True


@st.composite
def fates(draw: Any) -> tuple[Any, Any, Counter[tuple[str, str]], bool]:
    retrieved = Counter({f: draw(small) for f in draw(st.sets(st.sampled_from(FAMILIES)))})
    recall_cuts = Counter({(f, r): draw(small) for f in FAMILIES for r in draw(st.sets(st.sampled_from(REASONS)))})
    selected = draw(st.lists(st.sampled_from(FAMILIES), max_size=6))
    received = {f: draw(small) for f in draw(st.sets(st.sampled_from(FAMILIES)))}
    counts = Counter(recall_cuts)
    for family, reason in draw(st.lists(st.tuples(st.sampled_from(FAMILIES), st.sampled_from(REASONS)), max_size=6)):
        counts[(family, reason)] += 1
    evidence = SimpleNamespace(retrieved=retrieved, omissions=recall_cuts)
    build = SimpleNamespace(items=[SimpleNamespace(kind=f) for f in selected], received=received)
    return evidence, build, counts, stated_rule(retrieved, recall_cuts, selected, received, counts)


@settings(max_examples=200, deadline=None)
@given(fates())
def test_the_one_pass_check_is_the_stated_rule(case: tuple[Any, Any, Counter[tuple[str, str]], bool]) -> None:
    evidence, build, counts, holds = case
    if holds:
        check_conservation(evidence, build, counts)
    else:
        with pytest.raises(ReceiptFailure) as failure:
            check_conservation(evidence, build, counts)
        assert failure.value.code == "conservation_violated"


def test_a_balanced_case_holds_and_one_more_candidate_breaks_it() -> None:
    retrieved = Counter({"atomic-memory": 3})
    evidence = SimpleNamespace(retrieved=retrieved, omissions=Counter({("atomic-memory", "budget"): 1}))
    build = SimpleNamespace(items=[SimpleNamespace(kind="atomic-memory")], received={"atomic-memory": 2})
    counts = Counter(
        {("atomic-memory", "budget"): 1, ("atomic-memory", "duplicate"): 1, ("experience", "not_retrieved"): 1}
    )
    check_conservation(evidence, build, counts)  # 3 = 1 selected + 2 omitted; received 2 = 3 - 1 cut
    retrieved["atomic-memory"] += 1
    with pytest.raises(ReceiptFailure):
        check_conservation(evidence, build, counts)
