"""The Handoff Report group of the official client check (``official_client_check.py`` runs
``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too): ``get_handoff_report``
as json (parsed strictly into 1.4.1's ``HandoffReportResponse``) and markdown (text), and
``download_handoff_report`` (the same operation with ``download`` true) for both formats.

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client and the standard library.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import (
    CaptureContentSourceRequest,
    CommitHandoffRequest,
    CreateScopeRequest,
    FinalizeHandoffRequest,
    GetHandoffReportRequest,
)

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


async def _scope(client: PowerContextClient, title: str, parent: str | None = None) -> str:
    fields: dict[str, Any] = {"title": title, "summary": f"{title} (report check)", "idempotency_key": uuid.uuid4().hex}
    if parent is not None:
        fields["parent_scope_id"] = parent
    return (await client.create_scope(CreateScopeRequest.model_validate(fields))).scope_id


async def _commit(client: PowerContextClient, scope_id: str) -> int:
    source = {"scope_id": scope_id, "source_id": "report-log", "content": "The migration log."}
    await client.capture_content_source(CaptureContentSourceRequest.model_validate(source))
    cited = {"kind": "source", "source_ref": {"name": "content", "source_id": "report-log"}}
    draft = {
        "objective": "Finish the migration.",
        "state": [{"text": "The schema is migrated.", "citations": [cited]}],
        "disposition": "blocked",
        "next_action": None,
        "omissions": [{"text": "No load test yet.", "citation": None}],
    }
    prepared = await client.finalize_handoff(
        FinalizeHandoffRequest.model_validate({"scope_id": scope_id, "draft": draft})
    )
    carried = prepared.model_dump(mode="json", by_alias=True)
    committed = await client.commit_handoff(
        CommitHandoffRequest.model_validate({"scope_id": scope_id, "handoff": carried})
    )
    return committed.reference.revision


async def handoff_report(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    root = await _scope(client, "Compat report")
    child = await _scope(client, "Compat report child", parent=root)
    revision = await _commit(client, child)
    selection = {"mode": "subtree", "root_scope_id": root}
    answer = await client.get_handoff_report(GetHandoffReportRequest.model_validate({"selection": selection}))
    check("get_handoff_report json parses as HandoffReportResponse", not isinstance(answer, str))
    assert not isinstance(answer, str)
    report = answer.report or {}
    check("get_handoff_report lists the subtree", report.get("scope_ids") == [root, child])
    statuses = [entry["status"] for entry in report.get("scopes", [])]
    check("get_handoff_report reports each Scope's status", statuses == ["no_handoff", "blocked"])
    address = report["scopes"][1]["handoff"]
    check("get_handoff_report names the exact revision", address["artifact"]["revision"] == revision)
    check(
        "get_handoff_report counts the statuses",
        report.get("summary")
        == {"continuable_count": 0, "blocked_count": 1, "complete_count": 0, "no_handoff_count": 1},
    )
    check("get_handoff_report digests agree", answer.selection_digest == report.get("selection_digest"))

    as_markdown = GetHandoffReportRequest.model_validate({"selection": selection, "format": "markdown"})
    markdown = await client.get_handoff_report(as_markdown)
    check("get_handoff_report markdown is text", isinstance(markdown, str) and markdown.startswith("# Handoff Report"))
    check("get_handoff_report markdown ends with the digests", answer.selection_digest in str(markdown))

    document = await client.download_handoff_report(as_markdown)
    check("download_handoff_report markdown is the document", document.startswith(b"# Handoff Report"))
    plain = GetHandoffReportRequest.model_validate({"selection": selection})
    downloaded = json.loads(await client.download_handoff_report(plain))
    check("download_handoff_report json is the bare report", downloaded.get("scope_ids") == [root, child])

    missing = GetHandoffReportRequest.model_validate({"selection": {"mode": "exact", "scope_ids": ["scp_missing"]}})
    await expect_error(
        "get_handoff_report of a missing Scope", 404, "scope_not_found", lambda: client.get_handoff_report(missing)
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("handoff report", handoff_report),
]
