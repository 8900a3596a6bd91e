"""generated/python/pcreceipt_host_validators.py: the stdlib-only validators for Python hooks.

Every contract vector (and the edge cases of test_ts_parity.py: whitespace classes, UTF-16 vs
code points, rendered contents with odd characters) goes through the generated file in a bare
interpreter (``-I -S``: no site-packages, so no pcreceipt, no jsonschema-rs), under this Python
and under Python 3.9 when one is installed; its verdicts must equal the gate's: the same
valid/invalid answer and exactly the same set of (path, rule) violations. A hypothesis property
does the same on mutated valid responses, in process.
"""

from __future__ import annotations

import copy
import functools
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from _support.vectors import load_vectors, verdict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_ts_parity import _edge_cases, _ts_verdicts

from pcreceipt.contract import gate

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

ROOT = Path(__file__).resolve().parents[2]
HOST_FILE = ROOT / "generated" / "python" / "pcreceipt_host_validators.py"
SHIPPED = ROOT / "src" / "pcreceipt" / "_gen" / "hostkit" / "pcreceipt_host_validators.py"
PY39 = Path("/root/.pyenv/versions/3.9.18/bin/python3")

VECTORS = load_vectors()

# Run inside the bare interpreter: load the file by path, prove nothing but the standard library
# is importable, print each case's verdict.
DRIVER = r"""
import importlib.util, json, sys
for name in ("pcreceipt", "jsonschema_rs", "jsonschema", "pydantic"):
    assert importlib.util.find_spec(name) is None, name + " is importable"
spec = importlib.util.spec_from_file_location("pcreceipt_host_validators", sys.argv[1])
h = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = h  # a dataclass resolves its module's namespace
spec.loader.exec_module(h)
out = {}
for case in json.load(sys.stdin):
    ctx = case["context"]
    if case["kind"] == "request":
        result = h.validate_prepare_context_request(case["data"], ctx.get("assembly_max_entries", 8))
        out[case["id"]] = {"for": result}
        continue
    facts = {k: ctx.get(k) for k in ("max_bytes", "include_receipt", "explain")}
    out[case["id"]] = {
        "for": h.validate_prepared_context_for(case["data"], **facts),
        "default": h.validate_prepared_context(case["data"], ctx.get("max_bytes")),
        "with_receipt": h.validate_prepared_context_with_receipt(case["data"], ctx.get("max_bytes")),
        "diagnostic": h.recall_diagnostic(case["data"]),
    }
json.dump({"version": list(sys.version_info[:2]), "verdicts": out}, sys.stdout)
"""


def _interpreters() -> list[str]:
    found = [sys.executable, shutil.which("python3") or sys.executable]
    if PY39.exists():
        found.append(str(PY39))
    return list(dict.fromkeys(found))


@functools.cache
def _edge() -> tuple[dict[str, Any], ...]:
    return tuple(_edge_cases())


def _cases() -> list[dict[str, Any]]:
    return [*VECTORS, *_edge()]


@functools.cache
def _bare_run(python: str) -> dict[str, Any]:
    result = subprocess.run(
        [python, "-I", "-S", "-B", "-c", DRIVER, str(HOST_FILE)],
        input=json.dumps(_cases()),
        capture_output=True,
        text=True,
        check=False,
        cwd="/",
    )
    assert result.returncode == 0, result.stderr
    return dict(json.loads(result.stdout))


def _pairs(violations: Any) -> set[tuple[str, str]]:
    return {(v["path"], v["rule"]) if isinstance(v, dict) else (v.path, v.rule) for v in violations}


def test_the_file_is_generated_and_shipped_identically() -> None:
    text = HOST_FILE.read_text(encoding="utf-8")
    assert text.startswith("# Generated from ")
    assert SHIPPED.read_text(encoding="utf-8") == text
    assert not (SHIPPED.parent / "__init__.py").exists()  # data in the wheel, not a module of pcreceipt


@pytest.mark.parametrize("python", _interpreters())
def test_bare_interpreter_agrees_with_the_gate_on_every_vector(python: str) -> None:
    run = _bare_run(python)
    cases = _cases()
    assert set(run["verdicts"]) == {c["id"] for c in cases}
    mismatches = []
    for case in cases:
        got = run["verdicts"][case["id"]]["for"]
        expected = verdict(case)
        if got["ok"] != (not expected) or _pairs(got["violations"]) != _pairs(expected):
            mismatches.append((case["id"], got, sorted(_pairs(expected))))
        assert got["ok"] == case["valid"], case["id"]
        assert {(e["path"], e["rule"]) for e in case["violations"]} <= _pairs(got["violations"]), case["id"]
    assert not mismatches


def test_python_39_is_among_the_interpreters() -> None:
    # the file promises Python 3.9+; the proof above runs there when it is installed
    versions = {tuple(_bare_run(p)["version"]) for p in _interpreters()}
    assert (sys.version_info.major, sys.version_info.minor) in versions
    if PY39.exists():
        assert (3, 9) in versions


def test_default_and_receipt_validators_match_the_gate_for_the_request_they_name() -> None:
    """validate_prepared_context: include_receipt false (and explain false); the with-receipt
    form: include_receipt true; both with the max_bytes the host sent."""
    run = _bare_run(sys.executable)
    for case in _cases():
        if case["kind"] != "response":
            continue
        got = run["verdicts"][case["id"]]
        max_bytes = case["context"].get("max_bytes")
        for key, flag in (("default", False), ("with_receipt", True)):
            expected = gate.check_prepared_context(
                case["data"], max_bytes=max_bytes, include_receipt=flag, explain=False
            )
            assert _pairs(got[key]["violations"]) == _pairs(expected), (case["id"], key)
            assert got[key]["ok"] == (not expected)


def test_the_typescript_package_agrees_on_every_vector(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The same relation test_ts_parity.py holds the gate to: the same verdict, exactly the same
    semantic violations, every schema violation also reported by ajv (which may add the failing
    branches under a oneOf/anyOf); and the default validators agree."""
    ts = _ts_verdicts(str(tmp_path_factory.mktemp("no-extra-vectors")))
    run = _bare_run(sys.executable)
    semantic = set(gate.SEMANTIC_RULES)
    for vector in VECTORS:
        ours = _pairs(run["verdicts"][vector["id"]]["for"]["violations"])
        theirs = _pairs(ts["verdicts"][vector["id"]]["violations"])
        assert ts["verdicts"][vector["id"]]["valid"] == (not ours), vector["id"]
        assert {v for v in ours if v[1] in semantic} == {v for v in theirs if v[1] in semantic}, vector["id"]
        assert ours <= theirs, (vector["id"], sorted(ours - theirs))
        if vector["kind"] == "response":
            default = host().validate_prepared_context(vector["data"], vector["context"].get("max_bytes", 32768))
            assert default["ok"] == ts["default"][vector["id"]], vector["id"]


def test_a_receipt_or_reason_fails_the_default_validator() -> None:
    run = _bare_run(sys.executable)
    with_receipt = [c for c in VECTORS if c["kind"] == "response" and c["valid"] and "receipt" in c["data"]]
    assert with_receipt
    for case in with_receipt:
        assert not run["verdicts"][case["id"]]["default"]["ok"]
        assert run["verdicts"][case["id"]]["with_receipt"]["ok"]


# -- in process: the same file, imported by path -------------------------------------------------


@functools.cache
def host() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pcreceipt_host_validators", HOST_FILE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass resolves its module's namespace
    written, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ in generated/
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = written
    return module


def test_the_request_argument_forms() -> None:
    h = host()
    ready = next(c["data"] for c in VECTORS if c["id"] == "response/ready/default")
    size = ready["content_bytes"]
    assert h.validate_prepared_context(ready)["ok"]
    assert h.validate_prepared_context(ready, {"scope_id": "s", "query": "q", "max_bytes": size})["ok"]
    assert h.validate_prepared_context(ready, size - 1)["violations"] == [
        {"path": "/content_bytes", "rule": "content_within_max_bytes"}
    ]
    # a request without max_bytes: the contract's default applies
    big = {**ready, "content": "x" * (gate.DEFAULT_MAX_BYTES + 1), "content_bytes": gate.DEFAULT_MAX_BYTES + 1}
    assert not h.validate_prepared_context(big, {"scope_id": "s", "query": "q"})["ok"]
    for wrong in (True, -1, "8000", {"max_bytes": "8000"}):
        with pytest.raises(TypeError):
            h.validate_prepared_context(ready, wrong)


def test_the_limits_are_the_contract_facts() -> None:
    from pcreceipt.models import limits

    h = host()
    assert h.RECEIPT_MAX_BYTES == limits.PREPARED_CONTEXT_RECEIPT_SERIALIZED_BYTES_MAXIMUM
    assert h.DEFAULT_MAX_BYTES == limits.PREPARE_CONTEXT_REQUEST_MAX_BYTES_DEFAULT
    assert h.DEFAULT_ASSEMBLY_MAX_ENTRIES == limits.CONTEXT_ASSEMBLY_MAX_ENTRIES_DEFAULT
    assert h.SEMANTIC_RULES == gate.SEMANTIC_RULES


def _valid_responses() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    return [(c["context"], c["data"]) for c in VECTORS if c["kind"] == "response" and c["valid"]]


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*at, i))
    return out


REPLACEMENTS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=40000),
    st.sampled_from([1.0, 0.5, "", " ", "\u3000", "\ufeff", "x", "none", "fallback", "code", "atomic-memory"]),
    st.sampled_from(["completed", "failed", "empty", "ready", "sha256:" + "0" * 64, "0" * 64, "a/../b"]),
    st.text(max_size=8),
    st.just([]),
    st.just({}),
)


def _mutate(data: Any, path: tuple[Any, ...], action: str, replacement: Any) -> Any:
    data = copy.deepcopy(data)
    if not path:
        return replacement
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if action == "delete":
        del parent[last]
    elif action == "add" and isinstance(parent[last], dict):
        parent[last]["extra_key"] = replacement
    elif action == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif action == "swap" and isinstance(parent, list) and isinstance(last, int) and last + 1 < len(parent):
        parent[last], parent[last + 1] = parent[last + 1], parent[last]
    elif action == "bump" and type(parent[last]) is int:
        parent[last] += 1 if replacement is True else -1
    else:
        parent[last] = replacement
    return data


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0),
    where=st.integers(min_value=0),
    action=st.sampled_from(["replace", "replace", "delete", "add", "duplicate", "swap", "bump", "bump"]),
    replacement=REPLACEMENTS,
    flags=st.tuples(st.sampled_from([None, True, False]), st.sampled_from([None, True, False])),
)
def test_mutated_responses_get_the_gates_verdict(
    index: int, where: int, action: str, replacement: Any, flags: tuple[Any, Any]
) -> None:
    responses = _valid_responses()
    context, data = responses[index % len(responses)]
    paths = _paths(data)
    mutated = _mutate(data, paths[where % len(paths)], action, replacement)
    max_bytes = context.get("max_bytes")
    expected = gate.check_prepared_context(mutated, max_bytes=max_bytes, include_receipt=flags[0], explain=flags[1])
    got = host().validate_prepared_context_for(mutated, max_bytes=max_bytes, include_receipt=flags[0], explain=flags[1])
    assert _pairs(got["violations"]) == _pairs(expected)
    assert got["ok"] == (not expected)


# -- the generator -----------------------------------------------------------------------------


@functools.cache
def generator() -> ModuleType:
    path = ROOT / "codegen" / "python" / "host_validators.py"
    spec = importlib.util.spec_from_file_location("host_validators_generator", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _document_with(extra: dict[str, Any], where: str = "PreparedContext") -> dict[str, Any]:
    doc = copy.deepcopy(gate.contract_document())
    doc["$defs"][where] = {**doc["$defs"][where], **extra}
    return doc


@pytest.mark.parametrize(
    "extra",
    [
        {"format": "uuid"},
        {"patternProperties": {"^x": {}}},
        {"dependentRequired": {"a": ["b"]}},
        {"unevaluatedProperties": {"type": "string"}},
        {"not": True},
        {"$ref": "other.json#/$defs/X"},
    ],
    ids=lambda e: next(iter(e)),
)
def test_the_generator_refuses_what_the_evaluator_cannot_do(extra: dict[str, Any]) -> None:
    gen = generator()
    gen.embedded_schema(gate.contract_document())  # the real contract is fine
    with pytest.raises(SystemExit, match="support"):
        gen.embedded_schema(_document_with(extra))


@pytest.mark.parametrize("pattern", [r"(?=a)", r"\bword", r"\p{L}", r"[[a]]", r"\w+"])
def test_the_generator_refuses_patterns_it_cannot_translate(pattern: str) -> None:
    with pytest.raises(SystemExit):
        generator().translate_pattern(pattern)


def test_the_embedded_schema_has_no_annotations_and_covers_both_messages() -> None:
    defs, patterns = generator().embedded_schema(gate.contract_document())
    assert {"PreparedContext", "PrepareContextRequest", "PreparedContextReceipt"} <= set(defs)
    text = json.dumps(defs)
    assert '"description"' not in text and "x-pcreceipt-limits" not in text
    assert defs == host().DEFS and patterns == host().PATTERNS
    assert patterns  # the contract has patterns, each translated


_PATTERNS = sorted(generator().embedded_schema(gate.contract_document())[1].items())
_ODD = "".join(map(chr, [0x9, 0xA, 0xB, 0xC, 0xD, 0x1C, 0x1F, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x200B]))
_ODD += "\u2028\u2029\u202f\u205f\u3000\ufeff\U0001f600é/\\.-_:~!"


@pytest.mark.parametrize(("pattern", "translated"), _PATTERNS, ids=[p for p, _ in _PATTERNS])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_translated_patterns_match_what_jsonschema_rs_matches(pattern: str, translated: str, data: Any) -> None:
    import re

    import jsonschema_rs

    rs = jsonschema_rs.validator_for({"type": "string", "pattern": pattern})
    base = data.draw(st.from_regex(re.compile(translated)) | st.text(alphabet=_ODD + "0a9fz", max_size=12))
    at = data.draw(st.integers(min_value=0, max_value=len(base)))
    text = base[:at] + data.draw(st.sampled_from(["", *_ODD, "\n"])) + base[at:]
    assert bool(re.search(translated, text)) == rs.is_valid(text), (pattern, text)


# -- the recall diagnostic -----------------------------------------------------------------------

DIAGNOSTIC_KEYS = [
    "receipt_id",
    "content_digest",
    "status",
    "empty",
    "truncated",
    "selected",
    "used_bytes",
    "requested_max_bytes",
    "omitted",
    "fallbacks",
]


def _diagnostic_cases() -> dict[str, Any]:
    from _support import recall_diagnostic

    return dict(json.loads(recall_diagnostic.CASES_FILE.read_text(encoding="utf-8")))


def _case_data(case: dict[str, Any]) -> Any:
    if "data" in case:
        return case["data"]
    return next(v["data"] for v in VECTORS if v["id"] == case["vector"])


def test_the_shared_diagnostic_cases_are_what_the_python_file_gives() -> None:
    from _support import recall_diagnostic

    assert recall_diagnostic.CASES_FILE.read_text(encoding="utf-8") == recall_diagnostic.render(), (
        "run: python tests/_support/recall_diagnostic.py"
    )


def test_the_bare_interpreter_gives_the_shared_diagnostics() -> None:
    run = _bare_run(sys.executable)
    cases = [c for c in _diagnostic_cases()["cases"] if c.get("vector") and c["request"] is None]
    assert {c["vector"] for c in cases} == {v["id"] for v in VECTORS if v["kind"] == "response"}
    for case in cases:
        assert run["verdicts"][case["vector"]]["diagnostic"] == case["expected"], case["id"]


def test_the_diagnostic_reports_only_empty_or_truncated_recalls() -> None:
    h = host()
    by_id = {v["id"]: v for v in VECTORS}
    for vector in VECTORS:
        if vector["kind"] != "response":
            continue
        data = vector["data"]
        record = h.recall_diagnostic(data, vector["context"].get("max_bytes"))
        if gate.check_schema("PreparedContext", data):
            assert record is None, vector["id"]
            continue
        receipt = data.get("receipt")
        empty = data["status"] == "empty" or (receipt is not None and not receipt["selected"])
        truncated = receipt is not None and receipt["truncated"]
        assert (record is not None) == (empty or truncated), vector["id"]
        if record is None:
            continue
        assert list(record) == DIAGNOSTIC_KEYS
        assert (record["empty"], record["truncated"], record["status"]) == (empty, truncated, data["status"])
        if receipt is None:
            assert record["receipt_id"] is None and record["fallbacks"] is None and record["omitted"] == []
            continue
        assert record["receipt_id"] == receipt["receipt_id"]
        assert record["content_digest"] == receipt["content_digest"]
        assert record["selected"] == len(receipt["selected"])
        assert (record["used_bytes"], record["requested_max_bytes"]) == (
            receipt["used_bytes"],
            receipt["requested_max_bytes"],
        )
        assert record["omitted"] == receipt["omitted"]
        groups = [*receipt["retrieval"]["searches"], *receipt["retrieval"]["reranks"]]
        assert record["fallbacks"] == sum(g["fallback_reason"] != "none" for g in groups)
    full = h.recall_diagnostic(by_id["response/full/receipt"]["data"])
    assert full["truncated"] and full["selected"] > 0 and full["fallbacks"] > 0
    assert h.recall_diagnostic(by_id["response/ready/receipt"]["data"]) is None
    assert h.recall_diagnostic(by_id["response/ready/default"]["data"]) is None


def test_no_body_ever_reaches_a_diagnostic() -> None:
    shared = _diagnostic_cases()
    planted = shared["planted"]
    reported = [c for c in shared["cases"] if c["expected"] is not None]
    assert {"planted/truncated_with_receipt", "planted/empty_without_receipt"} <= {c["id"] for c in reported}
    for case in reported:
        text = json.dumps(case["expected"], ensure_ascii=False)
        data = _case_data(case)
        assert planted not in text
        content = data.get("content") or ""
        assert planted in content or case["id"] != "planted/truncated_with_receipt"
        bodies = [line for line in content.split("\n") if len(line) > 16]
        for item in data.get("receipt", {}).get("selected", []):
            code = item.get("code_evidence")
            if code:
                bodies.append(code["path"])
        assert not any(body in text for body in bodies), case["id"]
        assert list(case["expected"]) == DIAGNOSTIC_KEYS


def test_the_contract_layer_gives_the_shared_diagnostics() -> None:
    """The host file carries ``contract.diagnostic``'s code: the package's own function gives every
    shared case's record too, so the Python counterpart of recall-diagnostic.ts is tested as such."""
    from pcreceipt.contract.diagnostic import recall_diagnostic

    cases = _diagnostic_cases()["cases"]
    assert cases
    for case in cases:
        assert recall_diagnostic(_case_data(case), case["request"]) == case["expected"], case["id"]
