"""The strict reading of a demonstrations reply (``prepare.demonstrations.parse_demonstrations``):
exactly the count, closed pairs of non-blank bounded strings, and an expected output the key's
operation accepts; anything else is ``invalid_output``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pcreceipt.inference import InferenceError
from pcreceipt.prepare.demonstrations import TEXT_LIMIT, parse_demonstrations

RANKING = json.dumps({"ranking": [2, 1]})
MEMORIES = json.dumps({"memories": [{"kind": "fact", "text": "The build uses nox."}]})


def reply(*pairs: Any) -> str:
    return json.dumps({"demonstrations": list(pairs)})


def test_a_valid_reply_is_read_as_it_is() -> None:
    pairs = [{"input": "query: build", "expected_output": RANKING}, {"input": "query: db", "expected_output": RANKING}]
    assert parse_demonstrations("memory.rerank", reply(*pairs), 2) == pairs
    extract = [{"input": "note: we use nox", "expected_output": MEMORIES}]
    assert parse_demonstrations("atomic_memory.extract", reply(*extract), 1) == extract


@pytest.mark.parametrize(
    ("key", "text", "count"),
    [
        ("memory.rerank", "not json", 1),
        ("memory.rerank", json.dumps({"demonstrations": [], "extra": 1}), 0),
        ("memory.rerank", reply({"input": "q", "expected_output": RANKING}), 2),  # too few
        (
            "memory.rerank",
            reply({"input": "q", "expected_output": RANKING}, {"input": "r", "expected_output": RANKING}),
            1,
        ),
        ("memory.rerank", reply({"input": " ", "expected_output": RANKING}), 1),
        ("memory.rerank", reply({"input": "q", "expected_output": RANKING, "why": "x"}), 1),
        ("memory.rerank", reply({"input": "q", "expected_output": {"ranking": [1]}}), 1),  # not a string
        ("memory.rerank", reply({"input": "q", "expected_output": json.dumps({"ranking": ["a"]})}), 1),
        ("memory.rerank", reply({"input": "q", "expected_output": json.dumps({"ranking": [True]})}), 1),
        ("memory.rerank", reply({"input": "q", "expected_output": MEMORIES}), 1),  # another operation's output
        ("atomic_memory.extract", reply({"input": "q", "expected_output": RANKING}), 1),
        ("atomic_memory.extract", reply({"input": "x" * (TEXT_LIMIT + 1), "expected_output": MEMORIES}), 1),
    ],
)
def test_anything_else_is_invalid_output(key: str, text: str, count: int) -> None:
    with pytest.raises(InferenceError) as raised:
        parse_demonstrations(key, text, count)
    assert raised.value.kind == "invalid_output"


@given(inputs=st.lists(st.text(min_size=1, max_size=40).filter(str.strip), min_size=1, max_size=20))
def test_the_count_is_exact(inputs: list[str]) -> None:
    pairs = [{"input": text, "expected_output": RANKING} for text in inputs]
    assert parse_demonstrations("memory.rerank", reply(*pairs), len(pairs)) == pairs
    with pytest.raises(InferenceError):
        parse_demonstrations("memory.rerank", reply(*pairs), len(pairs) + 1)
