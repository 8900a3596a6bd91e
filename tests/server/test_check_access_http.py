"""check_access answers as the real authorisation decides: over generated grants, each
requirement's decision is what the request it stands for actually gets (property test)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.tokens import TokenServer, assert_error, make_scope, token_server
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TARGETS = ("a", "b", "*")
ACCESS = st.sampled_from(["read", "write", "admin"])
GRANTS = st.dictionaries(st.sampled_from(TARGETS), ACCESS, min_size=1, max_size=3)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TokenServer, dict[str, str]]]:
    with token_server(tmp_path_factory.mktemp("check")) as server:
        ids = {name: make_scope(server.store, name).scope_id for name in ("a", "b")}
        yield server, {**ids, "*": "*"}


def _requests(http: httpx.Client, scope_id: str) -> dict[str, int]:
    """What the requests each Scope action stands for actually get (status)."""
    topic = {"family": "topic-memory", "content": {"title": "T", "summary": "s", "detail": "d"}}
    version = 1
    read = http.get(f"/v1/scopes/{scope_id}")
    if read.status_code == 200:
        version = read.json()["version"]
    update = {"expected_version": version, "title": "checked", "summary": "s"}
    return {
        "scope.read": read.status_code,
        "scope.contribute": http.post(f"/v1/scopes/{scope_id}/artifacts", json=topic).status_code,
        "scope.admin": http.put(f"/v1/scopes/{scope_id}", json=update).status_code,
    }


def _check(http: httpx.Client, requirements: list[dict[str, Any]], match: str = "all") -> Any:
    answer = http.post("/v1/access/check", json={"match": match, "requirements": requirements})
    assert answer.status_code == 200, answer.text
    return answer.json()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grants=GRANTS)
def test_check_access_agrees_with_the_requests(
    world: tuple[TokenServer, dict[str, str]], grants: dict[str, str]
) -> None:
    server, ids = world
    token = server.issue([(ids[target], access) for target, access in grants.items()])  # type: ignore[misc]
    server_resource = {"type": "server", "deployment_id": server.store.server_id()}
    with server.client(token) as http:
        for name in ("a", "b"):
            scope = {"type": "scope", "scope_id": ids[name]}
            actions = ["scope.read", "scope.contribute", "scope.admin"]
            checked = _check(http, [{"action": action, "resource": scope} for action in actions])
            got = _requests(http, ids[name])
            for action, decision in zip(actions, checked["decisions"], strict=True):
                assert decision["allowed"] == (got[action] in (200, 201)), (action, grants, got)
                assert got[action] in (200, 201, 403)
        admin = _check(http, [{"action": "server.admin", "resource": server_resource}])
        created = http.post(
            "/v1/scopes", json={"title": "c", "summary": "s", "idempotency_key": uuid.uuid4().hex}
        ).status_code
        assert admin["allowed"] == (created == 201) and created in (201, 403)


def test_match_and_refused_pairs(world: tuple[TokenServer, dict[str, str]], powercontext_models: ModuleType) -> None:
    server, ids = world
    token = server.issue([(ids["a"], "write")], "checker")
    a = {"type": "scope", "scope_id": ids["a"]}
    b = {"type": "scope", "scope_id": ids["b"]}
    with server.client(token) as http:
        both = [{"action": "scope.read", "resource": a}, {"action": "scope.read", "resource": b}]
        every = http.post("/v1/access/check", json={"match": "all", "requirements": both})
        parsed = powercontext_models.AccessCheckResponse.model_validate_json(every.content)
        assert parsed.allowed is False and [d.allowed for d in parsed.decisions] == [True, False]
        assert _check(http, both, "any")["allowed"] is True
        assert [d["reason_code"] for d in _check(http, both, "any")["decisions"]] == [
            "role-binding",
            "no-matching-binding",
        ]
        observe = {
            "action": "server.observe",
            "resource": {"type": "server", "deployment_id": server.store.server_id()},
        }
        assert _check(http, [observe])["allowed"] is True  # what get_capabilities asks: any token
        for refused in (
            {"action": "artifact.read", "resource": a},
            {"action": "scope.read", "resource": {"type": "server", "deployment_id": server.store.server_id()}},
            {"action": "server.admin", "resource": {"type": "server", "deployment_id": "elsewhere"}},
            {
                "action": "artifact.read",
                "resource": {
                    "type": "artifact",
                    "scope_id": ids["a"],
                    "identity": {"family": "skill", "artifact_id": "x"},
                },
            },
        ):
            answer = http.post("/v1/access/check", json={"match": "all", "requirements": [refused]})
            assert_error(answer, 422, "invalid_access_request")


def test_local_mode_has_no_principal(tmp_path: Path) -> None:
    from _support.tokens import running

    from pcreceipt.config import Settings
    from pcreceipt.server.app import create_app

    with running(create_app(Settings(data_dir=tmp_path))) as url, httpx.Client(base_url=url) as http:
        check = {
            "match": "all",
            "requirements": [{"action": "scope.read", "resource": {"type": "scope", "scope_id": "x"}}],
        }
        assert_error(http.post("/v1/access/check", json=check), 503, "runtime_not_ready")
