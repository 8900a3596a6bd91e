"""The race tier's racers: K clients spread over a deployment's servers, sending one request each
at once (``tests/server/test_race_tier.py`` and the case modules beside it)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest

from _support.multi_server import at_once, deployment
from _support.servers import running
from _support.tiers import new_memory
from pcreceipt.config import GenerationSettings, Settings
from pcreceipt.server.app import create_app

K = 8
"""Racers per race."""


@dataclass
class Racers:
    """K clients (spread over the deployment's servers) and the first one for set-up and checks."""

    name: str
    clients: list[httpx.Client]

    @property
    def first(self) -> httpx.Client:
        return self.clients[0]

    def race(
        self, method: str, path: str, bodies: list[Any] | Any, headers: dict[str, str] | None = None
    ) -> list[httpx.Response]:
        """Every client sends ``method path`` at once, client i with ``bodies[i]`` (or all the same body)."""
        each = bodies if isinstance(bodies, list) else [bodies] * len(self.clients)
        return at_once(
            *(
                partial(client.request, method, path, json=body, headers=headers)
                for client, body in zip(self.clients, each, strict=True)
            )
        )

    def scope(self, title: str = "race") -> str:
        created = self.first.post(
            "/v1/scopes", json={"title": title, "summary": "the race tier", "idempotency_key": uuid.uuid4().hex}
        )
        assert created.status_code == 201, created.text
        return str(created.json()["scope_id"])

    def memory(self, scope_id: str, text: str = "race memory") -> str:
        return new_memory(self.first, scope_id, text)


def statuses(responses: list[httpx.Response]) -> list[int]:
    return sorted(r.status_code for r in responses)


def all_answers(responses: list[httpx.Response], status: int = 200) -> list[dict[str, Any]]:
    assert statuses(responses) == [status] * len(responses), [r.text[:300] for r in responses]
    return [r.json() for r in responses]


@contextmanager
def generating_racers(request: pytest.FixtureRequest, workdir: Path, provider_url: str) -> Iterator[Racers]:
    """K clients of servers with a generation provider at ``provider_url``: one SQLite server
    (``request.param`` ``sqlite``), or three ``pcreceipt serve`` over one OceanBase database."""
    with ExitStack() as stack:
        if request.param == "sqlite":
            generation = GenerationSettings(base_url=provider_url, model="fake/generator", timeout_seconds=10.0)
            url = stack.enter_context(running(create_app(Settings(data_dir=workdir, generation=generation))))
            clients = [stack.enter_context(httpx.Client(base_url=url, timeout=60)) for _ in range(K)]
        else:
            provider = {
                "PCRECEIPT_GENERATION_BASE_URL": provider_url,
                "PCRECEIPT_GENERATION_MODEL": "fake/generator",
                "PCRECEIPT_GENERATION_TIMEOUT_SECONDS": "10",
            }
            seekdb = request.getfixturevalue("seekdb_server")
            started = stack.enter_context(deployment(seekdb, workdir, settings=provider))
            clients = stack.enter_context(started.clients(K))
        yield Racers(str(request.param), clients)
