"""Topic Memory processing reads over real HTTP on every engine, as PowerContext 1.4.1 answers them
in a deployment that runs no Topic Memory processing: status idle without Sources, pending with
them (cursor 0, the head the Scope's highest Source position, no target, no block); every block id
404 topic_memory_block_not_found, retries too; a flush 503 topic_memory_processing_unavailable,
nothing written; 404 scope_not_found for an unknown Scope. Each answer is parsed
with 1.4.1's own closed model."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import httpx
import pytest
from _support.servers import assert_error, running

from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store

STATUS = "/v1/topic-memory/processing/status"
BLOCK = "/v1/topic-memory/processing/blocks/get"
RETRY = "/v1/topic-memory/processing/retry"
FLUSH = "/v1/topic-memory/flush"


@pytest.fixture
def http(engine_store: Store, tmp_path: Path) -> Iterator[httpx.Client]:
    with running(create_app(Settings(data_dir=tmp_path), store=engine_store)) as url, httpx.Client(base_url=url) as c:
        yield c


def new_scope(http: httpx.Client) -> str:
    response = http.post("/v1/scopes", json={"title": "topics", "summary": "topics", "idempotency_key": "topics"})
    assert response.status_code == 201, response.text
    return str(response.json()["scope_id"])


def status(http: httpx.Client, scope_id: str, models: ModuleType) -> dict[str, object]:
    response = http.post(STATUS, json={"scope_id": scope_id})
    assert response.status_code == 200, response.text
    models.TopicMemoryProcessingStatus.model_validate_json(response.content)
    body: dict[str, object] = response.json()
    return body


def test_status_follows_the_source_head(http: httpx.Client, powercontext_models: ModuleType) -> None:
    scope_id = new_scope(http)
    idle = {"state": "idle", "source_cursor": 0, "source_head": 0, "target_source_through": None, "block": None}
    assert status(http, scope_id, powercontext_models) == idle
    positions = []
    for n in range(3):
        captured = http.post(
            "/v1/sources/content", json={"scope_id": scope_id, "source_id": f"s-{n}", "content": f"note {n}"}
        )
        assert captured.status_code in (200, 202), captured.text
        positions.append(captured.json()["position"])
    assert status(http, scope_id, powercontext_models) == idle | {"state": "pending", "source_head": max(positions)}
    # reading twice changes nothing
    assert status(http, scope_id, powercontext_models)["source_head"] == max(positions)


def test_no_block_is_retained(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    for block_id in ("blk_1", "x" * 36):
        assert_error(
            http.post(BLOCK, json={"scope_id": scope_id, "block_id": block_id}), 404, "topic_memory_block_not_found"
        )


def test_refusals(http: httpx.Client) -> None:
    scope_id = new_scope(http)
    assert_error(http.post(STATUS, json={"scope_id": "scp_missing"}), 404, "scope_not_found")
    assert_error(http.post(BLOCK, json={"scope_id": "scp_missing", "block_id": "b"}), 404, "scope_not_found")
    for body in (
        {"scope_id": scope_id, "block_id": ""},
        {"scope_id": scope_id, "block_id": "x" * 37},
        {"scope_id": scope_id},
    ):
        assert_error(http.post(BLOCK, json=body), 422, "invalid_request")
    assert_error(http.post(STATUS, json={"scope_id": scope_id, "extra": 1}), 422, "invalid_request")


def test_flush_and_retry_write_nothing(
    http: httpx.Client, engine_store: Store, powercontext_models: ModuleType
) -> None:
    scope_id = new_scope(http)
    captured = http.post("/v1/sources/content", json={"scope_id": scope_id, "source_id": "s-1", "content": "note"})
    assert captured.status_code in (200, 202), captured.text
    before = status(http, scope_id, powercontext_models)
    error = assert_error(http.post(FLUSH, json={"scope_id": scope_id}), 503, "topic_memory_processing_unavailable")
    assert error["details"] is None
    assert_error(
        http.post(RETRY, json={"scope_id": scope_id, "block_id": "blk_1"}), 404, "topic_memory_block_not_found"
    )
    assert status(http, scope_id, powercontext_models) == before
    assert_error(http.post(FLUSH, json={"scope_id": "scp_missing"}), 404, "scope_not_found")
    assert_error(http.post(RETRY, json={"scope_id": "scp_missing", "block_id": "b"}), 404, "scope_not_found")
    assert_error(http.post(RETRY, json={"scope_id": scope_id, "block_id": ""}), 422, "invalid_request")
