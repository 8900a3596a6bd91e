"""The workers' event loop (``server.workers.OneAcceptEventLoop``) accepts one waiting connection
per wake-up of the listening socket, where asyncio's own loop accepts every waiting one.

``serve --workers N`` hands the loop to uvicorn by import string (``WORKER_LOOP``); a burst of
connections then spreads over the workers instead of landing on whichever woke first. The test
drives asyncio's accept hook exactly as asyncio's ``_start_serving`` registers it (positional
arguments), so a Python release that changes the hook fails here, not silently in production.
"""

from __future__ import annotations

import asyncio
import socket

import pytest
from uvicorn.config import Config

from pcreceipt.server.workers import WORKER_LOOP, OneAcceptEventLoop

WAITING = 3


class Counting(asyncio.Protocol):
    made: list[asyncio.BaseTransport]

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.made.append(transport)


def _accepted_after_one_wake_up(loop: asyncio.SelectorEventLoop) -> tuple[int, int]:
    """(connections accepted by one call of the accept hook, by as many calls as were waiting)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.setblocking(False)
    clients = [socket.create_connection(listener.getsockname()) for _ in range(WAITING)]
    made: list[asyncio.BaseTransport] = []

    def protocol() -> Counting:
        counting = Counting()
        counting.made = made
        return counting

    async def settle() -> None:
        for _ in range(20):
            await asyncio.sleep(0)

    server = None  # as asyncio passes it when no Server object tracks the socket
    try:
        # asyncio's _start_serving registers: (protocol_factory, sock, sslcontext, server, backlog, hs, shutdown)
        loop._accept_connection(protocol, listener, None, server, 100, 60.0, 30.0)  # type: ignore[attr-defined]
        loop.run_until_complete(settle())
        first = len(made)
        for _ in range(WAITING):
            loop._accept_connection(protocol, listener, None, server, 100, 60.0, 30.0)  # type: ignore[attr-defined]
        loop.run_until_complete(settle())
        return first, len(made)
    finally:
        for transport in made:
            transport.close()
        loop.run_until_complete(settle())
        for client in clients:
            client.close()
        listener.close()


@pytest.mark.parametrize(("loop_class", "first"), [(asyncio.SelectorEventLoop, WAITING), (OneAcceptEventLoop, 1)])
def test_one_wake_up_accepts_one_connection_in_the_workers_loop(
    loop_class: type[asyncio.SelectorEventLoop], first: int
) -> None:
    loop = loop_class()
    try:
        accepted_first, accepted_all = _accepted_after_one_wake_up(loop)
    finally:
        loop.close()
    assert accepted_first == first  # asyncio's own loop takes the whole burst: the contrast the fix is about
    assert accepted_all == WAITING  # nothing is lost: later wake-ups take the rest


def test_uvicorn_resolves_the_workers_loop_by_its_import_string() -> None:
    config = Config("pcreceipt.server.workers:worker_app", factory=True, workers=2, loop=WORKER_LOOP)
    factory = config.get_loop_factory()
    assert factory is OneAcceptEventLoop
    loop = factory()  # what uvicorn's worker then runs on
    try:
        assert isinstance(loop, OneAcceptEventLoop)
    finally:
        loop.close()
