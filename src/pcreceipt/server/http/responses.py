"""Responses: one serialisation (``digests.wire_dumps``), one error envelope, and the response
definition the OpenAPI document declares for each operation and status."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from starlette.responses import Response

from pcreceipt.contract import gate
from pcreceipt.contract.digests import wire_bytes
from pcreceipt.errors import ApiError
from pcreceipt.models import Operation
from pcreceipt.prepare.reply import Prepared
from pcreceipt.server.http.exchange import Reply

JSON = "application/json"


def json_response(status: int, body: Any, headers: Mapping[str, str] | None = None) -> Response:
    return Response(wire_bytes(body), status_code=status, media_type=JSON, headers=dict(headers or {}))


def error_response(error: ApiError) -> Response:
    return json_response(error.status, error.envelope(), error.headers)


def reply_response(reply: Reply) -> Response:
    if reply.body is None:
        return Response(status_code=reply.status, headers=dict(reply.headers))
    if reply.media_type is not None:  # a document: its text as it is
        body = reply.body.encode("utf-8") if isinstance(reply.body, str) else bytes(reply.body)
        return Response(body, status_code=reply.status, media_type=reply.media_type, headers=dict(reply.headers))
    if isinstance(reply.body, Prepared):  # its Receipt is serialised already
        return Response(reply.body.wire(), status_code=reply.status, media_type=JSON, headers=dict(reply.headers))
    return json_response(reply.status, reply.body, reply.headers)


def declared_response(operation: Operation, status: int) -> Mapping[str, Any] | None:
    document = gate.openapi_document()
    response: Mapping[str, Any] | None = document["paths"][operation.path][operation.method.lower()]["responses"].get(
        str(status)
    )
    if response is not None and "$ref" in response:
        response = document["components"]["responses"][str(response["$ref"]).rsplit("/", 1)[-1]]
    return response


@cache
def response_definition(operation: Operation, status: int) -> str | None:
    """The contract definition the OpenAPI document declares for ``operation``'s ``status`` reply."""
    response = declared_response(operation, status)
    schema = (response or {}).get("content", {}).get(JSON, {}).get("schema", {})
    ref = schema.get("$ref")
    return str(ref).rsplit("/", 1)[-1] if ref else None
