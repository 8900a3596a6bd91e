"""``pcreceipt serve`` takes its start-up objects out of the garbage collector's passes
(``gc.freeze``) once its app is built, just before uvicorn runs it; building an app does not."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pcreceipt.cli.main import app as cli_app
from pcreceipt.config import Settings
from pcreceipt.server.app import create_app


def test_serve_freezes_the_start_up_heap_before_uvicorn_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pcreceipt.cli import serve as serve_module

    seen: dict[str, Any] = {}

    def run(server: Any, sockets: Any = None) -> None:
        seen.update(frozen=gc.get_freeze_count(), app=server.config.app, sockets=sockets)
        server.started = True

    gc.unfreeze()
    monkeypatch.setattr(serve_module.uvicorn.Server, "run", run)
    try:
        result = CliRunner().invoke(cli_app, ["serve", "--data-dir", str(tmp_path / "data"), "--port", "18999"])
    finally:
        gc.unfreeze()
    assert result.exit_code == 0, result.output
    assert seen["app"] is not None and seen["frozen"] > 10_000  # the modules, the app and its composition
    (listener,) = seen["sockets"]  # bound by serve before uvicorn runs, and closed after
    assert listener.fileno() == -1


def test_building_an_app_freezes_nothing(tmp_path: Path) -> None:
    gc.unfreeze()
    create_app(Settings(data_dir=tmp_path))
    assert gc.get_freeze_count() == 0
