"""The shared contract vectors through the Python gate, and their coverage of the contract."""

from __future__ import annotations

import functools
import importlib.util
import json
from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest
from _support.vectors import VECTOR_ROOT, contract_vector_files, load_vectors, verdict

from pcreceipt.contract import gate

VECTORS = load_vectors()


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_verdict(vector: dict[str, Any]) -> None:
    violations = verdict(vector)
    assert (not violations) == vector["valid"], [(v.path, v.rule) for v in violations]
    got = {(v.path, v.rule) for v in violations}
    for expected in vector["violations"]:
        assert (expected["path"], expected["rule"]) in got


def test_vector_files_are_what_the_script_writes() -> None:
    spec = importlib.util.spec_from_file_location("make_vectors", VECTOR_ROOT / "make_vectors.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    expected = module.write()
    on_disk = {p: p.read_text(encoding="utf-8") for p in contract_vector_files()}
    assert set(on_disk) == set(expected), "run: python tests/vectors/make_vectors.py"
    assert all(on_disk[p] == text for p, text in expected.items()), "run: python tests/vectors/make_vectors.py"


def test_there_are_enough_vectors() -> None:
    invalid = [v for v in VECTORS if not v["valid"]]
    assert len(invalid) >= 60
    ids = {v["id"] for v in VECTORS if v["valid"]}
    assert {
        "response/empty/receipt",
        "response/ready/receipt",
        "response/code_only/receipt",
        "response/full/receipt",
    } <= ids


def test_every_semantic_rule_has_a_breaking_vector() -> None:
    broken = {e["rule"] for v in VECTORS for e in v["violations"]}
    assert set(gate.SEMANTIC_RULES) - broken == set()


# -- coverage: every definition the two messages use is instantiated by a valid vector and
#    broken inside by an invalid one.

DOC = gate.contract_document()["$defs"]


@functools.cache
def _compiled(schema_json: str) -> Any:
    return jsonschema_rs.validator_for({"$defs": DOC, **json.loads(schema_json)})


def _matches(schema: dict[str, Any], instance: Any) -> bool:
    return bool(_compiled(json.dumps(schema, sort_keys=True)).is_valid(instance))


def defs_along(schema: dict[str, Any], instance: Any) -> Iterator[tuple[str, Any]]:
    """(definition name, instance) for each definition the instance passes through. Where no
    branch of a oneOf/anyOf matches, every branch is followed, so broken nested values are found."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        yield name, instance
        yield from defs_along(DOC[name], instance)
    for key in ("oneOf", "anyOf", "allOf"):
        branches = schema.get(key, [])
        matching = branches if key == "allOf" else [b for b in branches if _matches(b, instance)]
        for branch in matching or branches:
            yield from defs_along(branch, instance)
    if isinstance(instance, dict):
        for prop, sub in schema.get("properties", {}).items():
            if prop in instance:
                yield from defs_along(sub, instance[prop])
    if isinstance(instance, list) and "items" in schema:
        for value in instance:
            yield from defs_along(schema["items"], value)


def _root(vector: dict[str, Any]) -> dict[str, Any]:
    name = "PrepareContextRequest" if vector["kind"] == "request" else "PreparedContext"
    return {"$ref": f"#/$defs/{name}"}


def test_every_definition_has_a_valid_and_an_invalid_vector() -> None:
    used = {name for v in VECTORS if v["valid"] for name, _ in defs_along(_root(v), v["data"])}
    broken = {
        name
        for v in VECTORS
        if not v["valid"]
        for name, instance in defs_along(_root(v), v["data"])
        if not _matches({"$ref": f"#/$defs/{name}"}, instance)
    }
    assert used - broken == set(), "definitions with no invalid vector"
    roots = {
        "PrepareContextRequest",
        "PreparedContext",
        "PreparedContextReceipt",
        "SelectedItem",
        "RerankConfig",
        "RerankGroup",
        "SearchGroup",
        "OmittedGroup",
        "StageTiming",
        "RecallRound",
        "ContextAssembly",
        "AssemblySection",
        "CodeEvidenceRef",
        "ArtifactAddress",
        "RerankPromptIdentity",
        "RerankSettings",
    }
    assert roots - used == set(), "definitions no valid vector instantiates"
