"""PowerContext 1.4.1's release smoke test (``scripts/ci_release_smoke.py`` in its sdist), against pcreceipt.

Run by ``nox -s compat`` (which installs ``powercontext[client]==1.4.1`` next to pcreceipt):

    python tests/compat/release_smoke.py

The same steps as the original, written anew: start ``pcreceipt serve`` as a user would (a fresh,
empty HOME, no pcreceipt environment, no flag but ``--port``), wait until ``GET /health/ready``
answers 200 with status ready or degraded, then with PowerContext's official client: readiness
(model-checked), ``create_scope`` (201), ``remember_memory`` (its first record's text is the text
sent), ``search_memory`` in FTS mode (the hit texts are exactly that one text); then with the
official ``mcp`` client over streamable HTTP at ``/mcp/``: ``tools/list`` contains
``remember_memory`` and ``search_memory``. The server's output is printed when a step fails.
This file imports only the official clients, httpx and the standard library (not pcreceipt).
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from powercontext.client import PowerContextClient
from powercontext.http import CreateScopeRequest, MemorySearchMode, RememberMemoryRequest, SearchMemoryRequest

MEMORY = "pcreceipt release verification stores and retrieves this exact memory."


def _free_port() -> int:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        return int(listener.getsockname()[1])


def _wait_until_ready(url: str, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    last = "no answer"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"pcreceipt serve exited with status {process.returncode}")
        try:
            response = httpx.get(f"{url}/health/ready", timeout=2)
            if response.status_code == 200 and response.json().get("status") in {"ready", "degraded"}:
                return
            last = f"HTTP {response.status_code}: {response.text}"
        except (httpx.HTTPError, ValueError) as error:
            last = str(error)
        time.sleep(0.25)
    raise RuntimeError(f"pcreceipt serve was not ready within {timeout:g} s: {last}")


async def _exercise(url: str) -> list[str]:
    async with PowerContextClient(url) as client:
        readiness = await client.get_readiness()
        if readiness.status.value not in {"ready", "degraded"}:
            raise RuntimeError(f"readiness status {readiness.status.value}")
        scope = await client.create_scope(
            CreateScopeRequest(
                title="Release verification",
                summary="A throwaway Scope for the release smoke test.",
                idempotency_key="release-verification",
            )
        )
        remembered = await client.remember_memory(
            RememberMemoryRequest(scope_id=scope.scope_id, kind="fact", text=MEMORY)
        )
        if not remembered.records or remembered.records[0].text != MEMORY:
            raise RuntimeError(f"remember_memory did not answer the stored memory: {remembered!r}")
        found = await client.search_memory(
            SearchMemoryRequest(
                scope_id=scope.scope_id, query="release verification retrieves", mode=MemorySearchMode.FTS
            )
        )
        texts = [hit.memory.text for hit in found.hits]
        if texts != [MEMORY]:
            raise RuntimeError(f"search_memory answered {texts!r}, not exactly the memory")
    async with (
        httpx.AsyncClient(timeout=30) as http,
        streamable_http_client(f"{url}/mcp/", http_client=http) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        tools = sorted(tool.name for tool in (await session.list_tools()).tools)
    missing = {"remember_memory", "search_memory"} - set(tools)
    if missing:
        raise RuntimeError(f"MCP tools/list lacks {sorted(missing)}")
    return tools


def main() -> int:
    executable = Path(sys.executable).with_name("pcreceipt")
    with tempfile.TemporaryDirectory(prefix="pcreceipt-release-") as temporary:
        root = Path(temporary)
        home = root / "home"
        home.mkdir()
        environment = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("PCRECEIPT_", "XDG_", "POWERCONTEXT_"))
        }
        environment["HOME"] = str(home)
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        log_path = root / "server.log"
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                [str(executable), "serve", "--port", str(port)],
                cwd=root,
                env=environment,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            _wait_until_ready(url, process)
            tools = asyncio.run(_exercise(url))
        except BaseException:
            print("pcreceipt serve output:\n" + log_path.read_text(encoding="utf-8", errors="replace"))
            raise
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait(timeout=10)
        if not any(home.rglob("pcreceipt.db")):
            raise RuntimeError("the server did not keep its store under the fresh HOME")
    print(f"release smoke passed: readiness, create_scope, remember_memory, search_memory (fts), MCP tools {tools}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
