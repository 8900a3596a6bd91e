"""``pcreceipt verify`` on responses saved from a real server: genuine ones pass, tampered ones fail."""

from __future__ import annotations

import copy
import hashlib
import json
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner, Result

from pcreceipt.cli.main import app

SECRET_BODY = "We chose SQLite for the embedded default store; CANARY-verify-7f3a never printed."
CODE = (
    "import sqlite3\n\n"
    "def open_store(path):\n"
    "    # SQLite is the embedded default store\n"
    "    return sqlite3.connect(path)\n"
)


def _seed(url: str, *, long_memory: bool = False) -> tuple[str, dict[str, Any]]:
    """A fresh Scope with memories and a code workspace; returns its id and a prepare request."""
    with httpx.Client(base_url=url) as http:
        scope = http.post(
            "/v1/scopes", json={"title": "Verify", "summary": "verify tests", "idempotency_key": uuid.uuid4().hex}
        )
        scope_id = scope.json()["scope_id"]
        texts = [SECRET_BODY, "SQLite runs in WAL mode.", "The build uses Bazel."]
        if long_memory:
            texts.append("SQLite notes: " + " ".join(f"point {n} about SQLite durability." for n in range(120)))
        for text in texts:
            created = http.post(
                f"/v1/scopes/{scope_id}/artifacts",
                json={"family": "atomic-memory", "content": {"kind": "decision", "text": text}},
            )
            assert created.status_code == 201, created.text
        indexed = http.put(
            f"/v1/scopes/{scope_id}/code",
            json={"files": [{"path": "src/store.py", "content": CODE}], "skipped": 0},
        )
        assert indexed.status_code == 200, indexed.text
    request = {"scope_id": scope_id, "query": "SQLite", "include_code": True, "include_receipt": True}
    return scope_id, request


def _prepare(url: str, request: dict[str, Any]) -> dict[str, Any]:
    with httpx.Client(base_url=url) as http:
        response = http.post("/v1/context/prepare", json=request)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = json.loads(response.content)
    assert "receipt" in body, "the server dropped the Receipt"
    return body


@pytest.fixture
def genuine(server_url: str) -> dict[str, Any]:
    _, request = _seed(server_url)
    body = _prepare(server_url, {**request, "max_bytes": 8000})
    kinds = [item["kind"] for item in body["receipt"]["selected"]]
    assert "code" in kinds and "atomic-memory" in kinds and kinds.count("atomic-memory") >= 2, kinds
    return body


def _save(tmp_path: Path, body: Any, name: str = "response.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    return str(path)


def _verify(*args: str, code: int) -> Result:
    result = CliRunner(env={"PCRECEIPT_URL": None, "PCRECEIPT_TOKEN": None}).invoke(app, ["verify", *args])
    assert result.exit_code == code, (result.stdout, result.stderr)
    return result


def _content_free(result: Result, body: dict[str, Any]) -> None:
    text = result.stdout + result.stderr
    assert "CANARY-verify-7f3a" not in text and "sqlite3.connect" not in text
    for item in body["receipt"]["selected"]:
        identity = item.get("artifact_address", {}).get("artifact", {}).get("artifact_id")
        assert identity is None or identity not in text


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_a_genuine_response_passes(tmp_path: Path, genuine: dict[str, Any], server_url: str) -> None:
    path = _save(tmp_path, genuine)
    assert "OK" in _verify(path, code=0).stdout
    assert "OK" in _verify(path, "--max-bytes", "8000", code=0).stdout
    online = _verify(path, "--max-bytes", "8000", "--server", server_url, code=0)
    assert "against the server" in online.stdout


@pytest.mark.parametrize(
    "shape",
    [
        {"include_code": False, "max_bytes": 1024},  # a budget-truncated item
        {"max_bytes": 8000},  # an item cut to the entry cap, then history and code
        {"assembly": {"format": "markdown", "sections": [{"family": "memory", "limit": 3}], "show": ["recall_rank"]}},
    ],
    ids=["budget_truncated", "entry_cap", "markdown_show"],
)
def test_genuine_responses_of_every_layout_pass(tmp_path: Path, server_url: str, shape: dict[str, Any]) -> None:
    _, request = _seed(server_url, long_memory=True)
    body = _prepare(server_url, {**request, **shape})
    assert body["receipt"]["truncated"] is True
    if "assembly" in shape:
        assert "\n\n## Memory\n\n" in body["content"] and "\n    Recall rank: 1\n" in body["content"]
    _verify(_save(tmp_path, body), "--server", server_url, code=0)


def test_tampered_content_fails(tmp_path: Path, genuine: dict[str, Any], server_url: str) -> None:
    tampered = copy.deepcopy(genuine)
    tampered["content"] = tampered["content"].replace("embedded default", "embedded DEFAULT", 1)
    assert tampered["content"] != genuine["content"]
    result = _verify(_save(tmp_path, tampered), code=1)
    assert "receipt_content_digest" in result.stdout and "FAILED" in result.stdout
    _content_free(result, genuine)


def test_tampered_content_with_recomputed_digest_fails_against_the_server(
    tmp_path: Path, genuine: dict[str, Any], server_url: str
) -> None:
    forged = copy.deepcopy(genuine)
    forged["content"] = forged["content"].replace("embedded default", "embedded DEFAULT", 1)
    forged["receipt"]["content_digest"] = "sha256:" + _sha256(forged["content"])
    path = _save(tmp_path, forged)
    _verify(path, code=0)  # self-consistent offline: only the store can tell
    result = _verify(path, "--server", server_url, code=1)
    assert ": body — " in result.stdout
    _content_free(result, genuine)


def test_a_reordered_selection_fails(tmp_path: Path, genuine: dict[str, Any]) -> None:
    reordered = copy.deepcopy(genuine)
    selected = reordered["receipt"]["selected"]
    selected[0], selected[1] = selected[1], selected[0]
    result = _verify(_save(tmp_path, reordered), code=1)
    assert "/receipt/selected/0: selected_cited" in result.stdout
    assert "/receipt/selected/1: selected_cited" in result.stdout
    assert "the items content cites" in result.stdout
    _content_free(result, genuine)


def test_a_wrong_digest_fails(tmp_path: Path, genuine: dict[str, Any]) -> None:
    wrong = copy.deepcopy(genuine)
    wrong["receipt"]["content_digest"] = "sha256:" + _sha256("something else")
    result = _verify(_save(tmp_path, wrong), code=1)
    assert "/receipt/content_digest: receipt_content_digest" in result.stdout


def test_a_wrong_snippet_hash_fails_offline_and_against_the_server(
    tmp_path: Path, genuine: dict[str, Any], server_url: str
) -> None:
    wrong = copy.deepcopy(genuine)
    code_index = next(i for i, item in enumerate(wrong["receipt"]["selected"]) if item["kind"] == "code")
    wrong["receipt"]["selected"][code_index]["code_evidence"]["snippet_sha256"] = _sha256("other lines")
    path = _save(tmp_path, wrong)
    offline = _verify(path, code=1)  # the content's code citation states the real hash
    assert f"/receipt/selected/{code_index}: selected_cited" in offline.stdout
    result = _verify(path, "--server", server_url, code=1)
    assert f"/receipt/selected/{code_index}/code_evidence/snippet_sha256: snippet_sha256" in result.stdout


def test_code_lines_that_do_not_hash_to_their_citation_fail_offline(tmp_path: Path, genuine: dict[str, Any]) -> None:
    forged = copy.deepcopy(genuine)
    code_index = next(i for i, item in enumerate(forged["receipt"]["selected"]) if item["kind"] == "code")
    head, lines = forged["content"].split("BEGIN_POWERCONTEXT_CODE_V1", 1)
    forged["content"] = head + "BEGIN_POWERCONTEXT_CODE_V1" + lines.replace("def ", "async def ", 1)
    forged["content_bytes"] = len(forged["content"].encode())
    forged["receipt"]["used_bytes"] = forged["content_bytes"]
    forged["receipt"]["content_digest"] = "sha256:" + _sha256(forged["content"])
    forged["receipt"]["selected"][code_index]["rendered_bytes"] += len("async ")
    result = _verify(_save(tmp_path, forged), code=1)
    assert result.stdout.splitlines()[:-1] == [
        f"/receipt/selected/{code_index}/code_evidence/snippet_sha256: snippet_sha256 — "
        "the code item's lines in content hash differently"
    ]


def test_wrong_byte_counts_fail(tmp_path: Path, genuine: dict[str, Any]) -> None:
    wrong = copy.deepcopy(genuine)
    wrong["receipt"]["selected"][0]["rendered_bytes"] += 1
    result = _verify(_save(tmp_path, wrong), code=1)
    assert "/receipt/selected/0/rendered_bytes: selected_rendered_bytes" in result.stdout
    over = _verify(_save(tmp_path, genuine, "over.json"), "--max-bytes", "4096", code=1)
    assert "receipt_requested_max_bytes" in over.stdout


def test_identities_missing_from_the_server_fail(
    tmp_path: Path, genuine: dict[str, Any], serve: Callable[..., AbstractContextManager[str]]
) -> None:
    with serve() as empty_server:
        result = _verify(_save(tmp_path, genuine), "--server", empty_server, code=1)
    lines = [line for line in result.stdout.splitlines() if "exact_read" in line]
    assert len(lines) == len(genuine["receipt"]["selected"])
    assert all("no longer exists" in line for line in lines)
    # read several at a time, reported in the selected items' order
    assert [line.split(":")[0] for line in lines] == [
        f"/receipt/selected/{index}/{'artifact_address' if 'artifact_address' in item else 'code_evidence'}"
        for index, item in enumerate(genuine["receipt"]["selected"])
    ]
    _content_free(result, genuine)


def test_an_unreachable_server_fails(tmp_path: Path, genuine: dict[str, Any]) -> None:
    result = _verify(_save(tmp_path, genuine), "--server", "http://127.0.0.1:9", code=1)
    assert "cannot reach the server" in result.stdout


def test_a_response_without_a_receipt_or_not_json_fails(tmp_path: Path, genuine: dict[str, Any]) -> None:
    plain = {key: genuine[key] for key in ("schema", "status", "content", "content_bytes")}
    assert "receipt_missing" in _verify(_save(tmp_path, plain), code=1).stdout
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    (line,) = _verify(str(broken), code=2).stderr.splitlines()  # unreadable input: one error line, exit 2
    assert line.startswith(f"error: cannot read {broken}: it is not JSON (line 1, column 2"), line
