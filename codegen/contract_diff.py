"""Breaking changes of the contract: schemas/ against the contract recorded at the last release.

Usage:
    python codegen/contract_diff.py             # compare; exit 1 on a breaking change
    python codegen/contract_diff.py --record    # record schemas/ as the baseline of the version
                                                # in pyproject.toml (codegen/baseline/), and the
                                                # generated validators of that version beside it

Both sides are the bundled OpenAPI document (what generate.py writes to
generated/python/pcreceipt_contract/openapi.json and serves as GET /openapi.json); the baseline is
the newest codegen/baseline/openapi-<version>.json. Every change is printed on one line, a JSON
Pointer into the document first, with its level:

    breaking  fails the check: a client or an SDK generated from the baseline stops working
    warning   printed, passes: only a client that refuses values it does not know may fail
    additive  printed, passes

What is breaking depends on who writes the value. A client writes requests (request bodies and
parameters): accepting less there is breaking (a narrowed bound, a removed type or enum value, a
new pattern or const, a newly required field). The server writes responses: accepting less there
is harmless, but sending what an old client does not expect is not (a field that may now be
missing). A new enum value or a widened bound in a response is a warning. Removals (a field, an
enum value, a definition, an operation) and changed identities (path, method, operationId, a $ref
to another definition) are breaking in both directions: regenerated SDK code that names them no
longer compiles. The full table is in docs/decisions.md.

`--record` also keeps the validators hosts vendor, as generated for that release, in
codegen/baseline/validators-<version>/: the Python host kit (pcreceipt_host_validators.py) and the
TypeScript package as npm installs it (contract/package.json and contract/dist/). The next release's
tests run them against its server (tests/contract/test_upgrade_path.py), so what an old validator
refuses is known before hosts meet it. Run `nox -s generate` before recording: the generated
package must carry the version being recorded.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

ROOT = Path(__file__).resolve().parents[1]
BASELINES = ROOT / "codegen" / "baseline"
BASELINE_NAME = re.compile(r"^openapi-(\d+)\.(\d+)\.(\d+)\.json$")
GENERATED = ROOT / "generated"
# What a release's validators are, as hosts vendor them: name in the snapshot -> path under generated/.
HOST_KIT = "pcreceipt_host_validators.py"
TS_SNAPSHOT = "contract"
HTTP_METHODS = ("get", "put", "post", "delete", "patch")

Direction = Literal["request", "response"]
Level = Literal["breaking", "warning", "additive"]
BOTH: frozenset[Direction] = frozenset({"request", "response"})

# What a kind of change means for a value the client writes (request) and one it reads (response).
VERDICTS: dict[str, tuple[Level, Level]] = {
    "removed": ("breaking", "breaking"),
    "changed": ("breaking", "breaking"),
    "added-required": ("breaking", "breaking"),
    "added-optional": ("additive", "additive"),
    "added": ("additive", "additive"),
    "became-required": ("breaking", "additive"),
    "became-optional": ("additive", "breaking"),
    "narrowed": ("breaking", "additive"),
    "widened": ("additive", "warning"),
}
LEVELS: tuple[Level, ...] = ("additive", "warning", "breaking")

# Keywords that never change which values are valid.
ANNOTATIONS = frozenset(
    {"description", "title", "examples", "example", "default", "$comment", "deprecated", "discriminator"}
)
UPPER_BOUNDS = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains")
LOWER_BOUNDS = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains")
# Keywords that restrict values when present (absent: no restriction).
RESTRICTIONS = ("const", "pattern", "format", "multipleOf")
# Keywords holding one subschema that constrains the same value in the same direction.
SUBSCHEMAS = ("items", "contains", "propertyNames", "then", "else")
# Keywords whose change cannot be ordered (a wider `if` or `not` narrows): any change is breaking.
OPAQUE = ("if", "not", "dependentRequired", "dependentSchemas", "prefixItems", "patternProperties")
HANDLED = frozenset(
    {"$ref", "type", "enum", "properties", "required", "additionalProperties", "unevaluatedProperties", "uniqueItems"}
    | set(UPPER_BOUNDS)
    | set(LOWER_BOUNDS)
    | set(RESTRICTIONS)
    | set(SUBSCHEMAS)
    | set(OPAQUE)
    | {"oneOf", "anyOf", "allOf"}
)
SCOPE_ACCESS = ("none", "read", "write", "admin")


@dataclass(frozen=True, order=True)
class Change:
    pointer: str
    detail: str
    level: Level

    def line(self) -> str:
        return f"{self.level:<9} {self.pointer}: {self.detail}"


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def pointer(*tokens: str | int) -> str:
    return "".join("/" + escape(str(token)) for token in tokens)


class Diff:
    """Collects the changes between two bundled OpenAPI documents."""

    def __init__(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        self.old, self.new = old, new
        self.changes: list[Change] = []

    def add(self, at: str, kind: str, detail: str, directions: frozenset[Direction]) -> None:
        verdicts = VERDICTS[kind]
        levels = [verdicts[0] if d == "request" else verdicts[1] for d in sorted(directions or BOTH)]
        level = max(levels, key=LEVELS.index)
        where = "/".join(sorted(directions or BOTH))
        self.changes.append(Change(at, f"{detail} ({where})", level))

    # ---------------------------------------------------------------- documents and operations

    def run(self) -> list[Change]:
        self.operations()
        self.definitions()
        return sorted(self.changes)

    def operations(self) -> None:
        old_ops, new_ops = dict(_operations(self.old)), dict(_operations(self.new))
        old_ids = {op.get("operationId"): key for key, op in old_ops.items()}
        new_ids = {op.get("operationId"): key for key, op in new_ops.items()}
        for key, old_op in old_ops.items():
            at = pointer("paths", key[0], key[1])
            new_op = new_ops.get(key)
            op_id = old_op.get("operationId")
            if new_op is None:
                moved = new_ids.get(op_id)
                if moved is not None:
                    detail = f"operation {op_id} moved from {_show(key)} to {_show(moved)}"
                    self.add(at, "changed", detail, BOTH)
                else:
                    self.add(at, "removed", f"operation {op_id} ({_show(key)}) removed", BOTH)
                continue
            if new_op.get("operationId") != op_id:
                detail = f"operationId changed from {op_id} to {new_op.get('operationId')}"
                self.add(at + "/operationId", "changed", detail, BOTH)
            self.operation(at, old_op, new_op)
        for key, new_op in new_ops.items():
            if key not in old_ops and new_op.get("operationId") not in old_ids:
                detail = f"operation {new_op.get('operationId')} ({_show(key)}) added"
                self.add(pointer("paths", key[0], key[1]), "added", detail, BOTH)

    def operation(self, at: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        request: frozenset[Direction] = frozenset({"request"})
        response: frozenset[Direction] = frozenset({"response"})
        old_access = old.get("x-pcreceipt-scope", {}).get("access", "none")
        new_access = new.get("x-pcreceipt-scope", {}).get("access", "none")
        if old_access != new_access and old_access in SCOPE_ACCESS and new_access in SCOPE_ACCESS:
            kind = "narrowed" if SCOPE_ACCESS.index(new_access) > SCOPE_ACCESS.index(old_access) else "widened"
            detail = f"needs {new_access} access on the Scope instead of {old_access}"
            self.add(at + "/x-pcreceipt-scope/access", kind, detail, request)
        # Parameters, by location and name.
        old_params = {(p["in"], p["name"]): (i, p) for i, p in enumerate(self._params(self.old, old))}
        new_params = {(p["in"], p["name"]): (i, p) for i, p in enumerate(self._params(self.new, new))}
        for (where, name), (i, param) in old_params.items():
            if (where, name) not in new_params:
                self.add(f"{at}/parameters/{i}", "removed", f"{where} parameter {name} removed", request)
                continue
            j, fresh = new_params[(where, name)]
            self.required_flag(f"{at}/parameters/{j}/required", f"{where} parameter {name}", param, fresh, request)
            self.schema(param.get("schema", {}), fresh.get("schema", {}), f"{at}/parameters/{j}/schema", request)
        for (where, name), (j, fresh) in new_params.items():
            if (where, name) not in old_params:
                kind = "added-required" if fresh.get("required") else "added-optional"
                required = "required" if fresh.get("required") else "optional"
                self.add(f"{at}/parameters/{j}", kind, f"{required} {where} parameter {name} added", request)
        # The request body.
        old_body = self._resolve(self.old, old.get("requestBody"))
        new_body = self._resolve(self.new, new.get("requestBody"))
        if old_body is not None and new_body is None:
            self.add(at + "/requestBody", "removed", "request body removed", request)
        elif old_body is None and new_body is not None:
            kind = "added-required" if new_body.get("required") else "added-optional"
            self.add(at + "/requestBody", kind, "request body added", request)
        elif old_body is not None and new_body is not None:
            self.required_flag(at + "/requestBody/required", "request body", old_body, new_body, request)
            self.content(at + "/requestBody", old_body, new_body, request)
        # Responses, by status.
        old_responses, new_responses = old.get("responses", {}), new.get("responses", {})
        for status, old_response in old_responses.items():
            here = f"{at}/responses/{escape(status)}"
            if status not in new_responses:
                self.add(here, "removed", f"response {status} removed", response)
                continue
            old_resolved = self._resolve(self.old, old_response) or {}
            new_resolved = self._resolve(self.new, new_responses[status]) or {}
            for header in old_resolved.get("headers", {}):
                if header not in new_resolved.get("headers", {}):
                    self.add(f"{here}/headers/{escape(header)}", "removed", f"header {header} removed", response)
            self.content(here, old_resolved, new_resolved, response)
        for status in new_responses:
            if status not in old_responses:
                self.add(f"{at}/responses/{escape(status)}", "added", f"response {status} added", response)

    def required_flag(
        self, at: str, what: str, old: dict[str, Any], new: dict[str, Any], directions: frozenset[Direction]
    ) -> None:
        if bool(old.get("required")) != bool(new.get("required")):
            kind = "became-required" if new.get("required") else "became-optional"
            self.add(at, kind, f"{what} became {'required' if new.get('required') else 'optional'}", directions)

    def content(self, at: str, old: dict[str, Any], new: dict[str, Any], directions: frozenset[Direction]) -> None:
        old_content, new_content = old.get("content", {}), new.get("content", {})
        for media, old_media in old_content.items():
            here = f"{at}/content/{escape(media)}"
            if media not in new_content:
                self.add(here, "removed", f"media type {media} removed", directions)
            else:
                self.schema(
                    old_media.get("schema", {}), new_content[media].get("schema", {}), here + "/schema", directions
                )
        for media in new_content:
            if media not in old_content:
                self.add(f"{at}/content/{escape(media)}", "added", f"media type {media} added", directions)

    def _params(self, document: dict[str, Any], op: dict[str, Any]) -> list[dict[str, Any]]:
        return [p for p in (self._resolve(document, param) for param in op.get("parameters", [])) if p is not None]

    @staticmethod
    def _resolve(document: dict[str, Any], node: dict[str, Any] | None) -> dict[str, Any] | None:
        while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
            target: Any = document
            for token in node["$ref"][2:].split("/"):
                target = target[token.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    # ---------------------------------------------------------------- schemas

    def definitions(self) -> None:
        old_defs = self.old.get("components", {}).get("schemas", {})
        new_defs = self.new.get("components", {}).get("schemas", {})
        directions = _directions(self.old)
        for name, fresh in _directions(self.new).items():
            directions[name] = directions.get(name, frozenset()) | fresh
        for name, old_schema in old_defs.items():
            at = pointer("components", "schemas", name)
            if name not in new_defs:
                self.add(at, "removed", f"definition {name} removed", directions.get(name, BOTH))
            else:
                self.schema(old_schema, new_defs[name], at, directions.get(name) or BOTH)
        for name in new_defs:
            if name not in old_defs:
                self.add(pointer("components", "schemas", name), "added", f"definition {name} added", BOTH)

    def schema(self, old: Any, new: Any, at: str, directions: frozenset[Direction]) -> None:
        """Every change between two schemas of one value; a $ref is compared by name only (each
        definition is compared once, at /components/schemas/<name>)."""
        if old is False or new is False:
            if old is not new:
                kind = "narrowed" if new is False else "widened"
                self.add(at, kind, f"{_show_value(_strip(old))} -> {_show_value(_strip(new))}", directions)
            return
        old, new = ({} if old is True else old), ({} if new is True else new)
        if not isinstance(old, dict) or not isinstance(new, dict):
            if old != new:
                self.add(at, "changed", "schema changed", directions)
            return
        if old.get("$ref") != new.get("$ref"):
            detail = f"reference {_ref_name(old)} -> {_ref_name(new)}"
            self.add(at + "/$ref", "changed", detail, directions)
        self.types(old, new, at, directions)
        self.enum(old, new, at, directions)
        for keyword in UPPER_BOUNDS:
            self.bound(old, new, keyword, at, directions, upper=True)
        for keyword in LOWER_BOUNDS:
            self.bound(old, new, keyword, at, directions, upper=False)
        for keyword in RESTRICTIONS:
            self.restriction(old, new, keyword, at, directions)
        if bool(old.get("uniqueItems")) != bool(new.get("uniqueItems")):
            kind = "narrowed" if new.get("uniqueItems") else "widened"
            self.add(at + "/uniqueItems", kind, f"uniqueItems -> {bool(new.get('uniqueItems'))}", directions)
        self.properties(old, new, at, directions)
        for keyword in ("additionalProperties", "unevaluatedProperties", *SUBSCHEMAS):
            if keyword in old or keyword in new:
                self.schema(old.get(keyword, True), new.get(keyword, True), f"{at}/{keyword}", directions)
        for keyword in OPAQUE:
            if _strip(old.get(keyword)) != _strip(new.get(keyword)):
                self.add(f"{at}/{keyword}", "changed", f"{keyword} changed", directions)
        for keyword in ("oneOf", "anyOf", "allOf"):
            self.branches(old.get(keyword), new.get(keyword), keyword, at, directions)
        for keyword in sorted((set(old) | set(new)) - HANDLED - ANNOTATIONS):
            if not keyword.startswith("x-") and _strip(old.get(keyword)) != _strip(new.get(keyword)):
                self.add(f"{at}/{escape(keyword)}", "changed", f"{keyword} changed", directions)

    def types(self, old: dict[str, Any], new: dict[str, Any], at: str, directions: frozenset[Direction]) -> None:
        if ("type" not in old and "type" not in new) or old.get("type") == new.get("type"):
            return
        if "type" not in old:
            self.add(at + "/type", "narrowed", f"type {_show_value(new['type'])} added", directions)
            return
        if "type" not in new:
            self.add(at + "/type", "widened", "type removed (any type allowed)", directions)
            return
        old_types, new_types = _types(old["type"]), _types(new["type"])
        for gone in sorted(old_types - new_types):
            if not (gone == "integer" and "number" in new_types):
                self.add(at + "/type", "narrowed", f"type {gone} removed", directions)
        for added in sorted(new_types - old_types):
            if not (added == "integer" and "number" in old_types):
                self.add(at + "/type", "widened", f"type {added} added", directions)

    def enum(self, old: dict[str, Any], new: dict[str, Any], at: str, directions: frozenset[Direction]) -> None:
        if "enum" not in old and "enum" not in new:
            return
        if "enum" not in new:
            self.add(at + "/enum", "widened", "enum removed (any value allowed)", directions)
            return
        if "enum" not in old:
            self.add(at + "/enum", "narrowed", "enum added", directions)
            return
        old_values, new_values = _canonical(old["enum"]), _canonical(new["enum"])
        for value in old_values - new_values:
            self.add(at + "/enum", "removed", f"enum value {value} removed", directions)
        for value in new_values - old_values:
            self.add(at + "/enum", "widened", f"enum value {value} added", directions)

    def bound(
        self,
        old: dict[str, Any],
        new: dict[str, Any],
        keyword: str,
        at: str,
        directions: frozenset[Direction],
        *,
        upper: bool,
    ) -> None:
        before, after = old.get(keyword), new.get(keyword)
        if before == after:
            return
        if before is None:
            kind = "narrowed"
        elif after is None:
            kind = "widened"
        else:
            kind = "narrowed" if (after < before) == upper else "widened"
        self.add(f"{at}/{keyword}", kind, f"{keyword} {_show_value(before)} -> {_show_value(after)}", directions)

    def restriction(
        self, old: dict[str, Any], new: dict[str, Any], keyword: str, at: str, directions: frozenset[Direction]
    ) -> None:
        if (keyword not in old and keyword not in new) or old.get(keyword) == new.get(keyword):
            return
        if keyword not in old:
            kind, detail = "narrowed", f"{keyword} added"
        elif keyword not in new:
            kind, detail = "widened", f"{keyword} removed"
        else:
            kind, detail = "changed", f"{keyword} {_show_value(old[keyword])} -> {_show_value(new[keyword])}"
        self.add(f"{at}/{keyword}", kind, detail, directions)

    def properties(self, old: dict[str, Any], new: dict[str, Any], at: str, directions: frozenset[Direction]) -> None:
        old_props, new_props = old.get("properties", {}), new.get("properties", {})
        old_required, new_required = set(old.get("required", [])), set(new.get("required", []))
        for name, schema in old_props.items():
            here = f"{at}/properties/{escape(name)}"
            if name not in new_props:
                self.add(here, "removed", f"property {name} removed", directions)
            else:
                self.schema(schema, new_props[name], here, directions)
        added = [name for name in new_props if name not in old_props]
        for name in added:
            kind = "added-required" if name in new_required else "added-optional"
            required = "required" if name in new_required else "optional"
            self.add(f"{at}/properties/{escape(name)}", kind, f"{required} property {name} added", directions)
        for name in sorted(new_required - old_required - set(added)):
            self.add(at + "/required", "became-required", f"property {name} became required", directions)
        for name in sorted(old_required - new_required):
            if name in new_props or name not in old_props:
                self.add(at + "/required", "became-optional", f"property {name} became optional", directions)

    def branches(self, old: Any, new: Any, keyword: str, at: str, directions: frozenset[Direction]) -> None:
        if old is None and new is None:
            return
        old_list, new_list = list(old or []), list(new or [])
        # A oneOf/anyOf branch more accepts more; an allOf branch more accepts less.
        more, fewer = ("narrowed", "widened") if keyword == "allOf" else ("widened", "narrowed")
        if old_list and new_list and all(_is_ref(branch) for branch in old_list + new_list):
            old_names = [_ref_name(b) for b in old_list]
            new_names = [_ref_name(b) for b in new_list]
            for name in old_names:
                if name not in new_names:
                    self.add(f"{at}/{keyword}", fewer, f"{keyword} branch {name} removed", directions)
            for name in new_names:
                if name not in old_names:
                    self.add(f"{at}/{keyword}", more, f"{keyword} branch {name} added", directions)
            return
        if len(old_list) == len(new_list):
            for i, (before, after) in enumerate(zip(old_list, new_list, strict=True)):
                self.schema(before, after, f"{at}/{keyword}/{i}", directions)
            return
        kind = more if len(new_list) > len(old_list) else fewer
        self.add(
            f"{at}/{keyword}", kind, f"{keyword} has {len(new_list)} branches instead of {len(old_list)}", directions
        )


def _operations(document: dict[str, Any]) -> Iterator[tuple[tuple[str, str], dict[str, Any]]]:
    for path, item in document.get("paths", {}).items():
        for method in HTTP_METHODS:
            if method in item:
                yield (path, method), item[method]


def _show(key: tuple[str, str]) -> str:
    return f"{key[1].upper()} {key[0]}"


def _show_value(value: Any) -> str:
    return "none" if value is None else json.dumps(value, ensure_ascii=False)


def _ref_name(node: Any) -> str:
    if isinstance(node, dict) and isinstance(node.get("$ref"), str):
        return str(node["$ref"]).rsplit("/", 1)[-1]
    return "(inline)"


def _is_ref(node: Any) -> bool:
    return isinstance(node, dict) and "$ref" in node and not (set(node) - ANNOTATIONS - {"$ref"})


def _types(value: Any) -> set[str]:
    return {value} if isinstance(value, str) else set(value)


def _canonical(values: Iterable[Any]) -> set[str]:
    return {json.dumps(value, sort_keys=True, ensure_ascii=False) for value in values}


def _strip(node: Any) -> Any:
    """A schema without its annotations, for equality."""
    if isinstance(node, dict):
        return {k: _strip(v) for k, v in node.items() if k not in ANNOTATIONS and not k.startswith("x-")}
    if isinstance(node, list):
        return [_strip(item) for item in node]
    return node


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/components/schemas/"):
                yield value.rsplit("/", 1)[-1]
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _refs(item)


def _directions(document: dict[str, Any]) -> dict[str, frozenset[Direction]]:
    """Which definitions a client writes (request bodies, parameters) and which it reads
    (responses), following $refs. A definition nothing reaches counts as both."""
    defs = document.get("components", {}).get("schemas", {})
    roots: dict[Direction, list[Any]] = {"request": [], "response": []}
    for _, op in _operations(document):
        for param in op.get("parameters", []):
            roots["request"].append(Diff._resolve(document, param))
        roots["request"].append(Diff._resolve(document, op.get("requestBody")))
        for response in op.get("responses", {}).values():
            resolved = Diff._resolve(document, response) or {}
            roots["response"].append(resolved.get("content"))
    found: dict[str, set[Direction]] = {name: set() for name in defs}
    for direction, nodes in roots.items():
        stack = [name for node in nodes for name in _refs(node)]
        seen: set[str] = set()
        while stack:
            name = stack.pop()
            if name in seen or name not in defs:
                continue
            seen.add(name)
            found[name].add(direction)
            stack.extend(_refs(defs[name]))
    return {name: frozenset(dirs) if dirs else BOTH for name, dirs in found.items()}


def compare(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """Every change from ``old`` to ``new`` (two bundled OpenAPI documents), sorted by pointer."""
    return Diff(old, new).run()


# -------------------------------------------------------------------- command line


def _generate_module() -> Any:
    spec = importlib.util.spec_from_file_location("pcreceipt_codegen_generate", ROOT / "codegen" / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def current_contract() -> dict[str, Any]:
    """schemas/ bundled into one OpenAPI document, exactly as generate.py bundles it."""
    generate = _generate_module()
    api, _ = generate.bundle(*generate.load_contract())
    return dict(api)


def project_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def latest_baseline(folder: Path = BASELINES) -> Path | None:
    found = [
        (tuple(int(part) for part in m.groups()), p)
        for p in folder.glob("*.json")
        if (m := BASELINE_NAME.match(p.name))
    ]
    return max(found)[1] if found else None


def _shown(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def validator_files(generated: Path = GENERATED) -> dict[str, bytes]:
    """The validators a host vendors, as generated: the Python host kit and the TypeScript package
    as npm installs it (package.json and the compiled dist/), by their names in a snapshot."""
    files = {HOST_KIT: (generated / "python" / HOST_KIT).read_bytes()}
    package = generated / "ts"
    files[f"{TS_SNAPSHOT}/package.json"] = (package / "package.json").read_bytes()
    for path in sorted((package / "dist").iterdir()):
        files[f"{TS_SNAPSHOT}/dist/{path.name}"] = path.read_bytes()
    return files


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def record_validators(version: str, folder: Path = BASELINES, generated: Path = GENERATED) -> int:
    """Keep the generated validators of release ``version`` in ``folder/validators-<version>/``;
    never rewrite a recorded release's."""
    target = folder / f"validators-{version}"
    package_version = json.loads((generated / "ts" / "package.json").read_text(encoding="utf-8"))["version"]
    if package_version != version:
        print(
            f"generated/ts/package.json is version {package_version}, not {version}: "
            "run `nox -s generate` before recording",
            file=sys.stderr,
        )
        return 1
    files = validator_files(generated)
    if target.exists():
        if _snapshot(target) == files:
            print(f"{_shown(target)} already holds the validators of {version}")
            return 0
        print(
            f"{_shown(target)} holds the validators of release {version} and differs from generated/; "
            "a release's validators never change: set the next version in pyproject.toml, then record",
            file=sys.stderr,
        )
        return 1
    for name, data in files.items():
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    print(f"recorded the generated validators of {version}: {_shown(target)}")
    return 0


def record(folder: Path = BASELINES, generated: Path = GENERATED) -> int:
    version = project_version()
    target = folder / f"openapi-{version}.json"
    text = json.dumps(current_contract(), indent=2, ensure_ascii=False) + "\n"
    if target.exists():
        if target.read_text(encoding="utf-8") != text:
            print(
                f"{_shown(target)} is the recorded contract of release {version} and differs from schemas/; "
                "a release's baseline never changes: set the next version in pyproject.toml, then record",
                file=sys.stderr,
            )
            return 1
        print(f"{_shown(target)} already holds schemas/ as of {version}")
    else:
        folder.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        print(f"recorded schemas/ as the contract of {version}: {_shown(target)}")
    return record_validators(version, folder, generated)


def check(baseline: Path | None) -> int:
    if baseline is None:
        print(
            "no baseline in codegen/baseline/: record one with `python codegen/contract_diff.py --record`",
            file=sys.stderr,
        )
        return 1
    old = json.loads(baseline.read_text(encoding="utf-8"))
    changes = compare(old, current_contract())
    for change in changes:
        print(change.line())
    breaking = [c for c in changes if c.level == "breaking"]
    name = _shown(baseline)
    counts = ", ".join(f"{sum(c.level == level for c in changes)} {level}" for level in reversed(LEVELS))
    if breaking:
        print(
            f"{len(breaking)} breaking change(s) in schemas/ against {name} ({counts}). Keep the old shape, or make "
            "the break a release of its own: set the next version in pyproject.toml and record it with `--record`.",
            file=sys.stderr,
        )
        return 1
    print(f"no breaking change in schemas/ against {name} ({counts})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", action="store_true", help="record schemas/ as the baseline of the current version")
    parser.add_argument("--baseline", type=Path, help="compare with this bundled OpenAPI document instead")
    args = parser.parse_args(argv)
    if args.record:
        return record()
    return check(args.baseline.resolve() if args.baseline else latest_baseline())


if __name__ == "__main__":
    raise SystemExit(main())
