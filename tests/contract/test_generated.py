"""generated/ is what codegen/generate.py writes, and the bindings work the way a client uses them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from _support.vectors import VECTOR_ROOT
from pydantic import ValidationError

from pcreceipt import models
from pcreceipt.models import BY_ID, OPERATIONS

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

ROOT = Path(__file__).resolve().parents[2]


def test_generated_is_up_to_date() -> None:
    result = subprocess.run(
        [sys.executable, "codegen/generate.py", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_every_generated_file_says_it_is_generated() -> None:
    for path in [*(ROOT / "generated").rglob("*"), *(ROOT / "src" / "pcreceipt" / "_gen").rglob("*")]:
        if path.suffix in {".py", ".md", ".ts"}:
            first = path.read_text(encoding="utf-8").splitlines()[0]
            assert "Generated" in first and "nox -s generate" in first, path


def test_manifest_records_schema_hashes() -> None:
    import hashlib

    manifest = json.loads((ROOT / "generated" / "MANIFEST.json").read_text(encoding="utf-8"))
    for rel, digest in manifest["inputs"].items():
        assert digest == "sha256:" + hashlib.sha256((ROOT / rel).read_bytes()).hexdigest()
    assert manifest["generators"]["datamodel-code-generator"]


def test_operation_table_covers_the_openapi_document() -> None:
    ids = {op.operation_id for op in OPERATIONS}
    assert {
        "prepare_context",
        "get_artifact_revision",
        "create_scope",
        "create_artifact",
        "replace_artifact",
        "change_atomic_memory_lifecycle",
        "merge_atomic_memories",
    } <= ids
    prepare = BY_ID["prepare_context"]
    assert (prepare.method, prepare.path, prepare.request_model) == (
        "POST",
        "/v1/context/prepare",
        "PrepareContextRequest",
    )
    assert prepare.success[0].status == 200 and prepare.success[0].model == "PreparedContext"
    assert prepare.scope_access == "read" and prepare.scope_references


def test_models_round_trip_a_full_receipt() -> None:
    data = json.loads((VECTOR_ROOT / "response" / "full" / "receipt.json").read_text(encoding="utf-8"))["data"]
    parsed = models.PreparedContext.model_validate(data)
    assert parsed.receipt is not None and len(parsed.receipt.selected) == 30
    assert parsed.model_dump(mode="json", by_alias=True, exclude_unset=True) == data


def test_models_forbid_unknown_keys() -> None:
    with pytest.raises(ValidationError):
        models.PrepareContextRequest.model_validate({"scope_id": "s", "query": "q", "top_k": 3})
    request = models.PrepareContextRequest(scope_id="s", query="q", include_receipt=True)
    assert request.max_bytes == 8000 and request.include_receipt is True
