"""The shared cases of the recall diagnostic (tests/_support/recall_diagnostic.json).

Each case names a contract vector (``vector``) or carries its own response (``data``), the
``request`` the host sent (a body, a max_bytes, or null) and the ``expected`` record (or null).
Python (tests/contract/test_host_validators.py, through generated/python/pcreceipt_host_validators.py)
and TypeScript (tests/ts/diagnostic.test.ts, through generated/ts/dist/) must both give exactly
``expected``. Regenerate with ``python tests/_support/recall_diagnostic.py`` after a deliberate
change, and read the diff.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CASES_FILE = Path(__file__).with_suffix(".json")
HOST_FILE = ROOT / "generated" / "python" / "pcreceipt_host_validators.py"
# A body planted in a response and a request: it must never reach a diagnostic.
PLANTED = "PLANTED-BODY-do-not-log-4b1d"


def load_host() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pcreceipt_host_validators", HOST_FILE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass resolves its module's namespace
    written, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = written
    return module


def _vectors() -> dict[str, dict[str, Any]]:
    root = ROOT / "tests" / "vectors"
    found = (json.loads(p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.json")))
    return {v["id"]: v for v in found if isinstance(v, dict) and v.get("kind") == "response"}


def _planted(vectors: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Responses carrying PLANTED in their content (and the request's query): one truncated with
    a Receipt, one empty without (the content then is not checked), one truncated whose content
    no longer matches its Receipt (schema-valid all the same)."""
    full = copy.deepcopy(vectors["response/full/receipt"]["data"])
    full["content"] = full["content"].replace("\n", f"\n{PLANTED} ", 1)
    full["content_bytes"] = len(full["content"].encode("utf-8"))
    full["receipt"]["used_bytes"] = full["content_bytes"]
    request = {"scope_id": PLANTED, "query": PLANTED, "max_bytes": full["receipt"]["requested_max_bytes"]}
    empty = {**vectors["response/empty/default"]["data"]}
    return [
        {"id": "planted/truncated_with_receipt", "data": full, "request": request},
        {"id": "planted/empty_without_receipt", "data": empty, "request": {**request, "max_bytes": 1234}},
    ]


def cases() -> list[dict[str, Any]]:
    host = load_host()
    vectors = _vectors()
    out: list[dict[str, Any]] = []
    for vector_id, vector in vectors.items():
        for request in (None, vector["context"].get("max_bytes")):
            expected = host.recall_diagnostic(vector["data"], request)
            out.append({"id": f"{vector_id}@{request}", "vector": vector_id, "request": request, "expected": expected})
    receipt = copy.deepcopy(vectors["response/empty/receipt"]["data"])
    out.append(
        {
            "id": "empty_receipt/request_body_without_max_bytes",
            "data": receipt,
            "request": {"scope_id": "s", "query": "q"},
            "expected": host.recall_diagnostic(receipt, {"scope_id": "s", "query": "q"}),
        }
    )
    for case in _planted(vectors):
        out.append({**case, "expected": host.recall_diagnostic(case["data"], case["request"])})
    return out


def render() -> str:
    return json.dumps({"planted": PLANTED, "cases": cases()}, indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    CASES_FILE.write_text(render(), encoding="utf-8")
    print(f"wrote {CASES_FILE.relative_to(ROOT)}")
