"""The shipped sample set (``sample_set.json``, written by ``bench/eval_sample.py``): every label
follows from how the corpus was built, checked here from the items' own text."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pcreceipt.evaluation.load import parse_case
from pcreceipt.evaluation.sample import _line, sample_set

DATA = sample_set()
ITEMS = {a["key"]: a for a in DATA["artifacts"]}
FILES = {f["path"]: f["content"].splitlines() for f in DATA["workspace"]}


def text_of(key: str) -> str:
    return " ".join(str(v) for v in ITEMS[key]["content"].values())


def queries(kind: str) -> list[dict[str, Any]]:
    found = [q for q in DATA["queries"] if q["kind"] == kind]
    assert found, kind
    return found


def test_every_line_is_valid_eval_input_and_names_real_items() -> None:
    ids = {key: f"art_{n}" for n, key in enumerate(ITEMS)}
    for query in DATA["queries"]:
        parse_case(json.dumps(_line(query, "scp_x", ids)))
        for expected in query["expected"]:
            assert expected in ITEMS if isinstance(expected, str) else expected["path"] in FILES
    assert len({q["id"] for q in DATA["queries"]}) == len(DATA["queries"])


@pytest.mark.parametrize("kind", ["keyword", "paraphrase"])
def test_word_queries_expect_the_item_they_were_made_from(kind: str) -> None:
    for query in queries(kind):
        (key,) = query["expected"]
        # corpus.queries takes words as [A-Za-z][a-z]{2,} runs, so "Read" may come from "ReadTransport"
        assert all(word in text_of(key) for word in query["query"].split()), query


def test_cjk_queries_expect_every_chinese_memory_holding_a_phrase() -> None:
    for query in queries("cjk"):
        phrases = query["query"].split()
        holding = {k for k, a in ITEMS.items() if any(p in a["content"].get("text", "") for p in phrases)}
        assert holding == set(query["expected"]), query


def test_module_queries_expect_the_items_built_from_the_module() -> None:
    for query in queries("module"):
        module = query["query"]
        for key in query["expected"]:
            item = ITEMS[key]
            named = {
                "topic-memory": lambda c: c["title"].split(".")[0],
                "experience": lambda c: c["situation"].removeprefix("Working on code that calls ").split(".")[0],
            }.get(item["family"])
            if named is not None:
                assert named(item["content"]) == module, (query["id"], key)
            else:
                assert re.search(rf"(?<![A-Za-z_]){re.escape(module)}(?![A-Za-z_])", item["content"]["text"]), key


def test_code_queries_expect_the_function_and_the_experience_it_came_from() -> None:
    for query in queries("code"):
        key, where = query["expected"]
        lines = FILES[where["path"]][where["start_line"] - 1 : where["end_line"]]
        name = query["query"].split()[0]
        assert lines[0].startswith(f"def call_{name}("), (query["id"], lines)
        call = ITEMS[key]["content"]["situation"].removeprefix("Working on code that calls ").rstrip(".")
        assert any(line.strip() == f"# {call}" for line in lines)
        assert query["include_code"] is True


def test_no_match_queries_expect_nothing() -> None:
    for query in queries("no_match"):
        assert query["expected"] == []
        assert not any(word in text_of(k) for k in ITEMS for word in query["query"].split())
