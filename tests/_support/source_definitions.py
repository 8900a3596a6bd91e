"""Source Definition manifests for the tests of ``register_source_definition``: a valid one under a
fresh name, with its fingerprint computed as PowerContext 1.4.1 computes it."""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

import rfc8785


def sealed(manifest: dict[str, Any]) -> dict[str, Any]:
    """The manifest with its fingerprint: sha256 of the RFC 8785 JSON of its declaration."""
    declaration = {key: manifest[key] for key in ("name", "version", "source_schema", "projections")}
    return manifest | {"fingerprint": "sha256:" + hashlib.sha256(rfc8785.dumps(declaration)).hexdigest()}


def new_manifest(prefix: str = "tests", **fields: Any) -> dict[str, Any]:
    base = {
        "name": f"{prefix}-{uuid.uuid4().hex[:12]}",
        "version": "1",
        "source_schema": {"type": "object", "properties": {"title": {"type": "string"}}},
        "projections": [{"key": {"name": "summary", "version": "1"}, "schema": {"type": "string"}}],
    }
    return sealed(base | fields)


def observation_of(manifest: dict[str, Any], name: str, **payload: Any) -> dict[str, Any]:
    """A valid observation of ``manifest`` named ``name``: the envelope repeated in its payload (plus
    ``payload``), a value for each declared projection (a string, what ``new_manifest`` declares)."""
    envelope = {"name": name, "definition_version": manifest["version"], "materialization": "captured"}
    return {
        **envelope,
        "source_type": manifest["name"],
        "definition_fingerprint": manifest["fingerprint"],
        "payload": envelope | {"description": None} | payload,
        "projections": [{"key": p["key"], "value": f"{name} summary"} for p in manifest["projections"]],
    }
