"""The Handoff generation answer is parsed strictly (``prepare.handoff_generation.parse_draft``):
the closed shape, mapped back to exactly the request's citations, the objective kept, and 1.4.1's
rules for a generated draft (budget, fresh-session checkpoint); anything else is ``invalid_output``.
Also: the composition makes a Handoff generator only when a generation provider is configured."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pcreceipt.compose import compose
from pcreceipt.config import GenerationSettings, Settings
from pcreceipt.contract import gate
from pcreceipt.inference import InferenceError
from pcreceipt.prepare.handoff_generation import HandoffAction, evidence_ids, parse_draft, rollover_violation

CITATIONS = (
    {"kind": "source", "source_ref": {"name": "content", "source_id": "log"}},
    {"kind": "artifact", "artifact_ref": {"family": "experience", "artifact_id": "art_1", "revision": 2}},
    {"kind": "source", "source_ref": {"name": "content", "source_id": "plan"}},
)
TEXTS = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=40).filter(
    lambda t: t.strip() != ""
)
IDS = st.lists(st.sampled_from(["source:0", "artifact:1", "source:2"]), min_size=1, max_size=4)


def action(**fields: Any) -> HandoffAction:
    values: dict[str, Any] = {
        "objective": "Finish the parser.",
        "rollover_reasons": (),
        "citations": CITATIONS,
        "max_bytes": 32768,
    }
    return HandoffAction(**(values | fields))


def answer(**fields: Any) -> str:
    body = {
        "state": [{"text": "Half done.", "evidence_ids": ["source:0"]}],
        "disposition": "continuable",
        "next_action": {"text": "Add the formats.", "evidence_ids": ["source:2"]},
        "omissions": [],
    }
    return json.dumps(body | fields)


def test_the_local_ids_are_kind_and_index() -> None:
    assert evidence_ids(action()) == ["source:0", "artifact:1", "source:2"]


@given(statements=st.lists(st.tuples(TEXTS, IDS), min_size=1, max_size=6))
def test_a_well_formed_answer_cites_exactly_the_request_evidence(statements: list[tuple[str, list[str]]]) -> None:
    reply = answer(state=[{"text": text, "evidence_ids": ids} for text, ids in statements], next_action=None)
    draft = parse_draft(action(), reply)
    assert gate.check_schema("HandoffDraft", draft) == []
    assert draft["objective"] == "Finish the parser." and draft["generation"] is None
    by_id = dict(zip(evidence_ids(action()), CITATIONS, strict=True))
    for statement, (text, ids) in zip(draft["state"], statements, strict=True):
        assert statement["text"] == text
        assert statement["citations"] == [by_id[i] for i in dict.fromkeys(ids)]  # repeats dropped, order kept


@pytest.mark.parametrize(
    "reply",
    [
        "not json",
        json.dumps([]),
        answer(extra=1),
        json.dumps({"state": []}),
        answer(state=[{"text": "x", "evidence_ids": []}]),
        answer(state=[{"text": "x", "evidence_ids": ["source:9"]}]),
        answer(state=[{"text": " ", "evidence_ids": ["source:0"]}]),
        answer(state=[{"text": "x", "evidence_ids": ["source:0"], "more": 1}]),
        answer(state=[]),
        answer(disposition="finished"),
        answer(omissions=[{"text": "x", "evidence_id": "artifact:7"}]),
        answer(omissions="none"),
    ],
)
def test_an_answer_outside_the_shape_is_invalid_output(reply: str) -> None:
    with pytest.raises(InferenceError) as raised:
        parse_draft(action(), reply)
    assert raised.value.kind == "invalid_output"


def test_the_budget_and_the_fresh_session_rules() -> None:
    long = answer(state=[{"text": "x" * 600, "evidence_ids": ["source:0"]}])
    with pytest.raises(InferenceError):
        parse_draft(action(max_bytes=512), long)
    rollover = action(rollover_reasons=("delegation",))
    with pytest.raises(InferenceError):
        parse_draft(rollover, answer(next_action=None))
    with pytest.raises(InferenceError):
        parse_draft(rollover, answer(next_action={"text": "Continue above.", "evidence_ids": ["source:0"]}))
    assert parse_draft(rollover, answer(disposition="blocked", next_action=None))["next_action"] is None
    assert parse_draft(action(), answer(next_action=None))["next_action"] is None  # no reasons: no checkpoint rule
    quoted = {
        "disposition": "continuable",
        "state": [{"text": 'They wrote "continue above" once.'}],
        "next_action": None,
    }
    assert rollover_violation(quoted | {"next_action": {"text": "Check the log."}}) is None


def test_a_handoff_generator_is_made_only_for_a_configured_provider(tmp_path: Path) -> None:
    assert compose(Settings(data_dir=tmp_path)).handoff_generator is None
    assert compose(Settings(data_dir=tmp_path, generation=GenerationSettings(model="x/y"))).handoff_generator is None
    configured = GenerationSettings(base_url="http://127.0.0.1:9", model="x/y")
    parts = compose(Settings(data_dir=tmp_path, generation=configured))
    try:
        assert parts.handoff_generator is not None
    finally:
        parts.close()
