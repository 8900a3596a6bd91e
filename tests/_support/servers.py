"""Helpers the e2e tests share: a real server on loopback, and assertions on error replies."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette

from pcreceipt.contract import gate

REQUEST_ID_HEADER = "X-PowerContext-Request-ID"
CANARY = "CANARY-5e1f-never-echo"


class PromptServer(uvicorn.Server):
    """uvicorn's server, stopped without its fixed pauses. uvicorn's main loop looks at
    ``should_exit`` every 0.1 s, and its shutdown sleeps 0.1 s after asking the connections to
    close, then polls them every 0.1 s: about 0.15-0.2 s of an idle worker per stop, and a test
    run stops a server hundreds of times. ``stop()`` wakes the loop at once; the shutdown takes the
    same steps as uvicorn's (stop accepting, ask every connection to close, wait for them and for
    the running tasks, then the lifespan's shutdown) and waits only as long as they take."""

    _wake: asyncio.Event | None = None
    _loop: asyncio.AbstractEventLoop | None = None

    async def main_loop(self) -> None:
        self._loop, self._wake = asyncio.get_running_loop(), asyncio.Event()
        counter = 0
        while not await self.on_tick(counter):  # a tick every 0.1 s still updates the Date header
            counter = (counter + 1) % 864000
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), 0.1)

    def stop(self) -> None:
        self.should_exit = True
        if self._loop is not None and self._wake is not None:
            self._loop.call_soon_threadsafe(self._wake.set)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()
        for connection in list(self.server_state.connections):
            connection.shutdown()
        async with asyncio.timeout(10):
            while self.server_state.connections or self.server_state.tasks:
                await asyncio.sleep(0.005)
        for server in self.servers:
            await server.wait_closed()
        await self.lifespan.shutdown()


@contextmanager
def running(app: Starlette) -> Iterator[str]:
    """Serve ``app`` on a free loopback port until the block ends; yields the base URL."""
    # IPPROTO_TCP explicitly: asyncio sets TCP_NODELAY only on sockets whose proto says TCP, and
    # without it every response waits ~40 ms for a delayed ACK (headers and body are two writes).
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = PromptServer(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on"))
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
        server.stop()
        thread.join(10)
        sock.close()


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


def raw_exchange(url: str, head: bytes, chunks: Iterator[bytes] | None = None, timeout: float = 5.0) -> bytes:
    """Send ``head`` (and ``chunks`` as they come) on a raw socket; return the response head and body read so far."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(head)
        for chunk in chunks or iter(()):
            try:
                sock.sendall(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break
        received = b""
        deadline = time.monotonic() + timeout
        while b"\r\n\r\n" not in received or not received.rstrip().endswith(b"}"):
            try:
                data = sock.recv(65536)
            except (TimeoutError, ConnectionResetError):
                break
            if not data or time.monotonic() > deadline:
                break
            received += data
    return received


def status_and_envelope(raw: bytes) -> tuple[int, dict[str, Any]]:
    """The status and the JSON body of a raw response (which carries a request id)."""
    head, _, body = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    assert b"x-powercontext-request-id" in head.lower()
    return status, json.loads(body)


def new_scope(
    http: httpx.Client,
    title: str = "scope",
    *,
    key: str | None = None,
    parent: str | None = None,
    summary: str | None = None,
) -> str:
    """Create a Scope over HTTP (idempotent on ``key``, the title when not given) and return its id."""
    body: dict[str, Any] = {"title": title, "summary": title, "idempotency_key": key or title}
    if parent is not None:
        body["parent_scope_id"] = parent
    response = http.post("/v1/scopes", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["scope_id"])


ACCESS_FAMILIES = ("atomic-memory", "experience", "handoff", "memory", "profile", "prompt", "skill", "topic-memory")


def readiness_checks(*, answered: bool = True, tokens: bool = False) -> dict[str, str]:
    """The checks ``/health/ready`` answers (PowerContext 1.4.1's names): the store answered or
    not, without tokens or with them."""
    provider = ("ready" if answered else "not_ready") if tokens else "disabled"
    return {
        "runtime": "ready",
        "database": "ready" if answered else "unavailable",
        "artifact_processing_supervisor": "disabled",
        "access_mode": "enforced" if tokens else "disabled",
        "authentication_provider": provider,
        "access_provider": provider,
        "access_resource_kinds": "server,scope,artifact",
        "access_artifact_families": ",".join(f"{family}:enabled" for family in ACCESS_FAMILIES),
    }
