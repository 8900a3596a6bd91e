"""The app factory of ``pcreceipt serve --workers N``: what each uvicorn worker process builds.

uvicorn's own multi-process mode (``uvicorn.run(import_string, factory=True, workers=N)``) binds
the socket in the parent, spawns N worker processes and restarts or stops them; each worker
imports ``worker_app`` by name and calls it. So the parent does the one-time work first
(``cli.serve``: settings, migrations, the default Scope, the banner) and hands its command-line
options to the workers in one environment variable (``WORKER_OPTIONS``, JSON); every other
setting (``PCRECEIPT_*``, the config file) the workers read as the parent did, from the
environment they inherit. A worker opens the store the parent already migrated (its migration
step finds nothing to apply), and does not create the default Scope again.
Each worker logs with its process id, so a log shows which worker answered a request.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from pcreceipt.config import Settings, load_settings

WORKER_OPTIONS = "_PCRECEIPT_SERVE_WORKER_OPTIONS"
WORKER_LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"


def worker_options(settings: Settings, config: Path | None) -> str:
    """The parent's command-line choices, as the workers read them back (``worker_settings``)."""
    overrides = {
        "data_dir": str(settings.data_dir),
        "host": settings.host,
        "port": settings.port,
        "require_tokens": settings.require_tokens,
    }
    return json.dumps({"config": None if config is None else str(config), "overrides": overrides})


def worker_settings(options: str) -> Settings:
    """The settings a worker serves with: the parent's options over the inherited environment."""
    given: dict[str, Any] = json.loads(options)
    config = given["config"]
    return load_settings(config_file=None if config is None else Path(config), overrides=given["overrides"])


def worker_app() -> Starlette:
    """The app of one worker process (uvicorn calls this in each worker)."""
    from pcreceipt.server.app import create_app

    options = os.environ.get(WORKER_OPTIONS)
    if options is None:
        raise RuntimeError(f"{WORKER_OPTIONS} is not set: worker_app runs under `pcreceipt serve --workers N`")
    logging.basicConfig(level=logging.INFO, format=WORKER_LOG_FORMAT)
    return create_app(worker_settings(options), ensure_default_scope=False)
