"""The prepare request parsed once: every default is the contract's, applied in one place."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pcreceipt.contract import gate
from pcreceipt.models import ContextAssembly, PrepareContextRequest
from pcreceipt.prepare.build_types import DEFAULT_FAMILIES, DEFAULT_FAMILY_LIMITS, ENTRY_LIMIT
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
    assert [s.limit for s in plan.build.sections] == [DEFAULT_FAMILY_LIMITS[f] for f in DEFAULT_FAMILIES]
    assert plan.build.entry_limit == ENTRY_LIMIT == 8 and not plan.build.markdown
    assert plan.build.scope_id == "scp_a"


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
    assert plan.build.markdown and plan.build.show == () and ContextAssembly().show == []
    assert plan_of(assembly={"sections": []}).build.sections == ()  # an empty list: history off
    shown = plan_of(assembly={"sections": [], "show": ["recall_rank", "confidence"]})
    assert shown.build.show == ("recall_rank", "confidence")


@pytest.mark.parametrize("assembly", [{}, {"format": "markdown"}, {"show": ["confidence"]}])
def test_an_assembly_without_sections_takes_the_default_sections(assembly: dict[str, Any]) -> None:
    """PowerContext's schema default: memory 6, then experience 2 (HOSTS.md §3.2)."""
    plan = plan_of(assembly=assembly)
    assert [(s.family, s.limit) for s in plan.build.sections] == [("atomic-memory", 6), ("experience", 2)]
    assert plan.build.markdown
    assert [(s.family, s.limit) for s in ContextAssembly().sections or []] == [("memory", 6), ("experience", 2)]


@pytest.mark.parametrize("receipt_id", [None, "bcr_5b276ee74758465eb2d0ffaa2bed671d", "x", "~" * 64])
def test_a_bootstrap_receipt_id_is_carried_and_changes_nothing_else(receipt_id: str | None) -> None:
    plan = plan_of(bootstrap_receipt_id=receipt_id)
    assert plan.bootstrap_receipt_id == receipt_id  # recall leaves out what that receipt delivered (runtime)
    assert dataclasses.replace(plan, bootstrap_receipt_id=None) == plan_of()


@pytest.mark.parametrize("receipt_id", ["", "b" * 65, "bcr 1", "bcr_é", 3])
def test_a_bootstrap_receipt_id_out_of_its_pattern_is_refused(receipt_id: object) -> None:
    body = {"scope_id": "scp_a", "query": "q", "bootstrap_receipt_id": receipt_id}
    assert [v.path for v in gate.check_prepare_request(body)] == ["/bootstrap_receipt_id"]


def test_a_plan_is_frozen() -> None:
    plan = plan_of()
    with pytest.raises(AttributeError):
        plan.max_bytes = 1  # type: ignore[misc]
