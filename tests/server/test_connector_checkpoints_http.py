"""get_connector_checkpoint and commit_connector_checkpoint over HTTP: 1.4.1's shapes, the
compare-and-set's 409 ``connector_checkpoint_conflict`` with nothing written, a binding id of
another Connector, a binding whose Scope does not exist (404 ``scope_not_found``), and bodies the
contract refuses."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from _support.servers import assert_error, new_scope

GET = "/v1/connector-checkpoints/get"
COMMIT = "/v1/connector-checkpoints/commit"
SCOPE = "<the test's Scope>"  # replaced by the ``http`` fixture's Scope (``_placed``)
BINDING = {
    "scope_id": SCOPE,
    "binding_id": "issues",
    "connector_name": "github",
    "connector_version": "1",
}


@pytest.fixture
def http(server_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server_url, timeout=30) as client:
        BINDING_SCOPE[0] = new_scope(client, "connector checkpoints")
        yield client


BINDING_SCOPE = [""]


def _placed(value: Any) -> Any:
    """``value`` with the placeholder Scope replaced by the real one."""
    if isinstance(value, dict):
        return {key: _placed(item) for key, item in value.items()}
    return BINDING_SCOPE[0] if value == SCOPE else value


def _binding(name: str) -> dict[str, str]:
    return _placed({**BINDING, "binding_id": name})


def _commit(http: httpx.Client, binding: dict[str, str], expected: Any, checkpoint: Any) -> httpx.Response:
    return http.post(COMMIT, json={"binding": binding, "expected": expected, "checkpoint": checkpoint})


def test_a_binding_reads_null_then_what_was_committed(http: httpx.Client) -> None:
    binding = _binding("first")
    initial = http.post(GET, json={"binding": binding})
    assert initial.status_code == 200
    assert initial.json() == {"binding": binding, "checkpoint": None}
    committed = _commit(http, binding, None, {"since": "2026-01-01", "pages": [1, 2]})
    assert committed.status_code == 200
    assert committed.json() == {"binding": binding, "checkpoint": {"since": "2026-01-01", "pages": [1, 2]}}
    assert http.post(GET, json={"binding": binding}).json() == committed.json()
    advanced = _commit(http, binding, {"pages": [1, 2], "since": "2026-01-01"}, "done")
    assert advanced.status_code == 200 and advanced.json()["checkpoint"] == "done"


def test_a_stale_commit_is_409_and_changes_nothing(http: httpx.Client) -> None:
    binding = _binding("stale")
    assert _commit(http, binding, None, 1).status_code == 200
    for expected in (None, 2, "1", [1]):
        refused = _commit(http, binding, expected, 3)
        error = assert_error(refused, 409, "connector_checkpoint_conflict")
        assert error["details"] == {} or error["details"] is None or "violations" not in error["details"]
    assert http.post(GET, json={"binding": binding}).json()["checkpoint"] == 1


def test_a_binding_id_of_another_connector_is_409(http: httpx.Client) -> None:
    binding = _binding("owned")
    assert _commit(http, binding, None, "mine").status_code == 200
    other = {**binding, "connector_version": "2"}
    assert_error(http.post(GET, json={"binding": other}), 409, "connector_checkpoint_conflict")
    assert_error(_commit(http, other, "mine", "theirs"), 409, "connector_checkpoint_conflict")
    assert http.post(GET, json={"binding": binding}).json()["checkpoint"] == "mine"


@pytest.mark.parametrize(
    "body",
    [
        {"binding": {**BINDING, "binding_id": " "}, "expected": None, "checkpoint": 1},
        {"binding": {**BINDING, "connector_name": "n" * 129}, "expected": None, "checkpoint": 1},
        {"binding": {**BINDING, "extra": 1}, "expected": None, "checkpoint": 1},
        {"binding": BINDING, "checkpoint": 1},
        {"binding": BINDING, "expected": None},
        {"binding": BINDING, "expected": None, "checkpoint": 1, "force": True},
    ],
)
def test_a_refused_commit_is_422_and_writes_nothing(http: httpx.Client, body: dict[str, Any]) -> None:
    assert_error(http.post(COMMIT, json=_placed(body)), 422, "invalid_request")
    assert http.post(GET, json={"binding": _placed(BINDING)}).json()["checkpoint"] is None


def test_a_binding_whose_scope_does_not_exist_is_404_and_writes_nothing(http: httpx.Client) -> None:
    """1.4.1's server looks the binding's Scope up (its OpenAPI lists no 404 here; the live diff,
    tests/compat/live, found the answer): a read and a commit both answer scope_not_found."""
    missing = {**_binding("no-scope"), "scope_id": "scp_" + "0" * 26}
    assert_error(http.post(GET, json={"binding": missing}), 404, "scope_not_found")
    assert_error(_commit(http, missing, None, 1), 404, "scope_not_found")
    assert http.post(GET, json={"binding": _binding("no-scope")}).json()["checkpoint"] is None


@pytest.mark.parametrize("number", [str(2**53), str(-(2**60)), "1e400"])
def test_a_value_outside_i_json_is_422_and_writes_nothing(http: httpx.Client, number: str) -> None:
    """The RFC 8785 comparison needs I-JSON: a bigger integer or a number that is not finite is
    refused at the value it is in, for the new value and for the expected one alike."""
    binding = _binding(f"i-json-{number}")
    for field, body in (
        ("checkpoint", f'{{"binding": {json.dumps(binding)}, "expected": null, "checkpoint": [{number}]}}'),
        ("expected", f'{{"binding": {json.dumps(binding)}, "expected": {{"n": {number}}}, "checkpoint": 1}}'),
    ):
        refused = http.post(COMMIT, content=body, headers={"Content-Type": "application/json"})
        error = assert_error(refused, 422, "invalid_request")
        assert error["details"]["violations"] == [{"path": f"/{field}", "rule": "i_json"}]
    assert http.post(GET, json={"binding": binding}).json()["checkpoint"] is None
    assert _commit(http, binding, None, 2**53 - 1).json()["checkpoint"] == 2**53 - 1  # the largest exact integer
