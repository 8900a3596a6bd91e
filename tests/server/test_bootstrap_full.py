"""The full bootstrap (W6) over real HTTP on every engine: eligibility by the ``bootstrap-context``
tag, PowerContext's package structure and digests (HOSTS.md §3.5 example C), event idempotency,
the 30-day purge, and the next prepare leaving out what the package delivered untruncated (an
honest ``duplicate`` omission in the Receipt, which ``pcreceipt verify`` accepts)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from _support.handoffs import commit_handoff
from _support.servers import assert_error, running
from _support.tiers import bootstrap_request
from _support.tokens import auth, issue, make_scope, token_server
from typer.testing import CliRunner

from pcreceipt.cli.main import app as cli_app
from pcreceipt.config import ExpansionSettings, Settings
from pcreceipt.contract.digests import canonical_digest
from pcreceipt.server.app import create_app
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import BootstrapItem, BootstrapReceipt
from pcreceipt.store.tags import normalize_tags

BOOTSTRAP = "/v1/context/bootstrap"
RECEIPTS = "/v1/context/bootstrap/receipts"
CONSTRAINT = "Billing API deployment must not run during the 02:00-04:00 UTC batch window."
EXAMPLE_C_DIGEST = "sha256:8f05d368722c196770386e1f99cd88f1b6b8d98e2bcd6a628e3ce5ead54cb309"  # HOSTS.md §3.5


def _serve(store: Store, tmp_path: Path, rounds: int) -> Iterator[tuple[httpx.Client, Store, str]]:
    settings = Settings(data_dir=tmp_path, expansion=ExpansionSettings(max_rounds=rounds))
    with running(create_app(settings, store=store)) as url, httpx.Client(base_url=url) as c:
        yield c, store, url


@pytest.fixture
def served(engine_store: Store, tmp_path: Path) -> Iterator[tuple[httpx.Client, Store, str]]:
    yield from _serve(engine_store, tmp_path, ExpansionSettings().max_rounds)


@pytest.fixture
def one_round(engine_store: Store, tmp_path: Path) -> Iterator[tuple[httpx.Client, Store, str]]:
    yield from _serve(engine_store, tmp_path, 0)


def new_scope(http: httpx.Client, key: str, refs: list[str] | None = None) -> str:
    body = {"title": key, "summary": key, "idempotency_key": key, "context_references": refs or []}
    response = http.post("/v1/scopes", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["scope_id"])


def remember(http: httpx.Client, scope_id: str, text: str, kind: str = "fact", tags: list[str] | None = None) -> str:
    response = http.post("/v1/memory/remember", json={"scope_id": scope_id, "kind": kind, "text": text})
    assert response.status_code == 200, response.text
    artifact_id = str(response.json()["records"][0]["artifact"]["artifact_id"])
    if tags is not None:
        path = f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}/tags"
        put = http.put(path, json={"tags": tags}, headers={"If-Match": http.get(path).headers["ETag"]})
        assert put.status_code == 200, put.text
    return artifact_id


def request(scope_id: str, **fields: Any) -> dict[str, Any]:
    return bootstrap_request(scope_id, **fields)


def package(http: httpx.Client, body: dict[str, Any]) -> dict[str, Any]:
    response = http.post(BOOTSTRAP, json=body)
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_example_c_structure_and_digests(
    served: tuple[httpx.Client, Store, str], powercontext_models: ModuleType
) -> None:
    http, _, _ = served
    scope_id = new_scope(http, "example-c")
    artifact_id = remember(http, scope_id, CONSTRAINT, kind="constraint", tags=["bootstrap-context"])
    remember(http, scope_id, "An untagged decision is not part of the package.", kind="decision")
    response = http.post(BOOTSTRAP, json=request(scope_id, event_id="evt-ready-1"))
    powercontext_models.BootstrapContext.model_validate_json(response.content)
    body = response.json()
    assert (body["status"], body["reason"], body["truncated"]) == ("ready", None, False)
    content = body["content"]
    assert body["content_bytes"] == len(content.encode()) <= 4096
    assert body["package_digest"] == "sha256:" + hashlib.sha256(content.encode()).hexdigest()
    assert body["items"] == [
        {
            "kind": "atomic-memory",
            "scope_id": scope_id,
            "artifact": {"family": "atomic-memory", "artifact_id": artifact_id, "revision": 1},
            "content_digest": EXAMPLE_C_DIGEST,
            "truncated": False,
        }
    ]
    parts = content.split("\n\n")
    assert parts[0] == "# PowerContext bootstrap context"
    assert (
        parts[2] == "BEGIN_POWERCONTEXT_BOOTSTRAP_CONTEXT_V1" and parts[-1] == "END_POWERCONTEXT_BOOTSTRAP_CONTEXT_V1"
    )
    assert parts[3:6] == [
        "## Curated Atomic Memory 1",
        f'    Scope: "{scope_id}"\n'
        f'    Artifact: family="atomic-memory", id="{artifact_id}", revision=1\n'
        f'    Content digest: "{EXAMPLE_C_DIGEST}"\n'
        "    Truncated: no",
        f'>     Kind: "constraint"\n>     Text:\n>     {CONSTRAINT}',
    ]
    assert body["receipt"]["state"] == "pending" and body["receipt"]["receipt_id"].startswith("bcr_")


def test_a_named_committed_handoff_is_the_first_item(
    served: tuple[httpx.Client, Store, str], powercontext_models: ModuleType
) -> None:
    http, store, _ = served
    scope_id = new_scope(http, "with-handoff")
    memory = remember(http, scope_id, CONSTRAINT, kind="constraint", tags=["bootstrap-context"])
    first = commit_handoff(http, scope_id, "continuable", "Ship the release.")
    latest = commit_handoff(http, scope_id, "blocked", "Ship the release, once the build is green.")
    assert latest == first + 1
    ref = {"family": "handoff", "artifact_id": "handoff", "revision": first}
    response = http.post(BOOTSTRAP, json=request(scope_id, handoff=ref, event_id="evt-handoff"))
    powercontext_models.BootstrapContext.model_validate_json(response.content, strict=True)
    body = response.json()
    committed = store.handoff_revision(scope_id, first)
    assert committed is not None
    digest = canonical_digest(dict(committed.content))
    assert [(item["kind"], item["artifact"], item["content_digest"]) for item in body["items"]] == [
        ("handoff", ref, digest),
        ("atomic-memory", {"family": "atomic-memory", "artifact_id": memory, "revision": 1}, EXAMPLE_C_DIGEST),
    ]
    parts = body["content"].split("\n\n")
    assert parts[3:5] == [
        "## Committed Handoff 1",
        f'    Scope: "{scope_id}"\n'
        f'    Artifact: family="handoff", id="handoff", revision={first}\n'
        f'    Content digest: "{digest}"\n'
        "    Truncated: no",
    ]
    shown = json.dumps(dict(committed.content), ensure_ascii=False, indent=2, sort_keys=True)
    assert parts[5] == "\n".join(">     " + line for line in shown.split("\n"))
    assert '"Ship the release."' in parts[5] and "once the build" not in parts[5]  # the named revision, not the latest
    assert parts[6] == "## Curated Atomic Memory 2"
    again = package(http, request(scope_id, handoff=ref, event_id="evt-handoff"))  # the pending package, rebuilt
    assert (again["content"], again["items"], again["receipt"]) == (body["content"], body["items"], body["receipt"])
    for missing in ({**ref, "revision": latest + 1}, {**ref, "artifact_id": "other"}, {**ref, "family": "skill"}):
        refused = http.post(BOOTSTRAP, json=request(scope_id, handoff=missing))
        assert_error(refused, 404, "artifact_not_found")


def test_eligibility_rules(served: tuple[httpx.Client, Store, str]) -> None:
    http, _, _ = served
    referenced = new_scope(http, "referenced")
    scope_id = new_scope(http, "eligibility", [referenced])
    remember(http, referenced, "Referenced constraint one.", tags=["bootstrap-context"])
    kept = [remember(http, scope_id, f"Curated note {n}.", tags=["Bootstrap-Context"]) for n in range(3)]
    remember(http, scope_id, "A secret kind never goes out.", kind="API_Key", tags=["bootstrap-context"])
    remember(http, scope_id, "Tagged otherwise.", tags=["other"])
    forgotten = remember(http, scope_id, "Forgotten curated note.", tags=["bootstrap-context"])
    target = {"artifact": {"family": "atomic-memory", "artifact_id": forgotten, "revision": 1}, "state_version": 0}
    assert (
        http.post(
            "/v1/atomic-memory/lifecycle", json={"scope_id": scope_id, "target": target, "state": "forgotten"}
        ).status_code
        == 200
    )
    body = package(http, request(scope_id))
    ids = [(item["scope_id"], item["artifact"]["artifact_id"]) for item in body["items"]]
    assert ids[:3] == [(scope_id, a) for a in sorted(kept)]  # the Scope first, in artifact_id order
    assert ids[3][0] == referenced and len(ids) == 4
    for extra in range(4):
        remember(http, scope_id, f"More curated note {extra}.", tags=["bootstrap-context"])
    assert len(package(http, request(scope_id))["items"]) == 6  # PowerContext takes six memories at most
    empty = new_scope(http, "nothing-tagged")
    remember(http, empty, "Untagged.")
    nothing = package(http, request(empty))
    assert (nothing["status"], nothing["reason"], nothing["content"], nothing["items"]) == (
        "empty",
        "no_eligible_context",
        None,
        [],
    )
    assert nothing["receipt"]["state"] == "skipped"


def test_long_bodies_are_cut_and_the_budget_holds(served: tuple[httpx.Client, Store, str]) -> None:
    http, _, _ = served
    scope_id = new_scope(http, "long")
    remember(http, scope_id, "rollback rehearsal " * 200, tags=["bootstrap-context"])
    remember(http, scope_id, "second note " * 60, tags=["bootstrap-context"])
    tiny = package(http, request(scope_id, max_bytes=512))  # the frame leaves no 64-byte body room
    assert (tiny["status"], tiny["reason"], tiny["truncated"]) == ("empty", "no_eligible_context", True)
    for max_bytes in (1000, 4096, 8192):
        body = package(http, request(scope_id, max_bytes=max_bytes))
        assert body["status"] == "ready" and body["content_bytes"] <= max_bytes
        assert body["truncated"] is True
        parts = body["content"].split("\n\n")
        for n, item in enumerate(body["items"]):
            text = "\n".join(line.removeprefix(">     ") for line in parts[5 + 3 * n].split("\n"))
            assert len(text.encode()) <= 2000
            assert text.endswith("…") == item["truncated"]
        assert any(item["truncated"] for item in body["items"])


def test_event_idempotency_and_delivery(served: tuple[httpx.Client, Store, str]) -> None:
    http, _, _ = served
    scope_id = new_scope(http, "events")
    artifact_id = remember(http, scope_id, CONSTRAINT, kind="constraint", tags=["bootstrap-context"])
    first = package(http, request(scope_id, event_id="evt-1"))
    assert package(http, request(scope_id, event_id="evt-1")) == first  # pending: the same package again
    assert_error(http.post(BOOTSTRAP, json=request(scope_id, event_id="evt-1", max_bytes=2048)), 422, "invalid_request")
    receipt_id = first["receipt"]["receipt_id"]
    claimed = http.post(RECEIPTS, json={"scope_id": scope_id, "receipt_id": receipt_id, "outcome": "injected"})
    assert claimed.json() == {"receipt_id": receipt_id, "state": "injected"}
    again = package(http, request(scope_id, event_id="evt-1"))
    assert (again["status"], again["reason"], again["receipt"]) == ("skipped", "already_delivered", claimed.json())
    # A pending receipt names exact revisions: a later replace does not change its package.
    second = package(http, request(scope_id, event_id="evt-2"))
    assert second["status"] == "ready"
    replaced = http.put(
        f"/v1/scopes/{scope_id}/artifacts/atomic-memory/{artifact_id}",
        json={"content": {"kind": "constraint", "text": "Changed."}},
        headers={"If-Match": '"revision:1"'},
    )
    assert replaced.status_code == 200
    assert package(http, request(scope_id, event_id="evt-2")) == second
    # Without an event the ready receipt is stored too, so its delivery can be recorded.
    plain = package(http, request(scope_id))
    recorded = http.post(
        RECEIPTS, json={"scope_id": scope_id, "receipt_id": plain["receipt"]["receipt_id"], "outcome": "injected"}
    )
    assert recorded.status_code == 200 and recorded.json()["state"] == "injected"


def test_receipts_older_than_30_days_are_purged(served: tuple[httpx.Client, Store, str]) -> None:
    http, store, _ = served
    scope_id = new_scope(http, "purge")
    old = BootstrapReceipt(
        "bcr_" + "1" * 32,
        scope_id,
        "a" * 64,
        "sha256:" + "0" * 64,
        "injected",
        "2020-01-01T00:00:00.000Z",
        (BootstrapItem(scope_id, "atomic-memory", "art_old", 1, "sha256:" + "0" * 64, False),),
    )
    store.create_bootstrap_receipt(old)
    assert store.bootstrap_receipt_for_event("a" * 64) is not None
    assert store.bootstrap_exclusions(scope_id, old.receipt_id, since="2026-01-01T00:00:00.000Z") == []
    package(http, request(scope_id))
    assert store.bootstrap_receipt_for_event("a" * 64) is None
    unknown = http.post(RECEIPTS, json={"scope_id": scope_id, "receipt_id": old.receipt_id, "outcome": "failed"})
    assert_error(unknown, 422, "invalid_request")


def _prepare(http: httpx.Client, scope_id: str, **fields: Any) -> dict[str, Any]:
    body = {"scope_id": scope_id, "query": "billing deployment window", "include_receipt": True, **fields}
    response = http.post("/v1/context/prepare", json=body)
    assert response.status_code == 200, response.text
    return dict(response.json())


def _selected(response: dict[str, Any]) -> list[str]:
    return [entry["artifact_address"]["artifact"]["artifact_id"] for entry in response["receipt"]["selected"]]


def _omitted(response: dict[str, Any]) -> dict[tuple[str, str], int]:
    return {(g["family"], g["reason"]): g["count"] for g in response["receipt"]["omitted"]}


def test_the_next_prepare_leaves_out_what_was_injected_and_says_so(
    served: tuple[httpx.Client, Store, str], tmp_path: Path
) -> None:
    _leaves_out(served, tmp_path)


def test_with_one_round_the_exclusion_is_one_duplicate(
    one_round: tuple[httpx.Client, Store, str], tmp_path: Path
) -> None:
    _leaves_out(one_round, tmp_path)


def _leaves_out(served: tuple[httpx.Client, Store, str], tmp_path: Path) -> None:
    http, _, url = served
    other = new_scope(http, "other-scope")
    scope_id = new_scope(http, "exclusion")
    constraint = remember(http, scope_id, CONSTRAINT, kind="constraint", tags=["bootstrap-context"])
    plain = remember(http, scope_id, "Billing deployment window: blue-green switching.")
    long_one = remember(http, scope_id, "Billing deployment window rehearsal. " * 80, tags=["bootstrap-context"])
    delivered = package(http, request(scope_id, event_id="evt-x"))
    assert [i["truncated"] for i in delivered["items"]] == [
        i["artifact"]["artifact_id"] == long_one for i in delivered["items"]
    ]
    receipt_id = delivered["receipt"]["receipt_id"]
    before = _prepare(http, scope_id)
    assert set(_selected(before)) == {constraint, plain, long_one}
    pending = _prepare(http, scope_id, bootstrap_receipt_id=receipt_id)
    assert pending == before or _selected(pending) == _selected(before)  # not injected yet: nothing left out
    http.post(RECEIPTS, json={"scope_id": scope_id, "receipt_id": receipt_id, "outcome": "injected"})
    after = _prepare(http, scope_id, bootstrap_receipt_id=receipt_id)
    assert set(_selected(after)) == {plain, long_one}  # the truncated delivery stays in
    if len(after["receipt"]["retrieval"]["rounds"]) == 1:
        assert _omitted(after)[("atomic-memory", "duplicate")] == 1
    assert constraint not in after["content"]
    # One exclusion event per retained round that retrieved the constraint, on top of the build's
    # own de-duplication across rounds; with a single round (below) it is exactly one.
    assert _omitted(after)[("atomic-memory", "duplicate")] > _omitted(before).get(("atomic-memory", "duplicate"), 0)
    for ignored in ("bcr_" + "f" * 32, "not-a-receipt"):
        assert _selected(_prepare(http, scope_id, bootstrap_receipt_id=ignored)) == _selected(before)
    assert _prepare(http, other, bootstrap_receipt_id=receipt_id)["receipt"]["selected"] == []
    saved = tmp_path / "response.json"
    saved.write_text(json.dumps(after), encoding="utf-8")
    offline = CliRunner().invoke(cli_app, ["verify", str(saved)])
    assert offline.exit_code == 0, offline.stdout
    online = CliRunner().invoke(cli_app, ["verify", str(saved), "--server", url])
    assert online.exit_code == 0, online.stdout


def test_a_referenced_scope_the_token_may_not_read_is_skipped(tmp_path: Path) -> None:
    with token_server(tmp_path) as server:
        store = server.store
        hidden = make_scope(store, "hidden")
        own = make_scope(store, "own", refs=[hidden.scope_id])
        for scope in (own, hidden):
            artifact_id = store.create_artifact(
                scope.scope_id, "atomic-memory", {"kind": "fact", "text": f"Curated note of {scope.title}."}
            ).ref.artifact_id
            store.replace_artifact_tags(
                scope.scope_id,
                "atomic-memory",
                artifact_id,
                normalize_tags(["bootstrap-context"]),
                precondition=lambda _: True,
            )
        reader = issue(store, [(own.scope_id, "read")])
        both = issue(store, [(own.scope_id, "read"), (hidden.scope_id, "read")])
        with httpx.Client(base_url=server.url) as http:
            for token, scopes in ((reader, {own.scope_id}), (both, {own.scope_id, hidden.scope_id})):
                response = http.post(BOOTSTRAP, json=request(own.scope_id), headers=auth(token))
                assert response.status_code == 200, response.text
                assert {item["scope_id"] for item in response.json()["items"]} == scopes
