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
  on the test (``serial`` on a whole module, as ``pytestmark``). Under ``--dist loadfile`` every
  ``serial`` module is one work unit (``pytest_xdist_make_scheduler``): they bind fixed ports, so
  one worker runs them one after another beside the rest; that unit and the ``long`` modules are
  handed out first. A test that reaches
  the session's seekdb server without the mark is an error (``_support.seekdb``), so the quick
  tier cannot start seekdb unnoticed.

- ``PCRECEIPT_PROPERTY_EXAMPLES`` (a fraction, e.g. ``0.2``; unset: 1) scales the examples of every
  hypothesis ``@given`` test, whatever its ``@settings`` say (``_scale_property_examples``): ``nox -s
  quick`` sets it, so the developer's tier draws fewer examples; ``nox -s ci`` leaves it unset and
  every property test draws its full count. A test never draws fewer than ``PROPERTY_EXAMPLES_FLOOR``
  (nor more than it asks for). The schemathesis tiers set their own counts (tests/README.md).

- Every httpx client of a test process verifies TLS with one shared default context
  (``_support.tls``): building httpx's default context reads the whole CA bundle, about 0.1 s of
  CPU per client, and the tests open thousands of clients to loopback servers.

Helpers live in ``_support`` (see its ``__init__``).
"""

from __future__ import annotations

import math
import os
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from _support import tls, xdist_scheduler
from _support.servers import running
from hypothesis import settings as hypothesis_settings

from pcreceipt.client import AsyncClient
from pcreceipt.config import Settings
from pcreceipt.server.app import create_app

tls.share_the_default_context()

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


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` with the serial unit and the ``long`` modules first
    (``_support.xdist_scheduler``); any other ``--dist`` keeps pytest-xdist's own scheduler."""
    return xdist_scheduler.make(config, log)


PROPERTY_EXAMPLES = "PCRECEIPT_PROPERTY_EXAMPLES"
PROPERTY_EXAMPLES_FLOOR = 10


def _scale_property_examples(items: list[pytest.Item]) -> None:
    """Every hypothesis test's ``max_examples`` times ``PCRECEIPT_PROPERTY_EXAMPLES``, at least
    ``PROPERTY_EXAMPLES_FLOOR`` and at most what it asks for; nothing when the variable is unset."""
    fraction = float(os.environ.get(PROPERTY_EXAMPLES, "1"))
    if fraction >= 1:
        return
    scaled: set[int] = set()
    for item in items:
        test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        if not getattr(test, "is_hypothesis_test", False) or id(test) in scaled:
            continue  # a parametrised test's items share one function: scale it once
        scaled.add(id(test))
        # hypothesis reads this attribute when the test is called, so the run uses the scaled count
        own = test._hypothesis_internal_use_settings  # type: ignore[union-attr]
        count = min(own.max_examples, max(PROPERTY_EXAMPLES_FLOOR, math.ceil(own.max_examples * fraction)))
        test._hypothesis_internal_use_settings = hypothesis_settings(own, max_examples=count)  # type: ignore[union-attr]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tier marks that follow from a test's place and fixtures (see the module's docstring), and
    the property tests' examples scaled for the quick tier (``_scale_property_examples``)."""
    _scale_property_examples(items)
    for item in items:
        path = Path(item.path)
        if path.is_relative_to(HOST_TESTS) or path.is_relative_to(LIVE_TESTS):
            item.add_marker(pytest.mark.hosts)
        if path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)
        fixtures = getattr(item, "fixturenames", ())
        if "seekdb_server" in fixtures or _parametrised_with(item, "oceanbase"):
            item.add_marker(pytest.mark.oceanbase)
        for whole in ("serial", "long"):  # the scheduler reads them from the module's pytestmark only
            if item.get_closest_marker(whole) and whole not in xdist_scheduler.module_marks(path):
                raise pytest.UsageError(f"{item.nodeid}: mark the whole module {whole} (pytestmark), not one test")


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
