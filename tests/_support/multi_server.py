"""Several stateless ``pcreceipt serve`` processes over ONE OceanBase database, and racing requests.

``deployment(seekdb_server, workdir)`` starts the installed ``pcreceipt serve`` N times together,
the way a user starts them (a fresh HOME each, ``PCRECEIPT_STORE_URL`` naming the same database on
the session's seekdb server, which does not exist yet, so the servers create and migrate it
together; ``--require-tokens``; a free loopback port each), then issues an admin token on every
Scope with ``pcreceipt token create``, as an operator would.

``at_once`` releases calls together on a barrier (one thread each); ``one_winner`` checks the
outcome PowerContext gives a race with one winner: exactly one success and every other answer
its conflict code in the error envelope.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import httpx
import pytest

from _support import races
from _support.commands import PCRECEIPT, ServerProcess, run, user_environment
from _support.ports import free_port
from _support.servers import assert_error
from pcreceipt.store.oceanbase.seekdb import SeekdbServer

READY_SECONDS = 120.0
SERVERS = ("a", "b", "c")
TIMEOUT = httpx.Timeout(60.0)


@dataclass(frozen=True)
class Deployment:
    urls: tuple[str, ...]
    environment: dict[str, str]  # a user's environment naming the shared database (for the token commands)
    token: str  # an admin token on every Scope

    def client(self, index: int, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token or self.token}"}
        return httpx.Client(base_url=self.urls[index], headers=headers, timeout=TIMEOUT)

    @contextmanager
    def clients(self, count: int | None = None) -> Iterator[list[httpx.Client]]:
        """``count`` admin clients (one per server by default), dealt round-robin over the servers."""
        with ExitStack() as stack:
            yield [stack.enter_context(self.client(index % len(self.urls))) for index in range(count or len(self.urls))]

    def token_command(self, *arguments: str) -> str:
        done = run([PCRECEIPT, "token", *arguments], self.environment, timeout=120)
        assert done.returncode == 0, done.stderr
        return str(done.stdout)


@contextmanager
def deployment(
    seekdb_server: SeekdbServer,
    workdir: Path,
    names: Sequence[str] = SERVERS,
    extra: Mapping[str, str] | None = None,
) -> Iterator[Deployment]:
    """``len(names)`` servers started at once on a database that does not exist yet: they create it,
    migrate it and ensure the Default Scope together. The admin token is created afterwards.
    ``extra``: more environment for every server (settings such as ``PCRECEIPT_EXTERNAL_SKILLS_DIR``)."""
    database = {"PCRECEIPT_STORE_URL": seekdb_server.url(f"multi_{uuid.uuid4().hex[:12]}"), **(extra or {})}
    servers: list[ServerProcess] = []
    urls: list[str] = []
    try:
        for name in names:  # all started before any is waited for: they start together
            home = workdir / f"server-{name}"
            home.mkdir()
            port = free_port()
            urls.append(f"http://127.0.0.1:{port}")
            command = [PCRECEIPT, "serve", "--port", str(port), "--require-tokens"]
            servers.append(ServerProcess(command, user_environment(home, database), cwd=home))
        for server, url in zip(servers, urls, strict=True):
            if not server.wait_ready(url, READY_SECONDS):
                pytest.fail(f"pcreceipt serve at {url} did not become ready:\n{server.stop()}")
        admin_home = workdir / "admin-home"
        admin_home.mkdir()
        environment = user_environment(admin_home, database)
        created = run(
            [PCRECEIPT, "token", "create", "--scope", "*", "--grant", "admin", "--json"], environment, timeout=120
        )
        assert created.returncode == 0, created.stderr
        token = json.loads(created.stdout)["token"]
        started = Deployment(urls=tuple(urls), environment=environment, token=token)
        _assert_one_deployment(started, servers)
        yield started
    finally:
        for server in servers:
            server.stop()


def _assert_one_deployment(started: Deployment, servers: list[ServerProcess]) -> None:
    """Every URL is one of these processes over the one database: all alive, one server identity.

    A port is chosen free before its server binds it; another test session on the machine can take
    it meanwhile, and then the URL answers for a server that is not this deployment's."""
    identities = set()
    for index in range(len(started.urls)):
        with started.client(index) as client:
            info = client.get("/v1/server-info")
            assert info.status_code == 200, info.text
            identities.add(info.json()["server_id"])
    assert all(server.process.poll() is None for server in servers), "a server exited: its port was taken"
    assert len(identities) == 1, f"the URLs answer for different servers: {identities}"


def at_once(*calls: Callable[[], httpx.Response]) -> list[httpx.Response]:
    """Run ``calls`` in threads released together by a barrier; their responses in call order."""
    return cast(list[httpx.Response], races.at_once(calls))


def one_winner(
    responses: list[httpx.Response], status: int, code: str, *, success: int = 200
) -> tuple[httpx.Response, list[dict[str, Any]]]:
    """Exactly one ``success`` and every other answer ``status`` with PowerContext's ``code``; the
    winner and the losers' errors."""
    statuses = sorted(r.status_code for r in responses)
    assert statuses == sorted([success] + [status] * (len(responses) - 1)), [r.text for r in responses]
    winner = next(r for r in responses if r.status_code == success)
    return winner, [assert_error(r, status, code) for r in responses if r.status_code == status]
