"""The code group of ``official_client_check.py``: the code workspace queried through PowerContext's
official client (indexed first over plain HTTP: ``index_code_workspace`` is pcreceipt's own, with no
client method). Imports only the official client and the standard library; the check's helpers are
passed in."""

from __future__ import annotations

import hashlib
import json
import urllib.request
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import CodeQueryRequest

Check = Callable[[str, bool], bool]
Attempt = Callable[[str, Callable[[], Awaitable[bool]]], Awaitable[None]]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]
NewScope = Callable[[PowerContextClient, str], Awaitable[str]]


def index_workspace(base_url: str, scope_id: str, files: dict[str, str], check: Check) -> None:
    """pcreceipt's own ``index_code_workspace`` (no official client method): the files of the Scope's workspace."""
    body = json.dumps({"files": [{"path": path, "content": text} for path, text in files.items()]}).encode()
    request = urllib.request.Request(
        f"{base_url}/v1/scopes/{scope_id}/code", data=body, method="PUT", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:  # the loopback server under test
        check("index_code_workspace", response.status == 200)


async def code(
    client: PowerContextClient,
    base_url: str,
    new_scope: NewScope,
    check: Check,
    attempt: Attempt,
    expect_error: ExpectError,
) -> None:
    scope_id = await new_scope(client, "Compat code")
    source = "def compat_probe():\n    return 42\n"
    index_workspace(base_url, scope_id, {"src/probe.py": source}, check)

    def query(operation: dict[str, Any], **request: Any) -> Awaitable[Any]:
        body = {"operation": operation, **request}
        return client.query_code(scope_id, CodeQueryRequest.model_validate(body))

    async def status() -> bool:
        answer = (await query({"kind": "status"})).root  # strictly parsed into 1.4.1's CodeStatus
        # pcreceipt's text index claims no language (docs/decisions.md, "Parity review"): []
        return bool(answer.scope_id == scope_id and list(answer.languages) == [])

    async def search() -> bool:
        found = (await query({"kind": "explore", "query": "compat_probe"})).root
        return bool(found.scope_id == scope_id and found.items)

    file_sha256 = hashlib.sha256(source.encode()).hexdigest()
    span = {"kind": "read", "path": "src/probe.py", "file_sha256": file_sha256, "start_line": 1, "end_line": 2}

    async def read() -> bool:
        fingerprint = (await query({"kind": "status"})).root.fingerprint  # a read names the workspace version
        return bool((await query(span, expected_fingerprint=fingerprint)).root.scope_id == scope_id)

    async def unsupported() -> bool:
        await expect_error("query_code map", 501, "unsupported_capability", lambda: query({"kind": "map"}))
        return True

    for name, call in (("status", status), ("search", search), ("read", read), ("map", unsupported)):
        await attempt(f"query_code {name}", call)
