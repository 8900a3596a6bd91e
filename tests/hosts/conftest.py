"""The official hosts' own code against ``pcreceipt serve`` (``nox -s hosts``; ``pytest --hosts tests/hosts``).

- ``powercontext_sdist`` (root conftest plugin): PowerContext 1.4.1's sdist, downloaded and unpacked
  once per session; nothing of it is in this repository.
- ``pcreceipt_server``: one ``pcreceipt serve`` per engine for the session (SQLite, and OceanBase on
  the session's seekdb server), on its defaults (``_support.hosts``). Every host test runs once per
  engine. Hosts work in Scopes of their own (resolved through their own bindings or the default
  Scope), so sharing one server per engine is what real hosts do too.
- ``fresh_pcreceipt_server``: a server of the test's own, for tests that need a first start (the
  default Scope, empty statistics).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from _support.engines import ENGINES
from _support.hosts import Served, served


@pytest.fixture(scope="session", params=ENGINES)
def pcreceipt_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    if request.param == "oceanbase":
        request.getfixturevalue("seekdb_server")
    with served(request.param, tmp_path_factory.mktemp(f"served-{request.param}")) as server:
        yield server


@pytest.fixture
def fresh_pcreceipt_server(pcreceipt_server: Served, tmp_path: Path) -> Callable[[], AbstractContextManager[Served]]:
    """``with fresh_pcreceipt_server() as server``: a first start on the same engine as ``pcreceipt_server``."""
    return lambda: served(pcreceipt_server.engine, tmp_path)
