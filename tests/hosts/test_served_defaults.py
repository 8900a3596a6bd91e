"""What every host meets first: a server on its defaults, and the Scope a host resolves with no binding."""

from __future__ import annotations

import httpx
from _support.hosts import Served


def test_a_host_with_no_binding_resolves_the_default_scope(pcreceipt_server: Served) -> None:
    answer = httpx.post(f"{pcreceipt_server.url}/v1/scope-bindings/resolve", json={"binding_keys": []})
    assert answer.status_code == 200, answer.text
    scope = answer.json()
    default = httpx.get(f"{pcreceipt_server.url}/v1/scopes/default").json()
    assert scope["scope_id"] == default["scope_id"]
    assert scope["title"] == "Default"


def test_the_server_keeps_its_data_under_the_users_home(pcreceipt_server: Served) -> None:
    stores = list(pcreceipt_server.home.rglob("pcreceipt.db"))
    if pcreceipt_server.engine == "sqlite":
        assert len(stores) == 1 and stores[0].is_relative_to(pcreceipt_server.home / ".local" / "share")
    else:
        assert stores == []  # the OceanBase server keeps no SQLite file at all
