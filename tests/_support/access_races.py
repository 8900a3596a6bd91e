"""The race tier's access Binding cases (``tests/server/test_race_tier.py`` runs them).

Binding changes need a Principal, so on SQLite (whose race server is in local single-user mode)
each case starts its own token-mode server over a fresh SQLite file with K clients holding an
admin token on ``*``; the OceanBase deployment's clients already hold one. The Binding's subject
is the racers' own token (``GET /v1/access/me``): a subject must be a stored token.

1.4.1's outcomes: creates with one key and one request all answer the one Binding (201); with
one key and other requests exactly one wins and the rest are 409 ``idempotency-key``; revocations
and replacements of one Binding at one version have exactly one winner, every other answer 409
``binding-version``, and what is stored afterwards is the winner's change.
"""

from __future__ import annotations

import tempfile
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import httpx

from _support.multi_server import at_once, one_winner
from _support.racers import K, Racers, all_answers
from _support.tokens import token_server


@contextmanager
def _token_racers(r: Racers) -> Iterator[Racers]:
    if r.name != "sqlite":
        yield r
        return
    with tempfile.TemporaryDirectory() as directory, token_server(Path(directory)) as server, ExitStack() as stack:
        token = server.issue([("*", "admin")], "racers")
        clients = [stack.enter_context(server.client(token, timeout=60)) for _ in range(K)]
        yield Racers("sqlite", clients)


def _me(client: httpx.Client) -> dict[str, Any]:
    principal: dict[str, Any] = client.get("/v1/access/me").json()["principal"]
    return {"type": principal["type"], "id": principal["id"]}


def _binding(r: Racers, scope_id: str) -> dict[str, Any]:
    request = {
        "subject": _me(r.first),
        "resource": {"type": "scope", "scope_id": scope_id},
        "role": "scope.viewer",
        "idempotency_key": uuid.uuid4().hex,
    }
    created = r.first.post("/v1/access/bindings/create", json=request)
    assert created.status_code == 201, created.text
    return dict(created.json())


def _scope_bindings(r: Racers, scope_id: str) -> list[dict[str, Any]]:
    listed = r.first.post(
        "/v1/access/bindings/list", json={"management_resource": {"type": "scope", "scope_id": scope_id}}
    )
    assert listed.status_code == 200, listed.text
    return list(listed.json()["items"])


def race_create_access_binding(r: Racers) -> None:
    with _token_racers(r) as racers:
        scope_id = f"race-{uuid.uuid4().hex}"
        request = {
            "subject": _me(racers.first),
            "resource": {"type": "scope", "scope_id": scope_id},
            "role": "scope.contributor",
            "idempotency_key": uuid.uuid4().hex,
        }
        answers = all_answers(racers.race("POST", "/v1/access/bindings/create", request), 201)
        assert len({a["binding_id"] for a in answers}) == 1  # one Binding, replayed
        other = [{**request, "idempotency_key": "one-key", "reason": f"racer {n}"} for n in range(K)]
        winner, _ = one_winner(
            racers.race("POST", "/v1/access/bindings/create", other), 409, "idempotency-key", success=201
        )
        stored = {b["binding_id"]: b for b in _scope_bindings(racers, scope_id)}
        assert set(stored) == {answers[0]["binding_id"], winner.json()["binding_id"]}
        assert stored[winner.json()["binding_id"]]["reason"] == winner.json()["reason"]


def race_revoke_access_binding(r: Racers) -> None:
    with _token_racers(r) as racers:
        binding = _binding(racers, f"race-{uuid.uuid4().hex}")
        bodies = [
            {"binding_id": binding["binding_id"], "expected_version": 1, "idempotency_key": uuid.uuid4().hex}
            for _ in range(K)
        ]
        winner, _ = one_winner(racers.race("POST", "/v1/access/bindings/revoke", bodies), 409, "binding-version")
        assert winner.json()["state"] == "revoked" and winner.json()["version"] == 2


def race_replace_access_binding(r: Racers) -> None:
    """Replacements and revocations of one Binding at once: one change wins, in all."""
    with _token_racers(r) as racers:
        scope_id = f"race-{uuid.uuid4().hex}"
        binding = _binding(racers, scope_id)
        subject = _me(racers.first)
        replace = [
            {
                "binding_id": binding["binding_id"],
                "expected_version": 1,
                "replacement": {"subject": subject, "reason": f"racer {n}"},
                "idempotency_key": uuid.uuid4().hex,
            }
            for n in range(K)
        ]
        winner, _ = one_winner(racers.race("POST", "/v1/access/bindings/replace", replace), 409, "binding-version")
        current = winner.json()["current"]
        active = [b for b in _scope_bindings(racers, scope_id) if b["state"] == "active"]
        assert [b["binding_id"] for b in active] == [current["binding_id"]]
        assert winner.json()["previous"]["state"] == "revoked"


def race_revoke_or_replace_access_binding(r: Racers) -> None:
    """Revocations and replacements of one Binding at once: one change wins in all, the rest 409."""
    with _token_racers(r) as racers:
        scope_id = f"race-{uuid.uuid4().hex}"
        binding = _binding(racers, scope_id)
        subject = _me(racers.first)
        calls = []
        for n, client in enumerate(racers.clients):
            base = {"binding_id": binding["binding_id"], "expected_version": 1, "idempotency_key": uuid.uuid4().hex}
            if n % 2:
                calls.append(partial(client.post, "/v1/access/bindings/revoke", json=base))
            else:
                body = {**base, "replacement": {"subject": subject}}
                calls.append(partial(client.post, "/v1/access/bindings/replace", json=body))
        winner, _ = one_winner(at_once(*calls), 409, "binding-version")
        active = [b for b in _scope_bindings(racers, scope_id) if b["state"] == "active"]
        if winner.request.url.path.endswith("/revoke"):
            assert active == []
        else:
            assert [b["binding_id"] for b in active] == [winner.json()["current"]["binding_id"]]
