"""Every service operation around the core answers through the client (the rest of the route
tests, and the table of which test exercises which operation, ``EXERCISED``, are in
``test_routes.py``): artifact handles, Connector checkpoints, prompts, the Profile policy and flush,
Topic Memory processing, Source records, Handoff generation and access control."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from _support.client_calls import new_memory
from _support.external_skills import package_base64
from _support.source_definitions import new_manifest, observation_of
from _support.tokens import make_scope, token_server

from pcreceipt.client import ApiResponseError, AsyncClient

pytestmark = pytest.mark.anyio


async def test_artifact_handles(client: AsyncClient, scope_id: str) -> None:
    """A handle bound once to an exact revision, bound again to the same one, and resolved."""
    memory = await new_memory(client, scope_id, "handled")
    request = {"artifact_id": memory, "revision": 1}
    bound = await client.bind_artifact_handle(scope_id, "atomic-memory", "release-notes", request)
    assert await client.bind_artifact_handle(scope_id, "atomic-memory", "release-notes", request) == bound
    resolved = await client.resolve_artifact_handle(scope_id, "atomic-memory", "release-notes")
    assert resolved == bound
    assert resolved.model_dump(mode="json")["artifact"] == {
        "family": "atomic-memory",
        "artifact_id": memory,
        "revision": 1,
    }


async def test_connector_checkpoints(client: AsyncClient, scope_id: str) -> None:
    """A binding's checkpoint: null, committed from null, advanced from what was committed."""
    binding = {"scope_id": scope_id, "binding_id": "routes", "connector_name": "routes", "connector_version": "1"}
    assert (await client.get_connector_checkpoint({"binding": binding})).checkpoint is None
    first = await client.commit_connector_checkpoint({"binding": binding, "expected": None, "checkpoint": {"page": 1}})
    assert first.checkpoint == {"page": 1}
    await client.commit_connector_checkpoint({"binding": binding, "expected": {"page": 1}, "checkpoint": {"page": 2}})
    assert (await client.get_connector_checkpoint({"binding": binding})).checkpoint == {"page": 2}


async def test_prompt_configuration(client: AsyncClient, scope_id: str) -> None:
    """A key without a saved prompt: auto, the built-in instructions in effect."""
    configuration = await client.get_prompt_configuration(scope_id, "memory.rerank")
    body = configuration.model_dump(mode="json")
    assert (body["prompt_key"], body["mode"], body["artifact"], body["artifact_etag"]) == (
        "memory.rerank",
        "auto",
        None,
        None,
    )
    assert body["effective"]["instructions"] == body["builtin"]["instructions"]
    # no provider here: 1.4.1's 422 before any model call
    with pytest.raises(ApiResponseError) as raised:
        await client.generate_prompt_demonstrations(
            scope_id, "memory.rerank", {"instructions": "Prefer decisions.", "demonstration_count": 1}
        )
    assert (raised.value.status, raised.value.code) == (422, "prompt_customization_unavailable")


async def test_profile_policy(client: AsyncClient, scope_id: str) -> None:
    """A Scope without a Profile policy: 404 profile_policy_not_found; put, then read back."""
    with pytest.raises(ApiResponseError) as raised:
        await client.get_profile_policy(scope_id)
    assert (raised.value.status, raised.value.code) == (404, "profile_policy_not_found")
    put = await client.put_profile_policy(scope_id, {"generation_enabled": True, "expected_version": 0})
    assert put.version == 1 and await client.get_profile_policy(scope_id) == put


async def test_profile_flush(client: AsyncClient, scope_id: str) -> None:
    """No policy: disabled; generation on, nothing past the cursor: noop; the lineage Source of an
    artifact write is no evidence: passed without a model (noop, the cursor moved)."""
    flushed = await client.flush_profile({"scope_id": scope_id})
    assert (flushed.status, flushed.current_cursor, flushed.artifact) == ("disabled", 0, None)
    policy = await client.put_profile_policy(scope_id, {"generation_enabled": True, "expected_version": 0})
    high = (await client.flush_profile({"scope_id": scope_id})).high_watermark
    await new_memory(client, scope_id, "lineage only")
    flushed = await client.flush_profile({"scope_id": scope_id})
    assert (flushed.status, flushed.previous_cursor, flushed.current_cursor) == ("noop", 0, high + 1)
    assert (await client.get_profile_policy(scope_id)).version == policy.version + 1


async def test_topic_memory_processing(client: AsyncClient, scope_id: str) -> None:
    """No Topic Memory processing runs: the cursor stays 0, no block is retained."""
    status = await client.get_topic_memory_processing_status({"scope_id": scope_id})
    assert (status.source_cursor, status.target_source_through, status.block) == (0, None, None)
    with pytest.raises(ApiResponseError) as raised:
        await client.get_topic_memory_processing_block({"scope_id": scope_id, "block_id": "blk_1"})
    assert (raised.value.status, raised.value.code) == (404, "topic_memory_block_not_found")
    with pytest.raises(ApiResponseError) as raised:
        await client.retry_topic_memory_processing({"scope_id": scope_id, "block_id": "blk_1"})
    assert (raised.value.status, raised.value.code) == (404, "topic_memory_block_not_found")
    with pytest.raises(ApiResponseError) as raised:
        await client.flush_topic_memory({"scope_id": scope_id})
    assert (raised.value.status, raised.value.code) == (503, "topic_memory_processing_unavailable")


async def test_source_records(client: AsyncClient, scope_id: str) -> None:
    """A captured Source read back by id and listed page by page in position order."""
    for n in range(3):
        await client.capture_content_source({"scope_id": scope_id, "source_id": f"routes:{n}", "content": f"text {n}"})
    one = await client.get_source(scope_id, "content", "routes:1")
    assert (one.source_id, one.content, one.source_type) == ("routes:1", "text 1", "content")
    first = await client.list_sources(scope_id, limit=2)
    assert [item.source_id for item in first.items] == ["routes:0", "routes:1"]
    assert first.next_cursor is not None
    rest = await client.list_sources(scope_id, limit=2, cursor=first.next_cursor.root)
    assert [item.position for item in rest.items] == [first.items[-1].position + 1] and rest.next_cursor is None
    created = await client.create_source(scope_id, {"content": {"event": "routes"}})
    assert created.content == {"event": "routes"} and created.position == 4
    assert (await client.get_source(scope_id, "content", created.source_id)).content == {"event": "routes"}
    subject = await client.create_subject_source(scope_id, {"subject_key": uuid.uuid4().hex, "content": "tabs"})
    assert [s.scope_id for s in subject.sources] == [scope_id, subject.subject_scope_id]
    manifest = new_manifest("routes")
    assert (await client.register_source_definition({"manifest": manifest})).fingerprint == manifest["fingerprint"]
    observed = await client.submit_source_observation(
        {"scope_id": scope_id, "observation": observation_of(manifest, "routes-observation")}
    )
    assert observed.position == 6 and observed.source.name == manifest["name"]


async def test_handoff_generation(client: AsyncClient, scope_id: str) -> None:
    """Without a generation provider both generative Handoff operations are 1.4.1's 503; an
    activation checks its boundary first (the happy paths: test_handoff_generation_http.py)."""
    source_id = "routes-" + uuid.uuid4().hex
    await client.capture_content_source({"scope_id": scope_id, "source_id": source_id, "content": "state: half done"})
    boundary = {"name": "content", "source_id": source_id}
    objective = "Finish the parser."
    for call in (
        client.prepare_handoff(
            {"scope_id": scope_id, "objective": objective, "evidence": [{"kind": "source", "source_ref": boundary}]}
        ),
        client.activate_handoff({"scope_id": scope_id, "boundary_source": boundary, "objective": objective}),
    ):
        with pytest.raises(ApiResponseError) as raised:
            await call
        assert (raised.value.status, raised.value.code) == (503, "handoff_generation_unavailable")
    missing = {"name": "content", "source_id": "never-captured"}
    with pytest.raises(ApiResponseError) as raised:
        await client.activate_handoff({"scope_id": scope_id, "boundary_source": missing, "objective": objective})
    assert (raised.value.status, raised.value.code) == (404, "handoff_evidence_not_found")


async def test_dream(client: AsyncClient, scope_id: str) -> None:
    """Without a generation provider a create is 1.4.1's 503 and the reads answer (the runs themselves:
    tests/server/handlers/test_dream_http.py)."""
    evidence = {"family": "experience", "artifact_id": "art_routes", "revision": 1}
    request = {"operation": "refine_experience", "artifacts": [evidence], "idempotency_key": "routes"}
    with pytest.raises(ApiResponseError) as raised:
        await client.create_dream_run(scope_id, request)
    assert (raised.value.status, raised.value.code) == (503, "capability_unavailable")
    with pytest.raises(ApiResponseError) as raised:
        await client.get_dream_run(scope_id, "dr_" + "0" * 32)
    assert (raised.value.status, raised.value.code) == (404, "dream_not_found")
    assert (await client.list_dream_runs(scope_id, limit=5)).runs == []


async def test_access(tmp_path: Path) -> None:
    """The access API in token mode (local single-user mode has no Principal: tests/server/test_access_http.py)."""
    with token_server(tmp_path) as server:
        scope_id = make_scope(server.store, "routes").scope_id
        token = server.issue([(scope_id, "admin")], "routes")
        async with AsyncClient(server.url, token=token) as access:
            me = await access.get_access_principal()
            assert me.principal.id == token.split("_")[1] and me.mode == "enforced"
            roles = await access.list_access_roles({"resource_type": "server"})
            assert [item.role for item in roles.items] == ["server.admin"]
            resources = await access.list_access_resources({"action": "scope.admin", "resource_type": "scope"})
            assert [item.model_dump()["scope_id"] for item in resources.items] == [scope_id]
            page = await access.list_access_bindings({"management_resource": {"type": "scope", "scope_id": scope_id}})
            assert [binding.role for binding in page.items] == ["scope.admin"] and page.next_cursor is None
            subject = {"type": "service", "id": me.principal.id}
            resource = {"type": "scope", "scope_id": scope_id}
            created = await access.create_access_binding(
                {"subject": subject, "resource": resource, "role": "scope.viewer", "idempotency_key": "routes"}
            )
            assert created.version == 1 and created.state == "active"
            replaced = await access.replace_access_binding(
                {
                    "binding_id": created.binding_id,
                    "expected_version": 1,
                    "replacement": {"subject": subject, "reason": "routes"},
                    "idempotency_key": "routes-replace",
                }
            )
            assert replaced.previous.state == "revoked" and replaced.current.model_dump()["reason"] == "routes"
            revoked = await access.revoke_access_binding(
                {"binding_id": replaced.current.binding_id, "expected_version": 1, "idempotency_key": "routes-revoke"}
            )
            assert revoked.state == "revoked" and revoked.version == 2
            audit = await access.list_access_audit({"resource": resource})
            reasons = [event.reason_code for event in audit.items]
            assert reasons == ["binding-created", "binding-revoked", "binding-created", "binding-revoked"]
            checked = await access.check_access(
                {"match": "all", "requirements": [{"action": "scope.admin", "resource": resource}]}
            )
            assert checked.allowed and [d.reason_code for d in checked.decisions] == ["role-binding"]


async def test_remote_skill_targets(client: AsyncClient, scope_id: str) -> None:
    """A target created, enrolled with its code (once), renamed and revoked at the generations read,
    and listed without any secret."""
    made = await client.create_remote_skill_target({"scope_id": scope_id, "agent_kind": "codex", "display_name": " A "})
    assert (made.target.state, made.target.display_name, made.target.generation) == ("pending", "A", 0)
    enrollment = {"enrollment_code": made.enrollment_code, "installation_id": "routes", "receiver_version": "1.4.1"}
    credential = await client.enroll_remote_skill_target(enrollment)
    assert (credential.target_id, credential.credential.startswith("pct_")) == (made.target.target_id, True)
    target_id = made.target.target_id
    renamed = await client.rename_remote_skill_target(
        {"scope_id": scope_id, "target_id": target_id, "display_name": "B", "expected_generation": 1}
    )
    revoked = await client.revoke_remote_skill_target(
        {"scope_id": scope_id, "target_id": target_id, "expected_generation": 2}
    )
    assert (renamed.generation, revoked.state, revoked.generation) == (2, "revoked", 3)
    listed = await client.list_remote_skill_targets({"scope_id": scope_id})
    text = listed.model_dump_json()
    assert [status.target.target_id for status in listed.targets] == [target_id]
    assert made.enrollment_code not in text and credential.credential not in text


async def test_remote_skill_publications(client: AsyncClient, scope_id: str) -> None:
    """An approved package-backed Skill published on an enrolled target, then unpublished."""
    made = await client.create_remote_skill_target({"scope_id": scope_id, "agent_kind": "codex", "display_name": "P"})
    enrollment = {"enrollment_code": made.enrollment_code, "installation_id": "routes", "receiver_version": "1.4.1"}
    await client.enroll_remote_skill_target(enrollment)
    proposed = await client.propose_skill_package({"scope_id": scope_id, "archive_base64": package_base64()})
    decision = {"scope_id": scope_id, "candidate_id": proposed.candidate_id, "expected_version": 1}
    artifact = (await client.approve_candidate(decision)).model_dump(mode="json")["result_artifact"]
    target_id = made.target.target_id
    publication = await client.publish_remote_skill(
        {"scope_id": scope_id, "target_id": target_id, "artifact": artifact, "expected_generation": None}
    )
    assert (publication.desired_state, publication.state, publication.generation) == ("published", "pending", 0)
    gone = await client.unpublish_remote_skill(
        {"scope_id": scope_id, "target_id": target_id, "artifact_id": artifact["artifact_id"], "expected_generation": 0}
    )
    assert (gone.desired_state, gone.generation, gone.desired_revision) == ("unpublished", 1, artifact["revision"])


async def test_remote_skill_receiver(client: AsyncClient, server_url: str, scope_id: str) -> None:
    """A target's Receiver, with its credential as the client's token: reconcile, the exact package,
    the Receipt that makes the publication current, then a reconcile with nothing left to do."""
    made = await client.create_remote_skill_target({"scope_id": scope_id, "agent_kind": "codex", "display_name": "R"})
    enrollment = {"enrollment_code": made.enrollment_code, "installation_id": "receiver", "receiver_version": "1"}
    credential = (await client.enroll_remote_skill_target(enrollment)).credential
    proposed = await client.propose_skill_package({"scope_id": scope_id, "archive_base64": package_base64()})
    decision = {"scope_id": scope_id, "candidate_id": proposed.candidate_id, "expected_version": 1}
    artifact = (await client.approve_candidate(decision)).model_dump(mode="json")["result_artifact"]
    publish = {"scope_id": scope_id, "target_id": made.target.target_id, "artifact": artifact}
    await client.publish_remote_skill(publish | {"expected_generation": None})
    async with AsyncClient(server_url, token=credential) as receiver:
        [action] = (await receiver.reconcile_remote_skills({"observations": [], "receiver_version": "1"})).actions
        assert (action.operation, action.generation, action.skill_name) == ("install", 0, "release-check")
        wanted = action.model_dump(mode="json")
        package = await receiver.download_remote_skill_package(
            {k: wanted[k] for k in ("generation", "artifact", "package")}
        )
        assert package.package == action.package
        receipt = {
            "operation": "install", "generation": 0, "artifact": wanted["artifact"],
            "expected_tree_digest": action.tree_digest, "observed_tree_digest": action.tree_digest,
            "outcome": "succeeded", "failure_state": None, "error_code": None, "receiver_version": "1",
            "environment_fingerprint": None,
        }  # fmt: skip
        taken = await receiver.record_remote_skill_receipt(receipt)
        assert (taken.accepted, taken.stale, taken.publication.state) == (True, False, "current")
        checkpoint = {
            "artifact": wanted["artifact"], "tree_digest": action.tree_digest, "actual_tree_digest": action.tree_digest,
            "skill_name": action.skill_name, "applied_generation": 0,
        }  # fmt: skip
        again = await receiver.reconcile_remote_skills({"observations": [checkpoint], "receiver_version": "1"})
        assert again.actions == []
