"""PowerContext 1.4.1's own response models, fetched at run time (nothing of it is committed).

``powercontext_models`` (session): ``pip download powercontext==1.4.1`` (the sdist, no
dependencies) into a temporary directory, take its generated pydantic models
(``powercontext/http/_generated/models.py``, which needs pydantic only) and import that file by
path. A response parsed with these models is checked exactly as the official client checks it
(closed models: no unknown key, every required key, strict types).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

PACKAGE = "powercontext==1.4.1"
MODELS = "src/powercontext/http/_generated/models.py"


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("powercontext_1_4_1_models", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def powercontext_models(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
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
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/" + MODELS))
        archive.extract(member, directory, filter="data")
    yield _load(directory / member.name)
    sys.modules.pop("powercontext_1_4_1_models", None)
