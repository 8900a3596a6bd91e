"""What the official client check sent and got back, reduced to what two servers must agree on.

``official_client_check.py BASE_URL --trace FILE`` records every response of its run here: per check
group, in order, the method, the path with ids replaced by their kind, the status, the error code
and the body's *shape* (keys and value types; no value that names an id, a time or a digest), with
the body itself beside it for the report of a difference. The live diff
(``tests/compat/live/test_client_flows.py``) runs the same check against PowerContext 1.4.1 and
against pcreceipt and compares the two traces group by group. Imports only
the standard library and httpx (which the official client brings).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx

# ids, digests and generated names in a path: their kind stays, their value goes
_ID_SEGMENT = re.compile(r"^(?:[a-z]{2,5}_[0-9a-z]{20,40}|[0-9a-f]{32,64}|[0-9a-f-]{36})$")
_LEAF_TYPES = {bool: "bool", int: "int", float: "number", str: "str", type(None): "null"}


def path_template(path: str) -> str:
    """``/v1/scopes/scp_…/artifacts`` → ``/v1/scopes/{scp}/artifacts``."""
    parts = []
    for segment in path.split("/"):
        if _ID_SEGMENT.match(segment):
            prefix = segment.split("_", 1)[0] if "_" in segment else "hex"
            parts.append("{" + prefix + "}")
        else:
            parts.append(segment)
    return "/".join(parts)


def shape(value: Any) -> Any:
    """The structure of a JSON value: objects by key, lists by their items' shapes, leaves by type.
    An int and a float that is a whole number are both ``number`` when they sit in a float field on one
    side only, so numbers are one kind."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in sorted(value.items())}
    if isinstance(value, list):
        return [shape(item) for item in value]
    kind = _LEAF_TYPES.get(type(value), type(value).__name__)
    return "number" if kind in {"int", "number"} else kind


class Trace:
    """Responses of one check run, grouped; written as one JSON document."""

    def __init__(self) -> None:
        self.group = "(setup)"
        self.groups: dict[str, list[dict[str, Any]]] = {}

    async def record(self, response: httpx.Response) -> None:
        await response.aread()
        try:
            body: Any = response.json()
        except ValueError:
            body = None
        code = body.get("error", {}).get("code") if isinstance(body, dict) and "error" in body else None
        entry = {
            "request": f"{response.request.method} {path_template(response.request.url.path)}",
            "status": response.status_code,
            "code": code if isinstance(code, str) else None,
            "shape": shape(body) if body is not None else f"<{response.headers.get('content-type', 'none')}>",
            "body": body,  # for the report of a difference only: never compared
        }
        self.groups.setdefault(self.group, []).append(entry)

    def client(self) -> httpx.AsyncClient:
        """An HTTP client for the official client's ``http_client=`` that records every response."""
        return httpx.AsyncClient(
            timeout=10.0, transport=httpx.AsyncHTTPTransport(), event_hooks={"response": [self.record]}
        )

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(self.groups, indent=1, sort_keys=True), encoding="utf-8")
