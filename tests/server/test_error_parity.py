"""Error and route parity with PowerContext 1.4.1 (W1, W14), over a real loopback server.

- An unknown route is 404 ``not_found`` and a wrong method 405 ``invalid_request`` with ``Allow``,
  in the error envelope like every other answer.
- Every Scope-bound operation answers 404 ``scope_not_found`` for a Scope that does not exist.
- ``GET /openapi.json`` declares every operation pcreceipt serves at PowerContext's path and
  method under PowerContext's operationId, as DSH's doctor reads it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support import work_requests
from _support.candidates import EXPERIENCE, SKILL
from _support.servers import CANARY, assert_error, running
from _support.source_definitions import new_manifest, observation_of

from pcreceipt.config import Settings
from pcreceipt.models import OPERATIONS
from pcreceipt.server.app import create_app
from pcreceipt.store.sqlite import SQLiteStore

MISSING = "scp_" + CANARY
HEX = "a" * 64
MEMORY = {"family": "atomic-memory", "content": {"kind": "fact", "text": "x"}}
TARGET = {"artifact": {"family": "atomic-memory", "artifact_id": "art_x", "revision": 1}, "state_version": 0}
ARTIFACT = f"/v1/scopes/{MISSING}/artifacts/atomic-memory/art_x"
REMOTE_TARGET = {"target_id": "codex-0123456789ab", "expected_generation": 0}

_DRAFT = work_requests.handoff_draft("art_x")
_PREPARED = {
    "schema": "powercontext.prepared-handoff.v1",
    "scope_id": MISSING,
    "base": None,
    "content": {"schema": "powercontext.handoff.v1", **_DRAFT},
}
Request = tuple[str, str, dict[str, Any] | None, dict[str, str]]
#: A valid request of every operation that names its Scope in the path or the body, on ``MISSING``.
EVIDENCE = {"source_refs": [{"name": "content", "source_id": "s"}], "artifact_refs": []}
DECIDED = {"candidate_id": "cand_1", "expected_version": 1}
EXACT = {"artifact_id": "a", "revision": 1}

REGISTERED = new_manifest("parity")
"""The Source Definition the parity server holds, so an observation reaches its Scope's lookup."""
CONTENT_REF = {"name": "content", "source_id": "s-1"}
SKILL_REF = {"family": "skill", "artifact_id": "s", "revision": 1}
CHECKPOINT_BINDING = {"scope_id": MISSING, "binding_id": "b", "connector_name": "c", "connector_version": "1"}
SCOPE_BOUND: dict[str, Request] = {
    "get_connector_checkpoint": ("POST", "/v1/connector-checkpoints/get", {"binding": CHECKPOINT_BINDING}, {}),
    "commit_connector_checkpoint": (
        "POST",
        "/v1/connector-checkpoints/commit",
        {"binding": CHECKPOINT_BINDING, "expected": None, "checkpoint": 1},
        {},
    ),
    "prepare_context": ("POST", "/v1/context/prepare", {"scope_id": MISSING, "query": "x"}, {}),
    "get_scope": ("GET", f"/v1/scopes/{MISSING}", None, {}),
    "update_scope": ("PUT", f"/v1/scopes/{MISSING}", {"expected_version": 1, "title": "T", "summary": "S"}, {}),
    "create_artifact": ("POST", f"/v1/scopes/{MISSING}/artifacts", MEMORY, {}),
    "import_artifacts": ("POST", f"/v1/scopes/{MISSING}/artifacts/import", {"items": [MEMORY]}, {}),
    "list_artifacts": ("GET", f"/v1/scopes/{MISSING}/artifacts/atomic-memory", None, {}),
    "get_artifact": ("GET", ARTIFACT, None, {}),
    "replace_artifact": ("PUT", ARTIFACT, {"content": MEMORY["content"]}, {"If-Match": '"revision:1"'}),
    "get_artifact_revision": ("GET", ARTIFACT + "/revisions/1", None, {}),
    "list_artifact_revisions": ("GET", ARTIFACT + "/revisions", None, {}),
    "get_atomic_memory_state": ("GET", ARTIFACT + "/state", None, {}),
    "get_artifact_tags": ("GET", ARTIFACT + "/tags", None, {}),
    "replace_artifact_tags": ("PUT", ARTIFACT + "/tags", {"tags": ["x"]}, {"If-Match": '"tags:' + HEX + '"'}),
    "query_artifact_tags": ("POST", f"/v1/scopes/{MISSING}/artifact-tags/query", {"tags": ["x"]}, {}),
    "search_artifacts": ("POST", f"/v1/scopes/{MISSING}/artifacts/experience/search", {"query": "x"}, {}),
    "change_atomic_memory_lifecycle": (
        "POST",
        "/v1/atomic-memory/lifecycle",
        {"scope_id": MISSING, "target": TARGET, "state": "forgotten"},
        {},
    ),
    "merge_atomic_memories": (
        "POST",
        "/v1/atomic-memory/merges",
        {"scope_id": MISSING, "inputs": [TARGET, TARGET], "content": {"kind": "fact", "text": "x"}},
        {},
    ),
    "get_code_workspace": ("GET", f"/v1/scopes/{MISSING}/code", None, {}),
    "index_code_workspace": ("PUT", f"/v1/scopes/{MISSING}/code", {"files": []}, {}),
    "query_code": ("POST", f"/v1/scopes/{MISSING}/code/query", {"operation": {"kind": "status"}}, {}),
    "read_code": (
        "GET",
        f"/v1/scopes/{MISSING}/code/{HEX}/files/{HEX}?path=a.py&start_line=1&end_line=1",
        None,
        {},
    ),
    "prepare_bootstrap_context": (
        "POST",
        "/v1/context/bootstrap",
        {"scope_id": MISSING, "lifecycle": "startup", "integration": "test"},
        {},
    ),
    "record_bootstrap_delivery": (
        "POST",
        "/v1/context/bootstrap/receipts",
        {"scope_id": MISSING, "receipt_id": "bcr_" + "0" * 32, "outcome": "failed"},
        {},
    ),
    "flush_memory": ("POST", "/v1/memory/flush", {"scope_id": MISSING}, {}),
    "capture_content_source": (
        "POST",
        "/v1/sources/content",
        {"scope_id": MISSING, "source_id": "s-1", "content": "text"},
        {},
    ),
    "submit_source_observation": (
        "POST",
        "/v1/source-observations",
        {"scope_id": MISSING, "observation": observation_of(REGISTERED, "o-1")},
        {},
    ),
    "capture_working_note": (
        "POST",
        "/v1/sources/working-notes",
        {"scope_id": MISSING, "source_id": "n-1", "content": "text", "session_id": "s", "note_kind": "inspection"},
        {},
    ),
    "get_stats": ("POST", "/v1/stats", {"selection": {"mode": "exact", "scope_ids": [MISSING]}}, {}),
    "get_handoff_report": (
        "POST",
        "/v1/handoff-reports/get",
        {"selection": {"mode": "exact", "scope_ids": [MISSING]}},
        {},
    ),
    "resolve_scope_selection": (
        "POST",
        "/v1/scopes/selection/resolve",
        {"selection": {"mode": "subtree", "root_scope_id": MISSING}},
        {},
    ),
    "remember_memory": ("POST", "/v1/memory/remember", {"scope_id": MISSING, "kind": "fact", "text": "x"}, {}),
    "search_memory": ("POST", "/v1/memory/search", {"scope_id": MISSING, "query": "x"}, {}),
    "search_atomic_memory": ("POST", "/v1/atomic-memory/search", {"scope_id": MISSING, "query": "x"}, {}),
    "list_atomic_memories": ("POST", "/v1/atomic-memory/list", {"scope_id": MISSING}, {}),
    "search_topic_memory": ("POST", "/v1/topic-memory/search", {"scope_id": MISSING, "query": "x"}, {}),
    "get_topic_memory": (
        "POST",
        "/v1/topic-memory/get",
        {"scope_id": MISSING, "artifact": {"family": "topic-memory", "artifact_id": "art_1", "revision": 1}},
        {},
    ),
    "list_memory_entries": ("POST", "/v1/memory/entries/list", {"scope_id": MISSING}, {}),
    **{
        operation: ("POST", path, {"scope_id": MISSING, **body}, {})
        for operation, path, body in (
            ("propose_experience", "/v1/experience/propose", {"proposal": EXPERIENCE, **EVIDENCE}),
            ("propose_skill", "/v1/skill/propose", {"proposal": SKILL, **EVIDENCE}),
            ("generate_experience", "/v1/experience/generate", EVIDENCE),
            ("generate_skill", "/v1/skill/generate", {"origin": "source", **EVIDENCE}),
            ("propose_skill_package", "/v1/skill/package/propose", {"archive_base64": "UEsFBg=="}),
            ("get_skill_package_manifest", "/v1/skill/package/manifest", {"artifact": SKILL_REF}),
            ("download_skill_package", "/v1/skill/package/download", {"artifact": SKILL_REF}),
            ("list_remote_skill_targets", "/v1/skill/remote/targets", {}),
            (
                "create_remote_skill_target",
                "/v1/skill/remote/target/create",
                {"agent_kind": "codex", "display_name": "x"},
            ),
            ("rename_remote_skill_target", "/v1/skill/remote/target/rename", {**REMOTE_TARGET, "display_name": "x"}),
            ("revoke_remote_skill_target", "/v1/skill/remote/target/revoke", REMOTE_TARGET),
            ("publish_remote_skill", "/v1/skill/remote/publication/publish", {**REMOTE_TARGET, "artifact": SKILL_REF}),
            (
                "unpublish_remote_skill",
                "/v1/skill/remote/publication/unpublish",
                {**REMOTE_TARGET, "artifact_id": "skill_x"},
            ),
            (
                "record_skill_usage",
                "/v1/skill/usage",
                {
                    "observation_id": "o",
                    "skill_ref": SKILL_REF,
                    "package_digest": "sha256:" + "0" * 64,
                    "target_id": "t",
                    "selected": True,
                    "invoked": "true",
                    "validation": "passed",
                    "outcome": "success",
                },
            ),
            (
                "update_skill_lifecycle",
                "/v1/skill/lifecycle",
                {"artifact_id": "s", "expected_generation": 0, "lifecycle_state": "retired"},
            ),
            (
                "import_external_skill",
                "/v1/external-skills/import",
                {"external_skill_id": "codex:user:registry/x", "fingerprint": "a" * 64, "mode": "import"},
            ),
            (
                "get_experience",
                "/v1/experience/get",
                {"artifact": {"family": "experience", "artifact_id": "a", "revision": 1}},
            ),
            ("get_skill", "/v1/skill/get", {"artifact": {"family": "skill", "artifact_id": "s", "revision": 1}}),
            ("list_managed_skills", "/v1/skill/library", {}),
            ("list_candidates", "/v1/candidates/list", {}),
            ("get_candidate", "/v1/candidates/get", {"candidate_id": "cand_1"}),
            ("get_candidate_history", "/v1/candidates/history", {"candidate_id": "cand_1"}),
            ("approve_candidate", "/v1/candidates/approve", {"candidate_id": "cand_1", "expected_version": 1}),
            (
                "reject_candidate",
                "/v1/candidates/reject",
                {"candidate_id": "cand_1", "expected_version": 1, "reason": "r"},
            ),
            (
                "revise_candidate",
                "/v1/candidates/revise",
                {"candidate_id": "cand_1", "expected_version": 1, "proposal": EXPERIENCE},
            ),
        )
    },
    "get_memory_entry": (
        "POST",
        "/v1/memory/entries/get",
        {
            "scope_id": MISSING,
            "target": {"type": "memory_entry", "family": "memory", "artifact_id": "m", "entry_id": "e"},
        },
        {},
    ),
    "list_memory_changes": ("POST", "/v1/memory/changes", {"scope_id": MISSING, "since_revision": 0}, {}),
    "resolve_artifact_handle": ("GET", f"/v1/scopes/{MISSING}/artifact-handles/atomic-memory/k", None, {}),
    "get_prompt_configuration": ("GET", f"/v1/scopes/{MISSING}/prompts/memory.rerank", None, {}),
    "generate_prompt_demonstrations": (
        "POST",
        f"/v1/scopes/{MISSING}/prompts/memory.rerank/demonstrations",
        {"instructions": "x", "demonstration_count": 1},
        {},
    ),
    "get_profile_policy": ("GET", f"/v1/scopes/{MISSING}/profile-policy", None, {}),
    "put_profile_policy": (
        "PUT",
        f"/v1/scopes/{MISSING}/profile-policy",
        {"generation_enabled": True, "expected_version": 0},
        {},
    ),
    "get_topic_memory_processing_status": ("POST", "/v1/topic-memory/processing/status", {"scope_id": MISSING}, {}),
    "flush_topic_memory": ("POST", "/v1/topic-memory/flush", {"scope_id": MISSING}, {}),
    "flush_profile": ("POST", "/v1/profile/flush", {"scope_id": MISSING}, {}),
    "retry_topic_memory_processing": (
        "POST",
        "/v1/topic-memory/processing/retry",
        {"scope_id": MISSING, "block_id": "blk_1"},
        {},
    ),
    "get_topic_memory_processing_block": (
        "POST",
        "/v1/topic-memory/processing/blocks/get",
        {"scope_id": MISSING, "block_id": "blk_1"},
        {},
    ),
    "bind_artifact_handle": (
        "PUT",
        f"/v1/scopes/{MISSING}/artifact-handles/atomic-memory/k",
        {"artifact_id": "art_x", "revision": 1},
        {},
    ),
    "preview_atomic_memory_restoration": (
        "POST",
        "/v1/atomic-memory/restoration-previews",
        {"scope_id": MISSING, "target": {"artifact_id": "art_x"}},
        {},
    ),
    "restore_atomic_memory": (
        "POST",
        "/v1/atomic-memory/restorations",
        {"scope_id": MISSING, "target": {"artifact_id": "art_x"}},
        {},
    ),
    # work continuity and Handoffs (valid bodies from the bad-input tier's builders, on MISSING)
    "create_work_contract": ("POST", "/v1/work/contracts/create", work_requests.work_contract(MISSING), {}),
    "record_task_outcome": ("POST", "/v1/work/outcomes/record", work_requests.task_outcome(MISSING), {}),
    "handoff_current_work": ("POST", "/v1/work/handoffs/prepare-current", work_requests.current_work(MISSING), {}),
    "finalize_handoff": ("POST", "/v1/handoff/finalize", {"scope_id": MISSING, "draft": _DRAFT}, {}),
    "commit_handoff": ("POST", "/v1/handoff/commit", {"scope_id": MISSING, "handoff": _PREPARED}, {}),
    "continue_handoff": ("POST", "/v1/handoff/continue", {"scope_id": MISSING, "selection": "latest"}, {}),
    "acknowledge_handoff": (
        "POST",
        "/v1/work/handoffs/acknowledge",
        {
            "scope_id": MISSING,
            "source_id": "a",
            "receiver": "r",
            "status": "declined",
            "selection": "prepared",
            "prepared": _PREPARED,
            "message": "m",
        },
        {},
    ),
    "prepare_handoff_hint": ("POST", "/v1/handoff/hint", {"scope_id": MISSING, "selection": "latest"}, {}),
    "get_source": ("GET", f"/v1/scopes/{MISSING}/sources/content/s-1", None, {}),
    "list_sources": ("GET", f"/v1/scopes/{MISSING}/sources", None, {}),
    "create_source": ("POST", f"/v1/scopes/{MISSING}/sources", {"source_type": "content", "content": "c"}, {}),
    "create_subject_source": (
        "POST",
        f"/v1/scopes/{MISSING}/subject-sources",
        {"subject_key": "k", "subject_type": "user", "source_type": "content", "content": "c"},
        {},
    ),
    "prepare_handoff": (
        "POST",
        "/v1/handoff/prepare",
        {"scope_id": MISSING, "objective": "o", "evidence": [{"kind": "source", "source_ref": CONTENT_REF}]},
        {},
    ),
    "activate_handoff": (
        "POST",
        "/v1/handoff/activate",
        {"scope_id": MISSING, "boundary_source": CONTENT_REF, "objective": "o"},
        {},
    ),
    "create_dream_run": (
        "POST",
        f"/v1/scopes/{MISSING}/dream",
        {
            "operation": "refine_experience",
            "artifacts": [{"family": "experience", "artifact_id": "a", "revision": 1}],
            "idempotency_key": "k",
        },
        {},
    ),
    "get_dream_run": ("GET", f"/v1/scopes/{MISSING}/dream/dr_x", None, {}),
    "list_dream_runs": ("GET", f"/v1/scopes/{MISSING}/dream", None, {}),
}


@pytest.fixture
def http(tmp_path: Path) -> Iterator[httpx.Client]:
    store = SQLiteStore(tmp_path / "store.db")
    store.register_source_definition(REGISTERED)
    try:
        with running(create_app(Settings(data_dir=tmp_path), store=store)) as url, httpx.Client(base_url=url) as client:
            yield client
    finally:
        store.close()


def _unrouted(response: httpx.Response, status: int, code: str, rule: str) -> None:
    """A request no route takes is answered in the error envelope like every other: PowerContext's
    code, the violation naming why (``route`` or ``method``), a request id, nothing echoed."""
    error = assert_error(response, status, code)
    assert error["details"] == {"violations": [{"path": "", "rule": rule}]}
    assert response.headers["content-type"] == "application/json"


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", f"/v1/{CANARY}"),
        ("POST", "/v1/context/unknown"),
        ("GET", "/v1/scopes/a/b/c/d/e/f/g/h"),
        ("GET", "/nowhere"),
        ("POST", "/mcp/tools"),
        ("GET", f"/inspector/{CANARY}.js"),
    ],
)
def test_an_unknown_route_is_404_not_found_in_the_envelope(http: httpx.Client, method: str, path: str) -> None:
    _unrouted(http.request(method, path, json={"x": CANARY}), 404, "not_found", "route")


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("DELETE", "/v1/scopes", {"GET", "POST"}),
        ("GET", "/v1/context/prepare", {"POST"}),
        ("POST", "/health/live", {"GET", "HEAD"}),
        ("PATCH", "/v1/scopes/default", {"GET", "PUT"}),
        ("DELETE", f"/v1/scopes/{MISSING}", {"GET", "PUT"}),
        ("GET", "/mcp/", {"POST"}),
    ],
)
def test_a_wrong_method_is_405_invalid_request_in_the_envelope_with_allow(
    http: httpx.Client, method: str, path: str, allowed: set[str]
) -> None:
    response = http.request(method, path)
    _unrouted(response, 405, "invalid_request", "method")
    assert set(response.headers["allow"].replace(" ", "").split(",")) >= allowed


def test_every_scope_bound_operation_answers_scope_not_found(http: httpx.Client) -> None:
    bound = {op.operation_id for op in OPERATIONS if op.scope_source in ("path", "body", "selection", "binding")}
    assert bound == set(SCOPE_BOUND), "every Scope-bound operation needs a request here"
    for operation_id, (method, path, body, headers) in SCOPE_BOUND.items():
        response = http.request(method, path, json=body, headers=headers)
        error = assert_error(response, 404, "scope_not_found")
        assert error["details"] is None, operation_id


def test_create_scope_with_a_missing_parent_or_reference_is_scope_not_found(http: httpx.Client) -> None:
    base = {"title": "Child", "summary": "of nothing"}
    for extra in ({"parent_scope_id": MISSING}, {"context_references": [MISSING]}):
        response = http.post("/v1/scopes", json={**base, **extra, "idempotency_key": json.dumps(extra)})
        assert_error(response, 404, "scope_not_found")


def test_update_scope_with_a_missing_parent_or_reference_is_scope_not_found(http: httpx.Client) -> None:
    """As in 1.4.1, a link to a Scope that does not exist is 404, not 422, and the version check
    comes first (a stale version with a missing link is 409)."""
    created = http.post("/v1/scopes", json={"title": "U", "summary": "u", "idempotency_key": "update-missing"})
    scope = created.json()["scope_id"]
    base = {"expected_version": 1, "title": "U", "summary": "u"}
    for extra in ({"parent_scope_id": MISSING}, {"context_references": [MISSING]}):
        assert_error(http.put(f"/v1/scopes/{scope}", json={**base, **extra}), 404, "scope_not_found")
    stale = {**base, "expected_version": 2, "parent_scope_id": MISSING}
    error = assert_error(http.put(f"/v1/scopes/{scope}", json=stale), 409, "scope_version_conflict")
    assert error["details"] == {"expected_version": 2, "current_version": 1}


def test_missing_artifacts_and_revisions_are_artifact_not_found(http: httpx.Client) -> None:
    scope = http.post("/v1/scopes", json={"title": "S", "summary": "s", "idempotency_key": "s"}).json()["scope_id"]
    base = f"/v1/scopes/{scope}/artifacts/atomic-memory"
    created = http.post(f"/v1/scopes/{scope}/artifacts", json=MEMORY).json()["artifact_id"]
    for method, path, body, headers in [
        ("GET", f"{base}/art_missing", None, {}),
        ("GET", f"{base}/art_missing/state", None, {}),
        ("GET", f"{base}/{created}/revisions/2", None, {}),
        ("PUT", f"{base}/art_missing", {"content": MEMORY["content"]}, {"If-Match": '"revision:1"'}),
    ]:
        assert_error(http.request(method, path, json=body, headers=headers), 404, "artifact_not_found")
    target = {**TARGET, "artifact": {**TARGET["artifact"], "artifact_id": "art_missing"}}
    lifecycle = {"scope_id": scope, "target": target, "state": "forgotten"}
    assert_error(http.post("/v1/atomic-memory/lifecycle", json=lifecycle), 404, "artifact_not_found")
    handoff = {"family": "handoff", "artifact_id": "art_missing", "revision": 1}
    bootstrap = {"scope_id": scope, "lifecycle": "startup", "integration": "t", "enabled": True, "handoff": handoff}
    assert_error(http.post("/v1/context/bootstrap", json=bootstrap), 404, "artifact_not_found")


def test_a_stale_revision_on_lifecycle_is_409_revision_conflict(http: httpx.Client) -> None:
    scope = http.post("/v1/scopes", json={"title": "S", "summary": "s", "idempotency_key": "s"}).json()["scope_id"]
    created = http.post(f"/v1/scopes/{scope}/artifacts", json=MEMORY).json()
    location = f"/v1/scopes/{scope}/artifacts/atomic-memory/{created['artifact_id']}"
    replaced = http.put(location, json={"content": {"kind": "fact", "text": "y"}}, headers={"If-Match": '"revision:1"'})
    assert replaced.status_code == 200
    target = {"artifact": {**TARGET["artifact"], "artifact_id": created["artifact_id"]}, "state_version": 0}
    response = http.post(
        "/v1/atomic-memory/lifecycle", json={"scope_id": scope, "target": target, "state": "forgotten"}
    )
    error = assert_error(response, 409, "revision_conflict")
    assert error["details"]["reason"] == "stale_revision"


def test_an_oversized_body_is_request_too_large(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "store.db")
    try:
        with running(create_app(Settings(data_dir=tmp_path, max_body_bytes=65536), store=store)) as url:
            body = {"scope_id": "s", "query": CANARY * 10_000}
            assert_error(httpx.post(url + "/v1/context/prepare", json=body), 413, "request_too_large")
    finally:
        store.close()


# -- W14: the served OpenAPI document


def _declared(document: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """operationId -> (METHOD, path) of every operation a document declares."""
    out: dict[str, tuple[str, str]] = {}
    for path, item in document["paths"].items():
        for method, entry in item.items():
            if isinstance(entry, dict) and "operationId" in entry:
                out[entry["operationId"]] = (method.upper(), path)
    return out


def test_the_served_document_declares_every_operation_served(http: httpx.Client) -> None:
    document = http.get("/openapi.json").json()
    assert str(document["openapi"]).startswith("3.")
    declared = _declared(document)
    for operation in OPERATIONS:
        assert declared.get(operation.operation_id) == (operation.method, operation.path), operation.operation_id
        served = http.request(operation.method, operation.path.replace("{", "x").replace("}", ""))
        assert not _took_no_route(served), operation.operation_id  # routed, whatever it answers
    assert set(declared) == {op.operation_id for op in OPERATIONS}


DSH_DOCTOR_CORE = (
    "get_liveness",
    "get_readiness",
    "get_capabilities",
    "resolve_scope_binding",
    "prepare_context",
    "capture_content_source",
    "remember_memory",
    "search_memory",
    "flush_memory",
)
"""The operations DSH's ``/pc doctor`` looks up in ``/openapi.json`` (flush only with flush-on-capture)."""


def _doctor_missing(document: dict[str, Any], reference: dict[str, tuple[str, str]]) -> list[str]:
    """DSH doctor's route check: each operation's path and method must declare that operationId."""
    missing = []
    for operation_id in DSH_DOCTOR_CORE:
        method, path = reference[operation_id]
        entry = document["paths"].get(path, {}).get(method.lower())
        if not isinstance(entry, dict) or entry.get("operationId") != operation_id:
            missing.append(operation_id)
    return missing


def test_powercontext_operations_are_at_powercontexts_paths(
    http: httpx.Client, powercontext_openapi: dict[str, Any]
) -> None:
    reference = _declared(powercontext_openapi)
    document = http.get("/openapi.json").json()
    ours = _declared(document)
    shared = set(ours) & set(reference)
    assert shared >= {"prepare_context", "list_scopes", "query_code", "get_artifact", "flush_memory"}
    for operation_id in sorted(shared):
        assert ours[operation_id] == reference[operation_id], operation_id
    for operation_id in sorted(set(ours) - shared):  # pcreceipt's own operations take no PowerContext route
        method, path = ours[operation_id]
        other = powercontext_openapi["paths"].get(path, {}).get(method.lower())
        assert other is None, (operation_id, other and other.get("operationId"))
    served = set(DSH_DOCTOR_CORE) & set(ours)
    assert sorted(set(_doctor_missing(document, reference)) & served) == []
    assert set(_doctor_missing(document, reference)) == set(DSH_DOCTOR_CORE) - served


def _took_no_route(response: httpx.Response) -> bool:
    body = response.json() if response.content else {}
    violations = ((body.get("error") or {}).get("details") or {}).get("violations", [])
    return any(v["rule"] in ("route", "method") for v in violations)
