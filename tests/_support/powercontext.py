"""PowerContext 1.4.1's own response models, fetched at run time (nothing of it is committed).

``powercontext_sdist`` (session): ``pip download powercontext==1.4.1`` (the sdist, no
dependencies) unpacked into a temporary directory; the host tests drive its ``integrations/``.
``powercontext_models`` (session): from that sdist, take its generated pydantic models
(``powercontext/http/_generated/models.py``, which needs pydantic only) and import that file by
path. A response parsed with these models is checked exactly as the official client checks it
(closed models: no unknown key, every required key, strict types).
"""

from __future__ import annotations

import fcntl
import importlib.util
import os
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

PACKAGE = "powercontext==1.4.1"
MODELS = "src/powercontext/http/_generated/models.py"
OPENAPI = "openapi/powercontext.yaml"


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("powercontext_1_4_1_models", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def download_sdist(directory: Path) -> Path:
    """``pip download`` the 1.4.1 sdist (no dependencies) into ``directory``; the archive's path."""
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        PACKAGE,
        "--no-deps",
        "--no-binary",
        ":all:",
        "-d",
        str(directory),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    if result.returncode != 0:
        # Not a skip: the compatibility tests are the point of running them; a missing index is a failure.
        raise RuntimeError(f"cannot download {PACKAGE}: {result.stderr.strip().splitlines()[-1:]}")
    (sdist,) = directory.glob("powercontext-*.tar.gz")
    return sdist


def shared_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist archive, downloaded once per test run: pytest-xdist's workers share the run's
    root temporary directory and take turns under a lock, so only the first one runs pip."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    shared = root / "powercontext-archive"
    shared.mkdir(exist_ok=True)
    with (root / "powercontext-archive.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        found = sorted(shared.glob("powercontext-*.tar.gz"))
        return found[0] if found else download_sdist(shared)


@pytest.fixture(scope="session")
def powercontext_sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The unpacked 1.4.1 sdist's root directory (``integrations/``, ``openapi/``, ``src/`` …), once per
    session (each worker unpacks its own copy, so a test may build inside it)."""
    directory = tmp_path_factory.mktemp("powercontext-sdist")
    with tarfile.open(shared_archive(tmp_path_factory)) as archive:
        archive.extractall(directory, filter="data")
    (root,) = (path for path in directory.iterdir() if path.is_dir())
    return root


@pytest.fixture(scope="session")
def powercontext_models(powercontext_sdist: Path) -> Iterator[ModuleType]:
    yield _load(powercontext_sdist / MODELS)
    sys.modules.pop("powercontext_1_4_1_models", None)


@pytest.fixture(scope="session")
def powercontext_openapi(powercontext_sdist: Path) -> dict[str, Any]:
    """PowerContext 1.4.1's ``openapi/powercontext.yaml``, parsed."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's, when PyYAML has it: seconds faster
    loaded = yaml.load((powercontext_sdist / OPENAPI).read_text(encoding="utf-8"), Loader=loader)
    assert isinstance(loaded, dict)
    return loaded
