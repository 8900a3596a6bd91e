"""Loopback ports for tests.

``free_port`` is the product's own ``pcreceipt.store.oceanbase.seekdb.free_loopback_port`` (``pcreceipt seekdb
start`` picks its port with it): one definition for src, tests and bench. ``port_is_free`` asks
about one given port the way uvicorn binds it.
"""

from __future__ import annotations

import socket

from pcreceipt.store.oceanbase.seekdb import free_loopback_port as free_port

__all__ = ["free_port", "port_is_free"]


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds: TIME_WAIT is no obstacle
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True
