"""The event loop of ``serve --workers N``'s workers: it leaves a new connection to a less busy
worker when there is one.

Every worker watches the one listening socket the parent bound (``server.http.workers``). When
connections arrive, the kernel wakes each worker that is waiting, and asyncio's own loop accepts
every connection queued at that moment. A client that opens its keep-alive pool in a burst (four
connections within a millisecond) therefore landed on one worker far more often than chance
would have it, and with keep-alive that worker serves the whole pool while the other idles:
measured on a quiet 2-core machine, 4 clients, all four connections on one worker in 7 of 8
blocks (after the ``TCP_NODELAY`` fix, 2 of 8; docs/performance.md, "``serve --workers N``").

``BalancedAcceptLoop`` accepts one connection per wake-up, and a worker that already holds open
connections waits ``deferral_seconds`` (1 ms per open connection, at most 4 ms) before it
accepts: a worker holding fewer connections, woken by the same arrival, takes the connection in
the meantime. If no other worker takes it, the waiting worker does, so a connection is never
left queued: the cost is at most those milliseconds on a new connection to a busy worker, never
on a request of an open one.

asyncio has no public hook for how a listening socket accepts, so this overrides the selector
loop's ``_accept_connection`` (signature unchanged from Python 3.7 to 3.13) and reads the
server's open-connection count (``asyncio.Server._active_count``, also there since 3.7); a
server without that count is treated as idle, which is the stock behaviour plus one accept per
wake-up. ``tests/server/test_accept_balance.py`` holds both assumptions to account.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

DEFERRAL_PER_CONNECTION_SECONDS = 0.001
DEFERRAL_MAX_SECONDS = 0.004
LOOP = "pcreceipt.server.http.accept:BalancedAcceptLoop"
"""uvicorn's ``loop`` option for the workers: an import string other than uvicorn's own loop names
is the callable that makes the loop (here the class)."""


def open_connections(server: asyncio.AbstractServer | None) -> int:
    """How many connections ``server`` has open (0 if it does not say)."""
    count = getattr(server, "_active_count", 0)
    return count if isinstance(count, int) else 0


class BalancedAcceptLoop(asyncio.SelectorEventLoop):
    """asyncio's selector loop, with a listening socket's readiness handled as described above."""

    def deferral_seconds(self, connections: int) -> float:
        """How long a worker holding ``connections`` open connections leaves a new one to others."""
        return min(DEFERRAL_MAX_SECONDS, DEFERRAL_PER_CONNECTION_SECONDS * connections)

    def _accept_connection(  # asyncio's private hook, always called positionally
        self,
        protocol_factory: Any,
        sock: socket.socket,
        sslcontext: Any,
        server: Any,
        backlog: int,
        *rest: Any,
    ) -> None:
        delay = self.deferral_seconds(open_connections(server))
        if delay <= 0:
            self._accept_one(protocol_factory, sock, sslcontext, server, rest)
            return
        fd = sock.fileno()
        self._remove_reader(fd)  # type: ignore[attr-defined]

        def resume() -> None:
            if sock.fileno() != fd or server is None or not server.is_serving():
                return  # the server closed meanwhile: nothing to watch any more
            self._add_reader(  # type: ignore[attr-defined]
                fd, self._accept_connection, protocol_factory, sock, sslcontext, server, backlog, *rest
            )
            self._accept_one(protocol_factory, sock, sslcontext, server, rest)

        self.call_later(delay, resume)

    def _accept_one(
        self, protocol_factory: Any, sock: socket.socket, sslcontext: Any, server: Any, rest: tuple[Any, ...]
    ) -> None:
        """Accept at most one waiting connection (none waiting is not an error: another worker took it)."""
        super()._accept_connection(protocol_factory, sock, sslcontext, server, 1, *rest)  # type: ignore[misc]
