"""generated/ts/ is one npm package a host can install: pack it, install the tarball into a scratch
TypeScript project, import it by name, compile with `tsc --strict` (NodeNext) and run it.

Everything runs offline: the package has no dependency, and TypeScript comes from the pinned
tools in codegen/ts/node_modules (`npm ci --prefix codegen/ts`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tarfile
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.long  # few tests that take long: handed out first (_support/xdist_scheduler.py)

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "generated" / "ts"
TSC = ROOT / "codegen" / "ts" / "node_modules" / "typescript" / "bin" / "tsc"
NAME = "@pcreceipt/contract"

CONSUMER = """\
import {
  BY_ID,
  SEMANTIC_RULES,
  validatePreparedContext,
  validatePreparedContextWithReceipt,
  validatePrepareContextRequest,
  type PreparedContext,
  type ValidationResult,
} from "@pcreceipt/contract";

const valid: PreparedContext = {
  schema: "powercontext.prepared-context.v1",
  status: "ready",
  content: "hello",
  content_bytes: 5,
};
const invalid: unknown = { ...valid, content_bytes: 4 };
const verdicts: Record<string, ValidationResult> = {
  valid: validatePreparedContext(valid, 8000),
  invalid: validatePreparedContext(invalid, 8000),
  with_receipt: validatePreparedContextWithReceipt(valid, 8000),
  request: validatePrepareContextRequest({ scope_id: "s", query: "q" }),
};
const out = {
  verdicts,
  prepare: `${BY_ID.prepare_context.method} ${BY_ID.prepare_context.path}`,
  rules: Object.keys(SEMANTIC_RULES).length,
};
console.log(JSON.stringify(out));
"""

TSCONFIG = {
    "compilerOptions": {
        "target": "ES2022",
        "lib": ["ES2022", "DOM"],
        "module": "NodeNext",
        "moduleResolution": "NodeNext",
        "types": [],
        "strict": True,
        "exactOptionalPropertyTypes": True,
        "noUncheckedIndexedAccess": True,
        "verbatimModuleSyntax": True,
        "skipLibCheck": False,
        "outDir": "out",
    },
    "include": ["main.ts"],
}


def _tools() -> tuple[str, str]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.fail("node and npm must be on PATH; the TypeScript package needs Node.js 20+ with npm")
    if not TSC.exists():
        pytest.fail("the pinned TypeScript tools are missing: run `npm ci --prefix codegen/ts` (nox -s ts does)")
    return node, npm


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{' '.join(command)}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def tarball(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    _, npm = _tools()
    work = tmp_path_factory.mktemp("ts-package")
    # A private npm cache, so the test neither reads nor writes the user's.
    env = {**os.environ, "npm_config_cache": str(work / "npm-cache"), "npm_config_update_notifier": "false"}
    packed = json.loads(_run([npm, "pack", "--json", "--pack-destination", str(work), str(PACKAGE)], ROOT, env))
    return work / packed[0]["filename"], env


def test_package_json_names_the_one_entry_point() -> None:
    manifest = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert manifest["name"] == NAME
    assert manifest["version"] == project["version"]
    assert manifest["license"] == project["license"]
    assert manifest["type"] == "module"
    assert manifest["exports"]["."] == {"types": "./dist/index.d.ts", "import": "./dist/index.js"}
    assert list(manifest["exports"]["."]) == ["types", "import"]  # "types" must come first
    assert manifest["types"] == "./dist/index.d.ts"
    assert not {"dependencies", "peerDependencies", "optionalDependencies", "scripts"} & set(manifest)
    for relative in (manifest["types"], manifest["exports"]["."]["import"]):
        assert (PACKAGE / relative).is_file(), relative


def test_dist_is_src_compiled() -> None:
    sources = {p.name.removesuffix(".ts") for p in (PACKAGE / "src").glob("*.ts") if not p.name.endswith(".d.ts")}
    compiled = {p.name.removesuffix(".js") for p in (PACKAGE / "dist").glob("*.js")}
    declared = {p.name.removesuffix(".d.ts") for p in (PACKAGE / "dist").glob("*.d.ts")}
    assert compiled == declared == sources | {"schema-validators"}
    for name in ("schema-validators.js", "schema-validators.d.ts"):
        assert (PACKAGE / "dist" / name).read_bytes() == (PACKAGE / "src" / name).read_bytes()


def test_tarball_holds_the_package(tarball: tuple[Path, dict[str, str]]) -> None:
    with tarfile.open(tarball[0]) as archive:
        names = {name.removeprefix("package/") for name in archive.getnames()}
    expected = {"package.json", "README.md"}
    expected |= {str(p.relative_to(PACKAGE)) for folder in ("src", "dist") for p in (PACKAGE / folder).iterdir()}
    assert names == expected


def test_a_strict_nodenext_project_installs_and_uses_the_tarball(
    tarball: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    node, npm = _tools()
    path, env = tarball
    project = tmp_path / "host"
    project.mkdir()
    (project / "package.json").write_text('{"name": "host", "private": true, "type": "module"}\n', encoding="utf-8")
    _run([npm, "install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", str(path)], project, env)
    installed = project / "node_modules" / "@pcreceipt" / "contract"
    # tsc falls back to the .d.ts beside the "import" target, so check the declared targets too.
    manifest = json.loads((installed / "package.json").read_text(encoding="utf-8"))
    for relative in (manifest["types"], *manifest["exports"]["."].values()):
        assert (installed / relative).is_file(), relative
    (project / "tsconfig.json").write_text(json.dumps(TSCONFIG, indent=2), encoding="utf-8")
    (project / "main.ts").write_text(CONSUMER, encoding="utf-8")
    _run([node, str(TSC), "-p", "tsconfig.json"], project, env)
    out = json.loads(_run([node, "out/main.js"], project, env))
    verdicts = out["verdicts"]
    assert verdicts["valid"] == {"ok": True, "violations": []}
    assert verdicts["invalid"] == {
        "ok": False,
        "violations": [{"path": "/content_bytes", "rule": "content_bytes_utf8"}],
    }
    assert verdicts["with_receipt"]["ok"] is True
    assert verdicts["request"]["ok"] is True
    assert out["prepare"] == "POST /v1/context/prepare"
    assert out["rules"] > 0


def test_a_project_cannot_reach_inside_the_package(tarball: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    """`exports` names one entry point: a deep import fails to compile."""
    node, npm = _tools()
    path, env = tarball
    project = tmp_path / "host"
    project.mkdir()
    (project / "package.json").write_text('{"name": "host", "private": true, "type": "module"}\n', encoding="utf-8")
    _run([npm, "install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", str(path)], project, env)
    (project / "tsconfig.json").write_text(json.dumps(TSCONFIG, indent=2), encoding="utf-8")
    (project / "main.ts").write_text(
        'import { sha256Hex } from "@pcreceipt/contract/dist/semantic-rules.js";\nconsole.log(sha256Hex);\n',
        encoding="utf-8",
    )
    command = [node, str(TSC), "-p", "tsconfig.json"]
    result = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, check=False)
    assert result.returncode != 0 and "TS2307" in result.stdout, result.stdout
