"""The Profile policy over real HTTP on every engine, as PowerContext 1.4.1 answers it:
get_profile_policy reads what the last put left (404 profile_policy_not_found before any, 404
scope_not_found for an unknown Scope); put_profile_policy creates at expected_version 0 and replaces
the current version, anything else 409 idempotency_conflict (details.kind profile_policy) with
nothing written. Each answer is parsed with 1.4.1's own closed model."""

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


def put(http: httpx.Client, scope_id: str, **body: Any) -> httpx.Response:
    return http.put(policy_path(scope_id), json=body)


def test_put_creates_then_replaces_by_version(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http, "put")
    created = put(http, scope_id, generation_enabled=True, expected_version=0)
    assert created.status_code == 200, created.text
    powercontext_models.ProfilePolicyResponse.model_validate_json(created.content)
    body = created.json()
    assert (body["version"], body["generation_enabled"], body["activation_mode"]) == (1, True, "automatic")
    assert body["pending_candidate_id"] is None and read(http, scope_id, powercontext_models) == body
    for stale in (0, 2, 5):
        refused = put(http, scope_id, generation_enabled=False, expected_version=stale)
        error = assert_error(refused, 409, "idempotency_conflict")
        assert error["details"] == {"kind": "profile_policy"}
    assert read(http, scope_id, powercontext_models) == body
    replaced = put(http, scope_id, generation_enabled=False, activation_mode="review_required", expected_version=1)
    assert replaced.status_code == 200, replaced.text
    assert (replaced.json()["version"], replaced.json()["activation_mode"]) == (2, "review_required")
    # activation_mode is set by every put: left out, it is automatic again
    again = put(http, scope_id, generation_enabled=False, expected_version=2)
    assert (again.json()["version"], again.json()["activation_mode"]) == (3, "automatic")
    assert read(http, scope_id, powercontext_models) == again.json()


def test_put_refusals_write_nothing(http: httpx.Client) -> None:
    scope_id = new_scope(http, "refusals")
    assert_error(put(http, scope_id, generation_enabled=True, expected_version=1), 409, "idempotency_conflict")
    for body in (
        {"generation_enabled": True},
        {"expected_version": 0},
        {"generation_enabled": True, "expected_version": -1},
        {"generation_enabled": "yes", "expected_version": 0},
        {"generation_enabled": True, "expected_version": 0, "activation_mode": "manual"},
        {"generation_enabled": True, "expected_version": 0, "pending_candidate_id": None},
    ):
        assert_error(http.put(policy_path(scope_id), json=body), 422, "invalid_request")
    assert_error(http.get(policy_path(scope_id)), 404, "profile_policy_not_found")
    assert_error(put(http, "scp_missing", generation_enabled=True, expected_version=0), 404, "scope_not_found")
