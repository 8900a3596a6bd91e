"""Write ``pcreceipt eval``'s shipped sample set from the benchmark corpus (``corpus.py``).

    python bench/eval_sample.py            # rewrites src/pcreceipt/evaluation/sample_set.json
    python bench/eval_sample.py --check    # exit 1 when the shipped file differs

The corpus depends on the standard library of the Python that builds it, so the sample is a
snapshot: the first ``ITEMS`` corpus items, a small code workspace made from the experiences,
and labelled queries. Server ids do not exist yet, so items are named by keys (``i<index>``);
``pcreceipt eval sample`` writes them through the API and puts the real ids in sample.jsonl.

Every label comes from how the corpus was built, never from a prepare's output:

- ``keyword`` / ``paraphrase``: ``corpus.queries`` made the query from one item's words; that
  item is expected.
- ``cjk``: the query is one or two of the fixed Chinese phrases; every Chinese memory of the
  subset that contains one of them is expected.
- ``module``: the query names a standard-library module; expected are the items built from it
  (the topic memory titled with it, the experiences about its functions, the Chinese memories
  that name it).
- ``code``: the query names a function of the generated workspace and a word of its docstring;
  expected are that function's line range and the experience it was made from.
- ``no_match``: invented words; nothing is expected (recall is undefined, the query shows an
  empty prepare).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import corpus

ITEMS = 240
OUTPUT = Path(__file__).resolve().parent.parent / "src" / "pcreceipt" / "evaluation" / "sample_set.json"
PER_KIND = {"keyword": 8, "paraphrase": 8, "cjk": 6, "no_match": 2}
CODE_QUERIES = 6
MODULE_QUERIES = 8
_ASCII_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")


def _key(item: corpus.Item) -> str:
    return f"i{item.index}"


def _experience_call(item: corpus.Item) -> str:
    """``bdb.Bdb.dispatch_line`` from "Working on code that calls bdb.Bdb.dispatch_line."."""
    situation = item.content["situation"]
    return situation.removeprefix("Working on code that calls ").split(" ")[0].rstrip(".")


def _workspace(items: list[corpus.Item]) -> tuple[list[dict[str, str]], dict[str, dict[str, Any]]]:
    """One file per top-level module, one stub function per experience; the range of each."""
    by_module: dict[str, list[corpus.Item]] = defaultdict(list)
    for item in items:
        if item.family == "experience":
            by_module[_experience_call(item).split(".")[0].lstrip("_")].append(item)
    files: list[dict[str, str]] = []
    ranges: dict[str, dict[str, Any]] = {}
    for module in sorted(by_module):
        path = f"calls/{module}_calls.py"
        lines = [f'"""Calls into {module} that the experiences of the sample describe."""', ""]
        for item in by_module[module]:
            call = _experience_call(item)
            name = call.split(".")[-1]
            summary = item.content["action"].split(" does: ", 1)[-1]
            start = len(lines) + 2
            lines += ["", f"def call_{name}(target, *args, **kwargs):"]
            lines += [
                f'    """{summary.replace(chr(34) * 3, "")}"""',
                f"    # {call}",
                f"    return target.{name}(*args, **kwargs)",
            ]
            ranges[_key(item)] = {"path": path, "start_line": start, "end_line": len(lines), "name": name}
        files.append({"path": path, "content": "\n".join(lines) + "\n"})
    return files, ranges


def build() -> dict[str, Any]:
    items = corpus.corpus(ITEMS)
    by_index = {item.index: item for item in items}
    chinese = [item for item in items if item.lang == "zh"]
    queries: list[dict[str, Any]] = []
    taken: dict[str, int] = defaultdict(int)
    for query in corpus.queries(300):
        if taken[query.kind] >= PER_KIND.get(query.kind, 0):
            continue
        if query.kind in ("keyword", "paraphrase"):
            if query.target is None or query.target not in by_index:
                continue
            expected = [_key(by_index[query.target])]
        elif query.kind == "cjk":
            phrases = query.text.split()
            expected = [_key(i) for i in chinese if any(p in i.content["text"] for p in phrases)]
            if not expected:
                continue
        else:
            expected = []
        taken[query.kind] += 1
        queries.append(
            {
                "id": f"{query.kind}-{taken[query.kind]:02d}",
                "kind": query.kind,
                "query": query.text,
                "expected": expected,
            }
        )
    # module queries: the items built from one module
    related: dict[str, list[str]] = defaultdict(list)
    for item in items:
        if item.family == "experience":
            related[_experience_call(item).split(".")[0]].append(_key(item))
        elif item.family == "topic-memory":
            related[item.content["title"].split(".")[0].split(" ")[0]].append(_key(item))
        elif item.lang == "zh":
            for word in _ASCII_WORD.findall(item.content["text"]):
                related[word.split(".")[0]].append(_key(item))
    modules = sorted((m for m, keys in related.items() if len(keys) >= 2), key=lambda m: (-len(related[m]), m))
    for number, module in enumerate(modules[:MODULE_QUERIES], 1):
        queries.append(
            {
                "id": f"module-{number:02d}",
                "kind": "module",
                "query": module,
                "expected": sorted(set(related[module]), key=lambda k: int(k[1:])),
            }
        )
    files, ranges = _workspace(items)
    for number, (key, where) in enumerate(list(ranges.items())[:CODE_QUERIES], 1):
        item = by_index[int(key[1:])]
        words = sorted({w for w in corpus._words(item.content["action"].split(" does: ", 1)[-1]) if len(w) >= 5})
        text = " ".join([where["name"], *words[:2]])
        code = {k: where[k] for k in ("path", "start_line", "end_line")}
        queries.append(
            {"id": f"code-{number:02d}", "kind": "code", "query": text, "include_code": True, "expected": [key, code]}
        )
    return {
        "description": "pcreceipt eval's sample set: a snapshot of the benchmark corpus (bench/eval_sample.py).",
        "corpus": {"items": ITEMS, **corpus.fingerprint()},
        "scope": {"title": "pcreceipt eval sample", "summary": "The benchmark corpus subset pcreceipt eval ships."},
        "artifacts": [{"key": _key(item), **item.request()} for item in items],
        "workspace": files,
        "queries": queries,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the shipped file differs")
    args = parser.parse_args()
    text = json.dumps(build(), ensure_ascii=False, indent=1) + "\n"
    if args.check:
        same = OUTPUT.is_file() and OUTPUT.read_text(encoding="utf-8") == text
        print("sample set up to date" if same else "sample set differs (python bench/eval_sample.py rewrites it)")
        return 0 if same else 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT} ({len(text)} characters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
