"""Property tests over random corpora, budgets, assemblies and Scope graphs.

For every generated case: both responses pass the gate (which reads the content back and holds
every selected item to its text there: identity, order, rendered_bytes, truncation); the content
keeps PowerContext's caps (the default form: at most 8 items, experience 2; Markdown: each section
its limit; code 4); asking for a Receipt changes nothing but the ``receipt`` key; a Receipt is
either present — schema-valid, at most 8192 serialized bytes, its ordered identities equal to the
citations in the content, no body or query text in it — or dropped for a budget or a cap only
(never for a broken identity or conservation, which the assembler checks on every call).
"""

from __future__ import annotations

import json
import logging
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from _support.receipts import cited_ids, prepare, runtime, scope, selected_ids, without_receipt
from _support.receipts import settings as make_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pcreceipt.contract.content import parse_content
from pcreceipt.contract.digests import wire_bytes
from pcreceipt.store.sqlite import SQLiteStore

WORDS = ["sqlite", "receipt", "budget", "scope", "vector", "merge", "数据库", "检索", "alpha", "beta", "gamma"]
ODD = ["\u2028", "\u0085", "\t", "…", "é", "😀", '"', "\\", "<<", "[1]"]


class Drops(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.codes: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.codes.append(json.loads(record.getMessage())["code"])


def text_of(draw: st.DrawFn, canary: str) -> str:
    words = draw(st.lists(st.sampled_from(WORDS + ODD), min_size=1, max_size=12))
    repeat = draw(st.sampled_from([1, 1, 1, 10, 40]))
    return f"{canary} " + " ".join(words) * repeat


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    n_refs = draw(st.integers(0, 3))
    artifacts = []
    for i in range(draw(st.integers(0, 14))):
        family = draw(st.sampled_from(["atomic-memory", "atomic-memory", "topic-memory", "experience", "profile"]))
        artifacts.append((draw(st.integers(0, n_refs)), family, text_of(draw, f"zqbody{i:03d}x")))
    sections = draw(
        st.one_of(
            st.none(),
            st.lists(
                st.tuples(st.sampled_from(["memory", "topic-memory", "experience", "profile"]), st.integers(1, 8)),
                max_size=4,
                unique_by=lambda t: t[0],
            ),
        )
    )
    assembly = None
    if sections is not None:
        fixed = [(f, min(limit, 2) if f == "experience" else limit) for f, limit in sections]
        assembly = {"sections": [{"family": f, "limit": limit} for f, limit in fixed]}
    return {
        "refs": n_refs,
        "artifacts": artifacts,
        "query": "zqquery " + " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4))),
        "max_bytes": draw(st.sampled_from([512, 700, 1500, 4000, 8000, 32768])),
        "assembly": assembly,
        "include_code": draw(st.booleans()),
    }


def _load(store: SQLiteStore, case: dict[str, Any]) -> str:
    refs = [scope(store, f"ref{i}") for i in range(case["refs"])]
    project = scope(store, "project", refs=tuple(r.scope_id for r in refs))
    scopes = [project, *refs]
    for owner, family, text in case["artifacts"]:
        scope_id = scopes[owner].scope_id
        if family == "atomic-memory":
            content: dict[str, Any] = {"kind": "fact", "text": text}
        elif family == "topic-memory":
            content = {"title": text[:40], "summary": text, "detail": text}
        elif family == "experience":
            content = {"situation": text, "action": "acted", "outcome": "done", "lesson": text}
        else:
            content = {"content": text, "restored_from_revision": None}
        store.create_artifact(scope_id, family, content)
    if case["include_code"]:
        lines = [f"def f{i}(): return 'sqlite receipt {i}'" for i in range(60)]
        store.index_workspace(project.scope_id, [("src/m.py", "\n".join(lines).encode())], 0)
    return project.scope_id


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=cases())
def test_receipts_hold_their_invariants(case: dict[str, Any]) -> None:
    drops = Drops()
    logger = logging.getLogger("pcreceipt.receipt")
    logger.addHandler(drops)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            store = SQLiteStore(Path(tmp) / "store.db")
            try:
                scope_id = _load(store, case)
                rt = runtime(store, make_settings(assembly_max_entries=26))
                fields: dict[str, Any] = {"max_bytes": case["max_bytes"], "include_code": case["include_code"]}
                if case["assembly"] is not None:
                    fields["assembly"] = case["assembly"]
                plain = prepare(rt, scope_id, case["query"], **fields)
                asked = prepare(rt, scope_id, case["query"], include_receipt=True, **fields)
                rt.close()
            finally:
                store.close()
    finally:
        logger.removeHandler(drops)

    assert without_receipt(asked) == plain
    assert list(plain) == ["schema", "status", "content", "content_bytes"]
    assert plain["content_bytes"] <= case["max_bytes"]
    items = parse_content(plain["content"])
    assert plain["content_bytes"] == (0 if plain["content"] is None else len(plain["content"].encode("utf-8")))
    kinds = Counter(item.kind for item in items)
    assert kinds["code"] <= 4
    if case["assembly"] is None:  # PowerContext's default form: the envelope, 8 items, experience 2
        assert len(items) <= 8 and kinds["experience"] <= 2 and kinds["topic-memory"] <= 8
        assert {item.form for item in items} <= {"envelope", "code"}
    else:
        limits = {
            ("atomic-memory" if s["family"] == "memory" else s["family"]): s["limit"]
            for s in case["assembly"]["sections"]
        }
        assert all(kinds[family] <= limit for family, limit in limits.items())
        assert {item.form for item in items} <= {"markdown", "code"}
    if "receipt" not in asked:
        assert drops.codes and set(drops.codes) <= {"byte_budget_exceeded", "cap_exceeded"}, drops.codes
        return
    receipt = asked["receipt"]
    assert len(wire_bytes(receipt)) <= 8192
    cited = cited_ids(asked["content"], scope_id)
    assert cited == selected_ids(receipt)
    serialized = json.dumps(receipt, ensure_ascii=False)
    assert "zqbody" not in serialized and "zqquery" not in serialized
    handed = {g["family"] for g in receipt["omitted"] if g["reason"] == "not_retrieved"}
    assert not handed & {item["kind"] for item in receipt["selected"]}
