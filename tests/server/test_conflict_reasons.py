"""Every 409 says which conflict it is: ``error.details.reason`` on the wire, and the CLI prints it."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from _support.servers import assert_error
from typer.testing import CliRunner

from pcreceipt.cli.main import app

pytestmark = pytest.mark.anyio


def _memory(text: str) -> dict[str, Any]:
    return {"family": "atomic-memory", "content": {"kind": "fact", "text": text}}


async def _create(http: httpx.AsyncClient, scope_id: str, text: str) -> str:
    response = await http.post(f"/v1/scopes/{scope_id}/artifacts", json=_memory(text))
    assert response.status_code == 201, response.text
    return str(response.json()["artifact_id"])


def _target(artifact_id: str, revision: int, state_version: int) -> dict[str, Any]:
    reference = {"family": "atomic-memory", "artifact_id": artifact_id, "revision": revision}
    return {"artifact": reference, "state_version": state_version}


async def _change(http: httpx.AsyncClient, scope_id: str, target: dict[str, Any], state: str) -> httpx.Response:
    return await http.post("/v1/atomic-memory/lifecycle", json={"scope_id": scope_id, "target": target, "state": state})


#: PowerContext's code for each reason (outside a merge, where a stale input is atomic_memory_changed).
REASON_CODES = {
    "stale_revision": "revision_conflict",
    "stale_state_version": "atomic_memory_changed",
    "already_forgotten": "invalid_memory_state",
    "already_merged": "invalid_memory_state",
    "not_merge_result": "invalid_memory_state",
    "idempotency_key_reused": "scope_idempotency_conflict",
}


def _reason(response: httpx.Response) -> str:
    """The 409's reason, after checking that its code is the reason's PowerContext code."""
    assert response.status_code == 409, response.text
    error = assert_error(response, 409, REASON_CODES[response.json()["error"]["details"]["reason"]])
    assert error["message"] and "conflicts with the current state" not in error["message"]
    return str(error["details"]["reason"])


async def test_lifecycle_conflicts_name_their_reason(http: httpx.AsyncClient, scope_id: str) -> None:
    memory = await _create(http, scope_id, "Forget me")
    assert (await _change(http, scope_id, _target(memory, 1, 0), "forgotten")).status_code == 200
    again = await _change(http, scope_id, _target(memory, 1, 1), "forgotten")
    assert again.status_code == 200 and again.json()["changed"] is False
    assert _reason(await _change(http, scope_id, _target(memory, 1, 1), "retired")) == "already_forgotten"
    assert _reason(await _change(http, scope_id, _target(memory, 1, 0), "forgotten")) == "stale_state_version"
    assert _reason(await _change(http, scope_id, _target(memory, 2, 1), "forgotten")) == "stale_revision"
    plain = await _create(http, scope_id, "Not a merge result")
    assert _reason(await _change(http, scope_id, _target(plain, 1, 0), "retired")) == "not_merge_result"

    other = await _create(http, scope_id, "Second input")
    merge = {
        "scope_id": scope_id,
        "inputs": [_target(plain, 1, 0), _target(other, 1, 0)],
        "content": {"kind": "fact", "text": "Merged"},
    }
    assert (await http.post("/v1/atomic-memory/merges", json=merge)).status_code == 200
    again = await http.post(
        "/v1/atomic-memory/merges", json={**merge, "inputs": [_target(plain, 1, 1), _target(other, 1, 1)]}
    )
    assert _reason(again) == "already_merged"
    stale = await http.post(
        "/v1/atomic-memory/merges", json={**merge, "inputs": [_target(plain, 1, 0), _target(other, 1, 1)]}
    )
    error = assert_error(stale, 409, "atomic_memory_changed")
    assert error["details"]["reason"] in ("stale_state_version", "already_merged")


async def test_replacing_a_forgotten_memory_says_so(http: httpx.AsyncClient, scope_id: str) -> None:
    memory = await _create(http, scope_id, "Old")
    await _change(http, scope_id, _target(memory, 1, 0), "forgotten")
    response = await http.put(
        f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{memory}",
        json={"content": {"kind": "fact", "text": "New"}},
        headers={"If-Match": '"revision:1"'},
    )
    assert _reason(response) == "already_forgotten"


async def test_a_reused_scope_key_names_its_reason(http: httpx.AsyncClient, scope_id: str) -> None:
    request = {"title": "Keyed", "summary": "One key", "idempotency_key": f"reason-{scope_id}"}
    assert (await http.post("/v1/scopes", json=request)).status_code == 201
    assert _reason(await http.post("/v1/scopes", json={**request, "title": "Other"})) == "idempotency_key_reused"


def test_the_cli_prints_the_reason(server_url: str) -> None:
    cli = CliRunner(env={"PCRECEIPT_URL": server_url, "PCRECEIPT_TOKEN": None})
    scope = cli.invoke(app, ["scope", "create", "--title", "CLI", "--summary", "Reasons"]).stdout.strip()
    added = cli.invoke(app, ["memory", "add", "--scope", scope, "--kind", "fact", "Forget me twice", "--json"])
    artifact_id = json.loads(added.stdout)["artifact_id"]
    assert cli.invoke(app, ["memory", "forget", "--scope", scope, artifact_id]).exit_code == 0
    twice = cli.invoke(app, ["memory", "forget", "--scope", scope, artifact_id])
    assert twice.exit_code == 0 and twice.stdout.strip() == "unchanged"
    again = cli.invoke(app, ["memory", "retire", "--scope", scope, artifact_id])
    assert again.exit_code == 1
    assert "error: invalid_memory_state (HTTP 409): The atomic memory is already forgotten." in again.stderr
    assert "  reason: already_forgotten" in again.stderr
    assert "Traceback" not in again.output
