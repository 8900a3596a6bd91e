"""codegen/contract_diff.py: which contract changes break a client or a regenerated SDK.

Each test builds a small pair of bundled OpenAPI documents: one operation whose request body is
`Req` (a client writes it) and whose 200 response is `Res` (a client reads it), with a shared enum.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("contract_diff", ROOT / "codegen" / "contract_diff.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["contract_diff"] = module
    spec.loader.exec_module(module)
    return module


cd = _load()


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _base() -> dict[str, Any]:
    def record() -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": False,
            "required": ["id"],
            "properties": {
                "id": {"type": "string", "minLength": 1, "maxLength": 64, "description": "The id."},
                "note": {"type": ["string", "null"], "maxLength": 100},
                "count": {"type": "integer", "minimum": 0, "maximum": 100},
                "tags": {"type": "array", "items": {"type": "string"}, "minItems": 0, "maxItems": 8},
                "kind": _ref("Kind"),
            },
        }

    return {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "0.1.0"},
        "paths": {
            "/v1/things": {
                "post": {
                    "operationId": "create_thing",
                    "parameters": [
                        {"name": "dry_run", "in": "query", "required": False, "schema": {"type": "boolean"}}
                    ],
                    "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("Req")}}},
                    "responses": {
                        "200": {"description": "ok", "content": {"application/json": {"schema": _ref("Res")}}},
                        "404": {"description": "missing"},
                    },
                }
            },
            "/v1/things/{id}": {
                "get": {
                    "operationId": "get_thing",
                    "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                    "responses": {
                        "200": {"description": "ok", "content": {"application/json": {"schema": _ref("Res")}}}
                    },
                }
            },
        },
        "components": {
            "schemas": {
                "Req": record(),
                "Res": record(),
                "Kind": {"type": "string", "enum": ["a", "b"]},
                "Level": {"type": "string", "enum": ["low", "high"]},
            }
        },
    }


def _res_only_level(doc: dict[str, Any]) -> dict[str, Any]:
    """Res gets a `level` (a response-only enum), Req a `mode` (a request-only enum)."""
    doc["components"]["schemas"]["Res"]["properties"]["level"] = _ref("Level")
    doc["components"]["schemas"]["Mode"] = {"type": "string", "enum": ["fast", "slow"]}
    doc["components"]["schemas"]["Req"]["properties"]["mode"] = _ref("Mode")
    return doc


def _changes(edit: Any, base: dict[str, Any] | None = None) -> list[Any]:
    old = base if base is not None else _base()
    new = copy.deepcopy(old)
    edit(new)
    return list(cd.compare(old, new))


def _levels(changes: list[Any]) -> set[str]:
    return {change.level for change in changes}


def _schemas(doc: dict[str, Any]) -> Any:
    return doc["components"]["schemas"]


def test_the_same_document_has_no_change() -> None:
    assert cd.compare(_base(), _base()) == []


def test_directions_follow_refs_from_bodies_and_responses() -> None:
    directions = cd._directions(_res_only_level(_base()))
    assert directions["Req"] == {"request"} and directions["Res"] == {"response"}
    assert directions["Kind"] == {"request", "response"}
    assert directions["Level"] == {"response"} and directions["Mode"] == {"request"}


# ------------------------------------------------------------------------ breaking


@pytest.mark.parametrize("schema", ["Req", "Res"])
def test_a_removed_property_is_breaking_in_both_directions(schema: str) -> None:
    changes = _changes(lambda d: _schemas(d)[schema]["properties"].pop("note"))
    assert [c.line() for c in changes] == [
        f"breaking  /components/schemas/{schema}/properties/note: property note removed "
        f"({'request' if schema == 'Req' else 'response'})"
    ]


def test_a_removed_operation_is_breaking() -> None:
    changes = _changes(lambda d: d["paths"].pop("/v1/things/{id}"))
    assert [(c.pointer, c.level) for c in changes] == [("/paths/~1v1~1things~1{id}/get", "breaking")]
    assert "operation get_thing (GET /v1/things/{id}) removed" in changes[0].detail


def test_a_removed_enum_value_is_breaking() -> None:
    changes = _changes(lambda d: _schemas(d)["Kind"]["enum"].remove("b"))
    assert [(c.pointer, c.level) for c in changes] == [("/components/schemas/Kind/enum", "breaking")]
    assert 'enum value "b" removed' in changes[0].detail


def test_a_removed_definition_is_breaking() -> None:
    changes = _changes(lambda d: _schemas(d).pop("Level"))
    assert [(c.pointer, c.level) for c in changes] == [("/components/schemas/Level", "breaking")]


@pytest.mark.parametrize(
    ("prop", "keyword", "value"),
    [
        ("count", "maximum", 99),
        ("count", "minimum", 1),
        ("id", "maxLength", 32),
        ("id", "minLength", 2),
        ("tags", "maxItems", 4),
        ("tags", "minItems", 1),
        ("count", "exclusiveMaximum", 50),
        ("note", "pattern", "^[a-z]*$"),
        ("id", "const", "x"),
    ],
)
def test_a_narrowed_request_value_is_breaking_and_a_narrowed_response_value_is_not(
    prop: str, keyword: str, value: Any
) -> None:
    def edit(schema: str) -> Any:
        return lambda d: _schemas(d)[schema]["properties"][prop].__setitem__(keyword, value)

    request = _changes(edit("Req"))
    assert [(c.pointer, c.level) for c in request] == [
        (f"/components/schemas/Req/properties/{prop}/{keyword}", "breaking")
    ]
    assert _levels(_changes(edit("Res"))) == {"additive"}


def test_a_type_removed_from_a_union_is_breaking_in_a_request() -> None:
    changes = _changes(lambda d: _schemas(d)["Req"]["properties"]["note"].__setitem__("type", "string"))
    assert [(c.pointer, c.level, c.detail) for c in changes] == [
        ("/components/schemas/Req/properties/note/type", "breaking", "type null removed (request)")
    ]


def test_a_changed_pattern_is_breaking_in_both_directions() -> None:
    base = _base()
    for schema in ("Req", "Res"):
        _schemas(base)[schema]["properties"]["id"]["pattern"] = "^[a-z]+$"
    for schema in ("Req", "Res"):
        changes = _changes(
            lambda d, s=schema: _schemas(d)[s]["properties"]["id"].__setitem__("pattern", "^[0-9]+$"), base
        )
        assert _levels(changes) == {"breaking"}, schema


def test_a_newly_required_request_field_is_breaking() -> None:
    changes = _changes(lambda d: _schemas(d)["Req"]["required"].append("count"))
    assert [(c.pointer, c.level, c.detail) for c in changes] == [
        ("/components/schemas/Req/required", "breaking", "property count became required (request)")
    ]


@pytest.mark.parametrize("schema", ["Req", "Res"])
def test_a_new_required_property_is_breaking(schema: str) -> None:
    def edit(d: dict[str, Any]) -> None:
        _schemas(d)[schema]["properties"]["extra"] = {"type": "string"}
        _schemas(d)[schema]["required"].append("extra")

    changes = _changes(edit)
    assert [(c.pointer, c.level) for c in changes] == [(f"/components/schemas/{schema}/properties/extra", "breaking")]


def test_a_response_field_that_became_optional_is_breaking() -> None:
    changes = _changes(lambda d: _schemas(d)["Res"]["required"].remove("id"))
    assert [(c.level, c.detail) for c in changes] == [("breaking", "property id became optional (response)")]
    assert _levels(_changes(lambda d: _schemas(d)["Req"]["required"].remove("id"))) == {"additive"}


def test_a_changed_path_method_or_operation_id_is_breaking() -> None:
    def move(d: dict[str, Any]) -> None:
        d["paths"]["/v2/things"] = d["paths"].pop("/v1/things")

    def method(d: dict[str, Any]) -> None:
        d["paths"]["/v1/things"]["put"] = d["paths"]["/v1/things"].pop("post")

    def rename(d: dict[str, Any]) -> None:
        d["paths"]["/v1/things"]["post"]["operationId"] = "make_thing"

    moved = _changes(move)
    assert [(c.pointer, c.level) for c in moved] == [("/paths/~1v1~1things/post", "breaking")]
    assert "moved from POST /v1/things to POST /v2/things" in moved[0].detail
    assert "moved from POST /v1/things to PUT /v1/things" in _changes(method)[0].detail
    renamed = _changes(rename)
    assert [(c.pointer, c.level) for c in renamed] == [("/paths/~1v1~1things/post/operationId", "breaking")]


def test_operation_level_breaks() -> None:
    op = ("paths", "/v1/things", "post")

    def get(d: dict[str, Any]) -> Any:
        return d[op[0]][op[1]][op[2]]

    cases = {
        "parameter removed": lambda d: get(d)["parameters"].clear(),
        "parameter became required": lambda d: get(d)["parameters"][0].__setitem__("required", True),
        "required parameter added": lambda d: get(d)["parameters"].append(
            {"name": "x", "in": "header", "required": True, "schema": {"type": "string"}}
        ),
        "parameter narrowed": lambda d: get(d)["parameters"][0]["schema"].__setitem__("const", True),
        "response removed": lambda d: get(d)["responses"].pop("404"),
        "request body removed": lambda d: get(d).pop("requestBody"),
        "reference changed": lambda d: get(d)["responses"]["200"]["content"]["application/json"].__setitem__(
            "schema", _ref("Req")
        ),
    }
    for name, edit in cases.items():
        assert _levels(_changes(edit)) == {"breaking"}, name


def test_a_wider_allof_is_narrower() -> None:
    base = _base()
    _schemas(base)["Both"] = {"allOf": [_ref("Kind")]}
    _schemas(base)["Req"]["properties"]["both"] = _ref("Both")
    changes = _changes(lambda d: _schemas(d)["Both"]["allOf"].append(_ref("Level")), base)
    assert _levels(changes) == {"breaking"}


# ------------------------------------------------------------------------ passing


def test_additive_changes_pass() -> None:
    def edit(d: dict[str, Any]) -> None:
        for schema in ("Req", "Res"):
            _schemas(d)[schema]["properties"]["reason"] = {"type": "string", "enum": ["x", "y"], "description": "new"}
        _schemas(d)["Mode"]["enum"].append("turbo")  # an enum only clients send
        _schemas(d)["Req"]["properties"]["count"]["maximum"] = 1000  # a request accepts more
        _schemas(d)["Req"]["properties"]["id"].pop("minLength")
        _schemas(d)["Req"]["required"].remove("id")
        _schemas(d)["Res"]["properties"]["count"]["maximum"] = 10  # a response sends less
        _schemas(d)["Res"]["properties"]["id"]["description"] = "A reworded description."
        _schemas(d)["New"] = {"type": "object", "properties": {}, "additionalProperties": False}
        d["paths"]["/v1/things"]["post"]["parameters"].append(
            {"name": "trace", "in": "query", "required": False, "schema": {"type": "boolean"}}
        )
        d["paths"]["/v1/things"]["post"]["responses"]["409"] = {"description": "conflict"}
        d["paths"]["/v1/new"] = {"post": {"operationId": "new_thing", "responses": {"204": {"description": "done"}}}}

    changes = _changes(edit, _res_only_level(_base()))
    assert changes and _levels(changes) == {"additive"}, [c.line() for c in changes]
    lines = [c.line() for c in changes]
    assert "additive  /components/schemas/Res/properties/reason: optional property reason added (response)" in lines
    assert "additive  /paths/~1v1~1new/post: operation new_thing (POST /v1/new) added (request/response)" in lines


def test_a_new_value_in_a_response_enum_is_a_warning_not_a_break() -> None:
    changes = _changes(lambda d: _schemas(d)["Level"]["enum"].append("critical"), _res_only_level(_base()))
    assert [(c.pointer, c.level) for c in changes] == [("/components/schemas/Level/enum", "warning")]
    # An enum both sides use: still only a warning (the request side accepts more).
    assert _levels(_changes(lambda d: _schemas(d)["Kind"]["enum"].append("c"))) == {"warning"}


def test_a_wider_response_bound_is_a_warning() -> None:
    changes = _changes(lambda d: _schemas(d)["Res"]["properties"]["id"].__setitem__("maxLength", 128))
    assert _levels(changes) == {"warning"}


# ------------------------------------------------------------------------ command line


def test_schemas_have_no_breaking_change_against_the_last_release() -> None:
    baseline = cd.latest_baseline()
    assert baseline is not None, "no recorded baseline in codegen/baseline/"
    old = json.loads(baseline.read_text(encoding="utf-8"))
    breaking = [c.line() for c in cd.compare(old, cd.current_contract()) if c.level == "breaking"]
    assert breaking == []


def test_the_check_prints_each_break_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    baseline = cd.current_contract()
    baseline["components"]["schemas"]["PrepareContextRequest"]["properties"]["top_k"] = {"type": "integer"}
    path = tmp_path / "openapi-0.0.9.json"
    path.write_text(json.dumps(baseline), encoding="utf-8")
    assert cd.main(["--baseline", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        "breaking  /components/schemas/PrepareContextRequest/properties/top_k: property top_k removed (request)"
    ]
    assert "1 breaking change(s)" in err
    path.write_text(json.dumps(cd.current_contract()), encoding="utf-8")
    assert cd.main(["--baseline", str(path)]) == 0
    assert capsys.readouterr().out.startswith("no breaking change in schemas/")


def test_record_never_rewrites_a_release(tmp_path: Path) -> None:
    version = cd.project_version()
    assert cd.record(tmp_path) == 0
    recorded = tmp_path / f"openapi-{version}.json"
    assert json.loads(recorded.read_text(encoding="utf-8")) == cd.current_contract()
    assert cd.record(tmp_path) == 0  # the same contract: nothing to do
    recorded.write_text("{}\n", encoding="utf-8")
    assert cd.record(tmp_path) == 1
    assert recorded.read_text(encoding="utf-8") == "{}\n"


def test_record_keeps_the_releases_validators_and_never_rewrites_them(tmp_path: Path) -> None:
    version = cd.project_version()
    assert cd.record(tmp_path) == 0
    kept = tmp_path / f"validators-{version}"
    assert (kept / "pcreceipt_host_validators.py").read_bytes() == (
        cd.ROOT / "generated" / "python" / "pcreceipt_host_validators.py"
    ).read_bytes()
    assert (kept / "contract" / "dist" / "index.js").read_bytes() == (
        cd.ROOT / "generated" / "ts" / "dist" / "index.js"
    ).read_bytes()
    assert cd.record(tmp_path) == 0  # the same validators: nothing to do
    (kept / "contract" / "dist" / "index.js").write_text("// edited\n", encoding="utf-8")
    assert cd.record(tmp_path) == 1
    assert (kept / "contract" / "dist" / "index.js").read_text(encoding="utf-8") == "// edited\n"
    # a generated package of another version is not recorded as this release's
    other = tmp_path / "generated"
    (other / "python").mkdir(parents=True)
    (other / "ts").mkdir()
    (other / "ts" / "package.json").write_text('{"version": "0.0.1"}', encoding="utf-8")
    assert cd.record_validators(version, tmp_path / "elsewhere", other) == 1
    assert not (tmp_path / "elsewhere").exists()


def test_the_newest_baseline_is_the_last_release(tmp_path: Path) -> None:
    for name in ("openapi-0.9.0.json", "openapi-0.10.0.json", "openapi-0.2.1.json", "notes.json"):
        (tmp_path / name).write_text("{}", encoding="utf-8")
    newest = cd.latest_baseline(tmp_path)
    assert newest is not None and newest.name == "openapi-0.10.0.json"


def test_the_release_is_one_version_everywhere() -> None:
    """pyproject's version is the one the package, the banner and MCP's serverInfo state
    (pcreceipt.__version__) and the generated TypeScript package's; the contract is info.version."""
    import pcreceipt

    version = cd.project_version()
    assert pcreceipt.__version__ == version
    package = json.loads((cd.ROOT / "generated" / "ts" / "package.json").read_text(encoding="utf-8"))
    assert package["version"] == version
    kit = (cd.ROOT / "generated" / "python" / "pcreceipt_host_validators.py").read_text(encoding="utf-8")
    assert f'CONTRACT_VERSION = "{cd.current_contract()["info"]["version"]}"' in kit.splitlines()
