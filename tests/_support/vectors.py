"""The Python executor of the shared contract vectors (tests/vectors/**.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pcreceipt.contract import gate

VECTOR_ROOT = Path(__file__).resolve().parents[1] / "vectors"
# tests/vectors/diff/ holds the receipt diff vectors (tests/contract/test_diff.py), not contract vectors.
DIFF_VECTORS = VECTOR_ROOT / "diff"


def contract_vector_files() -> list[Path]:
    return sorted(p for p in VECTOR_ROOT.rglob("*.json") if not p.is_relative_to(DIFF_VECTORS))


def load_vectors() -> list[dict[str, Any]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in contract_vector_files()]


def verdict(vector: dict[str, Any]) -> list[gate.Violation]:
    ctx = vector["context"]
    if vector["kind"] == "request":
        return gate.check_prepare_request(
            vector["data"], assembly_max_entries=ctx.get("assembly_max_entries", gate.DEFAULT_ASSEMBLY_MAX_ENTRIES)
        )
    return gate.check_prepared_context(
        vector["data"],
        max_bytes=ctx.get("max_bytes"),
        include_receipt=ctx.get("include_receipt"),
        explain=ctx.get("explain"),
    )
