"""Drive a running pcreceipt server with PowerContext's official Python client (powercontext 1.4.1).

Run by ``nox -s compat`` (which installs ``powercontext[client]==1.4.1`` and starts the server):

    python tests/compat/official_client_check.py http://127.0.0.1:PORT

Every step uses the official client's own request models and its strict response parsing, so a
shape, status or header it does not accept fails here. Exits non-zero on the first failure.
This file imports only the official client and the standard library (not pcreceipt).
"""

from __future__ import annotations

import asyncio
import sys
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from powercontext.client import PowerContextClient
from powercontext.http import (
    AtomicMemoryLifecycleRequest,
    BootstrapContextRequest,
    CaptureContentSourceRequest,
    CaptureWorkingNoteRequest,
    CreateArtifactRequest,
    CreateScopeRequest,
    FlushMemoryRequest,
    GetStatsRequest,
    PrepareContextRequest,
    RecordBootstrapDeliveryRequest,
    ReplaceArtifactRequest,
)
from powercontext.http._generated.models import MergeAtomicMemoryRequest

PREPARED_CONTEXT_SCHEMA = "powercontext.prepared-context.v1"
CHECKS: list[str] = []


def check(name: str, condition: bool) -> None:
    if not condition:
        raise AssertionError(f"check failed: {name}")
    CHECKS.append(name)


def memory(text: str, kind: str = "decision") -> CreateArtifactRequest:
    return CreateArtifactRequest.model_validate({"family": "atomic-memory", "content": {"kind": kind, "text": text}})


def host_rules(prepared: Any, max_bytes: int) -> bool:
    """The host plugins' rules on the four-key envelope."""
    body = prepared.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if list(body) != ["schema", "status", "content", "content_bytes"] or body["schema"] != PREPARED_CONTEXT_SCHEMA:
        return False
    if body["status"] == "empty":
        return body["content"] is None and body["content_bytes"] == 0
    content = body["content"]
    if not isinstance(content, str) or not content.strip():
        return False
    return bool(body["content_bytes"] == len(content.encode()) <= max_bytes)


async def expect_status(status: int, call: Callable[[], Awaitable[Any]]) -> Any:
    try:
        await call()
    except Exception as error:  # the official client's ServerResponseError family
        check(f"HTTP {status} raised", getattr(error, "status_code", None) == status)
        check(f"HTTP {status} carries a request id", len(getattr(error, "request_id", "") or "") == 16)
        return error
    raise AssertionError(f"expected HTTP {status}")


async def run(base_url: str) -> None:
    async with PowerContextClient(base_url) as client:
        key = uuid.uuid4().hex
        request = CreateScopeRequest(title="Compat", summary="Official client check", idempotency_key=key)
        scope = await client.create_scope(request)
        again = await client.create_scope(request)
        check("create_scope is idempotent", again.scope_id == scope.scope_id)
        check("get_scope", (await client.get_scope(scope.scope_id)).scope_id == scope.scope_id)
        check("list_scopes pages", len((await client.list_scopes(limit=1)).items) == 1)

        created = await client.create_artifact(scope.scope_id, memory("We chose SQLite as the embedded default store."))
        other = await client.create_artifact(scope.scope_id, memory("The build uses Bazel.", "fact"))
        third = await client.create_artifact(scope.scope_id, memory("Deploys happen on Tuesdays.", "fact"))
        check("create_artifact revision 1", created.revision == 1 and created.family == "atomic-memory")
        topic = CreateArtifactRequest.model_validate(
            {"family": "topic-memory", "content": {"title": "Storage", "summary": "SQLite by default", "detail": "WAL"}}
        )
        check("create topic memory", (await client.create_artifact(scope.scope_id, topic)).revision == 1)

        ready = await client.prepare_context(PrepareContextRequest(scope_id=scope.scope_id, query="SQLite"))
        check("prepare ready", ready.status == "ready" and "SQLite" in (ready.content or ""))
        check("prepare ready passes the host rules", host_rules(ready, 8000))

        empty_scope = await client.create_scope(
            CreateScopeRequest(title="Empty", summary="Nothing here", idempotency_key=uuid.uuid4().hex)
        )
        empty = await client.prepare_context(PrepareContextRequest(scope_id=empty_scope.scope_id, query="SQLite"))
        check("prepare empty", empty.status == "empty" and empty.content is None and empty.content_bytes == 0)
        check("prepare empty passes the host rules", host_rules(empty, 8000))

        head = await client.get_artifact(scope.scope_id, "atomic-memory", created.artifact_id)
        check("get_artifact head", head is not None and head.revision == 1)
        cached = await client.get_artifact(
            scope.scope_id, "atomic-memory", created.artifact_id, if_none_match='"revision:1"'
        )
        check("get_artifact 304 is None", cached is None)

        replacement = ReplaceArtifactRequest.model_validate(
            {"content": {"kind": "decision", "text": "We chose SQLite in WAL mode as the embedded default store."}}
        )
        replaced = await client.replace_artifact(
            scope.scope_id, "atomic-memory", created.artifact_id, replacement, expected_etag='"revision:1"'
        )
        check("replace_artifact with expected_etag", replaced.revision == 2)
        stale = await expect_status(
            412,
            lambda: client.replace_artifact(
                scope.scope_id, "atomic-memory", created.artifact_id, replacement, expected_etag='"revision:1"'
            ),
        )
        check("412 names the current ETag", (stale.details or {}).get("current_etag") == '"revision:2"')

        exact = await client.get_artifact_revision(scope.scope_id, "atomic-memory", created.artifact_id, 1)
        check("exact revision 1", exact.revision == 1 and exact.content["text"].startswith("We chose SQLite as"))

        state = await client.get_atomic_memory_state(scope.scope_id, other.artifact_id)
        forget = AtomicMemoryLifecycleRequest.model_validate(
            {
                "scope_id": scope.scope_id,
                "target": {"artifact": state.artifact.model_dump(), "state_version": state.state_version},
                "state": "forgotten",
            }
        )
        forgotten = await client.change_atomic_memory_lifecycle(forget)
        check("forget", forgotten.changed and forgotten.records[0].state == "forgotten")
        await expect_status(409, lambda: client.change_atomic_memory_lifecycle(forget))

        inputs = []
        for artifact_id in (created.artifact_id, third.artifact_id):
            view = await client.get_atomic_memory_state(scope.scope_id, artifact_id)
            inputs.append({"artifact": view.artifact.model_dump(), "state_version": view.state_version})
        merge = MergeAtomicMemoryRequest.model_validate(
            {"scope_id": scope.scope_id, "inputs": inputs, "content": {"kind": "fact", "text": "SQLite; Tuesdays."}}
        )
        merged = await client.merge_atomic_memories(merge)
        check("merge", [r.state for r in merged.records] == ["merged", "merged", "active"])

        await expect_status(404, lambda: client.get_scope("scp_does_not_exist"))

        capabilities = await client.get_capabilities()
        check("capabilities: no extraction", capabilities.memory_extraction is False)
        check("capabilities: prepared-context v1", PREPARED_CONTEXT_SCHEMA in capabilities.context_versions)
        info = await client.get_server_info()
        check("server info: stable server_id", (await client.get_server_info()).server_id == info.server_id)

        event = {"scope_id": scope.scope_id, "lifecycle": "startup", "integration": "compat", "event_id": key}
        package = await client.prepare_bootstrap_context(BootstrapContextRequest.model_validate(event))
        check(
            "bootstrap disabled",
            (package.status, package.reason, package.receipt.state) == ("skipped", "disabled", "skipped"),
        )
        again = await client.prepare_bootstrap_context(BootstrapContextRequest.model_validate(event))
        check("bootstrap event reuses its receipt", again.receipt.receipt_id == package.receipt.receipt_id)
        delivery = {"scope_id": scope.scope_id, "receipt_id": package.receipt.receipt_id, "outcome": "failed"}
        recorded = await client.record_bootstrap_delivery(RecordBootstrapDeliveryRequest.model_validate(delivery))
        check("bootstrap delivery on a skipped receipt", recorded.state == "skipped")
        injected = RecordBootstrapDeliveryRequest.model_validate({**delivery, "outcome": "injected"})
        await expect_status(422, lambda: client.record_bootstrap_delivery(injected))

        flush = FlushMemoryRequest(scope_id=scope.scope_id)
        passed = await client.flush_memory(flush)  # the artifact writes' lineage Sources need no model
        check("flush passes lineage Sources", passed.status == "processed" and passed.current_cursor >= 1)
        check("flush cursor at the watermark", passed.current_cursor == passed.high_watermark)
        idle = await client.flush_memory(flush)
        check("flush idle", idle.status == "idle" and idle.previous_cursor == idle.current_cursor)

        capture = CaptureContentSourceRequest(
            scope_id=scope.scope_id, source_id="compat-1", content="Why SQLite?", metadata={"origin": "compat"}
        )
        captured = await client.capture_content_source(capture)
        check("capture 202 receipt", captured.status == "accepted" and captured.source.source_id == "compat-1")
        check("capture position follows the watermark", captured.position == idle.high_watermark + 1)
        check("capture replay", (await client.capture_content_source(capture)) == captured)
        changed = capture.model_copy(update={"content": "Why not SQLite?"})
        conflict = await expect_status(409, lambda: client.capture_content_source(changed))
        check("409 source_conflict", getattr(conflict, "code", None) == "source_conflict")
        note = CaptureWorkingNoteRequest.model_validate(
            {
                "scope_id": scope.scope_id,
                "source_id": "compat-note",
                "content": "checked the WAL pragma",
                "session_id": "compat",
                "note_kind": "validation",
            }
        )
        check("working note receipt", (await client.capture_working_note(note)).position == captured.position + 1)
        refused = await expect_status(503, lambda: client.flush_memory(flush))
        check("503 inference_unavailable", getattr(refused, "code", None) == "inference_unavailable")

        selection = {"mode": "exact", "scope_ids": [scope.scope_id]}
        stats = await client.get_stats(GetStatsRequest.model_validate({"selection": selection, "period": "today"}))
        check("stats counts the prepare", stats.recall.totals.preparations == 1)
        check("stats one day", len(stats.recall.daily) == 1 and len(stats.by_scope) == 1)
        check("stats sources", stats.inventory.sources.total == captured.position + 1)
        every = await client.get_stats(GetStatsRequest.model_validate({"selection": {"mode": "all"}}))
        check("stats over every Scope, 30 days", scope.scope_id in every.scope_ids and len(every.recall.daily) == 30)


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: official_client_check.py BASE_URL", file=sys.stderr)
        return 2
    asyncio.run(run(sys.argv[1]))
    print(f"official client check: {len(CHECKS)} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
