"""Drive a running pcreceipt server with PowerContext's official Python client (powercontext 1.4.1).

Run by ``nox -s compat`` (which installs ``powercontext[client]==1.4.1`` and starts the server):

    python tests/compat/official_client_check.py http://127.0.0.1:PORT [--trace FILE]

``--trace FILE`` also writes what every response looked like (``client_trace.py``), for the live diff.

Every call goes through the official client: its request models, its check that the status is one
the operation declares, and its strict response models (closed: an extra or a missing key fails),
so a shape, status or header it does not accept fails here. Every operation of pcreceipt's OpenAPI
that PowerContext 1.4.1 also has is called at least once (``test_official_client_coverage.py``
fails otherwise); ``PCRECEIPT_ONLY`` names pcreceipt's own operations, which the official client
has no method for (the code workspace is indexed over plain HTTP for the code queries).

The checks come in groups, one per area. A failed check is recorded and its group goes on; an
error the client raises ends its group; either way the next group runs, every failure is
reported, and the exit status is non-zero when anything failed. This file imports only the
official client and the standard library (not pcreceipt).
"""

from __future__ import annotations

import asyncio
import hashlib
import sys
import traceback
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from access_client_check import GROUPS as ACCESS_GROUPS
from artifact_query_client_check import GROUPS as ARTIFACT_QUERY_GROUPS
from artifact_search_client_check import GROUPS as ARTIFACT_SEARCH_GROUPS
from client_trace import Trace
from code_client_check import code  # this folder's own modules (the script's folder is on sys.path)
from dream_client_check import GROUPS as DREAM_GROUPS
from handoff_generation_client_check import GROUPS as HANDOFF_GENERATION_GROUPS
from parity_client_check import GROUPS as PARITY_GROUPS
from powercontext.client import PowerContextClient
from powercontext.http import (
    AtomicMemoryLifecycleRequest,
    AtomicMemoryRestorationPreviewRequest,
    AtomicMemoryRestorationRequest,
    AtomicMemorySearchMode,
    BootstrapContextRequest,
    CaptureContentSourceRequest,
    CaptureWorkingNoteRequest,
    ClearScopeBindingRequest,
    CreateArtifactRequest,
    CreateScopeRequest,
    FlushMemoryRequest,
    GetMemoryEntryRequest,
    GetStatsRequest,
    GetTopicMemoryRequest,
    ListArtifactRevisionsRequest,
    ListArtifactsRequest,
    ListAtomicMemoryRequest,
    ListMemoryEntriesRequest,
    MemorySearchMode,
    PrepareContextRequest,
    PublishArtifactRequest,
    RecordBootstrapDeliveryRequest,
    RememberMemoryRequest,
    ReplaceArtifactRequest,
    ReplaceArtifactTagsRequest,
    ResolveScopeBindingRequest,
    SearchAtomicMemoryRequest,
    SearchMemoryRequest,
    SearchTopicMemoryRequest,
    SetDefaultScopeRequest,
    SetScopeBindingRequest,
    UpdateScopeRequest,
)
from powercontext.http._generated.models import MergeAtomicMemoryRequest
from profile_client_check import GROUPS as PROFILE_GROUPS
from profile_flush_client_check import GROUPS as PROFILE_FLUSH_GROUPS
from remote_skill_client_check import GROUPS as REMOTE_SKILL_GROUPS
from report_client_check import GROUPS as REPORT_GROUPS
from rest_client_check import artifact_handles, legacy_memory
from review_client_check import review
from selection_client_check import GROUPS as SELECTION_GROUPS
from skill_client_check import GROUPS as SKILL_GROUPS
from skill_governance_client_check import GROUPS as SKILL_GOVERNANCE_GROUPS
from source_client_check import GROUPS as SOURCE_GROUPS  # this folder is on sys.path when run as a script
from work_client_check import handoffs, work_records

# pcreceipt's operations that PowerContext 1.4.1 does not have (so neither has its client).
PCRECEIPT_ONLY = frozenset({"import_artifacts", "get_code_workspace", "index_code_workspace", "read_code"})

PREPARED_CONTEXT_SCHEMA = "powercontext.prepared-context.v1"
CHECKS: list[str] = []
FAILED: list[str] = []


class UnexpectedSuccess(AssertionError):
    pass


def check(name: str, condition: bool) -> bool:
    (CHECKS if condition else FAILED).append(name)
    return condition


async def expect_error(what: str, status: int, code: str | None, call: Callable[[], Awaitable[Any]]) -> Any:
    """The call fails with this HTTP status (and error code, when given), as the client reports it."""
    try:
        await call()
    except Exception as error:  # the official client's ServerResponseError family
        if getattr(error, "status_code", None) is None:
            raise
        check(f"{what}: HTTP {status} (got {error.status_code})", error.status_code == status)
        check(f"{what}: HTTP {status} carries a request id", len(getattr(error, "request_id", "") or "") == 16)
        if code is not None:
            check(f"{what}: HTTP {status} is {code} (got {error.code})", error.code == code)
        return error
    raise UnexpectedSuccess(f"{what}: expected HTTP {status}")


async def attempt(name: str, call: Callable[[], Awaitable[bool]]) -> None:
    """One independent check whose call may fail: a raised error is this check's failure, not its group's end."""
    try:
        check(name, await call())
    except Exception as error:
        FAILED.append(f"{name}: {type(error).__name__}: {error}")


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


async def new_scope(client: PowerContextClient, title: str) -> str:
    request = CreateScopeRequest(
        title=title, summary=f"{title} (official client check)", idempotency_key=uuid.uuid4().hex
    )
    return (await client.create_scope(request)).scope_id


def binding_key() -> dict[str, str]:
    return {"integration": "compat", "kind": "workspace", "external_id": uuid.uuid4().hex}


# --- the groups -------------------------------------------------------------------------------


async def health(client: PowerContextClient) -> None:
    check("get_liveness ok", (await client.get_liveness()).status == "ok")
    ready = await client.get_readiness()  # 1.4.1's ReadinessResponse, parsed strictly
    check("get_readiness ready", ready.status.value == "ready")
    check("get_readiness names 1.4.1's checks", {"runtime", "database", "access_mode"} <= set(ready.checks))


async def scopes(client: PowerContextClient) -> None:
    title = f"Compat {uuid.uuid4().hex[:12]}"
    request = CreateScopeRequest(title=title, summary="Official client check", idempotency_key=uuid.uuid4().hex)
    scope = await client.create_scope(request)
    again = await client.create_scope(request)
    check("create_scope is idempotent", again.scope_id == scope.scope_id)
    changed = request.model_copy(update={"summary": "Another summary"})
    await expect_error("create_scope", 409, "scope_idempotency_conflict", lambda: client.create_scope(changed))
    check("get_scope", (await client.get_scope(scope.scope_id)).scope_id == scope.scope_id)
    await expect_error("get_scope", 404, "scope_not_found", lambda: client.get_scope("scp_does_not_exist"))
    await new_scope(client, "Compat second")
    first = await client.list_scopes(limit=1)
    check("list_scopes pages", len(first.items) == 1 and first.next_cursor is not None)
    second = await client.list_scopes(limit=1, cursor=first.next_cursor)
    check("list_scopes next page", len(second.items) == 1 and second.items[0].scope_id != first.items[0].scope_id)
    found = await client.list_scopes(title, query_field="title")
    check("list_scopes by title", [item.scope_id for item in found.items] == [scope.scope_id])
    await update_scope(client, scope.scope_id)


async def update_scope(client: PowerContextClient, scope_id: str) -> None:
    parent = await new_scope(client, "Compat parent")
    request = UpdateScopeRequest(
        expected_version=1, title="Compat updated", summary="Updated by the check", parent_scope_id=parent
    )
    updated = await client.update_scope(scope_id, request)
    check("update_scope bumps the version", updated.version == 2 and updated.title == "Compat updated")
    check("update_scope sets the parent", updated.parent_scope_id == parent)
    stale = await expect_error(
        "update_scope stale", 409, "scope_version_conflict", lambda: client.update_scope(scope_id, request)
    )
    check("update_scope stale details", stale.details == {"expected_version": 1, "current_version": 2})
    cycle = UpdateScopeRequest(expected_version=1, title="P", summary="S", parent_scope_id=scope_id)
    refused = await expect_error(
        "update_scope cycle", 422, "invalid_scope_relationship", lambda: client.update_scope(parent, cycle)
    )
    check(
        "update_scope cycle details",
        refused.details == {"relationship": "Parent", "issue": "relationships must be acyclic"},
    )


async def default_scope_and_bindings(client: PowerContextClient) -> None:
    default = await client.get_default_scope()
    check("get_default_scope is the Default Scope", (default.title, default.summary) == ("Default", "Default context"))
    resolved = await client.resolve_scope_binding(ResolveScopeBindingRequest(binding_keys=[]))
    check("resolve with no binding gives the default", resolved.scope_id == default.scope_id)
    bound_scope, explicit_scope = await new_scope(client, "Compat bound"), await new_scope(client, "Compat explicit")
    key = binding_key()
    binding = await client.set_scope_binding(
        SetScopeBindingRequest.model_validate({"key": key, "scope_id": bound_scope})
    )
    check("set_scope_binding echoes", binding.scope_id == bound_scope and binding.key.model_dump() == key)
    by_key = await client.resolve_scope_binding(ResolveScopeBindingRequest.model_validate({"binding_keys": [key]}))
    check("resolve by a bound key", by_key.scope_id == bound_scope)
    explicit = ResolveScopeBindingRequest.model_validate({"explicit_scope_id": explicit_scope, "binding_keys": [key]})
    check("resolve an explicit Scope first", (await client.resolve_scope_binding(explicit)).scope_id == explicit_scope)
    listed = await client.list_scopes(binding_integration="compat")
    check("list_scopes by binding integration", bound_scope in [item.scope_id for item in listed.items])
    clear = ClearScopeBindingRequest.model_validate({"key": key})
    check("clear_scope_binding", (await client.clear_scope_binding(clear)).cleared is True)
    check("clear_scope_binding again", (await client.clear_scope_binding(clear)).cleared is False)
    strict = ResolveScopeBindingRequest.model_validate({"allow_default": False, "binding_keys": [key]})
    await expect_error("resolve_scope_binding", 404, "scope_not_found", lambda: client.resolve_scope_binding(strict))
    changed = await client.set_default_scope(SetDefaultScopeRequest(scope_id=bound_scope))
    check("set_default_scope", changed.scope_id == bound_scope)
    check("get_default_scope follows", (await client.get_default_scope()).scope_id == bound_scope)
    restored = await client.set_default_scope(SetDefaultScopeRequest(scope_id=default.scope_id))
    check("set_default_scope back", restored.scope_id == default.scope_id)


async def artifacts(client: PowerContextClient) -> None:
    scope_id = await new_scope(client, "Compat artifacts")
    created = await client.create_artifact(scope_id, memory("We chose SQLite as the embedded default store."))
    other = await client.create_artifact(scope_id, memory("The build uses Bazel.", "fact"))
    third = await client.create_artifact(scope_id, memory("Deploys happen on Tuesdays.", "fact"))
    check("create_artifact revision 1", created.revision == 1 and created.family == "atomic-memory")
    topic = CreateArtifactRequest.model_validate(
        {"family": "topic-memory", "content": {"title": "Storage", "summary": "SQLite by default", "detail": "WAL"}}
    )
    check("create topic memory", (await client.create_artifact(scope_id, topic)).revision == 1)

    page = await client.list_artifacts(scope_id, "atomic-memory", ListArtifactsRequest(limit=2))
    check("list_artifacts pages", len(page.items) == 2 and page.next_cursor is not None)
    rest = await client.list_artifacts(
        scope_id, "atomic-memory", ListArtifactsRequest(limit=2, cursor=page.next_cursor)
    )
    listed = [item.artifact_id for item in [*page.items, *rest.items]]
    expected = sorted([created.artifact_id, other.artifact_id, third.artifact_id])
    check("list_artifacts lists every head once, in id order", listed == expected and rest.next_cursor is None)

    head = await client.get_artifact(scope_id, "atomic-memory", created.artifact_id)
    check("get_artifact head", head is not None and head.revision == 1)
    check(
        "get_artifact body in PowerContext's shape (creation, content Source, null rollback fields)",
        head is not None
        and head.content.get("creation", "absent") is None
        and [s.source_type for s in head.sources] == ["content"]
        and head.artifacts == []
        and (head.created_by, head.restored_from_revision, head.reason) == (None, None, None),
    )
    cached = await client.get_artifact(scope_id, "atomic-memory", created.artifact_id, if_none_match='"revision:1"')
    check("get_artifact 304 is None", cached is None)
    missing = "art_" + "0" * 32
    await expect_error(
        "get_artifact", 404, "artifact_not_found", lambda: client.get_artifact(scope_id, "atomic-memory", missing)
    )

    replacement = ReplaceArtifactRequest.model_validate(
        {"content": {"kind": "decision", "text": "We chose SQLite in WAL mode as the embedded default store."}}
    )
    replaced = await client.replace_artifact(
        scope_id, "atomic-memory", created.artifact_id, replacement, expected_etag='"revision:1"'
    )
    check("replace_artifact with expected_etag", replaced.revision == 2)
    check(
        "replace_artifact lists the previous revision",
        [(a.artifact_id, a.revision) for a in replaced.artifacts] == [(created.artifact_id, 1)],
    )
    stale = await expect_error(
        "replace_artifact",
        412,
        "revision_conflict",
        lambda: client.replace_artifact(
            scope_id, "atomic-memory", created.artifact_id, replacement, expected_etag='"revision:1"'
        ),
    )
    details = stale.details or {}
    check(
        "412 names both ETags",
        (details.get("provided_etag"), details.get("current_etag")) == ('"revision:1"', '"revision:2"'),
    )

    exact = await client.get_artifact_revision(scope_id, "atomic-memory", created.artifact_id, 1)
    check("exact revision 1", exact.revision == 1 and exact.content["text"].startswith("We chose SQLite as"))

    history = await client.list_artifact_revisions(
        scope_id, "atomic-memory", created.artifact_id, ListArtifactRevisionsRequest(limit=1)
    )
    check("list_artifact_revisions newest first", [i.revision for i in history.items] == [2] and history.next_cursor)
    older = await client.list_artifact_revisions(
        scope_id,
        "atomic-memory",
        created.artifact_id,
        ListArtifactRevisionsRequest(limit=1, cursor=history.next_cursor),
    )
    check("list_artifact_revisions pages", [i.revision for i in older.items] == [1] and older.next_cursor is None)

    state = await client.get_atomic_memory_state(scope_id, other.artifact_id)
    forget = AtomicMemoryLifecycleRequest.model_validate(
        {
            "scope_id": scope_id,
            "target": {"artifact": state.artifact.model_dump(), "state_version": state.state_version},
            "state": "forgotten",
        }
    )
    forgotten = await client.change_atomic_memory_lifecycle(forget)
    check("forget", forgotten.changed and forgotten.records[0].state == "forgotten")
    forget_again = forget.model_copy(
        update={"target": forget.target.model_copy(update={"state_version": forgotten.records[0].state_version})}
    )
    unchanged = await client.change_atomic_memory_lifecycle(forget_again)
    check("forget again at its state version", not unchanged.changed and unchanged.records[0].state == "forgotten")
    await expect_error(
        "change_atomic_memory_lifecycle",
        409,
        "atomic_memory_changed",
        lambda: client.change_atomic_memory_lifecycle(forget),
    )

    inputs = []
    for artifact_id in (created.artifact_id, third.artifact_id):
        view = await client.get_atomic_memory_state(scope_id, artifact_id)
        inputs.append({"artifact": view.artifact.model_dump(), "state_version": view.state_version})
    evidence = {"scope_id": scope_id, "source_id": "compat-merge-evidence", "content": "Deploys moved to Tuesdays."}
    await client.capture_content_source(CaptureContentSourceRequest.model_validate(evidence))
    merge = MergeAtomicMemoryRequest.model_validate(
        {
            "scope_id": scope_id,
            "inputs": inputs,
            "content": {"kind": "fact", "text": "SQLite; Tuesdays."},
            "source_refs": [{"name": "content", "source_id": "compat-merge-evidence"}],
            "artifact_refs": [other.model_dump(include={"family", "artifact_id", "revision"}), inputs[0]["artifact"]],
        }
    )
    merged = await client.merge_atomic_memories(merge)
    check("merge", [r.state for r in merged.records] == ["merged", "merged", "active"])
    result = await client.get_artifact_revision(scope_id, "atomic-memory", merged.records[-1].artifact.artifact_id, 1)
    check(
        "merge refs: sources as named, artifacts the inputs then the named revisions once, creation the inputs",
        [(s.source_type, s.source_id) for s in result.sources] == [("content", "compat-merge-evidence")]
        and [a.artifact_id for a in result.artifacts] == [created.artifact_id, third.artifact_id, other.artifact_id]
        and result.content["creation"]["input_artifact_ids"] == [created.artifact_id, third.artifact_id],
    )
    result_id = merged.records[-1].artifact.artifact_id
    restoring = {"scope_id": scope_id, "target": {"artifact_id": created.artifact_id}}
    previewing = AtomicMemoryRestorationPreviewRequest.model_validate(restoring)
    preview = await client.preview_atomic_memory_restoration(previewing)
    check(
        "restoration preview: the merge is undone, its result retired",
        preview.endpoint.artifact_id == result_id
        and [item.root for item in preview.undo_merge_results] == [result_id]
        and sorted(item.artifact_id for item in preview.restore) == sorted([created.artifact_id, third.artifact_id])
        and [ref.artifact_id for ref in preview.retire] == [result_id],
    )
    held = AtomicMemoryRestorationRequest.model_validate({**restoring, "preview_token": preview.preview_token})
    restored = await client.restore_atomic_memory(held)
    check(
        "restore with the preview's token",
        restored.changed
        and {ref.artifact_id for ref in restored.restored} == {created.artifact_id, third.artifact_id}
        and [ref.artifact_id for ref in restored.retired] == [result_id],
    )
    await expect_error(
        "restore_atomic_memory (stale)", 409, "preview_stale", lambda: client.restore_atomic_memory(held)
    )
    target_scope = await new_scope(client, "Compat publication target")
    topic_content = {"title": "Deploys", "summary": "When deploys run", "detail": "Deploys run on Tuesdays."}
    topic = await client.create_artifact(
        scope_id, CreateArtifactRequest.model_validate({"family": "topic-memory", "content": topic_content})
    )
    source = {
        "scope_id": scope_id,
        "artifact": {"family": "topic-memory", "artifact_id": topic.artifact_id, "revision": 1},
    }
    publishing = PublishArtifactRequest.model_validate(
        {"source": source, "target_scope_id": target_scope, "idempotency_key": "compat-publication"}
    )
    published = await client.publish_artifact(publishing)
    again = await client.publish_artifact(publishing)
    check(
        "publish_artifact: an independent copy, the same publication on a retry",
        published.target.scope_id == target_scope
        and published.target.artifact.revision == 1
        and published.target.artifact.artifact_id != topic.artifact_id
        and again == published,
    )
    fresh = [await client.create_artifact(scope_id, memory(text, "fact")) for text in ("Fresh one.", "Fresh two.")]
    missing_source = MergeAtomicMemoryRequest.model_validate(
        {
            "scope_id": scope_id,
            "inputs": [{"artifact": f.model_dump(include={"family", "artifact_id", "revision"}), "state_version": 0}
                       for f in fresh],
            "content": {"kind": "fact", "text": "Fresh."},
            "source_refs": [{"name": "content", "source_id": "compat-nowhere"}],
        }
    )  # fmt: skip
    await expect_error(
        "merge_atomic_memories (unknown source_ref)",
        422,
        "invalid_request",
        lambda: client.merge_atomic_memories(missing_source),
    )


async def prepare(client: PowerContextClient) -> None:
    scope_id = await new_scope(client, "Compat prepare")
    await client.create_artifact(scope_id, memory("We chose SQLite as the embedded default store."))
    ready = await client.prepare_context(PrepareContextRequest(scope_id=scope_id, query="SQLite"))
    check("prepare ready", ready.status == "ready" and "SQLite" in (ready.content or ""))
    check("prepare ready passes the host rules", host_rules(ready, 8000))
    empty_scope = await new_scope(client, "Compat empty")
    empty = await client.prepare_context(PrepareContextRequest(scope_id=empty_scope, query="SQLite"))
    check("prepare empty", empty.status == "empty" and empty.content is None and empty.content_bytes == 0)
    check("prepare empty passes the host rules", host_rules(empty, 8000))
    unknown = PrepareContextRequest(scope_id="scp_does_not_exist", query="SQLite")
    await expect_error("prepare_context", 404, "scope_not_found", lambda: client.prepare_context(unknown))


async def prepare_requests(client: PowerContextClient) -> None:
    """Requests PowerContext accepts: any bootstrap receipt id, an assembly without sections."""
    scope_id = await new_scope(client, "Compat prepare requests")
    await client.create_artifact(scope_id, memory("We chose SQLite as the embedded default store."))
    receipt = PrepareContextRequest(scope_id=scope_id, query="SQLite", bootstrap_receipt_id="bcr_" + "0" * 32)

    async def with_receipt() -> bool:
        return (await client.prepare_context(receipt)).status == "ready"

    assembled = PrepareContextRequest.model_validate({"scope_id": scope_id, "query": "SQLite", "assembly": {}})

    async def default_sections() -> bool:
        markdown = await client.prepare_context(assembled)
        return markdown.status == "ready" and host_rules(markdown, 8000)

    await attempt("prepare accepts any bootstrap receipt id", with_receipt)
    await attempt("assembly without sections: the default sections", default_sections)


async def service(client: PowerContextClient) -> None:
    capabilities = await client.get_capabilities()
    check("capabilities: no extraction", capabilities.memory_extraction is False)
    check("capabilities: prepared-context v1", PREPARED_CONTEXT_SCHEMA in capabilities.context_versions)
    check(
        "capabilities: PowerContext's sixteen prompt keys, none running without a provider",
        len(capabilities.prompts) == 16
        and {prompt.status.value for prompt in capabilities.prompts.values()} == {"disabled"}
        and capabilities.model_dump(mode="json")["prompts"]["atomic_memory.extract"]["reason"]
        == "provider_not_configured",
    )
    info = await client.get_server_info()
    check("server info: contract 3.1", (info.api_contract_version.major, info.api_contract_version.minor) == (3, 1))
    check("server info: stable server_id", (await client.get_server_info()).server_id == info.server_id)


async def bootstrap(client: PowerContextClient) -> None:
    scope_id = await new_scope(client, "Compat bootstrap")
    event = {"scope_id": scope_id, "lifecycle": "startup", "integration": "compat", "event_id": uuid.uuid4().hex}
    package = await client.prepare_bootstrap_context(BootstrapContextRequest.model_validate(event))
    check(
        "bootstrap disabled",
        (package.status, package.reason, package.receipt.state) == ("skipped", "disabled", "skipped"),
    )
    again = await client.prepare_bootstrap_context(BootstrapContextRequest.model_validate(event))
    check("bootstrap event reuses its receipt", again.receipt.receipt_id == package.receipt.receipt_id)
    delivery = {"scope_id": scope_id, "receipt_id": package.receipt.receipt_id, "outcome": "failed"}
    recorded = await client.record_bootstrap_delivery(RecordBootstrapDeliveryRequest.model_validate(delivery))
    check("bootstrap delivery on a skipped receipt", recorded.state == "skipped")
    injected = RecordBootstrapDeliveryRequest.model_validate({**delivery, "outcome": "injected"})
    await expect_error(
        "record_bootstrap_delivery", 422, "invalid_request", lambda: client.record_bootstrap_delivery(injected)
    )
    created = await client.create_artifact(
        scope_id, memory("Deploys never run in the nightly batch window.", "constraint")
    )
    tags = await client.get_artifact_tags(scope_id, "atomic-memory", created.artifact_id)
    assert tags is not None
    await client.replace_artifact_tags(
        scope_id,
        "atomic-memory",
        created.artifact_id,
        ReplaceArtifactTagsRequest(tags=["bootstrap-context"]),
        expected_etag=tags.etag,
    )
    enabled = {**event, "event_id": uuid.uuid4().hex, "enabled": True}
    ready = await client.prepare_bootstrap_context(BootstrapContextRequest.model_validate(enabled))
    check("bootstrap ready with a tagged memory", (ready.status, ready.receipt.state) == ("ready", "pending"))
    check(
        "bootstrap package digest",
        ready.content is not None
        and ready.package_digest == "sha256:" + hashlib.sha256(ready.content.encode()).hexdigest(),
    )
    check("bootstrap item", [item.artifact.artifact_id for item in ready.items] == [created.artifact_id])
    claim = {"scope_id": scope_id, "receipt_id": ready.receipt.receipt_id, "outcome": "injected"}
    claimed = await client.record_bootstrap_delivery(RecordBootstrapDeliveryRequest.model_validate(claim))
    check("bootstrap delivery injected", claimed.state == "injected")
    prepared = await client.prepare_context(
        PrepareContextRequest.model_validate(
            {"scope_id": scope_id, "query": "nightly batch window", "bootstrap_receipt_id": ready.receipt.receipt_id}
        )
    )
    check("prepare leaves out the injected memory", created.artifact_id not in (prepared.content or ""))


async def capture(client: PowerContextClient) -> None:
    scope_id = await new_scope(client, "Compat capture")
    source = {"scope_id": scope_id, "source_id": "compat-prompt-1", "content": "Use WAL mode for the store."}
    receipt = await client.capture_content_source(CaptureContentSourceRequest.model_validate(source))
    check("capture accepted", receipt.status.value == "accepted" and receipt.source.source_id == "compat-prompt-1")
    check("capture position", receipt.source.name == "content" and receipt.position >= 1)
    replay = await client.capture_content_source(CaptureContentSourceRequest.model_validate(source))
    check("capture replay keeps its position", replay.position == receipt.position)
    conflicting = CaptureContentSourceRequest.model_validate({**source, "content": "Something else."})
    await expect_error(
        "capture_content_source", 409, "source_conflict", lambda: client.capture_content_source(conflicting)
    )
    with_metadata = {**source, "source_id": "compat-prompt-2", "metadata": {"origin": "compat", "turn": 2}}
    second = await client.capture_content_source(CaptureContentSourceRequest.model_validate(with_metadata))
    check("capture positions increase", second.position > receipt.position)
    note = {
        "scope_id": scope_id,
        "source_id": "compat-note-1",
        "content": "Checked the WAL setting; it is on.",
        "session_id": "compat-session",
        "note_kind": "inspection",
    }
    noted = await client.capture_working_note(CaptureWorkingNoteRequest.model_validate(note))
    check("working note accepted", noted.source.source_id == "compat-note-1" and noted.position > second.position)


async def flush(client: PowerContextClient) -> None:
    idle_scope = await new_scope(client, "Compat flush idle")
    flushed = await client.flush_memory(FlushMemoryRequest(scope_id=idle_scope))
    check("flush idle", flushed.status == "idle" and flushed.previous_cursor == flushed.current_cursor == 0)
    pending_scope = await new_scope(client, "Compat flush pending")
    source = {"scope_id": pending_scope, "source_id": "compat-pending", "content": "A pending Source."}
    await client.capture_content_source(CaptureContentSourceRequest.model_validate(source))
    pending = FlushMemoryRequest(scope_id=pending_scope)
    await expect_error("flush_memory", 503, "inference_unavailable", lambda: client.flush_memory(pending))


async def memory_tools(client: PowerContextClient) -> None:
    """The release smoke test's steps (scripts/ci_release_smoke.py), then the same text again, a
    hybrid search without an embedder and an unknown Scope."""
    readiness = await client.get_readiness()
    check("smoke readiness", readiness.status.value in {"ready", "degraded"})
    scope_id = await new_scope(client, "Release verification")
    text = "PowerContext release verification stores and retrieves this exact memory."
    remembered = await client.remember_memory(RememberMemoryRequest(scope_id=scope_id, kind="fact", text=text))
    check("remember_memory answers the stored text", [r.text for r in remembered.records] == [text])
    record = remembered.records[0]
    check("remember_memory is a new active memory", remembered.changed and record.state.value == "active")
    check("remember_memory revision 1", (record.artifact.family, record.artifact.revision) == ("atomic-memory", 1))
    found = await client.search_memory(
        SearchMemoryRequest(scope_id=scope_id, query="release verification retrieves", mode=MemorySearchMode.FTS)
    )
    check("search_memory fts finds exactly the text", [hit.memory.text for hit in found.hits] == [text])
    check("search_memory fts reports text", found.mode.value == "text")
    check("search_memory rank-1 score", [hit.score for hit in found.hits] == [1 / 61])
    again = await client.remember_memory(RememberMemoryRequest(scope_id=scope_id, kind="fact", text=text))
    check("remember_memory does not de-duplicate", again.records[0].artifact.artifact_id != record.artifact.artifact_id)
    auto = await client.search_memory(SearchMemoryRequest(scope_id=scope_id, query="exact memory"))
    check("search_memory auto finds both", len(auto.hits) == 2 and auto.mode.value == "text")
    hybrid = SearchMemoryRequest(scope_id=scope_id, query="memory", mode=MemorySearchMode.HYBRID)
    await expect_error(
        "search_memory hybrid without an embedder", 422, "invalid_request", lambda: client.search_memory(hybrid)
    )
    await client.remember_memory(
        RememberMemoryRequest(scope_id=scope_id, kind="decision", text="Release verification runs weekly.")
    )
    decisions = await client.search_atomic_memory(
        SearchAtomicMemoryRequest(scope_id=scope_id, query="release verification", kind="decision")
    )
    check(
        "search_atomic_memory kind filter",
        [h.memory.text for h in decisions.hits] == ["Release verification runs weekly."],
    )
    check("search_atomic_memory reports text", decisions.mode.value == "text")
    facts = await client.search_atomic_memory(SearchAtomicMemoryRequest(scope_id=scope_id, query="memory", limit=1))
    check("search_atomic_memory limit", len(facts.hits) == 1 and facts.hits[0].memory.kind == "fact")
    vector = SearchAtomicMemoryRequest(scope_id=scope_id, query="memory", mode=AtomicMemorySearchMode.VECTOR)
    await expect_error(
        "search_atomic_memory vector without an embedder",
        422,
        "invalid_request",
        lambda: client.search_atomic_memory(vector),
    )
    unknown = RememberMemoryRequest(scope_id="scp_missing_compat", kind="fact", text=text)
    await expect_error("remember_memory unknown Scope", 404, "scope_not_found", lambda: client.remember_memory(unknown))


async def memory_lists(client: PowerContextClient) -> None:
    """Both listings page the same heads in artifact id order with cursors; a legacy entry target
    finds nothing (nothing was migrated) and a citation is refused."""
    scope_id = await new_scope(client, "Compat memory lists")
    made = []
    for n, kind in enumerate(["fact", "decision", "fact"]):
        remembered = await client.remember_memory(RememberMemoryRequest(scope_id=scope_id, kind=kind, text=f"list {n}"))
        made.append(remembered.records[0].artifact.artifact_id)
    first = await client.list_atomic_memories(ListAtomicMemoryRequest(scope_id=scope_id, limit=2))
    check("list_atomic_memories first page", len(first.items) == 2 and first.next_cursor is not None)
    rest = await client.list_atomic_memories(
        ListAtomicMemoryRequest(scope_id=scope_id, limit=2, cursor=first.next_cursor)
    )
    listed = [r.artifact.artifact_id for r in first.items + rest.items]
    check("list_atomic_memories pages in artifact id order", listed == sorted(made) and rest.next_cursor is None)
    facts = await client.list_atomic_memories(ListAtomicMemoryRequest(scope_id=scope_id, kind="fact"))
    check("list_atomic_memories kind", sorted(r.text for r in facts.items) == ["list 0", "list 2"])
    entries = await client.list_memory_entries(ListMemoryEntriesRequest(scope_id=scope_id, include_inactive=True))
    check("list_memory_entries", [r.artifact.artifact_id for r in entries.entries] == sorted(made))
    target = {"type": "memory_entry", "family": "memory", "artifact_id": "mem_compat", "entry_id": "e1"}
    await expect_error(
        "get_memory_entry of a target never migrated",
        404,
        "not_found",
        lambda: client.get_memory_entry(GetMemoryEntryRequest.model_validate({"scope_id": scope_id, "target": target})),
    )
    citation = GetMemoryEntryRequest.model_validate({"scope_id": scope_id, "citation": {"entry_id": "e1"}})
    await expect_error(
        "get_memory_entry citation",
        422,
        "legacy_memory_operation_unsupported",
        lambda: client.get_memory_entry(citation),
    )


async def topic_memory(client: PowerContextClient) -> None:
    """Search a topic by its title and by its detail (with the detail's snippet), then read it exactly."""
    scope_id = await new_scope(client, "Compat topic memory")
    content = {"title": "Storage engine", "summary": "Which engine we use.", "detail": "SQLite by default."}
    created = await client.create_artifact(
        scope_id, CreateArtifactRequest.model_validate({"family": "topic-memory", "content": content})
    )
    found = await client.search_topic_memory(SearchTopicMemoryRequest(scope_id=scope_id, query="engine"))
    check("search_topic_memory reports fts", found.mode.value == "fts")
    hit = found.hits[0] if found.hits else None
    check("search_topic_memory finds the title", hit is not None and hit.title == "Storage engine")
    check("search_topic_memory topic channel", hit is not None and [m.value for m in hit.matched_by] == ["topic_fts"])
    detail = await client.search_topic_memory(SearchTopicMemoryRequest(scope_id=scope_id, query="SQLite"))
    check("search_topic_memory detail snippet", [h.snippet for h in detail.hits] == ["SQLite by default."])
    reference = {"family": "topic-memory", "artifact_id": created.artifact_id, "revision": 1}
    read = await client.get_topic_memory(
        GetTopicMemoryRequest.model_validate({"scope_id": scope_id, "artifact": reference})
    )
    check("get_topic_memory detail", read.detail == "SQLite by default." and read.title == "Storage engine")
    check("get_topic_memory source_refs", [ref.name for ref in read.source_refs] == ["content"])
    missing = GetTopicMemoryRequest.model_validate({"scope_id": scope_id, "artifact": {**reference, "revision": 2}})
    await expect_error(
        "get_topic_memory missing revision", 404, "artifact_not_found", lambda: client.get_topic_memory(missing)
    )


async def tags(client: PowerContextClient) -> None:
    """Artifact tags: read, 304, replace with the read ETag, 412 with a stale one."""
    scope_id = await new_scope(client, "Compat tags")
    created = await client.create_artifact(scope_id, memory("Tags follow the artifact, not its revision."))
    artifact_id = created.artifact_id
    empty = await client.get_artifact_tags(scope_id, "atomic-memory", artifact_id)
    assert empty is not None
    check("get_artifact_tags starts empty", list(empty.tag_set.tags) == [])
    check("get_artifact_tags ETag form", empty.etag.startswith('"tags:') and len(empty.etag) == 71)
    check(
        "get_artifact_tags If-None-Match is 304",
        await client.get_artifact_tags(scope_id, "atomic-memory", artifact_id, if_none_match=empty.etag) is None,
    )
    changed = await client.replace_artifact_tags(
        scope_id,
        "atomic-memory",
        artifact_id,
        ReplaceArtifactTagsRequest(tags=["Release", "bootstrap-context"]),
        expected_etag=empty.etag,
    )
    labels = [getattr(tag, "root", tag) for tag in changed.tag_set.tags]
    check("replace_artifact_tags orders by key", labels == ["bootstrap-context", "Release"])
    check("replace_artifact_tags new ETag", changed.etag != empty.etag)
    stale = ReplaceArtifactTagsRequest(tags=[])
    await expect_error(
        "replace_artifact_tags stale ETag",
        412,
        "tag_precondition_failed",
        lambda: client.replace_artifact_tags(scope_id, "atomic-memory", artifact_id, stale, expected_etag=empty.etag),
    )
    await client.create_artifact(scope_id, memory("Untagged artifact tags note.", "fact"))
    found = await client.search_memory(
        SearchMemoryRequest.model_validate(
            {
                "scope_id": scope_id,
                "query": "tags artifact",
                "mode": "fts",
                "tag_filter": {"tags": ["BOOTSTRAP-CONTEXT"], "match": "all"},
            }
        )
    )
    check("search_memory tag filter", [hit.memory.artifact.artifact_id for hit in found.hits] == [artifact_id])
    atomic = await client.search_atomic_memory(
        SearchAtomicMemoryRequest.model_validate(
            {"scope_id": scope_id, "query": "tags artifact", "tags": ["release", "other"], "tag_match": "any"}
        )
    )
    check("search_atomic_memory tags", [hit.memory.artifact.artifact_id for hit in atomic.hits] == [artifact_id])


async def stats(client: PowerContextClient) -> None:
    scope_id = await new_scope(client, "Compat stats")
    await client.create_artifact(scope_id, memory("Stats count every prepare of the day."))
    await client.prepare_context(PrepareContextRequest(scope_id=scope_id, query="prepare"))
    exact = GetStatsRequest.model_validate({"selection": {"mode": "exact", "scope_ids": [scope_id]}, "period": "today"})
    today = await client.get_stats(exact)
    check("get_stats exact today", today.scope_ids == [scope_id])
    totals = today.recall.totals
    check("get_stats counts the prepare", (totals.preparations, totals.ready_preparations) == (1, 1))
    for selection, period in (({"mode": "all"}, "7d"), ({"mode": "subtree", "root_scope_id": scope_id}, "30d")):
        request = GetStatsRequest.model_validate({"selection": selection, "period": period})
        check(f"get_stats {selection['mode']} {period}", scope_id in (await client.get_stats(request)).scope_ids)
    unknown = GetStatsRequest.model_validate({"selection": {"mode": "exact", "scope_ids": ["scp_does_not_exist"]}})
    await expect_error("get_stats", 404, "scope_not_found", lambda: client.get_stats(unknown))


async def run(base_url: str, trace: Trace | None = None) -> list[str]:
    groups: list[tuple[str, Callable[[PowerContextClient], Awaitable[None]]]] = [
        ("health", health),
        ("scopes", scopes),
        ("default scope and bindings", default_scope_and_bindings),
        ("artifacts", artifacts),
        ("prepare", prepare),
        ("prepare requests", prepare_requests),
        ("capabilities and server info", service),
        ("bootstrap", bootstrap),
        ("capture", capture),
        ("flush", flush),
        ("work records", lambda client: work_records(client, new_scope, check, expect_error)),
        ("handoffs", lambda client: handoffs(client, new_scope, check, expect_error)),
        ("stats", stats),
        ("memory tools", memory_tools),
        ("memory lists", memory_lists),
        ("topic memory", topic_memory),
        ("tags", tags),
        ("code", lambda client: code(client, base_url, new_scope, check, attempt, expect_error)),
        ("review", lambda client: review(client, check, expect_error)),
        ("legacy memory", lambda client: legacy_memory(client, check, expect_error)),
        ("artifact handles", lambda client: artifact_handles(client, check, expect_error)),
    ]
    # the group modules beside this file (``*_client_check.py``): each group takes the two recorders
    more = [*SOURCE_GROUPS, *REPORT_GROUPS, *HANDOFF_GENERATION_GROUPS, *SELECTION_GROUPS, *ARTIFACT_QUERY_GROUPS]
    more += [*PARITY_GROUPS, *PROFILE_GROUPS, *ACCESS_GROUPS, *SKILL_GROUPS, *DREAM_GROUPS, *SKILL_GOVERNANCE_GROUPS]
    more += [*REMOTE_SKILL_GROUPS, *PROFILE_FLUSH_GROUPS, *ARTIFACT_SEARCH_GROUPS]
    groups += [(name, lambda client, group=group: group(client, check, expect_error)) for name, group in more]
    failures = []
    http_client = None if trace is None else trace.client()
    async with PowerContextClient(base_url, http_client=http_client) as client:
        for name, group in groups:
            if trace is not None:
                trace.group = name
            try:
                await group(client)
            except Exception as error:
                failures.append(f"{name}: {type(error).__name__}: {error}")
                traceback.print_exc(file=sys.stderr)
    return failures


def main() -> int:
    arguments = sys.argv[1:]
    if len(arguments) not in (1, 3) or (len(arguments) == 3 and arguments[1] != "--trace"):
        print("usage: official_client_check.py BASE_URL [--trace FILE]", file=sys.stderr)
        return 2
    trace = Trace() if len(arguments) == 3 else None
    errors = asyncio.run(run(arguments[0], trace))
    if trace is not None:
        trace.write(Path(arguments[2]))
    print(f"official client check: {len(CHECKS)} checks passed, {len(FAILED)} failed, {len(errors)} groups ended early")
    for name in FAILED:
        print(f"  FAILED {name}")
    for error in errors:
        print(f"  ENDED  {error}")
    return 1 if FAILED or errors else 0


if __name__ == "__main__":
    sys.exit(main())
