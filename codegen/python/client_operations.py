"""Render ``pcreceipt._gen.client_operations``: the client's operation methods, from the OpenAPI document.

One ``async`` method per operation, named by its ``operationId``, with the operation's own
arguments and the generated model it answers:

- path parameters are positional, in path order; query parameters keyword-only (required or
  ``None`` by default; an array one is a sequence of strings, sent repeated);
- ``If-Match`` is the keyword ``expected_etag`` (required), ``If-None-Match`` the keyword
  ``if_none_match`` (optional; a 304 then answers ``None``);
- the request body is ``request``: the generated model or any mapping; optional (``{}``) when the
  body's schema requires no property;
- a success response that declares an ``ETag`` header answers ``Versioned[Model]`` (with the
  ``Location`` when it declares one too); a non-2xx response declared with the success model (a
  readiness 503) is an answer, not an error; a model that is a union of other models answers the
  branch itself.

The methods call four abstract ones (``_call``, ``_versioned``, ``_required``, ``_call_or_text``) that the
hand-written transport (``pcreceipt.client.AsyncClient``) implements.
"""

from __future__ import annotations

import keyword
import re
from typing import Any

PYTHON_TYPES = {"integer": "int", "number": "float", "boolean": "bool", "string": "str"}


def _resolve(api: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        section, name = node["$ref"].split("/")[-2:]
        node = api["components"][section][name]
    return node


def _name(text: str) -> str:
    name = re.sub(r"\W", "_", text)
    return f"{name}_" if keyword.iskeyword(name) else name


def _param_type(api: dict[str, Any], schema: dict[str, Any]) -> str:
    schema = _resolve(api, schema)
    if schema.get("type") == "array":
        return "Sequence[str]"
    return PYTHON_TYPES.get(schema.get("type", "string"), "str")


def _model(content: dict[str, Any] | None) -> str | None:
    if not content or "$ref" not in content.get("schema", {}):
        return None
    return str(content["schema"]["$ref"]).rsplit("/", 1)[-1]


def _branches(api: dict[str, Any], model: str) -> list[str] | None:
    """The models a union model is made of (referenced, or inline with a title), or None when it
    is not a union of models."""
    schema = api["components"]["schemas"][model]
    options = schema.get("oneOf") or schema.get("anyOf")
    if not options or not all("$ref" in option or "title" in option for option in options):
        return None
    return [str(option["$ref"]).rsplit("/", 1)[-1] if "$ref" in option else option["title"] for option in options]


def _request_types(api: dict[str, Any], model: str, models: set[str]) -> list[str] | None:
    """The generated classes a request body may be: its model, or the branches of a union
    (datamodel-codegen writes no class for a union it collapsed)."""
    if model in models:
        return [model]
    branches = _branches(api, model)
    return branches if branches and set(branches) <= models else None


def _docstring(op: dict[str, Any]) -> str:
    text = " ".join(str(op.get("summary") or op.get("description") or op["operationId"]).split())
    return text.replace("\\", "\\\\").replace('"""', "'''")


def _method(api: dict[str, Any], path: str, op: dict[str, Any], models: set[str]) -> tuple[list[str], set[str]]:
    """The lines of one method and the model names it uses."""
    operation_id = op["operationId"]
    used: set[str] = set()
    positional: list[str] = []
    keywords: list[str] = []
    path_args: list[str] = []
    query_args: list[str] = []
    headers: list[str] = []
    # path parameters in path order (the sort is stable: the others keep the document's order)
    params = [_resolve(api, p) for p in op.get("parameters", [])]
    params.sort(key=lambda p: path.index("{" + p["name"] + "}") if p["in"] == "path" else len(path))
    for param in params:
        name, location = param["name"], param["in"]
        if location == "path":
            arg = _name(name)
            positional.append(f"{arg}: {_param_type(api, param['schema'])}")
            path_args.append(f'"{name}": {arg}')
        elif location == "query":
            arg = _name(name)
            kind = _param_type(api, param["schema"])
            keywords.append(f"{arg}: {kind}" if param.get("required") else f"{arg}: {kind} | None = None")
            query_args.append(f'"{name}": {arg}')
        elif name == "If-Match":
            keywords.insert(0, "expected_etag: str")
            headers.append('"If-Match": expected_etag')
        elif name == "If-None-Match":
            keywords.append("if_none_match: str | None = None")
        else:
            raise SystemExit(f"{operation_id}: no client argument for the header parameter {name!r}")

    body = op.get("requestBody")
    body_arg = None
    if body:
        request_model = _model(body["content"]["application/json"])
        types = _request_types(api, request_model, models) if request_model else None
        if types is None:
            raise SystemExit(f"{operation_id}: the request body is not a generated model")
        used.update(types)
        optional = not _resolve(api, body["content"]["application/json"]["schema"]).get("required")
        kind = " | ".join([*types, "Mapping[str, Any]"])
        positional.append(f"request: {kind} | None = None" if optional else f"request: {kind}")
        body_arg = "{} if request is None else request" if optional else "request"

    successes = {s: r for s, r in op["responses"].items() if s.startswith("2")}
    success_models = {_model(r.get("content", {}).get("application/json")) for r in successes.values()}
    if len(successes) != 1 and len(success_models) != 1:  # several 2xx answer one model (create_dream_run)
        raise SystemExit(f"{operation_id}: the client expects one success model, not {sorted(successes)}")
    success = successes[min(successes)]
    model = _model(success.get("content", {}).get("application/json"))
    if model is None or model not in models:
        raise SystemExit(f"{operation_id}: the success response is not a generated model")
    used.add(model)
    answers = sorted(
        int(s)
        for s, r in op["responses"].items()
        if (s[0] in "345" or (s[0] == "2" and s != min(successes)))
        and _model(r.get("content", {}).get("application/json")) == model
    )
    conditional = "If-None-Match" in {_resolve(api, p)["name"] for p in op.get("parameters", [])}
    if conditional:
        answers.append(304)
        headers.append('**({"If-None-Match": if_none_match} if if_none_match is not None else {})')

    send = []
    if path_args:
        send.append(f"path={{{', '.join(path_args)}}}")
    if query_args:
        send.append(f"query={{{', '.join(query_args)}}}")
    if headers:
        send.append(f"headers={{{', '.join(headers)}}}")
    if body_arg:
        send.append(f"body={body_arg}")
    if answers:
        send.append(f"also=frozenset({{{', '.join(map(str, answers))}}})")
    call_args = ", ".join([f'"{operation_id}"', model, *send])

    versioned = "ETag" in success.get("headers", {})
    branches = _branches(api, model)
    documents = sorted(set(success.get("content", {})) - {"application/json"})
    if documents and (versioned or branches):
        raise SystemExit(f"{operation_id}: a success answered as {documents} must be one plain model")
    if documents:  # the answer is the model, or a document (its text) as another media type or a download
        returns, body_line = f"{model} | str", f"return await self._call_or_text({call_args})"
    elif versioned and conditional:
        returns, body_line = f"Versioned[{model}] | None", f"return await self._versioned({call_args})"
    elif versioned:
        returns, body_line = f"Versioned[{model}]", f"return await self._required({call_args})"
    elif branches:
        used.update(branches)
        returns, body_line = " | ".join(branches), f"return (await self._call({call_args})).root"
    else:
        returns, body_line = model, f"return await self._call({call_args})"

    def signature(options: list[str], answer: str, tail: str) -> str:
        args = ["self", *positional, *(["*", *options] if options else [])]
        return f"    async def {operation_id}({', '.join(args)}) -> {answer}:{tail}"

    lines = []
    if versioned and conditional:  # without if_none_match there is no 304, so no None
        plain = [k if not k.startswith("if_none_match") else "if_none_match: None = None" for k in keywords]
        given = [k if not k.startswith("if_none_match") else "if_none_match: str" for k in keywords]
        lines += ["    @overload", signature(plain, f"Versioned[{model}]", " ..."), ""]
        lines += ["    @overload", signature(given, returns, " ..."), ""]
    lines += [signature(keywords, returns, ""), f'        """{_docstring(op)}"""', f"        {body_line}", ""]
    return lines, used


def render_client_operations_py(api: dict[str, Any], models: set[str], header: str) -> str:
    """The module's text; ``models`` are the class names of the generated models module."""
    methods: list[str] = []
    used: set[str] = set()
    for path, item in api["paths"].items():
        for method in ("get", "put", "post", "delete", "patch"):
            if method in item:
                lines, names = _method(api, path, item[method], models)
                methods += lines
                used |= names
    imports = [f"    {name}," for name in sorted(used)]
    head = [
        header.rstrip("\n"),
        "",
        '"""The client\'s operation methods, one per operation of the OpenAPI document."""',
        "",
        "from __future__ import annotations",
        "",
        "from abc import ABC, abstractmethod",
        "from collections.abc import Mapping, Sequence",
        "from dataclasses import dataclass",
        "from typing import Any, Generic, TypeVar, overload",
        "",
        "from pydantic import BaseModel",
        "",
        "from pcreceipt._gen.models import (",
        *imports,
        ")",
        "",
        'M = TypeVar("M", bound=BaseModel)',
        "",
        "",
        "@dataclass(frozen=True, slots=True)",
        "class Versioned(Generic[M]):",
        '    """A response model with the ETag of what it shows (and, on create, the new head\'s Location)."""',
        "",
        "    value: M",
        "    etag: str",
        "    location: str | None = None",
        "",
        "",
        "class OperationMethods(ABC):",
        '    """One method per operation; a transport implements the four abstract ones."""',
        "",
        "    @abstractmethod",
        "    async def _call(self, operation_id: str, model: type[M], **send: Any) -> M:",
        '        """Send the operation; its response parsed into ``model``."""',
        "",
        "    @abstractmethod",
        "    async def _versioned(self, operation_id: str, model: type[M], **send: Any) -> Versioned[M] | None:",
        '        """Send the operation; its response with its ETag, or None for a 304."""',
        "",
        "    @abstractmethod",
        "    async def _required(self, operation_id: str, model: type[M], **send: Any) -> Versioned[M]:",
        '        """Send the operation; its response with its ETag."""',
        "",
        "    @abstractmethod",
        "    async def _call_or_text(self, operation_id: str, model: type[M], **send: Any) -> M | str:",
        '        """Send the operation; its JSON response parsed into ``model``, or the text of a document answer."""',
        "",
    ]
    return "\n".join(head + methods).rstrip("\n") + "\n"


def render_request_aliases(api: dict[str, Any], defined: set[str]) -> str:
    """Aliases for the request bodies datamodel-codegen wrote no class for (a collapsed union),
    appended to a generated module whose classes are ``defined``: every operation's request model
    is then a name there (``CreateArtifactRequest: TypeAlias = CreateAtomicMemoryRequest | ...``)."""
    lines: list[str] = []
    for item in api["paths"].values():
        for op in item.values():
            body = op.get("requestBody") if isinstance(op, dict) else None
            model = _model(body["content"]["application/json"]) if body else None
            if model is None or model in defined:
                continue
            types = _request_types(api, model, defined)
            if types is None:
                raise SystemExit(
                    f"{op['operationId']}: the request body {model} is neither a class nor a union of them"
                )
            lines += [
                "",
                "",
                f"{model}: TypeAlias = {' | '.join(types)}",
                f'"""{_docstring({"operationId": model, **api["components"]["schemas"][model]})}"""',
            ]
            defined = defined | {model}
    return "\n".join(lines) + ("\n" if lines else "")
