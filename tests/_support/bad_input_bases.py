"""One valid request per served operation, for the bad-input tier (``tests/server/test_bad_input_tier.py``).

``BASES`` builds, against the tier's server (``Tier``: a server, a Scope with a code workspace on
it), the one valid request of each operation that the tier then breaks one way at a time; sent
unbroken last, it must answer its ``ok`` status, so each probe breaks exactly one thing.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from _support import profile, work_requests
from _support.candidates import (
    EXPERIENCE,
    approved_artifact,
    decision,
    pending_candidate,
    proposal_request,
)
from _support.external_skills import approved_package, package_base64
from _support.remote_skills import (
    as_target,
    enrolled_target,
    enrollment,
    pending_target,
    publication_request,
    published,
    receipt,
    receiving,
    reconcile,
)
from _support.skill_governance import approved_skill_id, lifecycle, usage
from _support.source_definitions import new_manifest, observation_of
from _support.tiers import binding_key, bootstrap_request, memory_input, new_memory
from pcreceipt.config import Settings

SOURCE_FILE = b"def tier():\n    return 'bad input tier'\n"
"""The one file of the tier's code workspace."""


@dataclass
class Tier:
    """A server over a store of ``engine`` in ``workdir``, a Scope with a code workspace on it."""

    engine: str
    workdir: Path
    settings: Settings
    url: str
    http: httpx.Client
    scope_id: str
    fingerprint: str
    file_sha256: str

    def memory(self, text: str = "tier memory", *, tags: list[str] | None = None) -> str:
        memory = new_memory(self.http, self.scope_id, text)
        if tags:
            path = f"/v1/scopes/{self.scope_id}/artifacts/atomic-memory/{memory}/tags"
            etag = self.http.get(path).headers["ETag"]
            tagged = self.http.put(path, json={"tags": tags}, headers={"If-Match": etag})
            assert tagged.status_code == 200, tagged.text
        return memory

    def etag(self, path: str) -> str:
        return str(self.http.get(path).headers["ETag"])


# --- one valid request per operation -------------------------------------------------------------


@dataclass
class Base:
    """A valid request of one operation: path values, query, headers, JSON body, its success status."""

    path: dict[str, str] = field(default_factory=dict)
    query: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = None
    ok: int = 200


def _observation(tier: Tier) -> Base:
    manifest = new_manifest("tier")
    assert tier.http.post("/v1/source-definitions/register", json={"manifest": manifest}).status_code == 200
    return Base(body={"scope_id": tier.scope_id, "observation": observation_of(manifest, uuid.uuid4().hex)}, ok=202)


def _dream_run() -> dict[str, Any]:
    evidence = {"family": "experience", "artifact_id": "art_tier", "revision": 1}
    return {"operation": "refine_experience", "artifacts": [evidence], "sources": [], "idempotency_key": "tier"}


def _external_skill(tier: Tier) -> dict[str, Any]:
    return {"scope_id": tier.scope_id, "external_skill_id": "codex:user:registry/tier", "fingerprint": "a" * 64}


def _memory_path(tier: Tier, memory: str, rest: str = "") -> str:
    return f"/v1/scopes/{tier.scope_id}/artifacts/atomic-memory/{memory}{rest}"


def _memory_base(tier: Tier, **options: Any) -> Base:
    memory = tier.memory()
    return Base(path={"family": "atomic-memory", "artifact_id": memory, "revision": "1"}, **options)


def _replace_artifact(tier: Tier) -> Base:
    memory = tier.memory()
    return Base(
        path={"family": "atomic-memory", "artifact_id": memory},
        headers={"If-Match": tier.etag(_memory_path(tier, memory))},
        body={"content": {"kind": "fact", "text": "replaced"}},
    )


def _replace_tags(tier: Tier) -> Base:
    memory = tier.memory()
    return Base(
        path={"family": "atomic-memory", "artifact_id": memory},
        headers={"If-Match": tier.etag(_memory_path(tier, memory, "/tags"))},
        body={"tags": ["tier", "bad-input"]},
    )


def _update_scope(tier: Tier) -> Base:
    version = tier.http.get(f"/v1/scopes/{tier.scope_id}").json()["version"]
    return Base(body={"expected_version": version, "title": "bad input", "summary": "the tier's Scope"})


def _record_delivery(tier: Tier) -> Base:
    tier.memory("curated", tags=["bootstrap-context"])
    package = tier.http.post("/v1/context/bootstrap", json=bootstrap_request(tier.scope_id, uuid.uuid4().hex))
    assert package.status_code == 200 and package.json()["receipt"]["state"] == "pending", package.text
    receipt = package.json()["receipt"]["receipt_id"]
    return Base(body={"scope_id": tier.scope_id, "receipt_id": receipt, "outcome": "injected"})


def topic_base(tier: Tier) -> Base:
    created = tier.http.post(
        f"/v1/scopes/{tier.scope_id}/artifacts",
        json={"family": "topic-memory", "content": {"title": "Tier", "summary": "the tier", "detail": "bad input"}},
    )
    assert created.status_code == 201, created.text
    artifact = {"family": "topic-memory", "artifact_id": created.json()["artifact_id"], "revision": 1}
    return Base(body={"scope_id": tier.scope_id, "artifact": artifact})


def _flush(tier: Tier) -> Base:
    """A Scope of its own whose pending Source is a remembered memory: no generation model needed
    (a captured Source in the tier's Scope would make every flush there 503 inference_unavailable)."""
    created = tier.http.post("/v1/scopes", json={"title": "flush", "summary": "flushed", "idempotency_key": "flush"})
    scope_id = created.json()["scope_id"]
    remembered = tier.http.post("/v1/memory/remember", json={"scope_id": scope_id, "kind": "fact", "text": "flushed"})
    assert remembered.status_code == 200, remembered.text
    return Base(body={"scope_id": scope_id})


def _publish(tier: Tier) -> Base:
    topic = topic_base(tier).body["artifact"]
    created = tier.http.post(
        "/v1/scopes", json={"title": "published", "summary": "a target", "idempotency_key": uuid.uuid4().hex}
    )
    assert created.status_code == 201, created.text
    body = {
        "source": {"scope_id": tier.scope_id, "artifact": topic},
        "target_scope_id": created.json()["scope_id"],
        "idempotency_key": uuid.uuid4().hex,
    }
    return Base(body=body, ok=201)


def _generation(tier: Tier) -> dict[str, Any]:
    request = proposal_request(tier.http, tier.scope_id)
    return {key: request[key] for key in ("scope_id", "source_refs", "artifact_refs")}


def _candidate_read(tier: Tier) -> dict[str, str]:
    return {"scope_id": tier.scope_id, "candidate_id": pending_candidate(tier.http, tier.scope_id)["candidate_id"]}


#: Per operation id: a valid request on ``tier`` (setting up what it needs first).
BASES: dict[str, Callable[[Tier], Base]] = {
    "get_liveness": lambda t: Base(),
    "get_readiness": lambda t: Base(),
    "get_capabilities": lambda t: Base(),
    "get_server_info": lambda t: Base(),
    "list_scopes": lambda t: Base(query={"limit": "10"}),
    "get_scope": lambda t: Base(),
    "get_default_scope": lambda t: Base(),
    "set_default_scope": lambda t: Base(body={"scope_id": t.http.get("/v1/scopes/default").json()["scope_id"]}),
    "create_scope": lambda t: Base(
        body={"title": "created", "summary": "by the tier", "idempotency_key": uuid.uuid4().hex}, ok=201
    ),
    "update_scope": _update_scope,
    "create_artifact": lambda t: Base(
        body={"family": "atomic-memory", "content": {"kind": "fact", "text": "created by the tier"}}, ok=201
    ),
    "import_artifacts": lambda t: Base(
        body={"items": [{"family": "atomic-memory", "content": {"kind": "fact", "text": "imported"}}]}, ok=201
    ),
    "list_artifacts": lambda t: Base(path={"family": "atomic-memory"}, query={"limit": "10"}),
    "get_artifact": _memory_base,
    "get_artifact_revision": _memory_base,
    "list_artifact_revisions": lambda t: _memory_base(t, query={"limit": "10"}),
    "get_atomic_memory_state": _memory_base,
    "get_artifact_tags": _memory_base,
    "replace_artifact": _replace_artifact,
    "replace_artifact_tags": _replace_tags,
    "query_artifact_tags": lambda t: Base(body={"tags": ["tier", "bad-input"], "match": "any", "limit": 10}),
    "search_artifacts": lambda t: Base(
        path={"family": "atomic-memory"}, body={"query": "tier", "limit": 5, "include_scores": True}
    ),
    "change_atomic_memory_lifecycle": lambda t: Base(
        body={"scope_id": t.scope_id, "target": memory_input(t.memory()), "state": "forgotten"}
    ),
    "merge_atomic_memories": lambda t: Base(
        body={
            "scope_id": t.scope_id,
            "inputs": [memory_input(t.memory()), memory_input(t.memory())],
            "content": {"kind": "fact", "text": "merged"},
        }
    ),
    "preview_atomic_memory_restoration": lambda t: Base(
        body={"scope_id": t.scope_id, "target": {"artifact_id": t.memory()}}
    ),
    "publish_artifact": _publish,
    "restore_atomic_memory": lambda t: Base(body={"scope_id": t.scope_id, "target": {"artifact_id": t.memory()}}),
    "get_code_workspace": lambda t: Base(),
    "index_code_workspace": lambda t: Base(body={"files": [{"path": "src/tier.py", "content": SOURCE_FILE.decode()}]}),
    "query_code": lambda t: Base(body={"operation": {"kind": "explore", "query": "tier"}}),
    "read_code": lambda t: Base(
        path={"fingerprint": t.fingerprint, "file_sha256": t.file_sha256},
        query={"path": "src/tier.py", "start_line": "1", "end_line": "2"},
    ),
    "resolve_scope_binding": lambda t: Base(body={"binding_keys": [binding_key("bad-input")]}),
    "set_scope_binding": lambda t: Base(body={"key": binding_key("bad-input"), "scope_id": t.scope_id}),
    "clear_scope_binding": lambda t: Base(body={"key": binding_key("bad-input")}),
    "prepare_context": lambda t: Base(body={"scope_id": t.scope_id, "query": "tier memory"}),
    "prepare_bootstrap_context": lambda t: Base(body=bootstrap_request(t.scope_id, uuid.uuid4().hex)),
    "record_bootstrap_delivery": _record_delivery,
    "flush_memory": _flush,
    "capture_content_source": lambda t: Base(
        body={"scope_id": t.scope_id, "source_id": uuid.uuid4().hex, "content": "captured by the tier"}, ok=202
    ),
    "capture_working_note": lambda t: Base(
        body={
            "scope_id": t.scope_id,
            "source_id": uuid.uuid4().hex,
            "content": "a working note",
            "session_id": "tier-session",
            "note_kind": "inspection",
        },
        ok=202,
    ),
    "get_stats": lambda t: Base(body={"selection": {"mode": "exact", "scope_ids": [t.scope_id]}, "period": "today"}),
    "resolve_scope_selection": lambda t: Base(body={"selection": {"mode": "subtree", "root_scope_id": t.scope_id}}),
    "get_handoff_report": lambda t: Base(
        body={"selection": {"mode": "exact", "scope_ids": [t.scope_id]}, "format": "json", "download": False}
    ),
    "remember_memory": lambda t: Base(body={"scope_id": t.scope_id, "kind": "fact", "text": "remembered"}),
    "search_memory": lambda t: Base(body={"scope_id": t.scope_id, "query": "tier memory", "mode": "fts"}),
    "search_atomic_memory": lambda t: Base(body={"scope_id": t.scope_id, "query": "tier memory"}),
    "list_atomic_memories": lambda t: Base(body={"scope_id": t.scope_id, "states": ["active"], "limit": 20}),
    "list_memory_entries": lambda t: Base(body={"scope_id": t.scope_id, "include_inactive": True}),
    # pcreceipt never held legacy Memory: a well-formed target is answered 404 artifact_not_found
    "get_memory_entry": lambda t: Base(
        body={
            "scope_id": t.scope_id,
            "target": {"type": "memory_entry", "family": "memory", "artifact_id": "mem_legacy", "entry_id": "e-1"},
        },
        ok=404,
    ),
    "search_topic_memory": lambda t: Base(body={"scope_id": t.scope_id, "query": "bad input"}),
    "get_topic_memory": topic_base,
    "create_work_contract": lambda t: Base(body=work_requests.work_contract(t.scope_id), ok=202),
    "record_task_outcome": lambda t: Base(body=work_requests.task_outcome(t.scope_id), ok=202),
    "finalize_handoff": lambda t: Base(body={"scope_id": t.scope_id, "draft": work_requests.handoff_draft(t.memory())}),
    "commit_handoff": lambda t: Base(
        body={"scope_id": t.scope_id, "handoff": work_requests.prepared_handoff(t.http, t.scope_id, t.memory())}
    ),
    "continue_handoff": lambda t: Base(
        body={
            "scope_id": t.scope_id,
            "selection": "prepared",
            "prepared": work_requests.prepared_handoff(t.http, t.scope_id, t.memory()),
        }
    ),
    "handoff_current_work": lambda t: Base(body=work_requests.current_work(t.scope_id)),
    "acknowledge_handoff": lambda t: Base(body=work_requests.acknowledgement(t.http, t.scope_id, t.memory())),
    "prepare_handoff_hint": lambda t: Base(
        body={
            "scope_id": t.scope_id,
            "selection": "prepared",
            "prepared": work_requests.prepared_handoff(t.http, t.scope_id, t.memory()),
            "max_bytes": 4000,
        }
    ),
    "propose_experience": lambda t: Base(body=proposal_request(t.http, t.scope_id), ok=201),
    "propose_skill": lambda t: Base(body=proposal_request(t.http, t.scope_id, "skill"), ok=201),
    "get_experience": lambda t: Base(body={"scope_id": t.scope_id, "artifact": approved_artifact(t.http, t.scope_id)}),
    "get_skill": lambda t: Base(
        body={"scope_id": t.scope_id, "artifact": approved_artifact(t.http, t.scope_id, "skill")}
    ),
    "list_managed_skills": lambda t: Base(body={"scope_id": t.scope_id, "query": "release", "limit": 10}),
    "list_candidates": lambda t: Base(body={"scope_id": t.scope_id, "status": "pending", "limit": 20}),
    "get_candidate": lambda t: Base(body=_candidate_read(t)),
    "get_candidate_history": lambda t: Base(body=_candidate_read(t)),
    "approve_candidate": lambda t: Base(body=decision(t.scope_id, pending_candidate(t.http, t.scope_id))),
    "reject_candidate": lambda t: Base(body=decision(t.scope_id, pending_candidate(t.http, t.scope_id), reason="no")),
    "revise_candidate": lambda t: Base(
        body=decision(t.scope_id, pending_candidate(t.http, t.scope_id), proposal=EXPERIENCE, reason="revised")
    ),
    # the tier's server runs no generation provider: a valid request is 1.4.1's 503 generation_unavailable
    "generate_experience": lambda t: Base(body=_generation(t), ok=503),
    "generate_skill": lambda t: Base(body=_generation(t) | {"origin": "source"}, ok=503),
    # the tier's server has no generation provider: a valid request is 503 handoff_generation_unavailable
    "prepare_handoff": lambda t: Base(body=work_requests.handoff_generation(t.http, t.scope_id), ok=503),
    "activate_handoff": lambda t: Base(body=work_requests.handoff_activation(t.http, t.scope_id), ok=503),
    # the tier's server has no generation provider: a valid Dream request is 503 capability_unavailable
    "create_dream_run": lambda t: Base(body=_dream_run(), ok=503),
    "get_dream_run": lambda t: Base(path={"run_id": "dr_" + "0" * 32}, ok=404),  # the reads need no provider
    "list_dream_runs": lambda t: Base(query={"status": "queued", "operation": "refine_experience", "limit": "5"}),
    # the tier's server has no external Skill registry directory: an empty registry, as 1.4.1's default
    "scan_external_skills": lambda t: Base(body={"scope_id": t.scope_id}),
    "list_external_skills": lambda t: Base(body={"scope_id": t.scope_id, "include_unavailable": True}),
    "resolve_external_skill": lambda t: Base(body=_external_skill(t), ok=404),
    "import_external_skill": lambda t: Base(body=_external_skill(t) | {"mode": "import", "reason": "tier"}, ok=404),
    "propose_skill_package": lambda t: Base(
        body={"scope_id": t.scope_id, "archive_base64": package_base64(), "reason": "tier"}, ok=201
    ),
    "get_skill_package_manifest": lambda t: Base(
        body={"scope_id": t.scope_id, "artifact": approved_package(t.http, t.scope_id)}
    ),
    "download_skill_package": lambda t: Base(
        body={"scope_id": t.scope_id, "artifact": approved_package(t.http, t.scope_id)}
    ),
    "record_skill_usage": lambda t: Base(
        body=usage(t.scope_id, approved_package(t.http, t.scope_id))
        | {"task_source": None, "environment_fingerprint": "sha256:" + "0" * 64},
        ok=201,
    ),
    "update_skill_lifecycle": lambda t: Base(
        body=lifecycle(t.scope_id, approved_skill_id(t.http, t.scope_id)) | {"replacement_artifact_id": None}
    ),
    # the legacy Memory collection operations: a valid request is always 422 legacy_memory_operation_unsupported
    "get_memory_capacity": lambda t: Base(body={"scope_id": t.scope_id}, ok=422),
    "revise_memory_entry": lambda t: Base(
        body={"scope_id": t.scope_id, "citation": {"entry_id": "e-1"}, "kind": "fact", "text": "t"}, ok=422
    ),
    "retire_memory_entry": lambda t: Base(body={"scope_id": t.scope_id, "citation": {"entry_id": "e-1"}}, ok=422),
    "list_memory_changes": lambda t: Base(body={"scope_id": t.scope_id, "since_revision": 0}, ok=422),
    "get_memory_entry_tags": lambda t: Base(path={"artifact_id": "mem_legacy", "entry_id": "e-1"}, ok=422),
    "replace_memory_entry_tags": lambda t: Base(
        path={"artifact_id": "mem_legacy", "entry_id": "e-1"}, headers={"If-Match": '"t"'}, body={"tags": []}, ok=422
    ),
}


def _handle(tier: Tier) -> Base:
    """A fresh handle key and a fresh memory to bind it to (binding is once per key)."""
    return Base(
        path={"family": "atomic-memory", "key": f"tier-{uuid.uuid4().hex}"},
        body={"artifact_id": tier.memory(), "revision": 1},
    )


def _bound_handle(tier: Tier) -> Base:
    base = _handle(tier)
    bound = tier.http.put(
        f"/v1/scopes/{tier.scope_id}/artifact-handles/atomic-memory/{base.path['key']}", json=base.body
    )
    assert bound.status_code == 200, bound.text
    return Base(path=base.path)


def _policy_read(tier: Tier) -> Base:
    """A read of the tier Scope's Profile policy, put first when there is none."""
    profile.current_version(tier.http, tier.scope_id)
    return Base()


def _profile_flush(tier: Tier) -> Base:
    """A Profile flush of a fresh Scope of the tier's server: it has no Profile policy, so a valid
    flush is 1.4.1's disabled (200), whatever policy the other bases left on the tier's Scope."""
    fields = {"title": "profile flush", "summary": "the bad-input tier", "idempotency_key": uuid.uuid4().hex}
    created = tier.http.post("/v1/scopes", json=fields)
    assert created.status_code == 201, created.text
    return Base(body={"scope_id": created.json()["scope_id"]})


def connector_binding(scope_id: str, binding_id: str = "tier-binding") -> dict[str, str]:
    return {"scope_id": scope_id, "binding_id": binding_id, "connector_name": "tier", "connector_version": "1"}


BASES |= {
    "bind_artifact_handle": _handle,
    "resolve_artifact_handle": _bound_handle,
    "get_connector_checkpoint": lambda t: Base(body={"binding": connector_binding(t.scope_id)}),
    "commit_connector_checkpoint": lambda t: Base(
        body={"binding": connector_binding(t.scope_id, uuid.uuid4().hex), "expected": None, "checkpoint": {"at": 1}}
    ),
    "get_prompt_configuration": lambda t: Base(path={"prompt_key": "memory.rerank"}),
    "get_profile_policy": _policy_read,
    # the tier's server runs no provider: a valid request is 1.4.1's 422 prompt_customization_unavailable
    "generate_prompt_demonstrations": lambda t: Base(
        path={"prompt_key": "memory.rerank"}, body=profile.DEMONSTRATIONS, ok=422
    ),
    # no Topic Memory processing: a valid flush is 503, a valid retry 404 (no block is retained)
    "flush_topic_memory": lambda t: Base(body={"scope_id": t.scope_id}, ok=503),
    "flush_profile": _profile_flush,
    "retry_topic_memory_processing": lambda t: Base(body=profile.block(t.scope_id), ok=404),
    "put_profile_policy": lambda t: Base(
        body={"generation_enabled": True, "expected_version": profile.current_version(t.http, t.scope_id)}
    ),
    "get_topic_memory_processing_status": lambda t: Base(body={"scope_id": t.scope_id}),
    # pcreceipt retains no processing block: a valid read is 404 topic_memory_block_not_found
    "get_topic_memory_processing_block": lambda t: Base(body={"scope_id": t.scope_id, "block_id": "blk_1"}, ok=404),
}


def _captured_source(tier: Tier) -> Base:
    """A Source captured for the read (get_source)."""
    source_id = f"tier-{uuid.uuid4().hex}"
    body = {"scope_id": tier.scope_id, "source_id": source_id, "content": "read by the tier"}
    assert tier.http.post("/v1/sources/content", json=body).status_code == 202
    return Base(path={"source_type": "content", "source_id": source_id})


BASES |= {
    "get_source": _captured_source,
    "list_sources": lambda t: Base(query={"limit": "10"}),
    "create_source": lambda t: Base(body={"source_type": "content", "content": {"made_by": "the tier"}}, ok=201),
    "create_subject_source": lambda t: Base(
        body={"subject_key": uuid.uuid4().hex, "subject_type": "user", "source_type": "content", "content": "tier"},
        ok=201,
    ),
    "register_source_definition": lambda t: Base(body={"manifest": new_manifest("tier")}),
    "submit_source_observation": _observation,
}

# The access operations: the tier's server is in local single-user mode, which has no Principal,
# so a valid request is 503 runtime_not_ready (as PowerContext 1.4.1 answers with access control
# disabled); every broken one is refused by the request gate before that.
_SERVER = {"type": "server", "deployment_id": "tier-deployment"}
BASES |= {
    "get_access_principal": lambda t: Base(ok=503),
    "list_access_roles": lambda t: Base(body={"resource_type": "scope"}, ok=503),
    "list_access_resources": lambda t: Base(body={"action": "scope.read", "resource_type": "scope"}, ok=503),
    "list_access_bindings": lambda t: Base(
        body={"management_resource": {"type": "scope", "scope_id": t.scope_id}, "state": "active"}, ok=503
    ),
}
BASES |= {
    "create_access_binding": lambda t: Base(
        body={
            "subject": {"type": "service", "id": "0123456789abcdef"},
            "resource": {"type": "scope", "scope_id": t.scope_id},
            "role": "scope.viewer",
            "idempotency_key": uuid.uuid4().hex,
            "reason": None,
            "expires_at": None,
        },
        ok=503,
    ),
    "revoke_access_binding": lambda t: Base(
        body={"binding_id": "bnd_tier", "expected_version": 1, "idempotency_key": uuid.uuid4().hex}, ok=503
    ),
    "replace_access_binding": lambda t: Base(
        body={
            "binding_id": "bnd_tier",
            "expected_version": 1,
            "replacement": {"subject": {"type": "service", "id": "0123456789abcdef"}, "reason": "tier"},
            "idempotency_key": uuid.uuid4().hex,
        },
        ok=503,
    ),
}
BASES |= {
    "list_access_audit": lambda t: Base(
        body={
            "resource": {"type": "scope", "scope_id": t.scope_id},
            "result": "denied",
            "time_range": {"start": "2026-01-01T00:00:00Z", "end": "2027-01-01T00:00:00Z"},
        },
        ok=503,
    ),
}
BASES |= {
    "check_access": lambda t: Base(
        body={
            "match": "any",
            "requirements": [{"action": "scope.read", "resource": {"type": "scope", "scope_id": t.scope_id}}],
        },
        ok=503,
    ),
}


def _enrolled(tier: Tier) -> dict[str, Any]:
    """A new enrolled target of the tier's Scope at its generation (1)."""
    target, _ = enrolled_target(tier.http, tier.scope_id)
    return {"scope_id": tier.scope_id, "target_id": target["target_id"], "expected_generation": 1}


def _unpublication(tier: Tier) -> dict[str, Any]:
    """A fresh publication's unpublication at its generation (0)."""
    publication = published(tier.http, tier.scope_id)
    return {key: publication[key] for key in ("scope_id", "target_id", "artifact_id")} | {"expected_generation": 0}


BASES |= {
    "list_remote_skill_targets": lambda t: Base(body={"scope_id": t.scope_id, "target_id": None, "limit": 10}),
    "create_remote_skill_target": lambda t: Base(
        body={"scope_id": t.scope_id, "agent_kind": "claude_code", "display_name": "tier"}, ok=201
    ),
    "enroll_remote_skill_target": lambda t: Base(
        body=enrollment(pending_target(t.http, t.scope_id)["enrollment_code"])
    ),
    "rename_remote_skill_target": lambda t: Base(body=_enrolled(t) | {"display_name": "renamed"}),
    "revoke_remote_skill_target": lambda t: Base(body=_enrolled(t)),
    "publish_remote_skill": lambda t: Base(body=publication_request(t.http, t.scope_id)),
    "unpublish_remote_skill": lambda t: Base(body=_unpublication(t)),
}


def _receiver(tier: Tier) -> tuple[dict[str, Any], dict[str, str]]:
    """A fresh publication's install action, as its target's Receiver reconciled it, and the
    headers with that target's credential."""
    _, credential = receiving(tier.http, tier.scope_id)
    [action] = reconcile(tier.http, credential, []).json()["actions"]
    return action, as_target(credential)


def _receiver_base(tier: Tier, body: Callable[[dict[str, Any]], dict[str, Any]]) -> Base:
    action, headers = _receiver(tier)
    return Base(headers=headers, body=body(action))


BASES |= {
    "reconcile_remote_skills": lambda t: _receiver_base(
        t, lambda action: {"observations": [], "receiver_version": "0.1.0", "environment_fingerprint": None}
    ),
    "download_remote_skill_package": lambda t: _receiver_base(
        t, lambda action: {key: action[key] for key in ("generation", "artifact", "package")}
    ),
    "record_remote_skill_receipt": lambda t: _receiver_base(t, receipt),
}
