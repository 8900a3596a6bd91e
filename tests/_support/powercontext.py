"""PowerContext 1.4.1's own response models, fetched at run time (nothing of it is committed).

The archive: ``pip download powercontext==1.4.1`` (the sdist, no dependencies), checked against
its published sha256 and kept in the user's cache directory (``platformdirs``, under
``pcreceipt/tests``), so a run on a machine that fetched it once does not fetch it again; a
cached file with another digest is fetched anew.

``powercontext_sdist`` (session): the sdist unpacked into a temporary directory; the host tests
drive its ``integrations/``. ``powercontext_models`` (session): its generated pydantic models
(``powercontext/http/_generated/models.py``, which needs pydantic only), taken out of the
archive alone and imported by path. A response parsed with these models is checked exactly as
the official client checks it (closed models: no unknown key, every required key, strict
types). ``powercontext_openapi`` (session): its ``openapi/powercontext.yaml``, read out of the
archive.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import platformdirs
import pytest
import yaml

PACKAGE = "powercontext==1.4.1"
MODELS = "src/powercontext/http/_generated/models.py"
OPENAPI = "openapi/powercontext.yaml"
SHA256 = "df7d462020bfc782d3fd60e704dc4176ec642c3d2d267b214eba414b671a18b9"
"""The published digest of ``powercontext-1.4.1.tar.gz`` (PyPI's)."""
CACHE = Path(platformdirs.user_cache_dir("pcreceipt")) / "tests" / "powercontext-1.4.1.tar.gz"


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


_verified: Path | None = None
"""The cached archive once this process has checked its digest (each fixture asks for it)."""


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def shared_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist archive: the cached copy when its digest is right, else downloaded once per test
    run (pytest-xdist's workers share the run's root temporary directory and take turns under a
    lock, so only the first one runs pip), checked, and cached."""
    global _verified
    if _verified is None and CACHE.is_file() and _digest(CACHE) == SHA256:
        _verified = CACHE
    if _verified is not None:
        return _verified
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    shared = root / "powercontext-archive"
    shared.mkdir(exist_ok=True)
    with (root / "powercontext-archive.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        found = sorted(shared.glob("powercontext-*.tar.gz"))
        archive = found[0] if found else download_sdist(shared)
        if _digest(archive) != SHA256:
            raise RuntimeError(f"{archive.name} does not have the published sha256 {SHA256}")
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        partial = CACHE.with_name(f"{CACHE.name}.{os.getpid()}.partial")
        shutil.copyfile(archive, partial)
        partial.replace(CACHE)
        return archive


def _member(archive: tarfile.TarFile, name: str) -> bytes:
    """The bytes of ``name`` (a path inside the sdist's top directory)."""
    (member,) = (m for m in archive.getmembers() if m.name.split("/", 1)[-1] == name)
    extracted = archive.extractfile(member)
    assert extracted is not None
    return extracted.read()


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
def powercontext_models(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    models = tmp_path_factory.mktemp("powercontext-models") / "models.py"
    with tarfile.open(shared_archive(tmp_path_factory)) as archive:
        models.write_bytes(_member(archive, MODELS))
    yield _load(models)
    sys.modules.pop("powercontext_1_4_1_models", None)


@pytest.fixture(scope="session")
def powercontext_openapi(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """PowerContext 1.4.1's ``openapi/powercontext.yaml``, parsed."""
    with tarfile.open(shared_archive(tmp_path_factory)) as archive:
        text = _member(archive, OPENAPI).decode("utf-8")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's, when PyYAML has it: seconds faster
    loaded = yaml.load(text, Loader=loader)
    assert isinstance(loaded, dict)
    return loaded
