"""The AsyncClient's error contract against the real server (and one strict-parsing check)."""

from __future__ import annotations

import httpx
import pytest
from _support.ports import free_port

from pcreceipt.client import ApiResponseError, AsyncClient, BadServerURL, InvalidResponseError, TransportError

pytestmark = pytest.mark.anyio


async def test_an_error_status_raises_with_the_envelope_and_request_id(client: AsyncClient, scope_id: str) -> None:
    with pytest.raises(ApiResponseError) as caught:
        await client.get_artifact(scope_id, "atomic-memory", "art_missing")
    error = caught.value
    assert (error.status, error.code, error.details) == (404, "artifact_not_found", None)
    assert error.message and error.request_id is not None and len(error.request_id) == 16


async def test_validation_errors_carry_the_violations(client: AsyncClient) -> None:
    with pytest.raises(ApiResponseError) as caught:
        await client.prepare_context({"scope_id": "s", "query": "q", "max_bytes": 1})
    assert caught.value.status == 422
    assert caught.value.details == {"violations": [{"path": "/max_bytes", "rule": "minimum"}]}


async def test_replace_with_a_stale_etag_raises_412(client: AsyncClient, scope_id: str) -> None:
    created = await client.create_artifact(scope_id, {"family": "profile", "content": {"content": "v1"}})
    with pytest.raises(ApiResponseError) as caught:
        await client.replace_artifact(
            scope_id, "profile", created.value.artifact_id, {"content": {"content": "v2"}}, expected_etag='"revision:7"'
        )
    error = caught.value
    assert (error.status, error.code) == (412, "revision_conflict")
    assert error.details == {"provided_etag": '"revision:7"', "current_etag": '"revision:1"'}


async def test_if_none_match_returns_none(client: AsyncClient, scope_id: str) -> None:
    created = await client.create_artifact(scope_id, {"family": "profile", "content": {"content": "v1"}})
    assert await client.get_artifact(scope_id, "profile", created.value.artifact_id, if_none_match=created.etag) is None


async def test_a_query_array_is_sent_repeated(client: AsyncClient, scope_id: str) -> None:
    """The generated ``list_artifacts`` has the operation's tag filter (a sequence sent as ``tag=a&tag=b``)."""
    made = [
        await client.create_artifact(scope_id, {"family": "atomic-memory", "content": {"kind": "fact", "text": t}})
        for t in ("one", "two", "three")
    ]
    ids = [m.value.artifact_id for m in made]
    for artifact_id, tags in zip(ids, (["red", "blue"], ["red"], []), strict=True):
        current = await client.get_artifact_tags(scope_id, "atomic-memory", artifact_id)
        await client.replace_artifact_tags(
            scope_id, "atomic-memory", artifact_id, {"tags": tags}, expected_etag=current.etag
        )

    async def listed(**options: object) -> list[str]:
        page = await client.list_artifacts(scope_id, "atomic-memory", **options)  # type: ignore[arg-type]
        return [item.artifact_id for item in page.items]

    assert await listed() == sorted(ids)
    assert await listed(tag=["red"]) == sorted(ids[:2])
    assert await listed(tag=["red", "blue"]) == [ids[0]]
    assert await listed(tag=["red", "blue"], tag_match="any") == sorted(ids[:2])


async def test_a_refused_connection_raises_transport_error() -> None:
    port = free_port()
    async with AsyncClient(f"http://127.0.0.1:{port}", timeout=2) as client:
        with pytest.raises(TransportError):
            await client.get_liveness()


async def test_a_body_off_the_contract_raises_invalid_response() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200, json={"status": "ok", "extra": True}, headers={"X-PowerContext-Request-ID": "0" * 16}
        )

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as http:
        client = AsyncClient("http://pcreceipt.invalid", http=http)
        with pytest.raises(InvalidResponseError) as caught:
            await client.get_liveness()
    assert caught.value.request_id == "0" * 16


async def test_an_undeclared_success_status_is_an_error() -> None:
    """A create answered 200 instead of 201 is an error (PowerContext's client does the same)."""

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"scope_id": "s"})

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as http:
        client = AsyncClient("http://pcreceipt.invalid", http=http)
        with pytest.raises(ApiResponseError) as caught:
            await client.create_scope({"title": "t", "summary": "s", "idempotency_key": "k"})
    assert caught.value.status == 200 and caught.value.code is None


async def test_the_bearer_token_is_sent() -> None:
    seen: list[str | None] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers.get("Authorization"))
        return httpx.Response(200, json={"status": "ok"})

    async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as http:
        await AsyncClient("http://pcreceipt.invalid", token="t0k", http=http).get_liveness()
    assert seen == ["Bearer t0k"]


async def test_a_base_url_without_a_scheme_means_http(server_url: str) -> None:
    host_port = server_url.removeprefix("http://")
    async with AsyncClient(host_port) as bare:
        assert bare.base_url == server_url
        assert (await bare.get_readiness()).status == "ready"


@pytest.mark.parametrize(
    "url", ["ftp://127.0.0.1:8000", "http://", "http://[::1", "127.0.0.1:99999", "http://127.0.0.1:0"]
)
def test_a_base_url_that_names_no_http_server_is_refused(url: str) -> None:
    with pytest.raises(BadServerURL):
        AsyncClient(url)
