"""The authorisation matrix: roles × routes × target Scopes, every cell asserted.

Scopes: OWN (which references REF), REF, OTHER, and MISSING (an id no Scope has). Every route
touching a Scope is called against each target with a request that succeeds when allowed, so
a cell's status says exactly what authorisation decided: the route's own 2xx (``OK``), 404
(``NF``: allowed, but the Scope does not exist), 403 (``FB``) or 401 (``UA``).

``EXPECTED`` is written out per (role, target) and route class; each class expands to its
routes (``ROUTE_CLASS``, checked against ``x-pcreceipt-scope``), so each row asserts 20 cells:
- read: get_scope, list_artifacts, get_artifact, get_artifact_revision, list_artifact_revisions,
  get_atomic_memory_state,
  get_code_workspace, query_code, read_code, prepare_bootstrap_context, record_bootstrap_delivery, search_memory,
  search_atomic_memory, list_atomic_memories, list_memory_entries, get_memory_entry,
  search_topic_memory, get_topic_memory, get_artifact_tags, continue_handoff, prepare_handoff_hint,
  get_source (the seeded capture), list_sources
  (read on the target; an allowed get_memory_entry sends a citation, so it is 422
  legacy_memory_operation_unsupported; get_topic_memory reads the Scope's seeded topic);
  get_code_workspace, query_code, read_code, resolve_scope_binding with the target as explicit
  Scope (read on the target);
- write: create_artifact, import_artifacts, replace_artifact, change_atomic_memory_lifecycle,
  merge_atomic_memories, preview_atomic_memory_restoration (1.4.1 asks write: a preview is for
  a restoration), restore_atomic_memory, index_code_workspace, flush_memory, capture_content_source,
  capture_working_note, remember_memory, replace_artifact_tags, create_work_contract,
  record_task_outcome, handoff_current_work, finalize_handoff, commit_handoff, acknowledge_handoff, create_source,
  prepare_handoff, activate_handoff, get_connector_checkpoint and commit_connector_checkpoint of a
  binding in the target (write on the target); every seeded
  Scope holds captured content, which needs a model to extract, so an allowed flush is always 503 inference_unavailable;
- get_stats and get_handoff_report with the target as the exact selection (read on the target); an ``all`` selection
  counts only the Scopes the token may read, as list_scopes lists them;
- prepare: prepare_context (read on the target and on every Scope it references);
- create: create_scope with the target as parent and reference (admin on ``*``, read on it);
  publish_artifact of a topic of the target into OWN (REF from OWN): admin on both Scopes, so
  only admin on ``*`` covers it here;
  set_scope_binding and set_default_scope to the target (admin on ``*``); create_subject_source of a
  new subject into the target (write on it, and admin on ``*`` to bind the subject);
- admin: update_scope of the target, keeping its references (admin on the target, read on each
  Scope it references: OWN references REF).
list_scopes (only readable Scopes listed), get_capabilities and get_server_info (any valid
token), the health probes (always open), get_default_scope (read on the default Scope) and
clear_scope_binding (admin on ``*``) are asserted per role too, and so are the legacy Memory
collection operations 1.4.1 authorises with no grant (get_memory_capacity, revise_memory_entry,
retire_memory_entry, get_memory_entry_tags, replace_memory_entry_tags: any valid token, every
target, 422 legacy_memory_operation_unsupported); list_memory_changes is a read route (read on
the target, then that 422). resolve_artifact_handle is a read route and bind_artifact_handle an
admin route (1.4.1's scope.admin: admin on the target). External Skills: ``_support.external_skills``.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from _support import authz_routes, profile, rest_requests, work_requests
from _support.candidates import EXPERIENCE, PROPOSALS
from _support.dream_races import DREAM_OPERATIONS
from _support.dream_races import authz_requests as dream_authz_requests
from _support.external_skills import EXTERNAL_ROUTES, FORKS, OBSERVE
from _support.remote_skills import OPEN_REMOTE, RECEIVER_OPERATIONS, REMOTE_ROUTES
from _support.skill_governance import GOVERNANCE_ROUTES
from _support.source_matrix import DECLARED_WRITE, SOURCE_CLASSES, SOURCE_REQUESTS, UNSCOPED
from _support.tokens import TokenServer, assert_error, auth, issue, make_scope, running, token_server

from pcreceipt.config import Settings
from pcreceipt.models import OPERATIONS
from pcreceipt.server.app import create_app
from pcreceipt.server.handlers.tags import tag_etag, tag_set
from pcreceipt.store.code import file_sha256
from pcreceipt.store.records import BootstrapReceipt, CapturedSource, SourceRef
from pcreceipt.store.sqlite import SQLiteStore

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

OWN, REF, OTHER, MISSING = "own", "ref", "other", "missing"
TARGETS = (OWN, REF, OTHER, MISSING)
OK, NF, FB, UA = "ok", 404, 403, 401

ROUTE_CLASS: dict[str, str] = authz_routes.ROUTE_CLASS | rest_requests.ROUTE_CLASS | profile.AUTHZ_CLASS
ROUTE_CLASS |= SOURCE_CLASSES | {name: route_class for name, (route_class, _) in EXTERNAL_ROUTES.items()}
ROUTE_CLASS |= {name: route_class for name, (route_class, _) in GOVERNANCE_ROUTES.items()}
ROUTE_CLASS |= {name: route_class for name, (route_class, _) in REMOTE_ROUTES.items()}
#: Operations that never look a Scope up: where the grant allows, a missing Scope answers success, not 404.
NO_SCOPE_LOOKUP = frozenset(UNSCOPED)
#: The Scope-binding operations answer PowerContext's code for a missing Scope.
NOT_FOUND_CODE: dict[str, str] = {}
"""The 404 code of an operation whose 404 in the matrix is not a missing Scope (none: every 404
here is a Scope that does not exist, ``scope_not_found`` on every operation)."""
#: What an allowed request answers: its success status, except a flush of the seeded Scopes
#: (captured content is pending and pcreceipt runs no extraction model).
SUCCESS = {op.operation_id: op.success[0].status for op in OPERATIONS} | {
    "flush_memory": 503,
    "get_memory_entry": 422,
    "list_memory_changes": 422,  # legacy: refused once authorised, as in 1.4.1
    "generate_experience": 503,  # no generation provider: 1.4.1's generation_unavailable
    "generate_skill": 503,
}
SUCCESS |= profile.AUTHZ_SUCCESS
UNAVAILABLE_CODE = dict.fromkeys(
    ("generate_experience", "generate_skill", *FORKS), "generation_unavailable"
)  # an import is a fork
UNAVAILABLE_CODE |= dict.fromkeys(("prepare_handoff", "activate_handoff"), "handoff_generation_unavailable")
UNAVAILABLE_CODE |= dict.fromkeys(DREAM_OPERATIONS[:1], "capability_unavailable")  # a create; the reads answer
SUCCESS |= dict.fromkeys(UNAVAILABLE_CODE, 503)  # no generation provider: 1.4.1's 503 (each its own code)
SUCCESS |= {"get_dream_run": 404}  # no run can exist without a provider: an allowed read is dream_not_found
#: the codes of an allowed request's answer where the Scope exists (a missing one is scope_not_found)
FOUND_SCOPE_CODES: dict[str, dict[int, str]] = {"get_dream_run": {404: "dream_not_found"}}

ROLES: dict[str, list[tuple[str, str]] | None] = {
    "anonymous": None,
    "invalid": None,
    "revoked": [("*", "admin")],
    "read": [(OWN, "read")],
    "read_ref": [(OWN, "read"), (REF, "read")],
    "write": [(OWN, "write")],
    "admin": [(OWN, "admin"), (REF, "read")],
    "other": [(OTHER, "admin")],
    "global_read": [("*", "read")],
    "global_admin": [("*", "admin")],
}

_ALL_UA = {target: (UA, UA, UA, UA, UA) for target in TARGETS}
_ALL_FB = (FB, FB, FB, FB, FB)
#                         read  write prepare create admin
EXPECTED: dict[str, dict[str, tuple[Any, Any, Any, Any, Any]]] = {
    "anonymous": _ALL_UA,
    "invalid": _ALL_UA,
    "revoked": _ALL_UA,
    "read": {
        OWN: (OK, FB, FB, FB, FB),  # prepare: REF is referenced and unreadable: refused, not narrowed
        REF: _ALL_FB,
        OTHER: _ALL_FB,
        MISSING: _ALL_FB,
    },
    "read_ref": {
        OWN: (OK, FB, OK, FB, FB),
        REF: (OK, FB, OK, FB, FB),
        OTHER: _ALL_FB,
        MISSING: _ALL_FB,
    },
    "write": {
        OWN: (OK, OK, FB, FB, FB),
        REF: _ALL_FB,
        OTHER: _ALL_FB,
        MISSING: _ALL_FB,
    },
    "admin": {
        OWN: (OK, OK, OK, FB, OK),  # admin on a Scope does not create Scopes: that needs admin on *
        REF: (OK, FB, OK, FB, FB),
        OTHER: _ALL_FB,
        MISSING: _ALL_FB,
    },
    "other": {
        OWN: _ALL_FB,
        REF: _ALL_FB,
        OTHER: (OK, OK, OK, FB, OK),
        MISSING: _ALL_FB,
    },
    "global_read": {
        OWN: (OK, FB, OK, FB, FB),
        REF: (OK, FB, OK, FB, FB),
        OTHER: (OK, FB, OK, FB, FB),
        MISSING: (NF, FB, NF, FB, FB),
    },
    "global_admin": {
        OWN: (OK, OK, OK, OK, OK),
        REF: (OK, OK, OK, OK, OK),
        OTHER: (OK, OK, OK, OK, OK),
        MISSING: (NF, NF, NF, NF, NF),
    },
}
VISIBLE: dict[str, set[str] | None] = {
    "read": {OWN},
    "read_ref": {OWN, REF},
    "write": {OWN},
    "admin": {OWN, REF},
    "other": {OTHER},
    "global_read": {OWN, REF, OTHER},
    "global_admin": {OWN, REF, OTHER},
}
CODE_PATH, CODE_TEXT = "src/matrix.py", "def matrix():\n    return 'matrix'\n"
MEMORY = {"kind": "fact", "text": "matrix memory"}
TOPIC = {"title": "Matrix", "summary": "The matrix topic.", "detail": "Every cell is asserted."}


@dataclass
class World:
    """The Scopes by role name, their seeded memory and code, and the store to make more."""

    store: SQLiteStore
    ids: dict[str, str]
    memory: dict[str, str]
    fingerprint: dict[str, str]
    receipt: dict[str, str]

    def seed_memory(self, target: str) -> str:
        """A fresh active memory in the target (a placeholder id for MISSING)."""
        if target == MISSING:
            return "art_missing_" + uuid.uuid4().hex
        return self.store.create_artifact(self.ids[target], "atomic-memory", MEMORY).ref.artifact_id


def make_world(store: SQLiteStore) -> World:
    ref = make_scope(store, "ref")
    own = make_scope(store, "own", refs=[ref.scope_id])
    other = make_scope(store, "other")
    ids = {OWN: own.scope_id, REF: ref.scope_id, OTHER: other.scope_id, MISSING: "scp_missing_" + uuid.uuid4().hex}
    memory, fingerprint = {MISSING: "art_missing"}, {MISSING: "0" * 64}
    for name in (OWN, REF, OTHER):
        memory[name] = store.create_artifact(ids[name], "atomic-memory", MEMORY).ref.artifact_id
        fingerprint[name] = store.index_workspace(ids[name], [(CODE_PATH, CODE_TEXT.encode())], 0).fingerprint
    receipt = {MISSING: "bcr_" + "0" * 32}
    for name in (OWN, REF, OTHER):
        stored = BootstrapReceipt(
            "bcr_" + uuid.uuid4().hex, ids[name], uuid.uuid4().hex, "sha256:" + "0" * 64, "skipped", ""
        )
        receipt[name] = store.create_bootstrap_receipt(stored)[0].receipt_id
        store.capture_source(ids[name], CapturedSource("matrix-seed", "a captured prompt", None))
    return World(store, ids, memory, fingerprint, receipt)


def reference(artifact_id: str) -> dict[str, Any]:
    return {"family": "atomic-memory", "artifact_id": artifact_id, "revision": 1}


Request = Callable[[httpx.Client, World, str], httpx.Response]


def _get_topic_memory(http: httpx.Client, w: World, t: str) -> httpx.Response:
    """A fresh topic of the target (a placeholder id for MISSING), read exactly."""
    artifact_id = (
        "art_missing" if t == MISSING else w.store.create_artifact(w.ids[t], "topic-memory", TOPIC).ref.artifact_id
    )
    return http.post(
        "/v1/topic-memory/get",
        json={"scope_id": w.ids[t], "artifact": {"family": "topic-memory", "artifact_id": artifact_id, "revision": 1}},
    )


def _publish(http: httpx.Client, w: World, t: str) -> httpx.Response:
    """A fresh topic of the target published into another Scope (OWN, or REF from OWN): admin on both."""
    artifact_id = (
        "art_missing" if t == MISSING else w.store.create_artifact(w.ids[t], "topic-memory", TOPIC).ref.artifact_id
    )
    source = {"scope_id": w.ids[t], "artifact": {"family": "topic-memory", "artifact_id": artifact_id, "revision": 1}}
    into = w.ids[REF if t == OWN else OWN]
    return http.post(
        "/v1/artifact-publications",
        json={"source": source, "target_scope_id": into, "idempotency_key": uuid.uuid4().hex},
    )


def _prepare(http: httpx.Client, w: World, t: str) -> httpx.Response:
    return http.post("/v1/context/prepare", json={"scope_id": w.ids[t], "query": "matrix memory"})


def _create_scope(http: httpx.Client, w: World, t: str) -> httpx.Response:
    body = {
        "title": "child",
        "summary": "a child Scope",
        "idempotency_key": uuid.uuid4().hex,
        "parent_scope_id": w.ids[t],
        "context_references": [w.ids[t]],
    }
    return http.post("/v1/scopes", json=body)


def _handle_path(w: World, t: str) -> str:
    return f"/v1/scopes/{w.ids[t]}/artifact-handles/atomic-memory/matrix-{uuid.uuid4().hex}"


def _bind_artifact_handle(http: httpx.Client, w: World, t: str) -> httpx.Response:
    """A fresh handle of the target bound to a fresh memory of it (placeholders for MISSING)."""
    return http.put(_handle_path(w, t), json={"artifact_id": w.seed_memory(t), "revision": 1})


def _resolve_artifact_handle(http: httpx.Client, w: World, t: str) -> httpx.Response:
    """A handle of the target bound beforehand to its seeded memory (never bound for MISSING)."""
    path = _handle_path(w, t)
    if t != MISSING:
        w.store.bind_artifact_handle(w.ids[t], "atomic-memory", path.rsplit("/", 1)[1], w.memory[t], 1)
    return http.get(path)


def _update_scope(http: httpx.Client, w: World, t: str) -> httpx.Response:
    """Retitle the target at its current version, keeping its references (OWN keeps REF, so admin
    on OWN also needs read on REF); a placeholder version for MISSING."""
    scope = None if t == MISSING else w.store.get_scope(w.ids[t])
    body = {
        "expected_version": 1 if scope is None else scope.version,
        "title": "retitled",
        "summary": "an updated Scope",
        "context_references": [] if scope is None else list(scope.context_references),
    }
    return http.put(f"/v1/scopes/{w.ids[t]}", json=body)


def _replace(http: httpx.Client, w: World, t: str) -> httpx.Response:
    path = f"/v1/scopes/{w.ids[t]}/artifacts/atomic-memory/{w.seed_memory(t)}"
    return http.put(path, json={"content": {"kind": "fact", "text": "replaced"}}, headers={"If-Match": '"revision:1"'})


def _replace_tags(http: httpx.Client, w: World, t: str) -> httpx.Response:
    """Clear the (empty) tag set: the same request succeeds every time it is allowed."""
    artifact_id = w.memory[t]
    etag = tag_etag(tag_set(w.ids[t], "atomic-memory", artifact_id, []))
    path = f"/v1/scopes/{w.ids[t]}/artifacts/atomic-memory/{artifact_id}/tags"
    return http.put(path, json={"tags": []}, headers={"If-Match": etag})


def _lifecycle(http: httpx.Client, w: World, t: str) -> httpx.Response:
    target = {"artifact": reference(w.seed_memory(t)), "state_version": 0}
    return http.post("/v1/atomic-memory/lifecycle", json={"scope_id": w.ids[t], "target": target, "state": "forgotten"})


def _merge(http: httpx.Client, w: World, t: str) -> httpx.Response:
    inputs = [{"artifact": reference(w.seed_memory(t)), "state_version": 0} for _ in range(2)]
    body = {"scope_id": w.ids[t], "inputs": inputs, "content": {"kind": "fact", "text": "merged"}}
    return http.post("/v1/atomic-memory/merges", json=body)


def _read_code(http: httpx.Client, w: World, t: str) -> httpx.Response:
    sha = file_sha256(CODE_TEXT.encode())
    params = {"path": CODE_PATH, "start_line": "1", "end_line": "2"}
    return http.get(f"/v1/scopes/{w.ids[t]}/code/{w.fingerprint[t]}/files/{sha}", params=params)


def _binding_key() -> dict[str, str]:
    return {"integration": "matrix", "kind": "workspace", "external_id": uuid.uuid4().hex}


_SEEDED = {"kind": "source", "source_ref": {"name": "content", "source_id": "matrix-seed"}}
_DRAFT = {
    "objective": "matrix handoff",
    "state": [{"text": "every cell", "citations": [_SEEDED]}],
    "disposition": "continuable",
    "next_action": None,
    "omissions": [],
}


def _prepared(scope_id: str) -> dict[str, Any]:
    """The matrix's one prepared Handoff of a Scope: its first commit writes it, later ones answer it."""
    content = {"schema": "powercontext.handoff.v1", **_DRAFT}
    return {"schema": "powercontext.prepared-handoff.v1", "scope_id": scope_id, "base": None, "content": content}


def _seed_candidate(w: World, t: str, family: str = "experience") -> str:
    """A fresh pending candidate in the target, citing its seeded Source (a placeholder for MISSING)."""
    if t == MISSING:
        return "cand_missing"
    cited = [SourceRef("content", "matrix-seed")]
    made = w.store.create_candidate(
        w.ids[t], "skill" if family == "skill" else "experience", PROPOSALS[family],
        source_refs=cited, artifact_refs=[], target=None, reason=None,
    )  # fmt: skip
    return made.candidate_id


def _seed_approved(w: World, t: str, family: str) -> dict[str, Any]:
    if t == MISSING:
        return {"family": family, "artifact_id": "art_missing", "revision": 1}
    approved = w.store.approve_candidate(w.ids[t], _seed_candidate(w, t, family), 1)
    assert approved.result is not None
    return approved.result.reference()


def _decide(action: str, **fields: Any) -> Request:
    def request(http: httpx.Client, w: World, t: str) -> httpx.Response:
        body = {"scope_id": w.ids[t], "candidate_id": _seed_candidate(w, t), "expected_version": 1, **fields}
        return http.post(f"/v1/candidates/{action}", json=body)

    return request


def _read_candidate(path: str) -> Request:
    def request(http: httpx.Client, w: World, t: str) -> httpx.Response:
        return http.post(path, json={"scope_id": w.ids[t], "candidate_id": _seed_candidate(w, t)})

    return request


def _propose(family: str) -> Request:
    def request(http: httpx.Client, w: World, t: str) -> httpx.Response:
        body = {
            "scope_id": w.ids[t],
            "proposal": PROPOSALS[family],
            "source_refs": [{"name": "content", "source_id": "matrix-seed"}],
            "artifact_refs": [],
        }
        return http.post(f"/v1/{family}/propose", json=body)

    return request


def _generate(family: str) -> Request:
    def request(http: httpx.Client, w: World, t: str) -> httpx.Response:
        body = {
            "scope_id": w.ids[t],
            "source_refs": [{"name": "content", "source_id": "matrix-seed"}],
            "artifact_refs": [],
        }
        return http.post(f"/v1/{family}/generate", json=body | ({"origin": "source"} if family == "skill" else {}))

    return request


def _get_approved(family: str) -> Request:
    def request(http: httpx.Client, w: World, t: str) -> httpx.Response:
        return http.post(f"/v1/{family}/get", json={"scope_id": w.ids[t], "artifact": _seed_approved(w, t, family)})

    return request


def _connector_binding(scope_id: str, binding_id: str = "matrix") -> dict[str, str]:
    return {"scope_id": scope_id, "binding_id": binding_id, "connector_name": "matrix", "connector_version": "1"}


REQUESTS: dict[str, Request] = (
    {
        "prepare_context": _prepare,
        "create_scope": _create_scope,
        "get_scope": lambda http, w, t: http.get(f"/v1/scopes/{w.ids[t]}"),
        "create_artifact": lambda http, w, t: http.post(
            f"/v1/scopes/{w.ids[t]}/artifacts", json={"family": "atomic-memory", "content": MEMORY}
        ),
        "import_artifacts": lambda http, w, t: http.post(
            f"/v1/scopes/{w.ids[t]}/artifacts/import", json={"items": [{"family": "atomic-memory", "content": MEMORY}]}
        ),
        "list_artifacts": lambda http, w, t: http.get(f"/v1/scopes/{w.ids[t]}/artifacts/atomic-memory"),
        "get_artifact": lambda http, w, t: http.get(f"/v1/scopes/{w.ids[t]}/artifacts/atomic-memory/{w.memory[t]}"),
        "replace_artifact": _replace,
        "get_artifact_revision": lambda http, w, t: http.get(
            f"/v1/scopes/{w.ids[t]}/artifacts/atomic-memory/{w.memory[t]}/revisions/1"
        ),
        "list_artifact_revisions": lambda http, w, t: http.get(
            f"/v1/scopes/{w.ids[t]}/artifacts/atomic-memory/{w.memory[t]}/revisions", params={"limit": 1}
        ),
        "get_atomic_memory_state": lambda http, w, t: http.get(
            f"/v1/scopes/{w.ids[t]}/artifacts/atomic-memory/{w.memory[t]}/state"
        ),
        "get_artifact_tags": lambda http, w, t: http.get(
            f"/v1/scopes/{w.ids[t]}/artifacts/atomic-memory/{w.memory[t]}/tags"
        ),
        "replace_artifact_tags": _replace_tags,
        "change_atomic_memory_lifecycle": _lifecycle,
        "merge_atomic_memories": _merge,
        "preview_atomic_memory_restoration": lambda http, w, t: http.post(
            "/v1/atomic-memory/restoration-previews",
            json={"scope_id": w.ids[t], "target": {"artifact_id": w.memory[t]}},
        ),
        "restore_atomic_memory": lambda http, w, t: http.post(
            "/v1/atomic-memory/restorations", json={"scope_id": w.ids[t], "target": {"artifact_id": w.memory[t]}}
        ),
        "get_code_workspace": lambda http, w, t: http.get(f"/v1/scopes/{w.ids[t]}/code"),
        "index_code_workspace": lambda http, w, t: http.put(
            f"/v1/scopes/{w.ids[t]}/code", json={"files": [{"path": CODE_PATH, "content": CODE_TEXT}]}
        ),
        "query_code": lambda http, w, t: http.post(
            f"/v1/scopes/{w.ids[t]}/code/query", json={"operation": {"kind": "status"}}
        ),
        "read_code": _read_code,
        "prepare_bootstrap_context": lambda http, w, t: http.post(
            "/v1/context/bootstrap", json={"scope_id": w.ids[t], "lifecycle": "startup", "integration": "matrix"}
        ),
        "record_bootstrap_delivery": lambda http, w, t: http.post(
            "/v1/context/bootstrap/receipts",
            json={"scope_id": w.ids[t], "receipt_id": w.receipt[t], "outcome": "failed"},
        ),
        "flush_memory": lambda http, w, t: http.post("/v1/memory/flush", json={"scope_id": w.ids[t]}),
        "capture_content_source": lambda http, w, t: http.post(
            "/v1/sources/content", json={"scope_id": w.ids[t], "source_id": uuid.uuid4().hex, "content": "captured"}
        ),
        "remember_memory": lambda http, w, t: http.post(
            "/v1/memory/remember", json={"scope_id": w.ids[t], "kind": "fact", "text": "remembered in the matrix"}
        ),
        "search_memory": lambda http, w, t: http.post(
            "/v1/memory/search", json={"scope_id": w.ids[t], "query": "matrix", "mode": "fts"}
        ),
        "search_atomic_memory": lambda http, w, t: http.post(
            "/v1/atomic-memory/search", json={"scope_id": w.ids[t], "query": "matrix", "kind": "fact"}
        ),
        "list_atomic_memories": lambda http, w, t: http.post(
            "/v1/atomic-memory/list", json={"scope_id": w.ids[t], "states": ["active", "forgotten"]}
        ),
        "list_memory_entries": lambda http, w, t: http.post(
            "/v1/memory/entries/list", json={"scope_id": w.ids[t], "include_inactive": True}
        ),
        "get_memory_entry": lambda http, w, t: http.post(
            "/v1/memory/entries/get", json={"scope_id": w.ids[t], "citation": {"entry_id": "e1"}}
        ),
        "search_topic_memory": lambda http, w, t: http.post(
            "/v1/topic-memory/search", json={"scope_id": w.ids[t], "query": "matrix"}
        ),
        "get_topic_memory": _get_topic_memory,
        "publish_artifact": _publish,
        "handoff_current_work": lambda http, w, t: http.post(
            "/v1/work/handoffs/prepare-current", json=work_requests.current_work(w.ids[t])
        ),
        "finalize_handoff": lambda http, w, t: http.post(
            "/v1/handoff/finalize", json={"scope_id": w.ids[t], "draft": _DRAFT}
        ),
        "commit_handoff": lambda http, w, t: http.post(
            "/v1/handoff/commit", json={"scope_id": w.ids[t], "handoff": _prepared(w.ids[t])}
        ),
        "acknowledge_handoff": lambda http, w, t: http.post(
            "/v1/work/handoffs/acknowledge",
            json={
                "scope_id": w.ids[t],
                "source_id": uuid.uuid4().hex,
                "receiver": "matrix",
                "status": "declined",
                "selection": "prepared",
                "prepared": _prepared(w.ids[t]),
                "message": "matrix",
            },
        ),
        "prepare_handoff_hint": lambda http, w, t: http.post(
            "/v1/handoff/hint", json={"scope_id": w.ids[t], "selection": "latest"}
        ),
        "continue_handoff": lambda http, w, t: http.post(
            "/v1/handoff/continue", json={"scope_id": w.ids[t], "selection": "latest"}
        ),
        "create_work_contract": lambda http, w, t: http.post(
            "/v1/work/contracts/create", json=work_requests.work_contract(w.ids[t])
        ),
        "record_task_outcome": lambda http, w, t: http.post(
            "/v1/work/outcomes/record", json=work_requests.task_outcome(w.ids[t])
        ),
        "capture_working_note": lambda http, w, t: http.post(
            "/v1/sources/working-notes",
            json={
                "scope_id": w.ids[t],
                "source_id": uuid.uuid4().hex,
                "content": "a note",
                "session_id": "matrix",
                "note_kind": "validation",
            },
        ),
        "get_stats": lambda http, w, t: http.post(
            "/v1/stats", json={"selection": {"mode": "exact", "scope_ids": [w.ids[t]]}}
        ),
        "get_handoff_report": lambda http, w, t: http.post(
            "/v1/handoff-reports/get", json={"selection": {"mode": "exact", "scope_ids": [w.ids[t]]}}
        ),
        "resolve_scope_binding": lambda http, w, t: http.post(
            "/v1/scope-bindings/resolve", json={"explicit_scope_id": w.ids[t]}
        ),
        "set_scope_binding": lambda http, w, t: http.put(
            "/v1/scope-bindings", json={"key": _binding_key(), "scope_id": w.ids[t]}
        ),
        "set_default_scope": lambda http, w, t: http.put("/v1/scopes/default", json={"scope_id": w.ids[t]}),
        "update_scope": _update_scope,
        "propose_experience": _propose("experience"),
        "propose_skill": _propose("skill"),
        "get_experience": _get_approved("experience"),
        "get_skill": _get_approved("skill"),
        "list_managed_skills": lambda http, w, t: http.post("/v1/skill/library", json={"scope_id": w.ids[t]}),
        "list_candidates": lambda http, w, t: http.post("/v1/candidates/list", json={"scope_id": w.ids[t]}),
        "get_candidate": _read_candidate("/v1/candidates/get"),
        "get_candidate_history": _read_candidate("/v1/candidates/history"),
        "approve_candidate": _decide("approve"),
        "reject_candidate": _decide("reject", reason="Not needed."),
        "revise_candidate": _decide("revise", proposal=EXPERIENCE),
        "generate_experience": _generate("experience"),
        "generate_skill": _generate("skill"),
        **{name: send for name, (_, send) in EXTERNAL_ROUTES.items()},
        **{name: send for name, (_, send) in GOVERNANCE_ROUTES.items()},
        "list_memory_changes": lambda http, w, t: http.post("/v1/memory/changes", json={"scope_id": w.ids[t]}),
        "resolve_artifact_handle": _resolve_artifact_handle,
        "bind_artifact_handle": _bind_artifact_handle,
        "get_connector_checkpoint": lambda http, w, t: http.post(
            "/v1/connector-checkpoints/get", json={"binding": _connector_binding(w.ids[t])}
        ),
        "commit_connector_checkpoint": lambda http, w, t: http.post(
            "/v1/connector-checkpoints/commit",
            json={"binding": _connector_binding(w.ids[t], uuid.uuid4().hex), "expected": None, "checkpoint": 1},
        ),
    }
    | work_requests.generative_handoff_requests(_SEEDED)
    | profile.authz_requests(MISSING)
)
REQUESTS.update(rest_requests.REQUESTS)
REQUESTS.update(dream_authz_requests())
#: The legacy Memory collection operations 1.4.1 authorises with no grant (and looks up no Scope
#: for): any valid token gets their 422 legacy_memory_operation_unsupported.
ANY_TOKEN_LEGACY: dict[str, Callable[[httpx.Client, str], httpx.Response]] = {
    "get_memory_capacity": lambda http, s: http.post("/v1/memory/capacity", json={"scope_id": s}),
    "revise_memory_entry": lambda http, s: http.post(
        "/v1/memory/entries/revise", json={"scope_id": s, "citation": {}, "kind": "fact", "text": "t"}
    ),
    "retire_memory_entry": lambda http, s: http.post("/v1/memory/entries/retire", json={"scope_id": s, "citation": {}}),
    "get_memory_entry_tags": lambda http, s: http.get(f"/v1/scopes/{s}/artifacts/memory/m/entries/e/tags"),
    "replace_memory_entry_tags": lambda http, s: http.put(
        f"/v1/scopes/{s}/artifacts/memory/m/entries/e/tags", json={"tags": []}, headers={"If-Match": '"t"'}
    ),
}
REQUESTS |= SOURCE_REQUESTS | {name: send for name, (_, send) in REMOTE_ROUTES.items()}
OPEN_TO_ANY_TOKEN = ("/v1/capabilities", "/v1/server-info")
#: Decided in their handler: tests/server/test_access_changes_http.py::test_the_access_matrix.
ACCESS_OPERATIONS = tuple(op.operation_id for op in OPERATIONS if op.path.startswith("/v1/access/"))
COLUMNS = ("read", "write", "prepare", "create", "admin")


def test_the_table_covers_every_route_and_matches_the_schema() -> None:
    assert set(REQUESTS) == set(ROUTE_CLASS)
    scoped = {op.operation_id: op for op in OPERATIONS}
    unscoped = {
        "list_scopes",
        "get_liveness",
        "get_readiness",
        "get_capabilities",
        "get_server_info",
        "get_default_scope",
        "clear_scope_binding",
        *ANY_TOKEN_LEGACY,
        *ACCESS_OPERATIONS,
        *OBSERVE,
        *OPEN_REMOTE,
        *RECEIVER_OPERATIONS,  # the target credential only: tests/server/test_authz_receiver.py
    }
    assert set(scoped) - set(ROUTE_CLASS) == unscoped
    for operation_id, route_class in ROUTE_CLASS.items():
        access = scoped[operation_id].scope_access
        declared = {"read": "read", "prepare": "read", "write": "write", "create": "admin", "admin": "admin"}
        assert access == DECLARED_WRITE.get(operation_id, declared[route_class])
    assert scoped["prepare_context"].scope_references
    assert set(EXPECTED) == set(ROLES) and all(set(row) == set(TARGETS) for row in EXPECTED.values())


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TokenServer, World, dict[str, str | None]]]:
    with token_server(tmp_path_factory.mktemp("matrix")) as server:
        w = make_world(server.store)
        tokens: dict[str, str | None] = {"anonymous": None, "invalid": "pcr_0123456789abcdef_" + "x" * 43}
        for role, grants in ROLES.items():
            if grants is not None:
                tokens[role] = server.issue([(w.ids.get(scope, scope), access) for scope, access in grants], role)
        revoked = tokens["revoked"]
        assert revoked is not None
        server.store.revoke_token(revoked.split("_")[1])
        yield server, w, tokens


def _expected(role: str, target: str, operation_id: str) -> int:
    cell = EXPECTED[role][target][COLUMNS.index(ROUTE_CLASS[operation_id])]
    if cell == NF and operation_id in NO_SCOPE_LOOKUP:
        cell = OK
    return SUCCESS[operation_id] if cell == OK else int(cell)


def _codes(response: httpx.Response, operation_id: str, target: str = MISSING) -> str:
    not_found = NOT_FOUND_CODE.get(operation_id, "scope_not_found")
    codes = {
        401: "unauthorized",
        403: "forbidden",
        404: not_found,
        503: UNAVAILABLE_CODE.get(operation_id, "inference_unavailable"),
        422: "legacy_memory_operation_unsupported",
    }
    codes |= {} if target == MISSING else profile.AUTHZ_CODES.get(operation_id, {})
    codes |= {} if target == MISSING else FOUND_SCOPE_CODES.get(operation_id, {})
    return codes.get(response.status_code, "")


@pytest.mark.parametrize("role", list(ROLES))
def test_every_cell(world: tuple[TokenServer, World, dict[str, str | None]], role: str) -> None:
    server, w, tokens = world
    actual: dict[tuple[str, str], int] = {}
    expected: dict[tuple[str, str], int] = {}
    with server.client(tokens[role]) as http:
        for operation_id, request in REQUESTS.items():
            for target in TARGETS:
                response = request(http, w, target)
                actual[operation_id, target] = response.status_code
                expected[operation_id, target] = _expected(role, target, operation_id)
                if response.status_code >= 400:
                    assert_error(response, response.status_code, _codes(response, operation_id, target))
                if response.status_code == 401:
                    assert response.headers["www-authenticate"].startswith("Bearer ")
        listing = http.get("/v1/scopes", params={"limit": "100"})
        default_status = http.get("/v1/scopes/default").status_code
        clear_status = http.post("/v1/scope-bindings/clear", json={"key": _binding_key()}).status_code
        health = [http.get("/health/live").status_code, http.get("/health/ready").status_code]
        service = [http.get(path).status_code for path in OPEN_TO_ANY_TOKEN]
        every = http.post("/v1/stats", json={"selection": {"mode": "all"}, "period": "today"})
        legacy = {
            (name, target): send(http, w.ids[target]).status_code
            for name, send in ANY_TOKEN_LEGACY.items()
            for target in TARGETS
        }
        external = {n: {send(http, w.ids[t]).status_code for t in TARGETS} for n, (send, _) in OBSERVE.items()}
    mismatches = {cell: (actual[cell], expected[cell]) for cell in expected if actual[cell] != expected[cell]}
    assert mismatches == {}, f"(actual, expected) per (route, target) for {role}"
    assert len(actual) == len(REQUESTS) * len(TARGETS)
    assert health == [200, 200]
    unauthenticated = role in {"anonymous", "invalid", "revoked"}
    assert set(legacy.values()) == {401 if unauthenticated else 422}
    assert external == {n: {401 if unauthenticated else s} for n, (_, s) in OBSERVE.items()}
    reads_default = role.startswith("global")  # only a grant on * covers the server-made default
    assert default_status == (401 if unauthenticated else 200 if reads_default else 403)
    assert clear_status == (401 if unauthenticated else 200 if role == "global_admin" else 403)
    visible = VISIBLE.get(role)
    assert service == ([401, 401] if visible is None else [200, 200])
    if visible is None:
        assert_error(listing, 401, "unauthorized")
        assert_error(every, 401, "unauthorized")
    else:
        listed = {item["scope_id"] for item in listing.json()["items"]}
        named = {w.ids[name] for name in (OWN, REF, OTHER)}
        assert listed & named == {w.ids[name] for name in visible}
        if not role.startswith("global"):
            assert listed == {w.ids[name] for name in visible}
        counted = every.json()["scope_ids"]
        assert every.status_code == 200 and set(counted) == listed and counted == sorted(counted)


@pytest.mark.parametrize("link", ["parent_scope_id", "context_references"])
def test_update_scope_needs_read_on_every_scope_it_links_to(
    world: tuple[TokenServer, World, dict[str, str | None]], link: str
) -> None:
    """Admin on OTHER alone may retitle OTHER but not link it to REF (unreadable to it), checked
    before any lookup: a link to a missing Scope is 403 too. Admin on OWN with read on REF may."""
    server, w, tokens = world

    def body(scope_id: str, linked: str) -> dict[str, Any]:
        scope = w.store.get_scope(scope_id)
        assert scope is not None
        value: Any = linked if link == "parent_scope_id" else [linked]
        return {"expected_version": scope.version, "title": "linked", "summary": "s", link: value}

    with server.client(tokens["other"]) as http:
        for linked in (w.ids[REF], w.ids[MISSING]):
            response = http.put(f"/v1/scopes/{w.ids[OTHER]}", json=body(w.ids[OTHER], linked))
            assert_error(response, 403, "forbidden")
    with server.client(tokens["admin"]) as http:
        response = http.put(f"/v1/scopes/{w.ids[OWN]}", json=body(w.ids[OWN], w.ids[REF]))
        assert response.status_code == 200
        assert response.json()[link] == (w.ids[REF] if link == "parent_scope_id" else [w.ids[REF]])
        restore = {**body(w.ids[OWN], w.ids[REF]), "parent_scope_id": None, "context_references": [w.ids[REF]]}
        assert http.put(f"/v1/scopes/{w.ids[OWN]}", json=restore).status_code == 200


def test_local_mode_allows_every_cell(tmp_path_factory: pytest.TempPathFactory) -> None:
    directory = tmp_path_factory.mktemp("matrix-local")
    store = SQLiteStore(directory / "store.db")
    try:
        w = make_world(store)
        unused = issue(store, [(w.ids[OTHER], "read")])
        with running(create_app(Settings(data_dir=directory), store=store)) as url:
            for headers in ({}, auth(unused), auth("junk")):
                with httpx.Client(base_url=url, headers=headers) as http:
                    for operation_id, request in REQUESTS.items():
                        for target in TARGETS:
                            status = request(http, w, target).status_code
                            looked_up = operation_id not in NO_SCOPE_LOOKUP
                            wanted = 404 if target == MISSING and looked_up else SUCCESS[operation_id]
                            assert status == wanted, (operation_id, target, headers)
                    listed = {
                        item["scope_id"] for item in http.get("/v1/scopes", params={"limit": "100"}).json()["items"]
                    }
                    assert listed >= {w.ids[name] for name in (OWN, REF, OTHER)}
    finally:
        store.close()
