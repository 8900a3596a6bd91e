"""Three stateless ``pcreceipt serve`` processes over ONE OceanBase database, as a deployment runs them.

All three servers are the installed ``pcreceipt serve`` started together the way a user starts them (a
fresh HOME each, ``PCRECEIPT_STORE_URL`` naming the same database on the session's seekdb server,
which does not exist yet, so the three create and migrate it together; ``--require-tokens``; a free
loopback port each). Nothing is shared between them but the
database, so whatever one server wrote or decided must be what the other sees at once:

- a memory written through A is read exactly and recalled by a prepare through B; what each
  server writes, the next one's prepare injects at once (its Receipt selects it);
- the same lifecycle change, merge and replace sent to A, B and C at once have one winner and two
  losers with PowerContext's conflict codes;
- a token revoked in the database is refused by both servers from the next request on;
- the Default Scope, ensured by each server at its start, exists once, and so does every migration;
- a Scope binding set through one server resolves through the other, and a clear is seen at once;
  concurrent clears of one binding through the three servers tell exactly one caller it cleared it;
- a prepare is counted once in the statistics, whichever server answers and whichever is asked;
- capture positions, and bootstrap receipts (one per host event, whichever servers the host's
  retries reach, its package's items in one order, and its delivery claimed once) stay unique.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from functools import partial

import httpx
import pytest
from _support.multi_server import SERVERS, Deployment, at_once, one_winner
from _support.multi_server import deployment as start_deployment
from _support.servers import assert_error
from _support.tiers import bootstrap_request

from pcreceipt.store.oceanbase.schema import MIGRATIONS
from pcreceipt.store.oceanbase.seekdb import SeekdbServer


@pytest.fixture(scope="module")
def deployment(seekdb_server: SeekdbServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    """Three servers started at once on a database that does not exist yet: they create it, migrate it
    and ensure the Default Scope together. The admin token is created afterwards, as an operator would."""
    with start_deployment(seekdb_server, tmp_path_factory.mktemp("multi-server")) as started:
        yield started


def _scope(client: httpx.Client) -> str:
    request = {"title": f"multi {uuid.uuid4().hex[:8]}", "summary": "two servers", "idempotency_key": uuid.uuid4().hex}
    response = client.post("/v1/scopes", json=request)
    assert response.status_code == 201, response.text
    return str(response.json()["scope_id"])


def _memory(client: httpx.Client, scope_id: str, text: str) -> str:
    response = client.post(
        f"/v1/scopes/{scope_id}/artifacts", json={"family": "atomic-memory", "content": {"kind": "fact", "text": text}}
    )
    assert response.status_code == 201, response.text
    return str(response.json()["artifact_id"])


def test_oceanbase_what_one_server_writes_the_other_reads_and_recallsat_once(deployment: Deployment) -> None:
    text = f"The release train leaves on Thursdays from platform {uuid.uuid4().hex[:6]}."
    with deployment.client(0) as a, deployment.client(1) as b:
        scope_id = _scope(a)
        memory = _memory(a, scope_id, text)

        read = b.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{memory}")
        assert read.status_code == 200, read.text
        assert read.json()["content"]["text"] == text and read.json()["revision"] == 1

        prepared = b.post(
            "/v1/context/prepare", json={"scope_id": scope_id, "query": "When does the release train leave?"}
        )
        assert prepared.status_code == 200, prepared.text
        assert text in prepared.text

        # and back the other way: a revision written through B is A's head at once
        replaced = b.put(
            f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{memory}",
            json={"content": {"kind": "fact", "text": "The release train leaves on Fridays."}},
            headers={"If-Match": read.headers["ETag"]},
        )
        assert replaced.status_code == 200, replaced.text
        head = a.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{memory}")
        assert head.status_code == 200 and head.json()["revision"] == 2
        assert head.json()["content"]["text"] == "The release train leaves on Fridays."


def test_oceanbase_a_lifecycle_race_across_servers_hasone_winner(deployment: Deployment) -> None:
    with deployment.clients() as servers:
        a = servers[0]
        scope_id = _scope(a)
        for round_ in range(3):
            memory = _memory(a, scope_id, f"forget me {round_}")
            target = {"artifact": {"family": "atomic-memory", "artifact_id": memory, "revision": 1}, "state_version": 0}
            request = {"scope_id": scope_id, "target": target, "state": "forgotten"}
            responses = at_once(*(partial(c.post, "/v1/atomic-memory/lifecycle", json=request) for c in servers))
            winner, errors = one_winner(responses, 409, "atomic_memory_changed")
            assert winner.json()["changed"] is True and winner.json()["records"][0]["state_version"] == 1
            assert [error["details"]["reason"] for error in errors] == ["stale_state_version"] * 2
            for client in servers:
                state = client.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{memory}/state")
                assert state.status_code == 200
                assert (state.json()["state"], state.json()["state_version"]) == ("forgotten", 1)


def test_oceanbase_a_merge_race_across_servers_hasone_winner(deployment: Deployment) -> None:
    with deployment.clients() as servers:
        a = servers[0]
        scope_id = _scope(a)
        stored: list[str] = []  # every input and the one result of each round
        for round_ in range(2):
            inputs = [
                {
                    "artifact": {"family": "atomic-memory", "artifact_id": _memory(a, scope_id, text), "revision": 1},
                    "state_version": 0,
                }
                for text in (f"left input {round_}", f"right input {round_}")
            ]
            request = {"scope_id": scope_id, "inputs": inputs, "content": {"kind": "fact", "text": f"both {round_}"}}
            responses = at_once(*(partial(c.post, "/v1/atomic-memory/merges", json=request) for c in servers))
            winner, errors = one_winner(responses, 409, "atomic_memory_changed")
            assert all(e["details"]["reason"] in ("stale_state_version", "already_merged") for e in errors), errors
            result = winner.json()["records"][-1]["artifact"]["artifact_id"]
            stored += [item["artifact"]["artifact_id"] for item in inputs] + [result]
            for client in servers:
                # both inputs merged into the ONE result; the losers wrote nothing
                for item in inputs:
                    address = item["artifact"]
                    state = client.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{address['artifact_id']}/state")
                    assert state.status_code == 200 and state.json()["state"] == "merged", state.text
        listed = servers[2].get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory", params={"limit": 100})
        assert listed.status_code == 200
        assert sorted(item["artifact_id"] for item in listed.json()["items"]) == sorted(stored)


def test_oceanbase_a_replace_race_with_one_etag_across_servers_hasone_winner(deployment: Deployment) -> None:
    with deployment.clients() as servers:
        a = servers[0]
        scope_id = _scope(a)
        memory = _memory(a, scope_id, "version one")
        path = f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{memory}"
        etag = a.get(path).headers["ETag"]
        responses = at_once(
            *(
                partial(
                    c.put, path, json={"content": {"kind": "fact", "text": f"from {n}"}}, headers={"If-Match": etag}
                )
                for n, c in zip(SERVERS, servers, strict=True)
            )
        )
        # a loser's If-Match is no longer the head's ETag: 412, whichever server it reached
        winner, errors = one_winner(responses, 412, "revision_conflict")
        assert errors == [errors[0]] * 2
        assert errors[0]["details"] == {"provided_etag": etag, "current_etag": '"revision:2"'}, errors
        winning_text = winner.json()["content"]["text"]
        for client in servers:
            head = client.get(path)
            assert head.json()["revision"] == 2 and head.json()["content"]["text"] == winning_text


def test_oceanbase_a_revoked_token_fails_on_every_serverat_once(deployment: Deployment) -> None:
    created = json.loads(deployment.token_command("create", "--scope", "*", "--grant", "read", "--json"))
    token = created["token"]
    for index in range(len(SERVERS)):
        with deployment.client(index, token) as client:
            assert client.get("/v1/scopes").status_code == 200
    deployment.token_command("revoke", created["token_id"])
    for index in range(len(SERVERS)):
        with deployment.client(index, token) as client:
            assert_error(client.get("/v1/scopes"), 401, "unauthorized")
    # the admin token is untouched
    with deployment.client(0) as a:
        assert a.get("/v1/scopes").status_code == 200


def test_oceanbase_servers_started_together_create_the_default_scope_once(deployment: Deployment) -> None:
    seen = []
    for index in range(len(SERVERS)):
        with deployment.client(index) as client:
            default = client.get("/v1/scopes/default")
            assert default.status_code == 200, default.text
            listed = client.get("/v1/scopes", params={"limit": 100})
            assert listed.status_code == 200, listed.text
            defaults = [s["scope_id"] for s in listed.json()["items"] if s["title"] == "Default"]
            assert defaults == [default.json()["scope_id"]]
            seen.append(default.json()["scope_id"])
    assert seen == [seen[0]] * len(SERVERS)


def _preparations(client: httpx.Client, scope_id: str) -> int:
    response = client.post(
        "/v1/stats", json={"selection": {"mode": "exact", "scope_ids": [scope_id]}, "period": "today"}
    )
    assert response.status_code == 200, response.text
    return int(response.json()["recall"]["totals"]["preparations"])


def test_oceanbase_stats_count_each_prepare_once_across_servers(deployment: Deployment) -> None:
    with deployment.client(0) as a, deployment.client(1) as b:
        scope_id = _scope(a)
        _memory(a, scope_id, "Statistics are counted in the database.")
        assert _preparations(a, scope_id) == _preparations(b, scope_id) == 0
        for count, server in enumerate((a, b, b), start=1):
            prepared = server.post("/v1/context/prepare", json={"scope_id": scope_id, "query": "statistics counted"})
            assert prepared.status_code == 200, prepared.text
            assert _preparations(a, scope_id) == _preparations(b, scope_id) == count


def test_oceanbase_servers_started_together_migrate_once(deployment: Deployment, seekdb_server: SeekdbServer) -> None:
    import pymysql  # the engine's driver

    database = deployment.environment["PCRECEIPT_STORE_URL"].rsplit("/", 1)[1]
    connection = pymysql.connect(
        host=seekdb_server.host, port=seekdb_server.port, user=seekdb_server.user, password=seekdb_server.password
    )
    try:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT version FROM `{database}`.schema_migrations ORDER BY version")
            versions = [row[0] for row in cursor.fetchall()]
            cursor.execute(f"SELECT COUNT(*) FROM `{database}`.server_identity")
            identities = cursor.fetchone()
    finally:
        connection.close()
    assert versions == sorted(migration.version for migration in MIGRATIONS)  # each recorded once
    assert identities == (1,)


def test_oceanbase_a_binding_set_through_one_server_resolves_through_the_other(deployment: Deployment) -> None:
    with deployment.client(0) as a, deployment.client(1) as b:
        scope_id = _scope(a)
        default = b.get("/v1/scopes/default").json()["scope_id"]
        key = {"integration": "multi-server", "kind": "workspace", "external_id": uuid.uuid4().hex}
        assert a.put("/v1/scope-bindings", json={"key": key, "scope_id": scope_id}).status_code == 200
        resolved = b.post("/v1/scope-bindings/resolve", json={"binding_keys": [key]})
        assert resolved.status_code == 200 and resolved.json()["scope_id"] == scope_id
        cleared = b.post("/v1/scope-bindings/clear", json={"key": key})
        assert cleared.status_code == 200 and cleared.json()["cleared"] is True
        assert a.post("/v1/scope-bindings/resolve", json={"binding_keys": [key]}).json()["scope_id"] == default


def test_oceanbase_concurrent_clears_of_one_binding_through_three_servers_clear_it_once(deployment: Deployment) -> None:
    """Eight clears of one bound key, spread over the three servers and released together, on
    several rounds: exactly one caller is told ``cleared: true`` (PowerContext 1.4.1's answer), the
    seven others ``cleared: false``, and the key resolves to the default afterwards everywhere."""
    with deployment.clients() as servers:
        scope_id = _scope(servers[0])
        default = servers[1].get("/v1/scopes/default").json()["scope_id"]
        for round_number in range(4):
            key = {"integration": "multi-server", "kind": "session", "external_id": uuid.uuid4().hex}
            assert (
                servers[round_number % 3].put("/v1/scope-bindings", json={"key": key, "scope_id": scope_id}).status_code
                == 200
            )
            clears = [partial(servers[n % 3].post, "/v1/scope-bindings/clear", json={"key": key}) for n in range(8)]
            responses = at_once(*clears)
            assert [r.status_code for r in responses] == [200] * 8, [r.text for r in responses]
            assert sorted(r.json()["cleared"] for r in responses) == [False] * 7 + [True], round_number
            for client in servers:
                resolved = client.post("/v1/scope-bindings/resolve", json={"binding_keys": [key]})
                assert resolved.json()["scope_id"] == default


def test_oceanbase_captures_through_both_servers_at_once_get_unique_consecutive_positions(
    deployment: Deployment,
) -> None:
    with deployment.client(0) as a, deployment.client(1) as b:
        scope_id = _scope(a)

        def capture(client: httpx.Client, n: int) -> httpx.Response:
            request = {"scope_id": scope_id, "source_id": f"multi-{n}", "content": f"captured text {n}"}
            return client.post("/v1/sources/content", json=request)

        responses = at_once(*(partial(capture, (a, b)[n % 2], n) for n in range(8)))
        assert all(r.status_code == 202 for r in responses), [r.text for r in responses]
        positions = sorted(int(r.json()["position"]) for r in responses)
        assert positions == list(range(positions[0], positions[0] + 8)), positions
        # a replay through the other server answers the position already taken
        replay = capture(b, 0)
        assert replay.status_code == 202 and replay.json()["position"] == responses[0].json()["position"]


def test_oceanbase_what_each_server_writes_the_next_one_injectsat_once(deployment: Deployment) -> None:
    with deployment.clients() as servers:
        scope_id = _scope(servers[0])
        for n, writer in enumerate(servers):
            reader = servers[(n + 1) % len(servers)]
            marker = uuid.uuid4().hex[:8]
            text = f"Deploy window {marker} opens at {n + 7} o'clock on the reporting cluster."
            memory = _memory(writer, scope_id, text)
            prepared = reader.post(
                "/v1/context/prepare",
                json={"scope_id": scope_id, "query": f"deploy window {marker}", "include_receipt": True},
            )
            assert prepared.status_code == 200, prepared.text
            body = prepared.json()
            assert text in body["content"]
            selected = [item["artifact_address"]["artifact"] for item in body["receipt"]["selected"]]
            assert {"family": "atomic-memory", "artifact_id": memory, "revision": 1} in selected


def _curated(client: httpx.Client, scope_id: str, text: str) -> str:
    """A memory tagged for the bootstrap package; its id."""
    memory = _memory(client, scope_id, text)
    path = f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{memory}/tags"
    tagged = client.put(
        path, json={"tags": ["bootstrap-context"]}, headers={"If-Match": client.get(path).headers["ETag"]}
    )
    assert tagged.status_code == 200, tagged.text
    return memory


def test_oceanbase_bootstrap_receipts_stay_unique_and_ordered_across_servers(deployment: Deployment) -> None:
    """A host retrying one session-start event against several servers gets one receipt: the same
    id, the same items in the same order, the same content; its delivery is claimed once; and a
    different event gets its own receipt."""
    with deployment.clients() as servers:
        scope_id = _scope(servers[0])
        curated = [
            _curated(servers[n % len(servers)], scope_id, f"Curated rule {n}: keep builds green.") for n in range(4)
        ]
        request = bootstrap_request(scope_id, f"session-{uuid.uuid4().hex[:8]}")
        for _ in range(2):  # twice: the first time all race to create it, then all find it
            responses = at_once(*(partial(c.post, "/v1/context/bootstrap", json=request) for c in servers))
            assert all(r.status_code == 200 for r in responses), [r.text for r in responses]
            packages = [r.json() for r in responses]
            assert {p["status"] for p in packages} == {"ready"}
            assert len({p["receipt"]["receipt_id"] for p in packages}) == 1, packages
            assert {p["receipt"]["state"] for p in packages} == {"pending"}
            assert len({p["content"] for p in packages}) == 1
            orders = [[item["artifact"]["artifact_id"] for item in p["items"]] for p in packages]
            assert orders == [orders[0]] * len(servers) and sorted(orders[0]) == sorted(curated)
        receipt_id = packages[0]["receipt"]["receipt_id"]

        delivery = {"scope_id": scope_id, "receipt_id": receipt_id, "outcome": "injected"}
        claims = at_once(*(partial(c.post, "/v1/context/bootstrap/receipts", json=delivery) for c in servers))
        winner, errors = one_winner(claims, 422, "invalid_request")
        assert winner.json() == {"receipt_id": receipt_id, "state": "injected"}
        assert [e["details"]["violations"][0]["rule"] for e in errors] == ["bootstrap_receipt_claimed"] * 2
        # the event once delivered is delivered, whichever server the host asks next
        for client in servers:
            again = client.post("/v1/context/bootstrap", json=request).json()
            assert (again["status"], again["reason"]) == ("skipped", "already_delivered")
            assert again["receipt"] == {"receipt_id": receipt_id, "state": "injected"}

        # distinct events at once: one receipt each, none shared
        events = [{**request, "event_id": f"session-{uuid.uuid4().hex[:8]}"} for _ in range(6)]
        answers = at_once(
            *(partial(servers[n % len(servers)].post, "/v1/context/bootstrap", json=e) for n, e in enumerate(events))
        )
        assert all(r.status_code == 200 and r.json()["status"] == "ready" for r in answers), [r.text for r in answers]
        receipts = {r.json()["receipt"]["receipt_id"] for r in answers}
        assert len(receipts) == len(events) and receipt_id not in receipts
