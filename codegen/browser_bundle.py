"""The Context Inspector's copy of the contract package: one browser ES module.

``write_browser_bundle`` runs the pinned esbuild (codegen/ts/package-lock.json, through
``codegen/ts/bundle.mjs``) over the compiled TypeScript package (generated/ts/dist/index.js)
and writes a single self-contained ES module, ``src/pcreceipt/_gen/inspector/contract.js``,
that ``pcreceipt serve`` ships at
``/inspector/contract.js``. The output depends only on the input files and the pinned esbuild
version (no timestamps, no absolute paths, no minification), so ``generate.py --check`` can
drift-check it like every other generated file.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

CODEGEN_TS = Path(__file__).resolve().parent / "ts"
BUNDLE_NAME = "contract.js"


def esbuild_version() -> str:
    manifest = CODEGEN_TS / "node_modules" / "esbuild" / "package.json"
    return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])


def write_browser_bundle(node: str, dist: Path, out: Path, header: str) -> str:
    """Bundle ``dist/index.js`` into ``out`` (one ES module, ES2020, browser platform) behind
    ``header``; returns the esbuild version."""
    command = [node, str(CODEGEN_TS / "bundle.mjs"), str(dist)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"codegen/browser_bundle.py: esbuild failed:\n{result.stderr}")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(header + "\n" + result.stdout, encoding="utf-8")
    return esbuild_version()
