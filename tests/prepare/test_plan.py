"""The prepare request parsed once: every default is the contract's, applied in one place."""

from __future__ import annotations

from typing import Any

import pytest

from pcreceipt import gate
from pcreceipt.models import ContextAssembly, PrepareContextRequest
from pcreceipt.prepare.build_types import DEFAULT_FAMILIES, DEFAULT_TOTAL_LIMIT
from pcreceipt.prepare.plan import PreparePlan


def plan_of(**fields: Any) -> PreparePlan:
    body = {"scope_id": "scp_a", "query": "Why SQLite?", **fields}
    assert gate.check_prepare_request(body) == []
    return PreparePlan.from_request(body)


def test_an_omitted_field_takes_the_generated_models_default() -> None:
    plan = plan_of()
    defaults = PrepareContextRequest(scope_id="scp_a", query="Why SQLite?")
    assert plan.max_bytes == defaults.max_bytes
    assert plan.include_code is defaults.include_code is False
    assert plan.explain is defaults.explain is False
    assert plan.include_receipt is defaults.include_receipt is False
    assert plan.build.max_bytes == plan.max_bytes and plan.build.include_code is False
    assert [s.family for s in plan.build.sections] == list(DEFAULT_FAMILIES)
    assert plan.build.interleave and plan.build.total_limit == DEFAULT_TOTAL_LIMIT and not plan.build.markdown


@pytest.mark.parametrize(("sent", "asked"), [(True, True), (False, False), (None, False)])
def test_include_receipt_null_and_false_are_the_same(sent: bool | None, asked: bool) -> None:
    assert plan_of(include_receipt=sent).include_receipt is asked


def test_the_fields_sent_are_the_fields_planned() -> None:
    plan = plan_of(max_bytes=4000, include_code=True, explain=True, include_receipt=True)
    assert (plan.max_bytes, plan.include_code, plan.explain, plan.include_receipt) == (4000, True, True, True)
    assert plan.build.max_bytes == 4000 and plan.build.include_code


def test_an_assembly_keeps_its_order_and_its_defaults_are_the_models() -> None:
    plan = plan_of(assembly={"sections": [{"family": "profile", "limit": 1}, {"family": "memory", "limit": 3}]})
    assert [(s.family, s.limit) for s in plan.build.sections] == [("profile", 1), ("atomic-memory", 3)]
    assert plan.build.markdown and not plan.build.interleave and plan.build.total_limit == 4
    assert plan.build.show == () and ContextAssembly().show is None
    assert plan_of(assembly={}).build.sections == ()  # no sections: history off
    shown = plan_of(assembly={"sections": [], "show": ["recall_rank", "confidence"]})
    assert shown.build.show == ("recall_rank", "confidence")


def test_a_plan_is_frozen() -> None:
    plan = plan_of()
    with pytest.raises(AttributeError):
        plan.max_bytes = 1  # type: ignore[misc]
