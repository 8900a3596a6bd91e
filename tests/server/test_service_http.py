"""Capabilities, server info, the bootstrap package and the memory flush over real HTTP, each
answer parsed with PowerContext 1.4.1's own closed models (``_support.powercontext``)."""

from __future__ import annotations

import uuid
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.servers import running

from pcreceipt.config import EmbeddingSettings, Settings
from pcreceipt.models import limits
from pcreceipt.server.app import create_app
from pcreceipt.store.sqlite import SQLiteStore

pytestmark = pytest.mark.anyio


def bootstrap(scope_id: str, **fields: Any) -> dict[str, Any]:
    return {"scope_id": scope_id, "lifecycle": "startup", "integration": "codex", **fields}


def error_code(response: httpx.Response) -> str:
    return str(response.json()["error"]["code"])


async def test_capabilities_and_server_info_parse_as_the_official_models(
    http: httpx.AsyncClient, powercontext_models: ModuleType
) -> None:
    raw = await http.get("/v1/capabilities")
    capabilities = powercontext_models.Capabilities.model_validate_json(raw.content)
    assert capabilities.memory_extraction is False and capabilities.handoff_generation is False
    assert [mode.value for mode in capabilities.search_modes] == ["auto", "fts"]
    assert [v.value for v in capabilities.context_versions] == ["powercontext.prepared-context.v1"]
    assert capabilities.extraction.configuration.value == "unconfigured"
    # every one of PowerContext 1.4.1's sixteen prompt keys, none running here: 1.4.1's answer
    # without a provider (rerank is off by configuration, the rest lack a provider)
    reasons = {key: (p["status"], p["reason"]) for key, p in raw.json()["prompts"].items()}
    assert set(capabilities.prompts) == set(reasons)
    assert reasons == {
        key: ("disabled", "operation_disabled" if key == "memory.rerank" else "provider_not_configured")
        for key in limits.PROMPT_CATALOGUE_KEY_ENUM
    }
    assert len(reasons) == 16
    assert capabilities.extraction.observation.last_failure is None
    first = (await http.get("/v1/server-info")).json()
    info = powercontext_models.ServerInfo.model_validate(first)
    assert set(first) == set(powercontext_models.ServerInfo.model_fields)
    assert info.product.value == "powercontext"
    contracts = {name: contract.model_dump(mode="json") for name, contract in info.feature_contracts.items()}
    version = {"major": 1, "minor": 0}
    assert contracts == {  # as PowerContext 1.4.1 declares them (tests/compat/live compares them live)
        "access.principal": {"version": version, "operations": ["get_access_principal"]},
        "memory.explicit": {"version": version, "operations": ["remember_memory", "search_memory", "get_memory_entry"]},
        "scope.selection": {"version": version, "operations": ["list_scopes", "get_scope", "get_default_scope"]},
    }
    assert first["api_contract_version"] == {"major": 3, "minor": 1}
    assert (await http.get("/v1/server-info")).json()["server_id"] == info.server_id


def test_an_embedder_adds_the_vector_modes(tmp_path: Any) -> None:
    store = SQLiteStore(tmp_path / "store.db", vector_dimensions=384)
    settings = Settings(data_dir=tmp_path, embedding=EmbeddingSettings(base_url="http://127.0.0.1:9"))
    try:
        with running(create_app(settings, store=store)) as url:
            modes = httpx.get(url + "/v1/capabilities").json()["search_modes"]
            server_id = httpx.get(url + "/v1/server-info").json()["server_id"]
        assert modes == ["auto", "fts", "vector", "hybrid"] if store.vector_search_available else ["auto", "fts"]
        assert server_id == store.server_id()
    finally:
        store.close()


async def test_a_disabled_bootstrap_is_skipped_with_a_fresh_receipt(
    http: httpx.AsyncClient, scope_id: str, powercontext_models: ModuleType
) -> None:
    answers = [(await http.post("/v1/context/bootstrap", json=bootstrap(scope_id))).json() for _ in range(2)]
    for answer in answers:
        package = powercontext_models.BootstrapContext.model_validate(answer)
        assert list(answer) == [
            "schema", "status", "reason", "profile", "content", "content_bytes",
            "package_digest", "items", "truncated", "receipt",
        ]  # fmt: skip
        assert (package.status.value, package.reason.value, package.receipt.state.value) == (
            "skipped",
            "disabled",
            "skipped",
        )
        assert package.content is None and package.content_bytes == 0 and package.items == []
    first, second = (answer["receipt"]["receipt_id"] for answer in answers)
    assert first != second and first.startswith("bcr_") and len(first) == 36
    # a receipt without an event is not stored: delivering it is an unknown receipt
    delivery = {"scope_id": scope_id, "receipt_id": first, "outcome": "failed"}
    response = await http.post("/v1/context/bootstrap/receipts", json=delivery)
    assert response.status_code == 422 and error_code(response) == "invalid_request"


async def test_an_event_keeps_its_receipt(
    http: httpx.AsyncClient, scope_id: str, powercontext_models: ModuleType
) -> None:
    event = bootstrap(scope_id, event_id="session-1 start")
    first = (await http.post("/v1/context/bootstrap", json=event)).json()
    again = (await http.post("/v1/context/bootstrap", json={**event, "max_bytes": 1024})).json()
    assert again["receipt"] == first["receipt"] == {"receipt_id": first["receipt"]["receipt_id"], "state": "skipped"}
    other_lifecycle = (await http.post("/v1/context/bootstrap", json={**event, "lifecycle": "resume"})).json()
    assert other_lifecycle["receipt"]["receipt_id"] != first["receipt"]["receipt_id"]
    # enabled, same event, other package-shaping fields: 422
    response = await http.post("/v1/context/bootstrap", json={**event, "enabled": True, "max_bytes": 1024})
    assert response.status_code == 422 and error_code(response) == "invalid_request"
    enabled = (await http.post("/v1/context/bootstrap", json={**event, "enabled": True})).json()
    package = powercontext_models.BootstrapContext.model_validate(enabled)
    assert (package.status.value, package.reason.value) == ("skipped", "already_delivered")
    receipts = "/v1/context/bootstrap/receipts"
    delivery = {"scope_id": scope_id, "receipt_id": first["receipt"]["receipt_id"]}
    failed = await http.post(receipts, json={**delivery, "outcome": "failed"})
    assert failed.status_code == 200 and failed.json() == {"receipt_id": delivery["receipt_id"], "state": "skipped"}
    powercontext_models.BootstrapDeliveryReceipt.model_validate(failed.json())
    injected = await http.post(receipts, json={**delivery, "outcome": "injected"})
    assert injected.status_code == 422 and error_code(injected) == "invalid_request"


async def test_an_enabled_bootstrap_finds_nothing_eligible(
    http: httpx.AsyncClient, scope_id: str, powercontext_models: ModuleType
) -> None:
    answer = (await http.post("/v1/context/bootstrap", json=bootstrap(scope_id, enabled=True))).json()
    package = powercontext_models.BootstrapContext.model_validate(answer)
    assert (package.status.value, package.reason.value, package.receipt.state.value) == (
        "empty",
        "no_eligible_context",
        "skipped",
    )
    handoff = {"family": "handoff", "artifact_id": "art_x", "revision": 1}
    response = await http.post("/v1/context/bootstrap", json=bootstrap(scope_id, enabled=True, handoff=handoff))
    assert response.status_code == 404


async def test_unknown_scopes_receipts_and_bad_requests(http: httpx.AsyncClient, scope_id: str) -> None:
    missing = "scp_missing_" + uuid.uuid4().hex
    assert (await http.post("/v1/context/bootstrap", json=bootstrap(missing))).status_code == 404
    assert (await http.post("/v1/memory/flush", json={"scope_id": missing})).status_code == 404
    delivery = {"scope_id": missing, "receipt_id": "bcr_" + "0" * 32, "outcome": "failed"}
    assert (await http.post("/v1/context/bootstrap/receipts", json=delivery)).status_code == 404
    unknown = await http.post("/v1/context/bootstrap/receipts", json={**delivery, "scope_id": scope_id})
    assert unknown.status_code == 422 and error_code(unknown) == "invalid_request"
    for bad in (bootstrap(scope_id, max_bytes=511), bootstrap(scope_id, lifecycle="later"), {"scope_id": scope_id}):
        assert (await http.post("/v1/context/bootstrap", json=bad)).status_code == 422
    assert (await http.post("/v1/memory/flush", json={"scope_id": scope_id, "extra": 1})).status_code == 422


async def test_a_flush_is_idle(http: httpx.AsyncClient, scope_id: str, powercontext_models: ModuleType) -> None:
    answer = (await http.post("/v1/memory/flush", json={"scope_id": scope_id})).json()
    assert answer == {
        "status": "idle",
        "previous_cursor": 0,
        "current_cursor": 0,
        "high_watermark": 0,
        "processed_source_count": 0,
        "memory": None,
        "remaining_work": False,
        "held_count": 0,
        "hold_codes": [],
    }
    powercontext_models.FlushMemoryResponse.model_validate(answer)
