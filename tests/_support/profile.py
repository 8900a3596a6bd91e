"""Profile policy and prompt requests the tiers and the authorisation matrix share."""

from __future__ import annotations

from typing import Any

import httpx


def policy_path(scope_id: str) -> str:
    return f"/v1/scopes/{scope_id}/profile-policy"


def read_policy(http: httpx.Client, store: Any, scope_id: str, exists: bool) -> httpx.Response:
    """The Scope's policy, put through ``store`` first when the Scope ``exists`` and has none."""
    if exists and store.profile_policy(scope_id) is None:
        store.put_profile_policy(scope_id, generation_enabled=False, activation_mode="automatic", expected_version=0)
    return http.get(policy_path(scope_id))
