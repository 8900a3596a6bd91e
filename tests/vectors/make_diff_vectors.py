"""Write the shared ``receipt diff`` vectors under tests/vectors/diff/ from real prepares.

    python tests/vectors/make_diff_vectors.py            # new real prepares, new vectors
    python tests/vectors/make_diff_vectors.py --expected # keep the pairs, recompute ``expected``

Each vector is one JSON file: ``id``, ``description``, ``source`` (``real`` when both sides are
real prepares; ``edited`` when one side is a real response edited by hand, named in the
description, for a change a single in-process run cannot easily produce), the two saved
responses ``a`` and ``b`` and the ``expected`` diff (``pcreceipt.contract.diff.diff_responses``).
tests/contract/test_diff.py and tests/ts/diff.test.ts run every vector through the Python and the
TypeScript implementation and compare the JSON text byte for byte.

The real prepares run in process on a fresh SQLite store with server-assigned ids, like
bench/receipt_sizes.py; their ids, digests and timings differ from run to run, so a fresh run
rewrites every file. Each scenario asserts the kind of change it exists for, so a run that no
longer produces it fails here instead of writing a vector that shows nothing.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pcreceipt.compose import compose
from pcreceipt.config import GenerationSettings, RerankSettings, Settings
from pcreceipt.contract.diff import diff_responses, is_empty
from pcreceipt.store.sqlite import SQLiteStore

# the in-process chat model of the model reranker, shared with the Receipt size measurements
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from receipt_sizes import OverlapChat

HERE = Path(__file__).resolve().parent / "diff"
QUERY = "Why did we choose SQLite for the handler decision?"


def code_files(shift: int) -> list[tuple[str, bytes]]:
    """Two small modules; ``shift`` blank comment lines at the top move every line range."""
    out = []
    for n in range(2):
        lines = [f"# header {i}" for i in range(shift)]
        lines += [f"def sqlite_handler_{n}_{i}():\n    return 'SQLite decision {i}'" for i in range(12)]
        out.append((f"src/handlers/module_{n}.py", "\n".join(lines).encode()))
    return out


class World:
    """One store with two Scopes (the project references the shared one) and real prepares on it."""

    def __init__(self, directory: Path) -> None:
        self.store = SQLiteStore(directory / "s.db")
        shared, _ = self.store.create_scope(
            title="shared",
            summary="shared",
            idempotency_key="shared",
            parent_scope_id=None,
            context_references=[],
            external_references=[],
        )
        project, _ = self.store.create_scope(
            title="project",
            summary="project",
            idempotency_key="project",
            parent_scope_id=None,
            context_references=[shared.scope_id],
            external_references=[],
        )
        self.shared, self.project = shared.scope_id, project.scope_id
        self.memories = []
        for i in range(4):
            owner = self.project if i % 2 == 0 else self.shared
            text = f"SQLite decision {i}: we chose SQLite for the handler, keep it small."
            self.memories.append(self.store.create_artifact(owner, "atomic-memory", {"kind": "decision", "text": text}))
        self.store.create_artifact(
            self.project, "topic-memory", {"title": "SQLite handler", "summary": "SQLite", "detail": "Why SQLite."}
        )
        self.store.index_workspace(self.project, code_files(0), 0)

    def prepare(self, rerank: str = "none", **request: Any) -> dict[str, Any]:
        generation = GenerationSettings(base_url="http://127.0.0.1:9/v1", model="openai/gpt-4.1-mini")
        settings = dataclasses.replace(
            Settings(),
            assembly_max_entries=26,
            generation=generation,
            rerank=RerankSettings(kind=rerank) if rerank != "none" else RerankSettings(),  # type: ignore[arg-type]
        )
        parts = compose(settings, store=self.store, chat=OverlapChat() if rerank == "model" else None)  # type: ignore[arg-type]
        body = {"scope_id": self.project, "query": QUERY, "max_bytes": 8000, "include_receipt": True, **request}
        try:
            response: dict[str, Any] = parts.runtime.prepare(body, request_id="0" * 16).as_json()
        finally:
            parts.close()
        assert "receipt" in response, "the Receipt was dropped"
        return json.loads(json.dumps(response))

    def add_topic(self, title: str) -> None:
        self.store.create_artifact(
            self.project, "topic-memory", {"title": title, "summary": "SQLite handler", "detail": "SQLite again."}
        )

    def add_long_memory(self) -> None:
        text = " ".join(
            f"SQLite handler decision {i}: the handler keeps its state in one SQLite file." for i in range(12)
        )
        self.store.create_artifact(self.project, "atomic-memory", {"kind": "decision", "text": text})

    def revise_memory(self, n: int) -> None:
        record = self.memories[n].ref
        text = f"SQLite decision {n}, revised: we chose SQLite for the handler."
        self.store.replace_artifact(
            record.scope_id,
            "atomic-memory",
            record.artifact_id,
            {"kind": "decision", "text": text},
            expected_revision=record.revision,
        )


MEMORY_TOPIC = {"sections": [{"family": "memory", "limit": 4}, {"family": "topic-memory", "limit": 4}]}
MEMORY_ONLY = {"sections": [{"family": "memory", "limit": 4}]}
ONE_MEMORY = {"sections": [{"family": "memory", "limit": 1}]}
TOPIC_MEMORY = {"sections": [{"family": "topic-memory", "limit": 4}, {"family": "memory", "limit": 4}]}


def nonempty(*paths: str) -> Callable[[dict[str, Any]], bool]:
    def check(diff: dict[str, Any]) -> bool:
        for path in paths:
            value: Any = diff
            for part in path.split("."):
                value = value[part]
            if not value:
                return False
        return True

    return check


def edited_search(response: dict[str, Any]) -> dict[str, Any]:
    """The same response, its round-0 atomic-memory search recorded as an FTS fallback after an
    unavailable embedder (the Receipt a vector-configured server writes when inference is down)."""
    out = copy.deepcopy(response)
    for group in out["receipt"]["retrieval"]["searches"]:
        if group["family"] == "atomic-memory" and group["round"] == 0:
            group["mode"], group["fallback_reason"] = "fts", "inference_unavailable"
    return out


def scenarios(
    world: World,
) -> list[tuple[str, str, str, dict[str, Any], dict[str, Any], Callable[[dict[str, Any]], bool]]]:
    out = []
    base = world.prepare(assembly=MEMORY_TOPIC)
    again = world.prepare(assembly=MEMORY_TOPIC)
    out.append(
        (
            "identical",
            "The same request twice: only the receipt id and the timings differ.",
            "real",
            base,
            again,
            is_empty,
        )
    )
    memory_only = world.prepare(assembly=MEMORY_ONLY)
    out.append(
        (
            "rounds",
            "Topic memory left out of the assembly: recall stops after one expansion round (and the topic goes).",
            "real",
            base,
            memory_only,
            nonempty("retrieval.rounds"),
        )
    )
    swapped = world.prepare(assembly=TOPIC_MEMORY)
    out.append(
        (
            "moved",
            "The assembly's sections swapped (topics first): the same items at other ranks.",
            "real",
            base,
            swapped,
            nonempty("selected.moved"),
        )
    )
    small = world.prepare(assembly=MEMORY_TOPIC, max_bytes=16000)
    large = world.prepare(assembly=MEMORY_TOPIC, max_bytes=32768)
    out.append(
        (
            "bytes",
            "Only max_bytes changed (16000 to 32768), everything fits either way.",
            "real",
            small,
            large,
            nonempty("bytes.delta.requested_max_bytes"),
        )
    )
    tight = world.prepare(assembly=MEMORY_TOPIC, max_bytes=700)
    out.append(
        (
            "omitted",
            "max_bytes 8000 to 700: items left out for the budget (omitted deltas).",
            "real",
            base,
            tight,
            nonempty("omitted"),
        )
    )
    world.add_topic("SQLite handler, part two")
    more = world.prepare(assembly=MEMORY_TOPIC)
    out.append(
        (
            "added",
            "A second topic memory written between the two prepares.",
            "real",
            base,
            more,
            nonempty("selected.added"),
        )
    )
    out.append(
        ("removed", "The added vector with its sides swapped.", "real", more, base, nonempty("selected.removed"))
    )
    world.revise_memory(0)
    revised = world.prepare(assembly=MEMORY_TOPIC)
    out.append(
        (
            "revision",
            "A memory revised between the prepares: its old revision removed, its new one added.",
            "real",
            more,
            revised,
            nonempty("selected.added", "selected.removed"),
        )
    )
    lexical = world.prepare("lexical", assembly=MEMORY_TOPIC)
    model = world.prepare("model", assembly=MEMORY_TOPIC)
    out.append(
        (
            "rerank",
            "The lexical reranker, then the model reranker: rerank configurations and groups change.",
            "real",
            lexical,
            model,
            nonempty("retrieval.rerank_configs.added", "retrieval.reranks"),
        )
    )
    out.append(
        (
            "search",
            "B is A edited by hand: its round-0 atomic-memory search an FTS fallback after "
            "inference_unavailable (a single in-process run has no embedder to lose).",
            "edited",
            revised,
            edited_search(revised),
            nonempty("retrieval.searches"),
        )
    )
    code = world.prepare(assembly=MEMORY_TOPIC, include_code=True)
    world.store.index_workspace(world.project, code_files(3), 0)
    shifted = world.prepare(assembly=MEMORY_TOPIC, include_code=True)
    out.append(
        (
            "code",
            "The workspace re-indexed with three lines added at the top of each file: other code ranges.",
            "real",
            code,
            shifted,
            nonempty("selected.added", "selected.removed"),
        )
    )
    world.add_long_memory()
    cut = world.prepare(assembly=ONE_MEMORY, max_bytes=800)
    whole = world.prepare(assembly=ONE_MEMORY, max_bytes=8000)
    out.append(
        (
            "truncation",
            "One long memory, cut to fit 800 bytes, then whole at 8000: the same identity, other rendered bytes.",
            "real",
            cut,
            whole,
            nonempty("bytes.items"),
        )
    )
    return out


def vector(name: str, description: str, source: str, a: Any, b: Any) -> dict[str, Any]:
    return {
        "id": f"diff/{name}",
        "description": description,
        "source": source,
        "a": a,
        "b": b,
        "expected": diff_responses(a, b),
    }


def dump(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    HERE.mkdir(exist_ok=True)
    if "--expected" in argv:
        for path in sorted(HERE.glob("*.json")):
            old = json.loads(path.read_text(encoding="utf-8"))
            path.write_text(dump(vector(old["id"][5:], old["description"], old["source"], old["a"], old["b"])))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        world = World(Path(tmp))
        try:
            made = scenarios(world)
        finally:
            world.store.close()
    for name, description, source, a, b, check in made:
        data = vector(name, description, source, a, b)
        assert check(data["expected"]), f"{name}: the run did not produce the change it is for"
        (HERE / f"{name}.json").write_text(dump(data), encoding="utf-8")
    print(f"wrote {len(made)} diff vectors")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
