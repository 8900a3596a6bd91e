"""Fixtures every test folder can use (pytest's root conftest).

- The storage engines (``_support.engines``: ``engine_name``, ``open_store``, ``engine_store``) and
  the session's one seekdb server (``_support.seekdb``: ``seekdb_server``), registered as plugins
  so each is defined once: a test anywhere taking ``engine_store`` runs once per engine, on one
  seekdb server per session.
- A real uvicorn server on 127.0.0.1 (free port, background thread) over a real SQLite file.
  ``server_url`` is one server for the whole session (tests make their own Scopes, so they never
  see each other's data). ``serve`` starts extra servers for tests that inject a store, a runtime,
  handlers or settings of their own. ``client``, ``http`` and ``scope_id`` talk to ``server_url``
  (``tests/store`` has a store-level ``scope_id`` of its own).

- ``--hosts`` collects ``tests/hosts`` (the official hosts' own code, ``nox -s hosts``); without it
  that folder is left out, so ``nox -s ci`` does not run it twice.
- The tiers' marks (``pyproject.toml`` lists them; tests/README.md says how the sessions use them)
  are set here where they follow from what a test uses: ``oceanbase`` for every test that takes
  ``seekdb_server`` or is parametrised with ``"oceanbase"`` (an engine, a tier), ``browser`` under
  ``tests/inspector``, ``hosts`` under ``tests/hosts`` and ``tests/compat/live``. ``venv``,
  ``serial`` and an ``oceanbase`` that no fixture shows (a test starting seekdb itself) are written
  on the test. A test that reaches the session's seekdb server without the mark is an error
  (``_support.seekdb``), so the quick tier cannot start seekdb unnoticed.

Helpers live in ``_support`` (see its ``__init__``).
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support.servers import running

from pcreceipt.client import AsyncClient
from pcreceipt.config import Settings
from pcreceipt.server.app import create_app

pytest_plugins = ["_support.engines", "_support.seekdb", "_support.powercontext"]

HOST_TESTS = Path(__file__).parent / "hosts"
LIVE_TESTS = Path(__file__).parent / "compat" / "live"
BROWSER_TESTS = Path(__file__).parent / "inspector"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--hosts",
        action="store_true",
        help="collect tests/hosts: the official hosts' own code against pcreceipt serve (nox -s hosts)",
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """tests/hosts runs in its own session (``nox -s hosts``), not inside ``nox -s ci``'s pytest."""
    if not config.getoption("--hosts") and collection_path.is_relative_to(HOST_TESTS):
        return True
    return None


def _parametrised_with(item: pytest.Item, value: str) -> bool:
    callspec = getattr(item, "callspec", None)
    return callspec is not None and any(isinstance(v, str) and v == value for v in callspec.params.values())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tier marks that follow from a test's place and fixtures (see the module's docstring)."""
    for item in items:
        path = Path(item.path)
        if path.is_relative_to(HOST_TESTS) or path.is_relative_to(LIVE_TESTS):
            item.add_marker(pytest.mark.hosts)
        if path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)
        fixtures = getattr(item, "fixturenames", ())
        if "seekdb_server" in fixtures or _parametrised_with(item, "oceanbase"):
            item.add_marker(pytest.mark.oceanbase)


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    settings = Settings(data_dir=tmp_path_factory.mktemp("data"))
    with running(create_app(settings)) as url:
        yield url


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., AbstractContextManager[str]]]:
    """``with serve(store=..., runtime=..., handlers=..., clock=..., **settings) as url``: a server of the
    test's own."""

    @contextmanager
    def start(**options: Any) -> Iterator[str]:
        wiring = {k: options.pop(k) for k in ("store", "runtime", "handlers", "clock") if k in options}
        settings = Settings(data_dir=tmp_path / "data", **options)
        with running(create_app(settings, **wiring)) as url:
            yield url

    yield start


@pytest.fixture
async def client(server_url: str) -> AsyncIterator[AsyncClient]:
    async with AsyncClient(server_url) as c:
        yield c


@pytest.fixture
async def http(server_url: str) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server_url) as c:
        yield c


@pytest.fixture
async def scope_id(client: AsyncClient) -> str:
    """A fresh Scope for one test."""
    scope = await client.create_scope({"title": "e2e", "summary": "A test Scope", "idempotency_key": uuid.uuid4().hex})
    return scope.scope_id
