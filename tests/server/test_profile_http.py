"""The Profile policy over real HTTP on every engine, as PowerContext 1.4.1 answers it:
get_profile_policy reads what the last put left (404 profile_policy_not_found before any, 404
scope_not_found for an unknown Scope). Each answer is parsed with 1.4.1's own closed model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.servers import assert_error, running

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store


@pytest.fixture
def http(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    with running(create_app(Settings(data_dir=tmp_path), store=engine_store)) as url, httpx.Client(base_url=url) as c:
        yield c


def new_scope(http: httpx.Client, key: str = "profile") -> str:
    response = http.post("/v1/scopes", json={"title": "profile", "summary": "profile", "idempotency_key": key})
    assert response.status_code == 201, response.text
    return str(response.json()["scope_id"])


def policy_path(scope_id: str) -> str:
    return f"/v1/scopes/{scope_id}/profile-policy"


def read(http: httpx.Client, scope_id: str, models: ModuleType) -> dict[str, Any]:
    response = http.get(policy_path(scope_id))
    assert response.status_code == 200, response.text
    models.ProfilePolicyResponse.model_validate_json(response.content)
    body: dict[str, Any] = response.json()
    return body


def test_get_reads_the_stored_policy(http: httpx.Client, engine_store: Store, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    assert_error(http.get(policy_path(scope_id)), 404, "profile_policy_not_found")
    stored = engine_store.put_profile_policy(
        scope_id, generation_enabled=True, activation_mode="review_required", expected_version=0
    )
    assert read(http, scope_id, powercontext_models) == {
        "scope_id": scope_id,
        "generation_enabled": True,
        "activation_mode": "review_required",
        "pending_candidate_id": None,
        "version": 1,
        "updated_at": stored.updated_at,
    }
    assert_error(http.get(policy_path("scp_missing")), 404, "scope_not_found")
