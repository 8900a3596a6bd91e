"""The Receipt size sweep of ``python bench/receipt_sizes.py --sweep`` (docs/receipt-sizes.md).

Real prepares, in process, on SQLite stores that hold the first 1000 items of the benchmark
corpus (bench/corpus.py) spread round-robin over 1, 2, 4 or 8 Scopes (the project Scope references
the others), with a code workspace of standard-library sources in the project Scope. For every
store, every assembly shape in ``SHAPES`` and every rerank configuration (none, the lexical
reranker, the model reranker driven by ``receipt_sizes.OverlapChat``), the corpus queries are
prepared with ``include_receipt``.

Each Receipt is captured just before its budget check (a wrapper around ``gate.check_receipt``),
so a Receipt that the server drops is measured as well. Its compact wire size is measured three
times: with the ids the server gave (``scp_`` + 26, ``art_`` + 32 characters), with short client
ids (8 characters), and with long ones (64 characters). The rewrite maps each distinct id to a
synthetic id of that length. The prepare itself does not depend on id length, so only the
encoding changes. For each Receipt the sweep also records what each part costs, and what the
savings the contract allows would give (``contract_savings``).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import statistics
import sys
import sysconfig
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import corpus as corpus_module
from receipt_sizes import MODEL_BASE_URL, OverlapChat

from pcreceipt.compose import compose
from pcreceipt.config import GenerationSettings, RerankSettings, Settings
from pcreceipt.contract import gate
from pcreceipt.contract.digests import wire_bytes
from pcreceipt.store.sqlite import SQLiteStore

BUDGET = gate.RECEIPT_MAX_BYTES
CORPUS_ITEMS = 1000
SCOPE_COUNTS = (1, 2, 4, 8)
RERANKS = ("none", "lexical", "model")
ID_REGIMES = ("server", "short", "long")


def _sections(memory: int, topic: int, experience: int, profile: int) -> dict[str, Any]:
    pairs = (("memory", memory), ("topic-memory", topic), ("experience", experience), ("profile", profile))
    return {"sections": [{"family": f, "limit": n} for f, n in pairs if n]}


ASSEMBLY_8 = _sections(3, 2, 1, 2)
# (name, request fields, assembly_max_entries the server needs, what sends it)
SHAPES: list[tuple[str, dict[str, Any], int, str]] = [
    ("default recall", {"max_bytes": 8000}, 8, "every official host by default"),
    ("default recall + code", {"max_bytes": 8000, "include_code": True}, 8, "Codex with include_code configured"),
    ("assembly {} (memory 6, experience 2)", {"max_bytes": 8000, "assembly": {}}, 8, "an empty assembly"),
    ("assembly 8 entries", {"max_bytes": 8000, "assembly": ASSEMBLY_8}, 8, "an assembly at the default cap"),
    (
        "assembly 8 entries + code",
        {"max_bytes": 8000, "include_code": True, "assembly": ASSEMBLY_8},
        8,
        "the same with include_code",
    ),
    (
        "assembly 16 entries + code, 32768 bytes",
        {"max_bytes": 32768, "include_code": True, "assembly": _sections(6, 4, 2, 4)},
        16,
        "a server with assembly_max_entries raised",
    ),
    (
        "assembly 26 entries + code, 32768 bytes",
        {"max_bytes": 32768, "include_code": True, "assembly": _sections(8, 8, 2, 8)},
        26,
        "the largest the contract allows",
    ),
]


class Captured:
    """Wraps ``gate.check_receipt``: keeps the last Receipt checked (kept or about to be dropped)."""

    def __init__(self) -> None:
        self.receipt: dict[str, Any] | None = None
        self._original = gate.check_receipt

    def __enter__(self) -> Captured:
        def check(receipt: Any, **kwargs: Any) -> Any:
            self.receipt = json.loads(json.dumps(receipt))
            return self._original(receipt, **kwargs)

        gate.check_receipt = check
        return self

    def __exit__(self, *exc: object) -> None:
        gate.check_receipt = self._original


def workspace_files(limit: int = 40) -> list[tuple[str, bytes]]:
    """Standard-library sources (json, email, http, logging, sqlite3), small files first."""
    root = Path(sysconfig.get_paths()["stdlib"])
    paths = sorted(p for d in ("json", "email", "http", "logging", "sqlite3") for p in (root / d).glob("*.py"))
    files = [(str(p.relative_to(root)), p.read_bytes()) for p in paths if p.stat().st_size < 60_000]
    return files[:limit]


def build_store(directory: Path, scopes: int, items: list[corpus_module.Item]) -> tuple[SQLiteStore, str]:
    store = SQLiteStore(directory / "s.db")

    def scope(title: str, refs: list[str]) -> str:
        made, _ = store.create_scope(
            title=title, summary=title, idempotency_key=title, parent_scope_id=None,
            context_references=refs, external_references=[],
        )  # fmt: skip
        return made.scope_id

    others = [scope(f"ref{i}", []) for i in range(scopes - 1)]
    project = scope("project", others)
    owners = [project, *others]
    for item in items:
        store.create_artifact(owners[item.index % scopes], item.family, item.content)  # type: ignore[arg-type]
    for n, owner in enumerate(owners):
        text = f"Profile of Scope {n}: conventions for the standard library services."
        store.create_artifact(owner, "profile", {"content": text, "restored_from_revision": None})
    store.index_workspace(project, workspace_files(), 0)
    return store, project


def _ids(receipt: dict[str, Any]) -> tuple[set[str], set[str]]:
    scopes: set[str] = set()
    artifacts: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "scope_id" and isinstance(inner, str):
                    scopes.add(inner)
                elif key == "artifact_id" and isinstance(inner, str):
                    artifacts.add(inner)
                else:
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(receipt)
    return scopes, artifacts


def rewrite_ids(receipt: dict[str, Any], length: int) -> dict[str, Any]:
    """The Receipt with each distinct Scope and artifact id replaced by one of ``length`` characters."""
    scopes, artifacts = _ids(receipt)
    mapping = {old: f"s{n:0{length - 1}d}" for n, old in enumerate(sorted(scopes))}
    mapping |= {old: f"a{n:0{length - 1}d}" for n, old in enumerate(sorted(artifacts))}

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: mapping.get(v, v) if k in {"scope_id", "artifact_id"} else walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    out: dict[str, Any] = walk(receipt)
    return out


def size(value: Any) -> int:
    return len(wire_bytes(value))


def parts(receipt: dict[str, Any]) -> dict[str, int]:
    """Bytes of each part of the compact Receipt (the rest is the fixed fields)."""
    retrieval = receipt["retrieval"]
    history = [s for s in receipt["selected"] if "artifact_address" in s]
    code = [s for s in receipt["selected"] if "code_evidence" in s]
    out = {
        "history identities": size(history) - 2 if history else 0,
        "code identities": size(code) - 2 if code else 0,
        "searches": size(retrieval["searches"]),
        "rerank_configs": size(retrieval["rerank_configs"]),
        "reranks": size(retrieval["reranks"]),
        "rounds": size(retrieval["rounds"]),
        "omitted": size(receipt["omitted"]),
        "stages": size(receipt["stages"]),
    }
    out["fixed fields"] = size(receipt) - sum(out.values())
    return out


def contract_savings(receipt: dict[str, Any]) -> int:
    """Bytes saved by the encodings the contract already allows: integral floats written as
    integers (``timeout_seconds: 2.0`` as ``2``), and stage durations rounded to 0.1 ms instead of
    0.001 ms. Nothing that the schema or the semantic rules require can be left out: every field
    is required, configuration settings are explicit "defaults included", and search and rerank
    calls are already grouped with counts."""
    smaller = json.loads(json.dumps(receipt))
    for config in smaller["retrieval"]["rerank_configs"]:
        if float(config["timeout_seconds"]).is_integer():
            config["timeout_seconds"] = int(config["timeout_seconds"])
    for stage in smaller["stages"]:
        stage["duration_ms"] = round(stage["duration_ms"], 1)
    return size(receipt) - size(smaller)


@dataclasses.dataclass
class Sample:
    shape: str
    scopes: int
    rerank: str
    sizes: dict[str, int]  # by id regime
    parts: dict[str, int]
    selected: int
    history: int
    code: int
    configs: int
    savings: int
    kept: bool  # what the server did (server ids)


def _settings(rerank: str, entries: int) -> Settings:
    generation = GenerationSettings(base_url=MODEL_BASE_URL, model="openai/gpt-4.1-mini")
    rerank_settings = RerankSettings(kind=rerank) if rerank != "none" else RerankSettings()  # type: ignore[arg-type]
    return dataclasses.replace(Settings(), assembly_max_entries=entries, generation=generation, rerank=rerank_settings)


def run_store(scopes: int, queries: list[str], items: list[corpus_module.Item]) -> Iterator[Sample]:
    with tempfile.TemporaryDirectory() as tmp:
        store, project = build_store(Path(tmp), scopes, items)
        try:
            for rerank in RERANKS:
                for shape, fields, entries, _ in SHAPES:
                    chat = OverlapChat() if rerank == "model" else None
                    composed = compose(_settings(rerank, max(entries, 8)), store=store, chat=chat)  # type: ignore[arg-type]
                    try:
                        for query in queries:
                            request = {"scope_id": project, "query": query, "include_receipt": True, **fields}
                            with Captured() as captured:
                                response = composed.runtime.prepare(request, request_id="0" * 16).as_json()
                            receipt = captured.receipt
                            if receipt is None:
                                continue
                            history = sum("artifact_address" in s for s in receipt["selected"])
                            yield Sample(
                                shape=shape,
                                scopes=scopes,
                                rerank=rerank,
                                sizes={
                                    "server": size(receipt),
                                    "short": size(rewrite_ids(receipt, 8)),
                                    "long": size(rewrite_ids(receipt, 64)),
                                },
                                parts=parts(receipt),
                                selected=len(receipt["selected"]),
                                history=history,
                                code=len(receipt["selected"]) - history,
                                configs=len(receipt["retrieval"]["rerank_configs"]),
                                savings=contract_savings(receipt),
                                kept="receipt" in response,
                            )
                    finally:
                        composed.close()
        finally:
            store.close()


def percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _row(label: str, samples: list[Sample], regime: str = "server") -> str:
    sizes = [s.sizes[regime] for s in samples]
    over = sum(n > BUDGET for n in sizes)
    cells = [percentile(sizes, q) for q in (0.5, 0.9, 0.99)] + [max(sizes)]
    share = f"{100 * over / len(sizes):.1f}%"
    return f"| {label} | {len(sizes)} | " + " | ".join(map(str, cells)) + f" | {share} |"


HEAD = "| {} | prepares | p50 | p90 | p99 | max | over " + str(BUDGET) + " |\n|---|---:|---:|---:|---:|---:|---:|"


def report(samples: list[Sample], elapsed: float, load: tuple[float, float]) -> str:
    lines = [
        f"{len(samples)} Receipts from real prepares in {elapsed:.0f} s; "
        f"load average {load[0]:.2f} before, {load[1]:.2f} after, on {os.cpu_count()} CPUs.",
        "",
        "By assembly shape (all Scope counts and rerank configurations, server-assigned ids):",
        "",
        HEAD.format("shape"),
    ]

    def by(key: Callable[[Sample], Any]) -> dict[Any, list[Sample]]:
        groups: dict[Any, list[Sample]] = defaultdict(list)
        for sample in samples:
            groups[key(sample)].append(sample)
        return groups

    shapes = by(lambda s: s.shape)
    lines += [_row(name, shapes[name]) for name, *_ in SHAPES if name in shapes]
    lines += ["", f"By shape and Scope count (server-assigned ids; p50 / max / share over {BUDGET}):", ""]
    lines += ["| shape | " + " | ".join(f"{n} Scope{'s' if n > 1 else ''}" for n in SCOPE_COUNTS) + " |"]
    lines += ["|---|" + "---:|" * len(SCOPE_COUNTS)]
    cells = by(lambda s: (s.shape, s.scopes))
    for name, *_ in SHAPES:
        row = []
        for n in SCOPE_COUNTS:
            group = [s.sizes["server"] for s in cells.get((name, n), [])]
            over = sum(x > BUDGET for x in group)
            row.append(f"{percentile(group, 0.5)} / {max(group)} / {100 * over / len(group):.0f}%" if group else "—")
        lines.append(f"| {name} | " + " | ".join(row) + " |")
    lines += [
        "",
        "By rerank configuration (all shapes and Scope counts, server-assigned ids):",
        "",
        HEAD.format("rerank"),
    ]
    reranks = by(lambda s: s.rerank)
    lines += [_row(name, reranks[name]) for name in RERANKS if name in reranks]
    lines += ["", f"By shape and rerank configuration (server-assigned ids; p50 / max / share over {BUDGET}):", ""]
    lines += ["| shape | " + " | ".join(RERANKS) + " |", "|---|" + "---:|" * len(RERANKS)]
    pairs = by(lambda s: (s.shape, s.rerank))
    for name, *_ in SHAPES:
        row = []
        for rerank in RERANKS:
            group = [s.sizes["server"] for s in pairs.get((name, rerank), [])]
            over = sum(x > BUDGET for x in group)
            row.append(f"{percentile(group, 0.5)} / {max(group)} / {100 * over / len(group):.0f}%" if group else "—")
        lines.append(f"| {name} | " + " | ".join(row) + " |")
    lines += [
        "",
        f"Model rerank by Scope count (all shapes; p50 / max / share over {BUDGET}; rerank configurations):",
        "",
    ]
    lines += ["| Scopes | size | configurations (max) |", "|---:|---:|---:|"]
    model = by(lambda s: s.scopes if s.rerank == "model" else None)
    for n in SCOPE_COUNTS:
        runs = model.get(n, [])
        if runs:
            measured = [s.sizes["server"] for s in runs]
            dropped_n = sum(x > BUDGET for x in measured)
            cell = f"{percentile(measured, 0.5)} / {max(measured)} / {100 * dropped_n / len(measured):.0f}%"
            lines.append(f"| {n} | {cell} | {max(s.configs for s in runs)} |")
    lines += ["", "By id length (all shapes):", "", HEAD.format("ids")]
    names = {"server": "server-assigned (scp_+26, art_+32)", "short": "client ids of 8 characters",
             "long": "client ids of 64 characters"}  # fmt: skip
    lines += [_row(names[r], samples, r) for r in ID_REGIMES]
    lines += ["", "Ordinary workloads (the first five shapes) by id length:", "", HEAD.format("ids")]
    ordinary = [s for s in samples if s.shape in {name for name, _, entries, _ in SHAPES if entries <= 8}]
    lines += [_row(names[r], ordinary, r) for r in ID_REGIMES]
    lines += ["", "Mean bytes per part, by shape (server-assigned ids):", ""]
    part_names = list(samples[0].parts)
    lines += ["| shape | " + " | ".join(part_names) + " |", "|---|" + "---:|" * len(part_names)]
    for name, *_ in SHAPES:
        members = shapes.get(name, [])
        if members:
            means = [round(statistics.fmean(s.parts[p] for s in members)) for p in part_names]
            lines.append(f"| {name} | " + " | ".join(map(str, means)) + " |")
    dropped = [s for s in samples if not s.kept]
    lines += [
        "",
        f"Dropped by the server: {len(dropped)} of {len(samples)} "
        f"({100 * len(dropped) / len(samples):.1f}%); all of them over the budget: "
        f"{all(s.sizes['server'] > BUDGET for s in dropped)}.",
        f"Savings the contract allows (integral timeouts as integers, stage times to 0.1 ms): "
        f"mean {statistics.fmean(s.savings for s in samples):.1f} bytes, max {max(s.savings for s in samples)}; "
        f"Receipts over the budget that they would bring under it: "
        f"{sum(s.sizes['server'] > BUDGET >= s.sizes['server'] - s.savings for s in samples)}.",
    ]
    return "\n".join(lines)


def sweep_main(argv: list[str]) -> int:
    count = int(argv[argv.index("--queries") + 1]) if "--queries" in argv else 24
    out = Path(argv[argv.index("--json") + 1]) if "--json" in argv else None
    logging.getLogger("pcreceipt").setLevel(logging.CRITICAL)
    items = corpus_module.corpus(CORPUS_ITEMS)
    queries = [q.text for q in corpus_module.queries(count)]
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    samples: list[Sample] = []
    for scopes in SCOPE_COUNTS:
        samples += run_store(scopes, queries, items)
        print(f"  {scopes} Scope(s): {len(samples)} Receipts so far", file=sys.stderr)
    elapsed = time.perf_counter() - started
    text = report(samples, elapsed, (load_before, os.getloadavg()[0]))
    print(text)
    if out is not None:
        out.write_text(json.dumps([dataclasses.asdict(s) for s in samples]), encoding="utf-8")
    return 0
