"""The listener ``serve --workers N`` shares with its workers turns Nagle's algorithm off.

The workers are spawned processes that receive the parent's bound socket and serve it with
asyncio, as uvicorn's supervisor does. asyncio sets ``TCP_NODELAY`` only on connections accepted
from a socket whose ``proto`` is ``IPPROTO_TCP``; without it each keep-alive response after the
first waits on the client's delayed ACK. Here a real spawned child serves the socket with
asyncio and reports what its accepted connection has.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import socket
from typing import Any

import pytest
import uvicorn

from pcreceipt.server.http.workers import tcp_listener

TIMEOUT_SECONDS = 60


def _serve_once(listener: socket.socket, answers: Any) -> None:
    """In the spawned child: accept one connection with asyncio and report its socket's options."""

    async def main() -> None:
        accepted = asyncio.get_running_loop().create_future()

        def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            conn = writer.get_extra_info("socket")
            accepted.set_result((conn.proto, conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)))
            writer.close()

        server = await asyncio.start_server(connected, sock=listener)
        answers.put("listening")
        answers.put(await asyncio.wait_for(accepted, TIMEOUT_SECONDS))
        server.close()

    asyncio.run(main())


def _accepted_in_a_spawned_worker(listener: socket.socket) -> tuple[int, int]:
    context = multiprocessing.get_context("spawn")  # as uvicorn's supervisor starts its workers
    answers = context.Queue()
    child = context.Process(target=_serve_once, args=(listener, answers))
    child.start()
    try:
        assert answers.get(timeout=TIMEOUT_SECONDS) == "listening"
        with socket.create_connection(listener.getsockname()[:2], timeout=TIMEOUT_SECONDS):
            result: tuple[int, int] = answers.get(timeout=TIMEOUT_SECONDS)
    finally:
        child.join(TIMEOUT_SECONDS)
        if child.is_alive():
            child.kill()
    assert child.exitcode == 0
    return result


def _uvicorn_bound(host: str = "127.0.0.1") -> socket.socket:
    return uvicorn.Config("pcreceipt.server.http.workers:worker_app", factory=True, host=host, port=0).bind_socket()


@pytest.mark.parametrize("wrapped", [True, False], ids=["tcp_listener", "as_uvicorn_binds_it"])
def test_a_workers_connections_have_nagle_off_only_through_the_tcp_listener(wrapped: bool) -> None:
    bound = _uvicorn_bound()
    uvicorn_proto = bound.proto
    listener = tcp_listener(bound) if wrapped else bound
    try:
        listener.listen()
        proto, nodelay = _accepted_in_a_spawned_worker(listener)
    finally:
        listener.close()
    assert proto == listener.proto
    if wrapped:
        assert (proto, nodelay) == (socket.IPPROTO_TCP, 1)
    else:  # the control: what the workers got before, while uvicorn binds with proto 0
        assert nodelay == (1 if uvicorn_proto == socket.IPPROTO_TCP else 0)


def test_the_tcp_listener_keeps_the_socket_it_wraps() -> None:
    bound = _uvicorn_bound()
    address, fd, inheritable = bound.getsockname(), bound.fileno(), bound.get_inheritable()
    listener = tcp_listener(bound)
    try:
        assert (listener.getsockname(), listener.fileno(), listener.get_inheritable()) == (address, fd, inheritable)
        assert (listener.family, listener.type, listener.proto) == (
            socket.AF_INET,
            socket.SOCK_STREAM,
            socket.IPPROTO_TCP,
        )
        assert tcp_listener(listener) is listener
    finally:
        listener.close()


def test_a_unix_socket_is_left_as_it_is(tmp_path: Any) -> None:
    unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        assert tcp_listener(unix) is unix and unix.proto == 0
    finally:
        unix.close()
