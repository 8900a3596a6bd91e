"""publish_artifact over HTTP: the 201 answer in 1.4.1's shape, a retry under the key, every
refusal in 1.4.1's code, and nothing written by a refused publication."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from _support.servers import assert_error

PUBLISH = "/v1/artifact-publications"
TOPIC = {"title": "Releases", "summary": "How releases go", "detail": "Releases are cut on Thursdays."}


@pytest.fixture
def http(server_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server_url, timeout=30) as client:
        yield client


def _scope(http: httpx.Client, title: str) -> str:
    created = http.post("/v1/scopes", json={"title": title, "summary": "publication", "idempotency_key": title})
    assert created.status_code in (200, 201), created.text
    return str(created.json()["scope_id"])


def _artifact(http: httpx.Client, scope_id: str, family: str, content: dict[str, Any]) -> dict[str, Any]:
    created = http.post(f"/v1/scopes/{scope_id}/artifacts", json={"family": family, "content": content})
    assert created.status_code == 201, created.text
    return {"family": family, "artifact_id": created.json()["artifact_id"], "revision": 1}


def _topics(http: httpx.Client, scope_id: str) -> list[str]:
    listed = http.get(f"/v1/scopes/{scope_id}/artifacts/topic-memory", params={"limit": 100})
    return [item["artifact_id"] for item in listed.json()["items"]]


def test_a_publication_answers_201_and_a_retry_answers_it_again(http: httpx.Client) -> None:
    source_scope, target_scope = _scope(http, "pub-source-1"), _scope(http, "pub-target-1")
    topic = _artifact(http, source_scope, "topic-memory", TOPIC)
    request = {
        "source": {"scope_id": source_scope, "artifact": topic},
        "target_scope_id": target_scope,
        "idempotency_key": "release-notes",
    }

    published = http.post(PUBLISH, json=request)

    assert published.status_code == 201, published.text
    body = published.json()
    assert body["source"] == request["source"]
    target = body["target"]
    assert target["scope_id"] == target_scope and target["artifact"]["revision"] == 1
    assert target["artifact"]["artifact_id"].startswith("pub_")
    assert len(body["content_digest"]) == 64
    copy = http.get(f"/v1/scopes/{target_scope}/artifacts/topic-memory/{target['artifact']['artifact_id']}")
    assert copy.status_code == 200 and copy.json()["content"] == TOPIC
    again = http.post(PUBLISH, json=request)
    assert (again.status_code, again.json()) == (201, body)
    assert _topics(http, target_scope) == [target["artifact"]["artifact_id"]]
    other = _artifact(http, source_scope, "topic-memory", {**TOPIC, "title": "Other"})
    conflict = http.post(PUBLISH, json={**request, "source": {"scope_id": source_scope, "artifact": other}})
    assert_error(conflict, 409, "artifact_publication_conflict")


def test_refusals_write_nothing(http: httpx.Client) -> None:
    source_scope, target_scope = _scope(http, "pub-source-2"), _scope(http, "pub-target-2")
    memory = _artifact(http, source_scope, "atomic-memory", {"kind": "fact", "text": "Not publishable"})
    profile = _artifact(http, source_scope, "profile", {"content": "A profile"})
    topic = _artifact(http, source_scope, "topic-memory", TOPIC)

    def publish(scope_id: str, artifact: dict[str, Any], target: str = target_scope) -> httpx.Response:
        source = {"scope_id": scope_id, "artifact": artifact}
        return http.post(PUBLISH, json={"source": source, "target_scope_id": target, "idempotency_key": "k"})

    refused = assert_error(publish(source_scope, memory, "scp_missing"), 422, "artifact_publication_unsupported")
    assert refused["details"] == {"family": "atomic-memory"}
    assert assert_error(publish(source_scope, profile), 422, "artifact_publication_unsupported")["details"] == {
        "family": "profile"
    }
    assert_error(publish(source_scope, topic, "scp_missing"), 404, "scope_not_found")
    assert_error(publish("scp_missing", topic), 404, "scope_not_found")
    assert_error(publish(source_scope, {**topic, "revision": 4}), 404, "artifact_not_found")
    same = assert_error(publish(source_scope, topic, source_scope), 422, "invalid_request")
    assert same["details"]["violations"] == [{"path": "/target_scope_id", "rule": "distinct_scopes"}]
    assert _topics(http, target_scope) == []
