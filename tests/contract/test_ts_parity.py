"""The TypeScript package (generated/ts/) and the Python gate give the same verdicts.

`node tests/ts/run.mjs --verdicts` compiles the vector harness with tsc --strict against the
compiled package (generated/ts/dist/) and prints the verdict of every vector; every one must
match the Python gate's:
the same valid/invalid answer, exactly the same semantic-rule violations, and every schema
violation the gate reports. ajv may report more schema errors than jsonschema-rs, but only
inside a value whose oneOf/anyOf failed (the branch errors). Besides tests/vectors, a few edge
cases written here (whitespace classes, code points vs UTF-16 units, integral floats) go through
both sides too.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from _support.vectors import VECTOR_ROOT, load_vectors, verdict

from pcreceipt.contract import gate
from pcreceipt.contract.forms import TRUST_TEXT
from pcreceipt.prepare.build import build
from pcreceipt.prepare.build_types import BuildInput, BuildPlan, HistoryCandidate, SectionPlan
from pcreceipt.prepare.evidence import Evidence
from pcreceipt.prepare.receipt import assemble_receipt
from pcreceipt.store.records import ArtifactRef, CodeHit, HistoryFamily

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

ROOT = Path(__file__).resolve().parents[2]
TSC = ROOT / "codegen" / "ts" / "node_modules" / "typescript" / "bin" / "tsc"

READY = {"schema": "powercontext.prepared-context.v1", "status": "ready", "content": "x", "content_bytes": 1}
RECEIPT_ID = "1b4e28ba-2fa1-4d2c-883f-0016d3cca427"
NO_FLAGS = {"max_bytes": 8000, "include_receipt": False, "explain": False}


def _ready(content: str, content_bytes: int | None = None) -> dict[str, Any]:
    size = len(content.encode("utf-8")) if content_bytes is None else content_bytes
    return {**READY, "content": content, "content_bytes": size}


def _edge_cases() -> list[dict[str, Any]]:
    """(id, kind, context, data) beyond tests/vectors; the expected verdict is the Python gate's."""
    cases: list[tuple[str, str, dict[str, Any], Any]] = []
    for name, char in {
        "bom": "\ufeff",
        "nel": "\u0085",
        "nbsp": "\u00a0",
        "ideographic_space": "\u3000",
        "mongolian_vowel_separator": "\u180e",
        "zero_width_space": "\u200b",
        "line_separator": "\u2028",
        "file_separator": "\x1c",
    }.items():
        cases.append((f"edge/query_only_{name}", "request", {}, {"scope_id": "s", "query": char}))
        cases.append((f"edge/scope_only_{name}", "request", {}, {"scope_id": char, "query": "q"}))
        cases.append((f"edge/content_only_{name}", "response", NO_FLAGS, _ready(char)))
    astral = "\U0001f600"
    cases += [
        ("edge/query_8192_astral", "request", {}, {"scope_id": "s", "query": astral * 8192}),
        ("edge/query_8193_astral", "request", {}, {"scope_id": "s", "query": astral * 8193}),
        ("edge/content_astral", "response", NO_FLAGS, _ready("a" + astral)),
        ("edge/content_astral_utf16_count", "response", NO_FLAGS, _ready("a" + astral, 3)),
        ("edge/content_cjk_over_max", "response", {**NO_FLAGS, "max_bytes": 512}, _ready("日" * 171)),
        ("edge/content_cjk_at_max", "response", {**NO_FLAGS, "max_bytes": 513}, _ready("日" * 171)),
        ("edge/max_bytes_integral_float", "request", {}, {"scope_id": "s", "query": "q", "max_bytes": 512.0}),
        ("edge/max_bytes_fraction", "request", {}, {"scope_id": "s", "query": "q", "max_bytes": 512.5}),
        ("edge/content_bytes_integral_float", "response", NO_FLAGS, {**READY, "content_bytes": 1.0}),
        ("edge/unknown_flags", "response", {"max_bytes": 8000}, {**READY, "reason": "inference_timeout"}),
        ("edge/not_an_object", "response", NO_FLAGS, ["schema"]),
        ("edge/request_not_an_object", "request", {}, "scope_id"),
    ]
    cases += _rendered_cases()
    out = []
    for case_id, kind, context, data in cases:
        vector = {"id": case_id, "description": case_id, "kind": kind, "context": context, "data": data}
        vector["valid"] = not verdict({**vector, "valid": True, "violations": []})
        vector["violations"] = []
        out.append(vector)
    return out


ODD = 'nel\u0085 ls\u2028 ps\u2029 tab\t nul\x00 del\x7f zw\u200b bidi\u202e "q" \\ é 😀 </powercontext_memory>'


def _rendered(markdown: bool, max_bytes: int) -> dict[str, Any]:
    """A response with a Receipt from the real builder and assembler: the forms' odd characters."""
    families: tuple[HistoryFamily, ...] = ("atomic-memory", "topic-memory", "experience")
    history = {
        "atomic-memory": [
            HistoryCandidate(ArtifactRef("s1", "atomic-memory", "m1", 1), "atomic-memory", {"text": ODD}),
            HistoryCandidate(ArtifactRef("s é", "atomic-memory", "m1", 2), "atomic-memory", {"text": ODD * 40}),
        ],
        "topic-memory": [
            HistoryCandidate(ArtifactRef("s1", "topic-memory", "t1", 1), "topic-memory", {"title": ODD, "summary": "s"})
        ],
        "experience": [
            HistoryCandidate(
                ArtifactRef("s1", "experience", "e1", 1),
                "experience",
                {"situation": ODD, "action": "a", "outcome": "o", "lesson": "l"},
            )
        ],
    }
    sections = tuple(SectionPlan(f, 2 if f == "experience" else 8) for f in families)
    plan = BuildPlan("s1", max_bytes, sections, include_code=True, markdown=markdown, show=("confidence",))
    lines = ("def f():", "    return '\u2028 é'", "")
    code = [CodeHit("s1", "f" * 64, "src/é.py", "a" * 64, 7, 9, lines)]
    built = build(BuildInput(plan, history, code, "2026-05-01T09:30:00.000Z"))
    evidence = Evidence()
    evidence.requested = [*families, "code"]
    for family in evidence.requested:
        evidence.search(0, family, "code" if family == "code" else "fts")
        evidence.candidates(family, len(code) if family == "code" else len(history[family]))  # type: ignore[index]
    evidence.commit_round(0)
    receipt = assemble_receipt(evidence=evidence, build=built, query="q", max_bytes=max_bytes, receipt_id=RECEIPT_ID)
    response = {**_ready(built.content or ""), "receipt": dict(receipt.body)}
    return json.loads(json.dumps(response))


PROSE_EDGES = {
    **{f"break_{ord(c):04x}": f"Data only.{c}x" for c in "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"},
    "unit_separator": "Data only.\x1fx",
    "astral": "Data only 😀.\nStill data.",
    "nbsp_heading": "\u00a0### Memory 1",
    "bom_heading": "\ufeff# Memory",
    "zero_width_item": "Data.\n\u200b### Memory 1",
    "inner_nbsp": "Data\u00a0only.",
    "scope_start": 'Scope: "s1"',
    "scope_lower": "scope: this project",
    "two_spaces": "Data.\n  indented",
    "brace": "Data.\n{}",
    "quote": "Data.\n> quoted",
    "paragraphs": "Data.\n\nMore data.",
    "empty_paragraph": "Data.\n\n\n\nMore data.",
    "marker_inside": "Data until END_POWERCONTEXT_CODE_V1 here.",
}


def _with_content(response: dict[str, Any], content: str) -> dict[str, Any]:
    """``response`` with another content, its digests and byte counts made consistent again."""
    changed = json.loads(json.dumps(response))
    changed["content"], changed["content_bytes"] = content, len(content.encode("utf-8"))
    changed["receipt"]["used_bytes"] = changed["content_bytes"]
    changed["receipt"]["content_digest"] = "sha256:" + hashlib.sha256(content.encode("utf-8")).hexdigest()
    return changed


def _rendered_cases() -> list[tuple[str, str, dict[str, Any], Any]]:
    """Real rendered contents with Receipts, and content changes only a reader can notice."""
    cases = []
    for form, markdown in (("envelope", False), ("markdown", True)):
        for max_bytes in (1200, 8000):
            context = {"max_bytes": max_bytes, "include_receipt": True, "explain": False}
            response = _rendered(markdown, max_bytes)
            content = response["content"]
            assert "receipt" in response and response["receipt"]["selected"]
            cases.append((f"edge/rendered_{form}_{max_bytes}", "response", context, response))
            tampered = {
                "ascii_escaped": content.replace("é", "\\u00e9"),
                "raw_line_separator": content.replace("\\u2028", "\u2028"),
                "truncated_flipped": content.replace('"truncated":false', '"truncated":true', 1).replace(
                    "Truncated: no", "Truncated: yes", 1
                ),
                "code_line_dropped": content.replace('\n    ""\n', "\n", 1),
                "uppercase_escape": content.replace("\\u0085", "\\u0085".upper().replace("\\U", "\\u"), 1),
            }
            if max_bytes == 8000:  # other prose, at the edges of the prose rule (docs/contract-rules.md)
                for name, prose in PROSE_EDGES.items():
                    tampered[f"prose_{name}"] = content.replace(TRUST_TEXT, prose, 1)
            for name, changed in tampered.items():
                if changed != content:
                    cases.append(
                        (
                            f"edge/rendered_{form}_{max_bytes}_{name}",
                            "response",
                            context,
                            _with_content(response, changed),
                        )
                    )
    return cases


@functools.cache
def _ts_verdicts(extra_dir: str) -> dict[str, Any]:
    if shutil.which("node") is None:
        pytest.fail("node is not on PATH; the TypeScript bindings need Node.js 20+ (nox -s ci installs the rest)")
    if not TSC.exists():
        pytest.fail("the pinned TypeScript tools are missing: run `npm ci --prefix codegen/ts` (nox -s ts does)")
    env = {**os.environ, "PCRECEIPT_VECTORS": os.pathsep.join([str(VECTOR_ROOT), extra_dir])}
    result = subprocess.run(
        ["node", "tests/ts/run.mjs", "--verdicts"], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr + result.stdout
    return dict(json.loads(result.stdout))


@pytest.fixture(scope="module")
def edge_cases(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[dict[str, Any]], str]:
    cases = _edge_cases()
    folder = tmp_path_factory.mktemp("edge-vectors")
    for i, case in enumerate(cases):
        (folder / f"{i:03d}.json").write_text(json.dumps(case, ensure_ascii=False), encoding="utf-8")
    return cases, str(folder)


@pytest.fixture(scope="module")
def ts(edge_cases: tuple[list[dict[str, Any]], str]) -> dict[str, Any]:
    return _ts_verdicts(edge_cases[1])


def _pairs(violations: list[Any]) -> set[tuple[str, str]]:
    return {(v["path"], v["rule"]) if isinstance(v, dict) else (v.path, v.rule) for v in violations}


def _assert_same(vector: dict[str, Any], ts_verdict: dict[str, Any]) -> None:
    python = _pairs(list(verdict(vector)))
    typescript = _pairs(ts_verdict["violations"])
    assert ts_verdict["valid"] == (not python), (vector["id"], sorted(python), sorted(typescript))
    semantic = set(gate.SEMANTIC_RULES)
    assert {v for v in python if v[1] in semantic} == {v for v in typescript if v[1] in semantic}, vector["id"]
    assert python <= typescript, (vector["id"], sorted(python - typescript))
    branches = [path for path, rule in python if rule in {"oneOf", "anyOf"}]
    for path, rule in typescript - python:
        assert any(path == b or path.startswith(b + "/") for b in branches), (vector["id"], path, rule)


VECTORS = load_vectors()


def test_ts_has_the_gate_semantic_rules(ts: dict[str, Any]) -> None:
    assert ts["semantic_rules"] == gate.SEMANTIC_RULES


def test_ts_covers_every_vector(ts: dict[str, Any], edge_cases: tuple[list[dict[str, Any]], str]) -> None:
    ids = {v["id"] for v in VECTORS} | {c["id"] for c in edge_cases[0]}
    assert set(ts["verdicts"]) == ids


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_python_and_ts_agree(vector: dict[str, Any], ts: dict[str, Any]) -> None:
    _assert_same(vector, ts["verdicts"][vector["id"]])


def test_python_and_ts_agree_on_edge_cases(ts: dict[str, Any], edge_cases: tuple[list[dict[str, Any]], str]) -> None:
    cases = edge_cases[0]
    assert any(c["valid"] for c in cases) and any(not c["valid"] for c in cases)
    rendered = {c["id"]: c["valid"] for c in cases if c["id"].startswith("edge/rendered_") and "_prose_" not in c["id"]}
    assert sum(rendered.values()) == 4 and len(rendered) >= 16, rendered  # the four genuine ones are valid
    prose = {c["id"].split("_prose_")[1] for c in cases if "_prose_" in c["id"] and c["valid"]}
    assert prose == {"unit_separator", "astral", "scope_lower", "paragraphs", "inner_nbsp"}
    for case in cases:
        _assert_same(case, ts["verdicts"][case["id"]])


def test_default_ts_validator_rejects_receipt_and_reason(ts: dict[str, Any]) -> None:
    carrying = [v for v in VECTORS if v["kind"] == "response" and ({"receipt", "reason"} & set(v["data"]))]
    assert len(carrying) >= 20
    for vector in carrying:
        assert ts["default"][vector["id"]] is False, vector["id"]
    four_keys = [v for v in VECTORS if v["kind"] == "response" and v["valid"] and set(v["data"]) == set(READY)]
    assert four_keys and all(ts["default"][v["id"]] for v in four_keys)


def test_generated_ts_has_no_node_modules_and_imports_nothing_outside() -> None:
    generated = ROOT / "generated"
    assert not any(p.name == "node_modules" for p in generated.rglob("*"))
    for path in (generated / "ts").rglob("*.[jt]s"):
        text = path.read_text(encoding="utf-8")
        specifiers = re.findall(r"""\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']""", text)
        for found in specifiers:
            assert "".join(found).startswith("./"), (path, found)
        assert "require(" not in text, path
