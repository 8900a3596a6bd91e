"""register_source_definition over HTTP: 1.4.1's manifest answered back, replays, 409
source_conflict, and the two families of 422 (the request model's checks as invalid_request, the
manifest validation's as invalid_source_ingestion), each writing nothing."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from _support.servers import assert_error
from _support.source_definitions import sealed

PATH = "/v1/source-definitions/register"


@pytest.fixture
def http(server_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server_url, timeout=30) as client:
        yield client


def definition(**fields: Any) -> dict[str, Any]:
    base = {
        "name": f"issues-{uuid.uuid4().hex[:8]}",
        "version": "1",
        "source_schema": {"type": "object", "properties": {"title": {"type": "string"}}, "$defs": {}},
        "projections": [
            {"key": {"name": "summary", "version": "1"}, "schema": {"$ref": "#/$defs/x", "$defs": {"x": {}}}}
        ],
    }
    return sealed(base | fields)


def test_register_replay_and_conflict(http: httpx.Client) -> None:
    manifest = definition()
    first = http.post(PATH, json={"manifest": manifest})
    assert first.status_code == 200, first.text
    assert first.json() == manifest
    assert http.post(PATH, json={"manifest": manifest}).json() == manifest
    other = sealed(manifest | {"source_schema": {"type": "object"}})
    assert assert_error(http.post(PATH, json={"manifest": other}), 409, "source_conflict")["details"] is None
    assert http.post(PATH, json={"manifest": sealed(other | {"version": "2"})}).status_code == 200


@pytest.mark.parametrize(
    ("manifest", "path", "rule"),
    [
        (definition() | {"fingerprint": "sha256:" + "0" * 64}, "/manifest/fingerprint", "fingerprint"),
        (definition() | {"source_schema": {"maximum": 2**60}}, "/manifest", "i_json"),
        (definition(name=" padded"), "/manifest/name", "trimmed"),
        (
            definition(source_schema={"$ref": "https://example.com/schema.json"}),
            "/manifest/source_schema",
            "local_reference",
        ),
        (
            definition(projections=[{"key": {"name": "a", "version": "1"}, "schema": {}}] * 2),
            "/manifest/projections",
            "unique_keys",
        ),
    ],
)
def test_what_the_request_model_refuses(http: httpx.Client, manifest: dict[str, Any], path: str, rule: str) -> None:
    error = assert_error(http.post(PATH, json={"manifest": manifest}), 422, "invalid_request")
    assert error["details"]["violations"] == [{"path": path, "rule": rule}]
    if rule == "fingerprint":  # nothing was stored: the sealed manifest is the first under its identity
        assert http.post(PATH, json={"manifest": sealed(manifest)}).status_code == 200


@pytest.mark.parametrize(
    "manifest",
    [
        definition(name="content"),
        definition(name="skill-usage"),
        definition(source_schema={"type": "nonsense"}),
        definition(projections=[{"key": {"name": "p", "version": "1"}, "schema": {"minLength": -1}}]),
        definition(source_schema={"type": "object", "description": "x" * 70_000}),
    ],
)
def test_what_the_manifest_validation_refuses(http: httpx.Client, manifest: dict[str, Any]) -> None:
    error = assert_error(http.post(PATH, json={"manifest": manifest}), 422, "invalid_source_ingestion")
    assert error["details"] is None
    fixed = sealed(manifest | {"name": f"fixed-{uuid.uuid4().hex[:8]}", "source_schema": {}, "projections": []})
    assert http.post(PATH, json={"manifest": fixed}).status_code == 200
