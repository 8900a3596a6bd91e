"""Hostile input: oversized and endless bodies, broken encodings and JSON, deep nesting, huge
numbers, path traversal in code paths, and symlinks out of an indexed tree. Every refusal is a
clear 4xx in the error envelope; nothing is a 500 and nothing leaks."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from _support.servers import raw_exchange, status_and_envelope
from _support.tokens import CANARY, assert_error, make_scope, running
from typer.testing import CliRunner

from pcreceipt.cli.main import app
from pcreceipt.cli.workspace import collect_workspace
from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.store.sqlite import SQLiteStore

LIMIT = 64 * 1024


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A local-mode server with the smallest body limit, and a Scope on it."""
    directory = tmp_path_factory.mktemp("hostile")
    store = SQLiteStore(directory / "store.db")
    scope = make_scope(store, "hostile").scope_id
    try:
        with running(create_app(Settings(data_dir=directory, max_body_bytes=LIMIT), store=store)) as url:
            yield url, scope
    finally:
        store.close()


def test_a_declared_body_over_the_limit_is_refused_before_it_is_sent(server: tuple[str, str]) -> None:
    url, scope = server
    head = (
        f"POST /v1/scopes/{scope}/artifacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {10**12}\r\n\r\n"
    ).encode()
    started = time.monotonic()
    status, body = status_and_envelope(raw_exchange(url, head))
    assert status == 413 and body["error"]["code"] == "request_too_large"
    assert time.monotonic() - started < 3


def test_an_endless_chunked_body_is_refused_once_it_passes_the_limit(server: tuple[str, str]) -> None:
    """No Content-Length and a body that never ends: the answer can only come from counting."""
    url, scope = server
    head = (
        f"POST /v1/scopes/{scope}/code HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"
    ).encode()
    piece = b'{"files": [' + b" " * 8000

    def chunks() -> Iterator[bytes]:
        for _ in range(LIMIT // len(piece) + 4):  # past the limit, and never the terminating chunk
            yield f"{len(piece):x}\r\n".encode() + piece + b"\r\n"

    status, body = status_and_envelope(raw_exchange(url, head.replace(b"POST", b"PUT", 1), chunks()))
    assert status == 413 and body["error"]["code"] == "request_too_large"


def test_a_body_over_the_limit_with_its_length_is_413(server: tuple[str, str]) -> None:
    url, scope = server
    with httpx.Client(base_url=url) as http:
        body = {"family": "atomic-memory", "content": {"kind": "k", "text": CANARY * (LIMIT // len(CANARY))}}
        error = assert_error(http.post(f"/v1/scopes/{scope}/artifacts", json=body), 413, "request_too_large")
        assert str(LIMIT) in error["message"]


@pytest.mark.parametrize(
    ("raw", "rule"),
    [
        (b'{"scope_id": "s", "query": "caf\xe9"}', "utf8"),
        (b'{"scope_id": "s", "query": "\xed\xa0\x80"}', "utf8"),  # an encoded surrogate is not UTF-8
        (b'{"scope_id": "s", "query": "\xc0\xaf"}', "utf8"),  # overlong "/"
        (b'\xef\xbb\xbf{"scope_id": "s", "query": "q"}', "utf8"),
        (b'{"scope_id": "s", "query": "q"', "json_syntax"),
        (b'{"scope_id": "s", "query": "q"} {}', "json_syntax"),
        (b"", "json_syntax"),
        (b'{"scope_id": "s", "query": "q", "max_bytes": NaN}', "json_syntax"),
        (b'{"scope_id": "s", "query": "q", "max_bytes": Infinity}', "json_syntax"),
        (b'{"scope_id": "s", "query": "q", "query": "again"}', "duplicate_key"),
        (b'{"scope_id": "s", "query": "\\ud800"}', "lone_surrogate"),
        (b'{"scope_id": "s", "query": "q", "\\udfff": 1}', "lone_surrogate"),
        (b'{"scope_id": "s", "query": "q", "max_bytes": 1e400}', "type"),
        (b'{"scope_id": "s", "query": "q", "max_bytes": -1e400}', "type"),
        (b'{"scope_id": "s", "query": "q", "max_bytes": 1' + b"0" * 400 + b"}", "maximum"),
        (b'{"scope_id": "s", "query": "q", "max_bytes": 1' + b"0" * 5000 + b"}", "json_syntax"),
        (b'{"scope_id": "s", "query": "q", "max_bytes": 8000.5}', "type"),
    ],
    ids=[
        "latin1",
        "surrogate_bytes",
        "overlong",
        "bom",
        "truncated",
        "trailing",
        "empty",
        "nan",
        "infinity",
        "duplicate",
        "lone_surrogate",
        "surrogate_key",
        "float_overflow",
        "negative_overflow",
        "400_digits",
        "5000_digits",
        "fraction",
    ],
)
def test_broken_bodies_are_refused_with_a_rule(server: tuple[str, str], raw: bytes, rule: str) -> None:
    """422, except bytes that are not UTF-8 text: 400, as PowerContext 1.4.1 answers a body it cannot decode."""
    url, _ = server
    with httpx.Client(base_url=url) as http:
        response = http.post("/v1/context/prepare", content=raw, headers={"content-type": "application/json"})
    error = assert_error(response, 400 if rule == "utf8" else 422, "invalid_request")
    assert rule in {v["rule"] for v in error["details"]["violations"]}


@pytest.mark.parametrize("depth", [33, 1000, 200_000])
def test_deep_nesting_is_refused(server: tuple[str, str], depth: int) -> None:
    url, scope = server
    nested = b"[" * depth + b"]" * depth
    raw = b'{"family": "atomic-memory", "content": {"kind": "k", "text": "t", "x": ' + nested + b"}}"
    with httpx.Client(base_url=url) as http:
        response = http.post(f"/v1/scopes/{scope}/artifacts", content=raw, headers={"content-type": "application/json"})
    error = assert_error(
        response, 413 if len(raw) > LIMIT else 422, "request_too_large" if len(raw) > LIMIT else "invalid_request"
    )
    if response.status_code == 422:
        assert {v["rule"] for v in error["details"]["violations"]} <= {"max_depth", "json_syntax"}


def test_huge_integers_that_the_schema_leaves_unbounded_are_refused_not_500(server: tuple[str, str]) -> None:
    """``skipped`` has no maximum in the contract; beyond the engine's 64-bit range it is invalid input."""
    url, scope = server
    with httpx.Client(base_url=url) as http:
        for skipped in (2**63, 10**400):
            raw = b'{"files": [], "skipped": ' + str(skipped).encode() + b"}"
            response = http.put(f"/v1/scopes/{scope}/code", content=raw, headers={"content-type": "application/json"})
            assert_error(response, 422, "invalid_request")
        assert http.put(f"/v1/scopes/{scope}/code", json={"files": [], "skipped": 2**63 - 1}).status_code == 200


TRAVERSALS = [
    "../etc/passwd",
    "a/../../b",
    "/etc/passwd",
    "a\\..\\b",
    "C:\\x",
    "a\x00b",
    "./a",
    "a//b",
    "a/.",
    "",
    "a/",
]


@pytest.mark.parametrize("path", TRAVERSALS)
def test_code_paths_that_escape_or_are_not_plain_are_refused_on_index_and_read(
    server: tuple[str, str], path: str
) -> None:
    url, scope = server
    with httpx.Client(base_url=url) as http:
        indexed = http.put(f"/v1/scopes/{scope}/code", json={"files": [{"path": path, "content": "x\n"}]})
        error = assert_error(indexed, 422, "invalid_request")
        assert {v["path"] for v in error["details"]["violations"]} == {"/files/0/path"}
        params = {"path": path, "start_line": "1", "end_line": "1"}
        read = http.get(f"/v1/scopes/{scope}/code/{'a' * 64}/files/{'b' * 64}", params=params)
        error = assert_error(read, 400, "invalid_request")  # a query parameter under /v1/scopes/
        assert {v["path"] for v in error["details"]["violations"]} == {"/query/path"}


@pytest.mark.parametrize("segment", ["..%2F..%2Fetc%2Fpasswd", "%2e%2e", "..", "%00", "a%5Cb", "%2Fetc%2Fpasswd"])
def test_encoded_traversal_in_path_segments_is_never_a_500(server: tuple[str, str], segment: str) -> None:
    url, _ = server
    with httpx.Client(base_url=url) as http:
        for template in ("/v1/scopes/{}", "/v1/scopes/{}/code", "/v1/scopes/x/artifacts/atomic-memory/{}"):
            response = http.get(url + template.format(segment))
            # ".." may be resolved by the client first (RFC 3986): a known route with another method is a 405
            assert response.status_code in (404, 405, 422), (template, segment, response.status_code)
            codes = {404: ("scope_not_found", "not_found"), 405: ("invalid_request",), 422: ("invalid_request",)}
            body = response.json()  # always the error envelope, whatever took (or did not take) the request
            assert body["error"]["code"] in codes[response.status_code], (template, segment, body)
            assert_error(response, response.status_code, body["error"]["code"])


def _tree_with_escaping_links(root: Path) -> Path:
    outside = root / "outside"
    outside.mkdir(parents=True)
    (outside / "secret.py").write_text(f"SECRET = '{CANARY}'\n")
    tree = root / "tree"
    (tree / "src").mkdir(parents=True)
    (tree / "src" / "inside.py").write_text("def inside():\n    return 1\n")
    (tree / "file_out.py").symlink_to(outside / "secret.py")
    (tree / "relative_out.py").symlink_to(Path("..") / "outside" / "secret.py")
    (tree / "dir_out").symlink_to(outside, target_is_directory=True)
    (tree / "src" / "alias.py").symlink_to(Path("inside.py"))
    return tree


@pytest.mark.parametrize("git", [False, True], ids=["plain_tree", "git_worktree"])
def test_code_index_skips_symlinks_pointing_outside_the_tree(
    server: tuple[str, str], tmp_path: Path, git: bool
) -> None:
    url, scope = server
    tree = _tree_with_escaping_links(tmp_path)
    if git:
        if shutil.which("git") is None:
            pytest.skip("git is not installed")
        for command in (["init", "-q"], ["add", "-A"]):
            subprocess.run(["git", "-C", str(tree), *command], check=True, capture_output=True)
    collected = collect_workspace(tree)
    assert [path for path, _ in collected.files] == ["src/alias.py", "src/inside.py"]
    assert collected.skipped == 3
    assert all(CANARY.encode() not in data for _, data in collected.files)

    result = CliRunner().invoke(app, ["code", "index", "--scope", scope, str(tree), "--url", url, "--json"])
    assert result.exit_code == 0, result.stderr
    workspace = json.loads(result.stdout)
    assert (workspace["files"], workspace["skipped"]) == (2, 3)
    with httpx.Client(base_url=url) as http:
        for query in (CANARY, "SECRET"):
            explore = {"operation": {"kind": "explore", "query": query}}
            assert http.post(f"/v1/scopes/{scope}/code/query", json=explore).json()["items"] == []
