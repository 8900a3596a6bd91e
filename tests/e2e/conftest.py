"""A real uvicorn server on 127.0.0.1 (free port, background thread) over a real SQLite file.

``server_url`` is one server for the whole session (tests make their own Scopes, so they never
see each other's data). ``serve`` starts extra servers for tests that inject a store, a runtime,
handlers or settings of their own.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette

from pcreceipt import gate
from pcreceipt.client import AsyncClient
from pcreceipt.config import Settings
from pcreceipt.server import create_app

REQUEST_ID_HEADER = "X-PowerContext-Request-ID"
CANARY = "CANARY-5e1f-never-echo"


@contextmanager
def running(app: Starlette) -> Iterator[str]:
    """Serve ``app`` on a free loopback port until the block ends; yields the base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    settings = Settings(data_dir=tmp_path_factory.mktemp("data"))
    with running(create_app(settings)) as url:
        yield url


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., AbstractContextManager[str]]]:
    """``with serve(store=..., runtime=..., handlers=..., **settings) as url``: a server of the test's own."""

    @contextmanager
    def start(**options: Any) -> Iterator[str]:
        wiring = {k: options.pop(k) for k in ("store", "runtime", "handlers") if k in options}
        settings = Settings(data_dir=tmp_path / "data", **options)
        with running(create_app(settings, **wiring)) as url:
            yield url

    yield start


@pytest.fixture
async def client(server_url: str) -> AsyncIterator[AsyncClient]:
    async with AsyncClient(server_url) as c:
        yield c


@pytest.fixture
async def http(server_url: str) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server_url) as c:
        yield c


@pytest.fixture
async def scope_id(client: AsyncClient) -> str:
    """A fresh Scope for one test."""
    scope = await client.create_scope({"title": "e2e", "summary": "A test Scope", "idempotency_key": uuid.uuid4().hex})
    return scope.scope_id


def assert_error(response: httpx.Response, status: int, code: str, *, canary: str = CANARY) -> dict[str, Any]:
    """The response is ``status`` with the error envelope of ``code``, a request id, and no echo of ``canary``."""
    assert response.status_code == status, response.text
    assert_request_id(response)
    body = json.loads(response.content)
    assert gate.check_schema("ErrorEnvelope", body) == []
    assert body["error"]["code"] == code
    assert canary not in response.text
    assert all(canary not in value for value in response.headers.values())
    return dict(body["error"])


def assert_request_id(response: httpx.Response) -> str:
    request_id = response.headers.get(REQUEST_ID_HEADER, "")
    assert len(request_id) == 16 and all(c in "0123456789abcdef" for c in request_id), request_id
    return request_id
