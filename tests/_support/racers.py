"""The race tier's racers: K clients spread over a deployment's servers, sending one request each
at once (``tests/server/test_race_tier.py`` and the case modules beside it)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from functools import partial
from typing import Any

import httpx

from _support.multi_server import at_once
from _support.tiers import new_memory

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
