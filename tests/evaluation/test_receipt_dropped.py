"""The eval report counts the prepares that lost their Receipt (a dropped Receipt is fail-open: the
response is the flag-off one), and never guesses their recall.

In process: a real server on loopback over a real SQLite file, the shipped sample written through
the API, and the Receipt assembler's ``selected`` cap lowered so that every Receipt naming more
than two items is dropped — as an oversize Receipt is.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

import pcreceipt.prepare.receipt as assembler
from pcreceipt.client import AsyncClient
from pcreceipt.evaluation.load import parse_lines
from pcreceipt.evaluation.report import build_report, render_markdown
from pcreceipt.evaluation.run import Run, execute
from pcreceipt.evaluation.sample import load_sample

KEPT = 2


@pytest.mark.anyio
async def test_dropped_receipts_are_counted_and_their_recall_left_undefined(
    serve: Callable[..., AbstractContextManager[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    with serve() as url:
        async with AsyncClient(url) as client:
            _, lines = await load_sample(client)
        cases = parse_lines([json.dumps(line) for line in lines], "sample.jsonl")
        run = [Run("default", url)]
        whole, families = await execute(run, cases)
        monkeypatch.setitem(assembler.CAPS, "selected", KEPT)
        capped, _ = await execute(run, cases)
    before = build_report("sample.jsonl", run, whole, families)
    after = build_report("sample.jsonl", run, capped, families)
    assert before["summary"]["receipt_missing"] == 0
    lost: list[dict[str, Any]] = []
    for old, new in zip(before["queries"], after["queries"], strict=True):
        assert new["error"] is None and new["bytes"]["used"] == old["bytes"]["used"]  # the same injection
        if len(old["selected"]) > KEPT:
            assert not new["receipt_present"] and new["receipt"] is None
            assert new["recall"] is None and new["precision"] is None
            lost.append(new)
        else:
            assert new["receipt_present"] and new["recall"] == old["recall"]
    assert lost, "the sample has prepares selecting more than two items"
    summary = after["summary"]
    assert summary["receipt_missing"] == len(lost)
    assert summary["recall_at_injected"]["n"] == before["summary"]["recall_at_injected"]["n"] - sum(
        1 for q in lost if q["expected"]
    )
    markdown = render_markdown(after, [])
    assert markdown.count("Receipt missing") == len(lost) + 1  # one per query, and the column title
