"""The hand-written contract documents themselves: valid, closed, described, and bundled faithfully."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from openapi_spec_validator import validate as validate_openapi

from pcreceipt.contract import gate

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
COMPONENT_FILES = sorted(SCHEMAS.glob("*.schema.json"))


def walk(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from walk(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{where}/{i}")


@pytest.mark.parametrize("path", COMPONENT_FILES, ids=lambda p: p.name)
def test_component_file_is_valid_2020_12(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(document)


def test_openapi_document_is_valid_3_1() -> None:
    validate_openapi(gate.openapi_document())
    source = json.loads((SCHEMAS / "openapi.json").read_text(encoding="utf-8"))
    assert source["openapi"].startswith("3.1")
    validate_openapi(source, base_uri=SCHEMAS.as_uri() + "/")


def _object_schemas() -> Iterator[tuple[str, dict[str, Any]]]:
    for path in COMPONENT_FILES:
        for where, node in walk(json.loads(path.read_text(encoding="utf-8")), path.name):
            if node.get("type") == "object" or ("properties" in node and "type" not in node and "$ref" not in node):
                yield where, node


def _is_branch(where: str) -> bool:
    """Subschemas of if/then/else/not/oneOf/allOf/anyOf only narrow an object declared elsewhere."""
    parts = where.split("/")
    return any(p in {"if", "then", "else", "not", "oneOf", "allOf", "anyOf"} for p in parts)


def test_every_object_is_closed() -> None:
    open_objects = []
    for where, node in _object_schemas():
        if _is_branch(where):
            continue
        closed = node.get("additionalProperties") is False or node.get("unevaluatedProperties") is False
        is_map = isinstance(node.get("additionalProperties"), dict) and "propertyNames" in node
        if not (closed or is_map):
            open_objects.append(where)
    assert open_objects == []


def test_every_property_is_described() -> None:
    undescribed = []
    for where, node in _object_schemas():
        if _is_branch(where) and "description" not in node:
            continue
        for name, prop in node.get("properties", {}).items():
            if "description" not in prop:
                undescribed.append(f"{where}/properties/{name}")
    assert undescribed == []


def test_defs_are_described() -> None:
    for path in COMPONENT_FILES:
        for name, schema in json.loads(path.read_text(encoding="utf-8"))["$defs"].items():
            assert "description" in schema, f"{path.name}#/$defs/{name}"


def test_composed_identity_rejects_unknown_keys() -> None:
    """additionalProperties would not see branch properties; unevaluatedProperties must."""
    item = {
        "kind": "atomic-memory",
        "rendered_bytes": 10,
        "truncated": False,
        "artifact_address": {
            "scope_id": "s",
            "artifact": {"family": "atomic-memory", "artifact_id": "a", "revision": 1},
        },
    }
    assert gate.check_schema("SelectedItem", item) == []
    rules = {v.rule for v in gate.check_schema("SelectedItem", {**item, "note": "x"})}
    assert rules == {"unevaluatedProperties"}


def test_bundle_keeps_every_definition() -> None:
    bundled = gate.contract_document()["$defs"]
    for path in COMPONENT_FILES:
        for name in json.loads(path.read_text(encoding="utf-8"))["$defs"]:
            assert name in bundled
    assert set(gate.openapi_document()["components"]["schemas"]) == set(bundled)


def test_every_operation_has_an_id_scope_and_envelope_errors() -> None:
    for path, item in gate.openapi_document()["paths"].items():
        for method, op in item.items():
            assert op["operationId"], (method, path)
            assert op["x-pcreceipt-scope"]["access"] in {"none", "read", "write", "admin"}
            for status, response in op["responses"].items():
                if status.startswith(("4", "5")) and "$ref" not in response and path != "/health/ready":
                    pytest.fail(f"{method} {path} {status} does not use a shared error response")


def test_examples_validate_against_their_schemas() -> None:
    doc = gate.openapi_document()
    checked = 0
    for item in doc["paths"].values():
        for op in item.values():
            media = [op["requestBody"]["content"]["application/json"]] if "requestBody" in op else []
            media += [r["content"]["application/json"] for r in op["responses"].values() if "content" in r]
            for m in media:
                name = m["schema"]["$ref"].rsplit("/", 1)[-1]
                for example in m.get("examples", {}).values():
                    assert gate.check_schema(name, example["value"]) == [], name
                    checked += 1
    assert checked >= 4
