"""The recall diagnostic: a body-free record a host can log when a prepare came back empty or cut
to fit, saying why the agent got nothing (or less than it asked for) with identifiers and counts
only. The TypeScript package's ``recall-diagnostic.ts`` is this module's port, and the Python
hosts' ``pcreceipt_host_validators.py`` carries this code itself (``codegen/python/
host_validators.py`` copies it by name); tests/_support/recall_diagnostic.json holds all three to
the same values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Union

from pcreceipt.contract.gate import DEFAULT_MAX_BYTES, check_schema

# What a host passes as ``request``: the body it sent, its max_bytes, or None.
Request = Union[Mapping[str, Any], int, None]  # noqa: UP007 (evaluated at run time, on Python 3.9 too)


def request_facts(request: Request) -> tuple[int | None, bool]:
    """(max_bytes, explain) of what the host sent: a request body (its max_bytes, or the
    contract's default when it sent none), a bare max_bytes (the TypeScript signature) or None
    (max_bytes not known and not checked)."""
    if request is None:
        return None, False
    if isinstance(request, int) and not isinstance(request, bool) and request >= 0:
        return request, False
    if isinstance(request, Mapping):
        max_bytes = request.get("max_bytes", DEFAULT_MAX_BYTES)
        if isinstance(max_bytes, int) and not isinstance(max_bytes, bool) and max_bytes >= 0:
            return max_bytes, request.get("explain") is True
    raise TypeError("request must be the prepare request body sent, its max_bytes, or None")


def recall_diagnostic(response: Any, request: Request = None) -> dict[str, Any] | None:
    """A body-free record of an empty or truncated recall, for a host's log; None otherwise.

    Empty: status "empty", or a Receipt that selected nothing. Truncated: the Receipt says an
    item was cut to fit. The record holds identifiers and counts only (docs/hosts.md):
    receipt_id, content_digest, status, empty, truncated, selected, used_bytes,
    requested_max_bytes, omitted [{family, reason, count}] and fallbacks (search and rerank
    groups whose fallback_reason is not "none"). Never the content, the query or any body.
    Without a Receipt (not asked for, or dropped by the server) only an empty recall is reported,
    with the counts the response itself gives (requested_max_bytes: the max_bytes the request
    stated, else None; fallbacks: None, unknown). A response that fails the JSON Schema of
    PreparedContext gives None (validate it first). ``recall-diagnostic.ts`` is this
    function's port for TypeScript hosts.
    """
    request_facts(request)  # a wrong request is a TypeError here too
    if check_schema("PreparedContext", response):
        return None
    receipt = response.get("receipt")
    stated = request.get("max_bytes") if isinstance(request, Mapping) else request
    if receipt is None:
        if response["status"] != "empty":
            return None
        return {
            "receipt_id": None,
            "content_digest": None,
            "status": response["status"],
            "empty": True,
            "truncated": False,
            "selected": 0,
            "used_bytes": response["content_bytes"],
            "requested_max_bytes": stated,
            "omitted": [],
            "fallbacks": None,
        }
    empty = response["status"] == "empty" or not receipt["selected"]
    if not empty and not receipt["truncated"]:
        return None
    retrieval = receipt["retrieval"]
    groups = [*retrieval["searches"], *retrieval["reranks"]]
    return {
        "receipt_id": receipt["receipt_id"],
        "content_digest": receipt["content_digest"],
        "status": response["status"],
        "empty": empty,
        "truncated": receipt["truncated"],
        "selected": len(receipt["selected"]),
        "used_bytes": receipt["used_bytes"],
        "requested_max_bytes": receipt["requested_max_bytes"],
        "omitted": [{"family": g["family"], "reason": g["reason"], "count": g["count"]} for g in receipt["omitted"]],
        "fallbacks": sum(1 for g in groups if g["fallback_reason"] != "none"),
    }
