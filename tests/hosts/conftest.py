"""The official hosts' own code against ``pcreceipt serve`` (``nox -s hosts``; ``pytest --hosts tests/hosts``).

- ``powercontext_sdist`` (root conftest plugin): PowerContext 1.4.1's sdist, downloaded and unpacked
  once per session; nothing of it is in this repository.
- ``pcreceipt_server``: one ``pcreceipt serve`` per engine for the session (SQLite, and OceanBase on
  the session's seekdb server), on its defaults (``_support.hosts``). Every host test runs once per
  engine. Hosts work in Scopes of their own (resolved through their own bindings or the default
  Scope), so sharing one server per engine is what real hosts do too.
- ``fresh_pcreceipt_server``: a server of the test's own, for tests that need a first start (the
  default Scope, empty statistics).
- ``generating_server``: one ``pcreceipt serve`` per engine with a model (``inference``, the session's
  ``FakeInference``) and an external Skill registry directory (``_support.generative_hosts``), for
  the hosts' generative, review and external Skill tools.
- ``host_sessions``: every host's session on that engine's server, run once when a test first
  reads it (``_support.host_table.Sessions``); ``ts_bundle`` and ``hermes_package`` build the
  TypeScript hosts' bundles and import Hermes' plugin package once per test run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from _support import pyhost_sessions
from _support.engines import ENGINES
from _support.fakes import FakeInference
from _support.generative_hosts import generating_served
from _support.host_table import Sessions
from _support.hosts import Served, served
from _support.node_hosts import TsHost, bundle


@pytest.fixture(scope="session", params=ENGINES)
def pcreceipt_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    if request.param == "oceanbase":
        request.getfixturevalue("seekdb_server")
    with served(request.param, tmp_path_factory.mktemp(f"served-{request.param}")) as server:
        yield server


@pytest.fixture(scope="session")
def inference() -> Iterator[FakeInference]:
    with FakeInference() as fake:
        yield fake


@pytest.fixture(scope="session", params=ENGINES)
def generating_server(
    request: pytest.FixtureRequest, inference: FakeInference, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    if request.param == "oceanbase":
        request.getfixturevalue("seekdb_server")
    with generating_served(request.param, tmp_path_factory.mktemp(f"generating-{request.param}"), inference) as server:
        yield server


@pytest.fixture
def fresh_pcreceipt_server(pcreceipt_server: Served, tmp_path: Path) -> Callable[[], AbstractContextManager[Served]]:
    """``with fresh_pcreceipt_server() as server``: a first start on the same engine as ``pcreceipt_server``."""
    return lambda: served(pcreceipt_server.engine, tmp_path)


@pytest.fixture(scope="session")
def ts_bundle(powercontext_sdist: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[[TsHost], Path]:
    """``ts_bundle(host)``: the TypeScript host's own modules bundled, once per test run."""
    built: dict[str, Path] = {}

    def get(host: TsHost) -> Path:
        if host.name not in built:
            built[host.name] = bundle(powercontext_sdist, host, tmp_path_factory.mktemp(f"{host.name}-bundle"))
        return built[host.name]

    return get


@pytest.fixture(scope="session")
def hermes_package(powercontext_sdist: Path) -> Iterator[ModuleType]:
    """Hermes' plugin directory imported as a package, the way Hermes' plugin loader imports it."""
    with pyhost_sessions.hermes_package(powercontext_sdist) as module:
        yield module


@pytest.fixture(scope="session")
def offline_runs() -> dict[str, Any]:
    """Each host's run without a server, made once for the session whatever the engine."""
    return {}


@pytest.fixture(scope="session")
def host_sessions(
    offline_runs: dict[str, Any],
    pcreceipt_server: Served,
    powercontext_sdist: Path,
    tmp_path_factory: pytest.TempPathFactory,
    ts_bundle: Callable[[TsHost], Path],
    hermes_package: ModuleType,
) -> Iterator[Sessions]:
    sessions = Sessions(pcreceipt_server, powercontext_sdist, tmp_path_factory, ts_bundle, hermes_package, offline_runs)
    try:
        yield sessions
    finally:
        sessions.close()
