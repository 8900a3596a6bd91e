"""The Source ingestion group of the official client check (``official_client_check.py`` runs
``GROUPS``; ``test_official_client_coverage.py`` reads the calls here too).

A group takes the client and the check's two recorders (``check``, ``expect_error``), so this
module imports only the official client, its dependency rfc8785 and the standard library, and its
checks land in the one report the main program prints.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import rfc8785
from powercontext.client import PowerContextClient
from powercontext.http import (
    CaptureContentSourceRequest,
    CommitConnectorCheckpointRequest,
    CreateScopeRequest,
    CreateSourceRequest,
    CreateSubjectSourceRequest,
    GetConnectorCheckpointRequest,
    ListSourcesRequest,
    RegisterSourceDefinitionRequest,
    SubmitSourceObservationRequest,
)

Check = Callable[[str, bool], bool]
ExpectError = Callable[[str, int, "str | None", Callable[[], Awaitable[Any]]], Awaitable[Any]]


async def connector_checkpoints(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    binding = {
        "scope_id": await _scope(client, "Compat connector"),
        "binding_id": "issues",
        "connector_name": "compat-connector",
        "connector_version": "1",
    }
    read = GetConnectorCheckpointRequest.model_validate({"binding": binding})
    nowhere = {**binding, "scope_id": f"scp_{uuid.uuid4().hex[:26]}"}
    await expect_error(  # 1.4.1's server looks the Scope up (its OpenAPI lists no 404 here)
        "get_connector_checkpoint of a binding in a missing Scope",
        404,
        "scope_not_found",
        lambda: client.get_connector_checkpoint(GetConnectorCheckpointRequest.model_validate({"binding": nowhere})),
    )
    initial = await client.get_connector_checkpoint(read)
    check("get_connector_checkpoint: a new binding reads null", initial.checkpoint is None)
    first = {"cursor": "a", "seen": [1, 2]}
    committed = await client.commit_connector_checkpoint(
        CommitConnectorCheckpointRequest.model_validate({"binding": binding, "expected": None, "checkpoint": first})
    )
    check("commit_connector_checkpoint: answers the new checkpoint", committed.checkpoint == first)
    again = await client.get_connector_checkpoint(read)
    check("get_connector_checkpoint: reads the committed value", again.checkpoint == first)
    stale = CommitConnectorCheckpointRequest.model_validate({"binding": binding, "expected": None, "checkpoint": 2})
    await expect_error(
        "commit_connector_checkpoint from a stale expected value",
        409,
        "connector_checkpoint_conflict",
        lambda: client.commit_connector_checkpoint(stale),
    )
    other = GetConnectorCheckpointRequest.model_validate({"binding": {**binding, "connector_version": "2"}})
    await expect_error(
        "get_connector_checkpoint of a binding id another Connector owns",
        409,
        "connector_checkpoint_conflict",
        lambda: client.get_connector_checkpoint(other),
    )


async def _scope(client: PowerContextClient, title: str) -> str:
    request = CreateScopeRequest.model_validate(
        {"title": title, "summary": "official client check", "idempotency_key": uuid.uuid4().hex}
    )
    return (await client.create_scope(request)).scope_id


async def source_records(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    scope_id = await _scope(client, "source records")
    for n in range(3):
        await client.capture_content_source(
            CaptureContentSourceRequest.model_validate(
                {"scope_id": scope_id, "source_id": f"compat:{n}", "content": f"text {n}"}
            )
        )
    one = await client.get_source(scope_id, "content", "compat:1")
    check("get_source: the captured text and its position", (one.content, one.position) == ("text 1", 2))
    check("get_source: a sha256 content digest", one.content_digest.startswith("sha256:"))
    await expect_error(
        "get_source of an id the Scope lacks",
        404,
        "source_not_found",
        lambda: client.get_source(scope_id, "content", "compat:none"),
    )
    first = await client.list_sources(scope_id, ListSourcesRequest(limit=2))
    check("list_sources: the first page in position order", [s.position for s in first.items] == [1, 2])
    rest = await client.list_sources(scope_id, ListSourcesRequest(limit=2, cursor=first.next_cursor))
    check("list_sources: the cursor continues to the end", [s.source_id for s in rest.items] == ["compat:2"])
    check("list_sources: the last page has no cursor", rest.next_cursor is None)
    value = {"event": "deploy", "steps": [1, 2]}
    created = await client.create_source(scope_id, CreateSourceRequest.model_validate({"content": value}))
    check("create_source: the value at the next position", (created.content, created.position) == (value, 4))
    check("create_source: a server id", created.source_id.startswith("src_"))
    read = await client.get_source(scope_id, "content", created.source_id)
    check("create_source: get_source reads the same record", read == created)
    await expect_error(
        "create_source of a blank text",
        422,
        "invalid_request",
        lambda: client.create_source(scope_id, CreateSourceRequest.model_validate({"content": "  "})),
    )
    subject = CreateSubjectSourceRequest.model_validate({"subject_key": uuid.uuid4().hex, "content": {"likes": "tabs"}})
    both = await client.create_subject_source(scope_id, subject)
    scopes = [s.scope_id for s in both.sources]
    check("create_subject_source: one Source in each Scope", scopes == [scope_id, both.subject_scope_id])
    check("create_subject_source: one id for both", both.sources[0].source_id == both.sources[1].source_id)
    again = await client.create_subject_source(scope_id, subject)
    check("create_subject_source: the subject stays bound", again.subject_scope_id == both.subject_scope_id)
    itself = CreateSubjectSourceRequest.model_validate(
        {"subject_key": uuid.uuid4().hex, "subject_scope_id": scope_id, "content": "x"}
    )
    await expect_error(
        "create_subject_source into the business Scope itself",
        422,
        "distinct_scopes_required",
        lambda: client.create_subject_source(scope_id, itself),
    )


async def source_definitions(client: PowerContextClient, check: Check, expect_error: ExpectError) -> None:
    declaration = {
        "name": f"compat-issues-{uuid.uuid4().hex[:8]}",
        "version": "1",
        "source_schema": {"type": "object", "properties": {"title": {"type": "string"}}},
        "projections": [{"key": {"name": "summary", "version": "1"}, "schema": {"type": "string"}}],
    }
    fingerprint = "sha256:" + hashlib.sha256(rfc8785.dumps(declaration)).hexdigest()
    manifest = {**declaration, "fingerprint": fingerprint}
    request = RegisterSourceDefinitionRequest.model_validate({"manifest": manifest})
    registered = await client.register_source_definition(request)
    check("register_source_definition: answers the manifest", registered.fingerprint == fingerprint)
    again = await client.register_source_definition(request)
    check("register_source_definition: a replay answers the same manifest", again == registered)
    other = {**declaration, "source_schema": {"type": "object"}}
    changed = {**other, "fingerprint": "sha256:" + hashlib.sha256(rfc8785.dumps(other)).hexdigest()}
    await expect_error(
        "register_source_definition of another manifest under the same name and version",
        409,
        "source_conflict",
        lambda: client.register_source_definition(
            RegisterSourceDefinitionRequest.model_validate({"manifest": changed})
        ),
    )
    await _observations(client, check, expect_error, manifest)


async def _observations(client: PowerContextClient, check: Check, expect_error: ExpectError, manifest: Any) -> None:
    scope_id = await _scope(client, "source observations")
    envelope = {"name": "issue-1", "definition_version": manifest["version"], "materialization": "captured"}
    observation = {
        **envelope,
        "source_type": manifest["name"],
        "definition_fingerprint": manifest["fingerprint"],
        "payload": {**envelope, "description": None, "title": "Crash on start"},
        "projections": [{"key": {"name": "summary", "version": "1"}, "value": "a crash"}],
    }
    request = SubmitSourceObservationRequest.model_validate({"scope_id": scope_id, "observation": observation})
    receipt = await client.submit_source_observation(request)
    check(
        "submit_source_observation: answers the Source and its position",
        (receipt.source.name, receipt.source.source_id, receipt.position) == (manifest["name"], "issue-1", 1),
    )
    check(
        "submit_source_observation: a replay answers the same receipt",
        await client.submit_source_observation(request) == receipt,
    )
    changed = {**observation, "payload": {**observation["payload"], "title": "Another"}}
    await expect_error(
        "submit_source_observation of another observation under the same identity",
        409,
        "source_conflict",
        lambda: client.submit_source_observation(
            SubmitSourceObservationRequest.model_validate({"scope_id": scope_id, "observation": changed})
        ),
    )
    unknown = {
        **observation,
        "definition_version": "9",
        "payload": {**observation["payload"], "definition_version": "9"},
    }
    await expect_error(
        "submit_source_observation under a version never registered",
        404,
        "source_definition_not_found",
        lambda: client.submit_source_observation(
            SubmitSourceObservationRequest.model_validate({"scope_id": scope_id, "observation": unknown})
        ),
    )


GROUPS: list[tuple[str, Callable[[PowerContextClient, Check, ExpectError], Awaitable[None]]]] = [
    ("connector checkpoints", connector_checkpoints),
    ("source records", source_records),
    ("source definitions", source_definitions),
]
