"""Token-mode servers for the server tests: a server over a store the test can reach, tokens issued
straight into that store, ``pcreceipt serve`` as a real process, and the envelope assertions of
``_support.servers``."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from _support.servers import CANARY, REQUEST_ID_HEADER, assert_error, assert_request_id, running
from pcreceipt.config import Settings
from pcreceipt.server.app import create_app
from pcreceipt.server.http.credentials import new_token
from pcreceipt.store.protocol import Store
from pcreceipt.store.records import GrantAccess, Scope, TokenGrant
from pcreceipt.store.sqlite import SQLiteStore

__all__ = [
    "CANARY",
    "REQUEST_ID_HEADER",
    "ServerProcess",
    "TokenServer",
    "assert_error",
    "assert_request_id",
    "auth",
    "clean_environment",
    "issue",
    "make_scope",
    "running",
    "serve_subprocess",
    "token_server",
]


def issue(store: Store, grants: Sequence[tuple[str, GrantAccess]], name: str | None = None) -> str:
    """A new token with ``grants`` stored in ``store``; returns the token itself."""
    issued = new_token()
    store.create_token(
        token_id=issued.token_id,
        token_sha256=issued.token_sha256,
        name=name,
        grants=[TokenGrant(scope_id, access) for scope_id, access in grants],
    )
    return issued.token


def auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def make_scope(store: Store, title: str = "s", refs: Sequence[str] = (), parent: str | None = None) -> Scope:
    scope, _ = store.create_scope(
        title=title,
        summary=f"{title} summary",
        idempotency_key=uuid.uuid4().hex,
        parent_scope_id=parent,
        context_references=list(refs),
        external_references=[],
    )
    return scope


@dataclass
class TokenServer:
    """A running server that requires tokens, and the store behind it (the test's to write to)."""

    url: str
    store: SQLiteStore

    def issue(self, grants: Sequence[tuple[str, GrantAccess]], name: str | None = None) -> str:
        return issue(self.store, grants, name)

    def client(self, token: str | None = None, **options: Any) -> httpx.Client:
        return httpx.Client(base_url=self.url, headers=auth(token), **options)


@contextmanager
def token_server(directory: Path, **settings: Any) -> Iterator[TokenServer]:
    """A loopback server with ``require_tokens`` over a SQLite store in ``directory``."""
    store = SQLiteStore(directory / "store.db")
    try:
        app = create_app(Settings(data_dir=directory, require_tokens=True, **settings), store=store)
        with running(app) as url:
            yield TokenServer(url, store)
    finally:
        store.close()


def clean_environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PCRECEIPT_")}
    env["HOME"] = str(home)
    return env


@dataclass
class ServerProcess:
    process: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@contextmanager
def serve_subprocess(
    data_dir: Path, port: int, *extra: str, env: dict[str, str] | None = None
) -> Iterator[ServerProcess]:
    """``pcreceipt serve`` as a real process on ``port``, ready when the block starts; killed after.

    Its output goes to a file (a pipe nobody reads would block a chatty server).
    """
    command = [sys.executable, "-m", "pcreceipt", "serve", "--port", str(port), "--data-dir", str(data_dir), *extra]
    log = data_dir.parent / f"serve-{port}-{uuid.uuid4().hex[:8]}.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command, env=env or clean_environment(data_dir.parent / "home"), stdout=sink, stderr=subprocess.STDOUT
        )
    try:
        # a wait for readiness, not a timing check: a server over OceanBase starting on a loaded
        # machine (CI's load reaches 20 and more) once took longer than 30 s
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health/ready", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert process.poll() is None, "the server exited"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield ServerProcess(process, log)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
