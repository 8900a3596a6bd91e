"""PowerContext 1.4.1's own response models, fetched at run time (nothing of it is committed).

``powercontext_models`` (session): ``pip download powercontext==1.4.1`` (the sdist, no
dependencies) into a temporary directory, take its generated pydantic models
(``powercontext/http/_generated/models.py``, which needs pydantic only) and import that file by
path. A response parsed with these models is checked exactly as the official client checks it
(closed models: no unknown key, every required key, strict types).

``powercontext_openapi`` (session): the same sdist's ``openapi/powercontext.yaml``, parsed.
"""

from __future__ import annotations

import importlib.util
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


@pytest.fixture(scope="session")
def powercontext_sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The downloaded sdist archive (skips when PyPI cannot be reached)."""
    directory = tmp_path_factory.mktemp("powercontext-sdist")
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
        pytest.skip(f"cannot download {PACKAGE}: {result.stderr.strip().splitlines()[-1:]}")
    (sdist,) = directory.glob("powercontext-*.tar.gz")
    return sdist


def _extract(sdist: Path, name: str) -> Path:
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/" + name))
        archive.extract(member, sdist.parent, filter="data")
    return sdist.parent / member.name


@pytest.fixture(scope="session")
def powercontext_models(powercontext_sdist: Path) -> Iterator[ModuleType]:
    yield _load(_extract(powercontext_sdist, MODELS))
    sys.modules.pop("powercontext_1_4_1_models", None)


@pytest.fixture(scope="session")
def powercontext_openapi(powercontext_sdist: Path) -> dict[str, Any]:
    loaded = yaml.safe_load(_extract(powercontext_sdist, OPENAPI).read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded
