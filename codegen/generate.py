"""Regenerate generated/ and src/pcreceipt/_gen/ from the hand-written contract in schemas/.

Usage:
    python codegen/generate.py            # rewrite both from scratch
    python codegen/generate.py --check    # fail (exit 1) on any difference or stray file

The Python bindings are the private package ``pcreceipt._gen`` (its public face is
``pcreceipt.models``); generated/ holds the TypeScript bindings and the manifest.

Outputs are reproducible byte for byte: no timestamps, sorted where order is free.

The TypeScript package (generated/ts/) needs Node.js 20+ and npm: the pinned tools in
codegen/ts/package-lock.json are installed there with `npm ci` when they are missing or stale.
"""

from __future__ import annotations

import argparse
import copy
import filecmp
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from importlib import metadata
from pathlib import Path
from typing import Any

# codegen/'s modules import each other by name, whether this file runs as a script or is loaded by path
sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_bundle import BUNDLE_NAME, write_browser_bundle
from changelog import TARGET as CHANGELOG_TARGET
from changelog import render as render_changelog
from facts import HTTP_METHODS, contract_facts, render_limits_py, strip_limits_extension
from mcp_catalogue import catalogue
from python.client_operations import render_client_operations_py, render_request_aliases
from python.host_validators import FILE_NAME as HOST_FILE
from python.host_validators import INPUTS as HOST_INPUTS
from python.host_validators import render_host_validators

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"
GENERATED = ROOT / "generated"
# Every folder the generator owns, relative to the repository root: written whole, checked whole.
TARGETS = ("generated", "src/pcreceipt/_gen")
# Single files the generator owns outside those folders (codegen/changelog.py's).
FILE_TARGETS = (CHANGELOG_TARGET,)
REGENERATE = "nox -s generate"
SCHEMA_FILES = (
    "common.schema.json",
    "scopes.schema.json",
    "artifacts.schema.json",
    "prepare.schema.json",
    "receipt.schema.json",
    "service.schema.json",
    "sources.schema.json",
    "memory.schema.json",
    "stats.schema.json",
    "extras.schema.json",
    "work.schema.json",
    "review.schema.json",
    "legacy_memory.schema.json",
    "artifact_extras.schema.json",
    "sources_extra.schema.json",
    "profile_prompts.schema.json",
    "handoff_report.schema.json",
    "handoff_generation.schema.json",
    "scope_selection.schema.json",
    "artifact_queries.schema.json",
    "source_records.schema.json",
    "access.schema.json",
    "external_skills.schema.json",
    "source_observations.schema.json",
    "dream.schema.json",
    "skill_governance.schema.json",
    "remote_skills.schema.json",
    "profile_flush.schema.json",
    "remote_skill_receiver.schema.json",
    "artifact_search.schema.json",
)
CODEGEN_TS = ROOT / "codegen" / "ts"
# The hand-written base class of every generated Python model (its dumps give the wire form).
PY_BASE = ROOT / "codegen" / "python" / "base.py"
TS_TEMPLATES = CODEGEN_TS / "templates"
# The one TypeScript package every host installs or vendors (generated/ts/): its npm name.
TS_PACKAGE = "@pcreceipt/contract"
# The official PowerContext host plugins it is written for (docs only: they need nothing different).
TS_HOSTS = ("DSH", "Pi", "OpenCode")
# Hand-written modules the generator copies into generated/ts/src/, in this order.
TS_TEMPLATE_FILES = (
    "citations.ts",
    "semantic-rules.ts",
    "validators.ts",
    "recall-diagnostic.ts",
    "receipt-diff.ts",
    "schema-validators.d.ts",
    "index.ts",
)
# Plain modules copied from src/ to dist/ as they are (tsc compiles only the .ts modules).
TS_DIST_COPIES = ("schema-validators.js", "schema-validators.d.ts")


def header(comment: str, source: str, tool: str) -> str:
    return f"{comment} Generated from {source} by {tool}; do not edit. Regenerate with `{REGENERATE}`.\n"


def load_contract() -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    openapi = json.loads((SCHEMAS / "openapi.json").read_text(encoding="utf-8"))
    files = {name: json.loads((SCHEMAS / name).read_text(encoding="utf-8")) for name in SCHEMA_FILES}
    return openapi, files


def collect_defs(files: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Every $defs entry of every component file, by its (globally unique) name."""
    defs: dict[str, Any] = {}
    for name, document in files.items():
        for def_name, schema in document.get("$defs", {}).items():
            if def_name in defs:
                raise SystemExit(f"schemas/{name}: $defs name {def_name!r} is defined twice")
            defs[def_name] = schema
    return defs


def rewrite_refs(node: Any, target: str, known: dict[str, Any]) -> Any:
    """Point every `file#/$defs/Name` or `#/$defs/Name` reference at `target + Name`."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and "#/$defs/" in value:
                name = value.split("#/$defs/", 1)[1]
                if name not in known:
                    raise SystemExit(f"unresolved reference {value!r}")
                out[key] = target + name
            else:
                out[key] = rewrite_refs(value, target, known)
        return out
    if isinstance(node, list):
        return [rewrite_refs(item, target, known) for item in node]
    return node


def bundle(openapi: dict[str, Any], files: dict[str, dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """One self-contained OpenAPI document and one JSON Schema document with every definition."""
    defs = collect_defs(files)
    schema_doc = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://pcreceipt.dev/schemas/contract.schema.json",
        "title": "pcreceipt contract",
        "description": "Every definition of schemas/*.schema.json in one document.",
        "$defs": {name: rewrite_refs(defs[name], "#/$defs/", defs) for name in sorted(defs)},
    }
    api = rewrite_refs(copy.deepcopy(openapi), "#/components/schemas/", defs)
    components = api.setdefault("components", {})
    components["schemas"] = {name: rewrite_refs(defs[name], "#/components/schemas/", defs) for name in sorted(defs)}
    return api, schema_doc


def dump_json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def ref_name(schema: dict[str, Any] | None) -> str | None:
    if not schema or "$ref" not in schema:
        return None
    return str(schema["$ref"]).rsplit("/", 1)[-1]


def operations(api: dict[str, Any]) -> list[dict[str, Any]]:
    """The operation table: one row per OpenAPI operation, in document order."""
    rows = []
    shared_params = api.get("components", {}).get("parameters", {})
    for path, item in api["paths"].items():
        for method in HTTP_METHODS:
            op = item.get(method)
            if op is None:
                continue
            params = []
            for param in op.get("parameters", []):
                if "$ref" in param:
                    param = shared_params[param["$ref"].rsplit("/", 1)[-1]]
                params.append({"name": param["name"], "location": param["in"], "required": bool(param.get("required"))})
            body = op.get("requestBody")
            request_model = ref_name(body["content"]["application/json"]["schema"]) if body else None
            success = []
            for status, response in sorted(op["responses"].items()):
                if not status.startswith("2"):
                    continue
                content = response.get("content", {}).get("application/json")
                success.append({"status": int(status), "model": ref_name(content["schema"]) if content else None})
            scope = op.get("x-pcreceipt-scope", {"access": "none", "source": "none"})
            rows.append(
                {
                    "operation_id": op["operationId"],
                    "method": method.upper(),
                    "path": path,
                    "parameters": params,
                    "request_model": request_model,
                    "success": success,
                    "scope_access": scope["access"],
                    "scope_source": scope["source"],
                    "scope_references": bool(scope.get("references", False)),
                }
            )
    return rows


def render_operations_py(rows: list[dict[str, Any]]) -> str:
    lines = [
        header("#", "schemas/openapi.json", "codegen/generate.py"),
        '"""The operation table of the pcreceipt HTTP API."""\n',
        "from __future__ import annotations\n",
        "from dataclasses import dataclass",
        "from typing import Literal\n",
        "",
        "@dataclass(frozen=True, slots=True)",
        "class Parameter:",
        "    name: str",
        '    location: Literal["path", "query", "header"]',
        "    required: bool\n",
        "",
        "@dataclass(frozen=True, slots=True)",
        "class Success:",
        "    status: int",
        "    model: str | None\n",
        "",
        "@dataclass(frozen=True, slots=True)",
        "class Operation:",
        "    operation_id: str",
        "    method: str",
        "    path: str",
        "    parameters: tuple[Parameter, ...]",
        "    request_model: str | None",
        "    success: tuple[Success, ...]",
        '    scope_access: Literal["none", "read", "write", "admin"]',
        '    scope_source: Literal["none", "path", "body", "resolved", "selection", "publication", "binding"]',
        "    scope_references: bool\n",
        "",
        "OPERATIONS: tuple[Operation, ...] = (",
    ]
    for row in rows:
        params = "".join(f"Parameter({p['name']!r}, {p['location']!r}, {p['required']!r}), " for p in row["parameters"])
        success = "".join(f"Success({s['status']!r}, {s['model']!r}), " for s in row["success"])
        lines += [
            "    Operation(",
            f"        operation_id={row['operation_id']!r},",
            f"        method={row['method']!r},",
            f"        path={row['path']!r},",
            f"        parameters=({params}),",
            f"        request_model={row['request_model']!r},",
            f"        success=({success}),",
            f"        scope_access={row['scope_access']!r},",
            f"        scope_source={row['scope_source']!r},",
            f"        scope_references={row['scope_references']!r},",
            "    ),",
        ]
    lines += [")", "", "BY_ID: dict[str, Operation] = {op.operation_id: op for op in OPERATIONS}", ""]
    return "\n".join(lines)


def run_datamodel_codegen(api_path: Path, out_path: Path, *, typed_dicts: bool = False) -> None:
    """The pydantic models of every schema, or (``typed_dicts``) the same shapes as closed
    ``TypedDict``s: the JSON bodies the server's handlers read and write, checked by mypy at no run-time cost."""
    version = metadata.version("datamodel-code-generator")
    first_line = header("#", "schemas/*.json (bundled)", f"datamodel-code-generator {version}").rstrip("\n")
    if typed_dicts:
        kind = ["--output-model-type", "typing.TypedDict"]
    else:
        kind = ["--output-model-type", "pydantic_v2.BaseModel", "--extra-fields", "forbid", "--use-annotated"]
        kind += ["--field-constraints", "--base-class", "pcreceipt._gen.base.ContractModel"]
    cmd = [
        sys.executable,
        "-m",
        "datamodel_code_generator",
        "--input",
        str(api_path),
        "--input-file-type",
        "openapi",
        "--output",
        str(out_path),
        *kind,
        "--target-python-version",
        "3.11",
        "--use-standard-collections",
        "--use-union-operator",
        "--use-schema-description",
        "--use-field-description",
        "--use-double-quotes",
        "--enum-field-as-literal",
        "all",
        "--disable-timestamp",
        # definitions before their users and annotations evaluated as written, not strings: Python
        # then builds the ~480 model classes without compiling and evaluating a string per annotation
        # (importing the models: about a third less CPU, in every process that uses the client)
        "--disable-future-imports",
        "--collapse-root-models",
        "--use-title-as-name",
        "--formatters",
        "ruff-format",
        "--custom-file-header",
        first_line,
    ]
    subprocess.run(cmd, check=True, cwd=ROOT)


# --------------------------------------------------------------------------------------------
# TypeScript bindings


PACKAGE_LINE = f"// {TS_PACKAGE}: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md)."


def ts_header(source: str, tool: str) -> str:
    return header("//", source, tool) + PACKAGE_LINE + "\n"


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise SystemExit(
            f"codegen/generate.py: `{name}` is not on PATH. The TypeScript bindings in generated/ts/ need "
            "Node.js 20 or newer with npm (https://nodejs.org); install them and run `nox -s generate` again."
        )
    return found


def ensure_node_tools() -> str:
    """The node executable, after making sure codegen/ts/node_modules matches package-lock.json."""
    node = _tool("node")
    npm = _tool("npm")
    version = subprocess.run([node, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    if int(version.lstrip("v").split(".", 1)[0]) < 20:
        raise SystemExit(f"codegen/generate.py: Node.js 20 or newer is needed for generated/ts/, found {version}")
    if not _node_modules_match_lock():
        print("codegen/ts: npm ci (the pinned TypeScript generator tools)", file=sys.stderr)
        command = [npm, "ci", "--include=dev", "--no-audit", "--no-fund", "--loglevel=error"]
        result = subprocess.run(command, cwd=CODEGEN_TS, stdout=sys.stderr, check=False)
        if result.returncode != 0 or not _node_modules_match_lock():
            raise SystemExit("codegen/generate.py: `npm ci` in codegen/ts failed (see above)")
    return node


def _node_modules_match_lock() -> bool:
    """Whether every package of codegen/ts/package-lock.json is installed at its locked version."""
    lock = json.loads((CODEGEN_TS / "package-lock.json").read_text(encoding="utf-8"))
    for location, entry in lock["packages"].items():
        if not location or entry.get("optional"):
            continue
        manifest = CODEGEN_TS / location / "package.json"
        if not manifest.exists() or json.loads(manifest.read_text(encoding="utf-8")).get("version") != entry["version"]:
            return False
    return True


def run_ts_build(node: str, contract_path: Path, out: Path) -> dict[str, str]:
    """schema-validators.js and types.ts (headerless) into ``out``; returns the tool versions."""
    env = {**os.environ, "NODE_OPTIONS": ""}
    result = subprocess.run(
        [node, str(CODEGEN_TS / "build.mjs"), str(contract_path), str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"codegen/ts/build.mjs failed:\n{result.stderr}")
    versions: dict[str, str] = json.loads(result.stdout)["generators"]
    return versions


def ts_string(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def render_operations_ts(rows: list[dict[str, Any]], contract_version: str) -> str:
    ids = "".join(f"\n  | {ts_string(row['operation_id'])}" for row in rows)
    lines = [
        "/** The operation table of the pcreceipt HTTP API (schemas/openapi.json). */",
        "",
        "/** The contract this package was generated from (OpenAPI info.version); get_server_info's",
        " * api_contract_version is its major.minor. */",
        f"export const CONTRACT_VERSION = {ts_string(contract_version)};",
        "",
        'export type ParameterLocation = "path" | "query" | "header";',
        "",
        "/** A path, query or header parameter; a JSON body is named by Operation.requestBody. */",
        "export interface Parameter {",
        "  readonly name: string;",
        "  readonly location: ParameterLocation;",
        "  readonly required: boolean;",
        "}",
        "",
        "/** A status that counts as success, and the schema of its JSON body (null: no body). */",
        "export interface Success {",
        "  readonly status: number;",
        "  readonly model: string | null;",
        "}",
        "",
        "/** Which Scope an operation touches, with what access, and where its id comes from. */",
        "export interface ScopeUse {",
        '  readonly access: "none" | "read" | "write" | "admin";',
        '  readonly source: "none" | "path" | "body" | "resolved" | "selection" | "publication" | "binding";',
        "  /** The body may name further Scopes (context references) that are read too. */",
        "  readonly references: boolean;",
        "}",
        "",
        f"export type OperationId ={ids};",
        "",
        "export interface Operation {",
        "  readonly operationId: OperationId;",
        '  readonly method: "GET" | "PUT" | "POST" | "DELETE" | "PATCH";',
        "  readonly path: string;",
        "  readonly parameters: readonly Parameter[];",
        "  /** The schema of the application/json request body; null when the operation takes none. */",
        "  readonly requestBody: string | null;",
        "  readonly success: readonly Success[];",
        "  readonly scope: ScopeUse;",
        "}",
        "",
        "export const OPERATIONS: readonly Operation[] = [",
    ]
    for row in rows:
        params = ", ".join(
            f"{{ name: {ts_string(p['name'])}, location: {ts_string(p['location'])}, "
            f"required: {str(p['required']).lower()} }}"
            for p in row["parameters"]
        )
        success = ", ".join(
            f"{{ status: {s['status']}, model: {ts_string(s['model']) if s['model'] else 'null'} }}"
            for s in row["success"]
        )
        body = ts_string(row["request_model"]) if row["request_model"] else "null"
        lines += [
            "  {",
            f"    operationId: {ts_string(row['operation_id'])},",
            f"    method: {ts_string(row['method'])},",
            f"    path: {ts_string(row['path'])},",
            f"    parameters: [{params}],",
            f"    requestBody: {body},",
            f"    success: [{success}],",
            f"    scope: {{ access: {ts_string(row['scope_access'])}, source: {ts_string(row['scope_source'])}, "
            f"references: {str(row['scope_references']).lower()} }},",
            "  },",
        ]
    lines += [
        "];",
        "",
        "export const BY_ID: Readonly<Record<OperationId, Operation>> = Object.fromEntries(",
        "  OPERATIONS.map((operation) => [operation.operationId, operation]),",
        ") as Record<OperationId, Operation>;",
        "",
    ]
    return "\n".join(lines)


def project_metadata() -> dict[str, Any]:
    """pyproject.toml's [project] table: the npm package takes its version and licence from it."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        project: dict[str, Any] = tomllib.load(handle)["project"]
    return project


def render_ts_package_json(project: dict[str, Any]) -> str:
    manifest = {
        "//": f"Generated by codegen/generate.py from pyproject.toml; do not edit. Regenerate with `{REGENERATE}`.",
        "name": TS_PACKAGE,
        "version": project["version"],
        "description": "pcreceipt's contract for PowerContext host plugins: validators of the prepare messages "
        "(the Python gate's rule ids), message types and the operation table. No runtime dependency.",
        "license": project["license"],
        "type": "module",
        "exports": {
            ".": {"types": "./dist/index.d.ts", "import": "./dist/index.js"},
            "./package.json": "./package.json",
        },
        "types": "./dist/index.d.ts",
        "files": ["dist", "src", "README.md"],
        "sideEffects": False,
    }
    return dump_json(manifest)


def render_ts_readme(project: dict[str, Any], versions: dict[str, str]) -> str:
    hosts = ", ".join(TS_HOSTS[:-1]) + f" and {TS_HOSTS[-1]}"
    return (
        "<!-- Generated by codegen/generate.py; do not edit. Regenerate with `nox -s generate`. -->\n"
        f"# {TS_PACKAGE} {project['version']}\n\n"
        "pcreceipt's contract for PowerContext host plugins: validators of the prepare messages, the\n"
        "message types and the operation table. ES2020 ES modules with their `.d.ts`, no runtime\n"
        "dependency, TypeScript 5.0 or newer for the types. See `docs/hosts.md` in the pcreceipt\n"
        "repository for the opt-in rules.\n\n"
        f"One package and one entry point (`{TS_PACKAGE}`) for every host: the {hosts} plugins need\n"
        "nothing different, so there are no per-host entry points.\n\n"
        "```ts\n"
        f'import {{ validatePreparedContext }} from "{TS_PACKAGE}";\n'
        "```\n\n"
        "Install the packed tarball (`npm pack` in this folder, then `npm install ./pcreceipt-contract-*.tgz`\n"
        "in the plugin), or vendor this folder (`src/` to compile from source, or `dist/` as it is).\n\n"
        "- `src/index.ts` (`dist/index.js` + `index.d.ts`): the public surface, the package's only\n"
        "  entry point.\n"
        "- `src/validators.ts`: `validatePreparedContext(value, maxBytes)` (the default host check),\n"
        "  `validatePreparedContextWithReceipt(value, maxBytes)` (for a host that sent\n"
        "  `include_receipt: true`), `validatePreparedContextFor(value, facts)` and\n"
        "  `validatePrepareContextRequest(value, assemblyMaxEntries = 8)`; each returns\n"
        "  `{ok, violations: {path, rule}[]}`.\n"
        "- `src/semantic-rules.ts`: the rules JSON Schema cannot say, with the Python gate's rule ids.\n"
        "- `src/recall-diagnostic.ts`: `recallDiagnostic(value, request?)`, a body-free record of an\n"
        "  empty or truncated recall for the host's log (null otherwise).\n"
        "- `src/citations.ts`: `parseContent(content)`, the reader of a rendered content (the JSON\n"
        "  envelope or Markdown, the code block): the items it cites, each with its exact text; the\n"
        "  Receipt rules compare them with `selected`.\n"
        "- `src/receipt-diff.ts`: `diffReceipts(a, b)`, the diff of two saved responses with a Receipt.\n"
        f"- `src/schema-validators.js` (+ `.d.ts`): JSON Schema 2020-12 validators compiled by ajv {versions['ajv']}\n"
        "  (standalone code, nothing compiled at run time).\n"
        f"- `src/types.ts`: the message types, by json-schema-to-typescript {versions['json-schema-to-typescript']}.\n"
        "- `src/operations.ts`: the operation table (method, path, parameters, body, success statuses,\n"
        "  Scope access).\n"
        f"- `dist/`: `src/` compiled by TypeScript {versions['typescript']} (`tsc --declaration`, ES2020) at\n"
        "  generation time; `schema-validators.js` and its `.d.ts` are copied as they are.\n"
    )


def typescript_version() -> str:
    manifest = CODEGEN_TS / "node_modules" / "typescript" / "package.json"
    return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])


def compile_ts_package(node: str, package: Path, work: Path) -> dict[str, str]:
    """tsc over package/src/*.ts into package/dist/ (.js + .d.ts), with the strict flags of
    codegen/ts/tsconfig.json; returns {file name: text} of the compiled output."""
    tsconfig = {
        "extends": str(CODEGEN_TS / "tsconfig.json"),
        "compilerOptions": {
            "noEmit": False,
            "declaration": True,
            "module": "NodeNext",
            "moduleResolution": "NodeNext",
            "rootDir": str(package / "src"),
            "outDir": str(work / "dist"),
            "newLine": "lf",
            "removeComments": False,
        },
        "include": [str(package / "src" / "*.ts")],
    }
    config = work / "tsconfig.json"
    config.write_text(dump_json(tsconfig), encoding="utf-8")
    tsc = CODEGEN_TS / "node_modules" / "typescript" / "bin" / "tsc"
    result = subprocess.run([node, str(tsc), "-p", str(config)], cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        output = result.stdout + result.stderr
        raise SystemExit(f"codegen/generate.py: tsc could not compile generated/ts/src/:\n{output}")
    return {path.name: path.read_text(encoding="utf-8") for path in sorted((work / "dist").iterdir())}


def dist_text(name: str, compiled: str, tsc_version: str) -> str:
    """A compiled file with its own header in place of the one tsc carried over from src/."""
    source = name.removesuffix(".d.ts").removesuffix(".js") + ".ts"
    lines = compiled.splitlines(keepends=True)
    if lines and lines[0].startswith("// Generated from ") and len(lines) > 1 and lines[1] == PACKAGE_LINE + "\n":
        lines = lines[2:]
    while lines and not lines[0].strip():
        lines = lines[1:]
    return ts_header(f"generated/ts/src/{source}", f"TypeScript {tsc_version} (tsc)") + "\n" + "".join(lines)


def generate_ts(node: str, out: Path, api: dict[str, Any], schema_doc: dict[str, Any]) -> dict[str, str]:
    """generated/ts/: the one npm package (package.json, src/, compiled dist/); returns the tool versions."""
    project = project_metadata()
    package = out / "ts"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        contract = work / "contract.schema.json"
        contract.write_text(dump_json(schema_doc), encoding="utf-8")
        versions = run_ts_build(node, contract, work) | {"typescript": typescript_version()}
        built = {name: (work / name).read_text(encoding="utf-8") for name in ("schema-validators.js", "types.ts")}
        bundled = "schemas/*.json (bundled)"
        sources: list[tuple[str, str, str, str]] = [
            (
                "operations.ts",
                "schemas/openapi.json",
                "codegen/generate.py",
                render_operations_ts(operations(api), str(api["info"]["version"])),
            ),
            (
                "types.ts",
                bundled,
                f"json-schema-to-typescript {versions['json-schema-to-typescript']}",
                built["types.ts"],
            ),
            (
                "schema-validators.js",
                bundled,
                f"ajv {versions['ajv']} (standalone, JSON Schema 2020-12)",
                built["schema-validators.js"],
            ),
        ]
        for name in TS_TEMPLATE_FILES:
            text = (TS_TEMPLATES / name).read_text(encoding="utf-8")
            sources.append((name, f"codegen/ts/templates/{name}", "codegen/generate.py", text))
        (package / "src").mkdir(parents=True)
        (package / "package.json").write_text(render_ts_package_json(project), encoding="utf-8")
        (package / "README.md").write_text(render_ts_readme(project, versions), encoding="utf-8")
        for name, source, tool, text in sources:
            body = text if text.endswith("\n") else text + "\n"
            (package / "src" / name).write_text(ts_header(source, tool) + "\n" + body, encoding="utf-8")
        compiled = compile_ts_package(node, package, work)
    dist = package / "dist"
    dist.mkdir()
    for name, text in compiled.items():
        (dist / name).write_text(dist_text(name, text, versions["typescript"]), encoding="utf-8")
    for name in TS_DIST_COPIES:
        shutil.copyfile(package / "src" / name, dist / name)
    return versions


def render_readme() -> str:
    return (
        "<!-- Generated by codegen/generate.py; do not edit. Regenerate with `nox -s generate`. -->\n"
        "# generated/\n\n"
        "Everything in this folder, and the private Python package `src/pcreceipt/_gen/`, is written by\n"
        "`nox -s generate` from the hand-written contract in `schemas/`. Nothing here is edited by hand;\n"
        "`nox -s generate -- --check` fails on any drift or stray file, and CI runs it.\n\n"
        f"- `ts/`: the TypeScript package `{TS_PACKAGE}` every host plugin (DSH, Pi, OpenCode) installs\n"
        "  or vendors: `package.json`, `src/` (validators: ajv standalone code plus the semantic rules,\n"
        "  with the Python gate's rule ids; types; the operation table) and `dist/`, `src/` compiled by\n"
        "  tsc (`.js` + `.d.ts`). `docs/hosts.md` says how a host opts in to Receipts.\n"
        "- `python/pcreceipt_host_validators.py`: the stdlib-only validators and recall diagnostic for\n"
        "  Python host hooks (Python 3.9+), built by `codegen/python/host_validators.py` from the schemas\n"
        "  and the gate's own rule code; `src/pcreceipt/_gen/hostkit/` ships the same file in the wheel.\n"
        "- `MANIFEST.json`: the sha256 of each input (schemas, TypeScript templates, the npm lock) and\n"
        "  the generator versions.\n\n"
        "`src/pcreceipt/_gen/` holds:\n\n"
        "- `models.py`: pydantic v2 models of every schema (extra keys forbidden).\n"
        "- `base.py`: the models' base class, copied from `codegen/python/base.py`: `model_dump()` /\n"
        "  `model_dump_json()` give the wire form (aliases, only the fields set).\n"
        "- `bodies.py`: the same shapes as closed `TypedDict`s, the JSON bodies the server's handlers\n"
        "  read and write (`Call[bodies.X]`), checked by mypy at no run-time cost.\n"
        "- `operations.py`: the operation table (method, path, parameters, models, success statuses,\n"
        "  and which Scope each operation touches).\n"
        "- `client_operations.py`: `OperationMethods`, one typed `async` method per operation, which\n"
        "  `pcreceipt.client.AsyncClient` implements (`codegen/python/client_operations.py`).\n"
        "- `limits.py`: every bound, default, constant and enumeration the schemas state (and the\n"
        "  `x-pcreceipt-limits` a definition states), one named constant each, plus a `Literal` alias\n"
        "  per enumeration; hand-written code imports it as `pcreceipt.models.limits`.\n"
        "- `openapi.json`: the OpenAPI document with every schema bundled in; served as\n"
        "  `GET /openapi.json`.\n"
        "- `contract.schema.json`: every definition in one JSON Schema 2020-12 document; the runtime\n"
        "  gate compiles its validators from it.\n"
        "- `mcp_tools.json`: the MCP tool catalogue served at `/mcp` (`codegen/mcp_catalogue.py`): one\n"
        "  tool per operation not excluded by `x-pcreceipt-mcp`, with its flat input schema, output schema,\n"
        "  annotations and where each argument goes in the HTTP request.\n"
        "- `inspector/contract.js`: `ts/dist/` bundled by esbuild into one browser ES module, served\n"
        "  by `pcreceipt serve` at `/inspector/contract.js` for the Context Inspector.\n\n"
        "Hand-written code imports the Python bindings through `pcreceipt.models`, never the reverse.\n"
    )


def generate(root: Path) -> None:
    """Write every target under ``root`` (a scratch copy of the repository's layout)."""
    node = ensure_node_tools()  # first, so a missing Node.js fails before anything is written
    openapi, files = load_contract()
    api, schema_doc = bundle(openapi, files)
    out = root / "generated"
    pkg = root / "src" / "pcreceipt" / "_gen"
    pkg.mkdir(parents=True)
    (pkg / "openapi.json").write_text(dump_json(api), encoding="utf-8")
    (pkg / "contract.schema.json").write_text(dump_json(schema_doc), encoding="utf-8")
    (pkg / "__init__.py").write_text(
        header("#", "schemas/", "codegen/generate.py")
        + '"""Generated contract bindings (private); import them through pcreceipt.models."""\n',
        encoding="utf-8",
    )
    (pkg / "operations.py").write_text(render_operations_py(operations(api)), encoding="utf-8")
    (pkg / "mcp_tools.json").write_text(dump_json(catalogue(api)), encoding="utf-8")
    limits_header = header("#", "schemas/*.json (bundled)", "codegen/generate.py")
    (pkg / "limits.py").write_text(render_limits_py(contract_facts(api), limits_header), encoding="utf-8")
    (pkg / "base.py").write_text(
        header("#", "codegen/python/base.py", "codegen/generate.py") + "\n" + PY_BASE.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    with tempfile.TemporaryDirectory() as tmp:
        api_path = Path(tmp) / "openapi.json"
        api_path.write_text(dump_json(api), encoding="utf-8")
        run_datamodel_codegen(api_path, pkg / "models.py")
        run_datamodel_codegen(api_path, pkg / "bodies.py", typed_dicts=True)
    body_text = (pkg / "bodies.py").read_text(encoding="utf-8")
    body_names = set(re.findall(r"^class (\w+)\(", body_text, re.MULTILINE))
    (pkg / "bodies.py").write_text(body_text + render_request_aliases(api, body_names), encoding="utf-8")
    model_names = set(re.findall(r"^class (\w+)\(", (pkg / "models.py").read_text(encoding="utf-8"), re.MULTILINE))
    client_header = header("#", "schemas/openapi.json", "codegen/generate.py (codegen/python/client_operations.py)")
    (pkg / "client_operations.py").write_text(
        render_client_operations_py(api, model_names, client_header), encoding="utf-8"
    )
    ruff_format = [sys.executable, "-m", "ruff", "format", "--isolated", "--line-length", "120", "-q"]
    subprocess.run([*ruff_format, str(pkg / "client_operations.py")], check=True)
    ts_versions = generate_ts(node, out, api, strip_limits_extension(schema_doc))
    host_header = header(
        "#", "schemas/*.json and src/pcreceipt/contract/gate.py (with what it reads)", "codegen/generate.py"
    )
    versions = (str(api["info"]["version"]), str(project_metadata()["version"]))
    host_text = render_host_validators(
        schema_doc, {f.name: f.value for f in contract_facts(api)}, host_header, versions
    )
    for folder in (out / "python", pkg / "hostkit"):  # hostkit/: shipped in the wheel, not a module of it
        folder.mkdir(parents=True)
        (folder / HOST_FILE).write_text(host_text, encoding="utf-8")
    bundle_header = header("//", "generated/ts/dist/index.js", "esbuild (codegen/browser_bundle.py)")
    bundle_out = pkg / "inspector" / BUNDLE_NAME
    ts_versions["esbuild"] = write_browser_bundle(node, out / "ts" / "dist", bundle_out, bundle_header)
    (out / "README.md").write_text(render_readme(), encoding="utf-8")
    ts_inputs = [f"codegen/ts/templates/{name}" for name in TS_TEMPLATE_FILES]
    ts_inputs += ["codegen/ts/build.mjs", "codegen/ts/tsconfig.json", "codegen/ts/package-lock.json"]
    ts_inputs += ["codegen/python/base.py", "codegen/python/client_operations.py"]
    ts_inputs += ["codegen/mcp_catalogue.py", *HOST_INPUTS]
    ts_inputs += ["codegen/browser_bundle.py", "codegen/ts/bundle.mjs"]
    manifest = {
        "generated_by": "codegen/generate.py",
        "regenerate": REGENERATE,
        "inputs": {
            f"schemas/{name}": "sha256:" + hashlib.sha256((SCHEMAS / name).read_bytes()).hexdigest()
            for name in ("openapi.json", *SCHEMA_FILES)
        }
        | {rel: "sha256:" + hashlib.sha256((ROOT / rel).read_bytes()).hexdigest() for rel in ts_inputs},
        "generators": {"datamodel-code-generator": metadata.version("datamodel-code-generator")} | ts_versions,
    }
    (out / "MANIFEST.json").write_text(dump_json(manifest), encoding="utf-8")
    changelog = root / CHANGELOG_TARGET
    changelog.parent.mkdir(parents=True, exist_ok=True)
    changelog.write_text(render_changelog(), encoding="utf-8")


def tree(root: Path) -> set[str]:
    return {
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and "node_modules" not in p.parts
    }


def check(fresh_root: Path) -> int:
    problems: list[str] = []
    for target in TARGETS:
        fresh, current = fresh_root / target, ROOT / target
        expected, actual = tree(fresh), tree(current) if current.exists() else set()
        problems += [f"missing: {target}/{p}" for p in sorted(expected - actual)]
        problems += [f"stray file: {target}/{p}" for p in sorted(actual - expected)]
        problems += [
            f"differs: {target}/{p}"
            for p in sorted(expected & actual)
            if not filecmp.cmp(fresh / p, current / p, shallow=False)
        ]
    for name in FILE_TARGETS:
        if not (ROOT / name).is_file():
            problems.append(f"missing: {name}")
        elif not filecmp.cmp(fresh_root / name, ROOT / name, shallow=False):
            problems.append(f"differs: {name}")
    if problems:
        print(f"{', '.join((*TARGETS, *FILE_TARGETS))} are out of date with schemas/:", file=sys.stderr)
        for line in problems:
            print(f"  {line}", file=sys.stderr)
        print(f"fix: run `{REGENERATE}` and commit the result", file=sys.stderr)
        return 1
    print(f"{', '.join((*TARGETS, *FILE_TARGETS))} are up to date")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="fail on any difference instead of writing")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        fresh_root = Path(tmp)
        generate(fresh_root)
        if args.check:
            return check(fresh_root)
        for folder in TARGETS:
            fresh, current = fresh_root / folder, ROOT / folder
            if current.exists():
                shutil.rmtree(current)
            for rel in sorted(tree(fresh)):
                target = current / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(fresh / rel, target)
        for name in FILE_TARGETS:
            shutil.copyfile(fresh_root / name, ROOT / name)
    print(f"{', '.join((*TARGETS, *FILE_TARGETS))} rewritten from schemas/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
