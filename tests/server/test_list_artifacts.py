"""list_artifacts over HTTP and the `memory list` / `topic list` commands a user sees what is stored with."""

from __future__ import annotations

import json
from types import ModuleType

import httpx
import pytest
from _support.servers import assert_error
from typer.testing import CliRunner

from pcreceipt.cli.main import app
from pcreceipt.client import AsyncClient
from pcreceipt.contract import gate

pytestmark = pytest.mark.anyio
TOPIC = {"title": "Storage [bold]engine[/bold]", "summary": "Why SQLite", "detail": "It is embedded."}


async def _memories(client: AsyncClient, scope_id: str, texts: list[str]) -> list[str]:
    ids = []
    for text in texts:
        created = await client.create_artifact(
            scope_id, {"family": "atomic-memory", "content": {"kind": "fact", "text": text}}
        )
        ids.append(created.value.artifact_id)
    return ids


async def test_pages_follow_the_cursor_in_artifact_id_order(
    client: AsyncClient, http: httpx.AsyncClient, scope_id: str
) -> None:
    ids = await _memories(client, scope_id, [f"memory {n}" for n in range(5)])
    seen, cursor, pages = [], None, 0
    while True:
        params = {"limit": "2", **({"cursor": cursor} if cursor else {})}
        response = await http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory", params=params)
        assert response.status_code == 200, response.text
        body = response.json()
        assert gate.check_schema("ArtifactPage", body) == []
        assert all("content" not in item and item["title"] is None for item in body["items"])
        seen += [item["artifact_id"] for item in body["items"]]
        pages += 1
        cursor = body["next_cursor"]
        if cursor is None:
            break
    assert seen == sorted(ids) and pages == 3


async def test_a_topic_lists_its_title_and_summary(client: AsyncClient, scope_id: str) -> None:
    await client.create_artifact(scope_id, {"family": "topic-memory", "content": TOPIC})
    page = await client.list_artifacts(scope_id, "topic-memory")
    assert [(item.title, item.summary) for item in page.items] == [(TOPIC["title"], TOPIC["summary"])]
    assert page.next_cursor is None


async def test_a_cursor_continues_only_its_own_listing(
    client: AsyncClient, http: httpx.AsyncClient, scope_id: str
) -> None:
    await _memories(client, scope_id, ["one", "two"])
    first = (await http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory", params={"limit": "1"})).json()
    cursor = first["next_cursor"]
    assert cursor
    other = await client.create_scope({"title": "other", "summary": "another Scope", "idempotency_key": cursor[:32]})
    for path in (
        f"/v1/scopes/{other.scope_id}/artifacts/atomic-memory",
        f"/v1/scopes/{scope_id}/artifacts/topic-memory",
    ):
        error = assert_error(await http.get(path, params={"cursor": cursor}), 400, "invalid_cursor")
        assert error["details"] == {"field": "cursor", "reason": "cursor_mismatch"}
    garbage = await http.get(f"/v1/scopes/{scope_id}/artifacts/atomic-memory", params={"cursor": "x"})
    assert assert_error(garbage, 400, "invalid_cursor")["details"] == {"field": "cursor", "reason": "cursor_malformed"}


async def test_items_carry_powercontexts_keys(
    client: AsyncClient, http: httpx.AsyncClient, scope_id: str, powercontext_models: ModuleType
) -> None:
    """Every listing item sends 1.4.1's optional keys (published_at, created_by, restored_from_revision,
    reason), as 1.4.1 serialises them, and parses with its closed models: listings and revision pages."""
    (memory,) = await _memories(client, scope_id, ["listed"])
    topic = await client.create_artifact(scope_id, {"family": "topic-memory", "content": TOPIC})
    base = f"/v1/scopes/{scope_id}/artifacts"
    for path, model in (
        (f"{base}/atomic-memory", "ArtifactPage"),
        (f"{base}/topic-memory", "ArtifactPage"),
        (f"{base}/atomic-memory/{memory}/revisions", "ArtifactRevisionPage"),
    ):
        response = await http.get(path)
        assert response.status_code == 200, response.text
        getattr(powercontext_models, model).model_validate_json(response.content)
        (item,) = response.json()["items"]
        assert {k: item[k] for k in ("created_by", "restored_from_revision", "reason")} == dict.fromkeys(
            ("created_by", "restored_from_revision", "reason")
        )
        topic_item = item["family"] == "topic-memory"
        assert item["published_at"] == (item["created_at"] if topic_item else None)
    listed = await client.list_artifacts(scope_id, "topic-memory")
    assert [item.artifact_id for item in listed.items] == [topic.value.artifact_id]


async def test_an_unknown_scope_or_family(http: httpx.AsyncClient, scope_id: str) -> None:
    assert_error(await http.get("/v1/scopes/scp_nope/artifacts/atomic-memory"), 404, "scope_not_found")
    assert_error(await http.get(f"/v1/scopes/{scope_id}/artifacts/skill"), 422, "invalid_request")


def test_memory_list_and_topic_list_show_what_is_stored_as_it_is(server_url: str) -> None:
    cli = CliRunner(env={"PCRECEIPT_URL": server_url, "PCRECEIPT_TOKEN": None})

    def out(*args: str) -> str:
        result = cli.invoke(app, list(args))
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return result.stdout

    scope = out("scope", "create", "--title", "List", "--summary", "A list test").strip()
    assert out("memory", "list", "--scope", scope).strip() == "no memories"
    assert out("topic", "list", "--scope", scope).strip() == "no topic memories"
    kept = out(
        "memory", "add", "--scope", scope, "--kind", "fact", "use [bold]x[/bold] for list[int]\n\nnext line"
    ).strip()
    gone = out("memory", "add", "--scope", scope, "--kind", "fact", "to be forgotten").strip()
    out("memory", "forget", "--scope", scope, gone)
    out("topic", "add", "--scope", scope, "--title", TOPIC["title"], "--summary", "s", "--detail", "d")
    listed = out("memory", "list", "--scope", scope).splitlines()
    assert sorted(listed) == sorted(
        [
            f"{kept}  r1  active     use [bold]x[/bold] for list[int] next line",
            f"{gone}  r1  forgotten  to be forgotten",
        ]
    )
    assert len(out("memory", "list", "--scope", scope, "--limit", "1").splitlines()) == 1
    as_json = json.loads(out("memory", "list", "--scope", scope, "--json"))
    assert {item["artifact"]["artifact_id"] for item in as_json["items"]} == {kept, gone}
    assert {item["state"] for item in as_json["items"]} == {"active", "forgotten"}
    (topic_line,) = out("topic", "list", "--scope", scope).splitlines()
    assert topic_line.endswith(f"  r1  {TOPIC['title']}")
