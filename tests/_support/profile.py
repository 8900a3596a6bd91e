"""Profile policy, Profile flush and prompt requests the tiers and the authorisation matrix share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

DEMONSTRATIONS = {"instructions": "Prefer decisions.", "demonstration_count": 2}
STATUS = "/v1/topic-memory/processing/status"
BLOCK = "/v1/topic-memory/processing/blocks/get"
RETRY = "/v1/topic-memory/processing/retry"


def block(scope_id: str, block_id: str = "blk_1") -> dict[str, str]:
    return {"scope_id": scope_id, "block_id": block_id}


def policy_path(scope_id: str) -> str:
    return f"/v1/scopes/{scope_id}/profile-policy"


def current_version(http: httpx.Client, scope_id: str) -> int:
    """The Scope's policy version, after putting a first policy over HTTP when it has none."""
    found = http.get(policy_path(scope_id))
    if found.status_code == 404 and found.json()["error"]["code"] == "profile_policy_not_found":
        found = http.put(policy_path(scope_id), json={"generation_enabled": False, "expected_version": 0})
    assert found.status_code == 200, found.text
    return int(found.json()["version"])


def read_policy(http: httpx.Client, store: Any, scope_id: str, exists: bool) -> httpx.Response:
    """The Scope's policy, put through ``store`` first when the Scope ``exists`` and has none."""
    if exists and store.profile_policy(scope_id) is None:
        store.put_profile_policy(scope_id, generation_enabled=False, activation_mode="automatic", expected_version=0)
    return http.get(policy_path(scope_id))


def flush_disabled(http: httpx.Client, store: Any, scope_id: str, exists: bool) -> httpx.Response:
    """A Profile flush of a Scope whose policy ``store`` turned off first (when the Scope
    ``exists``): an allowed flush is 1.4.1's ``disabled``, whatever the Scope holds."""
    if exists:
        policy = store.profile_policy(scope_id)
        if policy is None or policy.generation_enabled:
            store.put_profile_policy(
                scope_id,
                generation_enabled=False,
                activation_mode="automatic",
                expected_version=0 if policy is None else policy.version,
            )
    return http.post("/v1/profile/flush", json={"scope_id": scope_id})


# --- the authorisation matrix's rows (tests/server/test_authz_matrix.py merges them) ---

AUTHZ_CLASS: dict[str, str] = {
    "get_prompt_configuration": "read",
    "get_profile_policy": "read",
    "put_profile_policy": "admin",
    "get_topic_memory_processing_status": "read",
    "get_topic_memory_processing_block": "read",
    "generate_prompt_demonstrations": "admin",
    "flush_topic_memory": "write",
    "retry_topic_memory_processing": "admin",
    "flush_profile": "write",  # 1.4.1's scope.contribute
}
#: An allowed request's status where it is not the operation's success status.
AUTHZ_SUCCESS: dict[str, int] = {
    "get_topic_memory_processing_block": 404,
    "generate_prompt_demonstrations": 422,
    "flush_topic_memory": 503,
    "retry_topic_memory_processing": 404,
}
#: The error codes of an allowed request on an existing Scope (a missing Scope is scope_not_found).
AUTHZ_CODES: dict[str, dict[int, str]] = {
    "get_topic_memory_processing_block": {404: "topic_memory_block_not_found"},
    "generate_prompt_demonstrations": {422: "prompt_customization_unavailable"},  # no provider in the matrix
    "flush_topic_memory": {503: "topic_memory_processing_unavailable"},
    "retry_topic_memory_processing": {404: "topic_memory_block_not_found"},
}


def _version(store: Any, scope_id: str) -> int:
    policy = store.profile_policy(scope_id)
    return 0 if policy is None else int(policy.version)


def authz_requests(missing: str) -> dict[str, Callable[[httpx.Client, Any, str], httpx.Response]]:
    """The matrix's request of each operation; ``missing`` is the target naming no Scope."""
    return {
        "get_prompt_configuration": lambda http, w, t: http.get(f"/v1/scopes/{w.ids[t]}/prompts/memory.rerank"),
        "get_profile_policy": lambda http, w, t: read_policy(http, w.store, w.ids[t], t != missing),
        "put_profile_policy": lambda http, w, t: http.put(
            policy_path(w.ids[t]), json={"generation_enabled": True, "expected_version": _version(w.store, w.ids[t])}
        ),
        "get_topic_memory_processing_status": lambda http, w, t: http.post(STATUS, json={"scope_id": w.ids[t]}),
        "get_topic_memory_processing_block": lambda http, w, t: http.post(BLOCK, json=block(w.ids[t])),
        "flush_topic_memory": lambda http, w, t: http.post("/v1/topic-memory/flush", json={"scope_id": w.ids[t]}),
        "flush_profile": lambda http, w, t: flush_disabled(http, w.store, w.ids[t], t != missing),
        "retry_topic_memory_processing": lambda http, w, t: http.post(RETRY, json=block(w.ids[t])),
        "generate_prompt_demonstrations": lambda http, w, t: http.post(
            f"/v1/scopes/{w.ids[t]}/prompts/memory.rerank/demonstrations", json=DEMONSTRATIONS
        ),
    }
