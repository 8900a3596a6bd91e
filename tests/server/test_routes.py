"""The happy path of every operation, through the AsyncClient against the real server.

``test_every_operation_is_exercised`` keeps this file honest: each operation of the generated
table must appear in ``EXERCISED``, and each test (here or in ``test_routes_services.py``) adds the
ones it calls.
"""

from __future__ import annotations

import hashlib
import uuid
from pathlib import Path
from typing import Any

import pytest
from _support import work_requests
from _support.client_calls import new_memory
from _support.external_skills import package_base64
from _support.servers import readiness_checks
from _support.skill_governance import usage

from pcreceipt.client import ApiResponseError, AsyncClient
from pcreceipt.config import ExternalSkillsSettings
from pcreceipt.models import (
    OPERATIONS,
    ArtifactReference,
    AtomicMemoryContent,
    CodeQueryResult,
    CodeStatus,
    HandoffReportResponse,
    ProfileContent,
    TopicMemoryContent,
)

pytestmark = pytest.mark.anyio

EXERCISED = {
    "test_scopes": ["create_scope", "list_scopes", "get_scope"],
    "test_update_scope": ["update_scope"],
    "test_scope_selection": ["resolve_scope_selection"],
    "test_scope_bindings": [
        "get_default_scope",
        "set_default_scope",
        "resolve_scope_binding",
        "set_scope_binding",
        "clear_scope_binding",
    ],
    "test_artifacts": [
        "create_artifact",
        "get_artifact",
        "replace_artifact",
        "get_artifact_revision",
        "list_artifacts",
        "list_artifact_revisions",
    ],
    "test_import": ["import_artifacts"],
    "test_lifecycle": ["get_atomic_memory_state", "change_atomic_memory_lifecycle", "merge_atomic_memories"],
    "test_code": ["index_code_workspace", "get_code_workspace", "query_code", "read_code"],
    "test_health": ["get_liveness", "get_readiness"],
    "test_prepare_empty": ["prepare_context"],
    "test_service": [
        "get_capabilities",
        "get_server_info",
        "prepare_bootstrap_context",
        "record_bootstrap_delivery",
        "flush_memory",
    ],
    "test_sources_and_stats": ["capture_content_source", "capture_working_note", "get_stats"],
    "test_memory_tools": ["remember_memory", "search_memory", "search_atomic_memory"],
    "test_memory_lists": ["list_atomic_memories", "list_memory_entries", "get_memory_entry"],
    "test_topic_memory": ["search_topic_memory", "get_topic_memory"],
    "test_artifact_tags": ["get_artifact_tags", "replace_artifact_tags", "query_artifact_tags"],
    "test_search_artifacts": ["search_artifacts"],
    "test_legacy_memory_collection": [
        "get_memory_capacity",
        "revise_memory_entry",
        "retire_memory_entry",
        "list_memory_changes",
        "get_memory_entry_tags",
        "replace_memory_entry_tags",
    ],
    "test_artifact_handles": ["bind_artifact_handle", "resolve_artifact_handle"],
    "test_connector_checkpoints": ["get_connector_checkpoint", "commit_connector_checkpoint"],
    "test_prompt_configuration": ["get_prompt_configuration", "generate_prompt_demonstrations"],
    "test_profile_policy": ["get_profile_policy", "put_profile_policy"],
    "test_profile_flush": ["flush_profile"],
    "test_topic_memory_processing": [
        "get_topic_memory_processing_status",
        "get_topic_memory_processing_block",
        "flush_topic_memory",
        "retry_topic_memory_processing",
    ],
    "test_source_records": [
        "get_source",
        "list_sources",
        "create_source",
        "create_subject_source",
        "register_source_definition",
        "submit_source_observation",
    ],
    "test_restoration_and_publication": [
        "preview_atomic_memory_restoration",
        "restore_atomic_memory",
        "publish_artifact",
    ],
    "test_work_and_handoffs": [
        "create_work_contract",
        "record_task_outcome",
        "handoff_current_work",
        "finalize_handoff",
        "commit_handoff",
        "continue_handoff",
        "acknowledge_handoff",
        "prepare_handoff_hint",
        "get_handoff_report",
    ],
    "test_review": [
        "propose_experience",
        "propose_skill",
        "get_experience",
        "get_skill",
        "list_managed_skills",
        "list_candidates",
        "get_candidate",
        "get_candidate_history",
        "approve_candidate",
        "reject_candidate",
        "revise_candidate",
        "generate_experience",
        "generate_skill",
    ],
    "test_handoff_generation": ["prepare_handoff", "activate_handoff"],
    "test_dream": ["create_dream_run", "get_dream_run", "list_dream_runs"],
    "test_access": [
        "get_access_principal",
        "list_access_roles",
        "list_access_resources",
        "list_access_bindings",
        "create_access_binding",
        "replace_access_binding",
        "revoke_access_binding",
        "list_access_audit",
        "check_access",
    ],
    "test_external_skills": [
        "scan_external_skills",
        "list_external_skills",
        "resolve_external_skill",
        "import_external_skill",
        "propose_skill_package",
        "get_skill_package_manifest",
        "download_skill_package",
        "update_skill_lifecycle",
        "record_skill_usage",
    ],
    "test_remote_skill_targets": [
        "list_remote_skill_targets",
        "create_remote_skill_target",
        "enroll_remote_skill_target",
        "rename_remote_skill_target",
        "revoke_remote_skill_target",
    ],
    "test_remote_skill_publications": ["publish_remote_skill", "unpublish_remote_skill"],
    "test_remote_skill_receiver": [
        "reconcile_remote_skills",
        "download_remote_skill_package",
        "record_remote_skill_receipt",
    ],
}


def test_every_operation_is_exercised() -> None:
    exercised = {op for ops in EXERCISED.values() for op in ops}
    assert exercised == {op.operation_id for op in OPERATIONS}


def test_the_client_has_a_method_per_operation() -> None:
    missing = [op.operation_id for op in OPERATIONS if not callable(getattr(AsyncClient, op.operation_id, None))]
    assert missing == []


async def test_scope_selection(client: AsyncClient) -> None:
    key = uuid.uuid4().hex
    root = await client.create_scope({"title": "Root", "summary": "A tree", "idempotency_key": key})
    child = await client.create_scope(
        {"title": "Child", "summary": "A leaf", "idempotency_key": key + "c", "parent_scope_id": root.scope_id}
    )
    resolved = await client.resolve_scope_selection({"selection": {"mode": "subtree", "root_scope_id": root.scope_id}})
    assert resolved.items == [root, child] and resolved.next_cursor is None


async def test_scopes(client: AsyncClient) -> None:
    key = uuid.uuid4().hex
    base = await client.create_scope({"title": "Base", "summary": "Shared conventions", "idempotency_key": key + "b"})
    request = {
        "title": "Payments",
        "summary": "The payments service",
        "idempotency_key": key,
        "context_references": [base.scope_id],
        "external_references": [{"kind": "repo", "value": "git@example.invalid:payments"}],
    }
    scope = await client.create_scope(request)
    assert scope.title == "Payments" and scope.version == 1 and scope.parent_scope_id is None
    assert [r.root for r in scope.context_references] == [base.scope_id]
    assert (await client.create_scope(request)).scope_id == scope.scope_id  # same key, same Scope
    assert await client.get_scope(scope.scope_id) == scope

    listed = [s.scope_id async for s in client.iter_scopes(page_size=1)]
    assert {base.scope_id, scope.scope_id} <= set(listed)
    assert listed == sorted(listed) and len(listed) == len(set(listed))
    first = await client.list_scopes(limit=1)
    assert len(first.items) == 1 and first.next_cursor is not None


async def test_update_scope(client: AsyncClient) -> None:
    key = uuid.uuid4().hex
    parent = await client.create_scope({"title": "Parent", "summary": "Above", "idempotency_key": key + "p"})
    request = {
        "title": "Child",
        "summary": "Below",
        "idempotency_key": key,
        "external_references": [{"kind": "repo", "value": "r"}],
    }
    scope = await client.create_scope(request)
    update = {
        "expected_version": 1,
        "title": "Child v2",
        "summary": "Still below",
        "parent_scope_id": parent.scope_id,
        "context_references": [parent.scope_id],
    }
    updated = await client.update_scope(scope.scope_id, update)
    assert (updated.title, updated.summary, updated.version) == ("Child v2", "Still below", 2)
    assert updated.parent_scope_id is not None and updated.parent_scope_id.root == parent.scope_id
    assert [r.root for r in updated.context_references] == [parent.scope_id]
    assert updated.external_references == []  # PUT: an absent list is cleared
    assert await client.get_scope(scope.scope_id) == updated
    with pytest.raises(ApiResponseError) as stale:
        await client.update_scope(scope.scope_id, update)
    assert (stale.value.status, stale.value.code) == (409, "scope_version_conflict")
    assert stale.value.details == {"expected_version": 1, "current_version": 2}
    cycle = {"expected_version": 1, "title": "P", "summary": "S", "parent_scope_id": scope.scope_id}
    with pytest.raises(ApiResponseError) as refused:
        await client.update_scope(parent.scope_id, cycle)
    assert (refused.value.status, refused.value.code) == (422, "invalid_scope_relationship")
    assert refused.value.details == {"relationship": "Parent", "issue": "relationships must be acyclic"}
    assert (await client.get_scope(parent.scope_id)).version == 1  # nothing half-written


async def test_scope_bindings(client: AsyncClient, scope_id: str) -> None:
    default = await client.get_default_scope()
    assert (default.title, default.summary) == ("Default", "Default context")
    assert await client.resolve_scope_binding() == default
    key = {"integration": "routes-test", "kind": "workspace", "external_id": uuid.uuid4().hex}
    bound = await client.set_scope_binding({"key": key, "scope_id": scope_id})
    assert bound.model_dump(mode="json") == {"key": key, "scope_id": scope_id}
    assert (await client.resolve_scope_binding({"binding_keys": [key]})).scope_id == scope_id
    assert (await client.clear_scope_binding({"key": key})).cleared is True
    assert (await client.clear_scope_binding({"key": key})).cleared is False
    assert (await client.resolve_scope_binding({"binding_keys": [key]})).scope_id == default.scope_id
    # The session server is shared: set the default to itself, which changes nothing.
    assert await client.set_default_scope({"scope_id": default.scope_id}) == default


async def test_artifacts(client: AsyncClient, scope_id: str) -> None:
    created = await client.create_artifact(
        scope_id, {"family": "atomic-memory", "content": {"kind": "decision", "text": "We chose SQLite."}}
    )
    artifact_id = created.value.artifact_id
    assert created.value.revision == 1 and created.etag == '"revision:1"'
    assert created.location == f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}"

    head = await client.get_artifact(scope_id, "atomic-memory", artifact_id)
    assert head is not None and head.etag == '"revision:1"'
    assert isinstance(head.value.content, AtomicMemoryContent)
    assert head.value.content.schema_ == "powercontext.atomic-memory.v1"
    assert head.value.content_digest.startswith("sha256:") and head.value.content.creation is None
    [source] = head.value.sources
    assert source.source_type == "content" and source.source_id.startswith("src_")
    assert created.value.sources == head.value.sources and head.value.artifacts == []
    assert (head.value.created_by, head.value.restored_from_revision, head.value.reason) == (None, None, None)

    replaced = await client.replace_artifact(
        scope_id,
        "atomic-memory",
        artifact_id,
        {"content": {"kind": "decision", "text": "We chose SQLite, in WAL mode."}},
        expected_etag=head.etag,
    )
    assert replaced.value.revision == 2 and replaced.etag == '"revision:2"'
    assert [a.model_dump() for a in replaced.value.artifacts] == [
        {"family": "atomic-memory", "artifact_id": artifact_id, "revision": 1}
    ]
    assert len(replaced.value.sources) == 1 and replaced.value.sources != head.value.sources

    first = await client.get_artifact_revision(scope_id, "atomic-memory", artifact_id, 1)
    assert isinstance(first.content, AtomicMemoryContent) and first.content.text == "We chose SQLite."

    listed = await client.list_artifacts(scope_id, "atomic-memory")
    assert [(item.artifact_id, item.revision) for item in listed.items] == [(artifact_id, 2)]
    assert listed.items[0].content_digest == replaced.value.content_digest and listed.next_cursor is None

    history = await client.list_artifact_revisions(scope_id, "atomic-memory", artifact_id, limit=1)
    assert [item.revision for item in history.items] == [2] and history.next_cursor is not None
    older = await client.list_artifact_revisions(
        scope_id, "atomic-memory", artifact_id, limit=1, cursor=history.next_cursor.root
    )
    assert [item.revision for item in older.items] == [1] and older.next_cursor is None
    assert history.items[0] == listed.items[0]

    topic = await client.create_artifact(
        scope_id,
        {"family": "topic-memory", "content": {"title": "Storage", "summary": "SQLite", "detail": "WAL, FTS5"}},
    )
    topic_head = await client.get_artifact(scope_id, "topic-memory", topic.value.artifact_id)
    assert topic_head is not None and isinstance(topic_head.value.content, TopicMemoryContent)

    profile = await client.create_artifact(scope_id, {"family": "profile", "content": {"content": "Python 3.11"}})
    again = await client.create_artifact(scope_id, {"family": "profile", "content": {"content": "Python 3.12"}})
    assert again.value.artifact_id == profile.value.artifact_id and again.value.revision == 2
    profile_head = await client.get_artifact(scope_id, "profile", profile.value.artifact_id)
    assert profile_head is not None and isinstance(profile_head.value.content, ProfileContent)

    experience = {"situation": "CI slow", "action": "cached wheels", "outcome": "faster", "lesson": "cache early"}
    made = await client.create_artifact(scope_id, {"family": "experience", "content": experience})
    assert made.value.family == "experience"


async def test_import(client: AsyncClient, scope_id: str) -> None:
    items = [{"family": "atomic-memory", "content": {"kind": "fact", "text": f"fact {n}"}} for n in range(5)]
    response = await client.import_artifacts(scope_id, {"items": items})
    assert [ref.revision for ref in response.created] == [1] * 5
    assert len({ref.artifact_id for ref in response.created}) == 5
    head = await client.get_artifact(scope_id, "atomic-memory", response.created[3].artifact_id)
    assert head is not None and isinstance(head.value.content, AtomicMemoryContent)
    assert head.value.content.text == "fact 3"


async def test_artifact_tags(client: AsyncClient, scope_id: str) -> None:
    artifact_id = await new_memory(client, scope_id, "tagged")
    empty = await client.get_artifact_tags(scope_id, "atomic-memory", artifact_id)
    assert empty.value.tags == [] and empty.etag.startswith('"tags:')
    assert empty.value.target.artifact_id == artifact_id and empty.value.target.family == "atomic-memory"
    assert await client.get_artifact_tags(scope_id, "atomic-memory", artifact_id, if_none_match=empty.etag) is None
    changed = await client.replace_artifact_tags(
        scope_id, "atomic-memory", artifact_id, {"tags": ["Release", "bootstrap-context"]}, expected_etag=empty.etag
    )
    assert [tag.root for tag in changed.value.tags] == ["bootstrap-context", "Release"] and changed.etag != empty.etag
    again = await client.get_artifact_tags(scope_id, "atomic-memory", artifact_id)
    assert again.value == changed.value and again.etag == changed.etag
    found = await client.query_artifact_tags(scope_id, {"tags": ["release"], "families": ["atomic-memory"]})
    assert found.next_cursor is None and len(found.items) == 1
    item = found.items[0].model_dump(mode="json")
    assert item["reference"] == {"family": "atomic-memory", "artifact_id": artifact_id, "revision": 1}
    assert item["tags"] == ["bootstrap-context", "Release"]


async def test_search_artifacts(client: AsyncClient, scope_id: str) -> None:
    artifact_id = await new_memory(client, scope_id, "searchable release notes")
    found = await client.search_artifacts(scope_id, "atomic-memory", {"query": "release", "include_scores": True})
    results = found.model_dump(mode="json")["results"]
    assert [(item["artifact_id"], item["revision"]) for item in results] == [(artifact_id, 1)]
    assert results[0]["scores"]["retrieval"] == 1.0


async def test_lifecycle(client: AsyncClient, scope_id: str) -> None:
    a, b, c = [await new_memory(client, scope_id, text) for text in ("alpha", "beta", "gamma")]
    state = await client.get_atomic_memory_state(scope_id, a)
    assert state.etag == '"revision:1:state:0"'
    assert await client.get_atomic_memory_state(scope_id, a, if_none_match=state.etag) is None
    assert state.value.state == "active" and state.value.state_version == 0 and state.value.merged_into_id is None

    forgotten = await client.change_atomic_memory_lifecycle(
        {
            "scope_id": scope_id,
            "target": {"artifact": state.value.artifact.model_dump(), "state_version": 0},
            "state": "forgotten",
        }
    )
    assert forgotten.changed and forgotten.records[0].state == "forgotten"
    assert forgotten.records[0].state_version == 1

    inputs = []
    for artifact_id in (b, c):
        view = (await client.get_atomic_memory_state(scope_id, artifact_id)).value
        inputs.append({"artifact": view.artifact.model_dump(), "state_version": view.state_version})
    merged = await client.merge_atomic_memories(
        {"scope_id": scope_id, "inputs": inputs, "content": {"kind": "fact", "text": "beta and gamma"}}
    )
    assert merged.changed
    assert [r.state for r in merged.records] == ["merged", "merged", "active"]
    result_id = merged.records[-1].artifact.artifact_id
    assert all(r.merged_into_id is not None and r.merged_into_id.root == result_id for r in merged.records[:2])

    result = (await client.get_atomic_memory_state(scope_id, result_id)).value
    retired = await client.change_atomic_memory_lifecycle(
        {
            "scope_id": scope_id,
            "target": {"artifact": result.artifact.model_dump(), "state_version": result.state_version},
            "state": "retired",
        }
    )
    assert retired.records[0].state == "retired"
    # exact reads never follow the lifecycle
    old = await client.get_artifact_revision(scope_id, "atomic-memory", b, 1)
    assert isinstance(old.content, AtomicMemoryContent) and old.content.text == "beta"
    made = await client.get_artifact_revision(scope_id, "atomic-memory", result_id, 1)
    assert isinstance(made.content, AtomicMemoryContent) and made.content.creation is not None
    assert [i.root for i in made.content.creation.input_artifact_ids] == [b, c]
    assert [r.artifact_id for r in made.artifacts] == [b, c] and made.sources == []


async def test_code(client: AsyncClient, scope_id: str) -> None:
    source = "\n".join(f"def handler_{n}():\n    return {n}" for n in range(150)) + "\n"
    files = [{"path": "src/app.py", "content": source}, {"path": "README.md", "content": "# Payments\nuses SQLite\n"}]
    workspace = await client.index_code_workspace(scope_id, {"files": files, "skipped": 2})
    assert workspace.files == 2 and workspace.skipped == 2 and workspace.lines == 302
    assert await client.get_code_workspace(scope_id) == workspace

    status = await client.query_code(scope_id, {"operation": {"kind": "status"}})
    assert isinstance(status, CodeStatus) and status.status == "ready"
    assert status.model_dump(mode="json")["fingerprint"] == workspace.fingerprint
    found = await client.query_code(scope_id, {"operation": {"kind": "explore", "query": "handler_42", "limit": 3}})
    assert isinstance(found, CodeQueryResult) and found.items and found.items[0].path == "src/app.py"
    hit = found.items[0]
    assert hit.snippet_sha256 == hashlib.sha256(hit.content.encode()).hexdigest()
    file_sha256 = hashlib.sha256(source.encode()).hexdigest()
    read = {"kind": "read", "path": "src/app.py", "file_sha256": file_sha256, "start_line": 85, "end_line": 86}
    lines = await client.query_code(scope_id, {"operation": read, "expected_fingerprint": workspace.fingerprint})
    assert isinstance(lines, CodeQueryResult) and lines.items[0].content == "def handler_42():\n    return 42\n"

    exact = await client.read_code(
        scope_id, workspace.fingerprint, file_sha256, path="src/app.py", start_line=85, end_line=86
    )
    assert exact.lines == ["def handler_42():", "    return 42"]
    assert exact.evidence.file_sha256 == file_sha256 and exact.evidence.start_line == 85


async def test_health(client: AsyncClient) -> None:
    assert (await client.get_liveness()).status == "ok"
    ready = await client.health()
    assert ready.status == "ready" and ready.checks == readiness_checks()


async def test_prepare_empty(client: AsyncClient, scope_id: str) -> None:
    """A Scope with nothing in it prepares ``empty`` with exactly the four keys."""
    prepared = await client.prepare_context({"scope_id": scope_id, "query": "anything at all"})
    assert prepared.status == "empty" and prepared.content is None and prepared.content_bytes == 0
    assert prepared.model_fields_set == {"schema_", "status", "content", "content_bytes"}


async def test_service(client: AsyncClient, scope_id: str) -> None:
    """Capabilities and server info as pcreceipt is; a disabled bootstrap and an idle flush."""
    capabilities = await client.get_capabilities()
    assert capabilities.memory_extraction is False and capabilities.handoff_generation is False
    assert capabilities.context_versions == ["powercontext.prepared-context.v1"]
    assert capabilities.search_modes[:2] == ["auto", "fts"]
    info = await client.get_server_info()
    assert info.server_id == (await client.get_server_info()).server_id
    request = {"scope_id": scope_id, "lifecycle": "startup", "integration": "codex", "event_id": uuid.uuid4().hex}
    package = await client.prepare_bootstrap_context(request)
    assert (package.status, package.reason, package.receipt.state) == ("skipped", "disabled", "skipped")
    assert package.receipt.receipt_id.startswith("bcr_")
    delivery = {"scope_id": scope_id, "receipt_id": package.receipt.receipt_id, "outcome": "failed"}
    assert (await client.record_bootstrap_delivery(delivery)).state == "skipped"
    flushed = await client.flush_memory({"scope_id": scope_id})
    assert flushed.status == "idle" and flushed.previous_cursor == flushed.current_cursor == flushed.high_watermark == 0


async def test_sources_and_stats(client: AsyncClient, scope_id: str) -> None:
    """Two captures and a replay, a Working Note, a prepare, and the statistics that count them."""
    await client.create_artifact(scope_id, {"family": "atomic-memory", "content": {"kind": "fact", "text": "WAL"}})
    request = {"scope_id": scope_id, "source_id": "routes-1", "content": "Why WAL?", "metadata": {"origin": "routes"}}
    first = await client.capture_content_source(request)
    assert (first.status, first.source.name, first.source.source_id, first.position) == (
        "accepted",
        "content",
        "routes-1",
        2,
    )
    assert await client.capture_content_source(request) == first
    note = await client.capture_working_note(
        {
            "scope_id": scope_id,
            "source_id": "routes-note",
            "content": "checked the WAL pragma",
            "session_id": "s1",
            "note_kind": "inspection",
            "expires_at": "2999-01-01T00:00:00+02:00",
        }
    )
    assert note.position == 3 and note.source.name == "content"
    await client.prepare_context({"scope_id": scope_id, "query": "WAL"})
    stats = await client.get_stats({"selection": {"mode": "exact", "scope_ids": [scope_id]}, "period": "today"})
    assert [s.root for s in stats.scope_ids] == [scope_id] and len(stats.by_scope) == 1
    assert stats.inventory.sources.total == 3 and stats.inventory.sources.memory_pending == 3
    assert stats.recall.totals.preparations == 1 and stats.recall.totals.ready_preparations == 1
    assert stats.recall.totals.comparable_preparations == 1 and len(stats.recall.daily) == 1
    assert stats.recall.estimator.estimator_id == "character:weighted"


async def test_memory_tools(client: AsyncClient, scope_id: str) -> None:
    """The release smoke test's steps: remember a sentence, then find exactly it by full text."""
    text = "PowerContext release verification stores and retrieves this exact memory."
    remembered = await client.remember_memory({"scope_id": scope_id, "kind": "fact", "text": text})
    assert remembered.changed and [r.text for r in remembered.records] == [text]
    record = remembered.records[0]
    assert (record.state, record.state_version, record.merged_into_id) == ("active", 0, None)
    assert (record.artifact.family, record.artifact.revision) == ("atomic-memory", 1)
    found = await client.search_memory({"scope_id": scope_id, "query": "release verification retrieves", "mode": "fts"})
    assert found.mode == "text" and [hit.memory.text for hit in found.hits] == [text]
    assert found.hits[0].memory == record and found.hits[0].matched_by == ["text"]
    assert found.hits[0].score == 1 / 61
    await client.remember_memory({"scope_id": scope_id, "kind": "decision", "text": "Release verification is weekly."})
    decisions = await client.search_atomic_memory({"scope_id": scope_id, "query": "release", "kind": "decision"})
    assert decisions.mode == "text" and [h.memory.kind for h in decisions.hits] == ["decision"]
    assert decisions.hits[0].score == 1 / 61


async def test_memory_lists(client: AsyncClient, scope_id: str) -> None:
    """Both listings page the same heads in artifact id order; a legacy entry was never migrated."""
    made = [
        (await client.remember_memory({"scope_id": scope_id, "kind": kind, "text": f"memory {n}"})).records[0]
        for n, kind in enumerate(["fact", "decision", "fact"])
    ]
    first = await client.list_atomic_memories({"scope_id": scope_id, "limit": 2})
    assert len(first.items) == 2 and first.next_cursor is not None
    rest = await client.list_atomic_memories({"scope_id": scope_id, "limit": 2, "cursor": first.next_cursor.root})
    assert rest.next_cursor is None
    assert [r.artifact.artifact_id for r in first.items + rest.items] == sorted(r.artifact.artifact_id for r in made)
    facts = await client.list_atomic_memories({"scope_id": scope_id, "kind": "fact"})
    assert sorted(r.text for r in facts.items) == ["memory 0", "memory 2"]
    entries = await client.list_memory_entries({"scope_id": scope_id, "include_inactive": True})
    assert entries.entries == first.items + rest.items and entries.next_cursor is None
    target = {"type": "memory_entry", "family": "memory", "artifact_id": "mem_1", "entry_id": "e1"}
    with pytest.raises(ApiResponseError) as raised:
        await client.get_memory_entry({"scope_id": scope_id, "target": target})
    assert (raised.value.status, raised.value.code) == (404, "not_found")


async def test_legacy_memory_collection(client: AsyncClient, scope_id: str) -> None:
    """The legacy Memory collection operations answer as 1.4.1 answers them: always 422."""
    citation = {"entry_id": "e1"}
    calls = [
        client.get_memory_capacity({"scope_id": scope_id}),
        client.revise_memory_entry({"scope_id": scope_id, "citation": citation, "kind": "fact", "text": "t"}),
        client.retire_memory_entry({"scope_id": scope_id, "citation": citation}),
        client.list_memory_changes({"scope_id": scope_id, "since_revision": 0}),
        client.get_memory_entry_tags(scope_id, "mem_1", "e1"),
        client.replace_memory_entry_tags(scope_id, "mem_1", "e1", {"tags": []}, expected_etag='"t"'),
    ]
    for call in calls:
        with pytest.raises(ApiResponseError) as raised:
            await call
        assert (raised.value.status, raised.value.code) == (422, "legacy_memory_operation_unsupported")


async def test_restoration_and_publication(client: AsyncClient, scope_id: str) -> None:
    """A forgotten memory previewed and restored with the preview's token; a topic published to a
    second Scope as a new artifact there."""
    forgotten = await new_memory(client, scope_id, "restore me")
    await client.change_atomic_memory_lifecycle(
        {
            "scope_id": scope_id,
            "target": {
                "artifact": {"family": "atomic-memory", "artifact_id": forgotten, "revision": 1},
                "state_version": 0,
            },
            "state": "forgotten",
        }
    )
    request = {"scope_id": scope_id, "target": {"artifact_id": forgotten}}
    preview = await client.preview_atomic_memory_restoration(request)
    assert [step.artifact_id for step in preview.restore] == [forgotten]
    restored = await client.restore_atomic_memory({**request, "preview_token": preview.preview_token})
    assert restored.changed and [(r.artifact_id, r.revision) for r in restored.restored] == [(forgotten, 2)]
    assert (await client.get_atomic_memory_state(scope_id, forgotten)).value.state == "active"

    content = {"title": "Release notes", "summary": "How we ship.", "detail": "Tag, then publish."}
    topic = (await client.create_artifact(scope_id, {"family": "topic-memory", "content": content})).value
    target = await client.create_scope(
        {"title": "Shared", "summary": "Published topics", "idempotency_key": uuid.uuid4().hex}
    )
    source = {
        "scope_id": scope_id,
        "artifact": {"family": "topic-memory", "artifact_id": topic.artifact_id, "revision": 1},
    }
    published = await client.publish_artifact(
        {"source": source, "target_scope_id": target.scope_id, "idempotency_key": "routes"}
    )
    copy = published.target.artifact
    assert published.target.scope_id == target.scope_id and copy.revision == 1
    read = await client.get_artifact(target.scope_id, "topic-memory", copy.artifact_id)
    assert read.value.content.model_dump() == content


async def test_topic_memory(client: AsyncClient, scope_id: str) -> None:
    """Search finds a topic by title and detail (with the detail's snippet); get reads it exactly."""
    content = {"title": "Storage engine", "summary": "Which engine we use.", "detail": "SQLite by default."}
    created = (await client.create_artifact(scope_id, {"family": "topic-memory", "content": content})).value
    found = await client.search_topic_memory({"scope_id": scope_id, "query": "engine"})
    assert isinstance(found.hits[0].artifact, ArtifactReference)
    assert found.mode == "fts" and len(found.hits) == 1
    hit = found.hits[0]
    assert (hit.artifact.artifact_id, hit.title, hit.matched_by) == (
        created.artifact_id,
        "Storage engine",
        ["topic_fts"],
    )
    assert hit.snippet is None and hit.score == 0.5
    detail = await client.search_topic_memory({"scope_id": scope_id, "query": "SQLite"})
    assert detail.hits[0].matched_by == ["detail_fts"] and detail.hits[0].snippet == "SQLite by default."
    read = await client.get_topic_memory({"scope_id": scope_id, "artifact": hit.artifact.model_dump(mode="json")})
    assert (read.artifact, read.detail) == (hit.artifact, "SQLite by default.")
    assert [ref.name for ref in read.source_refs] == ["content"]


async def test_work_and_handoffs(client: AsyncClient, scope_id: str) -> None:
    """A Work Contract, the current work handed off, committed, continued, hinted and accepted, and the
    Task Outcome that covers the accepted exact Handoff."""
    contract = work_requests.work_contract(scope_id)
    recorded = await client.create_work_contract(contract)
    assert recorded.kind == "work-contract" and await client.create_work_contract(contract) == recorded
    handed = await client.handoff_current_work(work_requests.current_work(scope_id))
    assert handed.boundary.kind == "handoff-boundary" and handed.handoff.base is None
    draft = handed.handoff.content.model_dump(mode="json", by_alias=True)
    draft.pop("schema")
    prepared = await client.finalize_handoff({"scope_id": scope_id, "draft": draft})
    assert prepared.content == handed.handoff.content
    carried = prepared.model_dump(mode="json", by_alias=True)
    committed = await client.commit_handoff({"scope_id": scope_id, "handoff": carried})
    assert committed.reference.revision == 1 and committed.reference.family == "handoff"
    latest = await client.continue_handoff({"scope_id": scope_id, "selection": "latest"})
    assert latest.status == "resolved" and latest.selected_revision == committed.reference
    selection = {"mode": "exact", "scope_ids": [scope_id]}
    report = await client.get_handoff_report({"selection": selection})
    assert isinstance(report, HandoffReportResponse) and report.report is not None
    (entry,) = report.report.scopes
    assert entry.handoff is not None and entry.handoff.artifact == committed.reference
    assert entry.status == prepared.content.disposition
    markdown = await client.get_handoff_report({"selection": selection, "format": "markdown"})
    assert isinstance(markdown, str) and markdown.startswith("# Handoff Report\n")
    document = await client.download_handoff_report({"selection": selection, "format": "markdown"})
    assert document.startswith(b"# Handoff Report\n") and report.selection_digest.encode() in document
    hint = await client.prepare_handoff_hint({"scope_id": scope_id, "selection": "latest", "max_bytes": 4000})
    assert hint.status == "ready"
    checks = {"live_state": "confirmed", "capability": "confirmed", "authorization": "confirmed"}
    exact = committed.reference.model_dump(mode="json")
    receipt = {"scope_id": scope_id, "source_id": "routes-receipt", "receiver": "routes", "status": "accepted"}
    acknowledged = await client.acknowledge_handoff(
        receipt | {"selection": "exact", "revision": exact, "receiver_checks": checks}
    )
    assert acknowledged.receipt.kind == "handoff-receipt"
    outcome = work_requests.task_outcome(scope_id)
    outcome["outcome"]["handoff_receipt_ref"] = {"name": "content", "source_id": "routes-receipt"}
    covered = await client.record_task_outcome(outcome)
    assert covered.kind == "task-outcome" and covered.position > acknowledged.receipt.position


async def test_review(client: AsyncClient, scope_id: str) -> None:
    """Propose both families, revise, approve and reject, read what approval wrote; generation
    without a provider is 1.4.1's 503."""
    source_id = "routes-" + uuid.uuid4().hex
    captured = {"scope_id": scope_id, "source_id": source_id, "content": "a stale lock file broke the build"}
    await client.capture_content_source(captured)
    evidence = {"source_refs": [{"name": "content", "source_id": source_id}], "artifact_refs": []}
    experience = {"situation": "A stale lock.", "action": "Regenerated it.", "outcome": "Green.", "lesson": "Pin it."}
    skill = {
        "name": "release-check",
        "description": "Check a release.",
        "instructions": "Run it.",
        "validation": ["ok"],
    }
    proposed = await client.propose_experience({"scope_id": scope_id, "proposal": experience, **evidence})
    ident = {"scope_id": scope_id, "candidate_id": proposed.candidate_id}
    assert (await client.get_candidate(ident)) == proposed
    revised = await client.revise_candidate(
        ident | {"expected_version": 1, "proposal": experience | {"lesson": "Pin."}}
    )
    assert revised.version == 2
    assert [v.version for v in (await client.get_candidate_history(ident)).versions] == [1, 2]
    approved = await client.approve_candidate(ident | {"expected_version": 2})
    assert approved.status == "approved" and approved.result_artifact is not None
    read = await client.get_experience({"scope_id": scope_id, "artifact": approved.result_artifact.model_dump()})
    assert read.content.lesson == "Pin."
    made = await client.propose_skill({"scope_id": scope_id, "proposal": skill, **evidence})
    skill_ident = {"scope_id": scope_id, "candidate_id": made.candidate_id, "expected_version": 1}
    result = (await client.approve_candidate(skill_ident)).result_artifact
    assert result is not None
    assert (await client.get_skill({"scope_id": scope_id, "artifact": result.model_dump()})).content.name == skill[
        "name"
    ]
    library = await client.list_managed_skills({"scope_id": scope_id})
    assert [entry.artifact for entry in library.skills] == [result]
    other = await client.propose_experience({"scope_id": scope_id, "proposal": experience, **evidence})
    other_ident = {"scope_id": scope_id, "candidate_id": other.candidate_id, "expected_version": 1}
    assert (await client.reject_candidate(other_ident | {"reason": "Duplicate."})).status == "rejected"
    assert (await client.list_candidates({"scope_id": scope_id})).candidates == []
    for call in (
        client.generate_experience({"scope_id": scope_id, **evidence}),
        client.generate_skill({"scope_id": scope_id, "origin": "source", **evidence}),
    ):
        with pytest.raises(ApiResponseError) as raised:
            await call
        assert (raised.value.status, raised.value.code) == (503, "generation_unavailable")


async def test_external_skills(serve: Any, tmp_path: Path) -> None:
    registry = tmp_path / "registry"
    (registry / "release-check").mkdir(parents=True)
    manifest = "---\nname: release-check\ndescription: Check a release branch.\n---\n\nRun the tests.\n"
    (registry / "release-check" / "SKILL.md").write_text(manifest, encoding="utf-8")
    with serve(external_skills=ExternalSkillsSettings(dir=registry)) as url:
        async with AsyncClient(url) as client:
            created = await client.create_scope(
                {"title": "Skills", "summary": "s", "idempotency_key": uuid.uuid4().hex}
            )
            scope_id = created.scope_id
            scanned = await client.scan_external_skills({"scope_id": scope_id})
            [registration] = scanned.registrations
            assert (registration.name, scanned.skipped) == ("release-check", 0)
            listed = await client.list_external_skills({"scope_id": scope_id})
            assert [skill.status for skill in listed.skills] == ["available"]
            exact = {
                "scope_id": scope_id,
                "external_skill_id": registration.external_skill_id,
                "fingerprint": registration.fingerprint,
            }
            assert (await client.resolve_external_skill(exact)).status == "available"
            imported = await client.import_external_skill(exact | {"mode": "import"})
            assert imported.status == "pending" and imported.candidate is not None
            uploaded = await client.propose_skill_package({"scope_id": scope_id, "archive_base64": package_base64()})
            decision = {"scope_id": scope_id, "candidate_id": uploaded.candidate_id, "expected_version": 1}
            result = (await client.approve_candidate(decision)).result_artifact
            assert result is not None
            ask = {"scope_id": scope_id, "artifact": result.model_dump()}
            manifest = await client.get_skill_package_manifest(ask)
            download = await client.download_skill_package(ask)
            assert manifest.package == download.package and [f.path for f in manifest.files] == ["SKILL.md"]
            transition = {"scope_id": scope_id, "artifact_id": result.artifact_id, "expected_generation": 0}
            governance = await client.update_skill_lifecycle(transition | {"lifecycle_state": "deprecated"})
            assert (governance.lifecycle_state, governance.governance_generation) == ("deprecated", 1)
            observation = usage(scope_id, result.model_dump(), "obs-routes")
            recorded = await client.record_skill_usage(observation)
            assert (recorded.source.name, recorded.source.source_id) == ("skill-usage", "obs-routes")
