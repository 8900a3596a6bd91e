"""``pcreceipt serve`` as the official hosts meet it: a real process on loopback, started as a user does.

``served(engine, workdir)`` starts the installed ``pcreceipt serve`` with a fresh HOME and no
``PCRECEIPT_*`` variable, so it runs on its defaults: the per-user data directory under that
HOME, a SQLite file there, local single-user mode, no inference provider. The only things
given are ``--port`` (a free loopback port, so runs can share a machine; hosts are pointed at the
URL through their own server-URL setting) and, for OceanBase, ``PCRECEIPT_STORE_URL`` naming a
fresh database on the session's seekdb server; ``settings`` adds ``PCRECEIPT_*`` variables an operator
sets (a provider, a registry directory) for the tests that need them. It yields a ``Served`` once ``/health/ready``
answers 200, and stops the process with SIGINT afterwards.

``Offline`` is what a host did once its server had gone (a port nothing listens on, or the
recording relay closed mid-session).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _support.commands import PCRECEIPT, ServerProcess, user_environment
from _support.ports import free_port
from _support.seekdb import oceanbase_url

READY_SECONDS = 60.0


@dataclass(frozen=True)
class Served:
    url: str  # http://127.0.0.1:<port>, no trailing slash
    engine: str  # "sqlite" | "oceanbase"
    home: Path  # the server's HOME (its data directory is under it)


@dataclass
class Offline:
    """A prompt a host handled without its server: what it gave its model (the driver's context element,
    a hook's whole output, Hermes' prefetch), how long the turn took, and what it reported."""

    injected: Any
    seconds: float
    reports: list[Any]
    runs: dict[str, Any]


@contextmanager
def served(engine: str, workdir: Path, settings: Mapping[str, str] | None = None) -> Iterator[Served]:
    home = workdir / "server-home"
    home.mkdir(parents=True, exist_ok=True)
    extra = {"PCRECEIPT_STORE_URL": oceanbase_url(workdir)} if engine == "oceanbase" else {}
    extra.update(settings or {})
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = ServerProcess([PCRECEIPT, "serve", "--port", str(port)], env=user_environment(home, extra))
    try:
        if not server.wait_ready(url, READY_SECONDS):
            raise RuntimeError(f"pcreceipt serve ({engine}) did not become ready:\n{server.stop()}")
        yield Served(url=url, engine=engine, home=home)
    finally:
        server.stop()
