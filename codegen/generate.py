"""Regenerate everything under generated/ from the hand-written contract in schemas/.

Usage:
    python codegen/generate.py            # rewrite generated/ from scratch
    python codegen/generate.py --check    # fail (exit 1) on any difference or stray file

Outputs are reproducible byte for byte: no timestamps, sorted where order is free.
"""

from __future__ import annotations

import argparse
import copy
import filecmp
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"
GENERATED = ROOT / "generated"
PY_PACKAGE = "pcreceipt_contract"
REGENERATE = "nox -s generate"
SCHEMA_FILES = (
    "common.schema.json",
    "scopes.schema.json",
    "artifacts.schema.json",
    "prepare.schema.json",
    "receipt.schema.json",
)
HTTP_METHODS = ("get", "put", "post", "delete", "patch")


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
        '    scope_source: Literal["none", "path", "body"]',
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


def run_datamodel_codegen(api_path: Path, out_path: Path) -> None:
    version = metadata.version("datamodel-code-generator")
    first_line = header("#", "schemas/*.json (bundled)", f"datamodel-code-generator {version}").rstrip("\n")
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
        "--output-model-type",
        "pydantic_v2.BaseModel",
        "--target-python-version",
        "3.11",
        "--extra-fields",
        "forbid",
        "--use-annotated",
        "--field-constraints",
        "--use-standard-collections",
        "--use-union-operator",
        "--use-schema-description",
        "--use-field-description",
        "--use-double-quotes",
        "--enum-field-as-literal",
        "all",
        "--disable-timestamp",
        "--keep-model-order",
        "--collapse-root-models",
        "--use-title-as-name",
        "--formatters",
        "ruff-format",
        "--custom-file-header",
        first_line,
    ]
    subprocess.run(cmd, check=True, cwd=ROOT)


def render_readme() -> str:
    return (
        "<!-- Generated by codegen/generate.py; do not edit. Regenerate with `nox -s generate`. -->\n"
        "# generated/\n\n"
        "Everything in this folder is written by `nox -s generate` from the hand-written contract in\n"
        "`schemas/`. Nothing here is edited by hand; `nox -s generate -- --check` fails on any drift or\n"
        "stray file, and CI runs it.\n\n"
        f"- `python/{PY_PACKAGE}/models.py`: pydantic v2 models of every schema (extra keys forbidden).\n"
        f"- `python/{PY_PACKAGE}/operations.py`: the operation table (method, path, parameters, models,\n"
        "  success statuses, and which Scope each operation touches).\n"
        f"- `python/{PY_PACKAGE}/openapi.json`: the OpenAPI document with every schema bundled in; served\n"
        "  as `GET /openapi.json`.\n"
        f"- `python/{PY_PACKAGE}/contract.schema.json`: every definition in one JSON Schema 2020-12\n"
        "  document; the runtime gate compiles its validators from it.\n"
        "- `MANIFEST.json`: the sha256 of each input schema and the generator versions.\n\n"
        "Hand-written code imports these through `pcreceipt.models`, never the reverse.\n"
    )


def generate(out: Path) -> None:
    openapi, files = load_contract()
    api, schema_doc = bundle(openapi, files)
    pkg = out / "python" / PY_PACKAGE
    pkg.mkdir(parents=True)
    (pkg / "openapi.json").write_text(dump_json(api), encoding="utf-8")
    (pkg / "contract.schema.json").write_text(dump_json(schema_doc), encoding="utf-8")
    (pkg / "__init__.py").write_text(
        header("#", "schemas/", "codegen/generate.py")
        + '"""Generated contract bindings; import them through pcreceipt.models."""\n',
        encoding="utf-8",
    )
    (pkg / "operations.py").write_text(render_operations_py(operations(api)), encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        api_path = Path(tmp) / "openapi.json"
        api_path.write_text(dump_json(api), encoding="utf-8")
        run_datamodel_codegen(api_path, pkg / "models.py")
    (out / "README.md").write_text(render_readme(), encoding="utf-8")
    manifest = {
        "generated_by": "codegen/generate.py",
        "regenerate": REGENERATE,
        "inputs": {
            f"schemas/{name}": "sha256:" + hashlib.sha256((SCHEMAS / name).read_bytes()).hexdigest()
            for name in ("openapi.json", *SCHEMA_FILES)
        },
        "generators": {"datamodel-code-generator": metadata.version("datamodel-code-generator")},
    }
    (out / "MANIFEST.json").write_text(dump_json(manifest), encoding="utf-8")


def tree(root: Path) -> set[str]:
    return {
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and "node_modules" not in p.parts
    }


def check(fresh: Path) -> int:
    expected, actual = tree(fresh), tree(GENERATED) if GENERATED.exists() else set()
    problems = [f"missing: generated/{p}" for p in sorted(expected - actual)]
    problems += [f"stray file: generated/{p}" for p in sorted(actual - expected)]
    problems += [
        f"differs: generated/{p}"
        for p in sorted(expected & actual)
        if not filecmp.cmp(fresh / p, GENERATED / p, shallow=False)
    ]
    if problems:
        print("generated/ is out of date with schemas/:", file=sys.stderr)
        for line in problems:
            print(f"  {line}", file=sys.stderr)
        print(f"fix: run `{REGENERATE}` and commit the result", file=sys.stderr)
        return 1
    print("generated/ is up to date")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="fail on any difference instead of writing")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "generated"
        generate(fresh)
        if args.check:
            return check(fresh)
        if GENERATED.exists():
            shutil.rmtree(GENERATED)
        for rel in sorted(tree(fresh)):
            target = GENERATED / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(fresh / rel, target)
    print("generated/ rewritten from schemas/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
