"""The workers' event loop (``server.http.accept.BalancedAcceptLoop``) on real loopback sockets.

Each "worker" here is a ``BalancedAcceptLoop`` in its own thread serving its own duplicate of one
listening socket, which is what the worker processes of ``serve --workers N`` have: one kernel
accept queue, several watchers. Deferrals are set long (30 s) where a test needs to know which
worker must take a connection, so no assertion depends on how fast this machine is.
"""

from __future__ import annotations

import asyncio
import inspect
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from pcreceipt.server.http import accept
from pcreceipt.server.http.accept import BalancedAcceptLoop, open_connections

TIMEOUT_SECONDS = 30.0
LONG_DEFERRAL_SECONDS = 30.0


class Worker:
    """A ``BalancedAcceptLoop`` in a thread, serving ``listener``: each connection is answered with
    the worker's name and kept open until the client closes it."""

    def __init__(self, name: str, listener: socket.socket, deferral: float | None = None) -> None:
        self.name = name
        self.loop = BalancedAcceptLoop()
        if deferral is not None:
            self.loop.deferral_seconds = lambda connections: deferral if connections else 0.0  # type: ignore[method-assign]
        self.errors: list[dict[str, Any]] = []
        self.loop.set_exception_handler(lambda loop, context: self.errors.append(context))
        self.server: asyncio.AbstractServer | None = None
        self.handlers = 0
        started = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(listener, started), daemon=True)
        self.thread.start()
        assert started.wait(TIMEOUT_SECONDS)

    def _run(self, listener: socket.socket, started: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)

        async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            self.handlers += 1
            try:
                writer.write(self.name.encode() + b"\n")
                await writer.drain()
                await reader.read()  # until the client closes
            finally:
                writer.close()
                self.handlers -= 1

        async def start() -> None:
            self.server = await asyncio.start_server(answer, sock=listener)
            started.set()

        self.loop.run_until_complete(start())
        self.loop.run_forever()
        self.loop.close()

    def connections(self) -> int:
        async def count() -> int:
            return open_connections(self.server)

        return asyncio.run_coroutine_threadsafe(count(), self.loop).result(TIMEOUT_SECONDS)

    def stop(self, linger: float = 0.0) -> None:
        """Close the server once its connections are gone (the clients closed them), run the loop
        ``linger`` seconds more, then stop it."""

        async def close() -> None:
            for _ in range(int(TIMEOUT_SECONDS / 0.01)):
                if open_connections(self.server) == 0 and self.handlers == 0:
                    break
                await asyncio.sleep(0.01)
            assert self.server is not None
            self.server.close()
            await self.server.wait_closed()
            await asyncio.sleep(linger)

        if self.loop.is_running():
            asyncio.run_coroutine_threadsafe(close(), self.loop).result(TIMEOUT_SECONDS + linger)
            self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(TIMEOUT_SECONDS)


@contextmanager
def listening() -> Iterator[socket.socket]:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    try:
        yield listener
    finally:
        listener.close()


def connect(listener: socket.socket) -> tuple[socket.socket, str]:
    """A client connection and the name of the worker that answered it."""
    client = socket.create_connection(listener.getsockname(), timeout=TIMEOUT_SECONDS)
    name = client.makefile("rb").readline().decode().strip()
    return client, name


def test_an_idle_worker_takes_the_connection_a_busy_worker_leaves() -> None:
    with listening() as listener:
        busy = Worker("busy", listener.dup(), deferral=LONG_DEFERRAL_SECONDS)
        clients = []
        try:
            clients.append(connect(listener))
            assert clients[0][1] == "busy"  # alone, and idle: it accepts at once
            idle = Worker("idle", listener.dup())
            try:
                for _ in range(3):  # the busy worker now waits 30 s on each arrival; the idle one is woken too
                    clients.append(connect(listener))
                assert [name for _, name in clients] == ["busy", "idle", "idle", "idle"]
                assert (busy.connections(), idle.connections()) == (1, 3)
            finally:
                for client, _ in clients:
                    client.close()
                idle.stop()
        finally:
            busy.stop()
        assert busy.errors == [] and idle.errors == []


def test_a_busy_worker_alone_still_accepts_every_connection() -> None:
    with listening() as listener:
        worker = Worker("alone", listener.dup(), deferral=0.05)
        clients = []
        try:
            for _ in range(5):
                clients.append(connect(listener))
            assert [name for _, name in clients] == ["alone"] * 5
            assert worker.connections() == 5
        finally:
            for client, _ in clients:
                client.close()
            worker.stop()
        assert worker.errors == []


def test_a_server_closed_during_a_deferral_stops_quietly() -> None:
    """The deferred accept fires after the server has closed: it does nothing and reports nothing."""
    with listening() as listener:
        worker = Worker("closing", listener.dup(), deferral=2.0)
        first, _ = connect(listener)
        second = socket.create_connection(listener.getsockname(), timeout=TIMEOUT_SECONDS)  # deferred 2 s
        first.close()
        second.close()
        worker.stop(linger=2.5)  # closes the server well inside the deferral; the loop outlives it
        assert not worker.thread.is_alive()
        assert worker.errors == []


def test_the_deferral_grows_with_open_connections_up_to_its_cap() -> None:
    loop = BalancedAcceptLoop()
    try:
        assert [loop.deferral_seconds(n) for n in (0, 1, 2, 4, 40)] == [0.0, 0.001, 0.002, 0.004, 0.004]
    finally:
        loop.close()


def test_the_private_asyncio_hooks_the_loop_relies_on_are_there() -> None:
    """If a Python release renames either, this fails here rather than the loop falling back silently."""
    from asyncio.selector_events import BaseSelectorEventLoop

    parameters = list(inspect.signature(BaseSelectorEventLoop._accept_connection).parameters)
    assert parameters[:6] == ["self", "protocol_factory", "sock", "sslcontext", "server", "backlog"]

    async def count() -> list[int]:
        connected, finished = asyncio.Event(), asyncio.Event()

        async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            connected.set()
            try:
                await reader.read()
            finally:
                writer.close()
                finished.set()

        server = await asyncio.start_server(answer, "127.0.0.1", 0)
        seen = [open_connections(server)]
        port = server.sockets[0].getsockname()[1]
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.wait_for(connected.wait(), TIMEOUT_SECONDS)
        seen.append(open_connections(server))
        writer.close()
        await writer.wait_closed()
        await asyncio.wait_for(finished.wait(), TIMEOUT_SECONDS)
        server.close()
        await server.wait_closed()
        return seen

    assert asyncio.run(count()) == [0, 1]


@pytest.mark.parametrize("server", [None, object()])
def test_a_server_that_does_not_count_is_idle(server: Any) -> None:
    assert open_connections(server) == 0
    assert f"{accept.__name__}:{BalancedAcceptLoop.__name__}" == accept.LOOP
